//! Criterion benchmarks, one module per operation (mirroring `cute-core/src`).
//!
//! `cargo bench` runs them all; `cargo bench -- composition/` one group. Results and the C++
//! comparison (`benches/cpp_baseline.sh`) are in `BENCHMARKS.md`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented public functions"
)]

use criterion::criterion_main;

mod algebra;
mod algorithm;
mod kernel;
mod layout;
mod linear;
mod tensor;

criterion_main!(
    algebra::coalesce::benches,
    algebra::composition::benches,
    algebra::complement::benches,
    algebra::inverse::benches,
    algebra::divide::benches,
    algebra::product::benches,
    algorithm::copy::benches,
    algorithm::gemm::benches,
    kernel::sgemm::benches,
    kernel::transpose::benches,
    kernel::user::benches,
    layout::benches,
    linear::benches,
    tensor::benches
);
