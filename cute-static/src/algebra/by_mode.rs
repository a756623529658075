//! Composition and logical divide with a tiler: mode `i` of `A` with tile `i` (seed 000
//! §3.3.5, Eq. 12). Composition drops the modes of `A` past the tiler; the divide keeps them.

use typenum::{IsLessOrEqual, LeEq, B0, B1};

use super::composition::{Composition, CompositionOf};
use super::divide::{LogicalDivide, LogicalDivideOf};
use crate::__private::{TCons, TNil};
use crate::layout::Layout;
use crate::tiler::Tiler;
use crate::variadic::{LayoutModes, ListLen, ListTuple, TupleList};

/// A tiler with more modes than the layout.
#[diagnostic::on_unimplemented(
    message = "too many modes in tiler: the tiler has more modes than the layout it tiles",
    label = "this tiler does not fit the layout"
)]
pub trait TilerRankFits {}
impl TilerRankFits for B1 {}

/// Which operation [`Tiled`] applies to each mode.
pub struct ComposeEach;
/// Which operation [`Tiled`] applies to each mode.
pub struct DivideEach;

/// One mode `L` with one tile `T` under an operation (part of the implementation of the tiler
/// operators).
pub trait ApplyTile<L, T> {
    /// The result mode.
    type Output;
}
impl<L: Composition<T>, T> ApplyTile<L, T> for ComposeEach {
    type Output = CompositionOf<L, T>;
}
impl<L: LogicalDivide<T>, T> ApplyTile<L, T> for DivideEach {
    type Output = LogicalDivideOf<L, T>;
}

/// Mode by mode over a list of modes and a list of tiles; `KeepRest` keeps the modes past the
/// tiles.
pub trait Tiled<Op, Tiles, KeepRest> {
    /// The result modes.
    type Output;
}
impl<Op, K> Tiled<Op, TNil, K> for TNil {
    type Output = TNil;
}
impl<Op, L, LT> Tiled<Op, TNil, B1> for TCons<L, LT> {
    type Output = TCons<L, LT>;
}
impl<Op, L, LT> Tiled<Op, TNil, B0> for TCons<L, LT> {
    type Output = TNil;
}
impl<Op: ApplyTile<L, T>, L, LT: Tiled<Op, TT, K>, T, TT, K> Tiled<Op, TCons<T, TT>, K>
    for TCons<L, LT>
{
    type Output = TCons<<Op as ApplyTile<L, T>>::Output, <LT as Tiled<Op, TT, K>>::Output>;
}

/// The result modes as one layout: shapes and strides gathered into tuples.
pub trait Gather {
    /// The layout.
    type Output;
}
impl<M> Gather for M
where
    M: Shapes + Strides,
    <M as Shapes>::Output: ListTuple,
    <M as Strides>::Output: ListTuple,
{
    type Output = Layout<
        <<M as Shapes>::Output as ListTuple>::Output,
        <<M as Strides>::Output as ListTuple>::Output,
    >;
}

/// The shapes of a list of layouts.
pub trait Shapes {
    /// The shapes.
    type Output;
}
impl Shapes for TNil {
    type Output = TNil;
}
impl<S, D, T: Shapes> Shapes for TCons<Layout<S, D>, T> {
    type Output = TCons<S, <T as Shapes>::Output>;
}

/// The strides of a list of layouts.
pub trait Strides {
    /// The strides.
    type Output;
}
impl Strides for TNil {
    type Output = TNil;
}
impl<S, D, T: Strides> Strides for TCons<Layout<S, D>, T> {
    type Output = TCons<D, <T as Strides>::Output>;
}

/// The tiles of a tiler tuple as a list.
type Tiles<T> = <T as TupleList>::Output;

/// `A ∘ <T0, T1, ...> = (A0 ∘ T0, A1 ∘ T1, ...)`, modes past the tiler dropped.
impl<S, D, T> Composition<Tiler<T>> for Layout<S, D>
where
    T: TupleList,
    Layout<S, D>: LayoutModes,
    Tiles<T>: ListLen,
    <Layout<S, D> as LayoutModes>::Output: ListLen,
    <Tiles<T> as ListLen>::Output:
        IsLessOrEqual<<<Layout<S, D> as LayoutModes>::Output as ListLen>::Output>,
    LeEq<<Tiles<T> as ListLen>::Output, <<Layout<S, D> as LayoutModes>::Output as ListLen>::Output>:
        TilerRankFits,
    <Layout<S, D> as LayoutModes>::Output: Tiled<ComposeEach, Tiles<T>, B0>,
    <<Layout<S, D> as LayoutModes>::Output as Tiled<ComposeEach, Tiles<T>, B0>>::Output: Gather,
{
    type Output = <<<Layout<S, D> as LayoutModes>::Output as Tiled<ComposeEach, Tiles<T>, B0>>::Output as Gather>::Output;
}

/// `A ⊘ <T0, T1, ...> = (A0 ⊘ T0, A1 ⊘ T1, ..., rest of A)`.
impl<S, D, T> LogicalDivide<Tiler<T>> for Layout<S, D>
where
    T: TupleList,
    Layout<S, D>: LayoutModes,
    Tiles<T>: ListLen,
    <Layout<S, D> as LayoutModes>::Output: ListLen,
    <Tiles<T> as ListLen>::Output:
        IsLessOrEqual<<<Layout<S, D> as LayoutModes>::Output as ListLen>::Output>,
    LeEq<<Tiles<T> as ListLen>::Output, <<Layout<S, D> as LayoutModes>::Output as ListLen>::Output>:
        TilerRankFits,
    <Layout<S, D> as LayoutModes>::Output: Tiled<DivideEach, Tiles<T>, B1>,
    <<Layout<S, D> as LayoutModes>::Output as Tiled<DivideEach, Tiles<T>, B1>>::Output: Gather,
{
    type Output = <<<Layout<S, D> as LayoutModes>::Output as Tiled<DivideEach, Tiles<T>, B1>>::Output as Gather>::Output;
}
