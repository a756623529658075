//! The facade without `std`: the macros expand to paths that exist in a `no_std` crate, and the
//! tiling of the guide (a runtime-sized matrix, a static tile, a thread's partition, registers)
//! builds here, and so does a transpose through a swizzled shared-memory tile. The crate has its own panic handler: had any dependency linked `std`, the two
//! handlers would clash (`duplicate lang item`), on the host as on a target without `std`.
#![no_std]

use cute::{Layout, Tiler};

/// The static tile of every block.
pub type Tile = Tiler!(<16:1,8:1>);

/// A static thread layout, spelled as a type.
pub type Threads = Layout!((4,8):(1,4));

mod sgemm;
mod tiling;
mod transpose;

pub use sgemm::{
    k_tiles, sgemm_begin, sgemm_end, sgemm_load, sgemm_mma, Acc, BK, BM, BN, SMEM,
    THREADS as SGEMM_THREADS,
};
pub use tiling::tile_copy;
pub use transpose::{transpose_load, transpose_store, THREADS as TRANSPOSE_THREADS, TILE};

#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
