// CuTe C++ returns (3,2):(2,3), which is wrong at index 5.
use cute::cute_static::{CompositionOf, StaticLayout};
use cute::Layout;

fn main() {
    let _ = <CompositionOf<Layout!((6,2):(1,7)), Layout!((3,2):(2,3))> as StaticLayout>::LAYOUT;
}
