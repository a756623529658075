//! `LogicalDivide`: the type operator of `cute_core::logical_divide` for a layout tile (seed 000
//! §3.5.2): `A ⊘ T = A ∘ (T, T*)` with `T* = complement(T, shape(coalesce(A)))`.
//!
//! As in `cute_core`, the tile mode `A ∘ T` is held to the exactness rule of
//! [`Composition`](super::composition::Composition); the grid mode `A ∘ T*` keeps CuTe's form and
//! CuTe's own conditions (it counts partial tiles when `T` does not divide `A`).

use typenum::{B0, B1};

use super::by_mode::{TileUnzip, TileUnzipOf};
use super::coalesce::{CoalesceOf, FlatModes, Merge};
use super::complement::ComplementOf;
use super::composition::{DigitsFit, ModesDistribute, Over, OverA, OverOf, Select};
use crate::__private::{Concat, Leaves, TCons, TNil, ZipModes};
use crate::layout::{Layout, StaticLayout};
use crate::variadic::{ListTuple, Spread};

/// A **type operator** for `logical_divide(A, T)` with a layout tile `T`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, LogicalDivideOf, StaticLayout};
/// type A = Layout<(U4, U2, U3), (U2, U1, U8)>;
/// type T = Layout<U4, U2>;
/// assert_eq!(<LogicalDivideOf<A, T> as StaticLayout>::LAYOUT.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
/// ```
pub trait LogicalDivide<T> {
    /// The divided layout `(tile, grid)`.
    type Output;
}

/// `LogicalDivideOf<A, T> = <A as LogicalDivide<T>>::Output`.
pub type LogicalDivideOf<A, T> = <A as LogicalDivide<T>>::Output;

/// `logical_divide(A, T)` on static layout values: the zero-sized result.
#[must_use]
pub fn logical_divide<A, T>(_: A, _: T) -> LogicalDivideOf<A, T>
where
    A: LogicalDivide<T>,
    LogicalDivideOf<A, T>: Default,
{
    Default::default()
}

/// `coalesce_x(A)` as a list of modes.
type ModesX<S, D> = <FlatModes<S, D> as Merge<B1>>::Output;
/// `T* = complement(T, shape(coalesce(A)))`.
type Rest<S, D, ST, DT> =
    ComplementOf<Layout<ST, DT>, <CoalesceOf<Layout<S, D>> as StaticLayout>::Shape>;
/// The shape of `T*`.
type RestShape<S, D, ST, DT> = <Rest<S, D, ST, DT> as StaticLayout>::Shape;
/// The stride of `T*`.
type RestStride<S, D, ST, DT> = <Rest<S, D, ST, DT> as StaticLayout>::Stride;

/// `A ⊘ T = (A ∘ T, A ∘ T*)`: the tile exact, the grid by CuTe's conditions.
impl<S, D, ST, DT> LogicalDivide<Layout<ST, DT>> for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    FlatModes<S, D>: Merge<B1>,
    Layout<S, D>: super::coalesce::Coalesce,
    CoalesceOf<Layout<S, D>>: StaticLayout,
    Layout<ST, DT>:
        super::complement::Complement<<CoalesceOf<Layout<S, D>> as StaticLayout>::Shape>,
    Rest<S, D, ST, DT>: StaticLayout,
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

/// `ZippedDivideOf<A, T>`: `((tiles...),(rests...))`; with a layout tile, `logical_divide`
/// itself.
pub type ZippedDivideOf<A, T> = TileUnzipOf<LogicalDivideOf<A, T>, T>;

/// `zipped_divide(A, T)` on static layout values: the zero-sized result.
#[must_use]
pub fn zipped_divide<A, T>(_: A, _: T) -> ZippedDivideOf<A, T>
where
    A: LogicalDivide<T>,
    LogicalDivideOf<A, T>: TileUnzip<T>,
    ZippedDivideOf<A, T>: Default,
{
    Default::default()
}

/// `TiledDivideOf<A, T>`: `((tiles...), rest0, rest1, ...)`, the rests spread into the top level.
pub type TiledDivideOf<A, T> = <ZippedDivideOf<A, T> as Spreads<B0, B1>>::Output;

/// `tiled_divide(A, T)` on static layout values: the zero-sized result.
#[must_use]
pub fn tiled_divide<A, T>(_: A, _: T) -> TiledDivideOf<A, T>
where
    A: LogicalDivide<T>,
    LogicalDivideOf<A, T>: TileUnzip<T>,
    ZippedDivideOf<A, T>: Spreads<B0, B1>,
    TiledDivideOf<A, T>: Default,
{
    Default::default()
}

/// `FlatDivideOf<A, T>`: `(tile0, tile1, ..., rest0, rest1, ...)`.
pub type FlatDivideOf<A, T> = <ZippedDivideOf<A, T> as Spreads<B1, B1>>::Output;

/// `flat_divide(A, T)` on static layout values: the zero-sized result.
#[must_use]
pub fn flat_divide<A, T>(_: A, _: T) -> FlatDivideOf<A, T>
where
    A: LogicalDivide<T>,
    LogicalDivideOf<A, T>: TileUnzip<T>,
    ZippedDivideOf<A, T>: Spreads<B1, B1>,
    FlatDivideOf<A, T>: Default,
{
    Default::default()
}

/// Spreads the modes of mode 0 and/or mode 1 of a rank-2 layout into the top level, as CuTe's
/// `result(repeat<R0>(_), repeat<R1>(_))` (part of the implementation of the tiled and flat
/// divides).
pub trait Spreads<First, Second> {
    /// The rearranged layout.
    type Output;
}

/// The modes of a node as the slice keeps them: spread (`B1`) or whole (`B0`).
type Part<X, Node> = <X as Select<<Node as Spread>::Output, TCons<Node, TNil>>>::Output;

impl<F, G, S0, S1, D0, D1> Spreads<F, G> for Layout<(S0, S1), (D0, D1)>
where
    S0: Spread,
    S1: Spread,
    D0: Spread,
    D1: Spread,
    F: Select<<S0 as Spread>::Output, TCons<S0, TNil>>
        + Select<<D0 as Spread>::Output, TCons<D0, TNil>>,
    G: Select<<S1 as Spread>::Output, TCons<S1, TNil>>
        + Select<<D1 as Spread>::Output, TCons<D1, TNil>>,
    Part<F, S0>: Concat<Part<G, S1>>,
    Part<F, D0>: Concat<Part<G, D1>>,
    <Part<F, S0> as Concat<Part<G, S1>>>::Output: ListTuple,
    <Part<F, D0> as Concat<Part<G, D1>>>::Output: ListTuple,
{
    type Output = Layout<
        <<Part<F, S0> as Concat<Part<G, S1>>>::Output as ListTuple>::Output,
        <<Part<F, D0> as Concat<Part<G, D1>>>::Output as ListTuple>::Output,
    >;
}
