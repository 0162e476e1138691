//! Combat's commands, as the wire carries them (JSON examples in the family's docs).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::state::{Declaration, Interrupt, MissileShot, MoveKind};
use crate::attack::Situation;
use crate::maneuvers::{Brawl, Maneuver, SizeGap};
use crate::movement::ChargeWeapon;
use crate::wounds::{self, Timing};

fn yes() -> bool {
    true
}

/// Combat commands.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[strum(serialize_all = "snake_case")]
#[schemars(rename = "AcksCombatCommand")]
pub enum CombatCommand {
    BeginCombat {
        combatants: Vec<String>,
        /// Groups of identical monsters that roll one initiative each (AC-INIT-01).
        #[serde(default)]
        groups: Vec<Vec<String>>,
    },
    Declare {
        creature: String,
        declaration: Declaration,
        #[serde(default)]
        two_handed: bool,
    },
    RollInitiative {},
    Move {
        creature: String,
        kind: MoveKind,
        feet: u32,
        /// Within 5 ft of a foe (AC-MOVE-02).
        #[serde(default)]
        engaged: bool,
        /// The way is clear (and straight, for a charge).
        #[serde(default = "yes")]
        path_clear: bool,
        /// The weapon a charge is made with.
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        weapon: Option<ChargeWeapon>,
    },
    Delay {
        creature: String,
        #[serde(default)]
        to_count: Option<i32>,
        #[serde(default)]
        until: Option<String>,
    },
    Attack {
        attacker: String,
        target: String,
        /// A character's weapon damage dice (`1d8`); a monster uses its card.
        #[serde(default)]
        weapon: Option<String>,
        #[serde(default)]
        attack_index: Option<usize>,
        #[serde(default)]
        #[schemars(with = "Vec<String>")]
        situations: Vec<Situation>,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        damage_bonus: i32,
        #[serde(default)]
        double_damage: bool,
        #[serde(default)]
        nonlethal: bool,
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        maneuver: Option<Maneuver>,
        #[serde(default)]
        missile: Option<MissileShot>,
        /// A spear or polearm set against the target's charge (AC-MOVE-09).
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        set_vs_charge: Option<ChargeWeapon>,
        /// The sizes of attacker and target, for a maneuver's save (AC-MANEUVER-15/16):
        /// `"similar"` unless given.
        #[serde(default)]
        #[schemars(with = "Option<Value>")]
        size_gap: Option<SizeGap>,
        /// The target is helpless (asleep, paralysed): hit without a throw (AC-ATK-06).
        #[serde(default)]
        helpless: bool,
        /// The attacker is engaged with other foes (a helpless target then takes double
        /// damage instead of being slain).
        #[serde(default)]
        engaged_with_others: bool,
        /// Strike the target as it approaches, on its count (AC-INIT-05/06).
        #[serde(default)]
        interrupt: Option<Interrupt>,
        /// A punch or a kick instead of a weapon (AC-MANEUVER-02/03): nonlethal, STR applies.
        #[serde(default)]
        #[schemars(with = "Option<String>")]
        brawl: Option<Brawl>,
        /// For a brawl: the attacker wears light or no armour and the target metal armour,
        /// so the blow hurts the attacker (AC-MANEUVER-03).
        #[serde(default)]
        against_metal_armour: bool,
    },
    /// The Judge seats `rider` on `mount`, both in the fight (AC-MOUNT-01…08).
    Mount {
        rider: String,
        mount: String,
        #[serde(default)]
        war_mount: bool,
        #[serde(default)]
        war_saddle: bool,
        #[serde(default)]
        riding: bool,
    },
    /// The rider steps down on its count (AC-MOUNT-03).
    Dismount {
        rider: String,
    },
    /// The Judge's: how high a flying combatant (a flying mount) is, in feet; 0 landed
    /// (AC-MOUNT-08).
    SetFlyingHeight {
        creature: String,
        height_ft: u32,
    },
    /// The Judge's: these combatants board `onto` from `from`, grappled (AC-NAVAL-15).
    Board {
        creatures: Vec<String>,
        from: String,
        onto: String,
    },
    EndFight {},
    MoraleCheck {
        creature: String,
        #[serde(default)]
        judge_modifier: i32,
        #[serde(default)]
        both_triggers: bool,
    },
    RestoreLife {
        character: String,
        #[schemars(with = "Value")]
        magic: wounds::Revival,
        #[serde(default)]
        days_dead: u32,
        #[serde(default)]
        severed_spine: bool,
        #[serde(default)]
        limbs_destroyed: u32,
        #[serde(default)]
        small_parts_destroyed: u32,
        #[serde(default)]
        caster_level: u32,
        #[serde(default)]
        outside_temple: bool,
        #[serde(default)]
        killed_during_bed_rest: bool,
        #[serde(default)]
        ritual_magic: bool,
    },
    TreatWound {
        character: String,
        #[schemars(with = "String")]
        timing: Timing,
        #[serde(default)]
        healing_spell_level: u32,
        #[serde(default)]
        healer: bool,
        #[serde(default)]
        untreated: bool,
    },
}
