//! The facade without `std`: the macros expand to paths that exist in a `no_std` crate, and the
//! tiling of the README (a runtime-sized matrix, a static tile, a thread's partition, registers)
//! builds here. The crate has its own panic handler: had any dependency linked `std`, the two
//! handlers would clash (`duplicate lang item`), on the host as on a target without `std`.
#![no_std]

use cute::algorithm::{copy, copy_if, elem_less};
use cute::{
    layout, local_partition, local_tile, make_fragment_like, make_identity_tensor, make_tensor,
    tiler, Error, Layout, Tiler,
};

/// The static tile of every block.
pub type Tile = Tiler!(<16:1,8:1>);

/// A static thread layout, spelled as a type.
pub type Threads = Layout!((4,8):(1,4));

/// Thread `t`'s four elements of tile `(bm, bn)` of the column-major `m x n` matrix `src`,
/// copied into registers and out to `dst` at the same place; residue tiles predicated by the
/// identity tensor.
///
/// # Errors
/// A tile or thread outside its grid, or a layout outside its data.
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
    let threads = Threads::default();
    let mine = local_partition(local_tile(a, &tile, (bm, bn))?, &threads, t)?;
    let mut regs = make_fragment_like(&mine);
    let out = local_partition(local_tile(b.view_mut(), &tile, (bm, bn))?, &threads, t)?;
    let mut out = out;
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

#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
