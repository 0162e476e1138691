//! The forecast's policies: how a simulated table answers every decision and takes every turn
//! (documented in `ARCHITECTURE.md`; chosen by name with `--policy`).

use engine::forecast::Sim;
use engine::{Actor, Answer, Answerer, Command, Decision, RuleError};
use serde_json::Value;

use crate::ruleset::adapter::Crows;

/// A named way of playing a simulated table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The default. Every creature attacks the nearest enemy it can reach, walking towards it
    /// first when none is in reach; an expertise is spent when it raises the tier; counters
    /// and opportunity attacks are taken; any other decision gets its offered default (else
    /// its first option). Crows has no morale rule, so nobody retreats.
    Tactical,
    /// Turns are taken as with `tactical`, but every decision gets its offered default (else
    /// its first option): expertise is never spent, counters and opportunity attacks are
    /// taken only where that is the default.
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
                "crows",
                &Policy::NAMES,
                other,
            )),
        }
    }

    /// The options to try for `d`, best first (a refused one is followed by the next).
    pub fn choices(self, d: &Decision) -> Vec<String> {
        let mut first: Option<String> = None;
        if self == Policy::Tactical {
            first = match d.kind.as_str() {
                "crows.expertise" => spend_if_it_helps(d),
                "crows.combat.counter"
                | "crows.combat.counterattack"
                | "crows.combat.opportunity_attack" => d
                    .options
                    .iter()
                    .find(|o| !matches!(o.id.as_str(), "pass" | "decline" | "no"))
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

/// The spend option with the most uses left, when spending raises the tier.
fn spend_if_it_helps(d: &Decision) -> Option<String> {
    let tier = |k: &str| d.args.get(k).and_then(Value::as_u64).unwrap_or(0);
    if tier("tier_with") <= tier("tier_without") {
        return None;
    }
    d.options
        .iter()
        .filter(|o| o.id != "commit")
        .max_by_key(|o| o.data.get("uses_left").and_then(Value::as_u64).unwrap_or(0))
        .map(|o| o.id.clone())
}

/// Who answers `d` in a simulation: the named player, else the Referee (who may answer for
/// any character).
pub fn answerer(d: &Decision) -> Actor {
    match &d.answerer {
        Answerer::Player(p) => Actor::Player(p.clone()),
        Answerer::Referee | Answerer::Controller(_) => Actor::Referee,
    }
}

/// Sends one of the ruleset's commands as the Referee (who may act for any creature);
/// whether the rules took it.
pub fn send(sim: &mut Sim<Crows>, command: Value) -> bool {
    sim.send(&Actor::Referee, &Command::Rules(command)).is_ok()
}

/// Answers every open decision as `policy` would, oldest first. False when one of them takes
/// none of the answers tried (the run is stuck).
pub fn settle(sim: &mut Sim<Crows>, policy: Policy) -> bool {
    while let Some(d) = sim.state().core.decisions.first() {
        let who = answerer(d);
        let id = d.id.clone();
        // A decision that takes words (the sign players hear) gets a plain placeholder.
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
    use serde_json::json;

    fn decision(kind: &str, options: &[&str], default: Option<&str>, args: Value) -> Decision {
        Decision {
            id: "d".into(),
            kind: kind.into(),
            prompt: String::new(),
            args: args.as_object().cloned().unwrap_or_default(),
            options: options
                .iter()
                .map(|o| DecisionOption {
                    id: (*o).into(),
                    label: String::new(),
                    data: if o.starts_with("spend") {
                        json!({"uses_left": if *o == "spend_b" { 2 } else { 1 }})
                    } else {
                        Value::Null
                    },
                })
                .collect(),
            answerer: Answerer::Controller("vera".into()),
            default: default.map(Into::into),
            free_text: false,
            visibility: Visibility::Referee,
            context: Value::Null,
            window: None,
        }
    }

    #[test]
    fn tactical_spends_expertise_only_when_it_raises_the_tier() {
        let raises = decision(
            "crows.expertise",
            &["commit", "spend_a", "spend_b"],
            Some("commit"),
            json!({"tier_without": 1, "tier_with": 2}),
        );
        assert_eq!(
            Policy::Tactical.choices(&raises)[0],
            "spend_b",
            "most uses left"
        );
        assert_eq!(Policy::Defaults.choices(&raises)[0], "commit");
        let same = decision(
            "crows.expertise",
            &["commit", "spend_a"],
            Some("commit"),
            json!({"tier_without": 3, "tier_with": 3}),
        );
        assert_eq!(Policy::Tactical.choices(&same)[0], "commit");
    }

    #[test]
    fn tactical_takes_reactions_defaults_take_the_default() {
        let counter = decision(
            "crows.combat.counter",
            &["weapon_1", "pass"],
            Some("pass"),
            json!({}),
        );
        assert_eq!(Policy::Tactical.choices(&counter), ["weapon_1", "pass"]);
        assert_eq!(Policy::Defaults.choices(&counter), ["pass", "weapon_1"]);
        let other = decision("crows.wound_slot", &["slot_1", "slot_2"], None, json!({}));
        assert_eq!(Policy::Tactical.choices(&other), ["slot_1", "slot_2"]);
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
