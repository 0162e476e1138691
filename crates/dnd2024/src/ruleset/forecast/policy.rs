//! The forecast's policies: how a simulated D&D 2024 table answers every decision window
//! (chosen by name with `--policy`). Turns are taken by [`super::fight`]; the tactical policy
//! adds its own choices to them ([`tactics`]: an area spell, Dash, a bonus-action attack) as
//! their commands pass through [`send`], while a run is [`playing`] under it.

pub mod tactics;

use std::cell::Cell;

use engine::forecast::Sim;
use engine::{Actor, Answer, Answerer, Command, Decision, RuleError};
use serde_json::Value;

use crate::ruleset::Dnd2024;
use crate::ruleset::grid::{OA_DECISION, OA_TAKE};
use crate::ruleset::reactions::spells::SPELL_WINDOW;
use crate::ruleset::reactions::{LEGENDARY_PASS, LEGENDARY_WINDOW, READY_RESPOND, READY_WINDOW};

/// A named way of playing a simulated table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The default. Every creature moves towards the nearest enemy and attacks it with its
    /// best attack — or casts its best damaging area spell when that is expected to do more,
    /// Dashes when no enemy can be reached this turn and makes its bonus-action attack
    /// ([`tactics`]); an Opportunity Attack
    /// offered is taken, a reaction spell (Shield) offered
    /// is cast, a Legendary Action offered is used (its first option), a readied response is
    /// taken; any other decision gets its offered default (else its first option). D&D has no
    /// morale rule, so nobody retreats.
    Tactical,
    /// The plain turn (move, attack with the best attack; no spell, no Dash), and every
    /// decision gets its offered default (else its first option): no Opportunity Attack,
    /// reaction spell or Legendary Action.
    Defaults,
}

impl Policy {
    /// The names `--policy` takes.
    pub const NAMES: [&'static str; 2] = ["tactical", "defaults"];

    /// The policy of this name (`None`: the default, tactical).
    pub fn named(name: Option<&str>) -> Result<Policy, RuleError> {
        match name {
            None | Some("tactical") => Ok(Policy::Tactical),
            Some("defaults") => Ok(Policy::Defaults),
            Some(other) => Err(engine::ruleset::no_such_policy(
                "dnd2024",
                &Policy::NAMES,
                other,
            )),
        }
    }

    /// The policy's name in a report.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Tactical => "tactical",
            Policy::Defaults => "defaults",
        }
    }

    /// The options to try for `d`, best first (a refused one is followed by the next).
    pub fn choices(self, d: &Decision) -> Vec<String> {
        let mut first: Option<String> = None;
        if self == Policy::Tactical {
            let has = |id: &str| d.options.iter().any(|o| o.id == id);
            first = match d.kind.as_str() {
                OA_DECISION if has(OA_TAKE) => Some(OA_TAKE.to_string()),
                READY_WINDOW if has(READY_RESPOND) => Some(READY_RESPOND.to_string()),
                SPELL_WINDOW => d
                    .options
                    .iter()
                    .find(|o| o.id.starts_with("cast:"))
                    .map(|o| o.id.clone()),
                LEGENDARY_WINDOW => d
                    .options
                    .iter()
                    .find(|o| o.id != LEGENDARY_PASS)
                    .map(|o| o.id.clone()),
                _ => None,
            };
        }
        let mut out: Vec<String> = first.into_iter().collect();
        if let Some(default) = &d.default {
            out.push(default.clone());
        }
        out.extend(d.options.iter().map(|o| o.id.clone()));
        let mut seen = std::collections::BTreeSet::new();
        out.retain(|o| seen.insert(o.clone()));
        out
    }
}

/// Who answers `d` in a simulation: the named player, else the Referee (who may answer for
/// any creature).
pub fn answerer(d: &Decision) -> Actor {
    match &d.answerer {
        Answerer::Player(p) => Actor::Player(p.clone()),
        Answerer::Referee | Answerer::Controller(_) => Actor::Referee,
    }
}

thread_local! {
    /// The policy the run on this thread is played under (see [`playing`]).
    static PLAYING: Cell<Option<Policy>> = const { Cell::new(None) };
}

/// Plays one run (`run`, on this thread) under `policy`: the turn commands sent through
/// [`send`] meanwhile take its choices. Each run is wholly on one thread, so a report stays
/// the same on any number of threads.
pub fn playing<T>(policy: Policy, run: impl FnOnce() -> T) -> T {
    let before = PLAYING.with(|p| p.replace(Some(policy)));
    let out = run();
    PLAYING.with(|p| p.set(before));
    out
}

/// Sends one of the ruleset's commands as the Referee (who may act for any creature);
/// whether the rules took it. Under the tactical policy its choices come first (a spell
/// instead of an attack, Dash before a move).
pub fn send(sim: &mut Sim<Dnd2024>, command: Value) -> bool {
    if PLAYING.with(Cell::get) == Some(Policy::Tactical)
        && let Some(done) = tactics::before(sim, &command)
    {
        return done;
    }
    sim.send(&Actor::Referee, &Command::Rules(command)).is_ok()
}

/// Ends the acting creature's turn with the engine's clock.
pub fn end_turn(sim: &mut Sim<Dnd2024>) -> bool {
    sim.send(
        &Actor::Referee,
        &Command::Clock(engine::ClockCommand::EndTurn),
    )
    .is_ok()
}

/// Answers every open decision as `policy` would, oldest first. False when one of them takes
/// none of the answers tried (the run is stuck).
pub fn settle(sim: &mut Sim<Dnd2024>, policy: Policy) -> bool {
    while let Some(d) = sim.state().core.decisions.first() {
        let who = answerer(d);
        let id = d.id.clone();
        let text = d.free_text.then(|| "(forecast)".to_string());
        let choices = policy.choices(d);
        let answered = choices.into_iter().any(|option| {
            let answer = Answer {
                decision: id.clone(),
                option,
                text: text.clone(),
            };
            sim.send(&who, &Command::Answer(answer)).is_ok()
        });
        if !answered {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{DecisionOption, Visibility};

    fn decision(kind: &str, options: &[&str], default: Option<&str>) -> Decision {
        Decision {
            id: "d".into(),
            kind: kind.into(),
            prompt: String::new(),
            args: serde_json::Map::new(),
            options: options
                .iter()
                .map(|o| DecisionOption {
                    id: (*o).into(),
                    label: String::new(),
                    data: Value::Null,
                })
                .collect(),
            answerer: Answerer::Referee,
            default: default.map(Into::into),
            free_text: false,
            visibility: Visibility::Referee,
            context: Value::Null,
            window: None,
        }
    }

    #[test]
    fn tactical_takes_reactions_defaults_take_the_default() {
        let oa = decision(OA_DECISION, &["attack", "decline"], Some("decline"));
        assert_eq!(Policy::Tactical.choices(&oa), ["attack", "decline"]);
        assert_eq!(Policy::Defaults.choices(&oa), ["decline", "attack"]);
        let shield = decision(SPELL_WINDOW, &["none", "cast:0"], Some("none"));
        assert_eq!(Policy::Tactical.choices(&shield)[0], "cast:0");
        assert_eq!(Policy::Defaults.choices(&shield)[0], "none");
        let legendary = decision(LEGENDARY_WINDOW, &["pass", "0:vera"], Some("pass"));
        assert_eq!(Policy::Tactical.choices(&legendary)[0], "0:vera");
        let other = decision("something", &["a", "b"], None);
        assert_eq!(Policy::Tactical.choices(&other), ["a", "b"]);
    }

    #[test]
    fn policies_by_name() {
        assert_eq!(Policy::named(None).unwrap(), Policy::Tactical);
        assert_eq!(Policy::named(Some("defaults")).unwrap(), Policy::Defaults);
        assert_eq!(
            Policy::named(Some("berserk")).unwrap_err().code,
            "no_such_policy"
        );
    }
}
