//! Core d20 mechanics (checklist §1, DD-CORE): D20 Tests, ability scores and modifiers,
//! proficiency and Expertise, Advantage and Disadvantage, Heroic Inspiration, critical hits,
//! Passive Perception, Armor Class, per-day uses.

use crate::exceptions::{Exceptions, RuleKey, RuleValue};
use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// Lowest ability score the rules handle here (a score of 0 is left to the effect that caused
/// it, DD-CORE-02.d).
pub const MIN_SCORE: u8 = 1;
/// Absolute maximum of an ability score (DD-CORE-02.d).
pub const MAX_SCORE: u8 = 30;
/// Usual maximum for a player character (DD-CORE-02.d); features may raise it.
pub const MAX_PC_SCORE: u8 = 20;
/// Highest character level (T-S2).
pub const MAX_LEVEL: u8 = 20;
/// Exhaustion penalty per level on every D20 Test (DD-COND-05.c).
pub const EXHAUSTION_PENALTY_PER_LEVEL: i32 = 2;

/// The six abilities (DD-CORE-02.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    Strength,
    Dexterity,
    Constitution,
    Intelligence,
    Wisdom,
    Charisma,
}

impl Ability {
    pub const ALL: [Ability; 6] = [
        Ability::Strength,
        Ability::Dexterity,
        Ability::Constitution,
        Ability::Intelligence,
        Ability::Wisdom,
        Ability::Charisma,
    ];
}

/// Ability modifier = floor((score − 10) / 2) (DD-CORE-02.b, T-S1). Scores outside 1…30 are
/// refused.
pub fn ability_modifier(score: i32) -> Result<i32, RulesError> {
    in_range(
        "ability score",
        i64::from(score),
        i64::from(MIN_SCORE),
        i64::from(MAX_SCORE),
        "DD-CORE-02.d",
    )?;
    Ok((score - 10).div_euclid(2))
}

/// Checks a player character's score against the usual cap of 20, or a raised cap given by a
/// feature (never above 30) (DD-CORE-02.d).
pub fn check_pc_score(score: i32, raised_cap: Option<u8>) -> Result<(), RulesError> {
    let mut ex = Exceptions::general();
    if let Some(cap) = raised_cap {
        ex = ex.specific(
            RuleKey::PcAbilityScoreCap,
            RuleValue::Number(i64::from(cap.min(MAX_SCORE))),
            "feature",
        )?;
    }
    check_pc_score_with(score, &ex)
}

/// Checks a player character's score against the cap in force: 20 by the general rule, or
/// what a feature or the GM sets through the override layer (DD-CORE-02.d, DD-CORE-20.a).
pub fn check_pc_score_with(score: i32, ex: &Exceptions) -> Result<(), RulesError> {
    let cap = ex
        .number(RuleKey::PcAbilityScoreCap)?
        .min(i64::from(MAX_SCORE));
    in_range(
        "player character ability score",
        i64::from(score),
        i64::from(MIN_SCORE),
        cap,
        "DD-CORE-02.d",
    )
}

/// Proficiency Bonus of a character of `level` 1…20: 2 + floor((level − 1) / 4) (DD-CORE-09.b,
/// T-S2). Monsters use `monsters::proficiency_bonus_for_cr`.
pub fn proficiency_bonus(level: i32) -> Result<i32, RulesError> {
    in_range(
        "character level",
        i64::from(level),
        1,
        i64::from(MAX_LEVEL),
        "DD-CORE-09.b",
    )?;
    Ok(2 + (level - 1) / 4)
}

/// How a creature stands with the thing a D20 Test uses (DD-CORE-09, DD-CORE-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Proficiency {
    #[default]
    None,
    Proficient,
    /// Proficiency and Expertise (skills only).
    Expertise,
}

/// What proficiency adds to one roll: PB once however many proficiencies apply
/// (DD-CORE-09.c); Expertise doubles it unless another feature already doubled it, so never
/// 4 × PB (DD-CORE-09.d, DD-CORE-11.a).
pub fn proficiency_added(pb: i32, proficiencies: &[Proficiency], pb_already_doubled: bool) -> i32 {
    let best = proficiencies
        .iter()
        .copied()
        .max_by_key(|p| match p {
            Proficiency::None => 0,
            Proficiency::Proficient => 1,
            Proficiency::Expertise => 2,
        })
        .unwrap_or_default();
    match best {
        Proficiency::None => 0,
        Proficiency::Proficient if pb_already_doubled => 2 * pb,
        Proficiency::Proficient => pb,
        Proficiency::Expertise => 2 * pb,
    }
}

/// The eighteen skills (DD-CORE-10, T-S4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    Acrobatics,
    AnimalHandling,
    Arcana,
    Athletics,
    Deception,
    History,
    Insight,
    Intimidation,
    Investigation,
    Medicine,
    Nature,
    Perception,
    Performance,
    Persuasion,
    Religion,
    SleightOfHand,
    Stealth,
    Survival,
}

impl Skill {
    /// The ability a skill is paired with by default (DD-CORE-10.a, T-S4); a rule or the GM
    /// may pair it with another.
    pub fn default_ability(self) -> Ability {
        use Ability::*;
        match self {
            Skill::Athletics => Strength,
            Skill::Acrobatics | Skill::SleightOfHand | Skill::Stealth => Dexterity,
            Skill::Arcana
            | Skill::History
            | Skill::Investigation
            | Skill::Nature
            | Skill::Religion => Intelligence,
            Skill::AnimalHandling
            | Skill::Insight
            | Skill::Medicine
            | Skill::Perception
            | Skill::Survival => Wisdom,
            Skill::Deception | Skill::Intimidation | Skill::Performance | Skill::Persuasion => {
                Charisma
            }
        }
    }
}

/// A creature's skill training: which skills it is proficient in, and which have Expertise.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillTraining {
    proficient: Vec<Skill>,
    expertise: Vec<Skill>,
}

impl SkillTraining {
    /// Adds proficiency in a skill (idempotent).
    pub fn add_proficiency(&mut self, skill: Skill) {
        if !self.proficient.contains(&skill) {
            self.proficient.push(skill);
        }
    }

    /// Grants Expertise: only in a proficient skill, and never twice in the same skill
    /// (DD-CORE-11.b). A refusal changes nothing.
    pub fn add_expertise(&mut self, skill: Skill) -> Result<(), RulesError> {
        if !self.proficient.contains(&skill) {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-11.b",
                reason: format!("Expertise needs proficiency in {skill:?} first"),
            });
        }
        if self.expertise.contains(&skill) {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-11.b",
                reason: format!("already has Expertise in {skill:?}; choose another skill"),
            });
        }
        self.expertise.push(skill);
        Ok(())
    }

    pub fn proficiency(&self, skill: Skill) -> Proficiency {
        if self.expertise.contains(&skill) {
            Proficiency::Expertise
        } else if self.proficient.contains(&skill) {
            Proficiency::Proficient
        } else {
            Proficiency::None
        }
    }

    /// Bonus of an ability check naming one or more skills ("Strength (Athletics or
    /// Acrobatics)"): the ability modifier plus PB once if proficient in any of them
    /// (DD-CORE-03.b), doubled by Expertise (DD-CORE-11.a). `tool_proficient`: a tool the GM
    /// rules relevant. Returns the bonus and whether the check has Advantage (skill and tool
    /// both proficient, DD-CORE-03.c).
    pub fn check_bonus(
        &self,
        ability_modifier: i32,
        pb: i32,
        skills: &[Skill],
        tool_proficient: bool,
    ) -> (i32, bool) {
        let mut profs: Vec<Proficiency> = skills.iter().map(|s| self.proficiency(*s)).collect();
        let skill_proficient = profs.iter().any(|p| *p != Proficiency::None);
        if tool_proficient {
            profs.push(Proficiency::Proficient);
        }
        let bonus = ability_modifier + proficiency_added(pb, &profs, false);
        (bonus, skill_proficient && tool_proficient)
    }
}

/// The three kinds of D20 Test (DD-CORE-01.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum D20TestKind {
    AbilityCheck,
    SavingThrow,
    AttackRoll,
}

/// How many d20 are rolled and which is kept (DD-CORE-06..08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RollMode {
    Normal,
    Advantage,
    Disadvantage,
}

impl RollMode {
    /// DD-CORE-06.b, 07.b, 08.a: any number of Advantage sources is one Advantage, any number
    /// of Disadvantage sources one Disadvantage, and at least one of each cancels to one d20.
    pub fn from_sources(advantage: u32, disadvantage: u32) -> RollMode {
        match (advantage > 0, disadvantage > 0) {
            (true, false) => RollMode::Advantage,
            (false, true) => RollMode::Disadvantage,
            _ => RollMode::Normal,
        }
    }

    /// Number of d20 rolled: 2 with Advantage or Disadvantage, else 1.
    pub fn dice(self) -> usize {
        match self {
            RollMode::Normal => 1,
            _ => 2,
        }
    }

    /// The kept face of the rolled faces (higher with Advantage, lower with Disadvantage).
    pub fn keep(self, faces: &[u8]) -> u8 {
        match self {
            RollMode::Advantage => faces.iter().copied().max().unwrap_or(1),
            RollMode::Disadvantage => faces.iter().copied().min().unwrap_or(1),
            RollMode::Normal => faces.first().copied().unwrap_or(1),
        }
    }
}

/// One D20 Test as the rules describe it (DD-CORE-01.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20Test {
    pub kind: D20TestKind,
    /// Everything added to the d20 (ability modifier, PB, circumstantial bonuses).
    pub bonus: i32,
    /// DC for checks and saves, AC for attacks.
    pub target: i32,
    pub mode: RollMode,
    /// Exhaustion level 0…5: −2 per level on the total (DD-COND-05.c).
    pub exhaustion: u8,
}

/// The result of a D20 Test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20Outcome {
    pub faces: Vec<u8>,
    pub kept: u8,
    pub total: i32,
    pub success: bool,
    /// A natural 20 on an attack roll (DD-CORE-19.a); always false for checks and saves.
    pub critical: bool,
}

impl D20Test {
    /// Total bonus after the Exhaustion penalty (DD-COND-05.c).
    pub fn effective_bonus(&self) -> i32 {
        self.bonus - EXHAUSTION_PENALTY_PER_LEVEL * i32::from(self.exhaustion)
    }

    /// Whether a kept natural face succeeds: total ≥ target (DD-CORE-01.c); on attacks a
    /// natural 20 always hits and a natural 1 always misses (DD-CORE-05.e).
    pub fn succeeds_on(&self, face: u8) -> bool {
        if self.kind == D20TestKind::AttackRoll {
            if face == 20 {
                return true;
            }
            if face == 1 {
                return false;
            }
        }
        i32::from(face) + self.effective_bonus() >= self.target
    }

    /// Resolves the test on the given faces (one d20, or two with Advantage/Disadvantage),
    /// under the general rules.
    pub fn resolve(&self, faces: &[u8]) -> Result<D20Outcome, RulesError> {
        self.resolve_with(faces, &Exceptions::general())
    }

    /// Resolves the test with the overrides in force (DD-CORE-20.a): an attack roll is a
    /// Critical Hit on a natural face at or above `RuleKey::CriticalHitFace` (20 by the general
    /// rule, DD-CORE-19.a; 19 with a feature that says so), and a Critical Hit always hits.
    pub fn resolve_with(&self, faces: &[u8], ex: &Exceptions) -> Result<D20Outcome, RulesError> {
        let crit_face = ex.number(RuleKey::CriticalHitFace)?;
        in_range(
            "exhaustion level",
            i64::from(self.exhaustion),
            0,
            5,
            "DD-COND-05.b",
        )?;
        if faces.len() != self.mode.dice() {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-08",
                reason: format!(
                    "a {:?} roll uses {} d20, got {} faces",
                    self.mode,
                    self.mode.dice(),
                    faces.len()
                ),
            });
        }
        for f in faces {
            in_range("d20 face", i64::from(*f), 1, 20, "DD-CORE-01.c")?;
        }
        let kept = self.mode.keep(faces);
        let critical = self.kind == D20TestKind::AttackRoll && i64::from(kept) >= crit_face;
        Ok(D20Outcome {
            faces: faces.to_vec(),
            kept,
            total: i32::from(kept) + self.effective_bonus(),
            success: critical || self.succeeds_on(kept),
            critical,
        })
    }

    /// Heroic Inspiration or another reroll: replaces exactly one of the rolled dice (the
    /// roller picks `index`) and the new face must be used (DD-CORE-08.b, DD-CORE-18.a/c).
    pub fn reroll_one(
        &self,
        outcome: &D20Outcome,
        index: usize,
        new_face: u8,
    ) -> Result<D20Outcome, RulesError> {
        if index >= outcome.faces.len() {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-08.b",
                reason: format!(
                    "only one of the {} rolled d20 may be rerolled; die {index} does not exist",
                    outcome.faces.len()
                ),
            });
        }
        let mut faces = outcome.faces.clone();
        faces[index] = new_face;
        self.resolve(&faces)
    }
}

/// Heroic Inspiration held by a player character (DD-CORE-18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HeroicInspiration {
    pub held: bool,
}

/// What happens to a newly granted Heroic Inspiration (DD-CORE-18.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InspirationGrant {
    /// The character had none and now holds it.
    Gained,
    /// The character already held one: it may give the new one to a player character who
    /// has none; otherwise it is lost.
    MayPassOn,
}

impl HeroicInspiration {
    /// Grants one; only player characters may hold it (DD-CORE-18.a).
    pub fn grant(&mut self, is_player_character: bool) -> Result<InspirationGrant, RulesError> {
        if !is_player_character {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-18.a",
                reason: "only player characters hold Heroic Inspiration".into(),
            });
        }
        if self.held {
            Ok(InspirationGrant::MayPassOn)
        } else {
            self.held = true;
            Ok(InspirationGrant::Gained)
        }
    }

    /// Passes a surplus grant to another player character, who must hold none.
    pub fn pass_to(&self, other: &mut HeroicInspiration) -> Result<(), RulesError> {
        if other.held {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-18.b",
                reason: "the recipient already holds Heroic Inspiration".into(),
            });
        }
        other.held = true;
        Ok(())
    }

    /// Spends it for a reroll (DD-CORE-18.a); refused when none is held.
    pub fn spend(&mut self) -> Result<(), RulesError> {
        if !self.held {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-18.a",
                reason: "no Heroic Inspiration to spend".into(),
            });
        }
        self.held = false;
        Ok(())
    }
}

/// Dice of one damage roll: `count` d `sides` plus a flat modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageDice {
    pub count: u32,
    pub sides: u32,
    pub modifier: i32,
}

impl DamageDice {
    /// A Critical Hit rolls every damage die twice as many times and adds modifiers once
    /// (DD-CORE-19.b).
    pub fn critical(self) -> DamageDice {
        DamageDice {
            count: self.count * 2,
            ..self
        }
    }
}

/// Most dice one damage expression may name (an input limit).
pub const MAX_DAMAGE_DICE: u32 = 100;

impl DamageDice {
    /// Parses `NdS`, `NdS+M` or `NdS - M` (spaces allowed), e.g. `1d8+3`. Up to 100 dice of up
    /// to 100 sides, modifier within ±1000; anything else is refused.
    pub fn parse(text: &str) -> Result<DamageDice, RulesError> {
        let bad = || RulesError::Unknown {
            what: "damage dice",
            got: text.to_string(),
            expected: "NdS with an optional + or - modifier, e.g. 1d8+3".into(),
            rule: "DD-CBT-04.a",
        };
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (count, rest) = compact.split_once(['d', 'D']).ok_or_else(bad)?;
        let (sides, modifier) = match rest.find(['+', '-']) {
            Some(i) => {
                let (sides, m) = rest.split_at(i);
                (sides, m.parse::<i32>().map_err(|_| bad())?)
            }
            None => (rest, 0),
        };
        let count: u32 = count.parse().map_err(|_| bad())?;
        let sides: u32 = sides.parse().map_err(|_| bad())?;
        in_range(
            "damage dice",
            i64::from(count),
            1,
            i64::from(MAX_DAMAGE_DICE),
            "input limit",
        )?;
        in_range("die sides", i64::from(sides), 2, 100, "input limit")?;
        in_range(
            "damage modifier",
            i64::from(modifier),
            -1000,
            1000,
            "input limit",
        )?;
        Ok(DamageDice {
            count,
            sides,
            modifier,
        })
    }
}

impl std::fmt::Display for DamageDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.modifier {
            0 => Ok(()),
            m if m > 0 => write!(f, " + {m}"),
            m => write!(f, " - {}", -m),
        }
    }
}

/// Passive Perception = 10 + the Wisdom (Perception) check bonus, +5 with Advantage, −5 with
/// Disadvantage (both cancel) (DD-CORE-14).
pub fn passive_score(check_bonus: i32, mode: RollMode) -> i32 {
    10 + check_bonus
        + match mode {
            RollMode::Normal => 0,
            RollMode::Advantage => 5,
            RollMode::Disadvantage => -5,
        }
}

/// Armor Class: the creature picks exactly one base formula (10 + Dex when it has no other);
/// base formulas never combine; other bonuses (shield, cover, spells) add on (DD-CORE-13).
pub fn armor_class(
    dex_modifier: i32,
    other_base_formulas: &[i32],
    chosen: Option<usize>,
    bonuses: &[i32],
) -> Result<i32, RulesError> {
    let base = match chosen {
        None => 10 + dex_modifier,
        Some(i) => *other_base_formulas
            .get(i)
            .ok_or_else(|| RulesError::Forbidden {
                rule: "DD-CORE-13.c",
                reason: format!(
                    "base AC formula {i} does not exist ({} offered)",
                    other_base_formulas.len()
                ),
            })?,
    };
    Ok(base + bonuses.iter().sum::<i32>())
}

/// A use limited to N per day: only a Long Rest restores it (DD-CORE-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerDayUse {
    pub max: u32,
    pub used: u32,
}

impl PerDayUse {
    pub fn spend(&mut self) -> Result<(), RulesError> {
        if self.used >= self.max {
            return Err(RulesError::Forbidden {
                rule: "DD-CORE-17.a",
                reason: format!("all {} uses spent until a Long Rest", self.max),
            });
        }
        self.used += 1;
        Ok(())
    }

    /// Finishing a Long Rest restores every use.
    pub fn finish_long_rest(&mut self) {
        self.used = 0;
    }

    /// A calendar day passing restores nothing (DD-CORE-17.a).
    pub fn day_passes(&mut self) {}
}

/// Who orders simultaneous effects: the participant whose turn it is (DD-CORE-16.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnOwner {
    /// A player character's turn: that player chooses.
    Player,
    /// A monster's turn: the GM chooses.
    GameMaster,
}

/// The decision to ask when two or more effects happen at the same moment (DD-CORE-16.a):
/// the owner of the turn orders them. `None` when there is nothing to order.
pub fn order_simultaneous(owner: TurnOwner, effects: usize) -> Option<TurnOwner> {
    (effects >= 2).then_some(owner)
}

/// Saving throw (DD-CORE-04): `has_ability` false (objects) fails automatically; a creature
/// may choose to fail without rolling (`choose_to_fail`). Otherwise the test is resolved on
/// the faces.
pub fn saving_throw(
    test: &D20Test,
    faces: &[u8],
    has_ability: bool,
    choose_to_fail: bool,
) -> Result<bool, RulesError> {
    if !has_ability || choose_to_fail {
        return Ok(false);
    }
    if test.kind != D20TestKind::SavingThrow {
        return Err(RulesError::Forbidden {
            rule: "DD-CORE-04",
            reason: "a saving throw needs a saving-throw test".into(),
        });
    }
    Ok(test.resolve(faces)?.success)
}

/// The GM's call on whether a D20 Test is needed at all (DD-CORE-01.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestCall {
    /// Roll it.
    Roll,
    /// No roll: the attempt simply succeeds.
    Succeeds,
    /// No roll: the attempt simply fails.
    Fails,
}

impl D20Test {
    /// Resolves the test as the GM called it (DD-CORE-01.b): no dice unless the GM calls for a
    /// roll. Returns whether it succeeds.
    pub fn resolve_call(&self, call: TestCall, faces: &[u8]) -> Result<bool, RulesError> {
        match call {
            TestCall::Succeeds => Ok(true),
            TestCall::Fails => Ok(false),
            TestCall::Roll => Ok(self.resolve(faces)?.success),
        }
    }
}

/// A D20 Test using one ability (DD-CORE-02.c): the ability's modifier, plus PB when it
/// applies (`pb_added`, from `proficiency_added`), plus circumstantial bonuses.
pub fn ability_test(
    kind: D20TestKind,
    ability_score: i32,
    pb_added: i32,
    other_bonus: i32,
    target: i32,
    mode: RollMode,
) -> Result<D20Test, RulesError> {
    Ok(D20Test {
        kind,
        bonus: ability_modifier(ability_score)? + pb_added + other_bonus,
        target,
        mode,
        exhaustion: 0,
    })
}

/// An ability check as the rules name it (DD-CORE-03.a): an ability, optionally with a skill,
/// written "Dexterity (Stealth)".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityCheck {
    pub ability: Ability,
    pub skill: Option<Skill>,
}

impl std::fmt::Display for AbilityCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.ability)?;
        if let Some(s) = self.skill {
            write!(f, " ({s:?})")?;
        }
        Ok(())
    }
}

impl AbilityCheck {
    /// The check's bonus: the named ability's modifier (which may differ from the skill's
    /// default ability, DD-CORE-10.a) plus PB if proficient in the skill (DD-CORE-03.b,
    /// DD-CORE-10.b), doubled by Expertise (DD-CORE-11.a).
    pub fn bonus(
        &self,
        ability_score: i32,
        pb: i32,
        training: &SkillTraining,
    ) -> Result<i32, RulesError> {
        let m = ability_modifier(ability_score)?;
        let skills: Vec<Skill> = self.skill.into_iter().collect();
        Ok(training.check_bonus(m, pb, &skills, false).0)
    }
}

/// Typical DCs (DD-CORE-03.d, DD-CORE-12.b, T-S3); the rule or the GM sets the DC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    VeryEasy,
    Easy,
    Medium,
    Hard,
    VeryHard,
    NearlyImpossible,
}

impl Difficulty {
    pub fn dc(self) -> i32 {
        match self {
            Difficulty::VeryEasy => 5,
            Difficulty::Easy => 10,
            Difficulty::Medium => 15,
            Difficulty::Hard => 20,
            Difficulty::VeryHard => 25,
            Difficulty::NearlyImpossible => 30,
        }
    }
}

/// A saving throw's bonus (DD-CORE-04.d): the ability modifier, plus PB when proficient in
/// saves of that ability.
pub fn save_bonus(ability_score: i32, pb: i32, proficient: bool) -> Result<i32, RulesError> {
    Ok(ability_modifier(ability_score)? + if proficient { pb } else { 0 })
}

/// Who calls for a Wisdom (Perception) result (DD-CORE-14.c): the GM uses the passive score
/// when the creature is not actively looking, or a rolled check when it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PerceptionCall {
    Passive,
    Rolled { kept_face: u8 },
}

/// The Perception total the GM compares with a DC (DD-CORE-14.a/b/c).
pub fn perception_total(
    call: PerceptionCall,
    check_bonus: i32,
    mode: RollMode,
) -> Result<i32, RulesError> {
    match call {
        PerceptionCall::Passive => Ok(passive_score(check_bonus, mode)),
        PerceptionCall::Rolled { kept_face } => {
            in_range("d20 face", i64::from(kept_face), 1, 20, "DD-CORE-14.c")?;
            Ok(i32::from(kept_face) + check_bonus)
        }
    }
}

impl HeroicInspiration {
    /// The start of a day (DD-CORE-18.d): a feature that grants Heroic Inspiration daily (a
    /// Human's) grants it now; otherwise nothing happens. GM rewards go through `grant`.
    pub fn start_of_day(
        &mut self,
        daily_feature: bool,
        is_player_character: bool,
    ) -> Result<Option<InspirationGrant>, RulesError> {
        if !daily_feature {
            return Ok(None);
        }
        self.grant(is_player_character).map(Some)
    }
}
