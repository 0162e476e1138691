//! A creature's lasting state across death, revival and shape-shifting (DD-DMG-18, DD-MAG-18,
//! DD-MAG-20): hit points, conditions (with Exhaustion), ongoing effects, attunement and
//! Concentration together, so the rules that touch them all at once live in one place.

use crate::RulesError;
use crate::conditions::{Condition, Conditions, SourceId};
use crate::damage::HitPoints;
use crate::effects::{ActiveEffects, Effect, EffectKind, Origin};
use crate::exceptions::{Exceptions, RuleKey};
use crate::magic::{Attunement, Concentration};
use serde::{Deserialize, Serialize};

/// The answer of a dead creature's spirit to a revival (DD-DMG-18.a): the player's (or, for a
/// monster, the GM's) decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpiritChoice {
    Accepts,
    Refuses,
}

/// A revival (DD-DMG-18.a/b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revival {
    /// Who casts it: the spirit knows (DD-DMG-18.a).
    pub caster: String,
    /// Where it comes from: only magic revives (DD-DMG-18.a).
    pub origin: Origin,
    /// The HP the reviving effect sets (DD-DMG-18.b), 1 or more.
    pub hit_points: u32,
    pub spirit: SpiritChoice,
    /// What the reviving effect says otherwise (`RuleKey::RevivalKeepsOngoingEffects`).
    pub overrides: Exceptions,
    /// Conditions the reviving effect says it ends (a spell that also cures poison or
    /// blindness), whatever their source; the others come back as DD-DMG-18.b says.
    #[serde(default)]
    pub ends_conditions: Vec<Condition>,
}

/// What a revival brought back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revived {
    pub conditions: Vec<Condition>,
    pub effects: Vec<String>,
    pub exhaustion: u8,
}

/// A shape-shifting effect taking hold (DD-MAG-20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShapeShift {
    /// The effect (Wild Shape, a polymorphing spell); its kind names the new form and its
    /// duration is how long the form lasts.
    pub effect: Effect,
    /// What the effect says otherwise (`RuleKey::ShapeShiftKeepsOngoingEffects`).
    pub overrides: Exceptions,
}

/// Ongoing effects set aside while in another form, when the shape-shifting effect says they
/// do not carry over; they come back with the true form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct SetAside {
    holds: Vec<(Condition, SourceId)>,
    effects: Vec<Effect>,
}

/// One creature's lasting state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    pub hp: HitPoints,
    pub conditions: Conditions,
    pub effects: ActiveEffects,
    pub attunement: Attunement,
    pub concentration: Concentration,
    /// The creature's true form.
    pub true_form: String,
    /// The id of the shape-shifting effect in force, if any.
    shifted_by: Option<String>,
    set_aside: SetAside,
    dead: bool,
}

fn forbid<T>(rule: &'static str, reason: &str) -> Result<T, RulesError> {
    Err(RulesError::Forbidden {
        rule,
        reason: reason.into(),
    })
}

impl Creature {
    pub fn new(true_form: &str, max_hp: u32) -> Creature {
        Creature {
            hp: HitPoints::new(max_hp),
            conditions: Conditions::default(),
            effects: ActiveEffects::default(),
            attunement: Attunement::default(),
            concentration: Concentration::default(),
            true_form: true_form.to_string(),
            shifted_by: None,
            set_aside: SetAside::default(),
            dead: false,
        }
    }

    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// The form the creature is in now: its true form, or the one a shape-shifting effect gave.
    pub fn form(&self) -> &str {
        self.shifted_by
            .as_deref()
            .and_then(|id| self.effects.get(id))
            .and_then(|e| match &e.kind {
                EffectKind::ShapeShift { form } => Some(form.as_str()),
                _ => None,
            })
            .unwrap_or(self.true_form.as_str())
    }

    /// Imposes an effect, with the conditions it causes (their source is the effect's id).
    /// Refused when the creature is immune to one of them; nothing changes then.
    pub fn impose(&mut self, e: Effect, conditions: &[Condition]) -> Result<(), RulesError> {
        let mut trial = self.conditions.clone();
        for c in conditions {
            trial.apply(*c, &e.id)?;
        }
        self.effects.add(e)?;
        self.conditions = trial;
        Ok(())
    }

    /// The creature dies: no HP (DD-DMG-18.a); Concentration ends (DD-MAG-09.e); every
    /// Attunement ends (DD-DMG-18.d); a shape-shifted creature returns to its true form
    /// (DD-MAG-20.b). Conditions, contagions and curses stay, with their durations running
    /// (DD-DMG-18.b, DD-MAG-18.b).
    pub fn die(&mut self) {
        if self.dead {
            return;
        }
        self.return_to_true_form_inner();
        self.hp.current = 0;
        self.hp.temp = 0;
        self.concentration.on_incapacitated_or_death();
        self.attunement.on_death();
        self.dead = true;
    }

    /// Healing: a dead creature regains no HP until revived (DD-DMG-18.a).
    pub fn heal(&mut self, amount: u32) -> Result<u32, RulesError> {
        if self.dead {
            return forbid(
                "DD-DMG-18.a",
                "a dead creature regains no Hit Points until magic revives it",
            );
        }
        Ok(self.hp.heal(amount))
    }

    /// Time passes, alive or dead: effects run down; the conditions of effects that ended end
    /// with them; an ended shape-shift returns the creature to its true form. Returns the ids
    /// of the ended effects.
    pub fn elapse(&mut self, seconds: u64) -> Vec<String> {
        let ended = self.effects.elapse(seconds);
        let mut set_aside_ended = Vec::new();
        self.set_aside
            .effects
            .retain_mut(|e| match e.remaining_seconds {
                Some(left) if left <= seconds => {
                    set_aside_ended.push(e.id.clone());
                    false
                }
                Some(left) => {
                    e.remaining_seconds = Some(left - seconds);
                    true
                }
                None => true,
            });
        let mut ids: Vec<String> = ended.into_iter().map(|e| e.id).collect();
        ids.extend(set_aside_ended);
        for id in &ids {
            self.conditions.end_all_from(id);
            self.set_aside.holds.retain(|(_, s)| s != id);
            if self.shifted_by.as_deref() == Some(id.as_str()) {
                self.shifted_by = None;
                self.restore_set_aside();
            }
        }
        ids
    }

    /// Revives a dead creature (DD-DMG-18): only magic does it, and the spirit may refuse;
    /// the reviving effect sets current HP; conditions, magical contagions and curses still
    /// within their durations come back unless the effect says otherwise (the override layer,
    /// `RuleKey::RevivalKeepsOngoingEffects`); one Exhaustion level fewer (DD-DMG-18.c);
    /// no Attunement (it ended at death). A refusal changes nothing.
    pub fn revive(&mut self, r: &Revival) -> Result<Revived, RulesError> {
        if !self.dead {
            return forbid("DD-DMG-18.a", "the creature is not dead");
        }
        if !r.origin.is_magical() {
            return forbid("DD-DMG-18.a", "only magic brings a dead creature back");
        }
        if r.spirit == SpiritChoice::Refuses {
            return forbid(
                "DD-DMG-18.a",
                &format!(
                    "the spirit knows {} is calling it back and refuses",
                    r.caster
                ),
            );
        }
        crate::in_range(
            "revival hit points",
            i64::from(r.hit_points),
            1,
            i64::from(self.hp.max.max(1)),
            "DD-DMG-18.b",
        )?;
        let keeps = r.overrides.yes(RuleKey::RevivalKeepsOngoingEffects)?;
        if r.ends_conditions.contains(&Condition::Exhaustion) {
            return forbid(
                "DD-DMG-18.c",
                "a revival takes one Exhaustion level away by itself; it does not end Exhaustion as a condition",
            );
        }
        if !keeps {
            self.conditions.take_holds();
            self.effects.take_all();
        }
        for c in &r.ends_conditions {
            self.conditions.end_every(*c);
        }
        self.hp.current = r.hit_points;
        self.conditions.exhaustion.revived();
        self.dead = false;
        Ok(Revived {
            conditions: self
                .conditions
                .list()
                .into_iter()
                .filter(|c| *c != Condition::Exhaustion)
                .collect(),
            effects: self.effects.list().iter().map(|e| e.id.clone()).collect(),
            exhaustion: self.conditions.exhaustion.level(),
        })
    }

    /// Takes another form (DD-MAG-20.a). Unless the effect says otherwise, every ongoing
    /// effect (conditions, spells, curses) carries over; if it says they do not, they are set
    /// aside until the true form returns. Refused for a dead creature or one already in
    /// another form.
    pub fn shape_shift(&mut self, s: ShapeShift) -> Result<(), RulesError> {
        if self.dead {
            return forbid("DD-MAG-20.a", "a dead creature cannot change form");
        }
        if self.shifted_by.is_some() {
            return forbid(
                "DD-MAG-20.a",
                "already in another form; it returns to its true form first",
            );
        }
        if !matches!(s.effect.kind, EffectKind::ShapeShift { .. }) {
            return forbid("DD-MAG-20.a", "not a shape-shifting effect");
        }
        if self.effects.get(&s.effect.id).is_some() {
            return forbid(
                "DD-MAG-20.a",
                &format!("an effect `{}` is already on the creature", s.effect.id),
            );
        }
        let carries = s.overrides.yes(RuleKey::ShapeShiftKeepsOngoingEffects)?;
        if !carries {
            self.set_aside = SetAside {
                holds: self.conditions.take_holds(),
                effects: self.effects.take_all(),
            };
        }
        self.shifted_by = Some(s.effect.id.clone());
        self.effects.add(s.effect)?;
        Ok(())
    }

    /// Ends the shape-shift: back to the true form, with whatever was set aside.
    pub fn return_to_true_form(&mut self) -> Result<(), RulesError> {
        if self.shifted_by.is_none() {
            return forbid("DD-MAG-20.b", "already in its true form");
        }
        self.return_to_true_form_inner();
        Ok(())
    }

    fn return_to_true_form_inner(&mut self) {
        if let Some(id) = self.shifted_by.take() {
            self.effects.remove(&id);
            self.conditions.end_all_from(&id);
            self.restore_set_aside();
        }
    }

    fn restore_set_aside(&mut self) {
        let aside = std::mem::take(&mut self.set_aside);
        self.conditions.restore_holds(aside.holds);
        for e in aside.effects {
            // Ids were unique when set aside and the new form added only its own effect,
            // removed before this; a clash would only skip a duplicate.
            let _ = self.effects.add(e);
        }
    }

    /// A possession tries to take hold (DD-MAG-19.a, DD-MAG-16.a). Inside an antimagic area
    /// every magical effect on the creature is suppressed, Protection from Evil and Good among
    /// them, so its ward does not stop a possession there; a magical possession is itself
    /// suppressed there and cannot take hold. Outside, `ActiveEffects::possess` applies.
    pub fn possess(&mut self, e: Effect, in_antimagic: bool) -> Result<(), RulesError> {
        if !in_antimagic {
            return self.effects.possess(e);
        }
        if e.is_magical() {
            return forbid(
                "DD-MAG-16.a",
                "a magical possession is suppressed inside an antimagic area",
            );
        }
        self.effects.possess_ignoring_ward(e)
    }

    /// The conditions in force: inside an antimagic area the conditions of magical effects
    /// are suppressed (DD-MAG-16.a), nonmagical ones stay.
    pub fn effective_conditions(&self, in_antimagic: bool) -> Conditions {
        if in_antimagic {
            self.conditions
                .without_sources(&self.effects.suppressed_in_antimagic())
        } else {
            self.conditions.clone()
        }
    }
}
