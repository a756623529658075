//! Layouts and int tuples from Rust values: nested tuples of integers as CuTe's `make_shape`,
//! `make_stride` and `make_layout` take them, and a layout's `(coordinate, offset)` pairs.

use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::stride::idx2crd;

/// An integer or a nested tuple of them (up to 8 modes a level): what [`IntTuple::from_rust`]
/// and [`Layout::from_rust`] take, e.g. `((4, 8), (2, 2))`.
pub trait IntoIntTuple {
    /// The int tuple.
    ///
    /// # Errors
    /// [`ErrorKind::Capacity`] past the capacities; [`ErrorKind::Overflow`] for an integer that
    /// does not fit in `i64`.
    fn into_int_tuple(self) -> Result<IntTuple, ErrorKind>;
}

macro_rules! integers {
    ($($t:ty)*) => {$(
        impl IntoIntTuple for $t {
            #[allow(
                clippy::useless_conversion,
                reason = "one arm for every integer type, i64 included"
            )]
            fn into_int_tuple(self) -> Result<IntTuple, ErrorKind> {
                i64::try_from(self).map(IntTuple::int).map_err(|_| ErrorKind::Overflow)
            }
        }
    )*};
}

integers!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

macro_rules! tuples {
    ($(($($name:ident),+))*) => {$(
        impl<$($name: IntoIntTuple),+> IntoIntTuple for ($($name,)+) {
            #[allow(non_snake_case, reason = "the tuple's parts, named by their types")]
            fn into_int_tuple(self) -> Result<IntTuple, ErrorKind> {
                let ($($name,)+) = self;
                let modes = [$($name.into_int_tuple()?),+];
                IntTuple::tuple(modes.iter().map(IntTuple::view))
            }
        }
    )*};
}

tuples! {
    (A)
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
}

impl IntTuple {
    /// The int tuple of a Rust integer or nested tuple, as CuTe's `make_shape(...)`.
    ///
    /// # Errors
    /// As [`IntoIntTuple::into_int_tuple`].
    ///
    /// # Examples
    /// ```
    /// use cute_core::IntTuple;
    /// assert_eq!(IntTuple::from_rust((4, (2, 2))).unwrap().to_string(), "(4,(2,2))");
    /// assert_eq!(IntTuple::from_rust(12).unwrap().to_string(), "12");
    /// ```
    pub fn from_rust(t: impl IntoIntTuple) -> Result<IntTuple, ErrorKind> {
        t.into_int_tuple()
    }
}

impl Layout {
    /// The layout of a shape and a stride given as Rust integers or nested tuples, as CuTe's
    /// `make_layout(make_shape(...), make_stride(...))`: no string, no builder.
    ///
    /// # Errors
    /// [`Layout::new`]'s ([`ErrorKind::NotCongruent`], a negative shape, overflow), and
    /// [`ErrorKind::Capacity`] past the capacities.
    ///
    /// # Examples
    /// ```
    /// use cute_core::Layout;
    /// let l = Layout::from_rust(((4, 8), (2, 2)), ((32, 1), (16, 8))).unwrap();
    /// assert_eq!(l.to_string(), "((4,8),(2,2)):((32,1),(16,8))");
    /// assert_eq!(l, "((4,8),(2,2)):((32,1),(16,8))".parse().unwrap());
    /// ```
    pub fn from_rust(shape: impl IntoIntTuple, stride: impl IntoIntTuple) -> Result<Layout, Error> {
        let err = |k| Error::new(Op::MakeLayout, [None, None], k);
        Layout::new(
            shape.into_int_tuple().map_err(err)?,
            stride.into_int_tuple().map_err(err)?,
        )
    }

    /// Each index's natural coordinate and offset, in index order (`0..size`): CuTe's loop
    /// `for i in size(L): print(idx2crd(i, shape(L)), L(i))`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::Layout;
    /// let l: Layout = "(2,(2,2)):(4,(1,2))".parse().unwrap();
    /// let pairs: Vec<String> = l.iter().map(|(c, o)| format!("{c}->{o}")).collect();
    /// assert_eq!(pairs[..3], ["(0,(0,0))->0", "(1,(0,0))->4", "(0,(1,0))->1"]);
    /// assert_eq!(l.iter().count(), 8);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (IntTuple, i64)> + '_ {
        // A layout's offsets fit in i64 (its invariant) and every index below its size has a
        // coordinate: neither call fails, so the walk ends only at the size.
        let shape = self.shape().to_tuple();
        (0..self.size()).map_while(move |i| {
            let c = idx2crd(&IntTuple::int(i), &shape).ok()?;
            let o = self.eval(i).ok()?;
            Some((c, o))
        })
    }
}
