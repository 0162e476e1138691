"""Shared by the data-side attack scripts (brick_table, predict_dice, log_flood, forge_export): start `delve serve` on a free loopback port with a temporary
database, talk to it over HTTP, measure its memory (RSS) and the largest response.

The binary is $DELVE_BIN, else target/release/delve, else target/debug/delve (build one with
`cargo build -p delve`). Loopback only; every script is bounded in count and time."""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import common

delve_bin = common.binary


class Server(common.Server):
    """`common.Server` plus the calls the data-side scripts make; remembers the largest
    response it received."""

    def __init__(self):
        self.largest = 0
        super().__init__()
        self.tmp = self.dir.name

    def call(self, method, path, body=None, token=None, raw=None, timeout=60):
        """Returns (status, parsed JSON or text)."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                status, text = r.status, r.read()
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read()
        self.largest = max(self.largest, len(text))
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text.decode("utf-8", "replace")

    def rss_kb(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def table(self, ruleset="demo", config=None):
        body = {"ruleset": ruleset, "name": "attack"}
        if config is not None:
            body["config"] = config
        status, v = self.call("POST", "/api/tables", body)
        assert status == 201, (status, v)
        return v["id"], v["referee_token"]

    def command(self, table, token, cmd):
        return self.call("POST", f"/api/tables/{table}/commands", cmd, token)


def verdict(held, detail):
    print(("held" if held else "broke") + ": " + detail)
    return 0 if held else 1


def player(srv, table, referee, name, character):
    """Invites and joins as `name`, bound to `character`; returns the player token."""
    s, inv = srv.call("POST", f"/api/tables/{table}/invites", {"character": character}, referee)
    assert s == 201, (s, inv)
    s, joined = srv.call("POST", "/api/join", {"invite": inv["invite"], "name": name})
    assert s == 201, (s, joined)
    return joined["player_token"]
