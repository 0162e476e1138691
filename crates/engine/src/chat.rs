//! Table chat, whispers and the free dice roller: engine commands every ruleset gets.
//!
//! # Who sees what
//!
//! - **`roll`** (`{"roll": {"expr": "2d10+1", "label": "to the door", "secret": false}}`): any
//!   participant but a spectator rolls any expression the `dice` crate parses, within its limits
//!   (dice, sides, length, nesting), with the command's recorded generator like every other
//!   roll (or the roller's physical dice where the table lets them bring their own). It is
//!   recorded as `rolled` with `free: true`. A public roll is seen by everyone; a secret one
//!   by its roller and the Referee (a Referee's secret roll: by the Referee alone). Others get
//!   no entry at all — no masked notice, no number, no count (see [`crate::projection`]).
//! - **`say`** (`{"say": {"text": "…", "to": []}}`): an empty `to` speaks to the whole table
//!   (public: spectators read it too). Otherwise it whispers to the named recipients — players
//!   by name, the Referee by the Referee's name — and the `said` event is seen by the sender,
//!   the named players and the Referee. A third player and every spectator get no entry.
//! - **The Referee sees every whisper**, named or not. The engine's invariant is that the
//!   Referee sees every event: the Referee's log is the whole log (its numbering is the global
//!   seq), undo reverts whole batches, and the Referee exports the table as stored. A whisper
//!   hidden from the Referee would break all three and still be in the Referee's export, so
//!   the engine promises players privacy from each other, not from the Referee; the chat panel
//!   says so. `to_referee` records only that the Referee was named.
//!
//! # Limits (a refusal names the limit and changes nothing)
//!
//! - text: trimmed, not empty, at most [`MAX_SAY_CHARS`] characters, no control characters but
//!   the newline and no bidirectional controls ([`SAY_TEXT_RULE`]);
//! - at most [`MAX_RECIPIENTS`] recipients, each a seated player or the Referee, not the sender
//!   ([`SAY_RECIPIENT_RULE`]). The participants' names are in every seat's view of the table, so
//!   refusing an unknown name reveals nothing the sender could not read already;
//! - label: trimmed, at most [`MAX_ROLL_LABEL_CHARS`] characters, no control characters
//!   ([`ROLL_LABEL_RULE`]); the expression: the `dice` crate's grammar and limits.

use crate::core::{Actor, Visibility};
use crate::event::{EventBody, RollCommand, SayCommand};
use crate::ruleset::{Ctx, RuleError, Ruleset};
use std::collections::BTreeSet;

/// Most characters of a chat line (after trimming).
pub const MAX_SAY_CHARS: usize = 1000;
/// Most recipients of one whisper.
pub const MAX_RECIPIENTS: usize = 8;
/// Most characters of a free roll's label (after trimming).
pub const MAX_ROLL_LABEL_CHARS: usize = 80;
/// The rule a refused chat text names.
pub const SAY_TEXT_RULE: &str = "chat.text";
/// The rule a refused recipient list names.
pub const SAY_RECIPIENT_RULE: &str = "chat.recipients";
/// The rule a refused roll label names.
pub const ROLL_LABEL_RULE: &str = "roll.label";

fn text_error(message: String) -> RuleError {
    RuleError::new("bad_chat_text", message).rule(SAY_TEXT_RULE)
}

/// Control characters (but the newline), line/paragraph separators and the bidirectional
/// controls that could make a line read as something else.
fn forbidden_in_text(c: char, newline: bool) -> bool {
    (c.is_control() && !(newline && c == '\n'))
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The stored form of a chat line, or why it is refused.
pub fn check_text(text: &str) -> Result<String, RuleError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(text_error(format!(
            "the message is empty (limit {SAY_TEXT_RULE}: 1 to {MAX_SAY_CHARS} characters)"
        )));
    }
    let chars = text.chars().count();
    if chars > MAX_SAY_CHARS {
        return Err(text_error(format!(
            "the message has {chars} characters, the limit is {MAX_SAY_CHARS} \
             (MAX_SAY_CHARS)"
        )));
    }
    if let Some(c) = text.chars().find(|c| forbidden_in_text(*c, true)) {
        return Err(text_error(format!(
            "the message contains the control character U+{:04X}; only line breaks are allowed \
             (limit {SAY_TEXT_RULE})",
            u32::from(c)
        )));
    }
    Ok(text.to_string())
}

/// The stored form of a roll's label, or why it is refused.
pub fn check_label(label: &str) -> Result<String, RuleError> {
    let label = label.trim();
    let chars = label.chars().count();
    if chars > MAX_ROLL_LABEL_CHARS {
        return Err(RuleError::new(
            "bad_roll_label",
            format!(
                "the label has {chars} characters, the limit is {MAX_ROLL_LABEL_CHARS} \
                 (MAX_ROLL_LABEL_CHARS)"
            ),
        )
        .rule(ROLL_LABEL_RULE));
    }
    if let Some(c) = label.chars().find(|c| forbidden_in_text(*c, false)) {
        return Err(RuleError::new(
            "bad_roll_label",
            format!(
                "the label contains the control character U+{:04X} (limit {ROLL_LABEL_RULE})",
                u32::from(c)
            ),
        )
        .rule(ROLL_LABEL_RULE));
    }
    Ok(label.to_string())
}

/// Who may see a roll by `actor`.
fn roll_visibility(actor: &Actor, secret: bool) -> Visibility {
    match (actor, secret) {
        (_, false) => Visibility::Public,
        (Actor::Player(p), true) => Visibility::player(p.clone()),
        // The Referee (the only other actor let through to here): the Referee alone.
        (_, true) => Visibility::Referee,
    }
}

/// Decides a free roll: one `rolled` event (`free: true`) with the roll's visibility.
pub(crate) fn decide_roll<R: Ruleset>(
    cmd: &RollCommand,
    ctx: &mut Ctx<'_, R>,
) -> Result<(), RuleError> {
    let label = check_label(&cmd.label)?;
    let expr = cmd.expr.trim();
    if expr.is_empty() {
        return Err(RuleError::new(
            "bad_dice",
            "the dice expression is empty (for example `2d10+1`)",
        ));
    }
    if let Some(c) = expr.chars().find(|c| forbidden_in_text(*c, false)) {
        return Err(RuleError::new(
            "bad_dice",
            format!(
                "the dice expression contains the control character U+{:04X}",
                u32::from(c)
            ),
        ));
    }
    let visibility = roll_visibility(ctx.actor(), cmd.secret);
    ctx.roll_free(&label, expr, visibility)?;
    Ok(())
}

/// Decides a chat line: one `said` event seen by the sender and its recipients (see the module
/// doc).
pub(crate) fn decide_say<R: Ruleset>(
    cmd: &SayCommand,
    ctx: &mut Ctx<'_, R>,
) -> Result<(), RuleError> {
    let text = check_text(&cmd.text)?;
    if cmd.to.len() > MAX_RECIPIENTS {
        return Err(RuleError::new(
            "too_many_recipients",
            format!(
                "a whisper names {} recipients, the limit is {MAX_RECIPIENTS} (MAX_RECIPIENTS)",
                cmd.to.len()
            ),
        )
        .rule(SAY_RECIPIENT_RULE));
    }
    let participants = &ctx.core().participants;
    let sender = match ctx.actor() {
        Actor::Player(p) => Some(p.clone()),
        _ => None,
    };
    let mut players = BTreeSet::new();
    let mut to_referee = false;
    for name in &cmd.to {
        let refuse = |why: &str| {
            Err(RuleError::new(
                "bad_recipient",
                format!("cannot whisper to `{name}`: {why}"),
            )
            .rule(SAY_RECIPIENT_RULE))
        };
        if sender.as_deref() == Some(name.as_str())
            || (sender.is_none() && *name == participants.referee)
        {
            return refuse("that is the sender");
        }
        if *name == participants.referee {
            to_referee = true;
        } else if participants.players.contains_key(name) {
            players.insert(name.clone());
        } else if participants.spectators.contains(name) {
            return refuse("spectators read only what the whole table is told");
        } else {
            return refuse("not a player at this table, nor its Referee");
        }
    }
    let visibility = if players.is_empty() && !to_referee {
        Visibility::Public
    } else {
        let mut seen = players.clone();
        seen.extend(sender);
        if seen.is_empty() {
            Visibility::Referee
        } else {
            Visibility::Players(seen)
        }
    };
    ctx.push_engine(
        EventBody::Said {
            text,
            to: players.into_iter().collect(),
            to_referee,
        },
        visibility,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(check_text("  hi\nthere \n").unwrap(), "hi\nthere");
        assert_eq!(
            check_text(" \n ").unwrap_err().rule.as_deref(),
            Some(SAY_TEXT_RULE)
        );
        assert!(check_text(&"x".repeat(MAX_SAY_CHARS)).is_ok());
        let long = check_text(&"я".repeat(MAX_SAY_CHARS + 1)).unwrap_err();
        assert!(long.message.contains("1000"), "{long}");
        for bad in ["a\u{7}b", "a\rb", "a\u{202E}b", "a\u{2028}b", "a\tb"] {
            assert_eq!(
                check_text(bad).unwrap_err().code,
                "bad_chat_text",
                "{bad:?}"
            );
        }
        // Emoji sequences keep their joiners.
        assert!(check_text("👨\u{200D}👩\u{200D}👧").is_ok());
    }

    #[test]
    fn label_is_trimmed_and_bounded() {
        assert_eq!(check_label("  door ").unwrap(), "door");
        assert_eq!(check_label("").unwrap(), "");
        assert!(check_label(&"x".repeat(MAX_ROLL_LABEL_CHARS)).is_ok());
        let e = check_label(&"x".repeat(MAX_ROLL_LABEL_CHARS + 1)).unwrap_err();
        assert_eq!(e.rule.as_deref(), Some(ROLL_LABEL_RULE));
        assert!(e.message.contains("80"));
        assert!(check_label("a\nb").is_err());
    }
}
