//! The layouts a tensor takes: [`TensorLayout`], the dynamic [`Layout`]'s impl, and the
//! limits of unrolled loops.

use crate::error::Operand;
use crate::int_tuple::{IntTuple, MAX_LEAVES};
use crate::layout::{leaf_extent, Layout};

/// The largest static size the algorithms unroll (`UnrollMax` in cute-static): past it,
/// code size and compile time grow with the tile, and `copy` plans a loop nest instead.
pub const UNROLL_MAX: i64 = 64;

/// A layout a tensor can use: the dynamic [`Layout`], or a static layout of `cute-static`.
///
/// # Safety
/// `offset_of(i)` must equal `layout().eval(i)` for every `0 <= i < size()`, `size()` must equal
/// `layout().size()`, `STATIC`, when `Some`, must equal `layout()`, `SHAPE`, when `Some`, must
/// equal `layout().shape()`, each `Some` of `STRIDES` must equal that leaf of `layout().stride()`,
/// and `STATIC_SHAPE` must hold
/// only when `for_each_index` and `for_each_block` visit the same indices as the default
/// loops (unrolled): tensors check the image
/// of `layout()` once and then access memory at `offset_of(i)` without a bounds check.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not known to be a tensor layout here",
    label = "a tensor needs a layout whose size and offsets are known",
    note = "in code generic over tile sizes, bound the layout a tile is taken from: `Layout<…>: cute::cute_static::StaticTile<Tiler, Coord>` makes its tiles tensor layouts"
)]
pub unsafe trait TensorLayout: Copy {
    /// The layout when it is known at compile time (a static layout), `None` otherwise.
    const STATIC: Option<Layout> = None;

    /// Whether the shape is known at compile time (a static layout, or a mixed one of static
    /// shape and runtime strides): algorithms then unroll their loops over it.
    const STATIC_SHAPE: bool = false;

    /// The shape when it is known at compile time (`Some` exactly when `STATIC_SHAPE`): the
    /// algorithms plan their loops over a static shape at compile time, whatever the strides.
    const SHAPE: Option<IntTuple> = None;

    /// The stride of each leaf (in order) that is known at compile time, `None` for a runtime
    /// one: a static unit stride tells a copy of a static shape which mode is contiguous.
    const STRIDES: [Option<i64>; MAX_LEAVES] = [None; MAX_LEAVES];

    /// The layout as a runtime value.
    fn layout(&self) -> Layout;

    /// The layout in CuTe notation as an error's operand; unlike [`TensorLayout::layout`], also
    /// for a layout whose image [`TensorLayout::image`] refuses (a tensor being made over it).
    #[inline]
    fn operand(&self) -> Operand {
        Operand::from(&self.layout())
    }

    /// `size(L)`.
    fn size(&self) -> i64;

    /// `L(i)` for `0 <= i < size(L)`; a static layout folds it to a constant for a constant `i`.
    fn offset_of(&self, i: i64) -> i64;

    /// The smallest and largest offset, `None` on overflow; a constant for a static layout.
    #[inline]
    fn image(&self) -> Option<(i64, i64)> {
        image(&self.layout())
    }

    /// Calls `f(s, d)` for each leaf `s:d` in order.
    #[inline]
    fn for_each_leaf(&self, mut f: impl FnMut(i64, i64)) {
        let l = self.layout();
        for (s, d) in l.shape().leaves().iter().zip(l.stride().leaves()) {
            f(*s, *d);
        }
    }

    /// Calls `f(i)` for every index `0 <= i < size(L)` in order; a static layout unrolls the
    /// loop at compile time.
    #[inline(always)]
    fn for_each_index(&self, mut f: impl FnMut(i64)) {
        for i in 0..self.size() {
            f(i);
        }
    }

    /// Calls `block(i)` for `i = 0, 8, 16, …` while a whole block of 8 indices fits, then
    /// `single(i)` for each index left, in order; a static layout unrolls both loops.
    #[inline(always)]
    fn for_each_block(&self, mut block: impl FnMut(i64), mut single: impl FnMut(i64)) {
        let n = self.size();
        for b in 0..n / BLOCK {
            block(b * BLOCK);
        }
        for i in n / BLOCK * BLOCK..n {
            single(i);
        }
    }
}

/// The indices an algorithm reads before it writes them, so that the compiler can merge the
/// reads and the writes into vector moves without knowing the two tensors apart.
pub const BLOCK: i64 = 8;

// SAFETY: `offset_of` is `eval` itself; tensors check that `eval` does not overflow on the
// image before they use it.
unsafe impl TensorLayout for Layout {
    #[inline]
    fn layout(&self) -> Layout {
        *self
    }

    #[inline]
    fn size(&self) -> i64 {
        Layout::size(self)
    }

    #[inline]
    fn offset_of(&self, i: i64) -> i64 {
        self.offset(i).unwrap_or(0)
    }

    #[inline]
    fn image(&self) -> Option<(i64, i64)> {
        image(self)
    }
}

/// The smallest and largest offset of `l`, `None` on overflow. An empty leaf reaches no offset
/// and is skipped: the bounds of the other leaves bound every sublayout (an empty tensor is
/// whole whatever its data, [`Tensor::is_whole`](crate::Tensor::is_whole)).
#[must_use]
pub const fn image(l: &Layout) -> Option<(i64, i64)> {
    match leaf_extent(l.shape().const_leaves(), l.stride().const_leaves()) {
        Some((_, lo, hi)) => Some((lo, hi)),
        None => None,
    }
}
