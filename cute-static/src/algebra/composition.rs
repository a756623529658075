//! `Composition`: the type operator of `cute_core::composition` (Cecka, *CuTe Layout Representation
//! and Algebra*, §3.3), with the same exactness rule proved at compile time.
//!
//! `B` is walked mode by mode over `coalesce_x(A)`, as in `cute_core`: each mode `s:d` of `B`
//! divides out the first `d` elements of `coalesce(A)` and keeps `s`. The conditions are trait
//! bounds named after them, so a violation is a compile error that says which:
//!
//! - [`StrideDivisibility`] (Eq. 20): the remaining stride divides a mode it skips, or lands
//!   inside it;
//! - [`ShapeDivisibility`] (Eq. 21): a mode holds a number of elements that divides those left;
//! - [`StrideFitsMode`]: a stride that does not divide a mode keeps all its elements inside it
//!   (where CuTe C++ returns a wrong layout);
//! - [`ModesDistribute`] (Eq. 23): the digits the modes of `B` place in each mode of `coalesce(A)`
//!   add up to less than its size, so they never carry.
//!
//! The dynamic crate proves the same way and falls back to a pointwise check when the proof
//! fails; at compile time there is no fallback, so the static operator rejects those few inputs
//! (exact by coincidence over a stride-0 mode, or with overlapping modes of `B` that happen to
//! agree). Every static result equals the dynamic one.
//!
//! The walk at compile time is in [`composition_static`](super::composition_static), the walk at
//! run time of layouts with a runtime leaf in [`composition_mixed`](super::composition_mixed).

use cute_core::Error;
use typenum::{B0, B1};

use super::coalesce::{FlatModes, Merge};
use super::composition_mixed::{
    cold_result, finish, lowered_error, walk_mixed, walk_width, ComposeNode, NodeShape, NodeStride,
    WalkOf,
};
use super::composition_static::{Distributes, ModesX, OverA, OverOf};
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;
use crate::list::{Leaves, ZipModes};

// The conditions live with the walk that checks them; users name them here.
pub use super::composition_static::{
    ModesDistribute, ShapeDivisibility, StrideDivisibility, StrideFitsMode,
};

binary_operator!(
    /// A **type operator** for `A ∘ B` on layouts of static and runtime leaves, with its value:
    /// `R(i) == A(B(i))` for every `i < size(B)`.
    ///
    /// - Every leaf static: the static operator ([`StaticComposition`]), whose conditions are
    ///   compile errors; the value is zero-sized.
    /// - Otherwise each leaf `n:r` of `B` gives, by what is static:
    ///   - `n:0` when `r` is a static 0;
    ///   - `n:(r·d)` when `coalesce(A)` is statically one mode `s:d` (the leaves keep their kinds);
    ///   - else `C` runtime modes, `C` the number of leaves of `A` (of modes of `coalesce(A)` when
    ///     `A` is static): the modes CuTe's walk builds over `coalesce(A)`, in order, padded in front with
    ///     `1:0`.
    ///
    ///   The walk runs at run time, with `cute_core`'s exactness rule; whatever it cannot show
    ///   exact, or fails, is decided by `cute_core::composition` on the lowered operands, so results
    ///   and errors are `cute_core`'s (the result equals it after coalescing each mode of `B`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::{composition, make_layout, typenum::consts::*, Dyn};
    /// let a = make_layout((Dyn::new(4), Dyn::new(6), Dyn::new(8), Dyn::new(10)),
    ///                     (Dyn::new(2), Dyn::new(3), Dyn::new(5), Dyn::new(7))).unwrap();
    /// let b = make_layout(Dyn::new(6), Dyn::new(12)).unwrap();
    /// assert_eq!(composition(&a, &b).unwrap().to_string(), "(1,1,2,3):(0,0,9,5)");
    /// // A runtime-sized column, tiled by a static 8: the tile keeps a static shape.
    /// let col = make_layout(Dyn::new(100), U1::new()).unwrap();
    /// let tile = composition(&col, &make_layout(U8::new(), U1::new()).unwrap()).unwrap();
    /// assert_eq!(format!("{tile:?}"), "_8:_1");
    /// ```
    Composition / CompositionOf / composition,
    ComposeCase,
    StaticComposition / StaticCompositionOf,
    "A ∘ B",
    "`composition(A, B)` is not defined for these operands",
    "A is a layout and B a layout, a shape or a tiler"
);

/// A runtime leaf: the structure from what is static, the values from the walk.
impl<SA, DA, SB, DB> ComposeCase<Layout<SB, DB>, B0> for Layout<SA, DA>
where
    SA: ShapeTuple + Congruent<DA>,
    DA: IntTupleType,
    SB: ShapeTuple + Congruent<DB>,
    DB: IntTupleType,
    Self: WalkOf,
    SB: ComposeNode<<Self as WalkOf>::Info, DB>,
    NodeShape<SB, Self, DB>: ShapeTuple + Congruent<NodeStride<SB, Self, DB>>,
    NodeStride<SB, Self, DB>: IntTupleType,
{
    type Output = Layout<NodeShape<SB, Self, DB>, NodeStride<SB, Self, DB>>;
    #[inline(always)]
    fn composition(a: &Self, b: &Layout<SB, DB>) -> Result<Self::Output, Error> {
        let (bs, bd) = b.leaves();
        finish(
            walk_mixed::<_, _, _, DB>(
                a,
                (bs.as_ref(), bd.as_ref()),
                walk_width::<Self>(),
                SB::LEAVES,
            ),
            SA::LEAVES,
            || {
                cold_result(cute_core::composition(
                    &a.try_to_dynamic()?,
                    &b.try_to_dynamic()?,
                ))
            },
            |kind| lowered_error(cute_core::Op::Composition, a, b, kind),
        )
    }
}

/// A **type operator** for `A ∘ B` on static layouts: `R(i) == A(B(i))` for every `i < size(B)`,
/// with CuTe's normal form; a condition that fails is a compile error that names it.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticCompositionOf, StaticLayout};
/// type A = Layout<(U4, U6, U8, U10), (U2, U3, U5, U7)>;
/// type B = Layout<U6, U12>;
/// assert_eq!(<StaticCompositionOf<A, B> as StaticLayout>::LAYOUT.to_string(), "(2,3):(9,5)");
/// ```
pub trait StaticComposition<B> {
    /// The composed layout.
    type Output;
}

/// `StaticCompositionOf<A, B> = <A as StaticComposition<B>>::Output`.
pub type StaticCompositionOf<A, B> = <A as StaticComposition<B>>::Output;

/// `A ∘ B = walk(B over coalesce_x(A))`, when the digits of `B`'s modes never carry.
impl<SA, DA, SB, DB> StaticComposition<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: Leaves,
    DA: Leaves,
    <SA as Leaves>::Output: ZipModes<<DA as Leaves>::Output>,
    FlatModes<SA, DA>: Merge<B1>,
    SB: OverA<ModesX<SA, DA>, DB, B1>,
    OverOf<SB, ModesX<SA, DA>, DB, B1>: Distributes<ModesX<SA, DA>>,
{
    type Output = <OverOf<SB, ModesX<SA, DA>, DB, B1> as Distributes<ModesX<SA, DA>>>::Output;
}
