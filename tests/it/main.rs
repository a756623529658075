//! The integration tests of the `cute` facade: one binary, one module per concern.

mod algebra;
mod algorithm;
mod banks;
mod construct;
mod fragment;
mod hash;
mod hostile;
mod kernels;
mod mixed_layouts;
mod mixed_tensor;
mod paper;
mod readme;
mod robustness;
mod select;
mod static_layouts;
mod static_ordered;
mod strategy;
mod swizzle;
mod swizzled_tensor;
mod tensor;
