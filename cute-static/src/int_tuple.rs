//! Static integer tuples: a typenum integer, or a Rust tuple of static tuples.

use cute_core::IntTuple;
use typenum::{Bit, UInt, UTerm, Unsigned};

use crate::int::Int;
use crate::sealed::Sealed;

/// A **marker trait** for a static int tuple: `U12`, `(U4, U8)`, `(U4, (U2, U2))`.
pub trait IntTupleType: Sealed + Copy + Default {
    /// The lowered value.
    const TUPLE: IntTuple;
    /// `rank`: 1 for an integer, the number of modes of a tuple.
    const RANK: usize;
    /// `depth`: 0 for an integer, one more than the deepest mode of a tuple.
    const DEPTH: usize;
}

impl<T: Int> IntTupleType for T {
    const TUPLE: IntTuple = IntTuple::int(T::VALUE);
    const RANK: usize = 1;
    const DEPTH: usize = 0;
}

/// The larger of two depths, in a constant.
pub(crate) const fn deeper(a: usize, b: usize) -> usize {
    if a > b {
        a
    } else {
        b
    }
}

/// A **marker trait** for a static shape: every leaf is a positive typenum integer.
#[diagnostic::on_unimplemented(
    message = "this static shape has a zero: every shape leaf must be a positive integer",
    label = "a shape leaf here is `U0`"
)]
pub trait ShapeTuple: IntTupleType {}

impl<U: Unsigned + Default + Copy, B: Bit + Default + Copy> ShapeTuple for UInt<U, B> {}

/// A **marker trait** for the layout condition that `Self` (a shape) and `D` (a stride) have the
/// same profile.
#[diagnostic::on_unimplemented(
    message = "the shape and the stride of this static layout are not congruent",
    label = "its stride does not have the profile of its shape",
    note = "a layout needs a stride leaf for every shape leaf, nested the same way"
)]
pub trait Congruent<D> {}

/// `s` and `d` are congruent when both are integers.
impl<D: Int> Congruent<D> for UTerm {}
/// `s` and `d` are congruent when both are integers.
impl<U: Unsigned, B: Bit, D: Int> Congruent<D> for UInt<U, B> {}
