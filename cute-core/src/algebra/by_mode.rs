//! The tiler driver: an operation applied mode by mode to the tiles of a [`Tiler`] (CuTe's
//! `transform_layout`), for the compositions, divides and products by a tiler.

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::{Layout, LayoutBuilder};
use crate::tiler::{Tile, Tiler};

/// Applies `f` tile by tile (`transform_layout` in CuTe): mode `i` of `a` with tile `i` of `t`,
/// nested tilers recursively, a `_` tile keeping its mode. Modes of `a` past `rank(t)` are kept
/// when `keep_rest`.
pub(crate) fn by_mode(
    a: &Layout,
    t: &Tiler,
    keep_rest: bool,
    op: Op,
    f: &dyn Fn(&Layout, &Layout) -> Result<Layout, Error>,
) -> Result<Layout, Error> {
    let err = |k| Error::new(op, [Some(a.into()), Some(Operand::from(t))], k);
    if t.rank() > a.rank() {
        return Err(err(ErrorKind::TilerRankTooLarge {
            tiler: t.rank(),
            layout: a.rank(),
        }));
    }
    let mut b = LayoutBuilder::new();
    b.open().map_err(err)?;
    let mut tiles = t.tiles();
    for m in a.modes() {
        let m = m.to_layout().map_err(err)?;
        let r = match tiles.next() {
            Some(Tile::Layout(tl)) => f(&m, &tl)?,
            Some(Tile::Tiler(sub)) => by_mode(&m, &sub, keep_rest, op, f)?,
            // CuTe's `_`: the mode as it is.
            Some(Tile::Under) => m,
            None if keep_rest => m,
            None => break,
        };
        b.mode(r.view()).map_err(err)?;
    }
    b.close().map_err(err)?;
    b.finish().map_err(err)
}
