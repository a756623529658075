//! The layout type: structure and static leaves in the type, runtime leaves in the value.

use core::fmt;

use cute_core::layout::{check_leaves, leaf_extent, leaf_extent_of_valid_leaves, leaf_image};
use cute_core::{Error, ErrorKind, IntTuple, Op, Operand};

use crate::coord::IntoTuple;
use crate::int_tuple::{AllStaticOf, Congruent, IntTupleType, LeafArray, ShapeTuple, StaticTuple};

/// The layout `S:D` whose shape `S` and stride `D` are int tuples of static and runtime leaves,
/// e.g. `Layout<(U4, (U2, U2)), (U2, (U1, U8))>` for the static `(4,(2,2)):(2,(1,8))` and
/// `Layout<(Dyn, U8), (U8, U1)>` for `(m,8):(8,1)` with a runtime `m`. Only the runtime leaves
/// are stored: a static layout is zero-sized, one with `k` runtime leaves is `k` integers.
///
/// Write the type with `cute::Layout!((4,(2,2)):(2,(1,8)))` (`?` for a runtime leaf) and a value
/// with `cute::layout!(...)` (`{expr}` for a runtime leaf) or [`make_layout`].
///
/// # Invariant
/// Every static shape leaf is positive and every runtime one non-negative (a runtime 0 makes an
/// empty layout: a matrix with `M = 0`), and the product of the nonzero leaves and every offset
/// `L(i)` fit in `i64`: [`make_layout`] checks it once, and the algebra keeps it. One
/// exception: `select!` with a mode named twice gathers modes that each keep it but whose
/// offsets together may pass `i64` (each leaf still keeps it on its own; a tensor over such a
/// layout is refused, as tensors check the sums of their bounds).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

impl<S: StaticTuple, D: StaticTuple> Layout<S, D> {
    /// The (zero-sized) value of a static layout.
    #[must_use]
    pub const fn new() -> Self {
        const {
            assert!(size_of::<S>() == 0 && size_of::<D>() == 0);
        }
        // SAFETY: static int tuples are zero-sized typenum values, which have no invalid bit
        // pattern (asserted above).
        unsafe { core::mem::zeroed() }
    }
}

impl<S, D> crate::sealed::Sealed for Layout<S, D> {}

/// Whether the leaves `statics` (of `leaves` entries) are all static.
pub(crate) const fn all_static(statics: &[Option<i64>], leaves: usize) -> bool {
    let mut k = 0;
    while k < leaves {
        if statics[k].is_none() {
            return false;
        }
        k += 1;
    }
    true
}

impl<S, D> Layout<S, D> {
    /// The layout from parts the algebra computed (rearranged modes of checked layouts).
    #[inline(always)]
    pub(crate) const fn from_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }

    /// The shape and the stride.
    #[inline(always)]
    pub(crate) fn into_parts(self) -> (S, D) {
        (self.shape, self.stride)
    }
}

/// `make_layout(shape, stride)`: the layout `shape:stride`, checked once.
///
/// # Preconditions
/// No runtime shape leaf is negative (0 gives an empty layout), and the product of the nonzero
/// leaves and the offsets fit in `i64` (static
/// leaves are checked by the compiler: the shape and the stride are congruent, static shape
/// leaves are positive).
///
/// The shape and the stride are tuples of leaves: integers (runtime leaves, as `Dyn`), typenum
/// integers (static leaves) or [`Dyn`](crate::Dyn)s.
///
/// # Examples
/// ```
/// use cute_static::{make_layout, typenum::consts::*};
/// let m = 20;
/// let l = make_layout((m, U8::new()), (U8::new(), U1::new())).unwrap();
/// assert_eq!(l.to_string(), "(20,8):(8,1)");
/// assert_eq!(format!("{l:?}"), "(20,_8):(_8,_1)");
/// assert_eq!(l.size(), 160);
/// assert!(make_layout((-1, U8::new()), (U8::new(), U1::new())).is_err());
/// // A runtime 0 is an empty layout (`M = 0`), as in CuTe.
/// assert_eq!(make_layout((0, U8::new()), (U8::new(), U1::new())).unwrap().size(), 0);
/// ```
pub fn make_layout<S, D>(shape: S, stride: D) -> Result<Layout<S::Output, D::Output>, Error>
where
    S: IntoTuple,
    D: IntoTuple,
    S::Output: ShapeTuple + Congruent<D::Output>,
    D::Output: IntTupleType,
{
    let l = Layout {
        shape: shape.into_tuple()?,
        stride: stride.into_tuple()?,
    };
    match l.check() {
        Ok(()) => Ok(l),
        Err(kind) => Err(l.make_error(kind)),
    }
}

impl<S, D> Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    /// `rank`: the number of top-level modes.
    pub const RANK: usize = S::RANK;
    /// `depth`: the nesting depth of the shape.
    pub const DEPTH: usize = S::DEPTH;
    /// Whether every leaf of the shape and the stride is static.
    pub(crate) const ALL_STATIC: bool =
        all_static(&S::STATICS, S::LEAVES) && all_static(&D::STATICS, D::LEAVES);

    /// The layout whose leaves, in order, are `shape` and `stride`.
    #[inline(always)]
    pub(crate) fn from_leaves(shape: &[i64], stride: &[i64]) -> Self {
        #[cfg(debug_assertions)]
        {
            // The algebra's values agree with the static leaves of the type it computed.
            for (v, st) in shape
                .iter()
                .zip(&S::STATICS)
                .chain(stride.iter().zip(&D::STATICS))
            {
                debug_assert!(
                    st.is_none_or(|st| st == *v),
                    "static leaf {st:?}, value {v}"
                );
            }
        }
        Layout {
            shape: S::read_leaves(&mut shape.iter().copied()),
            stride: D::read_leaves(&mut stride.iter().copied()),
        }
    }

    /// The layout invariant, as `cute_core`'s: no negative shape leaf (a runtime 0 makes the
    /// layout empty), the product of the nonzero leaves and the offsets within `i64`.
    #[inline(always)]
    pub(crate) fn check(&self) -> Result<(), ErrorKind> {
        let (s, d) = self.leaves();
        check_leaves(s.as_ref(), d.as_ref())
    }

    /// The smallest and largest offset, `None` on overflow: constants for a static layout
    /// (checked whole: `Layout::new` is not checked). For a layout with a runtime leaf, every
    /// leaf on its own keeps the invariant (each comes from a checked layout), but the sums and
    /// the size are checked: a tensor's bounds rest on them, and `select!` with a repeated mode
    /// can gather modes whose offsets together pass `i64`.
    #[inline(always)]
    pub(crate) fn image(&self) -> Option<(i64, i64)> {
        let (s, d) = self.leaves();
        let (s, d) = (s.as_ref(), d.as_ref());
        let extent = if Self::ALL_STATIC {
            leaf_extent(s, d)
        } else {
            leaf_extent_of_valid_leaves(s, d)
        };
        debug_assert_eq!(
            extent,
            leaf_extent(s, d),
            "a leaf past the layout invariant"
        );
        extent.map(|(_, lo, hi)| (lo, hi))
    }

    /// The product of the nonzero shape leaves and the lowest and highest offsets, as the
    /// invariant counts them, of a mode of a tiler's operand or result: checked for a static one
    /// (`Layout::new` is not checked; `None` past `i64`), exact without checks for one with a
    /// runtime leaf, which keeps the invariant.
    #[inline(always)]
    pub(crate) fn extent(&self) -> Option<(i64, i64, i64)> {
        let (s, d) = self.leaves();
        let (s, d) = (s.as_ref(), d.as_ref());
        let nonzero = s.iter().fold(1i64, |n, &x| n.wrapping_mul(x.max(1)));
        if Self::ALL_STATIC {
            return leaf_extent(s, d).map(|(_, lo, hi)| (nonzero, lo, hi));
        }
        // A mode of a checked layout keeps the invariant: its sums need no check (the whole
        // result's are checked mode by mode by the caller). The one layout whose mode may not is
        // a grouping of a mode `select!` gathered twice (see the type's invariant); a tiler's
        // result over it may then pass `i64` unnoticed, and a tensor over that is refused.
        let (lo, hi) = leaf_image(s, d);
        Some((nonzero, lo, hi))
    }

    /// The error of `make_layout` on this shape and stride, built out of line.
    #[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
    #[cfg_attr(target_arch = "nvptx64", inline(always))]
    pub(crate) fn make_error(&self, kind: ErrorKind) -> Error {
        Error::new(
            Op::MakeLayout,
            [
                Operand::kept(|| Operand::from(&self.shape.lower())),
                Operand::kept(|| Operand::from(&self.stride.lower())),
            ],
            kind,
        )
    }

    /// The flat shape and stride leaves, in order, in arrays of exactly their number.
    #[inline(always)]
    pub(crate) fn leaves(&self) -> (LeafArray<S>, LeafArray<D>) {
        (self.shape.leaf_array(), self.stride.leaf_array())
    }

    /// The shape.
    #[inline(always)]
    #[must_use]
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The stride.
    #[inline(always)]
    #[must_use]
    pub fn stride(&self) -> D {
        self.stride
    }

    /// `size(L)`: the product of the shape.
    #[inline(always)]
    #[must_use]
    pub fn size(&self) -> i64 {
        let s = self.shape.leaf_array();
        let mut n = 1i64;
        for v in s.as_ref() {
            // The invariant keeps the size within `i64`.
            n = n.wrapping_mul(*v);
        }
        n
    }

    /// `cosize(L) = L(size(L) - 1) + 1`; 0 for an empty layout, as `cute_core`'s.
    #[inline(always)]
    #[must_use]
    pub fn cosize(&self) -> i64 {
        match self.size() {
            0 => 0,
            n => self.offset(n - 1).wrapping_add(1),
        }
    }

    /// `L(i)` for `0 <= i < size(L)`: the colexicographic split of `i` over the flattened shape,
    /// inside `i64` by the invariant. Folds to a constant for a static layout and a constant `i`.
    #[inline(always)]
    #[must_use]
    #[expect(
        unused_assignments,
        reason = "the last written-out step's division would feed a 33rd leaf, which no layout has"
    )]
    pub fn offset(&self, i: i64) -> i64 {
        const _: () = assert!(cute_core::MAX_LEAVES == 32, "one written-out step per leaf");
        let (s, d) = self.leaves();
        let (s, d) = (s.as_ref(), d.as_ref());
        // Unsigned: `0 <= i` and the extents are not negative, and an unsigned division by a
        // runtime extent needs no sign fix-ups (a predicate's loop over a tile runs one per leaf).
        let (mut i, mut off) = (i as u64, 0i64);
        // One step per leaf, written out rather than a loop: the number of leaves is a constant,
        // so the steps past it fold away at once, and an unrolled copy or epilogue, which
        // evaluates layouts hundreds of times, leaves LLVM no loop per evaluation to unroll
        // (the `sgemm` example's cute kernel was about 3,400 loops; BENCHMARKS.md).
        let n = s.len();
        macro_rules! steps {
            ($($k:literal)*) => {$(
                if $k < n {
                    let c = if $k + 1 == n {
                        i
                    } else {
                        let e = s[$k] as u64;
                        let c = i % e;
                        i /= e;
                        c
                    };
                    off = off.wrapping_add((c as i64).wrapping_mul(d[$k]));
                }
            )*};
        }
        steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
        off
    }

    /// `L(i)` for any index, as `cute_core::Layout::eval`: the last mode extends past the size,
    /// a negative index splits with C++'s truncating division (CuTe's `idx2crd`).
    ///
    /// # Errors
    /// [`ErrorKind::Overflow`] when the offset does not fit in `i64`.
    #[inline]
    pub fn eval(&self, i: i64) -> Result<i64, Error> {
        if (0..self.size()).contains(&i) {
            return Ok(self.offset(i));
        }
        self.to_dynamic().eval(i)
    }

    /// `L(c)` at an integral, N-D or natural coordinate `c` (Cecka, *CuTe Layout Representation and
    /// Algebra*, §2.2).
    ///
    /// # Errors
    /// When `c` is not a coordinate of the layout's shape, or an offset overflows.
    pub fn eval_crd(&self, c: &IntTuple) -> Result<i64, Error> {
        if S::LEAVES > cute_core::MAX_LAYOUT_LEAVES {
            // Past a layout's capacity the lowered layout is squeezed; the tuples are whole.
            return cute_core::crd2idx(c, &self.shape.lower(), &self.stride.lower());
        }
        self.to_dynamic().eval_crd(c)
    }

    /// The `cute-core` layout with the same shape and stride. A type of more than
    /// [`cute_core::MAX_LAYOUT_LEAVES`] leaves (a mixed composition's result, whose walk gives
    /// each leaf of `B` a slot per leaf of `A`) lowers with the size-1 leaves inside its tuples
    /// dropped: the same function and rank ([`cute_core::Layout::new_squeezed`]).
    ///
    /// # Panics
    /// When more than `MAX_LAYOUT_LEAVES` leaves remain, which no `cute_core::Layout` holds (a
    /// layout written with that many leaves, or an operation whose dynamic counterpart fails
    /// with [`ErrorKind::Capacity`]), or for a layout past the invariant (`select!` of a runtime
    /// mode named twice, whose offsets together pass `i64`); [`Layout::try_to_dynamic`]
    /// returns those errors instead.
    #[must_use]
    pub fn to_dynamic(&self) -> cute_core::Layout {
        match self.try_to_dynamic() {
            Ok(l) => l,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`Layout::to_dynamic`], the capacity an error.
    ///
    /// # Errors
    /// [`ErrorKind::Capacity`] when more than [`cute_core::MAX_LAYOUT_LEAVES`] leaves remain
    /// after the squeeze; [`ErrorKind::Overflow`] for a layout whose offsets pass `i64` (see
    /// the type's invariant).
    #[inline]
    pub fn try_to_dynamic(&self) -> Result<cute_core::Layout, Error> {
        // Checked as `make_layout`: past 16 leaves squeezed, past the invariant an error.
        cute_core::Layout::new_squeezed(self.shape.lower(), self.stride.lower())
    }

    /// The layout whose shape and stride are those of `l`, when `l` has this type's profile and
    /// the static leaves of the type.
    ///
    /// # Errors
    /// [`ErrorKind::NotCongruent`] when the profiles differ, [`ErrorKind::InvalidParameters`]
    /// when a static leaf of the type differs from `l`'s.
    pub fn from_dynamic(l: &cute_core::Layout) -> Result<Self, Error> {
        let err = |kind| Error::new(Op::MakeLayout, [Some(Operand::from(l)), None], kind);
        let (shape, stride) = (l.shape(), l.stride());
        if !shape.congruent(&S::PROFILE.view()) || !stride.congruent(&D::PROFILE.view()) {
            return Err(err(ErrorKind::NotCongruent));
        }
        let fits = |have: &[i64], statics: &[Option<i64>]| {
            have.iter()
                .zip(statics)
                .all(|(h, w)| w.is_none_or(|w| *h == w))
        };
        if !fits(shape.leaves(), &S::STATICS) || !fits(stride.leaves(), &D::STATICS) {
            return Err(err(ErrorKind::InvalidParameters));
        }
        Ok(Layout::from_leaves(shape.leaves(), stride.leaves()))
    }
}

impl<S, D> fmt::Display for Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape.lower(), self.stride.lower())
    }
}

/// CuTe's `print`: a static leaf is written `_8`, a runtime one `8`.
impl<S, D> fmt::Debug for Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt_cute(f)?;
        f.write_str(":")?;
        self.stride.fmt_cute(f)
    }
}

/// A **marker trait** for static layouts: their shape and stride are types, and every query is
/// a constant.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticLayout};
/// type L = Layout<(U4, (U2, U2)), (U2, (U1, U8))>;
/// assert_eq!(L::LAYOUT.to_string(), "(4,(2,2)):(2,(1,8))");
/// assert_eq!((L::SIZE, L::COSIZE, L::RANK, L::DEPTH), (16, 16, 2, 2));
/// assert_eq!(L::at(5), 3);
/// assert_eq!(L::at_crd(&"(1,(0,1))".parse().unwrap()), Ok(10));
/// ```
pub trait StaticLayout: Copy + Default {
    /// The shape type.
    type Shape: ShapeTuple + StaticTuple;
    /// The stride type.
    type Stride: StaticTuple;
    /// The lowered layout: the `cute-core` value with the same shape and stride.
    const LAYOUT: cute_core::Layout;
    /// `size`.
    const SIZE: i64;
    /// `cosize`.
    const COSIZE: i64;
    /// `rank`: the number of top-level modes.
    const RANK: usize = <Self::Shape as IntTupleType>::RANK;
    /// `depth`: the nesting depth of the shape.
    const DEPTH: usize = <Self::Shape as IntTupleType>::DEPTH;

    /// `L(i)`: the offset of index `i`; with a constant `i` it folds to a constant.
    ///
    /// # Panics
    /// If the offset overflows `i64`, which needs an index far past the size.
    #[inline(always)]
    #[must_use]
    fn at(i: i64) -> i64 {
        match Self::LAYOUT.offset(i) {
            Some(v) => v,
            None => overflow(i),
        }
    }

    /// `L(c)` at an integral, N-D or natural coordinate `c` (Cecka §2.2). The coordinate is a
    /// runtime [`IntTuple`](cute_core::IntTuple), walked against the layout at run time (an out-of-line
    /// call, unlike [`StaticLayout::at`], which folds to a constant for a constant index).
    ///
    /// # Errors
    /// When `c` is not a coordinate of the layout's shape, or an offset overflows.
    #[inline(always)]
    fn at_crd(c: &cute_core::IntTuple) -> Result<i64, cute_core::Error> {
        Self::LAYOUT.eval_crd(c)
    }
}

/// The one failure of a static evaluation, kept out of line so evaluation inlines to constants.
#[cold]
#[inline(never)]
fn overflow(i: i64) -> ! {
    panic!("the offset of index {i} overflows i64")
}

impl<S, D> StaticLayout for Layout<S, D>
where
    S: ShapeTuple + StaticTuple + Congruent<D>,
    D: StaticTuple,
{
    type Shape = S;
    type Stride = D;
    const LAYOUT: cute_core::Layout = cute_core::Layout::new_const(S::TUPLE, D::TUPLE);
    const SIZE: i64 = match S::TUPLE.const_product() {
        Some(n) => n,
        None => panic!("the size of a static layout overflows i64"),
    };
    const COSIZE: i64 = match Self::LAYOUT.const_cosize() {
        Some(n) => n,
        None => panic!("the cosize of a static layout overflows i64"),
    };
}

/// A **type operator** for whether an operand of the algebra (a layout, a tiler, an int tuple)
/// has only static leaves: `B1` or `B0`. The algebra dispatches on it: all-static operands go
/// through the static type operators.
#[doc(hidden)]
pub trait IsStatic {
    /// `B1` or `B0`.
    type Output: typenum::Bit;
}

impl<S: AllStaticOf, D: AllStaticOf> IsStatic for Layout<S, D>
where
    S::Output: core::ops::BitAnd<D::Output>,
    <S::Output as core::ops::BitAnd<D::Output>>::Output: typenum::Bit,
{
    type Output = <S::Output as core::ops::BitAnd<D::Output>>::Output;
}

/// `B1` when both operands are static.
pub(crate) type BothStatic<A, B> =
    <<A as IsStatic>::Output as core::ops::BitAnd<<B as IsStatic>::Output>>::Output;

/// An int tuple (a cotarget) is static when its leaves are.
impl<T: IntTupleType + AllStaticOf> IsStatic for T {
    type Output = <T as AllStaticOf>::Output;
}
