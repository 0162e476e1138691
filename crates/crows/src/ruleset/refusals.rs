//! Every refusal code the Crows ruleset gives (`RuleError::code`), so the screens can word each
//! one (`err-<code>` in `web/rulesets/crows/*.ftl`); a test reads the sources and fails on a code
//! missing here. The pure modules' reasons are listed by [`crate::refusal::all_reasons`].

/// The codes, sorted.
pub const REFUSAL_CODES: &[&str] = &[
    "activity_refused",
    "activity_taken",
    "already_checked",
    "already_paused",
    "already_tended",
    "already_tried",
    "asleep",
    "assist_cost_unknown",
    "assisting",
    "bad_aim",
    "bad_ancestry",
    "bad_answer",
    "bad_area",
    "bad_assist",
    "bad_attack",
    "bad_backlash",
    "bad_characteristic",
    "bad_check",
    "bad_condition",
    "bad_context",
    "bad_continuation",
    "bad_corpse",
    "bad_craft",
    "bad_creature",
    "bad_decision",
    "bad_effect",
    "bad_face",
    "bad_fall",
    "bad_found",
    "bad_group",
    "bad_guess",
    "bad_hexes",
    "bad_hide",
    "bad_hours",
    "bad_house_rule",
    "bad_id",
    "bad_improvised",
    "bad_item",
    "bad_item_name",
    "bad_length",
    "bad_light",
    "bad_minutes",
    "bad_mount",
    "bad_move",
    "bad_name",
    "bad_object",
    "bad_option",
    "bad_overrides",
    "bad_owner",
    "bad_pack",
    "bad_pack_count",
    "bad_party",
    "bad_path",
    "bad_picks",
    "bad_position",
    "bad_query",
    "bad_recipe",
    "bad_rivals",
    "bad_site",
    "bad_sneak",
    "bad_square",
    "bad_stamina",
    "bad_target",
    "bad_task",
    "bad_terrain",
    "bad_test",
    "bad_trigger",
    "bad_usage",
    "camp_secluded",
    "cannot_cast",
    "cannot_rest",
    "casting",
    "characteristic_out_of_range",
    "combat_refused",
    "condition_present",
    "condition_refused",
    "corpse_taken",
    "corpse_too_big",
    "craft_refused",
    "damage_refused",
    "day_running",
    "dead",
    "destroyed",
    "douse_refused",
    "duplicate_creature",
    "empty_party",
    "end_of_turn",
    "expertise_refused",
    "expertise_unknown",
    "exploration_running",
    "exploring",
    "fight_running",
    "forced_move_refused",
    "forecast_args",
    "forecast_no_fight",
    "forecast_no_party",
    "forecast_no_visit",
    "grid_too_big",
    "halfway_done",
    "hands_are_feet",
    "has_character",
    "hide_refused",
    "holds_role",
    "id_taken",
    "improvised_refused",
    "in_combat",
    "in_dungeon",
    "in_town",
    "initiative_pending",
    "inventory",
    "inventory_refused",
    "item_unusable",
    "jump_refused",
    "knock_out_refused",
    "light_refused",
    "lost_guide",
    "miasma",
    "missing_field",
    "missing_recipient",
    "mount_too_small",
    "move_refused",
    "multi_target_refused",
    "no_actions",
    "no_ammunition",
    "no_armor",
    "no_backlash",
    "no_campfire_row",
    "no_casting",
    "no_condition",
    "no_corpse",
    "no_creatures",
    "no_dungeon",
    "no_encounters",
    "no_expertise_use",
    "no_fight",
    "no_guess_needed",
    "no_hexes_left",
    "no_line_of_effect",
    "no_name",
    "no_object",
    "no_party",
    "no_position",
    "no_quarry",
    "no_ration",
    "no_rest",
    "no_role",
    "no_sign",
    "no_stamina",
    "no_tentacles",
    "no_threshold",
    "no_travel_day",
    "no_trigger",
    "no_usage_dice",
    "no_wound_slot",
    "not_a_light",
    "not_a_participant",
    "not_a_player",
    "not_a_ration",
    "not_a_spellbook",
    "not_bladed",
    "not_condition_bound",
    "not_exploring",
    "not_flying",
    "not_held",
    "not_hidden",
    "not_in_combat",
    "not_in_dungeon",
    "not_in_party",
    "not_in_town",
    "not_lit",
    "not_lost",
    "not_magic",
    "not_on_activation",
    "not_paused",
    "not_placed",
    "not_resting",
    "not_room_based",
    "not_there",
    "not_your_pet",
    "not_your_side",
    "not_your_spell",
    "not_your_turn",
    "not_yours",
    "notes_too_long",
    "nothing_readied",
    "nothing_to_edit",
    "nothing_to_retry",
    "off_grid",
    "order_too_long",
    "pet_commanded",
    "players_only",
    "reaction_pending",
    "recognised",
    "referee_only",
    "refuel_refused",
    "refuses_roles",
    "rename_refused",
    "reposition_refused",
    "request_pending",
    "rest_finishing",
    "rest_in_the_open",
    "resting",
    "retry_refused",
    "role_refused",
    "roles_closed",
    "roles_pending",
    "round_running",
    "shift_refused",
    "site_in_use",
    "slot_taken",
    "slot_unusable",
    "space_occupied",
    "speed_zero",
    "square_blocked",
    "stamina_above_max",
    "stand_up_refused",
    "task_not_ruled",
    "teleport_refused",
    "too_high",
    "too_many_creatures",
    "too_many_hexes",
    "too_many_modifiers",
    "too_many_objects",
    "too_many_sites",
    "too_many_targets",
    "too_much_sleep",
    "topple_refused",
    "town_refused",
    "track_unruled",
    "turned",
    "unconscious",
    "unexpected_decision",
    "unknown_attack",
    "unknown_card",
    "unknown_corpse",
    "unknown_creature",
    "unknown_decision",
    "unknown_ground_item",
    "unknown_hex",
    "unknown_item",
    "unknown_light",
    "unknown_magic_item",
    "unknown_project",
    "unknown_property",
    "unknown_site",
    "usage_dice",
    "usage_refused",
    "use_the_maneuver",
    "wound_refused",
    "zoomed_in",
];

#[cfg(test)]
mod tests {
    use super::REFUSAL_CODES;
    use std::collections::BTreeSet;

    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }

    /// The leading string literal of `text` (after blanks), if it reads like a code.
    fn code_at(text: &str) -> Option<&str> {
        let rest = text.trim_start().strip_prefix('"')?;
        let end = rest.find('"')?;
        let code = &rest[..end];
        (!code.is_empty()
            && code.starts_with(|c: char| c.is_ascii_lowercase())
            && code
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
        .then_some(code)
    }

    /// The codes the sources give: the first literal of `RuleError::new(`, `err(`, `refuse(`,
    /// and the code argument of `label(` (its first code-like literal), outside test modules.
    fn codes_in_sources() -> BTreeSet<String> {
        let mut paths = Vec::new();
        files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset"),
            &mut paths,
        );
        let mut found = BTreeSet::new();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let text = match text.find("#[cfg(test)]\nmod tests") {
                Some(at) => &text[..at],
                None => &text[..],
            };
            for call in ["RuleError::new(", "err(", "refuse("] {
                for (i, _) in text.match_indices(call) {
                    let before = text[..i].chars().next_back();
                    if call != "RuleError::new("
                        && before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                    {
                        continue;
                    }
                    if let Some(code) = code_at(&text[i + call.len()..]) {
                        found.insert(code.to_string());
                    }
                }
            }
            for (i, _) in text.match_indices("label(") {
                if text[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                {
                    continue;
                }
                let call = &text[i..];
                let call = &call[..call.find(')').unwrap_or(call.len())];
                if let Some(code) = call.split(',').find_map(code_at) {
                    found.insert(code.to_string());
                }
            }
        }
        found
    }

    /// `err(code, e)` keeps the code and the English words, and adds the reason, the pure
    /// module (`source`), the facts and the rule; the ruleset's own words keep their rule.
    #[test]
    fn err_fills_reason_facts_and_rule() {
        use crate::inventory::{InventoryError, SlotKind, SlotRef};
        use serde_json::json;
        let e = super::super::adapter::err(
            "inventory_refused",
            InventoryError::StackFull {
                slot: SlotRef {
                    kind: SlotKind::Belt,
                    number: 2,
                },
                limit: 3,
            },
        );
        assert_eq!(e.code, "inventory_refused");
        assert_eq!(e.rule.as_deref(), Some("CR-INV-04"));
        assert_eq!(
            serde_json::Value::Object(e.args.clone()),
            json!({"reason": "stack_full", "source": "inventory", "slot_kind": "belt",
                "slot_number": 2, "limit": 3})
        );
        assert_eq!(
            e.message,
            "CR-INV-04: the stack in belt slot 2 is full (3 per slot)"
        );
        let e = super::super::adapter::err("resting", "CR-REST-03: the party is resting");
        assert_eq!(e.rule.as_deref(), Some("CR-REST-03"));
        assert!(e.args.is_empty());
        // Arguments added later join the reason's.
        let e = super::super::adapter::err("inventory_refused", InventoryError::NotConsecutive)
            .with_args(json!({"creature": "vera"}));
        assert_eq!(e.args["reason"], "not_consecutive");
        assert_eq!(e.args["creature"], "vera");
    }

    #[test]
    fn every_code_the_sources_give_is_listed() {
        let listed: BTreeSet<String> = REFUSAL_CODES.iter().map(|c| c.to_string()).collect();
        let found = codes_in_sources();
        assert!(found.len() > 200, "{} codes found", found.len());
        let unlisted: Vec<_> = found.difference(&listed).collect();
        let stale: Vec<_> = listed.difference(&found).collect();
        assert!(
            unlisted.is_empty(),
            "codes missing from REFUSAL_CODES: {unlisted:?}"
        );
        assert!(
            stale.is_empty(),
            "REFUSAL_CODES lists codes no source gives: {stale:?}"
        );
        let mut sorted = REFUSAL_CODES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, REFUSAL_CODES, "REFUSAL_CODES is sorted");
    }
}
