//! Coordinates: CuTe's `_` ([`Underscore`]), the [`Coord`] marker, and [`IntoTuple`], which
//! turns integers, typenum integers, `_` and tuples of them into int tuples and coordinates.

use cute_core::{Error, IntTuple};

use crate::int::{Int, IntoDyn};
use crate::sealed::Sealed;

/// CuTe's `_`: the slicing wildcard, which keeps a whole mode. Written `__` as a value
/// (`layout.slice((__, 3))`) and `_` in `cute::coord!((_, {k}))`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Underscore;

/// `_`, the slicing wildcard.
pub const __: Underscore = Underscore;

/// A **marker trait** for a coordinate: a leaf, `_`, or a Rust tuple of coordinates.
pub trait Coord: Copy {
    /// The coordinate in `cute-core`'s notation (`_` for [`Underscore`]).
    fn lower(&self) -> IntTuple;
}

impl Sealed for Underscore {}

impl Coord for Underscore {
    fn lower(&self) -> IntTuple {
        IntTuple::under()
    }
}

impl<L: Int> Coord for L {
    fn lower(&self) -> IntTuple {
        IntTuple::int(self.value())
    }
}

/// `make_coord(c)`: a coordinate from integers (runtime leaves), typenum integers (static
/// leaves), `_` and tuples of those.
///
/// # Examples
/// ```
/// use cute_static::{make_coord, typenum::consts::*, Coord, __};
/// let c = make_coord((3i64, (__, U1::new()))).unwrap();
/// assert_eq!(c.lower().to_string(), "(3,(_,1))");
/// ```
pub fn make_coord<C: IntoTuple>(c: C) -> Result<C::Output, Error> {
    c.into_tuple()
}

/// A value that becomes an int tuple or a coordinate: an integer becomes a runtime leaf
/// ([`Dyn`](crate::Dyn)), a typenum integer stays static, `_` stays, a tuple converts each
/// element (what [`make_coord`], [`make_layout`](crate::make_layout) and
/// [`make_shape`](crate::make_shape) take).
pub trait IntoTuple {
    /// The tuple.
    type Output: Coord;
    /// The tuple.
    ///
    /// # Errors
    /// An integer that does not fit in `i64`.
    fn into_tuple(self) -> Result<Self::Output, Error>;
}

impl IntoTuple for Underscore {
    type Output = Underscore;
    #[inline(always)]
    fn into_tuple(self) -> Result<Underscore, Error> {
        Ok(self)
    }
}

impl<T: IntoDyn> IntoTuple for T {
    type Output = <T as IntoDyn>::Output;
    #[inline(always)]
    fn into_tuple(self) -> Result<Self::Output, Error> {
        self.into_dyn()
    }
}
