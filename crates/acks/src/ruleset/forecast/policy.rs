//! The forecast's policies: how a simulated ACKS table answers every decision (chosen by name
//! with `--policy`). Rounds are fought by [`super::fight`].

use engine::forecast::Sim;
use engine::{Actor, Answer, Answerer, Command, Decision, RuleError};
use serde_json::Value;

use crate::ruleset::adapter::Acks;

/// A named way of playing a simulated table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The default. Each round every combatant fights as [`super::fight`] says (no
    /// declaration but the one its morale imposes, an attack on the enemy facing it, cleaves
    /// taken); the monsters' morale is rolled by the Judge whenever the rules call for it;
    /// any decision gets its offered default (else its first option). Characters never flee
    /// (the players decide that, AC-MORALE-01).
    Tactical,
    /// The same turns; kept as the name every ruleset's forecasts take. ACKS combat opens no
    /// decision a policy could answer otherwise, so both play alike.
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
                "acks",
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

    /// The options to try for `d`, best first: its default, then the others.
    pub fn choices(self, d: &Decision) -> Vec<String> {
        let mut out: Vec<String> = d.default.iter().cloned().collect();
        out.extend(d.options.iter().map(|o| o.id.clone()));
        let mut seen = std::collections::BTreeSet::new();
        out.retain(|o| seen.insert(o.clone()));
        out
    }
}

/// Sends one of the ruleset's commands as the Judge (who may act for any creature); whether
/// the rules took it.
pub fn send(sim: &mut Sim<Acks>, command: Value) -> bool {
    sim.send(&Actor::Referee, &Command::Rules(command)).is_ok()
}

/// Ends the acting combatant's turn with the engine's clock.
pub fn end_turn(sim: &mut Sim<Acks>) -> bool {
    sim.send(
        &Actor::Referee,
        &Command::Clock(engine::ClockCommand::EndTurn),
    )
    .is_ok()
}

/// Answers every open decision as `policy` would, oldest first. False when one of them takes
/// none of the answers tried (the run is stuck).
pub fn settle(sim: &mut Sim<Acks>, policy: Policy) -> bool {
    while let Some(d) = sim.state().core.decisions.first() {
        let who = match &d.answerer {
            Answerer::Player(p) => Actor::Player(p.clone()),
            Answerer::Referee | Answerer::Controller(_) => Actor::Referee,
        };
        let id = d.id.clone();
        let text = d.free_text.then(|| "(forecast)".to_string());
        let answered = policy.choices(d).into_iter().any(|option| {
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
