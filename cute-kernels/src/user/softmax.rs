//! Row softmax `y(i, j) = exp(x(i, j) - max_i) / Σ_j exp(x(i, j) - max_i)` of an `M x N`
//! row-major f32 matrix, written the CuTe way over static 4x16 tiles, the same tiling by hand,
//! and the two-pass definition. Shared by `examples/user_kernels.rs`, the benchmark
//! `kernel/softmax/<MxN>/{cute,hand}` and `tests/user_kernels.rs`.
//!
//! One block of 4 rows at a time: a first pass over its column tiles keeps a running max and a
//! running sum rescaled whenever the max grows (the online softmax), a second pass writes
//! `exp(x - max) / sum`. Tiles come from `local_tile`, registers from `make_fragment_like`;
//! residue tiles are loaded and stored with `copy_if` under the identity tensor.

use cute::algorithm::{copy, copy_if, elem_less, fill};
use cute::{
    layout, local_tile, make_fragment_like, make_identity_tensor, make_tensor, tiler, Error,
};

/// The tile's rows.
pub const BM: i64 = 4;
/// The tile's columns.
pub const BN: i64 = 16;

/// The number of tiles of `t` that cover `n >= 0`.
fn tiles(n: i64, t: i64) -> i64 {
    (n + t - 1) / t
}

/// Folds one tile's row `i` into the running `(max, sum)`: the sum is rescaled to the new max
/// before the tile's terms are added. `at(j)` is element `(i, j)` of the tile.
#[inline(always)]
fn online(max: f32, sum: f32, at: impl Fn(i64) -> f32) -> (f32, f32) {
    let mut mx = max;
    for j in 0..BN {
        mx = mx.max(at(j));
    }
    let mut s = sum * (max - mx).exp();
    for j in 0..BN {
        s += (at(j) - mx).exp();
    }
    (mx, s)
}

/// Row softmax with cute: `x` and `y` are `m x n` row-major.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per matrix).
#[inline]
pub fn softmax(x: &[f32], m: i64, n: i64, y: &mut [f32]) -> Result<(), Error> {
    let gx = make_tensor(x, layout!(({m},{n}):({n},1))?)?;
    let mut gy = make_tensor(y, layout!(({m},{n}):({n},1))?)?;
    let id = make_identity_tensor((m, n))?;
    let tile = tiler!(<4:1,16:1>);
    // A tile of x in registers; past the matrix, -inf (it adds exp(-inf) = 0 to the sum).
    let load = |tm: i64, tn: i64| {
        let tx = local_tile(gx, &tile, (tm, tn))?;
        let mut rx = make_fragment_like(&tx); // (_4,_16):(_1,_4)
        if (tm + 1) * BM <= m && (tn + 1) * BN <= n {
            copy(&tx, &mut rx)?;
        } else {
            let c = local_tile(id, &tile, (tm, tn))?;
            fill(&mut rx, f32::NEG_INFINITY)?;
            copy_if(
                |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
                &tx,
                &mut rx,
            )?;
        }
        Ok::<_, Error>(rx)
    };
    for tm in 0..tiles(m, BM) {
        let mut run = [(f32::NEG_INFINITY, 0f32); BM as usize];
        for tn in 0..tiles(n, BN) {
            let rx = load(tm, tn)?;
            for (i, (max, sum)) in (0..).zip(run.iter_mut()) {
                (*max, *sum) = online(*max, *sum, |j| rx[(i, j)]);
            }
        }
        for tn in 0..tiles(n, BN) {
            let rx = load(tm, tn)?;
            let mut ry = make_fragment_like(&rx);
            for j in 0..BN {
                for (i, (max, sum)) in (0..).zip(run) {
                    ry[(i, j)] = (rx[(i, j)] - max).exp() / sum;
                }
            }
            let mut ty = local_tile(gy.view_mut(), &tile, (tm, tn))?;
            if (tm + 1) * BM <= m && (tn + 1) * BN <= n {
                copy(&ry, &mut ty)?;
            } else {
                let c = local_tile(id, &tile, (tm, tn))?;
                copy_if(
                    |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
                    &ry,
                    &mut ty,
                )?;
            }
        }
    }
    Ok(())
}

/// Row softmax by hand: the same 4x16 tiles, registers and order of operations as
/// [`softmax`] with index arithmetic on the slices (the baseline of
/// `kernel/softmax/<MxN>/hand`), so both give the same bits.
///
/// # Panics
/// When `x` or `y` is shorter than `m * n` (slice indexing).
#[inline]
pub fn softmax_hand(x: &[f32], m: i64, n: i64, y: &mut [f32]) {
    let (m, n, bm, bn) = (m as usize, n as usize, BM as usize, BN as usize);
    // Tile (i0, j0) of x, -inf past the matrix; element (i, j) at i + bm * j as the fragment.
    let load = |i0: usize, j0: usize| {
        let mut r = [f32::NEG_INFINITY; (BM * BN) as usize];
        for j in 0..bn.min(n - j0) {
            for i in 0..bm.min(m - i0) {
                r[i + bm * j] = x[(i0 + i) * n + j0 + j];
            }
        }
        r
    };
    for i0 in (0..m).step_by(bm) {
        let mut run = [(f32::NEG_INFINITY, 0f32); BM as usize];
        for j0 in (0..n).step_by(bn) {
            let r = load(i0, j0);
            for (i, (max, sum)) in run.iter_mut().enumerate() {
                let mut mx = *max;
                for j in 0..bn {
                    mx = mx.max(r[i + bm * j]);
                }
                let mut s = *sum * (*max - mx).exp();
                for j in 0..bn {
                    s += (r[i + bm * j] - mx).exp();
                }
                (*max, *sum) = (mx, s);
            }
        }
        for j0 in (0..n).step_by(bn) {
            let r = load(i0, j0);
            for j in 0..bn.min(n - j0) {
                for i in 0..bm.min(m - i0) {
                    let (max, sum) = run[i];
                    y[(i0 + i) * n + j0 + j] = (r[i + bm * j] - max).exp() / sum;
                }
            }
        }
    }
}

/// Row softmax by the definition, two passes per row (max, then sum): the reference of the
/// tests (equal to the online kernels within rounding, not bit for bit).
pub fn softmax_naive(x: &[f32], m: i64, n: i64, y: &mut [f32]) {
    let (m, n) = (m as usize, n as usize);
    for i in 0..m {
        let row = &x[i * n..(i + 1) * n];
        let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = row.iter().map(|v| (v - max).exp()).sum();
        for (o, v) in y[i * n..(i + 1) * n].iter_mut().zip(row) {
            *o = (v - max).exp() / sum;
        }
    }
}
