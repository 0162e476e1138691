//! Combat: the battle grid, surprise and side initiative, turns, maneuvers and
//! actions, attacks, reactions, movement and forced movement, pets — the table side of
//! [`crate::combat`]'s pure rules.
//!
//! Commands travel like every Crows command (`{"rules": {<command>: {…}}}`). Squares are
//! `{"x": 3, "y": 4}`; a creature's square is the origin (smallest x and y) of its space.
//! Every refusal names its rule and changes nothing.
//!
//! # The grid (Referee)
//!
//! - `{"set_grid": {"cells": [{"at": {"x": 2, "y": 0}, "obstacle": "solid"}, {"at": {"x": 3,
//!   "y": 0}, "difficult": true, "elevation": 1, "water": false, "submerging": false, "climb":
//!   "wall"|"ceiling", "hazard": "fire", "concealment": "light"|"heavy", "drop_feet": 30}],
//!   "clear": false}}` — sets those squares (an open square again with no key but `at`);
//!   `clear` wipes the map first. Obstacles are `solid` (blocks movement and line of effect) or
//!   `flimsy` (blocks movement only). Emits `grid_set` (public).
//! - `{"place": {"creature": "ghoul", "at": {"x": 5, "y": 5}, "side": "enemies", "card":
//!   "cave-spider", "flying": false, "squeezing": false, "owner": "vera", "summoned": false,
//!   "invisible": false, "altitude": 0}}`
//!   — puts (or moves) a creature on the grid; its space comes from its size (CR-CBT-04), a
//!   squeezing creature's is one square smaller (CR-CBT-06). Refused over an obstacle or
//!   another creature's space (CR-CBT-05). `card` names the creature card whose natural attacks
//!   it uses (default: the card it was created from); `owner` makes it a pet (or, with `summoned`, a summoned creature) of that
//!   creature: it takes no turn of its own (CR-PET-01). `altitude` is a flyer's height in
//!   squares above the ground of its square (refused for a creature not flying with a fly
//!   speed; at most [`MAX_ALTITUDE`]); moves keep it, `place` changes it. Emits `placed`.
//!   `{"unplace": {"creature": "ghoul"}}` takes it off (`unplaced`).
//!
//! Positions are public, except that a creature hidden from every character of a player
//! (`hide`) is left out of that player's view and events (core's `blind_players`).
//!
//! # Rounds (Referee, players for their side's order)
//!
//! - `{"start_combat": {"surprised": ["ghoul"]}}` — every placed living creature that is not a
//!   pet takes part, on the side it was placed on; the surprised ones sit out round 1 and
//!   attacks against them get +1 (CR-CBT-08). Emits `fight_started`.
//! - `{"order_side": {"side": "crows", "order": ["bram", "vera"]}}` — the order of turns within
//!   a side for the next round: the crows' side by any player controlling one of its creatures
//!   (or the Referee), the enemies' by the Referee (CR-CBT-09); it stands until changed.
//!   Unset: by creature id.
//! - `{"roll_initiative": {"roller": "alice"}}` — the Referee picks the player who rolls
//!   (CR-REF-18): that player gets the decision `crows.combat.initiative` (option `roll`);
//!   answering rolls a recorded public 1d10, 6+ puts the crows first (CR-CBT-09), and the round
//!   starts on the engine's combat clock (`round_started`, then `turn_began` for the first
//!   creature). Refused while a round is still running (CR-CBT-01). With no player seated
//!   (the Referee runs a fight alone) `"roller": "referee"` gives the roll to the Referee.
//! - `{"end_turn": {"creature": "vera"}}` — the acting creature's controller or the Referee;
//!   passes the engine's `TurnEnd` boundary (assists lapse on it) and starts the next turn; after
//!   the last turn the round is over and the Referee rolls initiative again.
//! - `{"end_combat": {}}` (Referee) — `fight_ended`, and the engine's combat clock stops.
//!
//! The engine's combat clock starts with round 1's order and waits between rounds; each
//! round's new order goes to it with `reorder_combat`, so its round count is the fight's
//! (`combat.fight.round` in the view) and its `RoundEnd` passes when the fight's round is
//! over. A creature hidden from some player is left off the engine's (public) clock: its turn
//! begins and ends in this family's events only, without the engine's `TurnStart`/`TurnEnd`
//! boundaries (a round with no creature everyone sees passes off the clock, which then lags
//! by that round).
//!
//! # Turns (the creature's controller, or the Referee)
//!
//! A creature acts on its own turn (a maneuver and an action, or two maneuvers, CR-CBT-10; a
//! crit adds an action, CR-ATK-13), as a pet commanded this turn, or off-turn with an
//! allowance (a crit outside its turn, a readied act fired). Otherwise it is refused
//! (CR-CBT-11). Each spending emits `budget_set` (or `allowance_set`).
//!
//! - `{"combat_move": {"creature": "vera", "path": [{"x": 1, "y": 0}, {"x": 2, "y": 0}]}}` — the
//!   Move maneuver (CR-MAN-01): a new Move is taken when the squares left of the turn's Moves
//!   are not enough; the path is checked square by square by
//!   [`crate::combat::movement::validate_path`] (difficult terrain and enemies' squares cost 1
//!   more, swimming and climbing without the speed 1 more, obstacles stop it, no stopping in
//!   another's space). The speed combines every CR-MOVE-08 change. Leaving an enemy's natural
//!   reach stops the move where it is and offers that enemy `crows.combat.opportunity_attack`
//!   (CR-REACT-05, resolved before the mover leaves, CR-ERR-41); the mover then sends the rest
//!   of its path again. Emits `moved`. Squares swum or climbed without the speed for it ask
//!   the Referee whether they need a test (CR-REF-25): `crows.combat.movement_test` (Referee
//!   only, context `creature`, `squares`, `ceiling`), options `no_test` (default), `agility`
//!   and `strength` (core's test of the mover; a ceiling climbed without a "(U)" climb speed
//!   always needs one, so `no_test` is not offered).
//! - `{"shift": {"creature": "vera", "to": {"x": 1, "y": 1}}}` — one square, never into or out
//!   of difficult terrain, provoking nothing (CR-MAN-02).
//! - `{"attack": {"creature": "vera", "target": "ghoul", "weapon": 3, "natural": null,
//!   "characteristic": "strength", "ranged": false}}` — an action: with the held weapon item
//!   `weapon`, the natural attack `natural` of the creature's card, or neither for the unarmed
//!   strike (CR-ATK-06). See [Attacks](#attacks). `"targets": ["rat"]` adds targets to the
//!   same roll (CR-ATK-14): only the Referee sends it, ruling that the attack's effect allows
//!   several; a creature named twice is refused. `"like": "sword"` (the Referee only) makes
//!   the held object `weapon`, which is no weapon, hit like that weapon card: its damage and
//!   characteristics, none of its special properties (no extra reach, not thrown), with a
//!   bane (CR-ATK-12); any other object is the unarmed strike. `"guess": {"x": 4, "y": 1}` names the
//!   square of a silent target in heavy concealment (or invisible: `place` with
//!   `"invisible": true`): a wrong square is an automatic miss (CR-LOE-08/09).
//! - `{"jump": {"creature": "vera", "to": {"x": 4, "y": 0}, "characteristic": "agility"}}` — a
//!   jump within the Move (CR-MOVE-07): refused when even the longest jump the test could
//!   give would not get there (or out of difficult terrain); leaving an enemy's reach offers
//!   its opportunity attack first (send the jump again after); then the Agility or Strength
//!   test through core, with an edge after 2 squares moved this turn. Tier 2 reaches 2 squares
//!   long, tier 3 2 + the characteristic (at least 3), 1 high; a jump that falls short leaves
//!   the creature where it was.
//! - `{"taunt": {"creature": "vera", "target": "ghoul"}}` — an action; within 10 squares and
//!   line of effect; until Vera's next turn starts the ghoul has a bane on attacks that leave
//!   her out (CR-ACT-01). Emits `taunted`.
//! - `{"ready": {"creature": "vera", "act": {"kind": "action", "name": "attack"}, "trigger":
//!   "the door opens"}}` — an action (CR-ACT-02); seen by the Referee and Vera's players.
//!   `{"fire_readied": {"creature": "vera"}}` spends the reaction and gives Vera an allowance
//!   for that act now; a readied act lapses when her next turn starts.
//! - `{"stand_up": {"creature": "vera"}}` — a maneuver, only while prone with speed 1+
//!   (CR-MAN-08).
//! - `{"grab": {"creature": "vera", "target": "rat"}}`, `{"knockback": {"creature": "vera",
//!   "target": "rat", "push": [{"x": 3, "y": 0}, {"x": 4, "y": 0}]}}`, `{"escape_grab":
//!   {"creature": "rat", "characteristic": "agility"}}` — maneuvers with a Strength (escape:
//!   Agility or Strength) test through core's `test` (CR-MAN-09/10/11): tier 1 offers the other
//!   creature a counter; grab tier 2 asks the grabber `crows.combat.grab_choice` (push 1 or a
//!   free shift), tier 3 grabs; knockback pushes 1 or 2 squares along `push`; escape tier 2
//!   asks `crows.combat.break_free` (breaking free opens a counter), tier 3 frees and offers
//!   `crows.combat.escape_square`: one square that provokes nothing. A grabber that moves
//!   (Move or Shift) carries the creature it holds along, same offset, when it fits there
//!   (CR-COND-03); `{"reposition_grabbed": {"creature": "vera", "to": {"x": 2, "y": 1}}}` — a
//!   maneuver: the held creature goes to a free square within the grab's range of the grabber.
//! - `{"command_pet": {"creature": "vera", "pet": "dog", "dangerous": false, "what": "fetch
//!   the torch"}}` — a maneuver (CR-MAN-03): the pet gets a maneuver and an action, or two
//!   maneuvers, this turn (CR-PET-01, CR-ERR-15 default). A summoned creature simply obeys
//!   (CR-PET-05). For a pet, what it can do and whether the order is complex or dangerous
//!   enough for the owner's Mind test are the Referee's call (CR-REF-26): a player's command
//!   spends the maneuver and asks the Referee `crows.combat.pet_command` (Referee only; its
//!   context carries the order text (`what`, at most 200 characters, and the player's `dangerous`
//!   flag) with the options `ordinary` and `attack_monster` (it obeys, no test, CR-PET-03),
//!   `complex_or_dangerous` (the owner's Mind test, CR-PET-02: tier 1 the pet refuses, tier 2
//!   it obeys and is weakened) and `cannot` (it does nothing); a ruling after the round moved
//!   on lapses. The Referee's own `command_pet` is the ruling: `dangerous` calls the test.
//!   The pet's own commands are sent for the pet (bind it to the owner's player).
//! - Inventory maneuvers, each spending a maneuver and then running core's command:
//!   `{"draw_from_belt": {"creature", "moves", "drops"}}` (core `move_items`, CR-MAN-05),
//!   `{"pick_up_item": {"creature", "ground", "slots"}}` (core `pick_up`, within reach when
//!   the item's square is known, CR-MAN-06). Core's `draw_from_backpack` (the 1d10 draw,
//!   CR-MAN-04) and `dump_backpack` (CR-MAN-07) are the maneuvers themselves in a fight: sent
//!   by a player, or by the Referee for the creature whose turn it is, they spend the maneuver
//!   first (the Referee's out-of-turn correction spends nothing). The old names
//!   `draw_from_pack` and `dump_pack` are still read as these.
//! - `{"free_act": {"creature": "vera", "cost": "free"|"maneuver"|"action", "what": "opens
//!   the door"}}` (Referee) — a trivial or free-form act at the cost the Referee rules
//!   (CR-ACT-03/04).
//!
//! # Attacks
//!
//! The attack is checked (weapon held, melee within reach, ranged beyond range at −2 per
//! square and never for a spell, CR-ATK-01/05/07; line of effect, CR-LOE-01), its modifiers
//! collected (cover and concealment, CR-LOE-05/07/08; ranged against an adjacent creature a
//! bane, CR-ATK-10; flanking, CR-ATK-15/16/17; high ground, CR-ATK-18; the target's prone,
//! grabbed, unconscious (automatic tier 3) and surprise, CR-CBT-08; squeezing, CR-CBT-06; a
//! taunt's bane, CR-ACT-01), ammunition is used up and a thrown weapon leaves the hand
//! (CR-ATK-11): it lies at the target's square (`ground_at`) and the Referee is asked
//! `crows.combat.thrown_lands` whether it landed elsewhere (answer `square` with the text
//! `x,y`; not inside a solid obstacle), and core's `test` rolls it with `target` set (hiding's edge, CR-HIDE-03; light
//! at the target), stopping at the commit point for an expertise. Then: a hit rolls the weapon's
//! damage for the tier and applies it through core's damage pipeline (armor, wounds, death); a
//! crit gives an extra action (CR-ATK-13); a melee miss offers the target
//! `crows.combat.counter` (CR-REACT-03, not after an opportunity attack, CR-REACT-04); a ranged
//! miss with the attacker's allies next to the target rolls a public 1d6 (odd: tier 2) or, on a
//! doom, hits at tier 3 (CR-ATK-08/09): the Referee picks the ally in `crows.combat.stray_shot`.
//! Emits `attack_made` (with `also`: the further targets) and `attack_resolved` (one per
//! target).
//!
//! Several targets (CR-ATK-14): the shared modifiers (a taunt's bane) apply to all; each
//! target's own (range, cover, concealment, a named square for the first, its conditions,
//! surprise, flanking, high ground, and what core reads at a target: its glow, the edge of an
//! attacker hidden from it, the light at its square) only to it; every target an attacker
//! was hidden from notices it (CR-HIDE-04). Core rolls once against the first target
//! (with any expertise spent); the same faces and expertise are then read again against each
//! other target with its own modifiers, so the tiers may differ. A crit gives one extra action
//! with the first hit; each miss has its own consequence (counter, stray shot); damage is
//! rolled per target hit.
//!
//! Reactions (one per round, CR-REACT-01/07): the counter deals the held weapon's tier-2
//! result (tier 3 after a doom); the opportunity attack is an attack. Both are decisions for
//! the reacting creature's controller with the usable weapons as options and `pass`.
//!
//! # Forced movement and toppling (Referee)
//!
//! - `{"force_move": {"creature": "rat", "by": "vera", "kind": "push"|"slide", "distance": 2,
//!   "magic": false, "vertical": false, "path": [{"x": 4, "y": 0}], "altitude": 0}}` — checked
//!   by [`crate::combat::forced_movement`] (CR-FORCE-01…09); provokes nothing; a fall at the end
//!   runs core's `fall`. Emits `moved` (kind `forced`) with the hazards entered.
//! - A flyer (placed `flying` with a fly speed) knocked prone or brought to speed 0 falls by
//!   itself (CR-MOVE-05), whatever did it (a condition, wounds, a grab, a spell's effect…):
//!   after every command, answer and clock step the grid is checked. It lands on the ground of
//!   its square (`flyer_fell` with `why` `prone` or `speed_0`, then `placed` with `flying:
//!   false` and no altitude) and core's `fall` deals the falling damage with the resistance
//!   roll (CR-HAZ-01/02) for its height (`altitude`, 5 feet a square) plus the drop under it
//!   when its whole space is over one (`drop_feet`, the deepest).
//! - `{"flyer_falls": {"creature": "bat", "feet": 30}}` — the Referee rules that a flyer falls
//!   for a cause not tracked here (a net, a spell): the same landing, from `feet` (default:
//!   its height and the drop under it; at most 10000); `why` is `referee`. Refused for a
//!   creature not flying (CR-MOVE-05).
//! - `{"teleport": {"creature": "vera", "to": {"x": 9, "y": 2}, "distance": 6, "by": "mage"}}`
//!   — checked by [`crate::combat::movement::validate_teleport`] (CR-MOVE-06): provokes
//!   nothing; a grab on the creature, or held by it, ends; prone stays. Emits `moved` (kind
//!   `teleport`).
//! - `{"topple": {"creature": "vera", "object": "large", "onto": ["ghoul"]}}` — a smaller
//!   object topples with a maneuver, one up to two sizes larger with an action and a Strength
//!   test with a bane per size (CR-TOPPLE-02/03; tier 2 asks `crows.combat.topple_anyway`, 1d6
//!   piercing to the toppler); three or more sizes larger is refused (CR-TOPPLE-04). A toppled
//!   object deals 1d10 + 2d10 per size larger to each creature under it (CR-TOPPLE-01).
//!
//! # Decisions
//!
//! `crows.combat.thrown_lands` (Referee: `target_square`, the default, or `square` with the
//! text `x,y`; see [Attacks](#attacks)),
//! `crows.combat.initiative` (the chosen player: `roll`), `crows.combat.counter` and
//! `crows.combat.opportunity_attack` (the reacting creature's controller: `weapon_N` or
//! `pass`), `crows.combat.stray_shot` (Referee: the ally's id), `crows.combat.grab_choice`
//! (grabber: `push_X_Y` or `shift_X_Y`), `crows.combat.escape_square` (the freed creature:
//! `shift_X_Y`), `crows.combat.break_free` (`break_free`/`stay`), `crows.combat.topple_anyway`
//! (`topple`/`leave`). Tests go through core, so core's own decisions follow them
//! (`crows.expertise`, the Referee's outcome questions, armor order, wound slots, knock-out).
//!
//! # Events and view
//!
//! Events: `grid_set`, `placed`, `unplaced`, `fight_started`, `side_ordered`, `round_started`,
//! `turn_began`, `turn_ended`, `combatant_removed`, `budget_set`, `allowance_set`, `moved`,
//! `reaction_used`, `opportunity_declined`, `taunted`, `readied_set`, `attack_made`,
//! `attack_resolved`, `ground_at`, `pet_commanded`, `toppled`, `flyer_fell`, `fight_ended`. Events about a
//! creature go to those who see it (everyone but the players it is hidden from); the lists in `fight_started` and
//! `round_started` are masked for players to the creatures everyone sees; a readied act is seen
//! by the Referee and the creature's players only.
//!
//! The view's `combat` key: `grid` (the squares set), `creatures` (square, side, size, space
//! side, elevation, a flyer's altitude… of the creatures the viewer sees) and `fight` (`round`, `first_side`,
//! `order`, `current`, `participants` with surprise and reaction spent, `budgets`,
//! `allowances`, `taunts`, and `readied` for the viewer's own creatures). For the Referee a
//! creature hidden from some players carries `hidden_from` (those players). `light` (absent
//! when the whole drawn grid is bright) is the drawn area's light as the viewer perceives it:
//! `width`, `height` and `rows` of `b`/`d`/`-` letters (bright, dim, darkness; see
//! `light_map`, CR-LIGHT-01/02/08).

pub(in crate::ruleset) mod board;
pub(in crate::ruleset) mod opposed;
pub(in crate::ruleset) mod reacting;
mod rounds_and_moves;
pub(in crate::ruleset) mod state;

pub(in crate::ruleset) use board::space_of;
use board::{grid_audience, side_key};
#[cfg(test)]
pub(crate) use reacting::unarmed;
pub use state::{
    AttackKind, CellAt, CombatEvent, CombatState, Fight, MAX_ALTITUDE, MAX_COORDINATE,
    MAX_GRID_CELLS, MAX_PATH, Participant, Placement, ReadiedAct, ReadiedRecord, TauntRecord,
    WeaponUse,
};

pub(super) use rounds_and_moves::inventory_maneuver;

use std::collections::BTreeMap;

use engine::{Acting, Answer, Boundary, Ctx, Decision, RuleError, TableState, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::Crows;
use super::core::records::{blind_players, viewer_sees};
use super::core::{lit_sources_carried_by, perceived_by, square_light};
use super::state::CrowsState;
use super::then::CombatThen;
use crate::combat::grid::{BattleGrid, Space, Square};
use crate::combat::initiative::{Combat, Side};
use crate::combat::reactions::Movement;
use crate::combat::turn::{Cost, TurnBudget};
use crate::creature::Size;
use crate::inventory::{ItemId, Move, SlotRef};
use crate::light::LightLevel;
use crate::test_roll::Characteristic;

/// The combat commands (see the module docs).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CombatCommand {
    SetGrid {
        cells: Vec<CellAt>,
        #[serde(default)]
        clear: bool,
    },
    Place {
        creature: String,
        at: Square,
        side: Side,
        #[serde(default)]
        card: Option<String>,
        #[serde(default)]
        flying: bool,
        #[serde(default)]
        squeezing: bool,
        #[serde(default)]
        owner: Option<String>,
        #[serde(default)]
        summoned: bool,
        #[serde(default)]
        invisible: bool,
        /// A flyer's height in squares above the ground (CR-MOVE-05).
        #[serde(default)]
        altitude: u32,
    },
    Unplace {
        creature: String,
    },
    StartCombat {
        #[serde(default)]
        surprised: Vec<String>,
    },
    OrderSide {
        side: Side,
        order: Vec<String>,
    },
    RollInitiative {
        roller: String,
    },
    EndTurn {
        creature: String,
    },
    EndCombat {},
    CombatMove {
        creature: String,
        path: Vec<Square>,
    },
    Shift {
        creature: String,
        to: Square,
    },
    Jump {
        creature: String,
        to: Square,
        characteristic: Characteristic,
    },
    Attack {
        creature: String,
        /// The target (or the first of several).
        #[serde(default)]
        target: String,
        /// More targets of the same roll (CR-ATK-14; the Referee only).
        #[serde(default)]
        targets: Vec<String>,
        #[serde(default)]
        weapon: Option<ItemId>,
        #[serde(default)]
        natural: Option<String>,
        #[serde(default)]
        characteristic: Option<Characteristic>,
        /// A thrown weapon's declared ranged attack (CR-ATK-04).
        #[serde(default)]
        ranged: bool,
        /// The weapon card the held non-weapon object `weapon` hits like (CR-ATK-12; the
        /// Referee only).
        #[serde(default)]
        like: Option<String>,
        /// The square named against a silent target in heavy concealment (CR-LOE-08).
        #[serde(default)]
        guess: Option<Square>,
    },
    Taunt {
        creature: String,
        target: String,
    },
    Ready {
        creature: String,
        act: ReadiedAct,
        trigger: String,
    },
    FireReadied {
        creature: String,
    },
    StandUp {
        creature: String,
    },
    Grab {
        creature: String,
        target: String,
    },
    EscapeGrab {
        creature: String,
        characteristic: Characteristic,
    },
    RepositionGrabbed {
        creature: String,
        to: Square,
    },
    Knockback {
        creature: String,
        target: String,
        #[serde(default)]
        push: Vec<Square>,
    },
    CommandPet {
        creature: String,
        pet: String,
        #[serde(default)]
        dangerous: bool,
        #[serde(default)]
        what: Option<String>,
    },
    DrawFromBelt {
        creature: String,
        #[serde(default)]
        moves: Vec<Move>,
        #[serde(default)]
        drops: Vec<ItemId>,
    },
    PickUpItem {
        creature: String,
        ground: u32,
        slots: Vec<SlotRef>,
    },
    FreeAct {
        creature: String,
        cost: Cost,
        #[serde(default)]
        what: String,
    },
    ForceMove {
        creature: String,
        by: String,
        kind: crate::combat::forced_movement::ForcedKind,
        distance: u32,
        #[serde(default)]
        magic: bool,
        #[serde(default)]
        vertical: bool,
        path: Vec<Square>,
        #[serde(default)]
        altitude: u32,
    },
    Topple {
        creature: String,
        object: Size,
        #[serde(default)]
        onto: Vec<String>,
    },
    FlyerFalls {
        creature: String,
        /// How far it falls, in feet (default: its height and any drop under it).
        #[serde(default)]
        feet: Option<u32>,
    },
    Teleport {
        creature: String,
        to: Square,
        /// The effect's distance in squares.
        distance: u32,
        /// Who teleports it, when not itself.
        #[serde(default)]
        by: Option<String>,
    },
}

/// For whom a command acts.
pub(super) fn acting(_state: &TableState<CrowsState>, command: &CombatCommand) -> Acting {
    use CombatCommand as C;
    match command {
        C::SetGrid { .. }
        | C::Place { .. }
        | C::Unplace { .. }
        | C::StartCombat { .. }
        | C::RollInitiative { .. }
        | C::EndCombat {}
        | C::FreeAct { .. }
        | C::ForceMove { .. }
        | C::Topple { .. }
        | C::FlyerFalls { .. }
        | C::Teleport { .. } => Acting::RefereeOnly,
        C::OrderSide { .. } => Acting::AnyParticipant,
        C::EndTurn { creature }
        | C::CombatMove { creature, .. }
        | C::Shift { creature, .. }
        | C::Jump { creature, .. }
        | C::Attack { creature, .. }
        | C::Taunt { creature, .. }
        | C::Ready { creature, .. }
        | C::FireReadied { creature }
        | C::StandUp { creature }
        | C::Grab { creature, .. }
        | C::EscapeGrab { creature, .. }
        | C::RepositionGrabbed { creature, .. }
        | C::Knockback { creature, .. }
        | C::CommandPet { creature, .. }
        | C::DrawFromBelt { creature, .. }
        | C::PickUpItem { creature, .. } => Acting::Characters(vec![creature.clone()]),
    }
}

/// Decides a command.
pub(super) fn decide(
    rules: &Crows,
    command: &CombatCommand,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    use CombatCommand as C;
    match command {
        C::SetGrid { cells, clear } => rounds_and_moves::set_grid(ctx, cells, *clear),
        C::Place {
            creature,
            at,
            side,
            card,
            flying,
            squeezing,
            owner,
            summoned,
            invisible,
            altitude,
        } => rounds_and_moves::place(
            ctx,
            creature,
            Placement {
                at: *at,
                side: *side,
                card: card.clone(),
                flying: *flying,
                squeezing: *squeezing,
                owner: owner.clone(),
                summoned: *summoned,
                invisible: *invisible,
                altitude: *altitude,
            },
        ),
        C::Unplace { creature } => rounds_and_moves::unplace(ctx, creature),
        C::StartCombat { surprised } => rounds_and_moves::start_combat(ctx, surprised),
        C::OrderSide { side, order } => rounds_and_moves::order_side(ctx, *side, order),
        C::RollInitiative { roller } => rounds_and_moves::roll_initiative(ctx, roller),
        C::EndTurn { creature } => rounds_and_moves::end_turn(ctx, creature),
        C::EndCombat {} => rounds_and_moves::end_combat(ctx),
        C::CombatMove { creature, path } => rounds_and_moves::combat_move(ctx, creature, path),
        C::Shift { creature, to } => rounds_and_moves::shift(ctx, creature, *to),
        C::Jump {
            creature,
            to,
            characteristic,
        } => rounds_and_moves::jump(rules, ctx, creature, *to, *characteristic),
        C::Attack {
            creature,
            target,
            targets,
            like,
            weapon,
            natural,
            characteristic,
            ranged,
            guess,
        } => opposed::attack(
            rules,
            ctx,
            &opposed::AttackOrder {
                attacker: creature.clone(),
                target: target.clone(),
                weapon: *weapon,
                natural: natural.clone(),
                characteristic: *characteristic,
                ranged: *ranged,
                guess: *guess,
                kind: AttackKind::Attack,
                also: targets.clone(),
                like: like.clone(),
            },
        ),
        C::Taunt { creature, target } => rounds_and_moves::taunt(ctx, creature, target),
        C::Ready {
            creature,
            act: what,
            trigger,
        } => rounds_and_moves::ready(ctx, creature, what, trigger),
        C::FireReadied { creature } => rounds_and_moves::fire_readied(ctx, creature),
        C::StandUp { creature } => rounds_and_moves::stand_up(ctx, creature),
        C::Grab { creature, target } => opposed::grab(rules, ctx, creature, target),
        C::EscapeGrab {
            creature,
            characteristic,
        } => opposed::escape_grab(rules, ctx, creature, *characteristic),
        C::RepositionGrabbed { creature, to } => {
            rounds_and_moves::reposition_grabbed(ctx, creature, *to)
        }
        C::Knockback {
            creature,
            target,
            push,
        } => opposed::knockback(rules, ctx, creature, target, push),
        C::CommandPet {
            creature,
            pet,
            dangerous,
            what,
        } => rounds_and_moves::command_pet(rules, ctx, creature, pet, *dangerous, what.as_deref()),
        C::DrawFromBelt {
            creature,
            moves,
            drops,
        } => rounds_and_moves::inventory_maneuver(
            rules,
            ctx,
            creature,
            super::CoreCommand::MoveItems {
                creature: creature.clone(),
                moves: moves.clone(),
                drops: drops.clone(),
            },
            None,
        ),
        C::PickUpItem {
            creature,
            ground,
            slots,
        } => rounds_and_moves::inventory_maneuver(
            rules,
            ctx,
            creature,
            super::CoreCommand::PickUp {
                creature: creature.clone(),
                ground: *ground,
                slots: slots.clone(),
            },
            Some(*ground),
        ),
        C::FreeAct {
            creature,
            cost,
            what: _,
        } => rounds_and_moves::free_act(ctx, creature, *cost),
        C::ForceMove {
            creature,
            by,
            kind,
            distance,
            magic,
            vertical,
            path,
            altitude,
        } => rounds_and_moves::force_move(
            rules,
            ctx,
            creature,
            by,
            crate::combat::forced_movement::ForcedMovement {
                kind: *kind,
                distance: *distance,
                magic: if *magic {
                    crate::creature::Magic::Magic
                } else {
                    crate::creature::Magic::Mundane
                },
                vertical: *vertical,
            },
            path,
            *altitude,
        ),
        C::Topple {
            creature,
            object,
            onto,
        } => opposed::topple(rules, ctx, creature, *object, onto),
        C::FlyerFalls { creature, feet } => {
            rounds_and_moves::flyer_falls(rules, ctx, creature, *feet)
        }
        C::Teleport {
            creature,
            to,
            distance,
            by,
        } => rounds_and_moves::teleport(ctx, creature, *to, *distance, by.as_deref()),
    }
}

/// What `viewer` may see of this part of the state (`null`: nothing to show).
pub(super) fn project(state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
    let rules = &state.rules;
    let cs = &rules.combat;
    if cs.cells.is_empty() && cs.placements.is_empty() && cs.fight.is_none() {
        return Value::Null;
    }
    let referee = *viewer == Viewer::Referee;
    let player = match viewer {
        Viewer::Player(p) => Some(p.as_str()),
        _ => None,
    };
    let sees = |id: &str| viewer_sees(&state.core.participants, rules, viewer, id);
    let own = |id: &str| referee || player.is_some_and(|p| state.core.participants.controls(p, id));
    let creatures: BTreeMap<&String, Value> = cs
        .placements
        .iter()
        .filter(|(id, _)| sees(id))
        .map(|(id, p)| {
            let (space, size) = space_of(rules, id).unwrap_or((Space::new(p.at, 1), Size::Medium));
            let mut v = json!({"at": p.at, "side": p.side, "size": size, "space": space.side,
                "flying": p.flying, "altitude": p.altitude, "squeezing": p.squeezing, "owner": p.owner,
                "elevation": rules.combat.grid().cell(p.at).elevation});
            // The Referee sees who cannot see it (a creature hidden from some players).
            if referee {
                let blind = blind_players(&state.core.participants, rules, id);
                if !blind.is_empty()
                    && let Some(obj) = v.as_object_mut()
                {
                    obj.insert("hidden_from".into(), json!(blind));
                }
            }
            // Its card's natural attacks, for whoever controls it (a monster's attacks are
            // part of its stat block, the Referee's): the attack form offers them.
            if own(id)
                && let Some(card) = p.card.as_ref().and_then(|c| rules.content.creatures.get(c))
                && let Some(obj) = v.as_object_mut()
            {
                let attacks: Vec<Value> = card
                    .attacks
                    .iter()
                    .map(|a| json!({"name": a.name, "attack": a.attack, "characteristic": a.characteristic}))
                    .collect();
                obj.insert("attacks".into(), json!(attacks));
            }
            (id, v)
        })
        .collect();
    let fight = cs.fight.as_ref().map(|f| {
        let visible = |ids: &mut dyn Iterator<Item = &str>| -> Vec<String> {
            ids.filter(|i| sees(i)).map(str::to_string).collect()
        };
        let order: Vec<String> = visible(&mut f.combat.order().iter().filter_map(|n| f.name(*n)));
        let participants: Vec<Value> = f
            .combat
            .combatants()
            .iter()
            .filter_map(|c| f.name(c.id).map(|n| (n, c)))
            .filter(|(n, _)| sees(n))
            .map(|(n, c)| {
                json!({"creature": n, "side": c.side, "surprised": f.combat.is_surprised(c.id).unwrap_or(false),
                    "reaction_spent": !f.reactions.get(n).is_none_or(|r| r.available(f.round()))})
            })
            .collect();
        let current = f.current().filter(|c| sees(c));
        let budgets: BTreeMap<&String, &TurnBudget> =
            f.budgets.iter().filter(|(id, _)| sees(id)).collect();
        let readied: BTreeMap<&String, &ReadiedRecord> =
            f.readied.iter().filter(|(id, _)| own(id)).collect();
        let taunts: Vec<&TauntRecord> = f
            .taunts
            .iter()
            .filter(|t| sees(&t.taunter) && sees(&t.target))
            .collect();
        let allowances: BTreeMap<&String, &Cost> =
            f.allowances.iter().filter(|(id, _)| sees(id)).collect();
        json!({
            "round": f.round(),
            "first_side": f.combat.first_side(),
            "order": order,
            "current": current,
            "participants": participants,
            "budgets": budgets,
            "allowances": allowances,
            "taunts": taunts,
            "readied": readied,
        })
    });
    let mut out = json!({
        "grid": cs.cells,
        "creatures": creatures,
        "fight": fight,
    });
    let light = light_map(state, viewer, &sees);
    if !light.is_null()
        && let Some(obj) = out.as_object_mut()
    {
        obj.insert("light".into(), light);
    }
    out
}

/// The largest side, in squares, of the light map a view carries: the drawn grid is clipped
/// to it, so the map stays under `MAX_LIGHT_SIDE²` bytes of levels.
pub const MAX_LIGHT_SIDE: i32 = 100;

/// The light of the drawn grid as `viewer` perceives it (CR-LIGHT-01/02/08), `null` when every
/// square of it is bright (the usual case under the sun). The area is the one the screens draw:
/// from square (0, 0) to two squares past the furthest grid feature or creature the viewer
/// sees, at least 10 × 7, at most [`MAX_LIGHT_SIDE`] a side. `rows[y]` is a string with one
/// letter per square x: `b` bright, `d` dim, `-` darkness.
///
/// Each square's level is core's [`square_light`] (the rule behind the attack banes) from the
/// placed lights and the lit sources carried by the creatures the viewer sees — a creature
/// hidden from the viewer keeps its light to itself, or the lit squares would point at it.
/// A player's squares are as their characters see them: bright light counts as darkness for
/// a character with light-sensitive eyes (backlash 83–84, CR-LIGHT-08); with several
/// characters, the best sight of them. The Referee and spectators get the true levels.
///
/// Creatures in darkness stay on the player's grid: the rulebook gives darkness banes on
/// attacks and tests (CR-LIGHT-04/05), not invisibility; a creature that moves silently is
/// the Referee's call (CR-REF-24), who hides it from the players (`hide`) so it leaves their
/// view and events altogether.
fn light_map(
    state: &TableState<CrowsState>,
    viewer: &Viewer,
    sees: &dyn Fn(&str) -> bool,
) -> Value {
    let rules = &state.rules;
    let cs = &rules.combat;
    let furthest = cs
        .cells
        .iter()
        .map(|c| c.at)
        .chain(
            cs.placements
                .iter()
                .filter(|(id, _)| sees(id))
                .map(|(_, p)| p.at),
        )
        .fold((9, 6), |(x, y), at| {
            (x.max(at.x.saturating_add(2)), y.max(at.y.saturating_add(2)))
        });
    let width = (furthest.0 + 1).min(MAX_LIGHT_SIDE);
    let height = (furthest.1 + 1).min(MAX_LIGHT_SIDE);
    let sources = lit_sources_carried_by(rules, |id| sees(id));
    let eyes: Vec<&str> = match viewer {
        Viewer::Player(p) => state
            .core
            .participants
            .players
            .get(p)
            .map(|chars| chars.iter().map(String::as_str).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let mut all_bright = true;
    let rows: Vec<String> = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| {
                    let level = square_light(rules, (x, y), &sources);
                    let seen = eyes
                        .iter()
                        .map(|c| perceived_by(rules, c, level))
                        .max()
                        .unwrap_or(level);
                    match seen {
                        LightLevel::Bright => 'b',
                        LightLevel::Dim => {
                            all_bright = false;
                            'd'
                        }
                        LightLevel::Darkness => {
                            all_bright = false;
                            '-'
                        }
                    }
                })
                .collect()
        })
        .collect();
    if all_bright {
        return Value::Null;
    }
    json!({"width": width, "height": height, "rows": rows})
}

/// A decision of kind `crows.combat.*` was answered.
pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match decision.kind.as_str() {
        "crows.combat.initiative" => rounds_and_moves::initiative_rolled(ctx, decision),
        "crows.combat.counter" => opposed::counter_answered(rules, ctx, decision, answer),
        "crows.combat.opportunity_attack" => {
            opposed::opportunity_answered(rules, ctx, decision, answer)
        }
        "crows.combat.stray_shot" => opposed::stray_answered(rules, ctx, decision, answer),
        "crows.combat.grab_choice" | "crows.combat.escape_square" => {
            opposed::grab_choice_answered(ctx, decision, answer)
        }
        "crows.combat.break_free" => opposed::break_free_answered(rules, ctx, decision, answer),
        "crows.combat.topple_anyway" => {
            opposed::topple_anyway_answered(rules, ctx, decision, answer)
        }
        "crows.combat.thrown_lands" => {
            rounds_and_moves::thrown_lands_answered(ctx, decision, answer)
        }
        "crows.combat.pet_command" => {
            rounds_and_moves::pet_command_answered(rules, ctx, decision, answer)
        }
        "crows.combat.movement_test" => {
            rounds_and_moves::movement_test_answered(rules, ctx, decision, answer)
        }
        "crows.combat.unseen_blocker" => {
            rounds_and_moves::unseen_blocker_answered(rules, ctx, decision, answer)
        }
        other => Err(RuleError::new(
            "bad_decision",
            format!("no combat decision `{other}`"),
        )),
    }
}

/// The clock passed a boundary (after the core rules handled it): the engine's turn start and
/// end move the fight's turn (so the engine's own `end_turn` clock command keeps it in step).
pub(super) fn on_boundary(
    _rules: &Crows,
    boundary: &Boundary,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    let Some(f) = ctx.rules().combat.fight.clone() else {
        return Ok(());
    };
    match boundary {
        Boundary::TurnStart { who }
            if f.current() == Some(who.as_str()) && f.budgets.is_empty() =>
        {
            let vis = grid_audience(ctx, who);
            ctx.emit_for(
                CombatEvent::TurnBegan {
                    creature: who.clone(),
                },
                vis,
            )
        }
        Boundary::TurnEnd { who } if f.current() == Some(who.as_str()) => {
            let vis = grid_audience(ctx, who);
            ctx.emit_for(
                CombatEvent::TurnEnded {
                    creature: who.clone(),
                },
                vis,
            )
        }
        _ => Ok(()),
    }
}

/// A test this module started reached its final result (after any expertise).
pub(super) fn after_test(
    rules: &Crows,
    creature: &str,
    resolved: &crate::test_roll::ResolvedTest,
    then: CombatThen,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match then {
        CombatThen::Attack(a) => opposed::attack_resolved(rules, creature, resolved, *a, ctx),
        CombatThen::Grab { target } => opposed::grab_resolved(creature, resolved, target, ctx),
        CombatThen::Escape => opposed::escape_resolved(creature, resolved, ctx),
        CombatThen::Knockback { target, push } => {
            opposed::knockback_resolved(creature, resolved, target, push, ctx)
        }
        CombatThen::CommandPet { pet } => {
            rounds_and_moves::command_resolved(creature, resolved, &pet, ctx)
        }
        CombatThen::Jump { to, value } => {
            rounds_and_moves::jump_resolved(creature, resolved, to, value, ctx)
        }
        CombatThen::Topple { object, onto } => {
            opposed::topple_resolved(rules, creature, resolved, object, onto, ctx)
        }
    }
}

/// What the grid notices by itself once a command, an answer or a clock step is done,
/// whichever family's rule changed the creatures: a prone or unconscious grabber lets go
/// (CR-COND-04), a flyer that can no longer stay aloft falls (CR-MOVE-05).
pub(super) fn settle(rules: &Crows, ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    rounds_and_moves::grabbers_let_go(ctx)?;
    rounds_and_moves::flyers_fall(rules, ctx)
}

/// Applies an event. Pure.
pub(super) fn apply(state: &mut CrowsState, event: &CombatEvent) {
    // A creature on the battle grid stands where its placement is: core's positions (light,
    // square guesses) follow the grid, so there is one answer to "where is it".
    match event {
        CombatEvent::Placed {
            creature,
            placement,
        } => {
            state
                .positions
                .insert(creature.clone(), (placement.at.x, placement.at.y));
        }
        CombatEvent::Unplaced { creature } => {
            state.positions.remove(creature);
        }
        _ => {}
    }
    let cs = &mut state.combat;
    match event {
        CombatEvent::GridSet { cells, clear } => {
            let mut grid = if *clear { BattleGrid::new() } else { cs.grid() };
            for c in cells {
                grid.set(c.at, c.cell.clone());
            }
            cs.cells = grid
                .features()
                .map(|(at, cell)| CellAt {
                    at,
                    cell: cell.clone(),
                })
                .collect();
        }
        CombatEvent::Placed {
            creature,
            placement,
        } => {
            cs.placements.insert(creature.clone(), placement.clone());
        }
        CombatEvent::Unplaced { creature } => {
            cs.placements.remove(creature);
        }
        CombatEvent::FightStarted { participants } => {
            let ids: Vec<String> = participants.iter().map(|p| p.creature.clone()).collect();
            let combatants = participants
                .iter()
                .zip(0u32..)
                .map(|(p, n)| crate::combat::initiative::Combatant {
                    id: n,
                    side: p.side,
                    surprised_at_start: p.surprised,
                })
                .collect();
            // Checked in `decide` (non-empty, no duplicates).
            if let Ok(combat) = Combat::new(combatants, Default::default()) {
                cs.fight = Some(std::sync::Arc::new(Fight {
                    ids,
                    combat,
                    budgets: BTreeMap::new(),
                    moved: BTreeMap::new(),
                    reactions: BTreeMap::new(),
                    taunts: Vec::new(),
                    readied: BTreeMap::new(),
                    allowances: BTreeMap::new(),
                    declined: Vec::new(),
                    orders: BTreeMap::new(),
                    commanded: Vec::new(),
                }));
            }
        }
        CombatEvent::FightEnded {} => cs.fight = None,
        CombatEvent::GroundAt { ground, at } => {
            cs.ground_at.insert(*ground, *at);
        }
        _ => {
            if let Some(f) = cs.fight.as_mut() {
                apply_fight(std::sync::Arc::make_mut(f), event);
            }
        }
    }
}

fn apply_fight(f: &mut Fight, event: &CombatEvent) {
    match event {
        CombatEvent::SideOrdered { side, order } => {
            f.orders.insert(side_key(*side).into(), order.clone());
        }
        CombatEvent::RoundStarted {
            d10,
            crows,
            enemies,
            ..
        } => {
            let num = |ids: &[String]| -> Vec<u32> {
                ids.iter().filter_map(|i| f.number(i)).collect::<Vec<_>>()
            };
            let (c, e) = (num(crows), num(enemies));
            // Checked in `decide` against the same state.
            let _ = f.combat.start_round(*d10, &c, &e);
            f.budgets.clear();
            f.moved.clear();
            f.declined.clear();
            f.commanded.clear();
        }
        CombatEvent::TurnBegan { creature } => {
            f.budgets.clear();
            f.budgets.insert(creature.clone(), TurnBudget::new());
            f.moved.clear();
            f.declined.clear();
            // A taunt lasts until the taunter's next turn; a readied act lapses then.
            f.taunts.retain(|t| &t.taunter != creature);
            f.readied.remove(creature);
        }
        CombatEvent::TurnEnded { creature } => {
            if let Some(n) = f.number(creature) {
                let _ = f.combat.end_turn(n);
            }
            f.budgets.clear();
            f.moved.clear();
            f.declined.clear();
        }
        CombatEvent::CombatantRemoved { creature } => {
            if let Some(n) = f.number(creature) {
                let _ = f.combat.remove(n);
            }
            f.budgets.remove(creature);
        }
        CombatEvent::BudgetSet { creature, budget } => {
            f.budgets.insert(creature.clone(), *budget);
        }
        CombatEvent::AllowanceSet { creature, cost } => match cost {
            Some(c) => {
                f.allowances.insert(creature.clone(), *c);
            }
            None => {
                f.allowances.remove(creature);
            }
        },
        CombatEvent::Moved {
            creature,
            cost,
            movement: Movement::Move | Movement::Shift,
            ..
        } => {
            *f.moved.entry(creature.clone()).or_default() += cost;
        }
        CombatEvent::ReactionUsed {
            creature, round, ..
        } => {
            f.reactions
                .entry(creature.clone())
                .or_default()
                .spent_in_round = Some(*round);
        }
        CombatEvent::OpportunityDeclined { watcher, mover } => {
            f.declined.push((watcher.clone(), mover.clone()));
        }
        CombatEvent::Taunted { taunter, target } => {
            f.taunts.retain(|t| &t.taunter != taunter);
            f.taunts.push(TauntRecord {
                taunter: taunter.clone(),
                target: target.clone(),
            });
        }
        CombatEvent::ReadiedSet { creature, readied } => match readied {
            Some(r) => {
                f.readied.insert(creature.clone(), r.clone());
            }
            None => {
                f.readied.remove(creature);
            }
        },
        CombatEvent::PetCommanded { pet, .. } => {
            f.commanded.push(pet.clone());
            f.budgets.insert(pet.clone(), TurnBudget::new());
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{CoreCommand, CoreEvent};

    /// The variant names of a serde enum, read back through the wrapper's error message.
    fn names_of<T: serde::de::DeserializeOwned>() -> Vec<String> {
        let err = serde_json::from_value::<T>(json!({"__none__": {}}))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        err.split("expected one of ")
            .nth(1)
            .unwrap_or_default()
            .split(", ")
            .map(|s| {
                s.trim_matches(|c: char| c == '`' || c.is_whitespace())
                    .to_string()
            })
            .filter(|s| !s.is_empty())
            .collect()
    }

    #[test]
    fn combat_command_and_event_names_are_not_core_ones() {
        let commands = names_of::<CombatCommand>();
        let events = names_of::<CombatEvent>();
        assert!(
            commands.contains(&"combat_move".to_string()),
            "{commands:?}"
        );
        assert!(events.contains(&"round_started".to_string()), "{events:?}");
        for name in &commands {
            assert!(
                serde_json::from_value::<CoreCommand>(json!({ name.clone(): {} }))
                    .err()
                    .is_some_and(|e| e.to_string().contains("unknown variant")),
                "command `{name}` is also a core command"
            );
        }
        for name in &events {
            assert!(
                serde_json::from_value::<CoreEvent>(json!({ name.clone(): {} }))
                    .err()
                    .is_some_and(|e| e.to_string().contains("unknown variant")),
                "event `{name}` is also a core event"
            );
        }
    }

    #[test]
    fn a_cell_is_sent_flat_with_its_square() {
        let c: CellAt = serde_json::from_value(
            json!({"at": {"x": 1, "y": 2}, "obstacle": "flimsy", "difficult": true}),
        )
        .unwrap();
        assert_eq!(c.at, Square::new(1, 2));
        assert_eq!(c.cell.obstacle, Some(crate::combat::grid::Obstacle::Flimsy));
        assert!(c.cell.difficult);
    }
}
