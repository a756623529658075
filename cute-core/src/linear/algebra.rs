//! The algebra of linear layouts: composition, inverses, products and sublayouts.

use super::dims::Dims;
use super::echelon::Echelon;
use super::layout::{mask, LinearLayout};
use crate::error::{Error, ErrorKind, Op};
use crate::limits::{Limit, MAX_BITS, MAX_DIMS, MAX_OUT_BITS};

impl LinearLayout {
    /// `outer ∘ inner`: `inner`'s outputs feed `outer`'s inputs, dimension by dimension by name
    /// (Triton's `compose`).
    ///
    /// # Preconditions
    /// `inner`'s output dimensions are `outer`'s input dimensions, by name in any order, each no
    /// larger ([`ErrorKind::DimMismatch`]).
    ///
    /// # Postconditions
    /// `R(x) == outer(inner(x))` for every input `x` of `inner`.
    pub fn compose(outer: &LinearLayout, inner: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::Composition, [Some(outer.into()), Some(inner.into())], k);
        let (o, i) = (&outer.ins, &inner.outs);
        let same = o.n == i.n
            && i.iter()
                .all(|d| o.iter().any(|e| e.name == d.name && d.bits <= e.bits));
        if !same {
            return Err(err(ErrorKind::DimMismatch {
                why: "the inner layout's outputs must be the outer's inputs, by name, each no \
                      larger",
            }));
        }
        let mut bases = [0u64; MAX_BITS];
        for (b, &v) in bases.iter_mut().zip(&inner.bases[..inner.in_bits()]) {
            *b = outer.apply_bits(i.repack(v, o));
        }
        Ok(LinearLayout {
            ins: inner.ins,
            outs: outer.outs,
            bases,
        })
    }

    /// `C` with `self(x) == outer(C(x))` for every input `x` (Triton's `invertAndCompose`): the
    /// map from `self`'s inputs to `outer`'s inputs that reach the same outputs, e.g. the
    /// registers-to-registers conversion between two layouts of the same data. As Triton's, an
    /// input dimension both have with the same sublayout maps to itself (a broadcast `warp` in
    /// both stays on its warp), where the other dimensions are solved without it; otherwise an
    /// input that `self` sends to 0 goes to 0, the others to a preimage under `outer`, unique
    /// where `outer`'s nonzero bases are independent.
    ///
    /// # Preconditions
    /// The same output dimensions by name, each no larger in `self`
    /// ([`ErrorKind::DimMismatch`]); `outer` surjective ([`ErrorKind::NotInvertibleF2`]).
    ///
    /// # Postconditions
    /// `outer(C(x)) == self(x)` (`outer`'s outputs in `self`'s order); `C`'s inputs are `self`'s,
    /// its outputs `outer`'s inputs.
    pub fn invert_and_compose(&self, outer: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| {
            Error::new(
                Op::InvertAndCompose,
                [Some(self.into()), Some(outer.into())],
                k,
            )
        };
        let mismatch = || {
            err(ErrorKind::DimMismatch {
                why:
                    "both layouts must have the same outputs, by name, each no larger in the first",
            })
        };
        let (names, n) = self.outs.names_except(&[]);
        let o = outer.transpose_outs(&names[..n]).map_err(|_| mismatch())?;
        if self
            .outs
            .iter()
            .zip(o.outs.iter())
            .any(|(a, b)| a.bits > b.bits)
        {
            return Err(mismatch());
        }
        if !o.is_surjective() {
            return Err(err(outer.singular(Op::InvertAndCompose).kind));
        }
        if let Some(c) = self.solve_beside_shared(&o) {
            return Ok(c);
        }
        let e = Echelon::of(&o.bases[..o.in_bits()]);
        let mut bases = [0u64; MAX_BITS];
        for (b, &v) in bases.iter_mut().zip(&self.bases[..self.in_bits()]) {
            // `self`'s output bits re-packed at `outer`'s sizes; `outer` is surjective, so every
            // one has a preimage.
            *b = e.solve(self.outs.repack(v, &o.outs)).unwrap_or(0);
        }
        Ok(LinearLayout::from_packed(
            self.ins,
            o.ins,
            &bases[..self.in_bits()],
        ))
    }

    /// Triton's broadcasting rule of `invertAndCompose`: an input dimension that `self` and `o`
    /// (`outer` with its outputs in `self`'s order) both have with the same sublayout maps to
    /// itself (a warp broadcast in both stays on its warp), and the other inputs are solved
    /// on the other dimensions alone. `None` where no dimension is shared so, or where that
    /// solve does not exist (Triton's own caveat: another dimension may reach the image of a
    /// shared one), for the whole solve of [`LinearLayout::invert_and_compose`].
    fn solve_beside_shared(&self, o: &LinearLayout) -> Option<LinearLayout> {
        // Whether dimension `k` of `self` is shared (Triton's test: the same sublayout in both,
        // output sizes aside), and where `o`'s bits of it start.
        let (names, n) = self.outs.names_except(&[]);
        let outs = &names[..n];
        let mut same = [None; MAX_DIMS];
        for (k, d) in self.ins.iter().enumerate() {
            let (Some(ko), name) = (o.ins.find(d.name), [d.name.as_str()]) else {
                continue;
            };
            let (Ok(x), Ok(y)) = (self.sublayout(&name, outs), o.sublayout(&name, outs)) else {
                continue;
            };
            if x.equal_ignoring_out_dim_sizes(&y) {
                same[k] = Some(o.ins.start(ko));
            }
        }
        let shared = |name| self.ins.find(name).is_some_and(|k| same[k].is_some());
        let rest_self = self.ins.iter().filter(|d| !shared(d.name)).count();
        let rest_o = o.ins.iter().filter(|d| !shared(d.name)).count();
        if rest_self == usize::from(self.ins.n) || (rest_self == 0) != (rest_o == 0) {
            return None;
        }
        // `o`'s other input bits, and where each lies in `o`'s inputs.
        let (mut reduced, mut at, mut n) = ([0u64; MAX_BITS], [0usize; MAX_BITS], 0);
        for (ko, d) in o.ins.iter().enumerate() {
            if !shared(d.name) {
                for j in 0..usize::from(d.bits) {
                    (reduced[n], at[n]) = (o.bases[o.ins.start(ko) + j], o.ins.start(ko) + j);
                    n += 1;
                }
            }
        }
        let e = Echelon::of(&reduced[..n]);
        let mut bases = [0u64; MAX_BITS];
        for (k, d) in self.ins.iter().enumerate() {
            for j in 0..usize::from(d.bits) {
                let bit = self.ins.start(k) + j;
                bases[bit] = if let Some(b) = same[k] {
                    1u64 << (b + j)
                } else {
                    let x = e.solve(self.outs.repack(self.bases[bit], &o.outs))?;
                    (0..n)
                        .filter(|&r| x >> r & 1 == 1)
                        .fold(0, |y, r| y | 1u64 << at[r])
                };
            }
        }
        Some(LinearLayout::from_packed(
            self.ins,
            o.ins,
            &bases[..self.in_bits()],
        ))
    }

    /// `L⁻¹` of a bijective `L`: outputs become inputs.
    ///
    /// # Preconditions
    /// `L` is injective and surjective ([`ErrorKind::NotInvertibleF2`]).
    ///
    /// # Postconditions
    /// `R(L(x)) == x` and `L(R(y)) == y` for every `x` and `y`.
    pub fn invert(&self) -> Result<LinearLayout, Error> {
        // One elimination tells both ranks and gives the inverse.
        let e = Echelon::of(&self.bases[..self.in_bits()]);
        if !(e.rank == self.in_bits() && e.rank == self.out_bits()) {
            return Err(self.singular(Op::Invert));
        }
        self.inverse_by(e, Op::Invert)
    }

    /// A left inverse of an injective `L` (not Triton's `pseudoinvert`, a right inverse: see
    /// [`LinearLayout::right_inverse`]): outputs become inputs, an
    /// output outside the image maps to the input of its component in the image along the unit
    /// vectors that complete the image to the whole space.
    ///
    /// # Preconditions
    /// `L` is injective ([`ErrorKind::NotInvertibleF2`]).
    ///
    /// # Postconditions
    /// `R(L(x)) == x` for every input `x`.
    pub fn left_inverse(&self) -> Result<LinearLayout, Error> {
        let e = Echelon::of(&self.bases[..self.in_bits()]);
        if e.rank != self.in_bits() {
            return Err(self.singular(Op::LeftInverse));
        }
        self.inverse_by(e, Op::LeftInverse)
    }

    /// The left inverse from the elimination `e` of this injective layout's bases: `R(b_k) =
    /// e_k` on the image; the unit vectors that complete the image to the whole space map to
    /// 0, so `R(e_j)` is the image part of `e_j` in that basis.
    fn inverse_by(&self, mut e: Echelon, op: Op) -> Result<LinearLayout, Error> {
        let n = self.out_bits();
        let mut basis = [0u64; 64];
        for (j, r) in basis.iter_mut().enumerate().take(n) {
            *r = e.preimage_or_free(1u64 << j);
        }
        self.reversed(&basis[..n], op)
    }

    /// A right inverse of a surjective `L`: `L(R(y)) == y` for every output `y` (Triton's
    /// `pseudoinvert`).
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
    pub(super) fn reversed(&self, cols: &[u64], op: Op) -> Result<LinearLayout, Error> {
        let capacity =
            |limit| Error::new(op, [Some(self.into()), None], ErrorKind::Capacity { limit });
        // The outputs become the inputs, the inputs the outputs.
        if cols.len() > MAX_BITS {
            return Err(capacity(Limit::InBits));
        }
        if self.in_bits() > MAX_OUT_BITS {
            return Err(capacity(Limit::OutBits));
        }
        Ok(LinearLayout::from_packed(self.outs, self.ins, cols))
    }

    pub(super) fn singular(&self, op: Op) -> Error {
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
    #[inline]
    pub fn product(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::Product, [Some(a.into()), Some(b.into())], k);
        let ins = Dims::merge(&a.ins, &b.ins, Limit::InBits).map_err(err)?;
        let outs = Dims::merge(&a.outs, &b.outs, Limit::OutBits).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (src, high) in [(a, false), (b, true)] {
            // `b`'s bits of a dimension shared with `a` sit above `a`'s, in and out.
            let up = |x: &Dims, name| if high { x.bits_of(name) } else { 0 };
            // Where each output field of `src` lies and lands, found once (not per input bit:
            // each is a search by name).
            let (mut from, mut width, mut at) =
                ([0u32; MAX_DIMS], [0u32; MAX_DIMS], [0usize; MAX_DIMS]);
            let mut bit = 0;
            for (ko, o) in src.outs.iter().enumerate() {
                (from[ko], width[ko]) = (bit, u32::from(o.bits));
                bit += u32::from(o.bits);
                at[ko] = outs.start(outs.find(o.name).unwrap_or(0)) + up(&a.outs, o.name);
            }
            let fields = usize::from(src.outs.n);
            let mut first = 0;
            for d in src.ins.iter() {
                let to = ins.start(ins.find(d.name).unwrap_or(0)) + up(&a.ins, d.name);
                for j in 0..usize::from(d.bits) {
                    let v = src.bases[first + j];
                    let mut y = 0u64;
                    for ko in 0..fields {
                        y |= (v >> from[ko] & mask(width[ko] as usize)) << at[ko];
                    }
                    bases[to + j] = y;
                }
                first += usize::from(d.bits);
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
                bases[new_ins.start(k) + j] = self.outs.repack(self.bases[from + j], &new_outs);
            }
        }
        Ok(LinearLayout {
            ins: new_ins,
            outs: new_outs,
            bases,
        })
    }
}
