#!/usr/bin/env python3
"""Issue 18 item 1: brick a table for good with a roll too deep to read back, or a deeply
nested config at creation. Held: both refused (4xx naming the limit) and the table still
answers its view, log and export; broke: anything stored that makes the table answer 5xx."""

import sys
from common_data import Server, player, verdict

srv = Server()
try:
    table, referee = srv.table("demo")
    srv.command(table, referee, {"rules": {"create": {"character": "c1"}}})
    alice = player(srv, table, referee, "alice", "c1")
    deep = "1d6" + "+1" * 400
    s_roll, roll = srv.command(table, alice, {"rules": {"roll": {"character": "c1", "dice": deep}}})
    # A config nested deeper than MAX_JSON_DEPTH (100) but within what the body parser reads (128).
    config = {}
    for _ in range(110):
        config = {"a": config}
    s_cfg, cfg = srv.call("POST", "/api/tables", {"ruleset": "demo", "name": "deep", "config": config})
    after = [
        srv.call("GET", f"/api/tables/{table}/view", token=referee)[0],
        srv.call("GET", f"/api/tables/{table}/log?after=0&limit=100", token=referee)[0],
        srv.call("GET", f"/api/tables/{table}/export", token=referee)[0],
        srv.command(table, alice, {"rules": {"roll": {"character": "c1", "dice": "1d6"}}})[0],
    ]
    print(f"roll of 401 terms: {s_roll} {roll}")
    print(f"config 110 deep: {s_cfg} {str(cfg)[:200]}")
    print(f"view/log/export/next command after: {after}")
    print(f"rss_kb={srv.rss_kb()} largest_response_bytes={srv.largest}")
    held = 400 <= s_roll < 500 and 400 <= s_cfg < 500 and all(s in (200, 201) for s in after)
    sys.exit(verdict(held, "deep roll and deep config refused, table alive" if held else "table bricked or deep JSON accepted"))
finally:
    srv.stop()
