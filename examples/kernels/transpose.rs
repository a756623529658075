//! `B = Aᵀ` for f32 matrices of runtime size and strides, written the CuTe way (seed 000 §2.5,
//! the transpose tutorial mapped to a CPU), and the identical tiling by hand. Shared by
//! `examples/transpose.rs`, the benchmark `kernel/transpose/<n>/{cute,hand,memcpy}` and the
//! tests in `tests/it/kernels.rs`.
//!
//! Each `BM x BN` tile of `A` goes through a stack tile (the CPU's shared memory): it is read in
//! the order in which `A` is contiguous and written in the order in which `B` is, the stack tile
//! seen column-major for the one and row-major for the other. Residue tiles are predicated with
//! the identity tensor, tiled exactly as the data.

use cute::algorithm::{copy, copy_if, elem_less};
use cute::cute_static::identity::make_identity_tensor;
use cute::cute_static::tensor::local_tile;
use cute::{layout, make_tensor, tiler, Error};

/// The tile's rows.
pub(crate) const BM: i64 = 16;
/// The tile's columns.
pub(crate) const BN: i64 = 16;

/// A matrix's strides: element `(i, j)` is at `i * row + j * col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Strides {
    /// The stride between rows.
    pub(crate) row: i64,
    /// The stride between columns.
    pub(crate) col: i64,
}

impl Strides {
    /// Row-major strides of a matrix with `cols` columns.
    pub(crate) fn row_major(cols: i64) -> Strides {
        Strides { row: cols, col: 1 }
    }

    /// Column-major strides of a matrix with `rows` rows.
    pub(crate) fn col_major(rows: i64) -> Strides {
        Strides { row: 1, col: rows }
    }
}

/// The copy both kernels do, `dst(i, j) = src(i, j)` over `m x n`, in the orientation where the
/// source is contiguous along `i`: `(m, n, src strides, dst strides)`.
type Problem = (i64, i64, (i64, i64), (i64, i64));

/// `B(j, i) = A(i, j)` for `A` of `m x n` (strides `sa`) and `B` of `n x m` (strides `sb`), as
/// `dst(i, j) = src(i, j)`, turned so that the source is read along its contiguous mode.
fn orient(m: i64, n: i64, sa: Strides, sb: Strides) -> Problem {
    let (src, dst) = ((sa.row, sa.col), (sb.col, sb.row));
    if sa.col.abs() < sa.row.abs() {
        (n, m, (src.1, src.0), (dst.1, dst.0))
    } else {
        (m, n, src, dst)
    }
}

/// The value of element `x` of a test matrix: `x mod 2^24`, exact in f32.
pub(crate) fn value(x: i64) -> f32 {
    f32::from(u16::try_from(x & 0xffff).unwrap_or(0))
        + 65536.0 * f32::from(u8::try_from((x >> 16) & 0xff).unwrap_or(0))
}

/// The number of tiles of `t` that cover `n > 0`.
fn tiles(n: i64, t: i64) -> i64 {
    (n + t - 1) / t
}

/// `B = Aᵀ` with cute: `A` is `m x n` with strides `sa`, `B` is `n x m` with strides `sb`.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per matrix).
pub(crate) fn transpose(
    a: &[f32],
    m: i64,
    n: i64,
    sa: Strides,
    b: &mut [f32],
    sb: Strides,
) -> Result<(), Error> {
    if m == 0 || n == 0 {
        return Ok(());
    }
    let (m, n, s, d) = orient(m, n, sa, sb);
    let ga = make_tensor(a, layout!(({m},{n}):({s.0},{s.1}))?)?;
    let mut gb = make_tensor(b, layout!(({n},{m}):({d.1},{d.0}))?)?; // dst with its modes swapped
    let (ida, idb) = (make_identity_tensor((m, n))?, make_identity_tensor((n, m))?);
    let (tile_a, tile_b) = (tiler!(<16:1,16:1>), tiler!(<16:1,16:1>)); // BM x BN, BN x BM
    let mut smem = [0f32; (BM * BN) as usize];
    for tj in 0..tiles(n, BN) {
        for ti in 0..tiles(m, BM) {
            let ta = local_tile(ga, &tile_a, (ti, tj))?;
            let mut tb = local_tile(gb.view_mut(), &tile_b, (tj, ti))?;
            let mut sa = make_tensor(&mut smem[..], layout!((16,16):(1,16)))?; // smem(i,j)
            if (ti + 1) * BM <= m && (tj + 1) * BN <= n {
                copy(&ta, &mut sa)?;
                let st = make_tensor(&smem[..], layout!((16,16):(16,1)))?; // smem(j,i)
                copy(&st, &mut tb)?;
            } else {
                let (ca, cb) = (
                    local_tile(ida, &tile_a, (ti, tj))?,
                    local_tile(idb, &tile_b, (tj, ti))?,
                );
                copy_if(
                    |k| ca.get(k).is_ok_and(|c| elem_less(&c, &[m, n])),
                    &ta,
                    &mut sa,
                )?;
                let st = make_tensor(&smem[..], layout!((16,16):(16,1)))?;
                copy_if(
                    |k| cb.get(k).is_ok_and(|c| elem_less(&c, &[n, m])),
                    &st,
                    &mut tb,
                )?;
            }
        }
    }
    Ok(())
}

/// `B = Aᵀ` by hand: the same orientation, tiles and stack tile as [`transpose`], with index
/// arithmetic and slice indexing (the baseline of `kernel/transpose/<n>/hand`).
///
/// # Panics
/// When an index falls outside `a` or `b` (slice indexing).
pub(crate) fn transpose_hand(a: &[f32], m: i64, n: i64, sa: Strides, b: &mut [f32], sb: Strides) {
    let (m, n, s, d) = orient(m, n, sa, sb);
    let bm_ = BM as usize;
    let mut smem = [0f32; (BM * BN) as usize];
    for tj in 0..tiles(n, BN) {
        for ti in 0..tiles(m, BM) {
            let (i0, j0) = (ti * BM, tj * BN);
            let (bm, bn) = (BM.min(m - i0), BN.min(n - j0));
            for j in 0..bn {
                for i in 0..bm {
                    smem[i as usize + bm_ * j as usize] =
                        a[((i0 + i) * s.0 + (j0 + j) * s.1) as usize];
                }
            }
            for i in 0..bm {
                for j in 0..bn {
                    b[((i0 + i) * d.0 + (j0 + j) * d.1) as usize] =
                        smem[i as usize + bm_ * j as usize];
                }
            }
        }
    }
}

/// `B = Aᵀ` by the definition, one element at a time: the reference of the tests.
pub(crate) fn transpose_naive(a: &[f32], m: i64, n: i64, sa: Strides, b: &mut [f32], sb: Strides) {
    for i in 0..m {
        for j in 0..n {
            b[(j * sb.row + i * sb.col) as usize] = a[(i * sa.row + j * sa.col) as usize];
        }
    }
}
