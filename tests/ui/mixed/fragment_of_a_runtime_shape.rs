// Registers have a size known at compile time: a tile whose shape has a runtime leaf has no
// fragment (tile it by a static tiler first).
use cute::cute_static::fragment::make_fragment_like;
use cute::{layout, make_tensor};

fn main() {
    let data = [0f32; 64];
    let tile = make_tensor(&data[..], layout!(({8},8):(1,8)).unwrap()).unwrap();
    let _ = make_fragment_like(&tile);
}
