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
#[inline(always)]
pub fn check_leaves(shape: &[i64], stride: &[i64]) -> Result<(), ErrorKind> {
    if let Some(&value) = shape.iter().find(|&&s| s < 0) {
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
