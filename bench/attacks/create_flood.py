#!/usr/bin/env python3
"""Issue 18 item 6: unauthenticated table creation flood, and one token's commands spread over
new connections. Held: creation stops at the per-address burst (429 naming the limit), the
token's commands stop at its burst whatever the connection, and with --create-key nothing is
created without the key. Bounded: 300 creations, 200 commands, loopback only."""

import sys
import time
from common import Server, request, verdict

def main():
    code = 0
    with Server() as srv:
        rss0 = srv.rss_mb()
        t0 = time.time()
        statuses = [request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": f"t{i}"})[0]
                    for i in range(300)]
        created = statuses.count(201)
        limited = statuses.count(429)
        code |= verdict("create flood (300 tables, new connection each)", created <= 10 and limited >= 290,
                        f"{created} created, {limited} refused 429 in {time.time() - t0:.1f} s; "
                        f"RSS {rss0:.1f} -> {srv.rss_mb():.1f} MB")
    with Server("--requests-per-second", "0") as srv:
        s, _, t = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"})
        token, tid = t["referee_token"], t["id"]
        request(srv.base, "POST", f"/api/tables/{tid}/commands",
                {"rules": {"create": {"character": "c1"}}}, token)
        statuses = [request(srv.base, "POST", f"/api/tables/{tid}/commands",
                            {"rules": {"add": {"character": "c1", "amount": 1}}}, token)[0]
                    for _ in range(200)]
        ok = statuses.count(200)
        code |= verdict("one token's commands over 200 new connections", statuses.count(429) > 0,
                        f"{ok} accepted, {statuses.count(429)} refused 429")
    with Server("--create-key", "attack-test-key") as srv:
        s1 = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"})[0]
        s2 = request(srv.base, "POST", "/api/tables/import", b"{}",
                     headers={"Content-Type": "application/x-ndjson"})[0]
        s3 = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"},
                     headers={"X-Create-Key": "attack-test-key"})[0]
        code |= verdict("--create-key", s1 == 401 and s2 == 401 and s3 == 201,
                        f"without key: create {s1}, import {s2}; with key: {s3}")
    return code

sys.exit(main())
