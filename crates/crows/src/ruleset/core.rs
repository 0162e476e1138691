//! The core commands of the Crows ruleset (creatures, tests, inventory, damage, conditions,
//! light, hazards, house rules): [`CoreCommand`], [`CoreEvent`], [`CrowsState`]. Like the rest
//! of [`super`], this module holds no rule of its own: it rolls through `ctx` (every die is a recorded `rolled` event), calls
//! the pure modules, records their results as events and opens a pending decision wherever a
//! person must choose.
//!
//! # State
//!
//! [`CrowsState`]: the creatures (each a [`crate::creature::Creature`] with its hunger and
//! suffocation counters and a `hidden` flag), the items lying on the ground, the loaded
//! content (pack sources and the item, creature and table cards) and the last test of every
//! creature; the retry ledger ([`crate::test_roll::retry::RetryLedger`]), the pending assists,
//! who is hidden from whom ([`crate::hiding::HiddenFrom`]), the light level per creature, and
//! the corpses (a creature that dies leaves [`crate::creature::Creature::into_corpse`]'s object
//! with its gear; its record stays, dead), the known positions, the placed lights and the
//! ambient light, and the assist costs charged in combat. Characters are bound to players with the engine's own `bind` command (the
//! character id is the creature id).
//!
//! # Creature events
//!
//! A new creature is logged whole (`creature_set`, its public part `creature_seen` for those
//! who do not control it). Every later change is logged as what changed: `creature_changed`
//! carries a JSON merge patch (RFC 7396, [`super::patch`]) of the record, `creature_seen_changed`
//! a merge patch of the public part only (`{}` when nothing public changed), so a player never
//! receives more of another's creature than its public part. The whole record is logged again
//! only when a merge patch cannot write the change (a member becoming `null`, such as an
//! ancestry cleared) or when the public part is shown or withheld anew (`hidden`,
//! `unrevealed`). Replay applies the patch to the record it has; logs of whole records still
//! replay (`tests/fixtures/creature_set_log.jsonl`). Screens read the state from the view;
//! the log's events say what happened. Measured on that fixture's game (23 creature events:
//! items, armor, damage into wounds, conditions, an effect, hiding, a ration, a death): 33 382
//! → 14 241 bytes stored (1 451 → 619 per event, envelope included), 12 429 → 5 117 bytes
//! sent to one player (Bob, who plays one of the three creatures).
//!
//! # Commands
//!
//! Ruleset commands travel as `{"rules": {<command>: {…}}}`. Slots are written
//! `{"kind": "hand"|"belt"|"backpack", "number": n}` (the capitalised `"Hand"` of older
//! commands and logs is still read); item ids are the numbers the state shows.
//!
//! Referee only:
//! - `{"load_pack": {"files": [{"name": "items.json", "text": "…"}]}}` — validated by
//!   [`crate::content`] together with the packs loaded before; errors name file:line:column and
//!   the field.
//! - `{"create_creature": {"id": "vera", "kind": "crow", "characteristics": {"agility": 2,
//!   "mind": 0, "strength": -1}, "stamina": 6, "speed": {"walk": 6},
//!   "expertises": {"stealth": 2}}}` — kinds `crow`, `hireling`, `animal`, `monster`, `npc`;
//!   a new crow's characteristics are −1…2 (CR-CORE-09), others −5…5; or `"card": "sewer-rat"`
//!   from a loaded pack (a card's `hand_slots` and `belt_slots` give a monster or NPC that
//!   carries like a person its hands and belt; the record keeps the card, so `place` needs
//!   not name it again). Monsters and NPCs are hidden (`"hidden": false` shows their stats)
//!   and unrevealed: no player sees them at all until the Referee sends
//!   `{"reveal": {"creature": "ghoul"}}` (`"revealed": true` at creation shows them at once).
//! - `{"edit_creature": {"id": "vera", "characteristics": {"agility": 3, …}, "magic": false,
//!   "stamina": 4, "max_stamina": 8, "expertises": {"stealth": 3}}}` — a crow's
//!   characteristics move with [`crate::creature::Characteristics::adjust_crow`] (no higher
//!   than 4 without magic).
//! - `{"warn_certain_death": {"creature": "vera", "task": "leap the chasm"}}` (Referee) —
//!   before a certainly deadly attempt the creature's controller is asked
//!   `crows.certain_death` (`proceed_anyway` or `abandon`, CR-CHECK-03); it never lapses.
//! - `{"waive_test": {"creature": "vera", "expertise": "monster_lore", "task": "what ghouls
//!   fear"}}` (Referee) — "you're an expert" (CR-EXP-11): the creature's expertise settles a
//!   matter trivial to an expert with no test; no dice, no use spent (event `test_waived`).
//!   Refused when the creature lacks that expertise.
//! - `{"place_object": {"id": "door-1", "name": "oak door", "size": "large", "stamina": 8,
//!   "magic": false, "hidden": false}}` (Referee) — an object in play (CR-DMG-09); without
//!   `stamina` a structure that takes no damage (CR-CORE-07); `hidden` objects are the
//!   Referee's until placed again unhidden. `{"damage_object": {"object": "door-1",
//!   "amount": 3}}` (Referee) — its Stamina goes down, destroyed at 0; objects take no
//!   conditions (see [`super::objects`]).
//! - `{"test": {"creature": "vera", "characteristic": "agility", "edges": 1, "banes": 0,
//!   "bonus": 0, "modifiers": [], "kind": {"kind": "ordinary"}, "approved_expertises":
//!   ["stealth"]}}` — rolls two recorded d10 and stops at the commit point: when an expertise
//!   with uses left is applicable (allowed by its category or approved by the Referee) and would
//!   change the result, the creature's controller gets the decision `crows.expertise`
//!   (options `commit` or the expertise). Then the final tier; tier 1 / tier 2 / crit / doom open
//!   the Referee decisions `crows.tier_1_setback`, `crows.tier_2_outcome`,
//!   `crows.crit_benefit`, `crows.doom_setback` (options from
//!   [`crate::test_roll::ResolvedTest::decisions`], free text for the consequence).
//!   The creature's conditions add their modifiers automatically.
//!   Optional keys: `"task": "pick the lock"` names the task; the same creature testing the same
//!   task again is refused (`retry_refused`, rule CR-RETRY-01) until the Referee sends
//!   `{"circumstances_changed": {"creature": "vera", "task": "pick the lock"}}`. A test whose
//!   task is the creature's prepared task gets the Prepare for Task +2 (CR-RACT-06).
//!   `"assist_for": "bram"` makes the test an assist (kind `assist`): its tier gives Bram's
//!   next test −1/+1/+2 ([`crate::special_tests::assist_modifier`], several add up). Made in
//!   combat, it lapses when the combat turn after the assistant's ends without the test
//!   (counted on `on_boundary(TurnEnd)`; config `"assist_lapse": "bonus_only"` (default, a −1
//!   stays) or `"any_modifier"`). `"group": true` makes the creature a group test's leader:
//!   its pending assists are the helpers' (at least one, CR-GROUP-01), and when the Referee
//!   rules a tier 2 `success_at_cost`, the ruling names the `payers` (the leader and every
//!   helper whose assist was a penalty, CR-GROUP-03). `"kind": {"kind": "resistance_roll"}`
//!   is a resistance roll: its usual expertise (Gymnastics for Agility, Endurance otherwise)
//!   is offered without separate approval (CR-RR-02).
//!   `"target": "ghoul"` on an attack and `"forced_by": "ghoul"` on a resistance roll apply
//!   hiding's edge and bane (CR-HIDE-03); an attack from hiding reveals the attacker to its
//!   target (CR-HIDE-04).
//!   `"perception": true` marks a test to make out details or search: the light at the
//!   creature's square adds its bane (dim) or double bane (darkness); an attack with a `target`
//!   gets the light at the target's square (CR-LIGHT-04/05). The level per creature is set by
//!   `{"set_light_level": {"creature": "ghoul", "level": "bright"|"dim"|"darkness"}}`
//!   (Referee; unset means bright, CR-LIGHT-03).
//!   `"activities": ["notice"]` names what the test is for, so the modifiers that apply only
//!   to such tests are found (an unconscious creature's notice, CR-COND-07): `sneak`, `hide`,
//!   `climb`, `swim`, `jump`, `notice`, `search`, `discern`, `travel_role`, `forage`,
//!   `miasma_resistance`, `crafting`, `craft_weapon_or_armor`, `toppling`, or
//!   `{"other": "…"}`. `"crit_defined_by_rule": true` and `"doom_defined_by_rule": true` say
//!   the rule calling for the test already defines what a crit or a doom brings, so that
//!   Referee decision is not opened.
//!   The rulings a test opens (tier 1 setback, tier 2 outcome, crit benefit, doom setback)
//!   belong to its moment: still open when a combat round, a dungeon turn, a rest or a day
//!   ends, they lapse — answered by the system with `no_ruling` and recorded in `rulings` with
//!   that option ([`LAPSING_RULINGS`]).
//! - `{"hide": {"creature": "vera", "from": ["ghoul"], "watching": []}}` — after a successful
//!   hide test: Vera is hidden from those creatures (a relation, CR-HIDE-05); refused
//!   (CR-HIDE-01) for an observer the Referee lists as watching. `{"reveal": {"creature":
//!   "vera", "to": ["ghoul"]}}` (`to` empty: everyone). A player every one of whose characters
//!   a creature is hidden from does not see it: not in the view, and its events (creature
//!   changes, rolls, tests, decisions, death) are not sent to that player at all.
//! - `{"carry_corpse": {"creature": "vera", "corpse": "goblin", "slots": [{"kind":
//!   "backpack", "number": 1}, …]}}` (the character's controller) — the corpse becomes an item
//!   of its size's slots plus its gear's ([`crate::corpses::corpse_item`], CR-CORPSE-01),
//!   placed by the multi-slot rule; a corpse no slot kind can hold is refused (CR-CORPSE-02).
//! - `{"place_item": {"creature": "vera", "card": "torch", "slots": [{"kind": "hand",
//!   "number": 1}]}}` or with `"custom": {"name": "Old shield", "slots": 1, "armor":
//!   {"kind": "Shield", "defense": 2}}` (a custom light source: `"light": "2/2"` with its
//!   `"usage_dice"`).
//! - `{"damage": {"creature": "vera", "amount": 8, "piercing": false, "by_player": false}}` —
//!   vulnerable d6 rolled; `crows.armor_order` (the owner picks which AD item loses AD first,
//!   when two or more could), `crows.wound_slot` (the character's player picks a backpack slot,
//!   one wound at a time), `crows.knock_out` (Referee: knock out instead of kill, when a
//!   player's creature brought a Referee creature to 0).
//! - `{"add_condition": {"creature": "vera", "condition": "prone"}}` (grabbed needs
//!   `"grabbed_by"` and `"range"`), `{"remove_condition": {"creature": "vera", "condition":
//!   "prone"}}`, `{"add_effect": {"creature": "vera", "effect": "Shield of faith", "dice": 3}}`
//!   (usage dice rolled at every end of the dungeon turn).
//! - Hazards: `{"fall": {"creature": "vera", "feet": 30, "resist": true}}` (1d6 piercing per
//!   10 ft; the Agility resistance roll removes 0/1/2 d6), `{"suffocate": {"creature": "vera"}}`
//!   (one round without air: 1d6 after 3 + Strength rounds), `{"breathe": {"creature": "vera"}}`.
//! - `{"rest_halfway": {}}` — the middle of a rest (conditions and effects end).
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
//! - `{"sneak": {"creature": "vera", "past": ["ghoul"], "squares_moved": 4, "edges": 0,
//!   "banes": 0, "bonus": 0}}` — a sneaking test (Agility; Stealth offered at the commit
//!   point): moving more than half its current speed (rounded down) adds a bane (CR-HIDE-02);
//!   more than its speed is refused. `"group": true` makes it a group sneak led by the
//!   creature, its pending assists being the helpers' (CR-GROUP-01/02). Then as `test`.
//! - `{"assist": {"creature": "bram", "assisted": "vera", "characteristic": "mind",
//!   "needs": "maneuver"|"action"|"reaction", "edges": 0, "banes": 0, "bonus": 0,
//!   "approved_expertises": []}}` — an assist test (as `test` with `assist_for`). In combat
//!   `needs` (what the assisted test needs) is required and the assist is made on the
//!   helper's own combat turn, not while unconscious; it costs a maneuver (for a maneuver) or
//!   an action (for an action or a reaction), logged as `assist_charged` and kept in
//!   `assist_charges` — the combat family charges it to the turn budget through
//!   [`assist_charges`] (CR-ASSIST-03).
//! - `{"set_position": {"creature": "vera", "at": [3, 4]}}` (`null`: unknown), `{"place_light":
//!   {"id": "fire", "at": [0, 0], "light": "2/2"}}` or `{…, "campfire": "small"}` (the
//!   campfire table; Holy Shit! needs the house rule, CR-REF-34), `{"remove_light": {"id":
//!   "fire"}}`, `{"set_ambient_light": {"level": "darkness"}}`. A creature with a position is
//!   in the brightest light any lit source gives its square — placed lights and the lit
//!   sources positioned creatures have in use (in hand, or a slot the card allows) — over its
//!   own set level or the ambient light; without a position its set level, else the ambient,
//!   else bright ([`light_level_of`], CR-LIGHT-01/02/03). Positions are seen by whoever sees
//!   the creature.
//! - `{"set_ancestry": {"creature": "vera", "ancestry": "dwarf"}}` — a cosmetic label the
//!   Referee allows (CR-CORE-13, CR-REF-13); no rule reads it.
//! - `{"add_maintained_effect": {"creature": "bram", "effect": "Curse", "dice": 2, "source":
//!   "goblin"}}` — an effect with usage dice that another creature maintains: it ends when
//!   that creature dies (CR-DMG-15).
//!
//! The attacker's controller (or the Referee):
//! - `{"guess_square": {"attacker": "vera", "target": "ghoul", "square": [4, 2]}}` — an attack
//!   on a target in darkness: the attacker names a square (CR-LIGHT-05). Refused when the
//!   target is not in darkness or the attacker sees without light. Logged as
//!   `square_guessed`; the Referee answers `crows.square_guess` (options `attack`,
//!   `automatic_miss`, `not_needed` when the target is not moving silently, CR-REF-24), whose
//!   context — Referee-only — holds the true square and whether the guess is right when the
//!   position is known; the ruling is logged as `guess_ruled`. The combat family opens the
//!   same decision for heavy concealment or invisibility (CR-LOE-08/09) through
//!   `Crows::open_square_guess`.
//!
//! The character's controller (or the Referee):
//! - `{"move_items": {"creature": "vera", "moves": [{"item": 3, "to": [{"kind": "belt",
//!   "number": 1}]}], "drops": [4]}}` — free outside combat, one maneuver in combat (only hands
//!   and belt); impossible moves are refused with the rule named and change nothing.
//! - `{"draw_from_backpack": {"creature": "vera", "item": 5, "hands": [{"kind": "hand",
//!   "number": 1}], "choice": "Swap"|"DropHands"}}` — combat only: the recorded 1d10 against the
//!   item's slot number (CR-INV-13).
//! - `{"dump_backpack": {"creature": "vera", "items": [5, 6]}}`, `{"pick_up": {"creature":
//!   "vera", "ground": 1, "slots": […]}}`, `{"declare_worn_armor": {"creature": "vera", "item":
//!   2}}`, `{"take_off_armor": {"creature": "vera"}}`, `{"wear_magic_item": {"creature":
//!   "vera", "item": 7, "slot": "Head"}}`, `{"take_off_magic_item": {"creature": "vera",
//!   "item": 7, "slots": [{"kind": "Backpack", "number": 3}]}}` (back into inventory slots,
//!   which ends an overloaded magic slot, CR-INV-06/07).
//! - `{"use_item": {"creature": "vera", "item": 3}}` (an activation: its usage dice roll),
//!   `{"refuel": {"creature": "vera", "item": 3, "with": 4}}`, `{"light": {"creature": "vera",
//!   "item": 3}}`, `{"douse": {"creature": "vera", "item": 3}}` (a source that burns per
//!   dungeon turn rolls its usage dice), `{"eat_ration": {"creature": "vera", "item": 6}}`.
//! - `{"edit_item": {"creature": "vera", "item": 3, "notes": "+1 to hit", "name": "Old sword"}}`
//!   — writes the item's card (CR-INV-08): the player writes `notes` (no rule reads them), only
//!   the Referee gives a `name`.
//!
//! A player without a living character:
//! - `{"request_character": {"name": "Corvin", "ancestry": "dwarf", "characteristics":
//!   {"agility": 2, "mind": 0, "strength": -1}, "stamina": 5}}` — checked at once (a new
//!   crow's characteristics are −1…2, CR-CORE-09), then the Referee answers
//!   `crows.core.character_request` (`approve`/`refuse`, free text: the reason). Approval
//!   binds the player (`Ctx::bind_character`) and creates the crow as `create_creature` does
//!   (id: the name and a random suffix); a refusal is logged as `character_request_refused` for that player.
//!
//! # Death
//!
//! When a creature dies (`died`, CR-DMG-15) its gear goes to its corpse object (the dead
//! creature's record keeps its wounds and lists no items), it loses its conditions (an object
//! takes none), whoever it grabbed is freed (CR-COND-04), the usage-dice effects it maintained
//! on others end, and so do the engine effects whose data names it as `source` or `caster`
//! (families starting an effect a creature maintains put its id there).
//!
//! # Time
//!
//! The dungeon turn is the engine's exploration turn (real time, 30 minutes unless the config
//! says `{"dungeon_turn_minutes": n}`, or `0` for manual turns). At its end
//! (`on_boundary(ExplorationTurnEnd)`) every creature's usage dice of items and effects are
//! rolled, conditions expire and knocked-out creatures come to, and an overloaded magic-item
//! slot brings 1d6 wounds ([`crate::creature::Creature::end_of_dungeon_turn`], in `crate::dungeon_turns`). A completed
//! rest restores expertise uses and "Rest" usage dice; each day's end checks hunger.
//!
//! # Visibility
//!
//! Every creature change is seen in full by the Referee and the creature's players; others see
//! its public part (name, kind, size, conditions, alive; for creatures that are not hidden also
//! wounds and what is in hand). Hidden creatures' rolls and tests are Referee-only.
//!
//! The Referee's view (`delve table show`) adds to each creature `derived` ([`derived_view`]):
//! `speed` (its speed for a move now, after wounds and conditions), `light` (the level at its
//! square) and `next_test.{agility,mind,strength}` (`edges`, `banes`, the `net` result and the
//! `modifiers` its own state puts on its next ordinary test), computed by the functions the
//! commands use.
//!
//! A player sees a creature unless it is unrevealed or hidden from all of their characters
//! ([`viewer_sees`]); a player without a character sees what spectators see. For a player, a
//! creature they may not see answers every command exactly like one that does not exist.

use std::collections::{BTreeMap, BTreeSet};

use engine::{
    Acting, Answer, Answerer, Boundary, Ctx, Decision, DecisionRequest, Participants, RuleError,
    TableState, TurnLength, Viewer, Visibility,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::conditions::{ConditionDetail, ConditionKind, ConditionSet, Grab, own_test_modifiers};
use crate::content::{ContentLibrary, CreatureCard, ItemCard, RollTable};
use crate::creature::{
    Characteristics, Creature, CreatureKind, Magic, Object, RuleOverride, Size, Speeds,
    WorldOptions,
};
use crate::damage::{DamageOutcome, DamageStep, Hit, WorldDecision, take_damage, wounds_arrive};
use crate::expertise::{Eligibility, ExpertiseName, Expertises, eligibility};
use crate::hazards::{Hunger, Suffocation};
use crate::hiding::HiddenFrom;
use crate::inventory::{
    ArmorKind, CarriedItem, HandChoice, InventoryLayout, ItemId, MagicSlot, Move, Rearrangement,
    SlotKind, SlotRef, StackRule, Timing, WoundKind,
};
use crate::light::{LightLevel, LightOutput, PlacedLight};
use crate::special_tests::{AssistLapse, GroupTest, PendingAssist};
use crate::test_roll::retry::{RetryLedger, RetryStatus};
use crate::test_roll::{
    Characteristic, Modifier, ModifierSource, ResolvedTest, RolledTest, SourceKind, TestKind,
    TestRules, TestSpec, Tier,
};
use crate::usage_dice::{ItemUsage, RollOccasion, UsageLine};

use super::Crows;
use super::request::TestRequest;
use super::then::{CoreThen, Then};

/// The default real-time length of a dungeon turn, in minutes (CR-DT-02).
pub const DEFAULT_DUNGEON_TURN_MINUTES: i64 = 30;
/// Most AD items whose every order is offered as a decision (4! = 24 options); with more,
/// the decision asks which item goes first.
pub const MAX_ARMOR_ORDER_ITEMS: usize = 4;
/// Most pack files in one `load_pack` and in a table.
pub const MAX_PACK_FILES: usize = 64;

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// The table state of a Crows game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CrowsState {
    pub options: WorldOptions,
    pub test_rules: TestRules,
    /// Minutes of a real-time dungeon turn (0: ended by command only).
    pub dungeon_turn_minutes: i64,
    pub creatures: BTreeMap<String, CreatureRecord>,
    pub ground: Vec<GroundItem>,
    pub content: Content,
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
    /// Objects the Referee put into play, by id (CR-DMG-09, [`super::objects`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub objects: BTreeMap<String, super::objects::PlacedObject>,
    /// The light level where each creature stands, as the Referee set it (absent: bright).
    #[serde(default)]
    pub light: BTreeMap<String, LightLevel>,
    /// Dungeon turns, encounters, rest, town, spells ([`super::explore`]).
    #[serde(default)]
    pub explore: super::explore::ExploreState,
    /// Spells, chaos, crafting, identification ([`super::magic`]).
    #[serde(default)]
    pub magic: super::magic::MagicState,
    /// The fight in progress, if any ([`super::combat`]).
    #[serde(default)]
    pub combat: super::combat::CombatState,
    /// Overland travel ([`super::travel`]).
    #[serde(default)]
    pub travel: super::travel::TravelState,
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
}

/// What an assist in combat costs its helper (CR-ASSIST-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssistCost {
    Maneuver,
    Action,
}

/// What the assisted test needs in combat, which sets the assist's cost (CR-ASSIST-03).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssistedNeeds {
    Maneuver,
    Action,
    Reaction,
}

/// The cost of an assist for a test that needs `needs` (CR-ASSIST-03): a maneuver for a
/// maneuver, an action for an action or a reaction.
pub fn assist_cost(needs: AssistedNeeds) -> AssistCost {
    match needs {
        AssistedNeeds::Maneuver => AssistCost::Maneuver,
        AssistedNeeds::Action | AssistedNeeds::Reaction => AssistCost::Action,
    }
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

/// The assist costs `helper` incurred in combat round `round` (CR-ASSIST-03): the combat
/// family counts them against the helper's turn budget.
pub fn assist_charges(rules: &CrowsState, helper: &str, round: u32) -> Vec<AssistCost> {
    rules
        .assist_charges
        .iter()
        .filter(|c| c.helper == helper && c.round == round)
        .map(|c| c.cost)
        .collect()
}

/// Whether two task names name the same task: the Referee types them freely, so case and
/// spacing do not count (CR-RACT-06's prepared task against a test's `task`).
fn same_task(a: &str, b: &str) -> bool {
    let words = |s: &str| {
        s.split_whitespace()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    words(a) == words(b)
}

/// The lit sources on the grid: placed lights, and every lit item a positioned, living
/// creature has in use (in hand, or a slot its card allows; CR-INV-10, CR-LIGHT-01) whose
/// usage dice are not spent (CR-UD-05).
pub fn lit_sources(rules: &CrowsState) -> Vec<PlacedLight> {
    let mut out: Vec<PlacedLight> = rules.placed_lights.values().copied().collect();
    for (id, at) in &rules.positions {
        let Some(r) = rules.creatures.get(id) else {
            continue;
        };
        if !r.creature.alive {
            continue;
        }
        for item in r.creature.inventory.items_in_use() {
            if let (Some(output), Some(u)) = (item.light, &item.usage)
                && u.shines()
            {
                out.push(PlacedLight { at: *at, output });
            }
        }
    }
    out
}

/// The light level at creature `id`'s square (CR-LIGHT-02): with a known position, the
/// brightest any lit source gives there, over the Referee's level for that creature (or the
/// ambient light); without one, the Referee's level for it, else the ambient light, else
/// bright (CR-LIGHT-03).
pub fn light_level_of(rules: &CrowsState, id: &str) -> LightLevel {
    let base = rules
        .light
        .get(id)
        .copied()
        .or(rules.ambient_light)
        .unwrap_or(LightLevel::Bright);
    match rules.positions.get(id) {
        Some(at) => crate::light::level_at(*at, &lit_sources(rules), base),
        None => base,
    }
}

/// The modifiers a creature's own state puts on its next test of this kind, characteristic
/// and activities, in this order: its conditions, its pending assists (CR-ASSIST-01/04),
/// Despondent's edge on sneaking and hiding (CR-MIASMA-07), its running backlashes (CR-BL-02,
/// CR-BL-20). The `test` command and the view's `derived.next_test` both use this one function.
pub fn standing_test_modifiers(
    rules: &CrowsState,
    creature: &str,
    kind: &TestKind,
    characteristic: Characteristic,
    activities: &[crate::test_roll::Activity],
) -> Vec<Modifier> {
    let mut out = Vec::new();
    if let Some(r) = rules.creatures.get(creature) {
        out.extend(own_test_modifiers(
            &r.creature.conditions,
            kind,
            characteristic,
            activities,
        ));
    }
    if let Some(pending) = rules.pending_assists.get(creature) {
        out.extend(pending.iter().map(|a| a.pending.modifier.clone()));
    }
    if activities.iter().any(|a| {
        matches!(
            a,
            crate::test_roll::Activity::Hide | crate::test_roll::Activity::Sneak
        )
    }) && super::travel::sneak_edge(rules, creature)
    {
        out.push(Modifier::edge(ModifierSource::new(
            SourceKind::Miasma,
            "CR-MIASMA-07",
        )));
    }
    out.extend(rules.magic.test_modifiers(creature, activities));
    // Where it stands: fully submerged without a swim speed (CR-MOVE-04).
    let mut probe = crate::test_roll::TestSpec::new(characteristic, 0).with_kind(*kind);
    probe.activities = activities.to_vec();
    out.extend(super::combat::footing_modifiers(rules, creature, &probe));
    out
}

/// What the rules make of a creature now, for the Referee's view (`derived`): its speed for a
/// move (wounds, conditions, squeezing, holding), the light level at its square, and per
/// characteristic the edges and banes its own state puts on its next ordinary test — each
/// computed by the function the game itself uses.
pub fn derived_view(rules: &CrowsState, id: &str) -> Value {
    let next_test: BTreeMap<String, Value> = [
        Characteristic::Agility,
        Characteristic::Mind,
        Characteristic::Strength,
    ]
    .into_iter()
    .map(|ch| {
        let mods = standing_test_modifiers(rules, id, &TestKind::Ordinary, ch, &[]);
        let edges: u32 = mods.iter().map(|m| m.effect.edges()).sum();
        let banes: u32 = mods.iter().map(|m| m.effect.banes()).sum();
        (
            ch.to_string().to_lowercase(),
            json!({
                "edges": edges,
                "banes": banes,
                "net": crate::edges::net_of(&mods),
                "modifiers": mods,
            }),
        )
    })
    .collect();
    json!({
        "speed": super::combat::speed_in(rules, id),
        "light": light_level_of(rules, id),
        "next_test": next_test,
    })
}

/// The light modifier on `viewer`'s attack against `target` or on its test to make out
/// details at `target`'s square (CR-LIGHT-04/05), none when an exception lets the viewer see
/// without light (CR-CORE-03).
pub fn light_modifier_for(rules: &CrowsState, viewer: &str, target: &str) -> Option<Modifier> {
    let sees = rules
        .creatures
        .get(viewer)
        .is_some_and(|r| r.creature.has_override(&RuleOverride::SeesInDarkness));
    if sees {
        return None;
    }
    // Light-sensitive eyes see bright light as darkness (CR-LIGHT-08).
    crate::light::light_modifier(crate::light::perceived(
        light_level_of(rules, target),
        rules.magic.bright_is_darkness(viewer),
    ))
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
    /// [`super::after_test`]): a [`super::then::Then`] as it was written into the log, read
    /// back only to route the result; never set from the wire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Value>,
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

/// Characteristic values in a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacteristicValues {
    pub agility: i8,
    pub mind: i8,
    pub strength: i8,
}

/// Armor Defense of a custom item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmorSpec {
    pub kind: ArmorKind,
    pub defense: u16,
}

/// An item not from a content pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

pub(super) fn default_speeds() -> Speeds {
    Speeds {
        walk: 6,
        ..Speeds::default()
    }
}

/// The core commands (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// Largest grid coordinate a position or a placed light may have.
pub const MAX_COORDINATE: i32 = 100_000;

/// Longest real-time dungeon turn a table may set, in minutes (one day).
const MAX_DUNGEON_TURN_MINUTES: i64 = 24 * 60;

/// The table's named settings (CR-CORE-02): the errata options, the test rules, the assist
/// lapse and the dungeon-turn length, as given at creation or changed by the Referee.
struct Settings {
    options: WorldOptions,
    test_rules: TestRules,
    assist_lapse: AssistLapse,
    dungeon_turn_minutes: i64,
    /// The keys whose value changed, as `section.key`.
    changed: Vec<String>,
}

impl Settings {
    /// The settings of `state` with the keys of `patch` merged in (the other keys of `patch`
    /// are not settings and are ignored). A bad key or value is refused with `code`, naming it.
    fn merged(state: &CrowsState, patch: &Value, code: &str) -> Result<Settings, RuleError> {
        let mut changed = Vec::new();
        let options: WorldOptions =
            merge_setting("options", &state.options, patch, code, &mut changed)?;
        options
            .validate()
            .map_err(|m| RuleError::new(code, format!("options: {m}")).rule("CR-CORE-02"))?;
        let test_rules = merge_setting("test_rules", &state.test_rules, patch, code, &mut changed)?;
        let assist_lapse = merge_setting(
            "assist_lapse",
            &state.assist_lapse,
            patch,
            code,
            &mut changed,
        )?;
        let dungeon_turn_minutes = match patch.get("dungeon_turn_minutes") {
            None => state.dungeon_turn_minutes,
            Some(m) => {
                let m = m
                    .as_i64()
                    .filter(|m| (0..=MAX_DUNGEON_TURN_MINUTES).contains(m))
                    .ok_or_else(|| {
                        RuleError::new(
                            code,
                            format!("dungeon_turn_minutes must be 0…{MAX_DUNGEON_TURN_MINUTES}"),
                        )
                        .rule("CR-CORE-02")
                    })?;
                if m != state.dungeon_turn_minutes {
                    changed.push("dungeon_turn_minutes".into());
                }
                m
            }
        };
        Ok(Settings {
            options,
            test_rules,
            assist_lapse,
            dungeon_turn_minutes,
            changed,
        })
    }

    fn set(self, state: &mut CrowsState) {
        state.options = self.options;
        state.test_rules = self.test_rules;
        state.assist_lapse = self.assist_lapse;
        state.dungeon_turn_minutes = self.dungeon_turn_minutes;
    }
}

/// Merges the keys of `patch[section]` into the serialised `current` setting and reads the
/// result back, naming each key whose value changed as `section.key`. An unknown key or a value
/// of the wrong shape is refused with the section named, and nothing changes.
pub(super) fn merge_setting<T>(
    section: &str,
    current: &T,
    patch: &Value,
    code: &str,
    changed: &mut Vec<String>,
) -> Result<T, RuleError>
where
    T: Serialize + serde::de::DeserializeOwned + Clone,
{
    let Some(patch) = patch.get(section) else {
        return Ok(current.clone());
    };
    let bad = |msg: String| RuleError::new(code, msg).rule("CR-CORE-02");
    let mut value = serde_json::to_value(current).map_err(|e| bad(format!("{section}: {e}")))?;
    match (&mut value, patch) {
        (Value::Object(cur), Value::Object(p)) => {
            for (k, v) in p {
                if !cur.contains_key(k) {
                    return Err(bad(format!("{section}: no setting named `{k}`")));
                }
                if cur.get(k) != Some(v) {
                    changed.push(format!("{section}.{k}"));
                }
                cur.insert(k.clone(), v.clone());
            }
        }
        (_, p) => {
            if *p != value {
                changed.push(section.to_string());
            }
            value = p.clone();
        }
    }
    serde_json::from_value(value).map_err(|e| bad(format!("{section}: {e}")))
}

/// The slots of a new creature: crows and hirelings have hands, belt and 10 backpack slots
/// (CR-INV-01); animals and Referee creatures only the backpack slots given (default none).
pub(super) fn layout_for(kind: CreatureKind, backpack: Option<u8>) -> InventoryLayout {
    match kind {
        CreatureKind::Crow => InventoryLayout::CROW,
        CreatureKind::Hireling => InventoryLayout {
            backpack: backpack.unwrap_or(InventoryLayout::CROW.backpack),
            ..InventoryLayout::CROW
        },
        _ => InventoryLayout {
            hands: 0,
            belt: 0,
            backpack: backpack.unwrap_or(0),
        },
    }
}

pub(super) fn default_choice() -> HandChoice {
    HandChoice::Swap
}

/// The events of the core commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
        placed: Box<super::objects::PlacedObject>,
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

pub(super) fn err(code: &str, message: impl std::fmt::Display) -> RuleError {
    let message = message.to_string();
    let rule = message
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .find(|w| w.starts_with("CR-"))
        .map(str::to_string);
    let e = RuleError::new(code, message);
    match rule {
        Some(r) => e.rule(r),
        None => e,
    }
}

pub(super) fn snake<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

pub(super) fn from_snake<T: serde::de::DeserializeOwned>(s: &str) -> Option<T> {
    serde_json::from_value(Value::String(s.to_string())).ok()
}

pub(super) fn record<'a>(
    ctx: &'a Ctx<'_, Crows>,
    id: &str,
) -> Result<&'a CreatureRecord, RuleError> {
    ctx.rules().creatures.get(id).ok_or_else(|| no_creature(id))
}

/// The one refusal for a creature that is not there — or that the actor may not see: both
/// answer alike, so a refusal never tells a player that a hidden creature exists.
pub(super) fn no_creature(id: &str) -> RuleError {
    RuleError::new("unknown_creature", format!("no creature `{id}`"))
}

pub(super) fn living(ctx: &Ctx<'_, Crows>, id: &str) -> Result<CreatureRecord, RuleError> {
    let r = record(ctx, id)?;
    if !r.creature.alive {
        return Err(err(
            "dead",
            crate::creature::CreatureError::Dead(r.creature.name.clone()),
        ));
    }
    Ok(r.clone())
}

/// The players who cannot see creature `id`: those who do not control it and, while the
/// Referee has not revealed it, everyone else; once revealed, those every one of whose
/// characters it is hidden from (CR-HIDE-05). A player without characters sees what the
/// public sees: nothing that is hidden from any seated character.
pub fn blind_players(
    participants: &Participants,
    rules: &CrowsState,
    id: &str,
) -> BTreeSet<String> {
    let unrevealed = rules.creatures.get(id).is_some_and(|r| r.unrevealed);
    blind_players_if(participants, &rules.hiding, id, unrevealed)
}

/// [`blind_players`] with the creature's `unrevealed` flag given (a record being written).
fn blind_players_if(
    participants: &Participants,
    hiding: &HiddenFrom,
    id: &str,
    unrevealed: bool,
) -> BTreeSet<String> {
    let hidden_from = |chars: &BTreeSet<String>| {
        !chars.is_empty() && chars.iter().all(|c| hiding.is_hidden(id, c))
    };
    let hidden_from_someone = unrevealed
        || participants
            .players
            .values()
            .any(|chars| !chars.contains(id) && hidden_from(chars));
    participants
        .players
        .iter()
        .filter(|(_, chars)| {
            !chars.contains(id)
                && (unrevealed || hidden_from(chars) || (chars.is_empty() && hidden_from_someone))
        })
        .map(|(p, _)| p.clone())
        .collect()
}

/// Whether the public (spectators) sees creature `id`: revealed and hidden from no seated
/// character.
pub fn public_sees(participants: &Participants, rules: &CrowsState, id: &str) -> bool {
    let unrevealed = rules.creatures.get(id).is_some_and(|r| r.unrevealed);
    !unrevealed && blind_players_if(participants, &rules.hiding, id, false).is_empty()
}

/// Whether `viewer` sees creature `id` at all — the one test behind every projection and
/// every player's creature reference.
pub fn viewer_sees(
    participants: &Participants,
    rules: &CrowsState,
    viewer: &Viewer,
    id: &str,
) -> bool {
    match viewer {
        Viewer::Referee => true,
        Viewer::Player(p) => !blind_players(participants, rules, id).contains(p),
        Viewer::Spectator(_) => public_sees(participants, rules, id),
    }
}

/// Who sees a creature's rolls, tests and the decisions about them: the whole table, except
/// for creatures with hidden stats (the Referee's only; a decision is then also seen by its
/// answerer) and for creatures hidden from some players (everyone else; spectators not).
pub fn sight(participants: &Participants, rules: &CrowsState, id: &str) -> Visibility {
    if rules.creatures.get(id).is_some_and(|r| r.hidden) {
        return Visibility::Referee;
    }
    let blind = blind_players(participants, rules, id);
    if blind.is_empty() && public_sees(participants, rules, id) {
        Visibility::Public
    } else {
        Visibility::Players(
            participants
                .players
                .keys()
                .filter(|p| !blind.contains(*p))
                .cloned()
                .collect(),
        )
    }
}

/// A corpse as shown: its name, size, and the slots it takes with its gear (CR-CORPSE-01).
// Part of the API the sibling families call; core itself shows corpses under house rules.
#[allow(dead_code)]
pub(super) fn corpse_view(o: &Object) -> Value {
    corpse_view_with(o, &WorldOptions::default())
}

/// A corpse as shown under the table's house rules (a Holy Shit! corpse's slots, CR-SIZE-03).
pub(super) fn corpse_view_with(o: &Object, options: &WorldOptions) -> Value {
    let gear = o.corpse.as_ref().map_or(0, |c| c.inventory.gear_slots());
    let referee_slots = if o.size == Size::HolyShit {
        options.corpse_slots_override()
    } else {
        None
    };
    let slots = crate::corpses::corpse_total_slots(o.size, gear, referee_slots).ok();
    let items: Vec<&str> = o
        .corpse
        .as_ref()
        .map(|c| c.inventory.items().map(|(i, _)| i.name.as_str()).collect())
        .unwrap_or_default();
    json!({"name": o.name, "size": o.size, "gear_slots": gear, "slots": slots, "gear": items})
}

pub(super) fn audience(ctx: &Ctx<'_, Crows>, id: &str) -> Visibility {
    sight(&ctx.core().participants, ctx.rules(), id)
}

/// The part of a creature everyone may see.
pub fn public_view(id: &str, r: &CreatureRecord) -> Value {
    let c = &r.creature;
    let mut v = json!({
        "id": id,
        "name": c.name,
        "kind": c.kind,
        "size": c.size,
        "alive": c.alive,
        "conditions": c.conditions.kinds(),
    });
    if !r.hidden
        && let Some(obj) = v.as_object_mut()
    {
        let hands: Vec<&str> = c
            .inventory
            .items()
            .filter(|(_, p)| p.kind == SlotKind::Hand)
            .map(|(i, _)| i.name.as_str())
            .collect();
        obj.insert("wounds".into(), json!(c.inventory.wound_count()));
        obj.insert("in_hands".into(), json!(hands));
    }
    v
}

pub(super) fn full_view(id: &str, r: &CreatureRecord) -> Value {
    let mut v = serde_json::to_value(r).unwrap_or(Value::Null);
    if let Some(obj) = v.as_object_mut() {
        obj.insert("id".into(), json!(id));
        obj.insert("items".into(), items_view(&r.creature));
    }
    v
}

pub(super) fn items_view(c: &Creature) -> Value {
    let items: Vec<Value> = c
        .inventory
        .items()
        .map(|(i, p)| json!({"id": i.id, "name": i.name, "at": p}))
        .collect();
    json!(items)
}

/// The next free item id once `record`'s items exist.
fn next_item_after(record: &CreatureRecord) -> u32 {
    record
        .creature
        .inventory
        .all_items()
        .map(|i| i.id.0)
        .filter(|i| *i != crate::creature::NATURAL_ARMOR.0)
        .max()
        .unwrap_or(0)
        .saturating_add(1)
}

/// The events that record `record` as creature `id`'s new state: for a creature that exists,
/// `creature_changed` with a merge patch of its record and `creature_seen_changed` with a
/// merge patch of its public part, when both patches write the new state exactly; otherwise
/// (a new creature, a member becoming `null`, the public part shown or withheld anew: its
/// `hidden` or `unrevealed` flag changed) `creature_set` with the whole record and
/// `creature_seen` with the whole public part.
fn creature_events(
    before: Option<&CreatureRecord>,
    id: &str,
    record: CreatureRecord,
    what: &str,
    report: Value,
) -> (CoreEvent, CoreEvent) {
    let (id, what) = (id.to_string(), what.to_string());
    let patches = before.and_then(|b| {
        let old = serde_json::to_value(b).ok()?;
        let new = serde_json::to_value(&record).ok()?;
        let patch = super::patch::diff_exact(&old, &new)?;
        // The patched record must read back as the record (what `core_apply` does).
        serde_json::from_value::<CreatureRecord>(new).ok()?;
        let seen = if b.hidden == record.hidden && b.unrevealed == record.unrevealed {
            super::patch::diff_exact(&public_view(&id, b), &public_view(&id, &record))?
        } else {
            return None;
        };
        Some((patch, seen))
    });
    match patches {
        Some((patch, seen)) => (
            CoreEvent::CreatureChanged {
                id: id.clone(),
                what: what.clone(),
                report,
                patch,
            },
            CoreEvent::CreatureSeenChanged {
                id,
                what,
                patch: seen,
            },
        ),
        None => {
            let public = public_view(&id, &record);
            (
                CoreEvent::CreatureSet {
                    id: id.clone(),
                    record: Box::new(record),
                    what: what.clone(),
                    report,
                },
                CoreEvent::CreatureSeen { id, what, public },
            )
        }
    }
}

/// Emits a creature's new state: the record (or what changed in it) for the Referee and its
/// players, the public part (or what changed in it) for others ([`creature_events`]).
pub(super) fn set_creature(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    record: CreatureRecord,
    what: &str,
    report: Value,
) -> Result<(), RuleError> {
    let players: BTreeSet<String> = ctx.core().participants.controllers(id).cloned().collect();
    let visibility = if players.is_empty() {
        Visibility::Referee
    } else {
        Visibility::Players(players.clone())
    };
    let unrevealed = record.unrevealed;
    let (full, masked) = creature_events(ctx.rules().creatures.get(id), id, record, what, report);
    let blind = blind_players_if(
        &ctx.core().participants,
        &ctx.rules().hiding,
        id,
        unrevealed,
    );
    let public = !unrevealed
        && blind_players_if(&ctx.core().participants, &ctx.rules().hiding, id, false).is_empty();
    if !blind.is_empty() || !public {
        // Hidden from some players (CR-HIDE-05) or not yet revealed: they (and spectators)
        // get no event at all.
        let seers: BTreeSet<String> = ctx
            .core()
            .participants
            .players
            .keys()
            .filter(|p| !blind.contains(*p) && !players.contains(*p))
            .cloned()
            .collect();
        ctx.emit_for(full, visibility)?;
        if seers.is_empty() {
            return Ok(());
        }
        return ctx.emit_for(masked, Visibility::Players(seers));
    }
    ctx.emit_masked(full, visibility, masked)
}

pub(super) fn set_creature_only(
    ctx: &mut Ctx<'_, Crows>,
    id: &str,
    creature: Creature,
    what: &str,
    report: Value,
) -> Result<(), RuleError> {
    let mut r = record(ctx, id)?.clone();
    r.creature = creature;
    set_creature(ctx, id, r, what, report)
}

/// Rolls one die of `sides` faces through ctx (recorded) and returns its face.
pub(super) fn roll_die(
    ctx: &mut Ctx<'_, Crows>,
    label: &str,
    sides: u8,
    visibility: Visibility,
) -> Result<u8, RuleError> {
    let result = ctx.roll(label, &format!("1d{sides}"), visibility)?;
    u8::try_from(result.total)
        .ok()
        .filter(|f| (1..=sides).contains(f))
        .ok_or_else(|| {
            RuleError::new(
                "bad_face",
                format!("a d{sides} showed {}, outside 1…{sides}", result.total),
            )
            .rule("CR-DICE-01")
        })
}

pub(super) fn roll_d6s(
    ctx: &mut Ctx<'_, Crows>,
    label: &str,
    n: u8,
    visibility: &Visibility,
) -> Result<Vec<u8>, RuleError> {
    (0..n)
        .map(|_| roll_die(ctx, label, 6, visibility.clone()))
        .collect()
}

/// Rolls the usage dice of `items` (item, number of d6) of creature `c`, each labelled with the
/// item's name; returns the faces per item (for the end of a dungeon turn and its stand-ins).
pub(super) fn item_usage_faces(
    ctx: &mut Ctx<'_, Crows>,
    c: &Creature,
    items: &[(ItemId, u8)],
    vis: &Visibility,
) -> Result<Vec<(ItemId, Vec<u8>)>, RuleError> {
    let mut faces = Vec::new();
    for (item, n) in items {
        let name = c
            .inventory
            .item(*item)
            .map_or_else(String::new, |i| i.name.clone());
        faces.push((
            *item,
            roll_d6s(ctx, &format!("usage dice: {name}"), *n, vis)?,
        ));
    }
    Ok(faces)
}

pub(super) fn timing(ctx: &Ctx<'_, Crows>) -> Timing {
    if ctx.core().clock.combat.is_some() {
        Timing::CombatRounds
    } else {
        Timing::OutsideCombatRounds
    }
}

pub(super) fn fresh_id(ctx: &Ctx<'_, Crows>) -> ItemId {
    ItemId(ctx.rules().next_item.max(1))
}

/// The standing effects on creature `id`: those the data of the running engine effects on it
/// list (see [`crate::standing`]; the backlash rows are the first to use them).
pub(super) fn standing_on(ctx: &Ctx<'_, Crows>, id: &str) -> Vec<crate::standing::Active> {
    ctx.core()
        .effects
        .iter()
        .filter(|e| e.target.as_deref() == Some(id))
        .flat_map(|e| crate::standing::read(&e.id, &e.data))
        .collect()
}

/// Refuses an inventory change that a standing effect on `id` forbids (a numb hand, hands
/// turned to feet, a weapon hand, antlers under a hat…), naming the effect and its rule.
pub(super) fn check_standing_slots(
    ctx: &Ctx<'_, Crows>,
    id: &str,
    before: &crate::inventory::Inventory,
    after: &crate::inventory::Inventory,
) -> Result<(), RuleError> {
    let active = standing_on(ctx, id);
    let Some((item, a)) = crate::standing::check_change(&active, before, after) else {
        return Ok(());
    };
    let name = after
        .item(item)
        .or_else(|| before.item(item))
        .map_or_else(|| format!("item {}", item.0), |i| i.name.clone());
    Err(RuleError::new(
        "slot_unusable",
        format!(
            "{name}: {} while {} lasts ({})",
            a.standing.forbids(),
            a.note,
            a.rule
        ),
    )
    .rule(a.rule.clone()))
}

pub(super) fn drop_to_ground(
    ctx: &mut Ctx<'_, Crows>,
    from: &str,
    items: Vec<CarriedItem>,
) -> Result<(), RuleError> {
    if items.is_empty() {
        return Ok(());
    }
    let first = ctx.rules().next_ground.max(1);
    let items = items
        .into_iter()
        .zip(first..)
        .map(|(item, id)| GroundItem {
            id,
            from: from.to_string(),
            item,
        })
        .collect();
    ctx.emit(CoreEvent::OnGround { items })
}

impl Crows {
    pub(super) fn create(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::CreateCreature {
            id,
            name,
            card,
            kind,
            characteristics,
            stamina,
            speed,
            size,
            expertises,
            backpack_slots,
            hidden,
            revealed,
        } = cmd
        else {
            return Ok(());
        };
        if id.is_empty() || id.len() > 64 {
            return Err(RuleError::new("bad_id", "a creature id is 1…64 characters"));
        }
        if ctx.rules().creatures.contains_key(id) {
            return Err(RuleError::new(
                "duplicate_creature",
                format!("creature `{id}` exists"),
            ));
        }
        let mut creature = if let Some(card) = card {
            let card = ctx.rules().content.creatures.get(card).ok_or_else(|| {
                RuleError::new(
                    "unknown_card",
                    format!("no creature card `{card}` in the loaded packs"),
                )
            })?;
            card.to_creature().map_err(|e| err("bad_creature", e))?
        } else {
            let kind = kind.ok_or_else(|| {
                RuleError::new("missing_field", "`kind` is needed without a `card`")
            })?;
            let c = characteristics.ok_or_else(|| {
                RuleError::new(
                    "missing_field",
                    "`characteristics` is needed without a `card`",
                )
            })?;
            let stamina = stamina.ok_or_else(|| {
                RuleError::new("missing_field", "`stamina` is needed without a `card`")
            })?;
            let values = if kind == CreatureKind::Crow {
                Characteristics::new_crow(c.agility, c.mind, c.strength)
            } else {
                Characteristics::new(c.agility, c.mind, c.strength)
            }
            .map_err(|e| err("characteristic_out_of_range", e))?;
            let layout = layout_for(kind, *backpack_slots);
            Creature::new(id.clone(), kind, values, stamina, *speed, *size, layout)
        };
        if let Some(n) = name {
            creature.name = n.clone();
        } else if card.is_none() {
            creature.name = id.clone();
        }
        creature.inventory = creature
            .inventory
            .clone()
            .with_options(ctx.rules().options.into());
        for (e, uses) in expertises {
            creature.expertises.learn(*e, *uses);
        }
        let referees_own = matches!(creature.kind, CreatureKind::Monster | CreatureKind::Npc);
        let hidden = hidden.unwrap_or(referees_own);
        let unrevealed = !revealed.unwrap_or(!referees_own);
        let rec = CreatureRecord {
            creature,
            hidden,
            unrevealed,
            hunger: Hunger::default(),
            suffocation: Suffocation::default(),
            card: card.clone(),
        };
        set_creature(ctx, id, rec, "created", Value::Null)
    }

    /// The Referee's `edit_creature`: the values it names replace the creature's.
    pub(super) fn edit(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::EditCreature {
            id,
            characteristics,
            magic,
            stamina,
            max_stamina,
            speed,
            size,
            expertises,
            hidden,
        } = cmd
        else {
            return Ok(());
        };
        let (magic, stamina, max_stamina, speed, size, hidden) =
            (*magic, *stamina, *max_stamina, *speed, *size, *hidden);
        let mut r = record(ctx, id)?.clone();
        let c = &mut r.creature;
        if let Some(v) = characteristics {
            let mut next = c.characteristics;
            for (ch, value) in [
                (Characteristic::Agility, v.agility),
                (Characteristic::Mind, v.mind),
                (Characteristic::Strength, v.strength),
            ] {
                let by = value.saturating_sub(next.get(ch));
                if by == 0 {
                    continue;
                }
                if c.kind == CreatureKind::Crow {
                    let source = if magic { Magic::Magic } else { Magic::Mundane };
                    next.adjust_crow(ch, by, source)
                        .map_err(|e| err("characteristic_out_of_range", e))?;
                } else {
                    next = Characteristics::new(v.agility, v.mind, v.strength)
                        .map_err(|e| err("characteristic_out_of_range", e))?;
                }
            }
            c.characteristics = next;
        }
        if let Some(m) = max_stamina {
            c.max_stamina = m;
            c.stamina = c.stamina.min(m);
        }
        if let Some(s) = stamina {
            if s > c.max_stamina {
                return Err(RuleError::new(
                    "stamina_above_max",
                    format!("Stamina {s} is above the maximum {}", c.max_stamina),
                )
                .rule("CR-DMG-06"));
            }
            c.stamina = s;
        }
        if let Some(s) = speed {
            c.speeds = s;
        }
        if let Some(s) = size {
            c.size = s;
        }
        for (e, uses) in expertises {
            c.expertises.learn(*e, *uses);
        }
        if let Some(h) = hidden {
            r.hidden = h;
        }
        set_creature(ctx, id, r, "edited", Value::Null)
    }

    pub(super) fn test(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        cmd: &CoreCommand,
    ) -> Result<(), RuleError> {
        let CoreCommand::Test {
            creature,
            characteristic,
            kind,
            edges,
            banes,
            bonus,
            modifiers,
            activities,
            approved_expertises,
            crit_defined_by_rule,
            doom_defined_by_rule,
            task,
            assist_for,
            group,
            target,
            forced_by,
            perception,
            then,
        } = cmd
        else {
            return Ok(());
        };
        let r = living(ctx, creature)?;
        if let Some(task) = task
            && let RetryStatus::NeedsChangedCircumstances { previous, rule } =
                ctx.rules().retries.status(creature, task)
        {
            return Err(RuleError::new(
                "retry_refused",
                format!(
                    "{creature} already tested `{task}` (tier {}): no retry until the Referee \
                     rules the circumstances changed ({rule})",
                    previous.number()
                ),
            )
            .rule(rule));
        }
        if let Some(target) = assist_for {
            living(ctx, target)?;
            if target == creature {
                return Err(RuleError::new(
                    "bad_assist",
                    "a creature cannot assist its own test (CR-ASSIST-01)",
                )
                .rule("CR-ASSIST-01"));
            }
            if kind.is_some_and(|k| k != TestKind::Assist) || *group {
                return Err(RuleError::new(
                    "bad_assist",
                    "an assist is a test of its own kind (CR-ASSIST-01)",
                )
                .rule("CR-ASSIST-01"));
            }
        }
        if *edges > 8 || *banes > 8 || bonus.abs() > 100 || modifiers.len() > 64 {
            return Err(RuleError::new(
                "too_many_modifiers",
                "at most 8 edges, 8 banes, |bonus| ≤ 100 and 64 modifiers on one test",
            ));
        }
        let c = &r.creature;
        let kind = if assist_for.is_some() {
            TestKind::Assist
        } else {
            kind.unwrap_or(TestKind::Ordinary)
        };
        // The creature's pending assists (CR-ASSIST-01/04); lapsed ones were dropped at the
        // combat turn's end (CR-ASSIST-02).
        let pending = ctx
            .rules()
            .pending_assists
            .get(creature.as_str())
            .cloned()
            .unwrap_or_default();
        let group = if *group {
            let helpers = pending
                .iter()
                .map(|a| (a.helper.clone(), a.resolved.clone()))
                .collect();
            Some(GroupTest::new(creature.clone(), helpers).map_err(|e| err("bad_group", e))?)
        } else {
            None
        };
        let meta = TestMeta {
            task: task.clone(),
            assist_for: assist_for.clone(),
            group,
            then: then.as_ref().map(Then::to_value).transpose()?,
        };
        // A resistance roll's usual expertise needs no separate approval (CR-RR-02).
        let mut approved_expertises = approved_expertises.clone();
        if kind == TestKind::ResistanceRoll {
            approved_expertises.push(crate::special_tests::resistance_roll(*characteristic, 0).1);
        }
        let mut spec =
            TestSpec::new(*characteristic, c.characteristics.get(*characteristic)).with_kind(kind);
        let referee = |n: &str| ModifierSource::new(SourceKind::Referee, n);
        for _ in 0..*edges {
            spec = spec.with_modifier(Modifier::edge(referee("edge")));
        }
        for _ in 0..*banes {
            spec = spec.with_modifier(Modifier::bane(referee("bane")));
        }
        if *bonus != 0 {
            spec = spec.with_modifier(Modifier::bonus(referee("bonus"), *bonus));
        }
        spec.modifiers.extend(modifiers.iter().cloned());
        spec.activities = activities.clone();
        spec.modifiers.extend(standing_test_modifiers(
            ctx.rules(),
            creature,
            &kind,
            *characteristic,
            activities,
        ));
        // On an attack, the target's glow (CR-BL-24).
        if let (TestKind::Attack { .. }, Some(t)) = (kind, target) {
            spec.modifiers
                .extend(ctx.rules().magic.attack_modifiers_against(t));
        }
        // Prepare for Task (CR-RACT-06): the prepared task's bonus until the end of the next
        // rest. The book gives +2 to the tests for that task for that whole time, not to one
        // test only (issue 15 asked "the next matching test, then spent"; the text wins):
        // retrying the same task is bounded by CR-RETRY-01 anyway.
        if let (Some(task), Some(prepared)) = (task, ctx.rules().explore.preparations.get(creature))
            && same_task(&prepared.task, task)
        {
            spec.modifiers.push(Modifier::bonus(
                ModifierSource::new(SourceKind::RestActivity, "CR-RACT-06"),
                i32::from(prepared.bonus),
            ));
        }
        // Hiding (CR-HIDE-03): an attack from hiding has an edge; a resistance roll forced
        // by a hidden creature a bane.
        let mut noticed_by = None;
        if let (TestKind::Attack { .. }, Some(t)) = (kind, target) {
            record(ctx, t)?;
            if let Some(m) = ctx.rules().hiding.attack_modifier(creature, t) {
                spec.modifiers.push(m);
                noticed_by = Some(t.clone());
            }
        }
        // Light (CR-LIGHT-03/04/05): at the target's square for an attack, at the creature's
        // own for a test to make out details or search; computed from the lit sources when
        // positions are known; none for a creature that sees without light (CR-CORE-03).
        if let (TestKind::Attack { .. }, Some(t)) = (kind, target) {
            spec.modifiers
                .extend(light_modifier_for(ctx.rules(), creature, t));
        }
        if *perception {
            spec.modifiers
                .extend(light_modifier_for(ctx.rules(), creature, creature));
        }
        if let (TestKind::ResistanceRoll, Some(h)) = (kind, forced_by) {
            record(ctx, h)?;
            spec.modifiers
                .extend(ctx.rules().hiding.forced_rr_modifier(h, creature));
        }
        spec.crit_defined_by_rule = *crit_defined_by_rule;
        spec.doom_defined_by_rule = *doom_defined_by_rule;
        spec.validate().map_err(|e| err("bad_test", e))?;
        if let Some(t) = noticed_by {
            // The attack is aggressive: its target notices the attacker (CR-HIDE-04).
            self.reveal(ctx, creature, vec![t])?;
        }
        let vis = audience(ctx, creature);
        if !pending.is_empty() {
            ctx.emit_for(
                CoreEvent::AssistsUsed {
                    creature: creature.clone(),
                },
                vis.clone(),
            )?;
        }
        let a = roll_die(ctx, &format!("{} test d10", c.name), 10, vis.clone())?;
        let b = roll_die(ctx, &format!("{} test d10", c.name), 10, vis.clone())?;
        let rules = ctx.rules().test_rules;
        let rolled =
            crate::test_roll::roll_test(&spec, [a, b], rules).map_err(|e| err("bad_test", e))?;
        ctx.emit_for(
            CoreEvent::TestRolled {
                creature: creature.clone(),
                rolled: Box::new(rolled.clone()),
            },
            vis,
        )?;
        // The commit point: which expertises could be spent now.
        let offer: Vec<ExpertiseName> = if rolled.expertise_would_help() {
            c.expertises
                .uses
                .iter()
                .filter(|(_, u)| u.left > 0)
                .map(|(n, _)| *n)
                .filter(|n| match eligibility(&kind, *n) {
                    Eligibility::Allowed => true,
                    Eligibility::RefereeApproval => approved_expertises.contains(n),
                    Eligibility::Forbidden { .. } => false,
                })
                .collect()
        } else {
            Vec::new()
        };
        if offer.is_empty() {
            let resolved = rolled.commit(None).map_err(|e| err("bad_test", e))?;
            return self.finish_test(ctx, creature, resolved, &meta);
        }
        let labels: Vec<(String, String)> = std::iter::once(("commit".to_string(), {
            format!(
                "Commit: tier {}",
                rolled.final_tier_without_expertise().number()
            )
        }))
        .chain(offer.iter().map(|n| {
            (
                snake(n),
                format!(
                    "Spend {} (→ tier {}, {} use(s) left)",
                    snake(n),
                    rolled.final_tier_with_expertise().number(),
                    c.expertises.uses_left(*n)
                ),
            )
        }))
        .collect();
        let refs: Vec<(&str, &str)> = labels
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let request = DecisionRequest::new(
            "crows.expertise",
            format!(
                "{} rolled tier {}: spend an expertise or commit (CR-EXP-01)",
                c.name,
                rolled.tier_before_expertise.number()
            ),
            Answerer::Controller(creature.clone()),
            &refs,
        )
        .with_default("commit")
        .with_visibility(audience(ctx, creature))
        .with_context(json!({
            "creature": creature,
            "rolled": rolled,
            "approved": approved_expertises,
            "meta": meta,
        }));
        ctx.ask(request).map(|_| ())
    }

    pub(super) fn finish_test(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        resolved: ResolvedTest,
        meta: &TestMeta,
    ) -> Result<(), RuleError> {
        let r = record(ctx, creature)?.clone();
        ctx.emit_for(
            CoreEvent::TestResolved {
                creature: creature.to_string(),
                resolved: Box::new(resolved.clone()),
                task: meta.task.clone(),
            },
            audience(ctx, creature),
        )?;
        if let Some(assisted) = &meta.assist_for {
            let in_combat = ctx.core().clock.combat.is_some();
            let record = AssistRecord {
                helper: creature.to_string(),
                pending: PendingAssist {
                    modifier: crate::special_tests::assist_modifier(creature, &resolved),
                    made_on_turn: in_combat.then_some(0),
                },
                resolved: resolved.clone(),
                turns_passed: 0,
            };
            ctx.emit_for(
                CoreEvent::AssistPending {
                    assisted: assisted.clone(),
                    record: Box::new(record),
                },
                audience(ctx, creature),
            )?;
        }
        let payers = meta
            .group
            .as_ref()
            .map(|g| g.cost_payers(&resolved, true))
            .unwrap_or_default();
        // A test another family started has its consequences defined by that family's
        // rules (an attack's damage, a task's tier table, a cast's chaos roll): the Referee
        // is asked only when the family says so (`"referee_outcome": true`).
        let referee_outcome = meta.then.as_ref().is_none_or(|then| {
            then.get("referee_outcome")
                .and_then(Value::as_bool)
                .unwrap_or(false)
        });
        let outcome_decisions = if referee_outcome {
            resolved.decisions()
        } else {
            Vec::new()
        };
        for d in outcome_decisions {
            let options: Vec<(String, String)> = d
                .options
                .iter()
                .map(|o| (snake(o), snake(o).replace('_', " ")))
                .collect();
            let refs: Vec<(&str, &str)> = options
                .iter()
                .map(|(a, b)| (a.as_str(), b.as_str()))
                .collect();
            let kind = format!("crows.{}", decision_kind_name(d.kind));
            let request = DecisionRequest::new(
                kind,
                format!(
                    "{}'s test ended at tier {}{}{}: the Referee decides ({})",
                    r.creature.name,
                    resolved.final_tier.number(),
                    if resolved.crit { ", crit" } else { "" },
                    if resolved.doom { ", doom" } else { "" },
                    d.rule
                ),
                Answerer::Referee,
                &refs,
            )
            .with_free_text()
            .with_visibility(audience(ctx, creature))
            .with_context(json!({"creature": creature, "rule": d.rule, "cost_payers": payers}));
            ctx.ask(request)?;
        }
        if let Some(then) = &meta.then {
            super::after_test(self, creature, &resolved, then, ctx)?;
        }
        Ok(())
    }

    /// The rest of a fall once its resistance roll (if any) is resolved: the reduction dice for
    /// the roll's tier, then the damage through the pipeline (CR-HAZ-01/02).
    fn land(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        feet: u32,
        faces: &[u8],
        tier: Option<Tier>,
    ) -> Result<(), RuleError> {
        let vis = audience(ctx, creature);
        let reduction = match tier {
            Some(t) => roll_d6s(
                ctx,
                "fall reduction",
                crate::hazards::fall_reduction_dice(t),
                &vis,
            )?,
            None => Vec::new(),
        };
        let fall = crate::hazards::resolve_fall(feet, faces, tier, &reduction)
            .map_err(|e| err("bad_fall", e))?;
        let extra = record(ctx, creature)?
            .creature
            .conditions
            .extra_damage_dice();
        let vulnerable = roll_d6s(ctx, "vulnerable", extra, &vis)?;
        self.damage(
            ctx,
            creature,
            Hit {
                damage: fall.damage,
                vulnerable_faces: vulnerable,
                doubled: false,
                by_player: false,
            },
        )
    }

    /// A test core itself started is resolved (`Then::Core`): the fall's resistance roll
    /// (CR-HAZ-02).
    pub(super) fn core_after_test(
        &self,
        creature: &str,
        resolved: &ResolvedTest,
        then: CoreThen,
        ctx: &mut Ctx<'_, Crows>,
    ) -> Result<(), RuleError> {
        match then {
            CoreThen::Fall { feet, faces } => {
                if !record(ctx, creature)?.creature.alive {
                    return Ok(());
                }
                self.land(ctx, creature, feet, &faces, Some(resolved.final_tier))
            }
        }
    }

    /// Ends `creature`'s hiding from `to` and shows its current record to the players who
    /// now see it.
    pub(super) fn reveal(
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
    fn reveal_to_players(
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

    pub(super) fn damage(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        hit: Hit,
    ) -> Result<(), RuleError> {
        self.apply_hit(ctx, id, hit, None)
    }

    pub(super) fn apply_hit(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        hit: Hit,
        order: Option<Vec<ItemId>>,
    ) -> Result<(), RuleError> {
        let r = record(ctx, id)?.clone();
        let mut c = r.creature.clone();
        let options = ctx.rules().options;
        // The one place damage to a creature is computed: standing effects that double it
        // apply to every source (CR-BL-08, CR-BL-29).
        let doubling = crate::standing::doubling(&standing_on(ctx, id), &hit);
        let mut hit = hit;
        if doubling.is_some() {
            hit.doubled = true;
        }
        match take_damage(&mut c, &hit, order.as_deref(), &options)
            .map_err(|e| err("damage_refused", e))?
        {
            DamageStep::NeedsDecision(WorldDecision::ArmorOrder { items, .. }) => {
                let name = |i: &ItemId| {
                    if *i == crate::creature::NATURAL_ARMOR {
                        "natural armor".to_string()
                    } else {
                        r.creature
                            .inventory
                            .item(*i)
                            .map_or_else(|| format!("item {}", i.0), |it| it.name.clone())
                    }
                };
                // Every order of a few items; beyond MAX_ARMOR_ORDER_ITEMS, which item goes
                // first (the rest as listed). Never a refusal: the damage dice are rolled by
                // now, and a refusal here would follow their faces (issue 18).
                let orders = if items.len() > MAX_ARMOR_ORDER_ITEMS {
                    (0..items.len())
                        .map(|first| {
                            let mut o = vec![items[first]];
                            o.extend(
                                items
                                    .iter()
                                    .enumerate()
                                    .filter(|(n, _)| *n != first)
                                    .map(|(_, i)| *i),
                            );
                            o
                        })
                        .collect()
                } else {
                    permutations(&items)
                };
                let labels: Vec<(String, String)> = orders
                    .iter()
                    .enumerate()
                    .map(|(n, o)| {
                        let names: Vec<String> = o.iter().map(name).collect();
                        (format!("order_{}", n + 1), names.join(" → "))
                    })
                    .collect();
                let refs: Vec<(&str, &str)> = labels
                    .iter()
                    .map(|(a, b)| (a.as_str(), b.as_str()))
                    .collect();
                let mut request = DecisionRequest::new(
                    "crows.armor_order",
                    format!(
                        "{} is hit: which item loses its Armor Defense first? (CR-DMG-03)",
                        r.creature.name
                    ),
                    Answerer::Controller(id.to_string()),
                    &refs,
                )
                .with_visibility(audience(ctx, id))
                .with_context(json!({"creature": id, "hit": hit}));
                for (opt, o) in request.options.iter_mut().zip(&orders) {
                    opt.data = json!(o);
                }
                ctx.ask(request).map(|_| ())
            }
            DamageStep::NeedsDecision(other) => Err(RuleError::new(
                "unexpected_decision",
                format!("damage asked for {other:?}"),
            )),
            DamageStep::Applied(report) => {
                let outcome = report.outcome.clone();
                let mut details = json!(report);
                if let (Some(d), Some(map)) = (&doubling, details.as_object_mut()) {
                    map.insert("doubled_by".into(), json!(d.rules));
                }
                set_creature_only(ctx, id, c, "damaged", details)?;
                // A "next damage" doubling is used up by this hit.
                for e in doubling.map(|d| d.used_up).unwrap_or_default() {
                    if ctx.core().effect(&e).is_some() {
                        ctx.end_effect(&e)?;
                    }
                }
                self.outcome(ctx, id, outcome)
            }
        }
    }

    pub(super) fn outcome(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        outcome: DamageOutcome,
    ) -> Result<(), RuleError> {
        match outcome {
            DamageOutcome::Alive => Ok(()),
            DamageOutcome::Died => self.die(ctx, id),
            DamageOutcome::PlaceWounds(WorldDecision::WoundSlots { count, kind, .. }) => {
                self.ask_wound(ctx, id, count, kind)
            }
            DamageOutcome::PlaceWounds(_) => Ok(()),
            DamageOutcome::KnockOutOffered(_) => {
                let name = record(ctx, id)?.creature.name.clone();
                let request = DecisionRequest::new(
                    "crows.knock_out",
                    format!(
                        "{name} is at 0 Stamina: knock it out instead of killing it? (CR-DMG-08)"
                    ),
                    Answerer::Referee,
                    &[
                        ("knock_out", "Knock out (Stamina 1, unconscious)"),
                        ("kill", "It dies"),
                    ],
                )
                .with_visibility(Visibility::Public)
                .with_context(json!({"creature": id}));
                ctx.ask(request).map(|_| ())
            }
        }
    }

    pub(super) fn ask_wound(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        id: &str,
        remaining: u16,
        kind: WoundKind,
    ) -> Result<(), RuleError> {
        let r = record(ctx, id)?;
        let c = &r.creature;
        let free = c.inventory.free_wound_slots();
        if free.is_empty() {
            return Err(RuleError::new(
                "no_wound_slot",
                "no backpack slot can take the wound (drop an item first)",
            )
            .rule("CR-ERR-11"));
        }
        let labels: Vec<(String, String)> = free
            .iter()
            .map(|s| (format!("slot_{s}"), format!("Backpack slot {s}")))
            .collect();
        let refs: Vec<(&str, &str)> = labels
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let request = DecisionRequest::new(
            "crows.wound_slot",
            format!(
                "{}: choose a backpack slot for a wound ({remaining} to place) (CR-DMG-11)",
                c.name
            ),
            Answerer::Controller(id.to_string()),
            &refs,
        )
        .with_visibility(audience(ctx, id))
        .with_context(json!({"creature": id, "remaining": remaining, "kind": kind}));
        ctx.ask(request).map(|_| ())
    }

    pub(super) fn end_of_dungeon_turn(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx
            .rules()
            .creatures
            .iter()
            .filter(|(_, r)| r.creature.alive)
            .map(|(id, _)| id.clone())
            .collect();
        let options = ctx.rules().options;
        for id in ids {
            let r = record(ctx, &id)?.clone();
            let want = r.creature.end_of_turn_dice();
            let vis = audience(ctx, &id);
            let mut faces = crate::dungeon_turns::EndOfTurnFaces {
                items: item_usage_faces(ctx, &r.creature, &want.items, &vis)?,
                ..Default::default()
            };
            for (idx, n) in &want.effects {
                let name = r
                    .creature
                    .effects
                    .get(*idx)
                    .map_or_else(String::new, |e| e.effect.clone());
                let f = roll_d6s(ctx, &format!("usage dice: {name}"), *n, &vis)?;
                faces.effects.push((*idx, f));
            }
            if want.overload_d6 {
                faces.overload_d6 = Some(roll_die(ctx, "magic-slot overload", 6, vis.clone())?);
            }
            let mut c = r.creature.clone();
            let report = c
                .end_of_dungeon_turn(&faces, &options)
                .map_err(|e| err("end_of_turn", e))?;
            // CR-INV-07: the overload's wounds are acted on even when nothing else about the
            // creature changed (the wounds may wait for a slot decision).
            let overload = report.overload_wounds.clone();
            if c != r.creature {
                set_creature_only(ctx, &id, c, "end of the dungeon turn", json!(report))?;
            }
            if let Some(outcome) = overload {
                self.outcome(ctx, &id, outcome)?;
            }
        }
        Ok(())
    }

    /// Rolls, for every living creature, the usage dice of the items that roll at the end of a
    /// dungeon turn (lit light sources, other "Dungeon turn" items) and nothing else: no
    /// effects, expiries or overload. For game time that counts as a turn for items only, e.g.
    /// every 2 hours of a rest (CR-ERR-34, CR-UD-07). `why` labels the record.
    pub(super) fn roll_turn_item_dice(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        why: &str,
    ) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx
            .rules()
            .creatures
            .iter()
            .filter(|(_, r)| r.creature.alive)
            .map(|(id, _)| id.clone())
            .collect();
        for id in ids {
            let r = record(ctx, &id)?.clone();
            let want = r.creature.end_of_turn_dice().items;
            if want.is_empty() {
                continue;
            }
            let vis = audience(ctx, &id);
            let faces = item_usage_faces(ctx, &r.creature, &want, &vis)?;
            let mut c = r.creature.clone();
            let mut rolls = Vec::new();
            for (item, f) in &faces {
                if let Some(roll) = Self::item_usage(&mut c, *item)?
                    .roll(RollOccasion::EndOfDungeonTurn, f)
                    .map_err(|e| err("usage_refused", e))?
                {
                    rolls.push((*item, roll));
                }
            }
            set_creature_only(ctx, &id, c, why, json!({"item_rolls": rolls}))?;
        }
        Ok(())
    }

    pub(super) fn rest_end(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx.rules().creatures.keys().cloned().collect();
        for id in ids {
            let r = record(ctx, &id)?.clone();
            if !r.creature.alive {
                continue;
            }
            let mut c = r.creature.clone();
            // CR-INV-07: an overloaded magic-item slot prevents the rest's benefits.
            match c.finish_rest_items() {
                Ok(items) => {
                    // A rest in the Miasma restores no expertise (CR-MIASMA-02), wherever the
                    // rest was started.
                    c.expertises
                        .finish_rest(super::travel::rest_place(ctx.rules(), &id));
                    if c != r.creature {
                        set_creature_only(ctx, &id, c, "rested", json!({"restored": items}))?;
                    }
                }
                Err(e) => {
                    set_creature_only(ctx, &id, c, "could not rest", json!(e.to_string()))?;
                }
            }
        }
        Ok(())
    }

    pub(super) fn rest_halfway(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx.rules().creatures.keys().cloned().collect();
        let options = ctx.rules().options;
        for id in ids {
            let r = record(ctx, &id)?.clone();
            let mut c = r.creature.clone();
            let ended = c.middle_of_rest(&options);
            if c != r.creature {
                set_creature_only(ctx, &id, c, "middle of the rest", json!(ended))?;
            }
        }
        Ok(())
    }

    /// The end of an in-game day: each character who ate no ration that day gains a
    /// starvation wound (CR-HAZ-03). The rule is the characters' — people who carry and eat
    /// rations (crows, hirelings, anyone else the wounds rule applies to) — not the party's
    /// animals: a pet or mount carries no rations of its own to eat (none unless the
    /// Referee gives it backpack slots, CR-ERR-10), so the hunger check would wound, and
    /// with no slot for the wound kill, every animal after its first night. What an animal
    /// eats is the Referee's to rule (a wound by hand when it goes hungry).
    pub(super) fn day_end(&self, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
        let ids: Vec<String> = ctx.rules().creatures.keys().cloned().collect();
        for id in ids {
            let mut r = record(ctx, &id)?.clone();
            if !r.creature.alive
                || r.creature.kind == CreatureKind::Animal
                || r.creature.death_rule() != crate::creature::DeathRule::TakesWounds
                || r.creature.has_override(&RuleOverride::NeedsNoFood)
            {
                continue;
            }
            let outcome = r.hunger.end_of_day(&mut r.creature);
            set_creature(ctx, &id, r, "end of the day", json!(outcome))?;
            if let Some(o) = outcome {
                self.outcome(ctx, &id, o)?;
            }
        }
        Ok(())
    }

    pub(super) fn item_usage(c: &mut Creature, item: ItemId) -> Result<&mut ItemUsage, RuleError> {
        let it = c
            .inventory
            .item_mut(item)
            .ok_or_else(|| RuleError::new("unknown_item", format!("no item {} here", item.0)))?;
        let name = it.name.clone();
        it.usage.as_mut().ok_or_else(|| {
            RuleError::new("no_usage_dice", format!("{name} has no usage dice")).rule("CR-UD-05")
        })
    }
}

/// Records where creatures stand (the combat family calls this when its grid moves them, so
/// the light from carried sources follows, CR-LIGHT-02).
pub(super) fn set_positions(
    ctx: &mut Ctx<'_, Crows>,
    moves: &[(String, Option<(i32, i32)>)],
) -> Result<(), RuleError> {
    for (creature, at) in moves {
        record(ctx, creature)?;
        let vis = audience(ctx, creature);
        ctx.emit_for(
            CoreEvent::Positioned {
                creature: creature.clone(),
                at: *at,
            },
            vis,
        )?;
    }
    Ok(())
}

/// Most creatures one sneak test passes.
const MAX_SNEAK_PAST: usize = 64;

impl Crows {
    /// A creature dies (CR-DMG-15): `died` (its body becomes a corpse object carrying its gear,
    /// CR-CORE-05), then whoever it grabbed is freed (CR-COND-04), and the effects it
    /// maintained end: usage-dice effects naming it as their source on any creature, and the
    /// engine effects whose data names it as `source` or `caster` (CR-SPELL-09).
    pub(super) fn die(&self, ctx: &mut Ctx<'_, Crows>, id: &str) -> Result<(), RuleError> {
        let vis = audience(ctx, id);
        ctx.emit_for(CoreEvent::Died { id: id.to_string() }, vis)?;
        let others: Vec<String> = ctx
            .rules()
            .creatures
            .iter()
            .filter(|(other, r)| other.as_str() != id && r.creature.alive)
            .map(|(other, _)| other.clone())
            .collect();
        for other in others {
            let mut c = record(ctx, &other)?.creature.clone();
            let held = matches!(
                c.conditions.get(ConditionKind::Grabbed),
                Some(crate::conditions::ActiveCondition {
                    detail: ConditionDetail::Grab(g),
                    ..
                }) if g.by == id
            );
            if held {
                c.conditions
                    .end_grab(crate::conditions::GrabEnd::GrabberDied);
            }
            let before = c.effects.len();
            let mut ended = Vec::new();
            c.effects.retain(|e| {
                let keep = e.source.as_deref() != Some(id);
                if !keep {
                    ended.push(e.effect.clone());
                }
                keep
            });
            if held || c.effects.len() != before {
                set_creature_only(
                    ctx,
                    &other,
                    c,
                    "freed by a death",
                    json!({"died": id, "grab_ended": held, "effects_ended": ended}),
                )?;
            }
        }
        let maintained: Vec<String> = ctx
            .core()
            .effects
            .iter()
            .filter(|e| {
                ["source", "caster"]
                    .iter()
                    .any(|k| e.data.get(*k).and_then(Value::as_str) == Some(id))
            })
            .map(|e| e.id.clone())
            .collect();
        for e in maintained {
            ctx.end_effect(&e)?;
        }
        Ok(())
    }

    /// The Referee's ruling on a creature's exceptions (CR-CORE-03, CR-REF-01).
    pub(super) fn set_rule_overrides(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        creature: &str,
        add: &[RuleOverride],
        remove: &[RuleOverride],
    ) -> Result<(), RuleError> {
        let mut c = record(ctx, creature)?.creature.clone();
        if add.is_empty() && remove.is_empty() {
            return Err(RuleError::new(
                "bad_overrides",
                "name exceptions to `add` or `remove` (CR-CORE-03)",
            )
            .rule("CR-CORE-03"));
        }
        if add.len() + remove.len() > 32 || add.iter().any(|o| remove.contains(o)) {
            return Err(RuleError::new(
                "bad_overrides",
                "at most 32 exceptions, none both added and removed (CR-CORE-03)",
            )
            .rule("CR-CORE-03"));
        }
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

    /// A sneaking test (CR-HIDE-02): `request` is the sneaker's Agility test with the
    /// Referee's edges, banes and bonus (and whether it leads a group test); the speed's bane
    /// and Stealth's approval are added here.
    pub(super) fn sneak(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        past: &[String],
        squares_moved: u32,
        request: TestRequest,
    ) -> Result<(), RuleError> {
        let creature = request.creature().to_string();
        let creature = creature.as_str();
        let r = living(ctx, creature)?;
        if past.is_empty() || past.len() > MAX_SNEAK_PAST {
            return Err(RuleError::new(
                "bad_sneak",
                format!("sneak past 1…{MAX_SNEAK_PAST} creatures (CR-HIDE-02)"),
            )
            .rule("CR-HIDE-02"));
        }
        for p in past {
            record(ctx, p)?;
            if p == creature {
                return Err(RuleError::new(
                    "bad_sneak",
                    "a creature cannot sneak past itself (CR-HIDE-02)",
                )
                .rule("CR-HIDE-02"));
            }
        }
        // Half its current speed, rounded down (CR-CORE-04); faster brings the bane.
        let speed = r.creature.speed(0, 0, &ctx.rules().options);
        if squares_moved > u32::from(speed) {
            return Err(RuleError::new(
                "bad_sneak",
                format!(
                    "{} moved {squares_moved} squares but its speed is {speed} (CR-HIDE-02)",
                    r.creature.name
                ),
            )
            .rule("CR-HIDE-02"));
        }
        let modifiers: Vec<Modifier> =
            crate::hiding::sneak_modifier(squares_moved, u32::from(speed))
                .into_iter()
                .collect();
        let cmd = request
            .modifiers(modifiers)
            // Stealth covers hiding and sneaking (CR-EXP-05).
            .approved(vec![ExpertiseName::Stealth])
            .command();
        self.test(ctx, &cmd)
    }

    /// An assist (CR-ASSIST-01); in combat it is made on the helper's combat turn and costs a
    /// maneuver or an action by what the assisted test needs (CR-ASSIST-03), recorded as
    /// `assist_charged` for the combat family's turn budget. `request` is the helper's test
    /// with the Referee's edges, banes, bonus and approved expertises.
    pub(super) fn assist(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        assisted: &str,
        needs: Option<AssistedNeeds>,
        request: TestRequest,
    ) -> Result<(), RuleError> {
        let creature = request.creature().to_string();
        let creature = creature.as_str();
        let r = living(ctx, creature)?;
        living(ctx, assisted)?;
        let combat = ctx.core().clock.combat.clone();
        let charge = match &combat {
            None => None,
            Some(c) => {
                let needs = needs.ok_or_else(|| {
                    RuleError::new(
                        "assist_cost_unknown",
                        "in combat an assist costs a maneuver or an action: say whether the \
                         assisted test needs a maneuver, an action or a reaction (CR-ASSIST-03)",
                    )
                    .rule("CR-ASSIST-03")
                })?;
                if ctx.core().clock.acting() != Some(creature) {
                    return Err(RuleError::new(
                        "not_your_turn",
                        format!(
                            "{} can assist only on its own combat turn: the assist costs its \
                             turn a {} (CR-ASSIST-03)",
                            r.creature.name,
                            snake(&assist_cost(needs))
                        ),
                    )
                    .rule("CR-ASSIST-03"));
                }
                if r.creature.conditions.has(ConditionKind::Unconscious) {
                    return Err(RuleError::new(
                        "no_actions",
                        format!(
                            "{} is unconscious and takes no maneuvers or actions (CR-COND-07)",
                            r.creature.name
                        ),
                    )
                    .rule("CR-COND-07"));
                }
                Some(AssistCharge {
                    helper: creature.to_string(),
                    assisted: assisted.to_string(),
                    cost: assist_cost(needs),
                    round: c.round,
                })
            }
        };
        if let Some(charge) = charge {
            let vis = audience(ctx, creature);
            ctx.emit_for(CoreEvent::AssistCharged { charge }, vis)?;
        }
        let cmd = request
            .kind(TestKind::Assist)
            .assist_for(assisted)
            .command();
        self.test(ctx, &cmd)
    }

    /// A square guess for an unseen silent target (CR-LIGHT-05): refused when no guess is
    /// needed (the target is not in darkness, or the attacker sees without light); otherwise
    /// the Referee rules (CR-REF-24) through `crows.square_guess`, seeing the true square when
    /// it is known. The attacker's players never see where the target is.
    pub(super) fn guess_square(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        attacker: &str,
        target: &str,
        square: (i32, i32),
    ) -> Result<(), RuleError> {
        let a = living(ctx, attacker)?;
        living(ctx, target)?;
        if attacker == target {
            return Err(RuleError::new(
                "bad_guess",
                "a creature knows its own square",
            ));
        }
        if a.creature.has_override(&RuleOverride::SeesInDarkness) {
            return Err(RuleError::new(
                "no_guess_needed",
                format!(
                    "{} sees without light: no square to guess (CR-CORE-03, CR-LIGHT-05)",
                    a.creature.name
                ),
            )
            .rule("CR-CORE-03"));
        }
        let level = light_level_of(ctx.rules(), target);
        if level != LightLevel::Darkness {
            return Err(err(
                "no_guess_needed",
                crate::light::LightError::NoGuessNeeded,
            ));
        }
        self.open_square_guess(ctx, attacker, target, square, "darkness (CR-LIGHT-05)")
    }

    /// Records a square guess and asks the Referee (`crows.square_guess`, CR-REF-24) — for
    /// whatever hides the target from sight: `why` names it. `guess_square` calls it for
    /// darkness; the combat family calls it for heavy concealment or invisibility
    /// (CR-LOE-08/09) after its own checks.
    pub(super) fn open_square_guess(
        &self,
        ctx: &mut Ctx<'_, Crows>,
        attacker: &str,
        target: &str,
        square: (i32, i32),
        why: &str,
    ) -> Result<(), RuleError> {
        let a = living(ctx, attacker)?;
        living(ctx, target)?;
        let actual = ctx.rules().positions.get(target).copied();
        let vis = audience(ctx, attacker);
        ctx.emit_for(
            CoreEvent::SquareGuessed {
                attacker: attacker.to_string(),
                target: target.to_string(),
                square,
            },
            vis,
        )?;
        let right = actual.map(|at| at == square);
        let request = DecisionRequest::new(
            "crows.square_guess",
            format!(
                "{} names square ({}, {}) for {}, unseen in {why}: is the target moving \
                 silently, and is the square right? (CR-REF-24)",
                a.creature.name, square.0, square.1, target
            ),
            Answerer::Referee,
            &[
                ("attack", "Right square: roll the attack"),
                ("automatic_miss", "Wrong square: the attack misses"),
                ("not_needed", "Not moving silently: attack as usual"),
            ],
        )
        .with_visibility(Visibility::Referee)
        .with_context(json!({
            "creature": attacker,
            "target": target,
            "square": square,
            "true_square": actual,
            "right": right,
            "unseen_in": why,
        }));
        ctx.ask(request).map(|_| ())
    }
}

/// Longest task a certain-death warning or a waived test names (characters).
pub const MAX_TASK_TEXT: usize = 200;

/// The task's words, trimmed, or the refusal naming `rule` when empty or too long.
fn task_text<'a>(task: &'a str, rule: &str) -> Result<&'a str, RuleError> {
    let task = task.trim();
    if task.is_empty() || task.chars().count() > MAX_TASK_TEXT {
        return Err(RuleError::new(
            "bad_task",
            format!("name the task in 1…{MAX_TASK_TEXT} characters ({rule})"),
        )
        .rule(rule));
    }
    Ok(task)
}

/// "You're an expert" (CR-EXP-11): the Referee lets `creature`'s `expertise` settle a matter
/// trivial to an expert. No dice are rolled and no use is spent (a creature with no use left
/// still knows its trade); a creature without the expertise is refused.
fn waive_test(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    expertise: ExpertiseName,
    task: &str,
) -> Result<(), RuleError> {
    let record = living(ctx, creature)?;
    let task = task_text(task, "CR-EXP-11")?;
    if record.creature.expertises.waive_test(expertise).is_err() {
        return Err(RuleError::new(
            "expertise_unknown",
            format!(
                "{} has no {} expertise to settle this without a test (CR-EXP-11)",
                record.creature.name,
                snake(&expertise).replace('_', " ")
            ),
        )
        .rule("CR-EXP-11"));
    }
    let event = CoreEvent::TestWaived {
        creature: creature.to_string(),
        expertise,
        task: task.to_string(),
    };
    let audience = audience(ctx, creature);
    ctx.emit_for(event, audience)
}

/// The Referee warns that an attempt would certainly kill the character and asks whether its
/// player still goes ahead (CR-CHECK-03): `crows.certain_death` to the creature's controller,
/// options `proceed_anyway` and `abandon` ([`crate::test_roll::decision::certain_death_prompt`]).
/// The answer is the record; the Referee then calls the test or not. It never lapses.
fn warn_certain_death(
    ctx: &mut Ctx<'_, Crows>,
    creature: &str,
    task: &str,
) -> Result<(), RuleError> {
    let name = living(ctx, creature)?.creature.name;
    let task = task_text(task, "CR-CHECK-03")?;
    let prompt = crate::test_roll::decision::certain_death_prompt();
    let options: Vec<(String, String)> = prompt
        .options
        .iter()
        .map(|o| (snake(o), snake(o).replace('_', " ")))
        .collect();
    let refs: Vec<(&str, &str)> = options
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let request = DecisionRequest::new(
        format!("crows.{}", decision_kind_name(prompt.kind)),
        format!(
            "The Referee warns: {task} will certainly kill {name}. Go ahead anyway? ({})",
            prompt.rule
        ),
        Answerer::Controller(creature.to_string()),
        &refs,
    )
    .with_visibility(audience(ctx, creature))
    .with_context(json!({"creature": creature, "task": task, "rule": prompt.rule}));
    ctx.ask(request).map(|_| ())
}

/// The engine name of a test-outcome decision (after `crows.`).
pub(super) fn decision_kind_name(kind: crate::test_roll::DecisionKind) -> &'static str {
    use crate::test_roll::DecisionKind as K;
    match kind {
        K::Tier1Setback => "tier_1_setback",
        K::Tier2Outcome => "tier_2_outcome",
        K::CritBenefit => "crit_benefit",
        K::DoomSetback => "doom_setback",
        K::CertainDeath => "certain_death",
    }
}

/// Every order of `items` (at most [`MAX_ARMOR_ORDER_ITEMS`], checked by the caller).
pub(super) fn permutations(items: &[ItemId]) -> Vec<Vec<ItemId>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, *first);
            out.push(p);
        }
    }
    out
}

/// Removes a condition; a prone that came only with unconsciousness goes with it.
pub(super) fn remove_condition(set: &ConditionSet, kind: ConditionKind) -> ConditionSet {
    let mut set = set.clone();
    let prone_with_it = kind == ConditionKind::Unconscious
        && set
            .get(ConditionKind::Prone)
            .is_some_and(|c| c.detail == ConditionDetail::FromUnconscious);
    set.remove(kind);
    if prone_with_it {
        set.remove(ConditionKind::Prone);
    }
    set
}

impl Crows {
    pub(super) fn core_init(&self, config: &Value) -> Result<CrowsState, RuleError> {
        let mut state = CrowsState {
            dungeon_turn_minutes: DEFAULT_DUNGEON_TURN_MINUTES,
            next_item: 1,
            next_ground: 1,
            ..CrowsState::default()
        };
        // The table's settings at creation: the same keys, merged the same way, as the house
        // rules the Referee may change later.
        let settings = Settings::merged(&state, config, "bad_config")?;
        settings.set(&mut state);
        Ok(state)
    }

    pub(super) fn core_exploration_turn(&self, state: &TableState<CrowsState>) -> TurnLength {
        match state.rules.dungeon_turn_minutes {
            0 => TurnLength::Manual,
            m => TurnLength::RealTime { ms: m * 60_000 },
        }
    }

    pub(super) fn core_acting(
        &self,
        _state: &TableState<CrowsState>,
        command: &CoreCommand,
    ) -> Acting {
        use CoreCommand as C;
        match command {
            C::LoadPack { .. }
            | C::CreateCreature { .. }
            | C::EditCreature { .. }
            | C::Test { .. }
            | C::WarnCertainDeath { .. }
            | C::WaiveTest { .. }
            | C::PlaceObject { .. }
            | C::DamageObject { .. }
            | C::CircumstancesChanged { .. }
            | C::Hide { .. }
            | C::Reveal { .. }
            | C::SetLightLevel { .. }
            | C::PlaceItem { .. }
            | C::Damage { .. }
            | C::AddCondition { .. }
            | C::RemoveCondition { .. }
            | C::AddEffect { .. }
            | C::Fall { .. }
            | C::Suffocate { .. }
            | C::Breathe { .. }
            | C::RestHalfway {}
            | C::SetHouseRules { .. }
            | C::SetRuleOverrides { .. }
            | C::Sneak { .. }
            | C::Assist { .. }
            | C::SetPosition { .. }
            | C::PlaceLight { .. }
            | C::RemoveLight { .. }
            | C::SetAmbientLight { .. }
            | C::SetAncestry { .. }
            | C::AddMaintainedEffect { .. } => Acting::RefereeOnly,
            C::GuessSquare { attacker, .. } => Acting::Characters(vec![attacker.clone()]),
            C::MoveItems { creature, .. }
            | C::DrawFromBackpack { creature, .. }
            | C::DumpBackpack { creature, .. }
            | C::PickUp { creature, .. }
            | C::CarryCorpse { creature, .. }
            | C::DeclareWornArmor { creature, .. }
            | C::TakeOffArmor { creature }
            | C::WearMagicItem { creature, .. }
            | C::TakeOffMagicItem { creature, .. }
            | C::UseItem { creature, .. }
            | C::Refuel { creature, .. }
            | C::Light { creature, .. }
            | C::Douse { creature, .. }
            | C::EatRation { creature, .. }
            | C::EditItem { creature, .. } => Acting::Characters(vec![creature.clone()]),
            C::RequestCharacter { .. } => Acting::AnyParticipant,
        }
    }

    pub(super) fn core_decide(
        &self,
        command: &CoreCommand,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        use CoreCommand as C;
        match command {
            C::LoadPack { files } => {
                let content = &ctx.rules().content;
                if files.is_empty() || content.sources.len() + files.len() > MAX_PACK_FILES {
                    return Err(RuleError::new(
                        "bad_pack_count",
                        format!("1…{MAX_PACK_FILES} pack files per table"),
                    )
                    .rule("MAX_PACK_FILES"));
                }
                let all: Vec<(&str, &str)> = content
                    .sources
                    .iter()
                    .chain(files.iter())
                    .map(|f| (f.name.as_str(), f.text.as_str()))
                    .collect();
                let lib = ContentLibrary::load(&all).map_err(|e| err("bad_pack", e))?;
                let old = &ctx.rules().content;
                let items = lib
                    .items
                    .into_values()
                    .filter(|i| !old.items.contains_key(&i.id))
                    .collect();
                let creatures = lib
                    .creatures
                    .into_values()
                    .filter(|c| !old.creatures.contains_key(&c.id))
                    .collect();
                let tables = lib
                    .tables
                    .into_values()
                    .filter(|t| !old.tables.contains_key(&t.id))
                    .collect();
                ctx.emit_for(
                    CoreEvent::PackLoaded {
                        files: files.clone(),
                        items,
                        creatures,
                        tables,
                    },
                    Visibility::Referee,
                )
            }
            C::CreateCreature { .. } => self.create(ctx, command),
            C::EditCreature { .. } => self.edit(ctx, command),
            C::Test { .. } => self.test(ctx, command),
            C::WarnCertainDeath { creature, task } => warn_certain_death(ctx, creature, task),
            C::WaiveTest {
                creature,
                expertise,
                task,
            } => waive_test(ctx, creature, *expertise, task),
            C::PlaceObject {
                id,
                name,
                size,
                stamina,
                magic,
                hidden,
            } => super::objects::place_object(ctx, id, name, *size, *stamina, *magic, *hidden),
            C::DamageObject { object, amount } => {
                super::objects::damage_object(ctx, object, *amount)
            }
            C::Hide {
                creature,
                from,
                watching,
            } => {
                living(ctx, creature)?;
                if from.is_empty() || from.len() > 64 {
                    return Err(RuleError::new(
                        "bad_hide",
                        "hide from 1…64 observers (CR-HIDE-05)",
                    )
                    .rule("CR-HIDE-05"));
                }
                for o in from {
                    record(ctx, o)?;
                    if o == creature {
                        return Err(RuleError::new(
                            "bad_hide",
                            "a creature cannot hide from itself (CR-HIDE-05)",
                        )
                        .rule("CR-HIDE-05"));
                    }
                    HiddenFrom::may_try_to_hide(creature, o, watching.contains(o))
                        .map_err(|e| err("hide_refused", e))?;
                }
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
                ctx.emit_for(
                    CoreEvent::Hidden {
                        creature: creature.clone(),
                        from: from.clone(),
                    },
                    vis,
                )
            }
            C::Reveal { creature, to } => {
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
                if hidden.is_empty() {
                    return Err(RuleError::new(
                        "not_hidden",
                        format!("{creature} is not hidden from them (CR-HIDE-05)"),
                    )
                    .rule("CR-HIDE-05"));
                }
                self.reveal(ctx, creature, hidden)
            }
            C::SetLightLevel { creature, level } => {
                record(ctx, creature)?;
                let vis = audience(ctx, creature);
                ctx.emit_for(
                    CoreEvent::LightSet {
                        creature: creature.clone(),
                        level: *level,
                    },
                    vis,
                )
            }
            C::CircumstancesChanged { creature, task } => {
                record(ctx, creature)?;
                if ctx.rules().retries.status(creature, task) == RetryStatus::Allowed {
                    return Err(RuleError::new(
                        "nothing_to_retry",
                        format!("{creature} has no blocked attempt at `{task}` (CR-RETRY-01)"),
                    )
                    .rule("CR-RETRY-01"));
                }
                ctx.emit_for(
                    CoreEvent::CircumstancesChanged {
                        creature: creature.clone(),
                        task: task.clone(),
                    },
                    audience(ctx, creature),
                )
            }
            C::PlaceItem {
                creature,
                card,
                custom,
                slots,
            } => {
                let r = living(ctx, creature)?;
                let id = fresh_id(ctx);
                let item = match (card, custom) {
                    (Some(card), None) => ctx
                        .rules()
                        .content
                        .items
                        .get(card)
                        .ok_or_else(|| {
                            RuleError::new(
                                "unknown_card",
                                format!("no item card `{card}` in the loaded packs"),
                            )
                        })?
                        .to_carried(id),
                    (None, Some(x)) => {
                        if x.slots == 0 {
                            return Err(RuleError::new("bad_item", "an item takes 1 slot or more")
                                .rule("CR-INV-03"));
                        }
                        let mut item = CarriedItem::new(id, x.name.clone(), x.slots);
                        item.stack = x.stack.clone();
                        if let Some(a) = x.armor {
                            item = item.with_armor(a.kind, a.defense);
                        }
                        if x.magic {
                            item = item.magical(x.magic_slot);
                        }
                        if let Some(l) = &x.light {
                            item.light =
                                Some(LightOutput::parse(l).map_err(|e| err("bad_item", e))?);
                        }
                        if let Some(line) = &x.usage_dice {
                            let usage = ItemUsage::new(x.name.clone(), line.clone())
                                .map_err(|e| err("bad_item", e))?;
                            item.usage = Some(if x.light_source || x.light.is_some() {
                                usage.as_light_source()
                            } else {
                                usage
                            });
                        }
                        item
                    }
                    _ => {
                        return Err(RuleError::new(
                            "bad_item",
                            "give exactly one of `card` and `custom`",
                        ));
                    }
                };
                let mut c = r.creature.clone();
                c.inventory
                    .add(item, slots)
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
                set_creature_only(ctx, creature, c, "item placed", json!({"item": id}))
            }
            C::MoveItems {
                creature,
                moves,
                drops,
            } => {
                let r = living(ctx, creature)?;
                let mut c = r.creature.clone();
                let plan = Rearrangement {
                    moves: moves.clone(),
                    drops: drops.clone(),
                };
                let out = c
                    .inventory
                    .rearrange(&plan, timing(ctx))
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
                set_creature_only(ctx, creature, c, "items moved", json!({"cost": out.cost}))?;
                drop_to_ground(ctx, creature, out.dropped)
            }
            C::DrawFromBackpack {
                creature,
                item,
                hands,
                choice,
            } => {
                let r = living(ctx, creature)?;
                if timing(ctx) != Timing::CombatRounds {
                    return Err(RuleError::new(
                        "not_in_combat",
                        "outside combat-round time items move freely: use move_items",
                    )
                    .rule("CR-INV-11"));
                }
                r.creature
                    .inventory
                    .check_draw_from_backpack(*item)
                    .map_err(|e| err("inventory_refused", e))?;
                // Every face is tried before the die is rolled, so whether the command is
                // refused (bad hand slots only matter on a success) never depends on the face.
                for face in 1..=10 {
                    let mut c = r.creature.clone();
                    c.inventory
                        .draw_from_backpack(*item, face, hands, *choice)
                        .map_err(|e| err("inventory_refused", e))?;
                    check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
                }
                let vis = audience(ctx, creature);
                let d10 = roll_die(ctx, "backpack draw", 10, vis)?;
                let mut c = r.creature.clone();
                let out = c
                    .inventory
                    .draw_from_backpack(*item, d10, hands, *choice)
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
                set_creature_only(
                    ctx,
                    creature,
                    c,
                    if out.success {
                        "drew from the backpack"
                    } else {
                        "failed to draw from the backpack"
                    },
                    json!({"d10": d10, "success": out.success, "cost": out.cost}),
                )?;
                drop_to_ground(ctx, creature, out.dropped)
            }
            C::DumpBackpack { creature, items } => {
                let r = living(ctx, creature)?;
                let mut c = r.creature.clone();
                let out = c
                    .inventory
                    .dump_backpack(items, timing(ctx))
                    .map_err(|e| err("inventory_refused", e))?;
                set_creature_only(
                    ctx,
                    creature,
                    c,
                    "backpack dumped",
                    json!({"cost": out.cost}),
                )?;
                drop_to_ground(ctx, creature, out.dropped)
            }
            C::PickUp {
                creature,
                ground,
                slots,
            } => {
                let r = living(ctx, creature)?;
                let g = ctx
                    .rules()
                    .ground
                    .iter()
                    .find(|g| g.id == *ground)
                    .cloned()
                    .ok_or_else(|| {
                        RuleError::new(
                            "unknown_ground_item",
                            format!("nothing on the ground as {ground}"),
                        )
                    })?;
                let mut c = r.creature.clone();
                let mut item = g.item.clone();
                item.id = fresh_id(ctx);
                let cost = c
                    .inventory
                    .pick_up(item, slots, timing(ctx))
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &r.creature.inventory, &c.inventory)?;
                ctx.emit(CoreEvent::PickedUp { ground: *ground })?;
                set_creature_only(ctx, creature, c, "picked up", json!({"cost": cost}))
            }
            C::CarryCorpse {
                creature,
                corpse,
                slots,
            } => {
                let mut c = living(ctx, creature)?.creature;
                let before = c.inventory.clone();
                let body = ctx.rules().corpses.get(corpse).cloned().ok_or_else(|| {
                    RuleError::new(
                        "unknown_corpse",
                        format!("no corpse of `{corpse}` lies here (CR-CORE-05)"),
                    )
                    .rule("CR-CORE-05")
                })?;
                let id = fresh_id(ctx);
                // A Holy Shit! corpse takes the house-ruled slots (CR-SIZE-03, CR-REF-16).
                let referee_slots = if body.size == Size::HolyShit {
                    ctx.rules().options.corpse_slots_override()
                } else {
                    None
                };
                let item = crate::corpses::corpse_item(id, &body, referee_slots)
                    .map_err(|e| err("bad_corpse", e))?;
                let needed = item.slots;
                if !crate::corpses::fits_some_slot_kind(
                    c.inventory.layout(),
                    needed,
                    ctx.rules().options.corpse_slots
                        == crate::creature::CorpseSlotKinds::BackpackOnly,
                ) {
                    return Err(RuleError::new(
                        "corpse_too_big",
                        format!(
                            "{} takes {needed} slots: no slot kind of {} has that many \
                             (CR-CORPSE-02)",
                            body.name, c.name
                        ),
                    )
                    .rule("CR-CORPSE-02"));
                }
                let cost = c
                    .inventory
                    .pick_up(item, slots, timing(ctx))
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &before, &c.inventory)?;
                let vis = audience(ctx, creature);
                ctx.emit_for(
                    CoreEvent::CorpseCarried {
                        corpse: corpse.clone(),
                        item: id.0,
                    },
                    vis,
                )?;
                set_creature_only(
                    ctx,
                    creature,
                    c,
                    "corpse picked up",
                    json!({"cost": cost, "slots": needed}),
                )
            }
            C::DeclareWornArmor { creature, item } => {
                let mut c = living(ctx, creature)?.creature;
                c.inventory
                    .declare_worn_armor(*item, timing(ctx))
                    .map_err(|e| err("inventory_refused", e))?;
                set_creature_only(ctx, creature, c, "armor worn", Value::Null)
            }
            C::TakeOffArmor { creature } => {
                let mut c = living(ctx, creature)?.creature;
                if c.inventory.take_off_armor().is_none() {
                    return Err(RuleError::new("no_armor", "no armor is worn").rule("CR-INV-09"));
                }
                set_creature_only(ctx, creature, c, "armor taken off", Value::Null)
            }
            C::WearMagicItem {
                creature,
                item,
                slot,
            } => {
                let mut c = living(ctx, creature)?.creature;
                let before = c.inventory.clone();
                c.inventory
                    .wear_magic_item(*item, *slot)
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &before, &c.inventory)?;
                set_creature_only(ctx, creature, c, "magic item worn", Value::Null)
            }
            C::TakeOffMagicItem {
                creature,
                item,
                slots,
            } => {
                let mut c = living(ctx, creature)?.creature;
                let before = c.inventory.clone();
                c.inventory
                    .take_off_magic_item(*item, slots)
                    .map_err(|e| err("inventory_refused", e))?;
                check_standing_slots(ctx, creature, &before, &c.inventory)?;
                set_creature_only(ctx, creature, c, "magic item taken off", Value::Null)
            }
            C::Damage {
                creature,
                amount,
                piercing,
                doubled,
                by_player,
            } => {
                let r = record(ctx, creature)?.clone();
                let n = r.creature.conditions.extra_damage_dice();
                let vis = audience(ctx, creature);
                let faces = roll_d6s(ctx, "vulnerable", n, &vis)?;
                let hit = Hit {
                    damage: crate::damage::Damage {
                        amount: *amount,
                        piercing: *piercing,
                    },
                    vulnerable_faces: faces,
                    doubled: *doubled,
                    by_player: *by_player,
                };
                self.damage(ctx, creature, hit)
            }
            C::AddCondition {
                creature,
                condition,
                grabbed_by,
                range,
            } => {
                super::objects::no_conditions(ctx.rules(), creature)?;
                let mut c = living(ctx, creature)?.creature;
                let applied = if *condition == ConditionKind::Grabbed {
                    match (grabbed_by, range) {
                        (Some(by), Some(range)) => c
                            .apply_grab(Grab {
                                by: by.clone(),
                                range: *range,
                            })
                            .map_err(|e| err("condition_refused", e))?,
                        _ => {
                            return Err(err(
                                "bad_condition",
                                crate::conditions::ConditionError::GrabWithoutGrabber,
                            ));
                        }
                    }
                } else {
                    // An exception on its card or items may make it immune (CR-CORE-03).
                    c.apply_condition(*condition)
                        .map_err(|e| err("condition_refused", e))?
                };
                if applied == crate::conditions::Applied::AlreadyPresent {
                    return Err(RuleError::new(
                        "condition_present",
                        format!("{} already has {}", c.name, condition.name()),
                    )
                    .rule("CR-COND-01"));
                }
                set_creature_only(ctx, creature, c, "condition added", json!(condition))
            }
            C::RemoveCondition {
                creature,
                condition,
            } => {
                let mut c = record(ctx, creature)?.creature.clone();
                if !c.conditions.has(*condition) {
                    return Err(RuleError::new(
                        "no_condition",
                        format!("{} does not have {}", c.name, condition.name()),
                    ));
                }
                if *condition == ConditionKind::Unconscious {
                    let options = ctx.rules().options;
                    c.conditions.wake(&options);
                } else {
                    c.conditions = remove_condition(&c.conditions, *condition);
                }
                set_creature_only(ctx, creature, c, "condition removed", json!(condition))
            }
            C::AddEffect {
                creature,
                effect,
                dice,
            } => {
                let mut c = living(ctx, creature)?.creature;
                if *dice == 0 || *dice > 20 {
                    return Err(
                        RuleError::new("bad_effect", "an effect has 1…20 usage dice")
                            .rule("CR-UD-01"),
                    );
                }
                c.effects
                    .push(crate::usage_dice::EffectUsage::new(effect.clone(), *dice));
                set_creature_only(ctx, creature, c, "effect added", json!(effect))
            }
            C::UseItem { creature, item } => {
                let r = living(ctx, creature)?;
                let mut c = r.creature.clone();
                let usage = Self::item_usage(&mut c, *item)?;
                usage.check_usable().map_err(|e| err("item_unusable", e))?;
                let n = usage.dice_to_roll(RollOccasion::Activation);
                let label = format!("usage dice: {}", usage.item);
                let vis = audience(ctx, creature);
                let faces = roll_d6s(ctx, &label, n, &vis)?;
                let usage = Self::item_usage(&mut c, *item)?;
                let rolled = usage
                    .roll(RollOccasion::Activation, &faces)
                    .map_err(|e| err("usage_dice", e))?;
                set_creature_only(ctx, creature, c, "item used", json!(rolled))
            }
            C::Refuel {
                creature,
                item,
                with,
            } => {
                let mut c = living(ctx, creature)?.creature;
                let fuel = c
                    .inventory
                    .item(*with)
                    .ok_or_else(|| RuleError::new("unknown_item", format!("no item {}", with.0)))?;
                let fuel_name = fuel.card.clone().unwrap_or_else(|| fuel.name.clone());
                Self::item_usage(&mut c, *item)?
                    .refuel(&fuel_name)
                    .map_err(|e| err("refuel_refused", e))?;
                c.inventory
                    .remove(*with)
                    .map_err(|e| err("inventory_refused", e))?;
                set_creature_only(ctx, creature, c, "refuelled", Value::Null)
            }
            C::Light { creature, item } => {
                let mut c = living(ctx, creature)?.creature;
                let usage = Self::item_usage(&mut c, *item)?;
                if !usage.light_source {
                    return Err(RuleError::new("not_a_light", "this item gives no light")
                        .rule("CR-LIGHT-01"));
                }
                usage.light().map_err(|e| err("light_refused", e))?;
                set_creature_only(ctx, creature, c, "lit", Value::Null)
            }
            C::Douse { creature, item } => {
                let r = living(ctx, creature)?;
                let mut c = r.creature.clone();
                let usage = Self::item_usage(&mut c, *item)?;
                if !usage.lit {
                    return Err(
                        RuleError::new("not_lit", "the source is not burning").rule("CR-LIGHT-07")
                    );
                }
                let n = usage.dice_to_roll(RollOccasion::Dousing);
                let label = format!("usage dice: {} (doused)", usage.item);
                let vis = audience(ctx, creature);
                let faces = roll_d6s(ctx, &label, n, &vis)?;
                let usage = Self::item_usage(&mut c, *item)?;
                let rolled =
                    crate::light::douse(usage, &faces).map_err(|e| err("douse_refused", e))?;
                set_creature_only(ctx, creature, c, "doused", json!(rolled))
            }
            C::EatRation { creature, item } => {
                let mut r = living(ctx, creature)?;
                let it =
                    r.creature.inventory.item(*item).ok_or_else(|| {
                        RuleError::new("unknown_item", format!("no item {}", item.0))
                    })?;
                let is_ration = it
                    .card
                    .as_ref()
                    .and_then(|c| ctx.rules().content.items.get(c))
                    .is_some_and(|card| card.ration);
                if !is_ration {
                    return Err(RuleError::new(
                        "not_a_ration",
                        format!("{} is not a ration", it.name),
                    )
                    .rule("CR-HAZ-03"));
                }
                r.creature
                    .inventory
                    .remove(*item)
                    .map_err(|e| err("inventory_refused", e))?;
                let healed = r.hunger.eat_ration(&mut r.creature);
                set_creature(
                    ctx,
                    creature,
                    r,
                    "ate a ration",
                    json!({"starvation_wounds_removed": healed}),
                )
            }
            C::Fall {
                creature,
                feet,
                resist,
            } => {
                let r = living(ctx, creature)?;
                if *feet > 10_000 {
                    return Err(RuleError::new("bad_fall", "a fall of at most 10000 feet"));
                }
                if r.creature.has_override(&RuleOverride::NoFallingDamage) {
                    // Its exception beats the falling rule (CR-CORE-03): no dice, no damage.
                    return set_creature(
                        ctx,
                        creature,
                        r,
                        "fell unharmed",
                        json!({"feet": feet, "exception": "no_falling_damage"}),
                    );
                }
                let vis = audience(ctx, creature);
                let n = u8::try_from(crate::hazards::fall_dice(*feet)).unwrap_or(u8::MAX);
                let faces = roll_d6s(ctx, "fall damage", n, &vis)?;
                let can = crate::hazards::can_resist_fall(
                    *resist,
                    r.creature.conditions.has(ConditionKind::Unconscious),
                );
                if can {
                    // The Agility resistance roll is core's test (CR-HAZ-02, CR-RR-02): the
                    // creature's edges and banes, the test record (CR-CHECK-10) and the
                    // expertise offer at the commit point; the fall goes on when it resolves.
                    return TestRequest::new(creature, Characteristic::Agility)
                        .kind(TestKind::ResistanceRoll)
                        .crit_and_doom_defined_by_rule(true)
                        .then(Then::Core(CoreThen::Fall { feet: *feet, faces }))
                        .roll(self, ctx);
                }
                self.land(ctx, creature, *feet, &faces, None)
            }
            C::Suffocate { creature } => {
                let mut r = living(ctx, creature)?;
                let options = ctx.rules().options;
                // 3 + Strength rounds unless an exception says otherwise (CR-CORE-03).
                let hurts = r.suffocation.start_of_round_for(&r.creature, &options);
                let rounds = r.suffocation.rounds_without_air;
                set_creature(
                    ctx,
                    creature,
                    r.clone(),
                    "without air",
                    json!({"rounds": rounds}),
                )?;
                if hurts {
                    let vis = audience(ctx, creature);
                    let d6 = roll_die(ctx, "suffocation", 6, vis.clone())?;
                    let damage = crate::hazards::suffocation_damage(d6, &options)
                        .map_err(|e| err("bad_face", e))?;
                    let extra = r.creature.conditions.extra_damage_dice();
                    let vulnerable = roll_d6s(ctx, "vulnerable", extra, &vis)?;
                    self.damage(
                        ctx,
                        creature,
                        Hit {
                            damage,
                            vulnerable_faces: vulnerable,
                            doubled: false,
                            by_player: false,
                        },
                    )?;
                }
                Ok(())
            }
            C::Breathe { creature } => {
                let mut r = record(ctx, creature)?.clone();
                r.suffocation.breathe();
                set_creature(ctx, creature, r, "breathes", Value::Null)
            }
            C::SetHouseRules {
                options,
                test_rules,
                assist_lapse,
                dungeon_turn_minutes,
            } => {
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
                if s.changed.is_empty() {
                    return Err(RuleError::new(
                        "bad_house_rule",
                        "the house rules given are the ones already in force",
                    )
                    .rule("CR-CORE-02"));
                }
                ctx.emit(CoreEvent::HouseRulesSet {
                    options: s.options,
                    test_rules: s.test_rules,
                    assist_lapse: s.assist_lapse,
                    dungeon_turn_minutes: s.dungeon_turn_minutes,
                    changed: s.changed,
                })
            }
            C::SetRuleOverrides {
                creature,
                add,
                remove,
            } => self.set_rule_overrides(ctx, creature, add, remove),
            C::Sneak {
                creature,
                past,
                squares_moved,
                group,
                edges,
                banes,
                bonus,
            } => self.sneak(
                ctx,
                past,
                *squares_moved,
                TestRequest::new(creature, Characteristic::Agility)
                    .edges_banes_bonus((*edges, *banes, *bonus))
                    .group(*group),
            ),
            C::Assist {
                creature,
                assisted,
                characteristic,
                needs,
                edges,
                banes,
                bonus,
                approved_expertises,
            } => self.assist(
                ctx,
                assisted,
                *needs,
                TestRequest::new(creature, *characteristic)
                    .edges_banes_bonus((*edges, *banes, *bonus))
                    .approved(approved_expertises.clone()),
            ),
            C::SetPosition { creature, at } => {
                record(ctx, creature)?;
                if at.is_some_and(|(x, y)| x.abs() > MAX_COORDINATE || y.abs() > MAX_COORDINATE) {
                    return Err(RuleError::new(
                        "bad_position",
                        format!("coordinates are within ±{MAX_COORDINATE}"),
                    ));
                }
                set_positions(ctx, &[(creature.clone(), *at)])
            }
            C::PlaceLight {
                id,
                at,
                light,
                campfire,
            } => {
                if id.is_empty() || id.len() > 64 {
                    return Err(RuleError::new("bad_id", "a light id is 1…64 characters"));
                }
                if at.0.abs() > MAX_COORDINATE || at.1.abs() > MAX_COORDINATE {
                    return Err(RuleError::new(
                        "bad_position",
                        format!("coordinates are within ±{MAX_COORDINATE}"),
                    ));
                }
                let output = match (light, campfire) {
                    (Some(l), None) => LightOutput::parse(l).map_err(|e| err("bad_light", e))?,
                    (None, Some(Size::HolyShit)) => {
                        ctx.rules().options.holy_shit_campfire.ok_or_else(|| {
                            RuleError::new(
                                "no_campfire_row",
                                "CR-LIGHT-06: the campfire table has no Holy Shit! row; set the \
                                 house rule `options.holy_shit_campfire` first (CR-REF-34)",
                            )
                            .rule("CR-REF-34")
                        })?
                    }
                    (None, Some(size)) => {
                        crate::light::campfire_light(*size).map_err(|e| err("bad_light", e))?
                    }
                    _ => {
                        return Err(RuleError::new(
                            "bad_light",
                            "give exactly one of `light` (\"X/Y\") and `campfire` (a size)",
                        )
                        .rule("CR-LIGHT-01"));
                    }
                };
                ctx.emit(CoreEvent::LightPlaced {
                    id: id.clone(),
                    light: PlacedLight { at: *at, output },
                })
            }
            C::RemoveLight { id } => {
                if !ctx.rules().placed_lights.contains_key(id) {
                    return Err(RuleError::new(
                        "unknown_light",
                        format!("no light `{id}` is placed"),
                    ));
                }
                ctx.emit(CoreEvent::LightRemoved { id: id.clone() })
            }
            C::SetAmbientLight { level } => ctx.emit(CoreEvent::AmbientLightSet { level: *level }),
            C::GuessSquare {
                attacker,
                target,
                square,
            } => self.guess_square(ctx, attacker, target, *square),
            C::SetAncestry { creature, ancestry } => {
                let mut c = record(ctx, creature)?.creature.clone();
                if ancestry
                    .as_ref()
                    .is_some_and(|a| a.is_empty() || a.len() > 64)
                {
                    return Err(RuleError::new(
                        "bad_ancestry",
                        "an ancestry label is 1…64 characters (CR-CORE-13)",
                    )
                    .rule("CR-CORE-13"));
                }
                c.ancestry = ancestry.clone();
                set_creature_only(ctx, creature, c, "ancestry", json!(ancestry))
            }
            C::EditItem {
                creature,
                item,
                name,
                notes,
            } => self.edit_item(ctx, creature, *item, name.as_deref(), notes.as_deref()),
            C::RequestCharacter { .. } => self.request_character(ctx, command),
            C::AddMaintainedEffect {
                creature,
                effect,
                dice,
                source,
            } => {
                let mut c = living(ctx, creature)?.creature;
                living(ctx, source)?;
                if *dice == 0 || *dice > 20 {
                    return Err(
                        RuleError::new("bad_effect", "an effect has 1…20 usage dice")
                            .rule("CR-UD-01"),
                    );
                }
                c.effects.push(
                    crate::usage_dice::EffectUsage::new(effect.clone(), *dice)
                        .maintained_by(source.clone()),
                );
                set_creature_only(
                    ctx,
                    creature,
                    c,
                    "effect added",
                    json!({"effect": effect, "source": source}),
                )
            }
            C::RestHalfway {} => {
                if !ctx.core().clock.resting {
                    return Err(RuleError::new("not_resting", "no rest is under way"));
                }
                ctx.pass(Boundary::Custom {
                    name: "rest_halfway".into(),
                })
            }
        }
    }

    pub(super) fn core_apply(&self, state: &mut CrowsState, event: &CoreEvent) {
        match event {
            CoreEvent::HouseRulesSet {
                options,
                test_rules,
                assist_lapse,
                dungeon_turn_minutes,
                ..
            } => Settings {
                options: *options,
                test_rules: *test_rules,
                assist_lapse: *assist_lapse,
                dungeon_turn_minutes: *dungeon_turn_minutes,
                changed: Vec::new(),
            }
            .set(state),
            CoreEvent::PackLoaded {
                files,
                items,
                creatures,
                tables,
            } => {
                state.content.sources.extend(files.iter().cloned());
                for i in items {
                    state.content.items.insert(i.id.clone(), i.clone());
                }
                for c in creatures {
                    state.content.creatures.insert(c.id.clone(), c.clone());
                }
                for t in tables {
                    state.content.tables.insert(t.id.clone(), t.clone());
                }
            }
            CoreEvent::CreatureSet { id, record, .. } => {
                state.next_item = state.next_item.max(next_item_after(record));
                state.creatures.insert(id.clone(), (**record).clone());
            }
            CoreEvent::CreatureChanged { id, patch, .. } => {
                let Some(r) = state.creatures.get_mut(id) else {
                    return;
                };
                // `set_creature` emits a patch only after checking that it turns this very
                // record into the new one (`patch::diff_exact`) and that the result reads
                // back, so neither step below fails on a log it wrote.
                let Ok(mut v) = serde_json::to_value(&*r) else {
                    return;
                };
                super::patch::apply(&mut v, patch);
                if let Ok(new) = serde_json::from_value::<CreatureRecord>(v) {
                    state.next_item = state.next_item.max(next_item_after(&new));
                    *r = new;
                }
            }
            CoreEvent::CreatureSeen { .. }
            | CoreEvent::CreatureSeenChanged { .. }
            | CoreEvent::CharacterRequestRefused { .. } => {}
            CoreEvent::Died { id } => {
                // The body becomes an object with the gear still on it (CR-CORE-05, CR-DMG-15);
                // the dead creature's record keeps its wounds but no longer lists that gear,
                // and an object takes no conditions (CR-DMG-09).
                if let Some(r) = state.creatures.get_mut(id) {
                    let gear = r.creature.inventory.take_gear();
                    let mut body = r.creature.clone();
                    body.inventory = gear;
                    state.corpses.insert(id.clone(), body.into_corpse());
                    r.creature.alive = false;
                    r.creature.conditions = ConditionSet::default();
                }
                state.pending_assists.remove(id);
            }
            CoreEvent::LightSet { creature, level } => {
                state.light.insert(creature.clone(), *level);
            }
            CoreEvent::CorpseCarried { corpse, item } => {
                if let Some(body) = state.corpses.remove(corpse) {
                    state.carried_corpses.insert(*item, body);
                }
            }
            CoreEvent::TestRolled { .. } | CoreEvent::TestWaived { .. } => {}
            CoreEvent::ObjectPlaced { id, placed } => {
                state.objects.insert(id.clone(), (**placed).clone());
            }
            CoreEvent::ObjectDamaged {
                id,
                stamina,
                destroyed,
                ..
            } => {
                if let Some(placed) = state.objects.get_mut(id) {
                    placed.object.stamina = Some(*stamina);
                    placed.object.destroyed = *destroyed;
                }
            }
            CoreEvent::TestResolved {
                creature,
                resolved,
                task,
            } => {
                if let Some(task) = task {
                    state.retries.record(creature, task, resolved.final_tier);
                }
                state
                    .last_tests
                    .insert(creature.clone(), (**resolved).clone());
            }
            CoreEvent::CircumstancesChanged { creature, task } => {
                state.retries.mark_changed(creature, task);
            }
            CoreEvent::AssistPending { assisted, record } => state
                .pending_assists
                .entry(assisted.clone())
                .or_default()
                .push((**record).clone()),
            CoreEvent::AssistsUsed { creature } => {
                state.pending_assists.remove(creature);
            }
            CoreEvent::Hidden { creature, from } => {
                for o in from {
                    state.hiding.hide(creature, o);
                }
            }
            CoreEvent::Revealed { creature, to } => {
                for o in to {
                    state.hiding.reveal(creature, o);
                }
            }
            CoreEvent::AssistTurnPassed {} => {
                let lapse = state.assist_lapse;
                for list in state.pending_assists.values_mut() {
                    for a in list.iter_mut() {
                        if a.pending.made_on_turn.is_some() {
                            a.turns_passed = a.turns_passed.saturating_add(1);
                        }
                    }
                    list.retain(|a| {
                        a.pending
                            .applies(a.pending.made_on_turn.map(|_| a.turns_passed), lapse)
                            .is_some()
                    });
                }
                state.pending_assists.retain(|_, list| !list.is_empty());
            }
            CoreEvent::Ruled { ruling } => state.rulings.push(ruling.clone()),
            CoreEvent::OnGround { items } => {
                for g in items {
                    state.next_ground = state.next_ground.max(g.id.saturating_add(1));
                    state.ground.push(g.clone());
                }
            }
            CoreEvent::PickedUp { ground } => state.ground.retain(|g| g.id != *ground),
            CoreEvent::Positioned { creature, at } => match at {
                Some(at) => {
                    state.positions.insert(creature.clone(), *at);
                }
                None => {
                    state.positions.remove(creature);
                }
            },
            CoreEvent::LightPlaced { id, light } => {
                state.placed_lights.insert(id.clone(), *light);
            }
            CoreEvent::LightRemoved { id } => {
                state.placed_lights.remove(id);
            }
            CoreEvent::AmbientLightSet { level } => state.ambient_light = Some(*level),
            CoreEvent::AssistCharged { charge } => state.assist_charges.push(charge.clone()),
            CoreEvent::SquareGuessed { .. } | CoreEvent::GuessRuled { .. } => {}
        }
    }

    pub(super) fn core_project(&self, state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
        let rules = &state.rules;
        if *viewer == Viewer::Referee {
            let creatures: BTreeMap<&String, Value> = rules
                .creatures
                .iter()
                .map(|(id, r)| {
                    let mut v = full_view(id, r);
                    if let Some(obj) = v.as_object_mut() {
                        obj.insert("derived".into(), derived_view(rules, id));
                    }
                    (id, v)
                })
                .collect();
            return json!({
                "options": rules.options,
                "test_rules": rules.test_rules,
                "dungeon_turn_minutes": rules.dungeon_turn_minutes,
                "creatures": creatures,
                "ground": rules.ground,
                "content": {
                    "packs": rules.content.sources.iter().map(|s| &s.name).collect::<Vec<_>>(),
                    "items": rules.content.items,
                    "creatures": rules.content.creatures,
                    "tables": rules.content.tables,
                },
                "last_tests": rules.last_tests,
                "rulings": rules.rulings,
                "corpses": rules.corpses.iter().map(|(id, o)| (id, corpse_view_with(o, &rules.options))).collect::<BTreeMap<_, _>>(),
                "carried_corpses": rules.carried_corpses,
                "objects": rules.objects,
                "hiding": rules.hiding,
                "pending_assists": rules.pending_assists,
                "positions": rules.positions,
                "placed_lights": rules.placed_lights,
                "ambient_light": rules.ambient_light,
                "assist_charges": rules.assist_charges,
            });
        }
        let player = match viewer {
            Viewer::Player(p) => Some(p.as_str()),
            _ => None,
        };
        let own = |id: &str| player.is_some_and(|p| state.core.participants.controls(p, id));
        // A creature hidden from this viewer's characters is not there for it (CR-HIDE-05).
        let sees = |id: &str| viewer_sees(&state.core.participants, rules, viewer, id);
        let creatures: BTreeMap<&String, Value> = rules
            .creatures
            .iter()
            .filter(|(id, _)| sees(id))
            .map(|(id, r)| {
                let v = if own(id) {
                    full_view(id, r)
                } else {
                    public_view(id, r)
                };
                (id, v)
            })
            .collect();
        let tests: BTreeMap<&String, &ResolvedTest> = rules
            .last_tests
            .iter()
            .filter(|(id, _)| {
                own(id) || (sees(id) && rules.creatures.get(*id).is_some_and(|r| !r.hidden))
            })
            .collect();
        // Where the creatures it sees stand; hidden-stat creatures' squares stay the
        // Referee's (a silent one's square is guessed, CR-LIGHT-05).
        let positions: BTreeMap<&String, &(i32, i32)> = rules
            .positions
            .iter()
            .filter(|(id, _)| {
                own(id) || (sees(id) && rules.creatures.get(*id).is_some_and(|r| !r.hidden))
            })
            .collect();
        json!({
            "dungeon_turn_minutes": rules.dungeon_turn_minutes,
            "positions": positions,
            "placed_lights": rules.placed_lights,
            "ambient_light": rules.ambient_light,
            "creatures": creatures,
            "ground": rules.ground,
            "content": { "items": rules.content.items },
            "last_tests": tests,
            "corpses": rules
                .corpses
                .iter()
                .filter(|(id, _)| sees(id))
                .map(|(id, o)| (id, corpse_view_with(o, &rules.options)))
                .collect::<BTreeMap<_, _>>(),
            "objects": rules
                .objects
                .iter()
                .filter(|(_, o)| !o.hidden)
                .collect::<BTreeMap<_, _>>(),
        })
    }

    pub(super) fn core_on_answer(
        &self,
        decision: &Decision,
        answer: &Answer,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        let creature = decision
            .context
            .get("creature")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let bad_context = || RuleError::new("bad_decision", "decision context is incomplete");
        match CoreDecision::of(&decision.kind) {
            CoreDecision::Expertise => {
                let rolled: RolledTest = decision
                    .context
                    .get("rolled")
                    .cloned()
                    .and_then(|v| serde_json::from_value(v).ok())
                    .ok_or_else(bad_context)?;
                let meta: TestMeta = decision
                    .context
                    .get("meta")
                    .cloned()
                    .and_then(|v| serde_json::from_value(v).ok())
                    .unwrap_or_default();
                if answer.option == "commit" {
                    let resolved = rolled.commit(None).map_err(|e| err("bad_test", e))?;
                    return self.finish_test(ctx, &creature, resolved, &meta);
                }
                let name: ExpertiseName = from_snake(&answer.option).ok_or_else(bad_context)?;
                let approved: Vec<ExpertiseName> = decision
                    .context
                    .get("approved")
                    .cloned()
                    .and_then(|v| serde_json::from_value(v).ok())
                    .unwrap_or_default();
                let mut c = living(ctx, &creature)?.creature;
                let mut uses: Expertises = c.expertises.clone();
                let resolved = crate::expertise::commit_with_expertise(
                    rolled,
                    &mut uses,
                    name,
                    approved.contains(&name),
                )
                .map_err(|e| err("expertise_refused", e))?;
                c.expertises = uses;
                set_creature_only(ctx, &creature, c, "expertise spent", json!(name))?;
                self.finish_test(ctx, &creature, resolved, &meta)
            }
            CoreDecision::ArmorOrder => {
                let hit: Hit = decision
                    .context
                    .get("hit")
                    .cloned()
                    .and_then(|v| serde_json::from_value(v).ok())
                    .ok_or_else(bad_context)?;
                let order: Vec<ItemId> = decision
                    .options
                    .iter()
                    .find(|o| o.id == answer.option)
                    .and_then(|o| serde_json::from_value(o.data.clone()).ok())
                    .ok_or_else(bad_context)?;
                self.apply_hit(ctx, &creature, hit, Some(order))
            }
            CoreDecision::WoundSlot => {
                let remaining = decision
                    .context
                    .get("remaining")
                    .and_then(Value::as_u64)
                    .and_then(|n| u16::try_from(n).ok())
                    .ok_or_else(bad_context)?;
                let kind: WoundKind = decision
                    .context
                    .get("kind")
                    .cloned()
                    .and_then(|v| serde_json::from_value(v).ok())
                    .ok_or_else(bad_context)?;
                let slot: u8 = answer
                    .option
                    .strip_prefix("slot_")
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(bad_context)?;
                let mut c = living(ctx, &creature)?.creature;
                let died = crate::damage::place_wounds(&mut c, 1, &[slot], kind)
                    .map_err(|e| err("wound_refused", e))?;
                let outcome = if died {
                    DamageOutcome::Died
                } else {
                    wounds_arrive(&mut c, remaining.saturating_sub(1), kind)
                };
                set_creature_only(ctx, &creature, c, "wound placed", json!({"slot": slot}))?;
                self.outcome(ctx, &creature, outcome)
            }
            CoreDecision::KnockOut => {
                let mut c = record(ctx, &creature)?.creature.clone();
                let alive = crate::damage::resolve_knock_out(&mut c, answer.option == "knock_out")
                    .map_err(|e| err("knock_out_refused", e))?;
                set_creature_only(ctx, &creature, c, "knock-out ruled", json!(answer.option))?;
                if alive {
                    Ok(())
                } else {
                    self.die(ctx, &creature)
                }
            }
            CoreDecision::SquareGuess => {
                let target = decision
                    .context
                    .get("target")
                    .and_then(Value::as_str)
                    .ok_or_else(bad_context)?
                    .to_string();
                let vis = audience(ctx, &creature);
                ctx.emit_for(
                    CoreEvent::GuessRuled {
                        attacker: creature,
                        target,
                        outcome: answer.option.clone(),
                    },
                    vis,
                )
            }
            CoreDecision::CharacterRequest => self.answer_character_request(decision, answer, ctx),
            CoreDecision::Ruling(kind) => {
                let hidden = record(ctx, &creature).map(|r| r.hidden).unwrap_or(true);
                let vis = if hidden {
                    Visibility::Referee
                } else {
                    Visibility::Public
                };
                let payers: Vec<String> = if answer.option == "success_at_cost" {
                    decision
                        .context
                        .get("cost_payers")
                        .cloned()
                        .and_then(|v| serde_json::from_value(v).ok())
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                ctx.emit_for(
                    CoreEvent::Ruled {
                        ruling: Ruling {
                            creature,
                            kind: kind.to_string(),
                            option: answer.option.clone(),
                            text: answer.text.clone(),
                            payers,
                        },
                    },
                    vis,
                )
            }
            CoreDecision::Other => Ok(()),
        }
    }

    pub(super) fn core_on_boundary(
        &self,
        boundary: &Boundary,
        ctx: &mut Ctx<'_, Self>,
    ) -> Result<(), RuleError> {
        if matches!(
            boundary,
            Boundary::RoundEnd
                | Boundary::ExplorationTurnEnd
                | Boundary::RestEnd
                | Boundary::DayEnd
        ) {
            lapse_test_rulings(ctx)?;
        }
        match boundary {
            Boundary::ExplorationTurnEnd => self.end_of_dungeon_turn(ctx),
            Boundary::TurnEnd { .. } => {
                let waiting = ctx
                    .rules()
                    .pending_assists
                    .values()
                    .flatten()
                    .any(|a| a.pending.made_on_turn.is_some());
                if waiting {
                    ctx.emit(CoreEvent::AssistTurnPassed {})
                } else {
                    Ok(())
                }
            }
            Boundary::RestEnd => self.rest_end(ctx),
            Boundary::DayEnd => self.day_end(ctx),
            Boundary::Custom { name } if name == "rest_halfway" => self.rest_halfway(ctx),
            _ => Ok(()),
        }
    }
}

/// The Referee's rulings a test opens (tier 1 setback, tier 2 outcome, crit benefit, doom
/// setback) belong to the moment of the test: when the scene moves on (a combat round, a
/// dungeon turn, a rest or a day ends) those still open lapse, recorded as "no ruling", so they
/// do not pile up. A certain-death decision never lapses.
pub const LAPSING_RULINGS: [&str; 4] = [
    "crows.tier_1_setback",
    "crows.tier_2_outcome",
    "crows.crit_benefit",
    "crows.doom_setback",
];

fn lapse_test_rulings(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let open: Vec<(String, String, String)> = ctx
        .core()
        .decisions
        .iter()
        .filter(|d| LAPSING_RULINGS.contains(&d.kind.as_str()))
        .map(|d| {
            let creature = d.context["creature"].as_str().unwrap_or_default();
            (d.id.clone(), d.kind.clone(), creature.to_string())
        })
        .collect();
    for (id, kind, creature) in open {
        ctx.lapse_decision(&id)?;
        let hidden = record(ctx, &creature).map(|r| r.hidden).unwrap_or(true);
        let vis = if hidden {
            Visibility::Referee
        } else {
            Visibility::Public
        };
        ctx.emit_for(
            CoreEvent::Ruled {
                ruling: Ruling {
                    creature,
                    kind: kind.trim_start_matches("crows.").to_string(),
                    option: engine::LAPSED_OPTION.to_string(),
                    text: None,
                    payers: Vec::new(),
                },
            },
            vis,
        )?;
    }
    Ok(())
}

/// A decision core answers, parsed once from its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CoreDecision<'k> {
    /// `crows.expertise`: spend an expertise or commit (CR-EXP-01).
    Expertise,
    /// `crows.armor_order`: the order armor takes a hit in.
    ArmorOrder,
    /// `crows.wound_slot`: where a wound goes.
    WoundSlot,
    /// `crows.knock_out`: knocked out or killed.
    KnockOut,
    /// `crows.square_guess`: the Referee rules a guessed square (CR-LIGHT-05, CR-REF-24).
    SquareGuess,
    /// [`CHARACTER_REQUEST`]: a player's character awaits the Referee.
    CharacterRequest,
    /// Any other `crows.<name>` kind core is handed: the Referee's ruling on a test's outcome
    /// (`tier_1_setback`, `tier_2_outcome`, `crit_benefit`, `doom_setback`,
    /// `certain_death`), recorded under `<name>`.
    Ruling(&'k str),
    /// Not a Crows decision: nothing to do.
    Other,
}

impl<'k> CoreDecision<'k> {
    fn of(kind: &'k str) -> Self {
        match kind {
            "crows.expertise" => CoreDecision::Expertise,
            "crows.armor_order" => CoreDecision::ArmorOrder,
            "crows.wound_slot" => CoreDecision::WoundSlot,
            "crows.knock_out" => CoreDecision::KnockOut,
            "crows.square_guess" => CoreDecision::SquareGuess,
            CHARACTER_REQUEST => CoreDecision::CharacterRequest,
            _ => match kind.strip_prefix("crows.") {
                // As recorded since rulings were first made: every leading `crows.` off.
                Some(_) => CoreDecision::Ruling(kind.trim_start_matches("crows.")),
                None => CoreDecision::Other,
            },
        }
    }
}

/// Longest item name and item-card notes (CR-INV-08).
pub const MAX_ITEM_NAME: usize = 64;
pub const MAX_ITEM_NOTES: usize = 500;
/// Stamina a requested crow may be given (the Characters book sets the real value).
pub const MAX_REQUEST_STAMINA: u16 = 99;
/// The Referee's decision on a player's character request.
pub const CHARACTER_REQUEST: &str = "crows.core.character_request";

/// A label of 1…`max` characters (counted as characters, not bytes), trimmed.
fn label(text: &str, max: usize, code: &str, what: &str, rule: &str) -> Result<String, RuleError> {
    let t = text.trim();
    if t.is_empty() || t.chars().count() > max {
        return Err(
            RuleError::new(code, format!("{what} is 1…{max} characters ({rule})")).rule(rule),
        );
    }
    Ok(t.to_string())
}

/// A character name a player chose: in normal form, without invisible or control characters,
/// and not a look-alike of a player character's name (`engine::names`; only characters bound to
/// players are compared, so the answer says nothing about hidden creatures).
fn player_chosen_name(ctx: &Ctx<'_, Crows>, name: &str) -> Result<String, RuleError> {
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
fn new_creature_id(ctx: &mut Ctx<'_, Crows>, name: &str) -> String {
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
    /// `edit_item`: writes a carried item's card (CR-INV-08). Only the Referee renames; the
    /// notes carry no rule.
    fn edit_item(
        &self,
        ctx: &mut Ctx<'_, Self>,
        creature: &str,
        item: ItemId,
        name: Option<&str>,
        notes: Option<&str>,
    ) -> Result<(), RuleError> {
        if name.is_none() && notes.is_none() {
            return Err(RuleError::new(
                "nothing_to_edit",
                "give the item's new `name` or `notes` (CR-INV-08)",
            )
            .rule("CR-INV-08"));
        }
        if name.is_some() && *ctx.actor() != engine::Actor::Referee {
            return Err(RuleError::new(
                "rename_refused",
                "only the Referee renames an item card; a player writes its notes (CR-INV-08)",
            )
            .rule("CR-INV-08"));
        }
        let name = name
            .map(|n| {
                label(
                    n,
                    MAX_ITEM_NAME,
                    "bad_item_name",
                    "an item name",
                    "CR-INV-08",
                )
            })
            .transpose()?;
        let notes = notes.map(str::trim);
        if notes.is_some_and(|n| n.chars().count() > MAX_ITEM_NOTES) {
            return Err(RuleError::new(
                "notes_too_long",
                format!("item notes are at most {MAX_ITEM_NOTES} characters"),
            )
            .rule("MAX_ITEM_NOTES"));
        }
        let mut c = living(ctx, creature)?.creature;
        let carried = c.inventory.item_mut(item).ok_or_else(|| {
            RuleError::new(
                "unknown_item",
                format!("`{creature}` carries no item {}", item.0),
            )
        })?;
        if let Some(n) = name {
            carried.name = n;
        }
        if let Some(notes) = notes {
            carried.notes = notes.to_string();
        }
        set_creature_only(ctx, creature, c, "item_card", json!({"item": item.0}))
    }

    /// `request_character`: a player without a living character asks for a crow. Checked now
    /// (so a bad request is refused at once), then the Referee decides.
    fn request_character(
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
            ));
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
            ));
        }
        let name = label(name, 64, "bad_name", "a character name", "CR-CORE-09")?;
        let name = player_chosen_name(ctx, &name)?;
        let ancestry = ancestry
            .as_deref()
            .map(|a| label(a, 64, "bad_ancestry", "an ancestry label", "CR-CORE-13"))
            .transpose()?;
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
            .with_context(json!({"player": player, "request": request})),
        )?;
        Ok(())
    }

    /// The Referee's answer to a character request: approval creates the crow as
    /// `create_creature` does and binds it to the player; a refusal tells the player.
    fn answer_character_request(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_decision_kinds_parse() {
        assert_eq!(CoreDecision::of("crows.expertise"), CoreDecision::Expertise);
        assert_eq!(
            CoreDecision::of(CHARACTER_REQUEST),
            CoreDecision::CharacterRequest
        );
        assert_eq!(
            CoreDecision::of("crows.tier_2_outcome"),
            CoreDecision::Ruling("tier_2_outcome")
        );
        assert_eq!(
            CoreDecision::of("crows.travel"),
            CoreDecision::Ruling("travel")
        );
        assert_eq!(CoreDecision::of("dnd.expertise"), CoreDecision::Other);
    }
}
