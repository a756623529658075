//! Kernels for `nvptx64-nvidia-cuda`, each written with cute the CuTe way beside a hand twin with
//! the same tiling and plain index arithmetic. `check.sh` compiles them to PTX, assembles the PTX
//! with NVIDIA's `ptxas` and compares each cute kernel with its twin; `run.sh` runs them on a GPU.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx)]

mod partition_copy;
mod tile_copy;
mod tv_gather;

/// Block `blockIdx.x`'s tile of `TILE` elements of `src` and `dst`: where a kernel over a grid of
/// tiles starts, the same line in a cute kernel and its hand twin.
///
/// # Safety
/// `src` and `dst` hold `TILE` elements per block of the grid.
#[inline(always)]
unsafe fn block_tile<const TILE: usize>(src: *const f32, dst: *mut f32) -> (*const f32, *mut f32) {
    let b = core::arch::nvptx::_block_idx_x() as usize * TILE;
    // SAFETY: the caller's.
    unsafe { (src.add(b), dst.add(b)) }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
