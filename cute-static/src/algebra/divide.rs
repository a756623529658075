//! `LogicalDivide`: the type operator of `cute_core::logical_divide` for a layout tile (Cecka,
//! *CuTe Layout Representation and Algebra*, §3.5.2): `A ⊘ T = A ∘ (T, T*)` with
//! `T* = complement(T, shape(coalesce(A)))`.
//!
//! As in `cute_core`, the tile mode `A ∘ T` is held to the exactness rule of
//! [`Composition`](super::composition::Composition); the grid mode `A ∘ T*` keeps CuTe's form and
//! CuTe's own conditions (it counts partial tiles when `T` does not divide `A`).

use cute_core::algebra::coalesce::coalesce_leaves;
use cute_core::{Error, ErrorKind};
use typenum::{Bit, UInt, Unsigned, B0, B1};

use super::coalesce::{FlatModes, Merge, StaticCoalesceOf};
use super::complement::StaticComplementOf;
use super::complement::{complement, Complement, ComplementOf, LayoutParts, MixedComplement};
use super::composition::ModesDistribute;
use super::composition_mixed::{
    cold_result, finish, lowered_error, walk_mixed, walk_width, ComposeNode, NodeShape, NodeStride,
    Outcome, WalkInfo, WalkOf,
};
use super::composition_static::{DigitsFit, Over, OverA, OverOf};
use super::modes::{TileUnzip, TileUnzipOf};
use crate::int::{AsLeaf, Dyn};
use crate::int_tuple::{AllStaticOf, Buffer, Congruent, IntTupleType, ShapeTuple};
use crate::layout::{Layout, StaticLayout};
use crate::list::{Concat, Leaves, TCons, TNil, ZipModes};
use crate::list::{ListTuple, Spread};

binary_operator!(
    /// A **type operator** for `logical_divide(A, T)` on layouts (and tilers) of static and
    /// runtime leaves, with its value: `(A ∘ T, A ∘ T*)`, `T* = complement(T, shape(coalesce(A)))`
    /// (Cecka §3.5.2); with a tiler, mode by mode.
    LogicalDivide / LogicalDivideOf / logical_divide,
    LogicalDivideCase,
    StaticLogicalDivide / StaticLogicalDivideOf,
    "logical_divide(A, T)",
    "`logical_divide(A, T)` is not defined for these operands",
    "A is a layout and T a layout, a shape or a tiler"
);

binary_operator!(
    /// A **type operator** for `zipped_divide(A, T)`: `logical_divide` arranged as
    /// `((tiles...),(rests...))`.
    ZippedDivide / ZippedDivideOf / zipped_divide,
    ZippedDivideCase,
    StaticZippedDivide / StaticZippedDivideOf,
    "zipped_divide(A, T)",
    "`zipped_divide(A, T)` is not defined for these operands",
    "A is a layout and T a layout, a shape or a tiler"
);

binary_operator!(
    /// A **type operator** for `tiled_divide(A, T)`: `((tiles...), rest0, rest1, ...)`.
    TiledDivide / TiledDivideOf / tiled_divide,
    TiledDivideCase,
    StaticTiledDivide / StaticTiledDivideOf,
    "tiled_divide(A, T)",
    "`tiled_divide(A, T)` is not defined for these operands",
    "A is a layout and T a layout, a shape or a tiler"
);

binary_operator!(
    /// A **type operator** for `flat_divide(A, T)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
    FlatDivide / FlatDivideOf / flat_divide,
    FlatDivideCase,
    StaticFlatDivide / StaticFlatDivideOf,
    "flat_divide(A, T)",
    "`flat_divide(A, T)` is not defined for these operands",
    "A is a layout and T a layout, a shape or a tiler"
);

/// A runtime leaf, with a layout tile: `(A ∘ T, A ∘ T*)` by the walk at run time, `T*` the
/// complement of `T` up to `shape(coalesce(A))` (static gaps when `T` is static, and a runtime
/// last mode); the tile is held to the exactness rule, the grid to CuTe's conditions, and what
/// the walk cannot show is decided by `cute_core::logical_divide`.
impl<S, D, ST, DT> LogicalDivideCase<Layout<ST, DT>, B0> for Layout<S, D>
where
    S: ShapeTuple + Congruent<D> + AsLeaf,
    D: IntTupleType,
    ST: ShapeTuple + Congruent<DT>,
    DT: IntTupleType,
    Layout<ST, DT>: GridComplement<Cotarget<S>>,
    GridOf<ST, DT, Cotarget<S>>: LayoutParts,
    GridShape<ST, DT, Cotarget<S>>: ShapeTuple + Congruent<GridStride<ST, DT, Cotarget<S>>>,
    GridStride<ST, DT, Cotarget<S>>: IntTupleType,
    (ST, GridShape<ST, DT, Cotarget<S>>): IntTupleType,
    (DT, GridStride<ST, DT, Cotarget<S>>): IntTupleType,
    Self: WalkOf,
    ST: ComposeNode<<Self as WalkOf>::Info, DT>,
    GridShape<ST, DT, Cotarget<S>>:
        ComposeNode<<Self as WalkOf>::Info, GridStride<ST, DT, Cotarget<S>>>,
    (
        NodeShape<ST, Self, DT>,
        NodeShape<GridShape<ST, DT, Cotarget<S>>, Self, GridStride<ST, DT, Cotarget<S>>>,
    ): ShapeTuple
        + Congruent<(
            NodeStride<ST, Self, DT>,
            NodeStride<GridShape<ST, DT, Cotarget<S>>, Self, GridStride<ST, DT, Cotarget<S>>>,
        )>,
    (
        NodeStride<ST, Self, DT>,
        NodeStride<GridShape<ST, DT, Cotarget<S>>, Self, GridStride<ST, DT, Cotarget<S>>>,
    ): IntTupleType,
{
    type Output = Layout<
        (
            NodeShape<ST, Self, DT>,
            NodeShape<GridShape<ST, DT, Cotarget<S>>, Self, GridStride<ST, DT, Cotarget<S>>>,
        ),
        (
            NodeStride<ST, Self, DT>,
            NodeStride<GridShape<ST, DT, Cotarget<S>>, Self, GridStride<ST, DT, Cotarget<S>>>,
        ),
    >;
    #[inline(always)]
    fn logical_divide(a: &Self, t: &Layout<ST, DT>) -> Result<Self::Output, Error> {
        // The conditions the walk cannot show decided by `cute_core`, and the error of one it
        // shows (see `finish`).
        let cold = || {
            cold_result(cute_core::logical_divide(
                &a.try_to_dynamic()?,
                t.try_to_dynamic()?,
            ))
        };
        let err = |kind| lowered_error(cute_core::Op::LogicalDivide, a, t, kind);
        // CuTe's walk.
        let walked = || -> Result<Self::Output, Error> {
            // T* = complement(T, shape(coalesce(A))), the cotarget taken at run time as
            // `cute_core`.
            let (as_, ad) = a.leaves();
            let rest = if S::LEAVES == 1 {
                <Layout<ST, DT> as GridComplement<Cotarget<S>>>::grid(t, as_.as_ref())
            } else {
                let (mut cs, mut cd) = (
                    <S::Count as Buffer>::I64_ZERO,
                    <S::Count as Buffer>::I64_ZERO,
                );
                let n = coalesce_leaves(as_.as_ref(), ad.as_ref(), cs.as_mut(), cd.as_mut());
                <Layout<ST, DT> as GridComplement<Cotarget<S>>>::grid(t, &cs.as_ref()[..n])
            };
            let Some(rest) = rest else {
                return finish(
                    Outcome::Failed(cute_core::ErrorKind::Overflow),
                    S::LEAVES,
                    cold,
                    err,
                );
            };
            // B = (T, T*), its leaves in order; a grid leaf of size 1 is taken as `1:0`, as
            // `cute_core`'s coalesced complement drops it.
            let (grid_shape, grid_stride) = rest.parts();
            let (t_shape, t_stride) = t.into_parts();
            let b = ((t_shape, grid_shape), (t_stride, grid_stride));
            let (bs, mut bd) = (b.0.leaf_array(), b.1.leaf_array());
            let nt = ST::LEAVES;
            if t.size() == 0 {
                // `cute_core` builds `(T, T*)` as a layout: with an empty `T` its nonempty leaves
                // may pass `i64` where no offset of the walk does.
                if let Err(kind) = cute_core::layout::check_leaves(bs.as_ref(), bd.as_ref()) {
                    return finish(Outcome::Failed(kind), S::LEAVES, cold, err);
                }
            }
            if <<Self as WalkOf>::Info as WalkInfo>::WIDTH > 1 {
                for (s, d) in bs.as_ref().iter().zip(bd.as_mut().iter_mut()).skip(nt) {
                    if *s == 1 {
                        *d = 0;
                    }
                }
            }
            finish(
                walk_mixed::<_, _, _, (DT, GridStride<ST, DT, Cotarget<S>>)>(
                    a,
                    (bs.as_ref(), bd.as_ref()),
                    walk_width::<Self>(),
                    nt,
                ),
                S::LEAVES,
                cold,
                err,
            )
        };
        if let Some(n) = UnitTile::<S, ST, DT>::SIZE {
            // A kernel's tile of a runtime mode: a few integer operations; the walk only for
            // the inputs where they do not apply, out of line.
            let tile = unit_tile(a, n, walk_width::<Self>());
            #[cfg(debug_assertions)]
            if let Some(r) = &tile {
                let w = walked().map(|w| w.to_dynamic());
                debug_assert_eq!(
                    w.map_err(|e| e.kind),
                    r.as_ref().map(Layout::to_dynamic).map_err(|k| *k),
                    "the walk's divide"
                );
            }
            return match tile {
                Some(Ok(r)) => Ok(r),
                // The walk fails with the same condition (checked above in debug builds): its
                // error as the walk's failure gives it, without the walk.
                Some(Err(kind)) => finish(Outcome::Failed(kind), S::LEAVES, cold, err),
                None => out_of_line(walked),
            };
        }
        walked()
    }
}

/// `f()` in a function of its own, for a path rarely taken.
#[inline(never)]
fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// Whether a divide of a layout of one runtime shape leaf (shape `S`) by `T = n:1` (shape `ST`,
/// stride `DT`) with a static `n` takes [`unit_tile`]: `Some(n)` then (a static leaf takes the
/// walk, which may give its grid static leaves).
struct UnitTile<S, ST, DT>(core::marker::PhantomData<(S, ST, DT)>);

impl<S: IntTupleType, ST: IntTupleType, DT: IntTupleType> UnitTile<S, ST, DT> {
    const SIZE: Option<i64> = match (S::STATICS[0], ST::STATICS[0], DT::STATICS[0]) {
        (None, Some(n), Some(1)) if S::LEAVES == 1 && ST::LEAVES == 1 && n > 0 => Some(n),
        _ => None,
    };
}

/// `logical_divide(s:d, n:1)` of the one leaf `s:d` of `a` for a runtime `s` (CuTe's
/// `((n, ⌈s/n⌉):(d, n·d))`, a grid of one tile for `s <= n` and of none for `s = 0`): what the
/// walk gives, without it. `None` where the walk would normalize a grid leaf of size 1
/// (`width > 1`, a guard: a one-leaf `A` walks one slot a leaf);
/// `Some(Err(overflow))` for a result past `i64`, whose error the walk names.
#[inline(always)]
fn unit_tile<S, D, OS, OD>(
    a: &Layout<S, D>,
    n: i64,
    width: usize,
) -> Option<Result<Layout<OS, OD>, ErrorKind>>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
    OS: ShapeTuple + Congruent<OD>,
    OD: IntTupleType,
{
    let (as_, ad) = a.leaves();
    let (s, d) = (as_.as_ref()[0], ad.as_ref()[0]);
    if OS::LEAVES != 2 || (width > 1 && s <= n) {
        return None;
    }
    // `s >= 0` (the invariant): an unsigned division.
    let grid = (s as u64).div_ceil(n as u64) as i64;
    let (nd, wide) = n.overflowing_mul(d);
    // The result's invariant from the mode's: `(n-1)·d` lies within `n·d`, and `(grid-1)·n·d`
    // within `(s-1)·d` (`(grid-1)·n <= s-1`), so only the size `n·grid` and the sum of the two,
    // `(n·grid-1)·d`, can pass `i64` (the whole check of both leaves was most of a GPU tile's
    // divide).
    let span = (n - 1)
        .wrapping_mul(d)
        .checked_add((grid - 1).max(0).wrapping_mul(nd));
    let fits = !wide & n.checked_mul(grid).is_some() & span.is_some();
    let r = Layout::<OS, OD>::from_leaves(&[n, grid], &[d, nd]);
    // A wrapped `n·d` (a tile larger than its mode, `s <= n`) is the one value `r` cannot
    // show: its grid of at most one tile spans nothing.
    debug_assert!(
        wide || r.check().is_ok() == fits,
        "the unit tile's invariant"
    );
    Some(if fits {
        Ok(r)
    } else {
        Err(ErrorKind::Overflow)
    })
}

/// `T* = complement(T, M)`, the grid of a divide by `T`.
type GridOf<ST, DT, M> = <Layout<ST, DT> as GridComplement<M>>::Output;
/// The cotarget of the grid of a divide of a layout of shape `S`: `S` when it is one static
/// leaf (whatever its stride, so the grid stays static), else a runtime integer with the
/// divisor known of `S`.
type Cotarget<S> = <S as AsLeaf>::Output;

/// `complement(T, M)` for the grid of a mixed divide, given the cotarget's leaves at run time
/// (part of the implementation of [`LogicalDivide`]): static when `T` and `M` are.
#[doc(hidden)]
pub trait GridComplement<M> {
    /// The grid.
    type Output;
    /// The grid up to the cotarget whose leaves are `cotarget` (those of `M`); `None` where
    /// `cute_core::complement` fails.
    fn grid(t: &Self, cotarget: &[i64]) -> Option<Self::Output>;
}

/// A runtime cotarget.
impl<ST, DT, K> GridComplement<Dyn<K>> for Layout<ST, DT>
where
    (ST, DT): AllStaticOf,
    Self: MixedComplement<Dyn<K>, <(ST, DT) as AllStaticOf>::Output>,
{
    type Output = <Self as MixedComplement<Dyn<K>, <(ST, DT) as AllStaticOf>::Output>>::Output;
    #[inline(always)]
    fn grid(t: &Self, cotarget: &[i64]) -> Option<Self::Output> {
        <Self as MixedComplement<Dyn<K>, <(ST, DT) as AllStaticOf>::Output>>::complement_of(
            t, cotarget,
        )
    }
}

/// A static cotarget (one leaf): the complement operator, static for a static `T`.
impl<ST, DT, U, B> GridComplement<UInt<U, B>> for Layout<ST, DT>
where
    Self: Complement<UInt<U, B>>,
    U: Unsigned,
    B: Bit,
{
    type Output = ComplementOf<Self, UInt<U, B>>;
    #[inline(always)]
    fn grid(t: &Self, _: &[i64]) -> Option<Self::Output> {
        complement(t, &UInt::new()).ok()
    }
}

/// The shape of the grid.
type GridShape<ST, DT, M> = <GridOf<ST, DT, M> as LayoutParts>::Shape;
/// The stride of the grid.
type GridStride<ST, DT, M> = <GridOf<ST, DT, M> as LayoutParts>::Stride;

/// A **type operator** for `logical_divide(A, T)` of static layouts with a layout tile `T`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticLogicalDivideOf, StaticLayout};
/// type A = Layout<(U4, U2, U3), (U2, U1, U8)>;
/// type T = Layout<U4, U2>;
/// assert_eq!(<StaticLogicalDivideOf<A, T> as StaticLayout>::LAYOUT.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// ```
pub trait StaticLogicalDivide<T> {
    /// The divided layout `(tile, grid)`.
    type Output;
}

/// `StaticLogicalDivideOf<A, T> = <A as StaticLogicalDivide<T>>::Output`.
pub type StaticLogicalDivideOf<A, T> = <A as StaticLogicalDivide<T>>::Output;

/// `coalesce_x(A)` as a list of modes.
type ModesX<S, D> = <FlatModes<S, D> as Merge<B1>>::Output;
/// `T* = complement(T, shape(coalesce(A)))`.
type RestOf<S, D, ST, DT> =
    StaticComplementOf<Layout<ST, DT>, <StaticCoalesceOf<Layout<S, D>> as StaticLayout>::Shape>;
/// The shape of `T*`.
type RestShape<S, D, ST, DT> = <RestOf<S, D, ST, DT> as StaticLayout>::Shape;
/// The stride of `T*`.
type RestStride<S, D, ST, DT> = <RestOf<S, D, ST, DT> as StaticLayout>::Stride;

/// `A ⊘ T = (A ∘ T, A ∘ T*)`: the tile exact, the grid by CuTe's conditions.
impl<S, D, ST, DT> StaticLogicalDivide<Layout<ST, DT>> for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    FlatModes<S, D>: Merge<B1>,
    Layout<S, D>: super::coalesce::StaticCoalesce,
    StaticCoalesceOf<Layout<S, D>>: StaticLayout,
    Layout<ST, DT>: super::complement::StaticComplement<
        <StaticCoalesceOf<Layout<S, D>> as StaticLayout>::Shape,
    >,
    RestOf<S, D, ST, DT>: StaticLayout,
    ST: OverA<ModesX<S, D>, DT, B1>,
    RestShape<S, D, ST, DT>: OverA<ModesX<S, D>, RestStride<S, D, ST, DT>, B0>,
    Halves<S, D, ST, DT>: Divided<ModesX<S, D>>,
{
    type Output = <Halves<S, D, ST, DT> as Divided<ModesX<S, D>>>::Output;
}

/// The walked tile and grid.
type Halves<S, D, ST, DT> = (
    OverOf<ST, ModesX<S, D>, DT, B1>,
    OverOf<RestShape<S, D, ST, DT>, ModesX<S, D>, RestStride<S, D, ST, DT>, B0>,
);

/// `(tile, grid)` from the walked tile and grid, the tile's digits fitting in `coalesce_x(A)`
/// (part of the implementation of [`LogicalDivide`]).
#[doc(hidden)]
pub trait Divided<FA> {
    /// The divided layout.
    type Output;
}
impl<FA, S0, D0, G0, S1, D1, G1> Divided<FA> for (Over<S0, D0, G0>, Over<S1, D1, G1>)
where
    FA: DigitsFit<G0>,
    <FA as DigitsFit<G0>>::Output: ModesDistribute,
{
    type Output = Layout<(S0, S1), (D0, D1)>;
}

/// A **type operator** for `zipped_divide(A, T)` on static layouts: `((tiles...),(rests...))`;
/// with a layout tile, `logical_divide` itself.
pub trait StaticZippedDivide<T> {
    /// The divided layout.
    type Output;
}
impl<A: StaticLogicalDivide<T>, T> StaticZippedDivide<T> for A
where
    StaticLogicalDivideOf<A, T>: TileUnzip<T>,
{
    type Output = TileUnzipOf<StaticLogicalDivideOf<A, T>, T>;
}
/// `StaticZippedDivideOf<A, T> = <A as StaticZippedDivide<T>>::Output`.
pub type StaticZippedDivideOf<A, T> = <A as StaticZippedDivide<T>>::Output;

/// A **type operator** for `tiled_divide(A, T)` on static layouts: `((tiles...), rest0, rest1,
/// ...)`, the rests spread into the top level.
pub trait StaticTiledDivide<T> {
    /// The divided layout.
    type Output;
}
impl<A: StaticZippedDivide<T>, T> StaticTiledDivide<T> for A
where
    StaticZippedDivideOf<A, T>: Spreads<B0, B1>,
{
    type Output = <StaticZippedDivideOf<A, T> as Spreads<B0, B1>>::Output;
}
/// `StaticTiledDivideOf<A, T> = <A as StaticTiledDivide<T>>::Output`.
pub type StaticTiledDivideOf<A, T> = <A as StaticTiledDivide<T>>::Output;

/// A **type operator** for `flat_divide(A, T)` on static layouts: `(tile0, tile1, ..., rest0,
/// rest1, ...)`.
pub trait StaticFlatDivide<T> {
    /// The divided layout.
    type Output;
}
impl<A: StaticZippedDivide<T>, T> StaticFlatDivide<T> for A
where
    StaticZippedDivideOf<A, T>: Spreads<B1, B1>,
{
    type Output = <StaticZippedDivideOf<A, T> as Spreads<B1, B1>>::Output;
}
/// `StaticFlatDivideOf<A, T> = <A as StaticFlatDivide<T>>::Output`.
pub type StaticFlatDivideOf<A, T> = <A as StaticFlatDivide<T>>::Output;

/// Spreads the modes of mode 0 and/or mode 1 of a rank-2 layout into the top level, as CuTe's
/// `result(repeat<R0>(_), repeat<R1>(_))` (part of the implementation of the tiled and flat
/// divides).
#[doc(hidden)]
pub trait Spreads<First, Second> {
    /// The rearranged layout.
    type Output;
    /// The rearranged layout's value.
    fn spreads(self) -> Self::Output;
}

/// The modes of a node as the slice keeps them: spread (`B1`) or whole (`B0`) (part of the
/// implementation of [`Spreads`]).
#[doc(hidden)]
pub trait SpreadIf<Spreading> {
    /// The modes, as a list.
    type Output;
    /// The modes' values.
    fn spread_if(self) -> Self::Output;
}
impl<N: Spread> SpreadIf<B1> for N {
    type Output = <N as Spread>::Output;
    #[inline(always)]
    fn spread_if(self) -> Self::Output {
        self.spread()
    }
}
impl<N> SpreadIf<B0> for N {
    type Output = TCons<N, TNil>;
    #[inline(always)]
    fn spread_if(self) -> Self::Output {
        TCons(self, TNil)
    }
}

/// The modes of a node as the slice keeps them.
type Part<Spreading, Node> = <Node as SpreadIf<Spreading>>::Output;

impl<F, G, S0, S1, D0, D1> Spreads<F, G> for Layout<(S0, S1), (D0, D1)>
where
    S0: SpreadIf<F>,
    S1: SpreadIf<G>,
    D0: SpreadIf<F>,
    D1: SpreadIf<G>,
    Part<F, S0>: Concat<Part<G, S1>>,
    Part<F, D0>: Concat<Part<G, D1>>,
    <Part<F, S0> as Concat<Part<G, S1>>>::Output: ListTuple,
    <Part<F, D0> as Concat<Part<G, D1>>>::Output: ListTuple,
{
    type Output = Layout<
        <<Part<F, S0> as Concat<Part<G, S1>>>::Output as ListTuple>::Output,
        <<Part<F, D0> as Concat<Part<G, D1>>>::Output as ListTuple>::Output,
    >;
    #[inline(always)]
    fn spreads(self) -> Self::Output {
        let ((s0, s1), (d0, d1)) = self.into_parts();
        Layout::from_parts(
            s0.spread_if().concat(s1.spread_if()).to_tuple(),
            d0.spread_if().concat(d1.spread_if()).to_tuple(),
        )
    }
}

/// A runtime leaf: `logical_divide`, then its tiles gathered.
impl<A, T> ZippedDivideCase<T, B0> for A
where
    A: LogicalDivide<T>,
    LogicalDivideOf<A, T>: TileUnzip<T>,
{
    type Output = TileUnzipOf<LogicalDivideOf<A, T>, T>;
    #[inline(always)]
    fn zipped_divide(a: &A, t: &T) -> Result<Self::Output, Error> {
        Ok(a.logical_divide(t)
            .map_err(|e| e.within(cute_core::Op::ZippedDivide))?
            .tile_unzip())
    }
}

/// A runtime leaf: `zipped_divide`, the rests spread.
impl<A, T> TiledDivideCase<T, B0> for A
where
    A: ZippedDivide<T>,
    ZippedDivideOf<A, T>: Spreads<B0, B1>,
{
    type Output = <ZippedDivideOf<A, T> as Spreads<B0, B1>>::Output;
    #[inline(always)]
    fn tiled_divide(a: &A, t: &T) -> Result<Self::Output, Error> {
        Ok(a.zipped_divide(t)
            .map_err(|e| e.within(cute_core::Op::TiledDivide))?
            .spreads())
    }
}

/// A runtime leaf: `zipped_divide`, the tiles and the rests spread.
impl<A, T> FlatDivideCase<T, B0> for A
where
    A: ZippedDivide<T>,
    ZippedDivideOf<A, T>: Spreads<B1, B1>,
{
    type Output = <ZippedDivideOf<A, T> as Spreads<B1, B1>>::Output;
    #[inline(always)]
    fn flat_divide(a: &A, t: &T) -> Result<Self::Output, Error> {
        Ok(a.zipped_divide(t)
            .map_err(|e| e.within(cute_core::Op::FlatDivide))?
            .spreads())
    }
}
