//! Exact distributions of dice expressions.
//!
//! [`distribution`] returns every possible value of an [`Expression`] with its exact
//! probability (a fraction of big integers), the same as an `f64`, the mean, the standard
//! deviation and `P(≥ t)`. Nothing enumerates the `Xᴺ` outcomes of a pool: every operator has
//! its own polynomial-time algorithm, below.
//!
//! # Representation
//!
//! A distribution is a list of integer *weights* over a common denominator (weights sum to the
//! denominator exactly), dense on an arithmetic grid of values (`lo + step·i`, so `2d6*10` is
//! as small as `2d6`). Every algorithm is generic over the weight type and runs first with
//! `u128` using checked arithmetic; if anything would overflow, the whole expression is
//! recomputed with [`BigUint`]. Fractions are reduced only on output
//! ([`Distribution::exact`]); floats are derived from the exact weights at the very end, and
//! so are the mean and the variance (computed as exact rationals, then converted).
//!
//! # Algorithms, per operator
//!
//! * **Constants** — one outcome. **Unary minus** — the grid reversed.
//! * **`+`, `-`** — convolution of the two independent distributions: `|A|·|B|` multiply-adds,
//!   or a sliding-window sum (`|A|+|B|`) when one side has equal weights (a plain die).
//! * **`*`, `/`** — by a constant: the grid is rescaled (`/` maps each value to `⌊v/c⌋`).
//!   Between two random operands: every pair of outcomes is visited (`|A|·|B|` work, checked
//!   against the budget first). `/` rounds towards negative infinity. If the divisor can be 0
//!   the whole expression is refused with [`OddsError::DivisionByZero`] naming the divisor
//!   (the roller fails on such a roll, so the expression has no distribution).
//! * **`NdX`** — the die's weights, then the sum of `N` independent copies by the J.C.P. Miller
//!   recurrence for the power of a polynomial (`N·m` coefficients × `m` terms for an
//!   `m`-outcome die), or by `N` sliding-window sums when the die is uniform and `N < m`
//!   (`2d1000000`). `dF` has faces −1, 0, +1; `d%` faces 1..=100.
//! * **Reroll `r` (while)** — the conditional distribution: matching faces get weight 0, the
//!   others keep theirs (`d6r1` is uniform on 2..=6, exactly 1/5 each). This is the limit of
//!   rerolling forever. The roller stops after [`MAX_REROLL_DEPTH`](crate::limits::MAX_REROLL_DEPTH) rerolls and keeps the last
//!   face even if it matches; that happens with probability `p^(cap+1)` per die (`p` = chance of
//!   a matching face), which is reported as an [`Approximation`] of kind
//!   [`ApproximationKind::Reroll`] and otherwise ignored.
//! * **Reroll once `ro`** — a mixture: face `f` has weight `T·[f does not match] + m` over `T²`
//!   (`T` faces, `m` of them matching): exact, the roller does the same.
//! * **Explode `!`** — a chain is the die plus the extra dice it adds. Its value distribution
//!   is built by the recurrence `C₀ = F`, `Cᵢ = S·Tⁱ + E ⊛ Cᵢ₋₁` (`E`/`S` = exploding/stopping
//!   faces, `F` all faces) up to a depth `d`, then raised to the `N`-th power like a die. The
//!   support is infinite, so the chain is truncated **the way the roller caps it**: after `d`
//!   extra dice the chain stops and the last die counts as rolled (its mass stays on the capped
//!   chain's value; nothing is removed, the probabilities sum to exactly 1). The roller's cap
//!   is [`MAX_EXPLODE_DEPTH`] = 100; by default `d` is the smallest depth with
//!   `p^(d+1) ≤ 2⁻⁶⁴` (`p` = chance that one die explodes), at most 100. The model equals the
//!   roller except on chains that reach `d` extra dice and would explode again: exactly
//!   `p^(d+1)` per chain, reported in [`Distribution::approximations`] (0 when `d` = 100: then
//!   the distribution is exactly the roller's). [`OddsOptions::explode_depth`] sets `d`.
//! * **Clamp `mi`/`ma`** — each face's value is clamped; the explosion is decided on the face
//!   before clamping, keep/drop and success counting use the clamped face.
//! * **Success counting `>=t`** — each kept die is worth 1 if its (clamped) face meets the
//!   target, else 0; without keep/drop this is a binomial (the same power algorithm on a
//!   two-outcome die).
//! * **Keep/drop `kh kl dh dl`** — an order-statistics dynamic programme over the die's faces
//!   (the method icepool uses), never over outcomes. Faces are visited from the end that is
//!   kept (highest first for `kh`/`dh`…), and the state is the number of dice placed so far;
//!   placing `j` of the remaining dice on face `f` multiplies the weight by `C(t+j, j)·w_f^j`.
//!   * *keep k*: the polynomial of the kept sum rides on each state; once `k` dice are placed
//!     the state is frozen (its kept sum is final) and the rest of the pool contributes a
//!     closed-form completion weight. Work ≈ faces × k² × (length of the kept-sum polynomial).
//!   * *drop d*: states carry only a weight until `d` dice are dropped; from then on every
//!     remaining die is kept, whose sum is a closed-form completion polynomial (a power of the
//!     remaining faces' polynomial). For a fixed pool, "keep k of N" and "drop N−k" are the same
//!     thing, and the cheaper of the two runs.
//! * **Keep/drop with exploding dice** — extra dice join the pool (the roller's semantics), so
//!   the pool size is random. Given how many exploding faces (`a`) and stopping faces (`b`) the
//!   pool holds, the faces are independent draws from the exploding and the stopping faces, so
//!   the same DP runs with two families of dice and a joint weight `M(a, b)` of pool shapes:
//!   `M(a, n−c) = C(n,c)·[xᵃ⁻⁽ᵈ⁺¹⁾ᶜ] H(x)ⁿ⁻ᶜ` with `H(x) = Σ_{l≤d} T^(d−l)·xˡ`, where `c` counts
//!   chains that hit the cap with an exploding last face. This is exact for the capped model.
//!
//! # Limits
//!
//! Work is estimated before each step and charged against [`limits::WORK_BUDGET`] (units ≈ one
//! machine multiply-add; a big-integer operation costs more in proportion to its size); an
//! expression over the budget is refused with [`OddsError::TooMuchWork`] naming the step.
//! No intermediate distribution may have more than [`limits::MAX_SPAN`] grid points
//! ([`OddsError::TooManyOutcomes`]), nor weights taking more than [`limits::MAX_BYTES`] of
//! memory at the precision it needs ([`OddsError::TooMuchMemory`]); the final probability
//! table (one big integer per value) is charged and size-checked like every step. So
//! `1d1000000*1d1000000` and `30d82088` (2.5 million values of 500-bit weights) are refused
//! in microseconds, `10000d6` (50,001 outcomes, 26,000-bit weights) is computed. The dice-count, sides and
//! nesting limits of [`crate::limits`] are checked first. The roller also stops an expression
//! whose explosions roll more than [`crate::limits::MAX_DICE`] dice in total; that dynamic limit
//! is not modelled here (it only concerns pools near 10,000 dice).

use crate::ast::{BinOp, Expr, Expression};
use crate::limits::MAX_EXPLODE_DEPTH;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

mod dist;
mod num;
mod term;

use dist::Dist;
use num::Num;

/// The limits of the odds engine.
pub mod limits {
    /// Work budget of one [`super::distribution`] call, in units of about one machine
    /// multiply-add (about a second at most on one core).
    pub const WORK_BUDGET: u64 = 500_000_000;
    /// At most this many grid points in any intermediate distribution.
    pub const MAX_SPAN: u64 = 4_000_000;
    /// At most this many bytes of weights in any one distribution (its grid points times
    /// the size of one weight at the precision the computation needs): a request's memory
    /// stays bounded whatever the expression.
    pub const MAX_BYTES: u64 = 256 << 20;
}

/// Why a distribution could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    /// The expression breaks a limit of [`crate::limits`] or can never finish.
    #[error("{0}")]
    Invalid(String),
    /// The exact computation would exceed [`limits::WORK_BUDGET`].
    #[error(
        "exact odds refused: the {what} step needs about {needed} units of work, over the \
         budget of {limit} (dice::odds::limits::WORK_BUDGET)"
    )]
    TooMuchWork {
        what: &'static str,
        needed: u64,
        limit: u64,
    },
    /// A distribution would have more than [`limits::MAX_SPAN`] points.
    #[error(
        "exact odds refused: {outcomes} possible values, over the limit of {limit} \
         (dice::odds::limits::MAX_SPAN)"
    )]
    TooManyOutcomes { outcomes: u64, limit: u64 },
    /// A distribution's weights would take more than [`limits::MAX_BYTES`] of memory.
    #[error(
        "exact odds refused: {outcomes} possible values with weights this large need about \
         {bytes} bytes, over the limit of {limit} (dice::odds::limits::MAX_BYTES)"
    )]
    TooMuchMemory {
        outcomes: u64,
        bytes: u64,
        limit: u64,
    },
    /// The divisor of `/` takes the value 0 with non-zero probability.
    #[error("division by zero: the divisor `{divisor}` is 0 with probability {probability}")]
    DivisionByZero {
        divisor: String,
        probability: String,
    },
    /// A value does not fit in 64 bits.
    #[error("a value of the expression does not fit in a 64-bit integer")]
    ValueOverflow,
    /// Internal signal that `u128` weights overflowed; never returned by [`distribution`].
    #[doc(hidden)]
    #[error("internal: machine-integer overflow")]
    Overflow,
    /// A broken internal invariant (a bug; please report the expression).
    #[error("internal error in the odds engine: {0}")]
    Internal(String),
}

/// Options of [`distribution_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsOptions {
    /// Explosion depth (extra dice per chain), at most [`MAX_EXPLODE_DEPTH`]. `None`: the
    /// smallest depth whose cut mass per chain is at most 2⁻⁶⁴.
    pub explode_depth: Option<u32>,
    /// Work budget (defaults to [`limits::WORK_BUDGET`]).
    pub work_budget: u64,
    /// Skip the machine-integer tiers (tests use it to check that every tier agrees).
    #[doc(hidden)]
    pub force_big: bool,
}

impl Default for OddsOptions {
    fn default() -> Self {
        OddsOptions {
            explode_depth: None,
            work_budget: limits::WORK_BUDGET,
            force_big: false,
        }
    }
}

/// Where the computed distribution departs from what the roller does.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ApproximationKind {
    /// Exploding chains truncated at `depth` extra dice (the mass stays on the capped value).
    Explode,
    /// `r` computed as rerolling until no match; the roller stops after `cap` rerolls.
    Reroll,
}

/// One approximation made for a dice term (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub struct Approximation {
    /// The dice term, in canonical notation.
    pub term: String,
    pub kind: ApproximationKind,
    /// For explosions: the depth used (extra dice per chain).
    pub depth: Option<u32>,
    /// The roller's cap ([`MAX_EXPLODE_DEPTH`] or [`crate::limits::MAX_REROLL_DEPTH`]).
    pub cap: u32,
    /// Number of dice (chains) in the term.
    pub dice: u32,
    /// Exact probability, per die, of the event on which this distribution and the roller
    /// differ (explosion: `p^(depth+1)`, 0 if `depth` = cap; reroll: `p^(cap+1)`).
    pub mass_per_die: BigRational,
    pub mass_per_die_f64: f64,
}

impl Approximation {
    /// Upper bound (union bound over the dice) of the probability that a roll of the whole
    /// term falls in the region where this distribution and the roller differ.
    pub fn mass_bound(&self) -> f64 {
        (self.mass_per_die_f64 * f64::from(self.dice)).min(1.0)
    }
    /// A one-line explanation for people.
    pub fn describe(&self) -> String {
        match self.kind {
            ApproximationKind::Explode => {
                let d = self.depth.unwrap_or(self.cap);
                if d >= self.cap {
                    format!(
                        "{}: exploding chains capped at {d} extra dice, exactly as the roller caps them",
                        self.term
                    )
                } else {
                    format!(
                        "{}: exploding chains truncated at {d} extra dice (the roller allows {}); \
                         the capped chain keeps its value; mass where they differ: {} per die \
                         (≈{:.3e}), at most {:.3e} for the term",
                        self.term,
                        self.cap,
                        self.mass_per_die,
                        self.mass_per_die_f64,
                        self.mass_bound()
                    )
                }
            }
            ApproximationKind::Reroll => format!(
                "{}: reroll computed as repeating until no match; the roller stops after {} \
                 rerolls, which happens with probability ≈{:.3e} per die",
                self.term, self.cap, self.mass_per_die_f64
            ),
        }
    }
}

/// Working context of one computation: the remaining work budget, the overflow flag of the
/// `u128` pass and the approximations made.
pub(crate) struct Cx {
    budget_left: u64,
    budget: u64,
    pub(crate) ovf: bool,
    pub(crate) explode_depth: Option<u32>,
    pub(crate) approximations: Vec<Approximation>,
}

impl Cx {
    fn new(opts: &OddsOptions) -> Self {
        Cx {
            budget_left: opts.work_budget,
            budget: opts.work_budget,
            ovf: false,
            explode_depth: opts.explode_depth,
            approximations: Vec::new(),
        }
    }
    /// Charges `ops` multiply-adds on numbers of `bits_a` × `bits_b` bits.
    pub(crate) fn charge_ops<N: Num>(
        &mut self,
        ops: u64,
        bits_a: u64,
        bits_b: u64,
        what: &'static str,
    ) -> Result<(), OddsError> {
        let per = N::op_cost(bits_a, bits_b);
        let units = ops.saturating_mul(per);
        if units > self.budget_left {
            return Err(OddsError::TooMuchWork {
                what,
                needed: units.saturating_add(self.budget - self.budget_left),
                limit: self.budget,
            });
        }
        self.budget_left -= units;
        Ok(())
    }
}

/// The exact distribution of `expr` with default options.
pub fn distribution(expr: &Expression) -> Result<Distribution, OddsError> {
    distribution_with(expr, &OddsOptions::default())
}

/// The exact distribution of `expr`.
pub fn distribution_with(expr: &Expression, opts: &OddsOptions) -> Result<Distribution, OddsError> {
    crate::limits::check_expression(expr).map_err(OddsError::Invalid)?;
    if let Some(d) = opts.explode_depth
        && d > MAX_EXPLODE_DEPTH
    {
        return Err(OddsError::Invalid(format!(
            "explosion depth {d} is over the roller's cap of {MAX_EXPLODE_DEPTH}"
        )));
    }
    // Machine integers first, then fixed-width integers of 256 to 2048 bits, then big integers:
    // each tier is tried only if the denominator can fit, and left on the first overflow.
    let bits = denominator_bits(&expr.root, opts);
    macro_rules! tier {
        ($t:ty, $cap:expr) => {
            if bits + 24.0 <= $cap {
                let mut cx = Cx::new(opts);
                match eval::<$t>(&expr.root, &mut cx) {
                    Ok(d) if !cx.ovf => return finish(d, cx),
                    Ok(_) | Err(OddsError::Overflow) => {}
                    Err(e) => return Err(e),
                }
            }
        };
    }
    if !opts.force_big {
        tier!(u128, 128.0 + 24.0 - 1.0);
        // The same tiers on `bnum`'s integers, for the side-by-side measurement only
        // (`--features bnum-compare` and `DELVE_ODDS_BNUM=1`, `DELVE_ODDS_RUINT=1` for `ruint`'s;
        // see `odds::num`).
        #[cfg(feature = "bnum-compare")]
        let bnum_tiers = std::env::var_os("DELVE_ODDS_BNUM").is_some();
        #[cfg(not(feature = "bnum-compare"))]
        let bnum_tiers = false;
        if bnum_tiers {
            #[cfg(feature = "bnum-compare")]
            {
                if std::env::var_os("DELVE_ODDS_RUINT").is_some() {
                    tier!(ruint::Uint<256, 4>, 256.0);
                    tier!(ruint::Uint<512, 8>, 512.0);
                    tier!(ruint::Uint<1024, 16>, 1024.0);
                    tier!(ruint::Uint<2048, 32>, 2048.0);
                }
                tier!(bnum::Uint<32>, 256.0);
                tier!(bnum::Uint<64>, 512.0);
                tier!(bnum::Uint<128>, 1024.0);
                tier!(bnum::Uint<256>, 2048.0);
            }
        } else {
            tier!(num::Wide<4>, 256.0);
            tier!(num::Wide<8>, 512.0);
            tier!(num::Wide<16>, 1024.0);
            tier!(num::Wide<32>, 2048.0);
        }
    }
    let mut cx = Cx::new(opts);
    match eval::<BigUint>(&expr.root, &mut cx) {
        Ok(_) if cx.ovf => Err(OddsError::Internal("negative weight".into())),
        Ok(d) => finish(d, cx),
        Err(OddsError::Overflow) => Err(OddsError::Internal("negative weight".into())),
        Err(e) => Err(e),
    }
}

/// A lower estimate of the bits of the final denominator (to skip a doomed `u128` pass).
fn denominator_bits(e: &Expr, opts: &OddsOptions) -> f64 {
    match e {
        Expr::Number { .. } => 0.0,
        Expr::Dice(t) => {
            let faces = f64::from(t.sides.face_count().max(1));
            let mut per_die = faces.log2();
            if t.reroll().is_some_and(|(_, once)| once) {
                per_die *= 2.0;
            }
            if let Some(cmp) = t.explode() {
                let (lo, hi) = (t.sides.min_face(), t.sides.max_face());
                let hits = (lo..=hi).filter(|&f| cmp.matches(f)).count() as f64;
                let p = hits / faces;
                let depth = match opts.explode_depth {
                    Some(d) => f64::from(d),
                    None if p >= 1.0 => f64::from(MAX_EXPLODE_DEPTH),
                    None if p <= 0.0 => 0.0,
                    None => {
                        ((64.0 / -p.log2()).ceil() - 1.0).clamp(0.0, f64::from(MAX_EXPLODE_DEPTH))
                    }
                };
                per_die *= depth + 1.0;
            }
            per_die * f64::from(t.count)
        }
        Expr::Neg { expr } | Expr::Group { expr } => denominator_bits(expr, opts),
        Expr::Binary { lhs, rhs, .. } => denominator_bits(lhs, opts) + denominator_bits(rhs, opts),
    }
}

fn eval<N: Num>(e: &Expr, cx: &mut Cx) -> Result<Dist<N>, OddsError> {
    match e {
        Expr::Number { value } => Ok(Dist::constant(*value)),
        Expr::Dice(term) => term::dice_term(term, cx),
        Expr::Neg { expr } => eval::<N>(expr, cx)?.neg(),
        Expr::Group { expr } => eval(expr, cx),
        Expr::Binary { op, lhs, rhs } => {
            let a = eval::<N>(lhs, cx)?;
            let b = eval::<N>(rhs, cx)?;
            match op {
                BinOp::Add => a.add(&b, cx),
                BinOp::Sub => a.add(&b.neg()?, cx),
                BinOp::Mul => {
                    if let Some(c) = b.is_constant() {
                        a.scale(c)
                    } else if let Some(c) = a.is_constant() {
                        b.scale(c)
                    } else {
                        a.pairwise(&b, cx, "product", |x, y| {
                            x.checked_mul(y).ok_or(OddsError::ValueOverflow)
                        })
                    }
                }
                BinOp::Div => {
                    let zero = b.weight_of_zero();
                    if !zero.is_zero() {
                        let p = BigRational::new(zero.to_big().into(), b.den.to_big().into());
                        return Err(OddsError::DivisionByZero {
                            divisor: rhs.to_string(),
                            probability: p.to_string(),
                        });
                    }
                    a.pairwise(&b, cx, "quotient", |x, y| {
                        if y == -1 {
                            return x.checked_neg().ok_or(OddsError::ValueOverflow);
                        }
                        Ok(Integer::div_floor(&x, &y))
                    })
                }
            }
        }
    }
}

/// Top 64 bits of `x` as an `f64` mantissa and the binary exponent: `x ≈ m · 2^e`.
fn top_f64(x: &BigUint) -> (f64, i64) {
    let bits = x.bits();
    if bits <= 64 {
        return (ToPrimitive::to_u64(x).map_or(0.0, |v| v as f64), 0);
    }
    let shift = bits - 64;
    let mut digits = x.iter_u64_digits().rev();
    let hi = digits.next().unwrap_or(0);
    let lo = digits.next().unwrap_or(0);
    // `hi` holds the top `bits − 64·(len−1)` bits; splice `lo` under it to 64 bits.
    let top_bits = bits - 64 * (x.iter_u64_digits().len() as u64 - 1);
    let m = if top_bits == 64 {
        hi
    } else {
        (hi << (64 - top_bits)) | (lo >> top_bits)
    };
    (m as f64, shift as i64)
}

fn finish<N: Num>(d: Dist<N>, mut cx: Cx) -> Result<Distribution, OddsError> {
    // The table below holds every weight as a big integer and walks it a few times (about
    // four big-integer operations per value): charged like the steps before it.
    let den_bits = d.den.bits();
    let outcomes = d.w.len() as u64;
    dist::check_size::<BigUint>(outcomes, den_bits)?;
    cx.charge_ops::<BigUint>(
        outcomes.saturating_mul(4),
        den_bits,
        64,
        "probability table",
    )?;
    let den = d.den.to_big();
    let mut values = Vec::new();
    let mut numerators = Vec::new();
    let mut sum = <BigUint as Zero>::zero();
    for (v, w) in d.values() {
        let w = w.to_big();
        sum += &w;
        values.push(v);
        numerators.push(w);
    }
    if sum != den || values.is_empty() {
        return Err(OddsError::Internal(format!(
            "weights sum to {sum}, denominator is {den}"
        )));
    }
    let (dm, de) = top_f64(&den);
    // Every float is the exact fraction rounded once, so P(>=) of the lowest value is exactly
    // 1.0 and cumulative columns carry no summed rounding error.
    let to_f64 = |c: &BigUint| {
        let (cm, ce) = top_f64(c);
        let e = ce - de;
        let r = cm / dm;
        if e == 0 {
            r
        } else {
            r * 2f64.powi(e.clamp(-2000, 2000) as i32)
        }
    };
    let probabilities: Vec<f64> = numerators.iter().map(to_f64).collect();
    let mut at_least = vec![0.0; numerators.len()];
    let mut acc = <BigUint as Zero>::zero();
    for i in (0..numerators.len()).rev() {
        acc += &numerators[i];
        at_least[i] = to_f64(&acc).min(1.0);
    }
    let mut at_most = vec![0.0; numerators.len()];
    let mut acc = <BigUint as Zero>::zero();
    for (i, c) in numerators.iter().enumerate() {
        acc += c;
        at_most[i] = to_f64(&acc).min(1.0);
    }
    let mut s1 = BigInt::zero();
    let mut s2 = BigInt::zero();
    for (v, c) in values.iter().zip(&numerators) {
        let vc = BigInt::from(*v) * BigInt::from(c.clone());
        s2 += &vc * *v;
        s1 += vc;
    }
    let den_i = BigInt::from(den.clone());
    let mean_exact = BigRational::new(s1.clone(), den_i.clone());
    let var_num = &s2 * &den_i - &s1 * &s1;
    let variance_exact = BigRational::new(var_num, &den_i * &den_i);
    let mean = rat_f64(&mean_exact);
    let stddev = rat_f64(&variance_exact).max(0.0).sqrt();
    Ok(Distribution {
        values,
        numerators,
        denominator: den,
        probabilities,
        at_least,
        at_most,
        mean_exact,
        variance_exact,
        mean,
        stddev,
        approximations: cx.approximations,
    })
}

fn rat_f64(r: &BigRational) -> f64 {
    let neg = r.numer() < &BigInt::zero();
    let n = r.numer().magnitude();
    let d = r.denom().magnitude();
    let x = num::ratio_to_f64(n, d);
    if neg { -x } else { x }
}

/// An exact distribution: values in increasing order, each with its probability.
#[derive(Debug, Clone)]
pub struct Distribution {
    values: Vec<i64>,
    numerators: Vec<BigUint>,
    denominator: BigUint,
    probabilities: Vec<f64>,
    at_least: Vec<f64>,
    at_most: Vec<f64>,
    mean_exact: BigRational,
    variance_exact: BigRational,
    mean: f64,
    stddev: f64,
    approximations: Vec<Approximation>,
}

/// One possible value with its probabilities.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    pub value: i64,
    /// P(= value).
    pub probability: f64,
    /// P(≥ value).
    pub at_least: f64,
    /// P(≤ value).
    pub at_most: f64,
}

impl Distribution {
    /// Number of possible values (at least 1).
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Always `false`: every expression has at least one value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    /// The possible values in increasing order.
    pub fn values(&self) -> &[i64] {
        &self.values
    }
    /// `P(=)` of each value, in the order of [`Self::values`].
    pub fn probabilities(&self) -> &[f64] {
        &self.probabilities
    }
    /// The outcomes in increasing order of value.
    pub fn outcomes(&self) -> impl ExactSizeIterator<Item = Outcome> + '_ {
        (0..self.values.len()).map(|i| Outcome {
            value: self.values[i],
            probability: self.probabilities[i],
            at_least: self.at_least[i],
            at_most: self.at_most[i],
        })
    }
    /// The common denominator of [`Self::numerator`] (not reduced).
    pub fn denominator(&self) -> &BigUint {
        &self.denominator
    }
    /// Numerator of the `i`-th outcome over [`Self::denominator`] (not reduced).
    pub fn numerator(&self, i: usize) -> &BigUint {
        &self.numerators[i]
    }
    /// The exact probability of the `i`-th outcome as a reduced fraction `(num, den)`.
    pub fn exact(&self, i: usize) -> (BigUint, BigUint) {
        let n = &self.numerators[i];
        let g = n.gcd(&self.denominator);
        (n / &g, &self.denominator / &g)
    }
    /// [`Self::exact`] written `num/den`.
    pub fn exact_string(&self, i: usize) -> String {
        let (n, d) = self.exact(i);
        format!("{n}/{d}")
    }
    /// The exact probability of `value` (0 if impossible).
    pub fn probability_exact(&self, value: i64) -> BigRational {
        match self.values.binary_search(&value) {
            Ok(i) => self.ratio(self.numerators[i].clone()),
            Err(_) => BigRational::zero(),
        }
    }
    /// P(= value) as a float.
    pub fn probability(&self, value: i64) -> f64 {
        self.values
            .binary_search(&value)
            .map_or(0.0, |i| self.probabilities[i])
    }
    fn ratio(&self, n: BigUint) -> BigRational {
        BigRational::new(n.into(), self.denominator.clone().into())
    }
    /// P(value ≥ t).
    pub fn p_at_least(&self, t: i64) -> f64 {
        let i = self.values.partition_point(|&v| v < t);
        self.at_least.get(i).copied().unwrap_or(0.0)
    }
    /// P(value ≤ t).
    pub fn p_at_most(&self, t: i64) -> f64 {
        let i = self.values.partition_point(|&v| v <= t);
        if i == 0 { 0.0 } else { self.at_most[i - 1] }
    }
    /// P(value ≥ t), exactly.
    pub fn p_at_least_exact(&self, t: i64) -> BigRational {
        let i = self.values.partition_point(|&v| v < t);
        self.ratio(self.numerators[i..].iter().sum())
    }
    /// P(value ≤ t), exactly.
    pub fn p_at_most_exact(&self, t: i64) -> BigRational {
        let i = self.values.partition_point(|&v| v <= t);
        self.ratio(self.numerators[..i].iter().sum())
    }
    /// The smallest possible value.
    pub fn min(&self) -> i64 {
        self.values[0]
    }
    /// The largest possible value.
    pub fn max(&self) -> i64 {
        self.values[self.values.len() - 1]
    }
    pub fn mean(&self) -> f64 {
        self.mean
    }
    pub fn stddev(&self) -> f64 {
        self.stddev
    }
    pub fn mean_exact(&self) -> &BigRational {
        &self.mean_exact
    }
    pub fn variance_exact(&self) -> &BigRational {
        &self.variance_exact
    }
    /// Where this distribution departs from the roller (explosion depth, reroll cap).
    pub fn approximations(&self) -> &[Approximation] {
        &self.approximations
    }
}
