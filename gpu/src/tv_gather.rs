//! A thread-value layout read as a function: 128 threads, 4 values each, over a 512-element
//! tile, `TV(t, v)` the tile offset of thread `t`'s value `v` (CuTe's `tv_layout(tid, v)`); each
//! thread gathers its values and stores them value-major (`dst[t + 128 v]`). Block `b` works on
//! the `b`-th 512 elements.

use core::arch::nvptx::_thread_idx_x;

use crate::block_tile;

use cute::Layout;

/// `((32,4),(2,2)):((2,128),(1,64))`: lanes pair up along the tile, warps step by 128, each
/// thread's values a 2x2 block.
type Tv = Layout!(((32,4),(2,2)):((2,128),(1,64)));
/// Threads.
const THREADS: i32 = 128;
/// Values per thread.
const VALUES: usize = 4;
/// Elements per block.
const TILE: usize = 512;

/// The cute kernel: the offsets from the layout.
///
/// # Safety
/// `src` and `dst` point to 512 `f32` per block of the grid each, `dst` not overlapping `src`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tv_gather_cute(src: *const f32, dst: *mut f32) {
    let t = _thread_idx_x();
    if !(0..THREADS).contains(&t) {
        return;
    }
    // SAFETY: the caller's: this block's 512 elements.
    let (src, dst) = unsafe { block_tile::<TILE>(src, dst) };
    let tv = Tv::default();
    for v in 0..VALUES {
        let o = tv.offset(i64::from(t) + i64::from(THREADS) * v as i64);
        // SAFETY: `TV` maps into 0..512.
        unsafe { *dst.add(t as usize + THREADS as usize * v) = *src.add(o as usize) };
    }
}

/// The hand twin: the same offsets by index arithmetic.
///
/// # Safety
/// As [`tv_gather_cute`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tv_gather_hand(src: *const f32, dst: *mut f32) {
    let t = _thread_idx_x();
    if !(0..THREADS).contains(&t) {
        return;
    }
    // SAFETY: as above.
    let (src, dst) = unsafe { block_tile::<TILE>(src, dst) };
    let t = t as usize;
    let (lane, warp) = (t % 32, t / 32);
    for v in 0..VALUES {
        let o = 2 * lane + 128 * warp + (v % 2) + 64 * (v / 2);
        // SAFETY: the offset is below 512.
        unsafe { *dst.add(t + THREADS as usize * v) = *src.add(o) };
    }
}
