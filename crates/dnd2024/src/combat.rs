//! Combat (checklist §9, DD-CBT): Initiative, surprise, ranged and melee attacks, Unarmed
//! Strikes, grappling and shoving, improvised weapons, armor training, mounts, underwater.

use crate::core::{DamageDice, RollMode};
use crate::movement::Size;
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// Static Initiative score: 10 + Dex modifier, +5 with Advantage, −5 with Disadvantage
/// (DD-CBT-01.c).
pub fn initiative_score(dex_modifier: i32, mode: RollMode) -> i32 {
    crate::core::passive_score(dex_modifier, mode)
}

/// The roll mode of an Initiative roll from its sources (DD-CBT-02): surprised and
/// Incapacitated give Disadvantage (DD-CBT-02.a, DD-COND-08.d), Invisible gives Advantage
/// (DD-COND-09.a); they combine by DD-CORE-08. Surprise has no other effect: the creature acts
/// normally on its first turn.
pub fn initiative_mode(
    surprised: bool,
    incapacitated: bool,
    invisible: bool,
    other_adv: u32,
    other_dis: u32,
) -> RollMode {
    RollMode::from_sources(
        other_adv + u32::from(invisible),
        other_dis + u32::from(surprised) + u32::from(incapacitated),
    )
}

/// Initiative is a Dexterity check (DD-CBT-01.a): the test to roll, with the roll mode from
/// its sources (`initiative_mode`). It has no DC; the total orders the turns.
pub fn initiative_test(dex_modifier: i32, mode: RollMode, exhaustion: u8) -> crate::core::D20Test {
    crate::core::D20Test {
        kind: crate::core::D20TestKind::AbilityCheck,
        bonus: dex_modifier,
        target: 0,
        mode,
        exhaustion,
    }
}

/// The GM rolls once for each group of identical creatures and they share it (DD-CBT-01.a).
/// `group_of[i]` is participant i's group; `group_rolls[g]` the one Initiative of group g.
/// Returns every participant's Initiative.
pub fn shared_initiatives(group_of: &[usize], group_rolls: &[i32]) -> Result<Vec<i32>, RulesError> {
    group_of
        .iter()
        .map(|g| {
            group_rolls
                .get(*g)
                .copied()
                .ok_or_else(|| RulesError::Forbidden {
                    rule: "DD-CBT-01.a",
                    reason: format!("group {g} has no Initiative roll"),
                })
        })
        .collect()
}

/// Turn order: highest Initiative first, fixed for the whole combat (DD-CBT-01.b). Ties are
/// left in the order given by `tie_order` (the GM's or players' choice, an input). Returns the
/// indices in turn order.
pub fn turn_order(initiatives: &[i32], tie_order: &[usize]) -> Result<Vec<usize>, RulesError> {
    let mut idx: Vec<usize> = (0..initiatives.len()).collect();
    let rank = |i: usize| tie_order.iter().position(|t| *t == i).unwrap_or(usize::MAX);
    if tie_order.iter().any(|t| *t >= initiatives.len()) {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-01.b",
            reason: "tie order names a participant that does not exist".into(),
        });
    }
    idx.sort_by(|a, b| {
        initiatives[*b]
            .cmp(&initiatives[*a])
            .then(rank(*a).cmp(&rank(*b)))
    });
    Ok(idx)
}

/// A ranged attack's distance check (DD-CBT-05): beyond long range (or a single range) it is
/// impossible; beyond normal range it has Disadvantage; any ranged attack has Disadvantage
/// while an enemy who can see the attacker and is not Incapacitated is within 5 ft. Returns
/// the number of Disadvantage sources.
pub fn ranged_attack(
    distance_ft: u32,
    normal_ft: u32,
    long_ft: Option<u32>,
    hostile_within_5ft_seeing: bool,
) -> Result<u32, RulesError> {
    let limit = long_ft.unwrap_or(normal_ft);
    if distance_ft > limit {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-05.a",
            reason: format!("target at {distance_ft} ft is beyond the {limit} ft range"),
        });
    }
    Ok(u32::from(distance_ft > normal_ft) + u32::from(hostile_within_5ft_seeing))
}

pub use crate::movement::melee_in_reach;

/// The numbers of an Unarmed Strike (DD-CBT-07): attack bonus Str + PB, damage 1 + Str
/// (never below 0), and the save DC of Grapple and Shove, 8 + Str + PB.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnarmedStrike {
    pub attack_bonus: i32,
    pub damage: u32,
    pub grapple_shove_dc: i32,
}

pub fn unarmed_strike(str_modifier: i32, pb: i32) -> UnarmedStrike {
    UnarmedStrike {
        attack_bonus: str_modifier + pb,
        damage: u32::try_from((1 + str_modifier).max(0)).unwrap_or(0),
        grapple_shove_dc: 8 + str_modifier + pb,
    }
}

/// The option an Unarmed Strike uses this time (DD-CBT-07.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnarmedOption {
    Damage,
    Grapple,
    Shove,
}

/// How one Unarmed Strike is resolved (DD-CBT-07.b/c/d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnarmedResolution {
    /// An attack roll; on a hit this much Bludgeoning damage.
    AttackRoll { bonus: i32, damage: u32 },
    /// No attack roll: the target makes a Strength or Dexterity save (its choice) at this DC.
    TargetSaves { dc: i32 },
}

/// One use of an Unarmed Strike (DD-CBT-07.a): a melee attack against a target within 5 ft,
/// with one option. Being a melee attack, it may be one attack of the Attack action or an
/// Opportunity Attack (DD-CBT-07.e). Grapple and Shove need a target at most one size larger;
/// Grapple also a free hand.
pub fn unarmed_strike_use(
    option: UnarmedOption,
    str_modifier: i32,
    pb: i32,
    distance_ft: u32,
    attacker: Size,
    target: Size,
    free_hand: bool,
) -> Result<UnarmedResolution, RulesError> {
    if distance_ft > 5 {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-07.a",
            reason: format!("an Unarmed Strike reaches 5 ft, the target is at {distance_ft} ft"),
        });
    }
    let u = unarmed_strike(str_modifier, pb);
    match option {
        UnarmedOption::Damage => Ok(UnarmedResolution::AttackRoll {
            bonus: u.attack_bonus,
            damage: u.damage,
        }),
        UnarmedOption::Grapple | UnarmedOption::Shove => {
            check_grapple_or_shove(
                attacker,
                target,
                option == UnarmedOption::Grapple,
                free_hand,
            )?;
            Ok(UnarmedResolution::TargetSaves {
                dc: u.grapple_shove_dc,
            })
        }
    }
}

/// A failed save against a grapple, however it started (Unarmed Strike or a monster's special
/// attack), gives the target the Grappled condition from the grappler (DD-CBT-08.a). Returns
/// whether it is newly Grappled.
pub fn grapple_lands(
    target: &mut crate::conditions::Conditions,
    grappler: &str,
    save_succeeded: bool,
) -> Result<bool, RulesError> {
    if save_succeeded {
        return Ok(false);
    }
    target.apply(crate::conditions::Condition::Grappled, grappler)
}

/// The hands or body parts a creature grapples with (a free hand, or what its stat block names:
/// tentacle, maw, …), each holding at most one creature (DD-CBT-08.b).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grips {
    parts: Vec<(String, Option<String>)>,
}

impl Grips {
    pub fn new(parts: &[&str]) -> Grips {
        Grips {
            parts: parts.iter().map(|p| (p.to_string(), None)).collect(),
        }
    }

    /// Grapples `target` with `part`: refused when the part holds someone already or does not
    /// exist.
    pub fn grab(&mut self, part: &str, target: &str) -> Result<(), RulesError> {
        let Some(slot) = self.parts.iter_mut().find(|(p, _)| p == part) else {
            return Err(RulesError::Forbidden {
                rule: "DD-CBT-08.b",
                reason: format!("no `{part}` to grapple with"),
            });
        };
        if let Some(held) = &slot.1 {
            return Err(RulesError::Forbidden {
                rule: "DD-CBT-08.b",
                reason: format!(
                    "the {part} already holds {held}; it targets no one else until it lets go"
                ),
            });
        }
        slot.1 = Some(target.to_string());
        Ok(())
    }

    /// The grapple ends (escape, release, distance): the part is free again.
    pub fn release(&mut self, target: &str) {
        for (_, held) in &mut self.parts {
            if held.as_deref() == Some(target) {
                *held = None;
            }
        }
    }

    /// Whether some part is free.
    pub fn free(&self) -> bool {
        self.parts.iter().any(|(_, h)| h.is_none())
    }
}

/// Whether a Grapple (needs a free hand) or Shove may be tried: the target at most one size
/// larger (DD-CBT-07.c/d, DD-CBT-08.b).
pub fn check_grapple_or_shove(
    attacker: Size,
    target: Size,
    grapple: bool,
    free_hand: bool,
) -> Result<(), RulesError> {
    let rule = if grapple {
        "DD-CBT-07.c"
    } else {
        "DD-CBT-07.d"
    };
    if target.steps_from(attacker) > 1 {
        return Err(RulesError::Forbidden {
            rule,
            reason: format!(
                "a {} target is more than one size larger than a {} creature",
                target.name(),
                attacker.name()
            ),
        });
    }
    if grapple && !free_hand {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-08.b",
            reason: "grappling needs a free hand".into(),
        });
    }
    Ok(())
}

/// Whether a grapple ends (DD-CBT-08.c/d): a successful escape check, the grappler
/// Incapacitated, the distance over the grapple's range, or the grappler letting go.
pub fn grapple_ends(
    escape_succeeded: bool,
    grappler_incapacitated: bool,
    distance_ft: u32,
    range_ft: u32,
    released: bool,
) -> bool {
    escape_succeeded || grappler_incapacitated || distance_ft > range_ft || released
}

/// Escaping a grapple (DD-CBT-08.c): the grappled creature uses its action for a Strength
/// (Athletics) or Dexterity (Acrobatics) check against the escape DC (8 + grappler's Strength
/// modifier + PB for an Unarmed Strike grapple, `UnarmedStrike::grapple_shove_dc`). Returns
/// whether it escaped; the caller then ends the Grappled condition (`grapple_ends`).
pub fn escape_grapple(
    turn: &mut crate::actions::Turn,
    check_total: i32,
    escape_dc: i32,
) -> Result<bool, RulesError> {
    turn.take_other_action()?;
    Ok(check_total >= escape_dc)
}

/// Moving a grappled creature costs 1 extra foot per foot unless it is Tiny or at least two
/// sizes smaller (DD-COND-07.c). Returns the cost per foot.
pub fn drag_cost_per_foot(grappler: Size, grappled: Size) -> u32 {
    if grappled == Size::Tiny || grappler.steps_from(grappled) >= 2 {
        1
    } else {
        2
    }
}

/// Improvised weapon (DD-CBT-09): no PB on its attack, 1d4 damage, thrown range 20/60.
pub const IMPROVISED_DAMAGE: DamageDice = DamageDice {
    count: 1,
    sides: 4,
    modifier: 0,
};
pub const IMPROVISED_THROWN_RANGE: (u32, u32) = (20, 60);

/// How an object is used as a weapon (DD-CBT-09.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponUse {
    /// A Simple or Martial weapon used as it is meant to be.
    AsDesigned,
    /// Any object that is not a weapon (a chair, a bottle).
    Object,
    /// A Ranged weapon swung in melee.
    RangedWeaponInMelee,
    /// A Melee weapon without the Thrown property, thrown.
    ThrownWithoutThrownProperty,
}

impl WeaponUse {
    /// Improvised unless it is a weapon used as designed (DD-CBT-09.a).
    pub fn improvised(self) -> bool {
        self != WeaponUse::AsDesigned
    }
}

/// An improvised weapon's numbers (DD-CBT-09.b/c/e): attack bonus without PB, 1d4 damage of
/// the type the GM picks; or, when the GM rules it works like a similar Simple or Martial
/// weapon (`gm_similar`: that weapon's dice and type), that weapon's numbers, with PB if the
/// attacker is proficient with it. Returns (attack bonus, damage dice, damage type).
pub fn improvised_weapon(
    ability_modifier: i32,
    pb: i32,
    gm_damage_type: crate::damage::DamageType,
    gm_similar: Option<(DamageDice, crate::damage::DamageType, bool)>,
) -> (i32, DamageDice, crate::damage::DamageType) {
    match gm_similar {
        Some((dice, t, proficient)) => {
            (ability_modifier + if proficient { pb } else { 0 }, dice, t)
        }
        None => (
            improvised_attack_bonus(ability_modifier, pb),
            IMPROVISED_DAMAGE,
            gm_damage_type,
        ),
    }
}

/// Attack bonus of an improvised weapon: the ability modifier only (DD-CBT-09.b).
pub fn improvised_attack_bonus(ability_modifier: i32, _pb: i32) -> i32 {
    ability_modifier
}

/// Armor categories (DD-CBT-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorCategory {
    Light,
    Medium,
    Heavy,
    Shield,
}

/// What wearing armor without training does (DD-CBT-11): Disadvantage on Str/Dex D20 Tests and
/// no spellcasting for body armor; no AC from an untrained Shield. Returns (disadvantage on
/// Str/Dex tests, can cast, shield AC bonus counts).
pub fn armor_training_effects(category: ArmorCategory, trained: bool) -> (bool, bool, bool) {
    match (category, trained) {
        (_, true) => (false, true, true),
        (ArmorCategory::Shield, false) => (false, true, false),
        (_, false) => (true, false, true),
    }
}

/// Mounting or dismounting costs half the rider's Speed, rounded down (DD-CBT-12.a); the
/// mount must be willing and at least one size larger.
pub fn mount_cost(
    rider: Size,
    mount: Size,
    rider_speed: u32,
    willing: bool,
) -> Result<u32, RulesError> {
    if !willing || mount.steps_from(rider) < 1 {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-12.a",
            reason: "a mount must be willing and at least one size larger than its rider".into(),
        });
    }
    Ok(rider_speed / 2)
}

/// Who controls a mount (DD-CBT-12.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MountControl {
    /// A trained mount the rider controls: it acts on the rider's Initiative and turn.
    Controlled,
    /// It keeps its own Initiative and acts as it likes.
    Independent,
}

/// Whether a mount may take an action (DD-CBT-12.b): a controlled mount takes only Dash,
/// Disengage or Dodge; an independent one anything.
pub fn mount_action(
    control: MountControl,
    action: crate::actions::ActionKind,
) -> Result<(), RulesError> {
    use crate::actions::ActionKind;
    if control == MountControl::Controlled
        && !matches!(
            action,
            ActionKind::Dash | ActionKind::Disengage | ActionKind::Dodge
        )
    {
        return Err(RulesError::Forbidden {
            rule: "DD-CBT-12.b",
            reason: format!(
                "a controlled mount takes only Dash, Disengage or Dodge, not {action:?}"
            ),
        });
    }
    Ok(())
}

/// A controlled mount's Initiative is its rider's; an independent one keeps its own
/// (DD-CBT-12.b).
pub fn mount_initiative(control: MountControl, rider: i32, own: i32) -> i32 {
    match control {
        MountControl::Controlled => rider,
        MountControl::Independent => own,
    }
}

/// DC of the Dexterity save to stay mounted (DD-CBT-12.c).
pub const STAY_MOUNTED_DC: i32 = 10;

/// The mount is moved against its will, or the rider or mount is knocked Prone
/// (DD-CBT-12.c): the rider falls off on a failed DC 10 Dexterity save, landing Prone within
/// 5 ft. Returns whether the rider falls (and is then Prone).
pub fn rider_falls(dex_save_total: i32) -> bool {
    dex_save_total < STAY_MOUNTED_DC
}

/// Underwater attacks (DD-CBT-13): melee without a Swim Speed has Disadvantage unless the
/// weapon pierces; ranged beyond normal range misses, within it has Disadvantage. Returns the
/// Disadvantage sources, or an error for the automatic miss.
pub fn underwater_attack(
    ranged: bool,
    piercing: bool,
    has_swim_speed: bool,
    distance_ft: u32,
    normal_ft: u32,
) -> Result<u32, RulesError> {
    if ranged {
        if distance_ft > normal_ft {
            return Err(RulesError::Forbidden {
                rule: "DD-CBT-13.b",
                reason: "underwater, a ranged attack beyond normal range misses".into(),
            });
        }
        return Ok(1);
    }
    Ok(u32::from(!has_swim_speed && !piercing))
}

/// Validates a Strength score-based number for the CLI and pack readers.
pub fn check_reach(reach_ft: i64) -> Result<u32, RulesError> {
    in_range("reach", reach_ft, 0, 1_000, "DD-MOVE-22.a")?;
    Ok(u32::try_from(reach_ft).unwrap_or(5))
}

/// A weapon attack's numbers (DD-CBT-10.b, DD-CORE-05.c/d): the ability is Strength for melee,
/// Dexterity for ranged, either (the better) for Finesse; PB only if proficient; the damage
/// adds the same ability modifier as the attack.
pub fn weapon_attack(
    str_mod: i32,
    dex_mod: i32,
    ranged: bool,
    finesse: bool,
    pb: i32,
    proficient: bool,
    dice: DamageDice,
) -> (i32, DamageDice) {
    let ability = if finesse {
        str_mod.max(dex_mod)
    } else if ranged {
        dex_mod
    } else {
        str_mod
    };
    let bonus = ability + if proficient { pb } else { 0 };
    (
        bonus,
        DamageDice {
            modifier: dice.modifier + ability,
            ..dice
        },
    )
}

/// Seconds in one round (DD-CBT-03.a).
pub const ROUND_SECONDS: u64 = 6;

/// Why a combat ended (DD-CBT-03.b): the GM declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatEnd {
    SideDefeated,
    Fled,
    Surrendered,
    BothSidesAgree,
}

/// Where a combat stands in its sequence (DD-CBT-03.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatPhase {
    /// The GM places the participants.
    Positions,
    /// Everyone rolls Initiative.
    Initiative,
    /// Turns in Initiative order, round after round.
    Turns,
    Ended(CombatEnd),
}

/// Whose turn starts, in which round (DD-CBT-03.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnStart {
    pub round: u32,
    /// Index of the participant, as given to `Combat::roll_initiative`.
    pub participant: usize,
}

/// The combat sequence (DD-CBT-03): positions, then Initiative, then turns in Initiative order,
/// each participant one turn per round of 6 seconds, until the GM ends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    phase: CombatPhase,
    participants: usize,
    order: Vec<usize>,
    /// Participants out of the fight (dead, fled): their turns are skipped.
    out: Vec<usize>,
    round: u32,
    /// Position in `order` of the current turn.
    current: usize,
}

fn sequence_error<T>(reason: &str) -> Result<T, RulesError> {
    Err(RulesError::Forbidden {
        rule: "DD-CBT-03.b",
        reason: reason.into(),
    })
}

impl Combat {
    /// A combat of `participants` creatures, starting with the GM placing them.
    pub fn new(participants: usize) -> Result<Combat, RulesError> {
        in_range(
            "participants",
            i64::try_from(participants).unwrap_or(i64::MAX),
            1,
            10_000,
            "DD-CBT-03.a",
        )?;
        Ok(Combat {
            phase: CombatPhase::Positions,
            participants,
            order: Vec::new(),
            out: Vec::new(),
            round: 0,
            current: 0,
        })
    }

    pub fn phase(&self) -> CombatPhase {
        self.phase
    }

    /// The current round, 1 for the first (0 before Initiative).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Game time since the first turn started: 6 seconds per completed round.
    pub fn elapsed_seconds(&self) -> u64 {
        u64::from(self.round.saturating_sub(1)) * ROUND_SECONDS
    }

    /// Turn order fixed by Initiative.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// The GM has placed everyone: Initiative comes next.
    pub fn positions_set(&mut self) -> Result<(), RulesError> {
        if self.phase != CombatPhase::Positions {
            return sequence_error("positions are set once, before Initiative");
        }
        self.phase = CombatPhase::Initiative;
        Ok(())
    }

    /// Everyone's Initiative (one per participant) and the chosen order of ties: the order is
    /// fixed (DD-CBT-01.b) and round 1 starts with the highest. Returns the first turn.
    pub fn roll_initiative(
        &mut self,
        initiatives: &[i32],
        tie_order: &[usize],
    ) -> Result<TurnStart, RulesError> {
        if self.phase != CombatPhase::Initiative {
            return sequence_error("Initiative is rolled after the GM sets positions, once");
        }
        if initiatives.len() != self.participants {
            return sequence_error(&format!(
                "{} Initiatives for {} participants",
                initiatives.len(),
                self.participants
            ));
        }
        self.order = turn_order(initiatives, tie_order)?;
        self.phase = CombatPhase::Turns;
        self.round = 1;
        self.current = 0;
        self.current_turn()
    }

    /// The turn in progress.
    pub fn current_turn(&self) -> Result<TurnStart, RulesError> {
        if self.phase != CombatPhase::Turns {
            return sequence_error("no turn is in progress");
        }
        match self.order.get(self.current) {
            Some(p) => Ok(TurnStart {
                round: self.round,
                participant: *p,
            }),
            None => sequence_error("no turn is in progress"),
        }
    }

    /// A participant leaves the fight (dead, fled): its later turns are skipped.
    pub fn remove(&mut self, participant: usize) -> Result<(), RulesError> {
        if participant >= self.participants {
            return sequence_error("no such participant");
        }
        if !self.out.contains(&participant) {
            self.out.push(participant);
        }
        Ok(())
    }

    /// Ends the current participant's turn (it may have done nothing, DD-ACT-02.e) and starts
    /// the next one in Initiative order; after the last, a new round begins with the first.
    /// Only the participant whose turn it is may end it.
    pub fn end_turn(&mut self, participant: usize) -> Result<TurnStart, RulesError> {
        let now = self.current_turn()?;
        if now.participant != participant {
            return sequence_error(&format!(
                "it is participant {}'s turn, not {participant}'s",
                now.participant
            ));
        }
        if self.order.iter().all(|p| self.out.contains(p)) {
            return sequence_error("no participant is left; the GM ends the combat");
        }
        loop {
            self.current += 1;
            if self.current >= self.order.len() {
                self.current = 0;
                self.round += 1;
            }
            if !self.out.contains(&self.order[self.current]) {
                return self.current_turn();
            }
        }
    }

    /// The GM ends the combat (DD-CBT-03.b). Returns the game time it took.
    pub fn end(&mut self, why: CombatEnd) -> Result<u64, RulesError> {
        if matches!(self.phase, CombatPhase::Ended(_)) {
            return sequence_error("the combat has already ended");
        }
        self.phase = CombatPhase::Ended(why);
        Ok(u64::from(self.round) * ROUND_SECONDS)
    }
}

/// How an attack reaches its target (DD-CBT-05, DD-CBT-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackReach {
    Melee {
        reach_ft: u32,
    },
    /// Normal range, and the long range if it has one (a single range is a hard limit).
    Ranged {
        normal_ft: u32,
        long_ft: Option<u32>,
    },
}

/// What an attack is aimed at (DD-CBT-04.a).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AttackTarget<'a> {
    Creature {
        armor_class: i32,
        conditions: &'a crate::conditions::Conditions,
    },
    /// An object: its AC (by material, DD-OBJ-02.a); objects have no conditions.
    Object { armor_class: i32 },
    /// A guessed location. `occupant` is what the GM reveals is there: nothing (the attack
    /// misses whatever the roll) or a creature.
    Location {
        occupant: Option<(i32, &'a crate::conditions::Conditions)>,
    },
}

/// Everything that goes into one attack (DD-CBT-04.a).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttackRequest<'a> {
    /// The attack bonus (ability modifier, PB if proficient, other bonuses).
    pub bonus: i32,
    pub reach: AttackReach,
    pub distance_ft: u32,
    pub target: AttackTarget<'a>,
    /// The best cover between the attacker and the target (DD-COV-01.d/e).
    pub cover: crate::cover::Cover,
    pub attacker: &'a crate::conditions::Conditions,
    pub attacker_sees_target: bool,
    pub target_sees_attacker: bool,
    /// The target is the creature grappling the attacker (DD-COND-07.b).
    pub target_is_grappler: bool,
    /// The attacker can see what frightens it (DD-COND-06.a).
    pub fear_source_in_sight: bool,
    /// An enemy within 5 ft of the attacker sees it and is not Incapacitated (DD-CBT-05.c).
    pub enemy_within_5ft: bool,
    /// Advantage and Disadvantage from other effects (Dodge, Help, spells, features).
    pub other_advantage: u32,
    pub other_disadvantage: u32,
    /// Damage dice on a hit; `None` for an attack that says it deals none.
    pub damage: Option<DamageDice>,
}

/// An attack ready to be rolled: target valid, modifiers determined (DD-CBT-04.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackPlan {
    pub test: crate::core::D20Test,
    pub advantage_sources: u32,
    pub disadvantage_sources: u32,
    /// A hit is a Critical Hit whatever the face (Paralyzed or Unconscious within 5 ft).
    pub hit_is_critical: bool,
    /// The guessed location holds nothing: the attack cannot hit.
    pub empty_location: bool,
    pub damage: Option<DamageDice>,
}

/// The result of an attack roll (DD-CBT-04.a).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOutcome {
    pub roll: crate::core::D20Outcome,
    pub hit: bool,
    pub critical: bool,
    /// Damage dice to roll on a hit (doubled on a Critical Hit, DD-CORE-19.b); `None` on a
    /// miss or for an attack that deals no damage.
    pub damage: Option<DamageDice>,
}

/// One named Advantage or Disadvantage source of an attack roll, so a table lists each one
/// before the roll (DD-CORE-06..08: they are listed, then combined).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackSource {
    /// A condition of the target (T-S15).
    TargetCondition(crate::conditions::Condition),
    /// A condition of the attacker.
    OwnCondition(crate::conditions::Condition),
    /// The target is beyond normal range (DD-CBT-05.b).
    LongRange,
    /// An enemy within 5 ft sees the ranged attacker (DD-CBT-05.c).
    EnemyWithin5Ft,
    /// The target cannot see the attacker (DD-VIS-10).
    AttackerUnseen,
    /// The attacker cannot see the target (DD-VIS-10).
    TargetUnseen,
    /// The target took the Dodge action and sees the attacker (DD-ACT-08.a). Not found by
    /// [`attack_sources`]: the table adds it from the target's record.
    Dodging,
    /// A Help action against the target (DD-ACT-09.b). Not found by [`attack_sources`]: the
    /// table adds it from the helper's record.
    Helped,
}

/// Step 1 and the Advantage/Disadvantage part of step 2 (DD-CBT-04.a), named: the target
/// must be in reach or range; then every source the target's and the attacker's conditions,
/// range and sight give, as (Advantage, Disadvantage). The request's `other_*` counts are
/// not listed here (the caller names them).
pub fn attack_sources(
    req: &AttackRequest<'_>,
) -> Result<(Vec<AttackSource>, Vec<AttackSource>), RulesError> {
    use crate::conditions::{attack_sources_against_named, own_attack_sources_named};
    let mut adv = Vec::new();
    let mut dis = Vec::new();
    match req.reach {
        AttackReach::Melee { reach_ft } => melee_in_reach(req.distance_ft, reach_ft)?,
        AttackReach::Ranged { normal_ft, long_ft } => {
            // Validates the range (beyond long range is impossible); the count is named below.
            ranged_attack(req.distance_ft, normal_ft, long_ft, req.enemy_within_5ft)?;
            if req.distance_ft > normal_ft {
                dis.push(AttackSource::LongRange);
            }
            if req.enemy_within_5ft {
                dis.push(AttackSource::EnemyWithin5Ft);
            }
        }
    }
    let target_conditions = match req.target {
        AttackTarget::Creature { conditions, .. } => Some(conditions),
        AttackTarget::Object { .. } => None,
        AttackTarget::Location { occupant } => occupant.map(|(_, c)| c),
    };
    if let Some(c) = target_conditions {
        let (a, d) = attack_sources_against_named(c, req.distance_ft, req.attacker_sees_target);
        adv.extend(a.into_iter().map(AttackSource::TargetCondition));
        dis.extend(d.into_iter().map(AttackSource::TargetCondition));
    }
    let (a, d) = own_attack_sources_named(
        req.attacker,
        req.target_is_grappler,
        req.fear_source_in_sight,
        req.target_sees_attacker,
    );
    adv.extend(a.into_iter().map(AttackSource::OwnCondition));
    dis.extend(d.into_iter().map(AttackSource::OwnCondition));
    let (a, d) = crate::vision::unseen_sources(req.attacker_sees_target, req.target_sees_attacker);
    if a > 0 {
        adv.push(AttackSource::AttackerUnseen);
    }
    if d > 0 {
        dis.push(AttackSource::TargetUnseen);
    }
    Ok((adv, dis))
}

/// Steps 1 and 2 of making an attack (DD-CBT-04.a): the target must be within range (melee
/// reach, or ranged normal/long range) and not behind Total Cover; then the modifiers: cover
/// adds to AC (DD-COV-01.a), Advantage and Disadvantage come from the target's and the
/// attacker's conditions, sight, range and other effects ([`attack_sources`]), combined by
/// DD-CORE-08; the attacker's Exhaustion lowers the roll.
pub fn plan_attack(req: &AttackRequest<'_>) -> Result<AttackPlan, RulesError> {
    use crate::conditions::hit_is_critical;
    let Some(cover_bonus) = req.cover.bonus() else {
        return Err(RulesError::Forbidden {
            rule: "DD-COV-01.c",
            reason: "a target behind Total Cover cannot be attacked directly".into(),
        });
    };
    let (named_adv, named_dis) = attack_sources(req)?;
    let count = |l: &[AttackSource]| u32::try_from(l.len()).unwrap_or(u32::MAX);
    let adv = req.other_advantage.saturating_add(count(&named_adv));
    let dis = req.other_disadvantage.saturating_add(count(&named_dis));
    let (target_ac, target_conditions, empty_location) = match req.target {
        AttackTarget::Creature {
            armor_class,
            conditions,
        } => (armor_class, Some(conditions), false),
        AttackTarget::Object { armor_class } => (armor_class, None, false),
        AttackTarget::Location { occupant } => match occupant {
            Some((armor_class, conditions)) => (armor_class, Some(conditions), false),
            None => (0, None, true),
        },
    };
    let critical_by_condition =
        target_conditions.is_some_and(|c| hit_is_critical(c, req.distance_ft));
    Ok(AttackPlan {
        test: crate::core::D20Test {
            kind: crate::core::D20TestKind::AttackRoll,
            bonus: req.bonus,
            target: target_ac + cover_bonus,
            mode: RollMode::from_sources(adv, dis),
            // The attacker's Exhaustion lowers the roll (DD-COND-05.c).
            exhaustion: req.attacker.exhaustion.level(),
        },
        advantage_sources: adv,
        disadvantage_sources: dis,
        hit_is_critical: critical_by_condition,
        empty_location,
        damage: req.damage,
    })
}

impl AttackPlan {
    /// Steps 3 and 4 (DD-CBT-04.a): the roll on `faces` (one d20, two with Advantage or
    /// Disadvantage), the Critical Hit face in force (`ex`, DD-CORE-20.a), then on a hit the
    /// damage dice, doubled on a Critical Hit, unless the attack deals none.
    pub fn roll(
        &self,
        faces: &[u8],
        ex: &crate::exceptions::Exceptions,
    ) -> Result<AttackOutcome, RulesError> {
        let roll = self.test.resolve_with(faces, ex)?;
        let hit = roll.success && !self.empty_location;
        let critical = hit && (roll.critical || self.hit_is_critical);
        let damage = match (hit, self.damage) {
            (true, Some(d)) if critical => Some(d.critical()),
            (true, Some(d)) => Some(d),
            _ => None,
        };
        Ok(AttackOutcome {
            roll,
            hit,
            critical,
            damage,
        })
    }
}
