//! Kernels written with cute against the same tiling by hand and the baseline a Rust user would
//! pick: `kernel/sgemm/<n>/{cute,hand,matrixmultiply}`,
//! `kernel/transpose/<n>/{cute,hand,memcpy}`, and their parallel variants with the `rayon`
//! feature (`kernel/sgemm_par`, `kernel/transpose_par`); `user.rs`: the kernels a first-time
//! user wrote (`kernel/{softmax,conv3x3,transpose_smem,rowsum_generic}/<MxN>/{cute,hand}`).

mod pages;
pub(crate) mod sgemm;
pub(crate) mod transpose;
pub(crate) mod user;
