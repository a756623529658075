//! Leaves: static integers (typenum) and runtime integers ([`Dyn`]), and their arithmetic.
//!
//! A leaf of a shape or a stride is either a typenum unsigned integer, known to the compiler, or a
//! [`Dyn`], an `i64` known at run time (CuTe's `Int<N>` and `int`). Arithmetic keeps what it can
//! static: static ⊕ static is a type, anything ⊕ runtime is runtime, and, as in CuTe, a static 0
//! or 1 absorbs or vanishes in a product whatever the other factor.

pub(crate) mod arith;
pub(crate) mod mul;

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
/// Hashes the value, as equality compares it.
impl<M> core::hash::Hash for Dyn<M> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.v.hash(state);
    }
}
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
