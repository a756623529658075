//! `complement` (Cecka, *CuTe Layout Representation and Algebra*, §3.5).

use super::coalesce::{coalesce_flat, filter_flat};
use super::trace::{Step, Trace};
use super::Flat;
use crate::arith::mul;
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{ceil_div_product, IntTuple};
use crate::layout::Layout;

/// `complement(L, M)`: the layout of the offsets in `[0, M)` that `L` does not reach, ordered
/// (Cecka §3.5). `M` is an integer or an int-tuple shape (its modes are divided in turn).
///
/// # Preconditions
/// `L` is injective: after `filter`, each stride is at least the span of the smaller modes
/// ([`ErrorKind::NotInjective`]). No leaf of `M` is negative ([`ErrorKind::NegativeShape`]).
///
/// # Empty layouts
/// A cotarget of size 0 gives an empty last mode, as CuTe computes it
/// (`complement(4:1, 0) = 0:4`: what `logical_divide` of an empty layout divides by). An empty
/// `L` reaches no offset, so its complement is all of `[0, size(M))`: `size(M):1`, as for `1:0`.
///
/// # Postconditions
/// - `R` is strictly increasing on `[0, size(R))`, `R(0) == 0`;
/// - `R(i)` is not in the image of `L` for `1 <= i < size(R)`;
/// - when `M` is an integer and each stride of `filter(L)`, by increasing order, is a multiple
///   of the span of the smaller modes: `size(R) >= M / size(filter(L))`, so `(L, R)` covers at
///   least `[0, M)`. (Otherwise CuTe rounds the gaps down: `complement((2,2):(1,3), 12) = 2:6`;
///   and a tuple `M` is divided mode by mode by the span covered so far, as CuTe does, which
///   can cover less than `size(M)`: `complement(4:4, (12,6,12)) = (4,36):(1,16)`, 576 of 864.)
///
/// # Examples
/// ```
/// use cute_core::{complement, IntTuple, Layout};
/// let l: Layout = "(2,2):(1,6)".parse().unwrap();
/// assert_eq!(complement(&l, &IntTuple::int(24)).unwrap().to_string(), "(3,2):(2,12)");
/// ```
pub fn complement(l: &Layout, cotarget: &IntTuple) -> Result<Layout, Error> {
    complement_traced(l, cotarget, &mut ())
}

/// [`complement`], reporting to `trace` the modes by increasing stride, the gap each fills, the
/// rest of the cotarget, and then the result as [`Step::Complement`] (for `cute explain`).
///
/// # Examples
/// ```
/// use cute_core::algebra::complement::complement_traced;
/// use cute_core::{IntTuple, Layout, Step};
/// let l: Layout = "(2,2):(1,6)".parse().unwrap();
/// let mut steps = Vec::new();
/// let r = complement_traced(&l, &IntTuple::int(24), &mut |s: &Step| steps.push(*s));
/// assert_eq!(r.unwrap().to_string(), "(3,2):(2,12)");
/// assert_eq!(steps[1], Step::ComplementMode { shape: 2, stride: 6, covered: 2, gap: 3 });
/// assert!(matches!(steps[2], Step::ComplementRest { covered: 12, rest: 2, .. }));
/// ```
pub fn complement_traced<T: Trace>(
    l: &Layout,
    cotarget: &IntTuple,
    trace: &mut T,
) -> Result<Layout, Error> {
    let r = complement_flat(l, cotarget, trace).and_then(|f| f.layout());
    let r =
        r.map_err(|k| Error::new(Op::Complement, [Some(l.into()), Some(cotarget.into())], k))?;
    if T::ACTIVE {
        trace.step(&Step::Complement {
            layout: *l,
            cotarget: *cotarget,
            result: r,
        });
    }
    Ok(r)
}

/// `complement(L)`: the complement with cotarget `cosize(filter(L))`.
pub fn complement_cosize(l: &Layout) -> Result<Layout, Error> {
    let err = |k| Error::new(Op::Complement, [Some(l.into()), None], k);
    let f = filter_flat(l).layout().map_err(err)?;
    let cosize = f.cosize().map_err(|e| err(e.kind))?;
    complement_flat(l, &IntTuple::int(cosize), &mut ())
        .and_then(|f| f.layout())
        .map_err(err)
}

fn complement_flat<T: Trace>(
    l: &Layout,
    cotarget: &IntTuple,
    trace: &mut T,
) -> Result<Flat, ErrorKind> {
    if cotarget.view().has_under() {
        return Err(ErrorKind::InvalidParameters);
    }
    if let Some(&value) = cotarget.leaves().iter().find(|&&m| m < 0) {
        return Err(ErrorKind::NegativeShape { value });
    }
    let f = filter_flat(l);
    let f = if l.size() == 0 {
        // No offset is reached: the complement of `1:0`.
        let mut trivial = Flat::new();
        trivial.push(1, 0)?;
        trivial
    } else {
        f
    };
    if T::ACTIVE {
        let filtered = f.layout()?;
        if filtered != *l {
            trace.step(&Step::Filtered(filtered));
        }
    }
    if f.n == 1 && f.d[0] == 0 {
        // The only irreducible stride-0 layout is 1:0: everything is its complement.
        let size = cotarget.product()?;
        let mut r = Flat::new();
        r.push(size, i64::from(size != 1))?;
        return Ok(r);
    }
    // Take the modes by increasing stride; each new mode spans the gap up to the next stride.
    // The modes not yet taken.
    let mut left = f;
    let r = f.n;
    let mut out = Flat::new();
    let mut covered = 1i64;
    for _ in 0..r {
        let n = left.n;
        let (mut min_idx, mut min_stride) = (0, left.d[0]);
        for k in 1..n {
            if left.d[k] < min_stride {
                min_idx = k;
                min_stride = left.d[k];
            }
        }
        let new_shape = min_stride / covered;
        if new_shape == 0 {
            return Err(ErrorKind::NotInjective {
                stride: min_stride,
                covered,
            });
        }
        if new_shape < 0 {
            return Err(ErrorKind::NonPositive { value: new_shape });
        }
        out.push(new_shape, covered)?;
        if T::ACTIVE {
            trace.step(&Step::ComplementMode {
                shape: left.s[min_idx],
                stride: min_stride,
                covered,
                gap: new_shape,
            });
        }
        covered = mul(min_stride, left.s[min_idx])?;
        remove(&mut left, min_idx);
    }
    let rest = if cotarget.leaves().contains(&0) {
        // An empty cotarget leaves no tile to count (and no leaf to divide by).
        0
    } else {
        ceil_div_product(cotarget.view(), covered)?
    };
    if T::ACTIVE {
        trace.step(&Step::ComplementRest {
            cotarget: *cotarget,
            covered,
            rest,
        });
    }
    out.push(rest, if rest == 1 { 0 } else { covered })?;
    Ok(coalesce_flat(out.shape(), out.stride(), false).0)
}

fn remove(f: &mut Flat, i: usize) {
    for k in i..f.n - 1 {
        f.s[k] = f.s[k + 1];
        f.d[k] = f.d[k + 1];
    }
    f.n -= 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn complements() {
        let c = |a: &str, m: i64| complement(&l(a), &IntTuple::int(m)).unwrap().to_string();
        assert_eq!(c("4:1", 24), "6:4");
        assert_eq!(c("6:4", 24), "4:1");
        assert_eq!(c("(4,6):(1,4)", 24), "1:0");
        assert_eq!(c("4:2", 24), "(2,3):(1,8)");
        assert_eq!(c("(2,4):(1,6)", 24), "3:2");
        assert_eq!(c("1:0", 8), "8:1");
        assert_eq!(
            complement_cosize(&l("(2,2):(1,6)")).unwrap().to_string(),
            "3:2"
        );
    }

    #[test]
    fn not_injective() {
        let e = complement(&l("(2,2):(1,1)"), &IntTuple::int(4)).unwrap_err();
        assert_eq!(e.code(), "not_injective");
    }
}
