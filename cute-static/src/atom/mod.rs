//! CuTe's atoms as types: an MMA atom is a zero-sized type whose traits (`Shape_MNK`, `ThrID`,
//! `ALayout`, `BLayout`, `CLayout`, the value types) are associated types and constants, its
//! layouts static; `cute_core::atom` holds the same atoms as runtime values, with the tiled
//! operations over them.

pub mod mma_atom;

pub use mma_atom::*;
