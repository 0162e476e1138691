//! The `attack_odds` query (DD-CBT-04.a, DD-CORE-06..08, DD-CORE-19, DD-COV-01): before an
//! attack is rolled, the exact chance that it hits, that it is a Critical Hit and that it
//! misses, and the damage it deals on average, from the same rules the `attack` command runs:
//! the attack's bonus, the target's AC, cover and distance measured on the grid, every
//! Advantage and Disadvantage source the rules find (conditions, range, sight) plus the named
//! ones, combined (any of each cancel out), the attacker's Exhaustion, a Critical Hit on a 20
//! (or on every hit against a Paralyzed or Unconscious target within 5 ft) with its dice
//! doubled, and damage never below 0.
//!
//! ```json
//! {"attacker": "vera", "attack": "Rapier", "target": "gob1",
//!  "advantage_sources": ["Help"], "disadvantage_sources": []}
//! ```
//!
//! Secrecy: the asker must see the attacker's whole sheet (the Referee, or the attacker's
//! player) and must see the target; a target they may not see is refused exactly as a missing
//! one (`unknown_creature`, the same words). A target's AC and what adds to it (a reaction
//! spell's bonus) are that target's secret: only the Referee and the target's own player get
//! one answer for the real AC. Anyone else gets the answer for each AC of
//! [`AC_BANDS`] (`by_armor_class`, the cover's bonus added to each), and nothing that
//! depends on the target's real AC. Everything else the answer names (distance, cover,
//! conditions, sight) is already in that viewer's view of the grid.

use engine::{RuleError, TableState, Viewer};
use num_rational::{BigRational, Ratio};
use num_traits::{ToPrimitive, Zero};
use serde::Deserialize;
use serde_json::{Value, json};

use super::super::combat::turn::AttackSourceName;
use super::super::grid::board::{distance_ft, grid_map};
use super::super::{
    DndState, check_list, check_name, no_creature, refusal, viewer_owns, viewer_sees,
};
use super::space_in;
use crate::combat::{
    AttackPlan, AttackReach, AttackRequest, AttackTarget, attack_sources, plan_attack,
};
use crate::conditions::Condition;
use crate::core::DamageDice;
use crate::cover::Cover;

/// The ACs a viewer who may not know the target's AC gets an answer for, one each.
pub const AC_BANDS: std::ops::RangeInclusive<i32> = 5..=25;

fn five() -> u32 {
    5
}
fn yes() -> bool {
    true
}

/// The query's arguments. Off the grid the distance and sight come from here, as in the
/// `attack` command; on it they are measured.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackOddsArgs {
    pub attacker: String,
    pub attack: String,
    pub target: String,
    /// Named Advantage sources besides those the rules find (Help, a spell, a feature).
    #[serde(default)]
    pub advantage_sources: Vec<String>,
    #[serde(default)]
    pub disadvantage_sources: Vec<String>,
    #[serde(default = "five")]
    pub distance_ft: u32,
    #[serde(default = "yes")]
    pub attacker_sees_target: bool,
    #[serde(default = "yes")]
    pub target_sees_attacker: bool,
    #[serde(default)]
    pub enemy_within_5ft: bool,
}

/// A fraction as `n/d` (reduced).
fn ratio(r: &Ratio<u64>) -> String {
    format!("{}/{}", r.numer(), r.denom())
}

fn big(r: &Ratio<u64>) -> BigRational {
    BigRational::new((*r.numer()).into(), (*r.denom()).into())
}

/// The mean of one damage roll `d`, never below 0 (DD-DMG-02.a), exactly.
pub fn mean_damage(d: DamageDice) -> Result<BigRational, RuleError> {
    let count = i64::from(d.count);
    let sides = i64::from(d.sides);
    let m = i64::from(d.modifier);
    if count + m >= 0 {
        // The lowest roll is at least 0: nothing is clamped, the mean is count × (sides+1)/2 + m.
        return Ok(BigRational::new(
            (count * (sides + 1) + 2 * m).into(),
            2.into(),
        ));
    }
    // Some rolls would go below 0: each counts as 0, so the exact distribution is needed.
    let too_much =
        |e: String| RuleError::new("out_of_range", format!("damage {d}: {e}")).rule("DD-DMG-02.a");
    let expr =
        dice::parse(&format!("{}d{}", d.count, d.sides)).map_err(|e| too_much(e.to_string()))?;
    let dist = dice::odds::distribution(&expr).map_err(|e| too_much(e.to_string()))?;
    let mut mean = BigRational::zero();
    for &v in dist.values() {
        let total = v + m;
        if total > 0 {
            mean += dist.probability_exact(v) * BigRational::from_integer(total.into());
        }
    }
    Ok(mean)
}

/// One answer: the chances and the expected damage against one AC (cover included).
fn row(
    plan: &AttackPlan,
    target_number: i32,
    normal: &BigRational,
    critical: &BigRational,
) -> Result<Value, RuleError> {
    let mut test = plan.test;
    test.target = target_number;
    let odds = crate::odds::d20_odds(&test, false).map_err(refusal)?;
    let hit = odds.success;
    // Against a Paralyzed or Unconscious target within 5 ft every hit is a Critical Hit.
    let crit = if plan.hit_is_critical {
        hit
    } else {
        odds.critical
    };
    let miss = Ratio::new(1, 1) - hit;
    let expected = big(&crit) * critical + big(&(hit - crit)) * normal;
    let pct = |r: &Ratio<u64>| r.to_f64().unwrap_or(0.0) * 100.0;
    Ok(json!({
        "target_number": target_number,
        "hit": ratio(&hit),
        "hit_percent": pct(&hit),
        "critical": ratio(&crit),
        "critical_percent": pct(&crit),
        "miss": ratio(&miss),
        "miss_percent": pct(&miss),
        "expected_damage": format!("{}/{}", expected.numer(), expected.denom()),
        "expected_damage_value": expected.to_f64().unwrap_or(0.0),
    }))
}

/// The `attack_odds` query (see the module docs).
pub fn attack_odds_query(
    state: &TableState<DndState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    let a: AttackOddsArgs = serde_json::from_value(args.clone())
        .map_err(|e| RuleError::new("bad_query", format!("attack_odds: {e}")))?;
    // Who may ask, first: a creature the viewer may not see reads as a missing one.
    if !viewer_owns(state, viewer, &a.attacker) {
        return Err(no_creature(&a.attacker));
    }
    if !viewer_sees(state, viewer, &a.target) {
        return Err(no_creature(&a.target));
    }
    check_list("advantage_sources", &a.advantage_sources)?;
    check_list("disadvantage_sources", &a.disadvantage_sources)?;
    for n in a.advantage_sources.iter().chain(&a.disadvantage_sources) {
        check_name("a source's name", n)?;
    }
    let max = super::super::combat::MAX_DISTANCE_FT;
    if a.distance_ft > max {
        return Err(
            RuleError::new("out_of_range", format!("a distance is at most {max} ft"))
                .rule("MAX_DISTANCE_FT"),
        );
    }
    let creatures = &state.rules.creatures;
    let atk = creatures
        .get(&a.attacker)
        .ok_or_else(|| no_creature(&a.attacker))?;
    let tgt = creatures
        .get(&a.target)
        .ok_or_else(|| no_creature(&a.target))?;
    atk.check_alive()?;
    tgt.check_alive()?;
    let Some(spec) = atk
        .spec
        .attacks
        .iter()
        .find(|x| x.name.eq_ignore_ascii_case(&a.attack))
    else {
        let names: Vec<&str> = atk.spec.attacks.iter().map(|x| x.name.as_str()).collect();
        return Err(RuleError::new(
            "unknown_attack",
            format!(
                "{} has no attack `{}` (attacks: {})",
                atk.spec.name,
                a.attack,
                names.join(", ")
            ),
        ));
    };
    let parts: Vec<DamageDice> = spec
        .damage
        .iter()
        .map(|d| DamageDice::parse(&d.dice).map_err(refusal))
        .collect::<Result<_, RuleError>>()?;
    let reach = match spec.reach_ft {
        Some(reach_ft) => AttackReach::Melee { reach_ft },
        None => AttackReach::Ranged {
            normal_ft: spec.range_ft.unwrap_or(0),
            long_ft: spec.long_range_ft,
        },
    };
    // On the grid as the `attack` command measures it: distance, the map's cover, sight.
    let (distance, cover, attacker_sees_target, target_sees_attacker) =
        match (space_in(state, &a.attacker), space_in(state, &a.target)) {
            (Some(x), Some(y)) => {
                let map = grid_map(&state.rules.map);
                let (_, cover) = crate::cover::grid_cover(&map, &x, &y);
                let sees = super::super::grid::light::sees_at;
                (
                    distance_ft(&x, &y),
                    cover,
                    a.attacker_sees_target && sees(&state.rules, &map, atk, &x, tgt, &y),
                    a.target_sees_attacker && sees(&state.rules, &map, tgt, &y, atk, &x),
                )
            }
            _ => (
                a.distance_ft,
                Cover::None,
                a.attacker_sees_target,
                a.target_sees_attacker,
            ),
        };
    let count = |l: &[String]| u32::try_from(l.len()).unwrap_or(u32::MAX);
    let grappled_by_target = atk
        .conditions
        .holds()
        .iter()
        .any(|(c, src)| *c == Condition::Grappled && src == &a.target);
    // Dodge and Help, as the attack would find them (DD-ACT-08, DD-ACT-09); not used here.
    let (extra_adv, extra_dis, _) =
        super::super::combat::actions::attack_extras(&state.rules, atk, tgt, target_sees_attacker);
    let extra = |l: &[crate::combat::AttackSource]| u32::try_from(l.len()).unwrap_or(u32::MAX);
    let knows_ac = viewer_owns(state, viewer, &a.target);
    let armor_class = tgt.spec.armor_class + tgt.ac_bonus;
    let req = AttackRequest {
        bonus: spec.bonus,
        reach,
        distance_ft: distance,
        target: AttackTarget::Creature {
            // For a viewer who may not know it, the AC here only shapes the plan's mode and
            // sources (which do not depend on it); every number comes from the bands.
            armor_class,
            conditions: &tgt.conditions,
        },
        cover,
        attacker: &atk.conditions,
        attacker_sees_target,
        target_sees_attacker,
        target_is_grappler: grappled_by_target,
        fear_source_in_sight: false,
        enemy_within_5ft: a.enemy_within_5ft,
        other_advantage: count(&a.advantage_sources).saturating_add(extra(&extra_adv)),
        other_disadvantage: count(&a.disadvantage_sources).saturating_add(extra(&extra_dis)),
        damage: parts.first().copied(),
    };
    let plan = plan_attack(&req).map_err(refusal)?;
    let (mut rule_adv, mut rule_dis) = attack_sources(&req).map_err(refusal)?;
    rule_adv.extend(extra_adv);
    rule_dis.extend(extra_dis);
    let names = |rule: Vec<crate::combat::AttackSource>, named: &[String]| {
        rule.into_iter()
            .map(AttackSourceName::Rule)
            .chain(named.iter().cloned().map(AttackSourceName::Named))
            .collect::<Vec<_>>()
    };
    let mut normal = BigRational::zero();
    let mut critical = BigRational::zero();
    for d in &parts {
        normal += mean_damage(*d)?;
        critical += mean_damage(d.critical())?;
    }
    // `plan_attack` refused Total Cover, so the cover has a bonus.
    let cover_bonus = cover.bonus().unwrap_or(0);
    let mut answer = json!({
        "attacker": a.attacker,
        "target": a.target,
        "attack": spec.name,
        "bonus": spec.bonus,
        "distance_ft": distance,
        "cover": cover,
        "cover_bonus": cover_bonus,
        "mode": plan.test.mode,
        "advantage": names(rule_adv, &a.advantage_sources),
        "disadvantage": names(rule_dis, &a.disadvantage_sources),
        "exhaustion": plan.test.exhaustion,
        "every_hit_critical": plan.hit_is_critical,
        "damage": spec.damage.iter().map(|d| json!({"dice": d.dice, "damage_type": d.damage_type})).collect::<Vec<_>>(),
        "damage_mean": format!("{}/{}", normal.numer(), normal.denom()),
        "critical_damage_mean": format!("{}/{}", critical.numer(), critical.denom()),
        "armor_class_known": knows_ac,
    });
    if knows_ac {
        let r = row(&plan, armor_class + cover_bonus, &normal, &critical)?;
        answer["armor_class"] = json!(armor_class);
        if let (Some(dst), Some(src)) = (answer.as_object_mut(), r.as_object()) {
            dst.extend(src.clone());
        }
    } else {
        let mut bands = Vec::new();
        for ac in AC_BANDS {
            let mut r = row(&plan, ac + cover_bonus, &normal, &critical)?;
            r["armor_class"] = json!(ac);
            bands.push(r);
        }
        answer["by_armor_class"] = Value::Array(bands);
    }
    Ok(answer)
}
