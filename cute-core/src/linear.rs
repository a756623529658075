//! Linear layouts over F2 (Triton's `LinearLayout`, cited by seeds 000 and 004): named input
//! dimensions (`register`, `lane`, `warp`, `offset`, …) and output dimensions of power-of-two
//! sizes, and one basis vector per input bit. The image of an input is the XOR of the basis
//! vectors of its set bits (seed 004 Eq. 20).
//!
//! Bits are numbered colexicographically, as seed 004 numbers them: the bits of input
//! dimension 0 first, low bit first, then those of dimension 1, and so on; the same for the
//! output dimensions. A basis vector is kept as one integer over all output bits in that order,
//! so application, composition and inversion are operations on bit vectors (no heap, at most
//! [`MAX_BITS`] input and [`MAX_OUT_BITS`] output bits).

use core::fmt;

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::Layout;

/// The most input or output dimensions of a linear layout.
pub const MAX_DIMS: usize = 4;
/// The most input bits (basis vectors) of a linear layout: `2^32` inputs.
pub const MAX_BITS: usize = 32;
/// The most output bits of a linear layout: every output fits in `i64`.
pub const MAX_OUT_BITS: usize = 62;
/// The longest dimension name.
pub const MAX_NAME: usize = 12;

/// A dimension's name, an ASCII identifier of at most [`MAX_NAME`] bytes kept inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name {
    bytes: [u8; MAX_NAME],
    len: u8,
}

impl Name {
    /// The name `s`: a letter or `_`, then letters, digits or `_` ([`ErrorKind::InvalidName`]).
    pub fn new(s: &str) -> Result<Name, ErrorKind> {
        let b = s.as_bytes();
        let ok = !b.is_empty()
            && b.len() <= MAX_NAME
            && (b[0].is_ascii_alphabetic() || b[0] == b'_')
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
        if !ok {
            return Err(ErrorKind::InvalidName);
        }
        let mut bytes = [0u8; MAX_NAME];
        bytes[..b.len()].copy_from_slice(b);
        Ok(Name {
            bytes,
            len: b.len() as u8,
        })
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is stored (`Name::new`).
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A named dimension of size `2^bits`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dim {
    /// Its name.
    pub name: Name,
    /// `log2` of its size.
    pub bits: u8,
}

impl Dim {
    /// The dimension `name` of size `size`, a power of two ([`ErrorKind::NotPowerOfTwo`]).
    pub fn new(name: &str, size: i64) -> Result<Dim, ErrorKind> {
        if size <= 0 || size & (size - 1) != 0 {
            return Err(ErrorKind::NotPowerOfTwo { value: size });
        }
        Ok(Dim {
            name: Name::new(name)?,
            bits: size.trailing_zeros() as u8,
        })
    }

    /// Its size, `2^bits`.
    #[must_use]
    pub fn size(&self) -> i64 {
        1i64 << self.bits
    }
}

/// Dimensions in order, inline.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Dims {
    d: [Option<Dim>; MAX_DIMS],
    n: u8,
}

impl Dims {
    fn of(dims: &[Dim], max_bits: usize) -> Result<Dims, ErrorKind> {
        if dims.len() > MAX_DIMS {
            return Err(ErrorKind::Capacity);
        }
        let mut d = [None; MAX_DIMS];
        let mut bits = 0usize;
        for (k, x) in dims.iter().enumerate() {
            if dims[..k].iter().any(|y| y.name == x.name) {
                return Err(ErrorKind::DuplicateDim);
            }
            bits += usize::from(x.bits);
            d[k] = Some(*x);
        }
        if bits > max_bits {
            return Err(ErrorKind::Capacity);
        }
        Ok(Dims {
            d,
            n: dims.len() as u8,
        })
    }

    /// The dimensions of `self` named in `names`, in `self`'s order.
    fn select(&self, names: &[&str]) -> Result<Dims, ErrorKind> {
        let mut keep = [false; MAX_DIMS];
        for n in names {
            keep[self.find(Name::new(n)?).ok_or(ErrorKind::DimMismatch)?] = true;
        }
        let mut out = Dims {
            d: [None; MAX_DIMS],
            n: 0,
        };
        for (k, d) in self.iter().enumerate() {
            if keep[k] {
                out.d[usize::from(out.n)] = Some(d);
                out.n += 1;
            }
        }
        Ok(out)
    }

    /// The dimensions of `a` then those of `b` not in `a`; a shared one has both sizes' bits.
    fn merge(a: &Dims, b: &Dims, max_bits: usize) -> Result<Dims, ErrorKind> {
        let mut out = *a;
        for (k, d) in a.iter().enumerate() {
            if let Some(j) = b.find(d.name) {
                out.d[k] = Some(Dim {
                    name: d.name,
                    bits: d.bits + b.d[j].map_or(0, |x| x.bits),
                });
            }
        }
        for d in b.iter().filter(|d| a.find(d.name).is_none()) {
            if usize::from(out.n) == MAX_DIMS {
                return Err(ErrorKind::Capacity);
            }
            out.d[usize::from(out.n)] = Some(d);
            out.n += 1;
        }
        if out.bits() > max_bits {
            return Err(ErrorKind::Capacity);
        }
        Ok(out)
    }

    /// The bits of the dimension named `name`, 0 when there is none.
    fn bits_of(&self, name: Name) -> usize {
        self.find(name)
            .and_then(|k| self.d[k])
            .map_or(0, |d| usize::from(d.bits))
    }

    fn iter(&self) -> impl Iterator<Item = Dim> + '_ {
        self.d[..usize::from(self.n)].iter().flatten().copied()
    }

    fn bits(&self) -> usize {
        self.iter().map(|d| usize::from(d.bits)).sum()
    }

    /// The first bit of dimension `k` in the colexicographic order.
    fn start(&self, k: usize) -> usize {
        self.iter().take(k).map(|d| usize::from(d.bits)).sum()
    }

    fn find(&self, name: Name) -> Option<usize> {
        self.iter().position(|d| d.name == name)
    }

    /// Packs one value per dimension (each checked against its size) into bits.
    fn pack(&self, values: &[i64]) -> Result<u64, ErrorKind> {
        if values.len() != usize::from(self.n) {
            return Err(ErrorKind::RankMismatch {
                left: values.len(),
                right: usize::from(self.n),
            });
        }
        let mut x = 0u64;
        for (k, (d, &v)) in self.iter().zip(values).enumerate() {
            if !(0..d.size()).contains(&v) {
                return Err(ErrorKind::IndexOutOfRange {
                    index: v,
                    size: d.size(),
                });
            }
            x |= (v as u64) << self.start(k);
        }
        Ok(x)
    }

    /// The value of dimension `k` in the packed bits `x`.
    fn field(&self, x: u64, k: usize) -> i64 {
        let d = self.d[k].map_or(0, |d| d.bits);
        ((x >> self.start(k)) & ((1u64 << d) - 1)) as i64
    }
}

/// A linear layout over F2: `L(x) = ⊕ { b_k : bit k of x is set }` (seed 004 Eq. 20).
///
/// # Invariant
/// Sizes are powers of two; every basis vector lies in the output space; at most [`MAX_DIMS`]
/// dimensions each way, [`MAX_BITS`] input bits and [`MAX_OUT_BITS`] output bits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct LinearLayout {
    ins: Dims,
    outs: Dims,
    /// The image of input bit `k`, as packed output bits.
    bases: [u64; MAX_BITS],
}

/// The rank over F2 of the vectors `v`, and a reduced basis of their span (Gaussian elimination,
/// one pivot per bit): `pivot[b]` is a vector whose highest set bit is `b`, with the
/// combination of inputs that makes it in `comb[b]`.
struct Echelon {
    pivot: [u64; 64],
    comb: [u64; 64],
    rank: usize,
}

impl Echelon {
    fn of(v: &[u64]) -> Echelon {
        let mut e = Echelon {
            pivot: [0; 64],
            comb: [0; 64],
            rank: 0,
        };
        for (k, &x) in v.iter().enumerate() {
            let (mut x, mut c) = (x, 1u64 << k);
            while x != 0 {
                let b = 63 - x.leading_zeros() as usize;
                if e.pivot[b] == 0 {
                    (e.pivot[b], e.comb[b]) = (x, c);
                    e.rank += 1;
                    break;
                }
                x ^= e.pivot[b];
                c ^= e.comb[b];
            }
        }
        e
    }

    /// `R(y)` for the left inverse `R` that is 0 on the directions completing the span: `y`
    /// reduced by the pivots (each pivot's `comb` is its value under `R`); what is left is a new
    /// free direction, kept as a pivot of value 0.
    fn preimage_or_free(&mut self, y: u64) -> u64 {
        let (mut x, mut c) = (y, 0u64);
        while x != 0 {
            let b = 63 - x.leading_zeros() as usize;
            if self.pivot[b] == 0 {
                (self.pivot[b], self.comb[b]) = (x, 0);
                self.rank += 1;
                break;
            }
            x ^= self.pivot[b];
            c ^= self.comb[b];
        }
        c
    }

    /// The combination of inputs whose image is `y`, if `y` is in the span.
    fn solve(&self, mut y: u64) -> Option<u64> {
        let mut c = 0u64;
        while y != 0 {
            let b = 63 - y.leading_zeros() as usize;
            if self.pivot[b] == 0 {
                return None;
            }
            y ^= self.pivot[b];
            c ^= self.comb[b];
        }
        Some(c)
    }
}

impl LinearLayout {
    /// The linear layout from input dimensions `ins`, output dimensions `outs` and one basis
    /// vector per input bit (in the colexicographic order of the module doc), each given as one
    /// value per output dimension.
    ///
    /// # Preconditions
    /// Unique names per side ([`ErrorKind::DuplicateDim`]); as many bases as input bits, each
    /// with one value per output dimension ([`ErrorKind::RankMismatch`]) inside its size
    /// ([`ErrorKind::IndexOutOfRange`]); the capacities ([`ErrorKind::Capacity`]).
    ///
    /// # Examples
    /// ```
    /// use cute_core::linear::{Dim, LinearLayout};
    /// // Seed 004 Table 1, "swizzled": crd=(4,4), idx=(4,4), vals=[(1,1),(2,2),(0,1),(0,2)].
    /// let d = |n, s| Dim::new(n, s).unwrap();
    /// let h = LinearLayout::new(
    ///     &[d("c0", 4), d("c1", 4)],
    ///     &[d("i0", 4), d("i1", 4)],
    ///     &[&[1, 1], &[2, 2], &[0, 1], &[0, 2]],
    /// )
    /// .unwrap();
    /// assert_eq!(h.apply(&[3, 1]).unwrap()[..2], [3, 2]);
    /// ```
    pub fn new(ins: &[Dim], outs: &[Dim], bases: &[&[i64]]) -> Result<LinearLayout, Error> {
        let err = |k| {
            Error::new(
                Op::LinearLayout,
                [
                    Some(Operand::of(&DimList("crd", ins))),
                    Some(Operand::of(&DimList("idx", outs))),
                ],
                k,
            )
        };
        let ins_d = Dims::of(ins, MAX_BITS).map_err(err)?;
        let outs_d = Dims::of(outs, MAX_OUT_BITS).map_err(err)?;
        if bases.len() != ins_d.bits() {
            return Err(err(ErrorKind::RankMismatch {
                left: bases.len(),
                right: ins_d.bits(),
            }));
        }
        let mut packed = [0u64; MAX_BITS];
        for (p, b) in packed.iter_mut().zip(bases) {
            *p = outs_d.pack(b).map_err(err)?;
        }
        Ok(LinearLayout {
            ins: ins_d,
            outs: outs_d,
            bases: packed,
        })
    }

    /// The layout from packed bases, already in range.
    fn from_packed(ins: Dims, outs: Dims, bases: &[u64]) -> LinearLayout {
        let mut b = [0u64; MAX_BITS];
        b[..bases.len()].copy_from_slice(bases);
        LinearLayout {
            ins,
            outs,
            bases: b,
        }
    }

    /// The identity on one dimension `name` of size `size` (Triton's `identity1D`), output
    /// dimension `out`.
    pub fn identity(name: &str, size: i64, out: &str) -> Result<LinearLayout, Error> {
        let err = |k| {
            Error::new(
                Op::LinearLayout,
                [Some(dim_operand(name, size)), Some(Operand::of(&out))],
                k,
            )
        };
        let (i, o) = (
            Dim::new(name, size).map_err(err)?,
            Dim::new(out, size).map_err(err)?,
        );
        let ins = Dims::of(&[i], MAX_BITS).map_err(err)?;
        let outs = Dims::of(&[o], MAX_OUT_BITS).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (k, b) in bases.iter_mut().enumerate().take(usize::from(i.bits)) {
            *b = 1 << k;
        }
        Ok(LinearLayout { ins, outs, bases })
    }

    /// The input dimensions, in order.
    pub fn ins(&self) -> impl Iterator<Item = Dim> + '_ {
        self.ins.iter()
    }

    /// The output dimensions, in order.
    pub fn outs(&self) -> impl Iterator<Item = Dim> + '_ {
        self.outs.iter()
    }

    /// The number of input bits (basis vectors).
    #[must_use]
    pub fn in_bits(&self) -> usize {
        self.ins.bits()
    }

    /// The number of output bits.
    #[must_use]
    pub fn out_bits(&self) -> usize {
        self.outs.bits()
    }

    /// The basis vector of input bit `k` as packed output bits.
    #[must_use]
    pub fn basis(&self, k: usize) -> Option<u64> {
        (k < self.in_bits()).then(|| self.bases[k])
    }

    /// `L` on packed input bits: the XOR of the bases of the set bits.
    #[inline]
    #[must_use]
    pub fn apply_bits(&self, x: u64) -> u64 {
        let mut y = 0u64;
        let mut x = x & mask(self.in_bits());
        while x != 0 {
            let k = x.trailing_zeros() as usize;
            y ^= self.bases[k];
            x &= x - 1;
        }
        y
    }

    /// `L(x)` for one value per input dimension: one value per output dimension (the first
    /// `outs().count()` entries).
    ///
    /// # Errors
    /// [`ErrorKind::RankMismatch`] for a wrong number of values, [`ErrorKind::IndexOutOfRange`]
    /// for a value outside its dimension.
    pub fn apply(&self, x: &[i64]) -> Result<[i64; MAX_DIMS], Error> {
        let bits = self
            .ins
            .pack(x)
            .map_err(|k| Error::new(Op::Eval, [Some(self.into()), None], k))?;
        let y = self.apply_bits(bits);
        let mut out = [0i64; MAX_DIMS];
        for (k, o) in out.iter_mut().enumerate().take(usize::from(self.outs.n)) {
            *o = self.outs.field(y, k);
        }
        Ok(out)
    }

    /// An input `x` (packed bits) with `L(x) == y`, `None` when `y` is not an image.
    #[must_use]
    pub fn solve_bits(&self, y: u64) -> Option<u64> {
        Echelon::of(&self.bases[..self.in_bits()]).solve(y)
    }

    /// The rank of the bases over F2.
    #[must_use]
    pub fn rank(&self) -> usize {
        Echelon::of(&self.bases[..self.in_bits()]).rank
    }

    /// Whether distinct inputs have distinct images (the bases are independent).
    #[must_use]
    pub fn is_injective(&self) -> bool {
        self.rank() == self.in_bits()
    }

    /// Whether every output is an image (the bases span the output space).
    #[must_use]
    pub fn is_surjective(&self) -> bool {
        self.rank() == self.out_bits()
    }

    /// `outer ∘ inner`: `inner`'s outputs feed `outer`'s inputs, dimension by dimension by name
    /// (Triton's `compose`).
    ///
    /// # Preconditions
    /// `inner`'s output dimensions are `outer`'s input dimensions, in the same order, each no
    /// larger ([`ErrorKind::DimMismatch`]).
    ///
    /// # Postconditions
    /// `R(x) == outer(inner(x))` for every input `x` of `inner`.
    pub fn compose(outer: &LinearLayout, inner: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::Composition, [Some(outer.into()), Some(inner.into())], k);
        let (o, i) = (&outer.ins, &inner.outs);
        let same = o.n == i.n
            && o.iter()
                .zip(i.iter())
                .all(|(a, b)| a.name == b.name && b.bits <= a.bits);
        if !same {
            return Err(err(ErrorKind::DimMismatch));
        }
        let mut bases = [0u64; MAX_BITS];
        for (k, b) in bases.iter_mut().enumerate().take(inner.in_bits()) {
            // Re-pack inner's output bits into outer's input bits, dimension by dimension.
            let mut x = 0u64;
            for d in 0..usize::from(i.n) {
                x |= (i.field(inner.bases[k], d) as u64) << o.start(d);
            }
            *b = outer.apply_bits(x);
        }
        Ok(LinearLayout {
            ins: inner.ins,
            outs: outer.outs,
            bases,
        })
    }

    /// `L⁻¹` of a bijective `L`: outputs become inputs.
    ///
    /// # Preconditions
    /// `L` is injective and surjective ([`ErrorKind::NotInvertibleF2`]).
    ///
    /// # Postconditions
    /// `R(L(x)) == x` and `L(R(y)) == y` for every `x` and `y`.
    pub fn invert(&self) -> Result<LinearLayout, Error> {
        if !(self.is_injective() && self.is_surjective()) {
            return Err(self.singular(Op::Invert));
        }
        self.left_inverse()
            .map_err(|e| Error::new(Op::Invert, [Some(self.into()), None], e.kind))
    }

    /// A left inverse of an injective `L` (Triton's pseudo-inverse): outputs become inputs, an
    /// output outside the image maps to the input of its component in the image along the unit
    /// vectors that complete the image to the whole space.
    ///
    /// # Preconditions
    /// `L` is injective ([`ErrorKind::NotInvertibleF2`]).
    ///
    /// # Postconditions
    /// `R(L(x)) == x` for every input `x`.
    pub fn left_inverse(&self) -> Result<LinearLayout, Error> {
        if !self.is_injective() {
            return Err(self.singular(Op::LeftInverse));
        }
        // `R(b_k) = e_k` on the image; the unit vectors that complete the image to the whole
        // space map to 0, so `R(e_j)` is the image part of `e_j` in that basis.
        let mut e = Echelon::of(&self.bases[..self.in_bits()]);
        let n = self.out_bits();
        let mut basis = [0u64; 64];
        for (j, r) in basis.iter_mut().enumerate().take(n) {
            *r = e.preimage_or_free(1u64 << j);
        }
        self.reversed(&basis[..n], Op::LeftInverse)
    }

    /// A right inverse of a surjective `L`: `L(R(y)) == y` for every output `y`.
    ///
    /// # Preconditions
    /// `L` is surjective ([`ErrorKind::NotInvertibleF2`]).
    pub fn right_inverse(&self) -> Result<LinearLayout, Error> {
        if !self.is_surjective() {
            return Err(self.singular(Op::RightInverse));
        }
        let e = Echelon::of(&self.bases[..self.in_bits()]);
        let n = self.out_bits();
        let mut basis = [0u64; 64];
        for (j, r) in basis.iter_mut().enumerate().take(n) {
            *r = e.solve(1u64 << j).unwrap_or(0);
        }
        self.reversed(&basis[..n], Op::RightInverse)
    }

    /// The layout from the outputs to the inputs whose basis for output bit `j` is `cols[j]`.
    fn reversed(&self, cols: &[u64], op: Op) -> Result<LinearLayout, Error> {
        if cols.len() > MAX_BITS || self.in_bits() > MAX_OUT_BITS {
            return Err(Error::new(
                op,
                [Some(self.into()), None],
                ErrorKind::Capacity,
            ));
        }
        Ok(LinearLayout::from_packed(self.outs, self.ins, cols))
    }

    fn singular(&self, op: Op) -> Error {
        Error::new(
            op,
            [Some(self.into()), None],
            ErrorKind::NotInvertibleF2 {
                rank: self.rank() as u8,
                ins: self.in_bits() as u8,
                outs: self.out_bits() as u8,
            },
        )
    }

    /// `a * b` (Triton's product): the input and output dimensions of both, by name; a
    /// dimension in both has `a`'s bits low and `b`'s high, so `(a * b)(x_a + |a|·x_b) =
    /// a(x_a) + |a|·b(x_b)` per dimension.
    pub fn product(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::Product, [Some(a.into()), Some(b.into())], k);
        let ins = Dims::merge(&a.ins, &b.ins, MAX_BITS).map_err(err)?;
        let outs = Dims::merge(&a.outs, &b.outs, MAX_OUT_BITS).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (src, high) in [(a, false), (b, true)] {
            for (kd, d) in src.ins.iter().enumerate() {
                // `b`'s bits of a dimension shared with `a` sit above `a`'s, in and out.
                let up = |x: &Dims, name| if high { x.bits_of(name) } else { 0 };
                let to = ins.start(ins.find(d.name).unwrap_or(0)) + up(&a.ins, d.name);
                for j in 0..usize::from(d.bits) {
                    let v = src.bases[src.ins.start(kd) + j];
                    let mut y = 0u64;
                    for (ko, o) in src.outs.iter().enumerate() {
                        let at = outs.start(outs.find(o.name).unwrap_or(0)) + up(&a.outs, o.name);
                        y |= (src.outs.field(v, ko) as u64) << at;
                    }
                    bases[to + j] = y;
                }
            }
        }
        Ok(LinearLayout { ins, outs, bases })
    }

    /// The restriction to the input dimensions `ins` and the projection on the output
    /// dimensions `outs` (Triton's `sublayout`), each in this layout's order.
    ///
    /// # Errors
    /// [`ErrorKind::DimMismatch`] for a name that is not a dimension of the layout.
    pub fn sublayout(&self, ins: &[&str], outs: &[&str]) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::Sublayout, [Some(self.into()), None], k);
        let new_ins = self.ins.select(ins).map_err(err)?;
        let new_outs = self.outs.select(outs).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (k, d) in new_ins.iter().enumerate() {
            let from = self.ins.start(self.ins.find(d.name).unwrap_or(0));
            for j in 0..usize::from(d.bits) {
                let v = self.bases[from + j];
                let mut y = 0u64;
                for (m, o) in new_outs.iter().enumerate() {
                    let of = self.outs.find(o.name).unwrap_or(0);
                    y |= (self.outs.field(v, of) as u64) << new_outs.start(m);
                }
                bases[new_ins.start(k) + j] = y;
            }
        }
        Ok(LinearLayout {
            ins: new_ins,
            outs: new_outs,
            bases,
        })
    }

    /// The linear layout of a CuTe layout with power-of-two shapes whose bases share no bit: the
    /// basis of bit `j` of a mode of stride `d >= 0` is `d << j` (a mode of size one has none,
    /// whatever its stride). Its sums then never carry and equal XORs, and a layout of
    /// power-of-two size is linear over F2 exactly then. Input `index` (its `size`), output
    /// `offset` (`cosize` rounded up to a power of two). `(2,2):(3,12)` is one; `4:3` is not,
    /// as `1·3 + 2·3 = 9` where `3 XOR 6 = 5`.
    ///
    /// # Errors
    /// [`ErrorKind::NotLinear`] naming the first mode whose shape is not a power of two, whose
    /// stride is negative, or whose bits overlap a basis before them; [`ErrorKind::Capacity`]
    /// past [`MAX_BITS`] input bits or [`MAX_OUT_BITS`] output bits.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{linear::LinearLayout, Layout};
    /// let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
    /// let h = LinearLayout::from_layout(&l).unwrap();
    /// for i in 0..l.size() {
    ///     assert_eq!(h.apply(&[i]).unwrap()[0], l.eval(i).unwrap());
    /// }
    /// assert_eq!(h.to_layout().unwrap().to_string(), "(4,2,2):(2,1,8)");
    /// ```
    pub fn from_layout(l: &Layout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ToLinearLayout, [Some(l.into()), None], k);
        let (s, d) = (l.shape().leaves(), l.stride().leaves());
        let mut used = 0u64;
        let mut bases = [0u64; MAX_BITS];
        let mut n = 0usize;
        for (mode, (&s, &d)) in s.iter().zip(d).enumerate() {
            let pow2 = |x: i64| x > 0 && x & (x - 1) == 0;
            if s == 1 {
                // A mode of size 1 adds nothing, whatever its stride.
                continue;
            }
            if !pow2(s) || d < 0 {
                return Err(err(ErrorKind::NotLinear { mode }));
            }
            let sb = s.trailing_zeros() as usize;
            if n + sb > MAX_BITS {
                return Err(err(ErrorKind::Capacity));
            }
            // Bit `j` of the coordinate adds `d << j`: the sums equal XORs exactly when no two
            // of these bases, in this mode or an earlier one, share a bit.
            for j in 0..sb {
                let b = if d == 0 {
                    0
                } else if 64 - d.leading_zeros() as usize + j > MAX_OUT_BITS {
                    return Err(err(ErrorKind::Capacity));
                } else {
                    (d as u64) << j
                };
                if used & b != 0 {
                    return Err(err(ErrorKind::NotLinear { mode }));
                }
                used |= b;
                bases[n + j] = b;
            }
            n += sb;
        }
        let out_bits = 64 - used.leading_zeros() as u8;
        let ins = Dims::of(
            &[Dim {
                name: Name::new("index").map_err(err)?,
                bits: n as u8,
            }],
            MAX_BITS,
        )
        .map_err(err)?;
        let outs = Dims::of(
            &[Dim {
                name: Name::new("offset").map_err(err)?,
                bits: out_bits,
            }],
            MAX_OUT_BITS,
        )
        .map_err(err)?;
        Ok(LinearLayout { ins, outs, bases })
    }

    /// The linear layout of a swizzled layout `Sw<B,M,S> ∘ 0 ∘ L` (seed 000's swizzled rows,
    /// seed 004 §4): `L` as [`LinearLayout::from_layout`] converts it, then the swizzle, which is
    /// linear over F2 (`x ⊕ ((x & mask) >> S)`), applied to each basis. The output dimension
    /// `offset` covers every bit a basis reaches.
    ///
    /// # Errors
    /// [`ErrorKind::AffineOffset`] for a nonzero offset (a linear layout maps 0 to 0); the errors
    /// of [`LinearLayout::from_layout`] for `L`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{linear::LinearLayout, ComposedLayout, Layout, Swizzle};
    /// let l: Layout = "(8,8):(8,1)".parse().unwrap();
    /// let c = ComposedLayout::new(Swizzle::new(2, 0, 3).unwrap(), 0, l);
    /// let h = LinearLayout::from_swizzled(&c).unwrap();
    /// for i in 0..64 {
    ///     assert_eq!(h.apply(&[i]).unwrap()[0], c.eval(i).unwrap());
    /// }
    /// ```
    pub fn from_swizzled(c: &crate::ComposedLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ToLinearLayout, [Some(c.layout().into()), None], k);
        if c.offset() != 0 {
            return Err(err(ErrorKind::AffineOffset { offset: c.offset() }));
        }
        let mut h = LinearLayout::from_layout(c.layout())?;
        let sw = c.swizzle();
        let mut reach = 0u64;
        let n = h.in_bits();
        for b in h.bases.iter_mut().take(n) {
            // The bases fit in 62 bits, and so does the swizzle's range (`Swizzle::new`).
            *b = sw.apply(*b as i64) as u64;
            reach |= *b;
        }
        let bits = (64 - reach.leading_zeros() as usize).max(h.out_bits());
        if bits > MAX_OUT_BITS {
            return Err(err(ErrorKind::Capacity));
        }
        let offset = Dim {
            name: Name::new("offset").map_err(err)?,
            bits: bits as u8,
        };
        h.outs = Dims::of(&[offset], MAX_OUT_BITS).map_err(err)?;
        Ok(h)
    }

    /// The CuTe layout of a linear layout with one input and one output dimension whose bases
    /// share no bit (then sums equal XORs): one mode `2:b` per input bit, coalesced. This is
    /// exactly when one represents it: two bases that share a bit add to something else than
    /// their XOR.
    ///
    /// # Errors
    /// [`ErrorKind::NotStrided`] naming the first basis that shares a bit with an earlier one
    /// (XOR cancels where a sum carries); [`ErrorKind::DimMismatch`] for several dimensions on a
    /// side.
    pub fn to_layout(&self) -> Result<Layout, Error> {
        let err = |k| Error::new(Op::ToLayout, [Some(self.into()), None], k);
        if self.ins.n != 1 || self.outs.n != 1 {
            return Err(err(ErrorKind::DimMismatch));
        }
        let n = self.in_bits();
        let mut seen = 0u64;
        let shape = [2i64; MAX_BITS];
        let mut stride = [0i64; MAX_BITS];
        for (k, &b) in self.bases[..n].iter().enumerate() {
            if seen & b != 0 {
                return Err(err(ErrorKind::NotStrided {
                    bit: k as u8,
                    basis: b as i64,
                }));
            }
            seen |= b;
            stride[k] = b as i64;
        }
        if n == 0 {
            return Ok(Layout::trivial());
        }
        let s = crate::IntTuple::flat_or_int(&shape[..n]).map_err(err)?;
        let d = crate::IntTuple::flat_or_int(&stride[..n]).map_err(err)?;
        let l = Layout::from_parts(&s, &d).map_err(err)?;
        crate::coalesce(&l).map_err(|e| err(e.kind))
    }

    /// The swizzled layout `Sw<B,M,S> ∘ 0 ∘ L` of a linear layout with one input and one output
    /// dimension: the layout itself under the identity swizzle `Sw<0,0,0>` when
    /// [`LinearLayout::to_layout`] gives one, else, as CuTe's swizzled shared-memory layouts are,
    /// the swizzle of smallest `B` (then positive `S` first) under which the bases are 0 or
    /// distinct powers of two (`L` then has power-of-two strides). A swizzle is its own
    /// inverse, so `L` is the swizzle applied to the bases; it turns a basis into a power of two
    /// only when the basis is one already (outside the bits it reads) or is a pair of bits `|S|`
    /// apart (the bit it reads and the bit it writes). So the pairs give `|S|` (one gap for all),
    /// the span of their upper bits `B` and `M`, and nothing is searched.
    ///
    /// # Errors
    /// [`ErrorKind::NotSwizzled`] when no swizzle does; [`ErrorKind::DimMismatch`] for several
    /// dimensions on a side.
    ///
    /// # Postconditions
    /// `R(i) == L(i)` for every input `i` ([`LinearLayout::from_swizzled`] gives `L` back).
    ///
    /// # Examples
    /// ```
    /// use cute_core::{linear::LinearLayout, ComposedLayout, Layout, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// let h = LinearLayout::from_swizzled(&c).unwrap();
    /// // The swizzle and the layout it was made of, found from the bases alone.
    /// assert_eq!(h.to_swizzled().unwrap().to_string(), "Sw<3,3,3>o0o(8,64):(64,1)");
    /// ```
    pub fn to_swizzled(&self) -> Result<crate::ComposedLayout, Error> {
        let strided = match self.to_layout() {
            Ok(l) => return Ok(crate::ComposedLayout::new(crate::Swizzle::identity(), 0, l)),
            Err(e) => e,
        };
        let ErrorKind::NotStrided { bit, basis } = strided.kind else {
            return Err(strided.within(Op::ToSwizzled));
        };
        let fail = || {
            Error::new(
                Op::ToSwizzled,
                [Some(self.into()), None],
                ErrorKind::NotSwizzled { bit, basis },
            )
        };
        // The pairs of bits: one gap, and the span of their upper bits.
        let (mut gap, mut low, mut high) = (None, u32::MAX, 0u32);
        for &b in &self.bases[..self.in_bits()] {
            match b.count_ones() {
                0 | 1 => {}
                2 => {
                    let (top, bottom) = (b.ilog2(), b.trailing_zeros());
                    if gap.is_some_and(|g| g != top - bottom) {
                        return Err(fail());
                    }
                    gap = Some(top - bottom);
                    (low, high) = (low.min(top), high.max(top));
                }
                _ => return Err(fail()),
            }
        }
        let Some(gap) = gap else {
            return Err(fail());
        };
        let (b, s) = (i64::from(high - low + 1), i64::from(gap));
        let m = i64::from(low) - s;
        for shift in [s, -s] {
            let Ok(sw) = crate::Swizzle::new(b, m, shift) else {
                continue;
            };
            let mut inner = *self;
            for x in inner.bases.iter_mut().take(self.in_bits()) {
                *x = sw.apply(*x as i64) as u64;
            }
            if let Ok(l) = inner.to_layout() {
                return Ok(crate::ComposedLayout::new(sw, 0, l));
            }
        }
        Err(fail())
    }

    /// The bases as a table, one line per input bit (Triton's printing):
    /// `register=2 -> (0, 4)`.
    #[must_use]
    pub fn table(&self) -> Table<'_> {
        Table(self)
    }
}

/// `n` low bits set.
fn mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// [`LinearLayout::table`].
pub struct Table<'a>(&'a LinearLayout);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.0;
        for (k, d) in l.ins.iter().enumerate() {
            for j in 0..usize::from(d.bits) {
                let v = l.bases[l.ins.start(k) + j];
                write!(
                    f,
                    "{}{}={} -> (",
                    if j == 0 { " - " } else { "   " },
                    d.name,
                    1i64 << j
                )?;
                for m in 0..usize::from(l.outs.n) {
                    write!(
                        f,
                        "{}{}",
                        if m == 0 { "" } else { ", " },
                        l.outs.field(v, m)
                    )?;
                }
                writeln!(f, ")")?;
            }
        }
        write!(f, "where out dims are: [")?;
        for (m, o) in l.outs.iter().enumerate() {
            write!(
                f,
                "{}{} (size {})",
                if m == 0 { "" } else { ", " },
                o.name,
                o.size()
            )?;
        }
        write!(f, "]")
    }
}

/// Seed 004's notation with names: `LinearLayout(crd=(c0:4,c1:4),idx=(i0:4,i1:4),
/// vals=[(1,1),(2,2),(0,1),(0,2)])`.
/// Dimensions in the seed's notation, `(register:4,lane:32)`.
fn write_dims(f: &mut fmt::Formatter<'_>, dims: impl Iterator<Item = Dim>) -> fmt::Result {
    write!(f, "(")?;
    for (k, x) in dims.enumerate() {
        write!(
            f,
            "{}{}:{}",
            if k == 0 { "" } else { "," },
            x.name,
            x.size()
        )?;
    }
    write!(f, ")")
}

/// A dimension `name:size` as an error's operand, valid or not.
pub(crate) fn dim_operand(name: &str, size: i64) -> Operand {
    Operand::of(&format_args!("{name}:{size}"))
}

/// `crd=(...)` or `idx=(...)`: the dimensions of a layout being built, for its errors.
struct DimList<'a>(&'static str, &'a [Dim]);

impl fmt::Display for DimList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.0)?;
        write_dims(f, self.1.iter().copied())
    }
}

impl fmt::Display for LinearLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LinearLayout(crd=")?;
        write_dims(f, self.ins.iter())?;
        write!(f, ",idx=")?;
        write_dims(f, self.outs.iter())?;
        write!(f, ",vals=[")?;
        for k in 0..self.in_bits() {
            write!(f, "{}(", if k == 0 { "" } else { "," })?;
            for m in 0..usize::from(self.outs.n) {
                write!(
                    f,
                    "{}{}",
                    if m == 0 { "" } else { "," },
                    self.outs.field(self.bases[k], m)
                )?;
            }
            write!(f, ")")?;
        }
        write!(f, "])")
    }
}

impl fmt::Debug for LinearLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: &str, s: i64) -> Dim {
        Dim::new(n, s).unwrap()
    }

    /// Seed 004 Table 1: `LinearLayout(crd, idx, vals)` with unnamed dimensions.
    fn table1(crd: &[i64], idx: &[i64], vals: &[&[i64]]) -> LinearLayout {
        let names = ["c0", "c1", "c2", "c3"];
        let outs = ["i0", "i1", "i2", "i3"];
        let ins: Vec<Dim> = crd.iter().zip(names).map(|(&s, n)| d(n, s)).collect();
        let o: Vec<Dim> = idx.iter().zip(outs).map(|(&s, n)| d(n, s)).collect();
        LinearLayout::new(&ins, &o, vals).unwrap()
    }

    fn all2(f: impl Fn(i64, i64)) {
        for a in 0..4 {
            for b in 0..4 {
                f(a, b);
            }
        }
    }

    #[test]
    fn seed_004_table_1() {
        // swizzled: [c0,c1,c2,c3] -> [c0, c1, c0^c2, c1^c3] on bits, (a, a ^ b) on values.
        let h = table1(&[4, 4], &[4, 4], &[&[1, 1], &[2, 2], &[0, 1], &[0, 2]]);
        all2(|a, b| assert_eq!(h.apply(&[a, b]).unwrap()[..2], [a, a ^ b]));
        assert!(h.is_injective() && h.is_surjective());
        let id1 = table1(&[8], &[8], &[&[1], &[2], &[4]]);
        let zeros = table1(&[8], &[8], &[&[0], &[0], &[0]]);
        for c in 0..8 {
            assert_eq!(id1.apply(&[c]).unwrap()[0], c);
            assert_eq!(zeros.apply(&[c]).unwrap()[0], 0);
        }
        assert_eq!(zeros.rank(), 0);
        let id2 = table1(&[4, 4], &[4, 4], &[&[1, 0], &[2, 0], &[0, 1], &[0, 2]]);
        let t2 = table1(&[4, 4], &[4, 4], &[&[0, 1], &[0, 2], &[1, 0], &[2, 0]]);
        let bc = table1(&[4, 4], &[4], &[&[1], &[2], &[0], &[0]]);
        all2(|a, b| {
            assert_eq!(id2.apply(&[a, b]).unwrap()[..2], [a, b]);
            assert_eq!(t2.apply(&[a, b]).unwrap()[..2], [b, a]);
            assert_eq!(bc.apply(&[a, b]).unwrap()[0], a);
        });
        assert!(!bc.is_injective() && bc.is_surjective());
        // 1d_transpose: the seed's relation c -> 15 + 4c + 15·⌊(-1 - c)/4⌋.
        let t1 = table1(&[16], &[16], &[&[4], &[8], &[1], &[2]]);
        for c in 0..16i64 {
            let want = 15 + 4 * c + 15 * (-1 - c).div_euclid(4);
            assert_eq!(t1.apply(&[c]).unwrap()[0], want, "{c}");
        }
        assert_eq!(
            h.to_string(),
            "LinearLayout(crd=(c0:4,c1:4),idx=(i0:4,i1:4),vals=[(1,1),(2,2),(0,1),(0,2)])"
        );
    }

    #[test]
    fn inverses_compose_to_the_identity() {
        let h = table1(&[4, 4], &[4, 4], &[&[1, 1], &[2, 2], &[0, 1], &[0, 2]]);
        let r = h.invert().unwrap();
        all2(|a, b| {
            let y = h.apply(&[a, b]).unwrap();
            assert_eq!(r.apply(&y[..2]).unwrap()[..2], [a, b]);
        });
        let id = LinearLayout::compose(&r, &h).unwrap();
        all2(|a, b| assert_eq!(id.apply(&[a, b]).unwrap()[..2], [a, b]));
        // Injective into a larger space: a left inverse only.
        let inj = LinearLayout::new(&[d("lane", 4)], &[d("offset", 16)], &[&[3], &[12]]).unwrap();
        assert!(inj.invert().is_err());
        let l = inj.left_inverse().unwrap();
        for x in 0..4 {
            let y = inj.apply(&[x]).unwrap()[0];
            assert_eq!(l.apply(&[y]).unwrap()[0], x);
        }
        // Surjective from a larger space: a right inverse only.
        let sur =
            LinearLayout::new(&[d("register", 8)], &[d("offset", 4)], &[&[1], &[3], &[2]]).unwrap();
        let r = sur.right_inverse().unwrap();
        for y in 0..4 {
            let x = r.apply(&[y]).unwrap()[0];
            assert_eq!(sur.apply(&[x]).unwrap()[0], y);
        }
        let e = sur.left_inverse().unwrap_err();
        assert_eq!(e.code(), "not_invertible_f2");
    }

    #[test]
    fn products_and_sublayouts() {
        let reg = LinearLayout::identity("register", 4, "dim0").unwrap();
        let lane =
            LinearLayout::new(&[d("lane", 8)], &[d("dim0", 8)], &[&[1], &[2], &[4]]).unwrap();
        // A shared output dimension: lane's bits above register's.
        let p = LinearLayout::product(&reg, &lane).unwrap();
        assert_eq!(p.out_bits(), 5);
        for r in 0..4 {
            for l in 0..8 {
                assert_eq!(p.apply(&[r, l]).unwrap()[0], r + 4 * l);
            }
        }
        let s = p.sublayout(&["lane"], &["dim0"]).unwrap();
        assert_eq!(s.apply(&[3]).unwrap()[0], 12);
        assert!(p.sublayout(&["warp"], &["dim0"]).is_err());
        assert!(p.table().to_string().contains(" - lane=1 -> (4)"));
    }

    #[test]
    fn cute_layouts_convert_when_their_sums_never_carry() {
        for text in ["(4,(2,2)):(2,(1,8))", "(2,4):(0,1)", "8:1", "(2,2):(4,1)"] {
            let l: Layout = text.parse().unwrap();
            let h = LinearLayout::from_layout(&l).unwrap();
            for i in 0..l.size() {
                assert_eq!(
                    h.apply(&[i]).unwrap()[0],
                    l.eval(i).unwrap(),
                    "{text} at {i}"
                );
            }
            let back = h.to_layout().unwrap();
            for i in 0..l.size() {
                assert_eq!(back.eval(i).unwrap(), l.eval(i).unwrap(), "{text} at {i}");
            }
        }
        let e = LinearLayout::from_layout(&"(2,2):(1,1)".parse().unwrap()).unwrap_err();
        assert_eq!(e.code(), "not_linear");
        assert!(LinearLayout::from_layout(&"3:1".parse().unwrap()).is_err());
        // A swizzle's bases are not strided.
        let h = table1(&[16], &[16], &[&[1], &[2], &[5], &[10]]);
        assert_eq!(h.to_layout().unwrap_err().code(), "not_strided");
        assert_eq!(
            Dim::new("x", 6).unwrap_err(),
            ErrorKind::NotPowerOfTwo { value: 6 }
        );
    }

    /// Building errors name the dimensions being built, in the seed's notation.
    #[test]
    fn errors_name_their_dimensions() {
        let d = |n, s| Dim::new(n, s).unwrap();
        let e = LinearLayout::new(&[d("lane", 4)], &[d("offset", 4)], &[&[1]]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "linear_layout(crd=(lane:4), idx=(offset:4)): mismatched ranks: 1 and 2"
        );
        let e = LinearLayout::new(&[d("a", 2), d("a", 2)], &[d("o", 4)], &[&[1], &[2]]);
        assert!(e
            .unwrap_err()
            .to_string()
            .starts_with("linear_layout(crd=(a:2,a:2), idx=(o:4)): "));
        let e = LinearLayout::identity("lane", 6, "offset").unwrap_err();
        assert!(
            e.to_string().starts_with("linear_layout(lane:6, offset): "),
            "{e}"
        );
        let e = "LinearLayout(crd=(lane:6),idx=8,vals=[1])".parse::<LinearLayout>();
        assert!(e
            .unwrap_err()
            .to_string()
            .starts_with("linear_layout(lane:6): "));
    }

    #[test]
    fn swizzled_layouts_are_linear() {
        use crate::{ComposedLayout, Swizzle};
        // Seed 000 Table 4's swizzled row and the swizzles of seed 004 §4, a negative shift too.
        for (b, m, sh, text) in [
            (3, 3, 3, "((8,8),(8,8)):((64,512),(1,8))"),
            (2, 0, 3, "(8,8):(8,1)"),
            (1, 2, -1, "(4,8):(8,1)"),
            (2, 0, 2, "(4,4):(4,1)"),
        ] {
            let l: Layout = text.parse().unwrap();
            let c = ComposedLayout::new(Swizzle::new(b, m, sh).unwrap(), 0, l);
            let h = LinearLayout::from_swizzled(&c).unwrap();
            for i in 0..c.size() {
                assert_eq!(h.apply(&[i]).unwrap()[0], c.eval(i).unwrap(), "{c} at {i}");
            }
            assert!(h.is_injective(), "{c}");
        }
        let c = ComposedLayout::new(Swizzle::new(1, 0, 1).unwrap(), 4, "4:1".parse().unwrap());
        let e = LinearLayout::from_swizzled(&c).unwrap_err();
        assert_eq!(e.code(), "affine_offset");
    }
}
