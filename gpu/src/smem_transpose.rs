//! `B = Aᵀ` of a runtime `m x n` row-major matrix through a 32x32 shared-memory tile: block
//! `(bm, bn)` of 256 threads loads tile `(bm, bn)` of `A` into a swizzled shared tile
//! (`Sw<5,0,5> ∘ (32,32):(32,1)`, no bank conflict on either side), waits at the block's
//! barrier, and stores the tile read transposed into tile `(bn, bm)` of `B`; residue tiles
//! predicated by the identity tensor. The thread's work is `cute_kernels::thread::smem_transpose`
//! (which the `it` tests run on the CPU, thread by thread).

use core::arch::nvptx::{_block_idx_x, _block_idx_y, _syncthreads, _thread_idx_x};

use crate::{matrix, shared_tile};

use cute_kernels::thread::smem_transpose::{transpose_load, transpose_store, THREADS, TILE};

/// The shared tile's elements.
const ELEMS: usize = (TILE * TILE) as usize;

/// The cute kernel: a grid of `(⌈m/32⌉, ⌈n/32⌉)` blocks of 256 threads.
///
/// # Safety
/// `src` and `dst` point to `m n` `f32` each, `dst` not overlapping `src`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn smem_transpose_cute(
    src: *const f32,
    dst: *mut f32,
    m: i64,
    n: i64,
) {
    // SAFETY: the caller's; the shared tile is this block's.
    let ((t, (bm, bn), s, d), smem) = unsafe {
        (
            matrix(src, dst, (m, n)),
            core::slice::from_raw_parts_mut(shared_tile::<ELEMS>(), ELEMS),
        )
    };
    // Every thread reaches the barrier, whatever its first phase returned.
    let _ = transpose_load(s, smem, (m, n), (bm, bn), t);
    // SAFETY: reached by every thread of the block.
    unsafe { _syncthreads() };
    let _ = transpose_store(smem, d, (m, n), (bm, bn), t);
}

/// The hand twin: the same tiles, threads and swizzled shared tile by index arithmetic.
///
/// # Safety
/// As [`smem_transpose_cute`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn smem_transpose_hand(
    src: *const f32,
    dst: *mut f32,
    m: i64,
    n: i64,
) {
    let t = i64::from(_thread_idx_x());
    let (bm, bn) = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    // SAFETY: this block's shared tile.
    let smem = unsafe { shared_tile::<ELEMS>() };
    let (i0, j) = (t / 32, t % 32);
    // Sw<5,0,5>: the tile's element (i, j) at 32 i + (j ^ i).
    let at = |i: i64, j: i64| (32 * i + (j ^ i)) as usize;
    if (0..THREADS).contains(&t) {
        for v in 0..4 {
            let i = i0 + 8 * v;
            let (row, col) = (32 * bm + i, 32 * bn + j);
            if row < m && col < n {
                // SAFETY: `(row, col)` is inside `A`; `at` is below 1,024.
                unsafe { *smem.add(at(i, j)) = *src.add((row * n + col) as usize) };
            }
        }
    }
    // SAFETY: reached by every thread of the block.
    unsafe { _syncthreads() };
    if (0..THREADS).contains(&t) {
        for v in 0..4 {
            let i = i0 + 8 * v;
            let (row, col) = (32 * bn + i, 32 * bm + j);
            if row < n && col < m {
                // SAFETY: `(row, col)` is inside `B`; `at` is below 1,024.
                unsafe { *dst.add((row * m + col) as usize) = *smem.add(at(j, i)) };
            }
        }
    }
}
