#!/usr/bin/env python3
"""Issue 18 item 10: forge an export. Edit a stored dice total in a table's export, recompute
the (unkeyed) SHA-256 chain, strip or keep the signature, and import it into the same server.
Held: every forged file refused (and an unsigned one taken only with accept_unsigned)."""

import hashlib
import json
import sys
from common_data import Server, verdict


def rechain(text):
    lines = text.rstrip("\n").split("\n")
    header, rest = lines[0], lines[1:]
    prev = hashlib.sha256(header.encode()).digest()
    out = [header]
    for line in rest:
        if line.startswith('{"signature"'):
            out.append(line)
            continue
        head, event = line.split(',"event":', 1)
        event = event[:-1]
        prev = hashlib.sha256(prev + event.encode()).digest()
        seq = head.split(',"hash"')[0]
        out.append(f'{seq},"hash":"{prev.hex()}","event":{event}}}')
    return "\n".join(out) + "\n"


srv = Server()
try:
    table, referee = srv.table("demo")
    srv.command(table, referee, {"rules": {"create": {"character": "c1"}}})
    srv.command(table, referee, {"rules": {"add": {"character": "c1", "amount": 3}}})
    _, text = srv.call("GET", f"/api/tables/{table}/export", token=referee)
    forged = text.replace('"amount":3', '"amount":300', 1).replace(table, table[:-4] + "beef")
    assert forged != text
    kept_sig = rechain(forged)
    no_sig = rechain("\n".join(l for l in forged.rstrip("\n").split("\n") if not l.startswith('{"signature"')) + "\n")
    results = {}
    for name, body, query in [
        ("re-chained, signature kept", kept_sig, ""),
        ("re-chained, signature stripped", no_sig, ""),
        ("re-chained, signature kept, accept_unsigned", kept_sig, "?accept_unsigned=true"),
    ]:
        s, v = srv.call("POST", "/api/tables/import" + query, raw=body.encode())
        results[name] = s
        print(f"{name}: {s} {str(v)[:150]}")
    s_open, _ = srv.call("POST", "/api/tables/import?accept_unsigned=true", raw=no_sig.encode())
    print(f"re-chained, signature stripped, accept_unsigned (explicitly untrusted): {s_open}")
    print(f"rss_kb={srv.rss_kb()} largest_response_bytes={srv.largest}")
    held = all(400 <= s < 500 for s in results.values())
    sys.exit(verdict(held, f"forged imports: {results}"))
finally:
    srv.stop()
