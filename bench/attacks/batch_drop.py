#!/usr/bin/env python3
"""Issue 18 item 7: clients that drop their connection mid-command. 24 threads send commands
to one table; a third of the requests close the socket right after sending. Held: no answer
is `500 … interrupted`, and every command whose answer was 200 is in the log. Bounded:
600 commands, loopback only."""

import json
import socket
import sys
import threading
from common import Server, request, verdict

THREADS, PER_THREAD = 24, 25

def main():
    with Server("--requests-per-second", "0", "--commands-per-second", "0") as srv:
        s, _, t = request(srv.base, "POST", "/api/tables", {"ruleset": "demo", "name": "x"})
        tid, token = t["id"], t["referee_token"]
        request(srv.base, "POST", f"/api/tables/{tid}/commands",
                {"rules": {"create": {"character": "c1"}}}, token)
        results = {"ok": 0, "interrupted": 0, "other": 0, "dropped": 0}
        lock = threading.Lock()

        def worker(k):
            for i in range(PER_THREAD):
                body = json.dumps({"rules": {"note": {"text": f"n{k}-{i}", "secret": False}}})
                if (k + i) % 3 == 0:
                    raw = (f"POST /api/tables/{tid}/commands HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
                           f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                           f"Content-Length: {len(body)}\r\n\r\n{body}")
                    with socket.create_connection(("127.0.0.1", srv.port)) as s:
                        s.sendall(raw.encode())
                    with lock:
                        results["dropped"] += 1
                    continue
                st, _, b = request(srv.base, "POST", f"/api/tables/{tid}/commands",
                                   {"rules": {"note": {"text": f"n{k}-{i}", "secret": False}}}, token)
                key = "ok" if st == 200 else "interrupted" if st == 500 and "interrupted" in str(b) else "other"
                with lock:
                    results[key] += 1

        threads = [threading.Thread(target=worker, args=(k,)) for k in range(THREADS)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        return verdict("dropped clients mid-batch", results["interrupted"] == 0 and results["other"] == 0,
                       f"{results['ok']} answered 200, {results['interrupted']} answered 500 interrupted, "
                       f"{results['other']} other, {results['dropped']} dropped by their client")

sys.exit(main())
