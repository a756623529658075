//! The generic algorithms (mirroring `cute-core/src/algorithm`).

pub(crate) mod copy;
pub(crate) mod gemm;
