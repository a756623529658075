//! One thread's work in a block, for the kernels of the GPU crate (`gpu/`), which call these
//! functions with the block's barriers between the phases, and for the tests, which run every
//! thread of a block in turn on the CPU. `no_std`: the crate builds them for `nvptx64` and for
//! targets without `std`.

pub mod sgemm;
pub mod smem_transpose;
pub mod tile_copy;
