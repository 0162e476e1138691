#!/usr/bin/env python3
"""Issue 18 item 6 (second round): a forged X-Forwarded-For. Held: from a peer that is not a
trusted proxy (no --trusted-proxy, or one naming another address) the header is ignored, so
rotating it through 200 made-up addresses does not dodge the per-address limits; behind a
trusted proxy (--trusted-proxy 127.0.0.1) each forwarded client has its own allowance and a
client prepending made-up hops left of its own address stays limited. Bounded: 200 creations
and 200 requests per server, loopback only."""

import sys
from common import Server, request, verdict

CREATE = {"ruleset": "demo", "name": "spoof"}


def spoofed(i):
    return {"X-Forwarded-For": f"198.51.{i // 250}.{i % 250 + 1}"}


def flood(srv):
    created = [request(srv.base, "POST", "/api/tables", CREATE, headers=spoofed(i))[0]
               for i in range(200)]
    health = [request(srv.base, "GET", "/api/health", headers=spoofed(i))[0] for i in range(200)]
    return created, health


def main():
    code = 0
    limits = ("--requests-per-second", "1", "--tables-per-minute", "1")
    for label, flags in (("no --trusted-proxy", ()),
                         ("--trusted-proxy 10.9.9.9 (not the peer)", ("--trusted-proxy", "10.9.9.9"))):
        with Server(*limits, *flags) as srv:
            created, health = flood(srv)
            made = created.count(201)
            ok = health.count(200)
            code |= verdict(f"forged X-Forwarded-For, {label}",
                            made <= 10 and ok <= 100,
                            f"200 creations with 200 forged addresses: {made} created, "
                            f"{created.count(429)} refused 429; 200 requests: {ok} answered, "
                            f"{health.count(429)} refused 429")
    with Server(*limits, "--trusted-proxy", "127.0.0.1") as srv:
        # Each forwarded client has its own allowance (a burst of 10 tables per address).
        a = [request(srv.base, "POST", "/api/tables", CREATE,
                     headers={"X-Forwarded-For": "203.0.113.1"})[0] for _ in range(12)]
        b = request(srv.base, "POST", "/api/tables", CREATE,
                    headers={"X-Forwarded-For": "203.0.113.2"})[0]
        # The same client forging hops to the left of the address the proxy appended.
        forged = [request(srv.base, "POST", "/api/tables", CREATE,
                          headers={"X-Forwarded-For": f"198.51.100.{i}, 203.0.113.1"})[0]
                  for i in range(1, 21)]
        held = a.count(429) >= 1 and b == 201 and forged.count(201) == 0
        code |= verdict("behind a trusted proxy", held,
                        f"client A: {a.count(201)} created then {a.count(429)} refused; "
                        f"client B: {b}; A with 20 forged left hops: "
                        f"{forged.count(201)} created, {forged.count(429)} refused")
    return code


sys.exit(main())
