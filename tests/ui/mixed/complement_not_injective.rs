// A static layout complemented up to a runtime size: its gaps are static, and a layout whose
// modes overlap has none.
use cute::cute_static::{complement, Dyn};
use cute::layout;

fn main() {
    let _ = complement(&layout!((2,2):(1,1)), &Dyn::new(64));
}
