//! Evaluating a layout at an index or a coordinate, and slicing it.

use super::builder::LayoutBuilder;
use super::repr::{Layout, LayoutView};
use crate::error::{Context, Error, ErrorKind, Op, Operand};
use crate::int_tuple::{IntTuple, View};
use crate::stride::{crd2idx_view, eval_flat};

impl Layout {
    /// `L(i)` for an integer index: `i` split colexicographically over the flattened shape, the
    /// last mode taking what is left, so `i >= size(L)` is defined too.
    #[inline]
    pub fn eval(&self, i: i64) -> Result<i64, Error> {
        eval_flat(self.shape_leaves(), self.stride_leaves(), i).map_err(|k| self.eval_error(i, k))
    }

    /// `L(i)` as [`Layout::eval`] computes it, `None` on `i64` overflow. Small enough to inline, so
    /// with a constant layout and index (a static layout) it folds to a constant.
    #[inline(always)]
    #[must_use]
    pub fn offset(&self, i: i64) -> Option<i64> {
        eval_flat(self.shape_leaves(), self.stride_leaves(), i).ok()
    }

    /// The error of [`Layout::eval`], built out of line: evaluation stays small enough to inline.
    #[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
    #[cfg_attr(target_arch = "nvptx64", inline(always))]
    fn eval_error(&self, i: i64, kind: ErrorKind) -> Error {
        Error::new(Op::Eval, [Some(self.into()), Some(Operand::from(i))], kind)
    }

    /// `L(c)` for a coordinate weakly congruent to the shape (an integer inside a tuple is a 1-D
    /// coordinate into that mode); a `_` counts as 0.
    pub fn eval_crd(&self, c: &IntTuple) -> Result<i64, Error> {
        crd2idx_view(c.view(), self.shape(), self.stride())
            .ctx(Op::Eval, || [Some(self.into()), Some(c.into())])
    }

    /// CuTe's `slice(c, L)`: the layout of the modes where `c` holds `_`
    /// ([`Layout::slice_and_offset`] without the offset).
    ///
    /// # Errors
    /// As [`Layout::slice_and_offset`].
    ///
    /// # Examples
    /// ```
    /// use cute_core::{IntTuple, Layout};
    /// let a: Layout = "(4,8):(8,1)".parse().unwrap();
    /// assert_eq!(a.slice(&"(_,3)".parse().unwrap()).unwrap().to_string(), "(4):(8)");
    /// ```
    pub fn slice(&self, c: &IntTuple) -> Result<Layout, Error> {
        self.slice_and_offset(c).map(|(sub, _)| sub)
    }

    /// CuTe's `slice_and_offset(c, L)`: the layout of the modes where `c` holds `_`, and the
    /// offset of `c` with every `_` taken as 0 (Cecka, *CuTe Layout Representation and Algebra*,
    /// §2.5.1), in CuTe's order.
    ///
    /// # Errors
    /// [`ErrorKind`]s of [`Op::Slice`] when `c` is not weakly congruent to the shape or a
    /// coordinate is out of range.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{IntTuple, Layout};
    /// let a: Layout = "((3,2),((2,3),2)):((4,1),((2,15),100))".parse().unwrap();
    /// let c: IntTuple = "(1,_)".parse().unwrap();
    /// let (sub, offset) = a.slice_and_offset(&c).unwrap();
    /// assert_eq!((sub.to_string().as_str(), offset), ("(((2,3),2)):(((2,15),100))", 4));
    /// ```
    pub fn slice_and_offset(&self, c: &IntTuple) -> Result<(Layout, i64), Error> {
        let ops = || [Some(self.into()), Some(c.into())];
        let offset = crd2idx_view(c.view(), self.shape(), self.stride()).ctx(Op::Slice, ops)?;
        let cv = c.view();
        if cv.is_under() {
            return Ok((*self, offset));
        }
        let mut b = LayoutBuilder::new();
        let r: Result<(), ErrorKind> = (|| {
            b.open()?;
            if cv.is_tuple() {
                lift_slice(&mut b, cv, self.view())?;
            }
            b.close()
        })();
        let sub = r.and_then(|()| b.finish()).ctx(Op::Slice, ops)?;
        Ok((sub, offset))
    }

    /// The flattened shape and stride leaves.
    pub(crate) fn flat_modes(&self) -> (&[i64], &[i64]) {
        (self.shape_leaves(), self.stride_leaves())
    }
}

/// `lift_slice`: appends the modes of `l` kept by `_` in `c`, flattening tuples of `c`.
fn lift_slice(b: &mut LayoutBuilder, c: View<'_>, l: LayoutView<'_>) -> Result<(), ErrorKind> {
    if c.is_under() {
        return b.mode(l);
    }
    if c.is_tuple() {
        if !l.shape.is_tuple() || c.rank() != l.rank() {
            return Err(ErrorKind::RankMismatch {
                left: c.rank(),
                right: l.rank(),
            });
        }
        for (c, m) in c.children().zip(l.modes()) {
            lift_slice(b, c, m)?;
        }
    }
    Ok(())
}
