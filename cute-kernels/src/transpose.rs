//! `B = Aᵀ` for f32 matrices of runtime size and strides, written the CuTe way (Cecka, *CuTe
//! Layout Representation and Algebra*, §2.5, the transpose tutorial mapped to a CPU), and the
//! identical tiling by hand. Shared by
//! `examples/transpose.rs`, the benchmark `kernel/transpose/<n>/{cute,hand,memcpy}` and the
//! tests in `tests/it/kernels.rs`.
//!
//! `B(j, i) = A(i, j)` is the copy `dst(i, j) = src(i, j)` between `A` and `B` seen with its modes
//! swapped, oriented so that `A` is read along its contiguous mode. `local_tile` cuts both into
//! static `BM x BN` tiles, and each tile moves through registers by the transposing copy atom
//! (`copy_with(Transpose8x8)`: 8x8 blocks loaded along `A`'s contiguous mode and stored along
//! `B`'s, the CPU's `ldmatrix.trans`); where the atom does not apply (both matrices contiguous
//! along the same mode, or a machine without AVX) `copy` moves the tile. Residue tiles are
//! predicated with the identity tensor, tiled exactly as the data. Tiles of 256x256 keep the
//! pages a tile touches within the TLB (4096x4096: 0.55x of a memcpy with 32x32 tiles against
//! 0.80x, measured with the same atom).

use cute::algorithm::{copy_if, copy_with, elem_less, Transpose8x8};
use cute::cute_static::identity::make_identity_tensor;
use cute::cute_static::tensor::local_tile;
use cute::{layout, make_tensor, tiler, Error};

/// The tile's rows.
pub const BM: i64 = 256;
/// The tile's columns.
pub const BN: i64 = 256;

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
#[must_use]
pub fn value(x: i64) -> f32 {
    f32::from(u16::try_from(x & 0xffff).unwrap_or(0))
        + 65536.0 * f32::from(u8::try_from((x >> 16) & 0xff).unwrap_or(0))
}

/// The elements of a destination past which it is stored around the caches
/// ([`Transpose8x8::streaming`]): 16 MiB of f32, more than this machine's L2 caches hold, so that
/// it would be read for ownership from memory only to be overwritten.
const STREAM: i64 = 4 << 20;

/// The transposing atom for an `m x n` problem: streaming for a large one.
fn atom(m: i64, n: i64) -> Option<Transpose8x8> {
    let atom = Transpose8x8::detect();
    if m.saturating_mul(n) > STREAM {
        atom.map(Transpose8x8::streaming)
    } else {
        atom
    }
}

/// The number of tiles of `t` that cover `n >= 0`.
fn tiles(n: i64, t: i64) -> i64 {
    (n + t - 1) / t
}

/// `B = Aᵀ` with cute: `A` is `m x n` with strides `sa`, `B` is `n x m` with strides `sb`.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per matrix).
pub fn transpose(
    a: &[f32],
    m: i64,
    n: i64,
    sa: Strides,
    b: &mut [f32],
    sb: Strides,
) -> Result<(), Error> {
    // An empty extent is an empty layout: no tile, nothing to copy.
    let (m, n, s, d) = orient(m, n, sa, sb);
    let ga = make_tensor(a, layout!(({m},{n}):({s.0},{s.1}))?)?; // src(i, j)
    let mut gb = make_tensor(b, layout!(({m},{n}):({d.0},{d.1}))?)?; // dst(i, j) = B(j, i)
    let id = make_identity_tensor((m, n))?;
    let tile = tiler!(<256:1,256:1>); // BM x BN
    let atom = atom(m, n);
    for tj in 0..tiles(n, BN) {
        for ti in 0..tiles(m, BM) {
            let ta = local_tile(ga, &tile, (ti, tj))?;
            let mut tb = local_tile(gb.view_mut(), &tile, (ti, tj))?;
            if (ti + 1) * BM <= m && (tj + 1) * BN <= n {
                copy_with(&atom, &ta, &mut tb)?;
            } else {
                let c = local_tile(id, &tile, (ti, tj))?;
                copy_if(
                    |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
                    &ta,
                    &mut tb,
                )?;
            }
        }
    }
    Ok(())
}

/// `B = Aᵀ` by hand: the same orientation and tiles as [`transpose`], each whole tile as the same
/// pairs of 8x8 register blocks (the atom's instructions, [`Transpose8x8::block_pair`]) where the
/// atom applies and element by element otherwise, with index arithmetic and slice indexing (the
/// baseline of `kernel/transpose/<n>/hand`).
///
/// # Panics
/// When an index falls outside `a` or `b` (slice indexing).
pub fn transpose_hand(a: &[f32], m: i64, n: i64, sa: Strides, b: &mut [f32], sb: Strides) {
    let (m, n, s, d) = orient(m, n, sa, sb);
    // The atom applies when A is contiguous along i and B along j (a true transpose).
    let atom = atom(m, n).filter(|_| s.0 == 1 && d.1 == 1 && s.1 > 0 && d.0 > 0);
    for tj in 0..tiles(n, BN) {
        for ti in 0..tiles(m, BM) {
            let (i0, j0) = (ti * BM, tj * BN);
            let (bm, bn) = (BM.min(m - i0), BN.min(n - j0));
            match atom {
                Some(atom) if bm == BM && bn == BN => {
                    // The tile's extent in each slice, checked once.
                    let (first_a, last_a) = (i0 + j0 * s.1, i0 + BM - 1 + (j0 + BN - 1) * s.1);
                    let (first_b, last_b) = (i0 * d.0 + j0, (i0 + BM - 1) * d.0 + j0 + BN - 1);
                    let src = &a[first_a as usize..=last_a as usize];
                    let dst = &mut b[first_b as usize..=last_b as usize];
                    for i in (0..BM).step_by(8) {
                        for j in (0..BN).step_by(16) {
                            // SAFETY: the blocks lie inside the tile, whose extent in each
                            // slice was checked above.
                            unsafe {
                                atom.block_pair(
                                    src.as_ptr().offset((i + j * s.1) as isize),
                                    s.1 as isize,
                                    dst.as_mut_ptr().offset((i * d.0 + j) as isize),
                                    d.0 as isize,
                                );
                            }
                        }
                    }
                }
                _ => {
                    for j in 0..bn {
                        for i in 0..bm {
                            b[((i0 + i) * d.0 + (j0 + j) * d.1) as usize] =
                                a[((i0 + i) * s.0 + (j0 + j) * s.1) as usize];
                        }
                    }
                }
            }
        }
    }
    if let Some(atom) = atom {
        atom.finish();
    }
}

/// `B = Aᵀ` by the definition, one element at a time: the reference of the tests.
pub fn transpose_naive(a: &[f32], m: i64, n: i64, sa: Strides, b: &mut [f32], sb: Strides) {
    for i in 0..m {
        for j in 0..n {
            b[(j * sb.row + i * sb.col) as usize] = a[(i * sa.row + j * sa.col) as usize];
        }
    }
}

/// `B = Aᵀ` on the threads of `pool`: `B` split along its outer mode into panels of whole tiles
/// (`BN` rows of a row-major `B`, `BM` columns of a column-major one), disjoint slices of its
/// data, one task each running `kernel` on its panel and the matching columns (rows) of `A`. A
/// `B` that is neither (or a negative stride) runs on one thread.
///
/// # Errors
/// As `kernel`.
#[cfg(feature = "rayon")]
pub fn transpose_par<K>(
    pool: &rayon::ThreadPool,
    kernel: K,
    (a, m, n, sa): (&[f32], i64, i64, Strides),
    b: &mut [f32],
    sb: Strides,
) -> Result<(), Error>
where
    K: Fn(&[f32], i64, i64, Strides, &mut [f32], Strides) -> Result<(), Error> + Sync,
{
    use rayon::prelude::*;
    // B is n x m: its rows are A's columns, its columns A's rows.
    let (by_cols_of_a, t, ld, step) = if sb.col == 1 && sb.row >= m && sa.col >= 0 {
        (true, BN, sb.row, sa.col)
    } else if sb.row == 1 && sb.col >= n && sa.row >= 0 {
        (false, BM, sb.col, sa.row)
    } else {
        return kernel(a, m, n, sa, b, sb);
    };
    if m == 0 || n == 0 {
        return Ok(());
    }
    let len = usize::try_from(t * ld).unwrap_or(usize::MAX);
    let total = if by_cols_of_a { n } else { m };
    pool.install(|| {
        b.par_chunks_mut(len)
            .enumerate()
            .take(usize::try_from(tiles(total, t)).unwrap_or(0))
            .try_for_each(|(p, bp)| {
                let (p0, extent) = (p as i64 * t, (total - p as i64 * t).min(t));
                let a = &a[usize::try_from(p0 * step).unwrap_or(0)..];
                if by_cols_of_a {
                    kernel(a, m, extent, sa, bp, sb)
                } else {
                    kernel(a, extent, n, sa, bp, sb)
                }
            })
    })
}

/// [`transpose_hand`] in the signature [`transpose_par`] runs.
#[cfg(feature = "rayon")]
pub fn transpose_hand_task(
    a: &[f32],
    m: i64,
    n: i64,
    sa: Strides,
    b: &mut [f32],
    sb: Strides,
) -> Result<(), Error> {
    transpose_hand(a, m, n, sa, b, sb);
    Ok(())
}
