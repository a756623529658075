//! `C = α·A·Bᵀ + β·C` (CuTe's `sgemm_1` tutorial, "NT": `A` is `m x k`, `B` is `n x k`, `C` is
//! `m x n`, all column-major) as one thread's work in a block of 256: block `(bm, bn)` takes the
//! `128 x 128` tile of `C`, and for each `k` tile of 8 its threads copy the `128 x 8` tiles of
//! `A` and `B` into shared memory (`(32,8):(1,32)` threads, four elements each), wait at the
//! block's barrier, and accumulate their `8 x 8` of `C` (`(16,16):(1,16)` threads, CuTe's
//! `Step<_1,X>`/`Step<X,_1>` partitions of the shared tiles) with `gemm` into registers from
//! `make_fragment_like`; the epilogue is `axpby`. Residues are predicated by the identity tensor.
//! The phases between barriers are functions of their own ([`sgemm_begin`], [`sgemm_load`],
//! [`sgemm_mma`], [`sgemm_end`]), so that the `it` tests run every thread's phase in turn on the
//! CPU; the GPU kernel (`gpu/src/sgemm.rs`) calls them with the barriers between.

use cute::algorithm::{axpby, axpby_if, clear, copy, copy_if, elem_less, gemm};
use cute::cute_static::fragment::Fragment;
use cute::cute_static::identity::make_identity_tensor;
use cute::cute_static::tensor::{local_partition_step, local_tile_step, Step, X};
use cute::cute_static::typenum::U1;
use cute::{layout, local_partition, make_fragment_like, make_tensor, tiler, Error, Layout};

/// The block tile's rows (of `A` and `C`).
pub const BM: i64 = 128;
/// The block tile's columns (rows of `B`, columns of `C`).
pub const BN: i64 = 128;
/// The `k` tile.
pub const BK: i64 = 8;
/// The threads of a block.
pub const THREADS: i64 = 256;
/// A shared tile's elements (`128 x 8`, of `A` or of `B`).
pub const SMEM: usize = (BM * BK) as usize;

/// A thread's accumulators: its `8 x 8` of the block's tile of `C`, in registers.
pub type Acc = Fragment<f32, Layout!((8,8):(1,8))>;

/// Whether tile `t` of `size` lies inside `0..n`.
#[inline(always)]
fn inside(t: i64, size: i64, n: i64) -> bool {
    (t + 1) * size <= n
}

/// The `k` tiles of a problem of depth `k`.
#[inline(always)]
#[must_use]
pub fn k_tiles(k: i64) -> i64 {
    (k + BK - 1) / BK
}

/// Thread `t`'s accumulators for tile `(bm, bn)` of `C` (`m x n`), cleared: registers like its
/// partition of `C`.
///
/// # Errors
/// A tile or thread outside its grid, or a layout outside its data.
#[inline(always)]
pub fn sgemm_begin(
    c: &[f32],
    (m, n): (i64, i64),
    (bm, bn): (i64, i64),
    t: i64,
) -> Result<Acc, Error> {
    let gc = make_tensor(c, layout!(({m},{n}):(1,{m}))?)?;
    let ct = local_tile_step(
        gc,
        &tiler!(<128:1,128:1,8:1>),
        (bm, bn, 0),
        Step::<(U1, U1, X)>::new(),
    )?;
    let tc = local_partition(ct, &layout!((16,16):(1,16)), t)?;
    let mut acc = make_fragment_like(&tc); // (_8,_8):(_1,_8)
    clear(&mut acc)?;
    Ok(acc)
}

/// Phase 1 of `k` tile `kt`: thread `t`'s four elements of the `128 x 8` tiles of `A` (`m x k`)
/// and `B` (`n x k`) into the shared tiles `sa` and `sb` (`(128,8):(1,128)` each), zeros past
/// the problem's edge.
///
/// # Errors
/// As [`sgemm_begin`].
#[inline(always)]
pub fn sgemm_load(
    (a, b): (&[f32], &[f32]),
    (sa, sb): (&mut [f32], &mut [f32]),
    (m, n, k): (i64, i64, i64),
    (bm, bn): (i64, i64),
    kt: i64,
    t: i64,
) -> Result<(), Error> {
    let blk = tiler!(<128:1,128:1,8:1>);
    let threads = layout!((32,8):(1,32));
    let full_k = inside(kt, BK, k);
    // A's tile (bm, kt): Step<_1,X,_1>.
    let on_a = Step::<(U1, X, U1)>::new();
    let ga = make_tensor(a, layout!(({m},{k}):(1,{m}))?)?;
    let src = local_partition(local_tile_step(ga, &blk, (bm, bn, kt), on_a)?, &threads, t)?;
    let mut dst = local_partition(make_tensor(sa, layout!((128,8):(1,128)))?, &threads, t)?;
    if inside(bm, BM, m) && full_k {
        copy(&src, &mut dst)?;
    } else {
        let c = make_identity_tensor((m, k))?;
        let c = local_partition(local_tile_step(c, &blk, (bm, bn, kt), on_a)?, &threads, t)?;
        clear(&mut dst)?;
        copy_if(
            |i| c.get(i).is_ok_and(|x| elem_less(&x, &[m, k])),
            &src,
            &mut dst,
        )?;
    }
    // B's tile (bn, kt): Step<X,_1,_1>.
    let on_b = Step::<(X, U1, U1)>::new();
    let gb = make_tensor(b, layout!(({n},{k}):(1,{n}))?)?;
    let src = local_partition(local_tile_step(gb, &blk, (bm, bn, kt), on_b)?, &threads, t)?;
    let mut dst = local_partition(make_tensor(sb, layout!((128,8):(1,128)))?, &threads, t)?;
    if inside(bn, BN, n) && full_k {
        copy(&src, &mut dst)?;
    } else {
        let c = make_identity_tensor((n, k))?;
        let c = local_partition(local_tile_step(c, &blk, (bm, bn, kt), on_b)?, &threads, t)?;
        clear(&mut dst)?;
        copy_if(
            |i| c.get(i).is_ok_and(|x| elem_less(&x, &[n, k])),
            &src,
            &mut dst,
        )?;
    }
    Ok(())
}

/// Phase 2 of a `k` tile, after every thread's phase 1: thread `t`'s rows of the shared `A`
/// (`Step<_1,X>` of the thread layout) times its rows of the shared `B` (`Step<X,_1>`) into its
/// accumulators.
///
/// # Errors
/// A thread outside its grid.
#[inline(always)]
pub fn sgemm_mma(sa: &[f32], sb: &[f32], acc: &mut Acc, t: i64) -> Result<(), Error> {
    let threads = layout!((16,16):(1,16));
    let s_a = make_tensor(sa, layout!((128,8):(1,128)))?;
    let s_b = make_tensor(sb, layout!((128,8):(1,128)))?;
    let ta = local_partition_step(s_a, &threads, t, Step::<(U1, X)>::new())?; // (_8,_8)
    let tb = local_partition_step(s_b, &threads, t, Step::<(X, U1)>::new())?; // (_8,_8)
    gemm(&ta, &tb, acc)?;
    Ok(())
}

/// The epilogue: thread `t`'s `8 x 8` of tile `(bm, bn)` of `C` becomes `α·acc + β·C`; past the
/// problem's edge nothing is written.
///
/// # Errors
/// As [`sgemm_begin`].
#[inline(always)]
pub fn sgemm_end(
    c: &mut [f32],
    (m, n): (i64, i64),
    (bm, bn): (i64, i64),
    t: i64,
    (alpha, beta): (f32, f32),
    acc: &Acc,
) -> Result<(), Error> {
    let blk = tiler!(<128:1,128:1,8:1>);
    let threads = layout!((16,16):(1,16));
    let on_c = Step::<(U1, U1, X)>::new();
    let mut gc = make_tensor(c, layout!(({m},{n}):(1,{m}))?)?;
    let ct = local_tile_step(gc.view_mut(), &blk, (bm, bn, 0), on_c)?;
    let mut tc = local_partition(ct, &threads, t)?;
    if inside(bm, BM, m) && inside(bn, BN, n) {
        axpby(alpha, acc, beta, &mut tc)?;
    } else {
        let ic = make_identity_tensor((m, n))?;
        let cc = local_partition(local_tile_step(ic, &blk, (bm, bn, 0), on_c)?, &threads, t)?;
        let inside = |i| cc.get(i).is_ok_and(|x| elem_less(&x, &[m, n]));
        axpby_if(inside, alpha, acc, beta, &mut tc)?;
    }
    Ok(())
}
