//! Attacks («Атаки в бою»): what may be attacked with what, the modifiers an attack collects,
//! one roll against several targets, what a miss brings, the unarmed strike, improvised
//! weapons, flanking and high ground.
//!
//! Every situational effect comes out as a [`Modifier`] with its source and requirement, to
//! be put on the attack's [`TestSpec`] and resolved by [`crate::test_roll`].

use serde::{Deserialize, Serialize};

use super::fight::{FightError, FightQuestion, FightRequest, face};
use super::grid::{ReachUse, Space, reach};
use crate::conditions::ConditionSet;
use crate::creature::Size;
use crate::expertise::WeaponCategory;
use crate::test_roll::decision::Decider;
use crate::test_roll::{
    AttackRange, Characteristic, Modifier, ModifierSource, SourceKind, Tier, TierTable,
};

/// Penalty per square beyond a ranged weapon's normal range (CR-ATK-07).
pub const BEYOND_RANGE_PENALTY_PER_SQUARE: i32 = -2;

fn source(name: &str, rule: &str) -> ModifierSource {
    ModifierSource::new(SourceKind::Situation, name).with_rule(rule)
}

/// What an attack is made with: a weapon or a spellbook (CR-ATK-01).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackTool {
    pub name: String,
    /// The weapon's expertise category (`None` for a spellbook).
    #[serde(default)]
    pub category: Option<WeaponCategory>,
    /// A spell attack: its range can never be exceeded (CR-ATK-07).
    #[serde(default)]
    pub spell: bool,
    /// Can make melee attacks.
    pub melee: bool,
    /// Squares of reach the tool adds to melee attacks and counters (CR-CBT-07).
    #[serde(default)]
    pub extra_reach: u8,
    /// Normal range in squares; 0 for melee-only weapons (CR-ATK-07).
    #[serde(default)]
    pub range: u32,
    /// Thrown: melee or ranged, declared before the roll; recoverable (CR-ATK-04, CR-ATK-11).
    #[serde(default)]
    pub thrown: bool,
    /// Fires ammunition that is destroyed by the attack (CR-ATK-11).
    #[serde(default)]
    pub ammunition: bool,
    /// Breaks after one attack (a lantern used as a club) (CR-ATK-06).
    #[serde(default)]
    pub fragile: bool,
    /// Special properties by name (lost on a weapon-like improvised attack, CR-ATK-12).
    #[serde(default)]
    pub properties: Vec<String>,
}

impl AttackTool {
    /// Whether this tool can make a `delivery` attack. CR-ERR-50 default: ranged attacks need
    /// a range or the thrown property; `literal_range_zero` lets any weapon be thrown from
    /// range 0.
    pub fn allows(&self, delivery: AttackRange, literal_range_zero: bool) -> bool {
        match delivery {
            AttackRange::Melee => self.melee,
            AttackRange::Ranged => {
                self.range > 0 || self.thrown || (literal_range_zero && !self.spell)
            }
        }
    }
}

/// Configurable readings of the attack rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AttackOptions {
    /// CR-ERR-50 alternative: any weapon may attack at range, from range 0 at −2 per square.
    pub literal_range_zero: bool,
}

/// Checks that the attack is possible and returns the modifiers of distance: the penalty
/// beyond range (CR-ATK-07) and the bane of a ranged attack against an adjacent creature
/// (CR-ATK-10). `delivery` is declared before the roll (thrown weapons, CR-ATK-04).
pub fn distance_modifiers(
    tool: &AttackTool,
    in_hand: bool,
    delivery: AttackRange,
    attacker: (&Space, Size),
    target: &Space,
    options: AttackOptions,
) -> Result<Vec<Modifier>, FightError> {
    if !in_hand {
        return Err(FightError::NotInHand);
    }
    if !tool.allows(delivery, options.literal_range_zero) {
        return Err(FightError::WrongDelivery(match delivery {
            AttackRange::Melee => "melee",
            AttackRange::Ranged => "ranged",
        }));
    }
    let distance = attacker.0.distance_to(target);
    let mut out = Vec::new();
    match delivery {
        AttackRange::Melee => {
            let r = reach(attacker.1, tool.extra_reach, ReachUse::AttackWithWeapon);
            if distance > u32::from(r) {
                return Err(FightError::OutOfReach { distance, reach: r });
            }
        }
        AttackRange::Ranged => {
            if distance > tool.range {
                if tool.spell {
                    return Err(FightError::SpellOutOfRange {
                        distance,
                        range: tool.range,
                    });
                }
                let beyond = i32::try_from(distance - tool.range).unwrap_or(i32::MAX / 2);
                out.push(Modifier::bonus(
                    source("beyond_range", "CR-ATK-07"),
                    BEYOND_RANGE_PENALTY_PER_SQUARE.saturating_mul(beyond),
                ));
            }
            if distance <= 1 {
                out.push(adjacent_ranged_bane());
            }
        }
    }
    Ok(out)
}

/// The bane on a ranged attack against an adjacent creature (CR-ATK-10).
pub fn adjacent_ranged_bane() -> Modifier {
    Modifier::bane(source("ranged_adjacent", "CR-ATK-10"))
}

/// The edge of flanking (CR-ATK-15).
pub fn flanking_modifier() -> Modifier {
    Modifier::edge(source("flanking", "CR-ATK-15"))
}

/// The edge of high ground (CR-ATK-18).
pub fn high_ground_modifier() -> Modifier {
    Modifier::edge(source("high_ground", "CR-ATK-18"))
}

/// The bane of a weapon-like improvised weapon (CR-ATK-12).
pub fn improvised_weapon_bane() -> Modifier {
    Modifier::bane(source("improvised_weapon_like", "CR-ATK-12"))
}

/// Whether the attacker stands at least 1 square higher than the target (CR-ATK-18).
pub fn high_ground(attacker_elevation: i32, target_elevation: i32) -> bool {
    attacker_elevation >= target_elevation.saturating_add(1)
}

/// What a ranged miss does to the attacker's allies next to the target (CR-ATK-08/09).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stray", rename_all = "snake_case")]
pub enum StrayShot {
    /// Nobody else is hit.
    Harmless,
    /// One of the candidates, picked at random by the Referee, takes the weapon's result of
    /// this tier; the request asks which.
    HitsAlly { tier: Tier, request: FightRequest },
}

/// A ranged attack's consequence for adjacent allies (CR-ATK-08/09, CR-ERR-49). `parity_d` is
/// any die rolled for the odd/even check, as `(face, sides)`; it is needed only for a
/// non-doom miss with allies next to the target. A doom replaces the parity roll; a doom that
/// an automatic tier turned into a hit (unconscious target, CR-ERR-28) is no miss.
pub fn stray_shot(
    final_tier: Tier,
    doom: bool,
    allies_adjacent_to_target: &[u32],
    parity_d: Option<(u8, u8)>,
) -> Result<StrayShot, FightError> {
    if final_tier != Tier::One {
        return Ok(StrayShot::Harmless);
    }
    if allies_adjacent_to_target.is_empty() {
        return Ok(StrayShot::Harmless);
    }
    let tier = if doom {
        Tier::Three
    } else {
        let (f, sides) = parity_d.ok_or(FightError::ParityDieNeeded)?;
        let f = face(f, sides)?;
        let p = crate::dice::parity(u32::from(f), u32::from(sides))
            .map_err(|_| FightError::Face { sides, face: f })?;
        if p == crate::dice::Parity::Even {
            return Ok(StrayShot::Harmless);
        }
        Tier::Two
    };
    Ok(StrayShot::HitsAlly {
        tier,
        request: FightRequest::new(
            FightQuestion::StrayShotVictim {
                candidates: allies_adjacent_to_target.to_vec(),
                tier,
            },
            Decider::Referee,
            "CR-REF-22",
        ),
    })
}

/// The unarmed strike's base damage per tier; the characteristic used is added; tier 1 lets
/// the target counter (CR-ATK-06).
pub const UNARMED_TABLE: TierTable<Option<i32>> = TierTable {
    tier_1: None,
    tier_2: Some(1),
    tier_3: Some(2),
};

/// The characteristics the unarmed strike may use (CR-ATK-06).
pub const UNARMED_CHARACTERISTICS: [Characteristic; 2] =
    [Characteristic::Agility, Characteristic::Strength];

/// The unarmed strike's damage: `None` on a miss; otherwise base + the characteristic used,
/// never below 0 unless `clamp_negative` is off (CR-ATK-06, CR-ERR-44).
pub fn unarmed_damage(tier: Tier, characteristic_value: i8, clamp_negative: bool) -> Option<i32> {
    UNARMED_TABLE.get(tier).map(|base| {
        let d = base + i32::from(characteristic_value);
        if clamp_negative { d.max(0) } else { d }
    })
}

/// The Referee's ruling on an improvised weapon (CR-ATK-12).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Improvised {
    /// Unarmed-strike damage (the default).
    AsUnarmed,
    /// Deals the resembled weapon's damage, without its special properties, with a bane.
    LikeWeapon(AttackTool),
}

/// The tool and extra modifiers of an improvised attack (CR-ATK-12). `None` means the
/// unarmed strike's test and damage.
pub fn improvised_attack(ruling: Improvised) -> (Option<AttackTool>, Vec<Modifier>) {
    match ruling {
        Improvised::AsUnarmed => (None, Vec::new()),
        Improvised::LikeWeapon(mut tool) => {
            tool.properties.clear();
            tool.thrown = false;
            tool.extra_reach = 0;
            (Some(tool), vec![improvised_weapon_bane()])
        }
    }
}

/// A creature's part in flanking (CR-ATK-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flanker {
    pub space: Space,
    /// A condition bars it from flanking (prone or grabbed: the conditions' data, CR-ATK-16).
    pub barred: bool,
    /// The creature it holds grabbed, if any.
    pub grabbing: Option<u32>,
}

impl Flanker {
    /// From the creature's conditions ([`ConditionSet::can_flank`]).
    pub fn new(space: Space, conditions: &ConditionSet, grabbing: Option<u32>) -> Self {
        Self {
            space,
            barred: !conditions.can_flank(),
            grabbing,
        }
    }

    /// Whether it may flank `enemy` at all (CR-ATK-16).
    pub fn may_flank(&self, enemy: u32) -> bool {
        !self.barred && self.grabbing.is_none_or(|g| g == enemy)
    }
}

const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const TOP: u8 = 4;
const BOTTOM: u8 = 8;

fn opposite(side: u8) -> u8 {
    match side {
        LEFT => RIGHT,
        RIGHT => LEFT,
        TOP => BOTTOM,
        _ => TOP,
    }
}

/// Rational t = n / d with d > 0.
#[derive(Clone, Copy)]
struct Ratio(i64, i64);

impl Ratio {
    fn lt(self, o: Ratio) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
}

/// The centre-line test of flanking (CR-ATK-17): the segment from the centre of `a` to the
/// centre of `b` passes through opposite sides or opposite corners of `enemy`. Touching one
/// corner, or running along one side, does not count.
pub fn centre_line_flanks(a: &Space, b: &Space, enemy: &Space) -> bool {
    // Doubled coordinates keep the centres on integers.
    let centre = |s: &Space| -> (i64, i64) {
        let side = i64::from(s.side);
        (
            2 * i64::from(s.origin.x) + side,
            2 * i64::from(s.origin.y) + side,
        )
    };
    let (p, q) = (centre(a), centre(b));
    let es = 2 * i64::from(enemy.side);
    let (xmin, ymin) = (2 * i64::from(enemy.origin.x), 2 * i64::from(enemy.origin.y));
    let (xmax, ymax) = (xmin + es, ymin + es);
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let mut t0 = Ratio(0, 1);
    let mut t1 = Ratio(1, 1);
    for (pk, qk) in [
        (-dx, p.0 - xmin),
        (dx, xmax - p.0),
        (-dy, p.1 - ymin),
        (dy, ymax - p.1),
    ] {
        if pk == 0 {
            if qk < 0 {
                return false;
            }
            continue;
        }
        let r = if pk < 0 {
            Ratio(-qk, -pk)
        } else {
            Ratio(qk, pk)
        };
        if pk < 0 {
            if t0.lt(r) {
                t0 = r;
            }
        } else if r.lt(t1) {
            t1 = r;
        }
    }
    if !t0.lt(t1) {
        return false;
    }
    let sides_at = |t: Ratio| -> u8 {
        let x = p.0 * t.1 + t.0 * dx;
        let y = p.1 * t.1 + t.0 * dy;
        let mut f = 0;
        if x == xmin * t.1 {
            f |= LEFT;
        }
        if x == xmax * t.1 {
            f |= RIGHT;
        }
        if y == ymin * t.1 {
            f |= TOP;
        }
        if y == ymax * t.1 {
            f |= BOTTOM;
        }
        f
    };
    let (enter, exit) = (sides_at(t0), sides_at(t1));
    if enter & exit != 0 {
        return false;
    }
    [LEFT, RIGHT, TOP, BOTTOM]
        .iter()
        .any(|&s| enter & s != 0 && exit & opposite(s) != 0)
}

/// Whether `attacker` flanks the enemy with at least one of `allies` (CR-ATK-15/16/17): both
/// adjacent to it, neither prone, grabbed or holding another creature, and the centre line
/// passes through opposite sides or corners.
pub fn flanking(attacker: &Flanker, allies: &[Flanker], enemy_id: u32, enemy: &Space) -> bool {
    let ok = |f: &Flanker| f.may_flank(enemy_id) && f.space.distance_to(enemy) == 1;
    ok(attacker)
        && allies
            .iter()
            .any(|ally| ok(ally) && centre_line_flanks(&attacker.space, &ally.space, enemy))
}

/// The creatures one attack targets, the first named first (CR-ATK-14): each at most once,
/// at least one, several only in an attack the Referee sends (`several_allowed`), never the
/// attacker; and an improvised weapon-like attack is the Referee's (`improvised_by_player`,
/// CR-ATK-12).
pub fn attack_targets(
    attacker: &str,
    named: &[&str],
    several_allowed: bool,
    improvised_by_player: bool,
) -> Result<Vec<String>, FightError> {
    let mut all: Vec<String> = Vec::new();
    for t in named.iter().filter(|t| !t.is_empty()) {
        if all.iter().any(|a| a == t) {
            return Err(FightError::NamedTwice {
                creature: (*t).to_string(),
            });
        }
        all.push((*t).to_string());
    }
    if all.is_empty() {
        return Err(FightError::NoTargetNamed);
    }
    if all.len() > 1 && !several_allowed {
        return Err(FightError::SeveralTargets);
    }
    if all.iter().any(|t| t == attacker) {
        return Err(FightError::AttacksItself);
    }
    if improvised_by_player {
        return Err(FightError::ImprovisedByPlayer);
    }
    Ok(all)
}

/// Whether an attack names one way to attack: a weapon or a natural attack, not both
/// (CR-ATK-01).
pub fn one_way_to_attack(weapon: bool, natural: bool) -> Result<(), FightError> {
    if weapon && natural {
        return Err(FightError::WeaponAndNatural);
    }
    Ok(())
}

/// The natural attack `attack` of `creature`, if its card has it (CR-CBT-12).
pub fn natural_attack<T>(creature: &str, attack: &str, found: Option<T>) -> Result<T, FightError> {
    found.ok_or_else(|| FightError::UnknownNaturalAttack {
        creature: creature.to_string(),
        attack: attack.to_string(),
    })
}

/// The piece of ammunition `item` that `creature` shoots, if it has one left (CR-ATK-11).
pub fn ammunition<T>(creature: &str, item: &str, found: Option<T>) -> Result<T, FightError> {
    found.ok_or_else(|| FightError::NoAmmunition {
        creature: creature.to_string(),
        item: item.to_string(),
    })
}

/// The held object an improvised weapon-like attack uses: named as the weapon, with no
/// natural attack (CR-ATK-12).
pub fn improvised_object<T>(weapon: Option<T>, natural: bool) -> Result<T, FightError> {
    match (weapon, natural) {
        (Some(w), false) => Ok(w),
        _ => Err(FightError::ImprovisedNeedsObject),
    }
}

/// The tool of a held object used like a weapon card (CR-ATK-12): it is no weapon itself
/// (`held_is_weapon`), the card `like` is loaded (`like_card`, with that weapon's tool), and it
/// gets that weapon's damage and none of its special properties.
pub fn improvised_tool<C>(
    held: &str,
    held_is_weapon: bool,
    like: &str,
    like_card: Option<(C, AttackTool)>,
) -> Result<(C, AttackTool), FightError> {
    if held_is_weapon {
        return Err(FightError::ImprovisedIsWeapon {
            item: held.to_string(),
        });
    }
    let (card, tool) = like_card.ok_or_else(|| FightError::ImprovisedUnknownCard {
        card: like.to_string(),
    })?;
    let tool = improvised_attack(Improvised::LikeWeapon(tool))
        .0
        .ok_or(FightError::ImprovisedNoTool)?;
    Ok((card, tool))
}

/// The square a thrown weapon lies on, as the Referee names it: `x,y`, spaces allowed
/// (CR-ATK-11).
pub fn landing_square(text: &str) -> Result<super::grid::Square, FightError> {
    let parse = || -> Option<super::grid::Square> {
        let (x, y) = text.split_once(',')?;
        Some(super::grid::Square::new(
            x.trim().parse().ok()?,
            y.trim().parse().ok()?,
        ))
    };
    parse().ok_or_else(|| FightError::NotASquare {
        text: text.to_string(),
    })
}

/// Whether a thrown weapon may lie on `at`: nothing lands inside a solid square (CR-ATK-11).
pub fn may_land(at: super::grid::Square, solid: bool) -> Result<(), FightError> {
    if solid {
        return Err(FightError::LandsInSolid { x: at.x, y: at.y });
    }
    Ok(())
}
