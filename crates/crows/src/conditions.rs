//! Conditions («Состояния»): blessed, grabbed, prone, vulnerable, unconscious, weakened.
//!
//! Each condition's effects are data ([`effects`]): modifiers to the creature's own tests,
//! modifiers to attacks against it, speed, flanking, actions and damage. They are turned into
//! the tests' [`Modifier`] type by [`own_test_modifiers`] and [`attack_modifiers_against`].
//! A creature never holds two instances of one condition (CR-COND-01); objects hold none
//! (CR-DMG-09): the table refuses one on an object (`ruleset::core::objects`).
//!
//! Expiry ([`ConditionSet::end_of_dungeon_turn`], [`ConditionSet::middle_of_rest`]) follows
//! the duration table of CR-COND-10; waking ([`ConditionSet::wake`]) follows CR-COND-08.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::test_roll::{
    Activity, AttackRange, Characteristic, Modifier, ModifierEffect, ModifierSource, SourceKind,
    TestKind, Tier,
};
use crate::world_options::WorldOptions;

/// The six conditions.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ConditionKind {
    Blessed,
    Grabbed,
    Prone,
    Vulnerable,
    Unconscious,
    Weakened,
}

impl ConditionKind {
    pub const ALL: [ConditionKind; 6] = [
        ConditionKind::Blessed,
        ConditionKind::Grabbed,
        ConditionKind::Prone,
        ConditionKind::Vulnerable,
        ConditionKind::Unconscious,
        ConditionKind::Weakened,
    ];

    /// Stable lower-case name, used as the modifier source name.
    pub fn name(self) -> &'static str {
        match self {
            ConditionKind::Blessed => "blessed",
            ConditionKind::Grabbed => "grabbed",
            ConditionKind::Prone => "prone",
            ConditionKind::Vulnerable => "vulnerable",
            ConditionKind::Unconscious => "unconscious",
            ConditionKind::Weakened => "weakened",
        }
    }

    /// The requirement that defines it.
    pub fn rule(self) -> &'static str {
        match self {
            ConditionKind::Blessed => "CR-COND-02",
            ConditionKind::Grabbed => "CR-COND-03",
            ConditionKind::Prone => "CR-COND-05",
            ConditionKind::Vulnerable => "CR-COND-06",
            ConditionKind::Unconscious => "CR-COND-07",
            ConditionKind::Weakened => "CR-COND-09",
        }
    }

    fn source(self) -> ModifierSource {
        ModifierSource::new(SourceKind::Condition, self.name()).with_rule(self.rule())
    }
}

/// Which of the creature's own tests an effect touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnTests {
    /// Every test (resistance rolls included).
    All,
    /// Its melee attacks.
    MeleeAttacks,
    /// Agility and Strength tests (resistance rolls included).
    AgilityAndStrength,
    /// Mind tests to notice anything around.
    MindToNotice,
}

/// How a condition changes speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeedEffect {
    Zero,
    Halved,
}

/// One effect of a condition, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum ConditionEffect {
    /// A modifier on the creature's own tests.
    OwnTests {
        tests: OwnTests,
        modifier: ModifierEffect,
    },
    /// A modifier on attacks against the creature (`None`: melee and ranged alike).
    AttacksAgainst {
        range: Option<AttackRange>,
        modifier: ModifierEffect,
    },
    Speed {
        speed: SpeedEffect,
    },
    CannotFlank,
    /// No actions, maneuvers or reactions.
    NoActions,
    /// The creature is also prone.
    AlsoProne,
    /// Every instance of damage taken gets this many extra d6.
    ExtraDamageTakenD6 {
        dice: u8,
    },
    /// Attacks deal extra damage equal to the characteristic used (CR-ERR-44 for negatives).
    AttackDamagePlusCharacteristic,
    /// Moves with the grabber; the grabber's speed is halved if it is this size or smaller.
    MovesWithGrabber,
}

use ConditionEffect as E;

const BLESSED: &[ConditionEffect] = &[
    E::OwnTests {
        tests: OwnTests::All,
        modifier: ModifierEffect::Edge,
    },
    E::AttackDamagePlusCharacteristic,
];
const GRABBED: &[ConditionEffect] = &[
    E::Speed {
        speed: SpeedEffect::Zero,
    },
    E::CannotFlank,
    E::AttacksAgainst {
        range: None,
        modifier: ModifierEffect::Edge,
    },
    E::MovesWithGrabber,
];
const PRONE: &[ConditionEffect] = &[
    E::Speed {
        speed: SpeedEffect::Halved,
    },
    E::OwnTests {
        tests: OwnTests::MeleeAttacks,
        modifier: ModifierEffect::Bane,
    },
    E::CannotFlank,
    E::AttacksAgainst {
        range: Some(AttackRange::Melee),
        modifier: ModifierEffect::Edge,
    },
    E::AttacksAgainst {
        range: Some(AttackRange::Ranged),
        modifier: ModifierEffect::Bane,
    },
];
const VULNERABLE: &[ConditionEffect] = &[E::ExtraDamageTakenD6 { dice: 1 }];
const UNCONSCIOUS: &[ConditionEffect] = &[
    E::AlsoProne,
    E::Speed {
        speed: SpeedEffect::Zero,
    },
    E::NoActions,
    E::OwnTests {
        tests: OwnTests::AgilityAndStrength,
        modifier: ModifierEffect::AutomaticDoom,
    },
    E::OwnTests {
        tests: OwnTests::MindToNotice,
        modifier: ModifierEffect::DoubleBane,
    },
    E::AttacksAgainst {
        range: None,
        modifier: ModifierEffect::AutomaticTier(Tier::Three),
    },
];
const WEAKENED: &[ConditionEffect] = &[E::OwnTests {
    tests: OwnTests::All,
    modifier: ModifierEffect::Bane,
}];

/// The effects of a condition (CR-COND-02…09).
pub fn effects(kind: ConditionKind) -> &'static [ConditionEffect] {
    match kind {
        ConditionKind::Blessed => BLESSED,
        ConditionKind::Grabbed => GRABBED,
        ConditionKind::Prone => PRONE,
        ConditionKind::Vulnerable => VULNERABLE,
        ConditionKind::Unconscious => UNCONSCIOUS,
        ConditionKind::Weakened => WEAKENED,
    }
}

/// When a condition ends by itself (CR-COND-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expiry {
    /// At the end of the dungeon turn (and at the middle of a rest, CR-REST-04).
    EndOfDungeonTurn,
    /// When a grab-ending trigger happens (CR-COND-04).
    GrabEnds,
    /// The Stand Up maneuver.
    StandUp,
    /// Damage, a loud noise within 10 squares or waking; a knock-out also at the end of the DT.
    Waking,
}

/// The duration table (CR-COND-10).
pub fn expiry(kind: ConditionKind) -> Expiry {
    match kind {
        ConditionKind::Blessed | ConditionKind::Vulnerable | ConditionKind::Weakened => {
            Expiry::EndOfDungeonTurn
        }
        ConditionKind::Grabbed => Expiry::GrabEnds,
        ConditionKind::Prone => Expiry::StandUp,
        ConditionKind::Unconscious => Expiry::Waking,
    }
}

/// Who or what holds a grabbed creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grab {
    /// The grabber: a creature, an effect or an object (its id in the table).
    pub by: String,
    /// The range of the grabbing effect, in squares.
    pub range: u8,
}

/// Extra data of an active condition.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "detail", rename_all = "snake_case")]
pub enum ConditionDetail {
    #[default]
    None,
    Grab(Grab),
    /// Unconscious because a player asked the Referee to knock it out (CR-DMG-08): comes to
    /// at the end of the dungeon turn.
    KnockedOut,
    /// Prone only because unconscious.
    FromUnconscious,
}

/// A condition on a creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveCondition {
    pub kind: ConditionKind,
    #[serde(default)]
    pub detail: ConditionDetail,
}

/// Result of applying a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Applied {
    Added,
    /// Already present: no second instance, no extra effect (CR-COND-01).
    AlreadyPresent,
}

/// Refusals.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    Serialize,
    Deserialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum ConditionError {
    #[error("CR-COND-03: grabbed needs a grabber and the range of its effect")]
    #[strum(props(rule = "CR-COND-03"))]
    GrabWithoutGrabber,
    #[error("CR-COND-05: only a prone creature can stand up")]
    #[strum(props(rule = "CR-COND-05"))]
    NotProne,
    #[error("CR-COND-05: standing up needs speed 1 or more (speed {0})")]
    #[strum(props(rule = "CR-COND-05"))]
    TooSlowToStand(u8),
    #[error("CR-COND-07: an unconscious creature takes no maneuvers")]
    #[strum(props(rule = "CR-COND-07"))]
    Unconscious,
    #[error("{creature} already has {}", .condition.name())]
    #[strum(props(rule = "CR-COND-01"))]
    AlreadyPresent {
        creature: String,
        condition: ConditionKind,
    },
}

crate::refusal::refusal!(ConditionError, "condition");

/// A condition given by a command is new: one already present is refused, not stacked
/// (CR-COND-01).
pub fn must_be_new(
    applied: Applied,
    creature: &str,
    condition: ConditionKind,
) -> Result<(), ConditionError> {
    if applied == Applied::AlreadyPresent {
        return Err(ConditionError::AlreadyPresent {
            creature: creature.to_string(),
            condition,
        });
    }
    Ok(())
}

/// Why a grab ends (CR-COND-04).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrabEnd {
    /// The grabber moved farther away than the effect's range (distance in squares).
    GrabberMovedAway {
        distance: u8,
    },
    Released,
    GrabberDied,
    GrabberProne,
    GrabberUnconscious,
    EscapeGrab,
    Teleport,
    EffectExpired,
}

/// The conditions of one creature.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ConditionSet {
    active: Vec<ActiveCondition>,
}

impl ConditionSet {
    pub fn has(&self, kind: ConditionKind) -> bool {
        self.active.iter().any(|c| c.kind == kind)
    }

    pub fn get(&self, kind: ConditionKind) -> Option<&ActiveCondition> {
        self.active.iter().find(|c| c.kind == kind)
    }

    pub fn kinds(&self) -> Vec<ConditionKind> {
        let mut v: Vec<ConditionKind> = self.active.iter().map(|c| c.kind).collect();
        v.sort();
        v
    }

    /// Applies a condition; a second instance has no effect (CR-COND-01). Grabbed needs
    /// [`ConditionSet::grab`]. Unconscious also makes the creature prone (CR-COND-07).
    pub fn apply(&mut self, kind: ConditionKind) -> Result<Applied, ConditionError> {
        if kind == ConditionKind::Grabbed {
            return Err(ConditionError::GrabWithoutGrabber);
        }
        Ok(self.insert(kind, ConditionDetail::None))
    }

    fn insert(&mut self, kind: ConditionKind, detail: ConditionDetail) -> Applied {
        if self.has(kind) {
            return Applied::AlreadyPresent;
        }
        if kind == ConditionKind::Unconscious && !self.has(ConditionKind::Prone) {
            self.active.push(ActiveCondition {
                kind: ConditionKind::Prone,
                detail: ConditionDetail::FromUnconscious,
            });
        }
        self.active.push(ActiveCondition { kind, detail });
        Applied::Added
    }

    /// Grabbed by `grab` (CR-COND-03). A creature already grabbed stays grabbed by the first.
    pub fn grab(&mut self, grab: Grab) -> Applied {
        self.insert(ConditionKind::Grabbed, ConditionDetail::Grab(grab))
    }

    /// Knocked out instead of killed (CR-DMG-08): unconscious until the end of the DT.
    pub fn knock_out(&mut self) -> Applied {
        self.insert(ConditionKind::Unconscious, ConditionDetail::KnockedOut)
    }

    /// Ends a condition outright (a rule or the Referee removes it). Returns whether it was
    /// present. A prone that came with unconsciousness stays; remove it too if it should go.
    pub fn remove(&mut self, kind: ConditionKind) -> bool {
        let before = self.active.len();
        self.active.retain(|c| c.kind != kind);
        before != self.active.len()
    }

    /// Ends grabbed if `why` ends it (CR-COND-04). Returns whether it ended.
    pub fn end_grab(&mut self, why: GrabEnd) -> bool {
        let Some(ActiveCondition {
            detail: ConditionDetail::Grab(grab),
            ..
        }) = self.get(ConditionKind::Grabbed)
        else {
            return false;
        };
        let ends = match why {
            GrabEnd::GrabberMovedAway { distance } => distance > grab.range,
            _ => true,
        };
        if ends {
            self.remove(ConditionKind::Grabbed);
        }
        ends
    }

    /// Ends unconscious (CR-COND-08). Prone stays (CR-ERR-29 default) unless
    /// `options.prone_after_waking` is false, in which case a prone that came only from
    /// unconsciousness ends too.
    pub fn wake(&mut self, options: &WorldOptions) -> bool {
        if !self.remove(ConditionKind::Unconscious) {
            return false;
        }
        if let Some(p) = self
            .active
            .iter_mut()
            .find(|c| c.kind == ConditionKind::Prone)
        {
            if options.prone_after_waking {
                p.detail = ConditionDetail::None;
            } else if p.detail == ConditionDetail::FromUnconscious {
                self.remove(ConditionKind::Prone);
            }
        }
        true
    }

    /// Any damage wakes an unconscious creature (CR-COND-08).
    pub fn on_damage_taken(&mut self, options: &WorldOptions) -> bool {
        self.wake(options)
    }

    /// End of the dungeon turn: blessed, vulnerable and weakened end; a knocked-out creature
    /// comes to (CR-COND-10, CR-DMG-08). Returns what ended.
    pub fn end_of_dungeon_turn(&mut self, options: &WorldOptions) -> Vec<ConditionKind> {
        let mut ended = self.expire_dt_conditions();
        if self
            .get(ConditionKind::Unconscious)
            .is_some_and(|c| c.detail == ConditionDetail::KnockedOut)
            && self.wake(options)
        {
            ended.push(ConditionKind::Unconscious);
        }
        ended
    }

    /// Middle of a rest: the conditions that end at the end of the DT end (CR-COND-10).
    pub fn middle_of_rest(&mut self) -> Vec<ConditionKind> {
        self.expire_dt_conditions()
    }

    fn expire_dt_conditions(&mut self) -> Vec<ConditionKind> {
        let mut ended = Vec::new();
        for kind in ConditionKind::ALL {
            if expiry(kind) == Expiry::EndOfDungeonTurn && self.remove(kind) {
                ended.push(kind);
            }
        }
        ended
    }

    /// The Stand Up maneuver (CR-COND-05): needs speed 1 or more. `speed_without_prone` is the
    /// speed with every effect but the prone halving; CR-ERR-40 default checks that one, the
    /// alternative checks `speed_with_prone`.
    pub fn stand_up(
        &mut self,
        speed_without_prone: u8,
        speed_with_prone: u8,
        options: &WorldOptions,
    ) -> Result<(), ConditionError> {
        if self.has(ConditionKind::Unconscious) {
            return Err(ConditionError::Unconscious);
        }
        if !self.has(ConditionKind::Prone) {
            return Err(ConditionError::NotProne);
        }
        let speed = if options.stand_up_ignores_prone_halving {
            speed_without_prone
        } else {
            speed_with_prone
        };
        if speed < 1 {
            return Err(ConditionError::TooSlowToStand(speed));
        }
        self.remove(ConditionKind::Prone);
        Ok(())
    }

    fn effects(&self) -> impl Iterator<Item = (ConditionKind, &'static ConditionEffect)> + '_ {
        self.active
            .iter()
            .flat_map(|c| effects(c.kind).iter().map(move |e| (c.kind, e)))
    }

    /// Whether the creature may flank.
    pub fn can_flank(&self) -> bool {
        !self.effects().any(|(_, e)| *e == E::CannotFlank)
    }

    /// Whether the creature may take actions, maneuvers and reactions.
    pub fn can_act(&self) -> bool {
        !self.effects().any(|(_, e)| *e == E::NoActions)
    }

    /// Extra d6 of damage per instance of damage taken (vulnerable).
    pub fn extra_damage_dice(&self) -> u8 {
        self.effects()
            .map(|(_, e)| match e {
                E::ExtraDamageTakenD6 { dice } => *dice,
                _ => 0,
            })
            .sum()
    }

    /// Extra attack damage from blessed for an attack made with a characteristic of `value`.
    /// CR-ERR-44 default: never negative.
    pub fn attack_damage_bonus(&self, value: i8, options: &WorldOptions) -> i16 {
        if self
            .effects()
            .any(|(_, e)| *e == E::AttackDamagePlusCharacteristic)
        {
            if options.clamp_negative_results {
                i16::from(value.max(0))
            } else {
                i16::from(value)
            }
        } else {
            0
        }
    }

    /// How the conditions change speed: zero beats halving; several halvings each count.
    pub fn speed_effects(&self) -> (bool, u8) {
        let mut zero = false;
        let mut halvings = 0;
        for (_, e) in self.effects() {
            match e {
                E::Speed {
                    speed: SpeedEffect::Zero,
                } => zero = true,
                E::Speed {
                    speed: SpeedEffect::Halved,
                } => halvings += 1,
                _ => {}
            }
        }
        (zero, halvings)
    }
}

/// Squares within which a loud noise wakes sleepers (CR-COND-08).
pub const LOUD_NOISE_SQUARES: u32 = 10;

fn own_applies(
    tests: OwnTests,
    test: &TestKind,
    characteristic: Characteristic,
    activities: &[Activity],
) -> bool {
    match tests {
        OwnTests::All => true,
        OwnTests::MeleeAttacks => test.attack_range() == Some(AttackRange::Melee),
        OwnTests::AgilityAndStrength => {
            matches!(
                characteristic,
                Characteristic::Agility | Characteristic::Strength
            )
        }
        OwnTests::MindToNotice => {
            characteristic == Characteristic::Mind && activities.contains(&Activity::Notice)
        }
    }
}

/// The modifiers the creature's conditions put on a test it makes (CR-COND-02/05/07/09).
pub fn own_test_modifiers(
    conditions: &ConditionSet,
    test: &TestKind,
    characteristic: Characteristic,
    activities: &[Activity],
) -> Vec<Modifier> {
    conditions
        .effects()
        .filter_map(|(kind, e)| match e {
            E::OwnTests { tests, modifier }
                if own_applies(*tests, test, characteristic, activities) =>
            {
                Some(Modifier::new(kind.source(), *modifier))
            }
            _ => None,
        })
        .collect()
}

/// The modifiers the target's conditions put on an attack against it (CR-COND-03/05/07).
/// Whether a doom still gives tier 3 against an unconscious target is the test rules' option
/// (CR-ERR-28, `TestRules::automatic_tier_beats_doom`).
pub fn attack_modifiers_against(target: &ConditionSet, range: AttackRange) -> Vec<Modifier> {
    target
        .effects()
        .filter_map(|(kind, e)| match e {
            E::AttacksAgainst { range: r, modifier } if r.is_none_or(|r| r == range) => {
                Some(Modifier::new(kind.source(), *modifier))
            }
            _ => None,
        })
        .collect()
}

/// Speed after every change, per CR-ERR-39 (default: flat changes first, then one halving per
/// halving source, rounding down, then "speed 0" effects; minimum 0).
///
/// `flat` sums flat changes (−1 per wound-and-item slot, backlash ±2…); `extra_halvings`
/// counts halving sources outside conditions (squeezing, a grabber holding someone its size
/// or smaller).
pub fn effective_speed(
    base: u8,
    flat: i16,
    conditions: &ConditionSet,
    extra_halvings: u8,
    options: &WorldOptions,
) -> u8 {
    let (zero, cond_halvings) = conditions.speed_effects();
    if zero {
        return 0;
    }
    let halvings = u32::from(cond_halvings) + u32::from(extra_halvings);
    let halve_n = |v: i32| -> i32 { (0..halvings).fold(v, |acc, _| acc.max(0) / 2) };
    let v = if options.flat_speed_changes_first {
        halve_n(i32::from(base) + i32::from(flat))
    } else {
        halve_n(i32::from(base)) + i32::from(flat)
    };
    // Clamped to 0..=255 first.
    v.clamp(0, i32::from(u8::MAX)) as u8
}

/// Whether a grabber holding `held` has its speed halved: `held` is its size or larger
/// (CR-COND-03).
pub fn grabber_speed_halved(grabber: crate::nature::Size, held: crate::nature::Size) -> bool {
    held >= grabber
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edges::{NetEdge, net_of};
    use crate::nature::Size;

    fn opts() -> WorldOptions {
        WorldOptions::default()
    }

    fn ordinary() -> TestKind {
        TestKind::Ordinary
    }

    fn melee() -> TestKind {
        TestKind::Attack {
            range: AttackRange::Melee,
            weapon: None,
        }
    }

    #[test]
    fn cr_cond_01_no_duplicates_and_objects_take_none() {
        let mut s = ConditionSet::default();
        assert_eq!(s.apply(ConditionKind::Weakened), Ok(Applied::Added));
        assert_eq!(
            s.apply(ConditionKind::Weakened),
            Ok(Applied::AlreadyPresent)
        );
        assert_eq!(s.kinds(), vec![ConditionKind::Weakened]);
        // Still a single bane.
        let m = own_test_modifiers(&s, &ordinary(), Characteristic::Mind, &[]);
        assert_eq!(m.len(), 1);
        // Objects take none: `ruleset::core::objects` refuses a condition on an object (CR-DMG-09).
    }

    #[test]
    fn cr_cond_02_blessed() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Blessed).expect("ok");
        let m = own_test_modifiers(&s, &ordinary(), Characteristic::Agility, &[]);
        assert_eq!(net_of(&m), NetEdge::Edge);
        let m = own_test_modifiers(&s, &TestKind::ResistanceRoll, Characteristic::Mind, &[]);
        assert_eq!(net_of(&m), NetEdge::Edge);
        assert_eq!(s.attack_damage_bonus(3, &opts()), 3);
        assert_eq!(ConditionSet::default().attack_damage_bonus(3, &opts()), 0);
        assert_eq!(s.end_of_dungeon_turn(&opts()), vec![ConditionKind::Blessed]);
        assert!(!s.has(ConditionKind::Blessed));
    }

    #[test]
    fn cr_err_44_blessed_negative_characteristic() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Blessed).expect("ok");
        assert_eq!(s.attack_damage_bonus(-2, &opts()), 0);
        let literal = WorldOptions {
            clamp_negative_results: false,
            ..opts()
        };
        assert_eq!(s.attack_damage_bonus(-2, &literal), -2);
    }

    #[test]
    fn cr_cond_03_grabbed() {
        let mut s = ConditionSet::default();
        assert_eq!(
            s.apply(ConditionKind::Grabbed),
            Err(ConditionError::GrabWithoutGrabber)
        );
        s.grab(Grab {
            by: "ghoul".into(),
            range: 1,
        });
        assert_eq!(effective_speed(5, 0, &s, 0, &opts()), 0);
        assert!(!s.can_flank());
        let m = attack_modifiers_against(&s, AttackRange::Ranged);
        assert_eq!(net_of(&m), NetEdge::Edge);
        let m = attack_modifiers_against(&s, AttackRange::Melee);
        assert_eq!(net_of(&m), NetEdge::Edge);
        assert!(effects(ConditionKind::Grabbed).contains(&E::MovesWithGrabber));
        // The grabber's speed is halved when holding someone its size or larger.
        assert!(grabber_speed_halved(Size::Medium, Size::Medium));
        assert!(grabber_speed_halved(Size::Small, Size::Medium));
        assert!(!grabber_speed_halved(Size::Large, Size::Medium));
        assert_eq!(
            effective_speed(5, 0, &ConditionSet::default(), 1, &opts()),
            2
        );
    }

    #[test]
    fn cr_cond_04_grab_ends() {
        let grabbed = || {
            let mut s = ConditionSet::default();
            s.grab(Grab {
                by: "ghoul".into(),
                range: 1,
            });
            s
        };
        let mut s = grabbed();
        assert!(!s.end_grab(GrabEnd::GrabberMovedAway { distance: 1 }));
        assert!(s.has(ConditionKind::Grabbed));
        assert!(s.end_grab(GrabEnd::GrabberMovedAway { distance: 2 }));
        assert!(!s.has(ConditionKind::Grabbed));
        for why in [
            GrabEnd::Released,
            GrabEnd::GrabberDied,
            GrabEnd::GrabberProne,
            GrabEnd::GrabberUnconscious,
            GrabEnd::EscapeGrab,
            GrabEnd::Teleport,
            GrabEnd::EffectExpired,
        ] {
            let mut s = grabbed();
            assert!(s.end_grab(why), "{why:?}");
            assert!(!s.has(ConditionKind::Grabbed));
        }
    }

    #[test]
    fn cr_cond_05_prone() {
        let mut s = ConditionSet::default();
        assert_eq!(s.apply(ConditionKind::Prone), Ok(Applied::Added));
        assert_eq!(effective_speed(5, 0, &s, 0, &opts()), 2);
        assert_eq!(effective_speed(1, 0, &s, 0, &opts()), 0);
        let m = own_test_modifiers(&s, &melee(), Characteristic::Strength, &[]);
        assert_eq!(net_of(&m), NetEdge::Bane);
        let ranged_own = TestKind::Attack {
            range: AttackRange::Ranged,
            weapon: None,
        };
        assert!(own_test_modifiers(&s, &ranged_own, Characteristic::Agility, &[]).is_empty());
        assert!(!s.can_flank());
        assert_eq!(
            net_of(&attack_modifiers_against(&s, AttackRange::Melee)),
            NetEdge::Edge
        );
        assert_eq!(
            net_of(&attack_modifiers_against(&s, AttackRange::Ranged)),
            NetEdge::Bane
        );
        // Teleporting or the end of the DT does not end prone; Stand Up does.
        s.end_of_dungeon_turn(&opts());
        assert!(s.has(ConditionKind::Prone));
        s.stand_up(1, 0, &opts())
            .expect("speed 1 ignoring the prone halving (CR-ERR-40)");
        assert!(!s.has(ConditionKind::Prone));
        assert_eq!(s.stand_up(5, 2, &opts()), Err(ConditionError::NotProne));
    }

    #[test]
    fn cr_err_40_stand_up_speed_option() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Prone).unwrap();
        let strict = WorldOptions {
            stand_up_ignores_prone_halving: false,
            ..opts()
        };
        assert_eq!(
            s.stand_up(1, 0, &strict),
            Err(ConditionError::TooSlowToStand(0))
        );
        assert_eq!(
            s.stand_up(0, 0, &opts()),
            Err(ConditionError::TooSlowToStand(0))
        );
        assert!(s.stand_up(1, 0, &opts()).is_ok());
    }

    #[test]
    fn cr_cond_06_vulnerable() {
        let mut s = ConditionSet::default();
        assert_eq!(s.extra_damage_dice(), 0);
        s.apply(ConditionKind::Vulnerable).expect("ok");
        assert_eq!(s.extra_damage_dice(), 1);
        assert_eq!(
            s.end_of_dungeon_turn(&opts()),
            vec![ConditionKind::Vulnerable]
        );
        assert_eq!(s.extra_damage_dice(), 0);
    }

    #[test]
    fn cr_cond_07_unconscious() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Unconscious).expect("ok");
        assert!(s.has(ConditionKind::Prone));
        assert_eq!(effective_speed(6, 0, &s, 0, &opts()), 0);
        assert!(!s.can_act());
        for ch in [Characteristic::Agility, Characteristic::Strength] {
            let m = own_test_modifiers(&s, &TestKind::ResistanceRoll, ch, &[]);
            assert!(
                m.iter().any(|m| m.effect == ModifierEffect::AutomaticDoom),
                "{ch:?}"
            );
        }
        let m = own_test_modifiers(&s, &ordinary(), Characteristic::Mind, &[Activity::Notice]);
        assert_eq!(net_of(&m), NetEdge::DoubleBane);
        assert!(own_test_modifiers(&s, &ordinary(), Characteristic::Mind, &[]).is_empty());
        let m = attack_modifiers_against(&s, AttackRange::Ranged);
        assert!(
            m.iter()
                .any(|m| m.effect == ModifierEffect::AutomaticTier(Tier::Three))
        );
        let m = attack_modifiers_against(&s, AttackRange::Melee);
        assert!(
            m.iter()
                .any(|m| m.effect == ModifierEffect::AutomaticTier(Tier::Three))
        );
        // Melee attacks against it also get the prone edge.
        assert_eq!(net_of(&m), NetEdge::Edge);
    }

    #[test]
    fn cr_cond_08_waking() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Unconscious).expect("ok");
        assert!(s.wake(&opts()));
        assert!(!s.has(ConditionKind::Unconscious));
        s.apply(ConditionKind::Unconscious).expect("ok");
        assert!(s.on_damage_taken(&opts()));
        assert!(!s.has(ConditionKind::Unconscious));
        // A plain sleeper does not wake at the end of the DT; a knocked-out creature does.
        s.apply(ConditionKind::Unconscious).expect("ok");
        assert!(s.end_of_dungeon_turn(&opts()).is_empty());
        s.wake(&opts());
        s.knock_out();
        assert_eq!(
            s.end_of_dungeon_turn(&opts()),
            vec![ConditionKind::Unconscious]
        );
    }

    #[test]
    fn cr_err_29_prone_after_waking_option() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Unconscious).expect("ok");
        s.wake(&opts());
        assert!(s.has(ConditionKind::Prone));
        let alt = WorldOptions {
            prone_after_waking: false,
            ..opts()
        };
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Unconscious).expect("ok");
        s.wake(&alt);
        assert!(!s.has(ConditionKind::Prone));
        // A creature that was prone before falling asleep stays prone either way.
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Prone).unwrap();
        s.apply(ConditionKind::Unconscious).expect("ok");
        s.wake(&alt);
        assert!(s.has(ConditionKind::Prone));
    }

    #[test]
    fn cr_cond_09_weakened() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Weakened).expect("ok");
        for ch in Characteristic::ALL {
            let m = own_test_modifiers(&s, &ordinary(), ch, &[]);
            assert_eq!(net_of(&m), NetEdge::Bane);
        }
        assert_eq!(s.middle_of_rest(), vec![ConditionKind::Weakened]);
    }

    #[test]
    fn cr_cond_10_duration_table_every_row() {
        let rows = [
            (ConditionKind::Blessed, Expiry::EndOfDungeonTurn),
            (ConditionKind::Grabbed, Expiry::GrabEnds),
            (ConditionKind::Prone, Expiry::StandUp),
            (ConditionKind::Vulnerable, Expiry::EndOfDungeonTurn),
            (ConditionKind::Unconscious, Expiry::Waking),
            (ConditionKind::Weakened, Expiry::EndOfDungeonTurn),
        ];
        assert_eq!(rows.len(), ConditionKind::ALL.len());
        for (kind, exp) in rows {
            assert_eq!(expiry(kind), exp, "{kind:?}");
        }
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Blessed).expect("ok");
        s.apply(ConditionKind::Vulnerable).expect("ok");
        s.apply(ConditionKind::Weakened).expect("ok");
        s.apply(ConditionKind::Prone).unwrap();
        s.grab(Grab {
            by: "vine".into(),
            range: 1,
        });
        s.apply(ConditionKind::Unconscious).expect("ok");
        let ended = s.middle_of_rest();
        assert_eq!(
            ended,
            vec![
                ConditionKind::Blessed,
                ConditionKind::Vulnerable,
                ConditionKind::Weakened
            ]
        );
        assert_eq!(
            s.kinds(),
            vec![
                ConditionKind::Grabbed,
                ConditionKind::Prone,
                ConditionKind::Unconscious
            ]
        );
    }

    #[test]
    fn cr_cond_11_instant_spell_conditions_keep_their_duration() {
        // A condition from an instant spell is the same condition: it still ends at the end
        // of the dungeon turn, not when the spell resolves.
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Blessed).expect("ok");
        assert!(s.has(ConditionKind::Blessed));
        assert_eq!(s.end_of_dungeon_turn(&opts()), vec![ConditionKind::Blessed]);
    }

    #[test]
    fn cr_err_39_speed_order_option() {
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Prone).unwrap();
        // Speed 5, −2 from wounds, prone: default (5−2)/2 = 1; alternative 5/2−2 = 0.
        assert_eq!(effective_speed(5, -2, &s, 0, &opts()), 1);
        let alt = WorldOptions {
            flat_speed_changes_first: false,
            ..opts()
        };
        assert_eq!(effective_speed(5, -2, &s, 0, &alt), 0);
        // Minimum 0.
        assert_eq!(
            effective_speed(2, -5, &ConditionSet::default(), 0, &opts()),
            0
        );
        // Two halvings each count: 7 → 3 → 1.
        assert_eq!(effective_speed(7, 0, &s, 1, &opts()), 1);
    }

    #[test]
    fn cr_mod_01_condition_rows_of_the_modifier_registry() {
        // Every condition row of the registry, as modifiers carrying their rule.
        let cases: [(ConditionKind, &str); 6] = [
            (ConditionKind::Blessed, "CR-COND-02"),
            (ConditionKind::Grabbed, "CR-COND-03"),
            (ConditionKind::Prone, "CR-COND-05"),
            (ConditionKind::Vulnerable, "CR-COND-06"),
            (ConditionKind::Unconscious, "CR-COND-07"),
            (ConditionKind::Weakened, "CR-COND-09"),
        ];
        for (kind, rule) in cases {
            assert_eq!(kind.rule(), rule);
            assert!(!effects(kind).is_empty());
        }
        let mut s = ConditionSet::default();
        s.apply(ConditionKind::Weakened).expect("ok");
        let m = own_test_modifiers(&s, &ordinary(), Characteristic::Mind, &[]);
        assert_eq!(m[0].source.rule.as_deref(), Some("CR-COND-09"));
        assert_eq!(m[0].source.kind, SourceKind::Condition);
    }
}
