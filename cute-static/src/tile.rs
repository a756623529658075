//! The one bound of a kernel generic over its tile sizes: [`StaticTile`].

use cute_core::tensor::TensorLayout;

use crate::fragment::FragmentLike;
use crate::tensor::LocalTile;

/// A **marker trait** for a layout whose tiles by the tiler `T` at a tile coordinate `C` are
/// static-shaped tensor layouts: what [`local_tile`](crate::tensor::local_tile) and
/// [`make_fragment_like`](crate::fragment::make_fragment_like) of its tiles need, as one bound.
/// Implemented for every layout that satisfies them; in generic code, bound the tensor's layout
/// by it once.
///
/// A kernel written for any `TM x TN` tile calls [`local_tile`](crate::tensor::local_tile) on
/// its tensors and [`make_fragment_like`](crate::fragment::make_fragment_like) on the tiles;
/// spelled out, each call needs the operation's own bounds on the tensor's layout (a tile exists,
/// it is a tensor layout, it has a static shape). `StaticTile<T, C>` is all of them at once, one
/// line per tensor:
///
/// ```
/// use cute_core::{algorithm::copy, make_tensor, Error};
/// use cute_static::fragment::make_fragment_like;
/// use cute_static::tensor::local_tile;
/// use cute_static::typenum::consts::*;
/// use cute_static::{make_layout, Dyn, Layout, ShapeInt, StaticInt, StaticTile, Tiler};
///
/// /// The layout of a row-major matrix of runtime size.
/// type RowMajor = Layout<(Dyn, Dyn), (Dyn, U1)>;
///
/// /// The sum of tile `(i, j)` of `x`, for any static `TM x TN` tile.
/// fn tile_sum<TM, TN>(x: &[f32], (m, n): (i64, i64), (i, j): (i64, i64)) -> Result<f32, Error>
/// where
///     TM: StaticInt + ShapeInt,
///     TN: StaticInt + ShapeInt,
///     RowMajor: StaticTile<Tiler<(Layout<TM, U1>, Layout<TN, U1>)>, (i64, i64)>,
/// {
///     let gx = make_tensor(x, make_layout((m, n), (n, U1::new()))?)?;
///     let tile = local_tile(gx, &Tiler::new(), (i, j))?; // (TM,TN):(n,_1)
///     let mut regs = make_fragment_like(&tile);
///     copy(&tile, &mut regs)?;
///     cute_core::algorithm::fold(&regs, 0.0, |s, v| s + v)
/// }
/// let x: Vec<f32> = (0..64 * 48).map(|v| v as f32).collect();
/// let rows_2_3 = (104..108).chain(152..156); // rows 2 and 3, columns 8..12
/// assert_eq!(tile_sum::<U2, U4>(&x, (64, 48), (1, 2))?, rows_2_3.sum::<i32>() as f32);
/// assert_eq!(tile_sum::<U1, U8>(&x, (64, 48), (3, 0))?, (144..152).sum::<i32>() as f32);
/// # Ok::<(), Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no static tile by `{T}` at a coordinate `{C}`",
    label = "local_tile needs a tiler of the layout's rank and a coordinate of one integer per tiled mode",
    note = "a tiler is `Tiler<(Layout<TM, U1>, Layout<TN, U1>)>` (`tiler!(<4:1,16:1>)`) and a tile coordinate `(i64, i64)` for a rank-2 layout"
)]
pub trait StaticTile<T, C>: TensorLayout + LocalTile<T, C, Output = Self::Tile> {
    /// The layout of a tile: static shape, the tensor's strides.
    type Tile: TensorLayout + FragmentLike;
}

impl<A, T, C> StaticTile<T, C> for A
where
    A: TensorLayout + LocalTile<T, C>,
    <A as LocalTile<T, C>>::Output: TensorLayout + FragmentLike,
{
    type Tile = <A as LocalTile<T, C>>::Output;
}
