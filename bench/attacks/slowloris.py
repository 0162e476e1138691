#!/usr/bin/env python3
"""Issue 18 item 6: slowloris. Opens 1,100 sockets that send half a header (or nothing) and
keep them open, then times real requests. Held: every real request is answered within 2 s
while the sockets are open, and the server closes ≥ 95% of them within the header timeout
(10 s by default) plus slack. Bounded: 1,100 sockets, ~25 s, loopback only."""

import socket
import sys
import time
from common import Server, request, verdict

SOCKETS = 1100

def main():
    with Server() as srv:
        rss0 = srv.rss_mb()
        socks = []
        for i in range(SOCKETS):
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
            if i % 2:
                s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            socks.append(s)
        rss1 = srv.rss_mb()
        worst = 0.0
        answered = 0
        for _ in range(20):
            t0 = time.time()
            try:
                if request(srv.base, "GET", "/api/health", timeout=5)[0] == 200:
                    answered += 1
            except OSError:
                pass
            worst = max(worst, time.time() - t0)
            time.sleep(0.1)
        time.sleep(12)
        closed = 0
        for s in socks:
            s.settimeout(0.05)
            try:
                data = s.recv(4096)
                closed += 1  # EOF (b"") or a 408 answer before the close
                del data
            except socket.timeout:
                pass
            except OSError:
                closed += 1
            s.close()
        held = answered == 20 and worst < 2.0 and closed >= SOCKETS * 0.95
        return verdict("slowloris (1,100 idle/half-header sockets)", held,
                       f"{answered}/20 real requests answered, slowest {worst * 1000:.0f} ms; "
                       f"{closed}/{SOCKETS} sockets closed by the server after the header timeout; "
                       f"RSS {rss0:.1f} -> {rss1:.1f} MB (sockets open) -> {srv.rss_mb():.1f} MB")

sys.exit(main())
