use cute::cute_static::{ComplementOf, LogicalDivideOf, StaticLayout};
use cute::{Layout, Shape};

fn main() {
    // Cecka, CuTe Layout Representation and Algebra, §3.5.2: every third element of 24, and the
    // rest.
    let d = <LogicalDivideOf<Layout!(24:1), Layout!(8:3)> as StaticLayout>::LAYOUT;
    assert_eq!(d.to_string(), "(8,3):(3,1)");
    // Cecka Table 7.
    let c = <ComplementOf<Layout!((4,8):(1,8)), Shape!(60)> as StaticLayout>::LAYOUT;
    assert_eq!(c.to_string(), "2:4");
}
