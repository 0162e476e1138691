//! Rest («Отдых», «Встречи на отдыхе»).
//!
//! A [`RestSession`] is one attempt by a group: in-game minutes arrive as data
//! ([`RestSession::pass_time`]); at the halfway point the turn-long effects end
//! ([`RestSession::halfway`]); the rest's encounter check follows the dungeon or road rules
//! ([`RestSession::encounter_check`]); an interruption by combat or other strenuous activity
//! voids it ([`RestSession::interrupt`], then [`RestSession::restart`]). At the end each
//! creature gains its benefits with [`finish_rest`]. In a dungeon, starting a rest ends the
//! dungeon turn with no encounter check and the next turn starts when the rest ends
//! ([`crate::dungeon_turns::DungeonClock::start_rest`] / `end_rest`). Rest activities are in
//! [`crate::rest_activities`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::{Creature, TurnError, WorldOptions};
use crate::dungeon_turns::TurnEffect;
use crate::encounters::{self, CheckReason, EncounterCheck, EncounterError, EncounterOptions};
use crate::expertise::RestPlace;
use crate::inventory::{InventoryError, ItemId, WoundKind};

/// A rest lasts at least this many consecutive in-game hours (CR-REST-01).
pub const REST_HOURS: u32 = 6;
/// …of which at least this many asleep (CR-REST-01).
pub const ASLEEP_HOURS: u32 = 4;
/// …and at least this many rations eaten (CR-REST-01; Miasma 3–4 raises it to 2).
pub const RATIONS: u8 = 1;
/// Wounds a completed rest removes (CR-REST-02), or with Tend Wounds (CR-RACT-09).
pub const WOUNDS_REMOVED: u8 = 1;
pub const WOUNDS_REMOVED_TENDED: u8 = 2;

/// Errors of this module; each names its rule.
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
pub enum RestError {
    #[error("CR-REST-01: a rest needs {needed} consecutive minutes, only {had} passed")]
    #[strum(props(rule = "CR-REST-01"))]
    TooShort { needed: u32, had: u32 },
    #[error("CR-REST-01: a rest needs {needed} minutes asleep, {who} slept {had}")]
    #[strum(props(rule = "CR-REST-01"))]
    TooLittleSleep { who: String, needed: u32, had: u32 },
    #[error("CR-REST-01/CR-REST-06: {who} ate {had} rations, {needed} needed")]
    #[strum(props(rule = "CR-REST-01"))]
    NotEnoughFood { who: String, needed: u8, had: u8 },
    #[error("CR-REST-09: the rest was interrupted and must start over")]
    #[strum(props(rule = "CR-REST-09"))]
    Interrupted,
    #[error("CR-REST-06: {who} cannot rest: {why}")]
    #[strum(props(rule = "CR-REST-06"))]
    CannotRest { who: String, why: String },
    #[error("CR-REST-02: {who} must choose {needed} wound(s) to remove, chose {chosen}")]
    #[strum(props(rule = "CR-REST-02"))]
    WrongWoundCount {
        who: String,
        needed: usize,
        chosen: usize,
    },
    #[error("CR-REST-02: backpack slot {0} chosen twice")]
    #[strum(props(rule = "CR-REST-02"))]
    DuplicateWound(u8),
    #[error("CR-REST-02: {0} is not a carried item with usage dice (spellbook expected)")]
    #[strum(props(rule = "CR-REST-02"))]
    NotASpellbook(ItemId),
    #[error("CR-REST-08: no encounter check in a place with no chance of encounters")]
    #[strum(props(rule = "CR-REST-08"))]
    NoEncountersHere,
    #[error("CR-REST-04: the halfway point of this rest has already passed")]
    #[strum(props(rule = "CR-REST-04"))]
    HalfwayDone,
    #[error("CR-REST-01: {0} is dead")]
    #[strum(props(rule = "CR-REST-01"))]
    Dead(String),
    /// `what`: the travel command that does it instead.
    #[error("CR-TRAVEL-02: this is a rest in the open: {what}")]
    #[strum(props(rule = "CR-TRAVEL-02"))]
    RestInTheOpen { what: String },
    /// `rule`: the rule of the command naming the group.
    #[error("{rule}: name at least one creature of the group")]
    EmptyParty { rule: String },
    /// `rule`: the rule of the command naming the group.
    #[error("{rule}: `{creature}` is named twice")]
    DuplicateCreature { rule: String, creature: String },
    // The rest's steps as its commands meet them (the `may_…` functions below).
    #[error("CR-REST-01: no rest is under way")]
    #[strum(props(rule = "CR-REST-01"))]
    NoRest,
    #[error("CR-REST-09: the rest was interrupted; start it over to gain its benefits")]
    #[strum(props(rule = "CR-REST-09"))]
    RestInterrupted,
    #[error("CR-REST-01: a rest is already under way")]
    #[strum(props(rule = "CR-REST-01"))]
    AlreadyResting,
    #[error("CR-REST-01: no rest during combat (a strenuous activity)")]
    #[strum(props(rule = "CR-REST-01"))]
    InCombat,
    #[error("CR-REST-08: a dungeon rest needs a dungeon (send enter_dungeon first)")]
    #[strum(props(rule = "CR-REST-08"))]
    NoDungeonToRestIn,
    #[error("CR-REST-08: a rest inside a dungeon follows the dungeon rules")]
    #[strum(props(rule = "CR-REST-08"))]
    DungeonRules,
    #[error("CR-REST-01: {creature} carries no ration; a rest needs one eaten per creature")]
    #[strum(props(rule = "CR-REST-01"))]
    NoRation { creature: String },
    #[error("CR-REST-08: the rest's encounter check was already made")]
    #[strum(props(rule = "CR-REST-08"))]
    AlreadyChecked,
    #[error("CR-REST-08: a wilderness rest uses that day's rest EN: give `threshold`")]
    #[strum(props(rule = "CR-REST-08"))]
    NoThreshold,
    #[error("CR-REST-01: the rest is ending; sleep is recorded while it lasts")]
    #[strum(props(rule = "CR-REST-01"))]
    SleepWhileFinishing,
    #[error("CR-REST-01: a stretch of sleep lasts 1…{max} hours of the rest")]
    #[strum(props(rule = "CR-REST-01"))]
    SleepHours { max: u32 },
    #[error("CR-REST-07: name the creatures that go to sleep")]
    #[strum(props(rule = "CR-REST-07"))]
    NoSleepers,
    #[error("CR-REST-07: `{creature}` is named twice")]
    #[strum(props(rule = "CR-REST-07"))]
    SleeperTwice { creature: String },
    #[error(
        "CR-REST-01: a rest lasts {hours} hours and `{creature}` has already slept {had} of them"
    )]
    #[strum(props(rule = "CR-REST-01"))]
    TooMuchSleep {
        creature: String,
        hours: u32,
        had: u32,
    },
    #[error("CR-REST-07: `{creature}` is not resting with the group")]
    #[strum(props(rule = "CR-REST-07"))]
    SleeperNotResting { creature: String },
    #[error("CR-REST-07: `{creature}` is already asleep")]
    #[strum(props(rule = "CR-REST-07"))]
    AlreadyAsleep { creature: String },
    #[error("CR-REST-02: the rest is already ending (wound choices are open)")]
    #[strum(props(rule = "CR-REST-02"))]
    FinishTwice,
    #[error("CR-REST-02: not a wound slot")]
    #[strum(props(rule = "CR-REST-02"))]
    NotAWoundSlot,
    #[error("CR-REST-04: the middle of this rest has already passed")]
    #[strum(props(rule = "CR-REST-04"))]
    MiddlePassed,
    #[error(transparent)]
    Inventory(#[from] InventoryError),
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Encounter(#[from] EncounterError),
}

crate::refusal::refusal!(RestError, "rest"; inventory => Inventory, turn => Turn, encounter => Encounter);

/// The rest under way, if there is one; `interrupted`: the last one was (CR-REST-09).
pub fn under_way<T>(rest: Option<T>, interrupted: bool) -> Result<T, RestError> {
    rest.ok_or(if interrupted {
        RestError::RestInterrupted
    } else {
        RestError::NoRest
    })
}

/// `start_rest` (CR-REST-01, CR-REST-08): not during a rest or combat; a dungeon rest only in a
/// dungeon, and inside one only a dungeon rest. `asked_dungeon`: whether the place asked for,
/// if any, is a dungeon.
pub fn may_start_rest(
    resting: bool,
    in_combat: bool,
    asked_dungeon: Option<bool>,
    in_dungeon: bool,
) -> Result<(), RestError> {
    if resting {
        return Err(RestError::AlreadyResting);
    }
    if in_combat {
        return Err(RestError::InCombat);
    }
    match (asked_dungeon, in_dungeon) {
        (Some(true), false) => Err(RestError::NoDungeonToRestIn),
        (Some(false), true) => Err(RestError::DungeonRules),
        _ => Ok(()),
    }
}

/// A creature that eats at a rest carries a ration (CR-REST-01).
pub fn may_eat(creature: &str, rations: usize) -> Result<(), RestError> {
    if rations == 0 {
        return Err(RestError::NoRation {
            creature: creature.to_string(),
        });
    }
    Ok(())
}

/// `rest_encounter_check` (CR-REST-08): once per rest, where encounters can happen (`safe`:
/// they cannot).
pub fn may_check_rest(check_made: bool, safe: bool) -> Result<(), RestError> {
    if check_made {
        return Err(RestError::AlreadyChecked);
    }
    if safe {
        return Err(RestError::NoEncountersHere);
    }
    Ok(())
}

/// A wilderness rest's check uses the day's rest EN, given as `threshold` (CR-REST-08).
pub fn wilderness_threshold(threshold: Option<u8>) -> Result<u8, RestError> {
    threshold.ok_or(RestError::NoThreshold)
}

/// `rest_sleep`, before each sleeper: not while the rest ends, a stretch of 1…6 hours, someone
/// named (CR-REST-01, CR-REST-07).
pub fn may_sleep(finishing: bool, hours: Option<u32>, sleepers: usize) -> Result<(), RestError> {
    if finishing {
        return Err(RestError::SleepWhileFinishing);
    }
    if hours.is_some_and(|h| h == 0 || h > REST_HOURS) {
        return Err(RestError::SleepHours { max: REST_HOURS });
    }
    if sleepers == 0 {
        return Err(RestError::NoSleepers);
    }
    Ok(())
}

/// One sleeper of `rest_sleep` (CR-REST-01, CR-REST-07): named once, its sleep within the
/// rest's hours (`had` slept, `more` to sleep), resting with the group, awake.
pub fn may_fall_asleep(
    creature: &str,
    named_before: bool,
    had: u32,
    more: u32,
    resting: bool,
    asleep: bool,
) -> Result<(), RestError> {
    let creature = creature.to_string();
    if named_before {
        return Err(RestError::SleeperTwice { creature });
    }
    if had.saturating_add(more) > REST_HOURS {
        return Err(RestError::TooMuchSleep {
            creature,
            hours: REST_HOURS,
            had,
        });
    }
    if !resting {
        return Err(RestError::SleeperNotResting { creature });
    }
    if asleep {
        return Err(RestError::AlreadyAsleep { creature });
    }
    Ok(())
}

/// `finish_rest`: once (CR-REST-02).
pub fn may_finish(finishing: bool) -> Result<(), RestError> {
    if finishing {
        return Err(RestError::FinishTwice);
    }
    Ok(())
}

/// The backpack slot of the wound picked to heal (CR-REST-02), if the answer named one.
pub fn wound_slot(slot: Option<u8>) -> Result<u8, RestError> {
    slot.ok_or(RestError::NotAWoundSlot)
}

/// The rest's middle passes once (CR-REST-04).
pub fn may_pass_middle(halfway: bool) -> Result<(), RestError> {
    if halfway {
        return Err(RestError::MiddlePassed);
    }
    Ok(())
}

/// A rest command the rest in the open does itself (CR-TRAVEL-02): refused while that rest
/// is under way, `what` saying what to send instead.
pub fn may_rest_here(in_the_open: bool, what: &str) -> Result<(), RestError> {
    if in_the_open {
        return Err(RestError::RestInTheOpen {
            what: what.to_string(),
        });
    }
    Ok(())
}

/// The group a rest or a visit names (`rule`: the command's rule) has someone in it.
pub fn may_name_group(group: &[String], rule: &str) -> Result<(), RestError> {
    if group.is_empty() {
        return Err(RestError::EmptyParty {
            rule: rule.to_string(),
        });
    }
    Ok(())
}

/// The group's next creature `id` was not named among the `earlier` ones.
pub fn named_once(earlier: &[String], id: &str, rule: &str) -> Result<(), RestError> {
    if earlier.iter().any(|e| e == id) {
        return Err(RestError::DuplicateCreature {
            rule: rule.to_string(),
            creature: id.to_string(),
        });
    }
    Ok(())
}

/// Where the group rests, for the encounter check (CR-REST-08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "place", rename_all = "snake_case")]
pub enum RestSetting {
    /// In a dungeon: dungeon rules, the dungeon's EN; `turn` is the dungeon turn the rest
    /// ended (a sign makes the encounter due in the turn that starts when the rest ends).
    Dungeon { threshold: u8, turn: u32 },
    /// On the road or in the wilderness: travel-encounter rules with that day's rest EN.
    Road { threshold: u8 },
    /// A village or other place with no chance of encounters (CR-REF-32): no check.
    NoEncounters,
}

/// Outcome of a rest encounter check on the road (CR-ERR-46 default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoadOutcome {
    Nothing,
    /// A 10: the encounter happens at once.
    Now,
    /// The Referee schedules it later (optionally with a sign, CR-REF-39).
    RefereeSchedules,
}

/// The rest encounter check's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rules", rename_all = "snake_case")]
pub enum RestEncounter {
    Dungeon {
        check: EncounterCheck,
    },
    Road {
        face: u8,
        threshold: u8,
        outcome: RoadOutcome,
    },
}

/// One rest attempt of a group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestSession {
    pub setting: RestSetting,
    /// In-game minutes rested so far.
    pub minutes: u32,
    pub halfway_done: bool,
    pub interrupted: bool,
    /// Seclude Camp was taken (CR-RACT-08): the EN rises at once, rest finished or not.
    pub camp_secluded: bool,
}

/// What the halfway point ended (CR-REST-04).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HalfwayReport {
    /// Per creature: its name, conditions and usage-dice effects that ended.
    pub creatures: Vec<(String, Vec<crate::conditions::ConditionKind>, Vec<String>)>,
    pub turn_effects_ended: Vec<TurnEffect>,
}

impl RestSession {
    /// The group starts resting. For a dungeon, call `DungeonClock::start_rest` too (the turn
    /// ends without an encounter check, CR-DT-10).
    pub fn start(setting: RestSetting) -> Self {
        RestSession {
            setting,
            minutes: 0,
            halfway_done: false,
            interrupted: false,
            camp_secluded: false,
        }
    }

    /// `minutes` of in-game rest pass. Returns whether the halfway point (3 hours) is now
    /// reached and still to be applied.
    pub fn pass_time(&mut self, minutes: u32) -> bool {
        self.minutes = self.minutes.saturating_add(minutes);
        !self.halfway_done && self.minutes >= REST_HOURS * 60 / 2
    }

    /// The halfway point (CR-REST-04): every effect that ends at the end of a dungeon turn or
    /// rolls usage dice then ends, for every creature; `turn_effects` empties. Lit light
    /// sources follow CR-ERR-34 (`WorldOptions::rest_halfway_douses_items`).
    pub fn halfway(
        &mut self,
        creatures: &mut [Creature],
        turn_effects: &mut Vec<TurnEffect>,
        world: &WorldOptions,
    ) -> Result<HalfwayReport, RestError> {
        if self.halfway_done {
            return Err(RestError::HalfwayDone);
        }
        self.halfway_done = true;
        let mut report = HalfwayReport::default();
        for c in creatures.iter_mut().filter(|c| c.alive) {
            let effects: Vec<String> = c.effects.iter().map(|e| e.effect.clone()).collect();
            let conditions = c.middle_of_rest(world);
            report.creatures.push((c.name.clone(), conditions, effects));
        }
        report.turn_effects_ended = std::mem::take(turn_effects);
        Ok(report)
    }

    /// The EN of this rest: the setting's, raised by Seclude Camp (CR-RACT-08, CR-ENC-07).
    pub fn threshold(&self, options: &EncounterOptions) -> Result<u8, RestError> {
        let base = match self.setting {
            RestSetting::Dungeon { threshold, .. } | RestSetting::Road { threshold } => threshold,
            RestSetting::NoEncounters => return Err(RestError::NoEncountersHere),
        };
        Ok(encounters::modified_threshold(
            base,
            self.camp_secluded,
            0,
            options,
        ))
    }

    /// The Referee's rest encounter check with the d10 `face` (CR-REST-08).
    pub fn encounter_check(
        &self,
        face: u8,
        options: &EncounterOptions,
    ) -> Result<RestEncounter, RestError> {
        let threshold = self.threshold(options)?;
        match self.setting {
            RestSetting::Dungeon { turn, .. } => Ok(RestEncounter::Dungeon {
                check: encounters::check(CheckReason::DungeonRest, face, threshold, turn)?,
            }),
            RestSetting::Road { .. } => {
                if !(1..=10).contains(&face) {
                    return Err(EncounterError::BadFace(face).into());
                }
                let outcome = if face < threshold {
                    RoadOutcome::Nothing
                } else if face == encounters::IMMEDIATE_FACE {
                    RoadOutcome::Now
                } else {
                    RoadOutcome::RefereeSchedules
                };
                Ok(RestEncounter::Road {
                    face,
                    threshold,
                    outcome,
                })
            }
            RestSetting::NoEncounters => Err(RestError::NoEncountersHere),
        }
    }

    /// Combat or another strenuous activity broke the rest (CR-REST-09, CR-REF-32): no
    /// benefits. In a dungeon a new turn starts now (`DungeonClock::end_rest`, CR-REST-05).
    pub fn interrupt(&mut self) {
        self.interrupted = true;
    }

    /// Starts the rest over from the beginning (CR-REST-09). Seclude Camp must be taken again.
    pub fn restart(&mut self) {
        *self = RestSession::start(self.setting);
    }

    /// Whether the group's rest time is complete and unbroken (CR-REST-01, -09).
    pub fn check_complete(&self) -> Result<(), RestError> {
        if self.interrupted {
            return Err(RestError::Interrupted);
        }
        if self.minutes < REST_HOURS * 60 {
            return Err(RestError::TooShort {
                needed: REST_HOURS * 60,
                had: self.minutes,
            });
        }
        Ok(())
    }
}

/// Things that forbid a creature's rest (CR-REST-06) besides an overloaded magic-item slot,
/// which is read from the inventory.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestHindrances {
    /// Backlash 85–86: the insects are not fed yet.
    pub unfed_insects: bool,
}

/// Refuses a rest a creature cannot take (CR-REST-06, CR-INV-07).
pub fn check_can_rest(c: &Creature, h: &RestHindrances) -> Result<(), RestError> {
    if let Err(e) = c.inventory.check_can_rest() {
        return Err(RestError::CannotRest {
            who: c.name.clone(),
            why: e.to_string(),
        });
    }
    if h.unfed_insects {
        return Err(RestError::CannotRest {
            who: c.name.clone(),
            why: "backlash 85–86: the insects must be fed first".into(),
        });
    }
    Ok(())
}

/// What one creature did during the rest and chose for its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishInput {
    pub minutes_asleep: u32,
    pub rations_eaten: u8,
    /// 1, or 2 under Miasma effect 3–4 (CR-REST-06).
    pub rations_needed: u8,
    pub place: RestPlace,
    /// Another creature tended its wounds this rest (CR-RACT-09).
    pub tended: bool,
    /// The backpack slots of the wounds the character removes (its choice, CR-REST-02).
    pub wounds_to_remove: Vec<u8>,
    /// The carried spellbooks (their usage dice refill).
    pub spellbooks: Vec<ItemId>,
}

/// The benefits gained (CR-REST-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestBenefits {
    pub stamina: u16,
    pub wounds_removed: Vec<(u8, WoundKind)>,
    pub expertise_restored: bool,
    /// Items with a "Rest" usage line and spellbooks whose dice came back.
    pub items_restored: Vec<ItemId>,
}

/// How many wounds the creature must choose (CR-REST-02, CR-RACT-09).
pub fn wounds_to_choose(c: &Creature, tended: bool) -> usize {
    let allowed = if tended {
        WOUNDS_REMOVED_TENDED
    } else {
        WOUNDS_REMOVED
    };
    usize::from(allowed.min(c.inventory.wound_count()))
}

/// One creature's end of a completed rest (CR-REST-01, -02). Checks everything first.
pub fn finish_rest(
    session: &RestSession,
    c: &mut Creature,
    input: &FinishInput,
) -> Result<RestBenefits, RestError> {
    session.check_complete()?;
    if !c.alive {
        return Err(RestError::Dead(c.name.clone()));
    }
    check_can_rest(c, &RestHindrances::default())?;
    if input.minutes_asleep < ASLEEP_HOURS * 60 {
        return Err(RestError::TooLittleSleep {
            who: c.name.clone(),
            needed: ASLEEP_HOURS * 60,
            had: input.minutes_asleep,
        });
    }
    let needed = input.rations_needed.max(RATIONS);
    if input.rations_eaten < needed {
        return Err(RestError::NotEnoughFood {
            who: c.name.clone(),
            needed,
            had: input.rations_eaten,
        });
    }
    let want = wounds_to_choose(c, input.tended);
    if input.wounds_to_remove.len() != want {
        return Err(RestError::WrongWoundCount {
            who: c.name.clone(),
            needed: want,
            chosen: input.wounds_to_remove.len(),
        });
    }
    for (i, s) in input.wounds_to_remove.iter().enumerate() {
        if input.wounds_to_remove[..i].contains(s) {
            return Err(RestError::DuplicateWound(*s));
        }
        if c.inventory.wound_at(*s).is_none() {
            return Err(InventoryError::NoWound(*s).into());
        }
    }
    for b in &input.spellbooks {
        if c.inventory
            .item(*b)
            .and_then(|i| i.usage.as_ref())
            .is_none()
        {
            return Err(RestError::NotASpellbook(*b));
        }
    }
    let mut next = c.clone();
    next.stamina = next.max_stamina;
    let mut wounds_removed = Vec::new();
    for s in &input.wounds_to_remove {
        wounds_removed.push((*s, next.inventory.remove_wound(*s)?));
    }
    next.expertises.finish_rest(input.place);
    let mut items_restored = next.finish_rest_items()?;
    for b in &input.spellbooks {
        if let Some(u) = next.inventory.item_mut(*b).and_then(|i| i.usage.as_mut())
            && !items_restored.contains(b)
        {
            u.pool.restore();
            items_restored.push(*b);
        }
    }
    *c = next;
    Ok(RestBenefits {
        stamina: c.stamina,
        wounds_removed,
        expertise_restored: input.place == RestPlace::Ordinary,
        items_restored,
    })
}
