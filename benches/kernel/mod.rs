//! Kernels written with cute against the same tiling by hand and the baseline a Rust user would
//! pick (issue 13): `kernel/sgemm/<n>/{cute,hand,matrixmultiply}`,
//! `kernel/transpose/<n>/{cute,hand,memcpy}`, and their parallel variants with the `rayon`
//! feature (`kernel/sgemm_par`, `kernel/transpose_par`).

mod pages;
pub(crate) mod sgemm;
pub(crate) mod transpose;
