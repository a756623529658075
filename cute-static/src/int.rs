//! Leaves: static integers (typenum) and runtime integers ([`Dyn`]), and their arithmetic.
//!
//! A leaf of a shape or a stride is either a typenum unsigned integer, known to the compiler, or a
//! [`Dyn`], an `i64` known at run time (CuTe's `Int<N>` and `int`). Arithmetic keeps what it can
//! static: static ⊕ static is a type, anything ⊕ runtime is runtime, and, as in CuTe, a static 0
//! or 1 absorbs or vanishes in a product whatever the other factor.

use core::fmt;
use core::marker::PhantomData;
use core::ops::Not;

use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1, U1};

use crate::sealed::Sealed;

/// A **marker trait** for a leaf: a static typenum integer (`U0`, `U4`, …) or a runtime [`Dyn`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a leaf: a leaf is a typenum integer (U1, U8, …) or a runtime `Dyn`",
    label = "not a leaf",
    note = "in generic code, bound the parameter: `{Self}: cute::cute_static::Int` (or `StaticInt` for a static one)"
)]
pub trait Int: Sealed + Copy + fmt::Debug {
    /// The value when it is static, `None` for a runtime leaf.
    const STATIC: Option<i64>;
    /// What is known of the value at compile time: [`Zero`], [`One`], [`Many`] (static, at least
    /// 2) or [`Runtime`].
    type Kind;
    /// `B1` for a static leaf, `B0` for a runtime one.
    type IsStatic: Bit;
    /// The value.
    fn value(self) -> i64;
    /// The leaf whose value is `v`: for a static leaf `v` is its own value (the caller's
    /// arithmetic and the type agree), for a runtime leaf it is stored.
    #[doc(hidden)]
    fn from_value(v: i64) -> Self;
}

/// A **marker trait** for a static leaf: a typenum unsigned integer.
///
/// In generic code bound a static stride by `T: StaticInt` and a static shape leaf (a tile size)
/// by `T: StaticInt + ShapeInt`; tuple and layout bounds follow. A bound on a tuple trait such as
/// `T: ShapeTuple` is taken by rustc as an opaque fact and hides what `StaticInt` implies (that
/// `T` is one static leaf), so tuples containing `T` stop being shapes.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static integer: a typenum integer (U1, U8, …) is needed here",
    label = "not a static integer",
    note = "in generic code, bound the parameter: `{Self}: cute::cute_static::StaticInt`"
)]
pub trait StaticInt: Int<IsStatic = B1> + Default {
    /// The value.
    const VALUE: i64;
}

/// The kind of a static 0.
pub struct Zero;
/// The kind of a static 1.
pub struct One;
/// The kind of a static integer of at least 2.
pub struct Many;
/// The kind of a runtime integer.
pub struct Runtime;

impl Sealed for UTerm {}
impl Int for UTerm {
    const STATIC: Option<i64> = Some(0);
    type Kind = Zero;
    type IsStatic = B1;
    #[inline(always)]
    fn value(self) -> i64 {
        0
    }
    #[inline(always)]
    fn from_value(_: i64) -> Self {
        UTerm
    }
}
impl StaticInt for UTerm {
    const VALUE: i64 = 0;
}

impl<U: Unsigned + Default + Copy + fmt::Debug, B: Bit + Default + Copy + fmt::Debug> Sealed
    for UInt<U, B>
{
}
impl<U: Unsigned + Default + Copy + fmt::Debug, B: Bit + Default + Copy + fmt::Debug> Int
    for UInt<U, B>
where
    UInt<U, B>: KindOf,
{
    const STATIC: Option<i64> = Some(<Self as Unsigned>::I64);
    type Kind = <UInt<U, B> as KindOf>::Output;
    type IsStatic = B1;
    #[inline(always)]
    fn value(self) -> i64 {
        <Self as Unsigned>::I64
    }
    #[inline(always)]
    fn from_value(_: i64) -> Self {
        Self::default()
    }
}
impl<U: Unsigned + Default + Copy + fmt::Debug, B: Bit + Default + Copy + fmt::Debug> StaticInt
    for UInt<U, B>
where
    UInt<U, B>: KindOf,
{
    const VALUE: i64 = <Self as Unsigned>::I64;
}

/// The [`Int::Kind`] of a positive typenum integer (part of the implementation of [`Int`]).
pub trait KindOf {
    /// [`One`] or [`Many`].
    type Output;
}
impl KindOf for UInt<UTerm, B1> {
    type Output = One;
}
impl<U, B, C> KindOf for UInt<UInt<U, B>, C> {
    type Output = Many;
}

/// A runtime integer leaf that is a multiple of the static `M` (`Dyn` alone: any integer), CuTe's
/// dynamic `int` and CuTe DSL's `?{div=M}`. Made with [`Dyn::new`], or [`Dyn::multiple_of`],
/// which checks the divisor once; arithmetic carries the divisor on, so a tile of `M` is known to
/// divide it at compile time.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Dyn, Int};
/// let m = Dyn::new(96);
/// assert_eq!(m.value(), 96);
/// assert!(Dyn::<U32>::multiple_of(96).is_ok());
/// assert!(Dyn::<U64>::multiple_of(96).is_err());
/// ```
pub struct Dyn<M = U1> {
    v: i64,
    m: PhantomData<M>,
}

impl Dyn {
    /// The runtime integer `v`.
    #[inline(always)]
    #[must_use]
    pub const fn new(v: i64) -> Dyn {
        Dyn { v, m: PhantomData }
    }
}

impl<M: Unsigned> Dyn<M> {
    /// The runtime integer `v`, checked to be a multiple of `M`.
    ///
    /// # Errors
    /// [`cute_core::ErrorKind::Divisor`] when `M` does not divide `v`.
    pub fn multiple_of(v: i64) -> Result<Self, cute_core::Error> {
        if M::I64 != 0 && v % M::I64 == 0 {
            Ok(Dyn { v, m: PhantomData })
        } else {
            Err(cute_core::Error::new(
                cute_core::Op::MakeLayout,
                [Some(cute_core::Operand::from(v)), None],
                cute_core::ErrorKind::Divisor {
                    value: v,
                    divisor: M::I64,
                },
            ))
        }
    }

    /// The value, a multiple of `M`.
    #[inline(always)]
    #[must_use]
    pub const fn get(self) -> i64 {
        self.v
    }

    /// The same value with a weaker known divisor `N` (a divisor of `M`).
    #[inline(always)]
    #[must_use]
    pub fn forget<N>(self) -> Dyn<N> {
        Dyn {
            v: self.v,
            m: PhantomData,
        }
    }
}

impl<M> Clone for Dyn<M> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<M> Copy for Dyn<M> {}
impl<M> PartialEq for Dyn<M> {
    fn eq(&self, other: &Self) -> bool {
        self.v == other.v
    }
}
impl<M> Eq for Dyn<M> {}
impl<M: Unsigned> fmt::Debug for Dyn<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.v)
    }
}
impl<M: Unsigned> fmt::Display for Dyn<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.v)
    }
}
impl From<i64> for Dyn {
    #[inline(always)]
    fn from(v: i64) -> Dyn {
        Dyn::new(v)
    }
}

impl<M> Sealed for Dyn<M> {}
impl<M: Unsigned> Int for Dyn<M> {
    const STATIC: Option<i64> = None;
    type Kind = Runtime;
    type IsStatic = B0;
    #[inline(always)]
    fn value(self) -> i64 {
        self.v
    }
    #[inline(always)]
    fn from_value(v: i64) -> Self {
        Dyn { v, m: PhantomData }
    }
}

/// A value that becomes a leaf: an `i64` becomes a runtime [`Dyn`], a leaf stays itself (what a
/// runtime leaf `{expr}` of `cute::layout!` accepts). Only `i64` among the integer types, so that
/// an integer without a type of its own is an `i64`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a leaf: a runtime leaf is an `i64`, a `Dyn` or a typenum integer",
    label = "a runtime leaf needs an `i64` here",
    note = "convert other integers where they come in, e.g. `i64::try_from(m)?`"
)]
pub trait IntoDyn {
    /// The leaf.
    type Output: Int;
    /// The leaf.
    ///
    /// # Errors
    /// Never for the leaves it takes; the `Result` is for the macros' checked construction.
    fn into_dyn(self) -> Result<Self::Output, cute_core::Error>;
}

impl IntoDyn for i64 {
    type Output = Dyn;
    #[inline(always)]
    fn into_dyn(self) -> Result<Dyn, cute_core::Error> {
        Ok(Dyn::new(self))
    }
}

impl<L: Int> IntoDyn for L {
    type Output = L;
    #[inline(always)]
    fn into_dyn(self) -> Result<L, cute_core::Error> {
        Ok(self)
    }
}

/// A **type operator** for the product of two leaves, `a · b`: static when both are, `0` when
/// either is a static 0, the other factor when one is a static 1, otherwise a [`Dyn`] whose
/// divisor is the product of the divisors.
pub trait IntMul<R: Int>: Int {
    /// The product.
    type Output: Int;
    /// `a · b`, `None` on overflow.
    fn mul(self, r: R) -> Option<Self::Output>;
}

/// `MulOf<A, B> = <A as IntMul<B>>::Output`.
pub type MulOf<A, B> = <A as IntMul<B>>::Output;

impl<A: Int, R: Int> IntMul<R> for A
where
    (A::Kind, R::Kind): MulCase<A, R>,
{
    type Output = <(A::Kind, R::Kind) as MulCase<A, R>>::Output;
    #[inline(always)]
    fn mul(self, r: R) -> Option<Self::Output> {
        <(A::Kind, R::Kind) as MulCase<A, R>>::mul(self, r)
    }
}

/// The cases of [`IntMul`] by the kinds of the factors (part of the implementation of
/// [`IntMul`]).
pub trait MulCase<A, R> {
    /// The product.
    type Output: Int;
    /// `a · b`.
    fn mul(a: A, r: R) -> Option<Self::Output>;
}

/// `0 · b = 0`.
impl<A, R, K> MulCase<A, R> for (Zero, K) {
    type Output = UTerm;
    #[inline(always)]
    fn mul(_: A, _: R) -> Option<UTerm> {
        Some(UTerm)
    }
}
/// `a · 0 = 0`.
impl<A, R> MulCase<A, R> for (One, Zero) {
    type Output = UTerm;
    #[inline(always)]
    fn mul(_: A, _: R) -> Option<UTerm> {
        Some(UTerm)
    }
}
/// `a · 0 = 0`.
impl<A, R> MulCase<A, R> for (Many, Zero) {
    type Output = UTerm;
    #[inline(always)]
    fn mul(_: A, _: R) -> Option<UTerm> {
        Some(UTerm)
    }
}
/// `a · 0 = 0`.
impl<A, R> MulCase<A, R> for (Runtime, Zero) {
    type Output = UTerm;
    #[inline(always)]
    fn mul(_: A, _: R) -> Option<UTerm> {
        Some(UTerm)
    }
}
/// `1 · b = b`.
impl<A, R: Int, K> MulCase<A, R> for (One, K)
where
    K: NotZero,
{
    type Output = R;
    #[inline(always)]
    fn mul(_: A, r: R) -> Option<R> {
        Some(r)
    }
}
/// `a · 1 = a`.
impl<A: Int, R> MulCase<A, R> for (Many, One) {
    type Output = A;
    #[inline(always)]
    fn mul(a: A, _: R) -> Option<A> {
        Some(a)
    }
}
/// `a · 1 = a`.
impl<A: Int, R> MulCase<A, R> for (Runtime, One) {
    type Output = A;
    #[inline(always)]
    fn mul(a: A, _: R) -> Option<A> {
        Some(a)
    }
}
/// Static `a · b`.
impl<A: Times<R>, R> MulCase<A, R> for (Many, Many)
where
    Product<A, R>: StaticInt,
{
    type Output = Product<A, R>;
    #[inline(always)]
    fn mul(_: A, _: R) -> Option<Product<A, R>> {
        Some(Default::default())
    }
}
/// Static `a` times a runtime `b`.
impl<A: StaticInt + Times<N>, N: Unsigned> MulCase<A, Dyn<N>> for (Many, Runtime)
where
    Product<A, N>: Unsigned,
{
    type Output = Dyn<Product<A, N>>;
    #[inline(always)]
    fn mul(_: A, r: Dyn<N>) -> Option<Self::Output> {
        r.v.checked_mul(A::VALUE).map(Dyn::from_value)
    }
}
/// A runtime `a` times a static `b`.
impl<M: Unsigned + Times<R>, R: StaticInt> MulCase<Dyn<M>, R> for (Runtime, Many)
where
    Product<M, R>: Unsigned,
{
    type Output = Dyn<Product<M, R>>;
    #[inline(always)]
    fn mul(a: Dyn<M>, _: R) -> Option<Self::Output> {
        a.v.checked_mul(R::VALUE).map(Dyn::from_value)
    }
}
/// Runtime `a · b`.
impl<M: Unsigned + Times<N>, N: Unsigned> MulCase<Dyn<M>, Dyn<N>> for (Runtime, Runtime)
where
    Product<M, N>: Unsigned,
{
    type Output = Dyn<Product<M, N>>;
    #[inline(always)]
    fn mul(a: Dyn<M>, r: Dyn<N>) -> Option<Self::Output> {
        a.v.checked_mul(r.v).map(Dyn::from_value)
    }
}

/// A **marker trait** for the kinds of a leaf that is not a static 0.
pub trait NotZero {}
impl NotZero for One {}
impl NotZero for Many {}
impl NotZero for Runtime {}

// Arithmetic on leaves. typenum's `Div` and `Rem` cost several milliseconds of trait solving
// each at ten bits (benches/compile_time.sh), and the algebra needs both of a division at once;
// these operators do one long division for quotient and remainder, keep typenum's normal form
// (no leading `B0`), and let the algebra branch before it divides. Each gives one `Output`, a
// struct of its results that the next step takes apart in its impl header: rustc then solves
// the operator once, not once per result.

/// A **type operator** for `2·n + b`, in typenum's normal form (`2·0 + 0 = 0`).
pub trait Push<B> {
    /// `2·n + b`.
    type Output;
}

/// `2·0 + 0 = 0`.
impl Push<B0> for UTerm {
    type Output = UTerm;
}
/// `2·0 + 1 = 1`.
impl Push<B1> for UTerm {
    type Output = UInt<UTerm, B1>;
}
/// `2·n + b` for `n > 0`.
impl<U, B, C> Push<C> for UInt<U, B> {
    type Output = UInt<UInt<U, B>, C>;
}

/// A difference and its borrow out (`B1` when it is negative, and the difference meaningless):
/// the result of [`SubBorrow`].
pub struct Diff<N, Borrow>(PhantomData<(N, Borrow)>);

/// Reads a [`Diff`].
pub trait DiffParts {
    /// The difference.
    type Diff;
    /// The borrow out.
    type Borrow: Bit + Not;
}
impl<N, B: Bit + Not> DiffParts for Diff<N, B> {
    type Diff = N;
    type Borrow = B;
}

/// A **type operator** for `n - d - borrow` bit by bit, least significant first: a [`Diff`].
pub trait SubBorrow<D, Borrow> {
    /// `Diff<n - d - borrow, n < d + borrow>`.
    type Output: DiffParts;
}

/// `0 - 0 - 0 = 0`.
impl SubBorrow<UTerm, B0> for UTerm {
    type Output = Diff<UTerm, B0>;
}
/// `0 - 0 - 1 < 0`.
impl SubBorrow<UTerm, B1> for UTerm {
    type Output = Diff<UTerm, B1>;
}
/// `0 - d - c < 0` for `d > 0`.
impl<V, B, C> SubBorrow<UInt<V, B>, C> for UTerm {
    type Output = Diff<UTerm, B1>;
}
/// `n - 0 - 0 = n`.
impl<U, B> SubBorrow<UTerm, B0> for UInt<U, B> {
    type Output = Diff<UInt<U, B>, B0>;
}
/// `(2u + 1) - 0 - 1 = 2u`.
impl<U: Push<B0>> SubBorrow<UTerm, B1> for UInt<U, B1> {
    type Output = Diff<<U as Push<B0>>::Output, B0>;
}
/// `(2u + 0) - 0 - 1 = 2(u - 1) + 1`.
impl<U> SubBorrow<UTerm, B1> for UInt<U, B0>
where
    U: SubBorrow<UTerm, B1>,
    <U as SubBorrow<UTerm, B1>>::Output: PushDiff<B1>,
{
    type Output = <<U as SubBorrow<UTerm, B1>>::Output as PushDiff<B1>>::Output;
}

/// `Diff<2x + r, borrow>` from `Diff<x, borrow>` (part of the implementation of [`SubBorrow`]).
pub trait PushDiff<R> {
    /// The longer difference.
    type Output: DiffParts;
}
impl<X: Push<R>, Borrow: Bit + Not, R> PushDiff<R> for Diff<X, Borrow> {
    type Output = Diff<<X as Push<R>>::Output, Borrow>;
}

/// `(2u + a) - (2v + b) - c = 2(u - v - c') + r`, one full subtractor per bit.
macro_rules! full_subtractor {
    ($(($a:ident, $b:ident, $c:ident) => ($r:ident, $out:ident),)+) => {$(
        #[doc = concat!("`(2u + ", bit!($a), ") - (2v + ", bit!($b), ") - ", bit!($c),
                        " = 2(u - v - ", bit!($out), ") + ", bit!($r), "`.")]
        impl<U, V> SubBorrow<UInt<V, $b>, $c> for UInt<U, $a>
        where
            U: SubBorrow<V, $out>,
            <U as SubBorrow<V, $out>>::Output: PushDiff<$r>,
        {
            type Output = <<U as SubBorrow<V, $out>>::Output as PushDiff<$r>>::Output;
        }
    )+};
}
macro_rules! bit {
    (B0) => {
        "0"
    };
    (B1) => {
        "1"
    };
}
full_subtractor! {
    (B0, B0, B0) => (B0, B0),
    (B0, B0, B1) => (B1, B1),
    (B0, B1, B0) => (B1, B1),
    (B0, B1, B1) => (B0, B1),
    (B1, B0, B0) => (B1, B0),
    (B1, B0, B1) => (B0, B0),
    (B1, B1, B0) => (B0, B0),
    (B1, B1, B1) => (B1, B1),
}

/// `B1` when `a < b`.
pub(crate) type Less<A, B> = <<A as SubBorrow<B, B0>>::Output as DiffParts>::Borrow;
/// `n - 1` for `n > 0`.
pub(crate) type Dec<N> = <<N as SubBorrow<UTerm, B1>>::Output as DiffParts>::Diff;

/// A quotient and a remainder: the result of [`DivRem`].
pub struct QuotRem<Q, R>(PhantomData<(Q, R)>);

/// Reads a [`QuotRem`].
pub trait QuotRemParts {
    /// The quotient.
    type Quot;
    /// The remainder.
    type Rem;
}
impl<Q, R> QuotRemParts for QuotRem<Q, R> {
    type Quot = Q;
    type Rem = R;
}

/// A **type operator** for Euclidean division, `n = q·d + r` with `r < d`: one long division gives
/// `QuotRem<q, r>`.
pub trait DivRem<D> {
    /// `QuotRem<n / d, n % d>`.
    type Output: QuotRemParts;
}

/// `0 = 0·d + 0` for `d > 0` (no impl divides by 0, so a division by zero does not compile).
impl<V, Bv> DivRem<UInt<V, Bv>> for UTerm {
    type Output = QuotRem<UTerm, UTerm>;
}
/// `2u + b`: divide `u`, then bring down `b`.
impl<U, B, V, Bv> DivRem<UInt<V, Bv>> for UInt<U, B>
where
    U: DivRem<UInt<V, Bv>>,
    <U as DivRem<UInt<V, Bv>>>::Output: BringDown<B, UInt<V, Bv>>,
{
    type Output = <<U as DivRem<UInt<V, Bv>>>::Output as BringDown<B, UInt<V, Bv>>>::Output;
}

/// One step of the long division: `2r + b`, less `d` if it fits (part of the implementation of
/// [`DivRem`]).
pub trait BringDown<B, D> {
    /// The next `QuotRem`.
    type Output: QuotRemParts;
}
/// `(q, r)` → `(2q + [2r + b >= d], 2r + b mod d)`.
impl<Q, R: Push<B>, B, D> BringDown<B, D> for QuotRem<Q, R>
where
    <R as Push<B>>::Output: TrySub<D, Q>,
{
    type Output = <<R as Push<B>>::Output as TrySub<D, Q>>::Output;
}

/// `r - d` when it fits, with the quotient bit (part of the implementation of [`DivRem`]).
pub trait TrySub<D, Q> {
    /// The next `QuotRem`.
    type Output: QuotRemParts;
}
/// `r - d`, kept or not by [`Keep`] on its borrow.
impl<R: SubBorrow<D, B0>, D, Q> TrySub<D, Q> for R
where
    <R as SubBorrow<D, B0>>::Output: Keep<R, Q>,
{
    type Output = <<R as SubBorrow<D, B0>>::Output as Keep<R, Q>>::Output;
}

/// Keeps `r` when `r - d` borrowed (part of the implementation of [`DivRem`]).
pub trait Keep<R, Q> {
    /// The next `QuotRem`.
    type Output: QuotRemParts;
}
/// `r < d`: the bit is 0 and `r` stays.
impl<X, R, Q: Push<B0>> Keep<R, Q> for Diff<X, B1> {
    type Output = QuotRem<<Q as Push<B0>>::Output, R>;
}
/// `r >= d`: the bit is 1 and `r - d` stays.
impl<X, R, Q: Push<B1>> Keep<R, Q> for Diff<X, B0> {
    type Output = QuotRem<<Q as Push<B1>>::Output, X>;
}

/// `n / d`.
pub(crate) type Quotient<N, D> = <<N as DivRem<D>>::Output as QuotRemParts>::Quot;
/// `n % d`.
pub(crate) type Remainder<N, D> = <<N as DivRem<D>>::Output as QuotRemParts>::Rem;
/// `⌈n / d⌉`.
pub(crate) type CeilQuotient<N, D> = <<N as DivRem<D>>::Output as Ceil>::Output;

/// `n / d` where `d` divides `n`, else 1: the divisor known of a runtime multiple of `n` divided
/// by `d` (a runtime `m = k·n` gives `m / d = k·(n / d)`).
pub(crate) type QuotientDivisor<N, D> = <<N as DivRem<D>>::Output as ExactOrOne>::Output;

/// The quotient of a [`QuotRem`] whose remainder is 0, else 1 (part of the implementation of
/// the divisors of [`Dyn`]).
pub trait ExactOrOne {
    /// `q` or 1.
    type Output: Unsigned;
}
impl<Q, R: IsZero> ExactOrOne for QuotRem<Q, R>
where
    <R as IsZero>::Output: PickQuotient<Q>,
{
    type Output = <<R as IsZero>::Output as PickQuotient<Q>>::Output;
}

/// `Q` for `B1` (an exact division), 1 for `B0` (part of the implementation of [`ExactOrOne`]).
pub trait PickQuotient<Q> {
    /// `Q` or 1.
    type Output: Unsigned;
}
impl<Q: Unsigned> PickQuotient<Q> for B1 {
    type Output = Q;
}
impl<Q> PickQuotient<Q> for B0 {
    type Output = U1;
}

/// A **type operator** for the divisor known statically of an integer: `M` for a
/// [`Dyn<M>`](Dyn), the value of a positive static integer, 1 for anything else (0, a tuple).
pub trait KnownDivisor {
    /// The divisor.
    type Output: Unsigned;
}
impl<M: Unsigned> KnownDivisor for Dyn<M> {
    type Output = M;
}
impl<U: Unsigned, B: Bit> KnownDivisor for UInt<U, B> {
    type Output = UInt<U, B>;
}
impl KnownDivisor for UTerm {
    type Output = U1;
}

/// A **type operator** for the integer a shape stands for, as one leaf: a positive static
/// integer is itself, anything else (0, a runtime leaf, a tuple) a [`Dyn`] with the divisor
/// `KnownDivisor` knows. The cotarget of a divide's grid: a static-shaped mode keeps a static
/// grid whatever its stride.
pub trait AsLeaf {
    /// The leaf.
    type Output;
}
impl<U: Unsigned, B: Bit> AsLeaf for UInt<U, B> {
    type Output = UInt<U, B>;
}
impl AsLeaf for UTerm {
    type Output = Dyn<U1>;
}
impl<M: Unsigned> AsLeaf for Dyn<M> {
    type Output = Dyn<M>;
}

/// `⌈n / d⌉ = q + [r != 0]` from a [`QuotRem`].
pub trait Ceil {
    /// `⌈n / d⌉`.
    type Output;
}
/// `⌈n / d⌉ = q + [r != 0]`.
impl<Q, R: IsZero> Ceil for QuotRem<Q, R>
where
    Q: IncIf<<<R as IsZero>::Output as Not>::Output>,
{
    type Output = <Q as IncIf<<<R as IsZero>::Output as Not>::Output>>::Output;
}

/// A **type operator** for `n == 0`, read off the representation.
pub trait IsZero {
    /// `B1` or `B0`.
    type Output: Bit + Not;
}
/// `0 == 0`.
impl IsZero for UTerm {
    type Output = B1;
}
/// `n > 0` in normal form.
impl<U, B> IsZero for UInt<U, B> {
    type Output = B0;
}

/// A **type operator** for `n == 1`, read off the representation.
pub trait IsUnit {
    /// `B1` or `B0`.
    type Output: Bit + Not;
}
/// `0 != 1`.
impl IsUnit for UTerm {
    type Output = B0;
}
/// `2·0 + b == 1` iff `b = 1`.
impl<B: Bit + Not> IsUnit for UInt<UTerm, B> {
    type Output = B;
}
/// `2u + c >= 2` for `u > 0`.
impl<U, B, C> IsUnit for UInt<UInt<U, B>, C> {
    type Output = B0;
}

/// A runtime leaf is not known to be 1.
impl<M> IsUnit for Dyn<M> {
    type Output = B0;
}

/// A **type operator** for `n + 1`.
pub trait Inc {
    /// `n + 1`.
    type Output;
}
/// `0 + 1 = 1`.
impl Inc for UTerm {
    type Output = UInt<UTerm, B1>;
}
/// `2u + 1`.
impl<U> Inc for UInt<U, B0> {
    type Output = UInt<U, B1>;
}
/// `(2u + 1) + 1 = 2(u + 1)`.
impl<U: Inc> Inc for UInt<U, B1> {
    type Output = UInt<<U as Inc>::Output, B0>;
}

/// A **type operator** for `n + 1` when the flag is `B1`, else `n`.
pub trait IncIf<Flag> {
    /// `n + flag`.
    type Output;
}
/// `n + 0 = n`.
impl<N> IncIf<B0> for N {
    type Output = N;
}
/// `n + 1`.
impl<N: Inc> IncIf<B1> for N {
    type Output = <N as Inc>::Output;
}

/// A **type operator** for `n + m + carry` bit by bit, least significant first.
pub trait AddCarry<M, Carry> {
    /// `n + m + carry`.
    type Output;
}
/// `0 + 0 + c = c`.
impl<C> AddCarry<UTerm, C> for UTerm
where
    UTerm: IncIf<C>,
{
    type Output = <UTerm as IncIf<C>>::Output;
}
/// `0 + m + c = m + c`.
impl<V, B, C> AddCarry<UInt<V, B>, C> for UTerm
where
    UInt<V, B>: IncIf<C>,
{
    type Output = <UInt<V, B> as IncIf<C>>::Output;
}
/// `n + 0 + c = n + c`.
impl<U, B, C> AddCarry<UTerm, C> for UInt<U, B>
where
    UInt<U, B>: IncIf<C>,
{
    type Output = <UInt<U, B> as IncIf<C>>::Output;
}

/// `(2u + a) + (2v + b) + c = 2(u + v + c') + r`, one full adder per bit; both terms are
/// positive, so the high part is too and no normalization is needed.
macro_rules! full_adder {
    ($(($a:ident, $b:ident, $c:ident) => ($r:ident, $out:ident),)+) => {$(
        #[doc = concat!("`(2u + ", bit!($a), ") + (2v + ", bit!($b), ") + ", bit!($c),
                        " = 2(u + v + ", bit!($out), ") + ", bit!($r), "`.")]
        impl<U, V> AddCarry<UInt<V, $b>, $c> for UInt<U, $a>
        where
            U: AddCarry<V, $out>,
        {
            type Output = UInt<<U as AddCarry<V, $out>>::Output, $r>;
        }
    )+};
}
full_adder! {
    (B0, B0, B0) => (B0, B0),
    (B0, B0, B1) => (B1, B0),
    (B0, B1, B0) => (B1, B0),
    (B0, B1, B1) => (B0, B1),
    (B1, B0, B0) => (B1, B0),
    (B1, B0, B1) => (B0, B1),
    (B1, B1, B0) => (B0, B1),
    (B1, B1, B1) => (B1, B1),
}

/// A **type operator** for `n · m`, shift and add over the bits of `n`.
pub trait Times<M> {
    /// `n · m`.
    type Output;
}
/// `0 · m = 0`.
impl<M> Times<M> for UTerm {
    type Output = UTerm;
}
/// `(2u) · m = 2(u · m)`.
impl<U: Times<M>, M> Times<M> for UInt<U, B0>
where
    <U as Times<M>>::Output: Push<B0>,
{
    type Output = <<U as Times<M>>::Output as Push<B0>>::Output;
}
/// `(2u + 1) · m = 2(u · m) + m`.
impl<U: Times<M>, M> Times<M> for UInt<U, B1>
where
    <U as Times<M>>::Output: Push<B0>,
    <<U as Times<M>>::Output as Push<B0>>::Output: AddCarry<M, B0>,
{
    type Output = <<<U as Times<M>>::Output as Push<B0>>::Output as AddCarry<M, B0>>::Output;
}

/// `n · m`.
pub(crate) type Product<N, M> = <N as Times<M>>::Output;

/// A **type operator** for `n == m`, bit by bit from the least significant, stopping at the first
/// difference.
pub trait Same<M> {
    /// `B1` or `B0`.
    type Output: Bit + Not;
}
/// `0 == 0`.
impl Same<UTerm> for UTerm {
    type Output = B1;
}
/// `0 != m` for `m > 0`.
impl<V, B> Same<UInt<V, B>> for UTerm {
    type Output = B0;
}
/// `n != 0` for `n > 0`.
impl<U, B> Same<UTerm> for UInt<U, B> {
    type Output = B0;
}
/// The lowest bits differ.
impl<U, V> Same<UInt<V, B1>> for UInt<U, B0> {
    type Output = B0;
}
/// The lowest bits differ.
impl<U, V> Same<UInt<V, B0>> for UInt<U, B1> {
    type Output = B0;
}
/// `2u + b == 2v + b` iff `u == v`.
impl<U: Same<V>, V, B> Same<UInt<V, B>> for UInt<U, B> {
    type Output = <U as Same<V>>::Output;
}
