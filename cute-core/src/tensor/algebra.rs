//! Views of a tensor by the algebra: slices, compositions, divides, products, tiles and
//! partitions, each checked once against the engine.

use super::engine::Engine;
use super::layout::TensorLayout;
use super::view::Tensor;
use crate::algebra::composition::composition;
use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::algebra::product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product,
};
use crate::arith::add;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{IntTuple, View};
use crate::layout::Layout;
use crate::limits::Limit;
use crate::stride::{crd2idx_shape, crd2idx_view, idx2crd_strided};
use crate::tiler::{Tile, TilerBuilder};

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// The tensor over the same engine with the layout `f(L)`, whole: checked against the
    /// extent as [`make_tensor`](crate::make_tensor) (compositions and products; divides may be
    /// partial).
    pub fn map_layout(
        self,
        op: Op,
        f: impl FnOnce(&Layout) -> Result<Layout, Error>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.map_view(op, f, false)
    }

    /// The tensor of `f(L)`: partial (reaching past the data) only when `partial` allows.
    fn map_view(
        self,
        op: Op,
        f: impl FnOnce(&Layout) -> Result<Layout, Error>,
        partial: bool,
    ) -> Result<Tensor<E, Layout>, Error> {
        let l = f(&self.layout.layout()).map_err(|e| e.within(op))?;
        let base = self.base();
        Tensor::at(self.engine, base, l, op, partial)
    }

    /// The view of the sub-layout `f(L) = (sub, offset)` from the element at `offset`: how a
    /// thread's partition of a tiled operation views a tensor. Partial (reaching past the data)
    /// where the sub-layout does, as a slice.
    ///
    /// # Errors
    /// `f`'s, within `op`; [`ErrorKind::Overflow`] where a position does not fit in `i64`.
    pub fn sub_view(
        self,
        op: Op,
        f: impl FnOnce(&Layout) -> Result<(Layout, i64), Error>,
    ) -> Result<Tensor<E, Layout>, Error> {
        let (sub, offset) = f(&self.layout.layout()).map_err(|e| e.within(op))?;
        let base =
            add(self.base(), offset).map_err(|k| Error::new(op, [Some((&sub).into()), None], k))?;
        Tensor::at(self.engine, base, sub, op, true)
    }

    /// `T(c)` with `_` in `c`: the sub-tensor of the modes where `c` holds `_`, starting at the
    /// element of `c` with every `_` taken as 0 (Cecka, *CuTe Layout Representation and Algebra*,
    /// §2.5.1).
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] when an integer of `c` is outside the mode it indexes (an
    /// integer for a tuple mode is a 1-D index into it); the errors of `Layout::slice`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{make_tensor, Counting, IntTuple, Layout};
    /// let t = make_tensor(Counting, "((3,2),((2,3),2)):((4,1),((2,15),100))".parse::<Layout>().unwrap()).unwrap();
    /// let s = t.slice(&"(2,_)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!((s.base(), s.layout().to_string().as_str()), (8, "(((2,3),2)):(((2,15),100))"));
    /// ```
    pub fn slice(self, c: &IntTuple) -> Result<Tensor<E, Layout>, Error> {
        let l = self.layout.layout();
        coord_in_range(c.view(), l.shape().view())
            .map_err(|k| Error::new(Op::Slice, [Some((&l).into()), Some(c.into())], k))?;
        let (sub, offset) = l.slice_and_offset(c)?;
        let base = add(self.base(), offset)
            .map_err(|k| Error::new(Op::Slice, [Some((&sub).into()), Some(c.into())], k))?;
        Tensor::at(self.engine, base, sub, Op::Slice, true)
    }

    /// `T ∘ B`: the tensor of `composition(L, B)`.
    pub fn compose(self, b: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let b = b.into();
        self.map_layout(Op::Composition, |l| match b {
            Tile::Layout(b) => composition(l, &b),
            Tile::Tiler(t) => crate::composition_tiler(l, &t),
            Tile::Under => Ok(*l),
        })
    }

    /// The tensor of `logical_divide(L, T)`, partial where a tile reaches past the data.
    pub fn logical_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::LogicalDivide, |l| logical_divide(l, t), true)
    }

    /// The tensor of `zipped_divide(L, T)`, partial where a tile reaches past the data.
    pub fn zipped_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::ZippedDivide, |l| zipped_divide(l, t), true)
    }

    /// The tensor of `tiled_divide(L, T)`, partial where a tile reaches past the data.
    pub fn tiled_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::TiledDivide, |l| tiled_divide(l, t), true)
    }

    /// The tensor of `flat_divide(L, T)`, partial where a tile reaches past the data.
    pub fn flat_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::FlatDivide, |l| flat_divide(l, t), true)
    }

    /// The tensor of `logical_product(L, T)`.
    pub fn logical_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::LogicalProduct, |l| logical_product(l, t))
    }

    /// The tensor of `zipped_product(L, T)`.
    pub fn zipped_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::ZippedProduct, |l| zipped_product(l, t))
    }

    /// The tensor of `tiled_product(L, T)`.
    pub fn tiled_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::TiledProduct, |l| tiled_product(l, t))
    }

    /// The tensor of `flat_product(L, T)`.
    pub fn flat_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::FlatProduct, |l| flat_product(l, t))
    }

    /// The tensor of `blocked_product(L, B)`.
    pub fn blocked_product(self, b: &Layout) -> Result<Tensor<E, Layout>, Error> {
        self.map_layout(Op::BlockedProduct, |l| blocked_product(l, b))
    }

    /// The tensor of `raked_product(L, B)`.
    pub fn raked_product(self, b: &Layout) -> Result<Tensor<E, Layout>, Error> {
        self.map_layout(Op::RakedProduct, |l| raked_product(l, b))
    }

    /// `inner_partition(T, tiler, c)`: `zipped_divide(T, tiler)` with the rest mode indexed by
    /// `c` (`_` appended for the rest modes `c` does not name): the tile at `c`, whole.
    pub fn inner_partition(
        self,
        t: impl Into<Tile>,
        c: &IntTuple,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.partition(&t.into(), c, 0)
    }

    /// `outer_partition(T, tiler, c)`: `zipped_divide(T, tiler)` with the tile mode indexed by `c`:
    /// element `c` of every tile.
    pub fn outer_partition(
        self,
        t: impl Into<Tile>,
        c: &IntTuple,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.partition(&t.into(), c, 1)
    }

    /// `zipped_divide(T, tiler)` sliced with `repeat<R>(_)` in mode `keep` and `c` in the other.
    fn partition(self, t: &Tile, c: &IntTuple, keep: usize) -> Result<Tensor<E, Layout>, Error> {
        let z = self.zipped_divide(*t)?;
        let err = |k| Error::new(Op::Slice, [Some(z.layout().into()), Some(c.into())], k);
        let under = IntTuple::under();
        let kept = match rank_of(z.layout(), keep) {
            1 => under,
            r => IntTuple::tuple((0..r).map(|_| under.view())).map_err(err)?,
        };
        let c = pad_with_under(c, rank_of(z.layout(), 1 - keep)).map_err(err)?;
        let modes = if keep == 0 {
            [kept.view(), c.view()]
        } else {
            [c.view(), kept.view()]
        };
        let coord = IntTuple::tuple(modes).map_err(err)?;
        z.slice(&coord)
    }

    /// `local_tile(T, tiler, c)`: the tile of `T` at tile coordinate `c` (CuTe's CTA-level
    /// partition), as [`Tensor::inner_partition`].
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] when an integer of `c` is outside the grid of tiles (of
    /// `ceil_div` tiles: the last ones may be partial); the errors of `zipped_divide`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{make_tensor, Counting, IntTuple, Layout, Tiler};
    /// let t = make_tensor(Counting, "(8,16):(1,8)".parse::<Layout>().unwrap()).unwrap();
    /// let tiler: Tiler = "<4:1,8:1>".parse().unwrap();
    /// let tile = t.local_tile(tiler, &"(1,1)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!((tile.base(), tile.layout().to_string().as_str()), (68, "(4,8):(1,8)"));
    /// ```
    pub fn local_tile(self, t: impl Into<Tile>, c: &IntTuple) -> Result<Tensor<E, Layout>, Error> {
        self.inner_partition(t, c)
            .map_err(|e| e.within(Op::LocalTile))
    }

    /// `local_partition(T, thr, i)`: the elements of thread `i` when the threads, laid out by
    /// `thr`, repeat over `T` (CuTe's thread-level partition): `outer_partition` by the shape of
    /// `thr` mode by mode, at the coordinate of `i` in `thr`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidParameters`] when `i` is not an offset of `thr` (a thread index out of
    /// range); the errors of `zipped_divide` and of the slice.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{make_tensor, Counting, Layout};
    /// let t = make_tensor(Counting, "(16,64):(1,16)".parse::<Layout>().unwrap()).unwrap();
    /// let thr: Layout = "(2,16):(16,1)".parse().unwrap();
    /// let mine = t.local_partition(&thr, 17).unwrap();
    /// assert_eq!((mine.base(), mine.layout().to_string().as_str()), (17, "(8,4):(2,256)"));
    /// ```
    pub fn local_partition(self, thr: &Layout, i: i64) -> Result<Tensor<E, Layout>, Error> {
        let err = |k| {
            Error::new(
                Op::LocalPartition,
                [Some(thr.into()), Some(Operand::from(i))],
                k,
            )
        };
        let (shape, stride) = (thr.shape().to_tuple(), thr.stride().to_tuple());
        // product_each(shape(thr)) as a tiler of `N:1` tiles, and get_flat_coord(i).
        let hier = idx2crd_strided(&IntTuple::int(i), &shape, &stride)
            .map_err(|e| e.within(Op::LocalPartition))?;
        // A thread index is an offset of `thr`: one that is not would take another thread's
        // coordinate (the division wraps).
        if i < 0 || crd2idx_view(hier.view(), shape.view(), thr.stride().view()) != Ok(i) {
            return Err(err(ErrorKind::InvalidParameters));
        }
        let mut tiles = TilerBuilder::new();
        tiles.open().map_err(err)?;
        let mut flat = [0i64; crate::MAX_LEAVES];
        let n = if shape.is_int() { 1 } else { shape.rank() };
        for (k, flat_k) in flat.iter_mut().enumerate().take(n) {
            let (s, c) = if shape.is_int() {
                (shape, hier)
            } else {
                // A mode of a tuple fits in one.
                let capacity = || {
                    err(ErrorKind::Capacity {
                        limit: Limit::Leaves,
                    })
                };
                (
                    shape.mode(k).ok_or_else(capacity)?,
                    hier.mode(k).ok_or_else(capacity)?,
                )
            };
            tiles
                .layout(&Layout::int(s.product().map_err(err)?, 1)?)
                .map_err(err)?;
            *flat_k = crd2idx_shape(&c, &s).map_err(|e| e.within(Op::LocalPartition))?;
        }
        tiles.close().map_err(err)?;
        let tiler = tiles.finish().map_err(err)?;
        let coord = IntTuple::flat(&flat[..n]).map_err(err)?;
        self.outer_partition(tiler, &coord)
            .map_err(|e| e.within(Op::LocalPartition))
    }
}

/// Checks each integer of `c` against the size of the mode of `shape` it indexes; a coordinate
/// whose profile does not match is left to `Layout::slice`, which names the mismatch.
fn coord_in_range(c: View<'_>, shape: View<'_>) -> Result<(), ErrorKind> {
    if let Some(index) = c.as_int() {
        let size = shape.product()?;
        if !(0..size).contains(&index) {
            return Err(ErrorKind::IndexOutOfRange { index, size });
        }
    } else if c.is_tuple() && shape.is_tuple() && c.rank() == shape.rank() {
        for (c, s) in c.children().zip(shape.children()) {
            coord_in_range(c, s)?;
        }
    }
    Ok(())
}

/// The rank of mode `k` of `l` (1 for an integer mode).
fn rank_of(l: &Layout, k: usize) -> usize {
    l.mode(k)
        .map_or(1, |m| if m.shape().is_int() { 1 } else { m.rank() })
}

/// `append<R>(c, _)`: `c` as a tuple of `r` modes, `_` for the missing ones; an integer `c` is
/// kept as it is (a 1-D index into the mode).
fn pad_with_under(c: &IntTuple, r: usize) -> Result<IntTuple, ErrorKind> {
    if c.is_int() || c.view().is_under() || c.rank() >= r {
        return Ok(*c);
    }
    let under = IntTuple::under();
    let v = c.view();
    IntTuple::tuple((0..r).map(|k| v.mode(k).unwrap_or_else(|| under.view())))
}
