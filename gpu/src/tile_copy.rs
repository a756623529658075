//! A runtime `m x n` column-major matrix copied tile by tile, the README's tiling as a kernel:
//! block `(bm, bn)` takes the static 16x8 tile `(bm, bn)` of `local_tile`, its 32 threads
//! `(4,8):(1,4)` four elements each by `local_partition`, through registers from
//! `make_fragment_like`; tiles past the matrix's edge are predicated by the identity tensor (the
//! thread's work is `tests/no_std/src/tiling.rs`, which the `no_std` check builds too).
//! `check.sh` holds it to no call, no local memory and no stack frame, but not yet to its twin's
//! registers and instructions: its checks and its error paths (inline on a GPU) are still many
//! more instructions than the twin's (`KNOWN` in `check.sh`, a ratchet).

use core::arch::nvptx::{_block_idx_x, _block_idx_y, _thread_idx_x};

#[path = "../../tests/no_std/src/tiling.rs"]
mod tiling;

use tiling::tile_copy;

/// The cute kernel: a grid of `(⌈m/16⌉, ⌈n/8⌉)` blocks of 32 threads.
///
/// # Safety
/// `src` and `dst` point to `m n` `f32` each, `dst` not overlapping `src`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tile_copy_cute(src: *const f32, dst: *mut f32, m: i64, n: i64) {
    let t = i64::from(_thread_idx_x());
    let (bm, bn) = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    let len = (m * n) as usize;
    // SAFETY: the caller's.
    let (s, d) = unsafe {
        (
            core::slice::from_raw_parts(src, len),
            core::slice::from_raw_parts_mut(dst, len),
        )
    };
    let _ = tile_copy(s, d, (m, n), (bm, bn), t);
}

/// The hand twin: the same tiles, threads and registers by index arithmetic.
///
/// # Safety
/// As [`tile_copy_cute`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tile_copy_hand(src: *const f32, dst: *mut f32, m: i64, n: i64) {
    let t = i64::from(_thread_idx_x());
    if !(0..32).contains(&t) {
        return;
    }
    let (bm, bn) = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    let (row, col) = (16 * bm + t % 4, 8 * bn + t / 4);
    if col >= n {
        return;
    }
    let mut regs = [0f32; 4];
    for (i, r) in regs.iter_mut().enumerate() {
        let row = row + 4 * i as i64;
        if row < m {
            // SAFETY: `(row, col)` is inside the matrix.
            *r = unsafe { *src.add((row + col * m) as usize) };
        }
    }
    for (i, r) in regs.iter().enumerate() {
        let row = row + 4 * i as i64;
        if row < m {
            // SAFETY: as above.
            unsafe { *dst.add((row + col * m) as usize) = *r };
        }
    }
}
