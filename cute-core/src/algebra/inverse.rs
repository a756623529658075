//! `right_inverse` and `left_inverse` (Cecka, *CuTe Layout Representation and Algebra*, §3.4).

use super::coalesce::coalesce_flat;
use super::complement::complement;
use super::trace::{Step, Trace};
use super::{sort_by_stride, Flat};
use crate::arith::{add, ceil_div_int, mul};
use crate::error::{Error, ErrorKind, Op};
use crate::layout::Layout;
use crate::limits::VERIFY_LIMIT;
use crate::swizzle::{ComposedLayout, Swizzle};

/// Exclusive prefix products of the shape: `pre[i] = s_0 * ... * s_{i-1}`.
fn prefix_products(f: &Flat) -> Result<[i64; super::FLAT_MODES + 1], ErrorKind> {
    let mut pre = [1i64; super::FLAT_MODES + 1];
    for k in 0..f.n {
        pre[k + 1] = mul(pre[k], f.s[k])?;
    }
    Ok(pre)
}

/// `right_inverse(L)`: the largest `R` with `L(R(i)) == i` for `i < size(R)`, built from the
/// modes of `coalesce(L)` whose strides chain `1, s0*d0, ...` (Cecka §3.4.1).
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
/// non-injective `L`, the quasi-inverse with `L(R(L(i))) == L(i)` (Cecka §3.4.3).
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

/// The inverses of a swizzled layout `F = Sw ∘ 0 ∘ L`, as CuTe computes them: the inverse `X` of
/// `L`, and the swizzle moved through it to the outside, `X ∘ Sw = Sw' ∘ X`, so the result is the
/// swizzled layout `Sw' ∘ 0 ∘ X` (CuTe C++ builds `Sw'` from `X` at `Sw`'s two bit masks).
impl ComposedLayout {
    /// `right_inverse(Sw ∘ 0 ∘ L)`: `G = Sw' ∘ 0 ∘ R` with `F(G(i)) == i` for `i < size(G)`.
    ///
    /// # Preconditions
    /// - The offset is 0 ([`ErrorKind::InverseOffset`]: `F` does not reach offset 0 otherwise).
    /// - Those of [`right_inverse`] on `L`, and `size(R) <=` [`VERIFY_LIMIT`]
    ///   ([`ErrorKind::VerificationLimit`]).
    /// - Some swizzle `Sw'` makes `Sw' ∘ R` the inverse ([`ErrorKind::InverseNotSwizzled`],
    ///   e.g. when `R` mixes the swizzle's bits with a shape that is no power of two). CuTe C++
    ///   builds `Sw'` from the masks without that check.
    ///
    /// # Postconditions
    /// `F(G(i)) == i` for every `i < size(G)`, checked at every `i`. `R` is `right_inverse(L)`,
    /// cut to the longest prefix whose inputs the swizzle keeps inside it (CuTe C++ keeps all of
    /// `right_inverse(L)` and then reads `F` past its domain, e.g. for `Sw<1,0,-2> ∘ 4:1`).
    ///
    /// # Examples
    /// ```
    /// use cute_core::{ComposedLayout, Layout, Swizzle};
    /// let f = ComposedLayout::new(Swizzle::new(2, 1, 3).unwrap(), 0, "(8,16):(16,1)".parse().unwrap());
    /// let g = f.right_inverse().unwrap();
    /// assert_eq!(g.to_string(), "Sw<2,0,-4>o0o(16,8):(8,1)");
    /// assert!((0..g.size()).all(|i| f.eval(g.eval(i).unwrap()).unwrap() == i));
    /// ```
    pub fn right_inverse(&self) -> Result<ComposedLayout, Error> {
        self.inverse(Op::RightInverse)
    }

    /// `left_inverse(Sw ∘ 0 ∘ L)`: `G = Sw' ∘ 0 ∘ left_inverse(L)` with `G(F(i)) == i` for
    /// `i < size(F)` when `L` is injective, and `F(G(F(i))) == F(i)` otherwise.
    ///
    /// # Preconditions
    /// As [`ComposedLayout::right_inverse`], with [`left_inverse`]'s on `L`; `size(L) <=`
    /// [`VERIFY_LIMIT`].
    ///
    /// # Postconditions
    /// `F(G(F(i))) == F(i)` for every `i < size(F)`, checked at every `i`, with each `F(i)`
    /// inside `G`'s domain.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{ComposedLayout, Layout, Swizzle};
    /// let f = ComposedLayout::new(Swizzle::new(3, 0, 3).unwrap(), 0, "(8,8):(8,1)".parse().unwrap());
    /// let g = f.left_inverse().unwrap();
    /// assert_eq!(g.to_string(), "Sw<3,0,-3>o0o(8,8):(8,1)");
    /// assert!((0..64).all(|i| g.eval(f.eval(i).unwrap()).unwrap() == i));
    /// ```
    pub fn left_inverse(&self) -> Result<ComposedLayout, Error> {
        self.inverse(Op::LeftInverse)
    }

    fn inverse(&self, op: Op) -> Result<ComposedLayout, Error> {
        let err = |kind| Error::new(op, [Some(self.into()), None], kind);
        if self.offset() != 0 {
            return Err(err(ErrorKind::InverseOffset {
                offset: self.offset(),
            }));
        }
        let sw = self.swizzle();
        // `X`, and the part of it the result keeps.
        let (x, kept) = if op == Op::RightInverse {
            let r = right_inverse(self.layout())?;
            let size = r.size();
            if size > VERIFY_LIMIT {
                return Err(err(ErrorKind::VerificationLimit { size }));
            }
            // `R ∘ Sw` is a right inverse where `Sw` keeps its inputs inside `R`'s domain.
            let n = (0..size).find(|&i| sw.apply(i) >= size).unwrap_or(size);
            let kept = if n < size {
                prefix(&r, n).map_err(err)?
            } else {
                r
            };
            (r, kept)
        } else {
            let x = left_inverse(self.layout())?;
            (x, x)
        };
        match self.inverse_through(op, &x, &kept) {
            // A swizzle that sends offsets past `left_inverse(L)`'s domain (a negative shift
            // reads low bits into high ones): invert `L` with its complement up to whole periods
            // instead, whose inverse has every offset the swizzle reaches.
            // Where that fails too, the first failure is the one to report.
            Err(k) if op == Op::LeftInverse && sw.params().0 > 0 => {
                let whole = || -> Result<ComposedLayout, Error> {
                    let n = round_up(self.layout().cosize()?, sw.period()).map_err(err)?;
                    let c = complement(self.layout(), &n.into())?;
                    let x = left_inverse(&Layout::concat(&[*self.layout(), c])?)?;
                    self.inverse_through(op, &x, &x).map_err(err)
                };
                whole().map_err(|_| err(k))
            }
            r => r.map_err(err),
        }
    }

    /// `Sw' ∘ 0 ∘ kept` for the first swizzle `Sw'` moved through `X` that makes it the `op`
    /// inverse (`kept` is `X` or a prefix of it).
    fn inverse_through(
        &self,
        op: Op,
        x: &Layout,
        kept: &Layout,
    ) -> Result<ComposedLayout, ErrorKind> {
        let sw = self.swizzle();
        let mut last = None;
        // CuTe's swizzle first (its printed form), then the exact one, then none at all.
        let candidates = [
            moved_by_masks(sw, x),
            moved_by_bits(sw, x, kept.size()),
            Some(Swizzle::identity()),
        ];
        for sw2 in candidates.into_iter().flatten() {
            let g = ComposedLayout::new(sw2, 0, *kept);
            match verify_composed_inverse(self, &g, op) {
                Ok(()) => return Ok(g),
                Err(k) => last = Some(k),
            }
        }
        Err(last.unwrap_or(ErrorKind::InverseNotSwizzled { index: 0 }))
    }
}

/// `n` rounded up to a positive multiple of `p`.
fn round_up(n: i64, p: i64) -> Result<i64, ErrorKind> {
    mul(ceil_div_int(n, p)?.max(1), p)
}

/// The first `n' <= n` indices of a flat `R`, for the largest `n'` that whole leading modes and
/// part of the next one make.
fn prefix(r: &Layout, n: i64) -> Result<Layout, ErrorKind> {
    let mut out = Flat::new();
    let mut size = 1i64;
    for (&s, &d) in r.shape().leaves().iter().zip(r.stride().leaves()) {
        let take = (n / size).min(s);
        if take > 1 || out.n == 0 {
            out.push(take, d)?;
        }
        if take < s {
            break;
        }
        size = mul(size, s)?;
    }
    out.layout()
}

/// `make_swizzle<Y, Z>`: the swizzle whose "YYY" bits are `y` and "ZZZ" bits `z`, if one is.
fn swizzle_of_masks(y: i64, z: i64) -> Option<Swizzle> {
    let bits = y.count_ones();
    if y < 0 || z < 0 || bits != z.count_ones() {
        return None;
    }
    if bits == 0 {
        return Some(Swizzle::identity());
    }
    let (ty, tz) = (y.trailing_zeros(), z.trailing_zeros());
    let sw = Swizzle::new(
        i64::from(bits),
        i64::from(ty.min(tz)),
        i64::from(ty) - i64::from(tz),
    )
    .ok()?;
    (sw.masks() == (y, z)).then_some(sw)
}

/// CuTe's `Sw'`: `X` evaluated at `Sw`'s masks (past `X`'s domain, as CuTe evaluates).
fn moved_by_masks(sw: Swizzle, x: &Layout) -> Option<Swizzle> {
    let (y, z) = sw.masks();
    swizzle_of_masks(x.eval(y).ok()?, x.eval(z).ok()?)
}

/// `Sw'` from the bits of the result's domain `[0, n)` only: each "YYY" bit `k` below `n` moves
/// to `X(2^k)` and its "ZZZ" partner to `X(2^(k-S))` (the identity when none is below `n`).
fn moved_by_bits(sw: Swizzle, x: &Layout, n: i64) -> Option<Swizzle> {
    let (y, _) = sw.masks();
    let (mut y2, mut z2) = (0i64, 0i64);
    for k in 0..63 {
        let bit = 1i64 << k;
        if y & bit == 0 || bit >= n {
            continue;
        }
        // The one bit `Sw` flips when only "YYY" bit `k` is set.
        let partner = sw.apply(bit) ^ bit;
        y2 |= x.eval(bit).ok()?;
        z2 |= x.eval(partner).ok()?;
    }
    swizzle_of_masks(y2, z2)
}

/// The defining property of `G`, the `op` inverse of `F`, at every index.
fn verify_composed_inverse(
    f: &ComposedLayout,
    g: &ComposedLayout,
    op: Op,
) -> Result<(), ErrorKind> {
    let fail = |index| ErrorKind::InverseNotSwizzled { index };
    // `F` or `G` read inside its domain.
    let at = |h: &ComposedLayout, i: i64| -> Result<Option<i64>, ErrorKind> {
        if (0..h.size()).contains(&i) {
            h.eval(i).map(Some).map_err(|e| e.kind)
        } else {
            Ok(None)
        }
    };
    let (outer, inner) = if op == Op::RightInverse {
        (f, g)
    } else {
        (g, f)
    };
    let size = inner.size();
    if size > VERIFY_LIMIT {
        return Err(ErrorKind::VerificationLimit { size });
    }
    for i in 0..size {
        let y = at(inner, i)?.ok_or_else(|| fail(i))?;
        let got = at(outer, y)?.ok_or_else(|| fail(i))?;
        // A left inverse of a non-injective `F` may map `F(i)` to another index of the same offset.
        let exact = got == i || (op == Op::LeftInverse && at(f, got)? == Some(y));
        if !exact {
            return Err(fail(i));
        }
    }
    Ok(())
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

    fn composed(b: i64, m: i64, s: i64, a: &str) -> ComposedLayout {
        ComposedLayout::new(Swizzle::new(b, m, s).unwrap(), 0, l(a))
    }

    /// CuTe C++ 4.2 (compiled here from the wheel's headers) on the same swizzled layouts.
    #[test]
    fn composed_inverses_as_cute() {
        for (f, right, left) in [
            (
                composed(3, 0, 3, "(8,8):(8,1)"),
                "Sw<3,0,-3>o0o(8,8):(8,1)",
                Some("Sw<3,0,-3>o0o(8,8):(8,1)"),
            ),
            (
                composed(2, 1, 3, "(8,16):(16,1)"),
                "Sw<2,0,-4>o0o(16,8):(8,1)",
                Some("Sw<2,0,-4>o0o(16,8):(8,1)"),
            ),
            (
                composed(3, 3, 3, "(8,64):(64,1)"),
                "Sw<3,0,-6>o0o(64,8):(8,1)",
                None,
            ),
            (composed(2, 0, -2, "(4,4):(1,4)"), "Sw<2,0,-2>o0o16:1", None),
            (
                composed(1, 0, 2, "(2,2):(1,8)"),
                "Sw<1,0,2>o0o2:1",
                Some("Sw<1,0,2>o0o(8,2):(1,2)"),
            ),
            (composed(3, 0, 3, "(8,8):(1,8)"), "Sw<3,0,3>o0o64:1", None),
        ] {
            let g = f.right_inverse().unwrap();
            assert_eq!(g.to_string(), right, "right_inverse({f})");
            if let Some(left) = left {
                assert_eq!(
                    f.left_inverse().unwrap().to_string(),
                    left,
                    "left_inverse({f})"
                );
            }
        }
    }

    /// Where CuTe C++ reads past the domain: `Sw<1,0,-2>` sends 1 to 5, outside `4:1`, so the
    /// right inverse stops at 1 (CuTe gives `Sw<1,0,-2> o _0 o _4:_1`).
    #[test]
    fn composed_right_inverse_stays_in_the_domain() {
        let f = composed(1, 0, -2, "4:1");
        assert_eq!(f.right_inverse().unwrap().to_string(), "Sw<1,0,-2>o0o1:1");
        let e = ComposedLayout::new(Swizzle::new(1, 0, 1).unwrap(), 4, l("4:1"))
            .right_inverse()
            .unwrap_err();
        assert_eq!(e.code(), "inverse_offset");
        assert_eq!(
            e.to_string(),
            "right_inverse(Sw<1,0,1>o4o4:1): offset 4 is not 0: the inverse would apply the \
             swizzle before the offset, which no swizzled layout Sw o 0 o L does"
        );
        // A shape of 3 beside the swizzled bits: R o Sw mixes radix 3 with the XOR.
        let e = composed(3, 0, 3, "(3,8):(8,1)")
            .right_inverse()
            .unwrap_err();
        assert_eq!(e.code(), "inverse_not_swizzled");
    }

    /// Every swizzle of up to 6 bits over a set of layouts: each inverse that is returned holds
    /// at every index, and each refusal names one of its conditions.
    #[test]
    fn composed_inverses_hold_or_are_refused() {
        let layouts = [
            "(8,8):(8,1)",
            "(8,8):(1,8)",
            "(4,(2,4)):(8,(1,2))",
            "(2,2,2,2):(8,4,2,1)",
            "(4,4):(2,8)",
            "(16,2):(2,1)",
            "8:2",
            "(4,8):(1,4)",
            "(3,8):(8,1)",
            "(8,3):(1,8)",
            "(2,3):(3,1)",
            "(0,8):(1,1)",
        ];
        let (mut ok, mut refused) = (0, 0);
        for a in layouts {
            for b in 0..=3 {
                for m in 0..=3 {
                    for s in -5i64..=5 {
                        let Ok(sw) = Swizzle::new(b, m, s) else {
                            continue;
                        };
                        let f = ComposedLayout::new(sw, 0, l(a));
                        match f.right_inverse() {
                            Ok(g) => {
                                ok += 1;
                                for i in 0..g.size() {
                                    let x = g.eval(i).unwrap();
                                    assert!((0..f.size()).contains(&x), "{f}: {g} at {i}");
                                    assert_eq!(f.eval(x).unwrap(), i, "{f}: {g} at {i}");
                                }
                            }
                            Err(e) => {
                                refused += 1;
                                assert_eq!(e.code(), "inverse_not_swizzled", "{f}: {e}");
                            }
                        }
                        match f.left_inverse() {
                            Ok(g) => {
                                for i in 0..f.size() {
                                    let y = f.eval(i).unwrap();
                                    assert!((0..g.size()).contains(&y), "{f}: {g} at {i}");
                                    let j = g.eval(y).unwrap();
                                    assert_eq!(f.eval(j).unwrap(), y, "{f}: {g} at {i}");
                                }
                            }
                            Err(e) => assert!(
                                ["inverse_not_swizzled", "left_inverse_divisibility"]
                                    .contains(&e.code()),
                                "{f}: {e}"
                            ),
                        }
                    }
                }
            }
        }
        assert!(ok > 10 * refused, "{ok} inverses, {refused} refused");
    }
}
