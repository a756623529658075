//! CuTe layouts and the exact layout algebra on runtime values.
//!
//! A layout `L = Shape:Stride` maps coordinates to offsets; the algebra (coalesce, composition,
//! complement, inverses, divides, products) builds the layouts that tile data over threads and
//! instructions. This crate is the semantic reference of the `cute` workspace: `#![no_std]`, no
//! heap, every value a small `Copy` struct, every failure a typed [`Error`] naming the operation,
//! its operands in CuTe notation and the violated condition. Arithmetic overflow is an error.
//!
//! Results have the normal forms of CuTe C++ (CUTLASS 4.x), except where CuTe returns a layout
//! that is functionally wrong: there the operation fails, naming the condition (see
//! [`algebra::composition`]).
//!
//! Tensors ([`tensor`]) compose an engine (borrowed data, counting values, coordinates) with a
//! layout, checked once against the data; [`algorithm::copy()`] and [`algorithm::gemm()`] run over
//! them for any layouts, and `cute-static` layouts make the copy unroll at compile time.
//!
//! The specification is the CuTe paper ("seed 000"); section numbers in the docs refer to it.

#![cfg_attr(not(test), no_std)]

pub mod algebra;
pub mod algorithm;
pub mod arithmetic_tuple;
pub mod error;
pub mod f2;
pub mod fragment;
pub mod int_tuple;
pub mod isl;
pub mod layout;
pub mod linear;
pub mod morphism;
pub mod parse;
pub mod stride;
pub mod swizzle;
pub mod tensor;
pub mod tensor_access;
pub mod tiler;
mod tokens;

pub use algebra::coalesce::{coalesce, coalesce_by, filter};
pub use algebra::complement::{complement, complement_cosize};
pub use algebra::composition::{
    composition, composition_tiler, composition_traced, Step, Trace, Unproven,
};
pub use algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
pub use algebra::inverse::{left_inverse, right_inverse};
pub use algebra::max_common::{max_common_layout, max_common_vector};
pub use algebra::nullspace::nullspace;
pub use algebra::product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product,
};
pub use algebra::recast::{downcast, upcast};
pub use arithmetic_tuple::{Basis, CoordLayout};
pub use error::{Error, ErrorKind, Op, Operand};
pub use f2::F2Layout;
pub use fragment::make_fragment_like;
pub use int_tuple::{ceil_div, shape_div, IntTuple, MAX_DEPTH, MAX_LEAVES, MAX_TOKENS};
pub use layout::Layout;
pub use stride::{crd2idx, crd2idx_shape, idx2crd, idx2crd_strided};
pub use swizzle::{ComposedLayout, Swizzle, Swizzled};
pub use tensor::{
    make_identity_tensor, make_tensor, make_tensor_at, Coordinates, Counting, Engine, EngineMut,
    IdentityTensor, Tensor, TensorLayout,
};
pub use tensor_access::{Elements, ElementsMut, Reborrow, TensorIndex};
pub use tiler::{Tile, Tiler};
