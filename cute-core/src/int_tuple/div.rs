//! `ceil_div` and `shape_div` of integer tuples, mode by mode.

use super::tuple::{Builder, IntTuple};
use super::view::View;
use crate::arith::{ceil_div_int, mul, shape_div_int};
use crate::error::ErrorKind;

/// `ceil_div(a, b)` on integer tuples (CuTe `int_tuple.hpp`):
/// tuple ÷ tuple is by mode (missing modes of `b` are 1), tuple ÷ integer folds `b` across the
/// modes of `a`, integer ÷ tuple divides by `product(b)`.
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, ErrorKind> {
    tuple_div(a, b, ceil_div_int, true)
}

/// `product(ceil_div(a, b))` for an integer `b`, without building the quotient (a complement's
/// count of tiles): the same fold over `a`'s modes. For `a` without `_` and with positive
/// leaves and `b > 0`, the complement's case, checked by its caller: every error is then an
/// overflow, as it was for the product of the quotient.
pub(crate) fn ceil_div_product(a: View<'_>, b: i64) -> Result<i64, ErrorKind> {
    if !a.is_tuple() {
        return ceil_div_int(a.product()?, b);
    }
    let (mut rest, mut product) = (b, 1i64);
    if a.depth() == 1 {
        // A flat tuple (a coalesced cotarget): its leaves are its modes.
        for &x in a.leaves() {
            product = mul(product, ceil_div_int(x, rest)?)?;
            rest = ceil_div_int(rest, x)?;
        }
        return Ok(product);
    }
    for x in a.children() {
        product = mul(product, ceil_div_product(x, rest)?)?;
        rest = ceil_div_int(rest, x.product()?)?;
    }
    Ok(product)
}

/// `shape_div(a, b)` (CuTe `int_tuple.hpp`): like [`ceil_div`], but each integer division
/// requires `a % b == 0 || b % a == 0`, and tuple ÷ tuple needs equal ranks.
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, ErrorKind> {
    tuple_div(a, b, shape_div_int, false)
}

/// The fold behind [`ceil_div`] and [`shape_div`]: `div` on integers, `pad` when a shorter tuple
/// divisor is padded with 1s.
pub(super) fn tuple_div(
    a: &IntTuple,
    b: &IntTuple,
    div: fn(i64, i64) -> Result<i64, ErrorKind>,
    pad: bool,
) -> Result<IntTuple, ErrorKind> {
    if a.view().has_under() || b.view().has_under() {
        return Err(ErrorKind::InvalidParameters);
    }
    let mut out = Builder::new();
    tuple_div_into(&mut out, a.view(), b.view(), div, pad)?;
    Ok(out.finish())
}

pub(super) fn tuple_div_into(
    out: &mut Builder,
    a: View<'_>,
    b: View<'_>,
    div: fn(i64, i64) -> Result<i64, ErrorKind>,
    pad: bool,
) -> Result<(), ErrorKind> {
    match (a.is_tuple(), b.is_tuple()) {
        (true, true) => {
            if a.rank() < b.rank() || (!pad && a.rank() != b.rank()) {
                return Err(ErrorKind::RankMismatch {
                    left: a.rank(),
                    right: b.rank(),
                });
            }
            out.open()?;
            let one = IntTuple::int(1);
            let mut bs = b.children();
            for x in a.children() {
                let y = bs.next().unwrap_or_else(|| one.view());
                tuple_div_into(out, x, y, div, pad)?;
            }
            out.close()
        }
        (true, false) => {
            let mut rest = b.product()?;
            out.open()?;
            for x in a.children() {
                tuple_div_into(out, x, IntTuple::int(rest).view(), div, pad)?;
                rest = div(rest, x.product()?)?;
            }
            out.close()
        }
        (false, _) => out.int(div(a.product()?, b.product()?)?),
    }
}
