//! `C = α·A·B + β·C` for f32 matrices of runtime `M x N x K` and any strides, written the CuTe
//! way (the structure of CuTe's `sgemm` tutorial mapped to a CPU), and the identical tiling by
//! hand. Shared by `examples/sgemm.rs`, the benchmark `kernel/sgemm/<n>/{cute,hand,
//! matrixmultiply}` and the tests in `tests/it/kernels.rs`.
//!
//! - `local_tile` (with CuTe's `Step` projections) cuts a `BM x BN x BK` block tile out of the
//!   runtime-sized `A (M,K)`, `B (N,K)` and `C (M,N)`: static shapes, runtime strides.
//! - `copy` packs the block's `A` and `B` tiles into static stack tiles (the CPU's shared
//!   memory) whose layouts give each thread one contiguous panel; the copy plans its loops from
//!   the strides, so any striding reads its source in order. Residue tiles are packed by
//!   `copy_if` under the identity tensor, zeros elsewhere.
//! - Each "thread" (an iteration here) takes its `8 x BK` panels of the packed tiles and its
//!   `8 x 8` micro-tile of the block's accumulators with `local_tile` (CuTe's
//!   `inner_partition`: a CPU micro-kernel wants its rows contiguous, where `local_partition`'s
//!   raked rows would make the packing a scatter), and `gemm` on the three static tensors
//!   compiles to the register micro-kernel.
//! - `axpby` (`axpby_if` for residues) is the epilogue.

use std::boxed::Box;

use cute::algorithm::{axpby, axpby_if, clear, copy, copy_if, elem_less, gemm};
use cute::cute_static::identity::make_identity_tensor;
use cute::cute_static::tensor::{local_tile, local_tile_step, Step, X};
use cute::cute_static::typenum::U1;
use cute::cute_static::StaticLayout;
use cute::{layout, make_tensor, tiler, Error};

/// The block tile's rows (`BLK_M`).
pub const BM: usize = 128;
/// The block tile's columns (`BLK_N`).
pub const BN: usize = 128;
/// The block tile's depth (`BLK_K`).
pub const BK: usize = 128;
/// A thread's rows and columns of `C` (the register micro-tile is `MR x MR`).
const MR: usize = 8;
/// The threads along `M`: `BM / MR`.
const TM: usize = BM / MR;
/// The threads along `N`: `BN / MR`.
const TN: usize = BN / MR;

/// The packed `A` tile `(BM,BK)`: thread `tm`'s rows `8 tm .. 8 tm + 8` are one contiguous
/// `(8,BK):(1,8)` panel, so the micro-kernel loads 8 rows of a column as one vector. Panels are
/// `PANEL_A` apart, one cache line more than their size: packing writes a column of `A` into
/// all 16 panels at once, which 4 KiB apart would share one set of the L1 cache (measured).
type SmemA = cute::Layout!(((8,16),128):((1,1040),8));
/// The packed `B` tile `(BN,BK)`: thread `tn`'s columns are one contiguous `(8,BK):(BK,1)`
/// panel, each column's `k` contiguous (the micro-kernel broadcasts `B`, so its order along `n`
/// is free, and `k`-contiguous columns are how a column-major `B` is stored).
type SmemB = cute::Layout!(((8,16),128):((128,1024),1));
/// The block's accumulators `(BM,BN)`: thread `(tm, tn)`'s `8 x 8` micro-tile contiguous.
type Accum = cute::Layout!(((8,16),(8,16)):((1,64),(8,1024)));

/// The distance between two threads' panels of [`SmemA`].
const PANEL_A: usize = MR * BK + 16;

const _: () = assert!(
    SmemA::SIZE == (BM * BK) as i64
        && SmemA::COSIZE == (PANEL_A * (TM - 1) + MR * BK) as i64
        && SmemB::SIZE == (BN * BK) as i64
        && SmemB::COSIZE == (BN * BK) as i64
        && Accum::COSIZE == (BM * BN) as i64
);

/// A matrix's strides: element `(i, j)` is at `i * row + j * col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strides {
    /// The stride between rows.
    pub row: i64,
    /// The stride between columns.
    pub col: i64,
}

impl Strides {
    /// Row-major strides of a matrix with `cols` columns.
    #[must_use]
    pub fn row_major(cols: i64) -> Strides {
        Strides { row: cols, col: 1 }
    }

    /// Column-major strides of a matrix with `rows` rows.
    #[must_use]
    pub fn col_major(rows: i64) -> Strides {
        Strides { row: 1, col: rows }
    }
}

/// A matrix operand: its data and strides.
pub type Matrix<'a> = (&'a [f32], Strides);

/// The extents `[M, N, K]` and the scalars `(α, β)` of a GEMM.
pub type Shape = ([i64; 3], f32, f32);

/// Stack tiles on cache-line boundaries: the micro-kernel's vector loads never split a line.
#[repr(C, align(64))]
pub struct Tiles {
    /// The packed `A` tile ([`SmemA`]).
    a: [f32; PANEL_A * TM],
    /// The packed `B` tile ([`SmemB`]).
    b: [f32; BN * BK],
    /// The block's accumulators ([`Accum`]).
    c: [f32; BM * BN],
}

impl Tiles {
    /// The tiles, zeroed, on the heap (192 KiB, never on the stack: a rayon thread's stack is
    /// 2 MiB).
    fn new() -> Box<Tiles> {
        let layout = std::alloc::Layout::new::<Tiles>();
        // SAFETY: `Tiles` has a non-zero size; all-zero bits are a valid `Tiles` (arrays of
        // 0.0), and the allocation has `Tiles`' layout, as `Box` requires.
        #[expect(
            clippy::cast_ptr_alignment,
            reason = "allocated with `Tiles`' own alignment"
        )]
        unsafe {
            let p = std::alloc::alloc_zeroed(layout).cast::<Tiles>();
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(p)
        }
    }
}

/// The number of tiles of `t` that cover `n`.
fn tiles(n: i64, t: usize) -> i64 {
    (n + t as i64 - 1) / t as i64
}

/// Whether tile `i` of `t` lies inside `0..n`.
fn inside(i: i64, t: usize, n: i64) -> bool {
    (i + 1) * t as i64 <= n
}

/// `C = α·A·B + β·C` with cute, single-threaded: `A` is `M x K`, `B` is `K x N`, `C` is
/// `M x N`, each with its own strides. With `β = 0`, `C` is not read (BLAS's rule); with
/// `K = 0`, `C = β·C`.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per matrix).
pub fn sgemm(
    shape: Shape,
    a: Matrix<'_>,
    b: Matrix<'_>,
    c: &mut [f32],
    sc: Strides,
) -> Result<(), Error> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return sgemm_cute(Avx2(()), shape, a, b, c, sc);
    }
    sgemm_cute(Portable, shape, a, b, c, sc)
}

/// The instruction set the threads' micro-kernels are compiled for, chosen once at run time as
/// matrixmultiply chooses its kernels: the same portable code, no intrinsics. One call runs all
/// threads of a block's k-tile, so the threads' tiling happens inside the function compiled for
/// the instruction set, and the call costs nothing per thread.
pub trait Isa: Copy {
    /// Every thread's `gemm` on its panels of the packed tiles, with cute.
    ///
    /// # Errors
    /// As `gemm`.
    fn threads(self, smem: &mut Tiles) -> Result<(), Error>;

    /// The same by hand.
    fn threads_hand(self, smem: &mut Tiles);
}

/// The baseline instruction set of the target.
#[derive(Clone, Copy)]
struct Portable;

/// AVX2, which the CPU was found to have (the only way to make one).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Avx2(());

impl Isa for Portable {
    fn threads(self, smem: &mut Tiles) -> Result<(), Error> {
        threads_portable(smem)
    }

    fn threads_hand(self, smem: &mut Tiles) {
        threads_hand_portable(smem);
    }
}

#[cfg(target_arch = "x86_64")]
impl Isa for Avx2 {
    fn threads(self, smem: &mut Tiles) -> Result<(), Error> {
        // SAFETY: an `Avx2` exists only where the CPU has AVX2.
        unsafe { threads_avx2(smem) }
    }

    fn threads_hand(self, smem: &mut Tiles) {
        // SAFETY: as above.
        unsafe { threads_hand_avx2(smem) }
    }
}

/// The threads of a block's k-tile with cute: thread `(tm, tn)` takes its `8 x BK` panels of
/// the packed tiles and its `8 x 8` micro-tile of the accumulators with `local_tile`, and `gemm`
/// on the three static tensors is its register micro-kernel.
#[inline(always)]
fn threads(smem: &mut Tiles) -> Result<(), Error> {
    let (panel, micro) = (tiler!(<8:1,128:1>), tiler!(<8:1,8:1>)); // a thread's (8, BK), (8, 8)
    let s_a = make_tensor(&smem.a[..], SmemA::new())?;
    let s_b = make_tensor(&smem.b[..], SmemB::new())?;
    let mut r_c = make_tensor(&mut smem.c[..], Accum::new())?;
    for tn in 0..TN as i64 {
        let tb = local_tile(s_b, &panel, (tn, 0))?; // (8,BK):(BK,1)
        for tm in 0..TM as i64 {
            let ta = local_tile(s_a, &panel, (tm, 0))?; // (8,BK):(1,8)
            let mut tc = local_tile(r_c.view_mut(), &micro, (tm, tn))?; // (8,8):(1,8)
            gemm(&ta, &tb, &mut tc)?;
        }
    }
    Ok(())
}

/// [`threads`] for the baseline instruction set.
#[inline(never)]
fn threads_portable(smem: &mut Tiles) -> Result<(), Error> {
    threads(smem)
}

/// [`threads`] for AVX2 (an `unsafe fn`: a safe one with a target feature needs Rust 1.86, past
/// the workspace's 1.85).
///
/// # Safety
/// The machine has AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
#[target_feature(enable = "avx2")]
unsafe fn threads_avx2(smem: &mut Tiles) -> Result<(), Error> {
    threads(smem)
}

/// `$body` for each constant `$i` in `0..8`: a loop unrolled by hand (rustc leaves a loop of
/// constant trip count to LLVM, whose vectorizer then groups the accumulators across `n`
/// instead of `m`, with 147 shuffles per step: measured).
macro_rules! unroll8 {
    ($i:ident, $body:expr) => {{
        {
            const $i: usize = 0;
            $body;
        }
        {
            const $i: usize = 1;
            $body;
        }
        {
            const $i: usize = 2;
            $body;
        }
        {
            const $i: usize = 3;
            $body;
        }
        {
            const $i: usize = 4;
            $body;
        }
        {
            const $i: usize = 5;
            $body;
        }
        {
            const $i: usize = 6;
            $body;
        }
        {
            const $i: usize = 7;
            $body;
        }
    }};
}

/// The threads of a block's k-tile by hand: the same panels and micro-tiles as [`threads`] by
/// index arithmetic, each micro-kernel `k` outermost with the accumulators in a local array
/// (per `k`, the column of `A` and the row of `B` as fragments, then their outer product).
#[inline(always)]
fn threads_hand(smem: &mut Tiles) {
    for tn in 0..TN {
        let pb: &[f32; MR * BK] = (&smem.b[MR * BK * tn..][..MR * BK])
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        for tm in 0..TM {
            let pa: &[f32; MR * BK] = (&smem.a[PANEL_A * tm..][..MR * BK])
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            let pc = MR * MR * tm + MR * MR * TM * tn;
            let acc: &mut [f32; MR * MR] = (&mut smem.c[pc..][..MR * MR])
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            let mut c = *acc;
            for l in 0..BK {
                let (mut fa, mut fb) = ([0f32; MR], [0f32; MR]);
                unroll8!(I, {
                    fa[I] = pa[I + MR * l];
                    fb[I] = pb[BK * I + l];
                });
                unroll8!(S, unroll8!(R, c[R + MR * S] += fa[R] * fb[S]));
            }
            *acc = c;
        }
    }
}

/// [`threads_hand`] for the baseline instruction set.
#[inline(never)]
fn threads_hand_portable(smem: &mut Tiles) {
    threads_hand(smem);
}

/// [`threads_hand`] for AVX2, as [`threads_avx2`].
///
/// # Safety
/// The machine has AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
#[target_feature(enable = "avx2")]
unsafe fn threads_hand_avx2(smem: &mut Tiles) {
    threads_hand(smem);
}

/// The kernel of [`sgemm`].
#[inline(always)]
fn sgemm_cute<I: Isa>(
    isa: I,
    ([m, n, k], alpha, beta): Shape,
    (a, sa): Matrix<'_>,
    (b, sb): Matrix<'_>,
    c: &mut [f32],
    sc: Strides,
) -> Result<(), Error> {
    // The global tensors: A (M,K), B (N,K) (B's element (l, j) is B(j, l)), C (M,N). An empty
    // extent is an empty layout, as in CuTe: M or N = 0 gives no block, K = 0 no k-tile (so
    // C = β·C).
    let ga = make_tensor(a, layout!(({m},{k}):({sa.row},{sa.col}))?)?;
    let gb = make_tensor(b, layout!(({n},{k}):({sb.col},{sb.row}))?)?;
    let mut gc = make_tensor(c, layout!(({m},{n}):({sc.row},{sc.col}))?)?;
    // The identity tensors of the residue predicates, tiled as the data.
    let (ia, ib, ic) = (
        make_identity_tensor((m, k))?,
        make_identity_tensor((n, k))?,
        make_identity_tensor((m, n))?,
    );
    let blk = tiler!(<128:1,128:1,128:1>); // (BM, BN, BK)
    let micro = tiler!(<8:1,8:1>); // a thread's micro-tile of C
    let (on_a, on_b, on_c) = (
        Step::<(U1, X, U1)>::new(),
        Step::<(X, U1, U1)>::new(),
        Step::<(U1, U1, X)>::new(),
    );
    let mut smem = Tiles::new();
    for bn in 0..tiles(n, BN) {
        for bm in 0..tiles(m, BM) {
            // Whether the block lies inside the problem: the residue test is on coordinates (a
            // tile past the problem may still lie inside the data when a stride wraps).
            let (full_m, full_n) = (inside(bm, BM, m), inside(bn, BN, n));
            smem.c.fill(0.0);
            for bk in 0..tiles(k, BK) {
                let full_k = inside(bk, BK, k);
                let at = local_tile_step(ga, &blk, (bm, bn, bk), on_a)?; // (BM,BK) of A
                let mut s_a = make_tensor(&mut smem.a[..], SmemA::new())?;
                if full_m && full_k {
                    copy(&at, &mut s_a)?;
                } else {
                    let ct = local_tile_step(ia, &blk, (bm, bn, bk), on_a)?;
                    clear(&mut s_a)?;
                    let pred = |i| ct.get(i).is_ok_and(|x| elem_less(&x, &[m, k]));
                    copy_if(pred, &at, &mut s_a)?;
                }
                let bt = local_tile_step(gb, &blk, (bm, bn, bk), on_b)?; // (BN,BK) of B
                let mut s_b = make_tensor(&mut smem.b[..], SmemB::new())?;
                if full_n && full_k {
                    copy(&bt, &mut s_b)?;
                } else {
                    let ct = local_tile_step(ib, &blk, (bm, bn, bk), on_b)?;
                    clear(&mut s_b)?;
                    let pred = |i| ct.get(i).is_ok_and(|x| elem_less(&x, &[n, k]));
                    copy_if(pred, &bt, &mut s_b)?;
                }
                isa.threads(&mut smem)?;
            }
            // The epilogue: C = α·acc + β·C per thread, predicated on a residue block.
            let ct = local_tile_step(gc.view_mut(), &blk, (bm, bn, 0), on_c)?; // (BM,BN) of C
            let cc = local_tile_step(ic, &blk, (bm, bn, 0), on_c)?;
            let r_c = make_tensor(&smem.c[..], Accum::new())?;
            let mut ct = ct;
            for tn in 0..TN as i64 {
                for tm in 0..TM as i64 {
                    let acc = local_tile(r_c, &micro, (tm, tn))?;
                    let mut tc = local_tile(ct.view_mut(), &micro, (tm, tn))?;
                    if full_m && full_n {
                        axpby(alpha, &acc, beta, &mut tc)?;
                    } else {
                        let tcc = local_tile(cc, &micro, (tm, tn))?;
                        let inside = |i| tcc.get(i).is_ok_and(|x| elem_less(&x, &[m, n]));
                        axpby_if(inside, alpha, &acc, beta, &mut tc)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// `C = α·A·B + β·C` by hand: the same blocks, packing, threads, micro-tile and epilogue as
/// [`sgemm`], with index arithmetic and slice indexing (the baseline of
/// `kernel/sgemm/<n>/hand`), chosen for AVX2 the same way.
///
/// # Panics
/// When an index falls outside `a`, `b` or `c` (slice indexing).
pub fn sgemm_hand(shape: Shape, a: Matrix<'_>, b: Matrix<'_>, c: &mut [f32], sc: Strides) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        return hand(Avx2(()), shape, a, b, c, sc);
    }
    hand(Portable, shape, a, b, c, sc);
}

/// Packs the `BM x BK` tile of `A` at block `(bm, bk)` into [`SmemA`] by hand: row `8 t + r`,
/// column `l` at `PANEL_A t + r + 8 l`, column by column; a column of unit stride (`A`
/// column-major) as 16 slice copies. On a residue tile (`!full`), element by element with zeros
/// past the problem `(m, k)`.
#[inline(always)]
fn pack_a(a: Matrix<'_>, (m, k): (i64, i64), (bm, bk): (i64, i64), full: bool, buf: &mut [f32]) {
    let ((a, s), i0, l0) = (a, bm * BM as i64, bk * BK as i64);
    for l in 0..BK {
        let col = (l0 + l as i64) * s.col + i0 * s.row;
        if full && s.row == 1 {
            let src = &a[col as usize..][..BM];
            for (t, src) in src.chunks_exact(MR).enumerate() {
                buf[PANEL_A * t + MR * l..][..MR].copy_from_slice(src);
            }
            continue;
        }
        for t in 0..TM {
            let dst = &mut buf[PANEL_A * t + MR * l..][..MR];
            for (r, d) in dst.iter_mut().enumerate() {
                let i = (MR * t + r) as i64;
                *d = if full || (i0 + i < m && l0 + (l as i64) < k) {
                    a[(col + i * s.row) as usize]
                } else {
                    0.0
                };
            }
        }
    }
}

/// Packs the `BN x BK` tile of `B` (`K x N`) at block `(bn, bk)` into [`SmemB`] by hand: column
/// `8 t + r`, depth `l` at `8 BK t + BK r + l`, column by column of `B`; a column of unit stride
/// (`B` column-major) as one slice copy. On a residue tile, element by element with zeros past
/// the problem `(n, k)`.
#[inline(always)]
fn pack_b(b: Matrix<'_>, (n, k): (i64, i64), (bn, bk): (i64, i64), full: bool, buf: &mut [f32]) {
    let ((b, s), j0, l0) = (b, bn * BN as i64, bk * BK as i64);
    for jj in 0..BN {
        let (j, col) = (j0 + jj as i64, (j0 + jj as i64) * s.col + l0 * s.row);
        let dst = &mut buf[BK * jj..][..BK];
        if full && s.row == 1 {
            dst.copy_from_slice(&b[col as usize..][..BK]);
            continue;
        }
        for (l, d) in dst.iter_mut().enumerate() {
            *d = if full || (j < n && l0 + (l as i64) < k) {
                b[(col + l as i64 * s.row) as usize]
            } else {
                0.0
            };
        }
    }
}

/// The kernel of [`sgemm_hand`].
#[inline(always)]
fn hand<I: Isa>(
    isa: I,
    ([m, n, k], alpha, beta): Shape,
    a: Matrix<'_>,
    b: Matrix<'_>,
    c: &mut [f32],
    sc: Strides,
) {
    if m == 0 || n == 0 {
        return;
    }
    let mut smem = Tiles::new();
    for bn in 0..tiles(n, BN) {
        for bm in 0..tiles(m, BM) {
            let (full_m, full_n) = (inside(bm, BM, m), inside(bn, BN, n));
            smem.c.fill(0.0);
            for bk in 0..tiles(k, BK) {
                let full_k = inside(bk, BK, k);
                pack_a(a, (m, k), (bm, bk), full_m && full_k, &mut smem.a);
                pack_b(b, (n, k), (bn, bk), full_n && full_k, &mut smem.b);
                isa.threads_hand(&mut smem);
            }
            let (i0, j0) = (bm * BM as i64, bn * BN as i64);
            for tn in 0..TN {
                for tm in 0..TM {
                    let acc = &smem.c[MR * MR * tm + MR * MR * TM * tn..][..MR * MR];
                    for s in 0..MR {
                        for r in 0..MR {
                            let (i, j) = (i0 + (MR * tm + r) as i64, j0 + (MR * tn + s) as i64);
                            if (full_m && full_n) || (i < m && j < n) {
                                let x = &mut c[(i * sc.row + j * sc.col) as usize];
                                let ax = alpha * acc[r + MR * s];
                                *x = if beta == 0.0 { ax } else { ax + beta * *x };
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `C = α·A·B + β·C` by the definition (each `C(i, j)` summed in increasing `l`): the reference
/// of the tests.
pub fn sgemm_naive(
    ([m, n, k], alpha, beta): Shape,
    (a, sa): Matrix<'_>,
    (b, sb): Matrix<'_>,
    c: &mut [f32],
    sc: Strides,
) {
    for i in 0..m {
        for j in 0..n {
            let mut acc = 0f32;
            for l in 0..k {
                acc +=
                    a[(i * sa.row + l * sa.col) as usize] * b[(l * sb.row + j * sb.col) as usize];
            }
            let x = &mut c[(i * sc.row + j * sc.col) as usize];
            *x = if beta == 0.0 {
                alpha * acc
            } else {
                alpha * acc + beta * *x
            };
        }
    }
}

/// `C = α·A·B + β·C` on the threads of `pool`: `C` split along its outer mode into panels of
/// whole blocks (`BN` columns of a column-major `C`, `BM` rows of a row-major one), disjoint
/// slices of its data, one task each running `kernel` on its panel and the matching columns of
/// `B` (rows of `A`). A `C` that is neither (or a negative stride) runs on one thread. An
/// unoptimized build keeps the kernel's temporaries in one large frame: give the pool's threads
/// stacks past rayon's 2 MiB (the tests use 64 MiB).
///
/// # Errors
/// As `kernel`.
#[cfg(feature = "rayon")]
pub fn sgemm_par<K>(
    pool: &rayon::ThreadPool,
    kernel: K,
    ([m, n, k], alpha, beta): Shape,
    (a, sa): Matrix<'_>,
    (b, sb): Matrix<'_>,
    c: &mut [f32],
    sc: Strides,
) -> Result<(), Error>
where
    K: Fn(Shape, Matrix<'_>, Matrix<'_>, &mut [f32], Strides) -> Result<(), Error> + Sync,
{
    use rayon::prelude::*;
    let shape = |m, n| ([m, n, k], alpha, beta);
    // The panels along mode `n` (`by_n`) or `m`: their extent, their slice length in `C`, and
    // where the matching part of `B` (or `A`) starts.
    let (by_n, t, ld, step) = if sc.row == 1 && sc.col >= m && sb.col >= 0 {
        (true, BN as i64, sc.col, sb.col)
    } else if sc.col == 1 && sc.row >= n && sa.row >= 0 {
        (false, BM as i64, sc.row, sa.row)
    } else {
        return kernel(shape(m, n), (a, sa), (b, sb), c, sc);
    };
    let len = usize::try_from(t * ld).unwrap_or(usize::MAX);
    let total = if by_n { n } else { m };
    pool.install(|| {
        c.par_chunks_mut(len)
            .enumerate()
            .take(usize::try_from(tiles(total, t as usize)).unwrap_or(0))
            .try_for_each(|(p, cp)| {
                let (p0, extent) = (p as i64 * t, (total - p as i64 * t).min(t));
                let o = usize::try_from(p0 * step).unwrap_or(0);
                if by_n {
                    kernel(shape(m, extent), (a, sa), (from(b, o), sb), cp, sc)
                } else {
                    kernel(shape(extent, n), (from(a, o), sa), (b, sb), cp, sc)
                }
            })
    })
}

/// [`sgemm_hand`] in the signature [`sgemm_par`] runs.
#[cfg(feature = "rayon")]
pub fn sgemm_hand_task(
    shape: Shape,
    a: Matrix<'_>,
    b: Matrix<'_>,
    c: &mut [f32],
    sc: Strides,
) -> Result<(), Error> {
    sgemm_hand(shape, a, b, c, sc);
    Ok(())
}

/// `x` from position `o` on: empty past its end (with `K = 0` there is nothing to read).
#[cfg(feature = "rayon")]
fn from(x: &[f32], o: usize) -> &[f32] {
    x.get(o..).unwrap_or(&[])
}
