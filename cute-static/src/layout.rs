//! The static layout type and its lowering.

use core::marker::PhantomData;

use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};

/// The layout `S:D` as a zero-sized type, e.g. `Layout<(U4, (U2, U2)), (U2, (U1, U8))>`.
///
/// Write it with `cute::Layout!((4,(2,2)):(2,(1,8)))` and its value with `cute::layout!(...)`.
pub struct Layout<S, D>(PhantomData<(S, D)>);

impl<S, D> Layout<S, D> {
    /// The (zero-sized) value.
    #[must_use]
    pub const fn new() -> Self {
        Layout(PhantomData)
    }
}

impl<S, D> Clone for Layout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S, D> Copy for Layout<S, D> {}
impl<S, D> Default for Layout<S, D> {
    fn default() -> Self {
        Layout::new()
    }
}

impl<S, D> core::fmt::Debug for Layout<S, D>
where
    Self: StaticLayout,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", <Self as StaticLayout>::LAYOUT)
    }
}

impl<S, D> core::fmt::Display for Layout<S, D>
where
    Self: StaticLayout,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", <Self as StaticLayout>::LAYOUT)
    }
}

/// A **marker trait** for static layouts: their shape and stride are types, and every query is
/// a constant.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticLayout};
/// type L = Layout<(U4, (U2, U2)), (U2, (U1, U8))>;
/// assert_eq!(L::LAYOUT.to_string(), "(4,(2,2)):(2,(1,8))");
/// assert_eq!((L::SIZE, L::COSIZE, L::RANK, L::DEPTH), (16, 16, 2, 2));
/// assert_eq!(L::eval(5), 3);
/// assert_eq!(L::eval_crd(&"(1,(0,1))".parse().unwrap()), Ok(10));
/// ```
pub trait StaticLayout: Copy + Default {
    /// The shape type.
    type Shape: ShapeTuple;
    /// The stride type.
    type Stride: IntTupleType;
    /// The lowered layout: the `cute-core` value with the same shape and stride.
    const LAYOUT: cute_core::Layout;
    /// `size`.
    const SIZE: i64;
    /// `cosize`.
    const COSIZE: i64;
    /// `rank`: the number of top-level modes.
    const RANK: usize = <Self::Shape as IntTupleType>::RANK;
    /// `depth`: the nesting depth of the shape.
    const DEPTH: usize = <Self::Shape as IntTupleType>::DEPTH;

    /// `L(i)`: the offset of index `i`; with a constant `i` it folds to a constant.
    ///
    /// # Panics
    /// If the offset overflows `i64`, which needs an index far past the size.
    #[inline(always)]
    #[must_use]
    fn eval(i: i64) -> i64 {
        match Self::LAYOUT.offset(i) {
            Some(v) => v,
            None => overflow(i),
        }
    }

    /// `L(c)` at an integral, N-D or natural coordinate `c` (seed 000 §2.2). The coordinate is a
    /// runtime [`IntTuple`](cute_core::IntTuple), walked against the layout at run time (an out-of-line
    /// call, unlike [`StaticLayout::eval`], which folds to a constant for a constant index).
    ///
    /// # Errors
    /// When `c` is not a coordinate of the layout's shape, or an offset overflows.
    #[inline(always)]
    fn eval_crd(c: &cute_core::IntTuple) -> Result<i64, cute_core::Error> {
        Self::LAYOUT.eval_crd(c)
    }
}

/// The one failure of a static evaluation, kept out of line so evaluation inlines to constants.
#[cold]
#[inline(never)]
fn overflow(i: i64) -> ! {
    panic!("the offset of index {i} overflows i64")
}

impl<S: ShapeTuple + Congruent<D>, D: IntTupleType> StaticLayout for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    const LAYOUT: cute_core::Layout = cute_core::Layout::new_const(S::TUPLE, D::TUPLE);
    const SIZE: i64 = match S::TUPLE.const_product() {
        Some(n) => n,
        None => panic!("the size of a static layout overflows i64"),
    };
    const COSIZE: i64 = match Self::LAYOUT.const_cosize() {
        Some(n) => n,
        None => panic!("the cosize of a static layout overflows i64"),
    };
}
