// Cecka, CuTe Layout Representation and Algebra, §3.3.3: no layout holds the first 6 elements of (4,6,8):(2,3,5).
use cute::cute_static::{CompositionOf, StaticLayout};
use cute::Layout;

fn main() {
    let _ = <CompositionOf<Layout!((4,6,8):(2,3,5)), Layout!(6:1)> as StaticLayout>::LAYOUT;
}
