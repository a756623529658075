//! Divides: `logical_divide` and its rearrangements `zipped_divide`, `tiled_divide`,
//! `flat_divide` (Cecka, *CuTe Layout Representation and Algebra*, §3.5.2).

use super::by_mode::by_mode;
use super::coalesce::coalesce_flat;
use super::complement::complement_traced;
use super::composition::{compose_traced, Exact};
use super::trace::Trace;
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, LayoutBuilder, LayoutView};
use crate::tiler::Tile;

/// `logical_divide(A, T)`: `A ∘ (T, T*)` with `T* = complement(T, shape(coalesce(A)))`; the first
/// mode is the tile, the second the grid of tiles (Cecka §3.5.2). With a tiler, mode by mode;
/// modes of `A` past `rank(T)` are kept.
///
/// # Preconditions
/// `T` is injective, `rank(T) <= rank(A)` for a tiler, and `A ∘ (T, T*)` is admissible.
///
/// # Postconditions
/// For each divided mode, mode 0 of the result (the tile) equals `A ∘ T` pointwise: the tile is
/// held to the exactness rule of [`composition`](crate::composition).
///
/// The grid mode `A ∘ T*` has CuTe's form and CuTe's checks. When `T` does not divide `A`, the
/// grid counts the partial tiles (`T*` comes from `ceil_div`), so its layout enumerates tile
/// origins rather than being `A ∘ T*` pointwise, as in CuTe.
///
/// # Empty layouts
/// An empty `A` is divided into tiles of `T`'s size and an empty rest mode (its complement
/// with cotarget 0): `logical_divide(0:1, 4:1) = (4,0):(1,4)`, as in CuTe. A kernel over an
/// `M = 0` matrix sees a grid with no tile.
///
/// # Examples
/// ```
/// use cute_core::{logical_divide, Layout, Tiler};
/// let a: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
/// let t: Layout = "4:2".parse().unwrap();
/// assert_eq!(logical_divide(&a, t).unwrap().to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// let a: Layout = "(9,(4,8)):(59,(13,1))".parse().unwrap();
/// let t: Tiler = "<3:3,(2,4):(1,8)>".parse().unwrap();
/// assert_eq!(
///     logical_divide(&a, t).unwrap().to_string(),
///     "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"
/// );
/// ```
pub fn logical_divide(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    match t.into() {
        Tile::Layout(t) => divide_layout(a, &t),
        Tile::Tiler(t) => by_mode(a, &t, true, Op::LogicalDivide, &divide_layout),
        Tile::Under => Ok(*a),
    }
}

fn divide_layout(a: &Layout, t: &Layout) -> Result<Layout, Error> {
    logical_divide_traced(a, t, &mut ())
}

/// `logical_divide(A, T)` for a layout `T`, reporting the complement and each step of the
/// composition to `trace` (for `cute explain`).
pub fn logical_divide_traced<T: Trace>(
    a: &Layout,
    t: &Layout,
    trace: &mut T,
) -> Result<Layout, Error> {
    let within = |e: Error| e.within(Op::LogicalDivide);
    // `shape(coalesce(A))`, without building the layout (it cannot fail: at most 16 leaves,
    // each merged span a sum of spans of one sign; the error says what failed if it did).
    let cotarget = IntTuple::flat_or_int(
        coalesce_flat(a.shape().leaves(), a.stride().leaves(), false)
            .0
            .shape(),
    )
    .map_err(|k| Error::new(Op::Coalesce, [Some(a.into()), None], k).within(Op::LogicalDivide))?;
    let rest = complement_traced(t, &cotarget, trace).map_err(within)?;
    let tiler = Layout::concat(&[*t, rest]).map_err(within)?;
    compose_traced(a, &tiler, Exact::FirstMode, trace).map_err(|k| {
        Error::new(Op::Composition, [Some(a.into()), Some((&tiler).into())], k)
            .within(Op::LogicalDivide)
    })
}

/// `zipped_divide(A, T)`: `logical_divide` arranged as `((tiles),(rest))`. A mode of the tiler
/// that is `_` keeps its mode: a mode of rank 2 is taken as `(tile, rest)`, as in CuTe; any other
/// mode is its own tile with the rest `1:0`, so `zipped_divide((8,16):(16,1), <4:1,_>)` is
/// `((4,16),(2,1)):((16,1),(64,0))`, as with the tiler `<4:1,16:1>` (where CuTe C++ does not
/// compile).
///
/// # Examples
/// ```
/// use cute_core::{zipped_divide, Layout, Tiler};
/// let a: Layout = "(8,16):(20,1)".parse().unwrap();
/// let t: Tiler = "<4:1,8:2>".parse().unwrap();
/// assert_eq!(zipped_divide(&a, t).unwrap().to_string(), "((4,8),(2,2)):((20,2),(80,1))");
/// let a: Layout = "(8,16):(16,1)".parse().unwrap();
/// let t: Tiler = "<4:1,_>".parse().unwrap();
/// assert_eq!(zipped_divide(&a, t).unwrap().to_string(), "((4,16),(2,1)):((16,1),(64,0))");
/// ```
pub fn zipped_divide(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    arrange(
        a,
        &t.into(),
        Op::ZippedDivide,
        logical_divide,
        Arrange::Zipped,
    )
}

/// `tiled_divide(A, T)`: `((tiles),rest0,rest1,...)`.
pub fn tiled_divide(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    arrange(
        a,
        &t.into(),
        Op::TiledDivide,
        logical_divide,
        Arrange::Tiled,
    )
}

/// `flat_divide(A, T)`: `(tile0,tile1,...,rest0,rest1,...)`.
pub fn flat_divide(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    arrange(a, &t.into(), Op::FlatDivide, logical_divide, Arrange::Flat)
}

/// How the zipped, tiled and flat divides and products arrange the rank-2 logical result.
#[derive(Clone, Copy)]
pub(crate) enum Arrange {
    /// `((firsts...),(seconds..., rest...))`.
    Zipped,
    /// The second mode's modes spliced into the top level.
    Tiled,
    /// Both modes' modes spliced into the top level.
    Flat,
}

/// `logical(a, t)` arranged by `how`, as `op`.
pub(crate) fn arrange(
    a: &Layout,
    t: &Tile,
    op: Op,
    logical: fn(&Layout, Tile) -> Result<Layout, Error>,
    how: Arrange,
) -> Result<Layout, Error> {
    let l = logical(a, *t).map_err(|e| e.within(op))?;
    let zipped = tile_unzip(&l, t);
    let r = match how {
        Arrange::Zipped => zipped,
        Arrange::Tiled => zipped.and_then(|z| unpack(&z, false, true)),
        Arrange::Flat => zipped.and_then(|z| unpack(&z, true, true)),
    };
    r.map_err(|k| Error::new(op, [Some(a.into()), Some(t.operand())], k))
}

/// `result(_, repeat<R1>(_))` and friends: splices the children of mode 0 and/or mode 1 of a
/// rank-2 layout into the top level; a mode of rank 1 stays whole (`repeat<1>(_)` is `_`).
fn unpack(l: &Layout, first: bool, second: bool) -> Result<Layout, ErrorKind> {
    let mut b = LayoutBuilder::new();
    b.open()?;
    for (i, m) in l.modes().enumerate() {
        let spread = if i == 0 { first } else { second };
        if spread && m.rank() > 1 {
            b.splice(m)?;
        } else {
            b.mode(m)?;
        }
    }
    b.close()?;
    b.finish()
}

/// `tile_unzip(L, T)`: follows the profile of the tiler and gathers the rank-2 modes at its leaves
/// into `((firsts...),(seconds..., rest...))`; a layout tile leaves `L` as it is.
fn tile_unzip(l: &Layout, t: &Tile) -> Result<Layout, ErrorKind> {
    zip2_by(l.view(), t)
}

fn zip2_by(l: LayoutView<'_>, g: &Tile) -> Result<Layout, ErrorKind> {
    if matches!(g, Tile::Under) && !(l.rank() == 2 && l.shape.is_tuple()) {
        // `_` kept a mode whole that is no `(tile, rest)` pair: the mode is its tile and the
        // trivial `1:0` its rest (CuTe C++ does not compile this; a pair it takes as it is).
        return Layout::concat(&[l.to_layout()?, Layout::trivial()]).map_err(|e| e.kind);
    }
    let Tile::Tiler(t) = g else {
        if l.rank() != 2 || !l.shape.is_tuple() {
            return Err(ErrorKind::RankMismatch {
                left: l.rank(),
                right: 2,
            });
        }
        return l.to_layout();
    };
    let (gr, tr) = (t.rank(), l.rank());
    if tr < gr || !l.shape.is_tuple() {
        return Err(ErrorKind::RankMismatch {
            left: tr,
            right: gr,
        });
    }
    let mut b = LayoutBuilder::new();
    b.open()?;
    for part in 0..2 {
        b.open()?;
        for (m, tile) in l.modes().zip(t.tiles()) {
            let split = zip2_by(m, &tile)?;
            b.mode(
                split
                    .mode(part)
                    .ok_or_else(|| ErrorKind::RankMismatch {
                        left: split.rank(),
                        right: 2,
                    })?
                    .view(),
            )?;
        }
        if part == 1 {
            for m in l.modes().skip(gr) {
                b.mode(m)?;
            }
        }
        b.close()?;
    }
    b.close()?;
    b.finish()
}
