"""Driver of bench/roll-vs-peers: measures delve, d20 and rpg-dice-roller, prints the table."""

import argparse
import json
import subprocess
import time

import d20

# (delve notation, d20 notation, rpg-dice-roller notation). Where a tool lacks a feature the
# nearest equivalent workload is used and marked: d20 has no success counting (`k>7` keeps the
# dice above 7 and sums them) and writes explode as `e6` and reroll-while as `rr1`;
# rpg-dice-roller writes reroll-on-1 as `r=1`.
CASES = [
    ("2d10+3", "2d10+3", "2d10+3"),
    ("4d6kh3", "4d6kh3", "4d6kh3"),
    ("1d20", "1d20", "1d20"),
    ("10d6", "10d6", "10d6"),
    ("6d10>=8", "6d10k>7 (*)", "6d10>=8"),
    ("3d6!", "3d6e6", "3d6!"),
    ("2d20kl1+5", "2d20kl1+5", "2d20kl1+5"),
    ("8d6r1", "8d6rr1", "8d6r=1"),
]


def delve_rate(delve, expr, n):
    """Rolls per second of `delve roll EXPR --times n`, process start included."""
    start = time.perf_counter()
    out = subprocess.run(
        [delve, "roll", expr, "--times", str(n), "--seed", "1", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    elapsed = time.perf_counter() - start
    summary = json.loads(out)
    assert summary["count"] == n, summary
    return n / elapsed


def d20_rate(expr, seconds):
    roller = d20.Roller()
    ast = d20.parse(expr)
    for _ in range(500):  # warm-up
        roller.roll(ast)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(200):
            roller.roll(ast)
        n += 200
    return n / (time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--delve", required=True)
    ap.add_argument("--node-prefix", required=True)
    ap.add_argument("--node-script", required=True)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--times", type=int, default=10_000_000)
    args = ap.parse_args()

    node_cases = [[c[0], c[2]] for c in CASES]
    node = subprocess.run(
        ["node", args.node_script, args.node_prefix, str(args.seconds), json.dumps(node_cases)],
        check=True, capture_output=True, text=True,
    )
    rpg = json.loads(node.stdout)

    rows = []
    for delve_expr, d20_expr, _ in CASES:
        ours = delve_rate(args.delve, delve_expr, args.times)
        theirs = d20_rate(d20_expr.replace(" (*)", ""), args.seconds)
        rows.append((delve_expr, d20_expr, ours, theirs, rpg[delve_expr]))

    def fmt(rate):
        return f"{rate:,.0f}"

    header = ("expression", "d20 form", "delve rolls/s", "d20 rolls/s", "rpg rolls/s",
              "delve/d20", "delve/rpg")
    lines = [header]
    for expr, d20_expr, ours, d, r in rows:
        lines.append((expr, d20_expr, fmt(ours), fmt(d), fmt(r), f"{ours / d:,.0f}x",
                      f"{ours / r:,.0f}x"))
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for i, line in enumerate(lines):
        print("  ".join(cell.rjust(w) if j >= 2 else cell.ljust(w)
                        for j, (cell, w) in enumerate(zip(line, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))

    def geomean(xs):
        prod = 1.0
        for x in xs:
            prod *= x
        return prod ** (1 / len(xs))

    print()
    print(f"geometric mean: delve/d20 {geomean([o / d for _, _, o, d, _ in rows]):,.0f}x "
          f"(target >= 100x), delve/rpg-dice-roller "
          f"{geomean([o / r for _, _, o, _, r in rows]):,.0f}x (target >= 20x)")
    print(f"min ratio: delve/d20 {min(o / d for _, _, o, d, _ in rows):,.0f}x, "
          f"delve/rpg-dice-roller {min(o / r for _, _, o, _, r in rows):,.0f}x")
    print("(*) d20 has no success counting; `k>7` (keep dice above 7, sum) is the nearest load.")
    print(f"delve: `delve roll EXPR --times {args.times:,}` wall time, process start included; "
          f"peers: {args.seconds}s in-process per expression.")


if __name__ == "__main__":
    main()
