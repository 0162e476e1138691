//! Rest activities in town («Занятия на отдыхе в городе»).
//!
//! In a village or another place with no chance of encounters, each character may do up to
//! four rest activities a day without finishing a rest; each takes two in-game hours, and the
//! effects that would come at the end of a rest come when those two hours are done
//! (CR-TOWN-01). Town activities are not a rest: nothing else is restored (CR-TOWN-03). Tend
//! Wounds is the exception: the tended creature benefits at most once a day, and only once it
//! has slept at least four hours after the work was done (CR-TOWN-02). The book does not say
//! what that benefit is outside a rest; here it is the activity's whole effect, two wounds
//! removed (the creature chooses which).
//!
//! In-game minutes arrive as data ([`TownDay::work`], [`TownDay::sleep`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::Creature;
use crate::inventory::{InventoryError, WoundKind};
use crate::rest::WOUNDS_REMOVED_TENDED;
use crate::rest_activities::{
    self, ActivityDecision, ActivityError, ActivityOutcome, RestActivity,
};

/// Activities per character per day (CR-TOWN-01).
pub const ACTIVITIES_PER_DAY: u8 = 4;
/// In-game minutes one activity takes (CR-TOWN-01).
pub const ACTIVITY_MINUTES: u32 = 120;
/// Hours of sleep after the work before Tend Wounds helps (CR-TOWN-02).
pub const TEND_SLEEP_HOURS: u32 = 4;

/// Errors; each names its rule.
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
pub enum TownError {
    #[error("CR-TOWN-01: {0} has already done 4 activities today")]
    #[strum(props(rule = "CR-TOWN-01"))]
    DailyLimit(String),
    #[error("CR-TOWN-01: {0} is already busy with an activity")]
    #[strum(props(rule = "CR-TOWN-01"))]
    Busy(String),
    #[error("CR-TOWN-01: {0} has no activity in progress")]
    #[strum(props(rule = "CR-TOWN-01"))]
    Idle(String),
    #[error("CR-TOWN-01: the activity takes 120 minutes; {done} done so far")]
    #[strum(props(rule = "CR-TOWN-01"))]
    NotDone { done: u32 },
    #[error("CR-RACT-08: there are no encounters in town; Seclude Camp has no use")]
    #[strum(props(rule = "CR-RACT-08"))]
    NoCampToSeclude,
    #[error("CR-TOWN-02: {target} must choose {needed} wound(s) to remove, chose {chosen}")]
    #[strum(props(rule = "CR-TOWN-02"))]
    WrongWoundCount {
        target: String,
        needed: usize,
        chosen: usize,
    },
    #[error(
        "CR-TOWN-01: town activities need a place with no chance of encounters (the Referee \
         sends enter_town)"
    )]
    #[strum(props(rule = "CR-TOWN-01"))]
    NotInTown,
    #[error("CR-TOWN-01: during a rest choose its one rest activity (choose_rest_activity)")]
    #[strum(props(rule = "CR-TOWN-01"))]
    RestActivityInstead,
    #[error("CR-TOWN-02: sleep lasts 1…24 hours")]
    #[strum(props(rule = "CR-TOWN-02"))]
    SleepHours { hours: u32 },
    #[error("CR-TOWN-01: town activities need a place with no chance of encounters, not a dungeon")]
    #[strum(props(rule = "CR-TOWN-01"))]
    TownInDungeon,
    #[error("CR-TOWN-01: already in town")]
    #[strum(props(rule = "CR-TOWN-01"))]
    AlreadyInTown,
    #[error(transparent)]
    Activity(#[from] ActivityError),
    #[error(transparent)]
    Inventory(#[from] InventoryError),
}

crate::refusal::refusal!(TownError, "town"; activity => Activity, inventory => Inventory);

/// The town day under way, if the party is in town (CR-TOWN-01).
pub fn in_town<T>(town: Option<T>) -> Result<T, TownError> {
    town.ok_or(TownError::NotInTown)
}

/// A town activity: not during a rest, which has its one rest activity (CR-TOWN-01).
pub fn may_start_activity(resting: bool) -> Result<(), TownError> {
    if resting {
        return Err(TownError::RestActivityInstead);
    }
    Ok(())
}

/// Sleep in town lasts 1…24 hours (CR-TOWN-02).
pub fn may_sleep(hours: u32) -> Result<(), TownError> {
    if hours == 0 || hours > 24 {
        return Err(TownError::SleepHours { hours });
    }
    Ok(())
}

/// `enter_town`: not from a dungeon, not twice (CR-TOWN-01).
pub fn may_enter_town(in_dungeon: bool, in_town: bool) -> Result<(), TownError> {
    if in_dungeon {
        return Err(TownError::TownInDungeon);
    }
    if in_town {
        return Err(TownError::AlreadyInTown);
    }
    Ok(())
}

/// An activity being worked on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InProgress {
    pub activity: RestActivity,
    pub minutes: u32,
}

/// A finished Tend Wounds waiting for the target's sleep (CR-TOWN-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingTend {
    pub by: String,
    /// Hours the target has slept since the work was done.
    pub slept_hours: u32,
}

/// One in-game day in town for a group.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TownDay {
    pub day: u32,
    /// Activities started today per character (CR-TOWN-03 counter).
    pub started: BTreeMap<String, u8>,
    pub in_progress: BTreeMap<String, InProgress>,
    /// Creatures that benefited from Tend Wounds today.
    pub tended_today: BTreeSet<String>,
    /// Finished Tend Wounds by target.
    pub pending_tends: BTreeMap<String, PendingTend>,
}

/// What a sleep gave a tended creature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TendBenefit {
    pub target: String,
    pub wounds_removed: Vec<(u8, WoundKind)>,
}

impl TownDay {
    pub fn new(day: u32) -> Self {
        TownDay {
            day,
            ..TownDay::default()
        }
    }

    /// A new day: the counters reset; finished Tend Wounds still wait for sleep.
    pub fn next_day(&mut self) {
        self.day += 1;
        self.started.clear();
        self.tended_today.clear();
    }

    pub fn activities_today(&self, character: &str) -> u8 {
        self.started.get(character).copied().unwrap_or(0)
    }

    /// `character` starts `activity` (CR-TOWN-01). Returns the Referee decisions it opens.
    pub fn start(
        &mut self,
        character: &str,
        activity: RestActivity,
        creatures: &[Creature],
    ) -> Result<Vec<ActivityDecision>, TownError> {
        if self.in_progress.contains_key(character) {
            return Err(TownError::Busy(character.to_string()));
        }
        if self.activities_today(character) >= ACTIVITIES_PER_DAY {
            return Err(TownError::DailyLimit(character.to_string()));
        }
        if activity == RestActivity::SecludeCamp {
            return Err(TownError::NoCampToSeclude);
        }
        rest_activities::validate(character, &activity, creatures)?;
        let decisions = match &activity {
            RestActivity::Prepare { task } => vec![ActivityDecision::ApproveTask {
                character: character.to_string(),
                task: task.clone(),
            }],
            _ => Vec::new(),
        };
        *self.started.entry(character.to_string()).or_default() += 1;
        self.in_progress.insert(
            character.to_string(),
            InProgress {
                activity,
                minutes: 0,
            },
        );
        Ok(decisions)
    }

    /// The Referee refused the task (or the player gave up): the activity is dropped and does
    /// not count toward the day's four.
    pub fn cancel(&mut self, character: &str) -> Result<(), TownError> {
        self.in_progress
            .remove(character)
            .ok_or_else(|| TownError::Idle(character.to_string()))?;
        if let Some(n) = self.started.get_mut(character) {
            *n = n.saturating_sub(1);
        }
        Ok(())
    }

    /// `minutes` of work pass for `character`. Returns whether the activity is done.
    pub fn work(&mut self, character: &str, minutes: u32) -> Result<bool, TownError> {
        let p = self
            .in_progress
            .get_mut(character)
            .ok_or_else(|| TownError::Idle(character.to_string()))?;
        p.minutes = p.minutes.saturating_add(minutes);
        Ok(p.minutes >= ACTIVITY_MINUTES)
    }

    /// The two hours are done: the activity takes effect (CR-TOWN-01), except Tend Wounds,
    /// which waits for the target's sleep (CR-TOWN-02).
    pub fn complete(
        &mut self,
        character: &str,
        creatures: &mut [Creature],
        harvest_faces: &[u8],
    ) -> Result<ActivityOutcome, TownError> {
        let p = self
            .in_progress
            .get(character)
            .ok_or_else(|| TownError::Idle(character.to_string()))?;
        if p.minutes < ACTIVITY_MINUTES {
            return Err(TownError::NotDone { done: p.minutes });
        }
        let outcome =
            rest_activities::resolve_one(character, &p.activity, creatures, harvest_faces)?;
        if let RestActivity::TendWounds { target } = &p.activity {
            self.pending_tends.insert(
                target.clone(),
                PendingTend {
                    by: character.to_string(),
                    slept_hours: 0,
                },
            );
        }
        self.in_progress.remove(character);
        Ok(outcome)
    }

    /// The wounds `target` must choose when its sleep completes a pending Tend Wounds.
    pub fn wounds_to_choose(&self, target: &Creature) -> usize {
        usize::from(WOUNDS_REMOVED_TENDED.min(target.inventory.wound_count()))
    }

    /// `target` slept `hours`. When that completes 4 hours after a finished Tend Wounds and it
    /// has not benefited today, it removes the wounds in `wounds_to_remove` (its choice).
    pub fn sleep(
        &mut self,
        target: &mut Creature,
        hours: u32,
        wounds_to_remove: &[u8],
    ) -> Result<Option<TendBenefit>, TownError> {
        let name = target.name.clone();
        let Some(p) = self.pending_tends.get(&name) else {
            return Ok(None);
        };
        let slept = p.slept_hours.saturating_add(hours);
        // Not enough sleep yet, or already helped today: the tending keeps waiting.
        if slept < TEND_SLEEP_HOURS || self.tended_today.contains(&name) {
            if let Some(p) = self.pending_tends.get_mut(&name) {
                p.slept_hours = slept;
            }
            return Ok(None);
        }
        let needed = self.wounds_to_choose(target);
        if wounds_to_remove.len() != needed {
            return Err(TownError::WrongWoundCount {
                target: name,
                needed,
                chosen: wounds_to_remove.len(),
            });
        }
        let mut next = target.inventory.clone();
        let mut removed = Vec::new();
        for s in wounds_to_remove {
            removed.push((*s, next.remove_wound(*s)?));
        }
        target.inventory = next;
        self.pending_tends.remove(&name);
        self.tended_today.insert(name.clone());
        Ok(Some(TendBenefit {
            target: name,
            wounds_removed: removed,
        }))
    }
}
