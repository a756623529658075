//! Static leaves: typenum unsigned integers.

use typenum::{Bit, UInt, UTerm, Unsigned};

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
