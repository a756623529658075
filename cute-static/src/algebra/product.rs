//! `LogicalProduct`: the type operator of `cute_core::logical_product` for a layout `B` (seed 000
//! §3.5.1): `A ⊗ B = (A, A* ∘ B)` with `A* = complement(A, size(A)·cosize(B))`, and its
//! zipped, tiled and flat arrangements.
//!
//! As in `cute_core`, the grid `A* ∘ B` has CuTe's form and CuTe's own conditions.

use core::ops::{Add, Div, Mul, Rem, Sub};

use typenum::{Add1, Mod, Prod, Quot, Sub1, Sum, B0, B1};

use super::coalesce::{FlatModes, Merge};
use super::complement::{Complement, ComplementOf, Size};
use super::composition::OverA;
use super::divide::Spreads;
use crate::__private::{Leaves, Mode, TCons, TNil, ZipModes};
use crate::layout::{Layout, StaticLayout};

/// A **type operator** for `logical_product(A, B)` with a layout `B`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, LogicalProductOf, StaticLayout};
/// type Tile = Layout<(U3, U4), (U4, U1)>;
/// type Grid = Layout<(U2, U5), (U1, U2)>;
/// assert_eq!(<LogicalProductOf<Tile, Grid> as StaticLayout>::LAYOUT.to_string(), "((3,4),(2,5)):((4,1),(12,24))");
/// ```
pub trait LogicalProduct<B> {
    /// The product `(A, A* ∘ B)`.
    type Output;
}

/// `LogicalProductOf<A, B> = <A as LogicalProduct<B>>::Output`.
pub type LogicalProductOf<A, B> = <A as LogicalProduct<B>>::Output;

/// `ZippedProductOf<A, B> = LogicalProductOf<A, B>` for a layout `B`.
pub type ZippedProductOf<A, B> = LogicalProductOf<A, B>;

/// `TiledProductOf<A, B>`: `((A), p0, p1, ...)`.
pub type TiledProductOf<A, B> = <LogicalProductOf<A, B> as Spreads<B0, B1>>::Output;

/// `FlatProductOf<A, B>`: `(a0, a1, ..., p0, p1, ...)`.
pub type FlatProductOf<A, B> = <LogicalProductOf<A, B> as Spreads<B1, B1>>::Output;

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
    <S as Size>::Output: Sub<B1>,
    FlatModes<S, D>: EvalAt<Sub1<<S as Size>::Output>>,
    <FlatModes<S, D> as EvalAt<Sub1<<S as Size>::Output>>>::Output: Add<B1>,
{
    type Output = Add1<<FlatModes<S, D> as EvalAt<Sub1<<S as Size>::Output>>>::Output>;
}

/// `L(i)` over flat modes: the colexicographic split, the last mode taking the rest.
pub trait EvalAt<I> {
    /// The offset.
    type Output;
}

impl<S, D, I: Mul<D>> EvalAt<I> for TCons<Mode<S, D>, TNil> {
    type Output = Prod<I, D>;
}

impl<S, D, N, T, I> EvalAt<I> for TCons<Mode<S, D>, TCons<N, T>>
where
    I: Rem<S> + Div<S>,
    Mod<I, S>: Mul<D>,
    TCons<N, T>: EvalAt<Quot<I, S>>,
    Prod<Mod<I, S>, D>: Add<<TCons<N, T> as EvalAt<Quot<I, S>>>::Output>,
{
    type Output = Sum<Prod<Mod<I, S>, D>, <TCons<N, T> as EvalAt<Quot<I, S>>>::Output>;
}

/// `A*`, the complement the product strides `B` over.
type Grid<SA, DA, SB, DB> =
    ComplementOf<Layout<SA, DA>, Prod<<SA as Size>::Output, <Layout<SB, DB> as Cosize>::Output>>;
/// `coalesce_x(A*)` as a list of modes.
type GridModes<SA, DA, SB, DB> = <FlatModes<
    <Grid<SA, DA, SB, DB> as StaticLayout>::Shape,
    <Grid<SA, DA, SB, DB> as StaticLayout>::Stride,
> as Merge<B1>>::Output;

/// `A ⊗ B = (A, A* ∘ B)`.
impl<SA, DA, SB, DB> LogicalProduct<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: Size,
    Layout<SB, DB>: Cosize,
    <SA as Size>::Output: Mul<<Layout<SB, DB> as Cosize>::Output>,
    Layout<SA, DA>: Complement<Prod<<SA as Size>::Output, <Layout<SB, DB> as Cosize>::Output>>,
    Grid<SA, DA, SB, DB>: StaticLayout,
    <Grid<SA, DA, SB, DB> as StaticLayout>::Shape: Leaves,
    <Grid<SA, DA, SB, DB> as StaticLayout>::Stride: Leaves,
    <<Grid<SA, DA, SB, DB> as StaticLayout>::Shape as Leaves>::Output:
        ZipModes<<<Grid<SA, DA, SB, DB> as StaticLayout>::Stride as Leaves>::Output>,
    FlatModes<
        <Grid<SA, DA, SB, DB> as StaticLayout>::Shape,
        <Grid<SA, DA, SB, DB> as StaticLayout>::Stride,
    >: Merge<B1>,
    SB: OverA<GridModes<SA, DA, SB, DB>, DB, B0>,
{
    type Output = Layout<
        (SA, <SB as OverA<GridModes<SA, DA, SB, DB>, DB, B0>>::Shape),
        (DA, <SB as OverA<GridModes<SA, DA, SB, DB>, DB, B0>>::Stride),
    >;
}
