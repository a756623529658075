//! CuTe layouts and the exact layout algebra on runtime values.
//!
//! # Quick start
//! ```
//! use cute_core::{composition, logical_divide, make_tensor, Layout, Tiler};
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse()?;
//! let b: Layout = "6:12".parse()?;
//! assert_eq!(composition(&a, &b)?.to_string(), "(2,3):(9,5)");
//! // Tiles of 4x8 over an 8x16 row-major layout, mode by mode.
//! let t: Tiler = "<4:1,8:1>".parse()?;
//! let tiled = logical_divide(&"(8,16):(16,1)".parse()?, t)?;
//! assert_eq!(tiled.to_string(), "((4,2),(8,2)):((16,64),(1,8))");
//! // A tensor: data composed with a layout, checked once against the data.
//! let data: Vec<f32> = (0..128).map(|x| x as f32).collect();
//! let m = make_tensor(data.as_slice(), Layout::from_rust((8, 16), (16, 1))?)?;
//! assert_eq!(m.get_crd(&"(1,2)".parse()?)?, 18.0);
//! // Bad input is a typed error naming the operation, operands and condition.
//! let e = composition(&"(4,6,8):(2,3,5)".parse()?, &"6:3".parse()?).unwrap_err();
//! assert_eq!(e.kind.code(), "not_admissible");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
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
//! The specification is Cris Cecka's paper *CuTe Layout Representation and Algebra* (2026,
//! arXiv:2603.02298), cited as "Cecka §N"; tractable layouts and morphisms follow Carlisle, Shah,
//! Stern, VanKoughnett, *Fundamentals of CuTe Layout Algebra and Category-theoretic
//! Interpretation* (Colfax Research, 2026; "Carlisle et al."), and integer set relations and
//! linear layouts Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling Layout Abstractions Using
//! Integer Set Relations* (2025; "Bhaskaracharya et al."). The `cute` crate's docs list them under
//! References.
//!
//! Modules, each importing only from the lines below it:
//! ```text
//! serde_notation — serde (feature `serde`): values as their notation
//! atom — atoms and tiled operations, re-exported
//! atom::thr — a thread's slice: partitions of tensors; copy and gemm through tiled operations
//! atom::tiled_copy — TiledCopy: make_tiled_copy, _A/_B/_C, partitions, retile
//! atom::tiled_mma — TiledMMA: make_tiled_mma, thread-value layouts, partitions
//! atom::mma_atom atom::copy_atom — the MMA and copy atoms and their catalogues
//! atom::spelling atom::value_type atom::build — CuTe's spelling of types; value types; tilers in code
//! isl — layouts as integer set relations
//! f2 — F2 layouts and their notation
//! arithmetic_tuple — coordinate layouts and their notation
//! parse algebra::max_common — the notation (every other `FromStr`); the longest common vector
//! swizzle_search_f2 — a general F2 map on the offsets that makes accesses conflict-free
//! swizzle_search — the swizzle that makes accesses conflict-free
//! linear algorithm banks — linear layouts and the algorithms, re-exported; bank conflicts
//! linear::convert linear::query linear::divide linear::column_action algorithm::axpby algorithm::copy_atom algorithm::copy_if algorithm::transform
//! algebra::inverse algorithm::copy linear::algebra linear::print linear::reshape — inverses; copy's dispatch
//! algorithm::copy_transpose — copies that transpose in vector registers
//! swizzle tensor::algebra algorithm::copy_chunked algorithm::copy_static — swizzles; views
//! tensor_access algorithm::copy_plan algorithm::fill algorithm::fold algorithm::gemm
//! ordered — compact layouts to an order: make_ordered_layout, tile_to_shape
//! algebra::product
//! algebra::divide tensor — divides; tensors, re-exported
//! algebra::composition tensor::identity tensor::print morphism — composition's API; identity tensors; print_tensor; morphisms
//! algebra::complement algebra::leaf_walk algebra::verify tensor::view morphism::composition
//! algebra::walk algebra::by_mode algebra::coalesce algebra::nullspace tensor::engine
//! morphism::ops morphism::weak morphism::constant — morphism operations; refining; in const context
//! algebra algebra::trace algebra::recast tiler modes from_tuples morphism::object fragment tensor::layout linear::layout
//! layout layout::eval morphism::refinement — layouts: constructors, evaluation and slicing; the mutual refinement of tuples
//! layout::builder — building a layout mode by mode
//! layout::repr layout::check — a layout's storage; the invariant of its values
//! stride — compact strides, crd2idx, idx2crd, flat evaluation
//! int_tuple — integer tuples, re-exported
//! int_tuple::div — `ceil_div` and `shape_div` of tuples
//! int_tuple::tuple — integer tuples and their builder
//! int_tuple::view linear::dims linear::echelon — a tuple's nodes; F2 dimensions, elimination
//! arith — checked `i64` arithmetic
//! error tokens — the error type; the packed structure of a tuple
//! error::message — the conditions' messages
//! error::kind — the conditions
//! error::op error::operand limits — operation names; operands in notation; capacities
//! ```
//! (`tests/module_dag.rs` checks it.)

#![cfg_attr(not(test), no_std)]

pub mod algebra;
pub mod algorithm;
mod arith;
pub mod arithmetic_tuple;
// The atom layer is the host's for now: a GPU build keeps the error type it was tuned with
// (`gpu/check.sh`).
#[cfg(not(target_arch = "nvptx64"))]
pub mod atom;
pub mod banks;
pub mod error;
pub mod f2;
pub mod fragment;
mod from_tuples;
pub mod int_tuple;
pub mod isl;
pub mod layout;
pub mod limits;
pub mod linear;
mod modes;
pub mod morphism;
mod ordered;
pub mod parse;
#[cfg(feature = "serde")]
mod serde_notation;
pub mod stride;
pub mod swizzle;
pub mod swizzle_search;
pub mod swizzle_search_f2;
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
pub use from_tuples::IntoIntTuple;
pub use int_tuple::{ceil_div, shape_div, IntTuple};
pub use layout::Layout;
pub use limits::{Limit, MAX_DEPTH, MAX_LAYOUT_LEAVES, MAX_LEAVES, MAX_TOKENS};
pub use ordered::{make_ordered_layout, tile_to_shape};
pub use stride::{crd2idx, crd2idx_shape, idx2crd, idx2crd_strided};
pub use swizzle::{ComposedLayout, Swizzle, Swizzled};
pub use tensor::{
    make_identity_tensor, make_tensor, make_tensor_at, Coordinates, Counting, Engine, EngineMut,
    IdentityTensor, Tensor, TensorLayout,
};
pub use tensor_access::{Elements, ElementsMut, Reborrow, TensorIndex};
pub use tiler::{Tile, Tiler};
