//! Row sums `y(i) = Σ_j x(i, j)` of an `M x N` row-major f32 matrix, written the CuTe way as a
//! function generic over its static tile `TM x TN` (typenum parameters), instantiated at 4x16;
//! the same tiling by hand, and the definition. Shared by `examples/user_kernels.rs`, the
//! benchmark `kernel/rowsum_generic/<MxN>/{cute,hand}` and `tests/user_kernels.rs`.
//!
//! Each block of `TM` rows keeps its sums in a register fragment of `y`'s tile, adds the rows of
//! each `TM x TN` tile of `x` in increasing column order (the definition's order, so all three
//! give the same bits), and stores it once. Residue tiles load with `copy_if` under the identity
//! tensor into zeroed registers.

use cute::algorithm::{copy, copy_if, elem_less};
use cute::cute_static::tensor::LocalTile;
use cute::cute_static::typenum::consts::{U1, U16, U2147483648, U4};
use cute::cute_static::{Dyn, Layout, ShapeInt, StaticInt, StaticTile, Tiler};
use cute::tensor::TensorLayout;
use cute::{layout, local_tile, make_fragment_like, make_identity_tensor, make_tensor, Error};

/// The number of tiles of `t` that cover `n >= 0`.
fn tiles(n: i64, t: i64) -> i64 {
    (n + t - 1) / t
}

/// The layout of `x`, `(m,n):(n,1)`.
type XLayout = Layout<(Dyn, Dyn), (Dyn, U1)>;
/// The layout of `y`, `(m):(1)`.
type YLayout = Layout<(Dyn,), (U1,)>;
/// The `TM x TN` tiler of `x`.
type XTiler<TM, TN> = Tiler<(Layout<TM, U1>, Layout<TN, U1>)>;
/// The `TM` tiler of `y`.
type YTiler<TM> = Tiler<(Layout<TM, U1>,)>;
/// The layout of the identity tensor of `x`'s shape, written out (`Layout<S, <S as
/// IdentityShape>::Stride>` in a where-clause is not normalized, and does not match).
type XId = Layout<(Dyn, Dyn), (U1, U2147483648)>;
/// The layout of the identity tensor of `y`'s shape: `y`'s own.
type YId = YLayout;

/// Row sums with cute over static `TM x TN` tiles: `x` is `m x n` row-major, `y` has `m`
/// elements. One `StaticTile` bound per data tensor.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per tensor).
pub fn rowsum<TM, TN>(x: &[f32], m: i64, n: i64, y: &mut [f32]) -> Result<(), Error>
where
    TM: StaticInt + ShapeInt,
    TN: StaticInt + ShapeInt,
    XLayout: StaticTile<XTiler<TM, TN>, (i64, i64)>,
    YLayout: StaticTile<YTiler<TM>, (i64,)>,
    // The identity tensor's tiles are predicates, not registers: no `StaticTile` (whose
    // fragment bound their static strides do not meet for a generic `TM`), the two bounds of
    // `local_tile` instead.
    XId: LocalTile<XTiler<TM, TN>, (i64, i64)>,
    <XId as LocalTile<XTiler<TM, TN>, (i64, i64)>>::Output: TensorLayout,
    YId: LocalTile<YTiler<TM>, (i64,)>,
    <YId as LocalTile<YTiler<TM>, (i64,)>>::Output: TensorLayout,
{
    let (bm, bn) = (TM::VALUE, TN::VALUE);
    let gx = make_tensor(x, layout!(({m},{n}):({n},1))?)?;
    let mut gy = make_tensor(y, layout!(({m}):(1))?)?;
    let (ix, iy) = (make_identity_tensor((m, n))?, make_identity_tensor((m,))?);
    let tile = XTiler::<TM, TN>::new();
    let ytile = YTiler::<TM>::new();
    for tm in 0..tiles(m, bm) {
        let mut ty = local_tile(gy.view_mut(), &ytile, (tm,))?; // (TM):(_1)
        let mut acc = make_fragment_like(&ty); // zeros
        for tn in 0..tiles(n, bn) {
            let tx = local_tile(gx, &tile, (tm, tn))?; // (TM,TN):(n,_1)
            let mut rx = make_fragment_like(&tx); // zeros: a residue adds 0
            if (tm + 1) * bm <= m && (tn + 1) * bn <= n {
                copy(&tx, &mut rx)?;
            } else {
                let c = local_tile(ix, &tile, (tm, tn))?;
                copy_if(
                    |k| c.get(k).is_ok_and(|v| elem_less(&v, &[m, n])),
                    &tx,
                    &mut rx,
                )?;
            }
            for i in 0..bm {
                for j in 0..bn {
                    acc[i] += rx[(i, j)];
                }
            }
        }
        if (tm + 1) * bm <= m {
            copy(&acc, &mut ty)?;
        } else {
            let c = local_tile(iy, &ytile, (tm,))?;
            copy_if(
                |k| c.get(k).is_ok_and(|v| elem_less(&v, &[m])),
                &acc,
                &mut ty,
            )?;
        }
    }
    Ok(())
}

/// [`rowsum`] at 4x16 tiles.
///
/// # Errors
/// As [`rowsum`].
#[inline]
pub fn rowsum_generic(x: &[f32], m: i64, n: i64, y: &mut [f32]) -> Result<(), Error> {
    rowsum::<U4, U16>(x, m, n, y)
}

/// Row sums by hand: the same 4x16 tiles and order of additions as [`rowsum_generic`] with
/// index arithmetic on the slices (the baseline of `kernel/rowsum_generic/<MxN>/hand`).
///
/// # Panics
/// When `x` is shorter than `m * n` or `y` than `m` (slice indexing).
#[inline]
pub fn rowsum_hand(x: &[f32], m: i64, n: i64, y: &mut [f32]) {
    const BM: usize = 4;
    const BN: usize = 16;
    let (m, n) = (m as usize, n as usize);
    for i0 in (0..m).step_by(BM) {
        let rows = BM.min(m - i0);
        let mut acc = [0f32; BM];
        for j0 in (0..n).step_by(BN) {
            let cols = BN.min(n - j0);
            let mut r = [0f32; BM * BN];
            for i in 0..rows {
                for j in 0..cols {
                    r[i + BM * j] = x[(i0 + i) * n + j0 + j];
                }
            }
            for (i, s) in acc.iter_mut().enumerate() {
                for j in 0..BN {
                    *s += r[i + BM * j];
                }
            }
        }
        y[i0..i0 + rows].copy_from_slice(&acc[..rows]);
    }
}

/// Row sums by the definition: the reference of the tests.
pub fn rowsum_naive(x: &[f32], m: i64, n: i64, y: &mut [f32]) {
    let (m, n) = (m as usize, n as usize);
    for (i, o) in y.iter_mut().enumerate().take(m) {
        *o = x[i * n..(i + 1) * n].iter().fold(0f32, |s, v| s + v);
    }
}
