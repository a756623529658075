//! `right_inverse` and `left_inverse` (seed 000 §3.4).

use super::coalesce::coalesce_flat;
use super::composition::VERIFY_LIMIT;
use super::composition::{Step, Trace};
use super::{sort_by_stride, Flat};
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{add, mul};
use crate::layout::Layout;

/// Exclusive prefix products of the shape: `pre[i] = s_0 * ... * s_{i-1}`.
fn prefix_products(f: &Flat) -> Result<[i64; crate::MAX_LEAVES + 1], ErrorKind> {
    let mut pre = [1i64; crate::MAX_LEAVES + 1];
    for k in 0..f.n {
        pre[k + 1] = mul(pre[k], f.s[k])?;
    }
    Ok(pre)
}

/// `right_inverse(L)`: the largest `R` with `L(R(i)) == i` for `i < size(R)`, built from the
/// modes of `coalesce(L)` whose strides chain `1, s0*d0, ...` (seed 000 §3.4.1).
///
/// # Postconditions
/// - `L(R(i)) == i` for every `i < size(R)`;
/// - `R` is `1:0` when `L` never reaches offset 1, and the empty `0:1` when `L` is empty.
///
/// # Examples
/// ```
/// use cute_core::{right_inverse, Layout};
/// let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(2,4,2):(4,1,8)");
/// ```
pub fn right_inverse(l: &Layout) -> Result<Layout, Error> {
    right_inverse_traced(l, &mut ())
}

/// [`right_inverse`], reporting `coalesce(L)` and each mode by increasing stride to `trace`
/// (for `cute explain`).
pub fn right_inverse_traced<T: Trace>(l: &Layout, trace: &mut T) -> Result<Layout, Error> {
    right_inverse_flat(l, trace)
        .and_then(|f| f.layout())
        .map_err(|k| Error::new(Op::RightInverse, [Some(l.into()), None], k))
}

/// The inverse of an empty layout: the empty `0:1` (CuTe's algorithm gives it for `0:1` and
/// `(4,0):(1,4)`); no offset is reached, so there is nothing to invert.
fn empty_inverse() -> Result<Flat, ErrorKind> {
    let mut f = Flat::new();
    f.push(0, 1)?;
    Ok(f)
}

fn right_inverse_flat<T: Trace>(l: &Layout, trace: &mut T) -> Result<Flat, ErrorKind> {
    if l.size() == 0 {
        return empty_inverse();
    }
    let (c, _) = coalesce_flat(l.shape().leaves(), l.stride().leaves(), false);
    if T::ACTIVE {
        trace.step(&Step::Coalesced(c.layout()?));
    }
    let pre = prefix_products(&c)?;
    let (order, n) = sort_by_stride(c.stride());
    let mut out = Flat::new();
    out.push(1, 0)?;
    let mut next = 1i64;
    for &i in &order[..n] {
        if T::ACTIVE {
            trace.step(&Step::InverseMode {
                shape: c.s[i],
                stride: c.d[i],
                index: pre[i],
                expected: next,
            });
        }
        if c.d[i] == next {
            out.push(c.s[i], pre[i])?;
            next = mul(c.s[i], c.d[i])?;
        }
    }
    Ok(coalesce_flat(out.shape(), out.stride(), false).0)
}

/// `left_inverse(L)`: `R` with `R(L(i)) == i` for `i < size(L)` when `L` is injective; for a
/// non-injective `L`, the quasi-inverse with `L(R(L(i))) == L(i)` (seed 000 §3.4.3).
///
/// # Preconditions
/// - Strides are non-negative ([`ErrorKind::NegativeStride`]; CuTe's construction assumes it).
/// - Each non-zero stride of `coalesce(L)`, in increasing order, is a multiple of the size of
///   the modes before it ([`ErrorKind::LeftInverseDivisibility`]).
/// - Where the modes overlap (a stride inside the span of the smaller modes, so `L` is not
///   injective), CuTe's `R` must still satisfy `L(R(L(i))) == L(i)`; it is checked at every
///   `i` ([`ErrorKind::InverseNotExact`] where CuTe C++ returns a wrong layout, e.g.
///   `(2,2,2):(1,1,3)`; [`ErrorKind::VerificationLimit`] past
///   [`VERIFY_LIMIT`] points).
///
/// # Postconditions
/// `L(R(L(i))) == L(i)` for every `i < size(L)`; `R(L(i)) == i` when `L` is injective. An empty
/// `L` has the empty `R = 0:1`.
///
/// # Examples
/// ```
/// use cute_core::{left_inverse, Layout};
/// let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(2,4,2):(4,1,8)");
/// ```
pub fn left_inverse(l: &Layout) -> Result<Layout, Error> {
    left_inverse_traced(l, &mut ())
}

/// [`left_inverse`], reporting `coalesce(L)` and each mode by increasing stride to `trace`
/// (for `cute explain`).
pub fn left_inverse_traced<T: Trace>(l: &Layout, trace: &mut T) -> Result<Layout, Error> {
    left_inverse_flat(l, trace)
        .and_then(|(f, tower)| {
            let r = f.layout()?;
            if !tower {
                verify_quasi_inverse(l, &r)?;
            }
            Ok(r)
        })
        .map_err(|k| Error::new(Op::LeftInverse, [Some(l.into()), None], k))
}

/// Checks `L(R(L(i))) == L(i)` at every `i < size(L)`.
fn verify_quasi_inverse(l: &Layout, r: &Layout) -> Result<(), ErrorKind> {
    let size = l.size();
    if size > VERIFY_LIMIT {
        return Err(ErrorKind::VerificationLimit { size });
    }
    for index in 0..size {
        let expected = l.eval(index).map_err(|e| e.kind)?;
        let got = l
            .eval(r.eval(expected).map_err(|e| e.kind)?)
            .map_err(|e| e.kind)?;
        if got != expected {
            return Err(ErrorKind::InverseNotExact {
                index,
                expected,
                got,
            });
        }
    }
    Ok(())
}

/// CuTe's construction, and whether the modes by increasing stride form a tower (each stride
/// past the span of the smaller modes), where `R(L(i)) == i` holds by construction.
fn left_inverse_flat<T: Trace>(l: &Layout, trace: &mut T) -> Result<(Flat, bool), ErrorKind> {
    if l.size() == 0 {
        return Ok((empty_inverse()?, true));
    }
    if let Some(&stride) = l.stride().leaves().iter().find(|&&d| d < 0) {
        return Err(ErrorKind::NegativeStride { stride });
    }
    let (c, _) = coalesce_flat(l.shape().leaves(), l.stride().leaves(), false);
    if T::ACTIVE {
        trace.step(&Step::Coalesced(c.layout()?));
    }
    let pre = prefix_products(&c)?;
    let (order, n) = sort_by_stride(c.stride());
    let mut shape = Flat::new();
    let mut stride = Flat::new();
    stride.push(0, 0)?;
    let mut size = 1i64;
    // The span `Σ (s - 1)·d` of the modes so far, and whether each stride lies past it.
    let (mut span, mut tower) = (0i64, true);
    for &i in &order[..n] {
        let d = c.d[i];
        if d == 0 {
            continue;
        }
        tower &= span < d;
        span = add(span, mul(c.s[i] - 1, d)?)?;
        if T::ACTIVE {
            trace.step(&Step::InverseMode {
                shape: c.s[i],
                stride: d,
                index: pre[i],
                expected: size,
            });
        }
        if d % size != 0 {
            return Err(ErrorKind::LeftInverseDivisibility { stride: d, size });
        }
        shape.push(d / size, 0)?;
        stride.push(pre[i], 0)?;
        size = mul(size, d / size)?;
    }
    shape.push(c.s[order[n - 1]], 0)?;
    let r = coalesce_flat(shape.shape(), &stride.shape()[..shape.n], false).0;
    Ok((r, tower))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn check_right(a: &str) {
        let a = l(a);
        let r = right_inverse(&a).unwrap();
        for i in 0..r.size() {
            assert_eq!(
                a.eval(r.eval(i).unwrap()).unwrap(),
                i,
                "{a} right inverse {r}"
            );
        }
    }

    fn check_left(a: &str) {
        let a = l(a);
        let r = left_inverse(&a).unwrap();
        for i in 0..a.size() {
            assert_eq!(
                r.eval(a.eval(i).unwrap()).unwrap(),
                i,
                "{a} left inverse {r}"
            );
        }
    }

    #[test]
    fn inverses() {
        for a in [
            "(4,(2,2)):(2,(1,8))",
            "(8,4):(4,1)",
            "((2,3),4):((12,1),3)",
            "1:0",
            "(2,4):(0,1)",
        ] {
            check_right(a);
        }
        for a in [
            "(4,(2,2)):(2,(1,8))",
            "(8,4):(4,1)",
            "(3,4):(4,1)",
            "(2,4):(3,6)",
        ] {
            check_left(a);
        }
        assert_eq!(right_inverse(&l("(2,4):(2,5)")).unwrap(), l("1:0"));
    }

    #[test]
    fn left_inverse_divisibility() {
        let e = left_inverse(&l("(2,2):(2,3)")).unwrap_err();
        assert_eq!(e.code(), "left_inverse_divisibility");
    }
}
