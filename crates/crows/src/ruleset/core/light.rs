//! Light and positions (CR-LIGHT-01…05): the light level at a creature's square from placed
//! lights, carried sources, its set level and the ambient light; lighting and dousing a carried
//! source; guessing the square of a target in darkness.
//!
//! Commands (the Referee's):
//! - `{"set_position": {"creature": "vera", "at": [3, 4]}}` (`null`: unknown), `{"place_light":
//!   {"id": "fire", "at": [0, 0], "light": "2/2"}}` or `{…, "campfire": "small"}` (the
//!   campfire table; Holy Shit! needs the house rule, CR-REF-34), `{"remove_light": {"id":
//!   "fire"}}`, `{"set_ambient_light": {"level": "darkness"}}`. A creature with a position is
//!   in the brightest light any lit source gives its square — placed lights and the lit
//!   sources positioned creatures have in use (in hand, or a slot the card allows) — over its
//!   own set level or the ambient light; without a position its set level, else the ambient,
//!   else bright ([`light_level_of`], CR-LIGHT-01/02/03). Positions are seen by whoever sees
//!   the creature.
//! - `{"set_light_level": {"creature": "ghoul", "level": "bright"|"dim"|"darkness"}}` — the
//!   level for one creature without a position (unset means bright, CR-LIGHT-03).
//!
//! The character's controller (or the Referee): `{"light": {"creature": "vera", "item": 3}}`,
//! `{"douse": {"creature": "vera", "item": 3}}` (a source that burns per dungeon turn rolls its
//! usage dice).
//!
//! The attacker's controller (or the Referee):
//! - `{"guess_square": {"attacker": "vera", "target": "ghoul", "square": [4, 2]}}` — an attack
//!   on a target in darkness: the attacker names a square (CR-LIGHT-05). Refused when the
//!   target is not in darkness or the attacker sees without light. Logged as
//!   `square_guessed`; the Referee answers `crows.square_guess` (options `attack`,
//!   `automatic_miss`, `not_needed` when the target is not moving silently, CR-REF-24), whose
//!   context — Referee-only — holds the true square and whether the guess is right when the
//!   position is known; the ruling is logged as `guess_ruled`. The combat family opens the
//!   same decision for heavy concealment or invisibility (CR-LOE-08/09) through
//!   `Crows::open_square_guess`.

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::{Value, json};

use crate::creature::{RuleOverride, Size};
use crate::inventory::ItemId;
use crate::light::{LightError, LightLevel, PlacedLight};
use crate::test_roll::Modifier;
use crate::usage_dice::RollOccasion;

use crate::ruleset::adapter::Crows;

use super::events::CoreEvent;
use super::records::{audience, living, record, set_creature_only};
use crate::ruleset::adapter::{bad_context, decoded, err, roll_d6s};
use crate::ruleset::state::CrowsState;

/// The lit sources on the grid: placed lights, and every lit item a positioned, living
/// creature has in use (in hand, or a slot its card allows; CR-INV-10, CR-LIGHT-01) whose
/// usage dice are not spent (CR-UD-05).
pub fn lit_sources(rules: &CrowsState) -> Vec<PlacedLight> {
    lit_sources_carried_by(rules, |_| true)
}

/// [`lit_sources`] with only the carried sources of the creatures `carrier` accepts (a view
/// leaves out the light of a creature its viewer does not see: it would point at it).
pub fn lit_sources_carried_by(
    rules: &CrowsState,
    carrier: impl Fn(&str) -> bool,
) -> Vec<PlacedLight> {
    let mut out: Vec<PlacedLight> = rules.placed_lights.values().copied().collect();
    for (id, at) in &rules.positions {
        let Some(r) = rules.creatures.get(id) else {
            continue;
        };
        if !r.creature.alive || !carrier(id) {
            continue;
        }
        for item in r.creature.inventory.items_in_use() {
            if let (Some(output), Some(u)) = (item.light, &item.usage)
                && u.shines()
            {
                out.push(PlacedLight { at: *at, output });
            }
        }
    }
    out
}

/// The light where no source reaches: the Referee's ambient level, else bright (CR-LIGHT-03).
pub fn ambient_level(rules: &CrowsState) -> LightLevel {
    rules.ambient_light.unwrap_or(LightLevel::Bright)
}

/// The light level of square `at` (CR-LIGHT-01/02): the brightest `sources` give there, over
/// the ambient light. The one square rule behind [`light_level_of`] and the battle grid's
/// view.
pub fn square_light(rules: &CrowsState, at: (i32, i32), sources: &[PlacedLight]) -> LightLevel {
    square_light_over(at, sources, ambient_level(rules))
}

fn square_light_over(at: (i32, i32), sources: &[PlacedLight], base: LightLevel) -> LightLevel {
    crate::light::level_at(at, sources, base)
}

/// The light level at creature `id`'s square (CR-LIGHT-02): with a known position, the
/// brightest any lit source gives there, over the Referee's level for that creature (or the
/// ambient light); without one, the Referee's level for it, else the ambient light, else
/// bright (CR-LIGHT-03).
pub fn light_level_of(rules: &CrowsState, id: &str) -> LightLevel {
    let base = rules
        .light
        .get(id)
        .copied()
        .unwrap_or_else(|| ambient_level(rules));
    match rules.positions.get(id) {
        Some(at) => square_light_over(*at, &lit_sources(rules), base),
        None => base,
    }
}

/// How `viewer` sees a square lit at `level`: light-sensitive eyes see bright light as
/// darkness (CR-LIGHT-08).
pub fn perceived_by(rules: &CrowsState, viewer: &str, level: LightLevel) -> LightLevel {
    crate::light::perceived(level, rules.magic.bright_is_darkness(viewer))
}

/// The light modifier on `viewer`'s attack against `target` or on its test to make out
/// details at `target`'s square (CR-LIGHT-04/05), none when an exception lets the viewer see
/// without light (CR-CORE-03).
pub fn light_modifier_for(rules: &CrowsState, viewer: &str, target: &str) -> Option<Modifier> {
    let sees = rules
        .creatures
        .get(viewer)
        .is_some_and(|r| r.creature.has_override(&RuleOverride::SeesInDarkness));
    if sees {
        return None;
    }
    // Light-sensitive eyes see bright light as darkness (CR-LIGHT-08).
    crate::light::light_modifier(perceived_by(rules, viewer, light_level_of(rules, target)))
}

/// Largest grid coordinate a position or a placed light may have.
pub const MAX_COORDINATE: i32 = 100_000;

/// Records where creatures stand (the combat family calls this when its grid moves them, so
/// the light from carried sources follows, CR-LIGHT-02).
pub(in crate::ruleset) fn set_positions(
    ctx: &mut Ctx<'_, Crows>,
    moves: &[(String, Option<(i32, i32)>)],
) -> Result<(), RuleError> {
    for (creature, at) in moves {
        record(ctx, creature)?;
        let vis = audience(ctx, creature);
        ctx.emit_for(
            CoreEvent::Positioned {
                creature: creature.clone(),
                at: *at,
            },
            vis,
        )?;
    }
    Ok(())
}

impl Crows {
    /// A square guess for an unseen silent target (CR-LIGHT-05): refused when no guess is
    /// needed (the target is not in darkness, or the attacker sees without light); otherwise
    /// the Referee rules (CR-REF-24) through `crows.square_guess`, seeing the true square when
    /// it is known. The attacker's players never see where the target is.
    pub(in crate::ruleset) fn guess_square(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        attacker: &str,
        target: &str,
        square: (i32, i32),
    ) -> Result<(), RuleError> {
        let a = living(ctx, attacker)?;
        living(ctx, target)?;
        if attacker == target {
            return Err(RuleError::new(
                "bad_guess",
                "a creature knows its own square",
            ));
        }
        crate::light::may_guess_square(
            &a.creature.name,
            a.creature.has_override(&RuleOverride::SeesInDarkness),
            light_level_of(ctx.rules(), target),
        )
        .map_err(|e| err("no_guess_needed", e))?;
        self.open_square_guess(ctx, attacker, target, square, "darkness (CR-LIGHT-05)")
    }

    /// Records a square guess and asks the Referee (`crows.square_guess`, CR-REF-24) — for
    /// whatever hides the target from sight: `why` names it. `guess_square` calls it for
    /// darkness; the combat family calls it for heavy concealment or invisibility
    /// (CR-LOE-08/09) after its own checks.
    pub(in crate::ruleset) fn open_square_guess(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        attacker: &str,
        target: &str,
        square: (i32, i32),
        why: &str,
    ) -> Result<(), RuleError> {
        let a = living(ctx, attacker)?;
        living(ctx, target)?;
        let actual = ctx.rules().positions.get(target).copied();
        let vis = audience(ctx, attacker);
        ctx.emit_for(
            CoreEvent::SquareGuessed {
                attacker: attacker.to_string(),
                target: target.to_string(),
                square,
            },
            vis,
        )?;
        let right = actual.map(|at| at == square);
        let request = DecisionRequest::new(
            "crows.square_guess",
            format!(
                "{} names square ({}, {}) for {}, unseen in {why}: is the target moving \
                 silently, and is the square right? (CR-REF-24)",
                a.creature.name, square.0, square.1, target
            ),
            Answerer::Referee,
            &[
                ("attack", "Right square: roll the attack"),
                ("automatic_miss", "Wrong square: the attack misses"),
                ("not_needed", "Not moving silently: attack as usual"),
            ],
        )
        .with_visibility(Visibility::Referee)
        .with_args(
            json!({"creature": attacker, "target": target, "x": square.0, "y": square.1,
            "why": why}),
        )
        .with_context(json!({
            "creature": attacker,
            "target": target,
            "square": square,
            "true_square": actual,
            "right": right,
            "unseen_in": why,
        }));
        ctx.ask(request).map(|_| ())
    }

    /// `set_light_level`: the light level for one creature without a position (CR-LIGHT-03).
    pub(super) fn set_light_level(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        level: &LightLevel,
    ) -> Result<(), RuleError> {
        record(ctx, creature)?;
        let vis = audience(ctx, creature);
        ctx.emit_for(
            CoreEvent::LightSet {
                creature: creature.to_string(),
                level: *level,
            },
            vis,
        )
    }

    /// `light`: a carried light source is lit.
    pub(super) fn light(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
    ) -> Result<(), RuleError> {
        let mut c = living(ctx, creature)?.creature;
        let usage = Self::item_usage(&mut c, *item)?;
        crate::light::light(usage).map_err(|e| match e {
            LightError::NotALight => err("not_a_light", e),
            _ => err("light_refused", e),
        })?;
        set_creature_only(ctx, creature, c, "lit", Value::Null)
    }

    /// `douse`: a carried light source is put out (a source that burns per dungeon turn rolls its
    /// usage dice).
    pub(super) fn douse(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        item: &ItemId,
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        let mut c = r.creature.clone();
        let usage = Self::item_usage(&mut c, *item)?;
        crate::light::may_douse(usage).map_err(|e| err("not_lit", e))?;
        let n = usage.dice_to_roll(RollOccasion::Dousing);
        let label = format!("usage dice: {} (doused)", usage.item);
        let vis = audience(ctx, creature);
        let faces = roll_d6s(ctx, &label, n, &vis)?;
        let usage = Self::item_usage(&mut c, *item)?;
        let rolled = crate::light::douse(usage, &faces).map_err(|e| err("douse_refused", e))?;
        set_creature_only(ctx, creature, c, "doused", json!(rolled))
    }

    /// `set_position`: a creature's known square, or unknown.
    pub(super) fn set_position(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        at: &Option<(i32, i32)>,
    ) -> Result<(), RuleError> {
        record(ctx, creature)?;
        if at.is_some_and(|(x, y)| x.abs() > MAX_COORDINATE || y.abs() > MAX_COORDINATE) {
            return Err(RuleError::new(
                "bad_position",
                format!("coordinates are within ±{MAX_COORDINATE}"),
            ));
        }
        set_positions(ctx, &[(creature.to_string(), *at)])
    }

    /// `place_light`: a light source placed on a square, or a campfire from its table (CR-REF-34).
    pub(super) fn place_light(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        at: &(i32, i32),
        light: &Option<String>,
        campfire: &Option<Size>,
    ) -> Result<(), RuleError> {
        if id.is_empty() || id.len() > 64 {
            return Err(RuleError::new("bad_id", "a light id is 1…64 characters"));
        }
        if at.0.abs() > MAX_COORDINATE || at.1.abs() > MAX_COORDINATE {
            return Err(RuleError::new(
                "bad_position",
                format!("coordinates are within ±{MAX_COORDINATE}"),
            ));
        }
        let output = crate::light::placed_output(
            light.as_deref(),
            *campfire,
            ctx.rules().options.holy_shit_campfire,
        )
        .map_err(|e| match e {
            LightError::HolyShitCampfireUnset => err("no_campfire_row", e),
            _ => err("bad_light", e),
        })?;
        ctx.emit(CoreEvent::LightPlaced {
            id: id.to_string(),
            light: PlacedLight { at: *at, output },
        })
    }

    /// `remove_light`: a placed light source is taken away.
    pub(super) fn remove_light(&self, ctx: &mut Ctx<'_, Crows>, id: &str) -> Result<(), RuleError> {
        if !ctx.rules().placed_lights.contains_key(id) {
            return Err(RuleError::new(
                "unknown_light",
                format!("no light `{id}` is placed"),
            ));
        }
        ctx.emit(CoreEvent::LightRemoved { id: id.to_string() })
    }
}

impl Crows {
    /// `crows.square_guess`: the Referee's ruling on a guessed square is recorded (CR-LIGHT-05,
    /// CR-REF-24).
    pub(super) fn answer_square_guess(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        decision: &Decision,
        answer: &Answer,
        creature: String,
    ) -> Result<(), RuleError> {
        let target: String = decoded(&decision.context, "target").ok_or_else(bad_context)?;
        let vis = audience(ctx, &creature);
        ctx.emit_for(
            CoreEvent::GuessRuled {
                attacker: creature,
                target,
                outcome: answer.option.clone(),
            },
            vis,
        )
    }
}
