//! Pointwise checks: where the composition walk cannot show a result exact, it is compared with
//! `A(B(i))` at every point, up to [`VERIFY_LIMIT`] points.

use super::walk::{base, Pending};
use super::FlatRef;
use crate::arith::mul;
use crate::error::ErrorKind;
use crate::layout::{Layout, LayoutBuilder, LayoutView};
use crate::limits::VERIFY_LIMIT;
use crate::stride::eval_flat;

/// Checks pointwise every base case of `b` that the walk did not show exact.
pub(crate) fn verify_leaves(fa: FlatRef<'_>, b: LayoutView<'_>) -> Result<(), ErrorKind> {
    if b.shape.is_tuple() {
        return b.modes().try_for_each(|m| verify_leaves(fa, m));
    }
    let (n, d) = (b.shape.leaves()[0], b.stride.leaves()[0]);
    let mut leaf = LayoutBuilder::new();
    if let Some(pending) = base(fa, n, d, &mut leaf, None)? {
        verify_base(fa, n, d, &leaf.finish()?).map_err(|e| match pending {
            Pending::Overrun { mode, prefix } => Pending::overrun(mode, prefix, n, d),
            Pending::Backward => e,
        })?;
    }
    Ok(())
}

/// Checks `want == got` for the pair `pair(i)` at every `i < n` (at most [`VERIFY_LIMIT`]
/// points); the first difference is [`ErrorKind::NotAdmissible`], with the first differing
/// integers `diff(want, got)`. Every pointwise check of the algebra goes through here.
pub(crate) fn verify_pointwise<T: PartialEq>(
    n: i64,
    mut pair: impl FnMut(i64) -> Result<(T, T), ErrorKind>,
    diff: impl Fn(&T, &T) -> (i64, i64),
) -> Result<(), ErrorKind> {
    if n > VERIFY_LIMIT {
        return Err(ErrorKind::VerificationLimit { size: n });
    }
    for index in 0..n {
        let (want, got) = pair(index)?;
        if want != got {
            let (expected, got) = diff(&want, &got);
            return Err(ErrorKind::NotAdmissible {
                index,
                expected,
                got,
            });
        }
    }
    Ok(())
}

/// Pointwise check of one base case: `leaf(i) == A(d·i)` for `i < n`.
fn verify_base(fa: FlatRef<'_>, n: i64, d: i64, leaf: &Layout) -> Result<(), ErrorKind> {
    let (ls, ld) = leaf.flat_modes();
    let pair = |i| {
        Ok((
            eval_flat(fa.shape(), fa.stride(), mul(i, d)?)?,
            eval_flat(ls, ld, i)?,
        ))
    };
    verify_pointwise(n, pair, |a, b| (*a, *b))
}

/// Pointwise check of the whole composition: `R(i) == A(B(i))` for `i < size(B)`.
pub(crate) fn verify_distributive(
    fa: FlatRef<'_>,
    b: &Layout,
    r: &Layout,
) -> Result<(), ErrorKind> {
    let ((bs, bd), (rs, rd)) = (b.flat_modes(), r.flat_modes());
    let pair = |i| {
        Ok((
            eval_flat(fa.shape(), fa.stride(), eval_flat(bs, bd, i)?)?,
            eval_flat(rs, rd, i)?,
        ))
    };
    verify_pointwise(b.size(), pair, |a, b| (*a, *b))
}
