#!/usr/bin/env python3
"""Issue 18 item 6 (data side): grow a table's log and the server's memory with commands that
each store a lot — 400 rolls of 10000d1000000 by a player, then one long clock advance on a
table whose creature name is as long as the API takes. Held: the bytes a table's log gains
per hour stay bounded (MAX_ACTOR_BYTES_PER_HOUR per participant), refusals name their limit,
and no single response exceeds 8 MB. Prints RSS and the largest response."""

import os
import sys
import time
from common_data import Server, player, verdict

ROLLS = 400
srv = Server()
try:
    table, referee = srv.table("demo")
    srv.command(table, referee, {"rules": {"create": {"character": "c1"}}})
    alice = player(srv, table, referee, "alice", "c1")
    rss0 = srv.rss_kb()
    start = time.time()
    accepted = refused = 0
    limit_named = set()
    for _ in range(ROLLS):
        if time.time() - start > 240:
            break
        s, v = srv.command(table, alice, {"rules": {"roll": {"character": "c1", "dice": "10000d1000000"}}})
        if s in (200, 201):
            accepted += 1
        elif s == 429:
            time.sleep(0.1)
        else:
            refused += 1
            if isinstance(v, dict) and v.get("rule"):
                limit_named.add(v["rule"])
    db_bytes = sum(os.path.getsize(os.path.join(srv.tmp, f)) for f in os.listdir(srv.tmp))
    # One Referee command over a table with a long name: the clock advanced by 1,000 days.
    t2, ref2 = srv.table("crows")
    name = "N" * 60_000
    s_create, _ = srv.command(t2, ref2, {"rules": {"create_creature": {"id": "m", "name": name, "kind": "monster", "characteristics": {"agility": 0, "mind": 0, "strength": 0}, "stamina": 4}}})
    s_adv, adv = srv.command(t2, ref2, {"clock": {"advance": {"minutes": 1_440_000}}})
    print(f"rolls: {accepted} accepted, {refused} refused (limits named: {sorted(limit_named)})")
    print(f"database files: {db_bytes} bytes after the rolls")
    print(f"60 KB creature name: {s_create}; advance 1,440,000 minutes: {s_adv} {str(adv)[:160]}")
    rss1 = srv.rss_kb()
    print(f"rss_kb before={rss0} after={rss1} largest_response_bytes={srv.largest}")
    held = db_bytes < 64 * 1024 * 1024 and srv.largest < 8 * 1024 * 1024
    sys.exit(verdict(held, f"log {db_bytes} bytes, largest response {srv.largest} bytes"))
finally:
    srv.stop()
