//! Tile coordinates completed with `_`: CuTe's `local_tile(T, tiler, c)` takes `c` with fewer
//! modes than the grid of tiles and keeps each mode it does not name whole (`append<R>(c, _)`),
//! so a rank-3 tensor tiled in its first two modes takes `(i, j)` as `(i, j, _)`.

use typenum::{UInt, UTerm, U1, U2, U3, U4, U5, U6, U7, U8};

use crate::coord::Underscore;
use crate::int::Dyn;

/// A **type operator**: the coordinate `Self` completed with `_` up to the modes of the grid
/// `R` (part of the implementation of [`local_tile`](crate::tensor::local_tile)). An integer or
/// `_` names the whole grid; a tuple of `k` entries names the first `k` of `n >= k` modes.
pub trait Complete<R> {
    /// The completed coordinate.
    type Output;
    /// The completed coordinate.
    fn complete(self) -> Self::Output;
}

/// The number of top-level modes of a grid: `U1`… for a tuple, [`Leaf`] for one mode that is
/// an integer (part of the implementation of [`Complete`]).
pub trait ModeCount {
    /// The number.
    type Count;
}

/// The count of a grid that is one integer.
pub struct Leaf;

impl ModeCount for UTerm {
    type Count = Leaf;
}
impl<U, B> ModeCount for UInt<U, B> {
    type Count = Leaf;
}
impl<M> ModeCount for Dyn<M> {
    type Count = Leaf;
}

/// A tuple coordinate padded with `_` to `N` entries (part of the implementation of
/// [`Complete`]).
pub trait PadTo<N> {
    /// The padded coordinate.
    type Output;
    /// The padded coordinate.
    fn pad(self) -> Self::Output;
}

/// A scalar coordinate names the whole grid.
macro_rules! whole {
    ($($t:ty => [$($g:ident),*]),+) => {$(
        impl<R, $($g),*> Complete<R> for $t {
            type Output = Self;
            #[inline(always)]
            fn complete(self) -> Self {
                self
            }
        }
    )+};
}
whole!(i64 => [], Underscore => [], UTerm => [], UInt<U, B> => [U, B], Dyn<M> => [M]);
impl<S0> ModeCount for (S0,) {
    type Count = U1;
}
impl<S0, S1> ModeCount for (S0, S1) {
    type Count = U2;
}
impl<S0, S1, S2> ModeCount for (S0, S1, S2) {
    type Count = U3;
}
impl<S0, S1, S2, S3> ModeCount for (S0, S1, S2, S3) {
    type Count = U4;
}
impl<S0, S1, S2, S3, S4> ModeCount for (S0, S1, S2, S3, S4) {
    type Count = U5;
}
impl<S0, S1, S2, S3, S4, S5> ModeCount for (S0, S1, S2, S3, S4, S5) {
    type Count = U6;
}
impl<S0, S1, S2, S3, S4, S5, S6> ModeCount for (S0, S1, S2, S3, S4, S5, S6) {
    type Count = U7;
}
impl<S0, S1, S2, S3, S4, S5, S6, S7> ModeCount for (S0, S1, S2, S3, S4, S5, S6, S7) {
    type Count = U8;
}

/// A tuple coordinate: padded to the grid's modes (kept as it is over a grid of one integer).
macro_rules! tuple_complete {
    ($(($($c:ident),+))+) => {$(
        impl<R: ModeCount, $($c),+> Complete<R> for ($($c,)+)
        where
            ($($c,)+): PadTo<R::Count>,
        {
            type Output = <($($c,)+) as PadTo<R::Count>>::Output;
            #[inline(always)]
            fn complete(self) -> Self::Output {
                self.pad()
            }
        }

        impl<$($c),+> PadTo<Leaf> for ($($c,)+) {
            type Output = Self;
            #[inline(always)]
            fn pad(self) -> Self {
                self
            }
        }
    )+};
}
tuple_complete! {
    (C0)
    (C0, C1)
    (C0, C1, C2)
    (C0, C1, C2, C3)
    (C0, C1, C2, C3, C4)
    (C0, C1, C2, C3, C4, C5)
    (C0, C1, C2, C3, C4, C5, C6)
    (C0, C1, C2, C3, C4, C5, C6, C7)
}

/// `(c0, …, c(k-1))` padded to `n` entries with `_`.
macro_rules! pad_to {
    ($($n:ident: ($($c:ident),+) + ($($u:ident),*);)+) => {$(
        impl<$($c),+> PadTo<$n> for ($($c,)+) {
            type Output = ($($c,)+ $($u,)*);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn pad(self) -> Self::Output {
                let ($($c,)+) = self;
                ($($c,)+ $(pad_under!($u),)*)
            }
        }
    )+};
}
/// `_` for each padded entry.
macro_rules! pad_under {
    ($u:ident) => {
        crate::coord::__
    };
}
pad_to! {
    U1: (C0) + ();
    U2: (C0) + (Underscore);
    U3: (C0) + (Underscore, Underscore);
    U4: (C0) + (Underscore, Underscore, Underscore);
    U5: (C0) + (Underscore, Underscore, Underscore, Underscore);
    U6: (C0) + (Underscore, Underscore, Underscore, Underscore, Underscore);
    U7: (C0) + (Underscore, Underscore, Underscore, Underscore, Underscore, Underscore);
    U8: (C0) + (Underscore, Underscore, Underscore, Underscore, Underscore, Underscore, Underscore);
    U2: (C0, C1) + ();
    U3: (C0, C1) + (Underscore);
    U4: (C0, C1) + (Underscore, Underscore);
    U5: (C0, C1) + (Underscore, Underscore, Underscore);
    U6: (C0, C1) + (Underscore, Underscore, Underscore, Underscore);
    U7: (C0, C1) + (Underscore, Underscore, Underscore, Underscore, Underscore);
    U8: (C0, C1) + (Underscore, Underscore, Underscore, Underscore, Underscore, Underscore);
    U3: (C0, C1, C2) + ();
    U4: (C0, C1, C2) + (Underscore);
    U5: (C0, C1, C2) + (Underscore, Underscore);
    U6: (C0, C1, C2) + (Underscore, Underscore, Underscore);
    U7: (C0, C1, C2) + (Underscore, Underscore, Underscore, Underscore);
    U8: (C0, C1, C2) + (Underscore, Underscore, Underscore, Underscore, Underscore);
    U4: (C0, C1, C2, C3) + ();
    U5: (C0, C1, C2, C3) + (Underscore);
    U6: (C0, C1, C2, C3) + (Underscore, Underscore);
    U7: (C0, C1, C2, C3) + (Underscore, Underscore, Underscore);
    U8: (C0, C1, C2, C3) + (Underscore, Underscore, Underscore, Underscore);
    U5: (C0, C1, C2, C3, C4) + ();
    U6: (C0, C1, C2, C3, C4) + (Underscore);
    U7: (C0, C1, C2, C3, C4) + (Underscore, Underscore);
    U8: (C0, C1, C2, C3, C4) + (Underscore, Underscore, Underscore);
    U6: (C0, C1, C2, C3, C4, C5) + ();
    U7: (C0, C1, C2, C3, C4, C5) + (Underscore);
    U8: (C0, C1, C2, C3, C4, C5) + (Underscore, Underscore);
    U7: (C0, C1, C2, C3, C4, C5, C6) + ();
    U8: (C0, C1, C2, C3, C4, C5, C6) + (Underscore);
    U8: (C0, C1, C2, C3, C4, C5, C6, C7) + ();
}
