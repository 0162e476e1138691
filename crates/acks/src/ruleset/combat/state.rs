//! The fight under way, its events and the small types its commands carry. Below the
//! aggregate state: it imports pure modules only.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::maneuvers::Maneuver;
use crate::movement::{ChargeWeapon, Withdrawal};
use crate::tables::{Condition, MissileWeapon, MoraleResult};
use crate::wounds;

/// What a combatant declares before initiative (AC-INIT-03, AC-MOVE-10, AC-SPELL-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksDeclaration")]
pub enum Declaration {
    None,
    FightingWithdrawal,
    FullRetreat,
    /// Casting this spell this round.
    Spell(String),
}

/// A missile shot: the weapon of T-15 and the distance, in feet underground and yards outdoors
/// (AC-RANGED-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "AcksMissileShot")]
pub struct MissileShot {
    #[schemars(with = "String")]
    pub weapon: MissileWeapon,
    pub distance: u32,
    #[serde(default)]
    pub outdoors: bool,
}

/// How a combatant moves on its count (AC-MOVE-01…12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksMoveKind")]
pub enum MoveKind {
    Advance,
    Run,
    Charge,
    Withdraw,
    /// A prone combatant stands up instead of moving (AC-MANEUVER-09).
    Stand,
}

/// Striking an approaching enemy on its count (AC-INIT-05/06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "AcksInterrupt")]
pub enum Interrupt {
    /// A spear or other long weapon.
    LongWeapon,
    /// A missile weapon held ready since the round began, not engaged.
    ReadyMissile,
}

/// A rider's seat: its mount and what the Judge ruled about the pair.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Mounting {
    pub mount: String,
    /// A war mount (or the like, e.g. a dire wolf): it may charge (AC-MOUNT-05).
    #[serde(default)]
    pub war_mount: bool,
    /// A war saddle spares the rider the save when hurt (AC-MOUNT-06).
    #[serde(default)]
    pub war_saddle: bool,
    /// The rider has the Riding proficiency for this mount (AC-MOUNT-04).
    #[serde(default)]
    pub riding: bool,
}

/// What a dismount took the place of this round (AC-MOUNT-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DismountCost {
    Movement,
    Attack,
}

/// Why a rider left the saddle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnhorseCause {
    /// Hurt without a war saddle and the save vs Paralysis failed (AC-MOUNT-06).
    SaddleSaveFailed,
    /// The rider dropped to 0 hp (AC-MOUNT-08).
    RiderDown,
    /// The mount dropped to 0 hp (AC-MOUNT-08).
    MountDown,
}

/// One combatant's round.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Combatant {
    #[serde(default)]
    pub declaration: Option<Declaration>,
    #[serde(default)]
    pub two_handed: bool,
    #[serde(default)]
    pub count: Option<i32>,
    #[serde(default)]
    pub attacks_made: u32,
    /// Cleaves earned this round (AC-CLEAVE-01), within the cap (AC-CLEAVE-04/05).
    #[serde(default)]
    pub cleaves: u32,
    /// Feet moved this round.
    #[serde(default)]
    pub moved_ft: u32,
    /// Ran this round: no attack but a charge (AC-MOVE-04).
    #[serde(default)]
    pub ran: bool,
    /// Charging this round, with this weapon (AC-MOVE-06…08).
    #[serde(default)]
    pub charging: Option<ChargeWeapon>,
    /// The round of its last charge: −2 AC until its next count (AC-MOVE-07).
    #[serde(default)]
    pub charge_round: Option<u32>,
    /// Its defensive movement this round (AC-MOVE-11/12).
    #[serde(default)]
    pub withdrawal: Option<Withdrawal>,
    /// Knocked down and not yet up (AC-MANEUVER-08/09); lasts across rounds.
    #[serde(default)]
    pub prone: bool,
    /// Held by this wrestler (AC-MANEUVER-13); lasts across rounds.
    #[serde(default)]
    pub held_by: Option<String>,
    /// Riding this mount (AC-MOUNT-01…08); lasts across rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mounting>,
    /// Dismounted this round instead of moving or attacking (AC-MOUNT-03).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismount: Option<DismountCost>,
    /// Boarding another ship this round: −2 to attack throws and AC (AC-NAVAL-15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boarding: bool,
    /// A flyer's height above the ground, in feet, as the Judge set it; a rider thrown from
    /// it falls 1d6 per 10 ft (AC-MOUNT-08). `None` on the ground; lasts across rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flying_ft: Option<u32>,
}

/// The fight under way.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CombatState {
    pub combatants: BTreeMap<String, Combatant>,
    pub round: u32,
    pub initiative_rolled: bool,
    /// Dropped on the count being resolved: they still act on it (AC-INIT-02).
    pub downed_this_count: Vec<String>,
    /// Out of the fight, in the order they fell.
    pub fallen: Vec<String>,
    /// The last morale result of each monster that rolled (AC-MORALE-05/06), the Judge's.
    #[serde(default)]
    pub morale: BTreeMap<String, MoraleResult>,
    /// The round the monsters' first death came in (AC-MORALE-03).
    #[serde(default)]
    pub first_death_round: Option<u32>,
    /// Groups of identical monsters rolling one initiative (AC-INIT-01).
    #[serde(default)]
    pub groups: Vec<Vec<String>>,
}

/// One named modifier of an attack throw (and, where the rule says so, of its damage): the
/// breakdown an attack and `attack_odds` show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedModifier {
    /// What it is: `strength`, `dexterity`, a situation's name, `skipped_rest` (the dungeon
    /// turn's, AC-DUNGEON-13), `missed_rest_days` (the wilderness's, AC-WILD-08), `range`,
    /// `maneuver`, `bonus` (the caller's own).
    pub name: String,
    pub attack: i32,
    pub damage: i32,
}

/// The breakdown of a Mortal Wounds modifier (AC-WOUND-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundBreakdown {
    pub hit_points: i32,
    pub constitution: i32,
    pub nonlethal: i32,
    pub healing_magic: i32,
    /// Timing and the Healing proficiency (or the untreated penalty).
    pub care: i32,
    pub total: i32,
}

/// Combat events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum CombatEvent {
    CombatBegun {
        combatants: Vec<String>,
        #[serde(default)]
        groups: Vec<Vec<String>>,
    },
    Declared {
        creature: String,
        declaration: Declaration,
        two_handed: bool,
    },
    /// Counts of the round, highest first.
    InitiativeRolled {
        round: u32,
        counts: Vec<(String, i32)>,
    },
    Delayed {
        creature: String,
        count: i32,
    },
    Moved {
        creature: String,
        kind: MoveKind,
        feet: u32,
        #[serde(default)]
        charge_weapon: Option<ChargeWeapon>,
        #[serde(default)]
        withdrawal: Option<Withdrawal>,
    },
    /// The charger's next count came: its AC penalty ends (AC-MOVE-07).
    ChargeSpent {
        creature: String,
    },
    /// The full attack (the Judge's when a monster is in it; players see `attack_seen`).
    Attacked {
        attacker: String,
        target: String,
        face: i32,
        total: i32,
        needed: i32,
        hit: bool,
        natural: bool,
        damage: u32,
        nonlethal: bool,
        hp_after: i32,
        /// The attack was a cleave (AC-CLEAVE-01).
        cleave: bool,
        /// Felling the target earned a cleave.
        cleave_earned: bool,
        #[serde(default)]
        range: Option<String>,
        #[serde(default)]
        maneuver: Option<Maneuver>,
        /// Against a helpless target: no throw (AC-ATK-06).
        #[serde(default)]
        helpless: bool,
        /// A helpless target slain outright.
        #[serde(default)]
        slain: bool,
        /// The throw's and the damage's named modifiers (zeros left out).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        modifiers: Vec<NamedModifier>,
    },
    /// What players see of an attack a monster is in.
    AttackSeen {
        attacker: String,
        target: String,
        #[serde(default)]
        face: Option<i32>,
        hit: bool,
        damage: u32,
    },
    /// A special maneuver hit and the target saved or not vs Paralysis (AC-MELEE-05).
    ManeuverResolved {
        attacker: String,
        target: String,
        maneuver: Maneuver,
        saved: bool,
        /// Force back: feet pushed, the attacker's normal damage roll (AC-MANEUVER-05).
        #[serde(default)]
        pushed_ft: Option<u32>,
    },

    /// Damage before casting spoils the spell (AC-SPELL-02).
    SpellDisrupted {
        creature: String,
        spell: String,
    },
    /// Dropped to 0 hp or less on this count.
    Downed {
        creature: String,
    },
    /// Leaves the fight at the end of the count it fell on.
    Fell {
        creature: String,
    },
    /// The Judge's: the monsters' side has a morale roll due (AC-MORALE-03).
    MoraleDue {
        first_death: bool,
        half_down: bool,
        /// A lone monster dropped to half its hit points.
        #[serde(default)]
        lone_at_half_hp: bool,
        modifier: i32,
    },
    /// The Judge's secret morale roll (AC-MORALE-04/05/06).
    MoraleChecked {
        creature: String,
        score: i32,
        judge_modifier: i32,
        total: Option<i32>,
        result: String,
        /// What the result makes the monster do (AC-MORALE-05/06), when it rolled.
        #[serde(default)]
        outcome: Option<MoraleResult>,
    },
    WoundTreated {
        character: String,
        breakdown: WoundBreakdown,
        d20: i32,
        d6: i32,
        total: i32,
        condition: Condition,
        wound: String,
        recovery: String,
        bed_rest_days: Option<u32>,
        hp_after: Option<i32>,
    },
    /// A killed character returned, or a Tampering roll that failed (AC-WOUND-07/08).
    LifeRestored {
        character: String,
        magic: wounds::Revival,
        #[serde(default)]
        modifier: Option<i32>,
        #[serde(default)]
        d20: Option<i32>,
        #[serde(default)]
        d6: Option<i32>,
        #[serde(default)]
        total: Option<i32>,
        restored: bool,
        #[serde(default)]
        bed_rest_days: Option<u32>,
        #[serde(default)]
        side_effect: Option<String>,
    },
    /// The Judge seats a rider on a mount of the fight (AC-MOUNT-01).
    Mounted {
        rider: String,
        mount: String,
        war_mount: bool,
        war_saddle: bool,
        riding: bool,
    },
    /// The rider stepped down instead of moving or attacking (AC-MOUNT-03).
    Dismounted {
        rider: String,
        mount: String,
        instead_of: DismountCost,
    },
    /// The Judge's: a flying combatant's height above the ground, 0 landed (AC-MOUNT-08).
    FlyingHeightSet {
        creature: String,
        height_ft: u32,
    },
    /// A rider without a war saddle, hurt, saves vs Paralysis (AC-MOUNT-06).
    SaddleSave {
        rider: String,
        face: i32,
        needed: i32,
        saved: bool,
    },
    /// The rider left the saddle; a fall from a downed pair deals 1d6, from a flying mount
    /// 1d6 per 10 ft of `height_ft` (AC-MOUNT-08).
    Unhorsed {
        rider: String,
        mount: String,
        cause: UnhorseCause,
        #[serde(default)]
        fall_damage: Option<u32>,
        /// The flying mount's height when the rider fell (absent on the ground).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        height_ft: Option<u32>,
    },
    /// The Judge's: a mount at half its hit points rolls morale or leaves (AC-MOUNT-07).
    MountMoraleDue {
        mount: String,
        rider: String,
        /// The rider has Riding: it may calm the mount for another roll.
        rider_may_calm: bool,
    },
    /// The Judge's boarders this round (AC-NAVAL-15).
    Boarded {
        creatures: Vec<String>,
        from: String,
        onto: String,
    },
    RoundEnded {
        round: u32,
    },
    CombatOver {},
}
