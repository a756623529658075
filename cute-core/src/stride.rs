//! Coordinates and strides: `crd2idx`, `idx2crd` and compact strides (Cecka, *CuTe Layout
//! Representation and Algebra*, §2.2.2, §2.3).
//!
//! An index past the size lands in the last mode; a negative index is split with C++'s
//! truncating division, as CuTe splits it.

use crate::arith::{add, colex_split, divmod, mul};
use crate::error::{Context, Error, ErrorKind, Op, Operand};
use crate::int_tuple::{Builder, IntTuple, View};
use crate::limits::Limit;

/// Evaluation on flattened modes. A negative index is split with C++'s truncating division, as
/// CuTe's `idx2crd` splits it (`(2,3):(2,1)` at `-1` is `(-1,0)`, offset `-2`), so that a
/// negative stride composes as it does in CuTe.
#[inline(always)]
pub(crate) fn eval_flat(shape: &[i64], stride: &[i64], i: i64) -> Result<i64, ErrorKind> {
    let mut off = 0i64;
    colex_split(shape, i, |k, c| {
        off = add(off, mul(c, stride[k])?)?;
        Ok(())
    })?;
    Ok(off)
}

impl IntTuple {
    /// Exclusive prefix products with the profile of `self` (the compact column-major strides).
    pub fn prefix_product(&self) -> Result<IntTuple, ErrorKind> {
        compact_left(self, 1)
    }
}

/// Compact column-major strides (`LayoutLeft`): exclusive prefix products starting at
/// `current`, with stride 0 for a size-1 mode, as CuTe's `compact_col_major`.
pub fn compact_left(shape: &IntTuple, current: i64) -> Result<IntTuple, ErrorKind> {
    let mut cur = current;
    shape.map(|s| {
        if s == 1 {
            Ok(0)
        } else {
            let d = cur;
            cur = mul(cur, s)?;
            Ok(d)
        }
    })
}

/// Compact row-major strides (`LayoutRight`): the rightmost leaf is fastest.
pub fn compact_right(shape: &IntTuple, current: i64) -> Result<IntTuple, ErrorKind> {
    let mut out = *shape;
    let leaves = shape.leaves();
    let mut strides = [0i64; crate::MAX_LEAVES];
    let mut cur = current;
    for (k, &s) in leaves.iter().enumerate().rev() {
        if s != 1 {
            strides[k] = cur;
            cur = mul(cur, s)?;
        }
    }
    out = out.with_leaves(&strides).ok_or(ErrorKind::Capacity {
        limit: Limit::Leaves,
    })?;
    Ok(out)
}

/// `crd2idx(c, S, D)`: the offset of coordinate `c` in the layout `S:D` (Cecka Eq. 4–6).
///
/// An integer coordinate is split colexicographically over the modes of `S`, the last mode taking
/// what is left; a tuple coordinate goes mode by mode.
///
/// # Preconditions
/// `c` is weakly congruent to `S` (a tuple coordinate needs a tuple shape of equal rank), and
/// `S`, `D` are congruent.
///
/// # Examples
/// ```
/// use cute_core::{crd2idx, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2idx(&t("(1,(1,0))"), &t("(4,(2,2))"), &t("(2,(1,8))")).unwrap(), 3);
/// assert_eq!(crd2idx(&t("5"), &t("(4,(2,2))"), &t("(2,(1,8))")).unwrap(), 3);
/// ```
pub fn crd2idx(coord: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64, Error> {
    crd2idx_view(coord.view(), shape.view(), stride.view()).ctx(Op::Crd2Idx, || {
        [Some(Operand::from(coord)), Some(Operand::from(shape))]
    })
}

pub(crate) fn crd2idx_view(c: View<'_>, s: View<'_>, d: View<'_>) -> Result<i64, ErrorKind> {
    if c.is_under() {
        return Ok(0);
    }
    match (c.is_tuple(), s.is_tuple()) {
        (true, true) => {
            if !d.is_tuple() {
                // `crd2idx((3),(4),2)`: a tuple shape with an integer stride.
                return Err(ErrorKind::NotCongruent);
            }
            if c.rank() != s.rank() || s.rank() != d.rank() {
                let right = if c.rank() == s.rank() {
                    d.rank()
                } else {
                    s.rank()
                };
                return Err(ErrorKind::RankMismatch {
                    left: c.rank(),
                    right,
                });
            }
            c.children()
                .zip(s.children())
                .zip(d.children())
                .try_fold(0i64, |acc, ((c, s), d)| add(acc, crd2idx_view(c, s, d)?))
        }
        (true, false) => Err(ErrorKind::InvalidParameters),
        (false, true) => {
            if !d.is_tuple() || s.rank() != d.rank() {
                return Err(ErrorKind::RankMismatch {
                    left: s.rank(),
                    right: d.rank(),
                });
            }
            if !s.congruent(&d) {
                return Err(ErrorKind::NotCongruent);
            }
            // Splitting mode by mode, then inside each mode, gives the flattened split.
            eval_flat(s.leaves(), d.leaves(), c.as_int().unwrap_or(0))
        }
        (false, false) => {
            let d = d.as_int().ok_or(ErrorKind::NotCongruent)?;
            mul(c.as_int().unwrap_or(0), d)
        }
    }
}

/// `crd2idx(c, S)`: the colexicographic index of coordinate `c` in shape `S`; an integer `c` is
/// returned unchanged.
pub fn crd2idx_shape(coord: &IntTuple, shape: &IntTuple) -> Result<i64, Error> {
    let ops = || [Some(Operand::from(coord)), Some(Operand::from(shape))];
    if let Some(i) = coord.as_int() {
        return Ok(i);
    }
    if shape.is_int() {
        return Err(ErrorKind::InvalidParameters).ctx(Op::Crd2Idx, ops);
    }
    // Horner over the flattened coordinate, with each shape mode reduced to the profile of `c`.
    let mut flat_c = [0i64; crate::MAX_LEAVES];
    let mut flat_s = [0i64; crate::MAX_LEAVES];
    let mut n = 0;
    flatten_like(coord.view(), shape.view(), &mut flat_c, &mut flat_s, &mut n)
        .ctx(Op::Crd2Idx, ops)?;
    let mut idx = 0i64;
    for k in (0..n).rev() {
        idx = add(flat_c[k], mul(flat_s[k], idx).ctx(Op::Crd2Idx, ops)?).ctx(Op::Crd2Idx, ops)?;
    }
    Ok(idx)
}

fn flatten_like(
    c: View<'_>,
    s: View<'_>,
    fc: &mut [i64],
    fs: &mut [i64],
    n: &mut usize,
) -> Result<(), ErrorKind> {
    if c.is_tuple() {
        if !s.is_tuple() {
            return Err(ErrorKind::InvalidParameters);
        }
        if c.rank() != s.rank() {
            return Err(ErrorKind::RankMismatch {
                left: c.rank(),
                right: s.rank(),
            });
        }
        for (c, s) in c.children().zip(s.children()) {
            flatten_like(c, s, fc, fs, n)?;
        }
        Ok(())
    } else {
        let value = c.as_int().ok_or(ErrorKind::InvalidParameters)?;
        if *n >= fc.len() {
            return Err(ErrorKind::Capacity {
                limit: Limit::Leaves,
            });
        }
        fc[*n] = value;
        fs[*n] = s.product()?;
        *n += 1;
        Ok(())
    }
}

/// `idx2crd(i, S)`: the coordinate of index `i` in shape `S`, congruent to `S`, split
/// colexicographically; the last mode takes whatever is left, so `i >= size(S)` gives a coordinate
/// past the end of the last mode. A tuple `i` is converted mode by mode.
///
/// # Examples
/// ```
/// use cute_core::{idx2crd, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd(&t("34"), &t("(4,2,5,2)")).unwrap(), t("(2,0,4,0)"));
/// ```
pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple, Error> {
    let mut b = Builder::new();
    idx2crd_into(&mut b, idx.view(), shape.view()).ctx(Op::Idx2Crd, || {
        [Some(Operand::from(idx)), Some(Operand::from(shape))]
    })?;
    Ok(b.finish())
}

fn idx2crd_into(b: &mut Builder, i: View<'_>, s: View<'_>) -> Result<(), ErrorKind> {
    match (i.is_tuple(), s.is_tuple()) {
        (true, true) => {
            if i.rank() != s.rank() {
                return Err(ErrorKind::RankMismatch {
                    left: i.rank(),
                    right: s.rank(),
                });
            }
            b.open()?;
            for (i, s) in i.children().zip(s.children()) {
                idx2crd_into(b, i, s)?;
            }
            b.close()
        }
        (true, false) => Err(ErrorKind::InvalidParameters),
        (false, true) => split_into(b, i.as_int().unwrap_or(0), s),
        (false, false) => b.int(i.as_int().unwrap_or(0)),
    }
}

/// Splits an integer over the modes of `s`: `divmod` by each mode's size, the last mode keeps the
/// rest.
fn split_into(b: &mut Builder, idx: i64, s: View<'_>) -> Result<(), ErrorKind> {
    // Splitting mode by mode, then inside each mode, gives the flattened split.
    let mut digits = [0i64; crate::MAX_LEAVES];
    colex_split(s.leaves(), idx, |k, c| {
        digits[k] = c;
        Ok(())
    })?;
    b.view(
        IntTuple::from_view(s)?
            .with_leaves(&digits)
            .ok_or(ErrorKind::Capacity {
                limit: Limit::Leaves,
            })?
            .view(),
    )
}

/// `idx2crd(i, S, D)`: every leaf is `(i / d) % s` (0 for a size-1 mode); a tuple `i` goes mode
/// by mode. Inverts `crd2idx` on compact layouts.
pub fn idx2crd_strided(
    idx: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
) -> Result<IntTuple, Error> {
    let mut b = Builder::new();
    let ops = || [Some(Operand::from(idx)), Some(Operand::from(shape))];
    let stride = if shape.is_int() || !stride.is_int() {
        *stride
    } else {
        compact_left(shape, stride.as_int().unwrap_or(1)).ctx(Op::Idx2Crd, ops)?
    };
    strided_into(&mut b, idx.view(), shape.view(), stride.view()).ctx(Op::Idx2Crd, ops)?;
    Ok(b.finish())
}

fn strided_into(b: &mut Builder, i: View<'_>, s: View<'_>, d: View<'_>) -> Result<(), ErrorKind> {
    match (i.is_tuple(), s.is_tuple()) {
        (true, false) => Err(ErrorKind::InvalidParameters),
        (_, true) => {
            if s.rank() != d.rank() || (i.is_tuple() && i.rank() != s.rank()) {
                return Err(ErrorKind::RankMismatch {
                    left: i.rank(),
                    right: s.rank(),
                });
            }
            b.open()?;
            for (k, (s, d)) in s.children().zip(d.children()).enumerate() {
                let i = if i.is_tuple() {
                    i.mode(k).unwrap_or(i)
                } else {
                    i
                };
                strided_into(b, i, s, d)?;
            }
            b.close()
        }
        (false, false) => {
            let (i, s) = (i.as_int().unwrap_or(0), s.as_int().unwrap_or(1));
            let d = d.as_int().ok_or(ErrorKind::NotCongruent)?;
            if s == 1 {
                b.int(0)
            } else {
                b.int(divmod(divmod(i, d)?.0, s)?.1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn compact_strides_skip_unit_modes() {
        assert_eq!(compact_left(&t("(4,(1,3))"), 1).unwrap(), t("(1,(0,4))"));
        assert_eq!(compact_right(&t("(4,(2,3))"), 1).unwrap(), t("(6,(3,1))"));
    }

    #[test]
    fn coordinates_round_trip() {
        let s = t("(3,(2,4))");
        for i in 0..24 {
            let c = idx2crd(&IntTuple::int(i), &s).unwrap();
            assert_eq!(crd2idx_shape(&c, &s).unwrap(), i);
        }
    }

    #[test]
    fn tuple_coordinate_with_integer_shape_is_invalid() {
        let e = crd2idx_shape(&t("(1,2)"), &t("8")).unwrap_err();
        assert_eq!(e.code(), "invalid_parameters");
        let e = crd2idx(&t("(1,2)"), &t("(4,4,4)"), &t("(1,4,16)")).unwrap_err();
        assert_eq!(e.code(), "rank_mismatch");
    }
}
