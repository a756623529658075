// A runtime size in mode 0 and a static mode 1: the static mode's composition is still checked
// by the compiler, as in CuTe (Cecka, CuTe Layout Representation and Algebra, §3.3.3: no layout
// holds the first 6 elements of (4,6,8):(2,3,5)).
use cute::cute_static::composition;
use cute::{layout, tiler};

fn main() {
    let m = 100;
    let a = layout!(({m},(4,6,8)):(1,(2,3,5))).unwrap();
    let _ = composition(&a, &tiler!(<8:1,6:1>));
}
