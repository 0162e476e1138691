//! What every refusal of the pure rules says as data: a stable reason (the variant's snake-case
//! name), its facts (the variant's fields, flattened for Fluent arguments) and the rule it
//! enforces (a `rule` property on the variant, never read back out of the English words).
//!
//! Each error enum derives `serde::Serialize` (its facts), `strum::IntoStaticStr` and
//! `strum::VariantNames` with snake case (its reasons) and `strum::EnumProperty` (`rule`), and
//! [`refusal!`] implements [`Refusal`] for it; a variant wrapping another module's refusal
//! (`#[from]`) hands the question to the inner one. The ruleset's `err(code, e)` puts the reason
//! and the facts into the engine's `RuleError::args` and the rule into `RuleError::rule`, so a
//! client words the refusal as `err-<code>-<reason>` in its own language.

use serde::Serialize;
use serde_json::{Map, Value};

/// A refusal of the pure rules, as data a client can word.
pub trait Refusal: std::fmt::Display {
    /// Which pure module refuses (`inventory`, `fight`…): with the reason, the refusal's words
    /// `err-<source>-<reason>`.
    fn source(&self) -> &'static str;
    /// The stable machine reason: the variant's snake-case name (the inner one's for a wrapper).
    fn reason(&self) -> &'static str;
    /// The facts (names, numbers, slots…), flat: a nested field `slot: {kind, number}` becomes
    /// `slot_kind` and `slot_number`; a lone unnamed field is `value`.
    fn args(&self) -> Map<String, Value>;
    /// The checklist id the refusal enforces, when it names one: the variant's `rule` property,
    /// or a variant's own `rule` field when the rule depends on the case.
    fn rule(&self) -> Option<String>;
    /// Every reason this enum can give itself (its wrappers' inner reasons belong to the inner
    /// enum).
    fn reasons() -> Vec<&'static str>
    where
        Self: Sized;
}

/// What a refusal is given as: a pure module's refusal, or words the ruleset wrote itself.
pub enum Refused {
    Rule(Box<dyn Refusal>),
    Words(String),
}

impl From<&str> for Refused {
    fn from(s: &str) -> Self {
        Refused::Words(s.to_string())
    }
}

impl From<String> for Refused {
    fn from(s: String) -> Self {
        Refused::Words(s)
    }
}

impl From<&String> for Refused {
    fn from(s: &String) -> Self {
        Refused::Words(s.clone())
    }
}

/// The facts of a serialised variant: `{"Variant": payload}` or `"Variant"` (no facts).
pub fn facts<T: Serialize>(value: &T) -> Map<String, Value> {
    let mut out = Map::new();
    let payload = match serde_json::to_value(value) {
        Ok(Value::Object(m)) if m.len() == 1 => m.into_iter().next().map(|(_, v)| v),
        Ok(Value::String(_)) | Err(_) => None,
        Ok(other) => Some(other),
    };
    match payload {
        Some(Value::Object(fields)) => {
            for (k, v) in fields {
                flatten(&mut out, &k, v);
            }
        }
        Some(Value::Array(items)) => {
            for (i, v) in items.into_iter().enumerate() {
                let key = if i == 0 {
                    "value".to_string()
                } else {
                    format!("value_{i}")
                };
                flatten(&mut out, &key, v);
            }
        }
        Some(v) => flatten(&mut out, "value", v),
        None => {}
    }
    out
}

/// A variant's own `rule` field (a checklist id chosen by the case), if it has one.
pub fn rule_field<T: Serialize>(value: &T) -> Option<String> {
    match facts(value).get("rule") {
        Some(Value::String(r)) if r.starts_with("CR-") => Some(r.clone()),
        _ => None,
    }
}

fn flatten(out: &mut Map<String, Value>, key: &str, v: Value) {
    match v {
        Value::Null => {}
        Value::Object(m) => {
            for (k, v) in m {
                flatten(out, &format!("{key}_{k}"), v);
            }
        }
        Value::Array(items) if items.iter().all(|x| !x.is_object() && !x.is_array()) => {
            // A list of names or numbers reads as one argument.
            let parts: Vec<String> = items
                .iter()
                .map(|x| match x {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect();
            out.insert(key.to_string(), Value::String(parts.join(", ")));
        }
        Value::Array(items) => {
            for (i, v) in items.into_iter().enumerate() {
                flatten(out, &format!("{key}_{i}"), v);
            }
        }
        Value::Bool(b) => {
            out.insert(key.to_string(), Value::String(b.to_string()));
        }
        other => {
            out.insert(key.to_string(), other);
        }
    }
}

/// Implements [`Refusal`] for an error enum deriving `Serialize`, `strum::IntoStaticStr`,
/// `strum::VariantNames` and `strum::EnumProperty` (snake case): `refusal!(Enum, "source")`, or
/// `refusal!(Enum, "source"; wrapper => Variant, …)` for variants wrapping another refusal (the
/// snake-case name of the wrapping variant, then the variant).
macro_rules! refusal {
    ($ty:ty, $source:literal $(; $($snake:ident => $variant:ident),+)?) => {
        impl From<$ty> for $crate::refusal::Refused {
            fn from(e: $ty) -> Self {
                $crate::refusal::Refused::Rule(Box::new(e))
            }
        }
        impl From<&$ty> for $crate::refusal::Refused {
            fn from(e: &$ty) -> Self {
                $crate::refusal::Refused::Rule(Box::new(e.clone()))
            }
        }
        impl $crate::refusal::Refusal for $ty {
            fn source(&self) -> &'static str {
                match self {
                    $($(Self::$variant(e) => $crate::refusal::Refusal::source(e),)+)?
                    #[allow(unreachable_patterns)]
                    _ => $source,
                }
            }
            fn reason(&self) -> &'static str {
                match self {
                    $($(Self::$variant(e) => $crate::refusal::Refusal::reason(e),)+)?
                    #[allow(unreachable_patterns)]
                    other => other.into(),
                }
            }
            fn args(&self) -> serde_json::Map<String, serde_json::Value> {
                match self {
                    $($(Self::$variant(e) => $crate::refusal::Refusal::args(e),)+)?
                    #[allow(unreachable_patterns)]
                    other => $crate::refusal::facts(other),
                }
            }
            fn rule(&self) -> Option<String> {
                match self {
                    // A wrapper naming a rule of its own keeps it.
                    $($(Self::$variant(e) => strum::EnumProperty::get_str(self, "rule")
                        .map(str::to_string)
                        .or_else(|| $crate::refusal::Refusal::rule(e)),)+)?
                    #[allow(unreachable_patterns)]
                    other => strum::EnumProperty::get_str(other, "rule")
                        .map(str::to_string)
                        .or_else(|| $crate::refusal::rule_field(other)),
                }
            }
            fn reasons() -> Vec<&'static str> {
                let wrappers: &[&str] = &[$($(stringify!($snake)),+)?];
                <Self as strum::VariantNames>::VARIANTS
                    .iter()
                    .copied()
                    .filter(|v| !wrappers.contains(v))
                    .collect()
            }
        }
    };
}
pub(crate) use refusal;

/// Every pure error enum's reasons, by enum name (the Fluent test enumerates them).
pub fn all_reasons() -> Vec<(&'static str, Vec<&'static str>)> {
    use crate::*;
    vec![
        ("backlash", backlash::BacklashError::reasons()),
        ("combat", combat::CombatError::reasons()),
        ("fight", combat::fight::FightError::reasons()),
        ("condition", conditions::ConditionError::reasons()),
        ("corpse", corpses::CorpseError::reasons()),
        ("craft", crafting::CraftError::reasons()),
        ("creature", creature::CreatureError::reasons()),
        ("turn", creature::TurnError::reasons()),
        ("damage", damage::DamageError::reasons()),
        ("dice", dice::DiceError::reasons()),
        ("encounter", encounters::EncounterError::reasons()),
        ("expertise", expertise::table::ExpertiseError::reasons()),
        ("hazard", hazards::HazardError::reasons()),
        ("hide", hiding::HideError::reasons()),
        ("identify", identification::IdentifyError::reasons()),
        ("inventory", inventory::InventoryError::reasons()),
        ("light", light::LightError::reasons()),
        ("rest", rest::RestError::reasons()),
        ("activity", rest_activities::ActivityError::reasons()),
        ("group", special_tests::GroupError::reasons()),
        ("spell", spells::SpellError::reasons()),
        ("test", test_roll::TestError::reasons()),
        ("town", town::TownError::reasons()),
        ("travel", travel::TravelError::reasons()),
        ("usage", usage_dice::UsageError::reasons()),
        ("house_rule", world_options::HouseRuleError::reasons()),
    ]
}

/// A value as words for an English message: its serde name with spaces (`back_on_track` →
/// "back on track"), a list joined with commas; never Rust's debug text.
pub fn said<T: Serialize>(value: &T) -> String {
    fn word(v: &Value) -> String {
        match v {
            Value::String(s) => s.replace('_', " "),
            Value::Array(items) => items.iter().map(word).collect::<Vec<_>>().join(", "),
            Value::Object(m) => m
                .iter()
                .map(|(k, v)| format!("{} {}", k.replace('_', " "), word(v)))
                .collect::<Vec<_>>()
                .join(", "),
            Value::Null => String::new(),
            other => other.to_string(),
        }
    }
    serde_json::to_value(value)
        .map(|v| word(&v))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combat::CombatError;
    use crate::combat::fight::{FightError, Side};
    use crate::expertise::table::{ExpertiseError, ExpertiseName};
    use crate::inventory::{InventoryError, ItemId, MagicSlot, SlotKind, SlotRef};
    use crate::rest::RestError;
    use crate::test_roll::{Characteristic, TestError};
    use serde_json::json;

    #[test]
    fn an_inventory_refusal_gives_its_reason_facts_and_rule() {
        let e = InventoryError::Occupied {
            slot: SlotRef {
                kind: SlotKind::Hand,
                number: 1,
            },
        };
        assert_eq!(e.source(), "inventory");
        assert_eq!(e.reason(), "occupied");
        assert_eq!(e.rule().as_deref(), Some("CR-INV-03"));
        assert_eq!(
            Value::Object(e.args()),
            json!({"slot_kind": "hand", "slot_number": 1})
        );
        let e = InventoryError::WrongMagicSlot {
            item: "Ring".into(),
            required: MagicSlot::Finger,
            given: MagicSlot::Neck,
        };
        assert_eq!(
            Value::Object(e.args()),
            json!({"item": "Ring", "required": "Finger", "given": "Neck"})
        );
        // A lone unnamed field is `value`; a unit variant has no facts.
        assert_eq!(
            Value::Object(InventoryError::NoWound(3).args()),
            json!({"value": 3})
        );
        assert!(InventoryError::MixedSlotKinds.args().is_empty());
    }

    #[test]
    fn a_wrapper_hands_every_question_to_the_inner_refusal() {
        let e = RestError::Inventory(InventoryError::NoWound(4));
        assert_eq!(e.source(), "inventory");
        assert_eq!(e.reason(), "no_wound");
        assert_eq!(e.rule().as_deref(), Some("CR-DMG-14"));
        assert_eq!(Value::Object(e.args()), json!({"value": 4}));
        let e = FightError::Check(TestError::Expertise(ExpertiseError::NoUsesLeft(
            ExpertiseName::Stealth,
        )));
        assert_eq!((e.source(), e.reason()), ("expertise", "no_uses_left"));
        assert_eq!(Value::Object(e.args()), json!({"value": "stealth"}));
        // A wrapper's own name is never a reason.
        assert!(!RestError::reasons().contains(&"inventory"));
        assert!(RestError::reasons().contains(&"too_short"));
    }

    #[test]
    fn a_rule_chosen_by_the_case_comes_from_its_field() {
        let e = TestError::ExpertiseNotApplicable {
            expertise: ExpertiseName::Stealth,
            reason: "not a sneaking test",
            rule: "CR-EXP-03",
        };
        assert_eq!(e.rule().as_deref(), Some("CR-EXP-03"));
        assert_eq!(TestError::ConflictingAutomaticTiers.rule(), None);
    }

    /// CR-CBT-05 secrecy: the refusal of a move ending in an occupied space names no occupant,
    /// in its words or its facts.
    #[test]
    fn an_occupied_space_refusal_carries_no_occupant() {
        let e = CombatError::EndsInOccupiedSpace(7);
        assert!(e.args().is_empty(), "{:?}", e.args());
        assert!(!e.to_string().contains('7'));
        assert_eq!(e.reason(), "ends_in_occupied_space");
    }

    /// The English words hold no Rust debug text (`SlotRef { kind: Hand, … }`, `Stealth`,
    /// `[Agility, Mind]`, quoted strings).
    #[test]
    fn no_message_holds_debug_text() {
        let samples: Vec<Box<dyn Refusal>> = vec![
            Box::new(InventoryError::Occupied {
                slot: SlotRef {
                    kind: SlotKind::Backpack,
                    number: 6,
                },
            }),
            Box::new(InventoryError::StackFull {
                slot: SlotRef {
                    kind: SlotKind::Belt,
                    number: 2,
                },
                limit: 3,
            }),
            Box::new(FightError::BadOrder { side: Side::Crows }),
            Box::new(ExpertiseError::NotKnown(ExpertiseName::HandlePet)),
            Box::new(ExpertiseError::NoUsesLeft(ExpertiseName::Stealth)),
            Box::new(ExpertiseError::RejectedByReferee(ExpertiseName::MagicLore)),
            Box::new(TestError::CharacteristicNotOffered {
                chosen: Characteristic::Strength,
                offered: vec![Characteristic::Agility, Characteristic::Mind],
            }),
            Box::new(TestError::ExpertiseNotApplicable {
                expertise: ExpertiseName::Lift,
                reason: "no lifting here",
                rule: "CR-EXP-03",
            }),
            Box::new(crate::crafting::CraftError::Expertise {
                expertise: ExpertiseName::Blacksmithing,
                required: 2,
                has: 1,
            }),
            Box::new(crate::crafting::CraftError::NotCrafting(ExpertiseName::Bow)),
            Box::new(crate::crafting::CraftError::DuplicateExpertise(
                ExpertiseName::Alchemy,
            )),
            Box::new(crate::creature::CreatureError::OutOfRange {
                characteristic: Characteristic::Mind,
                value: 7,
            }),
            Box::new(crate::creature::CreatureError::Immune {
                creature: "Vera".into(),
                condition: crate::conditions::ConditionKind::Prone,
            }),
            Box::new(crate::light::LightError::BadNotation("x".into())),
            Box::new(crate::rest_activities::ActivityError::HarvestFaces {
                size: crate::nature::Size::HolyShit,
                dice: 3,
                given: 2,
            }),
            Box::new(crate::damage::DamageError::BadArmorOrder {
                expected: vec![ItemId(1), ItemId(2)],
            }),
            Box::new(crate::damage::DamageError::NotArmor(ItemId(5))),
            Box::new(RestError::NotASpellbook(ItemId(9))),
        ];
        for e in samples {
            let text = e.to_string();
            for debug in [
                "{",
                "}",
                "\"",
                "::",
                "Some(",
                "Hand",
                "Stealth",
                "Agility, Mind",
            ] {
                assert!(!text.contains(debug), "{text:?} holds {debug:?}");
            }
            assert!(!e.reason().is_empty() && !e.source().is_empty(), "{text}");
        }
        assert_eq!(
            FightError::BadOrder { side: Side::Crows }.to_string(),
            "the turn order for the crows side must list each of its creatures that take a turn \
             exactly once (CR-CBT-09)"
        );
    }

    #[test]
    fn every_enum_lists_its_reasons_once_in_snake_case() {
        let all = all_reasons();
        // 25, and the house rules' refusals (CR-CORE-02).
        assert_eq!(all.len(), 26);
        let mut sources = std::collections::BTreeSet::new();
        for (source, reasons) in &all {
            assert!(sources.insert(*source), "{source} twice");
            let unique: std::collections::BTreeSet<_> = reasons.iter().collect();
            assert_eq!(unique.len(), reasons.len(), "{source}");
            for r in reasons {
                assert!(
                    r.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                    "{source}: {r}"
                );
            }
        }
        // A reason as given is one of its enum's listed reasons.
        let e = InventoryError::BadD10(11);
        let listed = &all.iter().find(|(s, _)| *s == e.source()).unwrap().1;
        assert!(listed.contains(&e.reason()));
    }
}
