//! Monsters and stat blocks (checklist §15, DD-MON): Challenge Rating, XP, Proficiency Bonus,
//! damage notation, limited uses.

use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// A Challenge Rating: 0, 1/8, 1/4, 1/2 or 1…30 (T-S8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ChallengeRating {
    /// The rating in eighths (CR 1/8 = 1, CR 1 = 8).
    eighths: u32,
}

/// XP by whole CR 1…30 (T-S8).
const XP_BY_CR: [u32; 30] = [
    200, 450, 700, 1_100, 1_800, 2_300, 2_900, 3_900, 5_000, 5_900, 7_200, 8_400, 10_000, 11_500,
    13_000, 15_000, 18_000, 20_000, 22_000, 25_000, 33_000, 41_000, 50_000, 62_000, 75_000, 90_000,
    105_000, 120_000, 135_000, 155_000,
];

impl ChallengeRating {
    /// Parses "0", "1/8", "1/4", "1/2", "1"…"30", or a decimal such as "0.125" or "10.000"
    /// (as open5e writes it). Anything else is refused (DD-MON-02, T-S8).
    pub fn parse(text: &str) -> Result<ChallengeRating, RulesError> {
        let t = text.trim();
        let bad = || RulesError::Unknown {
            what: "challenge rating",
            got: text.to_string(),
            expected: "0, 1/8, 1/4, 1/2, 1…30".into(),
            rule: "DD-MON-02",
        };
        let eighths = match t {
            "1/8" | "0.125" => 1,
            "1/4" | "0.25" | "0.250" => 2,
            "1/2" | "0.5" | "0.500" => 4,
            _ => {
                let whole = t.split_once('.').map_or(t, |(w, frac)| {
                    if frac.chars().all(|c| c == '0') {
                        w
                    } else {
                        "x"
                    }
                });
                let n: u32 = whole.parse().map_err(|_| bad())?;
                if n > 30 {
                    return Err(bad());
                }
                n * 8
            }
        };
        Ok(ChallengeRating { eighths })
    }

    /// From a number (5e-database writes 0.125, 0.25, 0.5, 1, …).
    pub fn from_f64(v: f64) -> Result<ChallengeRating, RulesError> {
        let eighths = (v * 8.0).round();
        let ok = (0.0..=240.0).contains(&eighths)
            && (eighths - v * 8.0).abs() < 1e-9
            && (eighths <= 4.0 && [0.0, 1.0, 2.0, 4.0].contains(&eighths) || eighths % 8.0 == 0.0);
        if !ok {
            return Err(RulesError::Unknown {
                what: "challenge rating",
                got: v.to_string(),
                expected: "0, 1/8, 1/4, 1/2, 1…30".into(),
                rule: "DD-MON-02",
            });
        }
        Ok(ChallengeRating {
            eighths: eighths as u32,
        })
    }

    /// XP for the CR (T-S8). CR 0 is worth 0 or 10 XP as the stat block says: `cr0_xp`.
    pub fn xp(self, cr0_xp_is_10: bool) -> u32 {
        match self.eighths {
            0 => {
                if cr0_xp_is_10 {
                    10
                } else {
                    0
                }
            }
            1 => 25,
            2 => 50,
            4 => 100,
            e => XP_BY_CR[(e / 8 - 1) as usize],
        }
    }

    /// Proficiency Bonus by CR (T-S2): +2 up to CR 4, then +1 per 4 CRs, +9 at 29–30.
    pub fn proficiency_bonus(self) -> i32 {
        let whole = self.eighths / 8;
        if whole <= 4 {
            2
        } else {
            2 + i32::try_from((whole - 1) / 4).unwrap_or(0)
        }
    }
}

impl std::fmt::Display for ChallengeRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.eighths {
            1 => write!(f, "1/8"),
            2 => write!(f, "1/4"),
            4 => write!(f, "1/2"),
            e => write!(f, "{}", e / 8),
        }
    }
}

impl TryFrom<String> for ChallengeRating {
    type Error = RulesError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        ChallengeRating::parse(&s)
    }
}

impl From<ChallengeRating> for String {
    fn from(c: ChallengeRating) -> String {
        c.to_string()
    }
}

/// XP needed for each character level 1…20 (T-S9).
pub const LEVEL_XP: [u32; 20] = [
    0, 300, 900, 2_700, 6_500, 14_000, 23_000, 34_000, 48_000, 64_000, 85_000, 100_000, 120_000,
    140_000, 165_000, 195_000, 225_000, 265_000, 305_000, 355_000,
];

/// The character level reached with `xp` (DD-MON-03.a).
pub fn level_for_xp(xp: u32) -> u8 {
    let n = LEVEL_XP.iter().filter(|t| xp >= **t).count();
    u8::try_from(n).unwrap_or(20)
}

/// Damage written "N (dice)" in a stat block: the GM uses either the fixed number or the
/// dice, never both (DD-MON-01.e).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatBlockDamage {
    pub fixed: u32,
    pub dice: String,
}

/// Which form of stat-block damage the GM chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageForm {
    Fixed,
    Rolled,
}

impl StatBlockDamage {
    /// Parses "4 (1d4 + 2)".
    pub fn parse(text: &str) -> Result<StatBlockDamage, RulesError> {
        let bad = || RulesError::Unknown {
            what: "stat-block damage",
            got: text.to_string(),
            expected: "N (dice), e.g. 4 (1d4 + 2)".into(),
            rule: "DD-MON-01.e",
        };
        let (n, rest) = text.trim().split_once('(').ok_or_else(bad)?;
        let dice = rest.strip_suffix(')').ok_or_else(bad)?.trim();
        if dice.is_empty() {
            return Err(bad());
        }
        Ok(StatBlockDamage {
            fixed: n.trim().parse().map_err(|_| bad())?,
            dice: dice.to_string(),
        })
    }

    /// The damage used: the fixed number, or the caller's roll of the dice — one, not both.
    pub fn resolve(&self, form: DamageForm, rolled: Option<u32>) -> Result<u32, RulesError> {
        match (form, rolled) {
            (DamageForm::Fixed, None) => Ok(self.fixed),
            (DamageForm::Rolled, Some(r)) => Ok(r),
            _ => Err(RulesError::Forbidden {
                rule: "DD-MON-01.e",
                reason: "use either the fixed number or a roll of the dice".into(),
            }),
        }
    }
}

/// Recharge X–Y (DD-MON-04.b): whether the use returns on this d6.
pub fn recharges(min: u8, face: u8) -> Result<bool, RulesError> {
    in_range("d6 face", i64::from(face), 1, 6, "DD-MON-04.b")?;
    in_range("recharge minimum", i64::from(min), 1, 6, "DD-MON-04.b")?;
    Ok(face >= min)
}

/// Legendary Actions (DD-MON-04.c): a pool spent only right after another creature's turn,
/// never while Incapacitated, refilled at the start of the monster's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegendaryActions {
    pub max: u32,
    pub left: u32,
}

impl LegendaryActions {
    pub fn spend(
        &mut self,
        cost: u32,
        after_another_creatures_turn: bool,
        incapacitated: bool,
    ) -> Result<(), RulesError> {
        let refuse = |reason: &str| {
            Err(RulesError::Forbidden {
                rule: "DD-MON-04.c",
                reason: reason.into(),
            })
        };
        if !after_another_creatures_turn {
            return refuse("only right after another creature's turn");
        }
        if incapacitated {
            return refuse("not while Incapacitated");
        }
        if cost > self.left {
            return refuse("not enough Legendary Action uses left");
        }
        self.left -= cost;
        Ok(())
    }

    pub fn start_turn(&mut self) {
        self.left = self.max;
    }
}

/// A stat block's Initiative (DD-CBT-01.d, DD-MON-01.a): the modifier and the score, which is
/// 10 + the modifier (the static option, DD-CBT-01.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    pub modifier: i32,
    pub score: i32,
}

impl Initiative {
    pub fn from_modifier(modifier: i32) -> Initiative {
        Initiative {
            modifier,
            score: 10 + modifier,
        }
    }
}

/// How a stat block's CR compares with the party's level (DD-MON-02.a): a hint for the GM's
/// encounter planning, never a rule the engine enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreatHint {
    /// CR above the party's level: dangerous.
    Dangerous,
    /// CR equal to the party's level.
    Even,
    /// CR below the party's level: little threat.
    Little,
}

impl ChallengeRating {
    /// The threat this CR suggests against a party of four characters of `party_level`
    /// (DD-MON-02.a); the GM decides what to do with it.
    pub fn threat_for_party(self, party_level: u8) -> ThreatHint {
        let party = u32::from(party_level) * 8;
        match self.eighths.cmp(&party) {
            std::cmp::Ordering::Greater => ThreatHint::Dangerous,
            std::cmp::Ordering::Equal => ThreatHint::Even,
            std::cmp::Ordering::Less => ThreatHint::Little,
        }
    }
}

/// How an attack in a stat block reaches (DD-MON-01.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    Melee {
        reach_ft: u32,
    },
    Ranged {
        normal_ft: u32,
        long_ft: Option<u32>,
    },
}

/// An attack as a stat block writes it (DD-MON-01.c): melee or ranged, the bonus, reach or
/// range, what a hit does, and how many targets (one unless it says otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackNotation {
    pub kind: AttackKind,
    pub bonus: i32,
    pub on_hit: StatBlockDamage,
    pub targets: u32,
}

impl AttackNotation {
    /// One target unless the stat block says otherwise (DD-MON-01.c).
    pub fn new(kind: AttackKind, bonus: i32, on_hit: StatBlockDamage) -> AttackNotation {
        AttackNotation {
            kind,
            bonus,
            on_hit,
            targets: 1,
        }
    }

    /// The reach or range for `combat::plan_attack`.
    pub fn reach(&self) -> crate::combat::AttackReach {
        match self.kind {
            AttackKind::Melee { reach_ft } => crate::combat::AttackReach::Melee { reach_ft },
            AttackKind::Ranged { normal_ft, long_ft } => {
                crate::combat::AttackReach::Ranged { normal_ft, long_ft }
            }
        }
    }
}

/// A saving throw as a stat block writes it (DD-MON-01.d): the ability, the DC, who saves, and
/// what failure and success do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveNotation {
    pub ability: crate::core::Ability,
    pub dc: i32,
    pub who: String,
    pub on_failure: String,
    pub on_success: String,
}

impl SaveNotation {
    /// What a save total leads to: the failure text below the DC, the success text at or above
    /// it (DD-CORE-01.c).
    pub fn outcome(&self, save_total: i32) -> &str {
        if save_total >= self.dc {
            &self.on_success
        } else {
            &self.on_failure
        }
    }
}

/// A stat block's fields in their order (DD-MON-01.a). Magically created creatures may lack
/// Hit Dice, Initiative and CR (`None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatBlock {
    pub name: String,
    pub size: crate::movement::Size,
    pub creature_type: crate::actions::CreatureType,
    pub tags: Vec<String>,
    /// Suggested; the GM decides.
    pub alignment: String,
    pub armor_class: i32,
    pub initiative: Option<Initiative>,
    pub hit_points: u32,
    /// (number of dice, die size).
    pub hit_dice: Option<(u32, u32)>,
    pub speeds: crate::movement::Speeds,
    /// Scores in the order of `Ability::ALL`.
    pub abilities: [i32; 6],
    pub saves: [i32; 6],
    pub skills: Vec<(crate::core::Skill, i32)>,
    pub resistances: Vec<crate::damage::DamageType>,
    pub vulnerabilities: Vec<crate::damage::DamageType>,
    pub damage_immunities: Vec<crate::damage::DamageType>,
    pub condition_immunities: Vec<crate::conditions::Condition>,
    pub gear: Vec<String>,
    pub senses: crate::vision::Senses,
    pub passive_perception: i32,
    pub languages: Vec<String>,
    pub challenge: Option<ChallengeRating>,
    pub traits: Vec<String>,
    pub actions: Vec<String>,
    pub bonus_actions: Vec<String>,
    pub reactions: Vec<String>,
}

impl StatBlock {
    /// Checks the numbers that follow from others (DD-MON-01.a): scores 1…30; the Initiative
    /// score is 10 + its modifier; HP from Hit Dice is dice × average + Con modifier × dice
    /// (DD-REST-02.c). Refusals name the field.
    pub fn validate(&self) -> Result<(), RulesError> {
        for score in self.abilities {
            crate::core::ability_modifier(score)?;
        }
        if let Some(i) = self.initiative
            && i.score != 10 + i.modifier
        {
            return Err(RulesError::Forbidden {
                rule: "DD-MON-01.a",
                reason: format!(
                    "Initiative score {} is not 10 + modifier {}",
                    i.score, i.modifier
                ),
            });
        }
        if let Some((count, sides)) = self.hit_dice {
            let con = crate::core::ability_modifier(self.abilities[2])?;
            let expected = crate::rest::monster_average_hp(count, sides, con)?;
            if expected != self.hit_points {
                return Err(RulesError::Forbidden {
                    rule: "DD-MON-01.a",
                    reason: format!(
                        "{} HP does not match {count}d{sides} with Con {con:+} ({expected})",
                        self.hit_points
                    ),
                });
            }
        }
        Ok(())
    }

    /// Proficiency Bonus from the CR (DD-MON-02.b); none without a CR.
    pub fn proficiency_bonus(&self) -> Option<i32> {
        self.challenge.map(ChallengeRating::proficiency_bonus)
    }

    /// Takes one of the stat block's own actions as the turn's action (DD-MON-01.b): these
    /// come on top of the actions every creature has. Refused for a name the stat block lacks.
    pub fn take_action(
        &self,
        turn: &mut crate::actions::Turn,
        name: &str,
    ) -> Result<(), RulesError> {
        if !self.actions.iter().any(|a| a.eq_ignore_ascii_case(name)) {
            return Err(RulesError::Unknown {
                what: "stat block action",
                got: name.to_string(),
                expected: self.actions.join(", "),
                rule: "DD-MON-01.b",
            });
        }
        turn.take_other_action()
    }
}
