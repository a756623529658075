// A nested tiler, `<<4:1,8:1>,3:1>` over `((m,n),k)`, is not supported by the static
// `local_tile` yet: the error says so and names the flat form.
use cute::cute_static::tensor::local_tile;
use cute::{layout, make_tensor, tiler};

fn main() {
    let (m, n) = (8, 32);
    let data = vec![0f32; 9 * 8 * 32];
    let g = make_tensor(&data[..], layout!((({m},{n}),9):((1,{m}),{m * n})).unwrap()).unwrap();
    let _ = local_tile(g, &tiler!(<<4:1,8:1>,3:1>), ((1, 1), 1));
}
