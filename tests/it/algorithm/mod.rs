//! The generic algorithms over tensors (seed 000 §2.6), checked against the paper's loops.

mod copy;
mod copy_atom;
mod gemm;
