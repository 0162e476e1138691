//! The core commands as they come over the wire, with the values they carry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::conditions::ConditionKind;
use crate::creature::{CreatureKind, RuleOverride, Size, Speeds};
use crate::expertise::ExpertiseName;
use crate::inventory::{ArmorKind, HandChoice, ItemId, MagicSlot, Move, SlotRef, StackRule};
use crate::light::LightLevel;
use crate::test_roll::{Characteristic, Modifier, TestKind};
use crate::usage_dice::UsageLine;

use crate::ruleset::state::PackSource;
use crate::ruleset::then::Then;

pub(in crate::ruleset) fn default_speeds() -> Speeds {
    Speeds {
        walk: 6,
        ..Speeds::default()
    }
}

/// The core commands (see the module docs).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CoreCommand {
    LoadPack {
        files: Vec<PackSource>,
    },
    CreateCreature {
        id: String,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        card: Option<String>,
        #[serde(default)]
        kind: Option<CreatureKind>,
        #[serde(default)]
        characteristics: Option<CharacteristicValues>,
        #[serde(default)]
        stamina: Option<u16>,
        #[serde(default = "default_speeds")]
        speed: Speeds,
        #[serde(default)]
        size: Size,
        #[serde(default)]
        expertises: BTreeMap<ExpertiseName, u32>,
        #[serde(default)]
        backpack_slots: Option<u8>,
        #[serde(default)]
        hidden: Option<bool>,
        /// Shown to the players from creation (default: true except for monsters and NPCs,
        /// which stay out of the players' sight until the Referee's `reveal`).
        #[serde(default)]
        revealed: Option<bool>,
    },
    EditCreature {
        id: String,
        /// A new name (1…64 characters).
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        characteristics: Option<CharacteristicValues>,
        /// The change comes from magic (a crow may then reach 5).
        #[serde(default)]
        magic: bool,
        #[serde(default)]
        stamina: Option<u16>,
        #[serde(default)]
        max_stamina: Option<u16>,
        #[serde(default)]
        speed: Option<Speeds>,
        #[serde(default)]
        size: Option<Size>,
        #[serde(default)]
        expertises: BTreeMap<ExpertiseName, u32>,
        #[serde(default)]
        hidden: Option<bool>,
    },
    WarnCertainDeath {
        creature: String,
        task: String,
    },
    /// The Referee lets an expertise settle a trivial matter with no test (CR-EXP-11).
    WaiveTest {
        creature: String,
        expertise: ExpertiseName,
        task: String,
    },
    Test {
        creature: String,
        characteristic: Characteristic,
        #[serde(default)]
        kind: Option<TestKind>,
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        modifiers: Vec<Modifier>,
        #[serde(default)]
        activities: Vec<crate::test_roll::Activity>,
        /// Expertises the Referee accepts for this test (CR-EXP-09); category-matched ones
        /// (a weapon's or a discipline's) are always offered.
        #[serde(default)]
        approved_expertises: Vec<ExpertiseName>,
        #[serde(default)]
        crit_defined_by_rule: bool,
        #[serde(default)]
        doom_defined_by_rule: bool,
        /// The task this test attempts; a second test of the same task by the same creature
        /// waits for `circumstances_changed` (CR-RETRY-01).
        #[serde(default)]
        task: Option<String>,
        /// This test is an assist for that creature's next test (CR-ASSIST-01).
        #[serde(default)]
        assist_for: Option<String>,
        /// This creature leads a group test: the pending assists are its helpers'
        /// (CR-GROUP-02) and a cost at tier 2 also falls on the penalising helpers.
        #[serde(default)]
        group: bool,
        /// An attack's target: an edge when hidden from it (CR-HIDE-03), which then notices
        /// the attacker (CR-HIDE-04).
        #[serde(default)]
        target: Option<String>,
        /// Who forced this resistance roll: a bane when hidden from this creature (CR-HIDE-03).
        #[serde(default)]
        forced_by: Option<String>,
        /// A test to make out details or to search around the creature: the light there
        /// gives its bane or double bane (CR-LIGHT-04/05).
        #[serde(default)]
        perception: bool,
        /// Set by another family's command that rolls this test (an attack, a travel task…):
        /// handed to [`super::after_test`] with the final result. Not accepted from the wire.
        #[serde(skip)]
        then: Option<Then>,
    },
    /// The Referee calls for a test that the creature's player rolls: a decision for its
    /// controller (`crows.called_test`) showing the test; answering `roll` rolls it as `test`
    /// would, `cancel` drops it (either side may).
    CallTest {
        creature: String,
        characteristic: Characteristic,
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        approved_expertises: Vec<ExpertiseName>,
        #[serde(default)]
        task: Option<String>,
        #[serde(default)]
        perception: bool,
    },
    /// The light level at a creature's square (CR-LIGHT-02).
    SetLightLevel {
        creature: String,
        level: LightLevel,
    },
    CircumstancesChanged {
        creature: String,
        task: String,
    },
    /// The creature's hide test succeeded against these observers (CR-HIDE-01/05).
    Hide {
        creature: String,
        from: Vec<String>,
        /// Observers the Referee judges to be watching the hider (CR-HIDE-01).
        #[serde(default)]
        watching: Vec<String>,
    },
    /// These observers (all, when empty) notice the creature.
    Reveal {
        creature: String,
        #[serde(default)]
        to: Vec<String>,
    },
    /// Picks up a corpse into these slots (its size's slots plus its gear's, CR-CORPSE-01/02).
    CarryCorpse {
        creature: String,
        corpse: String,
        slots: Vec<SlotRef>,
    },
    PlaceItem {
        creature: String,
        #[serde(default)]
        card: Option<String>,
        #[serde(default)]
        custom: Option<CustomItem>,
        slots: Vec<SlotRef>,
    },
    MoveItems {
        creature: String,
        #[serde(default)]
        moves: Vec<Move>,
        #[serde(default)]
        drops: Vec<ItemId>,
    },
    DrawFromBackpack {
        creature: String,
        item: ItemId,
        hands: Vec<SlotRef>,
        #[serde(default = "default_choice")]
        choice: HandChoice,
    },
    DumpBackpack {
        creature: String,
        items: Vec<ItemId>,
    },
    PickUp {
        creature: String,
        ground: u32,
        slots: Vec<SlotRef>,
    },
    DeclareWornArmor {
        creature: String,
        item: ItemId,
    },
    TakeOffArmor {
        creature: String,
    },
    WearMagicItem {
        creature: String,
        item: ItemId,
        slot: MagicSlot,
    },
    TakeOffMagicItem {
        creature: String,
        item: ItemId,
        slots: Vec<SlotRef>,
    },
    Damage {
        creature: String,
        amount: u16,
        #[serde(default)]
        piercing: bool,
        #[serde(default)]
        doubled: bool,
        #[serde(default)]
        by_player: bool,
    },
    /// An object comes into play, or the Referee changes what it is (CR-DMG-09).
    PlaceObject {
        id: String,
        name: String,
        #[serde(default)]
        size: Size,
        /// Absent: a structure that takes no damage unless a rule says so (CR-CORE-07).
        #[serde(default)]
        stamina: Option<u16>,
        #[serde(default)]
        magic: bool,
        #[serde(default)]
        hidden: bool,
    },
    /// Damage to an object (CR-DMG-09).
    DamageObject {
        object: String,
        amount: u16,
    },
    AddCondition {
        creature: String,
        condition: ConditionKind,
        #[serde(default)]
        grabbed_by: Option<String>,
        #[serde(default)]
        range: Option<u8>,
    },
    RemoveCondition {
        creature: String,
        condition: ConditionKind,
    },
    AddEffect {
        creature: String,
        effect: String,
        dice: u8,
    },
    UseItem {
        creature: String,
        item: ItemId,
    },
    Refuel {
        creature: String,
        item: ItemId,
        with: ItemId,
    },
    Light {
        creature: String,
        item: ItemId,
    },
    Douse {
        creature: String,
        item: ItemId,
    },
    EatRation {
        creature: String,
        item: ItemId,
    },
    Fall {
        creature: String,
        feet: u32,
        #[serde(default)]
        resist: bool,
    },
    Suffocate {
        creature: String,
    },
    Breathe {
        creature: String,
    },
    RestHalfway {},
    /// House rules (CR-CORE-02, CR-REF-01): the Referee changes the table's named settings
    /// mid-campaign. Each given object is merged key by key into the current settings; the
    /// whole result and the names of the changed keys are logged as `house_rules_set`.
    SetHouseRules {
        // `options`, `test_rules`, `assist_lapse`: free JSON by design (any JSON in the command
        // schema): partial objects merged key by key into the settings, which check them.
        #[serde(default)]
        options: Option<Value>,
        #[serde(default)]
        test_rules: Option<Value>,
        #[serde(default)]
        assist_lapse: Option<Value>,
        #[serde(default)]
        dungeon_turn_minutes: Option<i64>,
    },
    /// The Referee's ruling on a creature's exceptions to general rules (CR-CORE-03,
    /// CR-REF-01): `add` gives it exceptions, `remove` rules out exceptions it would otherwise
    /// have (from its card or its items).
    SetRuleOverrides {
        creature: String,
        #[serde(default)]
        add: Vec<RuleOverride>,
        #[serde(default)]
        remove: Vec<RuleOverride>,
    },
    /// A character's personal enemies and rivals, the campaign's names for them (CR-EXT-15):
    /// the whole list, replacing the one before (empty clears it). Set by the Referee or the
    /// character's player.
    SetRivals {
        creature: String,
        rivals: Vec<String>,
    },
    /// A sneaking test (CR-HIDE-02): an Agility test, with a bane when the creature moved more
    /// than half its speed; Stealth is offered at the commit point.
    Sneak {
        creature: String,
        /// The creatures it sneaks past.
        past: Vec<String>,
        /// Squares moved while sneaking this turn.
        squares_moved: u32,
        /// The creature leads a group sneak: its pending assists are the helpers'
        /// (CR-GROUP-01/02).
        #[serde(default)]
        group: bool,
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
    },
    /// An assist (CR-ASSIST-01/03): the helper's test for `assisted`'s next test; in combat
    /// `needs` (what the assisted test needs) sets its cost, a maneuver or an action.
    Assist {
        creature: String,
        assisted: String,
        characteristic: Characteristic,
        #[serde(default)]
        needs: Option<AssistedNeeds>,
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        approved_expertises: Vec<ExpertiseName>,
    },
    /// Where a creature stands (`null`: unknown) (CR-LIGHT-02).
    SetPosition {
        creature: String,
        at: Option<(i32, i32)>,
    },
    /// A light source standing on the grid: `"light": "X/Y"` or a campfire by size
    /// (CR-LIGHT-01/06).
    PlaceLight {
        id: String,
        at: (i32, i32),
        #[serde(default)]
        light: Option<String>,
        #[serde(default)]
        campfire: Option<Size>,
    },
    RemoveLight {
        id: String,
    },
    /// The light where no source reaches (CR-LIGHT-02/03).
    SetAmbientLight {
        level: LightLevel,
    },
    /// An attacker names the square of a target it cannot see (CR-LIGHT-05): the Referee rules
    /// whether the target moves silently and whether the square is right (CR-REF-24).
    GuessSquare {
        attacker: String,
        target: String,
        square: (i32, i32),
    },
    /// The Referee allows a cosmetic ancestry label (CR-CORE-13, CR-REF-13); `null` removes
    /// it. It changes no rule.
    SetAncestry {
        creature: String,
        ancestry: Option<String>,
    },
    /// An effect with usage dice that `source` maintains on `creature` (a spell it cast): it
    /// ends when `source` dies (CR-DMG-15, CR-UD-04).
    AddMaintainedEffect {
        creature: String,
        effect: String,
        dice: u8,
        source: String,
    },
    /// Edits what is written on a carried item's card (CR-INV-08): the Referee may rename it
    /// and write notes; the character's player may write notes only.
    EditItem {
        creature: String,
        item: ItemId,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        notes: Option<String>,
    },
    /// A player without a living character asks for a new crow; the Referee approves or
    /// refuses it (decision `crows.core.character_request`).
    RequestCharacter {
        name: String,
        #[serde(default)]
        ancestry: Option<String>,
        characteristics: CharacteristicValues,
        stamina: u16,
    },
}

pub(in crate::ruleset) fn default_choice() -> HandChoice {
    HandChoice::Swap
}

/// Characteristic values in a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacteristicValues {
    pub agility: i8,
    pub mind: i8,
    pub strength: i8,
}

/// Armor Defense of a custom item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmorSpec {
    pub kind: ArmorKind,
    pub defense: u16,
}

/// An item not from a content pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomItem {
    pub name: String,
    pub slots: u16,
    #[serde(default)]
    pub stack: Option<StackRule>,
    #[serde(default)]
    pub armor: Option<ArmorSpec>,
    #[serde(default)]
    pub usage_dice: Option<UsageLine>,
    #[serde(default)]
    pub light_source: bool,
    /// The light it gives while lit, "X/Y" (CR-LIGHT-01); implies `light_source`.
    #[serde(default)]
    pub light: Option<String>,
    #[serde(default)]
    pub magic_slot: Option<MagicSlot>,
    #[serde(default)]
    pub magic: bool,
}

/// What the assisted test needs in combat, which sets the assist's cost (CR-ASSIST-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AssistedNeeds {
    Maneuver,
    Action,
    Reaction,
}
