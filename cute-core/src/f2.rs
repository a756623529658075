//! Layouts with F2 strides (the `f` strides of Cecka, *CuTe Layout Representation and Algebra*,
//! Tables 4–6): `(8,8):(f1,f9)`. A stride `f_d` scales a coordinate `c` in the integer module over
//! F2: `c·f_d` is the carry-less product of `c` and `d` (the XOR of `d << j` over the set bits `j`
//! of `c`), and the modes combine by XOR, so `L(c) = ⊕_m c_m·f_{d_m}`. A swizzle is such a layout:
//! `Sw<3,0,3> ∘ (8,8):(1,8)` is `(8,8):(f1,f9)`.
//!
//! Composition on the right by an integer layout works as for coordinate layouts (the layout's
//! modes are split the same way), then each scaled mode `a·f_d` is `f_(a·d)` carry-less; the
//! result is checked at every index. The inverses go through [`LinearLayout`] where the shapes are
//! powers of two, with a last mode of any size whose stride is a power of two above the others'
//! bits (an integer digit on top, as in Tables 5 and 6).

use core::fmt;

use crate::algebra::verify::verify_pointwise;
use crate::arith::colex_split;
use crate::arithmetic_tuple::CoordLayout;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{Builder, IntTuple, MAX_LEAVES};
use crate::layout::{check_leaves, Layout};
use crate::limits::Limit;
use crate::linear::{Dim, LinearLayout};
use crate::parse::Parser;

/// The last mode of an [`F2Layout`] as an integer digit on top: its shape, the size of the
/// modes below it, and the bit its stride `f_(2^t)` starts at.
type Top = (i64, i64, u32);

/// A layout whose strides are F2 elements `f_d` (`d >= 0`, the bits of `d`).
///
/// # Invariant
/// Non-negative shapes whose product fits in `i64`, non-negative strides congruent to the shape,
/// and every offset of the domain below `2^62`.
///
/// # Examples
/// ```
/// use cute_core::{f2::F2Layout, ComposedLayout, Layout, Swizzle};
/// let a: F2Layout = "(8,8):(f1,f9)".parse().unwrap();
/// let sw = ComposedLayout::new(Swizzle::new(3, 0, 3).unwrap(), 0, "(8,8):(1,8)".parse().unwrap());
/// for i in 0..64 {
///     assert_eq!(a.eval(i).unwrap(), sw.eval(i).unwrap());
/// }
/// // Cecka Table 4, the swizzled row: composed with the TV layout of an Ampere MMA.
/// let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
/// assert_eq!(a.compose(&tv).unwrap().to_string(), "((4,8),2):((f18,f1),f9)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct F2Layout {
    shape: IntTuple,
    stride: IntTuple,
}

/// `c·f_d`: the carry-less product, `None` past 62 bits.
fn clmul(c: i64, d: i64) -> Option<i64> {
    if c < 0 || d < 0 {
        return None;
    }
    let bits = |x: i64| 64 - x.leading_zeros();
    if c != 0 && d != 0 && bits(c) + bits(d) - 1 > 62 {
        return None;
    }
    let (mut r, mut c, mut j) = (0i64, c, 0);
    while c != 0 {
        if c & 1 == 1 {
            r ^= d << j;
        }
        c >>= 1;
        j += 1;
    }
    Some(r)
}

impl F2Layout {
    /// The layout `shape:stride` with F2 strides given by their bits.
    ///
    /// # Errors
    /// [`ErrorKind::NotCongruent`], [`ErrorKind::NegativeShape`], [`ErrorKind::NegativeStride`],
    /// and [`ErrorKind::Overflow`] when the size passes `i64` or an offset `2^62`.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<F2Layout, Error> {
        let err = |k| {
            Error::new(
                Op::MakeLayout,
                [Some((&shape).into()), Some((&stride).into())],
                k,
            )
        };
        if !shape.congruent(&stride) {
            return Err(err(ErrorKind::NotCongruent));
        }
        let (s, d) = (shape.leaves(), stride.leaves());
        // The size and the shapes as `check_leaves` checks them (strides 0: only the size).
        check_leaves(s, &[0; MAX_LEAVES][..s.len()]).map_err(err)?;
        for (&s, &d) in s.iter().zip(d) {
            if d < 0 {
                return Err(err(ErrorKind::NegativeStride { stride: d }));
            }
            if s > 0 && clmul(s - 1, d).is_none() {
                return Err(err(ErrorKind::Overflow));
            }
        }
        Ok(F2Layout { shape, stride })
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The strides' bits, `d` for `f_d`.
    #[must_use]
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// The number of indices, the product of the shape.
    #[must_use]
    pub fn size(&self) -> i64 {
        // Checked where the layout is made.
        self.shape.leaves().iter().product()
    }

    /// `L(i) = ⊕_m c_m·f_{d_m}` at the coordinates `c` of `i` (split colexicographically; past
    /// the size the last mode extends, as for [`Layout::eval`]).
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] for a negative index, [`ErrorKind::Overflow`] past 62 bits.
    pub fn eval(&self, i: i64) -> Result<i64, Error> {
        let err = |k| Error::new(Op::Eval, [Some(self.into()), Some(Operand::from(i))], k);
        if i < 0 {
            return Err(err(ErrorKind::IndexOutOfRange {
                index: i,
                size: self.size(),
            }));
        }
        let d = self.stride.leaves();
        let mut off = 0i64;
        colex_split(self.shape.leaves(), i, |k, c| {
            off ^= clmul(c, d[k]).ok_or(ErrorKind::Overflow)?;
            Ok(())
        })
        .map_err(err)?;
        Ok(off)
    }

    /// `A ∘ B` for an integer layout `B`: `R(i) == A(B(i))` for every `0 <= i < size(B)`.
    ///
    /// # Errors
    /// Those of the coordinate composition `(shape(A):(e0,e1,...)) ∘ B` (a negative offset of
    /// `B` is `overflow` here: F2 coordinates are bits); [`ErrorKind::VerificationLimit`] past
    /// `2^17` indices of `B`;
    /// [`ErrorKind::NotAdmissible`] at the first index where no F2 stride gives `A(B(i))` (a mode
    /// scaled by a non-power of two over more than two values carries).
    pub fn compose(&self, b: &Layout) -> Result<F2Layout, Error> {
        let err = |k| Error::new(Op::Composition, [Some(self.into()), Some(b.into())], k);
        let c = CoordLayout::identity(&self.shape)?.compose(b)?;
        let d = self.stride.leaves();
        let mut k = 0;
        let stride = c
            .shape()
            .map(|_| {
                let v = match c.stride_leaf(k) {
                    None => 0,
                    Some((a, _)) => {
                        let m = c.target_leaf(k).unwrap_or(0);
                        clmul(a, d[m]).ok_or(ErrorKind::Overflow)?
                    }
                };
                k += 1;
                Ok(v)
            })
            .map_err(err)?;
        let r = F2Layout::new(*c.shape(), stride)?;
        let (bs, bd) = (b.shape().leaves(), b.stride().leaves());
        let pair = |i| -> Result<(i64, i64), ErrorKind> {
            let x = crate::stride::eval_flat(bs, bd, i)?;
            Ok((
                self.eval(x).map_err(|e| e.kind)?,
                r.eval(i).map_err(|e| e.kind)?,
            ))
        };
        verify_pointwise(b.size(), pair, |w, g| (*w, *g)).map_err(err)?;
        Ok(r)
    }

    /// The linear layout of a layout whose shapes are powers of two: input `index`, output
    /// `offset` of `out_bits` bits (at least the bits the strides reach).
    fn linear(
        shape: &[i64],
        stride: &[i64],
        out_bits: Option<u32>,
    ) -> Result<LinearLayout, ErrorKind> {
        let mut bases = [0i64; crate::linear::MAX_BITS];
        let (mut n, mut reach) = (0usize, 0i64);
        for (&s, &d) in shape.iter().zip(stride) {
            if s <= 0 || s & (s - 1) != 0 {
                return Err(ErrorKind::NotPowerOfTwo { value: s });
            }
            for j in 0..s.trailing_zeros() {
                let b = clmul(1 << j, d).ok_or(ErrorKind::Overflow)?;
                *bases.get_mut(n).ok_or(ErrorKind::Capacity {
                    limit: Limit::InBits,
                })? = b;
                reach |= b;
                n += 1;
            }
        }
        let bits = out_bits.unwrap_or_else(|| 64 - reach.leading_zeros());
        if reach >> bits != 0 {
            return Err(ErrorKind::Overflow);
        }
        let rows: [[i64; 1]; crate::linear::MAX_BITS] = core::array::from_fn(|k| [bases[k]]);
        let refs: [&[i64]; crate::linear::MAX_BITS] = core::array::from_fn(|k| &rows[k][..]);
        LinearLayout::new(
            &[Dim::new("index", 1 << n)?],
            &[Dim::new(
                "offset",
                // A size of `2^bits` fits in `i64` up to 62 output bits.
                1i64.checked_shl(bits)
                    .filter(|v| *v > 0)
                    .ok_or(ErrorKind::Capacity {
                        limit: Limit::OutBits,
                    })?,
            )?],
            &refs[..n],
        )
        .map_err(|e| e.kind)
    }

    /// The F2 layout `(2,2,...):(f_b0,f_b1,...)` of bases `b`, adjacent modes merged where the
    /// stride doubles (`2:f_d, 2:f_2d` is `4:f_d`), and `top` appended as a last mode.
    fn from_bases(bases: &[i64], top: Option<(i64, i64)>) -> Result<F2Layout, ErrorKind> {
        let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let mut n = 0usize;
        for &b in bases {
            // `c·f_d` over `2s` values is `(c mod s)·f_d ⊕ (c / s)·f_(s·d)` for a power of two `s`.
            if n > 0 && d[n - 1].checked_mul(s[n - 1]) == Some(b) {
                s[n - 1] *= 2;
                continue;
            }
            if n == MAX_LEAVES {
                return Err(ErrorKind::Capacity {
                    limit: Limit::Leaves,
                });
            }
            (s[n], d[n]) = (2, b);
            n += 1;
        }
        if let Some((ts, td)) = top {
            if n == MAX_LEAVES {
                return Err(ErrorKind::Capacity {
                    limit: Limit::Leaves,
                });
            }
            (s[n], d[n]) = (ts, td);
            n += 1;
        }
        if n == 0 {
            (s[0], d[0], n) = (1, 0, 1);
        }
        let shape = IntTuple::flat_or_int(&s[..n])?;
        let stride = IntTuple::flat_or_int(&d[..n])?;
        F2Layout::new(shape, stride).map_err(|e| e.kind)
    }

    /// `0:0`, the inverse of an empty layout (nothing to map back).
    fn empty() -> Result<F2Layout, ErrorKind> {
        F2Layout::new(IntTuple::int(0), IntTuple::int(0)).map_err(|e| e.kind)
    }

    /// The power-of-two part of the layout and its last mode when that one is an integer digit
    /// on top: a shape that is no power of two with a stride `f_(2^t)` above every bit the other
    /// modes reach.
    fn split_top(&self) -> Result<(LinearLayout, Option<Top>), ErrorKind> {
        let (s, d) = (self.shape.leaves(), self.stride.leaves());
        // A shape without modes (`()`) has one index, offset 0.
        let Some(last) = s.len().checked_sub(1) else {
            return Ok((F2Layout::linear(&[], &[], None)?, None));
        };
        let pow2 = |x: i64| x > 0 && x & (x - 1) == 0;
        if pow2(s[last]) || !pow2(d[last]) {
            return Ok((F2Layout::linear(s, d, None)?, None));
        }
        let t = d[last].trailing_zeros();
        // Below the digit on top, or no such digit: the shape is then what is wrong.
        let rest = F2Layout::linear(&s[..last], &d[..last], Some(t)).map_err(|k| match k {
            ErrorKind::Overflow => ErrorKind::NotPowerOfTwo { value: s[last] },
            k => k,
        })?;
        let size_rest: i64 = s[..last].iter().product();
        Ok((rest, Some((s[last], size_rest, t))))
    }

    /// A right inverse (Cecka Table 5): `L(R(k)) == k` for every `0 <= k < size(R)`, with `R`
    /// as large as the run of offsets `0, 1, 2, ...` that `L` reaches; `0:0` for an empty `L`.
    ///
    /// # Errors
    /// [`ErrorKind::NotPowerOfTwo`] for a shape that is not a power of two, unless it is the last
    /// mode and an integer digit above the others' bits; [`ErrorKind::Capacity`] past 32 input
    /// bits (a linear layout's).
    ///
    /// # Examples
    /// ```
    /// use cute_core::f2::F2Layout;
    /// let l: F2Layout = "(4,(4,3)):(f1,(f5,f16))".parse().unwrap();
    /// assert_eq!(l.right_inverse().unwrap().to_string(), "(4,4,3):(f1,f5,f16)");
    /// ```
    pub fn right_inverse(&self) -> Result<F2Layout, Error> {
        let err = |k| Error::new(Op::RightInverse, [Some(self.into()), None], k);
        if self.size() == 0 {
            return F2Layout::empty().map_err(err);
        }
        let (h, top) = self.split_top().map_err(err)?;
        let mut cols = [0i64; crate::linear::MAX_OUT_BITS];
        let mut t = 0;
        while t < h.out_bits() {
            match h.solve_bits(1 << t) {
                Some(x) => cols[t] = x as i64,
                None => break,
            }
            t += 1;
        }
        // The digit on top continues the run only where the rest covers all its bits.
        let top = top.filter(|(_, _, bits)| t == *bits as usize && t == h.out_bits());
        F2Layout::from_bases(&cols[..t], top.map(|(s, size_rest, _)| (s, size_rest))).map_err(err)
    }

    /// A left inverse of an injective layout (Cecka Table 6): `R(L(i)) == i` for every
    /// `0 <= i < size(L)`; `0:0` for an empty `L`.
    ///
    /// # Errors
    /// [`ErrorKind::NotInvertibleF2`] when `L` is not injective; those of
    /// [`F2Layout::right_inverse`] for the shapes; [`ErrorKind::Capacity`] when the offsets
    /// reach bit 32 or the size is `2^33` or more (a linear layout has at most 32 input bits).
    pub fn left_inverse(&self) -> Result<F2Layout, Error> {
        let err = |k| Error::new(Op::LeftInverse, [Some(self.into()), None], k);
        if self.size() == 0 {
            return F2Layout::empty().map_err(err);
        }
        let (h, top) = self.split_top().map_err(err)?;
        let r = h.left_inverse().map_err(|e| err(e.kind))?;
        let cols: [i64; crate::linear::MAX_BITS] =
            core::array::from_fn(|k| r.basis(k).map_or(0, |b| b as i64));
        let n = r.in_bits();
        F2Layout::from_bases(&cols[..n], top.map(|(s, size_rest, _)| (s, size_rest))).map_err(err)
    }
}

impl From<&F2Layout> for Operand {
    fn from(l: &F2Layout) -> Self {
        Operand::of(l)
    }
}

impl fmt::Display for F2Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.shape)?;
        self.stride.view().write_with(f, |f, _, d| {
            if d == 0 {
                f.write_str("0")
            } else {
                write!(f, "f{d}")
            }
        })
    }
}

impl fmt::Debug for F2Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Parses a stride tuple whose leaves are `f<d>` or `0`.
fn f2_stride(p: &mut Parser<'_>, b: &mut Builder) -> Result<(), Error> {
    let cap = |p: &Parser<'_>| p.error(crate::limits::CAPACITY_NOTE);
    if p.eat(b'(') {
        b.open().map_err(|_| cap(p))?;
        loop {
            f2_stride(p, b)?;
            if p.eat(b')') {
                break;
            }
            p.expect(b',', "',' or ')'")?;
        }
        return b.close().map_err(|_| cap(p));
    }
    let d = if p.eat(b'f') {
        p.int()?
    } else {
        let v = p.int()?;
        if v != 0 {
            return Err(p.error("an F2 stride `f<bits>` or 0"));
        }
        0
    };
    b.int(d).map_err(|_| cap(p))
}

impl F2Layout {
    /// Parses the F2 stride that follows `shape:` in notation (how `cute::expr` reads
    /// `(8,8):(f1,f9)` inside an expression).
    ///
    /// # Errors
    /// A parse error at the offending character; those of [`F2Layout::new`].
    pub fn parse_stride(p: &mut Parser<'_>, shape: &IntTuple) -> Result<F2Layout, Error> {
        let mut b = Builder::new();
        f2_stride(p, &mut b)?;
        F2Layout::new(*shape, b.finish())
    }
}

impl core::str::FromStr for F2Layout {
    type Err = Error;

    /// `shape:strides` with strides `f<d>` (the bits `d`) or `0`: `(8,8):(f1,f9)`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(|p| {
            let shape = p.int_tuple(false)?;
            p.expect(b':', "':' between shape and stride")?;
            F2Layout::parse_stride(p, &shape)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swizzle::{ComposedLayout, Swizzle};

    fn f(s: &str) -> F2Layout {
        s.parse().unwrap()
    }

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn a_swizzle_is_an_f2_layout() {
        for (sw, inner, f2) in [
            ((3, 0, 3), "(8,8):(1,8)", "(8,8):(f1,f9)"),
            ((2, 1, 3), "(16,4):(1,16)", "(16,4):(f1,f18)"),
            ((3, 3, 3), "(64,8):(1,64)", "(64,8):(f1,f72)"),
        ] {
            let c = ComposedLayout::new(Swizzle::new(sw.0, sw.1, sw.2).unwrap(), 0, l(inner));
            let a = f(f2);
            assert_eq!(a.to_string(), f2);
            for i in 0..c.size() {
                assert_eq!(a.eval(i).unwrap(), c.eval(i).unwrap(), "{a} vs {c} at {i}");
            }
        }
    }

    #[test]
    fn swizzled_row_composes_with_the_tv_layout() {
        let a = f("(8,8):(f1,f9)");
        let tv = l("((4,8),2):((16,1),8)");
        let r = a.compose(&tv).unwrap();
        assert_eq!(r.to_string(), "((4,8),2):((f18,f1),f9)");
        for i in 0..tv.size() {
            assert_eq!(r.eval(i).unwrap(), a.eval(tv.eval(i).unwrap()).unwrap());
        }
    }

    /// `L(R(k)) == k` on R's domain and `R(L(i)) == i` on L's.
    fn inverse_laws(a: &F2Layout, r: &F2Layout, left: bool) {
        if left {
            for i in 0..a.size() {
                assert_eq!(r.eval(a.eval(i).unwrap()).unwrap(), i, "{r} of {a} at {i}");
            }
        } else {
            for k in 0..r.size() {
                assert_eq!(a.eval(r.eval(k).unwrap()).unwrap(), k, "{r} of {a} at {k}");
            }
        }
    }

    #[test]
    fn right_and_left_inverses_of_f_strided_rows() {
        let a = f("(4,(4,3)):(f1,(f5,f16))");
        let r = a.right_inverse().unwrap();
        assert_eq!(r.to_string(), "(4,4,3):(f1,f5,f16)");
        inverse_laws(&a, &r, false);
        assert_eq!(r.size(), 48);
        let q = a.left_inverse().unwrap();
        assert_eq!(q.to_string(), "(4,4,3):(f1,f5,f16)");
        inverse_laws(&a, &q, true);
    }

    #[test]
    fn inverses_of_swizzles_and_partial_images() {
        for s in [
            "(8,8):(f1,f9)",
            "(64,8):(f1,f72)",
            "(4,8):(f1,f4)",
            "(2,4):(f1,f4)",
            "(4,2):(0,f1)",
        ] {
            let a = f(s);
            let r = a.right_inverse().unwrap();
            inverse_laws(&a, &r, false);
            // As large as the run 0, 1, 2, ... of offsets L reaches.
            let image: std::collections::HashSet<i64> =
                (0..a.size()).map(|i| a.eval(i).unwrap()).collect();
            assert!(!image.contains(&r.size()), "{s}: {r}");
            if image.len() as i64 == a.size() {
                inverse_laws(&a, &a.left_inverse().unwrap(), true);
            } else {
                assert_eq!(a.left_inverse().unwrap_err().code(), "not_invertible_f2");
            }
        }
        // A run that stops: (2,4):(f1,f4) reaches 0, 1 and then 4.
        assert_eq!(
            f("(2,4):(f1,f4)").right_inverse().unwrap().to_string(),
            "2:f1"
        );
    }

    #[test]
    fn bad_f2_layouts_are_typed_errors() {
        for (s, code) in [
            ("(8,8):(f1,9)", "parse"),
            ("(8,8):(f1,f-1)", "negative_stride"),
            ("(8,8):(f1,(f1,f2))", "not_congruent"),
            ("(2,4):(f1,f2305843009213693952)", "overflow"),
        ] {
            assert_eq!(s.parse::<F2Layout>().unwrap_err().code(), code, "{s}");
        }
        assert_eq!(
            f("(3,4):(f1,f4)").right_inverse().unwrap_err().code(),
            "not_power_of_two"
        );
        assert_eq!(
            f("(8,8):(f1,f9)").eval(-1).unwrap_err().code(),
            "index_out_of_range"
        );
        // A scale of 3 over four values carries: 3·c is not c·f3.
        let e = f("16:f1").compose(&l("4:3")).unwrap_err();
        assert_eq!(e.code(), "not_admissible", "{e}");
        // An empty layout has nothing to map back (the f2 fuzz target's first finding).
        for s in ["(2,0):(0,f8)", "0:f1"] {
            assert_eq!(f(s).right_inverse().unwrap().to_string(), "0:0");
            assert_eq!(f(s).left_inverse().unwrap().to_string(), "0:0");
        }
        // Over two values it does not.
        assert_eq!(f("16:f1").compose(&l("2:3")).unwrap().to_string(), "2:f3");
    }

    /// A deterministic sweep over random F2 layouts: evaluation against the carry-less sum
    /// written out bit by bit, the inverses' laws and maximality, composition pointwise.
    #[test]
    fn random_f2_layouts_keep_their_laws() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let (mut inverted, mut composed) = (0, 0);
        for _ in 0..3000 {
            let n = 1 + next(3) as usize;
            let shape: Vec<i64> = (0..n)
                .map(|_| if next(8) == 0 { 3 } else { 1 << next(4) })
                .collect();
            let stride: Vec<i64> = (0..n).map(|_| next(64) as i64).collect();
            let a = F2Layout::new(
                IntTuple::flat_or_int(&shape).unwrap(),
                IntTuple::flat_or_int(&stride).unwrap(),
            )
            .unwrap();
            // L(i) by the definition: each coordinate's bits shift its stride, XOR over all.
            let direct = |i: i64| {
                let (mut rest, mut off) = (i, 0i64);
                for (k, (&s, &d)) in shape.iter().zip(&stride).enumerate() {
                    let c = if k + 1 == n { rest } else { rest % s };
                    rest /= s;
                    for j in 0..8 {
                        if c >> j & 1 == 1 {
                            off ^= d << j;
                        }
                    }
                }
                off
            };
            let image: std::collections::HashSet<i64> = (0..a.size()).map(direct).collect();
            for i in 0..a.size() {
                assert_eq!(a.eval(i).unwrap(), direct(i), "{a} at {i}");
            }
            if let Ok(r) = a.right_inverse() {
                inverse_laws(&a, &r, false);
                assert!(!image.contains(&r.size()), "{a}: {r} stops early");
                inverted += 1;
            }
            match a.left_inverse() {
                Ok(r) => inverse_laws(&a, &r, true),
                Err(e) if e.code() == "not_invertible_f2" => {
                    assert!((image.len() as i64) < a.size(), "{a} is injective: {e}");
                }
                Err(e) => assert_eq!(e.code(), "not_power_of_two", "{a}: {e}"),
            }
            let b = Layout::new(
                IntTuple::int(1 + next(8) as i64),
                IntTuple::int([0, 1, 2, 4, 8, 3][next(6) as usize]),
            )
            .unwrap();
            if let Ok(r) = a.compose(&b) {
                for i in 0..b.size() {
                    assert_eq!(
                        r.eval(i).unwrap(),
                        a.eval(b.eval(i).unwrap()).unwrap(),
                        "{a} o {b}"
                    );
                }
                composed += 1;
            }
        }
        assert!(
            inverted > 1000 && composed > 1000,
            "{inverted} inverted, {composed} composed"
        );
    }
}
