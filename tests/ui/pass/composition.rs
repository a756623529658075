use cute::cute_static::{CompositionOf, StaticLayout};
use cute::Layout;

// Cecka, CuTe Layout Representation and Algebra, Table 4: the Ampere thread-value layout over each
// integer data layout.
type Tv = Layout!(((4,8),2):((16,1),8));

fn main() {
    let col = <CompositionOf<Layout!((8,8):(1,8)), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(col.to_string(), "((4,8),2):((16,1),8)");
    let row = <CompositionOf<Layout!((8,8):(8,1)), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(row.to_string(), "((4,8),2):((2,8),1)");
    let padded = <CompositionOf<Layout!((8,8):(1,9)), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(padded.to_string(), "((4,8),2):((18,1),9)");
    let interleaved = <CompositionOf<Layout!(((4,2),(2,4)):((2,16),(1,8))), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(interleaved.to_string(), "((4,(4,2)),2):((8,(2,16)),1)");
    // The paper's TMEM layout composes with the identity of its size.
    let tmem = <CompositionOf<Layout!((8,(16,4)):(1,(16384,524288))), Layout!(512:1)> as StaticLayout>::LAYOUT;
    assert_eq!(tmem.to_string(), "(8,16,4):(1,16384,524288)");
    // Rank 8, with the default recursion limit.
    type Sparse = Layout!((2,2,2,2,2,2,2,2):(1,4,16,64,256,1024,4096,16384));
    type Compact = Layout!((2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128));
    let r8 = <CompositionOf<Sparse, Compact> as StaticLayout>::LAYOUT;
    assert_eq!(r8.to_string(), "(2,2,2,2,2,2,2,2):(1,4,16,64,256,1024,4096,16384)");
    // The TMEM layout tiled by mode.
    type Tmem = Layout!((8,(16,4)):(1,(16384,524288)));
    let tiled = <cute::cute_static::LogicalDivideOf<Tmem, cute::Tiler!(<4:1,(4,2):(1,16)>)> as StaticLayout>::LAYOUT;
    assert_eq!(tiled.to_string(), "((4,2),((4,2),(4,2))):((1,4),((16384,524288),(65536,1048576)))");
    // Which (thread, value) holds each offset of the 8x8 tile: the inverse of the Ampere layout.
    type TvInverse = cute::cute_static::LeftInverseOf<Layout!(((4,8),2):((16,1),8))>;
    assert_eq!(<TvInverse as StaticLayout>::LAYOUT.to_string(), "(16,4):(4,1)");
}
