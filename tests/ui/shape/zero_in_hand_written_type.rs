use cute::cute_static::{typenum::consts::*, Layout, StaticLayout};

fn main() {
    let _ = <Layout<(U4, U0), (U1, U4)> as StaticLayout>::SIZE;
}
