//! The generic algorithms over tensors (seed 000 §2.6): `copy`, `copy_if`, `fill`, `clear`,
//! `axpby` and `gemm`, for any layouts, and `copy_with` through a copy atom.

pub mod axpby;
pub mod copy;
pub mod copy_atom;
pub mod copy_if;
pub mod fill;
pub mod gemm;

pub use axpby::{axpby, axpby_if};
pub use copy::{copy, Copied, CopyPlan};
pub use copy_atom::{copy_with, CopyAtom, Transpose8x8};
pub use copy_if::{copy_if, elem_less};
pub use fill::{clear, fill};
pub use gemm::gemm;
