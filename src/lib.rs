//! `cute`: CuTe layouts and the layout algebra for Rust.
//!
//! A layout `L = Shape:Stride` maps coordinates to offsets; the algebra on layouts (coalesce,
//! composition, complement, inverses, divides, products) is how kernels tile data over threads
//! and instructions. This facade re-exports the workspace crates:
//!
//! ```text
//!   cute (facade: re-exports, `expr`)
//!    ├── cute-macros (layout!/Layout!, shape!/Shape!, tiler!/Tiler!: notation to types) ──┐
//!    ├── cute-static (typenum: layouts as types, the algebra as type operators) ───────────┤
//!    └── cute-core (no_std, no heap: the exact algebra on runtime values) <───────────────┘
//! ```
//!
//! `cute-core` is the semantic reference: the macros parse and check with it, and every static
//! layout lowers to its value (`cute_static::StaticLayout::LAYOUT`).
//!
//! The default feature `std` adds [`expr`]; without it the facade is `no_std` (a kernel crate
//! for a GPU or an embedded target), the macros included.
//!
//! The guide, chapter by chapter (layouts, the algebra, static layouts, tensors, kernels, GPUs,
//! swizzles and bank conflicts, linear layouts, morphisms, the `cute` command), is [`guide`].
//!
//! Modules, each importing only from the lines below it:
//! ```text
//! expr — `eval`: expressions parsed and evaluated
//! expr::ops — the operations by name, and the dispatch of a call
//! expr::atoms — atoms spelt as CuTe's types, and the calls of the tiled operations
//! expr::args — a call's arguments, converted for its operation
//! expr::error expr::value — what an expression gives: an error or a value
//! expr::limits — how deep calls nest, how long lists get
//! guide — the guide's chapters: documentation only, importing nothing
//! ```
//! (`tests/module_dag.rs` checks it.)
//!
//! # Examples
//! ```
//! use cute::{composition, Layout};
//! let a: Layout = "(4,6,8,10):(2,3,5,7)".parse().unwrap();
//! let b: Layout = "6:12".parse().unwrap();
//! assert_eq!(composition(&a, &b).unwrap().to_string(), "(2,3):(9,5)");
//!
//! let v = cute::expr::eval("logical_divide((4,2,3):(2,1,8), 4:2)").unwrap();
//! assert_eq!(v.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! ```
//!
//! # References
//!
//! Section, equation, table and figure numbers in these docs refer to the first paper unless
//! another is named (in short, "Cecka", "Carlisle et al.", "Bhaskaracharya et al."):
//!
//! - Cris Cecka, *CuTe Layout Representation and Algebra*, 2026, arXiv:2603.02298: layouts,
//!   the layout algebra and tensors, the specification `cute-core` implements.
//! - Jack Carlisle, Jay Shah, Reuben Stern, Paul VanKoughnett, *Fundamentals of CuTe Layout
//!   Algebra and Category-theoretic Interpretation*, Colfax Research, 2026: tractable layouts,
//!   morphisms of nested tuples and composition by mutual refinement ([`morphism`]).
//! - Somashekaracharya G. Bhaskaracharya, Aravind Acharya, Bastian Hagedorn, Vinod Grover,
//!   *Modeling Layout Abstractions Using Integer Set Relations*, 2025, arXiv:2511.10374: layouts
//!   as integer set relations ([`isl`]) and Triton's linear layouts over F2 ([`linear`]).
//! - Two tutorials: *CuTe Layout and Tensor* (a blog tutorial) and *Concepts in CUTLASS.CuTe*
//!   (notes).

#![cfg_attr(not(feature = "std"), no_std)]

pub use cute_core;
pub use cute_core::*;
pub use cute_macros::{layout, shape, tiler, Layout, Shape, Tiler};
pub use cute_static;
pub use cute_static::select;
// What a kernel author calls, by CuTe's names: the static and mixed versions (they shadow the
// dynamic ones of the glob above, which live on under `dynamic`).
pub use cute_static::fragment::{make_fragment_like, make_fragment_like_as};
pub use cute_static::identity::make_identity_tensor;
pub use cute_static::tensor::{local_partition, local_tile, local_tile_step};

/// The dynamic versions of the functions a kernel author calls by CuTe's names at the crate
/// root: the fragment layout of a runtime [`struct@Layout`] and the identity tensor of a runtime
/// shape (an [`IntTuple`]).
pub mod dynamic {
    pub use cute_core::{make_fragment_like, make_identity_tensor};
}

/// What the macros' expansions name; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use cute_core;
    pub use cute_static;
    pub use typenum;
}

#[cfg(feature = "std")]
pub mod expr;

pub mod guide;

/// The README's code blocks, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
