// A tiler of three modes for a rank-2 layout.
use cute::cute_static::{LogicalDivideOf, StaticLayout};
use cute::{Layout, Tiler};

fn main() {
    let _ = <LogicalDivideOf<Layout!((8,16):(20,1)), Tiler!(<4:1,8:2,2:1>)> as StaticLayout>::LAYOUT;
}
