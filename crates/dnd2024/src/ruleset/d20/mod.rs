//! D20 Tests at the table (DD-CORE-01..08): ability checks and saving throws called by the
//! Referee or started by a player, with every modifier and every Advantage/Disadvantage
//! source listed (the named ones given, the creature's conditions and Exhaustion found on its
//! sheet), combined as the rules say, and the exact chance from [`crate::odds`] before the roll
//! (the `d20_odds` query).

pub mod aid;

use engine::{Ctx, RuleError, TableState, Viewer};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::creatures::CreatureRecord;
use super::{Dnd2024, DndEvent, DndState, check_list, check_name, refusal};
use crate::conditions::{ability_check_disadvantage_named, dex_save_disadvantage};
use crate::core::{Ability, D20Outcome, D20Test, D20TestKind, RollMode, Skill, save_bonus};

/// Which D20 Test (attack rolls come with `attack`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TestKind {
    AbilityCheck {
        ability: Ability,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<Skill>,
    },
    SavingThrow {
        ability: Ability,
    },
}

/// A modifier with its name (Guidance +2, a Bane −1d4 rolled as a number…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamedModifier {
    pub name: String,
    pub value: i32,
}

/// Largest DC and modifier accepted (the odds module's limits).
pub const MAX_DC: i32 = crate::odds::MAX_TARGET;
pub const MAX_MODIFIER: i32 = 20;

/// A D20 Test: the `d20_test` command, and the `d20_odds` query's arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct D20TestRequest {
    pub creature: String,
    pub test: TestKind,
    pub dc: i32,
    /// Named Advantage sources besides the creature's own (Help, a spell, a feature).
    #[serde(default)]
    pub advantage: Vec<String>,
    /// Named Disadvantage sources besides the creature's own.
    #[serde(default)]
    pub disadvantage: Vec<String>,
    #[serde(default)]
    pub modifiers: Vec<NamedModifier>,
    /// What frightens the creature is in sight (Frightened gives Disadvantage then,
    /// DD-COND-06.a).
    #[serde(default)]
    pub fear_source_in_sight: bool,
}

/// A test ready to roll: the pure test and every part of it, named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedTest {
    pub test: D20Test,
    /// The ability modifier, PB (doubled by Expertise) and the named modifiers.
    pub base_bonus: i32,
    pub modifiers: Vec<NamedModifier>,
    /// Exhaustion's −2 per level on the roll (DD-COND-05.c; already in `test.exhaustion`).
    pub exhaustion_penalty: i32,
    pub advantage: Vec<String>,
    pub disadvantage: Vec<String>,
    /// Fails without a roll (a Strength or Dexterity save while Paralyzed, Stunned,
    /// Petrified or Unconscious).
    pub auto_fail: bool,
}

/// What was rolled, for the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRoll {
    pub creature: String,
    pub test: TestKind,
    /// The DC (absent from players' copy of a monster's test).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<PlannedTest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<D20Outcome>,
    pub success: bool,
}

fn check_request(r: &D20TestRequest) -> Result<(), RuleError> {
    check_list("advantage", &r.advantage)?;
    check_list("disadvantage", &r.disadvantage)?;
    check_list("modifiers", &r.modifiers)?;
    for n in r.advantage.iter().chain(&r.disadvantage) {
        check_name("a source's name", n)?;
    }
    for m in &r.modifiers {
        check_name("a modifier's name", &m.name)?;
        if m.value.abs() > MAX_MODIFIER {
            return Err(RuleError::new(
                "out_of_range",
                format!("a modifier is at most ±{MAX_MODIFIER}"),
            )
            .rule("MAX_MODIFIER"));
        }
    }
    if !(0..=MAX_DC).contains(&r.dc) {
        return Err(RuleError::new("out_of_range", format!("a DC is 0…{MAX_DC}")).rule("MAX_DC"));
    }
    Ok(())
}

/// Plans the test from the creature's sheet and the request (DD-CORE-02..08, DD-COND).
pub fn plan(rec: &CreatureRecord, r: &D20TestRequest) -> Result<PlannedTest, RuleError> {
    check_request(r)?;
    let spec = &rec.spec;
    let pb = spec.proficiency_bonus;
    let mut advantage = r.advantage.clone();
    let mut disadvantage = r.disadvantage.clone();
    let c = &rec.conditions;
    let (kind, base_bonus, auto_fail) = match r.test {
        TestKind::AbilityCheck { ability, skill } => {
            let check = crate::core::AbilityCheck { ability, skill };
            let bonus = check
                .bonus(spec.abilities.score(ability), pb, &spec.training())
                .map_err(refusal)?;
            for cond in ability_check_disadvantage_named(c, r.fear_source_in_sight) {
                disadvantage.push(cond.name().to_string());
            }
            (D20TestKind::AbilityCheck, bonus, false)
        }
        TestKind::SavingThrow { ability } => {
            let bonus = save_bonus(
                spec.abilities.score(ability),
                pb,
                spec.saving_throws.contains(&ability),
            )
            .map_err(refusal)?;
            // Dodge: Advantage on Dexterity saves while it holds (DD-ACT-08.a).
            if ability == Ability::Dexterity && aid::dodge_active(rec) {
                advantage.push(aid::DODGE_SOURCE.to_string());
            }
            if ability == Ability::Dexterity && dex_save_disadvantage(c) {
                disadvantage.push(crate::conditions::Condition::Restrained.name().to_string());
            }
            let str_dex = matches!(ability, Ability::Strength | Ability::Dexterity);
            (
                D20TestKind::SavingThrow,
                bonus,
                str_dex && c.auto_fails_str_dex_saves(),
            )
        }
    };
    let extra: i32 = r.modifiers.iter().map(|m| m.value).sum();
    let count = |l: &[String]| u32::try_from(l.len()).unwrap_or(u32::MAX);
    Ok(PlannedTest {
        test: D20Test {
            kind,
            bonus: base_bonus + extra,
            target: r.dc,
            mode: RollMode::from_sources(count(&advantage), count(&disadvantage)),
            exhaustion: c.exhaustion.level(),
        },
        base_bonus,
        modifiers: r.modifiers.clone(),
        exhaustion_penalty: c.exhaustion.d20_penalty(),
        advantage,
        disadvantage,
        auto_fail,
    })
}

/// Rolls the d20s of a roll mode for creature `rec`, one die per roll (so physical dice are
/// entered face by face), seen as [`super::roll_for`] says.
pub fn roll_d20s(
    ctx: &mut Ctx<'_, Dnd2024>,
    rec: &CreatureRecord,
    mode: RollMode,
    label: &str,
) -> Result<Vec<u8>, RuleError> {
    let mut faces = Vec::with_capacity(mode.dice());
    for _ in 0..mode.dice() {
        let r = super::roll_for(ctx, rec, label, "1d20")?;
        faces.push(face_of(r.total)?);
    }
    Ok(faces)
}

/// A d20 face from a roller's total (a physical die's face is checked by the roller; a
/// scripted one here).
pub fn face_of(total: i64) -> Result<u8, RuleError> {
    u8::try_from(total)
        .ok()
        .filter(|f| (1..=20).contains(f))
        .ok_or_else(|| RuleError::new("bad_face", format!("a d20 shows 1…20, not {total}")))
}

/// The `d20_test` command: plans, rolls and records the test. Returns the outcome.
pub fn d20_test(ctx: &mut Ctx<'_, Dnd2024>, r: &D20TestRequest) -> Result<bool, RuleError> {
    run_test(ctx, r).map(|(success, _)| success)
}

/// As [`d20_test`], also returning the total (`None`: failed without a roll).
pub fn run_test(
    ctx: &mut Ctx<'_, Dnd2024>,
    r: &D20TestRequest,
) -> Result<(bool, Option<i32>), RuleError> {
    let rec = super::record(ctx, &r.creature)?;
    rec.check_alive()?;
    // A Help with this check's skill gives Advantage, and is used (DD-ACT-09.a).
    let helpers = help_for(ctx.rules(), r);
    let mut helped = r.clone();
    if !helpers.is_empty() {
        helped.advantage.push(aid::HELP_SOURCE.to_string());
    }
    let r = &helped;
    let plan = plan(&rec, r)?;
    aid::use_help(ctx, &helpers)?;
    let (outcome, success) = if plan.auto_fail {
        (None, false)
    } else {
        let faces = roll_d20s(ctx, &rec, plan.test.mode, "d20 test")?;
        let o = plan.test.resolve(&faces).map_err(refusal)?;
        let s = o.success;
        (Some(o), s)
    };
    let total = outcome.as_ref().map(|o| o.total);
    let full = TestRoll {
        creature: r.creature.clone(),
        test: r.test,
        dc: Some(r.dc),
        plan: Some(plan),
        outcome,
        success,
    };
    let masked = TestRoll {
        dc: None,
        plan: None,
        outcome: None,
        ..full.clone()
    };
    super::emit_about(
        ctx,
        &r.creature,
        DndEvent::TestRolled(full),
        Some(DndEvent::TestRolled(masked)),
    )?;
    Ok((success, total))
}

/// The helpers whose Help gives this test Advantage: an ability check with a skill.
fn help_for(state: &DndState, r: &D20TestRequest) -> Vec<String> {
    match r.test {
        TestKind::AbilityCheck {
            skill: Some(skill), ..
        } => aid::check_helpers(state, &r.creature, skill),
        _ => Vec::new(),
    }
}

/// The `d20_odds` query: the planned test (every modifier and source) and its exact chance
/// of success, for a creature whose sheet the viewer sees (the Referee, or its player).
pub fn odds_query(
    state: &TableState<DndState>,
    viewer: &Viewer,
    args: &Value,
) -> Result<Value, RuleError> {
    let r: D20TestRequest = serde_json::from_value(args.clone())
        .map_err(|e| RuleError::new("bad_query", format!("d20_odds: {e}")))?;
    if !super::viewer_owns(state, viewer, &r.creature) {
        return Err(super::no_creature(&r.creature));
    }
    let rec = state
        .rules
        .creatures
        .get(&r.creature)
        .ok_or_else(|| super::no_creature(&r.creature))?;
    // A Help waiting for this check shows (not used by asking).
    let mut r = r;
    if !help_for(&state.rules, &r).is_empty() {
        r.advantage.push(aid::HELP_SOURCE.to_string());
    }
    let plan = plan(rec, &r)?;
    let odds = if plan.auto_fail {
        None
    } else {
        Some(crate::odds::d20_odds(&plan.test, false).map_err(refusal)?)
    };
    let ratio = |n: &num_rational::Ratio<u64>| format!("{}/{}", n.numer(), n.denom());
    Ok(serde_json::json!({
        "plan": plan,
        "success": odds.as_ref().map_or("0/1".to_string(), |o| ratio(&o.success)),
        "success_percent": odds.as_ref().map_or(0.0, |o| o.success_f64() * 100.0),
    }))
}
