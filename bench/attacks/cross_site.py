#!/usr/bin/env python3
"""Issue 18 item 9: what a page on another site (or a DNS-rebinding name) can make a browser
send. Held: text/plain and form POSTs refused (415), foreign Host and Origin refused (403),
token-carrying answers `Cache-Control: no-store`, the live stream works without the token in
the URL. Bounded: a dozen requests, loopback only."""

import base64
import json
import os
import socket
import sys
from common import Server, request, verdict

def ws_first_message(port, table, token):
    """Opens the live stream without a token in the URL, sends it first; returns the first
    server message's type."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /api/tables/{table}/live?after=0 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: delve\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(4096)
    if b" 101 " not in head.split(b"\r\n")[0]:
        return "refused " + head.split(b"\r\n")[0].decode()
    rest = head.split(b"\r\n\r\n", 1)[1]
    payload = json.dumps({"type": "auth", "token": token}).encode()
    mask = os.urandom(4)
    frame = bytes([0x81, 0x80 | 126]) + len(payload).to_bytes(2, "big") + mask + \
        bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    s.sendall(frame)
    buf = rest
    while len(buf) < 4:
        buf += s.recv(4096)
    n = buf[1] & 0x7F
    off = 2
    if n == 126:
        n, off = int.from_bytes(buf[2:4], "big"), 4
    elif n == 127:
        while len(buf) < 10:
            buf += s.recv(4096)
        n, off = int.from_bytes(buf[2:10], "big"), 10
    while len(buf) < off + n:
        buf += s.recv(65536)
    s.close()
    return json.loads(buf[off:off + n])["type"]

def main():
    with Server() as srv:
        body = json.dumps({"ruleset": "demo", "name": "x"}).encode()
        plain = request(srv.base, "POST", "/api/tables", body, headers={"Content-Type": "text/plain"})[0]
        form = request(srv.base, "POST", "/api/tables", body,
                       headers={"Content-Type": "application/x-www-form-urlencoded"})[0]
        rebind = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"},
                         headers={"Host": f"rebind.attacker.example:{srv.port}"})[0]
        origin = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"},
                         headers={"Origin": "http://attacker.example"})[0]
        s, h, t = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"})
        no_store = h.get("Cache-Control") == "no-store"
        first = ws_first_message(srv.port, t["id"], t["referee_token"]) if s == 201 else "no table"
        held = (plain, form, rebind, origin, no_store, first) == (415, 415, 403, 403, True, "event")
        return verdict("cross-site", held,
                       f"text/plain {plain}, form {form}, foreign Host {rebind}, foreign Origin {origin}, "
                       f"no-store {no_store}, live with token in first message -> {first}")

sys.exit(main())
