//! `Complement`: the type operator of `cute_core::complement` (seed 000 §3.5).
//!
//! - `filter(L)`: stride-0 modes become size 1, then the modes coalesce;
//! - `complement(1:0, M) = size(M):1` (`1:0` when `size(M) == 1`);
//! - otherwise the modes are taken by increasing stride (the first of equal strides first), each
//!   new mode spanning the gap up to the next stride, `d / covered : covered`, and a last mode
//!   `⌈M / covered⌉ : covered` reaches the cotarget; the result is coalesced.

use core::ops::{Add, Div, Mul, Not, Sub};

use typenum::{Eq, IsEqual, IsLessOrEqual, LeEq, Prod, Quot, Sub1, Sum, B0, B1, U0, U1};

use super::coalesce::{FlatModes, Merge};
use super::composition::Select;
use crate::__private::{IsOne, Leaves, Mode, TCons, TNil, ZipModes};
use crate::layout::Layout;
use crate::variadic::FromModes;

/// A **type operator** for the complement of a static layout with cotarget `M` (an integer or a
/// shape).
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, ComplementOf, Layout, StaticLayout};
/// type L = Layout<U4, U2>;
/// assert_eq!(<ComplementOf<L, U24> as StaticLayout>::LAYOUT.to_string(), "(2,3):(1,8)");
/// ```
pub trait Complement<M> {
    /// The complement.
    type Output;
}

/// `ComplementOf<L, M> = <L as Complement<M>>::Output`.
pub type ComplementOf<L, M> = <L as Complement<M>>::Output;

/// `complement(L, M)` on static layout values: the zero-sized result.
#[must_use]
pub fn complement<L, M>(_: L, _: M) -> ComplementOf<L, M>
where
    L: Complement<M>,
    ComplementOf<L, M>: Default,
{
    Default::default()
}

/// The modes of `filter(S:D)`, coalesced.
type Filtered<S, D> = <<FlatModes<S, D> as FilterZeros>::Output as Merge<B0>>::Output;

/// `complement(L, M) = coalesce(gaps(sort(filter(L))) ++ rest(M))`.
impl<S, D, M> Complement<M> for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    FlatModes<S, D>: FilterZeros,
    <FlatModes<S, D> as FilterZeros>::Output: Merge<B0>,
    Filtered<S, D>: Trivial,
    Filtered<S, D>: ComplementCase<<Filtered<S, D> as Trivial>::Output, M>,
{
    type Output =
        <Filtered<S, D> as ComplementCase<<Filtered<S, D> as Trivial>::Output, M>>::Output;
}

/// `B1` when the complement is not injective-checkable: taken by increasing stride, a mode starts
/// inside the span of the smaller ones.
#[diagnostic::on_unimplemented(
    message = "complement: non-injective layout: by increasing stride, a mode starts inside the span of the smaller ones",
    label = "this complement is not defined",
    note = "CuTe's condition: each stride, in increasing order, is at least the span of the modes before it"
)]
pub trait Injective {}
impl Injective for B1 {}

/// Stride-0 modes become size 1 (part of the implementation of [`Complement`]).
pub trait FilterZeros {
    /// The modes.
    type Output;
}
impl FilterZeros for TNil {
    type Output = TNil;
}
impl<S, D, T> FilterZeros for TCons<Mode<S, D>, T>
where
    D: IsEqual<U0>,
    Eq<D, U0>: Select<U1, S>,
    T: FilterZeros,
{
    type Output = TCons<Mode<<Eq<D, U0> as Select<U1, S>>::Output, D>, <T as FilterZeros>::Output>;
}

/// `B1` for the filtered layout `1:0` (everything was size 1 or stride 0).
pub trait Trivial {
    /// `B1` or `B0`.
    type Output;
}
impl<S: IsEqual<U1>, D> Trivial for TCons<Mode<S, D>, TNil> {
    type Output = IsOne<S>;
}
impl<H, N, T> Trivial for TCons<H, TCons<N, T>> {
    type Output = B0;
}

/// The two cases of the complement (part of the implementation of [`Complement`]).
pub trait ComplementCase<Trivial, M> {
    /// The complement.
    type Output;
}

/// `complement(1:0, M) = size(M):1`, or `1:0` for size 1.
impl<F, M> ComplementCase<B1, M> for F
where
    M: Size,
    TCons<Mode<<M as Size>::Output, U1>, TNil>: FromModes,
{
    type Output = <TCons<Mode<<M as Size>::Output, U1>, TNil> as FromModes>::Output;
}

/// The general case.
impl<F, M> ComplementCase<B0, M> for F
where
    F: SortByStride,
    <F as SortByStride>::Output: Gaps<U1>,
    M: CeilDivBy<<<F as SortByStride>::Output as Gaps<U1>>::Covered>,
    Rest<F, M>: IsEqual<U1>,
    Eq<Rest<F, M>, U1>: Select<U0, <<F as SortByStride>::Output as Gaps<U1>>::Covered>,
    <<F as SortByStride>::Output as Gaps<U1>>::Modes: Append<Mode<Rest<F, M>, RestStride<F, M>>>,
    Joined<F, M>: Merge<B0>,
    <Joined<F, M> as Merge<B0>>::Output: FromModes,
{
    type Output = <<Joined<F, M> as Merge<B0>>::Output as FromModes>::Output;
}

/// `⌈M / covered⌉`: the size of the last mode.
type Rest<F, M> = <M as CeilDivBy<<<F as SortByStride>::Output as Gaps<U1>>::Covered>>::Output;
/// Its stride: `covered`, or 0 for size 1.
type RestStride<F, M> =
    <Eq<Rest<F, M>, U1> as Select<U0, <<F as SortByStride>::Output as Gaps<U1>>::Covered>>::Output;
/// The gap modes and the last mode.
type Joined<F, M> = <<<F as SortByStride>::Output as Gaps<U1>>::Modes as Append<
    Mode<Rest<F, M>, RestStride<F, M>>,
>>::Output;

/// A stable sort of modes by increasing stride (part of the implementation of [`Complement`]).
pub trait SortByStride {
    /// The sorted modes.
    type Output;
}
impl SortByStride for TNil {
    type Output = TNil;
}
impl<H: Insert<<T as SortByStride>::Output>, T: SortByStride> SortByStride for TCons<H, T> {
    type Output = <H as Insert<<T as SortByStride>::Output>>::Output;
}

/// Inserts a mode before the first mode of a larger or equal stride.
pub trait Insert<L> {
    /// The list.
    type Output;
}
impl<S, D> Insert<TNil> for Mode<S, D> {
    type Output = TCons<Mode<S, D>, TNil>;
}
impl<S, D, S2, D2, T> Insert<TCons<Mode<S2, D2>, T>> for Mode<S, D>
where
    D: IsLessOrEqual<D2>,
    Mode<S, D>: InsertIf<LeEq<D, D2>, TCons<Mode<S2, D2>, T>>,
{
    type Output = <Mode<S, D> as InsertIf<LeEq<D, D2>, TCons<Mode<S2, D2>, T>>>::Output;
}

/// Inserts here (`B1`) or further on (`B0`).
pub trait InsertIf<Here, L> {
    /// The list.
    type Output;
}
impl<M, L> InsertIf<B1, L> for M {
    type Output = TCons<M, L>;
}
impl<M: Insert<T>, Y, T> InsertIf<B0, TCons<Y, T>> for M {
    type Output = TCons<Y, <M as Insert<T>>::Output>;
}

/// The gap modes `d / covered : covered` of sorted modes (part of the implementation of
/// [`Complement`]).
pub trait Gaps<Covered> {
    /// The gap modes.
    type Modes;
    /// The span covered after all modes.
    type Covered;
}
impl<C> Gaps<C> for TNil {
    type Modes = TNil;
    type Covered = C;
}
impl<S, D, T, C> Gaps<C> for TCons<Mode<S, D>, T>
where
    D: Div<C> + Mul<S>,
    Quot<D, C>: IsEqual<U0>,
    Eq<Quot<D, C>, U0>: Not,
    <Eq<Quot<D, C>, U0> as Not>::Output: Injective,
    T: Gaps<Prod<D, S>>,
{
    type Modes = TCons<Mode<Quot<D, C>, C>, <T as Gaps<Prod<D, S>>>::Modes>;
    type Covered = <T as Gaps<Prod<D, S>>>::Covered;
}

/// Appends one element to a list.
pub trait Append<X> {
    /// The list.
    type Output;
}
impl<X> Append<X> for TNil {
    type Output = TCons<X, TNil>;
}
impl<H, T: Append<X>, X> Append<X> for TCons<H, T> {
    type Output = TCons<H, <T as Append<X>>::Output>;
}

/// The product of a static int tuple (`size`).
pub trait Size {
    /// The product.
    type Output;
}
impl<M: Leaves> Size for M
where
    <M as Leaves>::Output: ListProduct,
{
    type Output = <<M as Leaves>::Output as ListProduct>::Output;
}

/// The product of a list of integers.
pub trait ListProduct {
    /// The product.
    type Output;
}
impl ListProduct for TNil {
    type Output = U1;
}
impl<H: Mul<<T as ListProduct>::Output>, T: ListProduct> ListProduct for TCons<H, T> {
    type Output = Prod<H, <T as ListProduct>::Output>;
}

/// `product(ceil_div(M, c))` for a cotarget `M`: CuTe's fold of `c` across the modes of `M`.
pub trait CeilDivBy<C> {
    /// The product of the quotients.
    type Output;
}
impl<M: Leaves, C> CeilDivBy<C> for M
where
    <M as Leaves>::Output: CeilFold<C>,
{
    type Output = <<M as Leaves>::Output as CeilFold<C>>::Output;
}

/// The fold behind [`CeilDivBy`]: `⌈a / c⌉`, then `c ← ⌈c / a⌉` for the next leaf.
pub trait CeilFold<C> {
    /// The product of the quotients.
    type Output;
}
impl<C> CeilFold<C> for TNil {
    type Output = U1;
}
impl<A, T, C> CeilFold<C> for TCons<A, T>
where
    A: Add<C>,
    Sum<A, C>: Sub<B1>,
    Sub1<Sum<A, C>>: Div<C>,
    C: Add<A>,
    Sum<C, A>: Sub<B1>,
    Sub1<Sum<C, A>>: Div<A>,
    T: CeilFold<Quot<Sub1<Sum<C, A>>, A>>,
    Quot<Sub1<Sum<A, C>>, C>: Mul<<T as CeilFold<Quot<Sub1<Sum<C, A>>, A>>>::Output>,
{
    type Output = Prod<Quot<Sub1<Sum<A, C>>, C>, <T as CeilFold<Quot<Sub1<Sum<C, A>>, A>>>::Output>;
}
