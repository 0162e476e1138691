#!/usr/bin/env python3
"""Issue 18 item 3: predict a server table's next roll. The Referee's view of a table whose
dice derive from (seed, sequence) shows the seed; an offline replica made with
`delve table new --seed S` and the same commands rolls the same faces first. 10 rolls of
1d1000000 are predicted, then made on the server. Held: at most 1 of 10 predicted (chance is
1 in a million per roll); broke: more."""

import json
import subprocess
import sys
import os
from common_data import Server, delve_bin, verdict

ROLLS = 10
srv = Server()
try:
    table, referee = srv.table("demo")
    _, view = srv.call("GET", f"/api/tables/{table}/view", token=referee)
    seed = view.get("seed")
    print(f"seed shown to the Referee: {seed!r}; dice: {view.get('dice')!r}")
    db = os.path.join(srv.tmp, "replica.db")

    def cli(*args):
        out = subprocess.run([delve_bin(), "table", *args, "--db", db], capture_output=True, text=True, timeout=60)
        return out.stdout.strip()

    replica = cli("new", "--ruleset", "demo", "--name", "replica", "--seed", str(seed if seed is not None else 0))
    create = {"rules": {"create": {"character": "c1"}}}
    srv.command(table, referee, create)
    cli("command", replica, "--as", "referee", json.dumps(create))
    roll = {"rules": {"roll": {"character": "c1", "dice": "1d1000000"}}}
    hits = 0
    for _ in range(ROLLS):
        predicted = None
        for line in cli("command", replica, "--as", "referee", json.dumps(roll)).splitlines():
            ev = json.loads(line)
            body = ev.get("event", ev).get("body", ev.get("event", {}))
            if isinstance(body, dict) and body.get("type") == "rolled":
                predicted = body["result"]["total"]
        s, events = srv.command(table, referee, roll)
        actual = None
        for ev in events.get("events", []) if isinstance(events, dict) else []:
            body = ev.get("body") or ev.get("event", {}).get("body") or {}
            if body.get("type") == "rolled":
                actual = body["result"]["total"]
        hits += predicted is not None and predicted == actual
        print(f"predicted {predicted} actual {actual}")
    print(f"rss_kb={srv.rss_kb()} largest_response_bytes={srv.largest}")
    sys.exit(verdict(hits <= 1, f"{hits}/{ROLLS} rolls predicted"))
finally:
    srv.stop()
