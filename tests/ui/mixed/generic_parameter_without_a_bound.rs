// A typenum parameter as a shape leaf needs to be known as one.
use cute::cute_static::typenum::consts::*;
use cute::cute_static::Layout;

fn tile<TM>() -> i64 {
    Layout::<(TM, U8), (U8, U1)>::new().size()
}

fn main() {
    let _ = tile::<U4>();
}
