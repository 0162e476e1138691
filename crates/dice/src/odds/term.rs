//! The distribution of one dice term: base die → reroll → explode → clamp → keep/drop →
//! sum or success count. See the parent module for the algorithms in prose.

use super::dist::{Dist, Poly};
use super::num::Num;
use super::{Approximation, ApproximationKind, Cx, OddsError};
use crate::ast::{DiceTerm, KeepDrop};
use crate::limits::{MAX_EXPLODE_DEPTH, MAX_REROLL_DEPTH};
use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::ToPrimitive;

/// Exponent of the automatic explosion depth: the smallest depth `d` with `p^(d+1) ≤ 2^-64`
/// per chain, `p` the chance that one die explodes.
const AUTO_DEPTH_BITS: f64 = 64.0;

/// One face class of the pool in walking order: family 0 = exploding faces (or every face when
/// nothing explodes), family 1 = faces that stop a chain.
#[derive(Debug, Clone)]
struct Slot<N> {
    fam: usize,
    /// Value a kept die of this class contributes (clamped face, or 1/0 for success counting).
    u: i64,
    w: N,
}

/// Joint weight of the pool shape: `a` dice of family 0, `b` of family 1.
#[derive(Debug, Clone)]
struct Shape<N> {
    a: usize,
    b: usize,
    m: N,
}

pub(crate) fn dice_term<N: Num>(term: &DiceTerm, cx: &mut Cx) -> Result<Dist<N>, OddsError> {
    let n = u64::from(term.count);
    if n == 0 {
        return Ok(Dist::constant(0));
    }
    let lo_face = term.sides.min_face();
    let faces = u64::from(term.sides.face_count());
    if faces == 0 {
        return Err(OddsError::Invalid(format!(
            "{term}: a die needs at least 1 side"
        )));
    }
    super::dist::check_span(faces)?;
    cx.charge_ops::<N>(faces.saturating_mul(4), 64, 64, "faces of the die")?;
    let face = |i: usize| lo_face + i as i64;

    // 1. Reroll.
    let (w, total): (Vec<N>, N) = match term.reroll() {
        None => (vec![N::one(); faces as usize], N::from_u64(faces)),
        Some((cmp, once)) => {
            let matching = (0..faces as usize)
                .filter(|&i| cmp.matches(face(i)))
                .count() as u64;
            if once {
                // First face if it does not match, else a fresh roll: w_f = T·[f∉M] + m over T².
                let w = (0..faces as usize)
                    .map(|i| {
                        let base = if cmp.matches(face(i)) { 0 } else { faces };
                        N::from_u64(base + matching)
                    })
                    .collect();
                (w, N::from_u64(faces * faces))
            } else {
                if matching == faces {
                    return Err(OddsError::Invalid(format!(
                        "{term}: the reroll condition matches every face, it would never stop"
                    )));
                }
                if matching > 0 {
                    let mass = pow_ratio(matching, faces, u64::from(MAX_REROLL_DEPTH) + 1);
                    cx.approximations.push(Approximation {
                        term: term.to_string(),
                        kind: ApproximationKind::Reroll,
                        depth: None,
                        cap: MAX_REROLL_DEPTH,
                        dice: term.count,
                        mass_per_die_f64: mass.to_f64().unwrap_or(0.0),
                        mass_per_die: mass,
                    });
                }
                let w = (0..faces as usize)
                    .map(|i| {
                        if cmp.matches(face(i)) {
                            N::zero()
                        } else {
                            N::one()
                        }
                    })
                    .collect();
                (w, N::from_u64(faces - matching))
            }
        }
    };

    // 2. Clamp and the value of a kept die.
    let (mi, ma) = (term.min(), term.max());
    let clamp = |f: i64| {
        let f = mi.map_or(f, |m| f.max(m));
        ma.map_or(f, |m| f.min(m))
    };
    let success = term.success;
    let value = |v: i64| match success {
        Some(c) => i64::from(c.matches(v)),
        None => v,
    };

    // 3. Explosion: which faces explode, and to what depth.
    let explode = term.explode();
    let exploding: Vec<bool> = (0..faces as usize)
        .map(|i| explode.is_some_and(|c| c.matches(face(i))) && !w[i].is_zero())
        .collect();
    let any_explodes = exploding.iter().any(|&x| x);
    let depth = if any_explodes {
        let mut e = N::zero();
        for (i, x) in w.iter().enumerate() {
            if exploding[i] {
                e.add_assign(x, &mut cx.ovf);
            }
        }
        let (eb, tb) = (e.to_big(), total.to_big());
        let p = super::num::ratio_to_f64(&eb, &tb);
        let depth = match cx.explode_depth {
            Some(d) => d.min(MAX_EXPLODE_DEPTH),
            None if p >= 1.0 => MAX_EXPLODE_DEPTH,
            None => {
                let need = (AUTO_DEPTH_BITS / -p.log2()).ceil() as i64 - 1;
                need.clamp(0, i64::from(MAX_EXPLODE_DEPTH)) as u32
            }
        };
        let mass = if depth >= MAX_EXPLODE_DEPTH {
            BigRational::from_integer(0.into())
        } else {
            BigRational::new(eb.pow(depth + 1).into(), tb.pow(depth + 1).into())
        };
        let per = mass.to_f64().unwrap_or(0.0);
        cx.approximations.push(Approximation {
            term: term.to_string(),
            kind: ApproximationKind::Explode,
            depth: Some(depth),
            cap: MAX_EXPLODE_DEPTH,
            dice: term.count,
            mass_per_die_f64: per,
            mass_per_die: mass,
        });
        Some(depth)
    } else {
        None
    };

    // Keeping every die of a fixed pool (or dropping none) is the plain sum.
    let keep = term.keep_drop().filter(|&(which, k)| {
        let keeps_all = matches!(which, KeepDrop::KeepHighest | KeepDrop::KeepLowest)
            && u64::from(k) >= n
            && depth.is_none();
        let drops_none = matches!(which, KeepDrop::DropHighest | KeepDrop::DropLowest) && k == 0;
        !(keeps_all || drops_none)
    });
    match (keep, depth) {
        (None, None) => {
            let mut single = value_poly(&w, |i| value(clamp(face(i))), |_| true);
            single.trim();
            let sum = single.pow(n, cx)?;
            Ok(Dist::from_poly(sum, total.pow(n, &mut cx.ovf)))
        }
        (None, Some(d)) => {
            let chain = chain_poly(&w, &total, &exploding, |i| value(clamp(face(i))), d, cx)?;
            let sum = chain.pow(n, cx)?;
            let den = total.pow((u64::from(d) + 1) * n, &mut cx.ovf);
            Ok(Dist::from_poly(sum, den))
        }
        (Some((which, k)), depth) => {
            let k = u64::from(k);
            let desc = matches!(which, KeepDrop::KeepHighest | KeepDrop::DropHighest);
            let keeping = matches!(which, KeepDrop::KeepHighest | KeepDrop::KeepLowest);
            // Face classes in walking order (by clamped face), merged when equal.
            let mut order: Vec<usize> = (0..faces as usize).filter(|&i| !w[i].is_zero()).collect();
            order.sort_by_key(|&i| clamp(face(i)));
            if desc {
                order.reverse();
            }
            let fam_of = |i: usize| usize::from(depth.is_some() && !exploding[i]);
            let mut slots: Vec<Slot<N>> = Vec::new();
            let mut slot_v: Vec<i64> = Vec::new();
            for &i in &order {
                let v = clamp(face(i));
                let fam = fam_of(i);
                // Merge with a trailing slot of the same family and the same clamped face.
                let mut merged = false;
                for pos in (0..slots.len()).rev() {
                    if slot_v[pos] != v {
                        break;
                    }
                    if slots[pos].fam == fam {
                        slots[pos].w.add_assign(&w[i], &mut cx.ovf);
                        merged = true;
                        break;
                    }
                }
                if !merged {
                    slots.push(Slot {
                        fam,
                        u: value(v),
                        w: w[i].clone(),
                    });
                    slot_v.push(v);
                }
            }
            let (shapes, den) = match depth {
                None => (
                    vec![Shape {
                        a: n as usize,
                        b: 0,
                        m: N::one(),
                    }],
                    total.pow(n, &mut cx.ovf),
                ),
                Some(d) => {
                    // Building the shapes: about n²·(d+1)²/2 multiply-adds.
                    let d1 = u64::from(d) + 1;
                    let est = n.saturating_mul(n).saturating_mul(d1 * d1) / 2;
                    let bits = total.bits().saturating_mul(d1).saturating_mul(n);
                    cx.charge_ops::<N>(est, bits, 64, "exploding pool shapes (estimate)")?;
                    explode_shapes(n, u64::from(d), &total, cx)?
                }
            };
            // Upfront estimate of the DP (the steps also charge as they go).
            let m = slots.len() as u64;
            let range = (slots.iter().map(|s| s.u).max().unwrap_or(0)
                - slots.iter().map(|s| s.u).min().unwrap_or(0))
            .unsigned_abs();
            let den_bits = den.bits();
            let keep_cost = |kk: u64| {
                let dp = m
                    .saturating_mul(kk * kk / 2 + 1)
                    .saturating_mul(kk.saturating_mul(range) + 1);
                let completion = (m + 1)
                    .saturating_mul(shapes.len() as u64)
                    .saturating_mul(kk * kk / 2 + 1);
                dp.saturating_add(completion)
            };
            let drop_cost = |dd: u64| {
                let amax = shapes.iter().map(|s| s.a + s.b).max().unwrap_or(0) as u64;
                let powers = amax
                    .saturating_mul(amax)
                    .saturating_mul(m)
                    .saturating_mul(range + 1);
                let completion = (shapes.len() as u64)
                    .saturating_mul(dd + 1)
                    .saturating_mul(amax.saturating_mul(range + 1));
                let dp = (dd * dd / 2 + 1).saturating_mul(amax.saturating_mul(range + 1));
                (m + 1).saturating_mul(powers.saturating_add(completion).saturating_add(dp))
            };
            let pool_max = shapes.iter().map(|s| s.a + s.b).max().unwrap_or(0) as u64;
            let k = k.min(pool_max.max(k));
            let use_keep = if depth.is_some() {
                keeping
            } else {
                // Fixed pool: "keep k" is "drop n−k" from the other end; run the cheaper one.
                let (kk, dd) = if keeping { (k, n - k) } else { (n - k, k) };
                keep_cost(kk) <= drop_cost(dd)
            };
            let est = match (use_keep, keeping) {
                (true, true) => keep_cost(k),
                (true, false) => keep_cost(n - k),
                (false, true) => drop_cost(n - k),
                (false, false) => drop_cost(k),
            };
            cx.charge_ops::<N>(est, den_bits, 64, "keep/drop (estimate)")?;
            let poly = if use_keep {
                let (kk, rev) = if keeping { (k, false) } else { (n - k, true) };
                if rev {
                    slots.reverse();
                }
                pool_keep(&slots, &shapes, kk as usize, cx)?
            } else {
                let (dd, rev) = if keeping { (n - k, true) } else { (k, false) };
                if rev {
                    slots.reverse();
                }
                pool_drop(&slots, &shapes, dd as usize, cx)?
            };
            Ok(Dist::from_poly(poly, den))
        }
    }
}

/// `(a/b)^e` exactly.
fn pow_ratio(a: u64, b: u64, e: u64) -> BigRational {
    let e = e as u32;
    BigRational::new(
        BigUint::from(a).pow(e).into(),
        BigUint::from(b).pow(e).into(),
    )
}

/// The distribution of `value(face)` over faces with weights `w`, restricted by `keep_face`.
fn value_poly<N: Num>(
    w: &[N],
    value: impl Fn(usize) -> i64,
    keep_face: impl Fn(usize) -> bool,
) -> Poly<N> {
    let vals: Vec<i64> = (0..w.len()).map(&value).collect();
    let lo = vals.iter().copied().min().unwrap_or(0);
    let hi = vals.iter().copied().max().unwrap_or(0);
    let mut out = vec![N::zero(); (hi - lo + 1) as usize];
    let mut ovf = false;
    for (i, x) in w.iter().enumerate() {
        if keep_face(i) {
            out[(vals[i] - lo) as usize].add_assign(x, &mut ovf);
        }
    }
    Poly { lo, w: out }
}

/// The total value of one exploding chain capped at `depth` extra dice:
/// `C_0 = F`, `C_i = S·T^i + E ⊛ C_{i−1}`, result `C_depth` over `T^(depth+1)`, where `F` is
/// the value distribution of any face, `E` of exploding faces, `S` of stopping faces.
fn chain_poly<N: Num>(
    w: &[N],
    total: &N,
    exploding: &[bool],
    value: impl Fn(usize) -> i64 + Copy,
    depth: u32,
    cx: &mut Cx,
) -> Result<Poly<N>, OddsError> {
    let mut f = value_poly(w, value, |_| true);
    f.trim();
    let mut e = value_poly(w, value, |i| exploding[i]);
    e.trim();
    let mut s = value_poly(w, value, |i| !exploding[i]);
    s.trim();
    let mut c = f;
    let mut t_pow = N::one();
    for _ in 0..depth {
        t_pow = t_pow.mul(total, &mut cx.ovf);
        let mut next = e.mul(&c, cx)?;
        next.add_scaled(&s, &t_pow, 0, cx);
        next.trim();
        c = next;
        if cx.ovf {
            return Err(OddsError::Overflow);
        }
    }
    Ok(c)
}

/// Pool shapes of `n` exploding chains capped at `d` extra dice. One chain is `l` exploding
/// faces then one stopping face (`l ≤ d`, shape weight `T^(d−l)`, the face weights are counted
/// by the pool DP), or `d+1` exploding faces (weight 1). Over `n` chains with `c` of the second
/// kind: `M(a, n−c) = C(n,c) · [x^(a−(d+1)c)] H(x)^(n−c)`, `H(x) = Σ_{l=0..d} T^(d−l) x^l`.
/// Returns the shapes and the denominator `T^((d+1)n)`.
fn explode_shapes<N: Num>(
    n: u64,
    d: u64,
    total: &N,
    cx: &mut Cx,
) -> Result<(Vec<Shape<N>>, N), OddsError> {
    let h = Poly {
        lo: 0,
        w: (0..=d)
            .map(|l| total.pow(d - l, &mut cx.ovf))
            .collect::<Vec<N>>(),
    };
    let mut shapes = Vec::new();
    // H^(n−c) for c = n, n−1, …, 0, built upwards by one multiplication each.
    let mut hp = Poly::monomial(0, N::one());
    let mut binom = N::one(); // C(n, c) for the current c, built downwards from c = n.
    for c in (0..=n).rev() {
        let nc = n - c;
        if nc > 0 {
            hp = hp.mul(&h, cx)?;
        }
        if c < n {
            // C(n, c) = C(n, c+1) · (c+1) / (n−c)
            binom = binom.mul_u64(c + 1, &mut cx.ovf).div_u64_exact(n - c);
        }
        for (i, x) in hp.w.iter().enumerate() {
            if x.is_zero() {
                continue;
            }
            let a = (hp.lo as u64 + i as u64 + (d + 1) * c) as usize;
            shapes.push(Shape {
                a,
                b: nc as usize,
                m: x.mul(&binom, &mut cx.ovf),
            });
        }
        if cx.ovf {
            return Err(OddsError::Overflow);
        }
    }
    let den = total.pow((d + 1) * n, &mut cx.ovf);
    Ok((shapes, den))
}

/// Index of the state with `te` dice of family 0 and `ts` of family 1 placed (`te + ts < k`).
fn idx(te: usize, ts: usize, k: usize) -> usize {
    te * k + ts
}

/// Completion weights `W(i, tE, tS) = Σ_shapes M·C(a,tE)·C(b,tS)·e_i^(a−tE)·s_i^(b−tS)` for
/// every slot boundary `i` (0..=slots) and every `tE + tS < k`; `e_i`, `s_i` are the weights of
/// the slots of each family from `i` on.
fn completion_weights<N: Num>(
    slots: &[Slot<N>],
    shapes: &[Shape<N>],
    k: usize,
    cx: &mut Cx,
) -> Result<Vec<Vec<N>>, OddsError> {
    let m = slots.len();
    let amax = shapes.iter().map(|s| s.a).max().unwrap_or(0);
    let bmax = shapes.iter().map(|s| s.b).max().unwrap_or(0);
    let pairs = (k * (k + 1) / 2) as u64;
    cx.charge_ops::<N>(
        (m as u64 + 1)
            .saturating_mul(shapes.len() as u64)
            .saturating_mul(pairs + 2),
        shapes.iter().map(|s| s.m.bits()).max().unwrap_or(0),
        128,
        "keep/drop completion weights",
    )?;
    // Binomials C(a, t) for t < k per shape.
    let binoms = |a: usize| -> Vec<N> {
        let mut v = Vec::with_capacity(k.min(a + 1));
        let mut c = N::one();
        let mut ovf = false;
        for t in 0..k.min(a + 1) {
            if t > 0 {
                c = c
                    .mul_u64((a - t + 1) as u64, &mut ovf)
                    .div_u64_exact(t as u64);
            }
            v.push(c.clone());
        }
        v
    };
    let ba: Vec<Vec<N>> = shapes.iter().map(|s| binoms(s.a)).collect();
    let bb: Vec<Vec<N>> = shapes.iter().map(|s| binoms(s.b)).collect();
    let mut out = Vec::with_capacity(m + 1);
    let mut e_suffix = N::zero();
    let mut s_suffix = N::zero();
    let mut suffixes = vec![(N::zero(), N::zero()); m + 1];
    for i in (0..m).rev() {
        if slots[i].fam == 0 {
            e_suffix.add_assign(&slots[i].w, &mut cx.ovf);
        } else {
            s_suffix.add_assign(&slots[i].w, &mut cx.ovf);
        }
        suffixes[i] = (e_suffix.clone(), s_suffix.clone());
    }
    for (e, s) in &suffixes {
        let pe = powers(e, amax, cx);
        let ps = powers(s, bmax, cx);
        let mut table = vec![N::zero(); k * k];
        for (si, sh) in shapes.iter().enumerate() {
            for te in 0..k.min(sh.a + 1) {
                let left =
                    sh.m.mul(&ba[si][te], &mut cx.ovf)
                        .mul(&pe[sh.a - te], &mut cx.ovf);
                if left.is_zero() {
                    continue;
                }
                for ts in 0..(k - te).min(sh.b + 1) {
                    let right = bb[si][ts].mul(&ps[sh.b - ts], &mut cx.ovf);
                    table[idx(te, ts, k)].mul_add(&left, &right, &mut cx.ovf);
                }
            }
        }
        out.push(table);
        if cx.ovf {
            return Err(OddsError::Overflow);
        }
    }
    Ok(out)
}

fn powers<N: Num>(x: &N, max: usize, cx: &mut Cx) -> Vec<N> {
    let mut v = Vec::with_capacity(max + 1);
    let mut p = N::one();
    for i in 0..=max {
        if i > 0 {
            p = p.mul(x, &mut cx.ovf);
        }
        v.push(p.clone());
    }
    v
}

/// Keep the first `k` dice met in walking order (keep highest/lowest). Order-statistics DP
/// over the slots: state = dice placed so far per family (`tE + tS < k`), value = polynomial of
/// the kept sum. Placing `j` dice of the slot's family multiplies by `C(t+j, j)·w^j`. A state
/// that reaches `k` placed dice is frozen at once: its kept sum is final and the rest of the
/// pool only contributes the completion weight, computed in closed form from `W`.
fn pool_keep<N: Num>(
    slots: &[Slot<N>],
    shapes: &[Shape<N>],
    k: usize,
    cx: &mut Cx,
) -> Result<Poly<N>, OddsError> {
    let mut result: Poly<N> = Poly::zero();
    if k == 0 {
        let mut total = N::zero();
        let e: N = slots
            .iter()
            .filter(|s| s.fam == 0)
            .fold(N::zero(), |mut a, s| {
                a.add_assign(&s.w, &mut cx.ovf);
                a
            });
        let s: N = slots
            .iter()
            .filter(|s| s.fam == 1)
            .fold(N::zero(), |mut a, s| {
                a.add_assign(&s.w, &mut cx.ovf);
                a
            });
        for sh in shapes {
            let t =
                sh.m.mul(&e.pow(sh.a as u64, &mut cx.ovf), &mut cx.ovf)
                    .mul(&s.pow(sh.b as u64, &mut cx.ovf), &mut cx.ovf);
            total.add_assign(&t, &mut cx.ovf);
        }
        return Ok(Poly::monomial(0, total));
    }
    let wt = completion_weights(slots, shapes, k, cx)?;
    let amax = shapes.iter().map(|s| s.a).max().unwrap_or(0);
    let bmax = shapes.iter().map(|s| s.b).max().unwrap_or(0);
    let mut states: Vec<Option<Poly<N>>> = vec![None; k * k];
    states[idx(0, 0, k)] = Some(Poly::monomial(0, N::one()));
    for (i, slot) in slots.iter().enumerate() {
        let mut next: Vec<Option<Poly<N>>> = vec![None; k * k];
        let work: u64 = states
            .iter()
            .flatten()
            .map(|p| p.w.len() as u64 * k as u64)
            .sum();
        cx.charge_ops::<N>(work, 128, 64, "keep/drop")?;
        for te in 0..k {
            for ts in 0..(k - te) {
                let Some(p) = states[idx(te, ts, k)].take() else {
                    continue;
                };
                let tot = te + ts;
                let rem = k - tot;
                let (tf, fmax) = if slot.fam == 0 {
                    (te, amax)
                } else {
                    (ts, bmax)
                };
                let mut coef = N::one();
                let mut sub = N::zero();
                for j in 0..rem {
                    if tf + j > fmax {
                        break;
                    }
                    if j > 0 {
                        coef = coef
                            .mul(&slot.w, &mut cx.ovf)
                            .mul_u64((tf + j) as u64, &mut cx.ovf)
                            .div_u64_exact(j as u64);
                    }
                    let (ne, ns) = if slot.fam == 0 {
                        (te + j, ts)
                    } else {
                        (te, ts + j)
                    };
                    let target = next[idx(ne, ns, k)].get_or_insert_with(Poly::zero);
                    target.add_scaled(&p, &coef, j as i64 * slot.u, cx);
                    sub.mul_add(&coef, &wt[i + 1][idx(ne, ns, k)], &mut cx.ovf);
                }
                let mut frozen = wt[i][idx(te, ts, k)].clone();
                frozen.sub_assign(&sub, &mut cx.ovf);
                result.add_scaled(&p, &frozen, rem as i64 * slot.u, cx);
            }
        }
        if cx.ovf {
            return Err(OddsError::Overflow);
        }
        states = next;
    }
    for sh in shapes {
        if sh.a + sh.b < k
            && let Some(p) = &states[idx(sh.a, sh.b, k)]
        {
            result.add_scaled(p, &sh.m, 0, cx);
        }
    }
    result.trim();
    Ok(result)
}

/// Drop the first `d` dice met in walking order and keep the rest (drop highest/lowest). DP
/// over the slots with scalar states (dice placed per family, `tE + tS < d`: nothing kept yet).
/// A state that reaches `d` placed dice keeps everything after: its contribution is the
/// completion polynomial `Wpoly(i, t) = Σ_shapes M·C(a,tE)·C(b,tS)·E_i(x)^(a−tE)·S_i(x)^(b−tS)`
/// minus the part where fewer than `d` dice fall on this slot, shifted down by the dropped dice.
fn pool_drop<N: Num>(
    slots: &[Slot<N>],
    shapes: &[Shape<N>],
    d: usize,
    cx: &mut Cx,
) -> Result<Poly<N>, OddsError> {
    let m = slots.len();
    let amax = shapes.iter().map(|s| s.a).max().unwrap_or(0);
    let bmax = shapes.iter().map(|s| s.b).max().unwrap_or(0);
    let amin = shapes.iter().map(|s| s.a).min().unwrap_or(0);
    let bmin = shapes.iter().map(|s| s.b).min().unwrap_or(0);
    // Suffix polynomials per family.
    let mut wpoly: Vec<Vec<Poly<N>>> = Vec::with_capacity(m + 1);
    let mut e_suf: Poly<N> = Poly::zero();
    let mut s_suf: Poly<N> = Poly::zero();
    let mut suffixes = Vec::with_capacity(m + 1);
    suffixes.push((Poly::zero(), Poly::zero()));
    for slot in slots.iter().rev() {
        if slot.fam == 0 {
            e_suf.add_scaled(&Poly::monomial(slot.u, slot.w.clone()), &N::one(), 0, cx);
        } else {
            s_suf.add_scaled(&Poly::monomial(slot.u, slot.w.clone()), &N::one(), 0, cx);
        }
        suffixes.push((e_suf.clone(), s_suf.clone()));
    }
    suffixes.reverse();
    let binom = |a: usize, t: usize| -> N {
        let mut c = N::one();
        let mut ovf = false;
        for i in 0..t {
            c = c
                .mul_u64((a - i) as u64, &mut ovf)
                .div_u64_exact(i as u64 + 1);
        }
        c
    };
    for (e, s) in &suffixes {
        // Powers needed: E^(a−tE) for a in shapes, tE < d; S likewise.
        let lo_a = amin.saturating_sub(d);
        let lo_b = bmin.saturating_sub(d);
        let pe = poly_powers(e, lo_a, amax, cx)?;
        let ps = poly_powers(s, lo_b, bmax, cx)?;
        let mut table: Vec<Poly<N>> = vec![Poly::zero(); d * d];
        // Group shapes by b: G_b(tE) = Σ_a M·C(a,tE)·E^(a−tE).
        let mut by_b: std::collections::BTreeMap<usize, Vec<&Shape<N>>> = Default::default();
        for sh in shapes {
            by_b.entry(sh.b).or_default().push(sh);
        }
        for (b, group) in &by_b {
            for te in 0..d {
                let mut g: Poly<N> = Poly::zero();
                for sh in group {
                    if sh.a < te {
                        continue;
                    }
                    let c = sh.m.mul(&binom(sh.a, te), &mut cx.ovf);
                    let pw = &pe[sh.a - te - lo_a];
                    cx.charge_ops::<N>(
                        pw.w.len() as u64,
                        c.bits(),
                        pw.max_bits(),
                        "drop completion",
                    )?;
                    g.add_scaled(pw, &c, 0, cx);
                }
                if g.w.is_empty() {
                    continue;
                }
                for ts in 0..(d - te).min(b + 1) {
                    let sp = &ps[b - ts - lo_b];
                    let prod = g.mul(sp, cx)?;
                    table[idx(te, ts, d)].add_scaled(&prod, &binom(*b, ts), 0, cx);
                }
            }
        }
        wpoly.push(table);
        if cx.ovf {
            return Err(OddsError::Overflow);
        }
    }
    let mut result: Poly<N> = Poly::zero();
    let mut states: Vec<N> = vec![N::zero(); d * d];
    states[idx(0, 0, d)] = N::one();
    for (i, slot) in slots.iter().enumerate() {
        let mut next = vec![N::zero(); d * d];
        for te in 0..d {
            for ts in 0..(d - te) {
                let sigma = std::mem::replace(&mut states[idx(te, ts, d)], N::zero());
                if sigma.is_zero() {
                    continue;
                }
                let rem = d - te - ts;
                let (tf, fmax) = if slot.fam == 0 {
                    (te, amax)
                } else {
                    (ts, bmax)
                };
                let mut coef = N::one();
                let mut frozen = wpoly[i][idx(te, ts, d)].clone();
                let mut sub: Poly<N> = Poly::zero();
                for j in 0..rem {
                    if tf + j > fmax {
                        break;
                    }
                    if j > 0 {
                        coef = coef
                            .mul(&slot.w, &mut cx.ovf)
                            .mul_u64((tf + j) as u64, &mut cx.ovf)
                            .div_u64_exact(j as u64);
                    }
                    let (ne, ns) = if slot.fam == 0 {
                        (te + j, ts)
                    } else {
                        (te, ts + j)
                    };
                    next[idx(ne, ns, d)].mul_add(&sigma, &coef, &mut cx.ovf);
                    let wp = &wpoly[i + 1][idx(ne, ns, d)];
                    cx.charge_ops::<N>(wp.w.len() as u64, 128, 128, "drop")?;
                    sub.add_scaled(wp, &coef, j as i64 * slot.u, cx);
                }
                frozen.sub_assign(&sub, cx);
                result.add_scaled(&frozen, &sigma, -(rem as i64) * slot.u, cx);
            }
        }
        if cx.ovf {
            return Err(OddsError::Overflow);
        }
        states = next;
    }
    for sh in shapes {
        if sh.a + sh.b < d {
            let sigma = &states[idx(sh.a, sh.b, d)];
            result.add_scaled(&Poly::monomial(0, sh.m.clone()), sigma, 0, cx);
        }
    }
    result.trim();
    Ok(result)
}

/// `x^n` for `n` in `lo..=hi` (index `n − lo`).
fn poly_powers<N: Num>(
    x: &Poly<N>,
    lo: usize,
    hi: usize,
    cx: &mut Cx,
) -> Result<Vec<Poly<N>>, OddsError> {
    let mut out = Vec::with_capacity(hi + 1 - lo.min(hi));
    if lo > hi {
        return Ok(out);
    }
    let mut x = x.clone();
    x.trim();
    if x.w.is_empty() {
        for n in lo..=hi {
            out.push(if n == 0 {
                Poly::monomial(0, N::one())
            } else {
                Poly::zero()
            });
        }
        return Ok(out);
    }
    let mut p = x.pow(lo as u64, cx)?;
    out.push(p.clone());
    for _ in lo..hi {
        p = p.mul(&x, cx)?;
        out.push(p.clone());
    }
    Ok(out)
}
