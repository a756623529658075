//! The invariant every layout keeps: its size and the range of its offsets within `i64`.

use crate::error::ErrorKind;

/// The values every [`Layout`](crate::Layout) keeps, checked where one is built: no negative
/// shape leaf ([`ErrorKind::NegativeShape`]; a zero leaf makes the layout empty, as in CuTe),
/// and the product of the nonzero leaves and the lowest and highest offsets within `i64`
/// ([`ErrorKind::Overflow`]). Every partial sum of `L(i)` for `0 <= i < size(L)` lies between
/// those two, so `size` and in-domain evaluation need no further check (`cosize` still checks
/// its `+ 1`). Zero leaves count as 1 in the check, so that every sublayout (a mode, a slice
/// that drops the empty mode) keeps the invariant too. Public for `cute_static`, whose mixed
/// operations check what this crate builds as a layout on the way.
#[expect(
    clippy::needless_bitwise_bool,
    reason = "branch-free on a GPU: one test of every condition"
)]
#[inline(always)]
pub fn check_leaves(shape: &[i64], stride: &[i64]) -> Result<(), ErrorKind> {
    let negative = |shape: &[i64]| shape.iter().find(|&&s| s < 0).copied();
    if cfg!(target_arch = "nvptx64") {
        // On a GPU both conditions before one branch (see `extent_flagged`); the negative
        // leaf is looked for only on the way to its error.
        if shape.iter().fold(false, |n, &s| n | (s < 0)) | leaf_extent(shape, stride).is_none() {
            return Err(match negative(shape) {
                Some(value) => ErrorKind::NegativeShape { value },
                None => ErrorKind::Overflow,
            });
        }
        return Ok(());
    }
    if let Some(value) = negative(shape) {
        return Err(ErrorKind::NegativeShape { value });
    }
    if leaf_extent(shape, stride).is_none() {
        return Err(ErrorKind::Overflow);
    }
    Ok(())
}

/// Over non-negative leaves: the size, and the lowest and highest offsets of the domain (the
/// sums of the negative and of the positive terms `(s - 1)·d` of the nonzero leaves); `None`
/// when the product of the nonzero leaves or an offset passes `i64`. One function for every
/// tier: const so that static layouts keep the invariant at compile time, and `cute_static`'s
/// mixed check and image and the tensors' bounds call it. A zero leaf is a branch inside the
/// arithmetic, not a skipped iteration: that keeps it foldable for static layouts
/// (`benches/asm_static_*.sh`).
#[inline(always)]
#[must_use]
pub const fn leaf_extent(shape: &[i64], stride: &[i64]) -> Option<(i64, i64, i64)> {
    if cfg!(target_arch = "nvptx64") {
        extent_flagged::<true>(shape, stride)
    } else {
        leaf_extent_early(shape, stride)
    }
}

/// [`leaf_extent`] for a CPU: an early exit at the first overflow (a signed overflow test is one
/// instruction there).
#[inline(always)]
const fn leaf_extent_early(shape: &[i64], stride: &[i64]) -> Option<(i64, i64, i64)> {
    let (mut k, mut size, mut lo, mut hi) = (0, 1i64, 0i64, 0i64);
    let mut empty = false;
    while k < shape.len() {
        let s = shape[k];
        let (factor, span) = if s == 0 {
            empty = true;
            (1, 0)
        } else {
            match (s - 1).checked_mul(stride[k]) {
                Some(t) => (s, t),
                None => return None,
            }
        };
        size = match size.checked_mul(factor) {
            Some(v) => v,
            None => return None,
        };
        let sum = if span < 0 {
            lo.checked_add(span)
        } else {
            hi.checked_add(span)
        };
        match sum {
            Some(v) if span < 0 => lo = v,
            Some(v) => hi = v,
            None => return None,
        }
        k += 1;
    }
    Some((if empty { 0 } else { size }, lo, hi))
}

/// [`leaf_extent`] (`SPANS`: each leaf's `(s - 1)·d` checked) and
/// [`leaf_extent_of_valid_leaves`] (not: each leaf keeps the invariant) for a GPU: branch-free,
/// every overflow gathered in one flag tested once, and unsigned products ([`span_of`],
/// [`positive_product`]). A kernel's second check of the same leaves is then the first one's
/// value (LLVM merges straight arithmetic, not a chain of early exits), and a GPU's signed
/// overflow test takes three times the instructions of an unsigned one. On a CPU the early exits
/// are faster (measured: the mixed composition benchmarks took up to twice as long with this
/// schedule).
#[inline(always)]
const fn extent_flagged<const SPANS: bool>(
    shape: &[i64],
    stride: &[i64],
) -> Option<(i64, i64, i64)> {
    let (mut k, mut size, mut lo, mut hi) = (0, 1i64, 0i64, 0i64);
    let (mut empty, mut overflow) = (false, false);
    while k < shape.len() {
        let s = shape[k];
        empty |= s == 0;
        let factor = if s > 1 { s } else { 1 };
        let (span, o1) = if SPANS {
            match span_of(factor, stride[k]) {
                Some(t) => (t, false),
                None => (0, true),
            }
        } else {
            ((factor - 1).wrapping_mul(stride[k]), false)
        };
        let (v, o2) = match positive_product(size, factor) {
            Some(v) => (v, false),
            None => (0, true),
        };
        size = v;
        let (l, o3) = lo.overflowing_add(if span < 0 { span } else { 0 });
        let (h, o4) = hi.overflowing_add(if span < 0 { 0 } else { span });
        (lo, hi) = (l, h);
        overflow |= o1 | o2 | o3 | o4;
        k += 1;
    }
    if overflow {
        return None;
    }
    Some((if empty { 0 } else { size }, lo, hi))
}

/// `(s - 1)·d` for a positive `s`, `None` past `i64`: an unsigned product of `s - 1` and `|d|`
/// (a GPU's signed overflow test takes three times the instructions of an unsigned one).
#[expect(
    clippy::needless_bitwise_bool,
    reason = "branch-free on a GPU: one test of every condition"
)]
#[inline(always)]
const fn span_of(s: i64, d: i64) -> Option<i64> {
    // `|d|` and the sign put back by masks, not by branches: LLVM would otherwise multiply on
    // each side of one, and a kernel's second check of the same leaves would not be the first's.
    let sign = d >> 63;
    let (p, wide) = ((s - 1) as u64).overflowing_mul(((d ^ sign).wrapping_sub(sign)) as u64);
    // A negative product may reach `-2^63`, one past the largest positive one.
    if wide | (p > i64::MAX as u64 + (sign & 1) as u64) {
        return None;
    }
    Some(((p as i64) ^ sign).wrapping_sub(sign))
}

/// `a·b` of two positive integers, `None` past `i64`: unsigned (see [`span_of`]).
#[inline(always)]
const fn positive_product(a: i64, b: i64) -> Option<i64> {
    match (a as u64).checked_mul(b as u64) {
        Some(p) if p <= i64::MAX as u64 => Some(p as i64),
        _ => None,
    }
}

/// [`leaf_extent`] of leaves that each keep the invariant on their own (no negative shape, each
/// `(s - 1)·d` within `i64`): the products need no check, only the sums and the size across
/// leaves (the leaves of modes gathered from valid layouts, e.g. by `select!`, may pass `i64`
/// together). A mixed layout's image is the bounds of every tensor over it, checked at each view:
/// the checked products were most of that check's instructions in a GPU kernel.
///
/// # Preconditions
/// Each leaf on its own keeps the invariant (then the result equals [`leaf_extent`]'s).
#[inline(always)]
#[must_use]
pub fn leaf_extent_of_valid_leaves(shape: &[i64], stride: &[i64]) -> Option<(i64, i64, i64)> {
    if cfg!(target_arch = "nvptx64") {
        extent_flagged::<false>(shape, stride)
    } else {
        valid_leaves_early(shape, stride)
    }
}

/// [`leaf_extent_of_valid_leaves`] for a CPU (see [`leaf_extent_early`]).
#[inline(always)]
fn valid_leaves_early(shape: &[i64], stride: &[i64]) -> Option<(i64, i64, i64)> {
    let (mut size, mut lo, mut hi, mut empty) = (1i64, 0i64, 0i64, false);
    for (&s, &d) in shape.iter().zip(stride) {
        empty |= s == 0;
        size = size.checked_mul(s.max(1))?;
        let span = s.max(1).wrapping_sub(1).wrapping_mul(d);
        if span < 0 {
            lo = lo.checked_add(span)?;
        } else {
            hi = hi.checked_add(span)?;
        }
    }
    Some((if empty { 0 } else { size }, lo, hi))
}

/// The lowest and highest offsets of leaves that keep the invariant together (a mode of a
/// checked layout), without checks: every product and partial sum then fits in `i64`.
///
/// # Preconditions
/// [`leaf_extent`] of the same leaves is `Some` (then the results are equal).
#[inline(always)]
#[must_use]
pub fn leaf_image(shape: &[i64], stride: &[i64]) -> (i64, i64) {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (&s, &d) in shape.iter().zip(stride) {
        let span = s.max(1).wrapping_sub(1).wrapping_mul(d);
        if span < 0 {
            lo = lo.wrapping_add(span);
        } else {
            hi = hi.wrapping_add(span);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The invariant computed exactly, in `i128`: the reference the branch-free checks keep.
    fn reference(shape: &[i64], stride: &[i64]) -> Option<(i64, i64, i64)> {
        let (mut size, mut lo, mut hi, mut empty) = (1i128, 0i128, 0i128, false);
        for (&s, &d) in shape.iter().zip(stride) {
            empty |= s == 0;
            let s = i128::from(s.max(1));
            size *= s;
            let span = (s - 1) * i128::from(d);
            if span < 0 {
                lo += span;
            } else {
                hi += span;
            }
            let fits = |v: i128| i64::try_from(v).is_ok();
            if !(fits(size) && fits(lo) && fits(hi) && fits(span)) {
                return None;
            }
        }
        Some((if empty { 0 } else { size as i64 }, lo as i64, hi as i64))
    }

    /// Every pair of leaves from values at the edges of `i64`, alone and with a third: both
    /// schedules of `leaf_extent` and of `leaf_extent_of_valid_leaves` (on leaves that each keep
    /// the invariant), and `check_leaves`, agree with the exact computation.
    #[test]
    fn the_checks_agree_with_exact_arithmetic_at_the_edges() {
        const E: i64 = 1 << 62;
        let shapes = [
            0,
            1,
            2,
            3,
            1 << 31,
            (1 << 32) + 1,
            E - 1,
            E,
            E + 1,
            i64::MAX,
        ];
        let strides = [
            i64::MIN,
            i64::MIN + 1,
            -E,
            -(1 << 31),
            -3,
            -1,
            0,
            1,
            2,
            1 << 31,
            E - 1,
            E,
            i64::MAX,
        ];
        let leaves: Vec<(i64, i64)> = shapes
            .iter()
            .flat_map(|&s| strides.iter().map(move |&d| (s, d)))
            .collect();
        let mut cases = 0;
        for (k, &a) in leaves.iter().enumerate() {
            for &b in &leaves[k % 7..] {
                for c in [None, Some(leaves[(k * 31) % leaves.len()])] {
                    let (mut s, mut d) = (vec![a.0, b.0], vec![a.1, b.1]);
                    if let Some(c) = c {
                        s.push(c.0);
                        d.push(c.1);
                    }
                    let want = reference(&s, &d);
                    assert_eq!(leaf_extent_early(&s, &d), want, "{s:?}:{d:?}");
                    assert_eq!(extent_flagged::<true>(&s, &d), want, "{s:?}:{d:?}");
                    assert_eq!(check_leaves(&s, &d).is_ok(), want.is_some(), "{s:?}:{d:?}");
                    let valid = s
                        .iter()
                        .zip(&d)
                        .all(|(&s, &d)| reference(&[s], &[d]).is_some());
                    if valid {
                        assert_eq!(valid_leaves_early(&s, &d), want, "{s:?}:{d:?}");
                        assert_eq!(extent_flagged::<false>(&s, &d), want, "{s:?}:{d:?}");
                    }
                    cases += 1;
                }
            }
        }
        assert!(cases > 10_000, "{cases}");
        assert_eq!(
            check_leaves(&[3, -2], &[1, 3]),
            Err(ErrorKind::NegativeShape { value: -2 })
        );
    }
}
