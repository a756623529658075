//! The kernels of the cute repository, written with cute the CuTe way, each beside its hand twin
//! (the same tiling by index arithmetic) and, where it is a CPU kernel, its definition. One crate
//! so that the examples, the benchmarks, the tests and the GPU crate (`gpu/`) run the same code.
//!
//! - `sgemm` and `transpose`: the CPU kernels of CuTe's tutorials (`std`; their parallel
//!   variants with `rayon`).
//! - `user`: the kernels a first-time user wrote (`std`).
//! - [`thread`]: one thread's work in a block, the phases of the GPU kernels (`no_std`).
//!
//! Without the `std` feature the crate is `no_std` and holds [`thread`] alone, as the GPU crate
//! builds it.
//!
//! The user kernels and their twins are `#[inline]`, so that each is compiled in the crate that
//! calls it, as a user's kernel is, and not once here: compiled here and linked in, even with fat
//! LTO, the cute softmax of `examples/user_kernels` ran 110.2 M instructions instead of 99.8 M
//! (callgrind, 1000x1003), the transpose through shared memory 39.3 M instead of 17.9 M, and the
//! cute/hand timings moved from 0.97-1.02 to 1.08-1.22. `sgemm` and `transpose` are compiled here:
//! inlined into the four stridings that `examples/sgemm.rs` checks, the SGEMM took 4 minutes of
//! CPU to build, and their instructions match their twins' either way.
//!
//! Modules, each importing only from the lines below it:
//!
//! ```text
//! thread user — the groups, declaring their kernels
//! sgemm transpose thread::sgemm thread::smem_transpose thread::tile_copy user::conv2d user::rowsum_generic user::softmax user::transpose_smem — the kernels, each on cute alone
//! ```
#![no_std]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "std")]
pub mod sgemm;
pub mod thread;
#[cfg(feature = "std")]
pub mod transpose;
#[cfg(feature = "std")]
pub mod user;
