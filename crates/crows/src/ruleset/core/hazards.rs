//! Hazards (CR-HAZ): falling, suffocation and breath.
//!
//! Commands (the Referee's):
//! - Hazards: `{"fall": {"creature": "vera", "feet": 30, "resist": true}}` (1d6 piercing per
//!   10 ft; the Agility resistance roll removes 0/1/2 d6), `{"suffocate": {"creature": "vera"}}`
//!   (one round without air: 1d6 after 3 + Strength rounds), `{"breathe": {"creature": "vera"}}`.

use engine::{Ctx, RuleError};
use serde_json::{Value, json};

use crate::conditions::ConditionKind;
use crate::creature::RuleOverride;
use crate::damage::Hit;
use crate::test_roll::{Characteristic, TestKind, Tier};

use crate::ruleset::adapter::Crows;
use crate::ruleset::request::TestRequest;
use crate::ruleset::then::{CoreThen, Then};

use super::records::{audience, living, record, set_creature};
use crate::ruleset::adapter::{err, roll_d6s, roll_die};

impl Crows {
    /// The rest of a fall once its resistance roll (if any) is resolved: the reduction dice for
    /// the roll's tier, then the damage through the pipeline (CR-HAZ-01/02).
    pub(super) fn land(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        feet: u32,
        faces: &[u8],
        tier: Option<Tier>,
    ) -> Result<(), RuleError> {
        let vis = audience(ctx, creature);
        let reduction = match tier {
            Some(t) => roll_d6s(
                ctx,
                "fall reduction",
                crate::hazards::fall_reduction_dice(t),
                &vis,
            )?,
            None => Vec::new(),
        };
        let fall = crate::hazards::resolve_fall(feet, faces, tier, &reduction)
            .map_err(|e| err("bad_fall", e))?;
        let extra = record(ctx, creature)?
            .creature
            .conditions
            .extra_damage_dice();
        let vulnerable = roll_d6s(ctx, "vulnerable", extra, &vis)?;
        self.damage(
            ctx,
            creature,
            Hit {
                damage: fall.damage,
                vulnerable_faces: vulnerable,
                doubled: false,
                by_player: false,
            },
        )
    }

    /// `fall`: 1d6 piercing per 10 feet, after the Agility resistance roll when allowed
    /// (CR-HAZ-01/02).
    pub(super) fn fall(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        feet: &u32,
        resist: &bool,
    ) -> Result<(), RuleError> {
        let r = living(ctx, creature)?;
        if *feet > 10_000 {
            return Err(RuleError::new("bad_fall", "a fall of at most 10000 feet"));
        }
        if r.creature.has_override(&RuleOverride::NoFallingDamage) {
            // Its exception beats the falling rule (CR-CORE-03): no dice, no damage.
            return set_creature(
                ctx,
                creature,
                r,
                "fell unharmed",
                json!({"feet": feet, "exception": "no_falling_damage"}),
            );
        }
        let vis = audience(ctx, creature);
        let n = u8::try_from(crate::hazards::fall_dice(*feet)).unwrap_or(u8::MAX);
        let faces = roll_d6s(ctx, "fall damage", n, &vis)?;
        let can = crate::hazards::can_resist_fall(
            *resist,
            r.creature.conditions.has(ConditionKind::Unconscious),
        );
        if can {
            // The Agility resistance roll is core's test (CR-HAZ-02, CR-RR-02): the
            // creature's edges and banes, the test record (CR-CHECK-10) and the
            // expertise offer at the commit point; the fall goes on when it resolves.
            return TestRequest::new(creature, Characteristic::Agility)
                .kind(TestKind::ResistanceRoll)
                .crit_and_doom_defined_by_rule(true)
                .then(Then::Core(CoreThen::Fall { feet: *feet, faces }))
                .roll(self, ctx);
        }
        self.land(ctx, creature, *feet, &faces, None)
    }

    /// `suffocate`: one round without air (CR-HAZ-04).
    pub(super) fn suffocate(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
    ) -> Result<(), RuleError> {
        let mut r = living(ctx, creature)?;
        let options = ctx.rules().options;
        // 3 + Strength rounds unless an exception says otherwise (CR-CORE-03).
        let hurts = r.suffocation.start_of_round_for(&r.creature, &options);
        let rounds = r.suffocation.rounds_without_air;
        set_creature(
            ctx,
            creature,
            r.clone(),
            "without air",
            json!({"rounds": rounds}),
        )?;
        if hurts {
            let vis = audience(ctx, creature);
            let d6 = roll_die(ctx, "suffocation", 6, vis.clone())?;
            let damage =
                crate::hazards::suffocation_damage(d6, &options).map_err(|e| err("bad_face", e))?;
            let extra = r.creature.conditions.extra_damage_dice();
            let vulnerable = roll_d6s(ctx, "vulnerable", extra, &vis)?;
            self.damage(
                ctx,
                creature,
                Hit {
                    damage,
                    vulnerable_faces: vulnerable,
                    doubled: false,
                    by_player: false,
                },
            )?;
        }
        Ok(())
    }

    /// `breathe`: the creature has air again; its breath count starts over.
    pub(super) fn breathe(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
    ) -> Result<(), RuleError> {
        let mut r = record(ctx, creature)?.clone();
        r.suffocation.breathe();
        set_creature(ctx, creature, r, "breathes", Value::Null)
    }
}
