//! `upcast` and `downcast`: a layout of `T` viewed as a layout of `N`-times wider or narrower
//! elements.

use crate::arith::{ceil_div_int, mul};
use crate::error::{Error, ErrorKind, Op};
use crate::layout::Layout;

/// `upcast<N>(L)`: each stride-±1 run of `N` elements becomes one element; other strides are
/// divided by `N`. Stride-0 modes are unchanged.
///
/// # Preconditions
/// `N > 0`, and every non-zero stride and `N` divide each other.
///
/// # Examples
/// ```
/// use cute_core::{upcast, Layout};
/// let l: Layout = "(8,4):(1,8)".parse().unwrap();
/// assert_eq!(upcast(&l, 4).unwrap().to_string(), "(2,4):(1,2)");
/// ```
pub fn upcast(l: &Layout, n: i64) -> Result<Layout, Error> {
    let err = |k| Error::new(Op::Upcast, [Some(l.into()), Some(n.into())], k);
    if n <= 0 {
        return Err(err(ErrorKind::NonPositive { value: n }));
    }
    let (mut shape, mut stride) = (l.shape().to_tuple(), l.stride().to_tuple());
    let mut strides = l.stride().leaves().iter();
    shape = shape
        .map(|s| {
            let d = *strides.next().unwrap_or(&0);
            if d == 0 {
                return Ok(s);
            }
            if d.checked_rem(n) != Some(0) && n.checked_rem(d) != Some(0) {
                return Err(ErrorKind::UpcastDivisibility { stride: d, n });
            }
            ceil_div_int(
                s,
                ceil_div_int(n, d.checked_abs().ok_or(ErrorKind::Overflow)?)?,
            )
        })
        .map_err(err)?;
    stride = stride
        .map(|d| {
            if d == 0 {
                Ok(0)
            } else {
                Ok(d.signum() * ceil_div_int(d.checked_abs().ok_or(ErrorKind::Overflow)?, n)?)
            }
        })
        .map_err(err)?;
    Layout::from_parts(&shape, &stride).map_err(err)
}

/// `downcast<N>(L)`: each stride-±1 element becomes `N` elements; other strides are multiplied by
/// `N`. A stride-±1 mode of size 1 stays as it is (its coordinate is always 0) unless every
/// stride-±1 mode has size 1, when the first stride-1 mode takes the `N` elements: CuTe C++ widens
/// them all, which for `(8,1,2):(4,1,1)` gives `(8,N,2N):(4N,1,1)`, whose elements overlap.
///
/// # Preconditions
/// `N > 0` and some stride is 1.
///
/// # Postconditions
/// For an injective `L` with non-negative strides and a stride-1 mode, `R` is injective and
/// `image(R) == {N·x + j : x in image(L), j < N}`. (A stride of -1 is widened as CuTe C++ widens
/// it, to `s·N:-1`, which is not that view of it.)
///
/// # Examples
/// ```
/// use cute_core::{downcast, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(downcast(&l("(2,4):(1,2)"), 4).unwrap(), l("(8,4):(1,8)"));
/// assert_eq!(downcast(&l("(8,1):(4,1)"), 2).unwrap(), l("(8,2):(8,1)"));
/// assert_eq!(downcast(&l("(1,8,2):(1,2,1)"), 2).unwrap(), l("(1,8,4):(1,4,1)"));
/// ```
pub fn downcast(l: &Layout, n: i64) -> Result<Layout, Error> {
    let err = |k| Error::new(Op::Downcast, [Some(l.into()), Some(n.into())], k);
    if n <= 0 {
        return Err(err(ErrorKind::NonPositive { value: n }));
    }
    if !l.stride().leaves().contains(&1) {
        return Err(err(ErrorKind::DowncastNoUnitStride));
    }
    let unit = |d: &i64| d.unsigned_abs() == 1;
    let pairs = || l.shape().leaves().iter().zip(l.stride().leaves());
    // Size-1 unit modes widen only when no larger unit mode does (then just the first of them).
    let any_wide = pairs().any(|(&s, d)| unit(d) && s > 1);
    let first_unit = pairs().position(|(_, &d)| d == 1);
    let mut k = 0;
    let shape = l
        .shape()
        .map(|s| {
            let d = l.stride().leaves()[k];
            let widen = unit(&d) && (s > 1 || (!any_wide && first_unit == Some(k)));
            k += 1;
            if widen {
                mul(s, n)
            } else {
                Ok(s)
            }
        })
        .map_err(err)?;
    let stride = l
        .stride()
        .map(|d| if unit(&d) { Ok(d) } else { mul(d, n) })
        .map_err(err)?;
    Layout::new(shape, stride)
}
