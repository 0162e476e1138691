//! Rolling: an [`Expression`] and a source of faces → a [`RollResult`] tree.
//!
//! # Randomness
//!
//! Every random face comes from a [`DiceRng`] (ChaCha8: portable, so one seed gives the same
//! rolls on every machine and every version of this crate). Seed it with
//! `DiceRng::seed_from_u64(n)` for reproducible rolls, or [`os_rng`] for fresh ones. A face of a
//! `dX` is drawn with Lemire's multiply-and-reject method on 32-bit outputs ([`sample_face`]):
//! exactly uniform (no modulo bias), and almost always one 32-bit draw per die. A `d%` is a
//! d100, a `dF` is a d3 mapped to -1, 0, +1.
//!
//! # Semantics of one dice term
//!
//! In this order (see also [`crate::ast`]):
//! 1. each of the N dice is rolled; the pool is built die by die, and an exploding die's extra
//!    dice are placed right after it;
//! 2. **reroll** `r` (while the face matches) / `ro` (once): the replaced faces are kept in
//!    [`Die::rerolled`]. A die is rerolled at most [`MAX_REROLL_DEPTH`] times; at the cap the
//!    last face stands even if it still matches, and the die is marked `reroll_capped`;
//! 3. **explode** `!`: a die whose (post-reroll) face matches adds one die, which is rerolled and
//!    may explode in turn. One original die adds at most [`MAX_EXPLODE_DEPTH`] dice; at the cap
//!    the chain stops and its last die is marked `explode_capped`;
//! 4. **clamp** `mi`/`ma`: each die's [`Die::value`] is its face raised to `mi` / lowered to `ma`
//!    (explosion was decided on the face, before clamping);
//! 5. **keep/drop** over the whole pool (extra dice included), by value; among equal values the
//!    earlier die is kept first (this never changes a total);
//! 6. the term is the sum of the kept values or, with a success target, the number of kept
//!    values that meet it.
//!
//! Arithmetic is checked (an overflow is an error) and `/` rounds down (towards −∞); dividing by
//! zero is an error.
//!
//! # Limits
//!
//! At most [`MAX_DICE`] dice are actually rolled per expression, rerolls and explosions
//! included; the next one is a [`RollError::TooManyDice`]. Trees that did not come from the
//! parser are checked with [`crate::limits::check_expression`] first.
//!
//! # Faces from elsewhere
//!
//! The roller reads faces through the [`FaceSource`] trait. [`DiceRng`] implements it; so do
//! [`ManualFaces`] (a list of faces read off physical dice, in rolling order) and [`FnFaces`] (any
//! closure), so a table can record a physical roll with exactly the same result tree.
//!
//! # Fast path
//!
//! [`Program`] compiles an expression once for many total-only rolls (`delve roll --times`,
//! simulations). Sums of plain dice and constants run in a tight loop with no allocation; other
//! shapes reuse one scratch buffer. For one seed, a program gives exactly the totals (and
//! errors) that [`roll`] gives, roll after roll.

use crate::ast::{BinOp, Compare, DiceTerm, Expr, Expression, KeepDrop, Sides};
use crate::limits::{self, MAX_DICE, MAX_EXPLODE_DEPTH, MAX_REROLL_DEPTH};
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// The portable, seeded generator every roll goes through.
pub type DiceRng = rand_chacha::ChaCha8Rng;

/// A generator seeded from the operating system.
pub fn os_rng() -> DiceRng {
    DiceRng::from_os_rng()
}

/// A generator from a 64-bit seed (same seed, same rolls, on every machine).
pub fn seeded_rng(seed: u64) -> DiceRng {
    DiceRng::seed_from_u64(seed)
}

/// A uniformly random face `1..=sides` (`sides ≥ 1`), by Lemire's nearly-divisionless method:
/// the 64-bit product of a 32-bit draw and `sides` is accepted unless its low half falls in the
/// `2^32 mod sides` values that would bias the result.
#[inline(always)]
pub fn sample_face(rng: &mut DiceRng, sides: u32) -> u32 {
    let n = u64::from(sides);
    let mut m = u64::from(rng.next_u32()) * n;
    // `m as u32` takes the low 32 bits on purpose.
    if (m as u32) < sides {
        let threshold = sides.wrapping_neg() % sides;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * n;
        }
    }
    (m >> 32) as u32 + 1
}

/// Where faces come from: a generator, or a person reading physical dice.
pub trait FaceSource {
    /// One face of a die with these sides: `1..=X` for `dX`, `1..=100` for `d%`, `-1..=1` for
    /// `dF`.
    fn face(&mut self, sides: Sides) -> Result<i64, RollError>;
}

impl FaceSource for DiceRng {
    #[inline]
    fn face(&mut self, sides: Sides) -> Result<i64, RollError> {
        Ok(match sides {
            Sides::Faces(n) => i64::from(sample_face(self, n.max(1))),
            Sides::Percent => i64::from(sample_face(self, 100)),
            Sides::Fate => i64::from(sample_face(self, 3)) - 2,
        })
    }
}

fn check_face(face: i64, sides: Sides) -> Result<i64, RollError> {
    if (sides.min_face()..=sides.max_face()).contains(&face) {
        Ok(face)
    } else {
        Err(RollError::FaceOutOfRange {
            face,
            sides: sides.to_string(),
        })
    }
}

/// Faces read off physical dice, consumed in rolling order (the order of the dice in the
/// expression, each die's rerolls and explosion chain right after it). Each face is checked
/// against its die.
#[derive(Debug, Clone)]
pub struct ManualFaces {
    faces: std::vec::IntoIter<i64>,
}

impl ManualFaces {
    pub fn new(faces: Vec<i64>) -> Self {
        ManualFaces {
            faces: faces.into_iter(),
        }
    }
    /// Faces given but not used by the roll.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl FaceSource for ManualFaces {
    fn face(&mut self, sides: Sides) -> Result<i64, RollError> {
        match self.faces.next() {
            Some(face) => check_face(face, sides),
            None => Err(RollError::FacesExhausted {
                sides: sides.to_string(),
            }),
        }
    }
}

/// Faces from a closure (an interactive prompt, a test script…); each face is checked.
pub struct FnFaces<F>(pub F);

impl<F: FnMut(Sides) -> Result<i64, RollError>> FaceSource for FnFaces<F> {
    fn face(&mut self, sides: Sides) -> Result<i64, RollError> {
        check_face((self.0)(sides)?, sides)
    }
}

/// Why an expression could not be rolled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RollError {
    #[error(
        "too many dice: more than {limit} dice would be rolled (rerolls and explosions count); \
         the limit is limits::MAX_DICE"
    )]
    TooManyDice { limit: u32 },
    #[error("arithmetic overflow: the result does not fit in a 64-bit integer")]
    Overflow,
    #[error("division by zero")]
    DivisionByZero,
    #[error("invalid expression: {0}")]
    Invalid(String),
    #[error("face {face} is not a face of a {sides}")]
    FaceOutOfRange { face: i64, sides: String },
    #[error("not enough faces given: a {sides} still needs a face")]
    FacesExhausted { sides: String },
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One die of a pool, with everything that happened to it.
///
/// Serialised compactly: a *plain* die (kept, its value is its face, nothing rerolled,
/// exploded, clamped or counted as a success) is written as its bare face (`4`), any other die
/// as an object with every field that is set (`{"face":1,"value":3,"kept":false}`). Both forms
/// read back, so logs written before the compact form still replay. A pool of 10,000 dice of
/// 1,000,000 sides takes about 70 KB instead of about 420 KB, and every face stays in the
/// record (nothing is summarised away).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Die {
    /// The face it finally showed (after rerolls, before clamping).
    pub face: i64,
    /// What it counts for: the face after `mi`/`ma` (equal to `face` without clamping).
    pub value: i64,
    /// Faces that were rerolled away, in order.
    pub rerolled: Vec<i64>,
    /// The reroll chain hit [`MAX_REROLL_DEPTH`]: `face` still matches the reroll condition.
    pub reroll_capped: bool,
    /// This die exploded: the next die of the pool was added because of it.
    pub exploded: bool,
    /// This die was added by an explosion.
    pub from_explosion: bool,
    /// This die matched the explosion condition but its chain had reached
    /// [`MAX_EXPLODE_DEPTH`], so it added nothing.
    pub explode_capped: bool,
    /// Kept (counted) or dropped by keep/drop.
    pub kept: bool,
    /// With a success target: whether this die's value meets it.
    pub success: Option<bool>,
}

impl Die {
    /// Kept, counting its face, with nothing else to say: written as a bare face.
    fn is_plain(&self) -> bool {
        self.kept
            && self.value == self.face
            && self.rerolled.is_empty()
            && !self.reroll_capped
            && !self.exploded
            && !self.from_explosion
            && !self.explode_capped
            && self.success.is_none()
    }
}

/// The object form of a [`Die`] (every die before the compact form, and every die that is not
/// plain).
#[derive(Serialize, Deserialize)]
struct DieRecord {
    face: i64,
    value: i64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rerolled: Vec<i64>,
    #[serde(default, skip_serializing_if = "is_false")]
    reroll_capped: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    exploded: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    from_explosion: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    explode_capped: bool,
    kept: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    success: Option<bool>,
}

impl Serialize for Die {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_plain() {
            return s.serialize_i64(self.face);
        }
        DieRecord {
            face: self.face,
            value: self.value,
            rerolled: self.rerolled.clone(),
            reroll_capped: self.reroll_capped,
            exploded: self.exploded,
            from_explosion: self.from_explosion,
            explode_capped: self.explode_capped,
            kept: self.kept,
            success: self.success,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Die {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Face(i64),
            Record(DieRecord),
        }
        Ok(match Form::deserialize(d)? {
            Form::Face(face) => Die {
                face,
                value: face,
                rerolled: Vec::new(),
                reroll_capped: false,
                exploded: false,
                from_explosion: false,
                explode_capped: false,
                kept: true,
                success: None,
            },
            Form::Record(r) => Die {
                face: r.face,
                value: r.value,
                rerolled: r.rerolled,
                reroll_capped: r.reroll_capped,
                exploded: r.exploded,
                from_explosion: r.from_explosion,
                explode_capped: r.explode_capped,
                kept: r.kept,
                success: r.success,
            },
        })
    }
}

/// A node of the result tree; it mirrors the expression tree, each node with its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RollNode {
    Number {
        value: i64,
    },
    Dice {
        /// The term in canonical notation (`4d6kh3`).
        notation: String,
        /// The whole pool in rolling order, explosion dice right after the die that caused them.
        dice: Vec<Die>,
        /// Sum of the kept values, or the number of successes.
        value: i64,
    },
    Neg {
        value: i64,
        expr: Box<RollNode>,
    },
    Binary {
        op: BinOp,
        value: i64,
        lhs: Box<RollNode>,
        rhs: Box<RollNode>,
    },
    Group {
        value: i64,
        expr: Box<RollNode>,
    },
}

impl RollNode {
    /// The value (subtotal) of this node.
    pub fn value(&self) -> i64 {
        match self {
            RollNode::Number { value }
            | RollNode::Dice { value, .. }
            | RollNode::Neg { value, .. }
            | RollNode::Binary { value, .. }
            | RollNode::Group { value, .. } => *value,
        }
    }
}

/// The full result of one roll: what was rolled, every die, every subtotal, the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollResult {
    /// The expression in canonical notation (without the label).
    pub expression: String,
    pub label: Option<String>,
    pub total: i64,
    pub root: RollNode,
}

impl RollResult {
    /// A result that carries only a total (a constant, no dice): for scripted rollers in tests
    /// and for results recorded before faces were kept.
    pub fn total_only(total: i64) -> RollResult {
        RollResult {
            expression: total.to_string(),
            label: None,
            total,
            root: RollNode::Number { value: total },
        }
    }

    /// Every dice term of the tree, left to right, as `(notation, dice)`.
    pub fn dice_terms(&self) -> Vec<(&str, &[Die])> {
        fn walk<'a>(n: &'a RollNode, out: &mut Vec<(&'a str, &'a [Die])>) {
            match n {
                RollNode::Number { .. } => {}
                RollNode::Dice { notation, dice, .. } => out.push((notation, dice)),
                RollNode::Neg { expr, .. } | RollNode::Group { expr, .. } => walk(expr, out),
                RollNode::Binary { lhs, rhs, .. } => {
                    walk(lhs, out);
                    walk(rhs, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.root, &mut out);
        out
    }
}

/// Rolls an expression with a generator.
pub fn roll(expr: &Expression, rng: &mut DiceRng) -> Result<RollResult, RollError> {
    roll_with(expr, rng)
}

/// Rolls an expression with faces from any [`FaceSource`] (generator or physical dice).
pub fn roll_with<S: FaceSource + ?Sized>(
    expr: &Expression,
    source: &mut S,
) -> Result<RollResult, RollError> {
    limits::check_expression(expr).map_err(RollError::Invalid)?;
    let mut budget = Budget::default();
    let root = roll_node(&expr.root, source, &mut budget)?;
    Ok(RollResult {
        expression: expr.root.to_string(),
        label: expr.label.clone(),
        total: root.value(),
        root,
    })
}

/// Rolls an expression with faces given by a closure, e.g. a prompt for physical dice.
pub fn roll_with_faces(
    expr: &Expression,
    faces: impl FnMut(Sides) -> Result<i64, RollError>,
) -> Result<RollResult, RollError> {
    roll_with(expr, &mut FnFaces(faces))
}

/// Counts dice rolled against [`MAX_DICE`].
#[derive(Debug, Default)]
struct Budget {
    used: u32,
}

impl Budget {
    #[inline]
    fn take(&mut self, n: u32) -> Result<(), RollError> {
        match self.used.checked_add(n) {
            Some(used) if used <= MAX_DICE => {
                self.used = used;
                Ok(())
            }
            _ => Err(RollError::TooManyDice { limit: MAX_DICE }),
        }
    }
}

fn roll_node<S: FaceSource + ?Sized>(
    e: &Expr,
    src: &mut S,
    budget: &mut Budget,
) -> Result<RollNode, RollError> {
    Ok(match e {
        Expr::Number { value } => RollNode::Number { value: *value },
        Expr::Dice(term) => {
            let mut sink = TreeSink::default();
            roll_pool(term, src, budget, &mut sink)?;
            let mut dice = sink.dice;
            let value = finish_pool(term, &mut dice)?;
            RollNode::Dice {
                notation: term.to_string(),
                dice,
                value,
            }
        }
        Expr::Neg { expr } => {
            let inner = roll_node(expr, src, budget)?;
            let value = inner.value().checked_neg().ok_or(RollError::Overflow)?;
            RollNode::Neg {
                value,
                expr: Box::new(inner),
            }
        }
        Expr::Group { expr } => {
            let inner = roll_node(expr, src, budget)?;
            RollNode::Group {
                value: inner.value(),
                expr: Box::new(inner),
            }
        }
        Expr::Binary { op, lhs, rhs } => {
            let l = roll_node(lhs, src, budget)?;
            let r = roll_node(rhs, src, budget)?;
            let value = arith(*op, l.value(), r.value())?;
            RollNode::Binary {
                op: *op,
                value,
                lhs: Box::new(l),
                rhs: Box::new(r),
            }
        }
    })
}

/// Checked arithmetic; `/` rounds down.
#[inline]
pub fn arith(op: BinOp, a: i64, b: i64) -> Result<i64, RollError> {
    match op {
        BinOp::Add => a.checked_add(b).ok_or(RollError::Overflow),
        BinOp::Sub => a.checked_sub(b).ok_or(RollError::Overflow),
        BinOp::Mul => a.checked_mul(b).ok_or(RollError::Overflow),
        BinOp::Div => {
            if b == 0 {
                return Err(RollError::DivisionByZero);
            }
            let q = a.checked_div(b).ok_or(RollError::Overflow)?;
            // Truncation rounded up when the exact quotient is negative and not whole.
            if a % b != 0 && ((a < 0) != (b < 0)) {
                Ok(q - 1)
            } else {
                Ok(q)
            }
        }
    }
}

/// A die as it leaves the reroll/explode stage.
struct RawDie {
    face: i64,
    reroll_capped: bool,
    exploded: bool,
    from_explosion: bool,
    explode_capped: bool,
}

/// Receives the pool as it is rolled: the tree path records everything, the fast path only
/// faces.
trait PoolSink {
    fn rerolled(&mut self, face: i64);
    fn die(&mut self, die: RawDie);
}

#[derive(Default)]
struct TreeSink {
    dice: Vec<Die>,
    pending_rerolls: Vec<i64>,
}

impl PoolSink for TreeSink {
    fn rerolled(&mut self, face: i64) {
        self.pending_rerolls.push(face);
    }
    fn die(&mut self, d: RawDie) {
        self.dice.push(Die {
            face: d.face,
            value: d.face,
            rerolled: std::mem::take(&mut self.pending_rerolls),
            reroll_capped: d.reroll_capped,
            exploded: d.exploded,
            from_explosion: d.from_explosion,
            explode_capped: d.explode_capped,
            kept: true,
            success: None,
        });
    }
}

/// Faces only, into a reused buffer.
struct FaceSink<'a>(&'a mut Vec<i64>);

impl PoolSink for FaceSink<'_> {
    #[inline]
    fn rerolled(&mut self, _face: i64) {}
    #[inline]
    fn die(&mut self, d: RawDie) {
        self.0.push(d.face);
    }
}

/// Steps 1–3 of the term semantics: roll, reroll, explode. Both paths go through here, so they
/// draw faces in exactly the same order.
fn roll_pool<S: FaceSource + ?Sized, K: PoolSink>(
    term: &DiceTerm,
    src: &mut S,
    budget: &mut Budget,
    sink: &mut K,
) -> Result<(), RollError> {
    let reroll = term.reroll();
    let explode = term.explode();
    let sides = term.sides;
    for _ in 0..term.count {
        let mut depth = 0u32;
        loop {
            budget.take(1)?;
            let mut face = src.face(sides)?;
            let mut reroll_capped = false;
            if let Some((cmp, once)) = reroll {
                let cap = if once { 1 } else { MAX_REROLL_DEPTH };
                let mut n = 0;
                while cmp.matches(face) {
                    if n == cap {
                        reroll_capped = !once;
                        break;
                    }
                    sink.rerolled(face);
                    budget.take(1)?;
                    face = src.face(sides)?;
                    n += 1;
                }
            }
            let matches = explode.is_some_and(|c| c.matches(face));
            let exploded = matches && depth < MAX_EXPLODE_DEPTH;
            sink.die(RawDie {
                face,
                reroll_capped,
                exploded,
                from_explosion: depth > 0,
                explode_capped: matches && !exploded,
            });
            if !exploded {
                break;
            }
            depth += 1;
        }
    }
    Ok(())
}

#[inline]
fn clamp_value(face: i64, min: Option<i64>, max: Option<i64>) -> i64 {
    let mut v = face;
    if let Some(lo) = min {
        v = v.max(lo);
    }
    if let Some(hi) = max {
        v = v.min(hi);
    }
    v
}

/// How many dice of a pool of `len` are kept, and whether the highest ones.
fn kept_span(which: KeepDrop, count: u32, len: usize) -> (usize, bool) {
    let count = count as usize;
    match which {
        KeepDrop::KeepHighest => (count.min(len), true),
        KeepDrop::KeepLowest => (count.min(len), false),
        KeepDrop::DropHighest => (len.saturating_sub(count), false),
        KeepDrop::DropLowest => (len.saturating_sub(count), true),
    }
}

/// Sum of values or number of successes.
fn score(values: impl Iterator<Item = i64>, success: Option<Compare>) -> Result<i64, RollError> {
    let mut total: i64 = 0;
    for v in values {
        let add = match success {
            Some(c) => i64::from(c.matches(v)),
            None => v,
        };
        total = total.checked_add(add).ok_or(RollError::Overflow)?;
    }
    Ok(total)
}

/// Steps 4–6 on the tree: clamp, keep/drop, sum or count successes.
fn finish_pool(term: &DiceTerm, dice: &mut [Die]) -> Result<i64, RollError> {
    let (min, max) = (term.min(), term.max());
    for d in dice.iter_mut() {
        d.value = clamp_value(d.face, min, max);
    }
    if let Some((which, count)) = term.keep_drop() {
        let (keep, highest) = kept_span(which, count, dice.len());
        let mut order: Vec<usize> = (0..dice.len()).collect();
        // Stable sort: among equal values the earlier die comes first.
        if highest {
            order.sort_by(|&a, &b| dice[b].value.cmp(&dice[a].value));
        } else {
            order.sort_by_key(|&i| dice[i].value);
        }
        for d in dice.iter_mut() {
            d.kept = false;
        }
        for &i in &order[..keep] {
            dice[i].kept = true;
        }
    }
    if let Some(target) = term.success {
        for d in dice.iter_mut() {
            d.success = Some(target.matches(d.value));
        }
    }
    score(
        dice.iter().filter(|d| d.kept).map(|d| d.value),
        term.success,
    )
}

// ---------------------------------------------------------------------------------------------
// Fast path.

/// A plain `NdX` (or `NdF`) as a uniform `1..=sides` draw per die plus an offset per die.
#[derive(Debug, Clone, Copy)]
struct PlainDice {
    count: u32,
    sides: u32,
    offset: i64,
}

impl PlainDice {
    fn of(term: &DiceTerm) -> Option<Self> {
        if !term.is_plain() {
            return None;
        }
        let (sides, offset) = match term.sides {
            Sides::Faces(n) => (n, 0),
            Sides::Percent => (100, 0),
            Sides::Fate => (3, -2),
        };
        Some(PlainDice {
            count: term.count,
            sides,
            offset,
        })
    }

    #[inline(always)]
    fn roll(self, rng: &mut DiceRng) -> i64 {
        let mut sum: u64 = 0;
        for _ in 0..self.count {
            sum += u64::from(sample_face(rng, self.sides));
        }
        // At most MAX_DICE × MAX_SIDES = 10^10: fits, and the offset term is at most 2 × 10^4.
        sum as i64 + self.offset * i64::from(self.count)
    }
}

/// Pools up to this size without explosions are rolled on the stack.
const SMALL_POOL: usize = 24;

/// A dice term with its modifiers looked up once, for the fast path.
#[derive(Debug, Clone)]
struct TermPlan {
    term: DiceTerm,
    count: u32,
    /// Faces are drawn as `1..=sides` plus `offset` (−2 for Fate dice).
    sides: u32,
    offset: i64,
    reroll: Option<(Compare, u32)>,
    explode: Option<Compare>,
    min: Option<i64>,
    max: Option<i64>,
    keep: Option<(KeepDrop, u32)>,
    success: Option<Compare>,
}

impl TermPlan {
    fn new(term: &DiceTerm) -> Self {
        let (sides, offset) = match term.sides {
            Sides::Faces(n) => (n.max(1), 0),
            Sides::Percent => (100, 0),
            Sides::Fate => (3, -2),
        };
        TermPlan {
            term: term.clone(),
            count: term.count,
            sides,
            offset,
            reroll: term
                .reroll()
                .map(|(cmp, once)| (cmp, if once { 1 } else { MAX_REROLL_DEPTH })),
            explode: term.explode(),
            min: term.min(),
            max: term.max(),
            keep: term.keep_drop(),
            success: term.success,
        }
    }

    /// Steps 1, 2, 4, 5, 6 for a pool of at most [`SMALL_POOL`] dice and no explosion; draws
    /// the same faces in the same order as [`roll_pool`].
    #[inline]
    fn roll_small(&self, rng: &mut DiceRng, budget: &mut Budget) -> Result<i64, RollError> {
        let n = self.count as usize;
        let mut pool = [0i64; SMALL_POOL];
        budget.take(self.count)?;
        for slot in pool.iter_mut().take(n) {
            let mut face = i64::from(sample_face(rng, self.sides)) + self.offset;
            if let Some((cmp, cap)) = self.reroll {
                let mut k = 0;
                while k < cap && cmp.matches(face) {
                    budget.take(1)?;
                    face = i64::from(sample_face(rng, self.sides)) + self.offset;
                    k += 1;
                }
            }
            *slot = clamp_value(face, self.min, self.max);
        }
        let pool = &mut pool[..n];
        let kept: &[i64] = match self.keep {
            None => pool,
            Some((which, count)) => {
                let (keep, highest) = kept_span(which, count, n);
                small_sort(pool);
                if highest {
                    &pool[n - keep..]
                } else {
                    &pool[..keep]
                }
            }
        };
        score(kept.iter().copied(), self.success)
    }
}

/// Ascending sort for the few dice of a small pool. Dice are random, so the branches of an
/// ordinary sort mispredict on almost every comparison; up to 8 dice a fixed network of
/// min/max exchanges (compiled to conditional moves) is faster.
#[inline]
fn small_sort(v: &mut [i64]) {
    let n = v.len();
    if n > 8 {
        v.sort_unstable();
        return;
    }
    for i in 0..n {
        for j in 0..n - 1 - i {
            let (a, b) = (v[j], v[j + 1]);
            v[j] = a.min(b);
            v[j + 1] = a.max(b);
        }
    }
}

#[derive(Debug, Clone)]
enum Node {
    Const(i64),
    Plain(PlainDice),
    Term(Box<TermPlan>),
    Neg(Box<Node>),
    Bin(BinOp, Box<Node>, Box<Node>),
}

#[derive(Debug, Clone)]
enum Code {
    /// `constant + Σ ±terms`, where no order of evaluation can overflow.
    Linear {
        constant: i64,
        terms: Box<[(PlainDice, bool)]>,
        dice: u32,
    },
    /// Anything else, evaluated like the tree path without building the tree.
    Tree { root: Node, static_dice: u32 },
}

/// An expression compiled for many total-only rolls. See the module docs.
#[derive(Debug, Clone)]
pub struct Program {
    code: Code,
    scratch: Vec<i64>,
}

impl Program {
    /// Compiles an expression (checking it against the limits first).
    pub fn compile(expr: &Expression) -> Result<Program, RollError> {
        limits::check_expression(expr).map_err(RollError::Invalid)?;
        let code = match linear(&expr.root) {
            Some(code) => code,
            None => {
                let mut static_dice = 0;
                let root = lower(&expr.root, &mut static_dice);
                Code::Tree { root, static_dice }
            }
        };
        Ok(Program {
            code,
            scratch: Vec::new(),
        })
    }

    /// Whether this program runs the allocation-free linear loop (plain dice and constants).
    pub fn is_linear(&self) -> bool {
        matches!(self.code, Code::Linear { .. })
    }

    /// Rolls once and returns the total only: the same total (or error) as [`roll`] from the
    /// same generator state, and after a successful roll the generator is in the same state.
    #[inline]
    pub fn roll_total(&mut self, rng: &mut DiceRng) -> Result<i64, RollError> {
        match &self.code {
            Code::Linear {
                constant, terms, ..
            } => {
                let mut sum: i64 = 0;
                for &(dice, negative) in terms.iter() {
                    let v = dice.roll(rng);
                    if negative {
                        sum -= v;
                    } else {
                        sum += v;
                    }
                }
                // `linear` proved |constant| + Σ max|term| ≤ i64::MAX, so this cannot overflow.
                Ok(constant + sum)
            }
            Code::Tree { root, .. } => {
                let mut budget = Budget::default();
                eval(root, rng, &mut budget, &mut self.scratch)
            }
        }
    }

    /// The dice a roll rolls at least (before rerolls and explosions).
    pub fn static_dice(&self) -> u32 {
        match &self.code {
            Code::Linear { dice, .. } => *dice,
            Code::Tree { static_dice, .. } => *static_dice,
        }
    }
}

/// Flattens `±a ± b ± …` of plain dice and constants, if the whole expression is of that shape
/// and cannot overflow in any order of evaluation.
fn linear(root: &Expr) -> Option<Code> {
    fn walk(
        e: &Expr,
        negative: bool,
        constant: &mut i128,
        bound: &mut i128,
        terms: &mut Vec<(PlainDice, bool)>,
    ) -> Option<()> {
        match e {
            Expr::Number { value } => {
                let v = i128::from(*value);
                *constant += if negative { -v } else { v };
                *bound += v.abs();
            }
            Expr::Dice(term) => {
                let plain = PlainDice::of(term)?;
                let top = i128::from(plain.sides.max(2)) * i128::from(plain.count);
                *bound += top;
                terms.push((plain, negative));
            }
            Expr::Group { expr } => walk(expr, negative, constant, bound, terms)?,
            Expr::Neg { expr } => walk(expr, !negative, constant, bound, terms)?,
            Expr::Binary {
                op: BinOp::Add,
                lhs,
                rhs,
            } => {
                walk(lhs, negative, constant, bound, terms)?;
                walk(rhs, negative, constant, bound, terms)?;
            }
            Expr::Binary {
                op: BinOp::Sub,
                lhs,
                rhs,
            } => {
                walk(lhs, negative, constant, bound, terms)?;
                walk(rhs, !negative, constant, bound, terms)?;
            }
            Expr::Binary { .. } => return None,
        }
        Some(())
    }
    let (mut constant, mut bound, mut terms) = (0i128, 0i128, Vec::new());
    walk(root, false, &mut constant, &mut bound, &mut terms)?;
    // Every partial result of the tree path is bounded by `bound`; if that fits, so do all.
    if bound > i128::from(i64::MAX) {
        return None;
    }
    let dice = terms.iter().map(|(t, _)| t.count).sum();
    Some(Code::Linear {
        constant: i64::try_from(constant).ok()?,
        terms: terms.into(),
        dice,
    })
}

fn lower(e: &Expr, static_dice: &mut u32) -> Node {
    match e {
        Expr::Number { value } => Node::Const(*value),
        Expr::Dice(term) => {
            *static_dice += term.count;
            match PlainDice::of(term) {
                Some(p) => Node::Plain(p),
                None => Node::Term(Box::new(TermPlan::new(term))),
            }
        }
        Expr::Group { expr } => lower(expr, static_dice),
        Expr::Neg { expr } => Node::Neg(Box::new(lower(expr, static_dice))),
        Expr::Binary { op, lhs, rhs } => {
            let l = lower(lhs, static_dice);
            let r = lower(rhs, static_dice);
            Node::Bin(*op, Box::new(l), Box::new(r))
        }
    }
}

fn eval(
    n: &Node,
    rng: &mut DiceRng,
    budget: &mut Budget,
    scratch: &mut Vec<i64>,
) -> Result<i64, RollError> {
    match n {
        Node::Const(v) => Ok(*v),
        Node::Plain(p) => {
            budget.take(p.count)?;
            Ok(p.roll(rng))
        }
        Node::Term(plan) => {
            if plan.explode.is_none() && plan.count as usize <= SMALL_POOL {
                return plan.roll_small(rng, budget);
            }
            let term = &plan.term;
            scratch.clear();
            roll_pool(term, rng, budget, &mut FaceSink(scratch))?;
            let (min, max) = (term.min(), term.max());
            if min.is_some() || max.is_some() {
                for v in scratch.iter_mut() {
                    *v = clamp_value(*v, min, max);
                }
            }
            match term.keep_drop() {
                None => score(scratch.iter().copied(), term.success),
                Some((which, count)) => {
                    let (keep, highest) = kept_span(which, count, scratch.len());
                    if highest {
                        scratch.sort_unstable_by(|a, b| b.cmp(a));
                    } else {
                        scratch.sort_unstable();
                    }
                    score(scratch[..keep].iter().copied(), term.success)
                }
            }
        }
        Node::Neg(inner) => eval(inner, rng, budget, scratch)?
            .checked_neg()
            .ok_or(RollError::Overflow),
        Node::Bin(op, l, r) => {
            let a = eval(l, rng, budget, scratch)?;
            let b = eval(r, rng, budget, scratch)?;
            arith(*op, a, b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    fn expr(s: &str) -> Expression {
        match parse(s) {
            Ok(e) => e,
            Err(e) => panic!("{s}: {e}"),
        }
    }
    fn manual(s: &str, faces: &[i64]) -> Result<RollResult, RollError> {
        roll_with(&expr(s), &mut ManualFaces::new(faces.to_vec()))
    }
    fn dice_of(r: &RollResult) -> Vec<Die> {
        r.dice_terms()
            .into_iter()
            .flat_map(|(_, d)| d.to_vec())
            .collect()
    }

    #[test]
    fn floor_division() {
        assert_eq!(arith(BinOp::Div, 7, 2), Ok(3));
        assert_eq!(arith(BinOp::Div, -7, 2), Ok(-4));
        assert_eq!(arith(BinOp::Div, 7, -2), Ok(-4));
        assert_eq!(arith(BinOp::Div, -7, -2), Ok(3));
        assert_eq!(arith(BinOp::Div, -8, 2), Ok(-4));
        assert_eq!(arith(BinOp::Div, 1, 0), Err(RollError::DivisionByZero));
        assert_eq!(arith(BinOp::Div, i64::MIN, -1), Err(RollError::Overflow));
        assert_eq!(arith(BinOp::Mul, i64::MAX, 2), Err(RollError::Overflow));
    }

    #[test]
    fn plain_sum_with_manual_faces() {
        let r = manual("2d10+3 [Agility]", &[7, 4]).unwrap();
        assert_eq!(r.total, 14);
        assert_eq!(r.label.as_deref(), Some("Agility"));
        assert_eq!(r.expression, "2d10+3");
        match &r.root {
            RollNode::Binary { lhs, .. } => assert_eq!(lhs.value(), 11),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn keep_highest_marks_dropped_die() {
        let r = manual("4d6kh3", &[3, 6, 1, 5]).unwrap();
        assert_eq!(r.total, 14);
        let kept: Vec<bool> = dice_of(&r).iter().map(|d| d.kept).collect();
        assert_eq!(kept, [true, true, false, true]);
        assert_eq!(manual("2d20kl1", &[15, 4]).unwrap().total, 4);
        assert_eq!(manual("4d6dl1", &[3, 6, 1, 5]).unwrap().total, 14);
        assert_eq!(manual("4d6dh2", &[3, 6, 1, 5]).unwrap().total, 4);
    }

    #[test]
    fn reroll_while_matching_and_once() {
        let r = manual("1d6r<3", &[1, 2, 5]).unwrap();
        assert_eq!(r.total, 5);
        assert_eq!(dice_of(&r)[0].rerolled, [1, 2]);
        let r = manual("1d6ro<3", &[1, 2]).unwrap();
        assert_eq!(
            r.total, 2,
            "reroll once keeps the second face even if it matches"
        );
        assert_eq!(dice_of(&r)[0].rerolled, [1]);
        assert!(!dice_of(&r)[0].reroll_capped);
    }

    #[test]
    fn reroll_cap_stops_and_marks() {
        let faces = vec![1; MAX_REROLL_DEPTH as usize + 1];
        let r = manual("1d6r1", &faces).unwrap();
        let d = &dice_of(&r)[0];
        assert_eq!(d.face, 1);
        assert_eq!(d.rerolled.len(), MAX_REROLL_DEPTH as usize);
        assert!(d.reroll_capped);
    }

    #[test]
    fn explosion_adds_dice_after_the_exploding_die() {
        let r = manual("2d6!", &[6, 6, 2, 3]).unwrap();
        assert_eq!(r.total, 17);
        let d = dice_of(&r);
        assert_eq!(d.iter().map(|d| d.face).collect::<Vec<_>>(), [6, 6, 2, 3]);
        assert_eq!(
            d.iter().map(|d| d.exploded).collect::<Vec<_>>(),
            [true, true, false, false]
        );
        assert_eq!(
            d.iter().map(|d| d.from_explosion).collect::<Vec<_>>(),
            [false, true, true, false]
        );
        assert_eq!(manual("1d6!>4", &[5, 6, 1]).unwrap().total, 12);
    }

    #[test]
    fn explosion_cap_stops_and_marks() {
        let faces = vec![6; MAX_EXPLODE_DEPTH as usize + 1];
        let r = manual("1d6!", &faces).unwrap();
        let d = dice_of(&r);
        assert_eq!(d.len(), MAX_EXPLODE_DEPTH as usize + 1);
        let last = &d[d.len() - 1];
        assert!(last.explode_capped && !last.exploded);
        assert_eq!(r.total, 6 * (i64::from(MAX_EXPLODE_DEPTH) + 1));
    }

    #[test]
    fn reroll_then_explode_then_clamp_then_keep() {
        // 3d6r1!mi3kh2: faces 1→4, 6 (explodes) → 2, 5. Values after mi3: 4, 6, 3, 5.
        let r = manual("3d6r1!mi3kh2", &[1, 4, 6, 2, 5]).unwrap();
        let d = dice_of(&r);
        assert_eq!(d.iter().map(|d| d.face).collect::<Vec<_>>(), [4, 6, 2, 5]);
        assert_eq!(d.iter().map(|d| d.value).collect::<Vec<_>>(), [4, 6, 3, 5]);
        assert_eq!(r.total, 11);
        assert_eq!(manual("2d6ma4", &[6, 2]).unwrap().total, 6);
    }

    #[test]
    fn explosion_is_decided_before_clamping() {
        // ma3 lowers the 6 to 3, but the 6 still exploded.
        let r = manual("1d6!ma3", &[6, 2]).unwrap();
        assert_eq!(r.total, 5);
    }

    #[test]
    fn success_counting_over_kept_dice() {
        let r = manual("6d10>=8", &[8, 1, 10, 7, 9, 3]).unwrap();
        assert_eq!(r.total, 3);
        let s: Vec<_> = dice_of(&r).iter().map(|d| d.success).collect();
        assert_eq!(s[0], Some(true));
        assert_eq!(s[1], Some(false));
        assert_eq!(manual("3d10kh2>=8", &[9, 8, 10]).unwrap().total, 2);
        assert_eq!(manual("4d6=6", &[6, 6, 1, 6]).unwrap().total, 3);
    }

    #[test]
    fn fate_and_percent() {
        assert_eq!(manual("4dF", &[-1, 0, 1, 1]).unwrap().total, 1);
        assert_eq!(manual("d%", &[100]).unwrap().total, 100);
        assert!(matches!(
            manual("4dF", &[2, 0, 0, 0]),
            Err(RollError::FaceOutOfRange { .. })
        ));
    }

    #[test]
    fn manual_faces_errors() {
        assert!(matches!(
            manual("2d6", &[3]),
            Err(RollError::FacesExhausted { .. })
        ));
        assert!(matches!(
            manual("1d6", &[7]),
            Err(RollError::FaceOutOfRange { .. })
        ));
        let r = roll_with_faces(&expr("3d4"), |_| Ok(4)).unwrap();
        assert_eq!(r.total, 12);
    }

    #[test]
    fn division_by_zero_and_overflow_at_roll_time() {
        assert_eq!(
            manual("1d6/(1d6-1d6)", &[3, 2, 2]),
            Err(RollError::DivisionByZero)
        );
        assert_eq!(
            manual("9223372036854775807+1d6", &[1]),
            Err(RollError::Overflow)
        );
        assert_eq!(
            manual("-(9223372036854775807+0)-2", &[]),
            Err(RollError::Overflow)
        );
        let mut p = Program::compile(&expr("9223372036854775807+1d6")).unwrap();
        assert!(!p.is_linear());
        assert_eq!(p.roll_total(&mut seeded_rng(1)), Err(RollError::Overflow));
    }

    #[test]
    fn runtime_dice_cap_counts_rerolls_and_explosions() {
        let mut rng = seeded_rng(7);
        // 10,000 written dice, and every reroll pushes past the limit.
        let e = expr("10000d6r<6");
        assert_eq!(
            roll(&e, &mut rng),
            Err(RollError::TooManyDice { limit: MAX_DICE })
        );
        let mut p = Program::compile(&e).unwrap();
        assert_eq!(
            p.roll_total(&mut rng),
            Err(RollError::TooManyDice { limit: MAX_DICE })
        );
        let e = expr("9999d2!");
        assert_eq!(
            roll(&e, &mut rng),
            Err(RollError::TooManyDice { limit: MAX_DICE })
        );
        let err = RollError::TooManyDice { limit: MAX_DICE }.to_string();
        assert!(err.contains("10000") && err.contains("MAX_DICE"), "{err}");
    }

    #[test]
    fn hand_built_trees_are_checked() {
        let e = Expression {
            root: Expr::Dice(DiceTerm {
                count: 1,
                sides: Sides::Faces(0),
                modifiers: vec![],
                success: None,
            }),
            label: None,
        };
        assert!(matches!(
            roll(&e, &mut seeded_rng(1)),
            Err(RollError::Invalid(_))
        ));
        assert!(matches!(Program::compile(&e), Err(RollError::Invalid(_))));
    }

    #[test]
    fn fast_path_matches_tree_path() {
        for s in [
            "2d10+3",
            "1d20",
            "10d6",
            "4d6kh3",
            "6d10>=8",
            "3d6!",
            "2d20kl1+5",
            "8d6r1",
            "4dF+d%",
            "(2d6+1)*3-1d4/2",
            "-3d8ro<3mi2ma7dl1",
            "5d10!>8kh3>=7",
            "12d6kh5",
            "8d6dl3",
            "30d6kl7",
        ] {
            let e = expr(s);
            let mut program = Program::compile(&e).unwrap();
            let mut a = seeded_rng(42);
            let mut b = seeded_rng(42);
            for _ in 0..500 {
                let tree = roll(&e, &mut a).map(|r| r.total);
                assert_eq!(program.roll_total(&mut b), tree, "{s}");
            }
        }
        assert!(Program::compile(&expr("2d10+3-d4")).unwrap().is_linear());
        assert!(!Program::compile(&expr("2d10*3")).unwrap().is_linear());
    }

    #[test]
    fn result_tree_round_trips_through_json() {
        let r = roll(&expr("3d6r1!kh2+4dF>=0 [Test]"), &mut seeded_rng(3)).unwrap();
        let json = serde_json::to_string(&r).unwrap();
        let back: RollResult = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
        assert!(json.contains("\"kind\":\"dice\""), "{json}");
    }

    #[test]
    fn sample_face_covers_all_faces_and_only_them() {
        let mut rng = seeded_rng(9);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            let f = sample_face(&mut rng, 7);
            assert!((1..=7).contains(&f));
            seen[f as usize - 1] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(sample_face(&mut rng, 1), 1);
        let big = sample_face(&mut rng, u32::MAX);
        assert!(big >= 1);
    }
}
