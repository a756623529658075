//! Kernels for `nvptx64-nvidia-cuda`, each written with cute the CuTe way beside a hand twin with
//! the same tiling and plain index arithmetic. `check.sh` compiles them to PTX, assembles the PTX
//! with NVIDIA's `ptxas` and compares each cute kernel with its twin; `run.sh` runs them on a GPU.
#![no_std]
#![feature(abi_ptx, stdarch_nvptx, asm_experimental_arch)]

mod partition_copy;
mod sgemm;
mod smem_transpose;
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

/// The thread's index, its block's `(x, y)` and the `m n` elements of `src` and `dst` as
/// slices: where a kernel over a runtime `m x n` matrix starts, the same lines in the cute kernels
/// and the checked twin (the hand twins keep their raw pointers).
///
/// # Safety
/// `src` and `dst` point to `m n` `f32` each, `dst` not overlapping `src`, for as long as the
/// slices live.
#[inline(always)]
unsafe fn matrix<'a>(
    src: *const f32,
    dst: *mut f32,
    (m, n): (i64, i64),
) -> (i64, (i64, i64), &'a [f32], &'a mut [f32]) {
    use core::arch::nvptx::{_block_idx_x, _block_idx_y, _thread_idx_x};
    let t = i64::from(_thread_idx_x());
    let block = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    let len = (m * n) as usize;
    // SAFETY: the caller's.
    let (s, d) = unsafe {
        (
            core::slice::from_raw_parts(src, len),
            core::slice::from_raw_parts_mut(dst, len),
        )
    };
    (t, block, s, d)
}

/// The block's shared-memory tile of `N` `f32` (16-byte aligned), as a generic pointer: PTX
/// declares it in the kernel that inlines this (Rust has no shared-memory statics on this target).
///
/// # Safety
/// Each call declares a tile of its own (its asm is not `pure`, so two calls are not merged),
/// shared by the block's threads: call it unconditionally at the kernel's entry, where every
/// thread runs the same declaration (a copy of the asm on another path would be another tile).
/// Each thread then views the whole tile as a slice while the others write it; the block's
/// barriers order those accesses, but Rust's aliasing rules for `&mut` do not know them: a
/// raw-pointer engine would be the sound form.
#[inline(always)]
unsafe fn shared_tile<const N: usize>() -> *mut f32 {
    let p: u64;
    // SAFETY: declares a `.shared` array in a scope of its own and takes its generic address.
    unsafe {
        core::arch::asm!(
            "{{ .shared .align 16 .b8 cute_shared_tile[{bytes}]; cvta.shared.u64 {p}, cute_shared_tile; }}",
            bytes = const 4 * N,
            p = out(reg64) p,
            options(nostack),
        );
    }
    p as *mut f32
}

/// `f(0)`, …, `f(7)` written out: CUDA's `#pragma unroll` for a hand-written kernel, so that
/// registers indexed by the loop's variable stay registers.
#[inline(always)]
fn unroll8(mut f: impl FnMut(usize)) {
    f(0);
    f(1);
    f(2);
    f(3);
    f(4);
    f(5);
    f(6);
    f(7);
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
