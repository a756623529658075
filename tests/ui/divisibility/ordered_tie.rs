// Two leaves of more than one element with the same order: CuTe C++ gives both stride 1.
use cute::cute_static::typenum::consts::*;
use cute::cute_static::{MakeOrderedLayoutOf, StaticLayout};

fn main() {
    let _ = <MakeOrderedLayoutOf<(U4, U8), (U0, U0)> as StaticLayout>::LAYOUT;
}
