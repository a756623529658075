//! Helper types and traits that appear in the bounds of the public type operators; not part of
//! the API (typenum's `private.rs` plays the same part).
//!
//! The type operators recurse over cons lists (`TCons<H, T>`, `TNil`, defined in `list.rs`): the
//! isomorphism with Rust tuples is in `variadic.rs`, so a raw `TCons` never reaches a user
//! signature.

// What the notation macros' expansions name, `$crate::__private::…` (the facade has the same).
pub use crate as cute_static;
pub use cute_core;
pub use cute_macros;
pub use typenum;

pub use crate::algebra::divide::GridComplement;
pub use crate::fragment::{
    Before, ColMajor, CompactLeft, FilterZeros, FragmentCase, FragmentStrides, IsLess, Key, Keyed,
    Keys, LaterStrides, OrderKey, Ordered, Refill, RefillList, Split, StartOf, Then, ZeroStride,
};
pub use crate::identity::IdentityShape;
pub use crate::int::arith::{
    AddCarry, BringDown, Ceil, Diff, DiffParts, DivRem, Inc, IncIf, IsZero, Keep, Push, PushDiff,
    QuotRem, QuotRemParts, Same, SubBorrow, Times, TrySub,
};
pub use crate::int::{AsLeaf, IsUnit};
pub use crate::int_tuple::AllStaticOf;
pub use crate::list::{Concat, Head, IsNil, IsOne, Leaves, Mode, TCons, TNil, ZipModes};
pub use crate::tensor::{
    LocalPartition, LocalTile, OuterPartition, Pair, Project, ThreadLayout, Unders, ZippedSlice,
};
pub use crate::tensor_layout::{LeafProduct, ShapeSize, Trips, TripsBy, Unroll};
