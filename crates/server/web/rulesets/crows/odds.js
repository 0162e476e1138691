// Exact odds of a Crows test, asked of the server: the ruleset's `odds` query
// (POST /api/tables/<id>/queries/odds, crates/crows/src/ruleset/mod.rs → crows::odds), so the
// tier rules live only in the rules crate. A player's question about a creature it may not see
// is refused like one about a missing creature.

/** Counts out of 100 (every probability has a denominator dividing the 100 outcomes of 2d10). */
function counts(o) {
  const c = (f) => (f ? f.numerator * (100 / f.denominator) : 0);
  return { tier1: c(o.tier_1), tier2: c(o.tier_2), tier3: c(o.tier_3), crit: c(o.crit), doom: c(o.doom) };
}

/**
 * The odds for `args` ({creature, characteristic} or {value}, and edges, banes, bonus) as
 * {without, withExpertise, net}: counts out of 100 per tier, crit and doom, without and with
 * an expertise spent whenever it helps; `net` is the edge after cancellation.
 */
export async function testOdds(seat, args) {
  const a = await seat.query("odds", args);
  return { without: counts(a.without), withExpertise: counts(a.with_expertise), net: a.net };
}
