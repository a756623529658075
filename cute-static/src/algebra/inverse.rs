//! `RightInverse` and `LeftInverse`: the type operators of `cute_core::right_inverse` and
//! `cute_core::left_inverse` (Cecka, *CuTe Layout Representation and Algebra*, §3.4).
//!
//! Both coalesce `L`, tag each mode with the exclusive prefix product of the shape before it, and
//! take the modes in CuTe's `exchange_sort` order of strides (whose order of equal strides decides
//! the normal form):
//!
//! - right inverse: from offset 1 on, each mode whose stride is the span reached so far joins as
//!   `s : prefix`;
//! - left inverse: each non-zero stride `d`, a multiple of the size `n` inverted so far, joins as
//!   `d / n : prefix`, and the last sorted mode's size closes the shape.

use cute_core::Error;
use typenum::{Add1, B0, B1, U0, U1};

use super::coalesce::FromModes;
use super::coalesce::{FlatModes, Merge};
use super::complement::{padded, Append};
use super::composition_mixed::{DynModes, DynModesOf};
use crate::int::arith::{
    DivRem, IsZero, Less, Product, Quotient, Remainder, Same, SubBorrow, Times,
};
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;
use crate::list::ListLen;
use crate::list::{Leaves, Mode, TCons, TNil, ZipModes};

/// A mode `s:d` of `coalesce(L)` with the exclusive prefix product `p` of the shape before it.
pub struct Tagged<S, D, P>(core::marker::PhantomData<(S, D, P)>);

unary_operator!(
    /// A **type operator** for `right_inverse(L)` on layouts of static and runtime leaves, with
    /// its value: `L(R(i)) == i` for every `i < size(R)`.
    RightInverse / RightInverseOf / right_inverse,
    RightInverseCase,
    StaticRightInverse / StaticRightInverseOf,
    "right_inverse(L)",
    "`right_inverse(L)` is not defined for this operand",
    "L is a layout"
);

unary_operator!(
    /// A **type operator** for `left_inverse(L)` on layouts of static and runtime leaves, with
    /// its value: `R(L(i)) == i` for every `i < size(L)`.
    LeftInverse / LeftInverseOf / left_inverse,
    LeftInverseCase,
    StaticLeftInverse / StaticLeftInverseOf,
    "left_inverse(L)",
    "`left_inverse(L)` is not defined for this operand",
    "L is a layout"
);

/// The runtime modes of a mixed inverse: `cute_core`'s result on the lowered layout, padded with
/// `1:0` to `C` modes (its most).
macro_rules! runtime_inverse {
    ($Case:ident :: $fn:ident, $count:ty $(, $extra:ty)?) => {
        /// A runtime leaf: `cute_core`'s inverse on the lowered layout, in runtime modes padded
        /// with `1:0` (the sort by stride and the chain of strides depend on the values).
        impl<S, D> $Case<B0> for Layout<S, D>
        where
            S: ShapeTuple + Congruent<D> + Leaves,
            D: IntTupleType,
            <S as Leaves>::Output: ListLen,
            $($extra: core::ops::Add<B1>,)?
            $count: DynModes,
            DynModesOf<$count>: ShapeTuple + Congruent<DynModesOf<$count>>,
        {
            type Output = Layout<DynModesOf<$count>, DynModesOf<$count>>;
            fn $fn(l: &Self) -> Result<Self::Output, Error> {
                let r = cute_core::$fn(&l.try_to_dynamic()?)?;
                padded(&r).ok_or_else(|| {
                    Error::new(
                        cute_core::Op::Coalesce,
                        [Some(cute_core::Operand::from(&r)), None],
                        // The result has more modes than the type's slots: a layout's leaves.
                        cute_core::ErrorKind::Capacity {
                            limit: cute_core::Limit::LayoutLeaves,
                        },
                    )
                })
            }
        }
    };
}

/// The number of leaves of a shape.
type LeafCount<S> = <<S as Leaves>::Output as ListLen>::Output;

runtime_inverse!(RightInverseCase::right_inverse, LeafCount<S>);
runtime_inverse!(
    LeftInverseCase::left_inverse,
    Add1<LeafCount<S>>,
    LeafCount<S>
);

/// A **type operator** for the right inverse: the largest `R` with `L(R(i)) == i`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticRightInverseOf, StaticLayout};
/// type L = Layout<(U4, (U2, U2)), (U2, (U1, U8))>;
/// assert_eq!(<StaticRightInverseOf<L> as StaticLayout>::LAYOUT.to_string(), "(2,4,2):(4,1,8)");
/// ```
pub trait StaticRightInverse {
    /// The right inverse.
    type Output;
}

/// `StaticRightInverseOf<L> = <L as StaticRightInverse>::Output`.
pub type StaticRightInverseOf<L> = <L as StaticRightInverse>::Output;

/// A **type operator** for the left inverse: `R(L(i)) == i` for an injective `L`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticLeftInverseOf, StaticLayout};
/// type L = Layout<(U4, U8), (U1, U5)>;
/// assert_eq!(<StaticLeftInverseOf<L> as StaticLayout>::LAYOUT.to_string(), "(5,8):(1,4)");
/// ```
pub trait StaticLeftInverse {
    /// The left inverse.
    type Output;
}

/// `StaticLeftInverseOf<L> = <L as StaticLeftInverse>::Output`.
pub type StaticLeftInverseOf<L> = <L as StaticLeftInverse>::Output;

/// The modes of `coalesce(S:D)`, tagged with prefix products and in `exchange_sort` order.
type Sorted<S, D> =
    <<<FlatModes<S, D> as Merge<B0>>::Output as Prefixes<U1>>::Output as ExchangeSort>::Output;

/// The bounds every inverse needs.
#[doc(hidden)]
pub trait SortedModes {
    /// The tagged, sorted modes.
    type Output;
}

impl<S, D> SortedModes for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    FlatModes<S, D>: Merge<B0>,
    <FlatModes<S, D> as Merge<B0>>::Output: Prefixes<U1>,
    <<FlatModes<S, D> as Merge<B0>>::Output as Prefixes<U1>>::Output: ExchangeSort,
{
    type Output = Sorted<S, D>;
}

/// `right_inverse(L) = coalesce((1, s_i...):(0, p_i...))` over the chain of strides from 1.
impl<S, D> StaticRightInverse for Layout<S, D>
where
    Layout<S, D>: SortedModes,
    <Layout<S, D> as SortedModes>::Output: Chain<U1>,
    TCons<Mode<U1, U0>, <<Layout<S, D> as SortedModes>::Output as Chain<U1>>::Output>: Merge<B0>,
    <TCons<Mode<U1, U0>, <<Layout<S, D> as SortedModes>::Output as Chain<U1>>::Output> as Merge<
        B0,
    >>::Output: FromModes,
{
    type Output = <<TCons<Mode<U1, U0>, <<Layout<S, D> as SortedModes>::Output as Chain<U1>>::Output> as Merge<
        B0,
    >>::Output as FromModes>::Output;
}

/// The left-inverse divisibility condition, `B1` when it holds.
#[diagnostic::on_unimplemented(
    message = "left inverse divisibility violated: a stride is not a multiple of the size inverted before it",
    label = "this layout has no left inverse in CuTe's form"
)]
pub trait LeftInverseDivisibility {}
impl LeftInverseDivisibility for B1 {}

/// `left_inverse(L) = coalesce((d_i / n_i..., s_last):(0, p_i...))`.
impl<S, D> StaticLeftInverse for Layout<S, D>
where
    Layout<S, D>: SortedModes,
    <Layout<S, D> as SortedModes>::Output: Divide<U1> + LastShape,
    <<Layout<S, D> as SortedModes>::Output as Divide<U1>>::Shapes:
        Append<<<Layout<S, D> as SortedModes>::Output as LastShape>::Output>,
    <<<Layout<S, D> as SortedModes>::Output as Divide<U1>>::Shapes as Append<
        <<Layout<S, D> as SortedModes>::Output as LastShape>::Output,
    >>::Output: ZipModes<TCons<U0, <<Layout<S, D> as SortedModes>::Output as Divide<U1>>::Strides>>,
    LeftModes<S, D>: Merge<B0>,
    <LeftModes<S, D> as Merge<B0>>::Output: FromModes,
{
    type Output = <<LeftModes<S, D> as Merge<B0>>::Output as FromModes>::Output;
}

/// The modes of the left inverse before coalescing: shapes `(d/n..., s_last)` with strides
/// `(0, p...)`.
type LeftModes<S, D> = <<<<Layout<S, D> as SortedModes>::Output as Divide<U1>>::Shapes as Append<
    <<Layout<S, D> as SortedModes>::Output as LastShape>::Output,
>>::Output as ZipModes<
    TCons<U0, <<Layout<S, D> as SortedModes>::Output as Divide<U1>>::Strides>,
>>::Output;

/// Tags each mode with the exclusive prefix product `P` of the shapes before it.
#[doc(hidden)]
pub trait Prefixes<P> {
    /// The tagged modes.
    type Output;
}
impl<P> Prefixes<P> for TNil {
    type Output = TNil;
}
impl<S, D, T, P> Prefixes<P> for TCons<Mode<S, D>, T>
where
    P: Times<S>,
    T: Prefixes<Product<P, S>>,
{
    type Output = TCons<Tagged<S, D, P>, <T as Prefixes<Product<P, S>>>::Output>;
}

/// CuTe's `exchange_sort` by stride: position `i` takes the smallest of the rest, swapping.
#[doc(hidden)]
pub trait ExchangeSort {
    /// The sorted modes.
    type Output;
}
impl ExchangeSort for TNil {
    type Output = TNil;
}
impl<H, T> ExchangeSort for TCons<H, T>
where
    H: Pass<T>,
    <H as Pass<T>>::Rest: ExchangeSort,
{
    type Output = TCons<<H as Pass<T>>::Head, <<H as Pass<T>>::Rest as ExchangeSort>::Output>;
}

/// One pass of the exchange sort: `a[i]` against each later `a[j]`, swapped when `a[j] < a[i]`.
#[doc(hidden)]
pub trait Pass<T> {
    /// What ends at position `i`.
    type Head;
    /// The later positions after the pass.
    type Rest;
}
impl<H> Pass<TNil> for H {
    type Head = H;
    type Rest = TNil;
}
impl<S, D, P, S2, D2, P2, T> Pass<TCons<Tagged<S2, D2, P2>, T>> for Tagged<S, D, P>
where
    D2: SubBorrow<D, B0>,
    Tagged<S, D, P>: PassIf<Less<D2, D>, Tagged<S2, D2, P2>, T>,
{
    type Head = <Tagged<S, D, P> as PassIf<Less<D2, D>, Tagged<S2, D2, P2>, T>>::Head;
    type Rest = <Tagged<S, D, P> as PassIf<Less<D2, D>, Tagged<S2, D2, P2>, T>>::Rest;
}

/// A pass step, knowing whether `x < head`.
#[doc(hidden)]
pub trait PassIf<Smaller, E, T> {
    /// What ends at position `i`.
    type Head;
    /// The later positions.
    type Rest;
}
/// `x < h`: swap, `x` goes on against the rest and `h` takes `x`'s place.
impl<H, E: Pass<T>, T> PassIf<B1, E, T> for H {
    type Head = <E as Pass<T>>::Head;
    type Rest = TCons<H, <E as Pass<T>>::Rest>;
}
/// Otherwise `h` goes on and `x` stays.
impl<H: Pass<T>, E, T> PassIf<B0, E, T> for H {
    type Head = <H as Pass<T>>::Head;
    type Rest = TCons<E, <H as Pass<T>>::Rest>;
}

/// The right inverse's chain: modes whose stride is the span `C` reached so far.
#[doc(hidden)]
pub trait Chain<C> {
    /// The chosen modes `s : p`.
    type Output;
}
impl<C> Chain<C> for TNil {
    type Output = TNil;
}
impl<S, D, P, T, C> Chain<C> for TCons<Tagged<S, D, P>, T>
where
    D: Same<C>,
    Tagged<S, D, P>: ChainIf<<D as Same<C>>::Output, T, C>,
{
    type Output = <Tagged<S, D, P> as ChainIf<<D as Same<C>>::Output, T, C>>::Output;
}

/// A chain step, knowing whether the stride continues the chain.
#[doc(hidden)]
pub trait ChainIf<Joins, T, C> {
    /// The chosen modes.
    type Output;
}
impl<S: Times<D>, D, P, T: Chain<Product<S, D>>, C> ChainIf<B1, T, C> for Tagged<S, D, P> {
    type Output = TCons<Mode<S, P>, <T as Chain<Product<S, D>>>::Output>;
}
impl<S, D, P, T: Chain<C>, C> ChainIf<B0, T, C> for Tagged<S, D, P> {
    type Output = <T as Chain<C>>::Output;
}

/// The left inverse's walk: for each non-zero stride `d`, `d / n` with `n` the size so far.
#[doc(hidden)]
pub trait Divide<N> {
    /// The shapes `d / n`.
    type Shapes;
    /// The strides (prefix products).
    type Strides;
}
impl<N> Divide<N> for TNil {
    type Shapes = TNil;
    type Strides = TNil;
}
impl<S, D, P, T, N> Divide<N> for TCons<Tagged<S, D, P>, T>
where
    D: IsZero,
    Tagged<S, D, P>: DivideIf<<D as IsZero>::Output, T, N>,
{
    type Shapes = <Tagged<S, D, P> as DivideIf<<D as IsZero>::Output, T, N>>::Shapes;
    type Strides = <Tagged<S, D, P> as DivideIf<<D as IsZero>::Output, T, N>>::Strides;
}

/// A left-inverse step, knowing whether the stride is 0 (skipped).
#[doc(hidden)]
pub trait DivideIf<StrideZero, T, N> {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
}
impl<S, D, P, T: Divide<N>, N> DivideIf<B1, T, N> for Tagged<S, D, P> {
    type Shapes = <T as Divide<N>>::Shapes;
    type Strides = <T as Divide<N>>::Strides;
}
impl<S, D, P, T, N> DivideIf<B0, T, N> for Tagged<S, D, P>
where
    D: DivRem<N>,
    Remainder<D, N>: IsZero,
    <Remainder<D, N> as IsZero>::Output: LeftInverseDivisibility,
    N: Times<Quotient<D, N>>,
    T: Divide<Product<N, Quotient<D, N>>>,
{
    type Shapes = TCons<Quotient<D, N>, <T as Divide<Product<N, Quotient<D, N>>>>::Shapes>;
    type Strides = TCons<P, <T as Divide<Product<N, Quotient<D, N>>>>::Strides>;
}

/// The size of the last sorted mode.
#[doc(hidden)]
pub trait LastShape {
    /// The size.
    type Output;
}
impl<S, D, P> LastShape for TCons<Tagged<S, D, P>, TNil> {
    type Output = S;
}
impl<H, N, T> LastShape for TCons<H, TCons<N, T>>
where
    TCons<N, T>: LastShape,
{
    type Output = <TCons<N, T> as LastShape>::Output;
}
