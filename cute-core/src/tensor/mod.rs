//! Tensors: an engine (where the elements are) composed with a layout (Cecka, *CuTe Layout
//! Representation and Algebra*, §2.5).
//!
//! `Tensor<E, L>` reads element `i` at position `base + L(i)` of its engine. The engine is
//! borrowed data (`&[T]`, `&mut [T]`) or an implicit accessor: [`Counting`] (the offsets
//! themselves, CuTe's counting iterator) or [`Coordinates`] (the identity tensor,
//! [`make_identity_tensor`], whose values are coordinates). Construction checks once that every
//! offset of the layout lands inside the data, so element access and
//! [`crate::algorithm::copy()`] need no per-element bounds check.
//!
//! A view of a tensor (a slice, a divide, a tile, a partition) may reach past the data, as the
//! last tiles of a size the tile does not divide do (CuTe's residues): such a view is *partial*
//! ([`Tensor::is_whole`] is `false`). Its elements inside the data are read and written with a
//! check each ([`Tensor::get`], [`Tensor::set`], [`crate::algorithm::copy_if()`], predicated by
//! the identity tensor tiled the same way); `copy` and `gemm` reject it.
//!
//! The layout is any [`TensorLayout`]: the dynamic [`Layout`](crate::Layout), or a static layout of
//! `cute-static`, whose offsets fold to constants.

mod algebra;
mod engine;
mod identity;
mod layout;
mod print;
mod view;

pub use engine::{Counting, Engine, EngineMut, IndexedWrites};
pub use identity::{field_width, fields_admit, make_identity_tensor, Coordinates, IdentityTensor};
pub use layout::{image, TensorLayout, BLOCK, UNROLL_MAX};
pub use print::PrettyPrint;
pub use view::{make_tensor, make_tensor_at, Tensor};
