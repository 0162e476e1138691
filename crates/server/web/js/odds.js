// Exact odds of a Crows test, computed in the browser over the 100 outcomes of 2d10.
//
// This mirrors crates/crows/src/checks.rs (roll_test / finish) and edges.rs (net) for the
// cases a player can set up in the test panel: a characteristic value, a number of edges and
// banes, and a numeric bonus. The browser test (crates/server/tests/browser.rs) compares this
// function with crows::odds::odds_with_expertise (the function behind `delve crows odds`)
// over a grid of inputs, so a change of the rules there fails the test here.
//
//   total = natural + characteristic + bonus + (+2 edge | −2 bane)
//   base tier: ≤11 → 1, 12–16 → 2, ≥17 → 3
//   double edge +1 tier, double bane −1 tier (clamped 1…3), then the expertise (+1, clamped;
//   or summed with the automatic shift and clamped once under `sum_then_clamp_once`),
//   then a natural 19–20 (crit) forces tier 3 and a natural 2–3 (doom) tier 1.

export const TIER_1_MAX = 11;
export const TIER_2_MAX = 16;

/** Net edge after cancellation: "none" | "edge" | "double_edge" | "bane" | "double_bane". */
export function netEdge(edges, banes) {
  if (edges === 0 && banes === 0) return "none";
  if (banes === 0) return edges === 1 ? "edge" : "double_edge";
  if (edges === 0) return banes === 1 ? "bane" : "double_bane";
  if (edges === 1 && banes === 1) return "none";
  if (edges >= 2 && banes >= 2) return "none";
  return edges >= 2 ? "edge" : "bane";
}

const clamp = (t) => Math.min(3, Math.max(1, t));

export function tierOfTotal(total) {
  return total <= TIER_1_MAX ? 1 : total <= TIER_2_MAX ? 2 : 3;
}

/**
 * Resolves one roll. Returns {natural, total, net, tierBefore, tier, tierWithExpertise,
 * crit, doom, expertiseHelps}. `tierBefore` is what the player sees at the commit point.
 */
export function resolve(a, b, { stat = 0, edges = 0, banes = 0, bonus = 0, shiftOrder = "automatic_then_expertise" } = {}) {
  const natural = a + b;
  const net = netEdge(edges, banes);
  const edgeMod = net === "edge" ? 2 : net === "bane" ? -2 : 0;
  const shift = net === "double_edge" ? 1 : net === "double_bane" ? -1 : 0;
  const total = natural + stat + bonus + edgeMod;
  const base = tierOfTotal(total);
  const tierBefore = clamp(base + shift);
  const crit = natural >= 19;
  const doom = natural <= 3;
  const finish = (t) => (crit ? 3 : doom ? 1 : t);
  const withExp = shiftOrder === "sum_then_clamp_once" ? clamp(base + shift + 1) : clamp(tierBefore + 1);
  const tier = finish(tierBefore);
  const tierWithExpertise = finish(withExp);
  return { natural, total, net, tierBefore, tier, tierWithExpertise, crit, doom, expertiseHelps: tierWithExpertise !== tier };
}

/**
 * Exact odds as counts out of 100: {tier1, tier2, tier3, crit, doom} without and with an
 * expertise spent whenever it helps.
 */
export function testOdds(spec) {
  const without = { tier1: 0, tier2: 0, tier3: 0, crit: 0, doom: 0 };
  const withExpertise = { tier1: 0, tier2: 0, tier3: 0, crit: 0, doom: 0 };
  for (let a = 1; a <= 10; a++) {
    for (let b = 1; b <= 10; b++) {
      const r = resolve(a, b, spec);
      without["tier" + r.tier]++;
      withExpertise["tier" + (r.expertiseHelps ? r.tierWithExpertise : r.tier)]++;
      for (const o of [without, withExpertise]) {
        if (r.crit) o.crit++;
        if (r.doom) o.doom++;
      }
    }
  }
  return { without, withExpertise };
}

/** "37%" style, exact to the percent (every count is out of 100). */
export function pct(count) {
  return `${count}%`;
}
