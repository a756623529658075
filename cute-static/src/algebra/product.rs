//! `LogicalProduct`: the type operator of `cute_core::logical_product` for a layout `B` (seed 000
//! §3.5.1): `A ⊗ B = (A, A* ∘ B)` with `A* = complement(A, size(A)·cosize(B))`, and its
//! zipped, tiled and flat arrangements; `BlockedProduct` and `RakedProduct`, which pad both
//! layouts to the same rank and pair mode `i` of `A` with mode `i` of the grid.
//!
//! As in `cute_core`, the grid `A* ∘ B` is held to the exactness rule of
//! [`Composition`](super::composition::Composition): where CuTe C++ returns a grid whose copies of
//! `A` overlap, the product does not compile.

use typenum::{UTerm, B0, B1};

use super::by_mode::{Gather, TileUnzip, TileUnzipOf};
use super::coalesce::{FlatModes, Merge};
use super::complement::{StaticComplement, StaticComplementOf, Size};
use super::composition::{DigitsFit, ModesDistribute, Over, OverA, OverOf};
use super::divide::Spreads;
use crate::__private::{Leaves, Mode, TCons, TNil, ZipModes};
use crate::int::{AddCarry, Dec, DivRem, Inc, Int, Product, Quotient, Remainder, SubBorrow, Times};
use crate::layout::{Layout, StaticLayout};
use crate::variadic::LayoutModes;

binary_operator!(
    /// A **type operator** for `logical_product(A, B)` on layouts (and tilers) of static and
    /// runtime leaves, with its value: `(A, A* ∘ B)`, `A* = complement(A, size(A)·cosize(B))`
    /// (seed 000 §3.5.1); with a tiler, mode by mode.
    LogicalProduct / LogicalProductOf / logical_product,
    LogicalProductCase,
    StaticLogicalProduct / StaticLogicalProductOf,
    "logical_product(A, B)"
);

binary_operator!(
    /// A **type operator** for `zipped_product(A, B)`: `((blocks...),(products...))`.
    ZippedProduct / ZippedProductOf / zipped_product,
    ZippedProductCase,
    StaticZippedProduct / StaticZippedProductOf,
    "zipped_product(A, B)"
);

binary_operator!(
    /// A **type operator** for `tiled_product(A, B)`: `((blocks...), p0, p1, ...)`.
    TiledProduct / TiledProductOf / tiled_product,
    TiledProductCase,
    StaticTiledProduct / StaticTiledProductOf,
    "tiled_product(A, B)"
);

binary_operator!(
    /// A **type operator** for `flat_product(A, B)`: `(a0, a1, ..., p0, p1, ...)`.
    FlatProduct / FlatProductOf / flat_product,
    FlatProductCase,
    StaticFlatProduct / StaticFlatProductOf,
    "flat_product(A, B)"
);

binary_operator!(
    /// A **type operator** for `blocked_product(A, B)`: every element of `B` becomes a block `A`,
    /// mode `i` of the result is `(A_i, grid_i)`.
    BlockedProduct / BlockedProductOf / blocked_product,
    BlockedProductCase,
    StaticBlockedProduct / StaticBlockedProductOf,
    "blocked_product(A, B)"
);

binary_operator!(
    /// A **type operator** for `raked_product(A, B)`: as `blocked_product` with mode `i` =
    /// `(grid_i, A_i)`, so the blocks interleave.
    RakedProduct / RakedProductOf / raked_product,
    RakedProductCase,
    StaticRakedProduct / StaticRakedProductOf,
    "raked_product(A, B)"
);

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
type Grid<SA, DA, SB, DB> =
    StaticComplementOf<Layout<SA, DA>, Product<<SA as Size>::Output, <Layout<SB, DB> as Cosize>::Output>>;
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
    Layout<SA, DA>: StaticComplement<Product<<SA as Size>::Output, <Layout<SB, DB> as Cosize>::Output>>,
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
    PaddedA<A, B>: StaticLogicalProduct<PaddedB<A, B>>,
    Padded<A, B>: Halves,
    <Padded<A, B> as Halves>::First: ZipLayout<<Padded<A, B> as Halves>::Second>,
{
    type Output =
        <<Padded<A, B> as Halves>::First as ZipLayout<<Padded<A, B> as Halves>::Second>>::Output;
}

impl<A, B> StaticRakedProduct<B> for A
where
    A: LayoutModes,
    B: LayoutModes,
    <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
    A: Repad<ModesA<A, B>>,
    B: Repad<ModesB<A, B>>,
    PaddedA<A, B>: StaticLogicalProduct<PaddedB<A, B>>,
    Padded<A, B>: Halves,
    <Padded<A, B> as Halves>::Second: ZipLayout<<Padded<A, B> as Halves>::First>,
{
    type Output =
        <<Padded<A, B> as Halves>::Second as ZipLayout<<Padded<A, B> as Halves>::First>>::Output;
}

/// Two lists of layouts padded with `1:0` to the longer one's length (part of the implementation
/// of [`BlockedProduct`]).
pub trait PadPair<R> {
    /// `Self`, padded.
    type First;
    /// `R`, padded.
    type Second;
}

/// The padding mode `1:0`.
type Unit = Layout<typenum::U1, typenum::U0>;

impl PadPair<TNil> for TNil {
    type First = TNil;
    type Second = TNil;
}
impl<H, T: PadPair<TNil>> PadPair<TNil> for TCons<H, T> {
    type First = TCons<H, <T as PadPair<TNil>>::First>;
    type Second = TCons<Unit, <T as PadPair<TNil>>::Second>;
}
impl<H, T> PadPair<TCons<H, T>> for TNil
where
    TNil: PadPair<T>,
{
    type First = TCons<Unit, <TNil as PadPair<T>>::First>;
    type Second = TCons<H, <TNil as PadPair<T>>::Second>;
}
impl<H, T: PadPair<T2>, H2, T2> PadPair<TCons<H2, T2>> for TCons<H, T> {
    type First = TCons<H, <T as PadPair<T2>>::First>;
    type Second = TCons<H2, <T as PadPair<T2>>::Second>;
}

/// A layout rebuilt from its padded modes: an integer-shaped layout that needed no padding stays
/// as it is, as CuTe's `append<R>` leaves it.
pub trait Repad<Modes> {
    /// The padded layout.
    type Output;
}
impl<S: Int, D, M> Repad<TCons<M, TNil>> for Layout<S, D> {
    type Output = Layout<S, D>;
}
impl<S: Int, D, M, N, T> Repad<TCons<M, TCons<N, T>>> for Layout<S, D>
where
    TCons<M, TCons<N, T>>: Gather,
{
    type Output = <TCons<M, TCons<N, T>> as Gather>::Output;
}

/// Modes 0 and 1 of a rank-2 layout.
pub trait Halves {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
}
impl<S0, S1, D0, D1> Halves for Layout<(S0, S1), (D0, D1)> {
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
}

/// `zip(X, Y) = ((x0,y0),(x1,y1),...)`; an integer-shaped `X` gives `((X,Y))`.
pub trait ZipLayout<Y> {
    /// The zipped layout.
    type Output;
}
impl<XS: Int, XD, YS, YD> ZipLayout<Layout<YS, YD>> for Layout<XS, XD> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
}

/// Pairs two lists of layouts mode by mode.
pub trait ZipModesOf<Y> {
    /// `[(x0,y0), (x1,y1), ...]`.
    type Output;
}
impl ZipModesOf<TNil> for TNil {
    type Output = TNil;
}
impl<XS, XD, YS, YD, XT: ZipModesOf<YT>, YT> ZipModesOf<TCons<Layout<YS, YD>, YT>>
    for TCons<Layout<XS, XD>, XT>
{
    type Output = TCons<Layout<(XS, YS), (XD, YD)>, <XT as ZipModesOf<YT>>::Output>;
}
