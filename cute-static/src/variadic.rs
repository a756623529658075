//! The per-arity impls: Rust tuples of static tuples, up to 8 modes.

use cute_core::IntTuple;

use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::sealed::Sealed;

macro_rules! tuples {
    ($( ( $($s:ident $d:ident),+ ) )+) => {$(
        impl<$($s: IntTupleType),+> Sealed for ($($s,)+) {}
        impl<$($s: IntTupleType),+> IntTupleType for ($($s,)+) {
            const TUPLE: IntTuple = IntTuple::const_tuple(&[$($s::TUPLE),+]);
        }
        impl<$($s: ShapeTuple),+> ShapeTuple for ($($s,)+) {}
        /// `(s0,s1,...)` and `(d0,d1,...)` are congruent when each `si` and `di` are.
        impl<$($s: Congruent<$d>, $d),+> Congruent<($($d,)+)> for ($($s,)+) {}
    )+};
}

tuples! {
    (S0 D0)
    (S0 D0, S1 D1)
    (S0 D0, S1 D1, S2 D2)
    (S0 D0, S1 D1, S2 D2, S3 D3)
    (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4)
    (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5)
    (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5, S6 D6)
    (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5, S6 D6, S7 D7)
}
