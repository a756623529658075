// An 8x8 block does not tile 20 rows: CuTe C++ rounds the count up, a layout past the shape.
use cute::cute_static::typenum::consts::*;
use cute::cute_static::{StaticLayout, TileToShapeOf};
use cute::Layout;

fn main() {
    let _ = <TileToShapeOf<Layout!((8,8):(8,1)), (U20, U16)> as StaticLayout>::LAYOUT;
}
