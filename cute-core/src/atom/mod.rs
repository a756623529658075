//! CuTe's kernel vocabulary on runtime values: MMA and copy atoms, and the tiled operations
//! over them (`TiledMMA`, `TiledCopy`) with their thread-value layouts and partitions.
//!
//! An atom is one instruction's traits: which threads take part (`ThrID`) and which element of
//! the instruction's tile each thread's each value is (its thread-value layouts). A tiled
//! operation repeats an atom over threads and values, and partitions a tensor's layout into each
//! thread's share. Every layout is built with the exact algebra, so results equal CuTe C++'s
//! (`tests/data/atoms.jsonl`, computed with CuTe 4.2) and an input the algebra refuses fails
//! with its condition, named within the tiled operation.
//!
//! ```
//! use cute_core::atom::{make_tiled_copy_a, make_tiled_mma, CopyAtom, MmaAtom};
//! let atom: MmaAtom = "SM80_16x8x16_F16F16F16F16_TN".parse()?;
//! let mma = make_tiled_mma(&atom, &"(2,2):(1,2)".parse()?, Some(&"<32:1,32:1,16:1>".parse()?))?;
//! let ldsm: CopyAtom = "Copy_Atom<SM75_U32x4_LDSM_N, half_t>".parse()?;
//! let s2r = make_tiled_copy_a(&ldsm, &mma)?;
//! assert_eq!(s2r.size(), 128);
//! // Thread 0's 8 halves of A at each of the 4x2 steps of a row-major 128x32 tile.
//! let (part, _) = s2r.partition_s(0, &"(128,32):(32,1)".parse()?)?;
//! assert_eq!(part.to_string(), "((8,1),4,2):((1,0),1024,16)");
//! # Ok::<(), cute_core::Error>(())
//! ```
//!
//! Its modules are drawn in the crate's module DAG ([`crate`]).

mod build;
pub mod copy_atom;
pub mod mma_atom;
mod spelling;
pub mod thr;
pub mod tiled_copy;
pub mod tiled_mma;
pub mod value_type;

pub use copy_atom::CopyAtom;
pub use mma_atom::{Major, MmaAtom};
pub use thr::{copy, gemm, ThrCopy, ThrMma};
pub use tiled_copy::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, make_tiled_copy_tv,
    Side, TiledCopy,
};
pub use tiled_mma::{make_tiled_mma, Operand3, TiledMma};
pub use value_type::{AtomValue, ValueType};
