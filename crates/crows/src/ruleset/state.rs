//! The per-table state aggregate, [`CrowsState`]: every family's state in one record, with the
//! creature records core keeps. Questions one family asks about another's state (the sneak
//! edge, the weapon damage bonus and the rest place a character's Miasma state gives) are
//! answered here, so a family reads them without importing the family that keeps the state.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::content::{CreatureCard, ItemCard, RollTable};
use crate::creature::{Creature, Object, WorldOptions};
use crate::hazards::{Hunger, Suffocation};
use crate::hiding::HiddenFrom;
use crate::inventory::CarriedItem;
use crate::light::{LightLevel, PlacedLight};
use crate::special_tests::{AssistLapse, GroupTest, PendingAssist};
use crate::test_roll::retry::RetryLedger;
use crate::test_roll::{ResolvedTest, TestRules};
use crate::travel::miasma::MiasmaState;

/// One creature at the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreatureRecord {
    pub creature: Creature,
    /// Stats shown to the Referee only (monsters and NPCs by default).
    pub hidden: bool,
    /// Not yet shown to the players at all (monsters and NPCs from creation until the
    /// Referee's `reveal`): for every player but its controllers it is not there.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unrevealed: bool,
    #[serde(default)]
    pub hunger: Hunger,
    #[serde(default)]
    pub suffocation: Suffocation,
    /// The creature card it was made from: `place` fights with that card's natural attacks
    /// unless told otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

/// An item lying on the ground (dropped, dumped), with where it came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroundItem {
    pub id: u32,
    pub from: String,
    pub item: CarriedItem,
}

/// A pack file as loaded (kept so later packs are validated against it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackSource {
    pub name: String,
    pub text: String,
}

/// The loaded content.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Content {
    pub sources: Vec<PackSource>,
    pub items: BTreeMap<String, ItemCard>,
    pub creatures: BTreeMap<String, CreatureCard>,
    pub tables: BTreeMap<String, RollTable>,
}

impl Content {
    /// The ids of the item cards that are mundane one-handed weapons, in id order (the
    /// campaign's list for backlash 103, CR-EXT-15).
    pub fn mundane_one_handed_weapons(&self) -> Vec<String> {
        self.items
            .values()
            .filter(|card| card.is_mundane_one_handed_weapon())
            .map(|card| card.id.clone())
            .collect()
    }
}

/// The table state of a Crows game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CrowsState {
    pub options: WorldOptions,
    pub test_rules: TestRules,
    /// Minutes of a real-time dungeon turn (0: ended by command only).
    pub dungeon_turn_minutes: i64,
    /// Each record shared between copies of the state (every command decides on a copy):
    /// only `creature_set`, `creature_changed` and `died` replace or change one.
    pub creatures: BTreeMap<String, std::sync::Arc<CreatureRecord>>,
    pub ground: Vec<GroundItem>,
    /// Shared between copies of the state (every command decides on a copy, every forecast
    /// run plays one): only `pack_loaded` changes it, through `Arc::make_mut`.
    pub content: std::sync::Arc<Content>,
    /// The last resolved test of each creature (the audit record, CR-CHECK-10).
    pub last_tests: BTreeMap<String, ResolvedTest>,
    /// The Referee's rulings on test outcomes, in order.
    pub rulings: Vec<Ruling>,
    /// Next free item id (item ids are unique across the table).
    pub next_item: u32,
    pub next_ground: u32,
    /// Tests attempted per creature and task (CR-RETRY-01).
    #[serde(default)]
    pub retries: RetryLedger,
    /// Assists waiting for the assisted creature's next test, by assisted creature.
    #[serde(default)]
    pub pending_assists: BTreeMap<String, Vec<AssistRecord>>,
    /// Which assist modifiers lapse after one combat turn (see [`AssistLapse`]).
    #[serde(default)]
    pub assist_lapse: AssistLapse,
    /// Who is hidden from whom (CR-HIDE-05).
    #[serde(default)]
    pub hiding: HiddenFrom,
    /// Bodies lying where their creature died, by the dead creature's id (CR-CORE-05).
    #[serde(default)]
    pub corpses: BTreeMap<String, Object>,
    /// Bodies being carried, by the id of the item they are in someone's slots.
    #[serde(default)]
    pub carried_corpses: BTreeMap<u32, Object>,
    /// Objects the Referee put into play, by id (CR-DMG-09, [`super::core::objects`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub objects: BTreeMap<String, PlacedObject>,
    /// The light level where each creature stands, as the Referee set it (absent: bright).
    #[serde(default)]
    pub light: BTreeMap<String, LightLevel>,
    /// Dungeon turns, encounters, rest, town, spells ([`super::explore`]).
    #[serde(default)]
    pub explore: super::explore::state::ExploreState,
    /// Spells, chaos, crafting, identification ([`super::magic`]).
    #[serde(default)]
    pub magic: super::magic::state::MagicState,
    /// The fight in progress, if any ([`super::combat`]).
    #[serde(default)]
    pub combat: super::combat::state::CombatState,
    /// Overland travel ([`super::travel`]).
    #[serde(default)]
    pub travel: super::travel::state::TravelState,
    /// Where creatures stand on the grid, when known (`set_position`, or the combat family
    /// through [`set_positions`]); light from carried sources is computed from them.
    #[serde(default)]
    pub positions: BTreeMap<String, (i32, i32)>,
    /// Light sources standing on the grid (campfires, braziers), by id (CR-LIGHT-01/06).
    #[serde(default)]
    pub placed_lights: BTreeMap<String, PlacedLight>,
    /// The light where no source reaches (`set_ambient_light`; unset: bright, CR-LIGHT-03).
    #[serde(default)]
    pub ambient_light: Option<LightLevel>,
    /// The turn-budget costs of assists made in combat (CR-ASSIST-03), for the combat family
    /// to charge to the helper's combat turn ([`assist_charges`]).
    #[serde(default)]
    pub assist_charges: Vec<AssistCharge>,
    /// Each player's latest refused character request (name and the Referee's reason), shown
    /// on that player's screen until they have a crow (`request_character`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub refused_requests: BTreeMap<String, RefusedRequest>,
}

/// A character request the Referee refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedRequest {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Where a creature's rest ends, for its expertise uses (CR-MIASMA-02): in the Miasma when it
/// travels with the party and the party's place (the site explored, else the true hex) is in
/// it, unless the creature has turned (row 13+). For the core's end of a rest.
pub fn rest_place(state: &CrowsState, creature: &str) -> crate::expertise::RestPlace {
    use crate::expertise::RestPlace;
    let t = &state.travel;
    let Some(p) = t.position else {
        return RestPlace::Ordinary;
    };
    if !t.party.members.iter().any(|m| m == creature)
        || t.miasma.get(creature).is_some_and(|m| m.turned)
    {
        return RestPlace::Ordinary;
    }
    let in_miasma = match (t.day.as_ref().and_then(|d| d.rest.as_ref()), &t.exploring) {
        (Some(r), _) => r.in_miasma,
        (None, Some(site)) => t.sites.get(site).is_none_or(|s| s.in_miasma),
        (None, None) => t.map.in_miasma(p.true_hex),
    };
    if in_miasma {
        RestPlace::InMiasma
    } else {
        RestPlace::Ordinary
    }
}

/// The bonus on a creature's weapon damage (Violent: +1, CR-MIASMA-07).
pub fn weapon_damage_bonus(state: &CrowsState, creature: &str) -> i8 {
    state
        .travel
        .miasma
        .get(creature)
        .map_or(0, MiasmaState::weapon_damage_bonus)
}

/// Whether a creature's sneak and hide tests get an edge (Despondent, CR-MIASMA-07).
pub fn sneak_edge(state: &CrowsState, creature: &str) -> bool {
    state
        .travel
        .miasma
        .get(creature)
        .is_some_and(MiasmaState::sneak_edge)
}

/// What an assist in combat costs its helper (CR-ASSIST-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssistCost {
    Maneuver,
    Action,
}

/// An assist's cost charged in combat (CR-ASSIST-03).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssistCharge {
    pub helper: String,
    pub assisted: String,
    pub cost: AssistCost,
    /// The combat round it was made in.
    pub round: u32,
}

/// A helper's resolved assist waiting for the assisted test (CR-ASSIST-01/02).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssistRecord {
    pub helper: String,
    pub resolved: ResolvedTest,
    pub pending: PendingAssist,
    /// Combat turns ended since the assist (counted only when made in combat).
    #[serde(default)]
    pub turns_passed: u64,
}

/// What a test carries past its commit point.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TestMeta {
    #[serde(default)]
    pub task: Option<String>,
    #[serde(default)]
    pub assist_for: Option<String>,
    #[serde(default)]
    pub group: Option<GroupTest>,
    /// What the family that started this test does with its result (see
    /// [`crate::ruleset::then::HandBack`]); never set from the wire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<crate::ruleset::then::StoredThen>,
}

/// The Referee's answer to a test-outcome decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    pub creature: String,
    pub kind: String,
    pub option: String,
    #[serde(default)]
    pub text: Option<String>,
    /// Who pays a group test's cost (CR-GROUP-03), when the ruling is a success at a cost.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub payers: Vec<String>,
}

/// An object in play and whether the players know of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlacedObject {
    pub object: Object,
    /// Only the Referee knows of it (a hidden trapdoor); `place_object` again with
    /// `"hidden": false` shows it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}
