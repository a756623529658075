// A rank-2 tensor has a grid of rank 2: a tile coordinate of three entries names a mode it does
// not have.
use cute::cute_static::tensor::local_tile;
use cute::{layout, make_tensor, tiler};

fn main() {
    let (m, n) = (8, 32);
    let data = vec![0f32; 8 * 32];
    let g = make_tensor(&data[..], layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let _ = local_tile(g, &tiler!(<4:1,16:1>), (1, 1, 0));
}
