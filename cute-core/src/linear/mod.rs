//! Linear layouts over F2 (Triton's `LinearLayout`, cited by Cecka, *CuTe Layout Representation
//! and Algebra*, and by Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling Layout Abstractions
//! Using Integer Set Relations*): named input dimensions (`register`, `lane`, `warp`, `offset`, …)
//! and output dimensions of power-of-two sizes, and one basis vector per input bit. The image of
//! an input is the XOR of the basis vectors of its set bits (Bhaskaracharya et al. Eq. 20).
//!
//! Bits are numbered colexicographically, as Bhaskaracharya et al. number them: the bits of input
//! dimension 0 first, low bit first, then those of dimension 1, and so on; the same for the
//! output dimensions. A basis vector is kept as one integer over all output bits in that order,
//! so application, composition and inversion are operations on bit vectors (no heap, at most
//! [`MAX_BITS`] input and [`MAX_OUT_BITS`] output bits).

mod algebra;
mod column_action;
mod convert;
mod dims;
mod divide;
mod echelon;
mod layout;
mod print;
mod query;
mod reshape;
#[cfg(test)]
mod tests;

pub use crate::limits::{MAX_BITS, MAX_DIMS, MAX_NAME, MAX_OUT_BITS};
pub use column_action::ColumnAction;
pub(crate) use dims::dim_operand;
pub use dims::{Dim, Name};
pub use layout::LinearLayout;
pub use print::Table;
