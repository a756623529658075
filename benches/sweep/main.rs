//! Sweeps: every fragment shape and thread-value copy a user writes, cute beside the same code
//! by hand, in one run.
//!
//! Built only with the `sweep` feature (hundreds of static instantiations: minutes to build):
//! `bash benches/sweep_report.sh` runs them and prints the distribution of cute/hand.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented public functions"
)]

use criterion::criterion_main;

mod copy;
mod gemm;

criterion_main!(gemm::benches, copy::benches);
