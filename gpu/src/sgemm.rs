//! `C = α·A·Bᵀ + β·C` in the structure of CuTe's `sgemm_1` tutorial ("NT", column-major, runtime
//! `m x n x k`): a grid of `(⌈m/128⌉, ⌈n/128⌉)` blocks of 256 threads, `128 x 8` shared tiles of
//! `A` and `B` per `k` tile, an `8 x 8` of `C` per thread in registers, `axpby` to finish. The
//! thread's phases are `cute_kernels::thread::sgemm` (which the `it` tests run on the CPU, thread
//! by thread); the kernel puts the block's barriers between them.

use core::arch::nvptx::{_block_idx_x, _block_idx_y, _syncthreads, _thread_idx_x};

use crate::{shared_tile, unroll8};

use cute_kernels::thread::sgemm::{k_tiles, sgemm_begin, sgemm_end, sgemm_load, sgemm_mma, BK, BM, BN, SMEM, THREADS};

/// The cute kernel.
///
/// # Safety
/// `a`, `b` and `c` point to `m k`, `n k` and `m n` `f32`, `c` overlapping neither.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_cute(
    a: *const f32,
    b: *const f32,
    c: *mut f32,
    m: i64,
    n: i64,
    k: i64,
    alpha: f32,
    beta: f32,
) {
    let t = i64::from(_thread_idx_x());
    let (bm, bn) = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    // SAFETY: the caller's; the shared tiles are this block's.
    let (a, b, c, sa, sb) = unsafe {
        (
            core::slice::from_raw_parts(a, (m * k) as usize),
            core::slice::from_raw_parts(b, (n * k) as usize),
            core::slice::from_raw_parts_mut(c, (m * n) as usize),
            core::slice::from_raw_parts_mut(shared_tile::<SMEM>(), SMEM),
            core::slice::from_raw_parts_mut(shared_tile::<SMEM>(), SMEM),
        )
    };
    let mut acc = sgemm_begin(c, (m, n), (bm, bn), t);
    for kt in 0..k_tiles(k) {
        // Every thread reaches both barriers, whatever its phases returned.
        let _ = sgemm_load((a, b), (&mut *sa, &mut *sb), (m, n, k), (bm, bn), kt, t);
        // SAFETY: reached by every thread of the block.
        unsafe { _syncthreads() };
        if let Ok(acc) = &mut acc {
            let _ = sgemm_mma(sa, sb, acc, t);
        }
        // SAFETY: as above.
        unsafe { _syncthreads() };
    }
    if let Ok(acc) = &acc {
        let _ = sgemm_end(c, (m, n), (bm, bn), t, (alpha, beta), acc);
    }
}

/// The hand twin: the same blocks, shared tiles, threads and registers by index arithmetic.
///
/// # Safety
/// As [`sgemm_cute`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_hand(
    a: *const f32,
    b: *const f32,
    c: *mut f32,
    m: i64,
    n: i64,
    k: i64,
    alpha: f32,
    beta: f32,
) {
    let t = i64::from(_thread_idx_x());
    let (bm, bn) = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    // SAFETY: this block's shared tiles.
    let (sa, sb) = unsafe { (shared_tile::<SMEM>(), shared_tile::<SMEM>()) };
    let mine = (0..THREADS).contains(&t);
    let mut acc = [0f32; 64];
    // The copies' threads (32,8):(1,32) and the accumulators' (16,16):(1,16).
    let (r, p) = (t % 32, t / 32);
    let (tm, tn) = (t % 16, t / 16);
    for kt in 0..(k + BK - 1) / BK {
        if mine {
            let q = BK * kt + p;
            for v in 0..4 {
                let (i, j) = (BM * bm + r + 32 * v, BN * bn + r + 32 * v);
                let at = (r + 32 * v + 128 * p) as usize;
                // SAFETY: read inside the problem only; `at` is below 1,024.
                unsafe {
                    *sa.add(at) = if i < m && q < k {
                        *a.add((i + m * q) as usize)
                    } else {
                        0.0
                    };
                    *sb.add(at) = if j < n && q < k {
                        *b.add((j + n * q) as usize)
                    } else {
                        0.0
                    };
                }
            }
        }
        // SAFETY: reached by every thread of the block.
        unsafe { _syncthreads() };
        if mine {
            for kk in 0..BK {
                // The thread's column `kk` of its rows of `A` and of `B`, in registers.
                let (mut x, mut y) = ([0f32; 8], [0f32; 8]);
                unroll8(|r| {
                    // SAFETY: below 1,024.
                    unsafe {
                        x[r] = *sa.add(tm as usize + 16 * r + 128 * kk as usize);
                        y[r] = *sb.add(tn as usize + 16 * r + 128 * kk as usize);
                    }
                });
                unroll8(|s| unroll8(|r| acc[r + 8 * s] += x[r] * y[s]));
            }
        }
        // SAFETY: as above.
        unsafe { _syncthreads() };
    }
    if mine {
        unroll8(|s| {
            unroll8(|r| {
                let (i, j) = (BM * bm + tm + 16 * r as i64, BN * bn + tn + 16 * s as i64);
                if i < m && j < n {
                    // SAFETY: `(i, j)` is inside `C`.
                    unsafe {
                        let at = c.add((i + m * j) as usize);
                        *at = alpha * acc[r + 8 * s] + beta * *at;
                    }
                }
            });
        });
    }
}
