//! `Complement`: the type operator of `cute_core::complement` (Cecka, *CuTe Layout Representation
//! and Algebra*, §3.5).
//!
//! - `filter(L)`: stride-0 modes become size 1, then the modes coalesce;
//! - `complement(1:0, M) = size(M):1` (`1:0` when `size(M) == 1`);
//! - otherwise the modes are taken by increasing stride (the first of equal strides first), each
//!   new mode spanning the gap up to the next stride, `d / covered : covered`, and a last mode
//!   `⌈M / covered⌉ : covered` reaches the cotarget; the result is coalesced.

use core::marker::PhantomData;
use core::ops::{Add, Not};

use cute_core::Error;
use typenum::{Add1, B0, B1, U0, U1};

use super::coalesce::FromModes;
use super::coalesce::{FlatModes, Merge};
use super::composition_mixed::{DynModes, DynModesOf};
use super::composition_static::Select;
use crate::int::arith::{
    Ceil, CeilQuotient, Diff, DivRem, ExactOrOne, IsZero, Product, QuotRem, QuotientDivisor,
    SubBorrow, Times,
};
use crate::int::{Dyn, IsUnit, KnownDivisor, StaticInt};
use crate::int_tuple::{AllStaticOf, Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;
use crate::list::ListLen;
use crate::list::{IsOne, Leaves, Mode, TCons, TNil, ZipModes};

binary_operator!(
    /// A **type operator** for `complement(L, M)` on layouts and cotargets of static and
    /// runtime leaves, with its value: the layout that fills the offsets of `L` up to the
    /// cotarget `M` (an integer or a shape).
    ///
    /// - `L` and `M` static: the static operator.
    /// - `L` static, `M` with a runtime leaf (the grid of a divide of a runtime size): the gaps
    ///   between the modes of `L` stay static, and the mode that reaches `M`,
    ///   `⌈M / covered⌉ : covered`, has a runtime size and a static stride.
    /// - `L` with a runtime leaf: `size(L) + 1` runtime modes, `cute_core::complement`'s modes
    ///   padded with `1:0`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{complement, typenum::consts::*, Dyn, Layout};
    /// let tile = Layout::<(U4, U2), (U1, U16)>::new();
    /// let c = complement(&tile, &Dyn::new(96)).unwrap();
    /// assert_eq!(format!("{c:?}"), "(_4,3):(_4,_32)");
    /// ```
    Complement / ComplementOf / complement,
    ComplementDispatch,
    StaticComplement / StaticComplementOf,
    "complement(L, M)",
    "`complement(L, M)` is not defined for these operands",
    "L is a layout and M an integer or a shape"
);

/// A runtime leaf in `L` or `M`: by whether `L` is static.
impl<S, D, M, StaticL> ComplementDispatch<M, B0> for Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
    M: IntTupleType,
    (S, D): AllStaticOf<Output = StaticL>,
    Self: MixedComplement<M, StaticL>,
{
    type Output = <Self as MixedComplement<M, StaticL>>::Output;
    #[inline(always)]
    fn complement(l: &Self, m: &M) -> Result<Self::Output, Error> {
        match <Self as MixedComplement<M, StaticL>>::complement_of(l, &m.leaf_vec()) {
            Some(r) => Ok(r),
            None => Err(cold_complement(l, m)),
        }
    }
}

/// The mixed complement, knowing whether `L` is static (part of the implementation of
/// [`Complement`]).
#[doc(hidden)]
pub trait MixedComplement<M, StaticL> {
    /// The complement.
    type Output;
    /// `complement(L, M)` for the cotarget whose leaves are `cotarget`; `None` where
    /// `cute_core::complement` fails (it names the condition).
    fn complement_of(l: &Self, cotarget: &[i64]) -> Option<Self::Output>;
}

/// The filtered modes of a static layout.
type FilteredOf<S, D> = Filtered<S, D>;

/// A static `L`, a runtime cotarget: the static gaps, then `⌈M / covered⌉ : covered`, whose
/// size keeps the divisor `k / covered` of a cotarget known to be a multiple of `k` that
/// `covered` divides (so a tile of 128 divides a `Dyn<U256>` into a `Dyn<U2>` of tiles).
impl<S, D, M> MixedComplement<M, B1> for Layout<S, D>
where
    S: ShapeTuple + Congruent<D> + Leaves,
    D: IntTupleType + Leaves,
    M: IntTupleType + KnownDivisor,
    <S as Leaves>::Output: ZipModes<<D as Leaves>::Output>,
    FlatModes<S, D>: FilterZeros,
    <FlatModes<S, D> as FilterZeros>::Output: Merge<B0>,
    FilteredOf<S, D>: Trivial,
    FilteredOf<S, D>: RestCase<<FilteredOf<S, D> as Trivial>::Output, DivisorOf<M>>,
    RestLayout<S, D, M>: LayoutParts,
    RestShape<S, D, M>: ShapeTuple + Congruent<RestStride<S, D, M>>,
    RestStride<S, D, M>: IntTupleType,
{
    type Output = Layout<RestShape<S, D, M>, RestStride<S, D, M>>;
    #[inline(always)]
    fn complement_of(_: &Self, cotarget: &[i64]) -> Option<Self::Output> {
        let covered = <FilteredOf<S, D> as RestCase<
            <FilteredOf<S, D> as Trivial>::Output,
            DivisorOf<M>,
        >>::COVERED;
        let rest = rest_of(cotarget, covered)?;
        // The one runtime leaf is the last mode's size; the strides are static.
        let shape = RestShape::<S, D, M>::STATICS
            .iter()
            .map(|st| st.unwrap_or(rest));
        let r = Layout::from_parts(
            RestShape::<S, D, M>::read_leaves(&mut shape.into_iter()),
            RestStride::<S, D, M>::read_leaves(&mut core::iter::repeat(0)),
        );
        // Each leaf fits, but together their offsets may pass `i64` (`(_3,r):(_1,_6)` for a
        // cotarget near `i64::MAX`), where `cute_core::complement` fails.
        r.check().ok().map(|()| r)
    }
}

/// The divisor known of a cotarget.
type DivisorOf<M> = <M as KnownDivisor>::Output;

/// `⌈M / covered⌉` folded over the leaves of the cotarget, as `cute_core`'s `ceil_div`: `None`
/// for a negative cotarget leaf (or a product out of `i64`), which `cute_core` rejects; 0 for
/// an empty cotarget.
#[inline(always)]
fn rest_of(cotarget: &[i64], covered: i64) -> Option<i64> {
    if cotarget.iter().any(|&a| a < 0) {
        return None;
    }
    if cotarget.contains(&0) {
        return Some(0);
    }
    let (mut rest, mut c) = (1i64, covered);
    for &a in cotarget {
        rest = rest.checked_mul(a / c + i64::from(a % c != 0))?;
        c = c / a + i64::from(c % a != 0);
    }
    Some(rest)
}

/// `cute_core::complement`'s error on the lowered operands.
#[cold]
#[inline(never)]
fn cold_complement<S, D, M>(l: &Layout<S, D>, m: &M) -> Error
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
    M: IntTupleType,
{
    match l
        .try_to_dynamic()
        .and_then(|l| cute_core::complement(&l, &m.lower()))
    {
        Err(e) => e,
        Ok(_) => Error::new(
            cute_core::Op::Complement,
            [
                Some(cute_core::Operand::of(&l)),
                Some(cute_core::Operand::from(&m.lower())),
            ],
            cute_core::ErrorKind::Overflow,
        ),
    }
}

/// The shape of the mixed complement of a static layout up to a cotarget of type `M`.
type RestShape<S, D, M> = <RestLayout<S, D, M> as LayoutParts>::Shape;
/// The stride of the mixed complement of a static layout up to a cotarget of type `M`.
type RestStride<S, D, M> = <RestLayout<S, D, M> as LayoutParts>::Stride;
/// The mixed complement of a static layout up to a cotarget of type `M`, as a layout type.
type RestLayout<S, D, M> =
    <FilteredOf<S, D> as RestCase<<FilteredOf<S, D> as Trivial>::Output, DivisorOf<M>>>::Output;

/// The shape and the stride of a layout type (part of the implementation of the mixed
/// operations).
#[doc(hidden)]
pub trait LayoutParts {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// The shape and the stride.
    fn parts(self) -> (Self::Shape, Self::Stride);
}
impl<S, D> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn parts(self) -> (S, D) {
        self.into_parts()
    }
}

/// The mixed complement of a static layout's filtered modes, trivial (`1:0`) or not, up to a
/// cotarget known to be a multiple of `K`, with the span `covered` its modes reach (part of the
/// implementation of [`Complement`]).
#[doc(hidden)]
pub trait RestCase<IsTrivial, K> {
    /// The complement, with one runtime leaf: the size of its last mode.
    type Output;
    /// The span the modes of `L` cover.
    const COVERED: i64;
}

/// `complement(1:0, M) = size(M):1`.
impl<F, K> RestCase<B1, K> for F {
    type Output = Layout<Dyn<K>, U1>;
    const COVERED: i64 = 1;
}

/// The gaps between the sorted modes, then `rest : covered`.
impl<F, K> RestCase<B0, K> for F
where
    F: SortByStride,
    <F as SortByStride>::Output: Gaps<U1>,
    <<F as SortByStride>::Output as Gaps<U1>>::Output: RuntimeClose<K>,
{
    type Output = <<<F as SortByStride>::Output as Gaps<U1>>::Output as RuntimeClose<K>>::Output;
    const COVERED: i64 =
        <<<F as SortByStride>::Output as Gaps<U1>>::Output as RuntimeClose<K>>::COVERED;
}

/// The gap modes with a last mode of runtime size `rest : covered` appended, coalesced; `rest`
/// is a multiple of `K / covered` where `covered` divides `K` (part of the implementation of
/// [`Complement`]).
#[doc(hidden)]
pub trait RuntimeClose<K> {
    /// The complement.
    type Output;
    /// `covered`.
    const COVERED: i64;
}
impl<Modes, C: StaticInt, K> RuntimeClose<K> for Spanned<Modes, C>
where
    K: DivRem<C>,
    <K as DivRem<C>>::Output: ExactOrOne,
    Modes: Append<Mode<Dyn<QuotientDivisor<K, C>>, C>>,
    <Modes as Append<Mode<Dyn<QuotientDivisor<K, C>>, C>>>::Output: Merge<B0>,
    <<Modes as Append<Mode<Dyn<QuotientDivisor<K, C>>, C>>>::Output as Merge<B0>>::Output:
        FromModes,
{
    type Output = <<<Modes as Append<Mode<Dyn<QuotientDivisor<K, C>>, C>>>::Output as Merge<
        B0,
    >>::Output as FromModes>::Output;
    const COVERED: i64 = C::VALUE;
}

/// A runtime leaf in `L`: `cute_core::complement` on the lowered operands, into `size(L) + 1`
/// runtime modes.
impl<S, D, M> MixedComplement<M, B0> for Layout<S, D>
where
    S: ShapeTuple + Congruent<D> + Leaves,
    D: IntTupleType,
    M: IntTupleType,
    <S as Leaves>::Output: ListLen,
    <<S as Leaves>::Output as ListLen>::Output: Add<B1>,
    Add1<<<S as Leaves>::Output as ListLen>::Output>: DynModes,
    DynModesOf<Add1<<<S as Leaves>::Output as ListLen>::Output>>:
        ShapeTuple + Congruent<DynModesOf<Add1<<<S as Leaves>::Output as ListLen>::Output>>>,
{
    type Output = Layout<
        DynModesOf<Add1<<<S as Leaves>::Output as ListLen>::Output>>,
        DynModesOf<Add1<<<S as Leaves>::Output as ListLen>::Output>>,
    >;
    fn complement_of(l: &Self, cotarget: &[i64]) -> Option<Self::Output> {
        let m = cute_core::IntTuple::flat_or_int(cotarget).ok()?;
        let r = cute_core::complement(&l.try_to_dynamic().ok()?, &m).ok()?;
        padded(&r)
    }
}

/// The `cute_core` layout `r` (flat) in the flat runtime modes of `Layout<S, D>`, padded in front
/// with `1:0` (where coalescing drops them, as `cute_core::algebra::composition::compose_slots`
/// pads); `None` when it has more modes.
pub(crate) fn padded<S, D>(r: &cute_core::Layout) -> Option<Layout<S, D>>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    let (rs, rd) = (r.shape().leaves(), r.stride().leaves());
    let pad = S::LEAVES.checked_sub(rs.len())?;
    let s = core::iter::repeat_n(1, pad).chain(rs.iter().copied());
    let d = core::iter::repeat_n(0, pad).chain(rd.iter().copied());
    Some(Layout::from_parts(
        S::read_leaves(&mut s.into_iter()),
        D::read_leaves(&mut d.into_iter()),
    ))
}

/// A **type operator** for the complement of a static layout with cotarget `M` (an integer or a
/// shape).
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, StaticComplementOf, Layout, StaticLayout};
/// type L = Layout<U4, U2>;
/// assert_eq!(<StaticComplementOf<L, U24> as StaticLayout>::LAYOUT.to_string(), "(2,3):(1,8)");
/// ```
pub trait StaticComplement<M> {
    /// The complement.
    type Output;
}

/// `StaticComplementOf<L, M> = <L as StaticComplement<M>>::Output`.
pub type StaticComplementOf<L, M> = <L as StaticComplement<M>>::Output;

/// The modes of `filter(S:D)`, coalesced.
type Filtered<S, D> = <<FlatModes<S, D> as FilterZeros>::Output as Merge<B0>>::Output;

/// `complement(L, M) = coalesce(gaps(sort(filter(L))) ++ rest(M))`.
impl<S, D, M> StaticComplement<M> for Layout<S, D>
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

/// `B1` when, taken by increasing stride, the mode `s:d` starts at or past the span `covered` of
/// the smaller ones (its gap `q = d / covered` is not empty); the rest of the complement is
/// computed only then, so a non-injective layout gives this one error (part of the
/// implementation of [`Complement`]).
#[diagnostic::on_unimplemented(
    message = "complement: non-injective layout: by increasing stride, a mode starts inside the span of the smaller ones",
    label = "this complement is not defined",
    note = "CuTe's condition: each stride, in increasing order, is at least the span of the modes before it"
)]
#[doc(hidden)]
pub trait Injective<S, D, C, T, Q> {
    /// The gap modes from here on and the span they cover.
    type Output;
}
/// The gap `q : covered`, then the gaps of the modes after `s:d` from the span `d·s`.
impl<S, D, C, T, Q> Injective<S, D, C, T, Q> for B1
where
    D: Times<S>,
    T: Gaps<Product<D, S>>,
    <T as Gaps<Product<D, S>>>::Output: Prepend<Mode<Q, C>>,
{
    type Output = <<T as Gaps<Product<D, S>>>::Output as Prepend<Mode<Q, C>>>::Output;
}

/// Stride-0 modes become size 1 (part of the implementation of [`Complement`]).
#[doc(hidden)]
pub trait FilterZeros {
    /// The modes.
    type Output;
}
impl FilterZeros for TNil {
    type Output = TNil;
}
impl<S, D, T> FilterZeros for TCons<Mode<S, D>, T>
where
    D: IsZero,
    <D as IsZero>::Output: Select<U1, S>,
    T: FilterZeros,
{
    type Output = TCons<
        Mode<<<D as IsZero>::Output as Select<U1, S>>::Output, D>,
        <T as FilterZeros>::Output,
    >;
}

/// `B1` for the filtered layout `1:0` (everything was size 1 or stride 0).
#[doc(hidden)]
pub trait Trivial {
    /// `B1` or `B0`.
    type Output;
}
impl<S: IsUnit, D> Trivial for TCons<Mode<S, D>, TNil> {
    type Output = IsOne<S>;
}
impl<H, N, T> Trivial for TCons<H, TCons<N, T>> {
    type Output = B0;
}

/// The two cases of the complement (part of the implementation of [`Complement`]).
#[doc(hidden)]
pub trait ComplementCase<IsTrivial, M> {
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

/// The general case: the gaps between the sorted modes, then the mode that reaches `M`.
impl<F, M> ComplementCase<B0, M> for F
where
    F: SortByStride,
    <F as SortByStride>::Output: Gaps<U1>,
    <<F as SortByStride>::Output as Gaps<U1>>::Output: Close<M>,
{
    type Output = <<<F as SortByStride>::Output as Gaps<U1>>::Output as Close<M>>::Output;
}

/// The gap modes of the sorted modes and the span they cover: the result of [`Gaps`].
pub struct Spanned<Modes, Covered>(PhantomData<(Modes, Covered)>);

/// The complement from its gap modes: the last mode `⌈M / covered⌉ : covered` is appended and
/// the result coalesced (part of the implementation of [`Complement`]).
#[doc(hidden)]
pub trait Close<M> {
    /// The complement.
    type Output;
}
impl<Modes, C, M> Close<M> for Spanned<Modes, C>
where
    M: CeilDivBy<C>,
    Modes: CloseWith<<M as CeilDivBy<C>>::Output, C>,
{
    type Output = <Modes as CloseWith<<M as CeilDivBy<C>>::Output, C>>::Output;
}

/// The gap modes, the last mode `rest : covered` (`1:0` for `rest = 1`) appended, coalesced
/// (part of the implementation of [`Complement`]).
#[doc(hidden)]
pub trait CloseWith<Rest, C> {
    /// The complement.
    type Output;
}
impl<Modes, Rest, C> CloseWith<Rest, C> for Modes
where
    Rest: IsUnit,
    <Rest as IsUnit>::Output: Select<U0, C>,
    Modes: Append<Mode<Rest, <<Rest as IsUnit>::Output as Select<U0, C>>::Output>>,
    Joined<Modes, Rest, C>: Merge<B0>,
    <Joined<Modes, Rest, C> as Merge<B0>>::Output: FromModes,
{
    type Output = <<Joined<Modes, Rest, C> as Merge<B0>>::Output as FromModes>::Output;
}

/// The gap modes and the last mode.
type Joined<Modes, Rest, C> =
    <Modes as Append<Mode<Rest, <<Rest as IsUnit>::Output as Select<U0, C>>::Output>>>::Output;

/// A stable sort of modes by increasing stride (part of the implementation of [`Complement`]).
#[doc(hidden)]
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
#[doc(hidden)]
pub trait Insert<L> {
    /// The list.
    type Output;
}
impl<S, D> Insert<TNil> for Mode<S, D> {
    type Output = TCons<Mode<S, D>, TNil>;
}
impl<S, D, S2, D2, T> Insert<TCons<Mode<S2, D2>, T>> for Mode<S, D>
where
    D2: SubBorrow<D, B0>,
    <D2 as SubBorrow<D, B0>>::Output: InsertAt<Mode<S, D>, TCons<Mode<S2, D2>, T>>,
{
    type Output =
        <<D2 as SubBorrow<D, B0>>::Output as InsertAt<Mode<S, D>, TCons<Mode<S2, D2>, T>>>::Output;
}

/// Inserts `M` here or further on, from `d2 - d`: further when it borrows (`d2 < d`).
#[doc(hidden)]
pub trait InsertAt<M, L> {
    /// The list.
    type Output;
}
impl<Z, M, L> InsertAt<M, L> for Diff<Z, B0> {
    type Output = TCons<M, L>;
}
impl<Z, M: Insert<T>, Y, T> InsertAt<M, TCons<Y, T>> for Diff<Z, B1> {
    type Output = TCons<Y, <M as Insert<T>>::Output>;
}

/// The gap modes `d / covered : covered` of sorted modes, as a [`Spanned`] (part of the
/// implementation of [`Complement`]).
#[doc(hidden)]
pub trait Gaps<Covered> {
    /// The gap modes and the span they cover.
    type Output;
}
impl<C> Gaps<C> for TNil {
    type Output = Spanned<TNil, C>;
}
impl<S, D, T, C> Gaps<C> for TCons<Mode<S, D>, T>
where
    D: DivRem<C>,
    <D as DivRem<C>>::Output: Gap<S, D, C, T>,
{
    type Output = <<D as DivRem<C>>::Output as Gap<S, D, C, T>>::Output;
}

/// The gap before a mode `s:d`, from `d = q·covered + r`: `q : covered`, which must not be empty
/// (part of the implementation of [`Complement`]).
#[doc(hidden)]
pub trait Gap<S, D, C, T> {
    /// The gap modes and the span they cover.
    type Output;
}
impl<Q, R, S, D, C, T> Gap<S, D, C, T> for QuotRem<Q, R>
where
    Q: IsZero,
    <<Q as IsZero>::Output as Not>::Output: Injective<S, D, C, T, Q>,
{
    type Output = <<<Q as IsZero>::Output as Not>::Output as Injective<S, D, C, T, Q>>::Output;
}

/// A gap mode in front of the later ones (part of the implementation of [`Complement`]).
#[doc(hidden)]
pub trait Prepend<M> {
    /// The gap modes and the span they cover.
    type Output;
}
impl<Modes, C, M> Prepend<M> for Spanned<Modes, C> {
    type Output = Spanned<TCons<M, Modes>, C>;
}

/// Appends one element to a list.
#[doc(hidden)]
pub trait Append<E> {
    /// The list.
    type Output;
}
impl<E> Append<E> for TNil {
    type Output = TCons<E, TNil>;
}
impl<H, T: Append<E>, E> Append<E> for TCons<H, T> {
    type Output = TCons<H, <T as Append<E>>::Output>;
}

/// The product of a static int tuple (`size`).
#[doc(hidden)]
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
#[doc(hidden)]
pub trait ListProduct {
    /// The product.
    type Output;
}
impl ListProduct for TNil {
    type Output = U1;
}
impl<H: Times<<T as ListProduct>::Output>, T: ListProduct> ListProduct for TCons<H, T> {
    type Output = Product<H, <T as ListProduct>::Output>;
}

/// `product(ceil_div(M, c))` for a cotarget `M`: CuTe's fold of `c` across the modes of `M`.
#[doc(hidden)]
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
#[doc(hidden)]
pub trait CeilFold<C> {
    /// The product of the quotients.
    type Output;
}
impl<C> CeilFold<C> for TNil {
    type Output = U1;
}
impl<A, T, C> CeilFold<C> for TCons<A, T>
where
    A: DivRem<C>,
    <A as DivRem<C>>::Output: Ceil,
    C: DivRem<A>,
    <C as DivRem<A>>::Output: Ceil,
    T: CeilFold<CeilQuotient<C, A>>,
    CeilQuotient<A, C>: Times<<T as CeilFold<CeilQuotient<C, A>>>::Output>,
{
    type Output = Product<CeilQuotient<A, C>, <T as CeilFold<CeilQuotient<C, A>>>::Output>;
}
