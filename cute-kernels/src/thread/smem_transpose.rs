//! `B = Aᵀ` of a runtime `m x n` row-major matrix `A` into the `n x m` row-major `B` through a
//! 32x32 shared-memory tile, as one thread's work in a block of 256 (`(8,32):(32,1)`: 32
//! consecutive threads take a row of 32 consecutive elements, so that each warp reads and
//! writes 128 contiguous bytes). The shared tile is `Sw<5,0,5> ∘ (32,32):(32,1)`: element
//! `(i, j)` at `32 i + (j ⊕ i)`, so that a warp's row (the stores) and a warp's column (the
//! transposed loads) each meet all 32 banks once (`cute banks`). Residue tiles are predicated
//! by the identity tensor of each side. Two phases with the block's barrier between them:
//! [`transpose_load`] fills the shared tile, [`transpose_store`] reads it back transposed.
//! Shared by the GPU kernel crate (`gpu/src/smem_transpose.rs`) and the `it` tests, which run
//! every thread's phases in turn on the CPU.

use cute::algorithm::{copy, copy_if, elem_less};
use cute::{
    layout, local_partition, local_tile, make_identity_tensor, make_tensor, tiler, Error, Swizzle,
    Swizzled,
};

/// The tile's side.
pub const TILE: i64 = 32;
/// The threads of a block.
pub const THREADS: i64 = 256;

/// The swizzle of the shared tile: the 5 row bits flip the 5 column bits.
#[inline(always)]
fn swizzle() -> Result<Swizzle, Error> {
    Swizzle::new(5, 0, 5)
}

/// Whether tile `(bm, bn)` lies inside an `m x n` matrix.
#[inline(always)]
fn inside((m, n): (i64, i64), (bm, bn): (i64, i64)) -> bool {
    (bm + 1) * TILE <= m && (bn + 1) * TILE <= n
}

/// Phase 1: thread `t`'s four elements of tile `(bm, bn)` of `A` (`m x n`) into the shared tile
/// `smem` (1,024 elements), the tile's element `(i, j)` at `(i, j)`; past `A`'s edge nothing is
/// stored.
///
/// # Errors
/// A tile or thread outside its grid, or a layout outside its data.
#[inline(always)]
pub fn transpose_load(
    src: &[f32],
    smem: &mut [f32],
    (m, n): (i64, i64),
    (bm, bn): (i64, i64),
    t: i64,
) -> Result<(), Error> {
    let a = make_tensor(src, layout!(({m},{n}):({n},1))?)?;
    let tile = tiler!(<32:1,32:1>);
    let threads = layout!((8,32):(32,1));
    let mine = local_partition(local_tile(a, &tile, (bm, bn))?, &threads, t)?;
    let s = make_tensor(Swizzled::new(swizzle()?, smem), layout!((32,32):(32,1)))?;
    let mut to = local_partition(s, &threads, t)?;
    // A tile inside `A` (a view past the last column would still be inside the data: whether a
    // view is whole is a memory notion, the matrix's edge is the identity tensor's).
    if inside((m, n), (bm, bn)) {
        copy(&mine, &mut to)?;
    } else {
        let c = make_identity_tensor((m, n))?;
        let c = local_partition(local_tile(c, &tile, (bm, bn))?, &threads, t)?;
        copy_if(
            |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
            &mine,
            &mut to,
        )?;
    }
    Ok(())
}

/// Phase 2, after every thread of the block has run phase 1: thread `t`'s four elements of tile
/// `(bn, bm)` of `B` (`n x m`) from the shared tile read transposed (`B`'s tile element `(j, i)`
/// is the shared `(i, j)`); past `B`'s edge nothing is written.
///
/// # Errors
/// As [`transpose_load`].
#[inline(always)]
pub fn transpose_store(
    smem: &[f32],
    dst: &mut [f32],
    (m, n): (i64, i64),
    (bm, bn): (i64, i64),
    t: i64,
) -> Result<(), Error> {
    let mut b = make_tensor(dst, layout!(({n},{m}):({m},1))?)?;
    let tile = tiler!(<32:1,32:1>);
    let threads = layout!((8,32):(32,1));
    // The shared tile with its modes swapped: element (j, i) at (i, j)'s place.
    let s = make_tensor(Swizzled::new(swizzle()?, smem), layout!((32,32):(1,32)))?;
    let from = local_partition(s, &threads, t)?;
    let mut mine = local_partition(local_tile(b.view_mut(), &tile, (bn, bm))?, &threads, t)?;
    if inside((n, m), (bn, bm)) {
        copy(&from, &mut mine)?;
    } else {
        let c = make_identity_tensor((n, m))?;
        let c = local_partition(local_tile(c, &tile, (bn, bm))?, &threads, t)?;
        copy_if(
            |k| c.get(k).is_ok_and(|x| elem_less(&x, &[n, m])),
            &from,
            &mut mine,
        )?;
    }
    Ok(())
}
