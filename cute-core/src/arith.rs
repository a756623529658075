//! Checked `i64` arithmetic: every step of the algebra that can overflow or divide by zero
//! goes through here and fails with a typed [`ErrorKind`], never a wrapped value.

use crate::error::ErrorKind;

/// Checked product.
#[inline(always)]
pub(crate) fn mul(a: i64, b: i64) -> Result<i64, ErrorKind> {
    a.checked_mul(b).ok_or(ErrorKind::Overflow)
}

/// `(a / b, a % b)` for `a >= 0` and `b > 0` (the caller's invariant; no check), a shift and a
/// mask where `b` is a power of two: the composition walk's divisions form one dependent chain,
/// and the shapes and strides of kernels' layouts are mostly powers of two (a 64-bit `div` is
/// tens of cycles; `composition/mixed/paper_6:12` spent most of its time in three of them).
#[inline(always)]
pub(crate) fn div_rem_positive(a: i64, b: i64) -> (i64, i64) {
    debug_assert!(a >= 0 && b > 0);
    if b & (b - 1) == 0 {
        (a >> b.trailing_zeros(), a & (b - 1))
    } else {
        (a / b, a % b)
    }
}

/// C++'s truncating division and remainder, `(i / s, i % s)`, as a checked pair: CuTe splits a
/// negative index this way, so `(2,3):(2,1)` at `-1` is the coordinate `(-1,0)`, offset `-2`
/// (what makes `composition((2,3):(2,1), 6:-1) = (2,3):(-2,-1)` exact).
#[inline(always)]
pub(crate) fn divmod(i: i64, s: i64) -> Result<(i64, i64), ErrorKind> {
    if s == 0 {
        return Err(ErrorKind::DivisionByZero);
    }
    Ok((
        i.checked_div(s).ok_or(ErrorKind::Overflow)?,
        i.checked_rem(s).ok_or(ErrorKind::Overflow)?,
    ))
}

/// The colexicographic split of `i` over `shape` (the flattened leaves of a shape): calls
/// `digit(k, c_k)` for each leaf, where the last leaf takes whatever is left, so an index past the
/// size lands in the last mode (Cecka, *CuTe Layout Representation and Algebra*, Eq. 4). Negative
/// indices split with C++'s truncating division, as CuTe's `idx2crd` does.
#[inline(always)]
pub(crate) fn colex_split(
    shape: &[i64],
    mut i: i64,
    mut digit: impl FnMut(usize, i64) -> Result<(), ErrorKind>,
) -> Result<(), ErrorKind> {
    let Some(last) = shape.len().checked_sub(1) else {
        return Ok(());
    };
    for (k, &s) in shape[..last].iter().enumerate() {
        // Without the checks where they cannot fail (the common case).
        let (q, r) = if i >= 0 && s > 0 {
            (i / s, i % s)
        } else if s == 0 {
            // Index 0 is the zero coordinate of any shape; no other index passes an empty mode.
            if i != 0 {
                return Err(ErrorKind::EmptyMode { mode: k });
            }
            (0, 0)
        } else {
            divmod(i, s)?
        };
        digit(k, r)?;
        i = q;
    }
    digit(last, i)
}

/// Checked sum.
#[inline(always)]
pub(crate) fn add(a: i64, b: i64) -> Result<i64, ErrorKind> {
    a.checked_add(b).ok_or(ErrorKind::Overflow)
}

/// `ceil_div(a, b)` on integers, as CuTe computes it: `(a + b - 1) / b`.
pub(crate) fn ceil_div_int(a: i64, b: i64) -> Result<i64, ErrorKind> {
    if b == 0 {
        return Err(ErrorKind::DivisionByZero);
    }
    let num = add(a, b.checked_sub(1).ok_or(ErrorKind::Overflow)?)?;
    num.checked_div(b).ok_or(ErrorKind::Overflow)
}

/// `shape_div(a, b)` on integers: `ceil_div` after requiring `a % b == 0 || b % a == 0`.
pub(crate) fn shape_div_int(a: i64, b: i64) -> Result<i64, ErrorKind> {
    if a == 0 || b == 0 {
        return Err(ErrorKind::DivisionByZero);
    }
    let divides = |x: i64, y: i64| x.checked_rem(y).is_some_and(|r| r == 0);
    if !divides(a, b) && !divides(b, a) {
        return Err(ErrorKind::ShapeDivDivisibility { a, b });
    }
    ceil_div_int(a, b)
}
