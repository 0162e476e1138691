//! Exceptions supersede general rules (DD-CORE-20): the override layer.
//!
//! A general rule of the glossary that a feature, spell, item or monster ability may contradict
//! is declared once here as a [`RuleKey`] with its general value. Whoever applies the rule asks
//! [`Exceptions::resolve`] for the value in force instead of using a constant: the most specific
//! override wins (a specific rule over the general one, the Game Master's ruling over both).
//! Two specific rules of the same rank that disagree are not settled silently: the refusal asks
//! for the GM's ruling, which is then given as an override of rank [`Specificity::GameMaster`].
//!
//! The crate's rules that go through this layer: ability score caps (DD-CORE-02.d), the
//! Critical Hit face (DD-CORE-19.a), attacks per Attack action (DD-ACT-05.a), the attunement
//! limit (DD-MAG-15.a), what comes back on revival (DD-DMG-18.b), what carries over when
//! shape-shifting (DD-MAG-20.a) and whether an illusion reacts to its surroundings
//! (DD-MAG-17.b).

use crate::RulesError;
use serde::{Deserialize, Serialize};

/// A general rule that specific rules are known to override. Each names its checklist clause
/// and its general value (`general`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleKey {
    /// Highest ability score of a player character (DD-CORE-02.d): 20; a feature may raise it,
    /// never above 30.
    PcAbilityScoreCap,
    /// Lowest natural d20 face that is a Critical Hit on an attack roll (DD-CORE-19.a): 20.
    CriticalHitFace,
    /// Attack rolls one Attack action gives (DD-ACT-05.a): 1; Extra Attack and the like raise it.
    AttacksPerAttackAction,
    /// Magic items a creature may be attuned to at once (DD-MAG-15.a): 3.
    AttunementLimit,
    /// Conditions, magical contagions and curses still running come back on revival
    /// (DD-DMG-18.b): yes, unless the reviving effect says otherwise.
    RevivalKeepsOngoingEffects,
    /// Ongoing effects carry over between forms when shape-shifting (DD-MAG-20.a): yes, unless
    /// the shape-shifting effect says otherwise.
    ShapeShiftKeepsOngoingEffects,
    /// An illusion in space seems to react to its surroundings (shadows, reflections, wind,
    /// echoes) (DD-MAG-17.b): yes, unless its effect says otherwise.
    IllusionReactsToSurroundings,
}

/// The value of a rule: a number or a yes/no.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleValue {
    Number(i64),
    Yes(bool),
}

impl RuleKey {
    pub const ALL: [RuleKey; 7] = [
        RuleKey::PcAbilityScoreCap,
        RuleKey::CriticalHitFace,
        RuleKey::AttacksPerAttackAction,
        RuleKey::AttunementLimit,
        RuleKey::RevivalKeepsOngoingEffects,
        RuleKey::ShapeShiftKeepsOngoingEffects,
        RuleKey::IllusionReactsToSurroundings,
    ];

    /// The general rule's value (the table of general rules, declared once).
    pub fn general(self) -> RuleValue {
        match self {
            RuleKey::PcAbilityScoreCap => RuleValue::Number(20),
            RuleKey::CriticalHitFace => RuleValue::Number(20),
            RuleKey::AttacksPerAttackAction => RuleValue::Number(1),
            RuleKey::AttunementLimit => RuleValue::Number(3),
            RuleKey::RevivalKeepsOngoingEffects
            | RuleKey::ShapeShiftKeepsOngoingEffects
            | RuleKey::IllusionReactsToSurroundings => RuleValue::Yes(true),
        }
    }

    /// The checklist clause of the general rule.
    pub fn rule(self) -> &'static str {
        match self {
            RuleKey::PcAbilityScoreCap => "DD-CORE-02.d",
            RuleKey::CriticalHitFace => "DD-CORE-19.a",
            RuleKey::AttacksPerAttackAction => "DD-ACT-05.a",
            RuleKey::AttunementLimit => "DD-MAG-15.a",
            RuleKey::RevivalKeepsOngoingEffects => "DD-DMG-18.b",
            RuleKey::ShapeShiftKeepsOngoingEffects => "DD-MAG-20.a",
            RuleKey::IllusionReactsToSurroundings => "DD-MAG-17.b",
        }
    }

    /// The values an override may set: numbers within the rule's hard limits, yes/no for
    /// yes/no rules.
    fn accepts(self, v: RuleValue) -> Result<(), RulesError> {
        let range = match self {
            // The absolute maximum is 30 (DD-CORE-02.d).
            RuleKey::PcAbilityScoreCap => Some((1, 30)),
            RuleKey::CriticalHitFace => Some((2, 20)),
            RuleKey::AttacksPerAttackAction => Some((1, 10)),
            RuleKey::AttunementLimit => Some((0, 20)),
            _ => None,
        };
        match (range, v) {
            (Some((min, max)), RuleValue::Number(n)) => {
                crate::in_range("override value", n, min, max, self.rule())
            }
            (None, RuleValue::Yes(_)) => Ok(()),
            _ => Err(RulesError::Forbidden {
                rule: "DD-CORE-20.a",
                reason: format!(
                    "{self:?} takes a {} value",
                    match self.general() {
                        RuleValue::Number(_) => "number",
                        RuleValue::Yes(_) => "yes/no",
                    }
                ),
            }),
        }
    }
}

/// How specific a rule is. Higher ranks win (DD-CORE-20.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Specificity {
    /// A specific rule: a feature, spell, magic item or monster ability.
    Specific,
    /// The Game Master's ruling, final at the table.
    GameMaster,
}

/// One override of a general rule by a named source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    pub key: RuleKey,
    pub value: RuleValue,
    /// What says so (a feature, a spell, an item, "GM").
    pub source: String,
    pub specificity: Specificity,
}

/// The value in force and where it came from (`None`: the general rule).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolved {
    pub value: RuleValue,
    pub source: Option<String>,
}

/// The overrides in force for one creature or one effect. Empty = the general rules.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exceptions {
    overrides: Vec<Override>,
}

impl Exceptions {
    /// No overrides: every rule at its general value.
    pub fn general() -> Exceptions {
        Exceptions::default()
    }

    /// Adds an override from a feature, spell, item or monster ability (rank Specific).
    /// A value of the wrong kind or outside the rule's hard limits is refused.
    pub fn specific(
        mut self,
        key: RuleKey,
        value: RuleValue,
        source: &str,
    ) -> Result<Exceptions, RulesError> {
        self.add(Override {
            key,
            value,
            source: source.to_string(),
            specificity: Specificity::Specific,
        })?;
        Ok(self)
    }

    /// Adds the GM's ruling on a rule (rank GameMaster): it wins over every other override.
    pub fn gm_ruling(mut self, key: RuleKey, value: RuleValue) -> Result<Exceptions, RulesError> {
        self.add(Override {
            key,
            value,
            source: "GM".to_string(),
            specificity: Specificity::GameMaster,
        })?;
        Ok(self)
    }

    /// Adds an override; refused (nothing changes) when its value does not fit the rule.
    pub fn add(&mut self, o: Override) -> Result<(), RulesError> {
        o.key.accepts(o.value)?;
        self.overrides.push(o);
        Ok(())
    }

    /// Adds every override of `other` (a creature's features plus the effect in play).
    pub fn merged(mut self, other: &Exceptions) -> Exceptions {
        self.overrides.extend(other.overrides.iter().cloned());
        self
    }

    pub fn overrides(&self) -> &[Override] {
        &self.overrides
    }

    /// The value in force for `key` (DD-CORE-20.a): the general value unless overridden; the
    /// highest-ranked override wins; overrides of the top rank that agree are one answer; two
    /// that disagree are refused, asking for the GM's ruling.
    pub fn resolve(&self, key: RuleKey) -> Result<Resolved, RulesError> {
        let Some(top) = self
            .overrides
            .iter()
            .filter(|o| o.key == key)
            .map(|o| o.specificity)
            .max()
        else {
            return Ok(Resolved {
                value: key.general(),
                source: None,
            });
        };
        let mut winners = self
            .overrides
            .iter()
            .filter(|o| o.key == key && o.specificity == top);
        // `top` is the rank of at least one override of this key, so `winners` is not empty;
        // the fallback only keeps the function total.
        let Some(first) = winners.next() else {
            return Ok(Resolved {
                value: key.general(),
                source: None,
            });
        };
        if let Some(other) = winners.find(|o| o.value != first.value) {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-20.a",
                reason: format!(
                    "`{}` and `{}` disagree on {} ({key:?}); the GM rules which applies",
                    first.source,
                    other.source,
                    key.rule(),
                ),
            });
        }
        Ok(Resolved {
            value: first.value,
            source: Some(first.source.clone()),
        })
    }

    /// The number in force for a numeric rule.
    pub fn number(&self, key: RuleKey) -> Result<i64, RulesError> {
        match self.resolve(key)?.value {
            RuleValue::Number(n) => Ok(n),
            // `add` refuses values of the wrong kind, so a numeric key resolves to a number.
            RuleValue::Yes(_) => Err(RulesError::Forbidden {
                rule: "DD-CORE-20.a",
                reason: format!("{key:?} is not a numeric rule"),
            }),
        }
    }

    /// The yes/no in force for a yes/no rule.
    pub fn yes(&self, key: RuleKey) -> Result<bool, RulesError> {
        match self.resolve(key)?.value {
            RuleValue::Yes(b) => Ok(b),
            RuleValue::Number(_) => Err(RulesError::Forbidden {
                rule: "DD-CORE-20.a",
                reason: format!("{key:?} is not a yes/no rule"),
            }),
        }
    }
}
