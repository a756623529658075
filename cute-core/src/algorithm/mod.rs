//! The generic algorithms over tensors (seed 000 §2.6): `copy`, `copy_if` and `gemm`, for any
//! layouts.

pub mod copy;
pub mod copy_if;
pub mod gemm;

pub use copy::{copy, Copied, CopyPlan};
pub use copy_if::{copy_if, elem_less};
pub use gemm::gemm;
