// `take::<1, 4>()` of a rank-3 layout: the range ends past its modes.
use cute::layout;

fn main() {
    let l = layout!((4,2,8):(2,1,32));
    let _ = l.take::<1, 4>();
}
