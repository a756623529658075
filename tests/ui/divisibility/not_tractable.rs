// (2,3,2,3):(12,6,1,2) is the layout of no morphism: sorted by stride, the mode 3:6 spans 18,
// which does not divide the next stride, 12. A kernel generic over its layout names the
// standard form; the error comes with the layout that has none.
use cute::cute_static::Tractable;
use cute::morphism::Morphism;
use cute::Layout;

fn standard_form<L: Tractable>() -> Morphism {
    L::MORPHISM
}

fn main() {
    let _ = standard_form::<Layout!((2,3,2,3):(12,6,1,2))>();
}
