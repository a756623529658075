use cute::cute_static::{typenum::consts::*, Layout, StaticLayout};

fn size<L: StaticLayout>() -> i64 {
    L::SIZE
}

fn main() {
    size::<Layout<(U4, U8), (U1,)>>();
}
