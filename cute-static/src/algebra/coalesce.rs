//! `Coalesce`: the type operator of `cute_core::coalesce` (seed 000 §3.2).
//!
//! The flat modes are merged from the back, as CuTe's `bw_coalesce`:
//!
//! - `coalesce(s:d) = s:d` for the last mode;
//! - `coalesce((1,M):(d,D)) = coalesce(M:D)`: a size-1 mode disappears;
//! - `coalesce((s,1):(d,e)) = s:d` when `1:e` is all that is left;
//! - `coalesce((s0,s1,M):(d0,s0*d0,D)) = coalesce((s0*s1,M):(d0,D))`: adjacent modes merge;
//! - otherwise `s0:d0` is prepended to the coalesced rest;
//! - and a result of size 1 is `1:0`.

use core::ops::BitAnd;

use typenum::{Bit, B0, B1};

use crate::__private::{IsNil, IsOne, Leaves, Mode, TCons, TNil, ZipModes};
use crate::int::{IsUnit, Product, Same, Times};
use crate::layout::Layout;
use crate::variadic::FromModes;

unary_operator!(
    /// A **type operator** for `coalesce(L)` on layouts of static and runtime leaves, with its
    /// value: a layout equal to `L` on `[0, size(L))`. Static modes merge as in the static
    /// operator; a mode with a runtime leaf stays, as CuTe's `coalesce` keeps what it cannot
    /// decide at compile time (the result equals `cute_core::coalesce` after coalescing again).
    Coalesce / CoalesceOf / coalesce,
    CoalesceCase,
    StaticCoalesce / StaticCoalesceOf,
    "coalesce(L)"
);

/// A **type operator** that coalesces a static layout: the simplest layout with the same
/// function on `[0, size)`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, StaticCoalesceOf, Layout, StaticLayout};
/// type L = Layout<(U2, (U1, U6)), (U1, (U6, U2))>;
/// assert_eq!(<StaticCoalesceOf<L> as StaticLayout>::LAYOUT.to_string(), "12:1");
/// ```
pub trait StaticCoalesce {
    /// The coalesced layout.
    type Output;
}

/// `StaticCoalesceOf<L> = <L as StaticCoalesce>::Output`.
pub type StaticCoalesceOf<L> = <L as StaticCoalesce>::Output;


/// `coalesce(S:D) = from_modes(merge(zip(flatten(S), flatten(D))))`.
impl<S, D> StaticCoalesce for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    S::Output: ZipModes<D::Output>,
    FlatModes<S, D>: Merge<B0>,
    <FlatModes<S, D> as Merge<B0>>::Output: FromModes,
{
    type Output = <<FlatModes<S, D> as Merge<B0>>::Output as FromModes>::Output;
}

/// The flat modes of `S:D`: `zip(flatten(S), flatten(D))`.
pub type FlatModes<S, D> = <<S as Leaves>::Output as ZipModes<<D as Leaves>::Output>>::Output;

/// Merges a list of flat modes from the back (part of the implementation of [`Coalesce`]).
/// `Extend = B1` is CuTe's `coalesce_x`, used by composition: a trailing size-1 mode becomes a
/// size-2 mode with its stride, so the result also agrees past the size, where the last mode
/// extends.
pub trait Merge<Extend> {
    /// The merged list.
    type Output;
}

/// `merge([s:d]) = [s:d]`: the last mode starts the result.
impl<S, D> Merge<B0> for TCons<Mode<S, D>, TNil> {
    type Output = TCons<Mode<S, D>, TNil>;
}

/// `merge_x([1:d]) = [2:d]`, `merge_x([s:d]) = [s:d]`.
impl<S, D> Merge<B1> for TCons<Mode<S, D>, TNil>
where
    S: IsUnit,
    Mode<S, D>: ExtendLast<IsOne<S>>,
{
    type Output = TCons<<Mode<S, D> as ExtendLast<IsOne<S>>>::Output, TNil>;
}

/// The last mode of `coalesce_x` (part of the implementation of [`Merge`]).
pub trait ExtendLast<SizeOne> {
    /// The mode.
    type Output;
}

impl<S, D> ExtendLast<B1> for Mode<S, D> {
    type Output = Mode<typenum::U2, D>;
}

impl<S, D> ExtendLast<B0> for Mode<S, D> {
    type Output = Mode<S, D>;
}

/// `merge(m :: rest) = m ⊕ merge(rest)`.
impl<X, S, D, N, T> Merge<X> for TCons<Mode<S, D>, TCons<N, T>>
where
    TCons<N, T>: Merge<X>,
    Mode<S, D>: Push<<TCons<N, T> as Merge<X>>::Output>,
{
    type Output = <Mode<S, D> as Push<<TCons<N, T> as Merge<X>>::Output>>::Output;
}

/// `m ⊕ new`: one step of the merge (part of the implementation of [`Coalesce`]).
pub trait Push<New> {
    /// The new list.
    type Output;
}

type Mode1<S> = IsOne<S>;

/// Dispatches on whether the mode has size 1.
impl<S, D, New> Push<New> for Mode<S, D>
where
    S: IsUnit,
    Mode<S, D>: PushIf<Mode1<S>, New>,
{
    type Output = <Mode<S, D> as PushIf<Mode1<S>, New>>::Output;
}

/// `m ⊕ new` knowing whether `m` has size 1 (part of the implementation of [`Coalesce`]).
pub trait PushIf<SizeOne: Bit, New> {
    /// The new list.
    type Output;
}

/// `(1:d) ⊕ new = new`.
impl<S, D, New> PushIf<B1, New> for Mode<S, D> {
    type Output = New;
}

/// `(s:d) ⊕ (s1:d1 :: t)` for `s != 1`: replace a lone size-1 mode, merge, or prepend.
impl<S, D, S1, D1, T> PushIf<B0, TCons<Mode<S1, D1>, T>> for Mode<S, D>
where
    T: IsNil,
    S1: IsUnit,
    <T as IsNil>::Output: BitAnd<IsOne<S1>>,
    S: Times<D>,
    Product<S, D>: Same<D1>,
    Mode<S, D>: Place<Lone<T, S1>, Merges<S, D, D1>, TCons<Mode<S1, D1>, T>>,
{
    type Output =
        <Mode<S, D> as Place<Lone<T, S1>, Merges<S, D, D1>, TCons<Mode<S1, D1>, T>>>::Output;
}

/// `B1` when the rest is a lone size-1 mode.
type Lone<T, S1> = <<T as IsNil>::Output as BitAnd<IsOne<S1>>>::Output;

/// `B1` when `s*d == d1`: the two modes merge.
type Merges<S, D, D1> = <Product<S, D> as Same<D1>>::Output;

/// Places a mode of size != 1 at the front of the merged rest (part of the implementation of
/// [`Coalesce`]).
pub trait Place<Lone, Merges, New> {
    /// The new list.
    type Output;
}

/// `(s:d) ⊕ [1:e] = [s:d]`.
impl<S, D, M, New> Place<B1, M, New> for Mode<S, D> {
    type Output = TCons<Mode<S, D>, TNil>;
}

/// `(s0:d0) ⊕ (s1:s0*d0 :: t) = (s0*s1:d0 :: t)`.
impl<S, D, S1, D1, T> Place<B0, B1, TCons<Mode<S1, D1>, T>> for Mode<S, D>
where
    S1: Times<S>,
{
    type Output = TCons<Mode<Product<S1, S>, D>, T>;
}

/// `(s:d) ⊕ new = s:d :: new` otherwise.
impl<S, D, New> Place<B0, B0, New> for Mode<S, D> {
    type Output = TCons<Mode<S, D>, New>;
}
