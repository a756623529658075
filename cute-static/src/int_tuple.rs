//! Int tuples whose structure is a type: a leaf ([`Int`]: typenum or [`Dyn`](crate::Dyn)), or a
//! Rust tuple of int tuples, e.g. `(Dyn, (U2, U2))` for `(m,(2,2))`.

use core::fmt;

use cute_core::IntTuple;
use typenum::{Bit, UInt, Unsigned};

use crate::int::{Dyn, Int, StaticInt};
use crate::sealed::Sealed;

/// The leaves of an int tuple in order, at most [`cute_core::MAX_LEAVES`]: only those in use are
/// written (a fixed array would be zeroed whole on every call of the algebra).
pub(crate) type LeafVec = arrayvec::ArrayVec<i64, { cute_core::MAX_LEAVES }>;

/// The array of exactly the leaves of `T`: `[i64; T::LEAVES]`.
pub(crate) type LeafArray<T> = <<T as IntTupleType>::Count as Buffer>::I64;

/// A **type operator** from a typenum count `N` to the arrays of `N` integers, up to
/// [`cute_core::MAX_LEAVES`]: how the algebra sizes its working arrays by the type (a larger
/// fixed array is cleared and moved whole on every call).
pub trait Buffer: typenum::Unsigned {
    /// `[i64; N]`.
    type I64: AsRef<[i64]> + AsMut<[i64]> + Copy + core::fmt::Debug;
    /// `[usize; N]`.
    type Usize: AsRef<[usize]> + AsMut<[usize]> + Copy;
    /// `[0; N]`.
    const I64_ZERO: Self::I64;
    /// `[0; N]`.
    const USIZE_ZERO: Self::Usize;
    /// `N + 1`, saturating at [`cute_core::MAX_LEAVES`] (a layout of more leaves fails to
    /// compile where its leaves are read into arrays).
    type Succ: Buffer;
    /// `N + R` (saturating as [`Buffer::Succ`]): a generic associated type, so that a tuple's
    /// count is a projection that needs no `where` clause, solved only where it is read (the
    /// `Add` bounds it replaces were a tenth of the trait solving of a static composition).
    type Plus<R: Buffer>: Buffer;
    /// `body.step(0)`, …, `body.step(N - 1)` in order, up to the first `None`: a loop unrolled
    /// by the type, so that each step sees its index as a constant whatever its size.
    fn each(body: &mut impl Unrolled) -> Option<()>;
}

/// The body of a loop that [`Buffer::each`] unrolls (a trait rather than a closure, so that its
/// step can be `#[inline(always)]`).
pub trait Unrolled {
    /// Step `k`; `None` ends the loop.
    fn step(&mut self, k: usize) -> Option<()>;
}

impl Buffer for typenum::U0 {
    type I64 = [i64; 0];
    type Usize = [usize; 0];
    const I64_ZERO: [i64; 0] = [];
    const USIZE_ZERO: [usize; 0] = [];
    type Succ = typenum::U1;
    type Plus<R: Buffer> = R;
    #[inline(always)]
    fn each(_: &mut impl Unrolled) -> Option<()> {
        Some(())
    }
}

macro_rules! buffers {
    ($($prev:ident $n:ident $v:literal $next:ident)+) => {$(
        impl Buffer for typenum::$n {
            type I64 = [i64; $v];
            type Usize = [usize; $v];
            const I64_ZERO: [i64; $v] = [0; $v];
            const USIZE_ZERO: [usize; $v] = [0; $v];
            type Succ = typenum::$next;
            type Plus<R: Buffer> = <<typenum::$prev as Buffer>::Plus<R> as Buffer>::Succ;
            #[inline(always)]
            fn each(body: &mut impl Unrolled) -> Option<()> {
                <typenum::$prev as Buffer>::each(body)?;
                body.step($v - 1)
            }
        }
    )+};
}

buffers! {
    U0 U1 1 U2  U1 U2 2 U3  U2 U3 3 U4  U3 U4 4 U5  U4 U5 5 U6  U5 U6 6 U7  U6 U7 7 U8
    U7 U8 8 U9  U8 U9 9 U10  U9 U10 10 U11  U10 U11 11 U12  U11 U12 12 U13  U12 U13 13 U14
    U13 U14 14 U15  U14 U15 15 U16  U15 U16 16 U17  U16 U17 17 U18  U17 U18 18 U19
    U18 U19 19 U20  U19 U20 20 U21  U20 U21 21 U22  U21 U22 22 U23  U22 U23 23 U24
    U23 U24 24 U25  U24 U25 25 U26  U25 U26 26 U27  U26 U27 27 U28  U27 U28 28 U29
    U28 U29 29 U30  U29 U30 30 U31  U30 U31 31 U32  U31 U32 32 U32
}

/// A **marker trait** for an int tuple: a leaf, or a Rust tuple of int tuples. Its structure
/// (rank, nesting, which leaves are static) is the type; only its runtime leaves are stored.
pub trait IntTupleType: Sealed + Copy + fmt::Debug {
    /// `rank`: 1 for a leaf, the number of modes of a tuple.
    const RANK: usize;
    /// `depth`: 0 for a leaf, one more than the deepest mode of a tuple.
    const DEPTH: usize;
    /// The number of leaves.
    const LEAVES: usize;
    /// The profile: the lowered tuple with every runtime leaf 0.
    const PROFILE: IntTuple;
    /// `B1` for a leaf, `B0` for a tuple.
    type IsLeaf: Bit;
    /// `LEAVES` as a typenum integer: what sizes the arrays of its leaves.
    type Count: Buffer;

    /// Writes the leaves in order into `out[..LEAVES]`.
    fn write_leaves(&self, out: &mut [i64]);

    /// Appends the leaves in order to `out`.
    #[inline(always)]
    fn push_leaves(&self, out: &mut LeafVec) {
        let at = out.len();
        let _ = out.try_extend_from_slice(&[0; cute_core::MAX_LEAVES][..Self::LEAVES]);
        self.write_leaves(&mut out[at..]);
    }

    /// The leaves in order, in an array of exactly `LEAVES`.
    #[inline(always)]
    fn leaf_array(&self) -> LeafArray<Self> {
        let mut a = <Self::Count as Buffer>::I64_ZERO;
        self.write_leaves(a.as_mut());
        a
    }

    /// The static value of each leaf in order, `None` for a runtime leaf (the entries past
    /// `LEAVES` are `None`).
    const STATICS: [Option<i64>; cute_core::MAX_LEAVES];

    /// The tuple whose leaves are the next `LEAVES` values of `leaves` (a static leaf takes one
    /// and keeps its own value).
    #[doc(hidden)]
    fn read_leaves<I: Iterator<Item = i64>>(leaves: &mut I) -> Self;

    /// CuTe's `print`: a static leaf as `_8`, a runtime one as `8`.
    ///
    /// # Errors
    /// As the formatter.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The `cute-core` value.
    #[must_use]
    fn lower(&self) -> IntTuple {
        let mut leaves = LeafVec::new();
        self.push_leaves(&mut leaves);
        // `LEAVES <= MAX_LEAVES` by `PROFILE`, which is built in const context.
        Self::PROFILE.with_leaves(&leaves).unwrap_or(Self::PROFILE)
    }

    /// The leaves in order.
    #[inline(always)]
    fn leaf_vec(&self) -> LeafVec {
        let mut leaves = LeafVec::new();
        self.push_leaves(&mut leaves);
        leaves
    }
}

/// A **marker trait** for an int tuple whose leaves are all static: its value is a constant.
pub trait StaticTuple: IntTupleType + Default {
    /// The lowered value.
    const TUPLE: IntTuple;
}

impl<T: Int> IntTupleType for T {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const LEAVES: usize = 1;
    const PROFILE: IntTuple = IntTuple::int(match T::STATIC {
        Some(v) => v,
        None => 0,
    });
    type IsLeaf = typenum::B1;
    type Count = typenum::U1;

    #[inline(always)]
    fn write_leaves(&self, out: &mut [i64]) {
        out[0] = self.value();
    }

    const STATICS: [Option<i64>; cute_core::MAX_LEAVES] = {
        let mut s = [None; cute_core::MAX_LEAVES];
        s[0] = T::STATIC;
        s
    };

    #[inline(always)]
    fn read_leaves<I: Iterator<Item = i64>>(leaves: &mut I) -> Self {
        T::from_value(leaves.next().unwrap_or(0))
    }

    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match T::STATIC {
            Some(v) => write!(f, "_{v}"),
            None => write!(f, "{}", self.value()),
        }
    }
}

impl<T: StaticInt> StaticTuple for T {
    const TUPLE: IntTuple = IntTuple::int(T::VALUE);
}

/// The static leaves of the elements of a tuple, one after the other, in a constant.
pub(crate) const fn concat_statics(
    parts: &[[Option<i64>; cute_core::MAX_LEAVES]],
    lens: &[usize],
) -> [Option<i64>; cute_core::MAX_LEAVES] {
    let mut out = [None; cute_core::MAX_LEAVES];
    let (mut at, mut p) = (0usize, 0usize);
    while p < parts.len() {
        let mut k = 0;
        while k < lens[p] {
            assert!(at < cute_core::MAX_LEAVES, "a tuple exceeds MAX_LEAVES");
            out[at] = parts[p][k];
            at += 1;
            k += 1;
        }
        p += 1;
    }
    out
}

/// The larger of two depths, in a constant.
pub(crate) const fn deeper(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// A **type operator** for whether every leaf of an int tuple is static: `B1` or `B0` (what the
/// algebra dispatches on). A trait of its own rather than part of [`IntTupleType`], so that
/// static layouts, which never ask, do not pay for it (it was a fifth of the trait solving of
/// a static composition).
pub trait AllStaticOf {
    /// `B1` or `B0`.
    type Output: Bit;
}
/// A leaf: static or not.
impl<T: Int> AllStaticOf for T {
    type Output = <T as Int>::IsStatic;
}

/// A **marker trait** for a shape: every leaf is a positive typenum integer or a [`Dyn`] (whose
/// positivity the constructors check).
#[diagnostic::on_unimplemented(
    message = "this is not a shape: every shape leaf must be a positive integer, a typenum `U1`, `U2`, … or a runtime `Dyn`",
    label = "a shape leaf here is zero (`U0` is typenum's `UTerm`) or not an integer",
    note = "in generic code, bound a static shape leaf with `cute::cute_static::StaticInt + cute::cute_static::ShapeInt`"
)]
pub trait ShapeTuple: IntTupleType {}

/// A **marker trait** for a leaf that can be a shape leaf: a positive typenum integer or a
/// [`Dyn`]. In generic code a static tile size is bound by `T: StaticInt + ShapeInt`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape leaf: a shape leaf is a positive integer, a typenum `U1`, `U2`, … or a runtime `Dyn`",
    label = "zero (`U0` is typenum's `UTerm`) or not an integer",
    note = "in generic code, bound a static shape leaf with `cute::cute_static::StaticInt + cute::cute_static::ShapeInt`"
)]
pub trait ShapeInt: Int {}
impl<U: Unsigned, B: Bit> ShapeInt for UInt<U, B> where UInt<U, B>: Int {}
impl<M: Unsigned> ShapeInt for Dyn<M> {}

impl<T: ShapeInt> ShapeTuple for T {}

/// A **marker trait** for the layout condition that `Self` (a shape) and `D` (a stride) have the
/// same profile.
#[diagnostic::on_unimplemented(
    message = "the shape and the stride of this layout are not congruent",
    label = "its stride does not have the profile of its shape",
    note = "a layout needs a stride leaf for every shape leaf, nested the same way"
)]
pub trait Congruent<D> {}

/// `s` and `d` are congruent when both are leaves. (Not recommended, so a tuple shape with a
/// stride of another rank is reported as not congruent rather than as not a leaf.)
#[diagnostic::do_not_recommend]
impl<S: Int, D: Int> Congruent<D> for S {}

/// `make_shape(s)`: the shape `s`, checked once: no runtime leaf negative (0 is an empty mode)
/// and the product of the nonzero leaves within
/// `i64` (static leaves are checked by [`ShapeTuple`]).
///
/// # Examples
/// ```
/// use cute_static::{make_shape, typenum::consts::*};
/// assert!(make_shape((20, U8::new())).is_ok());
/// assert!(make_shape((-1, U8::new())).is_err());
/// ```
pub fn make_shape<S>(s: S) -> Result<S::Output, cute_core::Error>
where
    S: crate::coord::IntoTuple,
    S::Output: ShapeTuple,
{
    let s = s.into_tuple()?;
    let mut size = 1i64;
    for &v in &s.leaf_vec() {
        // A 0 (an empty mode) counts as 1, as in `cute_core`'s invariant.
        let kind = match v.cmp(&0) {
            core::cmp::Ordering::Less => Some(cute_core::ErrorKind::NegativeShape { value: v }),
            core::cmp::Ordering::Equal => None,
            core::cmp::Ordering::Greater => {
                size = size.checked_mul(v).unwrap_or(0);
                (size == 0).then_some(cute_core::ErrorKind::Overflow)
            }
        };
        if let Some(kind) = kind {
            return Err(cute_core::Error::new(
                cute_core::Op::MakeLayout,
                [
                    cute_core::Operand::kept(|| cute_core::Operand::from(&s.lower())),
                    None,
                ],
                kind,
            ));
        }
    }
    Ok(s)
}

/// `make_stride(d)`: the stride `d` (integers become runtime leaves).
///
/// # Errors
/// An integer that does not fit in `i64`.
pub fn make_stride<D>(d: D) -> Result<D::Output, cute_core::Error>
where
    D: crate::coord::IntoTuple,
    D::Output: IntTupleType,
{
    d.into_tuple()
}
