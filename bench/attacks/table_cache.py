#!/usr/bin/env python3
"""Issue 18 item 6: touching many tables. Creates 3,000 tables (rate limits off for the
set-up), reads each one's view and log, then reports the server's RSS. Held: RSS grows by less
than 100 MB (loaded tables are capped, 256 by default, and idle ones leave memory); on main
3,000 touched tables kept 244 MB. Bounded: 3,000 tables, loopback only."""

import sys
from common import Server, request, verdict

TABLES = 3000

def main():
    with Server("--requests-per-second", "0", "--tables-per-minute", "0") as srv:
        rss0 = srv.rss_mb()
        for i in range(TABLES):
            s, _, t = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": f"t{i}"})
            if s != 201:
                return verdict("table cache", False, f"create answered {s}: {t}")
            for c in ("c1", "c2"):
                request(srv.base, "POST", f"/api/tables/{t['id']}/commands",
                        {"rules": {"create": {"character": c}}}, t["referee_token"])
            request(srv.base, "GET", f"/api/tables/{t['id']}/view", token=t["referee_token"])
            request(srv.base, "GET", f"/api/tables/{t['id']}/log?limit=100", token=t["referee_token"])
        rss1 = srv.rss_mb()
        return verdict(f"table cache ({TABLES} touched tables)", rss1 - rss0 < 100,
                       f"RSS {rss0:.1f} -> {rss1:.1f} MB")

sys.exit(main())
