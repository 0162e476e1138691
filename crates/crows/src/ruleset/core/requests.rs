//! Character requests (CR-CORE-09): a player without a living character asks for one and
//! the Referee approves or refuses it.
//!
//! A player without a living character:
//! - `{"request_character": {"name": "Corvin", "ancestry": "dwarf", "characteristics":
//!   {"agility": 2, "mind": 0, "strength": -1}, "stamina": 5}}` — checked at once (a new
//!   crow's characteristics are −1…2, CR-CORE-09), then the Referee answers
//!   `crows.core.character_request` (`approve`/`refuse`, free text: the reason). Approval
//!   binds the player (`Ctx::bind_character`) and creates the crow as `create_creature` does
//!   (id: the name and a random suffix); a refusal is logged as `character_request_refused` for that player.

use std::collections::BTreeMap;

use engine::{Answer, Answerer, Ctx, Decision, DecisionRequest, RuleError, Visibility};
use serde_json::json;

use crate::creature::{Characteristics, CreatureKind, Size};

use crate::ruleset::adapter::Crows;

use super::commands::CharacteristicValues;
use super::commands::{CoreCommand, default_speeds};
use super::events::CoreEvent;
use super::records::{record, set_creature_only};
use crate::ruleset::adapter::err;

/// Stamina a requested crow may be given (the Characters book sets the real value).
pub const MAX_REQUEST_STAMINA: u16 = 99;

/// The Referee's decision on a player's character request.
pub const CHARACTER_REQUEST: &str = "crows.core.character_request";

/// A character name a player chose: in normal form, without invisible or control characters,
/// and not a look-alike of a player character's name (`engine::names`; only characters bound to
/// players are compared, so the answer says nothing about hidden creatures).
pub(super) fn player_chosen_name(ctx: &Ctx<'_, Crows>, name: &str) -> Result<String, RuleError> {
    let refuse = |e: engine::names::NameError| {
        let rule = match e {
            engine::names::NameError::LookAlike { .. } => engine::names::NAME_LOOK_ALIKE,
            _ => engine::names::NAME_CHARACTERS,
        };
        RuleError::new("bad_name", format!("the character name: {e}")).rule(rule)
    };
    let name = engine::names::normalise(name).map_err(refuse)?;
    let creatures = &ctx.rules().creatures;
    let taken = ctx
        .core()
        .participants
        .players
        .values()
        .flatten()
        .filter_map(|id| creatures.get(id))
        .map(|r| r.creature.name.as_str());
    engine::names::check_distinct(&name, taken).map_err(refuse)?;
    Ok(name)
}

/// A new creature's id from its name: the name in lower case with `-` for spaces, then a
/// random suffix (from the recorded generator), so the id tells a player nothing about the
/// ids already taken (hidden creatures' too).
pub(super) fn new_creature_id(ctx: &mut Ctx<'_, Crows>, name: &str) -> String {
    let base: String = name
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_whitespace() { '-' } else { c })
        .take(48)
        .collect();
    loop {
        let id = format!("{base}-{}", &ctx.new_id()[..6]);
        if !ctx.rules().creatures.contains_key(&id) {
            return id;
        }
    }
}

impl Crows {
    /// `request_character`: a player without a living character asks for a crow. Checked now
    /// (so a bad request is refused at once), then the Referee decides.
    pub(super) fn request_character(
        &self,
        ctx: &mut Ctx<'_, Self>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::RequestCharacter {
            name,
            ancestry,
            characteristics: ch,
            stamina,
        } = cmd
        else {
            return Ok(());
        };
        let engine::Actor::Player(player) = ctx.actor().clone() else {
            return Err(RuleError::new(
                "players_only",
                "only a player requests a character; the Referee uses `create_creature`",
            ));
        };
        let bound = ctx.core().participants.players.get(&player);
        if let Some(id) = bound.into_iter().flatten().find(|id| {
            ctx.rules()
                .creatures
                .get(*id)
                .is_some_and(|r| r.creature.alive)
        }) {
            return Err(RuleError::new(
                "has_character",
                format!("`{player}` already plays the living character `{id}`"),
            )
            .with_args(json!({"player": player, "creature": id})));
        }
        if ctx
            .core()
            .decisions
            .iter()
            .any(|d| d.kind == CHARACTER_REQUEST && d.context["player"] == player.as_str())
        {
            return Err(RuleError::new(
                "request_pending",
                format!("`{player}` already waits for the Referee's answer"),
            )
            .with_args(json!({"player": player})));
        }
        let name = crate::creature::character_name(name).map_err(|e| err("bad_name", e))?;
        let name = player_chosen_name(ctx, &name)?;
        let ancestry = ancestry
            .as_deref()
            .map(crate::creature::ancestry_label)
            .transpose()
            .map_err(|e| err("bad_ancestry", e))?;
        // A new crow's characteristics are −1…2 (CR-CORE-09).
        Characteristics::new_crow(ch.agility, ch.mind, ch.strength)
            .map_err(|e| err("characteristic_out_of_range", e))?;
        if !(1..=MAX_REQUEST_STAMINA).contains(stamina) {
            return Err(RuleError::new(
                "bad_stamina",
                format!("Stamina is 1…{MAX_REQUEST_STAMINA}"),
            )
            .rule("MAX_REQUEST_STAMINA"));
        }
        let request = json!({
            "name": name,
            "ancestry": ancestry,
            "characteristics": ch,
            "stamina": stamina,
        });
        ctx.ask(
            DecisionRequest::new(
                CHARACTER_REQUEST,
                format!(
                    "{player} asks to play {name} (Agility {}, Mind {}, Strength {}, Stamina {stamina})",
                    ch.agility, ch.mind, ch.strength
                ),
                Answerer::Referee,
                &[("approve", "Approve"), ("refuse", "Refuse")],
            )
            .with_free_text()
            .with_visibility(Visibility::player(player.clone()))
            .with_args(json!({"player": player, "name": name, "agility": ch.agility,
                "mind": ch.mind, "strength": ch.strength, "stamina": stamina}))
            .with_context(json!({"player": player, "request": request})),
        )?;
        Ok(())
    }

    /// The Referee's answer to a character request: approval creates the crow as
    /// `create_creature` does and binds it to the player; a refusal tells the player.
    pub(super) fn answer_character_request(
        &self,
        decision: &Decision,
        answer: &Answer,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        let bad = || RuleError::new("bad_decision", "decision context is incomplete");
        let player = decision.context["player"]
            .as_str()
            .ok_or_else(bad)?
            .to_string();
        let request = &decision.context["request"];
        let name = request["name"].as_str().ok_or_else(bad)?.to_string();
        if answer.option != "approve" {
            let reason = answer.text.as_ref().map(|t| t.trim().to_string());
            return ctx.emit_for(
                CoreEvent::CharacterRequestRefused {
                    player: player.clone(),
                    name,
                    reason: reason.filter(|t| !t.is_empty()),
                },
                Visibility::player(player),
            );
        }
        let characteristics: CharacteristicValues =
            serde_json::from_value(request["characteristics"].clone()).map_err(|_| bad())?;
        let stamina = request["stamina"]
            .as_u64()
            .and_then(|s| u16::try_from(s).ok())
            .ok_or_else(bad)?;
        let id = new_creature_id(ctx, &name);
        // Bound first, so the new crow's record goes to its player.
        ctx.bind_character(&player, &id)?;
        self.create(
            ctx,
            &CoreCommand::CreateCreature {
                id: id.clone(),
                name: Some(name),
                card: None,
                kind: Some(CreatureKind::Crow),
                characteristics: Some(characteristics),
                stamina: Some(stamina),
                speed: default_speeds(),
                size: Size::default(),
                expertises: BTreeMap::new(),
                backpack_slots: None,
                hidden: Some(false),
                revealed: Some(true),
            },
        )?;
        if let Some(a) = request["ancestry"].as_str() {
            let mut c = record(ctx, &id)?.creature.clone();
            c.ancestry = Some(a.to_string());
            set_creature_only(ctx, &id, c, "ancestry", json!(a))?;
        }
        Ok(())
    }
}
