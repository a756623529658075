//! Type-level lists: the cons lists (`TCons<H, T>`, `TNil`) the type operators recurse over, and
//! the conversions between Rust tuples and lists (their per-arity impls are in `variadic.rs`, so
//! a raw `TCons` never reaches a user signature).

use core::marker::PhantomData;

use typenum::{Bit, B0, B1, U0};

/// The empty list.
#[derive(Clone, Copy, Debug, Default)]
pub struct TNil;

/// The list `H :: T`, holding the values of its elements (zero-sized for static ones).
#[derive(Clone, Copy, Debug, Default)]
pub struct TCons<H, T>(pub H, pub T);

/// One flat mode `S:D` of a layout.
pub struct Mode<S, D>(PhantomData<(S, D)>);

/// The leaves of a static int tuple as a list (`flatten`).
pub trait Leaves {
    /// `flatten(Self)` as a list.
    type Output;
}

/// A leaf is its own list: any [`Int`](crate::Int), so that a generic leaf bounded by
/// `StaticInt` or `Int` has its leaves too.
impl<T: crate::Int> Leaves for T {
    type Output = TCons<T, TNil>;
}

/// The first element of a list.
pub trait Head {
    /// The element.
    type Output;
}

impl<H, T> Head for TCons<H, T> {
    type Output = H;
}

/// List concatenation.
pub trait Concat<R> {
    /// `Self ++ R`.
    type Output;
    /// `Self ++ R`, with the values.
    fn concat(self, r: R) -> Self::Output;
}

impl<R> Concat<R> for TNil {
    type Output = R;
    #[inline(always)]
    fn concat(self, r: R) -> R {
        r
    }
}

impl<H, T: Concat<R>, R> Concat<R> for TCons<H, T> {
    type Output = TCons<H, <T as Concat<R>>::Output>;
    #[inline(always)]
    fn concat(self, r: R) -> Self::Output {
        TCons(self.0, self.1.concat(r))
    }
}

/// Pairs two lists of equal length into a list of modes.
pub trait ZipModes<D> {
    /// `[Mode<s0,d0>, Mode<s1,d1>, ...]`.
    type Output;
}

impl ZipModes<TNil> for TNil {
    type Output = TNil;
}

impl<S, ST: ZipModes<DT>, D, DT> ZipModes<TCons<D, DT>> for TCons<S, ST> {
    type Output = TCons<Mode<S, D>, <ST as ZipModes<DT>>::Output>;
}

/// `B1` for the empty list.
pub trait IsNil {
    /// `B1` or `B0`.
    type Output: Bit;
}

impl IsNil for TNil {
    type Output = B1;
}

impl<H, T> IsNil for TCons<H, T> {
    type Output = B0;
}

/// `B1` when the integer is 1.
pub type IsOne<S> = <S as crate::int::IsUnit>::Output;

/// The elements of a static tuple as a list, or the node itself when it is an integer or a
/// 1-tuple: what `result(_, repeat<R>(_))` splices (part of the implementation of the tiled and
/// flat divides).
pub trait Spread {
    /// The list.
    type Output;
    /// The list, with the values.
    fn spread(self) -> Self::Output;
}

impl<T: crate::int::Int> Spread for T {
    type Output = TCons<T, TNil>;
    #[inline(always)]
    fn spread(self) -> Self::Output {
        TCons(self, TNil)
    }
}

impl<A> Spread for (A,) {
    type Output = TCons<(A,), TNil>;
    #[inline(always)]
    fn spread(self) -> Self::Output {
        TCons(self, TNil)
    }
}

/// A list of at most 8 types as a tuple.
pub trait ListTuple {
    /// The tuple.
    type Output;
    /// The tuple, with the values.
    fn to_tuple(self) -> Self::Output;
}

/// A tuple of any types as a list (the tiles of a tiler).
pub trait TupleList {
    /// The list.
    type Output;
    /// The list, with the values.
    fn to_list(self) -> Self::Output;
}

/// The top-level modes of a layout as a list of layouts (a depth-0 layout is its own mode).
pub trait LayoutModes {
    /// The modes.
    type Output;
    /// The modes, with their values.
    fn modes(self) -> Self::Output;
}

/// The length of a list, as a typenum integer.
pub trait ListLen {
    /// The length.
    type Output;
}

impl ListLen for TNil {
    type Output = U0;
}

impl<H, T: ListLen> ListLen for TCons<H, T>
where
    <T as ListLen>::Output: core::ops::Add<B1>,
{
    type Output = typenum::Add1<<T as ListLen>::Output>;
}
