//! House rules and card exceptions (CR-CORE-02, CR-CORE-03): the table's settings changed
//! mid-campaign, and the Referee's ruling on a creature's exceptions to general rules; and the
//! campaign's names for a character's rivals (CR-EXT-15).
//!
//! Commands (the Referee's):
//! - `{"set_house_rules": {"options": {"wound_placement": "empty_slot_only"},
//!   "test_rules": {…}, "assist_lapse": "any_modifier", "dungeon_turn_minutes": 20}}` — house
//!   rules mid-campaign (CR-CORE-02): every key given is merged into the settings in force; an
//!   unknown key or value is refused naming it; the result and the changed keys are logged as
//!   `house_rules_set`. The settings are the named errata options (`WorldOptions`, `TestRules`,
//!   `AssistLapse`), the dungeon-turn length, and the numbers the book leaves to the Referee
//!   or a table may reasonably change, kept in `options`: `holy_shit_corpse_slots` (32 or more,
//!   CR-SIZE-03/CR-REF-16), `holy_shit_campfire` (`{"bright": x, "dim": y}`, CR-REF-34),
//!   `breath_rounds_base` (the 3 of "3 + Strength", CR-HAZ-04) and
//!   `object_rules_affect_attended` (a spell's object target may be an attended object,
//!   CR-CORE-06/CR-REF-14). The same keys may be given in the table's config at creation.
//! - `{"set_rule_overrides": {"creature": "spider", "add": [{"rule": "holds_breath",
//!   "rounds": 10}], "remove": [{"rule": "immune_to_condition", "condition": "prone"}]}}` —
//!   the Referee's ruling on a creature's exceptions to general rules (CR-CORE-03, CR-REF-01):
//!   `add` gives it exceptions, `remove` rules out exceptions its card or items carry (the
//!   ruling beats the card). Logged as its `creature_changed` (`rule exceptions ruled`). The
//!   exceptions ([`crate::creature::RuleOverride`]) come from creature cards (`overrides`),
//!   items in use (`grants`) and these rulings; the engine applies them where the general
//!   rule is computed: `immune_to_condition` (`add_condition` refused, CR-CORE-03),
//!   `sees_in_darkness` (no light bane on its attacks and searches, no square guess),
//!   `holds_breath`/`needs_no_air` (`suffocate`), `needs_no_food` (the day's hunger check;
//!   the rest's ration in explore and travel), `no_falling_damage` (`fall` rolls nothing),
//!   `wounds_do_not_slow` (speed),
//!   `ignores_difficult_terrain` (read by the combat family).
//!
//! Campaign data (the Referee's or the character's player's):
//! - `{"set_rivals": {"creature": "vera", "rivals": ["Captain Orsk", "the Ashen Widow"]}}` —
//!   the character's personal enemies and rivals (CR-EXT-15), the whole list each time. The
//!   viewing portal of backlash 65–66 offers them as the Referee's choices.

use engine::{Ctx, RuleError};
use serde_json::{Value, json};

use crate::creature::{RuleOverride, WorldOptions};
use crate::special_tests::AssistLapse;
use crate::test_roll::TestRules;
use crate::world_options::{may_set_house_rules, merge_dungeon_turn_minutes, merge_setting};

use crate::ruleset::adapter::{Crows, err};

use super::events::CoreEvent;
use super::records::{record, set_creature_only};
use crate::ruleset::state::CrowsState;

/// The table's named settings (CR-CORE-02): the errata options, the test rules, the assist
/// lapse and the dungeon-turn length, as given at creation or changed by the Referee.
pub(super) struct Settings {
    pub(super) options: WorldOptions,
    pub(super) test_rules: TestRules,
    pub(super) assist_lapse: AssistLapse,
    pub(super) dungeon_turn_minutes: i64,
    /// The keys whose value changed, as `section.key`.
    pub(super) changed: Vec<String>,
}

impl Settings {
    /// The settings of `state` with the keys of `patch` merged in (the other keys of `patch`
    /// are not settings and are ignored). A bad key or value is refused with `code`, naming it.
    pub(super) fn merged(
        state: &CrowsState,
        patch: &Value,
        code: &str,
    ) -> Result<Settings, RuleError> {
        let bad = |e| err(code, e);
        let mut changed = Vec::new();
        let options: WorldOptions =
            merge_setting("options", &state.options, patch, &mut changed).map_err(bad)?;
        options.checked().map_err(bad)?;
        let test_rules =
            merge_setting("test_rules", &state.test_rules, patch, &mut changed).map_err(bad)?;
        let assist_lapse =
            merge_setting("assist_lapse", &state.assist_lapse, patch, &mut changed).map_err(bad)?;
        let dungeon_turn_minutes =
            merge_dungeon_turn_minutes(state.dungeon_turn_minutes, patch, &mut changed)
                .map_err(bad)?;
        Ok(Settings {
            options,
            test_rules,
            assist_lapse,
            dungeon_turn_minutes,
            changed,
        })
    }

    pub(super) fn set(self, state: &mut CrowsState) {
        state.options = self.options;
        state.test_rules = self.test_rules;
        state.assist_lapse = self.assist_lapse;
        state.dungeon_turn_minutes = self.dungeon_turn_minutes;
    }
}

impl Crows {
    /// The Referee's ruling on a creature's exceptions (CR-CORE-03, CR-REF-01).
    pub(in crate::ruleset) fn set_rule_overrides(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        add: &[RuleOverride],
        remove: &[RuleOverride],
    ) -> Result<(), RuleError> {
        let mut c = record(ctx, creature)?.creature.clone();
        crate::creature::may_rule_overrides(add, remove).map_err(|e| err("bad_overrides", e))?;
        for o in add {
            c.suppressed.retain(|x| x != o);
            if let RuleOverride::HoldsBreath { .. } = o {
                c.overrides
                    .retain(|x| !matches!(x, RuleOverride::HoldsBreath { .. }));
            }
            if !c.overrides.contains(o) {
                c.overrides.push(o.clone());
            }
        }
        for o in remove {
            c.overrides.retain(|x| x != o);
            if !c.suppressed.contains(o) {
                c.suppressed.push(o.clone());
            }
        }
        let report = json!({"add": add, "remove": remove, "in_force": c.active_overrides()});
        set_creature_only(ctx, creature, c, "rule exceptions ruled", report)
    }

    /// A character's personal enemies and rivals (CR-EXT-15).
    pub(in crate::ruleset) fn set_rivals(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        rivals: &[String],
    ) -> Result<(), RuleError> {
        crate::creature::may_rivals(rivals).map_err(|e| err("bad_rivals", e))?;
        let mut c = record(ctx, creature)?.creature.clone();
        c.rivals = rivals.iter().map(|r| r.trim().to_string()).collect();
        let report = json!({"rivals": c.rivals});
        set_creature_only(ctx, creature, c, "rivals set", report)
    }

    /// `set_house_rules`: the Referee changes the table's settings mid-campaign (CR-CORE-02).
    pub(super) fn set_house_rules(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        options: &Option<Value>,
        test_rules: &Option<Value>,
        assist_lapse: &Option<Value>,
        dungeon_turn_minutes: &Option<i64>,
    ) -> Result<(), RuleError> {
        let mut patch = serde_json::Map::new();
        for (key, value) in [
            ("options", options.clone()),
            ("test_rules", test_rules.clone()),
            ("assist_lapse", assist_lapse.clone()),
            (
                "dungeon_turn_minutes",
                dungeon_turn_minutes.map(Value::from),
            ),
        ] {
            if let Some(v) = value {
                patch.insert(key.into(), v);
            }
        }
        let s = Settings::merged(ctx.rules(), &Value::Object(patch), "bad_house_rule")?;
        may_set_house_rules(&s.changed).map_err(|e| err("bad_house_rule", e))?;
        ctx.emit(CoreEvent::HouseRulesSet {
            options: s.options,
            test_rules: s.test_rules,
            assist_lapse: s.assist_lapse,
            dungeon_turn_minutes: s.dungeon_turn_minutes,
            changed: s.changed,
        })
    }
}
