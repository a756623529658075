//! `LogicalProduct`: the type operator of `cute_core::logical_product` for a layout `B` (Cecka,
//! *CuTe Layout Representation and Algebra*, §3.5.1): `A ⊗ B = (A, A* ∘ B)` with
//! `A* = complement(A, size(A)·cosize(B))`, and its zipped, tiled and flat arrangements;
//! `BlockedProduct` and `RakedProduct`, which pad both layouts to the same rank and pair mode `i`
//! of `A` with mode `i` of the grid.
//!
//! As in `cute_core`, the grid `A* ∘ B` is held to the exactness rule of
//! [`Composition`](super::composition::Composition): where CuTe C++ returns a grid whose copies of
//! `A` overlap, the product does not compile.

use cute_core::Error;
use typenum::{UTerm, B0, B1};

use super::coalesce::{FlatModes, Merge};
use super::complement::{LayoutParts, MixedComplement, Size, StaticComplement, StaticComplementOf};
use super::composition::ModesDistribute;
use super::composition_mixed::{
    cold_result, finish, lowered_error, walk_mixed, walk_width, ComposeNode, NodeShape, NodeStride,
    Outcome, WalkOf,
};
use super::composition_static::{DigitsFit, Over, OverA, OverOf};
use super::divide::Spreads;
use super::modes::{TileUnzip, TileUnzipOf};
use crate::int::arith::{
    AddCarry, Dec, DivRem, Inc, Product, Quotient, Remainder, SubBorrow, Times,
};
use crate::int::Dyn;
use crate::int_tuple::{AllStaticOf, Congruent, IntTupleType, ShapeTuple};
use crate::layout::{Layout, StaticLayout};
use crate::list::{Leaves, Mode, TCons, TNil, ZipModes};

binary_operator!(
    /// A **type operator** for `logical_product(A, B)` on layouts (and tilers) of static and
    /// runtime leaves, with its value: `(A, A* ∘ B)`, `A* = complement(A, size(A)·cosize(B))`
    /// (Cecka §3.5.1); with a tiler, mode by mode.
    LogicalProduct / LogicalProductOf / logical_product,
    LogicalProductCase,
    StaticLogicalProduct / StaticLogicalProductOf,
    "logical_product(A, B)",
    "`logical_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

binary_operator!(
    /// A **type operator** for `zipped_product(A, B)`: `((blocks...),(products...))`.
    ZippedProduct / ZippedProductOf / zipped_product,
    ZippedProductCase,
    StaticZippedProduct / StaticZippedProductOf,
    "zipped_product(A, B)",
    "`zipped_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

binary_operator!(
    /// A **type operator** for `tiled_product(A, B)`: `((blocks...), p0, p1, ...)`.
    TiledProduct / TiledProductOf / tiled_product,
    TiledProductCase,
    StaticTiledProduct / StaticTiledProductOf,
    "tiled_product(A, B)",
    "`tiled_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

binary_operator!(
    /// A **type operator** for `flat_product(A, B)`: `(a0, a1, ..., p0, p1, ...)`.
    FlatProduct / FlatProductOf / flat_product,
    FlatProductCase,
    StaticFlatProduct / StaticFlatProductOf,
    "flat_product(A, B)",
    "`flat_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

/// A runtime leaf, with a layout `B`: `(A, A* ∘ B)` by the walk at run time, `A*` the
/// complement of `A` up to `size(A)·cosize(B)` (static gaps when `A` is static, and a runtime
/// last mode); the grid is held to the exactness rule, and what the walk cannot show is decided
/// by `cute_core::logical_product`.
impl<SA, DA, SB, DB> LogicalProductCase<Layout<SB, DB>, B0> for Layout<SA, DA>
where
    SA: ShapeTuple + Congruent<DA>,
    DA: IntTupleType,
    SB: ShapeTuple + Congruent<DB>,
    DB: IntTupleType,
    (SA, DA): AllStaticOf,
    Self: MixedComplement<Dyn, <(SA, DA) as AllStaticOf>::Output>,
    ProductGrid<SA, DA>: LayoutParts,
    GridShape<SA, DA>: ShapeTuple + Congruent<GridStride<SA, DA>>,
    GridStride<SA, DA>: IntTupleType,
    Layout<GridShape<SA, DA>, GridStride<SA, DA>>: WalkOf,
    SB: ComposeNode<<Layout<GridShape<SA, DA>, GridStride<SA, DA>> as WalkOf>::Info, DB>,
    (SA, GridNodeShape<SA, DA, SB, DB>):
        ShapeTuple + Congruent<(DA, GridNodeStride<SA, DA, SB, DB>)>,
    (DA, GridNodeStride<SA, DA, SB, DB>): IntTupleType,
    GridNodeShape<SA, DA, SB, DB>: ShapeTuple + Congruent<GridNodeStride<SA, DA, SB, DB>>,
    GridNodeStride<SA, DA, SB, DB>: IntTupleType,
{
    type Output = Layout<(SA, GridNodeShape<SA, DA, SB, DB>), (DA, GridNodeStride<SA, DA, SB, DB>)>;
    #[inline(always)]
    fn logical_product(a: &Self, b: &Layout<SB, DB>) -> Result<Self::Output, Error> {
        let cold = || {
            cold_result(cute_core::logical_product(
                &a.try_to_dynamic()?,
                b.try_to_dynamic()?,
            ))
        };
        let err = |kind| lowered_error(cute_core::Op::LogicalProduct, a, b, kind);
        // A* = complement(A, size(A)·cosize(B)), as `cute_core`.
        let cosize = match b.size() {
            0 => Some(0),
            n => b.offset(n - 1).checked_add(1),
        };
        let cotarget = cosize.and_then(|c| a.size().checked_mul(c));
        let rest = cotarget.and_then(|c| {
            <Self as MixedComplement<Dyn, <(SA, DA) as AllStaticOf>::Output>>::complement_of(
                a,
                &[c],
            )
        });
        let Some(rest) = rest else {
            return finish(
                Outcome::Failed(cute_core::ErrorKind::Overflow),
                1,
                cold,
                err,
            );
        };
        let (gs, gd) = rest.parts();
        let grid_a = Layout::from_parts(gs, gd);
        let (bs, bd) = b.leaves();
        let grid: GridNode<SA, DA, SB, DB> = finish(
            walk_mixed::<_, _, _, DB>(
                &grid_a,
                (bs.as_ref(), bd.as_ref()),
                walk_width::<Layout<GridShape<SA, DA>, GridStride<SA, DA>>>(),
                SB::LEAVES,
            ),
            <GridShape<SA, DA> as IntTupleType>::LEAVES,
            cold,
            err,
        )?;
        let ((s, d), (ps, pd)) = (a.into_parts(), grid.into_parts());
        // `(A, A* ∘ B)` has the size `size(A)·size(B)`, which may pass `i64` where each factor
        // fits (found by the `mixed` fuzz target).
        let r = Layout::from_parts((s, ps), (d, pd));
        r.check().map_err(err)?;
        Ok(r)
    }
}

/// `A* = complement(A, ?)`, the complement a product strides `B` over (a runtime cotarget).
type ProductGrid<SA, DA> =
    <Layout<SA, DA> as MixedComplement<Dyn, <(SA, DA) as AllStaticOf>::Output>>::Output;
/// The shape of `A*`.
type GridShape<SA, DA> = <ProductGrid<SA, DA> as LayoutParts>::Shape;
/// The stride of `A*`.
type GridStride<SA, DA> = <ProductGrid<SA, DA> as LayoutParts>::Stride;
/// The shape of `A* ∘ B`.
type GridNodeShape<SA, DA, SB, DB> =
    NodeShape<SB, Layout<GridShape<SA, DA>, GridStride<SA, DA>>, DB>;
/// The stride of `A* ∘ B`.
type GridNodeStride<SA, DA, SB, DB> =
    NodeStride<SB, Layout<GridShape<SA, DA>, GridStride<SA, DA>>, DB>;
/// `A* ∘ B`.
type GridNode<SA, DA, SB, DB> =
    Layout<GridNodeShape<SA, DA, SB, DB>, GridNodeStride<SA, DA, SB, DB>>;

/// A runtime leaf: `logical_product`, then its blocks gathered.
impl<A, B> ZippedProductCase<B, B0> for A
where
    A: LogicalProduct<B>,
    LogicalProductOf<A, B>: TileUnzip<B>,
{
    type Output = TileUnzipOf<LogicalProductOf<A, B>, B>;
    #[inline(always)]
    fn zipped_product(a: &A, b: &B) -> Result<Self::Output, Error> {
        Ok(a.logical_product(b)
            .map_err(|e| e.within(cute_core::Op::ZippedProduct))?
            .tile_unzip())
    }
}

/// A runtime leaf: `zipped_product`, the products spread.
impl<A, B> TiledProductCase<B, B0> for A
where
    A: ZippedProduct<B>,
    ZippedProductOf<A, B>: Spreads<B0, B1>,
{
    type Output = <ZippedProductOf<A, B> as Spreads<B0, B1>>::Output;
    #[inline(always)]
    fn tiled_product(a: &A, b: &B) -> Result<Self::Output, Error> {
        Ok(a.zipped_product(b)
            .map_err(|e| e.within(cute_core::Op::TiledProduct))?
            .spreads())
    }
}

/// A runtime leaf: `zipped_product`, the blocks and the products spread.
impl<A, B> FlatProductCase<B, B0> for A
where
    A: ZippedProduct<B>,
    ZippedProductOf<A, B>: Spreads<B1, B1>,
{
    type Output = <ZippedProductOf<A, B> as Spreads<B1, B1>>::Output;
    #[inline(always)]
    fn flat_product(a: &A, b: &B) -> Result<Self::Output, Error> {
        Ok(a.zipped_product(b)
            .map_err(|e| e.within(cute_core::Op::FlatProduct))?
            .spreads())
    }
}

/// A **type operator** for `logical_product(A, B)` of static layouts with a layout `B`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticLogicalProductOf, StaticLayout};
/// type Tile = Layout<(U3, U4), (U4, U1)>;
/// type Grid = Layout<(U2, U5), (U1, U2)>;
/// assert_eq!(<StaticLogicalProductOf<Tile, Grid> as StaticLayout>::LAYOUT.to_string(), "((3,4),(2,5)):((4,1),(12,24))");
/// ```
pub trait StaticLogicalProduct<B> {
    /// The product `(A, A* ∘ B)`.
    type Output;
}

/// `StaticLogicalProductOf<A, B> = <A as StaticLogicalProduct<B>>::Output`.
pub type StaticLogicalProductOf<A, B> = <A as StaticLogicalProduct<B>>::Output;

/// A **type operator** for `zipped_product(A, B)` on static layouts: `((blocks...),(products...))`; with a layout `B`, `logical_product` itself.
pub trait StaticZippedProduct<B> {
    /// The product.
    type Output;
}
impl<A: StaticLogicalProduct<B>, B> StaticZippedProduct<B> for A
where
    StaticLogicalProductOf<A, B>: TileUnzip<B>,
{
    type Output = TileUnzipOf<StaticLogicalProductOf<A, B>, B>;
}
/// `StaticZippedProductOf<A, B> = <A as StaticZippedProduct<B>>::Output`.
pub type StaticZippedProductOf<A, B> = <A as StaticZippedProduct<B>>::Output;

/// A **type operator** for `tiled_product(A, B)` on static layouts: `((blocks...), p0, p1, ...)`.
pub trait StaticTiledProduct<B> {
    /// The product.
    type Output;
}
impl<A: StaticZippedProduct<B>, B> StaticTiledProduct<B> for A
where
    StaticZippedProductOf<A, B>: Spreads<B0, B1>,
{
    type Output = <StaticZippedProductOf<A, B> as Spreads<B0, B1>>::Output;
}
/// `StaticTiledProductOf<A, B> = <A as StaticTiledProduct<B>>::Output`.
pub type StaticTiledProductOf<A, B> = <A as StaticTiledProduct<B>>::Output;

/// A **type operator** for `flat_product(A, B)` on static layouts: `(a0, a1, ..., p0, p1, ...)`.
pub trait StaticFlatProduct<B> {
    /// The product.
    type Output;
}
impl<A: StaticZippedProduct<B>, B> StaticFlatProduct<B> for A
where
    StaticZippedProductOf<A, B>: Spreads<B1, B1>,
{
    type Output = <StaticZippedProductOf<A, B> as Spreads<B1, B1>>::Output;
}
/// `StaticFlatProductOf<A, B> = <A as StaticFlatProduct<B>>::Output`.
pub type StaticFlatProductOf<A, B> = <A as StaticFlatProduct<B>>::Output;

/// `cosize(L) = L(size(L) - 1) + 1` of a static layout (part of the implementation of
/// [`LogicalProduct`]).
#[doc(hidden)]
pub trait Cosize {
    /// The cosize.
    type Output;
}

impl<S, D> Cosize for Layout<S, D>
where
    S: Leaves + Size,
    D: Leaves,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    <S as Size>::Output: SubBorrow<UTerm, B1>,
    FlatModes<S, D>: EvalAt<Last<S>>,
    <FlatModes<S, D> as EvalAt<Last<S>>>::Output: Inc,
{
    type Output = <<FlatModes<S, D> as EvalAt<Last<S>>>::Output as Inc>::Output;
}

/// `size(S) - 1`, the last index.
type Last<S> = Dec<<S as Size>::Output>;

/// `L(i)` over flat modes: the colexicographic split, the last mode taking the rest.
#[doc(hidden)]
pub trait EvalAt<I> {
    /// The offset.
    type Output;
}

impl<S, D, I: Times<D>> EvalAt<I> for TCons<Mode<S, D>, TNil> {
    type Output = Product<I, D>;
}

impl<S, D, N, T, I> EvalAt<I> for TCons<Mode<S, D>, TCons<N, T>>
where
    I: DivRem<S>,
    Remainder<I, S>: Times<D>,
    TCons<N, T>: EvalAt<Quotient<I, S>>,
    Product<Remainder<I, S>, D>: AddCarry<<TCons<N, T> as EvalAt<Quotient<I, S>>>::Output, B0>,
{
    type Output = <Product<Remainder<I, S>, D> as AddCarry<
        <TCons<N, T> as EvalAt<Quotient<I, S>>>::Output,
        B0,
    >>::Output;
}

/// `A*`, the complement the product strides `B` over.
type Grid<SA, DA, SB, DB> = StaticComplementOf<
    Layout<SA, DA>,
    Product<<SA as Size>::Output, <Layout<SB, DB> as Cosize>::Output>,
>;
/// `coalesce_x(A*)` as a list of modes.
type GridModes<SA, DA, SB, DB> = <FlatModes<
    <Grid<SA, DA, SB, DB> as StaticLayout>::Shape,
    <Grid<SA, DA, SB, DB> as StaticLayout>::Stride,
> as Merge<B1>>::Output;

/// `A ⊗ B = (A, A* ∘ B)`.
impl<SA, DA, SB, DB> StaticLogicalProduct<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: Size,
    Layout<SB, DB>: Cosize,
    <SA as Size>::Output: Times<<Layout<SB, DB> as Cosize>::Output>,
    Layout<SA, DA>:
        StaticComplement<Product<<SA as Size>::Output, <Layout<SB, DB> as Cosize>::Output>>,
    Grid<SA, DA, SB, DB>: StaticLayout,
    <Grid<SA, DA, SB, DB> as StaticLayout>::Shape: Leaves,
    <Grid<SA, DA, SB, DB> as StaticLayout>::Stride: Leaves,
    <<Grid<SA, DA, SB, DB> as StaticLayout>::Shape as Leaves>::Output:
        ZipModes<<<Grid<SA, DA, SB, DB> as StaticLayout>::Stride as Leaves>::Output>,
    FlatModes<
        <Grid<SA, DA, SB, DB> as StaticLayout>::Shape,
        <Grid<SA, DA, SB, DB> as StaticLayout>::Stride,
    >: Merge<B1>,
    SB: OverA<GridModes<SA, DA, SB, DB>, DB, B1>,
    OverOf<SB, GridModes<SA, DA, SB, DB>, DB, B1>: Reproduces<GridModes<SA, DA, SB, DB>, SA, DA>,
{
    type Output = <OverOf<SB, GridModes<SA, DA, SB, DB>, DB, B1> as Reproduces<
        GridModes<SA, DA, SB, DB>,
        SA,
        DA,
    >>::Output;
}

/// `(A, A* ∘ B)` from the walked grid, whose digits must fit in `coalesce_x(A*)`: the grid is
/// exact, as the composition (part of the implementation of [`LogicalProduct`]).
#[doc(hidden)]
pub trait Reproduces<FA, SA, DA> {
    /// The product.
    type Output;
}
impl<FA, SA, DA, S, D, G> Reproduces<FA, SA, DA> for Over<S, D, G>
where
    FA: DigitsFit<G>,
    <FA as DigitsFit<G>>::Output: ModesDistribute,
{
    type Output = Layout<(SA, S), (DA, D)>;
}
