// Cecka, CuTe Layout Representation and Algebra, §3.3.3: CuTe C++ returns (2,3):(6,3), not A(B(i)).
use cute::cute_static::{CompositionOf, StaticLayout};
use cute::Layout;

fn main() {
    let _ = <CompositionOf<Layout!((4,6,8):(2,3,5)), Layout!(6:3)> as StaticLayout>::LAYOUT;
}
