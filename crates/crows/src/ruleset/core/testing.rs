//! Tests (CR-CHECK, CR-EXP, CR-RETRY, CR-ASSIST, CR-GROUP, CR-RR): the `test` command rolls
//! two recorded d10 and stops at the commit point; expertise, assists, group tests, resistance
//! rolls, retries, sneaking, a waived test and the warning before a certainly deadly attempt.
//! The rulings a test opens lapse when the scene moves on ([`LAPSING_RULINGS`]).
//!
//! Commands (the Referee's):
//! - `{"warn_certain_death": {"creature": "vera", "task": "leap the chasm"}}` (Referee) —
//!   before a certainly deadly attempt the creature's controller is asked
//!   `crows.certain_death` (`proceed_anyway` or `abandon`, CR-CHECK-03); it never lapses.
//! - `{"waive_test": {"creature": "vera", "expertise": "monster_lore", "task": "what ghouls
//!   fear"}}` (Referee) — "you're an expert" (CR-EXP-11): the creature's expertise settles a
//!   matter trivial to an expert with no test; no dice, no use spent (event `test_waived`).
//!   Refused when the creature lacks that expertise.
//! - `{"test": {"creature": "vera", "characteristic": "agility", "edges": 1, "banes": 0,
//!   "bonus": 0, "modifiers": [], "kind": {"kind": "ordinary"}, "approved_expertises":
//!   ["stealth"]}}` — rolls two recorded d10 and stops at the commit point: when an expertise
//!   with uses left is applicable (allowed by its category or approved by the Referee) and would
//!   change the result, the creature's controller gets the decision `crows.expertise`
//!   (options `commit` or the expertise). Then the final tier; tier 1 / tier 2 / crit / doom open
//!   the Referee decisions `crows.tier_1_setback`, `crows.tier_2_outcome`,
//!   `crows.crit_benefit`, `crows.doom_setback` (options from
//!   [`crate::test_roll::ResolvedTest::decisions`], free text for the consequence).
//!   The creature's conditions add their modifiers automatically.
//!   Optional keys: `"task": "pick the lock"` names the task; the same creature testing the same
//!   task again is refused (`retry_refused`, rule CR-RETRY-01) until the Referee sends
//!   `{"circumstances_changed": {"creature": "vera", "task": "pick the lock"}}`. A test whose
//!   task is the creature's prepared task gets the Prepare for Task +2 (CR-RACT-06).
//!   `"assist_for": "bram"` makes the test an assist (kind `assist`): its tier gives Bram's
//!   next test −1/+1/+2 ([`crate::special_tests::assist_modifier`], several add up). Made in
//!   combat, it lapses when the combat turn after the assistant's ends without the test
//!   (counted on `on_boundary(TurnEnd)`; config `"assist_lapse": "bonus_only"` (default, a −1
//!   stays) or `"any_modifier"`). `"group": true` makes the creature a group test's leader:
//!   its pending assists are the helpers' (at least one, CR-GROUP-01), and when the Referee
//!   rules a tier 2 `success_at_cost`, the ruling names the `payers` (the leader and every
//!   helper whose assist was a penalty, CR-GROUP-03). `"kind": {"kind": "resistance_roll"}`
//!   is a resistance roll: its usual expertise (Gymnastics for Agility, Endurance otherwise)
//!   is offered without separate approval (CR-RR-02).
//!   `"target": "ghoul"` on an attack and `"forced_by": "ghoul"` on a resistance roll apply
//!   hiding's edge and bane (CR-HIDE-03); an attack from hiding reveals the attacker to its
//!   target (CR-HIDE-04).
//!   `"perception": true` marks a test to make out details or search: the light at the
//!   creature's square adds its bane (dim) or double bane (darkness); an attack with a `target`
//!   gets the light at the target's square (CR-LIGHT-04/05). The level per creature is set by
//!   `{"set_light_level": {"creature": "ghoul", "level": "bright"|"dim"|"darkness"}}`
//!   (Referee; unset means bright, CR-LIGHT-03).
//!   `"activities": ["notice"]` names what the test is for, so the modifiers that apply only
//!   to such tests are found (an unconscious creature's notice, CR-COND-07): `sneak`, `hide`,
//!   `climb`, `swim`, `jump`, `notice`, `search`, `discern`, `travel_role`, `forage`,
//!   `miasma_resistance`, `crafting`, `craft_weapon_or_armor`, `toppling`, or
//!   `{"other": "…"}`. `"crit_defined_by_rule": true` and `"doom_defined_by_rule": true` say
//!   the rule calling for the test already defines what a crit or a doom brings, so that
//!   Referee decision is not opened.
//!   The rulings a test opens (tier 1 setback, tier 2 outcome, crit benefit, doom setback)
//!   belong to its moment: still open when a combat round, a dungeon turn, a rest or a day
//!   ends, they lapse — answered by the system with `no_ruling` and recorded in `rulings` with
//!   that option ([`LAPSING_RULINGS`]).
//! - `{"sneak": {"creature": "vera", "past": ["ghoul"], "squares_moved": 4, "edges": 0,
//!   "banes": 0, "bonus": 0}}` — a sneaking test (Agility; Stealth offered at the commit
//!   point): moving more than half its current speed (rounded down) adds a bane (CR-HIDE-02);
//!   more than its speed is refused. `"group": true` makes it a group sneak led by the
//!   creature, its pending assists being the helpers' (CR-GROUP-01/02). Then as `test`.
//! - `{"assist": {"creature": "bram", "assisted": "vera", "characteristic": "mind",
//!   "needs": "maneuver"|"action"|"reaction", "edges": 0, "banes": 0, "bonus": 0,
//!   "approved_expertises": []}}` — an assist test (as `test` with `assist_for`). In combat
//!   `needs` (what the assisted test needs) is required and the assist is made on the
//!   helper's own combat turn, not while unconscious; it costs a maneuver (for a maneuver) or
//!   an action (for an action or a reaction), logged as `assist_charged` and kept in
//!   `assist_charges` — the combat family charges it to the turn budget through
//!   [`assist_charges`] (CR-ASSIST-03).

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::json;

use crate::conditions::{ConditionKind, own_test_modifiers};
use crate::expertise::{Eligibility, ExpertiseName, Expertises, eligibility};
use crate::special_tests::{GroupTest, PendingAssist};
use crate::test_roll::{
    Characteristic, Modifier, ModifierSource, ResolvedTest, RolledTest, SourceKind, TestKind,
    TestSpec,
};

use crate::ruleset::adapter::Crows;
use crate::ruleset::request::TestRequest;
use crate::ruleset::then::{CoreThen, HandBack, StoredThen};

use super::commands::{AssistedNeeds, CoreCommand};
use super::events::CoreEvent;
use super::light::light_modifier_for;
use super::records::{audience, living, record, set_creature_only};
use crate::ruleset::adapter::{bad_context, decoded, err, from_snake, roll_die, snake};
use crate::ruleset::state::{AssistCharge, AssistCost, AssistRecord, CrowsState, Ruling, TestMeta};
use crate::special_tests::{GroupError, TurnCost};

/// The cost of an assist for a test that needs `needs` (CR-ASSIST-03), by
/// [`crate::special_tests::assist_cost`].
pub fn assist_cost(needs: AssistedNeeds) -> AssistCost {
    charged(crate::special_tests::assist_cost(turn_cost(needs)))
}

/// An assist's cost as charged to the helper's turn (an assist never costs a reaction).
fn charged(cost: TurnCost) -> AssistCost {
    match cost {
        TurnCost::Maneuver => AssistCost::Maneuver,
        TurnCost::Action | TurnCost::Reaction => AssistCost::Action,
    }
}

/// The wire's `needs` as the pure rules' turn cost.
fn turn_cost(needs: AssistedNeeds) -> TurnCost {
    match needs {
        AssistedNeeds::Maneuver => TurnCost::Maneuver,
        AssistedNeeds::Action => TurnCost::Action,
        AssistedNeeds::Reaction => TurnCost::Reaction,
    }
}

/// The assist costs `helper` incurred in combat round `round` (CR-ASSIST-03): the combat
/// family counts them against the helper's turn budget.
pub fn assist_charges(rules: &CrowsState, helper: &str, round: u32) -> Vec<AssistCost> {
    rules
        .assist_charges
        .iter()
        .filter(|c| c.helper == helper && c.round == round)
        .map(|c| c.cost)
        .collect()
}

/// Whether two task names name the same task: the Referee types them freely, so case and
/// spacing do not count (CR-RACT-06's prepared task against a test's `task`).
pub(super) fn same_task(a: &str, b: &str) -> bool {
    let words = |s: &str| {
        s.split_whitespace()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    words(a) == words(b)
}

/// The modifiers a creature's own state puts on its next test of this kind, characteristic
/// and activities, in this order: its conditions, its pending assists (CR-ASSIST-01/04),
/// Despondent's edge on sneaking and hiding (CR-MIASMA-07), its running backlashes (CR-BL-02,
/// CR-BL-20). The `test` command and the view's `derived.next_test` both use this one function.
pub fn standing_test_modifiers(
    rules: &CrowsState,
    creature: &str,
    kind: &TestKind,
    characteristic: Characteristic,
    activities: &[crate::test_roll::Activity],
) -> Vec<Modifier> {
    let mut out = Vec::new();
    if let Some(r) = rules.creatures.get(creature) {
        out.extend(own_test_modifiers(
            &r.creature.conditions,
            kind,
            characteristic,
            activities,
        ));
    }
    if let Some(pending) = rules.pending_assists.get(creature) {
        out.extend(pending.iter().map(|a| a.pending.modifier.clone()));
    }
    if activities.iter().any(|a| {
        matches!(
            a,
            crate::test_roll::Activity::Hide | crate::test_roll::Activity::Sneak
        )
    }) && crate::ruleset::state::sneak_edge(rules, creature)
    {
        out.push(Modifier::edge(ModifierSource::new(
            SourceKind::Miasma,
            "CR-MIASMA-07",
        )));
    }
    out.extend(rules.magic.test_modifiers(creature, activities));
    // Where it stands: fully submerged without a swim speed (CR-MOVE-04).
    let mut probe = crate::test_roll::TestSpec::new(characteristic, 0).with_kind(*kind);
    probe.activities = activities.to_vec();
    out.extend(crate::ruleset::combat::board::footing_modifiers(
        rules, creature, &probe,
    ));
    out
}

pub use crate::test_roll::MAX_TASK_TEXT;

/// The task's words, trimmed, or the refusal naming `rule` when empty or too long.
pub(super) fn task_text<'a>(task: &'a str, rule: &str) -> Result<&'a str, RuleError> {
    crate::test_roll::task_text(task, rule).map_err(|e| err("bad_task", e))
}

/// "You're an expert" (CR-EXP-11): the Referee lets `creature`'s `expertise` settle a matter
/// trivial to an expert. No dice are rolled and no use is spent (a creature with no use left
/// still knows its trade); a creature without the expertise is refused.
pub(super) fn waive_test(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    expertise: ExpertiseName,
    task: &str,
) -> Result<(), RuleError> {
    let record = living(ctx, creature)?;
    let task = task_text(task, "CR-EXP-11")?;
    record
        .creature
        .expertises
        .waive_test_for(&record.creature.name, expertise)
        .map_err(|e| err("expertise_unknown", e))?;
    let event = CoreEvent::TestWaived {
        creature: creature.to_string(),
        expertise,
        task: task.to_string(),
    };
    let audience = audience(ctx, creature);
    ctx.emit_for(event, audience)
}

/// The Referee warns that an attempt would certainly kill the character and asks whether its
/// player still goes ahead (CR-CHECK-03): `crows.certain_death` to the creature's controller,
/// options `proceed_anyway` and `abandon` ([`crate::test_roll::decision::certain_death_prompt`]).
/// The answer is the record; the Referee then calls the test or not. It never lapses.
pub(super) fn warn_certain_death(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    task: &str,
) -> Result<(), RuleError> {
    let name = living(ctx, creature)?.creature.name;
    let task = task_text(task, "CR-CHECK-03")?;
    let prompt = crate::test_roll::decision::certain_death_prompt();
    let options: Vec<(String, String)> = prompt
        .options
        .iter()
        .map(|o| (snake(o), snake(o).replace('_', " ")))
        .collect();
    let refs: Vec<(&str, &str)> = options
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let request = DecisionRequest::new(
        format!("crows.{}", decision_kind_name(prompt.kind)),
        format!(
            "The Referee warns: {task} will certainly kill {name}. Go ahead anyway? ({})",
            prompt.rule
        ),
        Answerer::Controller(creature.to_string()),
        &refs,
    )
    .with_visibility(audience(ctx, creature))
    .with_args(json!({"creature": creature, "task": task}))
    .with_context(json!({"creature": creature, "task": task, "rule": prompt.rule}));
    ctx.ask(request).map(|_| ())
}

/// The engine name of a test-outcome decision (after `crows.`).
pub(in crate::ruleset) fn decision_kind_name(kind: crate::test_roll::DecisionKind) -> &'static str {
    use crate::test_roll::DecisionKind as K;
    match kind {
        K::Tier1Setback => "tier_1_setback",
        K::Tier2Outcome => "tier_2_outcome",
        K::CritBenefit => "crit_benefit",
        K::DoomSetback => "doom_setback",
        K::CertainDeath => "certain_death",
    }
}

/// The Referee's rulings a test opens (tier 1 setback, tier 2 outcome, crit benefit, doom
/// setback) belong to the moment of the test: when the scene moves on (a combat round, a
/// dungeon turn, a rest or a day ends) those still open lapse, recorded as "no ruling", so they
/// do not pile up. A certain-death decision never lapses.
pub const LAPSING_RULINGS: [&str; 4] = [
    "crows.tier_1_setback",
    "crows.tier_2_outcome",
    "crows.crit_benefit",
    "crows.doom_setback",
];

pub(super) fn lapse_test_rulings(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let open: Vec<(String, String, String)> = ctx
        .core()
        .decisions
        .iter()
        .filter(|d| LAPSING_RULINGS.contains(&d.kind.as_str()))
        .map(|d| {
            let creature = d.context["creature"].as_str().unwrap_or_default();
            (d.id.clone(), d.kind.clone(), creature.to_string())
        })
        .collect();
    for (id, kind, creature) in open {
        ctx.lapse_decision(&id)?;
        let hidden = record(ctx, &creature).map(|r| r.hidden).unwrap_or(true);
        let vis = if hidden {
            Visibility::Referee
        } else {
            Visibility::Public
        };
        ctx.emit_for(
            CoreEvent::Ruled {
                ruling: Ruling {
                    creature,
                    kind: kind.trim_start_matches("crows.").to_string(),
                    option: engine::LAPSED_OPTION.to_string(),
                    text: None,
                    payers: Vec::new(),
                },
            },
            vis,
        )?;
    }
    Ok(())
}

/// A second test of the same task waits for the Referee's `circumstances_changed`
/// (CR-RETRY-01): the one check `test` and `call_test` make.
fn retry_allowed(
    ctx: &Ctx<'_, Crows>,
    creature: &str,
    task: Option<&str>,
) -> Result<(), RuleError> {
    match task {
        Some(task) => ctx
            .rules()
            .retries
            .may_try(creature, task)
            .map_err(|e| err("retry_refused", e)),
        None => Ok(()),
    }
}

/// The kind of a test the Referee called for a player to roll ([`CoreCommand::CallTest`]).
pub const CALLED_TEST: &str = "crows.called_test";

impl Crows {
    /// `call_test`: the Referee sets up a test and its player rolls it. What would refuse the
    /// roll now (a dead creature, a retry not yet allowed) refuses the call; the test itself is
    /// made, and checked, when the player answers `roll`.
    pub(in crate::ruleset) fn call_test(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::CallTest {
            creature,
            characteristic,
            edges,
            banes,
            bonus,
            approved_expertises,
            task,
            perception,
        } = cmd
        else {
            return Ok(());
        };
        let name = living(ctx, creature)?.creature.name;
        retry_allowed(ctx, creature, task.as_deref())?;
        let test = json!({"test": {
            "creature": creature,
            "characteristic": characteristic,
            "edges": edges,
            "banes": banes,
            "bonus": bonus,
            "approved_expertises": approved_expertises,
            "task": task,
            "perception": perception,
        }});
        let request = DecisionRequest::new(
            CALLED_TEST,
            format!(
                "The Referee calls for {name}'s {} test (edges {edges}, banes {banes}, bonus \
                 {bonus}){}: roll it",
                snake(characteristic),
                task.as_ref()
                    .map(|t| format!(" to {t}"))
                    .unwrap_or_default()
            ),
            Answerer::Controller(creature.clone()),
            &[("roll", "Roll the test"), ("cancel", "Do not roll")],
        )
        .with_default("roll")
        .with_visibility(audience(ctx, creature))
        .with_args(json!({
            "creature": creature,
            "characteristic": characteristic,
            "edges": edges,
            "banes": banes,
            "bonus": bonus,
            "task": task.clone().unwrap_or_default(),
            "has_task": task.is_some(),
        }))
        .with_context(json!({"creature": creature, "test": test}));
        ctx.ask(request).map(|_| ())
    }

    /// The player (or the Referee) answered a called test: `roll` rolls it now.
    pub(super) fn answer_called_test(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        decision: &Decision,
        answer: &Answer,
    ) -> Result<(), RuleError> {
        if answer.option != "roll" {
            return Ok(());
        }
        let cmd: CoreCommand = decoded(&decision.context, "test").ok_or_else(bad_context)?;
        self.test(ctx, &cmd)
    }

    pub(in crate::ruleset) fn test(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::Test {
            creature,
            characteristic,
            kind,
            edges,
            banes,
            bonus,
            modifiers,
            activities,
            approved_expertises,
            crit_defined_by_rule,
            doom_defined_by_rule,
            task,
            assist_for,
            group,
            target,
            forced_by,
            perception,
            then,
        } = cmd
        else {
            return Ok(());
        };
        let r = living(ctx, creature)?;
        retry_allowed(ctx, creature, task.as_deref())?;
        if let Some(target) = assist_for {
            living(ctx, target)?;
            crate::special_tests::may_assist(creature, target, *kind, *group)
                .map_err(|e| err("bad_assist", e))?;
        }
        if *edges > 8 || *banes > 8 || bonus.abs() > 100 || modifiers.len() > 64 {
            return Err(RuleError::new(
                "too_many_modifiers",
                "at most 8 edges, 8 banes, |bonus| ≤ 100 and 64 modifiers on one test",
            ));
        }
        let c = &r.creature;
        let kind = if assist_for.is_some() {
            TestKind::Assist
        } else {
            kind.unwrap_or(TestKind::Ordinary)
        };
        // The creature's pending assists (CR-ASSIST-01/04); lapsed ones were dropped at the
        // combat turn's end (CR-ASSIST-02).
        let pending = ctx
            .rules()
            .pending_assists
            .get(creature.as_str())
            .cloned()
            .unwrap_or_default();
        let group = if *group {
            let helpers = pending
                .iter()
                .map(|a| (a.helper.clone(), a.resolved.clone()))
                .collect();
            Some(GroupTest::new(creature.clone(), helpers).map_err(|e| err("bad_group", e))?)
        } else {
            None
        };
        let meta = TestMeta {
            task: task.clone(),
            assist_for: assist_for.clone(),
            group,
            then: then.clone().map(StoredThen::Known),
        };
        // A resistance roll's usual expertise needs no separate approval (CR-RR-02).
        let mut approved_expertises = approved_expertises.clone();
        if kind == TestKind::ResistanceRoll {
            approved_expertises.push(crate::special_tests::resistance_roll(*characteristic, 0).1);
        }
        let mut spec =
            TestSpec::new(*characteristic, c.characteristics.get(*characteristic)).with_kind(kind);
        let referee = |n: &str| ModifierSource::new(SourceKind::Referee, n);
        for _ in 0..*edges {
            spec = spec.with_modifier(Modifier::edge(referee("edge")));
        }
        for _ in 0..*banes {
            spec = spec.with_modifier(Modifier::bane(referee("bane")));
        }
        if *bonus != 0 {
            spec = spec.with_modifier(Modifier::bonus(referee("bonus"), *bonus));
        }
        spec.modifiers.extend(modifiers.iter().cloned());
        spec.activities = activities.clone();
        let (situation, noticed_by) = situation_modifiers(
            ctx,
            &Situation {
                creature,
                kind: &kind,
                characteristic: *characteristic,
                activities,
                task: task.as_deref(),
                target: target.as_deref(),
                perception: *perception,
                forced_by: forced_by.as_deref(),
            },
        )?;
        spec.modifiers.extend(situation);
        spec.crit_defined_by_rule = *crit_defined_by_rule;
        spec.doom_defined_by_rule = *doom_defined_by_rule;
        spec.validate().map_err(|e| err("bad_test", e))?;
        if let Some(t) = noticed_by {
            // The attack is aggressive: its target notices the attacker (CR-HIDE-04).
            self.reveal(ctx, creature, vec![t])?;
        }
        let vis = audience(ctx, creature);
        if !pending.is_empty() {
            ctx.emit_for(
                CoreEvent::AssistsUsed {
                    creature: creature.clone(),
                },
                vis.clone(),
            )?;
        }
        let a = roll_die(ctx, &format!("{} test d10", c.name), 10, vis.clone())?;
        let b = roll_die(ctx, &format!("{} test d10", c.name), 10, vis.clone())?;
        let rules = ctx.rules().test_rules;
        let rolled =
            crate::test_roll::roll_test(&spec, [a, b], rules).map_err(|e| err("bad_test", e))?;
        ctx.emit_for(
            CoreEvent::TestRolled {
                creature: creature.clone(),
                rolled: Box::new(rolled.clone()),
            },
            vis,
        )?;
        // The commit point: which expertises could be spent now.
        let offer = expertise_offer(c, &rolled, &kind, &approved_expertises);
        if offer.is_empty() {
            let resolved = rolled.commit(None).map_err(|e| err("bad_test", e))?;
            return self.finish_test(ctx, creature, resolved, &meta);
        }
        ask_expertise(
            ctx,
            c,
            creature,
            &rolled,
            &offer,
            &approved_expertises,
            &meta,
        )
    }

    pub(in crate::ruleset) fn finish_test(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        resolved: ResolvedTest,
        meta: &TestMeta,
    ) -> Result<(), RuleError> {
        let r = record(ctx, creature)?.clone();
        ctx.emit_for(
            CoreEvent::TestResolved {
                creature: creature.to_string(),
                resolved: Box::new(resolved.clone()),
                task: meta.task.clone(),
            },
            audience(ctx, creature),
        )?;
        if let Some(assisted) = &meta.assist_for {
            let in_combat = ctx.core().clock.combat.is_some();
            let record = AssistRecord {
                helper: creature.to_string(),
                pending: PendingAssist {
                    modifier: crate::special_tests::assist_modifier(creature, &resolved),
                    made_on_turn: in_combat.then_some(0),
                },
                resolved: resolved.clone(),
                turns_passed: 0,
            };
            ctx.emit_for(
                CoreEvent::AssistPending {
                    assisted: assisted.clone(),
                    record: Box::new(record),
                },
                audience(ctx, creature),
            )?;
        }
        let payers = meta
            .group
            .as_ref()
            .map(|g| g.cost_payers(&resolved, true))
            .unwrap_or_default();
        // A test another family started has its consequences defined by that family's
        // rules (an attack's damage, a task's tier table, a cast's chaos roll): the Referee
        // is asked only when the family says so (`"referee_outcome": true`).
        let referee_outcome = meta.then.as_ref().is_none_or(StoredThen::referee_outcome);
        let outcome_decisions = if referee_outcome {
            resolved.decisions()
        } else {
            Vec::new()
        };
        for d in outcome_decisions {
            let options: Vec<(String, String)> = d
                .options
                .iter()
                .map(|o| (snake(o), snake(o).replace('_', " ")))
                .collect();
            let refs: Vec<(&str, &str)> = options
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            let kind = format!("crows.{}", decision_kind_name(d.kind));
            let request = DecisionRequest::new(
                kind,
                format!(
                    "{}'s test ended at tier {}{}{}: the Referee decides ({})",
                    r.creature.name,
                    resolved.final_tier.number(),
                    if resolved.crit { ", crit" } else { "" },
                    if resolved.doom { ", doom" } else { "" },
                    d.rule
                ),
                Answerer::Referee,
                &refs,
            )
            .with_free_text()
            .with_visibility(audience(ctx, creature))
            .with_args(
                json!({"creature": creature, "tier": resolved.final_tier.number(),
                "crit": resolved.crit, "doom": resolved.doom}),
            )
            .with_context(json!({"creature": creature, "rule": d.rule, "cost_payers": payers}));
            ctx.ask(request)?;
        }
        if let Some(then) = &meta.then {
            self.hand_back(creature, &resolved, then, ctx)?;
        }
        Ok(())
    }

    /// A test core itself started is resolved (`Then::Core`): the fall's resistance roll
    /// (CR-HAZ-02).
    pub(in crate::ruleset) fn core_after_test(
        &self,
        creature: &str,
        resolved: &ResolvedTest,
        then: CoreThen,
        ctx: &mut Ctx<'_, Crows>,
    ) -> Result<(), RuleError> {
        match then {
            CoreThen::Fall { feet, faces } => {
                if !record(ctx, creature)?.creature.alive {
                    return Ok(());
                }
                self.land(ctx, creature, feet, &faces, Some(resolved.final_tier))
            }
        }
    }

    /// A sneaking test (CR-HIDE-02): `request` is the sneaker's Agility test with the
    /// Referee's edges, banes and bonus (and whether it leads a group test); the speed's bane
    /// and Stealth's approval are added here.
    pub(in crate::ruleset) fn sneak(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        past: &[String],
        squares_moved: u32,
        request: TestRequest,
    ) -> Result<(), RuleError> {
        let creature = request.creature().to_string();
        let creature = creature.as_str();
        let r = living(ctx, creature)?;
        // Half its current speed, rounded down (CR-CORE-04); faster brings the bane.
        let speed = r.creature.speed(0, 0, &ctx.rules().options);
        crate::hiding::may_sneak(
            creature,
            &r.creature.name,
            past,
            squares_moved,
            u32::from(speed),
            |p| record(ctx, p).map(|_| ()),
        )?
        .map_err(|e| err("bad_sneak", e))?;
        let modifiers: Vec<Modifier> =
            crate::hiding::sneak_modifier(squares_moved, u32::from(speed))
                .into_iter()
                .collect();
        let cmd = request
            .modifiers(modifiers)
            // Stealth covers hiding and sneaking (CR-EXP-05).
            .approved(vec![ExpertiseName::Stealth])
            .command();
        self.test(ctx, &cmd)
    }

    /// An assist (CR-ASSIST-01); in combat it is made on the helper's combat turn and costs a
    /// maneuver or an action by what the assisted test needs (CR-ASSIST-03), recorded as
    /// `assist_charged` for the combat family's turn budget. `request` is the helper's test
    /// with the Referee's edges, banes, bonus and approved expertises.
    pub(in crate::ruleset) fn assist(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        assisted: &str,
        needs: Option<AssistedNeeds>,
        request: TestRequest,
    ) -> Result<(), RuleError> {
        let creature = request.creature().to_string();
        let creature = creature.as_str();
        let r = living(ctx, creature)?;
        living(ctx, assisted)?;
        let combat = ctx.core().clock.combat.clone();
        let charge = match &combat {
            None => None,
            Some(c) => {
                let cost = crate::special_tests::assist_in_combat(
                    &r.creature.name,
                    needs.map(turn_cost),
                    ctx.core().clock.acting() == Some(creature),
                    r.creature.conditions.has(ConditionKind::Unconscious),
                )
                .map_err(|e| match e {
                    GroupError::AssistCostUnknown => err("assist_cost_unknown", e),
                    GroupError::AssistNotOnOwnTurn { .. } => err("not_your_turn", e),
                    _ => err("no_actions", e),
                })?;
                Some(AssistCharge {
                    helper: creature.to_string(),
                    assisted: assisted.to_string(),
                    cost: charged(cost),
                    round: c.round,
                })
            }
        };
        if let Some(charge) = charge {
            let vis = audience(ctx, creature);
            ctx.emit_for(CoreEvent::AssistCharged { charge }, vis)?;
        }
        let cmd = request
            .kind(TestKind::Assist)
            .assist_for(assisted)
            .command();
        self.test(ctx, &cmd)
    }

    /// `circumstances_changed`: a blocked retry is allowed again (CR-RETRY-01).
    pub(super) fn circumstances_changed(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        task: &str,
    ) -> Result<(), RuleError> {
        record(ctx, creature)?;
        ctx.rules()
            .retries
            .may_change_circumstances(creature, task)
            .map_err(|e| err("nothing_to_retry", e))?;
        ctx.emit_for(
            CoreEvent::CircumstancesChanged {
                creature: creature.to_string(),
                task: task.to_string(),
            },
            audience(ctx, creature),
        )
    }
}

impl Crows {
    /// `crows.expertise`: the controller commits the test as rolled or spends an expertise
    /// (CR-EXP-01).
    pub(super) fn answer_expertise(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        decision: &Decision,
        answer: &Answer,
        creature: String,
    ) -> Result<(), RuleError> {
        let rolled: RolledTest = decoded(&decision.context, "rolled").ok_or_else(bad_context)?;
        let meta: TestMeta = decoded(&decision.context, "meta").unwrap_or_default();
        if answer.option == "commit" {
            let resolved = rolled.commit(None).map_err(|e| err("bad_test", e))?;
            return self.finish_test(ctx, &creature, resolved, &meta);
        }
        let name: ExpertiseName = from_snake(&answer.option).ok_or_else(bad_context)?;
        let approved: Vec<ExpertiseName> =
            decoded(&decision.context, "approved").unwrap_or_default();
        let mut c = living(ctx, &creature)?.creature;
        let mut uses: Expertises = c.expertises.clone();
        let resolved = crate::expertise::commit_with_expertise(
            rolled,
            &mut uses,
            name,
            approved.contains(&name),
        )
        .map_err(|e| err("expertise_refused", e))?;
        c.expertises = uses;
        set_creature_only(ctx, &creature, c, "expertise spent", json!(name))?;
        self.finish_test(ctx, &creature, resolved, &meta)
    }

    /// A Referee ruling on a test's outcome, recorded under its kind.
    pub(super) fn record_ruling(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        decision: &Decision,
        answer: &Answer,
        creature: String,
        kind: &str,
    ) -> Result<(), RuleError> {
        let hidden = record(ctx, &creature).map(|r| r.hidden).unwrap_or(true);
        let vis = if hidden {
            Visibility::Referee
        } else {
            Visibility::Public
        };
        let payers: Vec<String> = if answer.option == "success_at_cost" {
            decoded(&decision.context, "cost_payers").unwrap_or_default()
        } else {
            Vec::new()
        };
        ctx.emit_for(
            CoreEvent::Ruled {
                ruling: Ruling {
                    creature,
                    kind: kind.to_string(),
                    option: answer.option.clone(),
                    text: answer.text.clone(),
                    payers,
                },
            },
            vis,
        )
    }
}

/// What a test is about, for the modifiers its situation brings.
struct Situation<'a> {
    creature: &'a str,
    kind: &'a TestKind,
    characteristic: Characteristic,
    activities: &'a [crate::test_roll::Activity],
    task: Option<&'a str>,
    target: Option<&'a str>,
    perception: bool,
    forced_by: Option<&'a str>,
}

/// The modifiers the table's situation adds to a test (standing effects, a target's glow, a
/// prepared task, hiding, light), and the hidden attacker's target who notices it.
fn situation_modifiers(
    ctx: &Ctx<'_, Crows>,
    s: &Situation<'_>,
) -> Result<(Vec<Modifier>, Option<String>), RuleError> {
    let Situation {
        creature,
        kind,
        characteristic,
        activities,
        task,
        target,
        perception,
        forced_by,
    } = *s;
    let kind = *kind;
    let mut out = Vec::new();
    out.extend(standing_test_modifiers(
        ctx.rules(),
        creature,
        &kind,
        characteristic,
        activities,
    ));
    // On an attack, the target's glow (CR-BL-24).
    if let (TestKind::Attack { .. }, Some(t)) = (kind, target) {
        out.extend(ctx.rules().magic.attack_modifiers_against(t));
    }
    // Prepare for Task (CR-RACT-06): the prepared task's bonus until the end of the next
    // rest. The book gives +2 to the tests for that task for that whole time, not to one
    // test only (a reading of "the next matching test, then spent" lost to the text):
    // retrying the same task is bounded by CR-RETRY-01 anyway.
    if let (Some(task), Some(prepared)) = (task, ctx.rules().explore.preparations.get(creature))
        && same_task(&prepared.task, task)
    {
        out.push(Modifier::bonus(
            ModifierSource::new(SourceKind::RestActivity, "CR-RACT-06"),
            i32::from(prepared.bonus),
        ));
    }
    // Hiding (CR-HIDE-03): an attack from hiding has an edge; a resistance roll forced
    // by a hidden creature a bane.
    let mut noticed_by = None;
    if let (TestKind::Attack { .. }, Some(t)) = (kind, target) {
        record(ctx, t)?;
        if let Some(m) = ctx.rules().hiding.attack_modifier(creature, t) {
            out.push(m);
            noticed_by = Some(t.to_string());
        }
    }
    // Light (CR-LIGHT-03/04/05): at the target's square for an attack, at the creature's
    // own for a test to make out details or search; computed from the lit sources when
    // positions are known; none for a creature that sees without light (CR-CORE-03).
    if let (TestKind::Attack { .. }, Some(t)) = (kind, target) {
        out.extend(light_modifier_for(ctx.rules(), creature, t));
    }
    if perception {
        out.extend(light_modifier_for(ctx.rules(), creature, creature));
    }
    if let (TestKind::ResistanceRoll, Some(h)) = (kind, forced_by) {
        record(ctx, h)?;
        out.extend(ctx.rules().hiding.forced_rr_modifier(h, creature));
    }
    Ok((out, noticed_by))
}

/// The expertises the creature could spend at the commit point (CR-EXP-01): those with uses
/// left that the test allows, or that the Referee approved, when one would change the tier.
fn expertise_offer(
    c: &crate::creature::Creature,
    rolled: &RolledTest,
    kind: &TestKind,
    approved_expertises: &[ExpertiseName],
) -> Vec<ExpertiseName> {
    if rolled.expertise_would_help() {
        c.expertises
            .uses
            .iter()
            .filter(|(_, u)| u.left > 0)
            .map(|(n, _)| *n)
            .filter(|n| match eligibility(kind, *n) {
                Eligibility::Allowed => true,
                Eligibility::RefereeApproval => approved_expertises.contains(n),
                Eligibility::Forbidden { .. } => false,
            })
            .collect()
    } else {
        Vec::new()
    }
}

/// Asks the creature's controller to spend one of `offer` or commit (`crows.expertise`).
fn ask_expertise(
    ctx: &mut Ctx<'_, Crows>,
    c: &crate::creature::Creature,
    creature: &str,
    rolled: &RolledTest,
    offer: &[ExpertiseName],
    approved_expertises: &[ExpertiseName],
    meta: &TestMeta,
) -> Result<(), RuleError> {
    let labels: Vec<(String, String)> = std::iter::once(("commit".to_string(), {
        format!(
            "Commit: tier {}",
            rolled.final_tier_without_expertise().number()
        )
    }))
    .chain(offer.iter().map(|n| {
        (
            snake(n),
            format!(
                "Spend {} (→ tier {}, {} use(s) left)",
                snake(n),
                rolled.final_tier_with_expertise().number(),
                c.expertises.uses_left(*n)
            ),
        )
    }))
    .collect();
    let refs: Vec<(&str, &str)> = labels
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut request = DecisionRequest::new(
        "crows.expertise",
        format!(
            "{} rolled tier {}: spend an expertise or commit (CR-EXP-01)",
            c.name,
            rolled.tier_before_expertise.number()
        ),
        Answerer::Controller(creature.to_string()),
        &refs,
    )
    .with_default("commit")
    .with_visibility(audience(ctx, creature))
    .with_args(json!({
        "creature": creature,
        "tier": rolled.tier_before_expertise.number(),
        "tier_without": rolled.final_tier_without_expertise().number(),
        "tier_with": rolled.final_tier_with_expertise().number(),
    }))
    .with_context(json!({
        "creature": creature,
        "rolled": rolled,
        "approved": approved_expertises,
        "meta": meta,
    }));
    // Each spend option's numbers, for a client that words the option itself.
    for (opt, n) in request.options.iter_mut().skip(1).zip(offer) {
        opt.data = json!({"uses_left": c.expertises.uses_left(*n)});
    }
    ctx.ask(request).map(|_| ())
}
