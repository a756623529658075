//! `LogicalProduct`: the type operator of `cute_core::logical_product` for a layout `B` (seed 000
//! §3.5.1): `A ⊗ B = (A, A* ∘ B)` with `A* = complement(A, size(A)·cosize(B))`, and its
//! zipped, tiled and flat arrangements; `BlockedProduct` and `RakedProduct`, which pad both
//! layouts to the same rank and pair mode `i` of `A` with mode `i` of the grid.
//!
//! As in `cute_core`, the grid `A* ∘ B` is held to the exactness rule of
//! [`Composition`](super::composition::Composition): where CuTe C++ returns a grid whose copies of
//! `A` overlap, the product does not compile.

use cute_core::Error;
use typenum::{UTerm, B0, B1};

use super::coalesce::{FlatModes, Merge};
use super::complement::{LayoutParts, MixedComplement, Size, StaticComplement, StaticComplementOf};
use super::composition::{
    cold_result, finish, lowered_error, walk_mixed, walk_width, ComposeNode, DigitsFit,
    ModesDistribute, NodeShape, NodeStride, Outcome, Over, OverA, OverOf, WalkOf,
};
use super::divide::Spreads;
use super::modes::{Gather, TileUnzip, TileUnzipOf};
use crate::int::arith::{
    AddCarry, Dec, DivRem, Inc, Product, Quotient, Remainder, SubBorrow, Times,
};
use crate::int::{Dyn, Int};
use crate::int_tuple::{AllStaticOf, Congruent, IntTupleType, ShapeTuple};
use crate::layout::{Layout, StaticLayout};
use crate::list::LayoutModes;
use crate::list::{Leaves, Mode, TCons, TNil, ZipModes};

binary_operator!(
    /// A **type operator** for `logical_product(A, B)` on layouts (and tilers) of static and
    /// runtime leaves, with its value: `(A, A* ∘ B)`, `A* = complement(A, size(A)·cosize(B))`
    /// (seed 000 §3.5.1); with a tiler, mode by mode.
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

binary_operator!(
    /// A **type operator** for `blocked_product(A, B)`: every element of `B` becomes a block `A`,
    /// mode `i` of the result is `(A_i, grid_i)`.
    BlockedProduct / BlockedProductOf / blocked_product,
    BlockedProductCase,
    StaticBlockedProduct / StaticBlockedProductOf,
    "blocked_product(A, B)",
    "`blocked_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

binary_operator!(
    /// A **type operator** for `raked_product(A, B)`: as `blocked_product` with mode `i` =
    /// `(grid_i, A_i)`, so the blocks interleave.
    RakedProduct / RakedProductOf / raked_product,
    RakedProductCase,
    StaticRakedProduct / StaticRakedProductOf,
    "raked_product(A, B)",
    "`raked_product(A, B)` is not defined for these operands",
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
        let cold = || cold_result(cute_core::logical_product(&a.to_dynamic(), b.to_dynamic()));
        let err = |kind| lowered_error(cute_core::Op::LogicalProduct, a, &b.to_dynamic(), kind);
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
            return finish(Outcome::Failed(cute_core::ErrorKind::Overflow), cold, err);
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

/// A **type operator** for `blocked_product(A, B)`: every element of `B` becomes a block `A`, mode
/// `i` of the result is `(A_i, grid_i)`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, StaticBlockedProductOf, Layout, StaticLayout};
/// type Block = Layout<(U2, U5), (U5, U1)>;
/// type Grid = Layout<(U3, U4), (U1, U3)>;
/// assert_eq!(<StaticBlockedProductOf<Block, Grid> as StaticLayout>::LAYOUT.to_string(), "((2,3),(5,4)):((5,10),(1,30))");
/// ```
pub trait StaticBlockedProduct<B> {
    /// The product.
    type Output;
}

/// `StaticBlockedProductOf<A, B> = <A as StaticBlockedProduct<B>>::Output`.
pub type StaticBlockedProductOf<A, B> = <A as StaticBlockedProduct<B>>::Output;

/// A **type operator** for `raked_product(A, B)`: as [`BlockedProduct`] with mode `i` =
/// `(grid_i, A_i)`, so the blocks interleave.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticRakedProductOf, StaticLayout};
/// type Block = Layout<(U2, U5), (U5, U1)>;
/// type Grid = Layout<(U3, U4), (U1, U3)>;
/// assert_eq!(<StaticRakedProductOf<Block, Grid> as StaticLayout>::LAYOUT.to_string(), "((3,2),(4,5)):((10,5),(30,1))");
/// ```
pub trait StaticRakedProduct<B> {
    /// The product.
    type Output;
}

/// `StaticRakedProductOf<A, B> = <A as StaticRakedProduct<B>>::Output`.
pub type StaticRakedProductOf<A, B> = <A as StaticRakedProduct<B>>::Output;

/// The modes of `A` padded with `1:0` to the rank of `B`.
type ModesA<A, B> = <<A as LayoutModes>::Output as PadPair<<B as LayoutModes>::Output>>::First;
/// The modes of `B` padded with `1:0` to the rank of `A`.
type ModesB<A, B> = <<A as LayoutModes>::Output as PadPair<<B as LayoutModes>::Output>>::Second;
/// `A` padded to the rank of `B`, as a layout.
type PaddedA<A, B> = <A as Repad<ModesA<A, B>>>::Output;
/// `B` padded to the rank of `A`, as a layout.
type PaddedB<A, B> = <B as Repad<ModesB<A, B>>>::Output;
/// `logical_product` of the padded layouts, `(X, Y)`.
type Padded<A, B> = StaticLogicalProductOf<PaddedA<A, B>, PaddedB<A, B>>;

impl<A, B> StaticBlockedProduct<B> for A
where
    A: LayoutModes,
    B: LayoutModes,
    <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
    A: Repad<ModesA<A, B>>,
    B: Repad<ModesB<A, B>>,
    PaddedA<A, B>: StaticLogicalProduct<PaddedB<A, B>> + IntShaped,
    PaddedB<A, B>: IntShaped,
    Padded<A, B>: Halves,
    <Padded<A, B> as Halves>::First: ZipBy<
        <Padded<A, B> as Halves>::Second,
        IntShapedOf<PaddedA<A, B>>,
        IntShapedOf<PaddedB<A, B>>,
    >,
{
    type Output = <<Padded<A, B> as Halves>::First as ZipBy<
        <Padded<A, B> as Halves>::Second,
        IntShapedOf<PaddedA<A, B>>,
        IntShapedOf<PaddedB<A, B>>,
    >>::Output;
}

impl<A, B> StaticRakedProduct<B> for A
where
    A: LayoutModes,
    B: LayoutModes,
    <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
    A: Repad<ModesA<A, B>>,
    B: Repad<ModesB<A, B>>,
    PaddedA<A, B>: StaticLogicalProduct<PaddedB<A, B>> + IntShaped,
    PaddedB<A, B>: IntShaped,
    Padded<A, B>: Halves,
    <Padded<A, B> as Halves>::Second: ZipBy<
        <Padded<A, B> as Halves>::First,
        IntShapedOf<PaddedB<A, B>>,
        IntShapedOf<PaddedA<A, B>>,
    >,
{
    type Output = <<Padded<A, B> as Halves>::Second as ZipBy<
        <Padded<A, B> as Halves>::First,
        IntShapedOf<PaddedB<A, B>>,
        IntShapedOf<PaddedA<A, B>>,
    >>::Output;
}

/// A **type operator** for whether a layout's shape is an integer (`B1`) or a tuple (`B0`).
pub trait IntShaped {
    /// `B1` or `B0`.
    type Output;
}
impl<S: IntTupleType, D> IntShaped for Layout<S, D> {
    type Output = <S as IntTupleType>::IsLeaf;
}

/// `IntShapedOf<L> = <L as IntShaped>::Output`.
pub type IntShapedOf<L> = <L as IntShaped>::Output;

/// `zip(X, Y)` of the halves of a product, knowing whether their operands were integer-shaped
/// (`XInt`, `YInt`; the grid has the modes of `B` whatever the walk builds inside a mode): an
/// integer-shaped `X` gives `((X,Y))`, an integer-shaped `Y` is one mode next to the one mode of
/// `X`, and otherwise the modes pair up (part of the implementation of [`BlockedProduct`]).
pub trait ZipBy<Y, XInt, YInt> {
    /// The zipped layout.
    type Output;
    /// The zipped layout's value.
    fn zip_by(self, y: Y) -> Self::Output;
}
/// `((X, Y))`.
impl<XS, XD, YS, YD, YInt> ZipBy<Layout<YS, YD>, B1, YInt> for Layout<XS, XD> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
    #[inline(always)]
    fn zip_by(self, y: Layout<YS, YD>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts(((xs, ys),), ((xd, yd),))
    }
}
/// `((x0, Y))`.
impl<XS, XD, YS, YD> ZipBy<Layout<YS, YD>, B0, B1> for Layout<(XS,), (XD,)> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
    #[inline(always)]
    fn zip_by(self, y: Layout<YS, YD>) -> Self::Output {
        let (((xs,), (xd,)), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts(((xs, ys),), ((xd, yd),))
    }
}
/// `((x0,y0),(x1,y1),...)`.
impl<X: ZipLayout<Y>, Y> ZipBy<Y, B0, B0> for X {
    type Output = <X as ZipLayout<Y>>::Output;
    #[inline(always)]
    fn zip_by(self, y: Y) -> Self::Output {
        self.zip_layout(y)
    }
}

/// Two lists of layouts padded with `1:0` to the longer one's length (part of the implementation
/// of [`BlockedProduct`]).
pub trait PadPair<R> {
    /// `Self`, padded.
    type First;
    /// `R`, padded.
    type Second;
    /// The two padded lists' values.
    fn pad_pair(self, r: R) -> (Self::First, Self::Second);
}

/// The padding mode `1:0`.
type Unit = Layout<typenum::U1, typenum::U0>;

impl PadPair<TNil> for TNil {
    type First = TNil;
    type Second = TNil;
    #[inline(always)]
    fn pad_pair(self, _: TNil) -> (TNil, TNil) {
        (TNil, TNil)
    }
}
impl<H, T: PadPair<TNil>> PadPair<TNil> for TCons<H, T> {
    type First = TCons<H, <T as PadPair<TNil>>::First>;
    type Second = TCons<Unit, <T as PadPair<TNil>>::Second>;
    #[inline(always)]
    fn pad_pair(self, r: TNil) -> (Self::First, Self::Second) {
        let (a, b) = self.1.pad_pair(r);
        (TCons(self.0, a), TCons(Unit::new(), b))
    }
}
impl<H, T> PadPair<TCons<H, T>> for TNil
where
    TNil: PadPair<T>,
{
    type First = TCons<Unit, <TNil as PadPair<T>>::First>;
    type Second = TCons<H, <TNil as PadPair<T>>::Second>;
    #[inline(always)]
    fn pad_pair(self, r: TCons<H, T>) -> (Self::First, Self::Second) {
        let (a, b) = TNil.pad_pair(r.1);
        (TCons(Unit::new(), a), TCons(r.0, b))
    }
}
impl<H, T: PadPair<T2>, H2, T2> PadPair<TCons<H2, T2>> for TCons<H, T> {
    type First = TCons<H, <T as PadPair<T2>>::First>;
    type Second = TCons<H2, <T as PadPair<T2>>::Second>;
    #[inline(always)]
    fn pad_pair(self, r: TCons<H2, T2>) -> (Self::First, Self::Second) {
        let (a, b) = self.1.pad_pair(r.1);
        (TCons(self.0, a), TCons(r.0, b))
    }
}

/// A layout rebuilt from its padded modes: an integer-shaped layout that needed no padding stays
/// as it is, as CuTe's `append<R>` leaves it.
pub trait Repad<Modes> {
    /// The padded layout.
    type Output;
    /// The padded layout's value, from the padded modes' values.
    fn repad(self, modes: Modes) -> Self::Output;
}
impl<S: Int, D, M> Repad<TCons<M, TNil>> for Layout<S, D> {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn repad(self, _: TCons<M, TNil>) -> Self {
        self
    }
}
impl<S: Int, D, M, N, T> Repad<TCons<M, TCons<N, T>>> for Layout<S, D>
where
    TCons<M, TCons<N, T>>: Gather,
{
    type Output = <TCons<M, TCons<N, T>> as Gather>::Output;
    #[inline(always)]
    fn repad(self, modes: TCons<M, TCons<N, T>>) -> Self::Output {
        modes.gather()
    }
}

/// Modes 0 and 1 of a rank-2 layout.
pub trait Halves {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
    /// The two modes' values.
    fn halves(self) -> (Self::First, Self::Second);
}
impl<S0, S1, D0, D1> Halves for Layout<(S0, S1), (D0, D1)> {
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
    #[inline(always)]
    fn halves(self) -> (Self::First, Self::Second) {
        let ((s0, s1), (d0, d1)) = self.into_parts();
        (Layout::from_parts(s0, d0), Layout::from_parts(s1, d1))
    }
}

/// `zip(X, Y) = ((x0,y0),(x1,y1),...)`; an integer-shaped `X` gives `((X,Y))`.
pub trait ZipLayout<Y> {
    /// The zipped layout.
    type Output;
    /// The zipped layout's value.
    fn zip_layout(self, y: Y) -> Self::Output;
}
impl<XS: Int, XD, YS, YD> ZipLayout<Layout<YS, YD>> for Layout<XS, XD> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
    #[inline(always)]
    fn zip_layout(self, y: Layout<YS, YD>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts(((xs, ys),), ((xd, yd),))
    }
}

/// Pairs two lists of layouts mode by mode.
pub trait ZipModesOf<Y> {
    /// `[(x0,y0), (x1,y1), ...]`.
    type Output;
    /// The pairs' values.
    fn zip_modes(self, y: Y) -> Self::Output;
}
impl ZipModesOf<TNil> for TNil {
    type Output = TNil;
    #[inline(always)]
    fn zip_modes(self, _: TNil) -> TNil {
        TNil
    }
}
impl<XS, XD, YS, YD, XT: ZipModesOf<YT>, YT> ZipModesOf<TCons<Layout<YS, YD>, YT>>
    for TCons<Layout<XS, XD>, XT>
{
    type Output = TCons<Layout<(XS, YS), (XD, YD)>, <XT as ZipModesOf<YT>>::Output>;
    #[inline(always)]
    fn zip_modes(self, y: TCons<Layout<YS, YD>, YT>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.0.into_parts(), y.0.into_parts());
        TCons(
            Layout::from_parts((xs, ys), (xd, yd)),
            self.1.zip_modes(y.1),
        )
    }
}

/// `A` padded to the rank of `B`, by the public operators.
type MixedPaddedA<A, B> = <A as Repad<ModesA<A, B>>>::Output;
/// `B` padded to the rank of `A`.
type MixedPaddedB<A, B> = <B as Repad<ModesB<A, B>>>::Output;
/// `logical_product` of the padded layouts, by the public operator.
type MixedPadded<A, B> = LogicalProductOf<MixedPaddedA<A, B>, MixedPaddedB<A, B>>;

/// `blocked_product` and `raked_product` of layouts with a runtime leaf: `A` and `B` padded to
/// the same rank, their `logical_product`, its modes zipped (`Raked = B1`: the grid first).
macro_rules! rank_sensitive {
    ($Case:ident :: $fn:ident, $op:ident, $first:ident, $second:ident) => {
        impl<A, B> $Case<B, B0> for A
        where
            A: LayoutModes + Copy,
            B: LayoutModes + Copy,
            <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
            A: Repad<ModesA<A, B>>,
            B: Repad<ModesB<A, B>>,
            MixedPaddedA<A, B>: LogicalProduct<MixedPaddedB<A, B>>,
            MixedPaddedA<A, B>: IntShaped,
            MixedPaddedB<A, B>: IntShaped,
            MixedPadded<A, B>: Halves,
            <MixedPadded<A, B> as Halves>::$first: ZipBy<
                <MixedPadded<A, B> as Halves>::$second,
                rank_sensitive!(@int $first, A, B),
                rank_sensitive!(@int $second, A, B),
            >,
        {
            type Output = <<MixedPadded<A, B> as Halves>::$first as ZipBy<
                <MixedPadded<A, B> as Halves>::$second,
                rank_sensitive!(@int $first, A, B),
                rank_sensitive!(@int $second, A, B),
            >>::Output;
            #[inline(always)]
            fn $fn(a: &A, b: &B) -> Result<Self::Output, Error> {
                let (ma, mb) = a.modes().pad_pair(b.modes());
                let (pa, pb) = (a.repad(ma), b.repad(mb));
                let lp = pa
                    .logical_product(&pb)
                    .map_err(|e| e.within(cute_core::Op::$op))?;
                let (first, second) = lp.halves();
                Ok(rank_sensitive!(@zip $first, first, second))
            }
        }
    };
    (@zip First, $x:ident, $y:ident) => { $x.zip_by($y) };
    (@zip Second, $x:ident, $y:ident) => { $y.zip_by($x) };
    (@int First, $a:ident, $b:ident) => { IntShapedOf<MixedPaddedA<$a, $b>> };
    (@int Second, $a:ident, $b:ident) => { IntShapedOf<MixedPaddedB<$a, $b>> };
}

rank_sensitive!(
    BlockedProductCase::blocked_product,
    BlockedProduct,
    First,
    Second
);
rank_sensitive!(RakedProductCase::raked_product, RakedProduct, Second, First);
