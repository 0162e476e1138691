//! [`TestRequest`]: how a family (or core itself) asks for a test, by name rather than by
//! position: the creature and characteristic, then only what differs from an ordinary test
//! with no modifiers. [`TestRequest::command`] builds core's `test` command from it, which
//! rolls, offers expertise at the commit point (CR-EXP-01) and hands the final result to the
//! request's continuation ([`Then`]).

use engine::{Ctx, RuleError};

use super::adapter::Crows;
use super::core::commands::CoreCommand;
use super::then::Then;
use crate::expertise::ExpertiseName;
use crate::test_roll::{Activity, Characteristic, Modifier, TestKind};

/// A test to roll; every field but the creature and the characteristic starts at what an
/// ordinary test sent from the wire with no options has.
#[derive(Debug, Clone, PartialEq)]
#[must_use = "a test request does nothing until it is rolled"]
pub struct TestRequest {
    creature: String,
    characteristic: Characteristic,
    kind: Option<TestKind>,
    edges: u32,
    banes: u32,
    bonus: i32,
    modifiers: Vec<Modifier>,
    activities: Vec<Activity>,
    approved_expertises: Vec<ExpertiseName>,
    crit_defined_by_rule: bool,
    doom_defined_by_rule: bool,
    task: Option<String>,
    assist_for: Option<String>,
    group: bool,
    target: Option<String>,
    then: Option<Then>,
}

impl TestRequest {
    /// An ordinary test of `creature`'s `characteristic`.
    pub fn new(creature: impl Into<String>, characteristic: Characteristic) -> Self {
        Self {
            creature: creature.into(),
            characteristic,
            kind: None,
            edges: 0,
            banes: 0,
            bonus: 0,
            modifiers: Vec::new(),
            activities: Vec::new(),
            approved_expertises: Vec::new(),
            crit_defined_by_rule: false,
            doom_defined_by_rule: false,
            task: None,
            assist_for: None,
            group: false,
            target: None,
            then: None,
        }
    }

    /// The creature that tests.
    pub fn creature(&self) -> &str {
        &self.creature
    }

    /// The test's kind; none reads as ordinary.
    pub fn kind(mut self, kind: impl Into<Option<TestKind>>) -> Self {
        self.kind = kind.into();
        self
    }

    /// The Referee's edges, banes and bonus (CR-EDGE-01).
    pub fn edges_banes_bonus(mut self, (edges, banes, bonus): (u32, u32, i32)) -> Self {
        self.edges = edges;
        self.banes = banes;
        self.bonus = bonus;
        self
    }

    /// The modifiers the rules add.
    pub fn modifiers(mut self, modifiers: Vec<Modifier>) -> Self {
        self.modifiers = modifiers;
        self
    }

    /// What the test is an attempt at, for the standing modifiers that concern it.
    pub fn activity(mut self, activity: Activity) -> Self {
        self.activities.push(activity);
        self
    }

    /// Expertises the Referee accepts for this test (CR-EXP-09).
    pub fn approved(mut self, expertises: Vec<ExpertiseName>) -> Self {
        self.approved_expertises = expertises;
        self
    }

    /// The rules define the crit's and the doom's consequences (CR-CRIT-03).
    pub fn crit_and_doom_defined_by_rule(mut self, defined: bool) -> Self {
        self.crit_defined_by_rule = defined;
        self.doom_defined_by_rule = defined;
        self
    }

    /// The task attempted: a retry waits for changed circumstances (CR-RETRY-01).
    pub fn task(mut self, task: impl Into<String>) -> Self {
        self.task = Some(task.into());
        self
    }

    /// This test assists that creature's next test (CR-ASSIST-01).
    pub fn assist_for(mut self, assisted: impl Into<String>) -> Self {
        self.assist_for = Some(assisted.into());
        self
    }

    /// This creature leads a group test (CR-GROUP-02).
    pub fn group(mut self, group: bool) -> Self {
        self.group = group;
        self
    }

    /// An attack's (first) target, for its glow, hiding and light (CR-HIDE-03, CR-LIGHT-04).
    pub fn target(mut self, target: impl Into<Option<String>>) -> Self {
        self.target = target.into();
        self
    }

    /// What the family that asks does with the final result.
    pub fn then(mut self, then: Then) -> Self {
        self.then = Some(then);
        self
    }

    /// Core's `test` command for this request.
    pub fn command(self) -> CoreCommand {
        CoreCommand::Test {
            creature: self.creature,
            characteristic: self.characteristic,
            kind: self.kind,
            edges: self.edges,
            banes: self.banes,
            bonus: self.bonus,
            modifiers: self.modifiers,
            activities: self.activities,
            approved_expertises: self.approved_expertises,
            crit_defined_by_rule: self.crit_defined_by_rule,
            doom_defined_by_rule: self.doom_defined_by_rule,
            task: self.task,
            assist_for: self.assist_for,
            group: self.group,
            target: self.target,
            forced_by: None,
            perception: false,
            then: self.then,
        }
    }

    /// Rolls the test through core's command (its guards included).
    pub(crate) fn roll(self, rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        rules.core_decide(&self.command(), ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bare request is the wire's `test` with only the creature and characteristic.
    #[test]
    fn a_bare_request_is_the_wire_default() {
        let wire: CoreCommand = serde_json::from_value(serde_json::json!(
            {"test": {"creature": "vera", "characteristic": "mind"}}
        ))
        .expect("a test");
        assert_eq!(
            TestRequest::new("vera", Characteristic::Mind).command(),
            wire
        );
    }
}
