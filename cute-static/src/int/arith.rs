//! Arithmetic on typenum integers, bit by bit.
//!
//! typenum's `Div` and `Rem` cost several milliseconds of trait solving each at ten bits
//! (`benches/compile_time.sh`), and the algebra needs both of a division at once; these operators
//! do one long division for quotient and remainder, keep typenum's normal form (no leading `B0`),
//! and let the algebra branch before it divides. Each gives one `Output`, a struct of its results
//! that the next step takes apart in its impl header: rustc then solves the operator once, not
//! once per result.

use core::marker::PhantomData;
use core::ops::Not;

use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1, U1};

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
impl<N: Push<R>, Borrow: Bit + Not, R> PushDiff<R> for Diff<N, Borrow> {
    type Output = Diff<<N as Push<R>>::Output, Borrow>;
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
impl<N, R, Q: Push<B0>> Keep<R, Q> for Diff<N, B1> {
    type Output = QuotRem<<Q as Push<B0>>::Output, R>;
}
/// `r >= d`: the bit is 1 and `r - d` stays.
impl<N, R, Q: Push<B1>> Keep<R, Q> for Diff<N, B0> {
    type Output = QuotRem<<Q as Push<B1>>::Output, N>;
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
/// the divisors of [`Dyn`](super::Dyn)).
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
