use cute::cute_static::{CompositionOf, StaticLayout};
use cute::Layout;

// seed 000 Table 4: the Ampere thread-value layout over each integer data layout.
type Tv = Layout!(((4,8),2):((16,1),8));

fn main() {
    let row = <CompositionOf<Layout!((8,8):(8,1)), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(row.to_string(), "((4,8),2):((2,8),1)");
    let padded = <CompositionOf<Layout!((8,8):(1,9)), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(padded.to_string(), "((4,8),2):((18,1),9)");
    let interleaved = <CompositionOf<Layout!(((4,2),(2,4)):((2,16),(1,8))), Tv> as StaticLayout>::LAYOUT;
    assert_eq!(interleaved.to_string(), "((4,(4,2)),2):((8,(2,16)),1)");
    // The paper's TMEM layout composes with the identity of its size.
    let tmem = <CompositionOf<Layout!((8,(16,4)):(1,(16384,524288))), Layout!(512:1)> as StaticLayout>::LAYOUT;
    assert_eq!(tmem.to_string(), "(8,16,4):(1,16384,524288)");
}
