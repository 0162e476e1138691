//! One attack from throw to damage, and attack routines («Как атаковать», «Ближний бой», «Урон»,
//! «Особые приемы», «Рассечение»).
//!
//! - [`strike`] resolves one attack: the attack throw through [`attack::resolve_attack`], then,
//!   on a hit only, the damage dice with their bonuses through [`damage::total_damage`]
//!   (AC-ATK-05). Instead of a normal attack a combatant may try a special maneuver
//!   (AC-MELEE-05): the maneuver's attack penalty applies and a hit calls for the target's save
//!   (knock out deals nonlethal damage instead).
//! - [`AttackRoutine`] is a monster's listed attacks in the order the entry gives them, claws
//!   before bite (AC-DMG-05); [`RoutineRound`] resolves them one by one, and when an attack
//!   fells a foe it offers a cleave with the same attack before the rest of the routine
//!   (AC-MELEE-02, AC-CLEAVE-01…04).
use crate::attack::{self, AttackRoll};
use crate::damage;
use crate::dice_spec::DiceSpec;
use crate::maneuvers::Maneuver;
use crate::odds::Fraction;
use crate::{AcksError, HitDice};
use num_traits::{CheckedAdd, CheckedMul};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// Most attacks in one routine.
pub const MAX_ROUTINE: usize = 12;

/// A normal attack or a special maneuver in its place (AC-MELEE-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackChoice {
    Normal,
    Maneuver(Maneuver),
}

/// Everything one attack needs. Faces are rolled by the caller; `damage_faces` may be empty
/// on a miss.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Strike {
    /// The attacker's attack throw (T-13/T-14).
    pub attack_throw: i32,
    /// The target's armour class.
    pub target_ac: i32,
    /// Bonuses and penalties to the attack throw (STR/DEX, magic, situations).
    pub attack_bonus: i32,
    pub choice: AttackChoice,
    pub d20: i32,
    /// The weapon's or the monster attack's damage dice.
    pub damage: DiceSpec,
    /// Bonuses and penalties to damage (STR, magic, class), added once (AC-DMG-04/06).
    pub damage_bonus: i32,
    /// The base roll is doubled (backstab, charge with a lance, helpless target…).
    pub doubled: bool,
    /// The weapon deals nonlethal damage (unarmed, AC-DMG-01).
    pub nonlethal_weapon: bool,
    pub damage_faces: Vec<u32>,
}

/// What a hit does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OnHit {
    /// Damage dealt (AC-ATK-05); nonlethal for unarmed attacks and knock out.
    Damage { amount: u32, nonlethal: bool },
    /// The target saves vs Paralysis against the maneuver (AC-MANEUVER-04…14).
    ManeuverSave { maneuver: Maneuver },
}

/// A resolved attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StrikeResult {
    pub roll: AttackRoll,
    /// `None` on a miss.
    pub on_hit: Option<OnHit>,
}

impl StrikeResult {
    /// Damage dealt (0 on a miss or a maneuver needing a save).
    pub fn damage(&self) -> u32 {
        match self.on_hit {
            Some(OnHit::Damage { amount, .. }) => amount,
            _ => 0,
        }
    }
}

fn effective_bonus(s: &Strike) -> i32 {
    match s.choice {
        AttackChoice::Normal => s.attack_bonus,
        AttackChoice::Maneuver(m) => s.attack_bonus + m.attack_modifier(),
    }
}

fn deals_damage(choice: AttackChoice) -> bool {
    match choice {
        AttackChoice::Normal => true,
        AttackChoice::Maneuver(m) => !m.target_saves(),
    }
}

/// AC-ATK-05, AC-MELEE-05: resolves one attack. A hit rolls damage with its bonuses; a miss
/// rolls none. Faces that do not fit the dice are refused even on a miss, so a bad request
/// never half-resolves.
pub fn strike(s: &Strike) -> Result<StrikeResult, AcksError> {
    if s.damage_bonus.abs() > attack::MAX_BONUS {
        return Err(AcksError::range(
            "AC-ATK-05",
            format!(
                "damage bonus must be within ±{}, got {}",
                attack::MAX_BONUS,
                s.damage_bonus
            ),
        ));
    }
    let roll = attack::resolve_attack(s.attack_throw, s.target_ac, effective_bonus(s), s.d20)?;
    let needs_faces = roll.hit && deals_damage(s.choice);
    let base = if needs_faces || !s.damage_faces.is_empty() {
        Some(s.damage.total(&s.damage_faces, "AC-ATK-05")?)
    } else {
        None
    };
    if !roll.hit {
        return Ok(StrikeResult { roll, on_hit: None });
    }
    let on_hit = match s.choice {
        AttackChoice::Maneuver(m) if m.target_saves() => OnHit::ManeuverSave { maneuver: m },
        choice => {
            // needs_faces was true, so `base` was computed and checked above.
            let base = base.unwrap_or(0).max(0) as u32;
            OnHit::Damage {
                amount: damage::total_damage(base, s.doubled, s.damage_bonus),
                nonlethal: s.nonlethal_weapon
                    || choice == AttackChoice::Maneuver(Maneuver::KnockOut),
            }
        }
    };
    Ok(StrikeResult {
        roll,
        on_hit: Some(on_hit),
    })
}

/// Exact odds of one normal attack: P(hit) and the distribution of damage dealt (0 on a
/// miss), with its expectation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrikeOdds {
    pub hit: Fraction,
    /// (damage, probability), damage 0 included for misses.
    pub damage: Vec<(u32, Fraction)>,
    pub expected_damage: Fraction,
}

/// AC-ATK-05: exact damage odds of a normal attack with these bonuses.
pub fn strike_odds(
    attack_throw: i32,
    target_ac: i32,
    attack_bonus: i32,
    dice: DiceSpec,
    damage_bonus: i32,
) -> Result<StrikeOdds, AcksError> {
    if damage_bonus.abs() > attack::MAX_BONUS {
        return Err(AcksError::range(
            "AC-ATK-05",
            format!("damage bonus must be within ±{}", attack::MAX_BONUS),
        ));
    }
    let hit = attack::attack_odds(attack_throw, target_ac, attack_bonus)?.hit;
    let (dist, weight) = dice.distribution()?;
    // Hit chances are twentieths and weights at most dice_spec::MAX_OUTCOMES, so each
    // probability's denominator divides 20 × weight; the checked sums guard the rest.
    let too_large = || AcksError::range("AC-ATK-05", format!("{dice} is too large for exact odds"));
    let mut out: std::collections::BTreeMap<u32, Fraction> = Default::default();
    *out.entry(0).or_default() += Fraction::from_integer(1) - hit;
    for (v, w) in dist {
        let dealt = damage::total_damage(v.max(0) as u32, false, damage_bonus);
        let p = hit
            .checked_mul(&Fraction::new(w, weight))
            .ok_or_else(too_large)?;
        let slot = out.entry(dealt).or_default();
        *slot = slot.checked_add(&p).ok_or_else(too_large)?;
    }
    let damage: Vec<(u32, Fraction)> = out.into_iter().collect();
    let mut expected_damage = Fraction::from_integer(0);
    for (d, p) in &damage {
        expected_damage = p
            .checked_mul(&Fraction::from_integer(i64::from(*d)))
            .and_then(|x| expected_damage.checked_add(&x))
            .ok_or_else(too_large)?;
    }
    Ok(StrikeOdds {
        hit,
        damage,
        expected_damage,
    })
}

/// One listed attack of a monster ("claw 1d4").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonsterAttack {
    pub name: String,
    pub damage: DiceSpec,
}

/// A monster's attacks per round in the listed order (AC-DMG-05): the entry's
/// "claw/claw/bite" is resolved claw, claw, bite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRoutine {
    pub attacks: Vec<MonsterAttack>,
}

impl AttackRoutine {
    /// A routine of 1…[`MAX_ROUTINE`] attacks.
    pub fn new(attacks: Vec<MonsterAttack>) -> Result<AttackRoutine, AcksError> {
        if attacks.is_empty() || attacks.len() > MAX_ROUTINE {
            return Err(AcksError::range(
                "AC-DMG-05",
                format!(
                    "an attack routine lists 1–{MAX_ROUTINE} attacks, got {}",
                    attacks.len()
                ),
            ));
        }
        Ok(AttackRoutine { attacks })
    }

    /// The attacks per round (AC-ATK-02).
    pub fn len(&self) -> usize {
        self.attacks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.attacks.is_empty()
    }
}

/// Parses an entry's routine: attacks separated by `/`, each `name dice` or just `dice`
/// (named "attack N"): `claw 1d3/claw 1d3/bite 1d6`, `1d3/1d3/1d6`, `weapon 1d8+2`.
impl FromStr for AttackRoutine {
    type Err = AcksError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > 400 {
            return Err(AcksError::range(
                "AC-DMG-05",
                "an attack routine is at most 400 characters",
            ));
        }
        let attacks = s
            .split('/')
            .enumerate()
            .map(|(i, part)| {
                let part = part.trim();
                let (name, dice) = match part.rsplit_once(char::is_whitespace) {
                    Some((n, d)) => (n.trim().to_string(), d),
                    None => (format!("attack {}", i + 1), part),
                };
                Ok(MonsterAttack {
                    name,
                    damage: dice.parse()?,
                })
            })
            .collect::<Result<Vec<_>, AcksError>>()?;
        AttackRoutine::new(attacks)
    }
}

/// Where a cleave goes (AC-CLEAVE-01/02): another foe within 5 ft of the fallen one, and the
/// step taken to reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CleaveTarget {
    pub foe_within_5_ft_of_fallen: bool,
    pub step_ft: u32,
    pub movement_left_ft: u32,
}

/// One swing of a routine: the target and the dice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Swing {
    pub attack_throw: i32,
    pub target_ac: i32,
    pub attack_bonus: i32,
    pub damage_bonus: i32,
    pub choice: AttackChoice,
    /// The target's hit points before this swing: a swing that takes them to 0 or below
    /// fells it (AC-CLEAVE-01).
    pub target_hp: i32,
    pub d20: i32,
    pub damage_faces: Vec<u32>,
    /// Required when the swing is a cleave.
    pub cleave: Option<CleaveTarget>,
}

/// Which attack comes next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NextAttack {
    /// The routine's attack at `index`, in listed order.
    Listed { index: usize, name: String },
    /// A cleave with the attack at `index` (the one that felled the foe: same weapon).
    Cleave { index: usize, name: String },
    /// The routine is spent.
    Done,
}

/// A resolved swing of a routine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoutineStep {
    pub index: usize,
    pub name: String,
    pub cleave: bool,
    pub result: StrikeResult,
    pub felled: bool,
}

/// One round of a routine, resolved attack by attack (AC-MELEE-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoutineRound {
    routine: AttackRoutine,
    next: usize,
    cleaves_allowed: u32,
    cleaves_used: u32,
    pending_cleave: Option<usize>,
    steps: Vec<RoutineStep>,
}

impl RoutineRound {
    /// A round for a routine with `cleaves_allowed` cleaves (AC-CLEAVE-04).
    pub fn new(routine: AttackRoutine, cleaves_allowed: u32) -> RoutineRound {
        RoutineRound {
            routine,
            next: 0,
            cleaves_allowed,
            cleaves_used: 0,
            pending_cleave: None,
            steps: Vec::new(),
        }
    }

    /// A monster's round: cleaves up to its Hit Dice (AC-CLEAVE-04).
    pub fn for_monster(routine: AttackRoutine, hd: HitDice) -> RoutineRound {
        RoutineRound::new(routine, damage::cleaves_per_round(None, hd.dice))
    }

    pub fn next_attack(&self) -> NextAttack {
        let name = |i: usize| self.routine.attacks[i].name.clone();
        match self.pending_cleave {
            Some(index) => NextAttack::Cleave {
                index,
                name: name(index),
            },
            None if self.next < self.routine.len() => NextAttack::Listed {
                index: self.next,
                name: name(self.next),
            },
            None => NextAttack::Done,
        }
    }

    /// The swings resolved so far, in order.
    pub fn steps(&self) -> &[RoutineStep] {
        &self.steps
    }

    pub fn cleaves_used(&self) -> u32 {
        self.cleaves_used
    }

    /// Passes up an offered cleave; the routine goes on with its next listed attack.
    pub fn decline_cleave(&mut self) {
        self.pending_cleave = None;
    }

    /// Resolves the next attack (listed or cleave). A refused swing changes nothing.
    pub fn resolve(&mut self, swing: &Swing) -> Result<&RoutineStep, AcksError> {
        let (index, cleave) = match self.next_attack() {
            NextAttack::Listed { index, .. } => (index, false),
            NextAttack::Cleave { index, .. } => (index, true),
            NextAttack::Done => {
                return Err(AcksError::range(
                    "AC-MELEE-02",
                    format!(
                        "the routine's {} attacks are spent this round",
                        self.routine.len()
                    ),
                ));
            }
        };
        if cleave {
            let target = swing.cleave.ok_or_else(|| {
                AcksError::range(
                    "AC-CLEAVE-01",
                    "a cleave needs its target: a foe within 5 ft of the fallen one",
                )
            })?;
            damage::may_cleave(
                self.cleaves_used,
                self.cleaves_allowed,
                target.foe_within_5_ft_of_fallen,
                target.step_ft,
                target.movement_left_ft,
                matches!(swing.choice, AttackChoice::Maneuver(_)),
            )?;
        }
        let (name, dice) = {
            let a = &self.routine.attacks[index];
            (a.name.clone(), a.damage)
        };
        let result = strike(&Strike {
            attack_throw: swing.attack_throw,
            target_ac: swing.target_ac,
            attack_bonus: swing.attack_bonus,
            choice: swing.choice,
            d20: swing.d20,
            damage: dice,
            damage_bonus: swing.damage_bonus,
            doubled: false,
            nonlethal_weapon: false,
            damage_faces: swing.damage_faces.clone(),
        })?;
        let dealt = i64::from(result.damage());
        let felled = dealt > 0 && i64::from(swing.target_hp) - dealt <= 0;
        if cleave {
            self.cleaves_used += 1;
            self.pending_cleave = None;
        } else {
            self.next += 1;
        }
        if felled && self.cleaves_used < self.cleaves_allowed {
            self.pending_cleave = Some(index);
        }
        self.steps.push(RoutineStep {
            index,
            name,
            cleave,
            result,
            felled,
        });
        // Just pushed.
        Ok(&self.steps[self.steps.len() - 1])
    }
}
