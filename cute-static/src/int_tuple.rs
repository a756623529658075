//! Int tuples whose structure is a type: a leaf ([`Int`]: typenum or [`Dyn`](crate::Dyn)), or a
//! Rust tuple of int tuples, e.g. `(Dyn, (U2, U2))` for `(m,(2,2))`.

use core::fmt;

use cute_core::IntTuple;
use typenum::{Bit, UInt, Unsigned};

use crate::int::{Dyn, Int, StaticInt};
use crate::sealed::Sealed;

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
    /// `B1` when every leaf is static.
    type AllStatic: Bit;
    /// `B1` for a leaf, `B0` for a tuple.
    type IsLeaf: Bit;

    /// Writes the leaves in order into `out[..LEAVES]`.
    fn write_leaves(&self, out: &mut [i64]);

    /// The tuple whose leaves are `leaves[..LEAVES]` (static leaves keep their own value).
    #[doc(hidden)]
    fn read_leaves(leaves: &[i64]) -> Self;

    /// Writes the static value of each leaf in order (`None` for a runtime leaf) into
    /// `out[..LEAVES]`.
    #[doc(hidden)]
    fn write_statics(out: &mut [Option<i64>]);

    /// CuTe's `print`: a static leaf as `_8`, a runtime one as `8`.
    ///
    /// # Errors
    /// As the formatter.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The `cute-core` value.
    #[must_use]
    fn lower(&self) -> IntTuple {
        let mut leaves = [0i64; cute_core::MAX_LEAVES];
        self.write_leaves(&mut leaves);
        // `LEAVES <= MAX_LEAVES` by `PROFILE`, which is built in const context.
        Self::PROFILE
            .with_leaves(&leaves[..Self::LEAVES])
            .unwrap_or(Self::PROFILE)
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
    type AllStatic = <T as Int>::IsStatic;
    type IsLeaf = typenum::B1;

    #[inline(always)]
    fn write_leaves(&self, out: &mut [i64]) {
        out[0] = self.value();
    }

    #[inline(always)]
    fn read_leaves(leaves: &[i64]) -> Self {
        T::from_value(leaves[0])
    }

    fn write_statics(out: &mut [Option<i64>]) {
        out[0] = T::STATIC;
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

/// The larger of two depths, in a constant.
pub(crate) const fn deeper(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// A **marker trait** for a shape: every leaf is a positive typenum integer or a [`Dyn`] (whose
/// positivity the constructors check).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a shape leaf: a shape leaf is a positive integer, a typenum `U1`, `U2`, … or a runtime `Dyn`",
    label = "a shape leaf here is zero (`U0` is typenum's `UTerm`) or not an integer",
    note = "in generic code, bound each parameter used as a shape leaf with `cute::cute_static::ShapeTuple`"
)]
pub trait ShapeTuple: IntTupleType {}

impl<U: Unsigned, B: Bit> ShapeTuple for UInt<U, B> where UInt<U, B>: Int {}
impl<M: Unsigned> ShapeTuple for Dyn<M> {}

/// A **marker trait** for the layout condition that `Self` (a shape) and `D` (a stride) have the
/// same profile.
#[diagnostic::on_unimplemented(
    message = "the shape and the stride of this layout are not congruent",
    label = "its stride does not have the profile of its shape",
    note = "a layout needs a stride leaf for every shape leaf, nested the same way"
)]
pub trait Congruent<D> {}

/// `s` and `d` are congruent when both are leaves.
impl<D: Int> Congruent<D> for typenum::UTerm {}
/// `s` and `d` are congruent when both are leaves.
impl<U: Unsigned, B: Bit, D: Int> Congruent<D> for UInt<U, B> {}
/// `s` and `d` are congruent when both are leaves.
impl<M, D: Int> Congruent<D> for Dyn<M> {}

/// `make_shape(s)`: the shape `s`, checked once: every runtime leaf positive and the size within
/// `i64` (static leaves are checked by [`ShapeTuple`]).
///
/// # Examples
/// ```
/// use cute_static::{make_shape, typenum::consts::*, Dyn};
/// assert!(make_shape((Dyn::new(20), U8::new())).is_ok());
/// assert!(make_shape((Dyn::new(-1), U8::new())).is_err());
/// ```
pub fn make_shape<S: ShapeTuple>(s: S) -> Result<S, cute_core::Error> {
    let mut leaves = [0i64; cute_core::MAX_LEAVES];
    s.write_leaves(&mut leaves);
    let mut size = 1i64;
    for &v in &leaves[..S::LEAVES] {
        let kind = if v <= 0 {
            Some(cute_core::ErrorKind::NonPositiveShape { value: v })
        } else {
            size = size.checked_mul(v).unwrap_or(0);
            (size == 0).then_some(cute_core::ErrorKind::Overflow)
        };
        if let Some(kind) = kind {
            return Err(cute_core::Error::new(
                cute_core::Op::MakeLayout,
                [Some(cute_core::Operand::from(&s.lower())), None],
                kind,
            ));
        }
    }
    Ok(s)
}
