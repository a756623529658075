//! Composition by mutual refinement (the composition algorithm of Carlisle, Shah, Stern,
//! VanKoughnett, *Fundamentals of CuTe Layout Algebra and Category-theoretic Interpretation*,
//! §5): a second composition algorithm, independent of CuTe's walk, defined on fewer inputs and
//! equal to it where both are.

use super::object::{to_morphism, tractability};
use super::weak::weak_composite;
use crate::algebra::coalesce::coalesce;
use crate::error::{Error, Op};
use crate::layout::Layout;

/// `B ∘ A` by morphisms (`composition_via_morphisms(B, A)`, outer first as in `composition`):
/// `f = to_morphism(A)`, `g = to_morphism(coalesce(B))`, and the result is the layout of their
/// weak composite, `L_{g' ∘ ι ∘ f'}`, printed as the slides print it (no further coalescing).
///
/// # Preconditions
/// `A` and `coalesce(B)` are tractable, and the codomain of `f` and the shape of `coalesce(B)`
/// are mutually refinable (so `size(cod f) ≤ size(B)`: `A` stays inside `B`).
///
/// # Postconditions
/// `R(i) == B(A(i))` for every `i < size(A)`, and `shape(R)` refines `shape(A)`. Where CuTe's
/// [`composition`](crate::composition)`(B, A)` is also defined and `A` has no size-1 mode of
/// non-zero stride, the two are the same layout (such a mode keeps `1:B(d)` here where
/// CuTe prints `1:0`). Where `composition` rejects, this is never defined.
///
/// # Errors
/// [`ErrorKind::NotTractable`](crate::ErrorKind::NotTractable) (code `not_tractable`) naming `A`
/// or `coalesce(B)` and the pair that breaks the chain;
/// [`ErrorKind::NotMutuallyRefinable`](crate::ErrorKind::NotMutuallyRefinable) naming the sizes
/// that do not divide each other (a ragged end) or the sizes when `A` reaches past `B`;
/// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) or
/// [`ErrorKind::Capacity`](crate::ErrorKind::Capacity) on the way.
///
/// # Examples
/// ```
/// use cute_core::morphism::composition_via_morphisms;
/// use cute_core::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // Carlisle et al. §5, Example 1
/// let r = composition_via_morphisms(&l("(12,4):(4,1)"), &l("(4,6):(6,1)")).unwrap();
/// assert_eq!(r.to_string(), "((2,2),6):((24,1),4)");
/// // A ragged end: CuTe gives (2,2):(63,7), which is not tractable.
/// let e = composition_via_morphisms(&l("(6,3):(21,7)"), &l("4:3")).unwrap_err();
/// assert_eq!(e.code(), "not_mutually_refinable");
/// ```
pub fn composition_via_morphisms(b: &Layout, a: &Layout) -> Result<Layout, Error> {
    let within = |e: Error| e.within(Op::CompositionViaMorphisms);
    tractability(a).map_err(within)?;
    let cb = coalesce(b).map_err(within)?;
    tractability(&cb).map_err(within)?;
    let f = to_morphism(a).map_err(within)?;
    let g = to_morphism(&cb).map_err(within)?;
    weak_composite(&g, &f)
        .map_err(within)?
        .layout()
        .map_err(within)
}
