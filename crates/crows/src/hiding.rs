//! Hiding and sneaking («Прятаться и красться», CR-HIDE-01…05).
//!
//! "Hidden" is a relation: a hider is hidden *from* particular observers (CR-HIDE-05).
//! [`HiddenFrom`] stores those pairs; the modifiers it implies are [`Modifier`]s with the
//! `hidden_from_target` / `hidden_attacker_forces_rr` / `sneaking_too_fast` sources of the
//! registry ([`crate::modifiers`]).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::test_roll::{Modifier, ModifierSource, SourceKind};

/// Refusals of the hiding rules.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum HideError {
    #[error(
        "{observer} is watching {hider}: a hide test is allowed only while unobserved (CR-HIDE-01)"
    )]
    #[strum(props(rule = "CR-HIDE-01"))]
    Observed { hider: String, observer: String },
    #[error("hide from 1…{max} observers (CR-HIDE-05)")]
    #[strum(props(rule = "CR-HIDE-05"))]
    HideFromCount { max: usize },
    #[error("a creature cannot hide from itself (CR-HIDE-05)")]
    #[strum(props(rule = "CR-HIDE-05"))]
    HideFromSelf,
    #[error("{creature} is not hidden from them (CR-HIDE-05)")]
    #[strum(props(rule = "CR-HIDE-05"))]
    NotHidden { creature: String },
    #[error("sneak past 1…{max} creatures (CR-HIDE-02)")]
    #[strum(props(rule = "CR-HIDE-02"))]
    SneakPastCount { max: usize },
    #[error("a creature cannot sneak past itself (CR-HIDE-02)")]
    #[strum(props(rule = "CR-HIDE-02"))]
    SneakPastSelf,
    #[error("{creature} moved {squares_moved} squares but its speed is {speed} (CR-HIDE-02)")]
    #[strum(props(rule = "CR-HIDE-02"))]
    SneakTooFast {
        creature: String,
        squares_moved: u32,
        speed: u32,
    },
}

crate::refusal::refusal!(HideError, "hide");

/// Most observers one hide test names (CR-HIDE-05).
pub const MAX_HIDE_FROM: usize = 64;

/// Most creatures one sneak test passes (CR-HIDE-02).
pub const MAX_SNEAK_PAST: usize = 64;

/// May `hider` make a hide test against `from` (CR-HIDE-01/05): 1…[`MAX_HIDE_FROM`] others,
/// none watching. `known` looks each observer up first (the caller's refusal for a creature
/// that is not there comes out as `Err`); the rule's own refusal is the inner result.
pub fn may_hide<E>(
    hider: &str,
    from: &[String],
    watching: &[String],
    mut known: impl FnMut(&str) -> Result<(), E>,
) -> Result<Result<(), HideError>, E> {
    if from.is_empty() || from.len() > MAX_HIDE_FROM {
        return Ok(Err(HideError::HideFromCount { max: MAX_HIDE_FROM }));
    }
    for o in from {
        known(o)?;
        if o == hider {
            return Ok(Err(HideError::HideFromSelf));
        }
        if let Err(e) = HiddenFrom::may_try_to_hide(hider, o, watching.contains(o)) {
            return Ok(Err(e));
        }
    }
    Ok(Ok(()))
}

/// May `sneaker` (named `name`, of current `speed`) sneak past `past` having moved
/// `squares_moved` squares (CR-HIDE-02): 1…[`MAX_SNEAK_PAST`] others, no farther than its
/// speed. `known` looks each one up first, as in [`may_hide`].
pub fn may_sneak<E>(
    sneaker: &str,
    name: &str,
    past: &[String],
    squares_moved: u32,
    speed: u32,
    mut known: impl FnMut(&str) -> Result<(), E>,
) -> Result<Result<(), HideError>, E> {
    if past.is_empty() || past.len() > MAX_SNEAK_PAST {
        return Ok(Err(HideError::SneakPastCount {
            max: MAX_SNEAK_PAST,
        }));
    }
    for p in past {
        known(p)?;
        if p == sneaker {
            return Ok(Err(HideError::SneakPastSelf));
        }
    }
    if squares_moved > speed {
        return Ok(Err(HideError::SneakTooFast {
            creature: name.to_string(),
            squares_moved,
            speed,
        }));
    }
    Ok(Ok(()))
}

/// A reveal names someone `creature` is hidden from (CR-HIDE-05).
pub fn may_reveal(creature: &str, hidden_from_any: bool) -> Result<(), HideError> {
    if !hidden_from_any {
        return Err(HideError::NotHidden {
            creature: creature.to_string(),
        });
    }
    Ok(())
}

/// Who is hidden from whom (engine ids).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HiddenFrom {
    pairs: BTreeSet<(String, String)>,
}

impl HiddenFrom {
    /// Whether `hider` is hidden from `observer`.
    pub fn is_hidden(&self, hider: &str, observer: &str) -> bool {
        self.pairs
            .contains(&(hider.to_owned(), observer.to_owned()))
    }

    /// The observers `hider` is hidden from.
    pub fn hidden_from<'a>(&'a self, hider: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.pairs
            .iter()
            .filter(move |(h, _)| h == hider)
            .map(|(_, o)| o.as_str())
    }

    /// May `hider` make a hide test against `observer`? Only if the Referee says the observer
    /// is not watching (CR-HIDE-01, CR-REF-11).
    pub fn may_try_to_hide(
        hider: &str,
        observer: &str,
        observer_is_watching: bool,
    ) -> Result<(), HideError> {
        if observer_is_watching {
            Err(HideError::Observed {
                hider: hider.to_owned(),
                observer: observer.to_owned(),
            })
        } else {
            Ok(())
        }
    }

    /// A successful hide test makes `hider` hidden from `observer`.
    pub fn hide(&mut self, hider: &str, observer: &str) {
        self.pairs.insert((hider.to_owned(), observer.to_owned()));
    }

    /// `observer` notices `hider`.
    pub fn reveal(&mut self, hider: &str, observer: &str) -> bool {
        self.pairs.remove(&(hider.to_owned(), observer.to_owned()))
    }

    /// The edge on `attacker`'s attack against `target` when hidden from it (CR-HIDE-03).
    pub fn attack_modifier(&self, attacker: &str, target: &str) -> Option<Modifier> {
        self.is_hidden(attacker, target).then(|| {
            Modifier::edge(
                ModifierSource::new(SourceKind::Situation, "hidden_from_target")
                    .with_rule("CR-HIDE-03"),
            )
        })
    }

    /// The bane on `target`'s resistance roll forced by `hider` while hidden from it
    /// (CR-HIDE-03).
    pub fn forced_rr_modifier(&self, hider: &str, target: &str) -> Option<Modifier> {
        self.is_hidden(hider, target).then(|| {
            Modifier::bane(
                ModifierSource::new(SourceKind::Situation, "hidden_attacker_forces_rr")
                    .with_rule("CR-HIDE-03"),
            )
        })
    }
}

/// The bane for sneaking faster than half one's speed (CR-HIDE-02). Half the speed rounds
/// down (CR-CORE-04): with speed 5, moving 2 squares is fine and 3 takes the bane.
pub fn sneak_modifier(squares_moved: u32, speed: u32) -> Option<Modifier> {
    (squares_moved > speed / 2).then(|| {
        Modifier::bane(
            ModifierSource::new(SourceKind::Situation, "sneaking_too_fast").with_rule("CR-HIDE-02"),
        )
    })
}
