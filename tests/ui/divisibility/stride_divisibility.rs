// Stride 6 skips the 4-element mode 0 without being a multiple of it.
use cute::cute_static::{CompositionOf, StaticLayout};
use cute::Layout;

fn main() {
    let _ = <CompositionOf<Layout!((4,6):(1,5)), Layout!(2:6)> as StaticLayout>::LAYOUT;
}
