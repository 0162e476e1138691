//! Spells («Заклинания»): spellbooks, rank, discipline, casting time, target lines, range,
//! areas, durations, the casting test and its chaos roll (CR-SPELL-01…19).
//!
//! Pure rules: the casting test arrives already resolved (its final tier, crit and doom, from
//! [`crate::test_roll`]); the chaos d6 and the book's usage-dice faces arrive as faces.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::creature::object_rule_applies;
use crate::expertise::Discipline;
use crate::test_roll::{Outcome, Tier};
use crate::usage_dice::{PoolRoll, UsageError, UsagePool};

/// Casting an out-of-combat spell takes this many minutes (CR-SPELL-04).
pub const OUT_OF_COMBAT_MINUTES: u32 = 10;
/// The chaos die face that brings a backlash (CR-SPELL-15).
pub const CHAOS_BACKLASH_FACE: u8 = 1;

#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum SpellError {
    #[error("CR-SPELL-02: a spell rank is 0…5, got {0}")]
    #[strum(props(rule = "CR-SPELL-02"))]
    BadRank(u8),
    #[error("CR-SPELL-11: a spellbook has at least one usage die")]
    #[strum(props(rule = "CR-SPELL-11"))]
    NoUsageDice,
    #[error("CR-SPELL-12: the spellbook must be held in hand to cast")]
    #[strum(props(rule = "CR-SPELL-12"))]
    NotInHand,
    #[error("CR-SPELL-11: the spellbook's usage dice are at 0; its spell cannot be cast")]
    #[strum(props(rule = "CR-SPELL-11"))]
    EmptyBook,
    #[error("CR-SPELL-04: an out-of-combat spell cannot be cast in combat-round time")]
    #[strum(props(rule = "CR-SPELL-04"))]
    OutOfCombatOnly,
    #[error("CR-SPELL-15: a tier-1 casting that is not a doom needs the chaos d6")]
    #[strum(props(rule = "CR-SPELL-15"))]
    ChaosRollNeeded,
    #[error("CR-SPELL-15: no chaos roll on this casting")]
    #[strum(props(rule = "CR-SPELL-15"))]
    NoChaosRoll,
    #[error("CR-SPELL-15: a d6 face must be 1…6, got {0}")]
    #[strum(props(rule = "CR-SPELL-15"))]
    BadChaosFace(u8),
    #[error("CR-SPELL-11: a crit skips the spellbook's usage dice; no faces expected")]
    #[strum(props(rule = "CR-SPELL-11"))]
    CritSkipsUsageDice,
    #[error("CR-SPELL-05: {0}")]
    #[strum(props(rule = "CR-SPELL-05"))]
    Target(String),
    #[error("CR-SPELL-06/07: {0}")]
    #[strum(props(rule = "CR-SPELL-06"))]
    Range(String),
    #[error(transparent)]
    Usage(#[from] UsageError),
    #[error("{creature} has no spell in effect `{effect}` (CR-SPELL-09)")]
    #[strum(props(rule = "CR-SPELL-09"))]
    NotYourSpell { creature: String, effect: String },
    #[error("{item} is not a spellbook: spells are cast only from spellbooks (CR-SPELL-01)")]
    #[strum(props(rule = "CR-SPELL-01"))]
    NotASpellbook { item: String },
    #[error(
        "in a fight the battle grid measures the spell's aim: send `targets` (and `at`                  for a cube or a line), not `aim` (CR-SPELL-05)"
    )]
    #[strum(props(rule = "CR-SPELL-05"))]
    AimInFight,
    #[error(
        "`at` places an area on the battle grid of a fight; outside one send `aim`                  (CR-SPELL-07)"
    )]
    #[strum(props(rule = "CR-SPELL-07"))]
    AtOutsideFight,
}

crate::refusal::refusal!(SpellError, "spell"; usage => Usage);

/// Only a spellbook casts a spell (CR-SPELL-01): the spellbook card of `item`, if it has one.
pub fn spellbook_of<T>(item: &str, card: Option<T>) -> Result<T, SpellError> {
    card.ok_or_else(|| SpellError::NotASpellbook {
        item: item.to_string(),
    })
}

/// How a spell is aimed (CR-SPELL-05/07): in a fight the battle grid measures it (the
/// targets, and `at` for a cube or a line); outside one the table's own measurements
/// (`aim`) are given, and there is no grid to place an area on.
pub fn may_aim(in_fight: bool, aim_given: bool, at_given: bool) -> Result<(), SpellError> {
    match (in_fight, aim_given, at_given) {
        (true, true, _) => Err(SpellError::AimInFight),
        (false, _, true) => Err(SpellError::AtOutsideFight),
        _ => Ok(()),
    }
}

/// Only the caster of a spell in effect ends it early (CR-SPELL-09).
pub fn may_end_spell(creature: &str, effect: &str, is_its_caster: bool) -> Result<(), SpellError> {
    if is_its_caster {
        Ok(())
    } else {
        Err(SpellError::NotYourSpell {
            creature: creature.to_string(),
            effect: effect.to_string(),
        })
    }
}

/// A spell rank 0…5 (CR-SPELL-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl Rank {
    pub fn new(rank: u8) -> Result<Self, SpellError> {
        if rank > 5 {
            return Err(SpellError::BadRank(rank));
        }
        Ok(Rank(rank))
    }
    pub fn value(self) -> u8 {
        self.0
    }
}
impl TryFrom<u8> for Rank {
    type Error = SpellError;
    fn try_from(v: u8) -> Result<Self, SpellError> {
        Rank::new(v)
    }
}
impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

/// How long a casting takes (CR-SPELL-04).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastingTime {
    Action,
    Maneuver,
    /// In reaction to the trigger named by the spell.
    Reaction {
        trigger: String,
    },
    /// Never in combat-round time; 10 minutes otherwise.
    OutOfCombat,
}

/// What casting costs now: `Ok(Some(minutes))` for out-of-combat spells outside rounds.
pub fn casting_minutes(
    time: &CastingTime,
    in_combat_rounds: bool,
) -> Result<Option<u32>, SpellError> {
    match time {
        CastingTime::OutOfCombat if in_combat_rounds => Err(SpellError::OutOfCombatOnly),
        CastingTime::OutOfCombat => Ok(Some(OUT_OF_COMBAT_MINUTES)),
        _ => Ok(None),
    }
}

/// How many targets a target line allows (CR-SPELL-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TargetCount {
    /// Up to this many, fewer allowed, no creature twice.
    Number(u8),
    /// Every valid target in range or area; none may be left out.
    All,
}

/// What a target line accepts (CR-SPELL-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    /// Friendly creatures, the caster included.
    Allies,
    /// Hostile creatures (the Referee has the last word, CR-REF-28).
    Enemy,
    /// Any creature but the caster.
    Creature,
    /// Any object nobody else carries or wears.
    Object,
    /// Summoned into an unoccupied space in range (objects may go to free hand/belt slots).
    Summoned,
    /// A creature other than the caster or an unattended object, mixable.
    Target,
}

/// A spell's target line; `None` on the spell means no target line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TargetLine {
    pub count: TargetCount,
    pub kind: TargetKind,
}

/// A candidate target as the engine sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Candidate {
    pub id: String,
    pub is_creature: bool,
    pub is_caster: bool,
    /// For objects: carried or worn by a creature other than the caster.
    pub attended_by_other: bool,
    /// For creatures: friendly to the caster, as ruled by the Referee.
    pub friendly: bool,
    pub distance: u32,
    pub line_of_effect: bool,
}

impl TargetKind {
    /// Whether a candidate fits this kind of target (CR-SPELL-05), by the book's object rule
    /// (attended objects are out, CR-CORE-06).
    pub fn accepts(self, c: &Candidate) -> bool {
        kind_accepts(self, c, false)
    }
}

/// `attended_objects`: the Referee's ruling that object-targeting rules reach attended
/// objects too (CR-CORE-06, CR-REF-14).
fn kind_accepts(kind: TargetKind, c: &Candidate, attended_objects: bool) -> bool {
    let object = !c.is_creature && object_rule_applies(!c.attended_by_other, attended_objects);
    match kind {
        TargetKind::Allies => c.is_creature && (c.is_caster || c.friendly),
        TargetKind::Enemy => c.is_creature && !c.is_caster && !c.friendly,
        TargetKind::Creature => c.is_creature && !c.is_caster,
        TargetKind::Object => object,
        TargetKind::Summoned => false,
        TargetKind::Target => (c.is_creature && !c.is_caster) || object,
    }
}

/// Checks the chosen targets against the line, the range and line of effect
/// (CR-SPELL-05/06). `eligible` lists every valid candidate in range (for "All").
/// `attended_objects` is the Referee's ruling that the spell reaches attended objects
/// (CR-REF-14; the book's rule, `false`, takes unattended ones only, CR-CORE-06).
pub fn validate_targets(
    line: TargetLine,
    range: u32,
    chosen: &[Candidate],
    eligible: &[Candidate],
    attended_objects: bool,
) -> Result<(), SpellError> {
    if line.kind == TargetKind::Summoned {
        return Ok(());
    }
    for (i, c) in chosen.iter().enumerate() {
        if chosen[..i].iter().any(|d| d.id == c.id) {
            return Err(SpellError::Target(format!("{} chosen twice", c.id)));
        }
        if !kind_accepts(line.kind, c, attended_objects) {
            return Err(SpellError::Target(format!(
                "{} is not a valid {:?} target",
                c.id, line.kind
            )));
        }
        if c.distance > range {
            return Err(SpellError::Range(format!(
                "{} is {} squares away, range {range}",
                c.id, c.distance
            )));
        }
        if !c.line_of_effect {
            return Err(SpellError::Range(format!(
                "{} is not in line of effect",
                c.id
            )));
        }
    }
    match line.count {
        TargetCount::Number(n) if chosen.len() > usize::from(n) => Err(SpellError::Target(
            format!("{} targets chosen, at most {n}", chosen.len()),
        )),
        TargetCount::All => {
            let missing = eligible
                .iter()
                .filter(|e| {
                    kind_accepts(line.kind, e, attended_objects)
                        && e.distance <= range
                        && e.line_of_effect
                })
                .find(|e| !chosen.iter().any(|c| c.id == e.id));
            match missing {
                Some(m) => Err(SpellError::Target(format!(
                    "'All' cannot leave out {}",
                    m.id
                ))),
                None => Ok(()),
            }
        }
        _ => Ok(()),
    }
}

/// Area shapes (CR-SPELL-08).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// Radius in squares, centred on and moving with the caster.
    Aura(u8),
    /// Side length in squares.
    Cube(u8),
    /// Length × width-and-height, in one straight line.
    Line { length: u8, width: u8 },
}

impl Area {
    /// Whether the area moves with the caster.
    pub fn follows_caster(self) -> bool {
        matches!(self, Area::Aura(_))
    }
}

/// Where a cube or a line is put (CR-SPELL-07): its origin square (in range and line of effect)
/// and the square it spreads toward (each axis by the sign of the difference; default: away
/// from the caster).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaAt {
    pub origin: crate::combat::grid::Square,
    #[serde(default)]
    pub toward: Option<crate::combat::grid::Square>,
}

impl Area {
    /// The squares of the shape, before walls are taken into account (CR-SPELL-08): an aura
    /// every square within its radius of the caster's space; a cube the X × X block with the
    /// origin at one corner, spreading toward `at.toward`; a line A squares from the origin
    /// along one of the eight directions, B squares wide (widened along y for an east–west
    /// line, along x otherwise). `None` when a cube or a line has no placement or no direction.
    pub fn squares(
        self,
        caster: &crate::combat::grid::Space,
        at: Option<AreaAt>,
    ) -> Option<Vec<crate::combat::grid::Square>> {
        use crate::combat::grid::Space;
        // The shapes are game-free templates (`tabletop::area`); where a cube or a line goes
        // when no direction is named is this rule's.
        match self {
            Area::Aura(r) => Some(tabletop::area::aura(
                &tabletop::square::Space::new(caster.origin, caster.side),
                r,
            )),
            Area::Cube(x) => {
                let at = at?;
                // Away from the caster: toward lower coordinates when the origin lies before
                // the caster's space on that axis.
                let away = |o: i32, lo: i32| if o < lo { -1 } else { 1 };
                let (sx, sy) = match at.toward {
                    Some(t) => (t.x - at.origin.x, t.y - at.origin.y),
                    None => (
                        away(at.origin.x, caster.origin.x),
                        away(at.origin.y, caster.origin.y),
                    ),
                };
                Some(tabletop::area::block(at.origin, x, (sx, sy)))
            }
            Area::Line { length, width } => {
                let at = at?;
                let (dx, dy) = match at.toward {
                    Some(t) => ((t.x - at.origin.x).signum(), (t.y - at.origin.y).signum()),
                    None => {
                        let c = Space::new(at.origin, 1);
                        if caster.overlaps(&c) {
                            return None;
                        }
                        let centre = |o: i32| 2 * o + i32::from(caster.side);
                        (
                            (2 * at.origin.x + 1 - centre(caster.origin.x)).signum(),
                            (2 * at.origin.y + 1 - centre(caster.origin.y)).signum(),
                        )
                    }
                };
                if (dx, dy) == (0, 0) {
                    return None;
                }
                Some(tabletop::area::square_line(
                    at.origin,
                    (dx, dy),
                    length,
                    width,
                ))
            }
        }
    }
}

/// An area placed at a distance needs its origin square in range and in line of effect;
/// other squares may lack line of effect (CR-SPELL-07).
pub fn validate_origin(
    range: u32,
    origin_distance: u32,
    origin_line_of_effect: bool,
) -> Result<(), SpellError> {
    if origin_distance > range {
        return Err(SpellError::Range(format!(
            "origin square {origin_distance} squares away, range {range}"
        )));
    }
    if !origin_line_of_effect {
        return Err(SpellError::Range(
            "origin square not in line of effect".into(),
        ));
    }
    Ok(())
}

/// Durations (CR-SPELL-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellDuration {
    Instant,
    DungeonTurn,
    /// Its own usage dice, rolled at the end of every DT, apart from the book's (CR-ERR-18).
    UsageDice(u8),
}

/// A spell as printed on a spellbook card (CR-SPELL-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spell {
    pub name: String,
    pub rank: Rank,
    pub discipline: Discipline,
    pub casting_time: CastingTime,
    pub target: Option<TargetLine>,
    pub range: Option<u32>,
    pub area: Option<Area>,
    pub duration: SpellDuration,
}

/// A spellbook: one spell and its usage dice (CR-SPELL-01, CR-SPELL-11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spellbook {
    pub spell: Spell,
    pub usage: UsagePool,
}

impl Spellbook {
    pub fn new(spell: Spell, usage_dice: u8) -> Result<Self, SpellError> {
        if usage_dice == 0 {
            return Err(SpellError::NoUsageDice);
        }
        Ok(Spellbook {
            spell,
            usage: UsagePool::full(usage_dice),
        })
    }

    /// Who may cast: anyone with the book in hand and dice left (CR-SPELL-01/11/12).
    pub fn check_castable(&self, in_hand: bool) -> Result<(), SpellError> {
        if !in_hand {
            return Err(SpellError::NotInHand);
        }
        if self.usage.is_empty() {
            return Err(SpellError::EmptyBook);
        }
        Ok(())
    }

    /// A finished rest restores a book carried in any slot (CR-SPELL-11).
    pub fn on_rest_finished(&mut self, carried: bool) {
        if carried {
            self.usage.restore();
        }
    }
}

/// What the casting produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CastEffect {
    /// The spell's own result for this tier.
    Spell { tier: Tier },
    /// A backlash replaces the spell: roll d100 + rank (CR-SPELL-16).
    Backlash { rank: u8 },
}

/// The full record of one casting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastReport {
    pub effect: CastEffect,
    /// The tier after the 99–100 backlash penalty, if any.
    pub counted_tier: Tier,
    pub counted_doom: bool,
    pub crit: bool,
    pub chaos_face: Option<u8>,
    /// `None` when the crit skipped the book's usage dice.
    pub book_roll: Option<PoolRoll>,
}

/// Whether this outcome calls for a chaos roll: final tier 1 and not a doom (CR-SPELL-15,
/// CR-ERR-64), after the 99–100 penalty (`tier_penalty`, CR-BL-50).
pub fn counted(outcome: Outcome, tier_penalty: bool) -> (Tier, bool) {
    if tier_penalty && !outcome.doom {
        if outcome.final_tier == Tier::One {
            return (Tier::One, true);
        }
        return (outcome.final_tier.shifted(-1), false);
    }
    (outcome.final_tier, outcome.doom)
}

/// Whether a chaos d6 must be rolled for this outcome.
pub fn needs_chaos_roll(outcome: Outcome, tier_penalty: bool) -> bool {
    let (tier, doom) = counted(outcome, tier_penalty);
    tier == Tier::One && !doom
}

/// Resolves a casting: `outcome` is the committed Mind test (expertise and shifts included);
/// `chaos_face` the d6 when [`needs_chaos_roll`]; `book_faces` one d6 per remaining book die
/// (empty on a crit). The book's dice roll on a backlash too (CR-SPELL-11/14/15/16).
pub fn cast(
    book: &mut Spellbook,
    in_hand: bool,
    outcome: Outcome,
    tier_penalty: bool,
    chaos_face: Option<u8>,
    book_faces: &[u8],
) -> Result<CastReport, SpellError> {
    book.check_castable(in_hand)?;
    let (tier, doom) = counted(outcome, tier_penalty);
    let chaos_needed = tier == Tier::One && !doom;
    let backlash = match (chaos_needed, chaos_face) {
        (true, None) => return Err(SpellError::ChaosRollNeeded),
        (false, Some(_)) => return Err(SpellError::NoChaosRoll),
        (true, Some(f)) if !(1..=6).contains(&f) => return Err(SpellError::BadChaosFace(f)),
        (true, Some(f)) => f == CHAOS_BACKLASH_FACE,
        (false, None) => doom,
    };
    let crit = outcome.crit && !doom;
    let book_roll = if !crate::usage_dice::spellbook_rolls_on_casting(crit) {
        if !book_faces.is_empty() {
            return Err(SpellError::CritSkipsUsageDice);
        }
        None
    } else {
        Some(book.usage.roll(book_faces)?)
    };
    let effect = if backlash {
        CastEffect::Backlash {
            rank: book.spell.rank.value(),
        }
    } else {
        CastEffect::Spell { tier }
    };
    Ok(CastReport {
        effect,
        counted_tier: tier,
        counted_doom: doom,
        crit,
        chaos_face,
        book_roll,
    })
}

/// A spell in effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveSpell {
    pub caster: String,
    pub spell: String,
    pub duration: SpellDuration,
    /// Remaining duration dice for UD spells (separate from the book's, CR-ERR-18).
    pub usage: Option<UsagePool>,
}

impl ActiveSpell {
    pub fn new(caster: impl Into<String>, spell: &Spell) -> Self {
        ActiveSpell {
            caster: caster.into(),
            spell: spell.name.clone(),
            duration: spell.duration,
            usage: match spell.duration {
                SpellDuration::UsageDice(n) => Some(UsagePool::full(n)),
                _ => None,
            },
        }
    }

    /// End of a DT: DT spells end; UD spells roll their own dice. Returns whether it ended.
    pub fn end_of_dungeon_turn(&mut self, faces: &[u8]) -> Result<bool, SpellError> {
        match (&mut self.usage, self.duration) {
            (_, SpellDuration::DungeonTurn) => Ok(true),
            (Some(pool), SpellDuration::UsageDice(_)) => {
                pool.roll(faces)?;
                Ok(pool.is_empty())
            }
            _ => Ok(true),
        }
    }
}
