//! Hiding (CR-HIDE-01…05): who is hidden from whom, and showing a creature again.
//!
//! Commands (the Referee's):
//! - `{"hide": {"creature": "vera", "from": ["ghoul"], "watching": []}}` — after a successful
//!   hide test: Vera is hidden from those creatures (a relation, CR-HIDE-05); refused
//!   (CR-HIDE-01) for an observer the Referee lists as watching. `{"reveal": {"creature":
//!   "vera", "to": ["ghoul"]}}` (`to` empty: everyone). A player every one of whose characters
//!   a creature is hidden from does not see it: not in the view, and its events (creature
//!   changes, rolls, tests, decisions, death) are not sent to that player at all.

use std::collections::BTreeSet;

use engine::{Ctx, RuleError, Viewer, Visibility};
use serde_json::Value;

use crate::hiding::HideError;

use crate::ruleset::adapter::Crows;

use super::events::CoreEvent;
use super::records::{audience, living, record, set_creature, viewer_sees};
use crate::ruleset::adapter::err;
use crate::ruleset::state::CreatureRecord;

impl Crows {
    /// Ends `creature`'s hiding from `to` and shows its current record to the players who
    /// now see it.
    pub(in crate::ruleset) fn reveal(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        to: Vec<String>,
    ) -> Result<(), RuleError> {
        ctx.emit(CoreEvent::Revealed {
            creature: creature.to_string(),
            to,
        })?;
        let r = record(ctx, creature)?.clone();
        set_creature(ctx, creature, r, "revealed", Value::Null)
    }

    /// The Referee shows a creature kept out of the players' sight since its creation (and
    /// drops every hiding relation it had): from now on it is seen like any other.
    pub(super) fn reveal_to_players(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        mut r: CreatureRecord,
    ) -> Result<(), RuleError> {
        let to: Vec<String> = ctx
            .rules()
            .hiding
            .hidden_from(creature)
            .map(str::to_string)
            .collect();
        if !to.is_empty() {
            ctx.emit_for(
                CoreEvent::Revealed {
                    creature: creature.to_string(),
                    to,
                },
                Visibility::Referee,
            )?;
        }
        r.unrevealed = false;
        set_creature(ctx, creature, r, "revealed", Value::Null)
    }

    /// `hide`: after a successful hide test, the creature is hidden from those observers
    /// (CR-HIDE-01/05).
    pub(super) fn hide(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        from: &[String],
        watching: &[String],
    ) -> Result<(), RuleError> {
        living(ctx, creature)?;
        crate::hiding::may_hide(creature, from, watching, |o| record(ctx, o).map(|_| ()))?
            .map_err(|e| match e {
                HideError::Observed { .. } => err("hide_refused", e),
                _ => err("bad_hide", e),
            })?;
        // Seen by the Referee and the hider's players (not by those it hides from).
        let vis = match audience(ctx, creature) {
            Visibility::Referee => Visibility::Referee,
            _ => {
                let players: BTreeSet<String> = ctx
                    .core()
                    .participants
                    .controllers(creature)
                    .cloned()
                    .collect();
                if players.is_empty() {
                    Visibility::Referee
                } else {
                    Visibility::Players(players)
                }
            }
        };
        // The players whose characters saw it: those who no longer do are told at once.
        let players: Vec<String> = ctx.core().participants.players.keys().cloned().collect();
        let seeing = |ctx: &Ctx<'_, Crows>| -> BTreeSet<String> {
            players
                .iter()
                .filter(|p| {
                    viewer_sees(
                        &ctx.core().participants,
                        ctx.rules(),
                        &Viewer::Player((*p).clone()),
                        creature,
                    )
                })
                .cloned()
                .collect()
        };
        let before = seeing(ctx);
        ctx.emit_for(
            CoreEvent::Hidden {
                creature: creature.to_string(),
                from: from.to_vec(),
            },
            vis,
        )?;
        let lost: BTreeSet<String> = before.difference(&seeing(ctx)).cloned().collect();
        if lost.is_empty() {
            return Ok(());
        }
        let name = record(ctx, creature)?.creature.name.clone();
        ctx.emit_for(
            CoreEvent::CreatureUnseen {
                id: creature.to_string(),
                name,
            },
            Visibility::Players(lost),
        )
    }

    /// `reveal`: a hidden creature is seen again by some or all (CR-HIDE-05), or an unrevealed one
    /// is shown to the players.
    pub(super) fn reveal_command(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        to: &[String],
    ) -> Result<(), RuleError> {
        let r = record(ctx, creature)?.clone();
        if r.unrevealed && to.is_empty() {
            return self.reveal_to_players(ctx, creature, r);
        }
        let hidden: Vec<String> = ctx
            .rules()
            .hiding
            .hidden_from(creature)
            .filter(|o| to.is_empty() || to.iter().any(|t| t == o))
            .map(str::to_string)
            .collect();
        crate::hiding::may_reveal(creature, !hidden.is_empty())
            .map_err(|e| err("not_hidden", e))?;
        self.reveal(ctx, creature, hidden)
    }
}
