//! CuTe layouts whose shapes and strides are types.
//!
//! # Quick start
//! ```
//! use cute_static::typenum::consts::{U1, U2, U4, U8};
//! use cute_static::{CompositionOf, Layout, StaticLayout};
//! // (4,(2,2)):(2,(1,8)) as a type (the facade's `cute::Layout!` writes it from the notation).
//! type L = Layout<(U4, (U2, U2)), (U2, (U1, U8))>;
//! assert_eq!(L::LAYOUT.to_string(), "(4,(2,2)):(2,(1,8))");
//! // The algebra at compile time: a composition that is not admissible does not compile.
//! type C = CompositionOf<L, Layout<U8, U2>>;
//! assert_eq!(C::LAYOUT, cute_core::composition(&L::LAYOUT, &"8:2".parse()?)?);
//! // Evaluation folds to a constant.
//! assert_eq!(L::default().eval(5)?, 3);
//! # Ok::<(), cute_core::Error>(())
//! ```
//!
//! A static layout is the zero-sized [`Layout<S, D>`](struct@Layout) whose shape `S` and stride `D` are Rust
//! tuples of typenum integers, e.g. `Layout<(U4, (U2, U2)), (U2, (U1, U8))>` for
//! `(4,(2,2)):(2,(1,8))`; the `cute::Layout!` macro writes that type from the notation. Its
//! lowering to the runtime value is the associated constant [`StaticLayout::LAYOUT`], so every
//! query (`size`, `cosize`, evaluation) folds to a constant, and `cute-core` stays the single
//! semantic reference.
//!
//! Malformed static layouts do not compile, and the first line of the error names the
//! condition (see [`Congruent`] and [`ShapeTuple`]).
//!
//! The algebra as type operators, one file per operation under [`algebra`], each checked against
//! `cute-core` and the oracle corpus: [`CoalesceOf`], [`ComplementOf`], [`CompositionOf`] (with
//! its exactness conditions as named trait bounds), [`RightInverseOf`], [`LeftInverseOf`], the
//! logical, zipped, tiled and flat divides and products with a layout or a [`Tiler`](struct@Tiler) (mode by
//! mode), and [`BlockedProductOf`] and [`RakedProductOf`].
//!
//! Every layout, static or mixed, is also a `cute_core::TensorLayout`: a tensor over
//! a static layout has constant offsets, `cute_core::algorithm::copy` unrolls at compile time
//! over a static shape, and [`tensor::local_tile`] and [`tensor::local_partition`] keep static
//! tiles static on runtime-sized tensors.
//!
//! Modules, each importing only from the lines below it:
//! ```text
//! macros — the notation macros for crates without the facade
//! atom — atoms as types, re-exported
//! atom::mma_atom — MMA atoms as types: CuTe's MMA_Traits, beside cute_core's runtime atoms
//! __private variadic tile algebra::by_mode algebra::ordered — helpers re-exported; per-arity impls; by tilers; make_ordered_layout and tile_to_shape
//! algebra::blocked_product — blocked and raked products
//! algebra::product tensor — products; tiles and partitions of tensors
//! algebra::divide algebra::inverse fragment — divides; inverses; register fragments
//! algebra::complement
//! algebra::composition — composition, the operators and their conditions
//! algebra::composition_mixed — the walk at run time of a composition with a runtime leaf
//! algebra::composition_static — the walk at compile time, a condition per step
//! algebra::coalesce slice select — coalesce; slicing by coordinates; select, take, group_modes
//! algebra::modes — lists of modes as layouts, shared by the operators
//! algebra identity tiler tractable — the operators' macros; identity tensors; tilers; tractability
//! tensor_layout — every layout a `cute_core::TensorLayout`, loops unrolled over static shapes
//! layout
//! int_tuple complete — static and mixed int tuples; coordinates completed with `_`
//! coord list — coordinates and `_`; type-level lists
//! int::mul — the product of two leaves by their kinds
//! int — static and runtime integers (leaves) and what a leaf stands for
//! int::arith — arithmetic on typenum integers, bit by bit
//! ```
//! (`tests/module_dag.rs` checks it.)

#![no_std]
#![allow(
    clippy::type_complexity,
    reason = "type operators spell their results as nested projections"
)]

#[macro_use]
pub mod algebra;
#[doc(hidden)]
pub mod __private;
#[cfg(not(target_arch = "nvptx64"))]
pub mod atom;
mod complete;
mod coord;
pub mod fragment;
pub mod identity;
mod int;
mod int_tuple;
mod layout;
mod list;
mod macros;
mod select;
mod slice;
pub mod tensor;
mod tensor_layout;
mod tile;
mod tiler;
mod tractable;
mod variadic;

/// The runtime algebra, tensors and errors this crate builds on, for a crate that depends on
/// cute-static alone (e.g. `cute_static::cute_core::make_tensor`).
pub use cute_core;

pub use algebra::blocked_product::{
    blocked_product, raked_product, BlockedProduct, BlockedProductOf, RakedProduct, RakedProductOf,
    StaticBlockedProduct, StaticBlockedProductOf, StaticRakedProduct, StaticRakedProductOf,
};
pub use algebra::coalesce::{coalesce, Coalesce, CoalesceOf, StaticCoalesce, StaticCoalesceOf};
pub use algebra::complement::{
    complement, Complement, ComplementOf, StaticComplement, StaticComplementOf,
};
pub use algebra::composition::{
    composition, Composition, CompositionOf, StaticComposition, StaticCompositionOf,
};
pub use algebra::divide::{
    flat_divide, logical_divide, tiled_divide, zipped_divide, FlatDivide, FlatDivideOf,
    LogicalDivide, LogicalDivideOf, StaticLogicalDivide, StaticLogicalDivideOf, TiledDivide,
    TiledDivideOf, ZippedDivide, ZippedDivideOf,
};
pub use algebra::inverse::{
    left_inverse, right_inverse, LeftInverse, LeftInverseOf, RightInverse, RightInverseOf,
    StaticLeftInverse, StaticLeftInverseOf, StaticRightInverse, StaticRightInverseOf,
};
pub use algebra::ordered::{
    make_ordered_layout, tile_to_shape, MakeOrderedLayoutOf, TileToShapeOf,
};
#[doc(hidden)]
pub use algebra::ordered::{MakeOrderedLayout, TileToShape};
pub use algebra::product::{
    flat_product, logical_product, tiled_product, zipped_product, FlatProduct, FlatProductOf,
    LogicalProduct, LogicalProductOf, StaticLogicalProduct, StaticLogicalProductOf, TiledProduct,
    TiledProductOf, ZippedProduct, ZippedProductOf,
};
pub use coord::{make_coord, Coord, IntoTuple, Underscore, __};
pub use int::mul::{IntMul, MulOf};
pub use int::{Dyn, Int, IntoDyn, Many, One, Runtime, StaticInt, Zero};
pub use int_tuple::{
    make_shape, make_stride, Congruent, IntTupleType, ShapeInt, ShapeTuple, StaticTuple,
};
pub use layout::{make_layout, IsStatic, Layout, StaticLayout};
#[doc(hidden)]
pub use select::{select_modes, GroupModes, ModeAt, Take};
pub use slice::{SliceOf, Slicer};
pub use tile::StaticTile;
pub use tiler::Tiler;
pub use tractable::Tractable;
pub use typenum;

/// Seals the leaf and tuple traits: only typenum integers and tuples of them implement them.
mod sealed {
    pub trait Sealed {}
}
