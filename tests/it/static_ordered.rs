//! The static `make_ordered_layout` and `tile_to_shape` (cute-static's type operators) equal
//! cute-core's on every case here: flat and nested shapes, size-1 leaves, ties between size-1
//! leaves, blocks of lower rank, swizzle-atom-like blocks.

use cute::cute_static::typenum::consts::*;
use cute::cute_static::{Layout, MakeOrderedLayoutOf, StaticLayout, TileToShapeOf};
use cute::{make_ordered_layout, tile_to_shape, IntTuple};

fn t(s: &str) -> IntTuple {
    s.parse().unwrap()
}

macro_rules! ordered {
    ($($s:ty, $o:ty => $shape:literal, $order:literal;)+) => {$(
        assert_eq!(
            <MakeOrderedLayoutOf<$s, $o> as StaticLayout>::LAYOUT,
            make_ordered_layout(&t($shape), &t($order)).unwrap(),
            "make_ordered_layout({}, {})", $shape, $order
        );
    )+};
}

macro_rules! tiled {
    ($($b:ty, $s:ty => $block:literal, $shape:literal;)+) => {$(
        assert_eq!(
            <TileToShapeOf<$b, $s> as StaticLayout>::LAYOUT,
            tile_to_shape(&$block.parse().unwrap(), &t($shape), None).unwrap(),
            "tile_to_shape({}, {})", $block, $shape
        );
    )+};
}

#[test]
fn make_ordered_layout_equals_cute_core() {
    ordered! {
        (U2, U2, U2, U2), (U0, U2, U3, U1) => "(2,2,2,2)", "(0,2,3,1)";
        (U2, U3, U4), (U2, U0, U1) => "(2,3,4)", "(2,0,1)";
        (U4, U8), (U1, U0) => "(4,8)", "(1,0)";
        (U4, U8), (U0, U1) => "(4,8)", "(0,1)";
        ((U2, U3), U4), ((U1, U2), U0) => "((2,3),4)", "((1,2),0)";
        (U1, U4, U1, U8), (U0, U2, U0, U1) => "(1,4,1,8)", "(0,2,0,1)";
        (U3, U1, U5), (U7, U7, U2) => "(3,1,5)", "(7,7,2)";
        (U16,), (U0,) => "(16)", "(0)";
    }
}

#[test]
fn tile_to_shape_equals_cute_core() {
    tiled! {
        Layout<(U8, U64), (U64, U1)>, (U128, U64) => "(8,64):(64,1)", "(128,64)";
        Layout<(U2, U2), (U1, U2)>, (U4, U6) => "(2,2):(1,2)", "(4,6)";
        Layout<(U8, U8), (U8, U1)>, (U64, U32, U2) => "(8,8):(8,1)", "(64,32,2)";
        Layout<U4, U1>, (U16, U3) => "4:1", "(16,3)";
        Layout<((U4, U2), U8), ((U1, U32), U4)>, (U16, U16) => "((4,2),8):((1,32),4)", "(16,16)";
        Layout<(U3, U5), (U5, U1)>, (U3, U5) => "(3,5):(5,1)", "(3,5)";
    }
}
