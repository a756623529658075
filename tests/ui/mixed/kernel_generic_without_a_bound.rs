// A kernel generic over its tile size: `local_tile` of a runtime-sized matrix by a
// `TM x TN` tiler needs one bound on the matrix's layout, `StaticTile<Tiler, Coordinate>`.
use cute::cute_static::tensor::local_tile;
use cute::cute_static::typenum::consts::{U1, U4};
use cute::cute_static::{ShapeInt, StaticInt, Layout, Tiler};
use cute::{layout, make_tensor, Error};

fn first_of_tile<TM, TN>(x: &[f32], m: i64, n: i64) -> Result<f32, Error>
where
    TM: StaticInt + ShapeInt,
    TN: StaticInt + ShapeInt,
{
    let gx = make_tensor(x, layout!(({m},{n}):({n},1))?)?;
    let tile = Tiler::<(Layout<TM, U1>, Layout<TN, U1>)>::new();
    let t = local_tile(gx, &tile, (0, 0))?;
    t.get(0)
}

fn main() {
    let _ = first_of_tile::<U4, U4>(&[0.0; 16], 4, 4);
}
