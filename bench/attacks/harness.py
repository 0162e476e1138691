"""Shared harness of the identity attack scripts (issue 18, items 4, 5 and 8).

Starts its own `delve serve` on a free loopback port with a temporary SQLite database, talks to
it over HTTP only (loopback), and prints one `held` or `broke` line per attack. Bounded: every
request has a 5 s timeout, the server gets 60 s to start, and each script makes a fixed, small
number of requests. The binary is $DELVE, else target/release/delve, else target/debug/delve.
"""

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
    if os.environ.get("DELVE"):
        return os.environ["DELVE"]
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, "target", kind, "delve")
        if os.path.exists(path):
            return path
    sys.exit("no delve binary: build one (cargo build -p delve) or set DELVE=path")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self):
        self.dir = tempfile.TemporaryDirectory(prefix="delve-attack-")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [binary(), "serve", "--bind", f"127.0.0.1:{self.port}",
             "--db", os.path.join(self.dir.name, "delve.db")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=self.dir.name)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if self.get("/api/health")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.close()
        sys.exit("the server did not start within 60 s")

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.dir.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def request(self, method, path, token=None, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=5) as resp:
                return resp.status, json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as e:
            text = e.read()
            try:
                return e.code, json.loads(text)
            except ValueError:
                return e.code, {"message": text.decode(errors="replace")}

    def get(self, path, token=None):
        return self.request("GET", path, token)

    def post(self, path, token=None, body=None):
        return self.request("POST", path, token, {} if body is None else body)

    def table(self):
        """A demo table with characters c1, c2: (id, referee token)."""
        s, v = self.post("/api/tables", None, {"ruleset": "demo", "name": "Crypt"})
        assert s == 201, v
        for c in ("c1", "c2"):
            self.command(v["id"], v["referee_token"], {"rules": {"create": {"character": c}}})
        return v["id"], v["referee_token"]

    def command(self, table, token, cmd):
        return self.post(f"/api/tables/{table}/commands", token, cmd)

    def invite(self, table, referee, character=None):
        body = {"character": character} if character else {}
        s, v = self.post(f"/api/tables/{table}/invites", referee, body)
        assert s == 201, v
        return v

    def join(self, invite, name):
        return self.post("/api/join", None, {"invite": invite["invite"], "name": name})

    def player(self, table, referee, name, character=None):
        s, v = self.join(self.invite(table, referee, character), name)
        assert s == 201, v
        return v["player_token"]

    def participants(self, table, referee):
        s, v = self.get(f"/api/tables/{table}/view", referee)
        assert s == 200, v
        return v["view"]["participants"]


def report(name, held, detail=""):
    print(f"{'held' if held else 'broke'}  {name}" + (f"  ({detail})" if detail else ""))
    return held
