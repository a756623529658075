//! Kernels written with cute against the same tiling by hand and the baseline a Rust user would
//! pick (issue 13): `kernel/transpose/<n>/{cute,hand,memcpy}`.

pub(crate) mod sgemm;
pub(crate) mod transpose;
