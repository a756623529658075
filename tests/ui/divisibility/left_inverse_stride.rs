// Stride 3 is not a multiple of the 2 elements of the mode of stride 2: (2,2):(2,3) has no left
// inverse in CuTe's form.
use cute::cute_static::{LeftInverseOf, StaticLayout};
use cute::Layout;

fn main() {
    let _ = <LeftInverseOf<Layout!((2,2):(2,3))> as StaticLayout>::LAYOUT;
}
