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

import common


class Server(common.Server):
    """`common.Server` plus the calls the identity scripts make."""

    def close(self):
        self.stop()

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
