//! A `#![no_std]` crate that depends on cute-static alone (cute-macros and cute-core come
//! through it): the notation macros, a static and a mixed layout, a tiler, a tensor over them,
//! with no facade and no std.
#![no_std]

use cute_static::cute_core::{make_tensor, Error};
use cute_static::{layout, shape, tiler, Layout, Shape, Tiler};

/// A static tile type written in notation.
pub type Tile = Layout!((4,8):(8,1));
/// A static shape and a static tiler type, written in notation.
pub type Grid = (Shape!((4,8)), Tiler!(<4:1,8:1>));

/// A shape with a runtime leaf, checked, and the static grid's value.
///
/// # Errors
/// When `m` is negative.
pub fn shapes(m: i64) -> Result<Grid, Error> {
    let _checked = shape!(({m},8))?;
    Ok(Grid::default())
}

/// The sum of the elements of tile `(tm, tn)` of an `m x n` row-major matrix.
///
/// # Errors
/// When `data` is shorter than the layout reaches, or a tile coordinate is out of range.
pub fn tile_sum(data: &[f32], m: i64, n: i64, tm: i64, tn: i64) -> Result<f32, Error> {
    let g = make_tensor(data, layout!(({m},{n}):({n},1))?)?;
    let t = cute_static::tensor::local_tile(g, &tiler!(<4:1,8:1>), (tm, tn))?;
    let mut s = 0.0;
    for i in 0..t.size() {
        s += t.get(i).unwrap_or(0.0);
    }
    Ok(s)
}

/// The offset of index `i` of [`Tile`], folded to a constant by the static layout.
#[must_use]
pub fn tile_offset(i: i64) -> i64 {
    Tile::default().eval(i).unwrap_or(0)
}

#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
