//! Distributions as integer weights over a common denominator, and the arithmetic on them.
//!
//! A [`Dist`] is dense on an arithmetic grid: value `lo + step·i` has weight `w[i]`, and the
//! weights sum to `den`. The grid keeps `2d6×10` (values 20, 30, …, 120) as short as `2d6`;
//! a result whose grid would exceed [`MAX_SPAN`] points is refused.

use super::num::Num;
use super::{Cx, OddsError, limits::MAX_SPAN};
use std::collections::HashMap;

/// A polynomial over consecutive integers: value `lo + i` has weight `w[i]`.
#[derive(Debug, Clone)]
pub(crate) struct Poly<N> {
    pub lo: i64,
    pub w: Vec<N>,
}

impl<N: Num> Poly<N> {
    pub fn zero() -> Self {
        Poly {
            lo: 0,
            w: Vec::new(),
        }
    }
    pub fn monomial(value: i64, weight: N) -> Self {
        Poly {
            lo: value,
            w: vec![weight],
        }
    }
    pub fn hi(&self) -> i64 {
        self.lo + self.w.len() as i64 - 1
    }
    /// Drops zero weights at both ends.
    pub fn trim(&mut self) {
        let Some(first) = self.w.iter().position(|x| !x.is_zero()) else {
            self.w.clear();
            self.lo = 0;
            return;
        };
        let last = self.w.iter().rposition(|x| !x.is_zero()).unwrap_or(first);
        self.w.truncate(last + 1);
        self.w.drain(..first);
        self.lo += first as i64;
    }
    /// `self += other · k · x^shift`.
    pub fn add_scaled(&mut self, other: &Poly<N>, k: &N, shift: i64, cx: &mut Cx) {
        if other.w.is_empty() || k.is_zero() {
            return;
        }
        let olo = other.lo + shift;
        let ohi = other.hi() + shift;
        if self.w.is_empty() {
            self.lo = olo;
        }
        let lo = self.lo.min(olo);
        let hi = self.hi().max(ohi);
        if lo < self.lo {
            let pad = (self.lo - lo) as usize;
            let mut w = vec![N::zero(); pad];
            w.append(&mut self.w);
            self.w = w;
            self.lo = lo;
        }
        let len = (hi - lo + 1) as usize;
        if self.w.len() < len {
            self.w.resize(len, N::zero());
        }
        let base = (olo - self.lo) as usize;
        for (i, x) in other.w.iter().enumerate() {
            if !x.is_zero() {
                self.w[base + i].mul_add(x, k, &mut cx.ovf);
            }
        }
    }
    /// `self -= other` where `other ≤ self` coefficient-wise.
    pub fn sub_assign(&mut self, other: &Poly<N>, cx: &mut Cx) {
        for (i, x) in other.w.iter().enumerate() {
            if x.is_zero() {
                continue;
            }
            let idx = other.lo + i as i64 - self.lo;
            if idx < 0 || idx as usize >= self.w.len() {
                cx.ovf = true;
                return;
            }
            self.w[idx as usize].sub_assign(x, &mut cx.ovf);
        }
    }
    pub fn nnz(&self) -> u64 {
        self.w.iter().filter(|x| !x.is_zero()).count() as u64
    }
    pub fn max_bits(&self) -> u64 {
        self.w.iter().map(Num::bits).max().unwrap_or(0)
    }
    /// Product of two polynomials.
    pub fn mul(&self, other: &Poly<N>, cx: &mut Cx) -> Result<Poly<N>, OddsError> {
        if self.w.is_empty() || other.w.is_empty() {
            return Ok(Poly::zero());
        }
        let cost = self.nnz().saturating_mul(other.nnz());
        cx.charge_ops::<N>(
            cost,
            self.max_bits(),
            other.max_bits(),
            "polynomial product",
        )?;
        let len = self.w.len() + other.w.len() - 1;
        check_size::<N>(len as u64, self.max_bits() + other.max_bits())?;
        let mut out = vec![N::zero(); len];
        let nz: Vec<(usize, &N)> = other
            .w
            .iter()
            .enumerate()
            .filter(|(_, x)| !x.is_zero())
            .collect();
        for (i, a) in self.w.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for &(j, b) in &nz {
                out[i + j].mul_add(a, b, &mut cx.ovf);
            }
        }
        Ok(Poly {
            lo: self.lo + other.lo,
            w: out,
        })
    }
    /// `self^n` by the J.C.P. Miller recurrence: for `P = Σ a_j x^j` with `a_0 ≠ 0` and
    /// `Q = P^n = Σ q_k x^k`, `q_0 = a_0^n` and
    /// `q_k = (1 / (k·a_0)) · Σ_{j=1..min(k,m)} ((n+1)·j − k) · a_j · q_{k−j}`.
    /// Cost: (n·m + 1) coefficients × (non-zero terms of P). The positive and negative parts
    /// of the sum are accumulated separately so everything stays non-negative.
    pub fn pow(&self, n: u64, cx: &mut Cx) -> Result<Poly<N>, OddsError> {
        let mut p = self.clone();
        p.trim();
        if p.w.is_empty() {
            return Ok(Poly::zero());
        }
        if n == 0 {
            return Ok(Poly::monomial(0, N::one()));
        }
        if n == 1 {
            return Ok(p);
        }
        let lo = p.lo.checked_mul(n as i64).ok_or(OddsError::ValueOverflow)?;
        if p.w.len() == 1 {
            return Ok(Poly::monomial(lo, p.w[0].pow(n, &mut cx.ovf)));
        }
        // The recurrence divides by `k·a_0` at every step; run it from the end whose extreme
        // coefficient is smaller (an exploding chain has weight 1 on its top value), on the
        // reversed polynomial, and reverse the result: rev(P)^n = rev(P^n).
        if p.w[p.w.len() - 1].bits() < p.w[0].bits() {
            p.w.reverse();
            let mut q = p.pow(n, cx)?;
            q.w.reverse();
            return Ok(Poly { lo, w: q.w });
        }
        let m = p.w.len() - 1;
        let len = (m as u64).checked_mul(n).and_then(|x| x.checked_add(1));
        let len = len.ok_or(OddsError::ValueOverflow)?;
        check_span(len)?;
        let len = len as usize;
        let nz: Vec<(usize, &N)> =
            p.w.iter()
                .enumerate()
                .skip(1)
                .filter(|(_, x)| !x.is_zero())
                .collect();
        // Uniform weights on a run (a plain die): repeated sliding-window sums cost n²·m,
        // Miller costs n·m·m; take the cheaper.
        let uniform = p.w.iter().all(|x| *x == p.w[0]);
        let den_bits = p
            .max_bits()
            .saturating_add(1)
            .saturating_mul(n)
            .saturating_add(64);
        check_size::<N>(len as u64, den_bits)?;
        if uniform && n < m as u64 {
            cx.charge_ops::<N>(n.saturating_mul(len as u64), den_bits, 1, "sum of dice")?;
            // Two buffers of the final length, used in turn: no allocation (and no fresh
            // pages to fault in) per die.
            let mut acc: Vec<N> = Vec::with_capacity(len);
            acc.push(N::one());
            let mut next: Vec<N> = Vec::with_capacity(len);
            for _ in 0..n {
                window_sum(&acc, p.w.len(), &p.w[0], &mut next, &mut cx.ovf);
                std::mem::swap(&mut acc, &mut next);
            }
            if cx.ovf {
                return Err(OddsError::Overflow);
            }
            return Ok(Poly { lo, w: acc });
        }
        cx.charge_ops::<N>(
            (len as u64).saturating_mul(nz.len() as u64 + 2),
            den_bits,
            64,
            "sum of dice",
        )?;
        let a0 = p.w[0].clone();
        let mut q: Vec<N> = Vec::with_capacity(len);
        q.push(a0.pow(n, &mut cx.ovf));
        let n1 = n as i128 + 1;
        let nz: Vec<(usize, &N, Option<u64>)> =
            nz.into_iter().map(|(j, a)| (j, a, a.to_u64())).collect();
        for k in 1..len {
            let mut pos = N::zero();
            let mut neg = N::zero();
            for &(j, aj, small) in &nz {
                if j > k {
                    break;
                }
                let c = n1 * j as i128 - k as i128;
                if c == 0 {
                    continue;
                }
                let qk = &q[k - j];
                if qk.is_zero() {
                    continue;
                }
                let c_abs = c.unsigned_abs() as u64;
                // One limb-by-word product when `a_j·c` fits in a word (dice weights do).
                let t = match small.and_then(|a| a.checked_mul(c_abs)) {
                    Some(ac) => qk.mul_u64(ac, &mut cx.ovf),
                    None => qk.mul(aj, &mut cx.ovf).mul_u64(c_abs, &mut cx.ovf),
                };
                if c > 0 {
                    pos.add_assign(&t, &mut cx.ovf);
                } else {
                    neg.add_assign(&t, &mut cx.ovf);
                }
            }
            pos.sub_assign(&neg, &mut cx.ovf);
            let d = a0.mul_u64(k as u64, &mut cx.ovf);
            q.push(pos.div_exact(&d));
            if cx.ovf {
                return Err(OddsError::Overflow);
            }
        }
        Ok(Poly { lo, w: q })
    }
}

pub(crate) fn check_span(len: u64) -> Result<(), OddsError> {
    if len > MAX_SPAN {
        return Err(OddsError::TooManyOutcomes {
            outcomes: len,
            limit: MAX_SPAN,
        });
    }
    Ok(())
}

/// [`check_span`], and the memory of `len` weights of `bits` bits within
/// [`super::limits::MAX_BYTES`].
pub(crate) fn check_size<N: Num>(len: u64, bits: u64) -> Result<(), OddsError> {
    check_span(len)?;
    let bytes = len.saturating_mul(N::bytes(bits));
    if bytes > super::limits::MAX_BYTES {
        return Err(OddsError::TooMuchMemory {
            outcomes: len,
            bytes,
            limit: super::limits::MAX_BYTES,
        });
    }
    Ok(())
}

/// A distribution: value `lo + step·i` has weight `w[i]`; weights sum to `den`.
#[derive(Debug, Clone)]
pub(crate) struct Dist<N> {
    pub lo: i64,
    pub step: i64,
    pub w: Vec<N>,
    pub den: N,
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

impl<N: Num> Dist<N> {
    pub fn constant(v: i64) -> Self {
        Dist {
            lo: v,
            step: 1,
            w: vec![N::one()],
            den: N::one(),
        }
    }
    pub fn hi(&self) -> i64 {
        self.lo + self.step * (self.w.len() as i64 - 1)
    }
    pub fn from_poly(p: Poly<N>, den: N) -> Self {
        let mut d = Dist {
            lo: p.lo,
            step: 1,
            w: p.w,
            den,
        };
        d.normalize();
        d
    }
    pub fn values(&self) -> impl Iterator<Item = (i64, &N)> {
        self.w
            .iter()
            .enumerate()
            .filter(|(_, x)| !x.is_zero())
            .map(|(i, x)| (self.lo + self.step * i as i64, x))
    }
    fn nnz(&self) -> u64 {
        self.w.iter().filter(|x| !x.is_zero()).count() as u64
    }
    /// Trims zero ends and coarsens the grid to the gcd of the occupied offsets.
    pub fn normalize(&mut self) {
        let mut p = Poly {
            lo: 0,
            w: std::mem::take(&mut self.w),
        };
        p.trim();
        self.lo += p.lo * self.step;
        self.w = p.w;
        if self.w.is_empty() {
            self.w.push(N::zero());
        }
        let mut g = 0i64;
        for (i, x) in self.w.iter().enumerate() {
            if !x.is_zero() {
                g = gcd(g, i as i64);
                if g == 1 {
                    break;
                }
            }
        }
        if self.w.len() == 1 {
            self.step = 1;
        } else if g > 1 {
            self.w = self.w.iter().step_by(g as usize).cloned().collect();
            self.step *= g;
        }
    }
    pub fn neg(&self) -> Result<Self, OddsError> {
        let mut w = self.w.clone();
        w.reverse();
        Ok(Dist {
            lo: self.hi().checked_neg().ok_or(OddsError::ValueOverflow)?,
            step: self.step,
            w,
            den: self.den.clone(),
        })
    }
    /// Distribution of the sum of two independent variables (a convolution).
    pub fn add(&self, other: &Self, cx: &mut Cx) -> Result<Self, OddsError> {
        let sa = if self.w.len() == 1 { 0 } else { self.step };
        let sb = if other.w.len() == 1 { 0 } else { other.step };
        let g = match gcd(sa, sb) {
            0 => 1,
            g => g,
        };
        let lo = self
            .lo
            .checked_add(other.lo)
            .ok_or(OddsError::ValueOverflow)?;
        let hi = self
            .hi()
            .checked_add(other.hi())
            .ok_or(OddsError::ValueOverflow)?;
        let span = ((hi - lo) / g) as u64 + 1;
        check_span(span)?;
        let (ra, rb) = ((self.step / g) as usize, (other.step / g) as usize);
        let den = self.den.mul(&other.den, &mut cx.ovf);
        let bits_a = self.den.bits();
        let bits_b = other.den.bits();
        check_size::<N>(span, bits_a + bits_b)?;
        // Sliding window when one side is a run of equal weights on the same grid.
        let uni = |d: &Dist<N>| d.w.len() > 2 && d.w.iter().all(|x| *x == d.w[0]);
        if ra == 1 && rb == 1 && (uni(self) || uni(other)) {
            cx.charge_ops::<N>(span, bits_a, bits_b, "sum")?;
            let (x, u) = if uni(other) {
                (self, other)
            } else {
                (other, self)
            };
            let mut w = Vec::with_capacity(span as usize);
            window_sum(&x.w, u.w.len(), &u.w[0], &mut w, &mut cx.ovf);
            if cx.ovf {
                return Err(OddsError::Overflow);
            }
            let mut d = Dist {
                lo,
                step: g,
                w,
                den,
            };
            d.normalize();
            return Ok(d);
        }
        cx.charge_ops::<N>(
            self.nnz().saturating_mul(other.nnz()),
            bits_a,
            bits_b,
            "sum",
        )?;
        let mut out = vec![N::zero(); span as usize];
        let nz: Vec<(usize, &N)> = other
            .w
            .iter()
            .enumerate()
            .filter(|(_, x)| !x.is_zero())
            .collect();
        for (i, a) in self.w.iter().enumerate() {
            if a.is_zero() {
                continue;
            }
            for &(j, b) in &nz {
                out[i * ra + j * rb].mul_add(a, b, &mut cx.ovf);
            }
        }
        let mut d = Dist {
            lo,
            step: g,
            w: out,
            den,
        };
        d.normalize();
        Ok(d)
    }
    /// Distribution of `f(x, y)` for independent `x ~ self`, `y ~ other`, by visiting every
    /// pair of outcomes (products and quotients).
    pub fn pairwise(
        &self,
        other: &Self,
        cx: &mut Cx,
        what: &'static str,
        f: impl Fn(i64, i64) -> Result<i64, OddsError>,
    ) -> Result<Self, OddsError> {
        let pairs = self.nnz().saturating_mul(other.nnz());
        cx.charge_ops::<N>(
            pairs.saturating_mul(8),
            self.den.bits(),
            other.den.bits(),
            what,
        )?;
        let mut acc: HashMap<i64, N> = HashMap::new();
        for (x, a) in self.values() {
            for (y, b) in other.values() {
                let v = f(x, y)?;
                let e = acc.entry(v).or_insert_with(N::zero);
                e.mul_add(a, b, &mut cx.ovf);
                if acc.len() as u64 > MAX_SPAN {
                    return Err(OddsError::TooManyOutcomes {
                        outcomes: acc.len() as u64,
                        limit: MAX_SPAN,
                    });
                }
            }
        }
        let den = self.den.mul(&other.den, &mut cx.ovf);
        Self::from_pairs(acc.into_iter().collect(), den)
    }
    /// Builds a distribution from `(value, weight)` pairs (any order, distinct values).
    pub fn from_pairs(mut pairs: Vec<(i64, N)>, den: N) -> Result<Self, OddsError> {
        pairs.retain(|(_, w)| !w.is_zero());
        pairs.sort_by_key(|(v, _)| *v);
        let Some(&(lo, _)) = pairs.first() else {
            return Ok(Dist {
                lo: 0,
                step: 1,
                w: vec![N::zero()],
                den,
            });
        };
        let mut g = 0i64;
        for (v, _) in &pairs {
            g = gcd(g, v.checked_sub(lo).ok_or(OddsError::ValueOverflow)?);
        }
        let g = g.max(1);
        let hi = pairs[pairs.len() - 1].0;
        let span = ((hi - lo) / g) as u64 + 1;
        check_size::<N>(span, den.bits())?;
        let mut w = vec![N::zero(); span as usize];
        for (v, x) in pairs {
            w[((v - lo) / g) as usize] = x;
        }
        Ok(Dist {
            lo,
            step: g,
            w,
            den,
        })
    }
    /// Multiplies every value by the constant `c`.
    pub fn scale(&self, c: i64) -> Result<Self, OddsError> {
        if c == 0 {
            return Ok(Dist {
                lo: 0,
                step: 1,
                w: vec![self.den.clone()],
                den: self.den.clone(),
            });
        }
        let lo = self.lo.checked_mul(c).ok_or(OddsError::ValueOverflow)?;
        let hi = self.hi().checked_mul(c).ok_or(OddsError::ValueOverflow)?;
        let step = self
            .step
            .checked_mul(c.abs())
            .ok_or(OddsError::ValueOverflow)?;
        let mut w = self.w.clone();
        if c < 0 {
            w.reverse();
        }
        let mut d = Dist {
            lo: lo.min(hi),
            step,
            w,
            den: self.den.clone(),
        };
        d.normalize();
        Ok(d)
    }
    /// Weight of value 0.
    pub fn weight_of_zero(&self) -> N {
        if self.lo > 0 || self.hi() < 0 || self.lo % self.step != 0 {
            return N::zero();
        }
        self.w[((-self.lo) / self.step) as usize].clone()
    }
    pub fn is_constant(&self) -> Option<i64> {
        (self.w.len() == 1).then_some(self.lo)
    }
}

/// `out` = `src` times a polynomial of `width` equal weights `c` (a sliding-window sum);
/// `out` is cleared first and keeps its capacity. A weight of one (a plain die) multiplies
/// nothing.
fn window_sum<N: Num>(src: &[N], width: usize, c: &N, out: &mut Vec<N>, ovf: &mut bool) {
    let one = *c == N::one();
    out.clear();
    let len = src.len() + width - 1;
    let mut run = N::zero();
    for k in 0..len {
        if let Some(x) = src.get(k) {
            run.add_assign(x, ovf);
        }
        if k >= width {
            run.sub_assign(&src[k - width], ovf);
        }
        out.push(if one { run.clone() } else { run.mul(c, ovf) });
    }
}
