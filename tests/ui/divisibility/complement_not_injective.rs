// (2,2):(1,1) maps two coordinates to offset 1: it has no complement.
use cute::cute_static::{ComplementOf, StaticLayout};
use cute::{Layout, Shape};

fn main() {
    let _ = <ComplementOf<Layout!((2,2):(1,1)), Shape!(8)> as StaticLayout>::LAYOUT;
}
