//! The events the core commands record.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::content::{CreatureCard, ItemCard, RollTable};
use crate::creature::WorldOptions;
use crate::expertise::ExpertiseName;
use crate::light::{LightLevel, PlacedLight};
use crate::special_tests::AssistLapse;
use crate::test_roll::{ResolvedTest, RolledTest, TestRules};

use crate::ruleset::state::{
    AssistCharge, AssistRecord, CreatureRecord, GroundItem, PackSource, Ruling,
};

/// The events of the core commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum CoreEvent {
    /// The Referee's house rules after a change, with the changed keys (CR-CORE-02).
    HouseRulesSet {
        options: WorldOptions,
        test_rules: TestRules,
        assist_lapse: AssistLapse,
        dungeon_turn_minutes: i64,
        changed: Vec<String>,
    },
    PackLoaded {
        files: Vec<PackSource>,
        items: Vec<ItemCard>,
        creatures: Vec<CreatureCard>,
        tables: Vec<RollTable>,
    },
    /// A creature's full record: its creation, or a change a merge patch cannot write (a
    /// member that becomes `null`); every change in logs written before `creature_changed`
    /// (`what` names the change, `report` its detail).
    CreatureSet {
        id: String,
        record: Box<CreatureRecord>,
        what: String,
        #[serde(default)]
        report: Value,
    },
    /// What changed in an existing creature's record: a JSON merge patch (RFC 7396, see
    /// [`super::patch`]) of the record as `creature_set` writes it.
    CreatureChanged {
        id: String,
        what: String,
        #[serde(default)]
        report: Value,
        patch: Value,
    },
    /// What others see of a `creature_set` (its whole public part).
    CreatureSeen {
        id: String,
        what: String,
        public: Value,
    },
    /// What others see of a `creature_changed`: a merge patch of the public part (only its
    /// keys; `{}` when nothing public changed).
    CreatureSeenChanged {
        id: String,
        what: String,
        patch: Value,
    },
    Died {
        id: String,
    },
    TestRolled {
        creature: String,
        rolled: Box<RolledTest>,
    },
    TestResolved {
        creature: String,
        resolved: Box<ResolvedTest>,
        #[serde(default)]
        task: Option<String>,
    },
    /// Object `id` is in play as `placed` (CR-DMG-09).
    ObjectPlaced {
        id: String,
        placed: Box<crate::ruleset::state::PlacedObject>,
    },
    /// Object `id` took `amount` damage: `stamina` is left; destroyed at 0 (CR-DMG-09).
    ObjectDamaged {
        id: String,
        amount: u16,
        stamina: u16,
        destroyed: bool,
    },
    /// The Referee let `creature`'s expertise settle `task` with no test: no dice, no use
    /// spent (CR-EXP-11).
    TestWaived {
        creature: String,
        expertise: ExpertiseName,
        task: String,
    },
    /// The Referee ruled that the circumstances of a task changed (CR-RETRY-01).
    CircumstancesChanged {
        creature: String,
        task: String,
    },
    /// A resolved assist now waits for `assisted`'s next test.
    AssistPending {
        assisted: String,
        record: Box<AssistRecord>,
    },
    /// `creature`'s test used (or the table dropped) its pending assists.
    AssistsUsed {
        creature: String,
    },
    /// A combat turn ended: assists made in combat age and lapse (CR-ASSIST-02).
    AssistTurnPassed {},
    /// The corpse of `corpse` is now the item `item` in a creature's slots.
    CorpseCarried {
        corpse: String,
        item: u32,
    },
    /// The light at `creature`'s square is now `level`.
    LightSet {
        creature: String,
        level: LightLevel,
    },
    /// `creature` is now hidden from these observers.
    Hidden {
        creature: String,
        from: Vec<String>,
    },
    /// These observers noticed `creature`.
    Revealed {
        creature: String,
        to: Vec<String>,
    },
    Ruled {
        ruling: Ruling,
    },
    OnGround {
        items: Vec<GroundItem>,
    },
    PickedUp {
        ground: u32,
    },
    /// `creature` now stands at `at` (`None`: unknown).
    Positioned {
        creature: String,
        at: Option<(i32, i32)>,
    },
    LightPlaced {
        id: String,
        light: PlacedLight,
    },
    LightRemoved {
        id: String,
    },
    AmbientLightSet {
        level: LightLevel,
    },
    /// An assist made in combat costs its helper this (CR-ASSIST-03).
    AssistCharged {
        charge: AssistCharge,
    },
    /// A creature these players' characters saw is out of their sight now (it hid from them,
    /// CR-HIDE-05): sent to exactly those players, so their screens drop it at once. Its name
    /// is what they knew it by.
    CreatureUnseen {
        id: String,
        name: String,
    },
    /// An attacker named a square for an unseen silent target (CR-LIGHT-05).
    SquareGuessed {
        attacker: String,
        target: String,
        square: (i32, i32),
    },
    /// The Referee's ruling on a square guess: `attack` (roll it), `automatic_miss`, or
    /// `not_needed` (the target is not moving silently: attack as usual).
    GuessRuled {
        attacker: String,
        target: String,
        outcome: String,
    },
    /// The Referee refused `player`'s request for the crow `name` (seen by the Referee and
    /// that player).
    CharacterRequestRefused {
        player: String,
        name: String,
        #[serde(default)]
        reason: Option<String>,
    },
}
