//! CuTe's kernel vocabulary on runtime values: MMA and copy atoms, and the tiled operations
//! over them (`TiledMMA`, `TiledCopy`) with their thread-value layouts and partitions.
//!
//! An atom is one instruction's traits: which threads take part (`ThrID`) and which element of
//! the instruction's tile each thread's each value is (its thread-value layouts). A tiled
//! operation repeats an atom over threads and values, and partitions a tensor's layout into each
//! thread's share. Every layout is built by CuTe's steps with the exact algebra, so results equal
//! CuTe C++'s on the cases of `tests/data/atoms.jsonl` (computed with CuTe 4.2), and an input the
//! algebra refuses fails with its condition, named within the tiled operation.
//!
//! Where CuTe C++ is functionally wrong or unchecked, this layer is exact and says so:
//! - an atom layout that splits K over threads: CuTe's C thread-value layout sends the threads
//!   along K past the tile; here they hold their partitions' elements
//!   ([`TiledMma::get_layout_c_tv`]);
//! - a thread's coordinate: CuTe's `(thr / stride) % shape` gives another thread's where the
//!   thread layout is not a mixed radix (an SM70 quad-pair over three atoms); here it reaches the
//!   thread, and an index that is no thread is refused ([`crate::ErrorKind::NotAThread`]);
//! - a thread-value layout of threads that are not `0..size` (one SM70 quad-pair) is refused;
//! - a tensor smaller than the tile it is partitioned by, which CuTe reads past, is refused
//!   ([`crate::ErrorKind::TileExceedsTensor`]);
//! - `partition_fragment_A/B` of an operand every thread reads from shared memory (a GMMA's SS
//!   operands), where CuTe makes descriptors, is refused;
//! - [`copy()`] and [`gemm()`] run thread by thread on the host: atoms whose threads exchange
//!   values (`ldmatrix`, `stmatrix`) or compute together (`mma.sync`) are refused there, their
//!   layouts and partitions still CuTe's.
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
//! The layer is the host's for now: it is not built for `nvptx64`, whose kernels keep the error
//! type `gpu/check.sh` measures. Its modules are drawn in the crate's module DAG ([`crate`]).

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
