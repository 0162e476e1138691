//! What a family does with the result of a test it started: the continuation (`then`) a
//! family puts on core's test, handed back to that family through [`HandBack`] once the
//! test's result is final (after any expertise spent at the commit point, CR-EXP-01).
//!
//! The continuation is written into the event log (inside the decision context of an
//! expertise offer and in the test's carried meta), so its JSON is a wire format: each shape
//! below serializes to exactly the object the rules wrote before it was typed, and an old log
//! replays. A test keeps it as a [`StoredThen`]: the typed continuation when it was read
//! (or made) as one, else the JSON as it was, so an unknown family or step (a newer or
//! hand-edited log) is a `bad_continuation` rule error when the result is routed, never a
//! failed decode of the whole event or a panic.
//!
//! On the wire: `{"family": <family>, "step": <step>, …fields}`, except magic's shapes, which
//! name their step by their one key (`{"family": "magic", "cast": …}`).

use engine::RuleError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::combat::grid::Square;
use crate::creature::Size;
use crate::test_roll::{AttackRange, Characteristic, Modifier};
use crate::travel::roles::Task;

use super::combat::state::{AttackKind, WeaponUse};

/// A continuation: the family that started a test and what it does with the result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "family", rename_all = "snake_case")]
pub enum Then {
    /// Core's own tests (a fall's resistance roll).
    Core(CoreThen),
    /// The explore family starts no test of its own today; its continuation is accepted and
    /// does nothing, as it always did.
    Explore(ExploreThen),
    Magic(MagicThen),
    Combat(CombatThen),
    Travel(TravelThen),
}

impl Then {
    /// The JSON stored in the log.
    pub fn to_value(&self) -> Result<Value, RuleError> {
        serde_json::to_value(self).map_err(|e| {
            RuleError::new(
                "bad_continuation",
                format!("a test's continuation could not be written: {e}"),
            )
        })
    }

    /// Reads a stored continuation back; one this version does not know (an unknown family,
    /// step or field shape) is a `bad_continuation` rule error.
    pub fn from_value(value: &Value) -> Result<Self, RuleError> {
        Self::deserialize(value).map_err(|e| {
            RuleError::new(
                "bad_continuation",
                format!("a test's continuation this version does not know ({e}): {value}"),
            )
        })
    }
}

/// Core's continuations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum CoreThen {
    /// A fall's Agility resistance roll (CR-HAZ-02): the height and the damage dice already
    /// rolled; the reduction dice follow the roll's tier.
    Fall { feet: u32, faces: Vec<u8> },
}

/// The explore family's continuation: no fields; any found in a log are ignored.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ExploreThen {}

/// The magic family's continuations, each named by its one key (no `step`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MagicThen {
    /// The casting test of this caster: chaos roll, book dice, spell or backlash follow
    /// (CR-SPELL-16…18).
    Cast { cast: String },
    /// A resistance roll a backlash row forced: the row's tier effects follow (CR-BL-26/28/32).
    Resistance { resistance: BacklashResistance },
    /// The identification test of this item (CR-ID-03): its table follows.
    Identify { identify: u32 },
}

/// Which backlash row forced a resistance roll, and on whose casting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BacklashResistance {
    pub caster: String,
    pub row: u8,
}

/// The combat family's continuations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum CombatThen {
    /// An attack roll: damage or the miss's consequence per target (CR-ATK-13/14).
    Attack(Box<AttackThen>),
    /// A grab's contest (CR-MAN-09).
    Grab { target: String },
    /// An escape from a grab (CR-MAN-10).
    Escape,
    /// A knockback (CR-MAN-11) along this path.
    Knockback { target: String, push: Vec<Square> },
    /// The owner's Mind test to command a pet (CR-PET-02).
    CommandPet {
        #[serde(default)]
        pet: String,
    },
    /// A jump test (CR-MOVE-07) towards this square, with the tested characteristic's value.
    Jump { to: Square, value: i8 },
    /// A Strength test to topple an object onto creatures (CR-TOPPLE-01…04).
    Topple { object: Size, onto: Vec<String> },
}

/// One attack roll against one or more targets (CR-ATK-13/14).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttackThen {
    #[serde(default)]
    pub attacker: String,
    /// The first target: core read its glow, hiding and light for it.
    pub target: String,
    /// The modifiers that concern the first target only.
    #[serde(default)]
    pub primary_own: Vec<Modifier>,
    /// What core added for the first target (CR-ATK-14).
    #[serde(default)]
    pub primary_core: Vec<Modifier>,
    /// The other targets, each with the modifiers that concern it only.
    #[serde(default)]
    pub others: Vec<OtherTarget>,
    pub weapon: WeaponUse,
    pub delivery: AttackRange,
    pub characteristic: Characteristic,
    #[serde(default)]
    pub value: i8,
    pub kind: AttackKind,
    pub own_turn: bool,
}

/// Another target of a multi-target attack and the modifiers that concern it only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OtherTarget {
    pub target: String,
    pub modifiers: Vec<Modifier>,
}

/// The travel family's continuations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum TravelThen {
    /// A travel-role test (CR-ROLE-15) for this task.
    Role { task: Task },
    /// An assist for the holder of a role (CR-ASSIST-01).
    Assist {
        #[serde(default)]
        holder: String,
    },
    /// A resistance roll against the Miasma (CR-ROLE-03, CR-MIASMA-03).
    Miasma,
}

/// A test's continuation as its record keeps it: typed, or — for a shape this version does
/// not know, or an old one carrying the `referee_outcome` flag — the JSON as the log has it.
/// Both write the same JSON, so the log and the decision contexts are as before; the typed
/// one is neither written nor parsed again on the way from the test to its hand-back.
#[derive(Debug, Clone, PartialEq)]
pub enum StoredThen {
    Known(Then),
    Unknown(Value),
}

impl StoredThen {
    /// The continuation to route by; a stored one this version does not know is a
    /// `bad_continuation` rule error.
    pub fn then(&self) -> Result<Then, RuleError> {
        match self {
            StoredThen::Known(then) => Ok(then.clone()),
            StoredThen::Unknown(value) => Then::from_value(value),
        }
    }

    /// Whether the family asked the Referee to rule on the outcome (`"referee_outcome":
    /// true`, a flag only older logs carry: no typed continuation has it).
    pub fn referee_outcome(&self) -> bool {
        match self {
            StoredThen::Known(_) => false,
            StoredThen::Unknown(value) => value
                .get(REFEREE_OUTCOME)
                .and_then(Value::as_bool)
                .unwrap_or(false),
        }
    }
}

const REFEREE_OUTCOME: &str = "referee_outcome";

impl Serialize for StoredThen {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            StoredThen::Known(then) => then.serialize(serializer),
            StoredThen::Unknown(value) => value.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for StoredThen {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        if value.get(REFEREE_OUTCOME).is_some() {
            return Ok(StoredThen::Unknown(value));
        }
        Ok(match Then::deserialize(&value) {
            Ok(then) => StoredThen::Known(then),
            Err(_) => StoredThen::Unknown(value),
        })
    }
}

/// Hands a final test result back to the family that started the test. Core resolves every
/// test but knows no family; the ruleset's top ([`crate::ruleset::Crows`], which knows them
/// all) implements this and routes by the [`Then`] the test carried.
pub(crate) trait HandBack {
    /// Routes `resolved` (the final result of `creature`'s test) by the stored continuation
    /// `then`; a continuation no family knows is a `bad_continuation` rule error.
    fn hand_back(
        &self,
        creature: &str,
        resolved: &crate::test_roll::ResolvedTest,
        then: &StoredThen,
        ctx: &mut engine::Ctx<'_, super::adapter::Crows>,
    ) -> Result<(), RuleError>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The typed value writes exactly `wire` and reads it back.
    fn same_on_the_wire(then: Then, wire: Value) {
        assert_eq!(then.to_value().expect("writes"), wire);
        assert_eq!(Then::from_value(&wire).expect("reads"), then);
        // Byte for byte, as the log stores it (the JSON value, its keys in order).
        assert_eq!(
            serde_json::to_string(&then.to_value().expect("writes")).expect("writes"),
            serde_json::to_string(&wire).expect("writes")
        );
    }

    /// A test's record keeps a known continuation typed and anything else as it was; both
    /// write back exactly the JSON they were read from.
    #[test]
    fn a_stored_continuation_reads_typed_and_writes_the_same_json() {
        let known = json!({"family": "core", "step": "fall", "feet": 20, "faces": [2, 5]});
        let stored: StoredThen = serde_json::from_value(known.clone()).expect("reads");
        assert!(matches!(stored, StoredThen::Known(Then::Core(_))));
        assert_eq!(serde_json::to_value(&stored).expect("writes"), known);
        assert!(!stored.referee_outcome());

        let newer = json!({"family": "astral", "step": "drift"});
        let stored: StoredThen = serde_json::from_value(newer.clone()).expect("reads");
        assert_eq!(stored, StoredThen::Unknown(newer.clone()));
        assert_eq!(serde_json::to_value(&stored).expect("writes"), newer);
        assert_eq!(stored.then().expect_err("unknown").code, "bad_continuation");

        // An older log's flag asking the Referee to rule is kept, and the step still routes.
        let flagged = json!({"family": "travel", "step": "miasma", "referee_outcome": true});
        let stored: StoredThen = serde_json::from_value(flagged.clone()).expect("reads");
        assert!(stored.referee_outcome());
        assert_eq!(serde_json::to_value(&stored).expect("writes"), flagged);
        assert_eq!(
            stored.then().expect("routes"),
            Then::Travel(TravelThen::Miasma)
        );
    }

    #[test]
    fn core_fall_is_todays_json() {
        let (feet, faces) = (30u32, vec![3u8, 6, 1]);
        same_on_the_wire(
            Then::Core(CoreThen::Fall {
                feet,
                faces: faces.clone(),
            }),
            json!({"family": "core", "step": "fall", "feet": feet, "faces": faces}),
        );
    }

    #[test]
    fn explore_is_todays_json_and_ignores_fields() {
        same_on_the_wire(Then::Explore(ExploreThen {}), json!({"family": "explore"}));
        assert_eq!(
            Then::from_value(&json!({"family": "explore", "step": "whatever", "n": 1}))
                .expect("reads"),
            Then::Explore(ExploreThen {})
        );
    }

    #[test]
    fn magic_cast_is_todays_json() {
        let creature = "vera";
        same_on_the_wire(
            Then::Magic(MagicThen::Cast {
                cast: creature.into(),
            }),
            json!({"family": "magic", "cast": creature}),
        );
    }

    #[test]
    fn magic_identify_is_todays_json() {
        let item = crate::inventory::ItemId(7);
        same_on_the_wire(
            Then::Magic(MagicThen::Identify { identify: item.0 }),
            json!({"family": "magic", "identify": item.0}),
        );
    }

    #[test]
    fn magic_resistance_is_todays_json() {
        let (caster, row) = ("vera", 42u8);
        same_on_the_wire(
            Then::Magic(MagicThen::Resistance {
                resistance: BacklashResistance {
                    caster: caster.into(),
                    row,
                },
            }),
            json!({"family": "magic", "resistance": {"caster": caster, "row": row}}),
        );
    }

    fn weapon() -> WeaponUse {
        super::super::combat::unarmed()
    }

    fn modifier(n: &str) -> Modifier {
        Modifier::edge(crate::test_roll::ModifierSource::new(
            crate::test_roll::SourceKind::Referee,
            n,
        ))
    }

    #[test]
    fn combat_attack_is_todays_json() {
        let primary_own = vec![modifier("flank")];
        let primary_core = vec![modifier("hidden")];
        let per_target = [("bram".to_string(), vec![modifier("high ground")])];
        let weapon = weapon();
        let (delivery, characteristic, value, kind, own_turn) = (
            AttackRange::Melee,
            Characteristic::Strength,
            3i8,
            AttackKind::Attack,
            true,
        );
        let wire = json!({
            "family": "combat", "step": "attack", "attacker": "vera", "target": "goblin",
            "primary_own": primary_own, "primary_core": primary_core,
            "others": per_target.iter().map(|(t, m)| json!({"target": t, "modifiers": m})).collect::<Vec<_>>(),
            "weapon": weapon, "delivery": delivery, "characteristic": characteristic,
            "value": value, "kind": kind, "own_turn": own_turn,
        });
        same_on_the_wire(
            Then::Combat(CombatThen::Attack(Box::new(AttackThen {
                attacker: "vera".into(),
                target: "goblin".into(),
                primary_own,
                primary_core,
                others: per_target
                    .iter()
                    .map(|(t, m)| OtherTarget {
                        target: t.clone(),
                        modifiers: m.clone(),
                    })
                    .collect(),
                weapon,
                delivery,
                characteristic,
                value,
                kind,
                own_turn,
            }))),
            wire,
        );
    }

    /// An attack logged before the other targets' core modifiers were recorded reads with
    /// none, as it did.
    #[test]
    fn combat_attack_without_later_fields_reads() {
        let wire = json!({
            "family": "combat", "step": "attack", "target": "goblin",
            "weapon": weapon(), "delivery": "melee", "characteristic": "strength",
            "kind": "attack", "own_turn": false,
        });
        let Then::Combat(CombatThen::Attack(a)) = Then::from_value(&wire).expect("reads") else {
            panic!("an attack");
        };
        assert!(a.primary_own.is_empty() && a.primary_core.is_empty() && a.others.is_empty());
    }

    #[test]
    fn combat_grab_is_todays_json() {
        let target = "goblin";
        same_on_the_wire(
            Then::Combat(CombatThen::Grab {
                target: target.into(),
            }),
            json!({"family": "combat", "step": "grab", "target": target}),
        );
    }

    #[test]
    fn combat_escape_is_todays_json() {
        same_on_the_wire(
            Then::Combat(CombatThen::Escape),
            json!({"family": "combat", "step": "escape"}),
        );
    }

    #[test]
    fn combat_knockback_is_todays_json() {
        let (target, push) = ("goblin", vec![Square::new(1, 2), Square::new(-1, 3)]);
        same_on_the_wire(
            Then::Combat(CombatThen::Knockback {
                target: target.into(),
                push: push.clone(),
            }),
            json!({"family": "combat", "step": "knockback", "target": target, "push": push}),
        );
    }

    #[test]
    fn combat_command_pet_is_todays_json() {
        let pet = "rex";
        same_on_the_wire(
            Then::Combat(CombatThen::CommandPet { pet: pet.into() }),
            json!({"family": "combat", "step": "command_pet", "pet": pet}),
        );
    }

    #[test]
    fn combat_jump_is_todays_json() {
        let (to, value) = (Square::new(4, -2), -1i8);
        same_on_the_wire(
            Then::Combat(CombatThen::Jump { to, value }),
            json!({"family": "combat", "step": "jump", "to": to, "value": value}),
        );
    }

    #[test]
    fn combat_topple_is_todays_json() {
        let (object, onto) = (Size::Large, vec!["goblin".to_string(), "orc".to_string()]);
        same_on_the_wire(
            Then::Combat(CombatThen::Topple {
                object,
                onto: onto.clone(),
            }),
            json!({"family": "combat", "step": "topple", "object": object, "onto": onto}),
        );
    }

    #[test]
    fn travel_role_is_todays_json() {
        let task = Task::Forage;
        same_on_the_wire(
            Then::Travel(TravelThen::Role { task }),
            json!({"family": "travel", "step": "role", "task": task}),
        );
    }

    #[test]
    fn travel_assist_is_todays_json() {
        let holder = "vera";
        same_on_the_wire(
            Then::Travel(TravelThen::Assist {
                holder: holder.into(),
            }),
            json!({"family": "travel", "step": "assist", "holder": holder}),
        );
    }

    #[test]
    fn travel_miasma_is_todays_json() {
        same_on_the_wire(
            Then::Travel(TravelThen::Miasma),
            json!({"family": "travel", "step": "miasma"}),
        );
    }

    #[test]
    fn unknown_continuations_are_rule_errors() {
        for wire in [
            json!({"family": "necromancy", "step": "raise"}),
            json!({"step": "fall"}),
            json!({"family": "combat", "step": "somersault"}),
            json!({"family": "core", "step": "fall", "feet": 10}),
            json!({"family": "magic", "transmute": 3}),
            json!({"family": "travel"}),
            json!("combat"),
            Value::Null,
        ] {
            let e = Then::from_value(&wire).expect_err("refused");
            assert_eq!(e.code, "bad_continuation", "{wire}");
        }
    }
}
