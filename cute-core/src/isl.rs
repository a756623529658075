//! Layouts as integer set relations, written in ISL's text syntax (Bhaskaracharya, Acharya,
//! Hagedorn, Grover, *Modeling Layout Abstractions Using Integer Set Relations*, §3): the index
//! mapping from a layout's flattened natural coordinates to its offset, and the layout mapping from
//! its 1-D index, for layouts and swizzled layouts `Sw ∘ offset ∘ L`. The text is what
//! `isl_map_read_from_str` (or `islpy.Map`) reads, so a real ISL can check the algebra
//! independently of this crate (`scripts/isl_check.sh`).
//!
//! - Index mapping (Bhaskaracharya et al. Eq. 4): `{ [c0, ..., ck] -> [o] : o = d0*c0 + ... + dk*ck
//!   and 0 <= ci <= si - 1 }` over the flattened shape `(s0, ..., sk)` and stride `(d0, ..., dk)`.
//! - Layout mapping (Eq. 5, `M_L = M_I ∘ M_C`): `{ [i] -> [o] : 0 <= i <= size - 1 and o = ... }`,
//!   where coordinate `ck` is `floor(i / S̄k) mod sk` (the last one `floor(i / S̄k)`) for the
//!   exclusive prefix products `S̄k` of the shape.
//! - A swizzle `Sw<B,M,S>` (Eq. 12–13 with the bits as quasi-affine terms): bit `t` of `x` is
//!   `floor(x / 2^t) mod 2`, and each of the `B` bits it changes becomes
//!   `(floor(x / 2^t) + floor(x / 2^(t+S))) mod 2` (XOR as a sum mod 2), so
//!   `Sw(x) = x + Σ 2^t·(((floor(x/2^t) + floor(x/2^(t+S))) mod 2) - (floor(x/2^t) mod 2))`.
//!   On negative offsets this is the two's-complement bit arithmetic of [`Swizzle::apply`].
//!
//! - A coordinate layout (strides `a·e_k`, Cecka, *CuTe Layout Representation and Algebra*, §3.6):
//!   one output per leaf of its codomain,
//!   `{ [c0, ...] -> [o0, ...] : oj = Σ a·ck over the leaves whose basis points at j and ... }`.
//! - A linear layout over F2 (Bhaskaracharya et al. Eq. 21–22, with the bits as quasi-affine
//!   terms): input bit `b` of dimension `k` is `floor(ck / 2^b)`'s parity, and bit `t` of output
//!   dimension `j` is the sum mod 2 of the input bits whose basis sets it:
//!   `{ [c0, ...] -> [o0, ...] : oj = Σ_t 2^t·((Σ floor(ck/2^b)) mod 2) and 0 <= ck <= size - 1 }`
//!   (`[o]` for one output dimension).
//! - A layout with F2 strides (`(8,8):(f1,f9)`): the same sums mod 2, over the bits of its
//!   coordinates, from the natural coordinates or from the 1-D index.
//!
//! Writing needs no heap: the relations are [`core::fmt::Display`] values.

use core::fmt::{self, Write as _};

use crate::arithmetic_tuple::CoordLayout;
use crate::f2::F2Layout;
use crate::layout::Layout;
use crate::linear::LinearLayout;
use crate::swizzle::{ComposedLayout, Swizzle};

/// Which coordinates a relation starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// The flattened natural coordinates `[c0, ..., ck]` (the index mapping; what `cute isl`
    /// prints).
    Natural,
    /// The 1-D index `[i]` (the layout mapping).
    Index,
}

/// A layout, or a swizzled layout, as an ISL map: see the module documentation.
///
/// # Examples
/// ```
/// use cute_core::isl::Domain;
/// use cute_core::{ComposedLayout, Layout, Swizzle};
/// let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
/// assert_eq!(
///     l.isl(Domain::Natural).to_string(),
///     "{ [c0, c1, c2] -> [o] : o = 2*c0 + c1 + 8*c2 and 0 <= c0 <= 3 and 0 <= c1 <= 1 and 0 <= c2 <= 1 }"
/// );
/// assert_eq!(
///     l.isl(Domain::Index).to_string(),
///     "{ [i] -> [o] : 0 <= i <= 15 and o = 2*((i) mod 4) + (floor((i)/4) mod 2) + 8*floor((i)/8) }"
/// );
/// let sw = ComposedLayout::new(Swizzle::new(1, 0, 1).unwrap(), 0, "4:1".parse().unwrap());
/// assert_eq!(
///     sw.isl(Domain::Natural).to_string(),
///     "{ [c0] -> [o] : o = (c0) + ((floor((c0)/1) + floor((c0)/2)) mod 2) - (floor((c0)/1) mod 2) \
///      and 0 <= c0 <= 3 }"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct IslMap<'a> {
    layout: &'a Layout,
    swizzle: Option<(Swizzle, i64)>,
    domain: Domain,
}

impl Layout {
    /// This layout as an ISL map from `domain` to its offset `[o]`.
    #[must_use]
    pub fn isl(&self, domain: Domain) -> IslMap<'_> {
        IslMap {
            layout: self,
            swizzle: None,
            domain,
        }
    }
}

impl ComposedLayout {
    /// This swizzled layout as an ISL map from `domain` (the inner layout's coordinates) to
    /// `Sw(offset + L(c))`.
    #[must_use]
    pub fn isl(&self, domain: Domain) -> IslMap<'_> {
        IslMap {
            layout: self.layout(),
            swizzle: Some((self.swizzle(), self.offset())),
            domain,
        }
    }
}

/// An affine combination `Σ coef·term + constant` of terms written by `term(k, f)`, in ISL's
/// syntax (`0` when empty).
fn affine(
    f: &mut fmt::Formatter<'_>,
    coefs: &[i64],
    constant: i64,
    term: impl Fn(usize, &mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    let mut first = true;
    for (k, &c) in coefs.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let magnitude = c.unsigned_abs();
        match (first, c < 0) {
            (true, false) => {}
            (true, true) => f.write_char('-')?,
            (false, false) => f.write_str(" + ")?,
            (false, true) => f.write_str(" - ")?,
        }
        if magnitude != 1 {
            write!(f, "{magnitude}*")?;
        }
        term(k, f)?;
        first = false;
    }
    match (first, constant) {
        (true, _) => write!(f, "{constant}"),
        (false, 0) => Ok(()),
        (false, c) if c < 0 => write!(f, " - {}", c.unsigned_abs()),
        (false, c) => write!(f, " + {c}"),
    }
}

/// `Σ coefs[k]·c_k + constant` over the flattened coordinates of `shape`, each `c_k` a
/// variable of the natural domain or the digit `floor(i / S̄k) mod sk` of the index `i`.
fn combination(
    f: &mut fmt::Formatter<'_>,
    shape: &[i64],
    coefs: &[i64],
    constant: i64,
    domain: Domain,
) -> fmt::Result {
    match domain {
        Domain::Natural => affine(f, coefs, constant, |k, f| write!(f, "c{k}")),
        Domain::Index => {
            let last = shape.len().saturating_sub(1);
            affine(f, coefs, constant, |k, f| {
                // The exclusive prefix product fits in i64: it divides the size.
                let prefix: i64 = shape[..k].iter().product();
                let digit = |f: &mut fmt::Formatter<'_>| {
                    if prefix == 1 {
                        f.write_str("(i)")
                    } else {
                        write!(f, "floor((i)/{prefix})")
                    }
                };
                if k == last {
                    digit(f)
                } else if prefix == 1 {
                    write!(f, "((i) mod {})", shape[k])
                } else {
                    f.write_char('(')?;
                    digit(f)?;
                    write!(f, " mod {})", shape[k])
                }
            })
        }
    }
}

/// The natural domain's variables `[c0, ..., ck]`.
fn natural_vars(f: &mut fmt::Formatter<'_>, n: usize) -> fmt::Result {
    f.write_char('[')?;
    for k in 0..n {
        if k > 0 {
            f.write_str(", ")?;
        }
        write!(f, "c{k}")?;
    }
    f.write_char(']')
}

/// Output variable `t` of `n`: `o` when it is the only one, `ot` otherwise.
fn out_var(f: &mut fmt::Formatter<'_>, t: usize, n: usize) -> fmt::Result {
    if n == 1 {
        f.write_char('o')
    } else {
        write!(f, "o{t}")
    }
}

/// The `n` output variables, `[o]` or `[o0, ..., om]`.
fn out_vars(f: &mut fmt::Formatter<'_>, n: usize) -> fmt::Result {
    f.write_char('[')?;
    for t in 0..n {
        if t > 0 {
            f.write_str(", ")?;
        }
        out_var(f, t, n)?;
    }
    f.write_char(']')
}

/// The natural domain's bounds ` and 0 <= ck <= sk - 1`.
fn natural_bounds(f: &mut fmt::Formatter<'_>, shape: &[i64]) -> fmt::Result {
    for (k, s) in shape.iter().enumerate() {
        write!(f, " and 0 <= c{k} <= {}", s - 1)?;
    }
    Ok(())
}

impl IslMap<'_> {
    /// The offset `x` before the swizzle: the strides' combination of the coordinates, plus the
    /// composed layout's offset.
    fn offset(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (shape, stride) = (self.layout.shape().leaves(), self.layout.stride().leaves());
        let constant = self.swizzle.map_or(0, |(_, o)| o);
        combination(f, shape, stride, constant, self.domain)
    }

    /// `Sw(x)` for the offset `x`, or `x` itself without a swizzle.
    fn swizzled(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((sw, _)) = self.swizzle else {
            return self.offset(f);
        };
        let (bits, base, shift) = sw.params();
        f.write_char('(')?;
        self.offset(f)?;
        f.write_char(')')?;
        // The bits the swizzle changes: `t` takes bit `t + S`.
        let first = base + shift.unsigned_abs() * u32::from(shift < 0);
        for t in first..first + bits {
            let source = t.saturating_add_signed(shift);
            let bit = |f: &mut fmt::Formatter<'_>, b: u32| {
                f.write_str("floor((")?;
                self.offset(f)?;
                write!(f, ")/{})", 1i64 << b)
            };
            let weight = 1i64 << t;
            f.write_str(" + ")?;
            if weight != 1 {
                write!(f, "{weight}*")?;
            }
            f.write_str("((")?;
            bit(f, t)?;
            f.write_str(" + ")?;
            bit(f, source)?;
            f.write_str(") mod 2) - ")?;
            if weight != 1 {
                write!(f, "{weight}*")?;
            }
            f.write_char('(')?;
            bit(f, t)?;
            f.write_str(" mod 2)")?;
        }
        Ok(())
    }
}

impl fmt::Display for IslMap<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.layout.shape().leaves();
        match self.domain {
            Domain::Natural => {
                f.write_str("{ ")?;
                natural_vars(f, shape.len())?;
                f.write_str(" -> [o] : o = ")?;
                self.swizzled(f)?;
                natural_bounds(f, shape)?;
            }
            Domain::Index => {
                write!(
                    f,
                    "{{ [i] -> [o] : 0 <= i <= {} and o = ",
                    self.layout.size() - 1
                )?;
                self.swizzled(f)?;
            }
        }
        f.write_str(" }")
    }
}

/// A coordinate layout as an ISL map: see the module documentation.
///
/// # Examples
/// ```
/// use cute_core::isl::Domain;
/// use cute_core::CoordLayout;
/// let c: CoordLayout = "(4,(2,3)):(e1,(2e0,e(2,0)))".parse().unwrap();
/// assert_eq!(
///     c.isl(Domain::Natural).to_string(),
///     "{ [c0, c1, c2] -> [o0, o1, o2] : o0 = 2*c1 and o1 = c0 and o2 = c2 \
///      and 0 <= c0 <= 3 and 0 <= c1 <= 1 and 0 <= c2 <= 2 }"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct IslCoord<'a> {
    layout: &'a CoordLayout,
    domain: Domain,
}

impl CoordLayout {
    /// This coordinate layout as an ISL map from `domain` to its coordinates, flattened
    /// (`[o0, ..., om]` over the leaves of [`CoordLayout::codomain`]; `[o]` for one).
    #[must_use]
    pub fn isl(&self, domain: Domain) -> IslCoord<'_> {
        IslCoord {
            layout: self,
            domain,
        }
    }
}

impl fmt::Display for IslCoord<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.layout;
        let shape = c.shape().leaves();
        let outs = c.codomain().leaves().len();
        f.write_str("{ ")?;
        match self.domain {
            Domain::Natural => natural_vars(f, shape.len())?,
            Domain::Index => f.write_str("[i]")?,
        }
        f.write_str(" -> ")?;
        out_vars(f, outs)?;
        f.write_str(" : ")?;
        if self.domain == Domain::Index {
            write!(f, "0 <= i <= {}", c.size() - 1)?;
            if outs > 0 {
                f.write_str(" and ")?;
            }
        }
        for t in 0..outs {
            if t > 0 {
                f.write_str(" and ")?;
            }
            // Output leaf `t` sums the scaled coordinates whose basis points at it.
            let mut coefs = [0i64; crate::MAX_LEAVES];
            for (k, coef) in coefs.iter_mut().enumerate().take(shape.len()) {
                if c.target_leaf(k) == Some(t) {
                    *coef = c.stride_leaf(k).map_or(0, |(a, _)| a);
                }
            }
            out_var(f, t, outs)?;
            f.write_str(" = ")?;
            combination(f, shape, &coefs[..shape.len()], 0, self.domain)?;
        }
        if self.domain == Domain::Natural {
            if outs == 0 {
                f.write_str("1 = 1")?;
            }
            natural_bounds(f, shape)?;
        }
        f.write_str(" }")
    }
}

/// A linear layout as an ISL map: see the module documentation.
///
/// # Examples
/// ```
/// use cute_core::linear::LinearLayout;
/// // Bhaskaracharya et al. Table 1, "2d_broadcast": the second input dimension does not reach
/// // the output.
/// let h: LinearLayout = "LinearLayout(crd=(4,4),idx=4,vals=[1,2,0,0])".parse().unwrap();
/// assert_eq!(
///     h.isl().to_string(),
///     "{ [c0, c1] -> [o] : o = ((floor((c0)/1)) mod 2) + 2*((floor((c0)/2)) mod 2) \
///      and 0 <= c0 <= 3 and 0 <= c1 <= 3 }"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct IslLinear<'a>(&'a LinearLayout);

impl LinearLayout {
    /// This linear layout as an ISL map from one coordinate per input dimension to one value per
    /// output dimension.
    #[must_use]
    pub fn isl(&self) -> IslLinear<'_> {
        IslLinear(self)
    }
}

impl fmt::Display for IslLinear<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.0;
        let (ni, no) = (h.ins().count(), h.outs().count());
        f.write_str("{ ")?;
        natural_vars(f, ni)?;
        f.write_str(" -> ")?;
        out_vars(f, no)?;
        f.write_str(" : ")?;
        // Each input bit as (dimension, bit within it), in the bases' order.
        let mut bit_of = [(0usize, 0u32); crate::linear::MAX_BITS];
        let mut n = 0;
        for (k, d) in h.ins().enumerate() {
            for b in 0..u32::from(d.bits) {
                bit_of[n] = (k, b);
                n += 1;
            }
        }
        let mut start = 0;
        let mut and = "";
        for (j, d) in h.outs().enumerate() {
            f.write_str(and)?;
            and = " and ";
            out_var(f, j, no)?;
            f.write_str(" = ")?;
            let mut first = true;
            for t in 0..usize::from(d.bits) {
                let out_bit = start + t;
                let mut sources =
                    (0..n).filter(|&k| h.basis(k).is_some_and(|v| v >> out_bit & 1 == 1));
                let Some(k0) = sources.next() else {
                    continue;
                };
                if !first {
                    f.write_str(" + ")?;
                }
                first = false;
                if t > 0 {
                    write!(f, "{}*", 1i64 << t)?;
                }
                let (c, b) = bit_of[k0];
                write!(f, "((floor((c{c})/{})", 1i64 << b)?;
                for k in sources {
                    let (c, b) = bit_of[k];
                    write!(f, " + floor((c{c})/{})", 1i64 << b)?;
                }
                f.write_str(") mod 2)")?;
            }
            if first {
                f.write_char('0')?;
            }
            start += usize::from(d.bits);
        }
        for (k, d) in h.ins().enumerate() {
            write!(f, "{and}0 <= c{k} <= {}", d.size() - 1)?;
            and = " and ";
        }
        if and.is_empty() {
            // No output and no input dimension: the one point `[] -> []`.
            f.write_str("0 = 0")?;
        }
        f.write_str(" }")
    }
}

/// An F2 layout as an ISL map: see the module documentation.
///
/// # Examples
/// ```
/// use cute_core::isl::Domain;
/// use cute_core::F2Layout;
/// let a: F2Layout = "(2,2):(f1,f3)".parse().unwrap();
/// assert_eq!(
///     a.isl(Domain::Natural).to_string(),
///     "{ [c0, c1] -> [o] : o = ((floor((c0)/1) + floor((c1)/1)) mod 2) + 2*((floor((c1)/1)) mod 2) \
///      and 0 <= c0 <= 1 and 0 <= c1 <= 1 }"
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct IslF2<'a> {
    layout: &'a F2Layout,
    domain: Domain,
}

impl F2Layout {
    /// This layout as an ISL map from `domain` to its offset `[o]`.
    #[must_use]
    pub fn isl(&self, domain: Domain) -> IslF2<'_> {
        IslF2 {
            layout: self,
            domain,
        }
    }
}

impl IslF2<'_> {
    /// Coordinate `m` (of a flat shape `s`): `cm`, or its digit of the index `i`.
    fn coordinate(&self, f: &mut fmt::Formatter<'_>, m: usize) -> fmt::Result {
        let s = self.layout.shape().leaves();
        match self.domain {
            Domain::Natural => write!(f, "c{m}"),
            Domain::Index => {
                // The exclusive prefix product divides the size, which fits in i64 (an empty
                // layout has no index and never gets here).
                let prefix: i64 = s[..m].iter().product();
                if m + 1 == s.len() {
                    write!(f, "floor((i)/{prefix})")
                } else {
                    write!(f, "(floor((i)/{prefix}) mod {})", s[m])
                }
            }
        }
    }
}

impl fmt::Display for IslF2<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, d) = (self.layout.shape().leaves(), self.layout.stride().leaves());
        match self.domain {
            Domain::Natural => {
                f.write_str("{ ")?;
                natural_vars(f, s.len())?;
                f.write_str(" -> [o] : o = ")?;
            }
            Domain::Index => write!(
                f,
                "{{ [i] -> [o] : 0 <= i <= {} and o = ",
                self.layout.size() - 1
            )?,
        }
        // Bit `b` of coordinate `m` reaches output bit `t` where bit `t - b` of its stride is set.
        let bits = |x: i64| 64 - x.leading_zeros();
        let top = s
            .iter()
            .zip(d)
            .map(|(&s, &d)| {
                if s > 1 && d != 0 {
                    bits(s - 1) + bits(d) - 1
                } else {
                    0
                }
            })
            .max()
            .unwrap_or(0);
        let mut first = true;
        // An empty layout has no point: its offset is written 0 over an empty domain.
        let top = if self.layout.size() == 0 { 0 } else { top };
        for t in 0..top {
            let mut terms = 0;
            for (m, (&sm, &dm)) in s.iter().zip(d).enumerate() {
                for b in 0..bits((sm - 1).max(0)).min(t + 1) {
                    if dm >> (t - b) & 1 == 0 {
                        continue;
                    }
                    if terms == 0 {
                        if !first {
                            f.write_str(" + ")?;
                        }
                        first = false;
                        if t > 0 {
                            write!(f, "{}*", 1i64 << t)?;
                        }
                        f.write_str("((")?;
                    } else {
                        f.write_str(" + ")?;
                    }
                    f.write_str("floor((")?;
                    self.coordinate(f, m)?;
                    write!(f, ")/{})", 1i64 << b)?;
                    terms += 1;
                }
            }
            if terms > 0 {
                f.write_str(") mod 2)")?;
            }
        }
        if first {
            f.write_char('0')?;
        }
        if self.domain == Domain::Natural {
            natural_bounds(f, s)?;
        }
        f.write_str(" }")
    }
}
