//! Static leaves: typenum unsigned integers.

use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1};

use crate::sealed::Sealed;

/// A **marker trait** for a static integer leaf: a typenum unsigned integer (`U0`, `U4`, …).
///
/// A dynamic leaf joins later with `STATIC = None` (see STYLE.md rule 8).
pub trait Int: Sealed + Copy + Default {
    /// The value, `None` for a dynamic leaf.
    const STATIC: Option<i64>;
    /// The value as `i64`.
    const VALUE: i64;
}

impl Sealed for UTerm {}
impl Int for UTerm {
    const STATIC: Option<i64> = Some(0);
    const VALUE: i64 = 0;
}

impl<U: Unsigned + Default + Copy, B: Bit + Default + Copy> Sealed for UInt<U, B> {}
impl<U: Unsigned + Default + Copy, B: Bit + Default + Copy> Int for UInt<U, B> {
    const STATIC: Option<i64> = Some(<Self as Unsigned>::I64);
    const VALUE: i64 = <Self as Unsigned>::I64;
}

// Arithmetic on leaves. typenum's `Div` and `Rem` cost several milliseconds of trait solving
// each at ten bits (benches/compile_time.sh), and the algebra needs both of a division at once;
// these operators do one long division for quotient and remainder, keep typenum's normal form
// (no leading `B0`), and let the algebra branch before it divides.

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

/// A **type operator** for `n - d - borrow` bit by bit, least significant first: the difference
/// (meaningful when no borrow leaves the top) and the borrow out (`B1` when `n < d + borrow`).
pub trait SubBorrow<D, Borrow> {
    /// `n - d - borrow`.
    type Output;
    /// `B1` when `n < d + borrow`.
    type Borrow;
}

/// `0 - 0 - 0 = 0`.
impl SubBorrow<UTerm, B0> for UTerm {
    type Output = UTerm;
    type Borrow = B0;
}
/// `0 - 0 - 1 < 0`.
impl SubBorrow<UTerm, B1> for UTerm {
    type Output = UTerm;
    type Borrow = B1;
}
/// `0 - d - c < 0` for `d > 0`.
impl<V, B, C> SubBorrow<UInt<V, B>, C> for UTerm {
    type Output = UTerm;
    type Borrow = B1;
}
/// `n - 0 - 0 = n`.
impl<U, B> SubBorrow<UTerm, B0> for UInt<U, B> {
    type Output = UInt<U, B>;
    type Borrow = B0;
}
/// `(2u + 1) - 0 - 1 = 2u`.
impl<U: Push<B0>> SubBorrow<UTerm, B1> for UInt<U, B1> {
    type Output = <U as Push<B0>>::Output;
    type Borrow = B0;
}
/// `(2u + 0) - 0 - 1 = 2(u - 1) + 1`.
impl<U> SubBorrow<UTerm, B1> for UInt<U, B0>
where
    U: SubBorrow<UTerm, B1>,
    <U as SubBorrow<UTerm, B1>>::Output: Push<B1>,
{
    type Output = <<U as SubBorrow<UTerm, B1>>::Output as Push<B1>>::Output;
    type Borrow = <U as SubBorrow<UTerm, B1>>::Borrow;
}

/// `(2u + a) - (2v + b) - c = 2(u - v - c') + r`, one full subtractor per bit.
macro_rules! full_subtractor {
    ($(($a:ident, $b:ident, $c:ident) => ($r:ident, $out:ident),)+) => {$(
        #[doc = concat!("`(2u + ", bit!($a), ") - (2v + ", bit!($b), ") - ", bit!($c),
                        " = 2(u - v - ", bit!($out), ") + ", bit!($r), "`.")]
        impl<U, V> SubBorrow<UInt<V, $b>, $c> for UInt<U, $a>
        where
            U: SubBorrow<V, $out>,
            <U as SubBorrow<V, $out>>::Output: Push<$r>,
        {
            type Output = <<U as SubBorrow<V, $out>>::Output as Push<$r>>::Output;
            type Borrow = <U as SubBorrow<V, $out>>::Borrow;
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
pub(crate) type Less<A, B> = <A as SubBorrow<B, B0>>::Borrow;

/// A **type operator** for Euclidean division: `n = q·d + r` with `r < d`, one long division for
/// both.
pub trait DivRem<D> {
    /// `q = n / d`.
    type Quot;
    /// `r = n % d`.
    type Rem;
}

/// `0 = 0·d + 0`.
impl<D> DivRem<D> for UTerm {
    type Quot = UTerm;
    type Rem = UTerm;
}
/// `2u + b`: divide `u`, bring down `b`, subtract `d` once if it fits.
impl<U, B, D> DivRem<D> for UInt<U, B>
where
    U: DivRem<D>,
    <U as DivRem<D>>::Rem: Push<B>,
    <<U as DivRem<D>>::Rem as Push<B>>::Output: BringDown<D, <U as DivRem<D>>::Quot>,
{
    type Quot =
        <<<U as DivRem<D>>::Rem as Push<B>>::Output as BringDown<D, <U as DivRem<D>>::Quot>>::Quot;
    type Rem =
        <<<U as DivRem<D>>::Rem as Push<B>>::Output as BringDown<D, <U as DivRem<D>>::Quot>>::Rem;
}

/// One step of the long division: the partial remainder `r < 2d`, less `d` if it fits, and the
/// quotient `q` with the new bit (part of the implementation of [`DivRem`]).
pub trait BringDown<D, Q> {
    /// `2q + [r >= d]`.
    type Quot;
    /// `r - d` or `r`.
    type Rem;
}
impl<R: SubBorrow<D, B0>, D, Q> BringDown<D, Q> for R
where
    <R as SubBorrow<D, B0>>::Borrow: Keep<R, <R as SubBorrow<D, B0>>::Output>,
    Q: Push<<<R as SubBorrow<D, B0>>::Borrow as Keep<R, <R as SubBorrow<D, B0>>::Output>>::Bit>,
{
    type Quot = <Q as Push<
        <<R as SubBorrow<D, B0>>::Borrow as Keep<R, <R as SubBorrow<D, B0>>::Output>>::Bit,
    >>::Output;
    type Rem = <<R as SubBorrow<D, B0>>::Borrow as Keep<R, <R as SubBorrow<D, B0>>::Output>>::Rem;
}

/// Keeps the partial remainder when the subtraction borrowed (part of the implementation of
/// [`DivRem`]).
pub trait Keep<R, Diff> {
    /// The quotient bit.
    type Bit;
    /// The remainder.
    type Rem;
}
impl<R, Diff> Keep<R, Diff> for B1 {
    type Bit = B0;
    type Rem = R;
}
impl<R, Diff> Keep<R, Diff> for B0 {
    type Bit = B1;
    type Rem = Diff;
}

/// `n / d`.
pub(crate) type Quotient<N, D> = <N as DivRem<D>>::Quot;
/// `n % d`.
pub(crate) type Remainder<N, D> = <N as DivRem<D>>::Rem;

/// A **type operator** for `n == 0`, read off the representation.
pub trait IsZero {
    /// `B1` or `B0`.
    type Output: Bit + core::ops::Not;
}
impl IsZero for UTerm {
    type Output = B1;
}
impl<U, B> IsZero for UInt<U, B> {
    type Output = B0;
}

/// A **type operator** for `n == 1`, read off the representation.
pub trait IsUnit {
    /// `B1` or `B0`.
    type Output: Bit + core::ops::Not;
}
impl IsUnit for UTerm {
    type Output = B0;
}
impl<B: Bit + core::ops::Not> IsUnit for UInt<UTerm, B> {
    type Output = B;
}
impl<U, B, C> IsUnit for UInt<UInt<U, B>, C> {
    type Output = B0;
}

/// A **type operator** for `n + 1`.
pub trait Inc {
    /// `n + 1`.
    type Output;
}
impl Inc for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl<U> Inc for UInt<U, B0> {
    type Output = UInt<U, B1>;
}
impl<U: Inc> Inc for UInt<U, B1> {
    type Output = UInt<<U as Inc>::Output, B0>;
}

/// A **type operator** for `n + 1` when the flag is `B1`, else `n`: `⌈n/d⌉` from `n / d` and
/// `n % d != 0`.
pub trait IncIf<Flag> {
    /// `n + flag`.
    type Output;
}
impl<N> IncIf<B0> for N {
    type Output = N;
}
impl<N: Inc> IncIf<B1> for N {
    type Output = <N as Inc>::Output;
}

/// `⌈n / d⌉` from a [`DivRem`].
pub(crate) type CeilQuotient<N, D> = <Quotient<N, D> as IncIf<
    <<Remainder<N, D> as IsZero>::Output as core::ops::Not>::Output,
>>::Output;

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
    type Output: Bit + core::ops::Not;
}
impl Same<UTerm> for UTerm {
    type Output = B1;
}
impl<V, B> Same<UInt<V, B>> for UTerm {
    type Output = B0;
}
impl<U, B> Same<UTerm> for UInt<U, B> {
    type Output = B0;
}
impl<U, V> Same<UInt<V, B1>> for UInt<U, B0> {
    type Output = B0;
}
impl<U, V> Same<UInt<V, B0>> for UInt<U, B1> {
    type Output = B0;
}
impl<U: Same<V>, V, B> Same<UInt<V, B>> for UInt<U, B> {
    type Output = <U as Same<V>>::Output;
}
