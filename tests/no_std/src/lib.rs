//! The facade without `std`: the macros expand to paths that exist in a `no_std` crate, and the
//! kernels' per-thread work (`cute_kernels::thread`: the tiling of the guide, a transpose through
//! a swizzled shared-memory tile, the SGEMM's phases) builds here. The crate has its own panic
//! handler: had any dependency linked `std`, the two handlers would clash (`duplicate lang
//! item`), on the host as on a target without `std`.
#![no_std]

use cute::{Layout, Tiler};

/// The static tile of every block.
pub type Tile = Tiler!(<16:1,8:1>);

/// A static thread layout, spelled as a type.
pub type Threads = Layout!((4,8):(1,4));

// The kernels' per-thread work, `no_std`: built here for the host and the targets without std.
pub use cute_kernels::thread::{sgemm, smem_transpose, tile_copy};

#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
