//! The generic algorithms over tensors (seed 000 §2.6): `copy` and `gemm`, for any layouts.

pub mod copy;
pub mod gemm;

pub use copy::{copy, Copied, CopyPlan};
pub use gemm::gemm;
