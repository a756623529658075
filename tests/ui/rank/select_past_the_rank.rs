// `select!` of a mode past the rank: CuTe's select<3>(l) of a rank-3 layout.
use cute::{layout, select};

fn main() {
    let l = layout!((4,2,8):(2,1,32));
    let _ = select!(l, 3, 0);
}
