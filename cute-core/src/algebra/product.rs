//! Products: `logical_product` and its rearrangements, and the rank-sensitive
//! `blocked_product`/`raked_product` (Cecka, *CuTe Layout Representation and Algebra*, §3.5.1).

use super::by_mode::by_mode;
use super::complement::complement_traced;
use super::composition::{compose_traced, Exact};
use super::divide::{arrange, Arrange};
use super::trace::Trace;
use crate::arith::mul;
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, LayoutBuilder};
use crate::limits::Limit;
use crate::tiler::Tile;

/// `logical_product(A, B)`: `(A, A* ∘ B)` with `A* = complement(A, size(A)·cosize(B))`: `A`
/// reproduced according to `B` (Cecka §3.5.1). With a tiler, mode by mode; modes of `A` past
/// `rank(T)` are kept.
///
/// # Preconditions
/// `A* ∘ B` is admissible (see [`composition`](crate::composition)).
///
/// # Postconditions
/// Mode 0 of the result is `A`; mode 1 has the shape of `B` and is `A* ∘ B` pointwise, so
/// `R(i, j) = A(i) + A*(B(j))`, and for injective `A` and `B` the copies of `A` are disjoint. Where
/// `A* ∘ B` is not admissible CuTe C++ returns a grid that is not `A* ∘ B` and whose copies of
/// `A` overlap (e.g. `(2,2):(3,6) ⊗ (2,4):(1,2)`); here that is an error naming the condition.
///
/// # Empty layouts
/// An empty `B` gives an empty second mode. An empty `A` has the complement `0:1` (its cotarget
/// `size(A)·cosize(B)` is 0), which extends as `i ↦ i`, so the product is `(A, B)`. Either way
/// the product has its `size(A)·size(B) = 0` elements.
///
/// # Examples
/// ```
/// use cute_core::{logical_product, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(logical_product(&l("(2,2):(4,1)"), l("6:1")).unwrap(), l("((2,2),(2,3)):((4,1),(2,8))"));
/// assert_eq!(logical_product(&l("(2,2):(4,1)"), l("(4,2):(2,1)")).unwrap(), l("((2,2),(4,2)):((4,1),(8,2))"));
/// ```
pub fn logical_product(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    match t.into() {
        Tile::Layout(b) => product_layout(a, &b),
        Tile::Tiler(t) => by_mode(a, &t, true, Op::LogicalProduct, &product_layout),
        Tile::Under => Ok(*a),
    }
}

fn product_layout(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    logical_product_traced(a, b, &mut ())
}

/// `logical_product(A, B)` for a layout `B`, reporting the complement and each step of the
/// composition to `trace` (for `cute explain`).
pub fn logical_product_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    trace: &mut T,
) -> Result<Layout, Error> {
    let within = |e: Error| e.within(Op::LogicalProduct);
    let cosize = b.cosize().map_err(within)?;
    let cotarget = mul(a.size(), cosize)
        .map_err(|k| Error::new(Op::LogicalProduct, [Some(a.into()), Some(b.into())], k))?;
    let rest = complement_traced(a, &IntTuple::int(cotarget), trace).map_err(within)?;
    let grid = compose_traced(&rest, b, Exact::All, trace).map_err(|k| {
        Error::new(Op::Composition, [Some((&rest).into()), Some(b.into())], k)
            .within(Op::LogicalProduct)
    })?;
    Layout::concat(&[*a, grid]).map_err(within)
}

/// `zipped_product(A, T)`: `((A modes),(product modes))`.
pub fn zipped_product(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    arrange(
        a,
        &t.into(),
        Op::ZippedProduct,
        logical_product,
        Arrange::Zipped,
    )
}

/// `tiled_product(A, T)`: `((A modes),p0,p1,...)`.
pub fn tiled_product(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    arrange(
        a,
        &t.into(),
        Op::TiledProduct,
        logical_product,
        Arrange::Tiled,
    )
}

/// `flat_product(A, T)`: `(a0,a1,...,p0,p1,...)`.
pub fn flat_product(a: &Layout, t: impl Into<Tile>) -> Result<Layout, Error> {
    arrange(
        a,
        &t.into(),
        Op::FlatProduct,
        logical_product,
        Arrange::Flat,
    )
}

/// `blocked_product(A, B)`: `A` and `B` padded with `1:0` modes to the same rank, their
/// `logical_product` taken, and mode `i` of the result is `(A_i, product_i)`: every element of `B`
/// becomes a block `A`.
///
/// # Postconditions
/// `rank(R) == max(rank(A), rank(B))`, `size(R) == size(A)·size(B)`.
///
/// # Examples
/// ```
/// use cute_core::{blocked_product, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(blocked_product(&l("(2,5):(5,1)"), &l("(3,4):(1,3)")).unwrap(), l("((2,3),(5,4)):((5,10),(1,30))"));
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    blocked_product_traced(a, b, &mut ())
}

/// [`blocked_product`], reporting the complement and each step of the composition inside its
/// `logical_product` to `trace` (for `cute explain`).
pub fn blocked_product_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    trace: &mut T,
) -> Result<Layout, Error> {
    rank_sensitive(a, b, Op::BlockedProduct, false, trace)
}

/// `raked_product(A, B)`: as [`blocked_product`] with mode `i` = `(product_i, A_i)`: the blocks
/// are interleaved.
///
/// # Examples
/// ```
/// use cute_core::{raked_product, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(raked_product(&l("(2,5):(5,1)"), &l("(3,4):(1,3)")).unwrap(), l("((3,2),(4,5)):((10,5),(30,1))"));
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    raked_product_traced(a, b, &mut ())
}

/// [`raked_product`], reporting the steps of its `logical_product` to `trace`.
pub fn raked_product_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    trace: &mut T,
) -> Result<Layout, Error> {
    rank_sensitive(a, b, Op::RakedProduct, true, trace)
}

fn rank_sensitive<T: Trace>(
    a: &Layout,
    b: &Layout,
    op: Op,
    raked: bool,
    trace: &mut T,
) -> Result<Layout, Error> {
    let err = |k| Error::new(op, [Some(a.into()), Some(b.into())], k);
    let r = a.rank().max(b.rank());
    let pa = a.append_to_rank(r).map_err(|e| e.within(op))?;
    let pb = b.append_to_rank(r).map_err(|e| e.within(op))?;
    let lp = logical_product_traced(&pa, &pb, trace).map_err(|e| e.within(op))?;
    // A mode of a layout fits in one.
    let capacity = || {
        err(ErrorKind::Capacity {
            limit: Limit::LayoutLeaves,
        })
    };
    let (x, y) = (
        lp.mode(0).ok_or_else(capacity)?,
        lp.mode(1).ok_or_else(capacity)?,
    );
    // Each half has the modes of its operand (the grid those of `B`, whatever the walk builds
    // inside a mode): the operands' shapes say how the halves pair.
    let (pa_int, pb_int) = (pa.shape().is_int(), pb.shape().is_int());
    let ((x, x_int), (y, y_int)) = if raked {
        ((y, pb_int), (x, pa_int))
    } else {
        ((x, pa_int), (y, pb_int))
    };
    zip(&x, x_int, &y, y_int).map_err(err)
}

/// `zip(X, Y)`: `((x0,y0),(x1,y1),...)`, where `X` and `Y` have the modes of operands that are
/// integer-shaped (`x_int`, `y_int`) or not: an integer-shaped `X` gives `((X,Y))`, an
/// integer-shaped `Y` is one mode next to the one mode of `X` (CuTe C++ does not compile that
/// case).
fn zip(x: &Layout, x_int: bool, y: &Layout, y_int: bool) -> Result<Layout, ErrorKind> {
    let mut b = LayoutBuilder::new();
    b.open()?;
    if x_int {
        b.open()?;
        b.mode(x.view())?;
        b.mode(y.view())?;
        b.close()?;
    } else if y_int {
        if x.rank() != 1 {
            return Err(ErrorKind::RankMismatch {
                left: x.rank(),
                right: 1,
            });
        }
        b.open()?;
        b.splice(x.view())?;
        b.mode(y.view())?;
        b.close()?;
    } else {
        if x.rank() != y.rank() {
            return Err(ErrorKind::RankMismatch {
                left: x.rank(),
                right: y.rank(),
            });
        }
        for (xm, ym) in x.modes().zip(y.modes()) {
            b.open()?;
            b.mode(xm)?;
            b.mode(ym)?;
            b.close()?;
        }
    }
    b.close()?;
    b.finish()
}
