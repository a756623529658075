use cute::cute_static::{CompositionOf, LogicalDivideOf, StaticLayout};
use cute::{Layout, Tiler};

fn main() {
    // Cecka, CuTe Layout Representation and Algebra, §3.5.2: an 8x16 row-major layout divided into
    // 4x8 tiles that take every other column.
    let d = <LogicalDivideOf<Layout!((8,16):(20,1)), Tiler!(<4:1,8:2>)> as StaticLayout>::LAYOUT;
    assert_eq!(d.to_string(), "((4,2),(8,2)):((20,80),(2,1))");
    // Cecka §3.3.5: a tiler with an integer tile and a layout tile.
    let c = <CompositionOf<Layout!((12,(4,8)):(59,(13,1))), Tiler!(<3:4,8:2>)> as StaticLayout>::LAYOUT;
    assert_eq!(c.to_string(), "(3,(2,4)):(236,(26,1))");
    let _ = cute::tiler!(<4, 8:2>);
}
