//! The guide's tiling of a runtime `m x n` column-major matrix as one thread's work: the static
//! 16x8 tile `(bm, bn)` by `local_tile`, the thread's four elements by `local_partition` over
//! `(4,8):(1,4)`, through registers from `make_fragment_like`, a tile past the matrix's edge
//! predicated by the identity tensor. Run by the GPU kernel crate's `tile_copy_cute`
//! (`gpu/src/tile_copy.rs`); the `no_std` check builds it for targets without std.

use cute::algorithm::{copy, copy_if, elem_less};
use cute::{
    layout, local_partition, local_tile, make_fragment_like, make_identity_tensor, make_tensor,
    tiler, Error,
};

/// Thread `t`'s four elements of tile `(bm, bn)` of the column-major `m x n` matrix `src`,
/// copied into registers and out to `dst` at the same place; residue tiles predicated by the
/// identity tensor. CuTe's order: the partitions, then the fragment, then the copies.
///
/// # Errors
/// A tile or thread outside its grid, or a layout outside its data.
#[inline(always)]
pub fn tile_copy(
    src: &[f32],
    dst: &mut [f32],
    (m, n): (i64, i64),
    (bm, bn): (i64, i64),
    t: i64,
) -> Result<(), Error> {
    let a = make_tensor(src, layout!(({m},{n}):(1,{m}))?)?;
    let mut b = make_tensor(dst, layout!(({m},{n}):(1,{m}))?)?;
    let tile = tiler!(<16:1,8:1>);
    let threads = layout!((4,8):(1,4));
    let mine = local_partition(local_tile(a, &tile, (bm, bn))?, &threads, t)?;
    let mut out = local_partition(local_tile(b.view_mut(), &tile, (bm, bn))?, &threads, t)?;
    let mut regs = make_fragment_like(&mine);
    if mine.is_whole() {
        copy(&mine, &mut regs)?;
        copy(&regs, &mut out)?;
    } else {
        let c = make_identity_tensor((m, n))?;
        let c = local_partition(local_tile(c, &tile, (bm, bn))?, &threads, t)?;
        let inside = |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n]));
        copy_if(inside, &mine, &mut regs)?;
        copy_if(inside, &regs, &mut out)?;
    }
    Ok(())
}
