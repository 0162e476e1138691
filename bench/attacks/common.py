"""Shared helpers of the attack scripts: start `delve serve` on a free loopback port with a
temporary database, plain HTTP over sockets, the server's RSS from /proc. Python 3 stdlib only.

DELVE_BIN (or DELVE) picks the binary (default: target/release/delve, else target/debug/delve).
Every attack script's server comes from `Server` here; `common_data` and `harness` add the
calls their scripts share."""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary():
    for var in ("DELVE_BIN", "DELVE"):
        if os.environ.get(var):
            return os.environ[var]
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, "target", kind, "delve")
        if os.path.exists(path):
            return path
    sys.exit("no delve binary: cargo build -p delve (or set DELVE_BIN)")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`delve serve` on 127.0.0.1:<free port> with a temporary SQLite database."""

    def __init__(self, *flags):
        self.dir = tempfile.TemporaryDirectory(prefix="delve-attack-")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.db = os.path.join(self.dir.name, "attack.db")
        self.proc = subprocess.Popen(
            [binary(), "serve", "--bind", f"127.0.0.1:{self.port}", "--db", self.db, *flags],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=self.dir.name)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        sys.exit("the server did not start")

    def rss_mb(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.dir.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def request(base, method, path, body=None, token=None, headers=None, timeout=10):
    """One request on a new connection; returns (status, headers, parsed JSON or text)."""
    data = None
    hdrs = dict(headers or {})
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        hdrs.setdefault("Content-Type", "application/json")
    if token:
        hdrs["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=data, method=method, headers=hdrs)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status, h, raw = resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as e:
        status, h, raw = e.code, e.headers, e.read()
    try:
        return status, h, json.loads(raw)
    except ValueError:
        return status, h, raw.decode(errors="replace")


def verdict(name, held, detail):
    print(f"{name}: {'held' if held else 'broke'} ({detail})")
    return 0 if held else 1
