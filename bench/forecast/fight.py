#!/usr/bin/env python3
"""Forecast benchmark (issue 24): complete Crows fights per second per core.

Builds an offline table with four crows (swords) against four ghouls (the sample bestiary's
cave spider), ten squares apart, then times `delve forecast fight` on 1 thread and on every
core, and prints fights/s per core and the speed-up. Not a test: figures vary with the machine.

    cargo build --release -p delve
    python3 bench/forecast/fight.py [--runs 2000] [--bin target/release/delve]
"""
import argparse, json, os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=2000)
    ap.add_argument("--bin", default=os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release", "delve"))
    a = ap.parse_args()
    d = tempfile.mkdtemp()
    db = os.path.join(d, "bench.db")

    def delve(*args):
        return subprocess.run([a.bin, *args], check=True, capture_output=True, text=True).stdout

    tid = delve("table", "--db", db, "new", "--ruleset", "crows", "--name", "bench").strip()

    def rules(cmd):
        delve("table", "--db", db, "command", tid, "--as", "referee", json.dumps({"rules": cmd}))

    pack = os.path.join(ROOT, "content", "crows-sample")
    files = [{"name": n, "text": open(os.path.join(pack, n)).read()}
             for n in ("items.json", "bestiary.json")]
    rules({"load_pack": {"files": files}})
    for i, c in enumerate(["vera", "bram", "cora", "dell"]):
        rules({"create_creature": {"id": c, "kind": "crow", "stamina": 4,
                                   "characteristics": {"agility": 1, "mind": 0, "strength": 1}}})
        rules({"place_item": {"creature": c, "card": "sword",
                              "slots": [{"kind": "Hand", "number": 1}]}})
        rules({"place": {"creature": c, "at": {"x": 0, "y": 2 * i}, "side": "crows"}})
    for i in range(4):
        g = f"ghoul{i + 1}"
        rules({"create_creature": {"id": g, "card": "cave-spider", "revealed": True}})
        rules({"place": {"creature": g, "at": {"x": 10, "y": 2 * i}, "side": "enemies",
                         "card": "cave-spider"}})

    def timed(threads):
        t0 = time.perf_counter()
        out = delve("forecast", "fight", "--table", tid, "--db", db, "--runs", str(a.runs),
                    "--seed", "1", "--threads", str(threads), "--json")
        return time.perf_counter() - t0, json.loads(out)

    cores = os.cpu_count() or 1
    one, report = timed(1)
    many, report_many = timed(cores)
    assert report == report_many, "the same seed must give the same report on any thread count"
    per_core = a.runs / one
    print(f"4 crows vs 4 ghouls, {a.runs} runs, mean {report['rounds_mean']} rounds, "
          f"crows win {report['sides']['crows']['win']:.3f}, stuck {report['stuck']}")
    print(f"1 thread:  {one:.2f} s  -> {per_core:,.0f} fights/s per core")
    print(f"{cores} threads: {many:.2f} s  -> {a.runs / many:,.0f} fights/s "
          f"(speed-up {one / many:.2f}x)")
    print(f"target 2,000 fights/s per core: ratio {per_core / 2000:.2f}")


if __name__ == "__main__":
    sys.exit(main())
