//! The generic algorithms over tensors (Cecka, *CuTe Layout Representation and Algebra*, §2.6),
//! checked against the paper's loops.

mod copy;
mod copy_atom;
mod gemm;
