//! 3x3 convolution, valid, one channel: `out(i, j) = Σ_{r,c} in(i + r, j + c) · w(r, c)` for an
//! `M x N` output over an `(M+2) x (N+2)` row-major input (leading dimension `N + 2`), written
//! the CuTe way as an implicit GEMM over static 4x16 output tiles, a variant that stages each
//! tile's halo in a stack buffer, the same tiling by hand, and the definition. Shared by
//! `examples/user_kernels.rs`, the benchmark `kernel/conv3x3/<MxN>/{cute,halo,hand}` and
//! `tests/user_kernels.rs`.
//!
//! The im2col view of the input is the overlapping layout `(M,N,(3,3)):(ldi,1,(1,ldi))`
//! (output row, output column, filter tap): `local_tile` cuts a `(_4,_16,(_3,_3))` tile of it,
//! the batched form of `gemm` (`(V,M,K)·(V,N,K) => (V,M,N)`, rows as `V`, columns as `M`, the
//! one filter as `N = 1`) accumulates it against the filter broadcast over `V`. The taps run
//! column-fastest, `k = c + 3r`, the filter's row-major order, so every output sums its nine
//! products in the order of the definition and all four functions give the same bits.

use cute::algorithm::{clear, copy, copy_if, elem_less, gemm};
use cute::cute_static::make_layout;
use cute::cute_static::typenum::consts::{U18, U6};
use cute::cute_static::__;
use cute::{
    layout, local_tile, make_fragment_like, make_identity_tensor, make_tensor, tiler, Error, Op,
};

/// The output tile's rows.
pub const BM: i64 = 4;
/// The output tile's columns.
pub const BN: i64 = 16;

/// The number of tiles of `t` that cover `n >= 0`.
fn tiles(n: i64, t: i64) -> i64 {
    (n + t - 1) / t
}

/// 3x3 convolution with cute, as an implicit GEMM on the im2col view of `input`.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per tensor).
#[inline]
pub fn conv3x3(input: &[f32], m: i64, n: i64, w: &[f32; 9], out: &mut [f32]) -> Result<(), Error> {
    let ldi = n + 2;
    // (row, column, (tap column, tap row)) -> input: windows overlap, which only reads allow.
    let gi = make_tensor(input, layout!(({m},{n},(3,3)):({ldi},1,(1,{ldi})))?)?;
    // The output with gemm's N = 1 mode.
    let mut go = make_tensor(out, layout!(({m},{n},1):({n},1,0))?)?;
    // The filter as gemm's B (V,N,K): broadcast over the tile's 4 rows.
    let gw = make_tensor(&w[..], layout!((4,1,(3,3)):(0,0,(1,3))))?;
    let (ia, ic) = (
        make_identity_tensor((m, n, 9))?,
        make_identity_tensor((m, n, 1))?,
    );
    // Tiles of the first two modes, the third kept whole (`_` in the tile coordinate): a
    // <4:1,16:1,9:1> tiler would make the taps' (3,3) runtime (their stride ldi is).
    let tile = tiler!(<4:1,16:1>);
    for tm in 0..tiles(m, BM) {
        for tn in 0..tiles(n, BN) {
            let ta = local_tile(gi, &tile, (tm, tn, __))?; // (_4,_16,(_3,_3)):(ldi,_1,(_1,ldi))
            let mut tc = local_tile(go.view_mut(), &tile, (tm, tn, __))?; // (_4,_16,_1)
            let mut rc = make_fragment_like(&tc); // zeros
            if (tm + 1) * BM <= m && (tn + 1) * BN <= n {
                gemm(&ta, &gw, &mut rc)?;
                copy(&rc, &mut tc)?;
            } else {
                // A residue tile reads past the input: its im2col tile goes through registers,
                // zero past the problem.
                let ca = local_tile(ia, &tile, (tm, tn, __))?;
                let mut ra = make_fragment_like(&ta);
                copy_if(
                    |k| ca.get(k).is_ok_and(|c| elem_less(&c, &[m, n, 9])),
                    &ta,
                    &mut ra,
                )?;
                gemm(&ra, &gw, &mut rc)?;
                let cc = local_tile(ic, &tile, (tm, tn, __))?;
                copy_if(
                    |k| cc.get(k).is_ok_and(|c| elem_less(&c, &[m, n, 1])),
                    &rc,
                    &mut tc,
                )?;
            }
        }
    }
    Ok(())
}

/// 3x3 convolution with cute, each tile's `(4+2) x (16+2)` halo first copied into a static stack
/// buffer, the im2col view then taken over that buffer (a static layout: `gemm` unrolls).
///
/// # Errors
/// As [`conv3x3`].
#[inline]
pub fn conv3x3_halo(
    input: &[f32],
    m: i64,
    n: i64,
    w: &[f32; 9],
    out: &mut [f32],
) -> Result<(), Error> {
    let (mi, ni) = (m + 2, n + 2);
    let gin = make_tensor(input, layout!(({mi},{ni}):({ni},1))?)?;
    let idi = make_identity_tensor((mi, ni))?;
    let mut go = make_tensor(out, layout!(({m},{n},1):({n},1,0))?)?;
    let gw = make_tensor(&w[..], layout!((4,1,(3,3)):(0,0,(1,3))))?;
    let ic = make_identity_tensor((m, n, 1))?;
    let tile = tiler!(<4:1,16:1>);
    let mut halo = [0f32; 6 * 18];
    for tm in 0..tiles(m, BM) {
        for tn in 0..tiles(n, BN) {
            let full = (tm + 1) * BM <= m && (tn + 1) * BN <= n;
            // Halos overlap, so they are no tiles of a divide: each is the (6,18) view at its
            // origin, over the input and over its coordinates (a partial view past the input).
            let (corner, origin) = (tiler!(<1:1,1:1>), (tm * BM, tn * BN));
            let th =
                local_tile(gin, &corner, origin)?.remap(Op::Slice, 0, layout!((6,18):({ni},1))?)?;
            let mut sh = make_tensor(&mut halo[..], layout!((6,18):(18,1)))?;
            if full {
                copy(&th, &mut sh)?;
            } else {
                let halo_of_id = make_layout((U6::new(), U18::new()), idi.layout().stride())?;
                let ch = local_tile(idi, &corner, origin)?.remap(Op::Slice, 0, halo_of_id)?;
                clear(&mut sh)?;
                copy_if(
                    |k| ch.get(k).is_ok_and(|c| elem_less(&c, &[mi, ni])),
                    &th,
                    &mut sh,
                )?;
            }
            let sa = make_tensor(&halo[..], layout!((4,16,(3,3)):(18,1,(1,18))))?;
            let mut tc = local_tile(go.view_mut(), &tile, (tm, tn, __))?;
            let mut rc = make_fragment_like(&tc);
            gemm(&sa, &gw, &mut rc)?;
            if full {
                copy(&rc, &mut tc)?;
            } else {
                let cc = local_tile(ic, &tile, (tm, tn, __))?;
                copy_if(
                    |k| cc.get(k).is_ok_and(|c| elem_less(&c, &[m, n, 1])),
                    &rc,
                    &mut tc,
                )?;
            }
        }
    }
    Ok(())
}

/// 3x3 convolution by hand: the same 4x16 output tiles as [`conv3x3`], a tile's accumulators in
/// a local array, the taps outermost as `gemm` runs them, each row of a whole tile's window a
/// fixed-size slice (checked once) so that the column loop vectorizes (the baseline of
/// `kernel/conv3x3/<MxN>/hand`).
///
/// # Panics
/// When `input` is shorter than `(m + 2) * (n + 2)` or `out` than `m * n` (slice indexing).
#[inline]
pub fn conv3x3_hand(input: &[f32], m: i64, n: i64, w: &[f32; 9], out: &mut [f32]) {
    const TM: usize = BM as usize;
    const TN: usize = BN as usize;
    let (m, n) = (m as usize, n as usize);
    let ldi = n + 2;
    for i0 in (0..m).step_by(TM) {
        for j0 in (0..n).step_by(TN) {
            let (rows, cols) = (TM.min(m - i0), TN.min(n - j0));
            // Row-major accumulators: element (i, j) at TN i + j.
            let mut acc = [0f32; TM * TN];
            for r in 0..3 {
                for c in 0..3 {
                    let wk = w[3 * r + c];
                    if rows == TM && cols == TN {
                        for (i, a) in acc.chunks_exact_mut(TN).enumerate() {
                            let row: &[f32; TN] = input[(i0 + i + r) * ldi + j0 + c..][..TN]
                                .try_into()
                                .unwrap_or_else(|_| unreachable!());
                            for (a, x) in a.iter_mut().zip(row) {
                                *a += x * wk;
                            }
                        }
                    } else {
                        for i in 0..rows {
                            for j in 0..cols {
                                acc[TN * i + j] += input[(i0 + i + r) * ldi + j0 + j + c] * wk;
                            }
                        }
                    }
                }
            }
            for i in 0..rows {
                out[(i0 + i) * n + j0..][..cols].copy_from_slice(&acc[TN * i..][..cols]);
            }
        }
    }
}

/// 3x3 convolution by the definition: the reference of the tests.
pub fn conv3x3_naive(input: &[f32], m: i64, n: i64, w: &[f32; 9], out: &mut [f32]) {
    let (m, n) = (m as usize, n as usize);
    let ldi = n + 2;
    for i in 0..m {
        for j in 0..n {
            let mut acc = 0f32;
            for r in 0..3 {
                for c in 0..3 {
                    acc += input[(i + r) * ldi + j + c] * w[3 * r + c];
                }
            }
            out[i * n + j] = acc;
        }
    }
}
