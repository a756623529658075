//! The product of two leaves by their kinds: static when both are, a static 0 or 1 absorbing or
//! vanishing whatever the other factor, otherwise a [`Dyn`] carrying the product of the divisors.

use typenum::{UTerm, Unsigned};

use super::arith::{Product, Times};
use super::{Dyn, Int, Many, One, Runtime, StaticInt, Zero};

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
