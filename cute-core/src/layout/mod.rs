//! The layout `L = S:D`: a map from coordinates to offsets (Cecka, *CuTe Layout Representation and
//! Algebra*, §2.4).
//!
//! `repr` keeps the value (one structure, the leaves of shape and stride), `check` the invariant
//! of its values, `builder` builds one mode by mode; this file holds the constructors and
//! queries of the API, `eval` evaluation and slicing.

mod builder;
mod check;
mod eval;
mod repr;
#[cfg(test)]
mod tests;

use core::fmt;

use crate::arith::add;
use crate::error::{Context, Error, ErrorKind, Op, Operand};
use crate::int_tuple::IntTuple;
use crate::limits::{Limit, MAX_LAYOUT_LEAVES};
use crate::stride::{compact_left, compact_right};

pub(crate) use builder::{join, LayoutBuilder};
pub use check::{check_leaves, leaf_extent, leaf_extent_of_valid_leaves, leaf_image};
pub use repr::{Layout, LayoutView};

impl Layout {
    /// `make_layout(shape, stride)`.
    ///
    /// # Preconditions
    /// `shape` and `stride` are congruent, with at most [`MAX_LAYOUT_LEAVES`] leaves; no shape
    /// leaf is negative (a zero leaf gives an empty layout), and the product of the nonzero
    /// leaves and the lowest and highest offsets (the sums of the negative and of the positive
    /// `(s - 1)·d`) fit in `i64`.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout, Error> {
        let ops = || [Some(Operand::from(&shape)), Some(Operand::from(&stride))];
        if !shape.congruent(&stride) || shape.view().has_under() || stride.view().has_under() {
            return Err(Error::new(Op::MakeLayout, ops(), ErrorKind::NotCongruent));
        }
        Layout::from_parts(&shape, &stride).ctx(Op::MakeLayout, ops)
    }

    /// `make_layout(shape, stride)` for congruent parts of up to [`MAX_LEAVES`](crate::MAX_LEAVES)
    /// leaves (a tuple's capacity), such as the lowered results of `cute-static`'s mixed walks,
    /// which give each leaf of `B` a slot per leaf of `A` and fill the unused ones with `1:0`.
    /// Past [`MAX_LAYOUT_LEAVES`] leaves the size-1 leaves inside
    /// tuples are dropped (a tuple left with one mode is that mode, one left with none `1:0`),
    /// the top-level modes and the last leaf kept: the same function at every index, inside the
    /// size and past it, with the same rank; only its nested profile is squeezed.
    ///
    /// # Errors
    /// As [`Layout::new`]; [`ErrorKind::Capacity`] when more than `MAX_LAYOUT_LEAVES` leaves
    /// remain.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{IntTuple, Layout};
    /// let shape = format!("(({}4),2)", "1,".repeat(16)).parse::<IntTuple>().unwrap();
    /// let stride = format!("(({}3),64)", "0,".repeat(16)).parse::<IntTuple>().unwrap();
    /// assert_eq!(Layout::new_squeezed(shape, stride).unwrap().to_string(), "(4,2):(3,64)");
    /// ```
    pub fn new_squeezed(shape: IntTuple, stride: IntTuple) -> Result<Layout, Error> {
        if shape.leaves().len() <= MAX_LAYOUT_LEAVES {
            return Layout::new(shape, stride);
        }
        let ops = || [Some(Operand::from(&shape)), Some(Operand::from(&stride))];
        if !shape.congruent(&stride) || shape.view().has_under() || stride.view().has_under() {
            return Err(Error::new(Op::MakeLayout, ops(), ErrorKind::NotCongruent));
        }
        check_leaves(shape.leaves(), stride.leaves()).ctx(Op::MakeLayout, ops)?;
        LayoutBuilder::squeezed(LayoutView {
            shape: shape.view(),
            stride: stride.view(),
        })
        .ctx(Op::MakeLayout, ops)
    }

    /// `make_layout(shape, stride)` in const context: how the static crate lowers its layouts.
    ///
    /// # Panics
    /// When `shape` and `stride` are not congruent or have more than [`MAX_LAYOUT_LEAVES`]
    /// leaves, a shape leaf is negative, or the size or the offsets overflow `i64`; in const
    /// context that is a compile error.
    #[must_use]
    pub const fn new_const(shape: IntTuple, stride: IntTuple) -> Layout {
        assert!(
            shape.const_congruent(&stride),
            "shape and stride are not congruent"
        );
        assert!(shape.const_non_negative(), "a shape leaf is negative");
        assert!(
            leaf_extent(shape.const_leaves(), stride.const_leaves()).is_some(),
            "the size or the offsets overflow i64"
        );
        match Layout::assemble(&shape, &stride) {
            Some(l) => l,
            None => panic!("a layout has at most MAX_LAYOUT_LEAVES (16) leaves"),
        }
    }

    /// `cosize` in const context, `None` on overflow.
    #[must_use]
    pub const fn const_cosize(&self) -> Option<i64> {
        let Some(size) = self.shape().const_product() else {
            return None;
        };
        if size == 0 {
            return Some(0);
        }
        let (shape, stride) = (self.shape_leaves(), self.stride_leaves());
        let (mut i, mut off, mut k) = (size - 1, 0i64, 0usize);
        while k < shape.len() {
            let digit = if k + 1 == shape.len() {
                i
            } else {
                i % shape[k]
            };
            i /= shape[k];
            off = match digit.checked_mul(stride[k]) {
                Some(t) => match off.checked_add(t) {
                    Some(o) => o,
                    None => return None,
                },
                None => return None,
            };
            k += 1;
        }
        off.checked_add(1)
    }

    /// Assembles a layout from congruent parts the algebra built, checked ([`check_leaves`]):
    /// [`ErrorKind::Capacity`] past [`MAX_LAYOUT_LEAVES`] leaves.
    pub(crate) fn from_parts(shape: &IntTuple, stride: &IntTuple) -> Result<Layout, ErrorKind> {
        debug_assert!(shape.congruent(stride));
        let l = Layout::assemble(shape, stride).ok_or(ErrorKind::Capacity {
            limit: Limit::LayoutLeaves,
        })?;
        check_leaves(l.shape_leaves(), l.stride_leaves())?;
        Ok(l)
    }

    /// Congruent parts as they are, unchecked: only to print them in an error message (the
    /// trivial layout past the capacity, which no value of this crate reaches).
    pub(crate) fn for_display(shape: &IntTuple, stride: &IntTuple) -> Layout {
        Layout::assemble(shape, stride).unwrap_or(Layout::trivial())
    }

    /// The rank-1, depth-0 layout `s:d`.
    ///
    /// # Preconditions
    /// `s >= 0`, and `(s - 1)·d` fits in `i64` (as [`Layout::new`]).
    pub fn int(s: i64, d: i64) -> Result<Layout, Error> {
        Layout::new(IntTuple::int(s), IntTuple::int(d))
    }

    /// The trivial layout `1:0`.
    #[must_use]
    pub const fn trivial() -> Layout {
        let mut l = Layout::empty();
        (l.shape[0], l.stride[0]) = (1, 0);
        // The token of a leaf is 0: the structure is one zero token.
        (l.ntok, l.nleaf) = (1, 1);
        l
    }

    /// `make_layout(shape)`: compact column-major strides (`LayoutLeft`), stride 0 for size-1
    /// modes.
    pub fn left(shape: &IntTuple) -> Result<Layout, Error> {
        let stride = compact_left(shape, 1).ctx(Op::MakeLayout, || [Some(shape.into()), None])?;
        Layout::new(*shape, stride)
    }

    /// `make_layout(shape, LayoutRight{})`: compact row-major strides.
    pub fn right(shape: &IntTuple) -> Result<Layout, Error> {
        let stride = compact_right(shape, 1).ctx(Op::MakeLayout, || [Some(shape.into()), None])?;
        Layout::new(*shape, stride)
    }

    /// `make_layout(L0, L1, ...)`: the concatenation `(L0, L1, ...)` (Cecka §3.1).
    ///
    /// # Preconditions
    /// The product of all the sizes fits in `i64`.
    pub fn concat(layouts: &[Layout]) -> Result<Layout, Error> {
        let ops = || {
            [
                layouts.first().map(Operand::from),
                layouts.get(1).map(Operand::from),
            ]
        };
        join(layouts.iter().map(Layout::view)).ctx(Op::MakeLayout, ops)
    }

    /// `cosize(L) = L(size(L) - 1) + 1`; 0 for an empty layout, which uses no offset.
    pub fn cosize(&self) -> Result<i64, Error> {
        if self.size() == 0 {
            return Ok(0);
        }
        let last = self.eval(self.size() - 1)?;
        add(last, 1).ctx(Op::Cosize, || [Some(self.into()), None])
    }

    /// Number of top-level modes (1 for a depth-0 layout).
    #[must_use]
    pub fn rank(&self) -> usize {
        self.shape().rank()
    }

    /// Nesting depth of the shape (0 for an integer shape).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.shape().depth()
    }

    /// Sublayout `L[i]` (`layout<i>`); a depth-0 layout is its own mode 0.
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<Layout> {
        let s = self.shape().mode(i)?;
        let d = self.stride().mode(i)?;
        LayoutView {
            shape: s,
            stride: d,
        }
        .to_layout()
        .ok()
    }

    /// The top-level modes (a depth-0 layout is its own single mode).
    pub fn modes(&self) -> impl Iterator<Item = LayoutView<'_>> + '_ {
        let v = self.view();
        let (single, many) = if v.shape.is_tuple() {
            (None, Some(v.modes()))
        } else {
            (Some(v), None)
        };
        single.into_iter().chain(many.into_iter().flatten())
    }

    /// `flatten(L)`: nesting removed; a depth-0 layout stays depth-0.
    pub fn flatten(&self) -> Result<Layout, Error> {
        if self.shape().is_int() {
            return Ok(*self);
        }
        let mut b = LayoutBuilder::new();
        let r: Result<(), ErrorKind> = (|| {
            b.open()?;
            for (&s, &d) in self.shape_leaves().iter().zip(self.stride_leaves()) {
                b.leaf(s, d)?;
            }
            b.close()
        })();
        r.and_then(|()| b.finish())
            .ctx(Op::MakeLayout, || [Some(self.into()), None])
    }

    /// `append(L, x)`: `x` added as the last mode (a depth-0 `L` becomes `(L, x)`).
    pub fn append(&self, x: &Layout) -> Result<Layout, Error> {
        join(self.modes().chain(core::iter::once(x.view())))
            .ctx(Op::Append, || [Some(self.into()), Some(x.into())])
    }

    /// `prepend(L, x)`: `x` added as the first mode.
    pub fn prepend(&self, x: &Layout) -> Result<Layout, Error> {
        join(core::iter::once(x.view()).chain(self.modes()))
            .ctx(Op::Prepend, || [Some(self.into()), Some(x.into())])
    }

    /// `append<N>(L)`: padded with `1:0` modes up to rank `n` (unchanged when already rank `n`).
    pub fn append_to_rank(&self, n: usize) -> Result<Layout, Error> {
        if self.rank() >= n {
            return Ok(*self);
        }
        let mut out = *self;
        while out.rank() < n {
            out = out.append(&Layout::trivial())?;
        }
        Ok(out)
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape(), self.stride())
    }
}

impl fmt::Display for LayoutView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<&Layout> for Operand {
    fn from(l: &Layout) -> Self {
        Operand::of(l)
    }
}
