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
}

crate::refusal::refusal!(HideError, "hide");

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
