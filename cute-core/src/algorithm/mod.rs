//! The generic algorithms over tensors (Cecka, *CuTe Layout Representation and Algebra*, §2.6):
//! `copy`, `copy_if`, `fill`, `clear`,
//! `for_each`, `transform`, `fold`, `axpby` and `gemm`, for any layouts, and `copy_with` through a copy atom.

pub mod axpby;
pub mod copy;
pub mod copy_atom;
mod copy_chunked;
pub mod copy_if;
mod copy_plan;
mod copy_static;
mod copy_transpose;
pub mod fill;
pub mod fold;
pub mod gemm;
pub mod transform;

pub use axpby::{axpby, axpby_if};
pub use copy::{copy, Copied};
pub use copy_atom::{copy_with, CopyAtom, Transpose8x8};
pub use copy_if::{copy_if, elem_less};
pub use copy_plan::CopyPlan;
pub use fill::{clear, fill};
pub use fold::fold;
pub use gemm::gemm;
pub use transform::{for_each, transform, transform_into};
