//! `B = Aᵀ` for an `M x N` row-major f32 `A` into an `N x M` row-major `B` through a 32x32 stack
//! tile (the CPU's shared memory) with a swizzled layout, written the CuTe way, the same tiling
//! by hand, and the definition. Shared by `examples/user_kernels.rs`, the benchmark
//! `kernel/transpose_smem/<MxN>/{cute,hand}` and `tests/user_kernels.rs`.
//!
//! Each tile is copied from `A` into the stack tile row by row, then read back transposed into
//! the matching tile of `B`. The stack tile is `Sw<5,0,5> ∘ (32,32):(32,1)`: element `(i, j)`
//! sits at `32 i + (j ⊕ i)`, so a row (the write) and a column (the read) each touch all 32
//! banks of a GPU's shared memory once, without padding. Residue tiles are predicated with the
//! identity tensor of each side.

use cute::algorithm::{copy, copy_if, elem_less};
use cute::{
    layout, local_tile, make_identity_tensor, make_tensor, tiler, Error, Swizzle, Swizzled,
};

/// The tile's side.
pub const T: i64 = 32;

/// The number of tiles of `t` that cover `n >= 0`.
fn tiles(n: i64, t: i64) -> i64 {
    (n + t - 1) / t
}

/// The swizzle of the stack tile: the 5 row bits flip the 5 column bits.
fn swizzle() -> Result<Swizzle, Error> {
    Swizzle::new(5, 0, 5)
}

/// `B = Aᵀ` with cute through a swizzled stack tile: `A` is `m x n` and `B` is `n x m`, both
/// row-major.
///
/// # Errors
/// When a layout reaches outside its data (`make_tensor`'s check, once per matrix).
#[inline]
pub fn transpose_smem(a: &[f32], m: i64, n: i64, b: &mut [f32]) -> Result<(), Error> {
    let ga = make_tensor(a, layout!(({m},{n}):({n},1))?)?;
    let mut gb = make_tensor(b, layout!(({n},{m}):({m},1))?)?;
    let (ia, ib) = (make_identity_tensor((m, n))?, make_identity_tensor((n, m))?);
    let tile = tiler!(<32:1,32:1>);
    let sw = swizzle()?;
    let mut smem = [0f32; (T * T) as usize];
    for ti in 0..tiles(m, T) {
        for tj in 0..tiles(n, T) {
            let full = (ti + 1) * T <= m && (tj + 1) * T <= n;
            // A's tile (i, j) into the stack tile (i, j).
            let ta = local_tile(ga, &tile, (ti, tj))?; // (_32,_32):(n,_1)
            let mut sa = make_tensor(Swizzled::new(sw, &mut smem[..]), layout!((32,32):(32,1)))?;
            if full {
                copy(&ta, &mut sa)?;
            } else {
                let c = local_tile(ia, &tile, (ti, tj))?;
                copy_if(
                    |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
                    &ta,
                    &mut sa,
                )?;
            }
            // The stack tile read transposed, (j, i), into B's tile (j, i).
            let st = make_tensor(Swizzled::new(sw, &smem[..]), layout!((32,32):(1,32)))?;
            let mut tb = local_tile(gb.view_mut(), &tile, (tj, ti))?; // (_32,_32):(m,_1)
            if full {
                copy(&st, &mut tb)?;
            } else {
                let c = local_tile(ib, &tile, (tj, ti))?;
                copy_if(
                    |k| c.get(k).is_ok_and(|x| elem_less(&x, &[n, m])),
                    &st,
                    &mut tb,
                )?;
            }
        }
    }
    Ok(())
}

/// `B = Aᵀ` by hand: the same tiles and the same swizzled stack tile as [`transpose_smem`],
/// written row by row and read column by column with index arithmetic (the baseline of
/// `kernel/transpose_smem/<MxN>/hand`).
///
/// # Panics
/// When `a` or `b` is shorter than `m * n` (slice indexing).
#[inline]
pub fn transpose_smem_hand(a: &[f32], m: i64, n: i64, b: &mut [f32]) {
    let (m, n, t) = (m as usize, n as usize, T as usize);
    // Sw<5,0,5>: element (i, j) of the tile at 32 i + (j ^ i).
    let at = |i: usize, j: usize| t * i + (j ^ i);
    let mut smem = [0f32; (T * T) as usize];
    for i0 in (0..m).step_by(t) {
        for j0 in (0..n).step_by(t) {
            let (rows, cols) = (t.min(m - i0), t.min(n - j0));
            for i in 0..rows {
                for j in 0..cols {
                    smem[at(i, j)] = a[(i0 + i) * n + j0 + j];
                }
            }
            for j in 0..cols {
                for i in 0..rows {
                    b[(j0 + j) * m + i0 + i] = smem[at(i, j)];
                }
            }
        }
    }
}

/// `B = Aᵀ` by the definition, one element at a time: the reference of the tests.
pub fn transpose_naive(a: &[f32], m: i64, n: i64, b: &mut [f32]) {
    let (m, n) = (m as usize, n as usize);
    for i in 0..m {
        for j in 0..n {
            b[j * m + i] = a[i * n + j];
        }
    }
}
