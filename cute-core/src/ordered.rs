//! Compact layouts built to an order: CuTe's `make_ordered_layout` and `tile_to_shape`.

use crate::algebra::product::blocked_product;
use crate::arith::{divmod, mul};
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{IntTuple, View};
use crate::layout::Layout;
use crate::limits::{Limit, MAX_LEAVES};
use crate::stride::compact_left;

/// The pieces of a shape that an order governs, one per leaf of the order: its order and the
/// leaves of the shape under it.
struct Groups {
    /// `(order, first shape leaf, number of shape leaves)` per order leaf.
    list: [(i64, usize, usize); MAX_LEAVES],
    n: usize,
    /// Shape leaves seen so far.
    leaves: usize,
}

impl Groups {
    /// Pairs `shape` with `order`: an integer order governs the whole sub-shape below it, a tuple
    /// order needs a tuple shape of the same rank.
    fn collect(&mut self, shape: View<'_>, order: View<'_>) -> Result<(), ErrorKind> {
        if let Some(o) = order.as_int() {
            let count = shape.leaves().len();
            self.list[self.n] = (o, self.leaves, count);
            self.n += 1;
            self.leaves += count;
            return Ok(());
        }
        if order.has_under() {
            return Err(ErrorKind::InvalidParameters);
        }
        // A rank-1 order over an integer shape is its one entry (`(0)` over `16`).
        if let (true, Some(only)) = (shape.is_int() && order.rank() == 1, order.mode(0)) {
            return self.collect(shape, only);
        }
        let rank = if shape.is_int() { 1 } else { shape.rank() };
        if shape.is_int() || rank != order.rank() {
            return Err(ErrorKind::RankMismatch {
                left: rank,
                right: order.rank(),
            });
        }
        for (s, o) in shape.children().zip(order.children()) {
            self.collect(s, o)?;
        }
        Ok(())
    }
}

/// `make_ordered_layout(S, order)`: the compact layout of shape `S` whose modes are strided in
/// increasing `order` — the mode of the smallest order has stride 1, the next starts where it
/// ends, and so on; inside a mode that one order governs, column-major.
///
/// # Preconditions
/// `order` is congruent to `S` or coarser (an integer order governs a whole sub-shape), and its
/// orders are distinct.
///
/// # Postconditions
/// The result has shape `S` and is compact: a bijection onto `0..size(S)` (a mode of size 0
/// aside); of two leaves of size > 1, the one of smaller order has the smaller stride; a leaf
/// of size 1 has stride 0.
///
/// # Errors
/// [`ErrorKind::RankMismatch`] when `order` is finer than `S` (a tuple where `S` has a mode of
/// another rank or an integer), [`ErrorKind::InvalidParameters`] for a `_` in it;
/// [`ErrorKind::OrderTie`] when two parts of more than one element have the same order (CuTe C++
/// gives both the same stride, a layout that is not compact); [`ErrorKind::Overflow`] past
/// `i64`.
///
/// # Examples
/// ```
/// use cute_core::{make_ordered_layout, IntTuple};
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// let l = make_ordered_layout(&t("(2,2,2,2)"), &t("(0,2,3,1)")).unwrap();
/// assert_eq!(l.to_string(), "(2,2,2,2):(1,4,8,2)");
/// let l = make_ordered_layout(&t("((2,3),4)"), &t("(1,0)")).unwrap();
/// assert_eq!(l.to_string(), "((2,3),4):((4,8),1)");
/// ```
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout, Error> {
    let err = |k| {
        Error::new(
            Op::MakeOrderedLayout,
            [Some(shape.into()), Some(order.into())],
            k,
        )
    };
    let mut g = Groups {
        list: [(0, 0, 0); MAX_LEAVES],
        n: 0,
        leaves: 0,
    };
    g.collect(shape.view(), order.view()).map_err(err)?;
    let groups = &g.list[..g.n];
    let leaves = shape.leaves();
    let size = |&(_, first, count): &(i64, usize, usize)| {
        leaves[first..first + count]
            .iter()
            .try_fold(1, |p, &s| mul(p, s))
    };
    let mut strides = [0i64; MAX_LEAVES];
    for (k, group) in groups.iter().enumerate() {
        let (o, first, count) = *group;
        // Two groups of the same order overlap unless one of them holds a single element.
        let own = size(group).map_err(err)?;
        for other in groups[..k].iter().filter(|&&(p, _, _)| p == o) {
            if own > 1 && size(other).map_err(err)? > 1 {
                return Err(err(ErrorKind::OrderTie { order: o }));
            }
        }
        // The group starts past every group of a smaller order, column-major inside (a size-1
        // leaf stride 0, as CuTe's `compact_col_major` and `Layout::left`).
        let mut start = 1;
        for other in groups.iter().filter(|&&(p, _, _)| p < o) {
            start = mul(start, size(other).map_err(err)?).map_err(err)?;
        }
        let part = IntTuple::flat(&leaves[first..first + count]).map_err(err)?;
        let d = compact_left(&part, start).map_err(err)?;
        strides[first..first + count].copy_from_slice(d.leaves());
    }
    let stride = shape.with_leaves(&strides[..leaves.len()]).ok_or_else(|| {
        err(ErrorKind::Capacity {
            limit: Limit::Leaves,
        })
    })?;
    Layout::new(*shape, stride).map_err(|e| e.within(Op::MakeOrderedLayout))
}

/// `tile_to_shape(block, S)` (`order` `None`) or `tile_to_shape(block, S, order)`: `block`
/// repeated to fill the shape `S` mode by mode, as CuTe's — `block` padded to the rank of `S`
/// with `1:0` modes, then `blocked_product(block, make_ordered_layout(S / block, order))`,
/// the blocks in column-major order without `order`.
///
/// # Preconditions
/// `rank(block) <= rank(S)`; each mode of `block` divides the same mode of `S` (sizes of the
/// modes); `order`, when given, as [`make_ordered_layout`]'s for the tile counts (a flat tuple,
/// or an integer for an integer `S`).
///
/// # Postconditions
/// Mode `i` of the result has the size of mode `i` of `S`; its first `size(block_i)` indices are
/// `block`'s mode `i`, and each block is `block` itself at the offset of its tile.
///
/// # Errors
/// [`ErrorKind::RankMismatch`] when `block` has more modes than `S`;
/// [`ErrorKind::InvalidParameters`] for a `_` in `S`; [`ErrorKind::BlockDivisibility`] when a
/// mode of `block` does not divide the target's, or is empty (CuTe C++ rounds the tile count
/// up, a layout larger than `S`); [`make_ordered_layout`]'s and [`blocked_product`]'s errors.
///
/// # Examples
/// ```
/// use cute_core::{tile_to_shape, IntTuple, Layout};
/// let block: Layout = "(8,64):(64,1)".parse().unwrap();
/// let s: IntTuple = "(128,64)".parse().unwrap();
/// let l = tile_to_shape(&block, &s, None).unwrap();
/// assert_eq!(l.to_string(), "((8,16),(64,1)):((64,512),(1,0))");
/// ```
pub fn tile_to_shape(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<Layout, Error> {
    let err = |k| {
        Error::new(
            Op::TileToShape,
            [Some(block.into()), Some(target.into())],
            k,
        )
    };
    if target.view().has_under() {
        return Err(err(ErrorKind::InvalidParameters));
    }
    let r = if target.is_int() { 1 } else { target.rank() };
    if block.rank() > r {
        return Err(err(ErrorKind::RankMismatch {
            left: block.rank(),
            right: r,
        }));
    }
    let padded = block
        .append_to_rank(r)
        .map_err(|e| e.within(Op::TileToShape))?;
    let mut counts = [0i64; MAX_LEAVES];
    for (i, count) in counts[..r].iter_mut().enumerate() {
        let b = padded.mode(i).map_or(1, |m| m.size());
        let t = if target.is_int() {
            target.product()
        } else {
            target.view().mode(i).map_or(Ok(1), |m| m.product())
        }
        .map_err(err)?;
        let (q, rem) = if b > 0 {
            divmod(t, b).map_err(err)?
        } else {
            (0, 1)
        };
        if rem != 0 {
            return Err(err(ErrorKind::BlockDivisibility {
                mode: i,
                block: b,
                target: t,
            }));
        }
        *count = q;
    }
    let counts = if target.is_int() {
        IntTuple::int(counts[0])
    } else {
        IntTuple::flat(&counts[..r]).map_err(err)?
    };
    let tiles = match order {
        Some(o) => make_ordered_layout(&counts, o).map_err(|e| e.within(Op::TileToShape))?,
        None => Layout::left(&counts).map_err(|e| e.within(Op::TileToShape))?,
    };
    blocked_product(&padded, &tiles).map_err(|e| e.within(Op::TileToShape))
}
