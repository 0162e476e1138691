//! The modifier registry (CR-MOD-01): every edge, bane, numeric and damage modifier source of
//! the rulebook as one data table, [`REGISTRY`].
//!
//! Each row has a stable key (the `name` of the [`ModifierSource`] it produces), its kind, the
//! requirement that defines it, and one or more [`Part`]s: an effect, which tests it applies
//! to ([`Applies`]) and on whose tests ([`Whose`]). Conditions and other rules look a row up by
//! key and call [`RegistryRow::modifiers_for`] to get the [`Modifier`]s for a given test; the
//! keys of conditions (`blessed`, `weakened`, `unconscious`…) are the condition names the
//! conditions module uses.
//!
//! Rows whose numbers depend on a roll or a count are data too: [`PartEffect::ByTier`] (assist,
//! Support Everyone, Fight the Miasma, Make Camp) and [`PartEffect::PerUnit`] (beyond range,
//! cruelty, crafting expertises). Damage rows ([`PartEffect::Damage`]) are listed for completeness;
//! the damage rules apply them.

use serde::Serialize;

use crate::test_roll::{
    Activity, AttackRange, Characteristic, Modifier, ModifierEffect, ModifierSource, SourceKind,
    TestKind, TestSpec, Tier,
};

/// Which tests a part applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Applies {
    AllTests,
    /// Attacks (weapon attacks and attacking castings), optionally only melee or ranged.
    Attacks(Option<AttackRange>),
    /// Weapon attacks only (not castings), optionally only melee or ranged.
    WeaponAttacks(Option<AttackRange>),
    /// Attacks that do not include the source creature among their targets (taunted).
    AttacksNotIncludingSource,
    ResistanceRolls,
    /// Tests of one of these characteristics.
    Characteristics(&'static [Characteristic]),
    /// Tests about one of these activities.
    Activities(&'static [Activity]),
    /// Tests of this characteristic about this activity (Mind tests to notice).
    CharacteristicActivity(Characteristic, Activity),
    /// A named task (Prepare for Task): the test must carry `Activity::Other(task)`.
    NamedTask,
    /// Either of two scopes.
    Either(&'static Applies, &'static Applies),
    /// Not a test: damage (see [`DamageEffect`]).
    Damage,
}

/// Whose tests a part changes, relative to the creature or thing that bears the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// Tests the bearer makes (blessed, weakened, flanking…).
    Bearer,
    /// Tests made against the bearer: attacks on a grabbed or prone creature, attacks into
    /// cover or darkness (the bearer is the target or the area it stands in).
    AgainstBearer,
    /// Resistance rolls the bearer forces on others (a hidden attacker).
    ForcedByBearer,
    /// A specific other test (the assisted test; allies of a supporter).
    Supported,
}

/// A damage modifier (CR-MOD rows that change damage, not tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageEffect {
    /// Adds the characteristic used for the attack (blessed, CR-ERR-44: never below 0).
    PlusCharacteristic,
    /// Adds dice to every instance of damage taken (vulnerable: 1d6).
    ExtraDice(&'static str),
    /// Adds a flat amount (weapon attack damage).
    Plus(i32),
    /// Multiplies (backlash 15–16 next damage, 57–58 non-piercing damage).
    Times(i32),
}

/// A part's effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PartEffect {
    Test(ModifierEffect),
    /// Depends on the tier of the test that grants it; `None` = no modifier.
    ByTier([Option<ModifierEffect>; 3]),
    /// A numeric bonus times a count (squares beyond range, cruelty levels, expertises).
    PerUnit {
        per: i32,
        unit: &'static str,
    },
    Damage(DamageEffect),
}

/// One effect of a row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    pub effect: PartEffect,
    pub applies: Applies,
    pub whose: Whose,
}

/// One source of the registry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegistryRow {
    /// Stable key, also the `name` of the produced [`ModifierSource`].
    pub key: &'static str,
    pub kind: SourceKind,
    /// The requirement(s) that define it.
    pub requirement: &'static str,
    pub parts: &'static [Part],
}

/// What a row needs to know beyond the test itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Context {
    /// The tier of the granting test, for [`PartEffect::ByTier`].
    pub granting_tier: Option<Tier>,
    /// The count for [`PartEffect::PerUnit`].
    pub units: Option<u32>,
    /// For [`Applies::AttacksNotIncludingSource`]: the attack includes the source creature.
    pub includes_source: bool,
}

impl Applies {
    /// Whether a test matches this scope.
    pub fn matches(&self, spec: &TestSpec, ctx: &Context) -> bool {
        let range = spec.kind.attack_range();
        match self {
            Applies::AllTests => true,
            Applies::Attacks(want) => range.is_some() && (want.is_none() || *want == range),
            Applies::WeaponAttacks(want) => match spec.kind {
                TestKind::Attack { range: r, .. } => want.is_none() || *want == Some(r),
                _ => false,
            },
            Applies::AttacksNotIncludingSource => range.is_some() && !ctx.includes_source,
            Applies::ResistanceRolls => spec.kind == TestKind::ResistanceRoll,
            Applies::Characteristics(cs) => cs.contains(&spec.characteristic),
            Applies::Activities(acts) => acts.iter().any(|a| spec.activities.contains(a)),
            Applies::CharacteristicActivity(c, a) => {
                spec.characteristic == *c && spec.activities.contains(a)
            }
            Applies::NamedTask => spec
                .activities
                .iter()
                .any(|a| matches!(a, Activity::Other(_))),
            Applies::Either(a, b) => a.matches(spec, ctx) || b.matches(spec, ctx),
            Applies::Damage => false,
        }
    }
}

impl RegistryRow {
    /// The source the row's modifiers carry.
    pub fn source(&self) -> ModifierSource {
        ModifierSource::new(self.kind, self.key).with_rule(self.requirement)
    }

    /// The test modifiers this row gives to `spec` when its source relates to the test as
    /// `whose`. Damage parts give none; a `ByTier`/`PerUnit` part without its context gives
    /// none.
    pub fn modifiers_for(&self, spec: &TestSpec, whose: Whose, ctx: &Context) -> Vec<Modifier> {
        let mut out = Vec::new();
        for part in self.parts {
            if part.whose != whose || !part.applies.matches(spec, ctx) {
                continue;
            }
            let effect = match part.effect {
                PartEffect::Test(e) => Some(e),
                PartEffect::ByTier(t) => ctx
                    .granting_tier
                    .and_then(|tier| t[usize::from(tier.number() - 1)]),
                PartEffect::PerUnit { per, .. } => ctx.units.map(|n| {
                    ModifierEffect::Bonus(per.saturating_mul(i32::try_from(n).unwrap_or(i32::MAX)))
                }),
                PartEffect::Damage(_) => None,
            };
            if let Some(effect) = effect {
                out.push(Modifier::new(self.source(), effect));
            }
        }
        out
    }
}

/// Looks a row up by key.
pub fn row(key: &str) -> Option<&'static RegistryRow> {
    REGISTRY.iter().find(|r| r.key == key)
}

use Applies as A;
use ModifierEffect as M;
use PartEffect as E;
use SourceKind as K;
use Whose as W;

const fn part(effect: PartEffect, applies: Applies, whose: Whose) -> Part {
    Part {
        effect,
        applies,
        whose,
    }
}

const AS: &[Characteristic] = &[Characteristic::Agility, Characteristic::Strength];
const DISCERN_SEARCH: Applies = A::Activities(&[Activity::Discern, Activity::Search]);
const ATTACKS: Applies = A::Attacks(None);
const SIGHT_SCOPE: Applies = A::Either(&ATTACKS, &DISCERN_SEARCH);
const PM1_P1_P2: [Option<ModifierEffect>; 3] =
    [Some(M::Bonus(-1)), Some(M::Bonus(1)), Some(M::Bonus(2))];

macro_rules! reg {
    ($key:literal, $kind:expr, $req:literal, [$($part:expr),+ $(,)?]) => {
        RegistryRow { key: $key, kind: $kind, requirement: $req, parts: &[$($part),+] }
    };
}

/// Every modifier source of the rulebook (CR-MOD-01), in the checklist's order. Light and
/// concealment rows: the bearer is the target or the searched area.
pub const REGISTRY: &[RegistryRow] = &[
    reg!(
        "blessed",
        K::Condition,
        "CR-COND-02",
        [
            part(E::Test(M::Edge), A::AllTests, W::Bearer),
            part(
                E::Damage(DamageEffect::PlusCharacteristic),
                A::Damage,
                W::Bearer
            ),
        ]
    ),
    reg!(
        "grabbed",
        K::Condition,
        "CR-COND-03",
        [part(E::Test(M::Edge), ATTACKS, W::AgainstBearer)]
    ),
    reg!(
        "prone",
        K::Condition,
        "CR-COND-05",
        [
            part(
                E::Test(M::Edge),
                A::Attacks(Some(AttackRange::Melee)),
                W::AgainstBearer
            ),
            part(
                E::Test(M::Bane),
                A::Attacks(Some(AttackRange::Ranged)),
                W::AgainstBearer
            ),
            part(
                E::Test(M::Bane),
                A::Attacks(Some(AttackRange::Melee)),
                W::Bearer
            ),
        ]
    ),
    reg!(
        "hidden_from_target",
        K::Situation,
        "CR-HIDE-03",
        [part(E::Test(M::Edge), ATTACKS, W::Bearer)]
    ),
    reg!(
        "hidden_attacker_forces_rr",
        K::Situation,
        "CR-HIDE-03",
        [part(
            E::Test(M::Bane),
            A::ResistanceRolls,
            W::ForcedByBearer
        ),]
    ),
    reg!(
        "flanking",
        K::Situation,
        "CR-ATK-15",
        [part(
            E::Test(M::Edge),
            A::Attacks(Some(AttackRange::Melee)),
            W::Bearer
        ),]
    ),
    reg!(
        "high_ground",
        K::Situation,
        "CR-ATK-18",
        [part(E::Test(M::Edge), ATTACKS, W::Bearer)]
    ),
    reg!(
        "jump_after_moving",
        K::Situation,
        "CR-MOVE-07",
        [part(
            E::Test(M::Edge),
            A::Activities(&[Activity::Jump]),
            W::Bearer
        ),]
    ),
    reg!(
        "slow_pace",
        K::Travel,
        "CR-TRAVEL-03",
        [part(
            E::Test(M::Edge),
            A::Activities(&[Activity::TravelRole]),
            W::Bearer
        ),]
    ),
    reg!(
        "fight_the_miasma",
        K::Travel,
        "CR-ROLE-03",
        [part(
            E::ByTier([None, Some(M::Edge), Some(M::DoubleEdge)]),
            A::Activities(&[Activity::MiasmaResistance]),
            W::Supported
        ),]
    ),
    reg!(
        "miasma_effect_1_2",
        K::Miasma,
        "CR-MIASMA-07",
        [part(
            E::Test(M::Edge),
            A::Activities(&[Activity::Sneak, Activity::Hide]),
            W::Bearer
        ),]
    ),
    reg!(
        "weakened",
        K::Condition,
        "CR-COND-09",
        [part(E::Test(M::Bane), A::AllTests, W::Bearer)]
    ),
    reg!(
        "dim_light",
        K::Light,
        "CR-LIGHT-04",
        [part(E::Test(M::Bane), SIGHT_SCOPE, W::AgainstBearer)]
    ),
    reg!(
        "light_concealment",
        K::Light,
        "CR-LOE-07",
        [part(E::Test(M::Bane), SIGHT_SCOPE, W::AgainstBearer)]
    ),
    reg!(
        "darkness",
        K::Light,
        "CR-LIGHT-05",
        [part(E::Test(M::DoubleBane), SIGHT_SCOPE, W::AgainstBearer)]
    ),
    reg!(
        "heavy_concealment",
        K::Light,
        "CR-LOE-08",
        [part(E::Test(M::DoubleBane), SIGHT_SCOPE, W::AgainstBearer),]
    ),
    reg!(
        "invisible",
        K::Light,
        "CR-LOE-09",
        [part(E::Test(M::DoubleBane), SIGHT_SCOPE, W::AgainstBearer)]
    ),
    reg!(
        "cover",
        K::Situation,
        "CR-LOE-05",
        [part(E::Test(M::Bane), ATTACKS, W::AgainstBearer)]
    ),
    reg!(
        "sneaking_too_fast",
        K::Situation,
        "CR-HIDE-02",
        [part(
            E::Test(M::Bane),
            A::Activities(&[Activity::Sneak]),
            W::Bearer
        ),]
    ),
    reg!(
        "taunted",
        K::Situation,
        "CR-ACT-01",
        [part(
            E::Test(M::Bane),
            A::AttacksNotIncludingSource,
            W::Bearer
        )]
    ),
    reg!(
        "unconscious",
        K::Condition,
        "CR-COND-07",
        [
            part(
                E::Test(M::DoubleBane),
                A::CharacteristicActivity(Characteristic::Mind, Activity::Notice),
                W::Bearer
            ),
            part(E::Test(M::AutomaticDoom), A::Characteristics(AS), W::Bearer),
            part(
                E::Test(M::AutomaticTier(Tier::Three)),
                ATTACKS,
                W::AgainstBearer
            ),
        ]
    ),
    reg!(
        "submerged_without_swim_speed",
        K::Situation,
        "CR-MOVE-04",
        [part(E::Test(M::Bane), A::Characteristics(AS), W::Bearer),]
    ),
    reg!(
        "ranged_attack_adjacent",
        K::Situation,
        "CR-ATK-10",
        [part(
            E::Test(M::Bane),
            A::Attacks(Some(AttackRange::Ranged)),
            W::Bearer
        ),]
    ),
    reg!(
        "fast_pace",
        K::Travel,
        "CR-TRAVEL-03",
        [part(
            E::Test(M::Bane),
            A::Activities(&[Activity::TravelRole]),
            W::Bearer
        ),]
    ),
    reg!(
        "toppling_one_size_larger",
        K::Situation,
        "CR-TOPPLE-03",
        [part(
            E::Test(M::Bane),
            A::Activities(&[Activity::Toppling]),
            W::Bearer
        ),]
    ),
    reg!(
        "toppling_two_sizes_larger",
        K::Situation,
        "CR-TOPPLE-03",
        [part(
            E::Test(M::DoubleBane),
            A::Activities(&[Activity::Toppling]),
            W::Bearer
        ),]
    ),
    reg!(
        "weapon_like_improvised_weapon",
        K::Item,
        "CR-ATK-12",
        [part(E::Test(M::Bane), A::WeaponAttacks(None), W::Bearer),]
    ),
    reg!(
        "backlash_03_04",
        K::Backlash,
        "CR-BL-02",
        [part(
            E::Test(M::Bane),
            A::Activities(&[
                Activity::Climb,
                Activity::Hide,
                Activity::Sneak,
                Activity::Swim
            ]),
            W::Bearer
        ),]
    ),
    reg!(
        "backlash_39_40",
        K::Backlash,
        "CR-BL-20",
        [part(E::Test(M::Bane), A::AllTests, W::Bearer)]
    ),
    reg!(
        "assist",
        K::Assist,
        "CR-ASSIST-01",
        [part(E::ByTier(PM1_P1_P2), A::AllTests, W::Supported)]
    ),
    reg!(
        "surprised",
        K::Situation,
        "CR-CBT-08",
        [part(E::Test(M::Bonus(1)), ATTACKS, W::AgainstBearer)]
    ),
    reg!(
        "squeezing",
        K::Situation,
        "CR-CBT-06",
        [part(E::Test(M::Bonus(1)), ATTACKS, W::AgainstBearer)]
    ),
    reg!(
        "backlash_47_48",
        K::Backlash,
        "CR-BL-24",
        [part(E::Test(M::Bonus(2)), ATTACKS, W::AgainstBearer)]
    ),
    reg!(
        "beyond_range",
        K::Situation,
        "CR-ATK-07",
        [part(
            E::PerUnit {
                per: -2,
                unit: "square beyond range"
            },
            A::WeaponAttacks(Some(AttackRange::Ranged)),
            W::Bearer
        ),]
    ),
    reg!(
        "prepare_for_task",
        K::RestActivity,
        "CR-RACT-06",
        [part(E::Test(M::Bonus(2)), A::NamedTask, W::Bearer)]
    ),
    reg!(
        "support_everyone",
        K::Travel,
        "CR-ROLE-05",
        [part(
            E::ByTier(PM1_P1_P2),
            A::Activities(&[Activity::TravelRole]),
            W::Supported
        ),]
    ),
    reg!(
        "make_camp",
        K::Travel,
        "CR-ROLE-04",
        [part(
            E::ByTier([None, Some(M::Bonus(2)), Some(M::Bonus(4))]),
            A::Activities(&[Activity::Crafting]),
            W::Supported
        ),]
    ),
    reg!(
        "cruelty",
        K::Miasma,
        "CR-MIASMA-04",
        [part(
            E::PerUnit {
                per: -1,
                unit: "cruelty level"
            },
            A::Activities(&[Activity::MiasmaResistance]),
            W::Bearer
        ),]
    ),
    reg!(
        "miasma_effect_3_4",
        K::Miasma,
        "CR-MIASMA-07",
        [part(
            E::Test(M::Bonus(2)),
            A::Activities(&[Activity::Forage]),
            W::Bearer
        ),]
    ),
    reg!(
        "masterwork_blacksmith_tools",
        K::Item,
        "CR-BONUS-01",
        [part(
            E::Test(M::Bonus(2)),
            A::Activities(&[Activity::CraftWeaponOrArmor]),
            W::Bearer
        ),]
    ),
    reg!(
        "crafting_double_edge",
        K::Rule,
        "CR-CRAFT-10",
        [part(
            E::Test(M::Bonus(4)),
            A::Activities(&[Activity::Crafting]),
            W::Bearer
        ),]
    ),
    reg!(
        "crafting_expertise",
        K::Rule,
        "CR-CRAFT-10",
        [part(
            E::PerUnit {
                per: 4,
                unit: "expertise applied"
            },
            A::Activities(&[Activity::Crafting]),
            W::Bearer
        ),]
    ),
    reg!(
        "crafting_double_bane",
        K::Rule,
        "CR-CRAFT-10",
        [part(
            E::Test(M::Bonus(-4)),
            A::Activities(&[Activity::Crafting]),
            W::Bearer
        ),]
    ),
    reg!(
        "vulnerable",
        K::Condition,
        "CR-COND-06",
        [part(
            E::Damage(DamageEffect::ExtraDice("1d6")),
            A::Damage,
            W::Bearer
        ),]
    ),
    reg!(
        "miasma_effect_11_12",
        K::Miasma,
        "CR-MIASMA-07",
        [part(E::Damage(DamageEffect::Plus(1)), A::Damage, W::Bearer),]
    ),
    reg!(
        "backlash_15_16",
        K::Backlash,
        "CR-BL-08",
        [part(
            E::Damage(DamageEffect::Times(2)),
            A::Damage,
            W::Bearer
        )]
    ),
    reg!(
        "backlash_57_58",
        K::Backlash,
        "CR-BL-29",
        [part(
            E::Damage(DamageEffect::Times(2)),
            A::Damage,
            W::Bearer
        )]
    ),
];
