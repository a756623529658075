//! `upcast` and `downcast`: a layout of `T` viewed as a layout of `N`-times wider or narrower
//! elements.

use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{ceil_div_int, mul};
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
    let (mut shape, mut stride) = (*l.shape(), *l.stride());
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
    Ok(Layout::from_parts(&shape, &stride))
}

/// `downcast<N>(L)`: each stride-±1 element becomes `N` elements; other strides are multiplied by
/// `N`.
///
/// # Preconditions
/// `N > 0` and some stride is 1.
///
/// # Examples
/// ```
/// use cute_core::{downcast, Layout};
/// let l: Layout = "(2,4):(1,2)".parse().unwrap();
/// assert_eq!(downcast(&l, 4).unwrap().to_string(), "(8,4):(1,8)");
/// ```
pub fn downcast(l: &Layout, n: i64) -> Result<Layout, Error> {
    let err = |k| Error::new(Op::Downcast, [Some(l.into()), Some(n.into())], k);
    if n <= 0 {
        return Err(err(ErrorKind::NonPositive { value: n }));
    }
    if !l.stride().leaves().contains(&1) {
        return Err(err(ErrorKind::DowncastNoUnitStride));
    }
    let mut strides = l.stride().leaves().iter();
    let shape = l
        .shape()
        .map(|s| {
            if strides.next().is_some_and(|d| d.abs() == 1) {
                mul(s, n)
            } else {
                Ok(s)
            }
        })
        .map_err(err)?;
    let stride = l
        .stride()
        .map(|d| if d.abs() == 1 { Ok(d) } else { mul(d, n) })
        .map_err(err)?;
    Layout::new(shape, stride)
}
