//! Tests («Проверки»): 2d10 + a characteristic + modifiers, read as tiers 1…3.
//!
//! A test is resolved in two steps so that the engine can stop in between:
//!
//! 1. [`roll_test`] takes the test's [`TestSpec`] and the two d10 faces (rolled by the engine
//!    and recorded in its event) and computes everything the dice decide: crit/doom, the net
//!    edge or bane, the total, the base tier and the automatic tier shifts. The result, a
//!    [`RolledTest`], is the **commit point**: the player sees it and may spend an expertise.
//! 2. [`RolledTest::commit`] applies the expertise (if any) and the crit/doom overrides and
//!    returns the [`ResolvedTest`], the full audit record (CR-CHECK-10). What is left to the
//!    Referee (a setback on tier 1, partial success or success at a cost on tier 2, the crit
//!    benefit and the doom setback) comes out as data from [`ResolvedTest::decisions`].
//!
//! Resolution order (CR-EDGE-08): natural sum → crit/doom; net edges/banes; total; base tier;
//! double edge/bane and other automatic shifts (clamped 1…3); expertise (+1, clamped); crit
//! forces tier 3 and doom tier 1; automatic outcomes of conditions last. The relative order of
//! the automatic shifts and the expertise is the option [`ShiftOrder`] (CR-ERR-24).
//!
//! Rulebook vs checklist: the rulebook forbids repeating *any* test until circumstances
//! change («Повторная попытка»), not only failed ones as CR-RETRY-01 words it; [`retry`]
//! follows the rulebook and records every attempt.

pub mod decision;
mod modifier;
pub mod retry;

pub use decision::{DecisionKind, DecisionRequest, RefereeOption};
pub use modifier::{Modifier, ModifierEffect, ModifierSource, SourceKind};

use serde::{Deserialize, Serialize};

use crate::edges::{self, NetEdge};
use crate::expertise::table::{Discipline, ExpertiseName, WeaponCategory};

/// The lowest value a characteristic can have (CR-CORE-08).
pub const CHARACTERISTIC_MIN: i8 = -5;
/// The highest value a characteristic can have (CR-CORE-08).
pub const CHARACTERISTIC_MAX: i8 = 5;
/// Totals up to this value are tier 1 (CR-CHECK-06).
pub const TIER_1_MAX: i32 = 11;
/// Totals up to this value (and above [`TIER_1_MAX`]) are tier 2 (CR-CHECK-06).
pub const TIER_2_MAX: i32 = 16;
/// Natural sums that are a crit (CR-CRIT-01).
pub const CRIT_NATURALS: [u8; 2] = [19, 20];
/// Natural sums that are a doom (CR-CRIT-02).
pub const DOOM_NATURALS: [u8; 2] = [2, 3];

/// The three characteristics (CR-CORE-08).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Characteristic {
    Agility,
    Mind,
    Strength,
}

impl Characteristic {
    pub const ALL: [Characteristic; 3] = [
        Characteristic::Agility,
        Characteristic::Mind,
        Characteristic::Strength,
    ];
}

impl std::fmt::Display for Characteristic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Characteristic::Agility => "Agility",
            Characteristic::Mind => "Mind",
            Characteristic::Strength => "Strength",
        })
    }
}

/// A test result tier (CR-CHECK-06…09).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Tier {
    One = 1,
    Two = 2,
    Three = 3,
}

impl Tier {
    pub const ALL: [Tier; 3] = [Tier::One, Tier::Two, Tier::Three];

    /// The tier of a total: ≤11 → 1, 12–16 → 2, 17+ → 3 (CR-CHECK-06).
    pub fn from_total(total: i32) -> Tier {
        if total <= TIER_1_MAX {
            Tier::One
        } else if total <= TIER_2_MAX {
            Tier::Two
        } else {
            Tier::Three
        }
    }

    /// 1, 2 or 3.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// This tier moved by `steps`, clamped to 1…3 (CR-EDGE-02/04, CR-EXP-01).
    pub fn shifted(self, steps: i32) -> Tier {
        match (i32::from(self.number()) + steps).clamp(1, 3) {
            1 => Tier::One,
            2 => Tier::Two,
            _ => Tier::Three,
        }
    }
}

impl From<Tier> for u8 {
    fn from(t: Tier) -> u8 {
        t.number()
    }
}

impl TryFrom<u8> for Tier {
    type Error = TestError;
    fn try_from(n: u8) -> Result<Tier, TestError> {
        match n {
            1 => Ok(Tier::One),
            2 => Ok(Tier::Two),
            3 => Ok(Tier::Three),
            other => Err(TestError::InvalidTier(other)),
        }
    }
}

/// The wire shape of a tier (`serde(into/try_from = "u8")`): the number 1, 2 or 3.
impl schemars::JsonSchema for Tier {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tier".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "integer", "enum": [1, 2, 3]})
    }
}

impl std::fmt::Display for Tier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tier {}", self.number())
    }
}

/// One outcome per tier, for effect tables in content (CR-CHECK-11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TierTable<T> {
    pub tier_1: T,
    pub tier_2: T,
    pub tier_3: T,
}

impl<T> TierTable<T> {
    pub fn get(&self, tier: Tier) -> &T {
        match tier {
            Tier::One => &self.tier_1,
            Tier::Two => &self.tier_2,
            Tier::Three => &self.tier_3,
        }
    }
}

/// What the natural sum of the two d10 says (CR-CRIT-01/02/04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Natural {
    Crit,
    Doom,
    Plain,
}

impl Natural {
    /// Crit on 19–20, doom on 2–3, from the natural sum only (never the total).
    pub fn of_sum(natural: u8) -> Natural {
        if CRIT_NATURALS.contains(&natural) {
            Natural::Crit
        } else if DOOM_NATURALS.contains(&natural) {
            Natural::Doom
        } else {
            Natural::Plain
        }
    }
}

/// Melee or ranged (attacks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttackRange {
    Melee,
    Ranged,
}

/// The kind of a test: an ordinary test or one of the five special tests (CR-SPEC-01).
/// A group test's leader makes an ordinary test with the helpers' assists as modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TestKind {
    /// Exploration, investigation, crafting and everything else.
    Ordinary,
    /// An assist for another creature's test (CR-ASSIST-01).
    Assist,
    /// A weapon attack (CR-SPEC-02); `weapon` is the weapon's expertise category.
    Attack {
        range: AttackRange,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<WeaponCategory>,
    },
    /// A casting (CR-SPEC-03); `attack` is set when the spell is also an attack (CR-ERR-60).
    Casting {
        discipline: Discipline,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        attack: Option<AttackRange>,
    },
    /// A resistance roll (CR-RR-01).
    ResistanceRoll,
}

impl TestKind {
    /// Melee/ranged when this test is an attack (a weapon attack or an attacking casting).
    pub fn attack_range(&self) -> Option<AttackRange> {
        match self {
            TestKind::Attack { range, .. } => Some(*range),
            TestKind::Casting { attack, .. } => *attack,
            _ => None,
        }
    }
}

/// What the test is about, where a modifier depends on it (sneak and hide tests, noticing,
/// travel-role tests…). Used by the modifier registry to decide what applies.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Activity {
    Sneak,
    Hide,
    Climb,
    Swim,
    Jump,
    /// Noticing anything around (unconscious creatures, CR-COND-07).
    Notice,
    /// Searching for things.
    Search,
    /// Discerning something in poor light (CR-LIGHT-04).
    Discern,
    /// Any test of a travel role (CR-TRAVEL-03).
    TravelRole,
    /// The tracker's Forage task (CR-MIASMA-07, CR-ERR-17).
    Forage,
    /// The Miasma resistance roll (CR-ERR-59).
    MiasmaResistance,
    /// Crafting rolls (CR-CRAFT).
    Crafting,
    /// Crafting a weapon or armor (masterwork blacksmith's tools, CR-BONUS-01).
    CraftWeaponOrArmor,
    /// Toppling an object (CR-TOPPLE-03).
    Toppling,
    /// Anything else, named.
    Other(String),
}

/// A test about to be rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestSpec {
    pub kind: TestKind,
    /// The characteristic used (chosen by the Referee, or by the roller when the rule offers
    /// several: see [`choose_characteristic`]).
    pub characteristic: Characteristic,
    /// Its value, −5…5.
    pub characteristic_value: i8,
    /// Every modifier with its source.
    #[serde(default)]
    pub modifiers: Vec<Modifier>,
    /// What the test is about (for modifiers that depend on it).
    #[serde(default)]
    pub activities: Vec<Activity>,
    /// The calling rule defines what a crit brings (attacks, castings, crafting…); otherwise
    /// the Referee is asked (CR-CRIT-03).
    #[serde(default)]
    pub crit_defined_by_rule: bool,
    /// The calling rule defines what a doom brings; otherwise the Referee is asked.
    #[serde(default)]
    pub doom_defined_by_rule: bool,
}

impl TestSpec {
    /// An ordinary test with no modifiers.
    pub fn new(characteristic: Characteristic, value: i8) -> Self {
        Self {
            kind: TestKind::Ordinary,
            characteristic,
            characteristic_value: value,
            modifiers: Vec::new(),
            activities: Vec::new(),
            crit_defined_by_rule: false,
            doom_defined_by_rule: false,
        }
    }

    pub fn with_kind(mut self, kind: TestKind) -> Self {
        self.kind = kind;
        self
    }

    pub fn with_modifier(mut self, modifier: Modifier) -> Self {
        self.modifiers.push(modifier);
        self
    }

    pub fn with_activity(mut self, activity: Activity) -> Self {
        self.activities.push(activity);
        self
    }

    /// Checks the characteristic range (CR-CORE-08).
    pub fn validate(&self) -> Result<(), TestError> {
        if !(CHARACTERISTIC_MIN..=CHARACTERISTIC_MAX).contains(&self.characteristic_value) {
            return Err(TestError::CharacteristicOutOfRange(
                self.characteristic_value,
            ));
        }
        let autos: Vec<Tier> = self
            .modifiers
            .iter()
            .filter_map(|m| match m.effect {
                ModifierEffect::AutomaticTier(t) => Some(t),
                _ => None,
            })
            .collect();
        if autos.windows(2).any(|w| w[0] != w[1]) {
            return Err(TestError::ConflictingAutomaticTiers);
        }
        Ok(())
    }
}

/// When a rule offers several characteristics, the creature making the test picks one
/// (CR-CHECK-05). Refuses a pick that the rule does not offer.
pub fn choose_characteristic(
    offered: &[Characteristic],
    chosen: Characteristic,
) -> Result<Characteristic, TestError> {
    if offered.contains(&chosen) {
        Ok(chosen)
    } else {
        Err(TestError::CharacteristicNotOffered {
            chosen,
            offered: offered.to_vec(),
        })
    }
}

/// The order of the ±1-tier shifts (CR-ERR-24, configurable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShiftOrder {
    /// Default: automatic shifts (double edge/bane, other tier shifts) are applied and clamped
    /// first; the player then sees the tier and may add an expertise (clamped again).
    #[default]
    AutomaticThenExpertise,
    /// All shifts are summed and clamped once.
    SumThenClampOnce,
}

/// The configurable judgment calls that touch test resolution. `Default` is
/// [`TestRules::standard`], the documented defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRules {
    /// CR-ERR-24.
    #[serde(default)]
    pub shift_order: ShiftOrder,
    /// CR-ERR-28: an automatic tier (attacks on an unconscious creature) holds even on a doom.
    /// Default true; false lets a natural doom make it tier 1.
    #[serde(default = "default_true")]
    pub automatic_tier_beats_doom: bool,
}

fn default_true() -> bool {
    true
}

impl Default for TestRules {
    fn default() -> Self {
        Self::standard()
    }
}

impl TestRules {
    /// The documented defaults.
    pub fn standard() -> Self {
        Self {
            shift_order: ShiftOrder::AutomaticThenExpertise,
            automatic_tier_beats_doom: true,
        }
    }
}

/// Why a tier moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum ShiftCause {
    DoubleEdge,
    DoubleBane,
    /// A [`ModifierEffect::TierShift`] from this source.
    Modifier {
        source: ModifierSource,
    },
    Expertise {
        expertise: ExpertiseName,
    },
    Crit,
    Doom,
    /// A [`ModifierEffect::AutomaticTier`] or [`ModifierEffect::AutomaticDoom`].
    Automatic {
        source: ModifierSource,
    },
}

/// One step of the tier (CR-CHECK-10): what moved it, from and to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TierStep {
    #[serde(flatten)]
    pub cause: ShiftCause,
    pub from: Tier,
    pub to: Tier,
}

/// Errors of test resolution; each names the rule or limit.
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
pub enum TestError {
    #[error("a d10 face must be 1…10, got {0} (CR-DICE-01)")]
    #[strum(props(rule = "CR-DICE-01"))]
    FaceOutOfRange(u8),
    #[error("a characteristic must be −5…5, got {0} (CR-CORE-08)")]
    #[strum(props(rule = "CR-CORE-08"))]
    CharacteristicOutOfRange(i8),
    #[error(
        "{chosen} is not one of the characteristics this rule offers ({}) (CR-CHECK-05)",
        crate::refusal::said(.offered)
    )]
    #[strum(props(rule = "CR-CHECK-05"))]
    CharacteristicNotOffered {
        chosen: Characteristic,
        offered: Vec<Characteristic>,
    },
    #[error("a tier is 1, 2 or 3, got {0} (CR-CHECK-06)")]
    #[strum(props(rule = "CR-CHECK-06"))]
    InvalidTier(u8),
    #[error("two modifiers force different automatic tiers on one test")]
    ConflictingAutomaticTiers,
    #[error("an expertise cannot lift a doom (CR-CRIT-02)")]
    #[strum(props(rule = "CR-CRIT-02"))]
    ExpertiseOnDoom,
    #[error("the expertise would not change the result: it is already tier 3 or fixed (CR-EXP-01)")]
    #[strum(props(rule = "CR-EXP-01"))]
    ExpertiseChangesNothing,
    #[error(
        "{} cannot be applied to this test: {reason} ({rule})",
        crate::refusal::said(.expertise),
        reason = reason, rule = rule
    )]
    ExpertiseNotApplicable {
        expertise: ExpertiseName,
        reason: &'static str,
        rule: &'static str,
    },
    #[error("name the task in 1…{max} characters ({rule})")]
    BadTask { max: usize, rule: String },
    #[error(
        "{creature} already tested `{task}` (tier {tier}): no retry until the Referee \
         rules the circumstances changed ({rule})"
    )]
    RetryBlocked {
        creature: String,
        task: String,
        tier: u8,
        rule: String,
    },
    #[error("{creature} has no blocked attempt at `{task}` (CR-RETRY-01)")]
    #[strum(props(rule = "CR-RETRY-01"))]
    NothingToRetry { creature: String, task: String },
    #[error(transparent)]
    Expertise(#[from] crate::expertise::table::ExpertiseError),
}

crate::refusal::refusal!(TestError, "test"; expertise => Expertise);

/// Longest task a certain-death warning or a waived test names (characters).
pub const MAX_TASK_TEXT: usize = 200;

/// The task's words, trimmed: 1…[`MAX_TASK_TEXT`] characters, or the refusal naming `rule`
/// (the rule whose task it is: CR-EXP-11, CR-CHECK-03).
pub fn task_text<'a>(task: &'a str, rule: &str) -> Result<&'a str, TestError> {
    let task = task.trim();
    if task.is_empty() || task.chars().count() > MAX_TASK_TEXT {
        return Err(TestError::BadTask {
            max: MAX_TASK_TEXT,
            rule: rule.to_string(),
        });
    }
    Ok(task)
}

/// Validates a d10 face.
pub fn check_face(face: u8) -> Result<u8, TestError> {
    if (1..=10).contains(&face) {
        Ok(face)
    } else {
        Err(TestError::FaceOutOfRange(face))
    }
}

/// A test after the dice: the commit point where an expertise may be spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledTest {
    pub spec: TestSpec,
    pub rules: TestRules,
    /// The two d10 faces, in the order rolled.
    pub faces: [u8; 2],
    /// Their sum, without modifiers.
    pub natural: u8,
    pub natural_kind: Natural,
    /// Edges and banes counted before cancellation.
    pub edges: u32,
    pub banes: u32,
    /// What is left after cancellation (CR-EDGE-05).
    pub net: NetEdge,
    /// +2, −2 or 0 from a single edge or bane.
    pub edge_modifier: i32,
    /// Sum of the numeric bonuses and penalties (CR-BONUS-02: no cap, all stack).
    pub bonus_total: i32,
    /// natural + characteristic + bonuses + edge_modifier.
    pub total: i32,
    /// The tier of the total.
    pub base_tier: Tier,
    /// Shifts applied before the commit point (double edge/bane, tier-shift modifiers).
    pub automatic_steps: Vec<TierStep>,
    /// The tier the player sees before deciding on an expertise (no crit/doom override yet).
    pub tier_before_expertise: Tier,
}

/// The final result of a rolled test under a hypothetical choice of expertise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub final_tier: Tier,
    pub crit: bool,
    pub doom: bool,
}

/// A fully resolved test: the audit record of CR-CHECK-10.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolvedTest {
    #[serde(flatten)]
    pub rolled: RolledTest,
    /// The expertise spent on the result, if any (one per test, CR-EXP-01).
    pub expertise: Option<ExpertiseName>,
    /// Every tier step after the base tier, in order (automatic, expertise, crit/doom).
    pub steps: Vec<TierStep>,
    pub final_tier: Tier,
    pub crit: bool,
    pub doom: bool,
}

/// Step 1: everything the dice decide, up to the commit point.
pub fn roll_test(
    spec: &TestSpec,
    faces: [u8; 2],
    rules: TestRules,
) -> Result<RolledTest, TestError> {
    spec.validate()?;
    let a = check_face(faces[0])?;
    let b = check_face(faces[1])?;
    let natural = a + b;
    let natural_kind = Natural::of_sum(natural);
    let edges_count: u32 = spec.modifiers.iter().map(|m| m.effect.edges()).sum();
    let banes_count: u32 = spec.modifiers.iter().map(|m| m.effect.banes()).sum();
    let net = edges::net(edges_count, banes_count);
    let edge_modifier = net.roll_modifier();
    let bonus_total: i32 = spec
        .modifiers
        .iter()
        .map(|m| match m.effect {
            ModifierEffect::Bonus(v) => v,
            _ => 0,
        })
        .sum();
    let total =
        i32::from(natural) + i32::from(spec.characteristic_value) + bonus_total + edge_modifier;
    let base_tier = Tier::from_total(total);

    let mut automatic: Vec<(ShiftCause, i32)> = Vec::new();
    match net.tier_shift() {
        1 => automatic.push((ShiftCause::DoubleEdge, 1)),
        -1 => automatic.push((ShiftCause::DoubleBane, -1)),
        _ => {}
    }
    for m in &spec.modifiers {
        if let ModifierEffect::TierShift(s) = m.effect
            && s != 0
        {
            automatic.push((
                ShiftCause::Modifier {
                    source: m.source.clone(),
                },
                i32::from(s),
            ));
        }
    }
    let mut tier = base_tier;
    let mut automatic_steps = Vec::new();
    for (cause, s) in automatic {
        let to = tier.shifted(s);
        automatic_steps.push(TierStep {
            cause,
            from: tier,
            to,
        });
        tier = to;
    }
    Ok(RolledTest {
        spec: spec.clone(),
        rules,
        faces: [a, b],
        natural,
        natural_kind,
        edges: edges_count,
        banes: banes_count,
        net,
        edge_modifier,
        bonus_total,
        total,
        base_tier,
        automatic_steps,
        tier_before_expertise: tier,
    })
}

impl RolledTest {
    /// The automatic shift sum (for [`ShiftOrder::SumThenClampOnce`]).
    fn automatic_sum(&self) -> i32 {
        let mut sum = i32::from(self.net.tier_shift());
        for m in &self.spec.modifiers {
            if let ModifierEffect::TierShift(s) = m.effect {
                sum += i32::from(s);
            }
        }
        sum
    }

    /// The final tier with or without an expertise, and the steps that lead there. With
    /// `apply_expertise` and no name (what-if questions), the +1 counts but no step is kept.
    fn finish(
        &self,
        apply_expertise: bool,
        expertise: Option<ExpertiseName>,
    ) -> (Vec<TierStep>, Tier, bool, bool) {
        let mut steps = Vec::new();
        let mut tier;
        match self.rules.shift_order {
            ShiftOrder::AutomaticThenExpertise => {
                steps.extend(self.automatic_steps.iter().cloned());
                tier = self.tier_before_expertise;
                if apply_expertise {
                    let to = tier.shifted(1);
                    if let Some(e) = expertise {
                        steps.push(TierStep {
                            cause: ShiftCause::Expertise { expertise: e },
                            from: tier,
                            to,
                        });
                    }
                    tier = to;
                }
            }
            ShiftOrder::SumThenClampOnce => {
                let sum = self.automatic_sum() + i32::from(u8::from(apply_expertise));
                tier = self.base_tier.shifted(sum);
                // One record per cause; `from`/`to` of the combined shift on the last one.
                let mut causes: Vec<ShiftCause> = self
                    .automatic_steps
                    .iter()
                    .map(|s| s.cause.clone())
                    .collect();
                if let Some(e) = expertise {
                    causes.push(ShiftCause::Expertise { expertise: e });
                }
                let n = causes.len();
                for (i, cause) in causes.into_iter().enumerate() {
                    let (from, to) = if i + 1 == n {
                        (self.base_tier, tier)
                    } else {
                        (self.base_tier, self.base_tier)
                    };
                    steps.push(TierStep { cause, from, to });
                }
            }
        }
        let mut crit = self.natural_kind == Natural::Crit;
        let mut doom = self.natural_kind == Natural::Doom;
        let auto_doom = self
            .spec
            .modifiers
            .iter()
            .find(|m| m.effect == ModifierEffect::AutomaticDoom);
        let auto_tier = self.spec.modifiers.iter().find_map(|m| match m.effect {
            ModifierEffect::AutomaticTier(t) => Some((m, t)),
            _ => None,
        });
        if crit && auto_doom.is_none() {
            steps.push(TierStep {
                cause: ShiftCause::Crit,
                from: tier,
                to: Tier::Three,
            });
            tier = Tier::Three;
        }
        if doom && !(auto_tier.is_some() && self.rules.automatic_tier_beats_doom) {
            steps.push(TierStep {
                cause: ShiftCause::Doom,
                from: tier,
                to: Tier::One,
            });
            tier = Tier::One;
        }
        if let Some(m) = auto_doom {
            // An automatic doom is a doom whatever the dice; a natural crit is void.
            crit = false;
            doom = true;
            steps.push(TierStep {
                cause: ShiftCause::Automatic {
                    source: m.source.clone(),
                },
                from: tier,
                to: Tier::One,
            });
            tier = Tier::One;
        } else if let Some((m, t)) = auto_tier
            && (!doom || self.rules.automatic_tier_beats_doom)
        {
            steps.push(TierStep {
                cause: ShiftCause::Automatic {
                    source: m.source.clone(),
                },
                from: tier,
                to: t,
            });
            tier = t;
        }
        (steps, tier, crit, doom)
    }

    /// The final result with or without an expertise, without committing (for odds and
    /// for showing the player what an expertise would do).
    pub fn outcome(&self, expertise: bool) -> Outcome {
        let (_, final_tier, crit, doom) = self.finish(expertise, None);
        Outcome {
            final_tier,
            crit,
            doom,
        }
    }

    /// The final tier if no expertise is spent.
    pub fn final_tier_without_expertise(&self) -> Tier {
        self.outcome(false).final_tier
    }

    /// The final tier if an expertise is spent (whether or not it changes anything).
    pub fn final_tier_with_expertise(&self) -> Tier {
        self.outcome(true).final_tier
    }

    /// Whether spending an expertise would change the final result (never on a doom,
    /// never above tier 3, never against an automatic tier).
    pub fn expertise_would_help(&self) -> bool {
        self.final_tier_with_expertise() != self.final_tier_without_expertise()
    }

    /// Step 2: commit, with or without an expertise. Spending the expertise's use is the
    /// caller's job ([`crate::expertise::commit_with_expertise`] does both).
    pub fn commit(self, expertise: Option<ExpertiseName>) -> Result<ResolvedTest, TestError> {
        if expertise.is_some() {
            let doomed = self.outcome(false).doom;
            if doomed {
                return Err(TestError::ExpertiseOnDoom);
            }
            if !self.expertise_would_help() {
                return Err(TestError::ExpertiseChangesNothing);
            }
        }
        let (steps, final_tier, crit, doom) = self.finish(expertise.is_some(), expertise);
        Ok(ResolvedTest {
            rolled: self,
            expertise,
            steps,
            final_tier,
            crit,
            doom,
        })
    }
}

/// Rolls the two d10 through the caller's roller and stops at the commit point.
pub fn roll_with(
    spec: &TestSpec,
    rng: &mut crate::dice::DiceRng,
    rules: TestRules,
) -> Result<RolledTest, TestError> {
    roll_test(spec, crate::dice::roll_2d10(rng), rules)
}

/// Roll and commit without an expertise: the common case and the one for Referee creatures.
pub fn resolve_test(
    spec: &TestSpec,
    faces: [u8; 2],
    rules: TestRules,
) -> Result<ResolvedTest, TestError> {
    roll_test(spec, faces, rules)?.commit(None)
}
