//! Magic backlash («Отдача магии», «Виды отдачи»): the d100 + rank table as data, the
//! stacking / "roll another" rules and the creature-target substitution (CR-SPELL-14…19,
//! CR-BL-01…56). Pure rules: dice arrive as faces, Referee choices are returned as requests.
//!
//! Every row carries its mechanics as [`BacklashEffect`]s; what only the Referee can play out is a
//! [`RefereeCall`] and, for rows that are mostly story, the `narrative` flag. The row notes are
//! short paraphrases, not the book's text.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::conditions::ConditionKind;
use crate::inventory::MagicSlot;
use crate::standing::Standing;
use crate::test_roll::Characteristic;

/// Lowest and highest possible table results (d100 1…100 + rank 0…5).
pub const TABLE_MIN: u8 = 1;
pub const TABLE_MAX: u8 = 105;
/// The highest spell rank (CR-SPELL-02).
pub const MAX_RANK: u8 = 5;

#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum BacklashError {
    #[error("CR-SPELL-16: a d100 face must be 1…100, got {0}")]
    #[strum(props(rule = "CR-SPELL-16"))]
    BadD100(u8),
    #[error("CR-SPELL-02: a spell rank is 0…5, got {0}")]
    #[strum(props(rule = "CR-SPELL-02"))]
    BadRank(u8),
    #[error("CR-SPELL-16: the backlash table runs 1…105, got {0}")]
    #[strum(props(rule = "CR-SPELL-16"))]
    OutOfTable(u8),
    #[error("CR-BL: unknown backlash row id {0}")]
    UnknownRow(u8),
    #[error("CR-SPELL-19: {0}")]
    #[strum(props(rule = "CR-SPELL-19"))]
    Usage(#[from] crate::usage_dice::UsageError),
    /// The Referee ends a row the caster is not under (its own rule: the row's).
    #[error("{caster} is not under backlash row {row}")]
    NotUnder {
        caster: String,
        row: u8,
        rule: String,
    },
    #[error("backlash {low}–{high} ends by its own duration (CR-BL-56)")]
    #[strum(props(rule = "CR-BL-56"))]
    EndsByDuration { low: u8, high: u8 },
    #[error("{caster} has no tentacles to cut")]
    #[strum(props(rule = "CR-BL-27"))]
    NoTentacles { caster: String },
    #[error("tentacles are cut with a bladed tool or weapon (CR-BL-27)")]
    #[strum(props(rule = "CR-BL-27"))]
    NotBladed,
    #[error("{creature}'s hands are feet: it cannot hold a spellbook (CR-BL-31, CR-ERR-68)")]
    #[strum(props(rule = "CR-BL-31"))]
    HandsAreFeet { creature: String },
    #[error("write the id of the creature that receives the item (CR-BL-17)")]
    #[strum(props(rule = "CR-BL-17"))]
    NoRecipient,
    #[error("backlash row {row} has no trigger")]
    NoTrigger { row: u8, rule: String },
}

crate::refusal::refusal!(BacklashError, "backlash"; usage => Usage);

/// Who an effect touches. Distances are in squares from the caster unless stated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Affected {
    Caster,
    /// The caster and every creature within N squares of it.
    CasterAndWithin(u8),
    /// Every creature within N squares of the caster (the caster included for pushes).
    Within(u8),
    /// The caster's allies within N squares of the spell's target (CR-BL-21).
    AlliesNearTarget(u8),
    /// A creature standing on the affected ground (quicksand).
    OnGround,
    /// Inside a resistance outcome: the creature that made that roll.
    Roller,
}

/// What starts a recurring effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// Each time the caster speaks: roll a d10; the effect happens on this face.
    Speaking { d10_face: u8 },
    /// At the end of the DT, unless the caster harmed another creature during it.
    EndOfTurnWithoutHarmingOthers,
    /// Starting a turn under water or soaked.
    TurnStartWetOrUnderwater,
    /// Failing to speak in rhyming couplets.
    FailedRhyme,
    /// The caster or anyone within N activates a magic item or casts a spell.
    MagicUsedWithin(u8),
    /// At the start of each of the caster's combat turns, any die: the effect on an odd face.
    CombatTurnStartOddDie,
    /// At the start of every combat round the caster begins grabbed.
    RoundStartWhileGrabbed,
    /// At the end of every round while grabbed by the quicksand.
    RoundEndWhileGrabbed,
}

/// What happens to the card-drawn item (CR-BL-16/17/18/40, deck rules CR-ERR-66).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemFate {
    /// Becomes a goat run by the Referee; back to the item when the goat dies.
    Goat,
    /// Into the possession of a random other creature within N.
    ToCreatureWithin(u8),
    /// A feather duster until the end of the DT.
    FeatherDuster,
    /// Off to a dungeon of the Referee's choice (lost).
    ToDungeon,
}

/// Which tests a bane applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BaneScope {
    ClimbHideSneakSwim,
    AllTests,
}

/// One mechanical effect of a backlash row. Dice counts are d6 unless a field says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BacklashEffect {
    /// `d6` six-sided dice of damage; `piercing` marks piercing damage.
    Damage {
        to: Affected,
        d6: u8,
        piercing: bool,
    },
    /// A fixed amount of damage (resistance outcomes).
    FixedDamage {
        to: Affected,
        amount: u8,
    },
    Condition {
        to: Affected,
        kind: ConditionKind,
    },
    /// Prone and unable to stand; must crawl.
    CannotStand,
    /// Speed change of the caster (negative = slower).
    Speed(i8),
    Bane(BaneScope),
    /// Numeric bonus for attacks against the caster.
    AttacksAgainstBonus(i8),
    CannotHide,
    /// Moving unnoticed is impossible (stealth fails automatically).
    StealthAutoFails,
    CannotSpeak,
    CannotHear,
    /// Bright light counts as darkness for the caster.
    BrightLightIsDarkness,
    /// Damage the caster takes is multiplied by `factor`; `next_only`: only the next damage
    /// before the end of the DT; `non_piercing_only`: piercing damage is not doubled.
    DamageTakenMultiplier {
        factor: u8,
        next_only: bool,
        non_piercing_only: bool,
    },
    /// A resistance roll (2d10 + characteristic) with its three outcomes.
    ResistanceRoll {
        to: Affected,
        characteristic: Characteristic,
        tier1: &'static [BacklashEffect],
        tier2: &'static [BacklashEffect],
        tier3: &'static [BacklashEffect],
    },
    /// A recurring effect.
    Triggered {
        trigger: Trigger,
        then: &'static [BacklashEffect],
    },
    /// Grabbed until the end of the creature's next turn (quicksand tier 2).
    GrabbedUntilNextTurnEnd,
    /// May move this many squares (quicksand tier 3).
    MayMove(u8),
    /// A creature may free the caster by spending an action.
    FreedByAnothersAction,
    /// The Referee picks one hand slot: its item drops and the slot is unusable.
    DropOneHandSlot,
    /// All hand slots: held items drop, nothing can be held or done with hands (CR-ERR-68).
    HandsUnusable,
    DestroyNearestRations {
        d6: u8,
    },
    /// Pushed `d6` d6 squares in a Referee-set random direction.
    Push {
        to: Affected,
        d6: u8,
    },
    /// Teleport `d6` d6 squares (or up to `up_to` squares when `d6` is 0), horizontal,
    /// direction by the Referee, into an unoccupied space.
    Teleport {
        d6: u8,
        up_to: u8,
    },
    /// Card draw: shuffle the caster's cards, draw d10, the last card's item suffers `fate`.
    CardDraw(ItemFate),
    /// `d6` d6 creatures of `creature` appear within `within`, hostile to the caster.
    SummonHostile {
        d6: u8,
        creature: &'static str,
        within: u8,
    },
    /// Heard by every creature within N; the curious come (Referee may place an encounter).
    Noise {
        heard_within: u8,
    },
    /// The spell goes to the nearest enemy (beneficial) or the caster (harmful), ignoring
    /// range; the Referee decides which and the tier (CR-ERR-70).
    MisdirectedSpell,
    /// 1d6 × 100 coins, a gem or another mundane treasure carried melts.
    MeltTreasure {
        coins_per_pip: u16,
    },
    /// The caster becomes a frog (CR-BL-39, items and wounds CR-ERR-71).
    Frog,
    /// The caster cannot rest until it feeds the swarm this many pounds of flesh.
    RestBlockedUntilFed {
        pounds: u16,
    },
    /// −1 to a characteristic until the next finished rest (cumulative, CR-ERR-44 clamp).
    CharacteristicLoss(Characteristic),
    /// `d6` d6 wounds.
    Wounds {
        d6: u8,
    },
    /// Three special wounds that a bladed tool or weapon cuts away, one per action.
    SpecialWounds(u8),
    StaminaToZero,
    /// Castings count one tier lower; a tier 1 counts as a doom.
    CastingTierPenalty,
    /// Cannot wear headgear not made for antlers (head magic item slot).
    HeadgearBlocked,
    /// Lose all uses of a random owned expertise, gain as many of a random missing one.
    SwapExpertise,
    /// One hand becomes a random mundane one-handed weapon; that slot holds nothing else.
    HandBecomesWeapon,
    /// Sealed away forever: the character is lost, no corpse.
    LostForever,
    /// A one-way viewing portal follows the caster; the far end is by a foe of the Referee's
    /// choice.
    ViewingPortal,
    /// Only braying, no speech (the donkey's head).
    DonkeyHead,
}

/// The Referee ends a row whose end is a condition (CR-BL-56): the caster is under it, and
/// the row lasts until a condition rather than for a duration of its own. `running`: the ids
/// of the rows running on the caster.
pub fn may_end_by_condition(
    caster: &str,
    row: &BacklashRow,
    running: &[u8],
) -> Result<(), BacklashError> {
    if !running.contains(&row.id) {
        return Err(BacklashError::NotUnder {
            caster: caster.to_string(),
            row: row.id,
            rule: row.rule(),
        });
    }
    if !matches!(row.duration, BacklashDuration::UntilCondition(_)) {
        return Err(BacklashError::EndsByDuration {
            low: row.low,
            high: row.high,
        });
    }
    Ok(())
}

/// A running row's trigger fires (CR-BL-04/05/06/22/35/49): the caster is under the row, and
/// the row has a trigger.
pub fn trigger_of(
    caster: &str,
    row_id: u8,
    running: &[u8],
) -> Result<(&'static BacklashRow, Trigger, &'static [BacklashEffect]), BacklashError> {
    if !running.contains(&row_id) {
        return Err(BacklashError::NotUnder {
            caster: caster.to_string(),
            row: row_id,
            rule: format!("CR-BL-{row_id:02}"),
        });
    }
    let row = row_by_id(row_id)?;
    row.effects
        .iter()
        .find_map(|e| match *e {
            BacklashEffect::Triggered { trigger, then } => Some((row, trigger, then)),
            _ => None,
        })
        .ok_or(BacklashError::NoTrigger {
            row: row.id,
            rule: row.rule(),
        })
}

/// The row of the tentacles (CR-BL-27).
pub const TENTACLES_ROW: u8 = 27;
/// The row whose hands become feet (CR-BL-31).
pub const FEET_ROW: u8 = 31;

/// A special wound of the tentacles is cut away with a bladed tool or weapon (CR-BL-27).
pub fn may_cut_tentacle(caster: &str, running: &[u8], bladed: bool) -> Result<(), BacklashError> {
    if !running.contains(&TENTACLES_ROW) {
        return Err(BacklashError::NoTentacles {
            caster: caster.to_string(),
        });
    }
    if !bladed {
        return Err(BacklashError::NotBladed);
    }
    Ok(())
}

/// Hands that became feet hold no spellbook (CR-BL-31, CR-ERR-68).
pub fn may_hold_spellbook(caster: &str, running: &[u8]) -> Result<(), BacklashError> {
    if running.contains(&FEET_ROW) {
        return Err(BacklashError::HandsAreFeet {
            creature: caster.to_string(),
        });
    }
    Ok(())
}

/// The creature a drawn card goes to (CR-BL-17): the first id the Referee wrote.
pub fn recipient(written: &[String]) -> Result<&str, BacklashError> {
    written
        .first()
        .map(String::as_str)
        .ok_or(BacklashError::NoRecipient)
}

impl BacklashEffect {
    /// How the row's log report describes this effect while it lasts (the report's
    /// `standing` words, wire text), for the effects that change what the creature can do.
    pub fn described(&self) -> Option<&'static str> {
        Some(match *self {
            BacklashEffect::CannotStand => "cannot stand up, crawls",
            BacklashEffect::Bane(BaneScope::AllTests) => "bane on every test",
            BacklashEffect::Bane(BaneScope::ClimbHideSneakSwim) => {
                "bane on climbing, hiding, sneaking and swimming tests"
            }
            BacklashEffect::AttacksAgainstBonus(_) => "+2 on attacks against it",
            BacklashEffect::CannotHide => "cannot hide",
            BacklashEffect::StealthAutoFails => "cannot move unnoticed",
            BacklashEffect::CannotSpeak => "cannot speak",
            BacklashEffect::CannotHear => "hears nothing",
            BacklashEffect::BrightLightIsDarkness => "bright light is darkness to it",
            BacklashEffect::DamageTakenMultiplier {
                next_only: true, ..
            } => "the next damage this dungeon turn is doubled",
            BacklashEffect::DamageTakenMultiplier { .. } => {
                "non-piercing damage it takes is doubled"
            }
            BacklashEffect::FreedByAnothersAction => "another creature's action frees it",
            BacklashEffect::HandsUnusable => "cannot hold anything or use its hands",
            BacklashEffect::Frog => "a frog: Jump +2",
            BacklashEffect::RestBlockedUntilFed { .. } => "cannot rest until the swarm is fed",
            BacklashEffect::CastingTierPenalty => "its castings count one tier lower",
            BacklashEffect::HeadgearBlocked => "antlers: no headgear not made for them",
            BacklashEffect::DonkeyHead => "brays, cannot talk",
            _ => return None,
        })
    }

    /// What this effect leaves standing while its row runs, when the row alone says where
    /// (the rules outside magic respect it, see [`crate::standing`]). The numb hand and the
    /// weapon hand wait for the Referee's pick of the hand slot.
    pub fn standing(&self) -> Option<Standing> {
        match *self {
            BacklashEffect::DamageTakenMultiplier {
                factor: 2,
                next_only,
                non_piercing_only,
            } => Some(Standing::DamageDoubled {
                next_only,
                non_piercing_only,
            }),
            BacklashEffect::HandsUnusable => Some(Standing::HandBlocked { hand: None }),
            BacklashEffect::HeadgearBlocked => Some(Standing::MagicSlotBlocked {
                slot: MagicSlot::Head,
            }),
            _ => None,
        }
    }
}

impl BacklashRow {
    /// The standing effects of the whole row (see [`BacklashEffect::standing`]).
    pub fn standing(&self) -> Vec<Standing> {
        self.effects
            .iter()
            .filter_map(BacklashEffect::standing)
            .collect()
    }

    /// The rule ID of the row, `CR-BL-NN`.
    pub fn rule(&self) -> String {
        format!("CR-BL-{:02}", self.id)
    }
}

/// How long a row lasts (CR-BL-56).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BacklashDuration {
    Instant,
    EndOfDungeonTurn,
    /// This many usage dice, rolled at the end of every DT (CR-SPELL-19).
    UsageDice(u8),
    UntilRest,
    UntilCondition(EndCondition),
    Permanent,
}

/// What ends a condition-bound row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndCondition {
    GoatDies,
    SpecialWoundsRemoved,
    Freed,
    InsectsFed,
}

/// What a repeat of the same row does while it is active (CR-SPELL-18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    /// A repeat while active makes the Referee roll a different backlash.
    RollAnother,
    /// Each repeat adds this many d6 of damage.
    ExtraD6(u8),
    /// Each repeat slows the caster by this much more.
    ExtraSlow(u8),
    /// Each repeat adds another −1 (characteristic loss).
    Cumulative,
}

/// A choice or ruling the Referee must make for a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefereeCall {
    PickHandSlot,
    RandomDirection,
    TeleportDirection,
    MayPlaceEncounter,
    RandomRecipient,
    ChooseDungeon,
    ChooseFoeOrRival,
    BeneficialOrHarmfulAndTier,
    RandomTreasure,
    RandomExpertises,
    RandomWeapon,
    ControlsGoat,
    ControlsSummons,
    TracksFleshFed,
    PlayOut,
}

/// One row of «Виды отдачи».
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BacklashRow {
    /// CR-BL-NN.
    pub id: u8,
    pub low: u8,
    pub high: u8,
    /// Our own short description.
    pub note: &'static str,
    pub duration: BacklashDuration,
    pub effects: &'static [BacklashEffect],
    pub stacking: Stacking,
    pub referee: &'static [RefereeCall],
    /// Mostly story: the engine records it and the Referee plays it out.
    pub narrative: bool,
    /// Needs the spell's target to be a creature (CR-SPELL-17 substitution).
    pub needs_creature_target: bool,
    /// Only works if the caster touches the ground, otherwise roll another (quicksand).
    pub needs_ground: bool,
}

const fn row(
    id: u8,
    low: u8,
    high: u8,
    note: &'static str,
    duration: BacklashDuration,
    effects: &'static [BacklashEffect],
) -> BacklashRow {
    BacklashRow {
        id,
        low,
        high,
        note,
        duration,
        effects,
        stacking: Stacking::RollAnother,
        referee: &[],
        narrative: false,
        needs_creature_target: false,
        needs_ground: false,
    }
}

const fn stack(mut r: BacklashRow, s: Stacking) -> BacklashRow {
    r.stacking = s;
    r
}
const fn refs(mut r: BacklashRow, c: &'static [RefereeCall]) -> BacklashRow {
    r.referee = c;
    r
}
const fn story(mut r: BacklashRow) -> BacklashRow {
    r.narrative = true;
    r
}

use Affected as A;
use BacklashDuration as D;
use BacklashEffect as E;
use RefereeCall as R;

const CASTER: Affected = A::Caster;
const NO_EFFECT: &[BacklashEffect] = &[];

/// The whole table in book order; 61–62 and 63–64 per CR-ERR-01 (see [`OverlapRule`]).
pub const TABLE: [BacklashRow; 55] = [
    story(row(
        1,
        1,
        2,
        "donkey head: brays, cannot talk",
        D::UsageDice(1),
        &[E::DonkeyHead, E::CannotSpeak],
    )),
    row(
        2,
        3,
        4,
        "compelled to dance",
        D::UsageDice(1),
        &[E::Speed(-2), E::Bane(BaneScope::ClimbHideSneakSwim)],
    ),
    story(row(
        3,
        5,
        6,
        "ghost accordion plays polka nearby",
        D::EndOfDungeonTurn,
        &[E::StealthAutoFails],
    )),
    stack(
        row(
            4,
            7,
            8,
            "speech may thunder",
            D::EndOfDungeonTurn,
            &[E::Triggered {
                trigger: Trigger::Speaking { d10_face: 10 },
                then: &[E::Damage {
                    to: A::Within(3),
                    d6: 1,
                    piercing: false,
                }],
            }],
        ),
        Stacking::ExtraD6(1),
    ),
    stack(
        row(
            5,
            9,
            10,
            "hot-tempered: must hurt someone",
            D::EndOfDungeonTurn,
            &[E::Triggered {
                trigger: Trigger::EndOfTurnWithoutHarmingOthers,
                then: &[E::Damage {
                    to: CASTER,
                    d6: 1,
                    piercing: true,
                }],
            }],
        ),
        Stacking::ExtraD6(1),
    ),
    stack(
        row(
            6,
            11,
            12,
            "chilled to the bone",
            D::EndOfDungeonTurn,
            &[
                E::Speed(-1),
                E::Triggered {
                    trigger: Trigger::TurnStartWetOrUnderwater,
                    then: &[E::Damage {
                        to: CASTER,
                        d6: 1,
                        piercing: true,
                    }],
                },
            ],
        ),
        Stacking::ExtraSlow(1),
    ),
    row(
        7,
        13,
        14,
        "weakened",
        D::Instant,
        &[E::Condition {
            to: CASTER,
            kind: ConditionKind::Weakened,
        }],
    ),
    row(
        8,
        15,
        16,
        "next damage this DT doubled",
        D::EndOfDungeonTurn,
        &[E::DamageTakenMultiplier {
            factor: 2,
            next_only: true,
            non_piercing_only: false,
        }],
    ),
    row(
        9,
        17,
        18,
        "vulnerable",
        D::Instant,
        &[E::Condition {
            to: CASTER,
            kind: ConditionKind::Vulnerable,
        }],
    ),
    refs(
        row(
            10,
            19,
            20,
            "numb hand: drop and lose a hand slot",
            D::EndOfDungeonTurn,
            &[E::DropOneHandSlot],
        ),
        &[R::PickHandSlot],
    ),
    row(
        11,
        21,
        22,
        "hungry magic eats rations",
        D::Instant,
        &[E::DestroyNearestRations { d6: 1 }],
    ),
    story(refs(
        row(
            12,
            23,
            24,
            "loud thunderclap draws the curious",
            D::Instant,
            &[E::Noise { heard_within: 100 }],
        ),
        &[R::MayPlaceEncounter],
    )),
    refs(
        row(
            13,
            25,
            26,
            "gust pushes everyone near",
            D::Instant,
            &[E::Push {
                to: A::Within(10),
                d6: 1,
            }],
        ),
        &[R::RandomDirection],
    ),
    row(
        14,
        27,
        28,
        "negative energy hurts the caster",
        D::Instant,
        &[E::Damage {
            to: CASTER,
            d6: 1,
            piercing: false,
        }],
    ),
    refs(
        row(
            15,
            29,
            30,
            "short random teleport",
            D::Instant,
            &[E::Teleport { d6: 1, up_to: 0 }],
        ),
        &[R::TeleportDirection],
    ),
    refs(
        row(
            16,
            31,
            32,
            "an item becomes a goat",
            D::UntilCondition(EndCondition::GoatDies),
            &[E::CardDraw(ItemFate::Goat)],
        ),
        &[R::ControlsGoat],
    ),
    refs(
        row(
            17,
            33,
            34,
            "an item jumps to another creature",
            D::Instant,
            &[E::CardDraw(ItemFate::ToCreatureWithin(20))],
        ),
        &[R::RandomRecipient],
    ),
    row(
        18,
        35,
        36,
        "an item is a feather duster for a while",
        D::EndOfDungeonTurn,
        &[E::CardDraw(ItemFate::FeatherDuster)],
    ),
    stack(
        row(
            19,
            37,
            38,
            "sticky slime",
            D::EndOfDungeonTurn,
            &[E::Speed(-2)],
        ),
        Stacking::ExtraSlow(2),
    ),
    row(
        20,
        39,
        40,
        "stinking cloud round the head",
        D::UsageDice(1),
        &[E::Bane(BaneScope::AllTests)],
    ),
    BacklashRow {
        needs_creature_target: true,
        ..row(
            21,
            41,
            42,
            "target's fears hurt nearby allies",
            D::Instant,
            &[E::Damage {
                to: A::AlliesNearTarget(10),
                d6: 1,
                piercing: true,
            }],
        )
    },
    row(
        22,
        43,
        44,
        "must rhyme",
        D::UsageDice(1),
        &[E::Triggered {
            trigger: Trigger::FailedRhyme,
            then: &[E::Damage {
                to: CASTER,
                d6: 1,
                piercing: true,
            }],
        }],
    ),
    refs(
        row(
            23,
            45,
            46,
            "hostile blood creatures appear",
            D::Instant,
            &[E::SummonHostile {
                d6: 1,
                creature: "blood creature A",
                within: 5,
            }],
        ),
        &[R::ControlsSummons],
    ),
    row(
        24,
        47,
        48,
        "eerie glow",
        D::UsageDice(1),
        &[E::CannotHide, E::AttacksAgainstBonus(2)],
    ),
    row(
        25,
        49,
        50,
        "fire bursts out",
        D::Instant,
        &[E::Damage {
            to: A::CasterAndWithin(2),
            d6: 1,
            piercing: false,
        }],
    ),
    row(
        26,
        51,
        52,
        "demon bee swarm",
        D::Instant,
        &[E::ResistanceRoll {
            to: A::CasterAndWithin(3),
            characteristic: Characteristic::Strength,
            tier1: &[
                E::FixedDamage {
                    to: A::Roller,
                    amount: 6,
                },
                E::Condition {
                    to: A::Roller,
                    kind: ConditionKind::Weakened,
                },
            ],
            tier2: &[E::FixedDamage {
                to: A::Roller,
                amount: 3,
            }],
            tier3: NO_EFFECT,
        }],
    ),
    row(
        27,
        53,
        54,
        "tentacles burst out then go limp",
        D::UntilCondition(EndCondition::SpecialWoundsRemoved),
        &[
            E::Damage {
                to: A::CasterAndWithin(3),
                d6: 1,
                piercing: false,
            },
            E::SpecialWounds(3),
        ],
    ),
    row(
        28,
        55,
        56,
        "earth falls from above",
        D::Instant,
        &[E::ResistanceRoll {
            to: A::CasterAndWithin(2),
            characteristic: Characteristic::Agility,
            tier1: &[
                E::FixedDamage {
                    to: A::Roller,
                    amount: 6,
                },
                E::Condition {
                    to: A::Roller,
                    kind: ConditionKind::Prone,
                },
            ],
            tier2: &[E::FixedDamage {
                to: A::Roller,
                amount: 3,
            }],
            tier3: NO_EFFECT,
        }],
    ),
    row(
        29,
        57,
        58,
        "porcelain body",
        D::UsageDice(1),
        &[E::DamageTakenMultiplier {
            factor: 2,
            next_only: false,
            non_piercing_only: true,
        }],
    ),
    row(
        30,
        59,
        60,
        "overcome by feelings: down and crawling",
        D::UsageDice(1),
        &[
            E::Condition {
                to: CASTER,
                kind: ConditionKind::Prone,
            },
            E::CannotStand,
        ],
    ),
    row(
        31,
        61,
        62,
        "hands turn into feet",
        D::EndOfDungeonTurn,
        &[E::Speed(2), E::HandsUnusable],
    ),
    BacklashRow {
        needs_ground: true,
        ..row(
            32,
            63,
            64,
            "quicksand around the caster",
            D::EndOfDungeonTurn,
            &[E::ResistanceRoll {
                to: A::OnGround,
                characteristic: Characteristic::Agility,
                tier1: &[
                    E::Condition {
                        to: A::Roller,
                        kind: ConditionKind::Grabbed,
                    },
                    E::Triggered {
                        trigger: Trigger::RoundEndWhileGrabbed,
                        then: &[E::Damage {
                            to: A::Roller,
                            d6: 1,
                            piercing: true,
                        }],
                    },
                ],
                tier2: &[E::GrabbedUntilNextTurnEnd],
                tier3: &[E::MayMove(2)],
            }],
        )
    },
    story(refs(
        row(
            33,
            65,
            66,
            "one-way spy portal follows the caster",
            D::EndOfDungeonTurn,
            &[E::ViewingPortal],
        ),
        &[R::ChooseFoeOrRival],
    )),
    refs(
        row(
            34,
            67,
            68,
            "long teleport",
            D::Instant,
            &[E::Teleport { d6: 0, up_to: 50 }],
        ),
        &[R::TeleportDirection],
    ),
    row(
        35,
        69,
        70,
        "buried to the neck",
        D::UntilCondition(EndCondition::Freed),
        &[
            E::Damage {
                to: CASTER,
                d6: 1,
                piercing: false,
            },
            E::Condition {
                to: CASTER,
                kind: ConditionKind::Grabbed,
            },
            E::FreedByAnothersAction,
            E::Triggered {
                trigger: Trigger::RoundStartWhileGrabbed,
                then: &[E::Damage {
                    to: CASTER,
                    d6: 1,
                    piercing: false,
                }],
            },
        ],
    ),
    refs(
        row(
            36,
            71,
            72,
            "spell goes astray",
            D::Instant,
            &[E::MisdirectedSpell],
        ),
        &[R::BeneficialOrHarmfulAndTier],
    ),
    row(
        37,
        73,
        74,
        "slug vomiting",
        D::UsageDice(1),
        &[E::Triggered {
            trigger: Trigger::CombatTurnStartOddDie,
            then: NO_EFFECT,
        }],
    ),
    refs(
        row(
            38,
            75,
            76,
            "treasure melts",
            D::Instant,
            &[E::MeltTreasure { coins_per_pip: 100 }],
        ),
        &[R::RandomTreasure],
    ),
    row(
        39,
        77,
        78,
        "turned into a frog",
        D::UsageDice(1),
        &[E::Frog],
    ),
    refs(
        row(
            40,
            79,
            80,
            "an item vanishes to another dungeon",
            D::Instant,
            &[E::CardDraw(ItemFate::ToDungeon)],
        ),
        &[R::ChooseDungeon],
    ),
    row(
        41,
        81,
        82,
        "mouth and ears seal",
        D::UntilRest,
        &[E::CannotSpeak, E::CannotHear],
    ),
    row(
        42,
        83,
        84,
        "light-sensitive eyes",
        D::UsageDice(2),
        &[E::BrightLightIsDarkness],
    ),
    story(refs(
        row(
            43,
            85,
            86,
            "insect swarm prevents rest",
            D::UntilCondition(EndCondition::InsectsFed),
            &[E::RestBlockedUntilFed { pounds: 1000 }],
        ),
        &[R::TracksFleshFed],
    )),
    stack(
        row(
            44,
            87,
            88,
            "Strength −1 until rest",
            D::UntilRest,
            &[E::CharacteristicLoss(Characteristic::Strength)],
        ),
        Stacking::Cumulative,
    ),
    stack(
        row(
            45,
            89,
            90,
            "Agility −1 until rest",
            D::UntilRest,
            &[E::CharacteristicLoss(Characteristic::Agility)],
        ),
        Stacking::Cumulative,
    ),
    stack(
        row(
            46,
            91,
            92,
            "Mind −1 until rest",
            D::UntilRest,
            &[E::CharacteristicLoss(Characteristic::Mind)],
        ),
        Stacking::Cumulative,
    ),
    row(47, 93, 94, "wounds", D::Instant, &[E::Wounds { d6: 1 }]),
    row(
        48,
        95,
        96,
        "lightning all around",
        D::Instant,
        &[E::Damage {
            to: A::CasterAndWithin(5),
            d6: 3,
            piercing: false,
        }],
    ),
    row(
        49,
        97,
        98,
        "allergic to magic",
        D::UsageDice(2),
        &[E::Triggered {
            trigger: Trigger::MagicUsedWithin(10),
            then: &[E::Damage {
                to: CASTER,
                d6: 1,
                piercing: true,
            }],
        }],
    ),
    row(
        50,
        99,
        100,
        "castings one tier worse",
        D::UsageDice(2),
        &[E::CastingTierPenalty],
    ),
    story(row(
        51,
        101,
        101,
        "antlers",
        D::Permanent,
        &[E::HeadgearBlocked],
    )),
    refs(
        row(
            52,
            102,
            102,
            "expertise swapped",
            D::Permanent,
            &[E::SwapExpertise],
        ),
        &[R::RandomExpertises],
    ),
    refs(
        row(
            53,
            103,
            103,
            "hand becomes a weapon",
            D::Permanent,
            &[E::HandBecomesWeapon],
        ),
        &[R::RandomWeapon],
    ),
    row(
        54,
        104,
        104,
        "Stamina 0 and wounds",
        D::Instant,
        &[E::StaminaToZero, E::Wounds { d6: 2 }],
    ),
    row(
        55,
        105,
        105,
        "swallowed by Hell",
        D::Permanent,
        &[E::LostForever],
    ),
];

/// How a result of 62 is read (CR-ERR-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OverlapRule {
    /// Default: 62 is hands-become-feet; quicksand is 63–64.
    #[default]
    PairedRows,
    /// The book as printed: 62 matches both rows and the Referee picks.
    RefereePicks,
}

/// A row by its CR-BL number.
pub fn row_by_id(id: u8) -> Result<&'static BacklashRow, BacklashError> {
    TABLE
        .iter()
        .find(|r| r.id == id)
        .ok_or(BacklashError::UnknownRow(id))
}

/// The table total: d100 face + spell rank (CR-SPELL-16).
pub fn table_total(d100: u8, rank: u8) -> Result<u8, BacklashError> {
    if !(1..=100).contains(&d100) {
        return Err(BacklashError::BadD100(d100));
    }
    if rank > MAX_RANK {
        return Err(BacklashError::BadRank(rank));
    }
    Ok(d100 + rank)
}

/// What a table total selects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Lookup {
    Row(&'static BacklashRow),
    /// Several rows match (only 62 under [`OverlapRule::RefereePicks`]): the Referee picks.
    RefereePicks(Vec<&'static BacklashRow>),
}

/// The row(s) for a total.
pub fn lookup(total: u8, overlap: OverlapRule) -> Result<Lookup, BacklashError> {
    if !(TABLE_MIN..=TABLE_MAX).contains(&total) {
        return Err(BacklashError::OutOfTable(total));
    }
    if total == 62 && overlap == OverlapRule::RefereePicks {
        return Ok(Lookup::RefereePicks(vec![row_by_id(31)?, row_by_id(32)?]));
    }
    TABLE
        .iter()
        .find(|r| (r.low..=r.high).contains(&total))
        .map(Lookup::Row)
        .ok_or(BacklashError::OutOfTable(total))
}

/// A backlash currently affecting a caster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveBacklash {
    pub id: u8,
    /// How many times it has been rolled while active (1 = once).
    pub stacks: u8,
    /// Remaining usage dice for UD rows.
    pub usage_dice: Option<u8>,
}

/// What the spell targeted (for the CR-SPELL-17 substitution).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpellTargetKind {
    Creature,
    Object,
    None,
}

/// Facts about the caster the table needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CasterSituation {
    pub touching_ground: bool,
    pub spell_target: SpellTargetKind,
}

/// Why a new backlash must be rolled instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RerollReason {
    /// Same non-stacking row already active with a duration (CR-SPELL-18).
    AlreadyActive,
    /// Quicksand while the caster is off the ground (CR-BL-32).
    NotTouchingGround,
}

/// The resolution of one table result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Resolution {
    Apply {
        row: &'static BacklashRow,
        /// How many times the row now applies (for stacking rows; 1 otherwise).
        stacks: u8,
        /// The spell's target was an object: the caster stands in for the creature target.
        caster_is_target: bool,
    },
    RollAnother {
        row: &'static BacklashRow,
        reason: RerollReason,
    },
}

/// Applies the "same backlash again" and ground rules to a looked-up row.
pub fn resolve(
    row: &'static BacklashRow,
    active: &[ActiveBacklash],
    situation: CasterSituation,
) -> Resolution {
    if row.needs_ground && !situation.touching_ground {
        return Resolution::RollAnother {
            row,
            reason: RerollReason::NotTouchingGround,
        };
    }
    let current = active.iter().find(|a| a.id == row.id);
    let mut stacks = 1;
    if let Some(a) = current
        && row.duration != BacklashDuration::Instant
    {
        if row.stacking == Stacking::RollAnother {
            return Resolution::RollAnother {
                row,
                reason: RerollReason::AlreadyActive,
            };
        }
        stacks = a.stacks.saturating_add(1);
    }
    Resolution::Apply {
        row,
        stacks,
        caster_is_target: row.needs_creature_target
            && situation.spell_target == SpellTargetKind::Object,
    }
}

/// The d6 count of a stacking damage row at `stacks` repeats (07–08, 09–10).
pub fn damage_dice(row: &BacklashRow, stacks: u8) -> u8 {
    let base = row
        .effects
        .iter()
        .find_map(|e| match e {
            BacklashEffect::Triggered { then, .. } => then.iter().find_map(|t| match t {
                BacklashEffect::Damage { d6, .. } => Some(*d6),
                _ => None,
            }),
            BacklashEffect::Damage { d6, .. } => Some(*d6),
            _ => None,
        })
        .unwrap_or(0);
    match row.stacking {
        Stacking::ExtraD6(n) => base + n * stacks.saturating_sub(1),
        _ => base,
    }
}

/// Speed change of a row at `stacks` repeats (11–12, 37–38 slow more each time).
pub fn speed_change(row: &BacklashRow, stacks: u8) -> i32 {
    let base: i32 = row
        .effects
        .iter()
        .map(|e| match e {
            BacklashEffect::Speed(s) => i32::from(*s),
            _ => 0,
        })
        .sum();
    match row.stacking {
        Stacking::ExtraSlow(n) => base - i32::from(n) * i32::from(stacks.saturating_sub(1)),
        _ => base,
    }
}

impl ActiveBacklash {
    /// A fresh record for a row just applied.
    pub fn start(row: &BacklashRow) -> Self {
        ActiveBacklash {
            id: row.id,
            stacks: 1,
            usage_dice: match row.duration {
                BacklashDuration::UsageDice(n) => Some(n),
                _ => None,
            },
        }
    }

    /// End of a dungeon turn: rolls the UD of UD rows (faces 1–2 remove a die) and reports
    /// whether the backlash is over (DT rows always end, CR-SPELL-19).
    pub fn end_of_dungeon_turn(&mut self, faces: &[u8]) -> Result<bool, BacklashError> {
        let row = row_by_id(self.id)?;
        match row.duration {
            BacklashDuration::EndOfDungeonTurn => Ok(true),
            BacklashDuration::UsageDice(max) => {
                let cur = self.usage_dice.unwrap_or(max);
                let mut pool = crate::usage_dice::UsagePool::new(cur, max)?;
                pool.roll(faces)?;
                self.usage_dice = Some(pool.current);
                Ok(pool.is_empty())
            }
            _ => Ok(false),
        }
    }

    /// A finished rest ends until-rest rows.
    pub fn ends_at_rest(&self) -> bool {
        matches!(
            row_by_id(self.id).map(|r| r.duration),
            Ok(BacklashDuration::UntilRest)
        )
    }
}

/// The frog's statistics while CR-BL-39 lasts (items and wounds: CR-ERR-71).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FrogForm {
    pub size: crate::creature::Size,
    pub max_stamina: u8,
    pub slots: u8,
    pub keeps_expertises: bool,
    /// Climb and swim speeds equal the walking speed.
    pub climb_swim_as_walk: bool,
    pub jump_bonus: i8,
    /// CR-ERR-71 default: every carried item falls to the ground.
    pub drops_all_items: bool,
}

/// CR-BL-39 as numbers.
pub const FROG: FrogForm = FrogForm {
    size: crate::creature::Size::Tiny,
    max_stamina: 1,
    slots: 0,
    keeps_expertises: false,
    climb_swim_as_walk: true,
    jump_bonus: 2,
    drops_all_items: true,
};

/// The tier offered to the Referee for a misdirected spell (CR-BL-36, CR-ERR-70 default).
pub const MISDIRECTED_DEFAULT_TIER: crate::test_roll::Tier = crate::test_roll::Tier::Two;

/// The tentacles of CR-BL-27: three special wounds, cut away one per action with a bladed
/// tool or weapon. Returns whether the tentacles are now gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tentacles {
    pub special_wounds: u8,
}

impl Tentacles {
    pub const WOUNDS: u8 = 3;

    pub fn new() -> Self {
        Tentacles {
            special_wounds: Self::WOUNDS,
        }
    }

    /// One action with a bladed tool or weapon cuts away one special wound's worth; without
    /// a blade nothing happens. Returns whether the tentacles are gone.
    pub fn cut(&mut self, bladed: bool) -> bool {
        if bladed {
            self.special_wounds = self.special_wounds.saturating_sub(1);
        }
        self.special_wounds == 0
    }
}

impl Default for Tentacles {
    fn default() -> Self {
        Self::new()
    }
}

/// One step of the backlash procedure: d100 + rank, look-up, then the repeat and ground rules
/// (CR-SPELL-16/17/18). A `Lookup::RefereePicks` (62 under the printed-table option) is
/// returned as is for the Referee; a `RollAnother` asks the Referee for a fresh d100.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BacklashStep {
    Resolved(Resolution),
    RefereePicks(Vec<&'static BacklashRow>),
}

pub fn roll_backlash(
    d100: u8,
    rank: u8,
    overlap: OverlapRule,
    active: &[ActiveBacklash],
    situation: CasterSituation,
) -> Result<BacklashStep, BacklashError> {
    let total = table_total(d100, rank)?;
    Ok(match lookup(total, overlap)? {
        Lookup::Row(r) => BacklashStep::Resolved(resolve(r, active, situation)),
        Lookup::RefereePicks(rows) => BacklashStep::RefereePicks(rows),
    })
}
