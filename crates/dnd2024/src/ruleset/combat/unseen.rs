//! Who knows a combatant is in the fight (the engine's `Ruleset::combatant_visibility`, see
//! `engine::unseen`): those who may see the creature at all ([`viewer_sees`]). A monster the
//! Referee puts into a running combat while it is hidden takes its place in the order and
//! its turns without the players learning of it: its turns pass silently for them, as the
//! rules have it (no one knows an unseen creature is there, DD-CBT-03, DD-VIS-10), until it is
//! revealed, when it shows in its place.

use engine::{TableState, Viewer, Visibility};

use super::super::{DndState, viewer_sees};

/// Everyone, when every player and spectator sees creature `who` (or `who` is not a
/// creature: nothing the rules hide); else the players who see it.
pub fn combatant_visibility(state: &TableState<DndState>, who: &str) -> Visibility {
    if !state.rules.creatures.contains_key(who) {
        return Visibility::Public;
    }
    let players = &state.core.participants.players;
    let seeing: std::collections::BTreeSet<String> = players
        .keys()
        .filter(|p| viewer_sees(state, &Viewer::Player((*p).clone()), who))
        .cloned()
        .collect();
    let spectators = viewer_sees(state, &Viewer::Spectator(String::new()), who);
    if spectators && seeing.len() == players.len() {
        Visibility::Public
    } else {
        Visibility::Players(seeing)
    }
}
