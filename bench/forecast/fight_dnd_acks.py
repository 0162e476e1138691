#!/usr/bin/env python3
"""Forecast benchmark (issue 24): complete D&D 2024 and ACKS fights per second per core.

D&D 2024: four characters (a +4 sword, 1d8+2) against four goblin-like monsters (AC 15, 7 HP,
a +4 scimitar, 1d6+2) eight squares apart on an open grid. ACKS: four level-1 sellswords
(1d8) against four sample gloom rats. Times `delve forecast fight` on 1 thread and on every
core and checks that both give the same report for the same seed. Not a test: figures vary
with the machine.

    cargo build --release -p delve
    python3 bench/forecast/fight_dnd_acks.py [--runs 2000] [--bin target/release/delve]
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

    def table(ruleset):
        tid = delve("table", "--db", db, "new", "--ruleset", ruleset, "--name", "bench").strip()

        def rules(cmd):
            delve("table", "--db", db, "command", tid, "--as", "referee",
                  json.dumps({"rules": cmd}))
        return tid, rules

    abilities = {"strength": 14, "dexterity": 12, "constitution": 12, "intelligence": 10,
                 "wisdom": 10, "charisma": 10}
    dnd, rules = table("dnd2024")
    for i in range(4):
        for side, kind, hp, ac, x in (("pc", "character", 12, 15, 0), ("gob", "monster", 7, 15, 8)):
            cid = f"{side}{i + 1}"
            dice = "1d8+2" if kind == "character" else "1d6+2"
            rules({"add_creature": {"creature": {
                "id": cid, "name": cid, "kind": kind, "abilities": abilities,
                "armor_class": ac, "hit_points": hp, "speed": {"walk": 30},
                "attacks": [{"name": "Blade", "bonus": 4, "reach_ft": 5,
                             "damage": [{"dice": dice, "damage_type": "slashing"}]}]}}})
            rules({"place": {"creature": cid, "x": x, "y": 2 * i}})

    acks, rules = table("acks")
    pack = open(os.path.join(ROOT, "crates", "acks", "packs", "sample.json")).read()
    rules({"load_pack": {"files": [{"name": "sample.json", "text": pack}]}})
    for i in range(4):
        rules({"add_character": {"id": f"pc{i + 1}", "name": f"pc{i + 1}", "class": "sellsword",
                                 "level": 1, "abilities": {**abilities, "strength": 13},
                                 "hp": 7, "speed_ft": 120, "armour_class": 4}})
        rules({"add_monster": {"id": f"rat{i + 1}", "card": "gloom_rat"}})
        rules({"reveal": {"creature": f"rat{i + 1}"}})
    weapons = [arg for i in range(4) for arg in ("--weapon", f"pc{i + 1}=1d8")]

    cores = os.cpu_count() or 1
    for name, tid, extra in (("D&D 2024", dnd, []), ("ACKS", acks, weapons)):
        def timed(threads):
            t0 = time.perf_counter()
            out = delve("forecast", "fight", "--table", tid, "--db", db, "--runs", str(a.runs),
                        "--seed", "1", "--threads", str(threads), "--json", *extra)
            return time.perf_counter() - t0, json.loads(out)
        one, report = timed(1)
        many, report_many = timed(cores)
        assert report == report_many, "the same seed must give the same report on any thread count"
        print(f"{name}: 4 vs 4, {a.runs} runs, mean {report['rounds_mean']} rounds, "
              f"characters win {report['sides']['characters']['win']:.3f}, "
              f"stuck {report['stuck']}")
        print(f"  1 thread:  {one:.2f} s  -> {a.runs / one:,.0f} fights/s per core")
        print(f"  {cores} threads: {many:.2f} s  -> {a.runs / many:,.0f} fights/s "
              f"(speed-up {one / many:.2f}x)")


if __name__ == "__main__":
    sys.exit(main())
