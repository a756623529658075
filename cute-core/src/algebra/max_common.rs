//! `max_common_layout` and `max_common_vector` (Cecka, *CuTe Layout Representation and Algebra*,
//! §3.4.2): the largest run of offsets that two layouts store contiguously at the same coordinates,
//! for vectorized copies.

use super::coalesce::coalesce;
use super::composition::{compose, Exact};
use super::inverse::right_inverse;
use super::verify::verify_pointwise;
use crate::error::{Error, ErrorKind, Op};
use crate::layout::Layout;

/// The common vector `R = inv_b ∘ first`, where `first` is the stride-1 leading mode of
/// `coalesce(A ∘ inv_b)`, `inv_b = right_inverse(B)`; `None` when there is no such mode or `R`
/// fails its postcondition (possible only where `A ∘ inv_b` is not admissible, which CuTe does
/// not check).
fn common(a: &Layout, b: &Layout, op: Op) -> Result<Option<Layout>, Error> {
    let err = |k| Error::new(op, [Some(a.into()), Some(b.into())], k);
    let inv_b = right_inverse(b).map_err(|e| e.within(op))?;
    let ab = compose(a, &inv_b, Exact::CuteOnly).map_err(|k| {
        Error::new(Op::Composition, [Some(a.into()), Some((&inv_b).into())], k).within(op)
    })?;
    let c = coalesce(&ab).map_err(|e| e.within(op))?;
    let Some(first) = c.mode(0).filter(|m| m.stride().as_int() == Some(1)) else {
        return Ok(None);
    };
    let r = compose(&inv_b, &first, Exact::CuteOnly).map_err(err)?;
    // A(R(i)) == i and B(R(i)) == i, as pairs.
    let pair = |i| {
        let x = r.eval(i).map_err(|e| e.kind)?;
        Ok((
            (i, i),
            (
                a.eval(x).map_err(|e| e.kind)?,
                b.eval(x).map_err(|e| e.kind)?,
            ),
        ))
    };
    match verify_pointwise(r.size(), pair, |_, got| *got) {
        Ok(()) => Ok(Some(r)),
        Err(ErrorKind::NotAdmissible { .. }) => Ok(None),
        Err(kind) => Err(err(kind)),
    }
}

/// `max_common_layout(A, B)`: the layout `R` of the largest common contiguous vector.
///
/// # Postconditions
/// `A(R(i)) == i` and `B(R(i)) == i` for every `i < size(R)` (checked); `R` is `1:0` when there
/// is none.
///
/// # Examples
/// ```
/// use cute_core::{max_common_layout, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(max_common_layout(&l("(8,4):(1,8)"), &l("(8,(2,2)):(1,(8,16))")).unwrap(), l("32:1"));
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    Ok(common(a, b, Op::MaxCommonLayout)?.unwrap_or(Layout::trivial()))
}

/// `max_common_vector(A, B)`: the size of the largest common contiguous vector (1 if none).
///
/// # Examples
/// ```
/// use cute_core::{max_common_vector, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(max_common_vector(&l("(8,4):(1,8)"), &l("(8,4):(4,1)")).unwrap(), 1);
/// assert_eq!(max_common_vector(&l("(4,8):(1,4)"), &l("(4,8):(1,5)")).unwrap(), 4);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64, Error> {
    Ok(common(a, b, Op::MaxCommonVector)?.map_or(1, |r| r.size()))
}
