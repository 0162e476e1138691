"""Exact odds, delve vs icepool, expression by expression.

For every case: icepool computes the distribution in a fresh Python process (after a small
warm-up, so imports and first-use set-up are not timed, and icepool's caches start empty), and
`delve odds --json --repeat R` computes it R times in-process and reports the mean compute time
(`timing_ms`: parsing, printing and process start-up excluded). Every probability must agree to
1e-12; the script prints both times and the ratio icepool/delve per case, and the ratio of the
summed times over the whole set.

Semantics mapping (delve -> icepool):
  NdX                 N @ dX
  NdXkhK / klK        dX.pool(N).highest(K).sum() / lowest(K)
  NdXdlK / dhK        dX.pool(N).lowest(drop=K).sum() / highest(drop=K)   (= keep the rest)
  NdX>=t              N @ dX.map(lambda x: int(x >= t))   (success count)
  dXr1  (while)       dX.reroll([1], depth='inf')         (conditional; delve's default)
  dXro1 (once)        dX.reroll([1], depth=1)
  NdX!  (depth D)     N @ dX.explode(depth=D); delve run with --explode-depth D (both cap the
                      chain at D extra dice and let the last die count as rolled)
  NdX!khK (pool)      dX.explode_to_pool(N, depth=D).highest(K).sum()  (extra dice join the pool)
  mi/ma               dX.clip(lo, hi)
  dF, d%              Die([-1, 0, 1]), d100
  + - * /             Die arithmetic; / is // (floor)
Excluded: nothing in this set; delve's success counting *with* keep/drop and clamps combined
with explosions are covered by delve's own brute-force tests instead.
"""
import json
import math
import subprocess
import sys
import time
from fractions import Fraction

CASES = [
    # (delve expression, icepool expression, explode depth or None)
    ("2d6", "2 @ d6", None),
    ("3d6", "3 @ d6", None),
    ("1d20+5", "d20 + 5", None),
    ("2d10+2", "2 @ d10 + 2", None),
    ("4d6kh3", "d6.pool(4).highest(3).sum()", None),
    ("4d6dl1", "d6.pool(4).lowest(drop=1).sum()", None),
    ("2d20kh1", "d20.pool(2).highest(1).sum()", None),
    ("2d20kl1", "d20.pool(2).lowest(1).sum()", None),
    ("20d10kh5", "d10.pool(20).highest(5).sum()", None),
    ("10d20dl3", "d20.pool(10).lowest(drop=3).sum()", None),
    ("8d6dh2", "d6.pool(8).highest(drop=2).sum()", None),
    ("12d6kh4", "d6.pool(12).highest(4).sum()", None),
    ("5d20kh2", "d20.pool(5).highest(2).sum()", None),
    ("10d100kh1", "d100.pool(10).highest(1).sum()", None),
    ("30d6kl10", "d6.pool(30).lowest(10).sum()", None),
    ("100d6", "100 @ d6", None),
    ("50d10", "50 @ d10", None),
    ("400d6", "400 @ d6", None),
    ("6d10>=8", "6 @ d10.map(lambda x: int(x >= 8))", None),
    ("20d10>=6", "20 @ d10.map(lambda x: int(x >= 6))", None),
    ("d6r1", "d6.reroll([1], depth='inf')", None),
    ("4d6r1", "4 @ d6.reroll([1], depth='inf')", None),
    ("4d6r<3kh3", "d6.reroll(lambda x: x < 3, depth='inf').pool(4).highest(3).sum()", None),
    ("8d6ro1", "8 @ d6.reroll([1], depth=1)", None),
    ("d6!", "d6.explode(depth=20)", 20),
    ("10d6!", "10 @ d6.explode(depth=20)", 20),
    ("3d10!>8", "3 @ d10.explode(lambda x: x > 8, depth=20)", 20),
    ("4d6!kh3", "d6.explode_to_pool(4, depth=4).highest(3).sum()", 4),
    ("10d6!kh3", "d6.explode_to_pool(10, depth=4).highest(3).sum()", 4),
    ("5d10!dl1", "d10.explode_to_pool(5, depth=3).lowest(drop=1).sum()", 3),
    ("2d6mi2ma5", "2 @ d6.clip(2, 5)", None),
    ("4d6mi2kh3", "d6.clip(2, None).pool(4).highest(3).sum()", None),
    ("4dF", "4 @ Die([-1, 0, 1])", None),
    ("10dF+2", "10 @ Die([-1, 0, 1]) + 2", None),
    ("d%", "d100", None),
    ("2d6*1d10", "(2 @ d6) * d10", None),
    ("2d6/2", "(2 @ d6) // 2", None),
    ("(2d6+3)*2-1d4", "(2 @ d6 + 3) * 2 - d4", None),
    ("3d6-2d4", "3 @ d6 - 2 @ d4", None),
]

WORKER = r"""
import json, sys, time
import icepool
from icepool import Die, d4, d6, d8, d10, d12, d20, d100
# warm-up on unrelated shapes, so first-use set-up is not timed
(3 @ d4).probabilities(); d8.pool(3).highest(2).sum().probabilities()
src = sys.argv[1]
t0 = time.perf_counter()
die = eval(src)
q = die.quantities()
outs = die.outcomes()
t = time.perf_counter() - t0
den = die.denominator()
print(json.dumps({"time": t, "den": str(den), "outcomes": [[int(o), str(n)] for o, n in zip(outs, q)]}))
"""


def icepool_run(python, src):
    out = subprocess.run([python, "-c", WORKER, src], capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    den = int(r["den"])
    return r["time"], {v: Fraction(int(n), den) for v, n in r["outcomes"]}


def delve_run(delve, expr, depth, repeat):
    cmd = [delve, "odds", expr, "--json", "--repeat", str(repeat)]
    if depth is not None:
        cmd += ["--explode-depth", str(depth)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)
    return r["timing_ms"] / 1000.0, r


def main():
    delve = sys.argv[1]
    quick = "--quick" in sys.argv
    python = sys.executable
    rows = []
    total_i = total_d = 0.0
    worst = 0.0
    print(f"{'expression':<16} {'outcomes':>8} {'icepool ms':>11} {'delve ms':>10} {'ratio':>8}  max |diff|")
    for expr, ice, depth in CASES:
        ti, ref = icepool_run(python, ice)
        td, r = delve_run(delve, expr, depth, 1)
        # Repeat in-process for a stable figure (about 0.2 s of work, at most 2000 runs).
        repeat = 1 if quick else max(1, min(2000, int(0.2 / max(td, 1e-7))))
        if repeat > 1:
            td, r = delve_run(delve, expr, depth, repeat)
        got = {o["value"]: o["probability"] for o in r["outcomes"]}
        keys = set(got) | set(ref)
        diff = max(abs(got.get(k, 0.0) - float(ref.get(k, 0))) for k in keys)
        worst = max(worst, diff)
        ok = diff <= 1e-12
        total_i += ti
        total_d += td
        ratio = ti / td if td > 0 else math.inf
        rows.append((expr, ratio))
        flag = "" if ok else "  MISMATCH"
        print(f"{expr:<16} {len(got):>8} {ti*1000:>11.3f} {td*1000:>10.4f} {ratio:>8.1f}  {diff:.1e}{flag}")
        if not ok:
            sys.exit(f"{expr}: probabilities differ by {diff:.3e} (> 1e-12)")
    geo = math.exp(sum(math.log(r) for _, r in rows) / len(rows))
    print(f"\n{len(rows)} expressions, all probabilities agree to 1e-12 (worst {worst:.1e})")
    print(f"total compute time: icepool {total_i*1000:.1f} ms, delve {total_d*1000:.2f} ms")
    print(f"overall ratio icepool/delve (sum of times): {total_i/total_d:.1f}x")
    print(f"geometric mean of per-expression ratios:    {geo:.1f}x")
    print(f"delve/icepool compute time: {total_d/total_i:.4f}")


if __name__ == "__main__":
    main()
