//! A static 16x8 tile (column-major) partitioned over 32 threads `(4,8):(1,4)`: each thread
//! copies its four elements (rows `t0 + 4i` of column `t1`) through registers. Block `b` copies
//! the `b`-th tile.

use core::arch::nvptx::_thread_idx_x;

use crate::block_tile;

use cute::algorithm::copy;
use cute::{layout, local_partition, make_fragment_like, make_tensor, Error};

/// The elements of the tile.
const TILE: usize = 16 * 8;
/// The threads of the partition.
const THREADS: i64 = 32;

/// Thread `t`'s partition of `src`, through registers, to the same place in `dst`.
#[inline(always)]
fn copy_partition(src: &[f32], dst: &mut [f32], t: i64) -> Result<(), Error> {
    let s = make_tensor(src, layout!((16,8):(1,16)))?;
    let mut d = make_tensor(dst, layout!((16,8):(1,16)))?;
    // CuTe's order (its tutorials' `tAgA`, `tAsA`, then the fragments, then the copies).
    let threads = layout!((4,8):(1,4));
    let mine = local_partition(s, &threads, t)?;
    let mut out = local_partition(d.view_mut(), &threads, t)?;
    let mut regs = make_fragment_like(&mine);
    copy(&mine, &mut regs)?;
    copy(&regs, &mut out)?;
    Ok(())
}

/// The cute kernel: one block of 32 threads copies one tile.
///
/// # Safety
/// `src` and `dst` point to 128 `f32` per block of the grid each, `dst` not overlapping `src`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn partition_copy_cute(src: *const f32, dst: *mut f32) {
    let t = i64::from(_thread_idx_x());
    if !(0..THREADS).contains(&t) {
        return;
    }
    // SAFETY: the caller's: this block's tile.
    let (s, d) = unsafe {
        let (src, dst) = block_tile::<TILE>(src, dst);
        (
            core::slice::from_raw_parts(src, TILE),
            core::slice::from_raw_parts_mut(dst, TILE),
        )
    };
    let _ = copy_partition(s, d, t);
}

/// The hand twin: the same four elements by index arithmetic.
///
/// # Safety
/// As [`partition_copy_cute`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn partition_copy_hand(src: *const f32, dst: *mut f32) {
    let t = _thread_idx_x();
    if !(0..THREADS as i32).contains(&t) {
        return;
    }
    // SAFETY: as above.
    let (src, dst) = unsafe { block_tile::<TILE>(src, dst) };
    let t = t as usize;
    let (t0, t1) = (t % 4, t / 4);
    let mut regs = [0f32; 4];
    for (i, r) in regs.iter_mut().enumerate() {
        // SAFETY: the offset is below 128.
        *r = unsafe { *src.add(t0 + 4 * i + 16 * t1) };
    }
    for (i, r) in regs.iter().enumerate() {
        // SAFETY: as above.
        unsafe { *dst.add(t0 + 4 * i + 16 * t1) = *r };
    }
}
