// `group_modes::<2, 1>()`: a range that ends before it begins.
use cute::layout;

fn main() {
    let l = layout!((4,2,8):(2,1,32));
    let _ = l.group_modes::<2, 1>();
}
