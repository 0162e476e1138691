//! The counting number type of the odds engine.
//!
//! Every algorithm is written once, generic over [`Num`], and runs first with `u128` (checked
//! arithmetic: an overflow sets a flag instead of wrapping) and, only if that flag is raised or
//! the denominators are known in advance to need more than 127 bits, again with
//! [`BigUint`]. Counts are non-negative integers over a common denominator, so no signed type
//! is needed: subtractions are only ever performed where the result is known to be ≥ 0.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// A non-negative integer with overflow-flagging arithmetic.
pub(crate) trait Num: Clone + std::fmt::Debug + PartialEq {
    /// Work units of one multiply-add on numbers of `bits_a` and `bits_b` bits.
    fn op_cost(bits_a: u64, bits_b: u64) -> u64;
    /// Bytes one weight of `bits` bits takes in memory (for the size limit).
    fn bytes(bits: u64) -> u64 {
        let _ = bits;
        std::mem::size_of::<Self>() as u64
    }
    fn zero() -> Self;
    fn one() -> Self {
        Self::from_u64(1)
    }
    fn from_u64(v: u64) -> Self;
    fn is_zero(&self) -> bool;
    /// `self += o`.
    fn add_assign(&mut self, o: &Self, ovf: &mut bool);
    /// `self -= o`; the caller guarantees `self >= o` (a violation sets the flag).
    fn sub_assign(&mut self, o: &Self, ovf: &mut bool);
    /// `self += a * b`.
    fn mul_add(&mut self, a: &Self, b: &Self, ovf: &mut bool);
    fn mul(&self, o: &Self, ovf: &mut bool) -> Self;
    fn mul_u64(&self, k: u64, ovf: &mut bool) -> Self;
    /// `self / o` where the division is known to be exact.
    fn div_exact(&self, o: &Self) -> Self;
    fn div_u64_exact(&self, k: u64) -> Self;
    fn bits(&self) -> u64;
    fn to_big(&self) -> BigUint;
    /// The value, if it fits in a `u64`.
    fn to_u64(&self) -> Option<u64>;
    fn pow(&self, e: u64, ovf: &mut bool) -> Self {
        let mut acc = Self::one();
        let mut base = self.clone();
        let mut e = e;
        while e > 0 {
            if e & 1 == 1 {
                acc = acc.mul(&base, ovf);
            }
            e >>= 1;
            if e > 0 {
                base = base.mul(&base, ovf);
            }
            if *ovf {
                return Self::zero();
            }
        }
        acc
    }
}

impl Num for u128 {
    fn op_cost(_: u64, _: u64) -> u64 {
        1
    }
    fn zero() -> Self {
        0
    }
    fn from_u64(v: u64) -> Self {
        u128::from(v)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn add_assign(&mut self, o: &Self, ovf: &mut bool) {
        match self.checked_add(*o) {
            Some(v) => *self = v,
            None => *ovf = true,
        }
    }
    #[inline]
    fn sub_assign(&mut self, o: &Self, ovf: &mut bool) {
        match self.checked_sub(*o) {
            Some(v) => *self = v,
            None => *ovf = true,
        }
    }
    #[inline]
    fn mul_add(&mut self, a: &Self, b: &Self, ovf: &mut bool) {
        match a.checked_mul(*b).and_then(|p| self.checked_add(p)) {
            Some(v) => *self = v,
            None => *ovf = true,
        }
    }
    #[inline]
    fn mul(&self, o: &Self, ovf: &mut bool) -> Self {
        self.checked_mul(*o).unwrap_or_else(|| {
            *ovf = true;
            0
        })
    }
    fn mul_u64(&self, k: u64, ovf: &mut bool) -> Self {
        self.mul(&u128::from(k), ovf)
    }
    fn div_exact(&self, o: &Self) -> Self {
        // Callers never divide by zero (the divisor is a non-zero leading coefficient).
        if *o == 0 { 0 } else { self / o }
    }
    fn div_u64_exact(&self, k: u64) -> Self {
        if k == 0 { 0 } else { self / u128::from(k) }
    }
    fn bits(&self) -> u64 {
        u64::from(128 - self.leading_zeros())
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn to_u64(&self) -> Option<u64> {
        u64::try_from(*self).ok()
    }
}

impl Num for BigUint {
    fn bytes(bits: u64) -> u64 {
        // The handle plus its heap digits.
        std::mem::size_of::<Self>() as u64 + 8 * (bits / 64 + 1)
    }
    fn op_cost(bits_a: u64, bits_b: u64) -> u64 {
        let la = bits_a / 64 + 1;
        let lb = bits_b / 64 + 1;
        // Allocation plus schoolbook (capped: big operands use faster multiplication).
        8u64.saturating_add(la.saturating_mul(lb).min(la.max(lb).saturating_mul(64)))
    }
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_u64(v: u64) -> Self {
        BigUint::from(v)
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    #[inline]
    fn add_assign(&mut self, o: &Self, _ovf: &mut bool) {
        *self += o;
    }
    fn sub_assign(&mut self, o: &Self, ovf: &mut bool) {
        if *self < *o {
            *ovf = true;
        } else {
            *self -= o;
        }
    }
    #[inline]
    fn mul_add(&mut self, a: &Self, b: &Self, _ovf: &mut bool) {
        if Zero::is_zero(a) || Zero::is_zero(b) {
            return;
        }
        *self += a * b;
    }
    fn mul(&self, o: &Self, _ovf: &mut bool) -> Self {
        self * o
    }
    fn mul_u64(&self, k: u64, _ovf: &mut bool) -> Self {
        self * k
    }
    fn div_exact(&self, o: &Self) -> Self {
        if Zero::is_zero(o) {
            Zero::zero()
        } else {
            self / o
        }
    }
    fn div_u64_exact(&self, k: u64) -> Self {
        if k == 0 { Zero::zero() } else { self / k }
    }
    fn bits(&self) -> u64 {
        BigUint::bits(self)
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    fn to_u64(&self) -> Option<u64> {
        ToPrimitive::to_u64(self)
    }
}

/// A fixed-width unsigned integer of `L` 64-bit limbs (little-endian) with overflow-flagging
/// arithmetic: the middle tier between `u128` and [`BigUint`], with no allocation per
/// operation.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    /// Number of limbs in use.
    #[inline]
    fn used(&self) -> usize {
        let mut n = L;
        while n > 0 && self.0[n - 1] == 0 {
            n -= 1;
        }
        n
    }
    fn from_big(v: &BigUint, ovf: &mut bool) -> Self {
        let mut a = [0u64; L];
        for (i, d) in v.iter_u64_digits().enumerate() {
            if i < L {
                a[i] = d;
            } else if d != 0 {
                *ovf = true;
            }
        }
        Wide(a)
    }
}

impl<const L: usize> Num for Wide<L> {
    fn op_cost(bits_a: u64, bits_b: u64) -> u64 {
        let la = (bits_a / 64 + 1).min(L as u64);
        let lb = (bits_b / 64 + 1).min(L as u64);
        // Every operation reads and writes all `L` limbs (the memory traffic dominates the
        // sliding sums), plus the products of the limbs in use.
        1 + L as u64 / 2 + la * lb / 2
    }
    fn zero() -> Self {
        Wide([0; L])
    }
    fn from_u64(v: u64) -> Self {
        let mut a = [0; L];
        a[0] = v;
        Wide(a)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    #[inline]
    fn add_assign(&mut self, o: &Self, ovf: &mut bool) {
        let mut carry = false;
        for i in 0..L {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            self.0[i] = s2;
            carry = c1 | c2;
        }
        if carry {
            *ovf = true;
        }
    }
    #[inline]
    fn sub_assign(&mut self, o: &Self, ovf: &mut bool) {
        let mut borrow = false;
        for i in 0..L {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            self.0[i] = s2;
            borrow = b1 | b2;
        }
        if borrow {
            *ovf = true;
        }
    }
    #[inline]
    fn mul_add(&mut self, a: &Self, b: &Self, ovf: &mut bool) {
        let (la, lb) = (a.used(), b.used());
        for i in 0..la {
            let ai = u128::from(a.0[i]);
            if ai == 0 {
                continue;
            }
            let mut carry: u128 = 0;
            for j in 0..lb {
                let k = i + j;
                // (2^64−1) + (2^64−1)² + (2^64−1) = 2^128 − 1: no u128 overflow.
                if k >= L {
                    if ai * u128::from(b.0[j]) + carry != 0 {
                        *ovf = true;
                        return;
                    }
                    continue;
                }
                let t = u128::from(self.0[k]) + ai * u128::from(b.0[j]) + carry;
                self.0[k] = t as u64;
                carry = t >> 64;
            }
            let mut k = i + lb;
            while carry != 0 {
                if k >= L {
                    *ovf = true;
                    return;
                }
                let t = u128::from(self.0[k]) + carry;
                self.0[k] = t as u64;
                carry = t >> 64;
                k += 1;
            }
        }
    }
    fn mul(&self, o: &Self, ovf: &mut bool) -> Self {
        let mut r = Self::zero();
        r.mul_add(self, o, ovf);
        r
    }
    fn mul_u64(&self, k: u64, ovf: &mut bool) -> Self {
        let mut r = [0u64; L];
        let mut carry: u128 = 0;
        let used = self.used();
        for (ri, &x) in r.iter_mut().zip(&self.0[..used]) {
            let t = u128::from(x) * u128::from(k) + carry;
            *ri = t as u64;
            carry = t >> 64;
        }
        if carry != 0 {
            if used < L {
                r[used] = carry as u64;
            } else {
                *ovf = true;
            }
        }
        Wide(r)
    }
    fn div_exact(&self, o: &Self) -> Self {
        match o.used() {
            0 => Self::zero(),
            1 => self.div_u64_exact(o.0[0]),
            _ => {
                let mut ovf = false;
                Self::from_big(&(self.to_big() / o.to_big()), &mut ovf)
            }
        }
    }
    fn div_u64_exact(&self, k: u64) -> Self {
        if k == 0 {
            return Self::zero();
        }
        let mut q = [0u64; L];
        let mut rem: u128 = 0;
        for i in (0..L).rev() {
            let cur = (rem << 64) | u128::from(self.0[i]);
            q[i] = (cur / u128::from(k)) as u64;
            rem = cur % u128::from(k);
        }
        Wide(q)
    }
    fn bits(&self) -> u64 {
        match self.used() {
            0 => 0,
            u => (u as u64 - 1) * 64 + u64::from(64 - self.0[u - 1].leading_zeros()),
        }
    }
    fn to_big(&self) -> BigUint {
        let mut v = Vec::with_capacity(2 * L);
        for x in self.0 {
            v.push(x as u32);
            v.push((x >> 32) as u32);
        }
        BigUint::new(v)
    }
    fn to_u64(&self) -> Option<u64> {
        (self.used() <= 1).then_some(self.0[0])
    }
}

/// A crate's fixed-width integer as a [`Num`]: the checked arithmetic of both crates has the
/// same names; only the limb count, zero, conversion from `u64`, bit length and the digits for
/// [`BigUint`] differ.
#[cfg(feature = "bnum-compare")]
macro_rules! checked_num {
    ([$($generics:tt)*] $ty:ty, limbs: $limbs:expr, zero: $zero:expr, from_u64: $from:expr,
     bits: $bits:expr, limbs_le: $limbs_le:expr) => {
        impl<$($generics)*> Num for $ty {
            fn op_cost(bits_a: u64, bits_b: u64) -> u64 {
                let l = ($limbs) as u64;
                let la = (bits_a / 64 + 1).min(l);
                let lb = (bits_b / 64 + 1).min(l);
                1 + l / 2 + la * lb / 2
            }
            fn zero() -> Self {
                $zero
            }
            fn from_u64(v: u64) -> Self {
                ($from)(v)
            }
            fn is_zero(&self) -> bool {
                *self == Self::zero()
            }
            #[inline]
            fn add_assign(&mut self, o: &Self, ovf: &mut bool) {
                match self.checked_add(*o) {
                    Some(v) => *self = v,
                    None => *ovf = true,
                }
            }
            #[inline]
            fn sub_assign(&mut self, o: &Self, ovf: &mut bool) {
                match self.checked_sub(*o) {
                    Some(v) => *self = v,
                    None => *ovf = true,
                }
            }
            #[inline]
            fn mul_add(&mut self, a: &Self, b: &Self, ovf: &mut bool) {
                match a.checked_mul(*b).and_then(|p| self.checked_add(p)) {
                    Some(v) => *self = v,
                    None => *ovf = true,
                }
            }
            fn mul(&self, o: &Self, ovf: &mut bool) -> Self {
                self.checked_mul(*o).unwrap_or_else(|| {
                    *ovf = true;
                    Self::zero()
                })
            }
            fn mul_u64(&self, k: u64, ovf: &mut bool) -> Self {
                self.mul(&Self::from_u64(k), ovf)
            }
            fn div_exact(&self, o: &Self) -> Self {
                self.checked_div(*o).unwrap_or_else(Self::zero)
            }
            fn div_u64_exact(&self, k: u64) -> Self {
                self.div_exact(&Self::from_u64(k))
            }
            fn bits(&self) -> u64 {
                ($bits)(self)
            }
            fn to_big(&self) -> BigUint {
                let mut v = Vec::new();
                for x in ($limbs_le)(self) {
                    v.push(x as u32);
                    v.push((x >> 32) as u32);
                }
                BigUint::new(v)
            }
            fn to_u64(&self) -> Option<u64> {
                u64::try_from(*self).ok()
            }
        }
    };
}

// `bnum`'s fixed-width unsigned integer of `N` bytes (`bnum::Uint<32>` is 256 bits) and,
// below, `ruint`'s of `BITS` bits, with overflow-flagging arithmetic: in place of [`Wide`] for
// a side-by-side measurement only (feature `bnum-compare`; `DELVE_ODDS_BNUM=1` picks `bnum`,
// adding `DELVE_ODDS_RUINT=1` picks `ruint`: `cargo bench -p delve-dice --bench odds
// --features bnum-compare`). Measured 2026-12-05 on an idle 2-core machine, criterion
// medians, [`Wide`] / `ruint` 1.21 / `bnum` 0.14: `50d6` (256 bits) 67 / 87 / 78 µs, `100d6`
// (512) 165 / 220 / 259 µs, `10d6!kh3` 2.68 / 3.65 / 15.5 ms, `400d6` (2048) 1.70 / 2.10–2.27 /
// 7.82 ms: `ruint` 1.2–1.4× and `bnum` 1.2–5.8× slower (both multiply every limb, where
// [`Wide`] multiplies only those in use), with the same answers (the dice tests pass on
// their tiers). So [`Wide`] stays.
#[cfg(feature = "bnum-compare")]
checked_num!([const N: usize] bnum::Uint<N>,
    limbs: N / 8,
    zero: Self::from_le_bytes([0; N]),
    from_u64: |v: u64| {
        let mut b = [0u8; N];
        let n = N.min(8);
        b[..n].copy_from_slice(&v.to_le_bytes()[..n]);
        Self::from_le_bytes(b)
    },
    bits: |x: &Self| u64::from(x.bit_width()),
    limbs_le: |x: &Self| x.as_bytes().chunks(8).map(|c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        u64::from_le_bytes(w)
    }).collect::<Vec<u64>>());

#[cfg(feature = "bnum-compare")]
checked_num!([const BITS: usize, const LIMBS: usize] ruint::Uint<BITS, LIMBS>,
    limbs: LIMBS,
    zero: Self::ZERO,
    from_u64: Self::from,
    bits: |x: &Self| x.bit_len() as u64,
    limbs_le: |x: &Self| x.as_limbs().to_vec());

/// `n / d` as the nearest-ish `f64` (error below 2 ulp), for any sizes, including results that
/// are subnormal or zero in `f64`.
pub(crate) fn ratio_to_f64(n: &BigUint, d: &BigUint) -> f64 {
    if Zero::is_zero(n) || Zero::is_zero(d) {
        return 0.0;
    }
    let nb = n.bits() as i64;
    let db = d.bits() as i64;
    // Scale so that the integer quotient has 64..=65 significant bits.
    let shift = nb - db - 64;
    let q = if shift >= 0 {
        n / (d << shift as u64)
    } else {
        (n << (-shift) as u64) / d
    };
    let qf = q.to_f64().unwrap_or(f64::INFINITY);
    scale_pow2(qf, shift)
}

/// `x * 2^e` without intermediate overflow or premature underflow.
fn scale_pow2(mut x: f64, mut e: i64) -> f64 {
    while e > 0 {
        let s = e.min(1000);
        x *= 2f64.powi(s as i32);
        e -= s;
    }
    while e < 0 {
        let s = (-e).min(1000);
        x /= 2f64.powi(s as i32);
        e += s;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn wide(limbs: &[u64]) -> Wide<4> {
        let mut a = [0u64; 4];
        a[..limbs.len()].copy_from_slice(limbs);
        Wide(a)
    }

    proptest! {
        /// Wide arithmetic agrees with BigUint, and flags exactly the results over 256 bits.
        #[test]
        fn wide_matches_biguint(
            a in proptest::collection::vec(any::<u64>(), 0..=4),
            b in proptest::collection::vec(any::<u64>(), 0..=3),
            c in proptest::collection::vec(any::<u64>(), 0..=4),
            k in 1u64..,
        ) {
            let (wa, wb, wc) = (wide(&a), wide(&b), wide(&c));
            let (ba, bb, bc) = (wa.to_big(), wb.to_big(), wc.to_big());
            let limit = BigUint::from(1u8) << 256u32;
            let mut ovf = false;
            let mut acc = wc.clone();
            acc.mul_add(&wa, &wb, &mut ovf);
            let want = &bc + &ba * &bb;
            prop_assert_eq!(ovf, want >= limit);
            if !ovf {
                prop_assert_eq!(acc.to_big(), want);
            }
            let mut ovf = false;
            let m = wa.mul_u64(k, &mut ovf);
            let want = &ba * k;
            prop_assert_eq!(ovf, want >= limit);
            if !ovf {
                prop_assert_eq!(m.to_big(), want.clone());
                prop_assert_eq!(m.div_u64_exact(k).to_big(), ba.clone());
            }
            let mut ovf = false;
            let mut s = wa.clone();
            s.add_assign(&wc, &mut ovf);
            prop_assert_eq!(ovf, &ba + &bc >= limit);
            let mut ovf = false;
            let mut d = wa.clone();
            d.sub_assign(&wc, &mut ovf);
            prop_assert_eq!(ovf, ba < bc);
            if !ovf {
                prop_assert_eq!(d.to_big(), &ba - &bc);
            }
            prop_assert_eq!(wa.bits(), ba.bits());
        }
    }
}
