//! A runtime `m x n` column-major matrix copied tile by tile, the guide's tiling as a kernel:
//! block `(bm, bn)` takes the static 16x8 tile `(bm, bn)` of `local_tile`, its 32 threads
//! `(4,8):(1,4)` four elements each by `local_partition`, through registers from
//! `make_fragment_like`; tiles past the matrix's edge are predicated by the identity tensor (the
//! thread's work is `cute_kernels::thread::tile_copy`, which the `no_std` check builds too).
//! `check.sh` holds it to no call, no local memory and no stack frame, but not yet to its twin's
//! registers and instructions: its checks are still many more instructions than the twin's
//! (`KNOWN` in `check.sh`, a ratchet), and `tile_copy_checked`, the twin with the same checks
//! written once by hand, shows how many of them any checked kernel keeps.

use core::arch::nvptx::{_block_idx_x, _block_idx_y, _thread_idx_x};

use cute_kernels::thread::tile_copy::tile_copy;

use crate::matrix;

/// The cute kernel: a grid of `(⌈m/16⌉, ⌈n/8⌉)` blocks of 32 threads.
///
/// # Safety
/// `src` and `dst` point to `m n` `f32` each, `dst` not overlapping `src`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tile_copy_cute(src: *const f32, dst: *mut f32, m: i64, n: i64) {
    // SAFETY: the caller's.
    let (t, block, s, d) = unsafe { matrix(src, dst, (m, n)) };
    let _ = tile_copy(s, d, (m, n), block, t);
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

/// The hand twin with the checks a safe library makes on the device (a measurement, not a
/// kernel to copy: `check.sh` prints its figures beside the pair's). What `tile_copy_cute`
/// checks before it copies, written by hand: the layout's invariant (`m, n >= 0`, the size and
/// the last offset within `i64`), the tensors within their data, the tile coordinate within its
/// grid and the thread within its layout; then the tile copied whole, or each element predicated,
/// as the cute kernel does: what a checked `tile_copy` costs on the device when each check is
/// written once (BENCHMARKS.md compares the three).
///
/// # Safety
/// As [`tile_copy_cute`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tile_copy_checked(
    src: *const f32,
    dst: *mut f32,
    m: i64,
    n: i64,
) {
    // SAFETY: the caller's.
    let (t, block, s, d) = unsafe { matrix(src, dst, (m, n)) };
    let _ = checked_copy(s, d, (m, n), block, t);
}

/// The work of [`tile_copy_checked`]; `None` where `tile_copy` returns an error.
#[inline(always)]
fn checked_copy(
    s: &[f32],
    d: &mut [f32],
    (m, n): (i64, i64),
    (bm, bn): (i64, i64),
    t: i64,
) -> Option<()> {
    if m < 0 || n < 0 {
        return None;
    }
    // The invariant counts an empty mode as 1. An empty matrix fits any data, but its grid has
    // no tile: the check of the tile coordinate below refuses it (the library's `local_tile`).
    m.max(1).checked_mul(n.max(1))?;
    let last = (n.max(1) - 1).checked_mul(m)?.checked_add(m.max(1) - 1)?;
    let fits = |len: usize| last < len as i64;
    if !fits(s.len()) || !fits(d.len()) || !(0..32).contains(&t) {
        return None;
    }
    let (grid_m, grid_n) = ((m + 15) / 16, (n + 7) / 8);
    if !(0..grid_m).contains(&bm) || !(0..grid_n).contains(&bn) {
        return None;
    }
    let (row, col) = (16 * bm + t % 4, 8 * bn + t / 4);
    let at = |i: usize| (row + 4 * i as i64 + col * m) as usize;
    let mut regs = [0f32; 4];
    if 16 * bm + 16 <= m && 8 * bn + 8 <= n {
        for (i, r) in regs.iter_mut().enumerate() {
            // SAFETY: the tile lies inside the matrix, whose last offset is below `len`.
            *r = unsafe { *s.get_unchecked(at(i)) };
        }
        for (i, r) in regs.iter().enumerate() {
            // SAFETY: as above.
            unsafe { *d.get_unchecked_mut(at(i)) = *r };
        }
    } else {
        let inside = |i: usize| row + 4 * (i as i64) < m && col < n;
        for (i, r) in regs.iter_mut().enumerate() {
            if inside(i) {
                // SAFETY: `(row, col)` is inside the matrix.
                *r = unsafe { *s.get_unchecked(at(i)) };
            }
        }
        for (i, r) in regs.iter().enumerate() {
            if inside(i) {
                // SAFETY: as above.
                unsafe { *d.get_unchecked_mut(at(i)) = *r };
            }
        }
    }
    Some(())
}
