//! The fight as the table keeps it: the grid, who stands where, the fight in progress and its
//! events, and the questions other families ask of it (speed, footing, spaces).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::combat::actions::Readied;
use crate::combat::attacks::AttackTool;
use crate::combat::grid::{BattleGrid, Cell, Square};
use crate::combat::initiative::{Combat, Side};
use crate::combat::reactions::{Movement, ReactionKind, ReactionState};
use crate::combat::turn::{Cost, TurnBudget};
use crate::content::TierOutcomes;
use crate::creature::Size;
use crate::inventory::ItemId;
use crate::test_roll::{AttackRange, Characteristic, Tier};

/// Most squares set on one grid.
pub const MAX_GRID_CELLS: usize = 10_000;

/// Largest coordinate magnitude on the grid.
pub const MAX_COORDINATE: i32 = 10_000;

/// Most squares in one path.
pub const MAX_PATH: usize = 64;

/// One square of the map as sent and stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CellAt {
    pub at: Square,
    #[serde(flatten)]
    pub cell: Cell,
}

/// Where a creature stands and how it takes part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub at: Square,
    pub side: Side,
    /// Its natural attacks come from this creature card.
    #[serde(default)]
    pub card: Option<String>,
    #[serde(default)]
    pub flying: bool,
    #[serde(default)]
    pub squeezing: bool,
    /// A pet or summoned creature of this creature (CR-PET-01/05).
    #[serde(default)]
    pub owner: Option<String>,
    #[serde(default)]
    pub summoned: bool,
    /// Invisible: attacks against it are as into heavy concealment (CR-LOE-09).
    #[serde(default)]
    pub invisible: bool,
    /// A flyer's height in squares above the ground of its square (CR-MOVE-05): how far it
    /// falls, with any drop under it, when it can no longer stay aloft.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub altitude: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A taunt in force (CR-ACT-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TauntRecord {
    pub taunter: String,
    pub target: String,
}

/// A readied act waiting for its trigger (CR-ACT-02).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadiedRecord {
    pub act: Readied,
    pub trigger: String,
}

/// A participant as listed when the fight starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    pub creature: String,
    pub side: Side,
    pub surprised: bool,
}

/// The fight in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    /// Creature ids by their number in [`Combat`].
    pub ids: Vec<String>,
    pub combat: Combat,
    /// The budgets of this turn: the acting creature's and its commanded pets'.
    #[serde(default)]
    pub budgets: BTreeMap<String, TurnBudget>,
    /// Squares moved this turn, per creature (for the run-up edge).
    #[serde(default)]
    pub moved: BTreeMap<String, u32>,
    #[serde(default)]
    pub reactions: BTreeMap<String, ReactionState>,
    #[serde(default)]
    pub taunts: Vec<TauntRecord>,
    #[serde(default)]
    pub readied: BTreeMap<String, ReadiedRecord>,
    /// Off-turn acts a creature may take now (a crit's extra action, a fired readied act).
    #[serde(default)]
    pub allowances: BTreeMap<String, Cost>,
    /// Opportunity attacks passed up this turn, as (watcher, mover).
    #[serde(default)]
    pub declined: Vec<(String, String)>,
    /// The order each side asked for (kept from round to round until changed).
    #[serde(default)]
    pub orders: BTreeMap<String, Vec<String>>,
    /// Pets commanded this round.
    #[serde(default)]
    pub commanded: Vec<String>,
}

impl Fight {
    pub fn number(&self, id: &str) -> Option<u32> {
        self.ids
            .iter()
            .position(|i| i == id)
            .and_then(|n| u32::try_from(n).ok())
    }

    pub fn name(&self, n: u32) -> Option<&str> {
        self.ids.get(n as usize).map(String::as_str)
    }

    /// Whose turn it is.
    pub fn current(&self) -> Option<&str> {
        self.combat.current().and_then(|n| self.name(n))
    }

    pub fn round(&self) -> u32 {
        self.combat.round()
    }

    pub fn side_of(&self, id: &str) -> Option<Side> {
        let n = self.number(id)?;
        self.combat
            .combatants()
            .iter()
            .find(|c| c.id == n)
            .map(|c| c.side)
    }
}

/// The combat part of the table state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CombatState {
    /// The squares that differ from open ground.
    #[serde(default)]
    pub cells: Vec<CellAt>,
    #[serde(default)]
    pub placements: BTreeMap<String, Placement>,
    /// Where ground items (core's `ground` ids) lie, when known (thrown weapons).
    #[serde(default)]
    pub ground_at: BTreeMap<u32, Square>,
    /// Shared between state copies (each command's working copy, a forecast's runs) and
    /// changed only by `apply`, through `Arc::make_mut`; the JSON is the fight itself.
    #[serde(default)]
    pub fight: Option<std::sync::Arc<Fight>>,
}

impl CombatState {
    /// The map as the pure rules read it.
    pub fn grid(&self) -> BattleGrid {
        let mut g = BattleGrid::new();
        for c in &self.cells {
            g.set(c.at, c.cell.clone());
        }
        g
    }
}

/// An act for `ready`.
pub type ReadiedAct = Readied;

/// How an attack came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// An action.
    Attack,
    /// A reaction as the target leaves reach (CR-REACT-05).
    Opportunity,
    /// A counter's damage (CR-REACT-03): no roll.
    Counter,
    /// A ranged miss striking an ally (CR-ATK-08/09): no roll.
    Stray,
}

/// The events of the combat commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum CombatEvent {
    GridSet {
        cells: Vec<CellAt>,
        clear: bool,
    },
    Placed {
        creature: String,
        placement: Placement,
    },
    Unplaced {
        creature: String,
    },
    FightStarted {
        participants: Vec<Participant>,
    },
    SideOrdered {
        side: Side,
        order: Vec<String>,
    },
    RoundStarted {
        round: u32,
        d10: u8,
        first: Side,
        crows: Vec<String>,
        enemies: Vec<String>,
    },
    TurnBegan {
        creature: String,
    },
    TurnEnded {
        creature: String,
    },
    CombatantRemoved {
        creature: String,
    },
    BudgetSet {
        creature: String,
        budget: TurnBudget,
    },
    AllowanceSet {
        creature: String,
        /// `None`: used up.
        cost: Option<Cost>,
    },
    Moved {
        creature: String,
        from: Square,
        to: Square,
        /// Squares of movement spent.
        cost: u32,
        movement: Movement,
        #[serde(default)]
        report: Value,
    },
    ReactionUsed {
        creature: String,
        round: u32,
        kind: ReactionKind,
    },
    OpportunityDeclined {
        watcher: String,
        mover: String,
    },
    Taunted {
        taunter: String,
        target: String,
    },
    ReadiedSet {
        creature: String,
        readied: Option<ReadiedRecord>,
    },
    AttackMade {
        attacker: String,
        target: String,
        /// The further targets of the same roll (CR-ATK-14).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also: Vec<String>,
        weapon: String,
        delivery: AttackRange,
        kind: AttackKind,
        #[serde(default)]
        spent: Value,
    },
    AttackResolved {
        attacker: String,
        target: String,
        kind: AttackKind,
        tier: Tier,
        hit: bool,
        #[serde(default)]
        damage: Option<i32>,
        #[serde(default)]
        effect: Option<String>,
        #[serde(default)]
        crit: bool,
        #[serde(default)]
        doom: bool,
    },
    GroundAt {
        ground: u32,
        at: Square,
    },
    PetCommanded {
        owner: String,
        pet: String,
    },
    Toppled {
        creature: String,
        object: Size,
        onto: Vec<String>,
    },
    /// A flyer could no longer stay aloft (or the Referee ruled it falls) and fell `feet` to
    /// the ground under it (CR-MOVE-05); `placed` follows.
    FlyerFell {
        creature: String,
        feet: u32,
        /// `prone`, `speed_0` or `referee`.
        why: String,
    },
    FightEnded {},
}

/// Highest a flyer is placed, in squares.
pub const MAX_ALTITUDE: u32 = 1_000;

/// What is attacked with: a held weapon, a natural attack or the unarmed strike.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponUse {
    pub name: String,
    #[serde(default)]
    pub item: Option<ItemId>,
    #[serde(default)]
    pub natural: Option<String>,
    pub tool: AttackTool,
    pub characteristics: Vec<Characteristic>,
    /// `None`: the unarmed strike's table (CR-ATK-06).
    #[serde(default)]
    pub tiers: Option<std::sync::Arc<TierOutcomes>>,
    /// The item card of its ammunition.
    #[serde(default)]
    pub ammunition: Option<String>,
}
