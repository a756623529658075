//! Tiles and partitions of tensors over static and mixed layouts (every `cute_static::Layout` is
//! a `cute_core::TensorLayout`): the CTA- and thread-level partitions of Cecka, *CuTe Layout
//! Representation and Algebra*, §3.5.2, [`local_tile`] and [`local_partition`], keep their static
//! tiles static.

use typenum::{UInt, U1};

use cute_core::tensor::{Engine, Tensor, TensorLayout};
use cute_core::{Error, ErrorKind, Op, Operand};

use crate::algebra::complement::LayoutParts;
use crate::algebra::divide::{zipped_divide, ZippedDivide, ZippedDivideOf};
use crate::complete::Complete;
use crate::coord::{Coord, IntoTuple, Underscore, __};
use crate::int::Dyn;
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;
use crate::sealed::Sealed;
use crate::slice::{SliceOf, Slicer};

/// A **type operator** for `repeat<rank(S)>(_)`: one `_` per mode of a shape, `_` for a leaf
/// (part of the implementation of [`local_tile`] and [`local_partition`], which keep one mode of
/// a zipped divide whole).
#[doc(hidden)]
pub trait Unders {
    /// The coordinate of `_`s.
    type Output: Coord;
    /// Its value.
    const UNDERS: Self::Output;
}
impl<U, B> Unders for UInt<U, B> {
    type Output = Underscore;
    const UNDERS: Underscore = __;
}
impl<M> Unders for Dyn<M> {
    type Output = Underscore;
    const UNDERS: Underscore = __;
}

/// A thread layout: the tiler `product_each(shape(thr))` of [`local_partition`] and the flat
/// coordinate of a thread in it (`thr.get_flat_coord(i)`), for a layout of tuple shape (part of
/// the implementation of [`local_partition`]).
#[doc(hidden)]
pub trait ThreadLayout {
    /// `product_each(shape(thr))` as a tiler of `n:1` tiles.
    type Tiler;
    /// The flat coordinate: one runtime integer per mode.
    type Coord;
    /// The tiler.
    fn tiler(&self) -> Self::Tiler;
    /// The flat coordinate of the thread whose index (offset of `thr`) is `i`, `None` when `i`
    /// is not an offset of `thr`.
    fn flat_coord(&self, i: i64) -> Option<Self::Coord>;
    /// The thread layout in `cute-core`'s notation, for errors.
    fn lower(&self) -> cute_core::Layout;
}

/// The shape of a layout `Z`.
type ShapeOf<Z> = <Z as LayoutParts>::Shape;
/// The stride of a layout `Z`.
type StrideOf<Z> = <Z as LayoutParts>::Stride;
/// The shape `(tiles, rests)` of `zipped_divide(A, T)`.
type ZippedModes<A, T> = ShapeOf<ZippedDivideOf<A, T>>;
/// The coordinate `(repeat<R>(_), c)` of `zipped_divide(A, T)`: its tile mode kept whole, `c`
/// completed with `_` for the modes of the grid it does not name.
type TileCoord<A, T, C> = (
    UndersOf<<ZippedModes<A, T> as Pair>::First>,
    <C as Complete<<ZippedModes<A, T> as Pair>::Second>>::Output,
);
/// The coordinate `(c, repeat<R>(_))` of `zipped_divide(A, T)`: its rest mode kept whole.
type RestCoord<A, T, C> = (C, UndersOf<<ZippedModes<A, T> as Pair>::Second>);
/// `repeat<rank(S)>(_)`.
type UndersOf<S> = <S as Unders>::Output;

/// The two modes of a pair (part of the implementation of [`local_tile`]).
#[doc(hidden)]
pub trait Pair {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
}
impl<A, B> Pair for (A, B) {
    type First = A;
    type Second = B;
}

/// A view of a layout taken by [`local_tile`], [`outer_partition`] or [`local_partition`]: its
/// layout, its offset, and whether its offsets lie within the span of the layout it was taken
/// from (then a view of a whole tensor is whole without a look at the data's extent).
#[derive(Clone, Copy, Debug)]
pub struct Part<L> {
    /// The view's layout.
    pub layout: L,
    /// The offset of its origin.
    pub offset: i64,
    /// Whether `offset + layout(i)` lies within the span of the layout it was taken from, for
    /// every `i`: a slice of a zipped divide whose span is within the layout's.
    within: bool,
}

impl<L> Part<L> {
    /// The view as a tensor over `t`'s engine: a view of a whole tensor that lies within its
    /// span is whole without a look at the extent.
    #[inline(always)]
    fn view_of<E: Engine, A: TensorLayout>(
        self,
        t: Tensor<E, A>,
        op: Op,
    ) -> Result<Tensor<E, L>, Error>
    where
        L: TensorLayout,
    {
        if self.within {
            // SAFETY: `within` is set only by `ZippedSlice`, for a slice (at an in-range
            // coordinate) of a zipped divide of `t`'s layout whose span lies within that layout's
            // span; its traits are sealed, so no other impl makes a `Part`.
            unsafe { t.remap_within(op, self.offset, self.layout) }
        } else {
            t.remap(op, self.offset, self.layout)
        }
    }
}

/// `local_tile(A, tiler, c)` on a layout: the tile at tile coordinate `c` and its offset (part
/// of the implementation of [`local_tile`]).
#[diagnostic::on_unimplemented(
    message = "no tile of `{Self}` by `{T}` at a coordinate `{C}` is known here",
    label = "local_tile needs this tile",
    note = "the tiler has at most the layout's rank, each of its tiles a layout (nested tilers such as `<<4:1,8:1>,3:1>` are not supported statically yet: tile a flat `(m,n,k)` by `<4:1,8:1,3:1>`, or the dynamic `Tensor::local_tile` at run time), and the coordinate has at most one entry per mode of the layout (the modes it leaves out are kept whole, as `__`)",
    note = "in code generic over tile sizes, bound the layout once: `{Self}: cute::cute_static::StaticTile<{T}, {C}>`"
)]
pub trait LocalTile<T, C>: Sealed {
    /// The layout of a tile.
    type Output;
    /// The tile, its offset and whether it lies within the layout's span.
    ///
    /// # Errors
    /// As [`local_tile`].
    fn local_tile(&self, tiler: &T, c: C) -> Result<Part<Self::Output>, Error>;
}

/// `zipped_divide(A, tiler)` sliced at the full coordinate `K`, and the slice's offset: the
/// step [`LocalTile`] and [`OuterPartition`] share (part of their implementation).
#[doc(hidden)]
pub trait ZippedSlice<T, K>: Sealed {
    /// The layout of the slice.
    type Output;
    /// The slice, its offset and whether it lies within the layout's span.
    ///
    /// # Errors
    /// The errors of `zipped_divide`; [`ErrorKind::IndexOutOfRange`] for a coordinate outside
    /// its mode.
    fn zipped_slice(&self, tiler: &T, k: K) -> Result<Part<Self::Output>, Error>;
}

impl<S, D, T, K> ZippedSlice<T, K> for Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
    Layout<S, D>: ZippedDivide<T>,
    ZippedDivideOf<Layout<S, D>, T>: LayoutParts,
    ShapeOf<ZippedDivideOf<Layout<S, D>, T>>:
        ShapeTuple + Congruent<StrideOf<ZippedDivideOf<Layout<S, D>, T>>>,
    StrideOf<ZippedDivideOf<Layout<S, D>, T>>: IntTupleType,
    K: IntoTuple,
    K::Output:
        Slicer<ShapeOf<ZippedDivideOf<Layout<S, D>, T>>, StrideOf<ZippedDivideOf<Layout<S, D>, T>>>,
{
    type Output = SliceOf<
        K::Output,
        ShapeOf<ZippedDivideOf<Layout<S, D>, T>>,
        StrideOf<ZippedDivideOf<Layout<S, D>, T>>,
    >;

    #[inline(always)]
    fn zipped_slice(&self, tiler: &T, k: K) -> Result<Part<Self::Output>, Error> {
        let (s, d) = zipped_divide(self, tiler)?.parts();
        let zipped = Layout::from_parts(s, d);
        // Decided at compile time for static layouts: a tile of a divide that the tiler does not
        // divide reaches past the layout's span. A view of a mixed layout is checked against the
        // data as before (one check, cheaper than two spans at run time).
        let within = Self::ALL_STATIC
            && Layout::<
                ShapeOf<ZippedDivideOf<Layout<S, D>, T>>,
                StrideOf<ZippedDivideOf<Layout<S, D>, T>>,
            >::ALL_STATIC
            && match (zipped.image(), self.image()) {
                (Some((lo, hi)), Some((plo, phi))) => lo >= plo && hi <= phi,
                _ => false,
            };
        let (layout, offset) = zipped.slice_and_offset(k)?;
        Ok(Part {
            layout,
            offset,
            within,
        })
    }
}

// Not recommended: a tile that does not exist is reported as `LocalTile`'s error, not as the
// helper deep inside the divide that fails.
#[diagnostic::do_not_recommend]
impl<S, D, T, C> LocalTile<T, C> for Layout<S, D>
where
    Layout<S, D>: ZippedDivide<T>,
    ZippedDivideOf<Layout<S, D>, T>: LayoutParts,
    ZippedModes<Layout<S, D>, T>: Pair,
    <ZippedModes<Layout<S, D>, T> as Pair>::First: Unders,
    C: Complete<<ZippedModes<Layout<S, D>, T> as Pair>::Second>,
    Layout<S, D>: ZippedSlice<T, TileCoord<Layout<S, D>, T, C>>,
{
    type Output = <Layout<S, D> as ZippedSlice<T, TileCoord<Layout<S, D>, T, C>>>::Output;

    #[inline(always)]
    fn local_tile(&self, tiler: &T, c: C) -> Result<Part<Self::Output>, Error> {
        let unders = <<ZippedModes<Layout<S, D>, T> as Pair>::First as Unders>::UNDERS;
        self.zipped_slice(tiler, (unders, c.complete()))
    }
}

/// `outer_partition(A, tiler, c)` on a layout: element `c` of every tile and its offset (part
/// of the implementation of [`outer_partition`] and [`local_partition`]).
#[doc(hidden)]
pub trait OuterPartition<T, C>: Sealed {
    /// The layout of a partition.
    type Output;
    /// The partition, its offset and whether it lies within the layout's span.
    ///
    /// # Errors
    /// As [`outer_partition`].
    fn outer_partition(&self, tiler: &T, c: C) -> Result<Part<Self::Output>, Error>;
}

impl<S, D, T, C> OuterPartition<T, C> for Layout<S, D>
where
    Layout<S, D>: ZippedDivide<T>,
    ZippedDivideOf<Layout<S, D>, T>: LayoutParts,
    ZippedModes<Layout<S, D>, T>: Pair,
    <ZippedModes<Layout<S, D>, T> as Pair>::Second: Unders,
    Layout<S, D>: ZippedSlice<T, RestCoord<Layout<S, D>, T, C>>,
{
    type Output = <Layout<S, D> as ZippedSlice<T, RestCoord<Layout<S, D>, T, C>>>::Output;

    #[inline(always)]
    fn outer_partition(&self, tiler: &T, c: C) -> Result<Part<Self::Output>, Error> {
        let unders = <<ZippedModes<Layout<S, D>, T> as Pair>::Second as Unders>::UNDERS;
        self.zipped_slice(tiler, (c, unders))
    }
}

/// `local_partition(A, thr, i)` on a layout: thread `i`'s elements and their offset (part of
/// the implementation of [`local_partition`]).
#[doc(hidden)]
pub trait LocalPartition<P>: Sealed {
    /// The layout of a partition.
    type Output;
    /// The partition, its offset and whether it lies within the layout's span.
    ///
    /// # Errors
    /// As [`local_partition`].
    fn local_partition(&self, thr: &P, i: i64) -> Result<Part<Self::Output>, Error>;
}

impl<S, D, P> LocalPartition<P> for Layout<S, D>
where
    P: ThreadLayout,
    Layout<S, D>: OuterPartition<P::Tiler, P::Coord>,
{
    type Output = <Layout<S, D> as OuterPartition<P::Tiler, P::Coord>>::Output;

    #[inline(always)]
    fn local_partition(&self, thr: &P, i: i64) -> Result<Part<Self::Output>, Error> {
        let Some(c) = thr.flat_coord(i) else {
            return Err(thread_error(thr, i));
        };
        self.outer_partition(&thr.tiler(), c)
    }
}

/// The error of a thread index that is not an offset of the thread layout.
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn thread_error<P: ThreadLayout>(thr: &P, i: i64) -> Error {
    Error::new(
        Op::LocalPartition,
        [
            Operand::kept(|| Operand::from(&thr.lower())),
            Operand::kept(|| Operand::from(i)),
        ],
        ErrorKind::InvalidParameters,
    )
}

/// `local_tile(T, tiler, c)`: the tile of `T` at tile coordinate `c` (CuTe's CTA-level
/// partition, Cecka §3.5.2): `zipped_divide(T, tiler)` sliced at `(repeat<R>(_), c)`, `c`
/// completed with `_` for the modes of the grid it does not name (CuTe's `append`). The
/// tile of a static tiler has a static shape whatever `T`'s sizes are, and taking it costs one
/// offset computation.
///
/// # Errors
/// The errors of `zipped_divide(layout(T), tiler)`; [`ErrorKind::IndexOutOfRange`] when an
/// integer of `c` is outside its mode of the grid of `ceil_div` tiles. A last tile of a size the
/// tile does not divide covers coordinates past the problem: it is copied with
/// `cute_core::algorithm::copy_if` predicated by the identity tensor tiled the same way
/// ([`crate::identity::make_identity_tensor`]). Where such a tile reaches past the data it is a
/// partial tensor (`is_whole()` is false), but it may also stay inside the data (a column-major
/// tile past the last row reads the next column): residues are decided on coordinates, not on
/// `is_whole()`.
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Counting};
/// use cute_static::{make_layout, tensor::local_tile, typenum::consts::*, Layout, Tiler};
/// let (m, n) = (64, 48);
/// let a = make_tensor(Counting, make_layout((m, n), (U1::new(), m)).unwrap()).unwrap();
/// let tiler = Tiler::<(Layout<U16, U1>, Layout<U8, U1>)>::new(); // <16:1,8:1>
/// let tile = local_tile(a, &tiler, (2, 3)).unwrap();
/// assert_eq!(format!("{:?}", tile.layout()), "(_16,_8):(_1,64)");
/// assert_eq!(tile.base(), 2 * 16 + 3 * 8 * 64);
///
/// // A coordinate that names fewer modes than the grid keeps the others whole, as CuTe's: a
/// // rank-3 tensor tiled in two modes at `(2, 3)` is tiled at `(2, 3, __)`.
/// use cute_static::__;
/// let l = make_layout((m, n, U9::new()), (U1::new(), m, m * n)).unwrap();
/// let b = make_tensor(Counting, l).unwrap();
/// let short = local_tile(b, &tiler, (2, 3)).unwrap();
/// let full = local_tile(b, &tiler, (2, 3, __)).unwrap();
/// assert_eq!(format!("{:?}", short.layout()), "(_16,_8,_9):(_1,64,3072)");
/// assert_eq!(format!("{:?}", full.layout()), "(_16,_8,_9):(_1,64,3072)");
/// assert_eq!(short.base(), full.base());
/// ```
#[inline(always)]
pub fn local_tile<E, A, T, C>(
    t: Tensor<E, A>,
    tiler: &T,
    c: C,
) -> Result<Tensor<E, <A as LocalTile<T, C>>::Output>, Error>
where
    E: Engine,
    A: TensorLayout + LocalTile<T, C>,
    <A as LocalTile<T, C>>::Output: TensorLayout,
{
    match t.layout().local_tile(tiler, c) {
        Ok(tile) => tile.view_of(t, Op::LocalTile),
        Err(e) => Err(e.within(Op::LocalTile)),
    }
}

/// CuTe's `X` in a [`Step`]: a mode the projection drops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct X;

/// CuTe's `Step<_1, X, _1>`: which modes of a tiler and of a tile coordinate a projection keeps
/// (`U1`) or drops ([`X`]), so that one block tiler `(BLK_M, BLK_N, BLK_K)` and one block
/// coordinate `(m, n, k)` serve `A` (`Step<(U1, X, U1)>`), `B` (`Step<(X, U1, U1)>`) and `C`
/// (`Step<(U1, U1, X)>`) in [`local_tile_step`].
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Step<S>(core::marker::PhantomData<S>);

// By hand: a step is a marker, `Copy` whatever its modes are.
impl<S> Clone for Step<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for Step<S> {}

impl<S> Step<S> {
    /// The step.
    #[must_use]
    pub const fn new() -> Self {
        Step(core::marker::PhantomData)
    }
}

/// The projection of a tuple by a step (part of the implementation of [`local_tile_step`]).
#[doc(hidden)]
pub trait Project<T> {
    /// The modes kept.
    type Output;
    /// The modes kept, in order.
    fn project(t: T) -> Self::Output;
}

/// `Project` for the steps of one arity: the step's markers, the modes (value: type), then the
/// modes kept.
macro_rules! project {
    ($(($($m:ty),+) => |$($v:ident: $t:ident),+| ($($k:ident: $kt:ident),+);)+) => {$(
        impl<$($t),+> Project<($($t,)+)> for ($($m,)+) {
            type Output = ($($kt,)+);
            #[inline(always)]
            #[allow(unused_variables, reason = "a step drops modes")]
            fn project(($($v,)+): ($($t,)+)) -> Self::Output {
                ($($k,)+)
            }
        }
    )+};
}
project! {
    (U1, U1) => |a: A, b: B| (a: A, b: B);
    (U1, X) => |a: A, b: B| (a: A);
    (X, U1) => |a: A, b: B| (b: B);
    (U1, U1, U1) => |a: A, b: B, c: C| (a: A, b: B, c: C);
    (U1, U1, X) => |a: A, b: B, c: C| (a: A, b: B);
    (U1, X, U1) => |a: A, b: B, c: C| (a: A, c: C);
    (X, U1, U1) => |a: A, b: B, c: C| (b: B, c: C);
}

/// `local_tile(T, tiler, c, step)`: [`local_tile`] by the modes of `tiler` and `c` that `step`
/// keeps (CuTe's `local_tile(gA, cta_tiler, cta_coord, Step<_1,X,_1>{})`).
///
/// # Errors
/// As [`local_tile`].
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Counting};
/// use cute_static::tensor::{local_tile_step, Step, X};
/// use cute_static::{make_layout, typenum::consts::*, Layout, Tiler};
/// let (m, k) = (64, 32);
/// let a = make_tensor(Counting, make_layout((m, k), (U1::new(), m)).unwrap()).unwrap();
/// // The block tiler (BLK_M, BLK_N, BLK_K) = (16, 8, 4) and block coordinate (m, n, k) = (1, 5, 2).
/// let tiler = Tiler::<(Layout<U16, U1>, Layout<U8, U1>, Layout<U4, U1>)>::new();
/// let g_a = local_tile_step(a, &tiler, (1, 5, 2), Step::<(U1, X, U1)>::new()).unwrap();
/// assert_eq!((format!("{:?}", g_a.layout()).as_str(), g_a.base()), ("(_16,_4):(_1,64)", 16 + 8 * 64));
/// ```
#[inline(always)]
pub fn local_tile_step<E, A, T, C, S>(
    t: Tensor<E, A>,
    tiler: &crate::tiler::Tiler<T>,
    c: C,
    step: Step<S>,
) -> Result<Tensor<E, <A as LocalTile<crate::tiler::Tiler<<S as Project<T>>::Output>, <S as Project<C>>::Output>>::Output>, Error>
where
    E: Engine,
    T: Copy,
    S: Project<T> + Project<C>,
    A: TensorLayout
        + LocalTile<crate::tiler::Tiler<<S as Project<T>>::Output>, <S as Project<C>>::Output>,
    <A as LocalTile<crate::tiler::Tiler<<S as Project<T>>::Output>, <S as Project<C>>::Output>>::Output:
        TensorLayout,
{
    let _ = step;
    let tiles = crate::tiler::Tiler::from_tiles(<S as Project<T>>::project(*tiler.tiles()));
    local_tile(t, &tiles, <S as Project<C>>::project(c))
}

/// `inner_partition(T, tiler, c)`: `zipped_divide(T, tiler)` with the rest mode indexed by `c`,
/// the tile at `c` whole (what [`local_tile`] takes).
///
/// # Errors
/// As [`local_tile`].
#[inline(always)]
pub fn inner_partition<E, A, T, C>(
    t: Tensor<E, A>,
    tiler: &T,
    c: C,
) -> Result<Tensor<E, <A as LocalTile<T, C>>::Output>, Error>
where
    E: Engine,
    A: TensorLayout + LocalTile<T, C>,
    <A as LocalTile<T, C>>::Output: TensorLayout,
{
    match t.layout().local_tile(tiler, c) {
        Ok(tile) => tile.view_of(t, Op::Slice),
        Err(e) => Err(e.within(Op::Slice)),
    }
}

/// `outer_partition(T, tiler, c)`: `zipped_divide(T, tiler)` with the tile mode indexed by `c`,
/// element `c` of every tile (what [`local_partition`] takes at a thread's coordinate). A static
/// tile and a static `T` give a static layout; taking it costs one offset computation.
///
/// # Errors
/// The errors of `zipped_divide(layout(T), tiler)`; [`ErrorKind::IndexOutOfRange`] when an
/// integer of `c` is outside its mode of the tile.
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Counting};
/// use cute_static::{tensor::outer_partition, typenum::consts::*, Layout, Tiler};
/// let t = make_tensor(Counting, Layout::<(U8, U6), (U1, U8)>::new()).unwrap();
/// let tiler = Tiler::<(Layout<U4, U1>, Layout<U2, U1>)>::new();
/// let every = outer_partition(t, &tiler, (3, 1)).unwrap(); // element (3,1) of each 4x2 tile
/// assert_eq!((every.base(), format!("{:?}", every.layout()).as_str()), (11, "(_2,_3):(_4,_16)"));
/// ```
#[inline(always)]
pub fn outer_partition<E, A, T, C>(
    t: Tensor<E, A>,
    tiler: &T,
    c: C,
) -> Result<Tensor<E, <A as OuterPartition<T, C>>::Output>, Error>
where
    E: Engine,
    A: TensorLayout + OuterPartition<T, C>,
    <A as OuterPartition<T, C>>::Output: TensorLayout,
{
    match t.layout().outer_partition(tiler, c) {
        Ok(part) => part.view_of(t, Op::Slice),
        Err(e) => Err(e.within(Op::Slice)),
    }
}

/// `local_partition(T, thr, i)`: the elements of thread `i` when the threads, laid out by
/// `thr`, repeat over `T` (CuTe's thread-level partition, Cecka §3.5.2): `outer_partition` of
/// `T` by `product_each(shape(thr))` at `thr.get_flat_coord(i)`. A static `T` and `thr` give a
/// static layout; taking it costs one offset computation.
///
/// # Errors
/// [`ErrorKind::InvalidParameters`] when `i` is not an offset of `thr` (a thread index out of
/// range); the errors of `zipped_divide`.
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Counting};
/// use cute_static::{tensor::local_partition, typenum::consts::*, Layout};
/// let t = make_tensor(Counting, Layout::<(U16, U64), (U1, U16)>::new()).unwrap();
/// let thr = Layout::<(U2, U16), (U16, U1)>::new();
/// let mine = local_partition(t, &thr, 17).unwrap();
/// assert_eq!((mine.base(), format!("{:?}", mine.layout()).as_str()), (17, "(_8,_4):(_2,_256)"));
/// ```
#[inline(always)]
pub fn local_partition<E, A, P>(
    t: Tensor<E, A>,
    thr: &P,
    i: i64,
) -> Result<Tensor<E, <A as LocalPartition<P>>::Output>, Error>
where
    E: Engine,
    A: TensorLayout + LocalPartition<P>,
    <A as LocalPartition<P>>::Output: TensorLayout,
{
    match t.layout().local_partition(thr, i) {
        Ok(part) => part.view_of(t, Op::LocalPartition),
        Err(e) => Err(e.within(Op::LocalPartition)),
    }
}

/// `local_partition(T, thr, i, step)`: [`local_partition`] by the modes of `thr` that `step`
/// keeps (CuTe's `local_partition(sA, tC, threadIdx.x, Step<_1,X>{})`): thread `i`'s coordinate
/// is taken in the whole thread layout, and its kept modes partition `T`. One thread layout
/// `(TM,TN)` over `C` thus gives each thread its rows of `A` (`Step::<(U1, X)>`) and its columns
/// of `B` (`Step::<(X, U1)>`).
///
/// # Errors
/// As [`local_partition`].
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Counting};
/// use cute_static::tensor::{local_partition_step, Step, X};
/// use cute_static::{typenum::consts::*, Layout};
/// let s_a = make_tensor(Counting, Layout::<(U8, U4), (U1, U8)>::new()).unwrap(); // (M,K)
/// let thr = Layout::<(U2, U4), (U1, U2)>::new(); // (TM,TN) over C
/// let mine = local_partition_step(s_a, &thr, 5, Step::<(U1, X)>::new()).unwrap(); // (1,2)
/// assert_eq!((mine.base(), format!("{:?}", mine.layout()).as_str()), (1, "(_4,_4):(_2,_8)"));
/// ```
#[inline(always)]
pub fn local_partition_step<E, A, P, T, C, S>(
    t: Tensor<E, A>,
    thr: &P,
    i: i64,
    step: Step<S>,
) -> Result<
    Tensor<
        E,
        <A as OuterPartition<
            crate::tiler::Tiler<<S as Project<T>>::Output>,
            <S as Project<C>>::Output,
        >>::Output,
    >,
    Error,
>
where
    E: Engine,
    P: ThreadLayout<Tiler = crate::tiler::Tiler<T>, Coord = C>,
    T: Copy,
    S: Project<T> + Project<C>,
    A: TensorLayout
        + OuterPartition<crate::tiler::Tiler<<S as Project<T>>::Output>, <S as Project<C>>::Output>,
    <A as OuterPartition<
        crate::tiler::Tiler<<S as Project<T>>::Output>,
        <S as Project<C>>::Output,
    >>::Output: TensorLayout,
{
    let _ = step;
    let Some(c) = thr.flat_coord(i) else {
        return Err(thread_error(thr, i));
    };
    let tiles = crate::tiler::Tiler::from_tiles(<S as Project<T>>::project(*thr.tiler().tiles()));
    match t
        .layout()
        .outer_partition(&tiles, <S as Project<C>>::project(c))
    {
        Ok(part) => part.view_of(t, Op::LocalPartition),
        Err(e) => Err(e.within(Op::LocalPartition)),
    }
}

/// The size of one mode of a thread layout, and the flat coordinate in it of the thread whose
/// index is `i` with the part of `i` it accounts for: CuTe's `idx2crd(i, s, d)` leaf by leaf
/// (`(i / d) % s`, 0 for a stride 0 or an empty mode), then `crd2idx` of that coordinate in `s`.
#[inline(always)]
pub(crate) fn thread_mode<S: IntTupleType, D: IntTupleType>(s: &S, d: &D, i: i64) -> [i64; 3] {
    let (s, d) = (s.leaf_array(), d.leaf_array());
    let (mut size, mut flat, mut offset) = (1i64, 0i64, 0i64);
    for (s, d) in s.as_ref().iter().zip(d.as_ref()) {
        // A stride 0 or an empty mode (no thread at all) takes no part of `i`.
        let c = if *d == 0 || *s == 0 { 0 } else { i / d % s };
        // A thread layout's size and offsets fit in `i64` by the layout invariant.
        flat = flat.wrapping_add(c.wrapping_mul(size));
        offset = offset.wrapping_add(c.wrapping_mul(*d));
        size = size.wrapping_mul(*s);
    }
    [size, flat, offset]
}
