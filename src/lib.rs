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

pub use cute_core;
pub use cute_core::*;
pub use cute_macros::{layout, shape, tiler, Layout, Shape, Tiler};
pub use cute_static;

/// What the macros' expansions name; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use cute_core;
    pub use cute_static;
    pub use typenum;
}

pub mod expr;

/// The README's code blocks, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
