// Runtime sizes, static tiles: a mixed layout tiled by a static tiler, a tile sliced out at a
// runtime coordinate; and a function generic over a typenum tile size.
use cute::cute_static::typenum::consts::*;
use cute::cute_static::{self as st, ShapeInt, StaticInt, __};
use cute::{layout, tiler};

/// The offset of element 5 of a `TM x 8` row-major tile, for any static tile size `TM`.
fn tile_offset<TM: StaticInt + ShapeInt>() -> i64 {
    st::Layout::<(TM, U8), (U8, U1)>::new().offset(5)
}

fn main() -> Result<(), cute::Error> {
    let (m, n) = (20, 12);
    let a = layout!(({m},{n}):({n},1))?;
    let z = st::zipped_divide(&a, &tiler!(<8:1,8:1>))?;
    let (tile, offset) = z.slice_and_offset(((__, __), (1, 1)))?;
    assert_eq!(format!("{tile:?}"), "(_8,_8):(12,_1)");
    assert_eq!(offset, 8 * 12 + 8);
    assert_eq!(tile_offset::<U4>(), 8 + 1); // element 5 of (4,8) is (1,1)
    type T = cute::Layout!((?,8):(8,1));
    let t: T = layout!(({m},8):(8,1))?;
    assert_eq!(t.size(), 160);
    Ok(())
}
