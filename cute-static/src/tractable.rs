//! Tractability (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe Layout Algebra and
//! Category-theoretic Interpretation*) of a static layout: its standard form as a constant, and a
//! compile error naming the pair that breaks the chain when it has none.

use cute_core::morphism::{const_standard_form, Morphism};

use crate::layout::StaticLayout;

/// A **condition trait**: a static layout that is tractable (Carlisle et al.,
/// `cute_core::morphism`), the layout of a morphism of nested tuples: its strides, sorted, form the
/// chain `d_1 | s_1·d_1 | d_2 | s_2·d_2 | ⋯` (stride-0 modes aside).
///
/// [`Tractable::MORPHISM`] is the standard form `f_L`, computed at compile time. Naming it for a
/// layout that is not tractable does not compile, and the error names the pair, as
/// `cute_core::morphism::tractability` does at run time:
///
/// ```text
/// error[E0080]: evaluation panicked: is_tractable((2,3,2,3):(12,6,1,2)): not tractable: 3·6 does
///               not divide the next stride 12 (sorted by stride, each shape·stride must divide
///               the next stride)
/// ```
///
/// Every static layout has the constant; the check is its evaluation, so a generic kernel that
/// needs a tractable layout bounds `L: Tractable` and names `L::MORPHISM` (the bound alone
/// checks nothing).
///
/// # Examples
/// ```
/// use cute_core::morphism::Morphism;
/// use cute_static::{typenum::consts::*, Layout, StaticLayout, Tractable};
/// type A = Layout<(U4, U6), (U1, U8)>; // (4,6):(1,8)
/// const F: Morphism = <A as Tractable>::MORPHISM;
/// assert_eq!(F.to_string(), "(4,6)-[1,3]->(4,2,6)");
/// assert_eq!(F.layout().unwrap(), A::LAYOUT);
/// ```
pub trait Tractable: StaticLayout {
    /// The standard form `f_L`: `L_{f_L}` is the layout.
    const MORPHISM: Morphism;
}

impl<L: StaticLayout> Tractable for L {
    const MORPHISM: Morphism = match const_standard_form(&L::LAYOUT) {
        Ok(f) => f,
        Err(m) => panic!("{}", m.as_str()),
    };
}
