//! Helper types and traits that appear in the bounds of the public type operators; not part of
//! the API (typenum's `private.rs` plays the same part).
//!
//! The type operators recurse over cons lists (`TCons<H, T>`, `TNil`): the isomorphism with Rust
//! tuples is in `variadic.rs`, so a raw `TCons` never reaches a user signature.

use core::marker::PhantomData;

use typenum::{Bit, B0, B1};

/// The empty list.
#[derive(Clone, Copy, Debug, Default)]
pub struct TNil;

/// The list `H :: T`, holding the values of its elements (zero-sized for static ones).
#[derive(Clone, Copy, Debug, Default)]
pub struct TCons<H, T>(pub H, pub T);

/// One flat mode `S:D` of a layout.
pub struct Mode<S, D>(PhantomData<(S, D)>);

/// The leaves of a static int tuple as a list (`flatten`).
pub trait Leaves {
    /// `flatten(Self)` as a list.
    type Output;
}

/// A leaf is its own list: any [`Int`](crate::Int), so that a generic leaf bounded by
/// `StaticInt` or `Int` has its leaves too.
impl<T: crate::Int> Leaves for T {
    type Output = TCons<T, TNil>;
}

/// The first element of a list.
pub trait Head {
    /// The element.
    type Output;
}

impl<H, T> Head for TCons<H, T> {
    type Output = H;
}

/// List concatenation.
pub trait Concat<R> {
    /// `Self ++ R`.
    type Output;
    /// `Self ++ R`, with the values.
    fn concat(self, r: R) -> Self::Output;
}

impl<R> Concat<R> for TNil {
    type Output = R;
    #[inline(always)]
    fn concat(self, r: R) -> R {
        r
    }
}

impl<H, T: Concat<R>, R> Concat<R> for TCons<H, T> {
    type Output = TCons<H, <T as Concat<R>>::Output>;
    #[inline(always)]
    fn concat(self, r: R) -> Self::Output {
        TCons(self.0, self.1.concat(r))
    }
}

/// Pairs two lists of equal length into a list of modes.
pub trait ZipModes<D> {
    /// `[Mode<s0,d0>, Mode<s1,d1>, ...]`.
    type Output;
}

impl ZipModes<TNil> for TNil {
    type Output = TNil;
}

impl<S, ST: ZipModes<DT>, D, DT> ZipModes<TCons<D, DT>> for TCons<S, ST> {
    type Output = TCons<Mode<S, D>, <ST as ZipModes<DT>>::Output>;
}

/// `B1` for the empty list.
pub trait IsNil {
    /// `B1` or `B0`.
    type Output: Bit;
}

impl IsNil for TNil {
    type Output = B1;
}

impl<H, T> IsNil for TCons<H, T> {
    type Output = B0;
}

/// `B1` when the integer is 1.
pub type IsOne<S> = <S as crate::int::IsUnit>::Output;

pub use crate::algebra::divide::GridComplement;
pub use crate::fragment::{
    Before, ColMajor, CompactLeft, FilterZeros, FragmentCase, FragmentStrides, IsLess, Key, Keyed,
    Keys, LaterStrides, OrderKey, Ordered, Refill, RefillList, Split, StartOf, Then, ZeroStride,
};
pub use crate::identity::IdentityShape;
pub use crate::int::AsLeaf;
pub use crate::int::{
    AddCarry, BringDown, Ceil, Diff, DiffParts, DivRem, Inc, IncIf, IsUnit, IsZero, Keep, Push,
    PushDiff, QuotRem, QuotRemParts, Same, SubBorrow, Times, TrySub,
};
pub use crate::int_tuple::AllStaticOf;
pub use crate::tensor::{
    LeafProduct, LocalPartition, LocalTile, OuterPartition, Pair, Project, ShapeSize, ThreadLayout,
    Trips, TripsBy, Unders, Unroll, ZippedSlice,
};
