//! Tractable layouts as the layouts of morphisms of nested tuples, after Carlisle, Shah, Stern,
//! VanKoughnett, *Fundamentals of CuTe Layout Algebra and Category-theoretic Interpretation*
//! (Colfax Research, 2026).
//!
//! A morphism `f: S → T` of the category **Nest** maps each entry of the flattened domain `S` to an
//! entry of the flattened codomain `T` of the same size, or to the basepoint `*`, injectively away
//! from `*`. Its layout `L_f` has the shape `S` and, for an entry sent to `t_j`, the stride
//! `t_1 ⋯ t_{j-1}` (0 for `*`): `T` factors memory into blocks and each mode lands on one. The
//! layouts of morphisms are exactly the **tractable** layouts, those whose strides, sorted, form
//! the chain `d_1 | s_1 d_1 | d_2 | s_2 d_2 | ⋯`; [`to_morphism`] gives a tractable layout's
//! standard form, whose unhit codomain entries are the gaps between its modes.
//!
//! Notation: `(4,6)-[2,1]->(6,4)`, entries 1-based into the flattened codomain, `*` for the
//! basepoint; domain and codomain keep their nesting (`4-[2]->(3,4)` and `(4)-[2]->(3,4)` differ,
//! as `4:3` and `(4):(3)` do).
//!
//! # Examples
//! ```
//! use cute_core::morphism::{is_tractable, to_morphism, Morphism};
//! use cute_core::Layout;
//! let l: Layout = "(6,4):(1,12)".parse().unwrap();
//! let f = to_morphism(&l).unwrap();
//! assert_eq!(f.to_string(), "(6,4)-[1,3]->(6,2,4)"); // the gap 2 between the two modes
//! assert_eq!(f.layout().unwrap(), l);
//! assert!(!is_tractable(&"(4,6):(1,5)".parse().unwrap()));
//! let g: Morphism = "(8,8,3)-[1,2,*]->(8,8)".parse().unwrap();
//! assert_eq!(g.layout().unwrap().to_string(), "(8,8,3):(1,8,0)");
//! ```

mod composition;
mod constant;
mod object;
mod ops;
mod refinement;
mod weak;

pub use composition::composition_via_morphisms;
pub use constant::{const_standard_form, ConstMessage};
pub use object::{is_tractable, to_morphism, tractability, Morphism};
pub use ops::{
    compose_morphisms, morphism_coalesce, morphism_complement, morphism_concat, morphism_divide,
    morphism_product, morphism_sort,
};
pub use refinement::mutual_refinement;
pub use weak::{morphism_pullback, morphism_pushforward, refines, weak_composite};

#[cfg(test)]
mod tests;
