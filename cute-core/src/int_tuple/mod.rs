//! Integer tuples: the vocabulary of shapes, strides and coordinates (Cecka, *CuTe Layout
//! Representation and Algebra*, §2.1–2.2).
//!
//! An [`IntTuple`] is an integer `12` or a hierarchical tuple such as `(4,(2,2))`. It is stored
//! without heap as its structure (a packed token sequence: open, close, leaf, `_`) plus the
//! leaves in order, so `flatten` is the leaf slice itself and every value is a `Copy` struct of
//! 280 bytes.
//!
//! A tuple holds [`MAX_LEAVES`] leaves, [`MAX_TOKENS`] tokens and depth [`MAX_DEPTH`]
//! ([`crate::limits`] says why). Past them an operation fails with
//! [`ErrorKind::Capacity`](crate::ErrorKind::Capacity).

mod div;
#[cfg(test)]
mod tests;
mod tuple;
mod view;

pub use crate::limits::{MAX_DEPTH, MAX_LEAVES, MAX_TOKENS};
pub(crate) use div::ceil_div_product;
pub use div::{ceil_div, shape_div};
pub(crate) use tuple::Builder;
pub use tuple::IntTuple;
pub use view::{Children, View};
