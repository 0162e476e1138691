//! Light and vision («Свет», «Яркий свет», «Тусклый свет», «Темнота», «Костёр», «Тушение
//! источников света»).
//!
//! A source is written X/Y: X squares of bright light, then Y more of dim light (CR-LIGHT-01).
//! Distances on the grid count diagonals like straight lines (Chebyshev distance, «Сетка и
//! дистанции»). A square's level is the brightest any source gives it (CR-ERR-51). Dim light
//! gives a bane and darkness a double bane on attacks against a target there and on tests to
//! make out details or search (CR-LIGHT-04/05); in darkness a silent target's square must be
//! guessed (CR-LIGHT-05).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::nature::Size;
use crate::test_roll::{Modifier, ModifierEffect, ModifierSource, SourceKind};
use crate::usage_dice::{ItemUsage, PoolRoll, RollOccasion, UsageError};

// The three light levels (darkest first), the X/Y falloff and "the brightest source wins" are
// game-free (`tabletop::light`); the notation, the campfire table and the banes are this
// ruleset's.
pub use tabletop::light::LightLevel;

/// Refusals.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum LightError {
    #[error("CR-LIGHT-01: light is written X/Y with whole numbers, got “{0}”")]
    #[strum(props(rule = "CR-LIGHT-01"))]
    BadNotation(String),
    #[error(
        "CR-LIGHT-06: the campfire table has no Holy Shit! row; the Referee sets its light (CR-REF-34)"
    )]
    #[strum(props(rule = "CR-LIGHT-06"))]
    NoCampfireRow,
    #[error("CR-LIGHT-05: guessing a square applies only to a silent target in darkness")]
    #[strum(props(rule = "CR-LIGHT-05"))]
    NoGuessNeeded,
    #[error("{creature} sees without light: no square to guess (CR-CORE-03, CR-LIGHT-05)")]
    #[strum(props(rule = "CR-CORE-03"))]
    SeesInDarkness { creature: String },
    #[error("this item gives no light")]
    #[strum(props(rule = "CR-LIGHT-01"))]
    NotALight,
    #[error("the source is not burning")]
    #[strum(props(rule = "CR-LIGHT-07"))]
    NotLit,
    #[error(
        "CR-LIGHT-06: the campfire table has no Holy Shit! row; set the \
         house rule `options.holy_shit_campfire` first (CR-REF-34)"
    )]
    #[strum(props(rule = "CR-REF-34"))]
    HolyShitCampfireUnset,
    #[error("give exactly one of `light` (\"X/Y\") and `campfire` (a size)")]
    #[strum(props(rule = "CR-LIGHT-01"))]
    LightOrCampfire,
    #[error(transparent)]
    Usage(#[from] UsageError),
}

crate::refusal::refusal!(LightError, "light"; usage => Usage);

/// A square guess is for an attacker that needs light, against a target in darkness
/// (CR-LIGHT-05); one that sees without light never guesses (CR-CORE-03).
pub fn may_guess_square(
    attacker: &str,
    sees_in_darkness: bool,
    target_light: LightLevel,
) -> Result<(), LightError> {
    if sees_in_darkness {
        return Err(LightError::SeesInDarkness {
            creature: attacker.to_string(),
        });
    }
    if target_light != LightLevel::Darkness {
        return Err(LightError::NoGuessNeeded);
    }
    Ok(())
}

/// Lights a carried source: an item that gives light (CR-LIGHT-01) and is usable.
pub fn light(source: &mut ItemUsage) -> Result<(), LightError> {
    if !source.light_source {
        return Err(LightError::NotALight);
    }
    Ok(source.light()?)
}

/// Only a burning source is doused (CR-LIGHT-07).
pub fn may_douse(source: &ItemUsage) -> Result<(), LightError> {
    if !source.lit {
        return Err(LightError::NotLit);
    }
    Ok(())
}

/// The light a placed source gives: its "X/Y" output, or a campfire of `campfire`'s size from
/// the table (CR-LIGHT-06) — a Holy Shit! one only by the house rule `holy_shit` (CR-REF-34).
pub fn placed_output(
    light: Option<&str>,
    campfire: Option<Size>,
    holy_shit: Option<LightOutput>,
) -> Result<LightOutput, LightError> {
    match (light, campfire) {
        (Some(l), None) => LightOutput::parse(l),
        (None, Some(Size::HolyShit)) => holy_shit.ok_or(LightError::HolyShitCampfireUnset),
        (None, Some(size)) => campfire_light(size),
        _ => Err(LightError::LightOrCampfire),
    }
}

/// A light output X/Y (CR-LIGHT-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LightOutput {
    pub bright: u16,
    pub dim: u16,
}

impl LightOutput {
    /// Parses "X/Y" (spaces allowed around the numbers).
    pub fn parse(s: &str) -> Result<Self, LightError> {
        let bad = || LightError::BadNotation(s.to_string());
        let (x, y) = s.split_once('/').ok_or_else(bad)?;
        let bright = x.trim().parse::<u16>().map_err(|_| bad())?;
        let dim = y.trim().parse::<u16>().map_err(|_| bad())?;
        Ok(LightOutput { bright, dim })
    }

    /// The level this source gives at `distance` squares (CR-LIGHT-01).
    pub fn level_at(&self, distance: u32) -> LightLevel {
        // A 0/Y source (a Tiny campfire) lights its own square dimly too.
        tabletop::light::level_at_distance(u32::from(self.bright), u32::from(self.dim), distance)
    }
}

impl std::fmt::Display for LightOutput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.bright, self.dim)
    }
}

/// Grid distance in squares: diagonals count as straight lines.
pub fn grid_distance(a: (i32, i32), b: (i32, i32)) -> u32 {
    tabletop::square::distance(a.into(), b.into())
}

/// A lit source on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedLight {
    pub at: (i32, i32),
    pub output: LightOutput,
}

/// The light level of a square: the brightest any source gives (CR-LIGHT-02, CR-ERR-51);
/// `ambient` is the level without sources (darkness underground, bright under the sun).
pub fn level_at(square: (i32, i32), sources: &[PlacedLight], ambient: LightLevel) -> LightLevel {
    sources
        .iter()
        .map(|s| s.output.level_at(grid_distance(square, s.at)))
        .fold(ambient, LightLevel::max)
}

/// How a viewer perceives a level: backlash 83–84 makes bright light count as darkness
/// (CR-LIGHT-08).
pub fn perceived(level: LightLevel, bright_is_darkness: bool) -> LightLevel {
    if bright_is_darkness && level == LightLevel::Bright {
        LightLevel::Darkness
    } else {
        level
    }
}

fn source(name: &str, rule: &str) -> ModifierSource {
    ModifierSource::new(SourceKind::Light, name).with_rule(rule)
}

/// The modifier light puts on an attack against a target in that light, or on a test to make
/// out details or search there (CR-LIGHT-03/04/05).
pub fn light_modifier(level: LightLevel) -> Option<Modifier> {
    match level {
        LightLevel::Bright => None,
        LightLevel::Dim => Some(Modifier::new(
            source("dim_light", "CR-LIGHT-04"),
            ModifierEffect::Bane,
        )),
        LightLevel::Darkness => Some(Modifier::new(
            source("darkness", "CR-LIGHT-05"),
            ModifierEffect::DoubleBane,
        )),
    }
}

/// An attack on a creature that moves silently in darkness: the attacker names a square; a
/// wrong guess misses automatically (CR-LIGHT-05). Whether the target moves silently is the
/// Referee's call (CR-REF-24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GuessOutcome {
    /// Right square: roll the attack (with the darkness double bane).
    Attack,
    AutomaticMiss,
}

pub fn resolve_square_guess(
    target_level: LightLevel,
    target_silent: bool,
    guessed: (i32, i32),
    actual: (i32, i32),
) -> Result<GuessOutcome, LightError> {
    if target_level != LightLevel::Darkness || !target_silent {
        return Err(LightError::NoGuessNeeded);
    }
    Ok(if guessed == actual {
        GuessOutcome::Attack
    } else {
        GuessOutcome::AutomaticMiss
    })
}

/// Whether the attacker must guess the target's square.
pub fn must_guess_square(target_level: LightLevel, target_silent: bool) -> bool {
    target_level == LightLevel::Darkness && target_silent
}

/// The campfire table «Яркость костра» (CR-LIGHT-06, CR-ERR-21), smallest first.
pub const CAMPFIRE_TABLE: [(Size, LightOutput); 5] = [
    (Size::Tiny, LightOutput { bright: 0, dim: 5 }),
    (Size::Small, LightOutput { bright: 5, dim: 5 }),
    (
        Size::Medium,
        LightOutput {
            bright: 10,
            dim: 10,
        },
    ),
    (
        Size::Large,
        LightOutput {
            bright: 15,
            dim: 15,
        },
    ),
    (
        Size::Huge,
        LightOutput {
            bright: 20,
            dim: 20,
        },
    ),
];

/// A campfire's light by size; Holy Shit! has no row (the Referee decides, CR-REF-34).
pub fn campfire_light(size: Size) -> Result<LightOutput, LightError> {
    CAMPFIRE_TABLE
        .iter()
        .find(|(s, _)| *s == size)
        .map(|(_, o)| *o)
        .ok_or(LightError::NoCampfireRow)
}

/// Dousing a light source: a source whose usage dice roll at the end of a dungeon turn rolls
/// them now too (CR-LIGHT-07, CR-UD-06). `faces` are the engine's d6 faces (one per die in the
/// pool, none when nothing is rolled).
pub fn douse(source: &mut ItemUsage, faces: &[u8]) -> Result<Option<PoolRoll>, LightError> {
    let rolled = source.roll(RollOccasion::Dousing, faces)?;
    source.lit = false;
    Ok(rolled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usage_dice::{UsageKeyword, UsageLine};

    #[test]
    fn cr_light_01_x_slash_y() {
        let o = LightOutput::parse("2/3").expect("valid");
        assert_eq!(o, LightOutput { bright: 2, dim: 3 });
        for d in 0..=2 {
            assert_eq!(o.level_at(d), LightLevel::Bright, "{d}");
        }
        for d in 3..=5 {
            assert_eq!(o.level_at(d), LightLevel::Dim, "{d}");
        }
        assert_eq!(o.level_at(6), LightLevel::Darkness);
        assert_eq!(o.to_string(), "2/3");
        assert!(LightOutput::parse("2-3").is_err());
        assert!(LightOutput::parse("a/3").is_err());
        assert_eq!(
            LightOutput::parse(" 0 / 5 "),
            Ok(LightOutput { bright: 0, dim: 5 })
        );
    }

    #[test]
    // Covers CR-LIGHT-02, CR-ERR-51.
    fn cr_light_02_cr_err_51_brightest_source_wins() {
        let torch = PlacedLight {
            at: (0, 0),
            output: LightOutput { bright: 2, dim: 3 },
        };
        let lamp = PlacedLight {
            at: (6, 0),
            output: LightOutput { bright: 1, dim: 2 },
        };
        assert_eq!(
            level_at((4, 0), &[torch, lamp], LightLevel::Darkness),
            LightLevel::Dim
        );
        assert_eq!(
            level_at((5, 0), &[torch, lamp], LightLevel::Darkness),
            LightLevel::Bright
        );
        assert_eq!(
            level_at((20, 20), &[torch, lamp], LightLevel::Darkness),
            LightLevel::Darkness
        );
        assert_eq!(
            level_at((20, 20), &[torch], LightLevel::Bright),
            LightLevel::Bright
        );
        // Diagonals count like straight lines.
        assert_eq!(grid_distance((0, 0), (2, 2)), 2);
        assert_eq!(
            level_at((2, 2), &[torch], LightLevel::Darkness),
            LightLevel::Bright
        );
    }

    #[test]
    fn cr_light_03_bright_light_no_penalty() {
        assert_eq!(light_modifier(LightLevel::Bright), None);
    }

    #[test]
    fn cr_light_04_dim_light_bane() {
        let m = light_modifier(LightLevel::Dim).expect("bane");
        assert_eq!(m.effect, ModifierEffect::Bane);
        assert_eq!(m.source.rule.as_deref(), Some("CR-LIGHT-04"));
    }

    #[test]
    fn cr_light_05_darkness_double_bane_and_guessing() {
        let m = light_modifier(LightLevel::Darkness).expect("double bane");
        assert_eq!(m.effect, ModifierEffect::DoubleBane);
        assert!(must_guess_square(LightLevel::Darkness, true));
        assert!(!must_guess_square(LightLevel::Dim, true));
        assert!(!must_guess_square(LightLevel::Darkness, false));
        assert_eq!(
            resolve_square_guess(LightLevel::Darkness, true, (1, 1), (1, 1)),
            Ok(GuessOutcome::Attack)
        );
        assert_eq!(
            resolve_square_guess(LightLevel::Darkness, true, (1, 2), (1, 1)),
            Ok(GuessOutcome::AutomaticMiss)
        );
        assert_eq!(
            resolve_square_guess(LightLevel::Dim, true, (1, 2), (1, 1)),
            Err(LightError::NoGuessNeeded)
        );
    }

    #[test]
    // Covers CR-LIGHT-06, CR-ERR-21.
    fn cr_light_06_cr_err_21_campfire_brightness_table_every_row() {
        let rows = [
            (Size::Tiny, 0, 5),
            (Size::Small, 5, 5),
            (Size::Medium, 10, 10),
            (Size::Large, 15, 15),
            (Size::Huge, 20, 20),
        ];
        assert_eq!(CAMPFIRE_TABLE.len(), rows.len());
        for (size, bright, dim) in rows {
            assert_eq!(
                campfire_light(size),
                Ok(LightOutput { bright, dim }),
                "{size:?}"
            );
        }
        assert_eq!(
            campfire_light(Size::HolyShit),
            Err(LightError::NoCampfireRow)
        );
        // A Tiny fire gives only dim light, even in its own square.
        let tiny = LightOutput { bright: 0, dim: 5 };
        assert_eq!(tiny.level_at(0), LightLevel::Dim);
        assert_eq!(tiny.level_at(5), LightLevel::Dim);
        assert_eq!(tiny.level_at(6), LightLevel::Darkness);
    }

    #[test]
    fn cr_light_07_dousing_rolls_usage_dice() {
        let line = UsageLine {
            dice: 2,
            keywords: vec![UsageKeyword::DungeonTurn, UsageKeyword::Useless],
            refuel_with: None,
        };
        let mut torch = ItemUsage::new("torch", line)
            .expect("valid")
            .as_light_source();
        torch.light().expect("lit");
        assert!(douse(&mut torch, &[]).is_err(), "the pool must be rolled");
        let r = douse(&mut torch, &[2, 6]).expect("ok").expect("rolled");
        assert_eq!(r.remaining, 1);
        assert!(!torch.lit);
        // A doused torch neither rolls at the end of the DT nor when doused again.
        assert_eq!(torch.dice_to_roll(RollOccasion::EndOfDungeonTurn), 0);
        assert_eq!(douse(&mut torch, &[]).expect("ok"), None);
    }

    #[test]
    fn cr_light_08_bright_as_darkness_per_viewer() {
        assert_eq!(perceived(LightLevel::Bright, true), LightLevel::Darkness);
        assert_eq!(perceived(LightLevel::Dim, true), LightLevel::Dim);
        assert_eq!(perceived(LightLevel::Bright, false), LightLevel::Bright);
    }
}
