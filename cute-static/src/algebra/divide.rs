//! `LogicalDivide`: the type operator of `cute_core::logical_divide` for a layout tile (seed 000
//! §3.5.2): `A ⊘ T = A ∘ (T, T*)` with `T* = complement(T, shape(coalesce(A)))`.
//!
//! As in `cute_core`, the tile mode `A ∘ T` is held to the exactness rule of
//! [`Composition`](super::composition::Composition); the grid mode `A ∘ T*` keeps CuTe's form and
//! CuTe's own conditions (it counts partial tiles when `T` does not divide `A`).

use typenum::{B0, B1};

use super::by_mode::{TileUnzip, TileUnzipOf};
use super::coalesce::{StaticCoalesceOf, FlatModes, Merge};
use super::complement::StaticComplementOf;
use super::composition::{DigitsFit, ModesDistribute, Over, OverA, OverOf, Select};
use crate::__private::{Concat, Leaves, TCons, TNil, ZipModes};
use crate::layout::{Layout, StaticLayout};
use crate::variadic::{ListTuple, Spread};

binary_operator!(
    /// A **type operator** for `logical_divide(A, T)` on layouts (and tilers) of static and
    /// runtime leaves, with its value: `(A ∘ T, A ∘ T*)`, `T* = complement(T, shape(coalesce(A)))`
    /// (seed 000 §3.5.2); with a tiler, mode by mode.
    LogicalDivide / LogicalDivideOf / logical_divide,
    LogicalDivideCase,
    StaticLogicalDivide / StaticLogicalDivideOf,
    "logical_divide(A, T)"
);

binary_operator!(
    /// A **type operator** for `zipped_divide(A, T)`: `logical_divide` arranged as
    /// `((tiles...),(rests...))`.
    ZippedDivide / ZippedDivideOf / zipped_divide,
    ZippedDivideCase,
    StaticZippedDivide / StaticZippedDivideOf,
    "zipped_divide(A, T)"
);

binary_operator!(
    /// A **type operator** for `tiled_divide(A, T)`: `((tiles...), rest0, rest1, ...)`.
    TiledDivide / TiledDivideOf / tiled_divide,
    TiledDivideCase,
    StaticTiledDivide / StaticTiledDivideOf,
    "tiled_divide(A, T)"
);

binary_operator!(
    /// A **type operator** for `flat_divide(A, T)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
    FlatDivide / FlatDivideOf / flat_divide,
    FlatDivideCase,
    StaticFlatDivide / StaticFlatDivideOf,
    "flat_divide(A, T)"
);

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
type Rest<S, D, ST, DT> =
    StaticComplementOf<Layout<ST, DT>, <StaticCoalesceOf<Layout<S, D>> as StaticLayout>::Shape>;
/// The shape of `T*`.
type RestShape<S, D, ST, DT> = <Rest<S, D, ST, DT> as StaticLayout>::Shape;
/// The stride of `T*`.
type RestStride<S, D, ST, DT> = <Rest<S, D, ST, DT> as StaticLayout>::Stride;

/// `A ⊘ T = (A ∘ T, A ∘ T*)`: the tile exact, the grid by CuTe's conditions.
impl<S, D, ST, DT> StaticLogicalDivide<Layout<ST, DT>> for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    FlatModes<S, D>: Merge<B1>,
    Layout<S, D>: super::coalesce::StaticCoalesce,
    StaticCoalesceOf<Layout<S, D>>: StaticLayout,
    Layout<ST, DT>:
        super::complement::StaticComplement<<StaticCoalesceOf<Layout<S, D>> as StaticLayout>::Shape>,
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
