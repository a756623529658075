//! The guide: `cute` chapter by chapter, every example a compiled doctest.
//!
//! The README is the front page (what `cute` is, how to install it, the main job, a short tour);
//! these chapters are the rest, each a module with documentation only:
//!
//! | chapter | what it covers |
//! |---|---|
//! | [`layouts`] | layouts, integer tuples, tilers, tensors and the rest of the inventory ("What is here"); what every operation does with an empty layout |
//! | [`algebra`] | a short tour of composition, products and divides with the paper's worked examples, and the inputs where CuTe C++ returns a wrong layout |
//! | [`static_layouts`] | layouts whose shapes and strides are types, the algebra as type operators; runtime sizes with static tiles, and what is checked when |
//! | [`tensors`] | tensors, partitioning and copies; tiles and partitions of a runtime-sized tensor, predication, register fragments |
//! | [`kernels`] | atoms, `TiledMMA` and `TiledCopy`; the SGEMM and transpose kernels beside their hand twins; kernels as a first-time user writes them |
//! | [`gpu`] | without `std`: kernel crates for GPUs and embedded targets; the kernels of `gpu/` |
//! | [`swizzles_and_banks`] | swizzled layouts backing tensors, choosing a swizzle against bank conflicts, F2 strides |
//! | [`linear_layouts`] | layouts as integer set relations (ISL), Triton's linear layouts over F2 |
//! | [`morphisms`] | tractable layouts, morphisms of nested tuples, composition by mutual refinement |
//! | [`command`] | the `cute` command: `eval`, `show`, `svg`, `latex`, `explain` and the others |
//!
//! `cargo doc --open` shows them under `cute::guide`; the same examples as expressions run in the
//! `cute` command (`cute eval "..."`, [`command`]).
//!
//! # References
//!
//! Section, equation, table and figure numbers (§3.3.3, Eq. 20, Table 4) refer to Cecka's paper
//! unless another paper is named:
//!
//! - Cris Cecka, *CuTe Layout Representation and Algebra*, 2026 (arXiv:2603.02298): layouts, the
//!   layout algebra and tensors, the specification `cute-core` implements; cited as "Cecka" or by
//!   bare section, equation, table and figure numbers.
//! - Jack Carlisle, Jay Shah, Reuben Stern, Paul VanKoughnett, *Fundamentals of CuTe Layout
//!   Algebra and Category-theoretic Interpretation*, Colfax Research, 2026: tractable layouts,
//!   morphisms of nested tuples and composition by mutual refinement ([`morphisms`]); cited as
//!   "Carlisle et al.".
//! - Somashekaracharya G. Bhaskaracharya, Aravind Acharya, Bastian Hagedorn, Vinod Grover,
//!   *Modeling Layout Abstractions Using Integer Set Relations*, 2025 (arXiv:2511.10374): layouts
//!   as integer set relations, swizzles and Triton's linear layouts ([`linear_layouts`]); cited
//!   as "Bhaskaracharya et al.".
//! - Two tutorials: *CuTe Layout and Tensor* (a blog tutorial) and *Concepts in CUTLASS.CuTe*
//!   (notes).

#[doc = include_str!("layouts.md")]
pub mod layouts {}

#[doc = include_str!("algebra.md")]
pub mod algebra {}

#[doc = include_str!("static_layouts.md")]
pub mod static_layouts {}

#[doc = include_str!("tensors.md")]
pub mod tensors {}

#[doc = include_str!("kernels.md")]
pub mod kernels {}

#[doc = include_str!("gpu.md")]
pub mod gpu {}

#[doc = include_str!("swizzles_and_banks.md")]
pub mod swizzles_and_banks {}

#[doc = include_str!("linear_layouts.md")]
pub mod linear_layouts {}

#[doc = include_str!("morphisms.md")]
pub mod morphisms {}

#[doc = include_str!("command.md")]
pub mod command {}
