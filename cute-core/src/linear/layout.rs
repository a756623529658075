//! The linear layout: its dimensions, its basis vectors, and their application.

use super::dims::{dim_operand, Dim, DimList, Dims};
use super::echelon::Echelon;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::limits::{Limit, MAX_BITS, MAX_DIMS};

/// A linear layout over F2: `L(x) = ⊕ { b_k : bit k of x is set }` (Bhaskaracharya, Acharya,
/// Hagedorn, Grover, *Modeling Layout Abstractions Using Integer Set Relations*, Eq. 20).
///
/// # Invariant
/// Sizes are powers of two; every basis vector lies in the output space; at most [`MAX_DIMS`]
/// dimensions each way, [`MAX_BITS`] input bits and
/// [`MAX_OUT_BITS`](crate::limits::MAX_OUT_BITS) output bits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct LinearLayout {
    pub(super) ins: Dims,
    pub(super) outs: Dims,
    /// The image of input bit `k`, as packed output bits.
    pub(super) bases: [u64; MAX_BITS],
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
    /// // Bhaskaracharya et al. Table 1, "swizzled":
    /// // crd=(4,4), idx=(4,4), vals=[(1,1),(2,2),(0,1),(0,2)].
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
        let ins_d = Dims::of(ins, Limit::InBits).map_err(err)?;
        let outs_d = Dims::of(outs, Limit::OutBits).map_err(err)?;
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
    pub(super) fn from_packed(ins: Dims, outs: Dims, bases: &[u64]) -> LinearLayout {
        let mut b = [0u64; MAX_BITS];
        b[..bases.len()].copy_from_slice(bases);
        LinearLayout {
            ins,
            outs,
            bases: b,
        }
    }

    /// The identity on one dimension `name` of size `size` (Triton's `identity1D`), output
    /// dimension `out`; [`LinearLayout::empty`] for `size == 0`, as Triton's.
    pub fn identity(name: &str, size: i64, out: &str) -> Result<LinearLayout, Error> {
        if size == 0 {
            return Ok(LinearLayout::empty());
        }
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
        let ins = Dims::of(&[i], Limit::InBits).map_err(err)?;
        let outs = Dims::of(&[o], Limit::OutBits).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (k, b) in bases.iter_mut().enumerate().take(usize::from(i.bits)) {
            *b = 1 << k;
        }
        Ok(LinearLayout { ins, outs, bases })
    }

    /// The layout without dimensions (Triton's `empty`): the one input maps to the one output.
    #[must_use]
    pub fn empty() -> LinearLayout {
        let none = Dims {
            d: [Dim::UNUSED; MAX_DIMS],
            n: 0,
        };
        LinearLayout::from_packed(none, none, &[])
    }

    /// Every input of dimension `name` (of size `size`) to 0 of the output dimension `out` of
    /// size 1 (Triton's `zeros1D`); [`LinearLayout::empty`] for `size == 0`.
    ///
    /// # Preconditions
    /// `size` is 0 or a power of two ([`ErrorKind::NotPowerOfTwo`]); valid names (not looked at
    /// for `size == 0`, as in Triton).
    pub fn zeros_1d(size: i64, name: &str, out: &str) -> Result<LinearLayout, Error> {
        if size == 0 {
            return Ok(LinearLayout::empty());
        }
        let err = |k| {
            Error::new(
                Op::LinearLayout,
                [Some(dim_operand(name, size)), Some(dim_operand(out, 1))],
                k,
            )
        };
        let (i, o) = (
            Dim::new(name, size).map_err(err)?,
            Dim::new(out, 1).map_err(err)?,
        );
        let ins = Dims::of(&[i], Limit::InBits).map_err(err)?;
        let outs = Dims::of(&[o], Limit::OutBits).map_err(err)?;
        Ok(LinearLayout::from_packed(ins, outs, &[]))
    }

    /// [`LinearLayout::new`] with the output sizes inferred from the bases, as Triton's
    /// constructor from output names does: each output dimension the smallest power of two above
    /// every value the bases give it (1 when they give none).
    ///
    /// # Preconditions
    /// Those of [`LinearLayout::new`], no negative value ([`ErrorKind::IndexOutOfRange`]), and
    /// the layout is surjective, as Triton requires there ([`ErrorKind::NotInvertibleF2`]).
    pub fn with_inferred_outs(
        ins: &[Dim],
        outs: &[&str],
        bases: &[&[i64]],
    ) -> Result<LinearLayout, Error> {
        let mut dims = [Dim::UNUSED; MAX_DIMS];
        if outs.len() > MAX_DIMS {
            return Err(Error::new(
                Op::LinearLayout,
                [Some(Operand::of(&DimList("crd", ins))), None],
                ErrorKind::Capacity { limit: Limit::Dims },
            ));
        }
        for (o, (d, name)) in dims.iter_mut().zip(outs).enumerate() {
            // The smallest power of two above every value (a negative one is `new`'s error).
            let top = bases
                .iter()
                .filter_map(|b| b.get(o))
                .fold(0i64, |m, &v| m.max(v));
            let size = 1i64 << (64 - top.leading_zeros()).min(62);
            *d = Dim::new(name, size).map_err(|k| {
                Error::new(Op::LinearLayout, [Some(dim_operand(name, size)), None], k)
            })?;
        }
        let l = LinearLayout::new(ins, &dims[..outs.len()], bases)?;
        if !l.is_surjective() {
            return Err(l.singular(Op::LinearLayout));
        }
        Ok(l)
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
    #[inline]
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
    // Inline: a caller's loop then computes only the outputs it reads (the array has room for
    // `MAX_DIMS`, the common case two or three).
    #[inline]
    pub fn apply(&self, x: &[i64]) -> Result<[i64; MAX_DIMS], Error> {
        let bits = self
            .ins
            .pack(x)
            .map_err(|k| Error::new(Op::Eval, [Some(self.into()), None], k))?;
        let mut y = self.apply_bits(bits);
        let mut out = [0i64; MAX_DIMS];
        for (o, d) in out.iter_mut().zip(&self.outs.d[..usize::from(self.outs.n)]) {
            *o = (y & ((1u64 << d.bits) - 1)) as i64;
            y >>= d.bits;
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
}

/// `n` low bits set.
#[inline]
pub(super) fn mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}
