//! Who sits at a table and who may see what: actors, viewers, roles and visibility.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Name of a player (unique at a table). The Referee is not a player.
pub type PlayerId = String;
/// Id of a character as the ruleset names it. The engine only binds characters to players.
pub type CharacterId = String;

/// Who issues a command. Every command carries one; the engine authorises by role.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "role", content = "name", rename_all = "snake_case")]
pub enum Actor {
    /// The table's Referee: may act for anyone.
    Referee,
    /// A player: may act only for the characters bound to them.
    Player(PlayerId),
    /// A spectator: may never act.
    Spectator(String),
    /// The server's scheduler (due real-time deadlines). Only timer commands.
    System,
}

/// Who looks at a projection of the state or log.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "role", content = "name", rename_all = "snake_case")]
pub enum Viewer {
    Referee,
    Player(PlayerId),
    Spectator(String),
}

/// A participant's role at the table.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    Spectator,
}

/// Who may see an event, a decision, an effect or a timer.
///
/// The Referee sees everything. `Players` names the players (besides the Referee) who may see it.
/// Spectators see only `Public`.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    Default,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    #[default]
    Public,
    Referee,
    Players(BTreeSet<PlayerId>),
}

impl Visibility {
    /// Visible to the Referee and one player.
    pub fn player(name: impl Into<String>) -> Self {
        Visibility::Players(BTreeSet::from([name.into()]))
    }

    /// Whether `viewer` may see the thing carrying this visibility.
    pub fn allows(&self, viewer: &Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Referee) => true,
            (Visibility::Public, _) => true,
            (Visibility::Players(set), Viewer::Player(p)) => set.contains(p),
            _ => false,
        }
    }

    /// The smallest visibility that includes everyone either of the two includes.
    pub fn union(&self, other: &Visibility) -> Visibility {
        match (self, other) {
            (Visibility::Public, _) | (_, Visibility::Public) => Visibility::Public,
            (Visibility::Referee, v) | (v, Visibility::Referee) => v.clone(),
            (Visibility::Players(a), Visibility::Players(b)) => {
                Visibility::Players(a.union(b).cloned().collect())
            }
        }
    }
}

/// The people at a table: one Referee, players bound to characters, spectators.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Participants {
    /// Display name of the Referee.
    pub referee: String,
    /// Players and the characters each one controls.
    pub players: BTreeMap<PlayerId, BTreeSet<CharacterId>>,
    pub spectators: BTreeSet<String>,
    /// Each seated player's seat: the sequence number of the `participant_joined` event that
    /// seated them. A seat id is never reused within a table (sequence numbers only grow), so
    /// whatever is tied to a seat (the server's player tokens) dies with it when the player
    /// leaves, even if someone joins under the same name later. Players seated by a snapshot
    /// older than this field have no entry.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub seats: BTreeMap<PlayerId, u64>,
}

impl Participants {
    /// Whether `name` is already used by the Referee, a player or a spectator.
    pub fn has_name(&self, name: &str) -> bool {
        self.referee == name || self.players.contains_key(name) || self.spectators.contains(name)
    }

    /// The seat `player` sits in now (see [`Participants::seats`]).
    pub fn seat(&self, player: &str) -> Option<u64> {
        self.seats.get(player).copied()
    }

    /// The players bound to a character (usually one).
    pub fn controllers(&self, character: &str) -> impl Iterator<Item = &PlayerId> {
        self.players
            .iter()
            .filter(move |(_, chars)| chars.contains(character))
            .map(|(p, _)| p)
    }

    /// Whether `player` controls `character`.
    pub fn controls(&self, player: &str, character: &str) -> bool {
        self.players
            .get(player)
            .is_some_and(|chars| chars.contains(character))
    }

    /// The viewer a given actor looks through (the system actor sees as the Referee).
    pub fn viewer_of(actor: &Actor) -> Viewer {
        match actor {
            Actor::Referee | Actor::System => Viewer::Referee,
            Actor::Player(p) => Viewer::Player(p.clone()),
            Actor::Spectator(s) => Viewer::Spectator(s.clone()),
        }
    }
}
