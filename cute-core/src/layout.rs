//! The layout `L = S:D`: a map from coordinates to offsets (seed 000 §2.4).

use core::fmt;

use crate::arith::add;
use crate::error::{Context, Error, ErrorKind, Op, Operand};
use crate::int_tuple::{Builder, IntTuple, View};
use crate::stride::{compact_left, compact_right, crd2idx_view, eval_flat};

/// A layout `Shape:Stride` with congruent shape and stride, e.g. `(4,(2,2)):(2,(1,8))`.
///
/// Shapes are positive, and `size` and the lowest and highest offsets of the domain (the sums of
/// the negative and of the positive terms `(s - 1)·d`) fit in `i64`, so every evaluation inside
/// the domain fits too; strides may be zero or negative.
/// Every constructor and every operation checks this where it builds a layout.
/// A small `Copy` value: no heap.
///
/// # Examples
/// ```
/// use cute_core::Layout;
/// let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
/// assert_eq!(l.size(), 16);
/// assert_eq!(l.eval(5).unwrap(), 3);
/// assert_eq!(l.to_string(), "(4,(2,2)):(2,(1,8))");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: IntTuple,
    stride: IntTuple,
}

/// A borrowed mode of a [`Layout`].
#[derive(Clone, Copy, Debug)]
pub struct LayoutView<'a> {
    /// Shape of the mode.
    pub shape: View<'a>,
    /// Stride of the mode.
    pub stride: View<'a>,
}

impl<'a> LayoutView<'a> {
    /// The top-level modes of a tuple-shaped view.
    pub fn modes(&self) -> impl Iterator<Item = LayoutView<'a>> + 'a {
        self.shape
            .children()
            .zip(self.stride.children())
            .map(|(shape, stride)| LayoutView { shape, stride })
    }

    /// Number of top-level modes.
    #[must_use]
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// A copy as a layout.
    pub fn to_layout(&self) -> Result<Layout, ErrorKind> {
        Ok(Layout {
            shape: IntTuple::from_view(self.shape)?,
            stride: IntTuple::from_view(self.stride)?,
        })
    }
}

/// Builds a layout mode by mode, keeping shape and stride congruent.
#[derive(Clone, Copy, Default)]
pub(crate) struct LayoutBuilder {
    shape: Builder,
    stride: Builder,
}

impl LayoutBuilder {
    /// An empty builder.
    #[must_use]
    pub(crate) fn new() -> Self {
        Self::default()
    }
    /// A builder holding an open tuple mode.
    #[must_use]
    pub(crate) const fn opened() -> Self {
        LayoutBuilder {
            shape: Builder::opened(),
            stride: Builder::opened(),
        }
    }
    /// Opens a tuple mode.
    pub(crate) fn open(&mut self) -> Result<(), ErrorKind> {
        self.shape.open()?;
        self.stride.open()
    }
    /// Closes the innermost tuple mode.
    pub(crate) fn close(&mut self) -> Result<(), ErrorKind> {
        self.shape.close()?;
        self.stride.close()
    }
    /// Appends the mode `s:d`.
    pub(crate) fn leaf(&mut self, s: i64, d: i64) -> Result<(), ErrorKind> {
        self.shape.int(s)?;
        self.stride.int(d)
    }
    /// Appends a whole layout as one mode.
    pub(crate) fn mode(&mut self, l: LayoutView<'_>) -> Result<(), ErrorKind> {
        self.shape.view(l.shape)?;
        self.stride.view(l.stride)
    }
    /// Appends the modes of `l` (or `l` itself when it has an integer shape).
    pub(crate) fn splice(&mut self, l: LayoutView<'_>) -> Result<(), ErrorKind> {
        self.shape.splice(l.shape)?;
        self.stride.splice(l.stride)
    }
    /// The modes as a container of layouts each already checked (a tiler's tiles), not a
    /// layout: its size may overflow, and it is never evaluated as a whole.
    pub(crate) fn finish_modes(self) -> Layout {
        Layout {
            shape: self.shape.finish(),
            stride: self.stride.finish(),
        }
    }

    /// The finished layout, checked ([`check_leaves`]).
    pub(crate) fn finish(self) -> Result<Layout, ErrorKind> {
        let (shape, stride) = (self.shape.finish(), self.stride.finish());
        check_leaves(shape.leaves(), stride.leaves())?;
        Ok(Layout { shape, stride })
    }
}

/// The values every [`Layout`] keeps, checked where one is built: no negative shape leaf
/// ([`ErrorKind::NegativeShape`]; a zero leaf makes the layout empty, as in CuTe), and the
/// product of the nonzero leaves and the lowest and highest offsets within `i64`
/// ([`ErrorKind::Overflow`]). Every partial sum of `L(i)` for `0 <= i < size(L)` lies between
/// those two, so `size` and in-domain evaluation need no further check (`cosize` still checks
/// its `+ 1`). Zero leaves count as 1 in the check, so that every sublayout (a mode, a slice
/// that drops the empty mode) keeps the invariant too. Public for `cute_static`, whose mixed
/// operations check what this crate builds as a layout on the way.
#[inline(always)]
pub fn check_leaves(shape: &[i64], stride: &[i64]) -> Result<(), ErrorKind> {
    if let Some(&value) = shape.iter().find(|&&s| s < 0) {
        return Err(ErrorKind::NegativeShape { value });
    }
    if leaf_extent(shape, stride).is_none() {
        return Err(ErrorKind::Overflow);
    }
    Ok(())
}

/// Over non-negative leaves: the size, and the lowest and highest offsets of the domain (the
/// sums of the negative and of the positive terms `(s - 1)·d` of the nonzero leaves); `None`
/// when the product of the nonzero leaves or an offset passes `i64`. One function for every
/// tier: const so that static layouts keep the invariant at compile time, and `cute_static`'s
/// mixed check and image and the tensors' bounds call it. A zero leaf is a branch inside the
/// arithmetic, not a skipped iteration: that keeps it foldable for static layouts
/// (`benches/asm_static_*.sh`).
#[inline(always)]
#[must_use]
pub const fn leaf_extent(shape: &[i64], stride: &[i64]) -> Option<(i64, i64, i64)> {
    let (mut k, mut size, mut lo, mut hi) = (0, 1i64, 0i64, 0i64);
    let mut empty = false;
    while k < shape.len() {
        let s = shape[k];
        let (factor, span) = if s == 0 {
            empty = true;
            (1, 0)
        } else {
            match (s - 1).checked_mul(stride[k]) {
                Some(t) => (s, t),
                None => return None,
            }
        };
        size = match size.checked_mul(factor) {
            Some(v) => v,
            None => return None,
        };
        let sum = if span < 0 {
            lo.checked_add(span)
        } else {
            hi.checked_add(span)
        };
        match sum {
            Some(v) if span < 0 => lo = v,
            Some(v) => hi = v,
            None => return None,
        }
        k += 1;
    }
    Some((if empty { 0 } else { size }, lo, hi))
}

impl Layout {
    /// `make_layout(shape, stride)`.
    ///
    /// # Preconditions
    /// `shape` and `stride` are congruent, no shape leaf is negative (a zero leaf gives an empty
    /// layout), and the product of the nonzero leaves and the lowest and highest offsets (the
    /// sums of the negative and of the positive `(s - 1)·d`) fit in `i64`.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout, Error> {
        let ops = || [Some(Operand::from(&shape)), Some(Operand::from(&stride))];
        if !shape.congruent(&stride) || shape.view().has_under() || stride.view().has_under() {
            return Err(Error::new(Op::MakeLayout, ops(), ErrorKind::NotCongruent));
        }
        check_leaves(shape.leaves(), stride.leaves()).ctx(Op::MakeLayout, ops)?;
        Ok(Layout { shape, stride })
    }

    /// `make_layout(shape, stride)` in const context: how the static crate lowers its layouts.
    ///
    /// # Panics
    /// When `shape` and `stride` are not congruent, a shape leaf is negative, or the size or
    /// the offsets overflow `i64`; in const context that is a compile error.
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
        Layout { shape, stride }
    }

    /// `cosize` in const context, `None` on overflow.
    #[must_use]
    pub const fn const_cosize(&self) -> Option<i64> {
        let Some(size) = self.shape.const_product() else {
            return None;
        };
        if size == 0 {
            return Some(0);
        }
        let (shape, stride) = (self.shape.const_leaves(), self.stride.const_leaves());
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

    /// Assembles a layout from congruent parts the algebra built, checked ([`check_leaves`]).
    pub(crate) fn from_parts(shape: &IntTuple, stride: &IntTuple) -> Result<Layout, ErrorKind> {
        debug_assert!(shape.congruent(stride));
        check_leaves(shape.leaves(), stride.leaves())?;
        Ok(Layout {
            shape: *shape,
            stride: *stride,
        })
    }

    /// Congruent parts as they are, unchecked: only to print them in an error message.
    pub(crate) fn for_display(shape: &IntTuple, stride: &IntTuple) -> Layout {
        Layout {
            shape: *shape,
            stride: *stride,
        }
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
        Layout {
            shape: IntTuple::int(1),
            stride: IntTuple::int(0),
        }
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

    /// `make_layout(L0, L1, ...)`: the concatenation `(L0, L1, ...)` (seed 000 §3.1).
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

    /// The shape.
    #[must_use]
    pub const fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    #[must_use]
    pub const fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// The root as a view.
    #[must_use]
    pub fn view(&self) -> LayoutView<'_> {
        LayoutView {
            shape: self.shape.view(),
            stride: self.stride.view(),
        }
    }

    /// `size(L)`: the number of coordinates, the product of the shape.
    #[must_use]
    pub fn size(&self) -> i64 {
        self.shape.leaves().iter().product()
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
        self.shape.rank()
    }

    /// Nesting depth of the shape (0 for an integer shape).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// Sublayout `L[i]` (`layout<i>`); a depth-0 layout is its own mode 0.
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<Layout> {
        let s = self.shape.view().mode(i)?;
        let d = self.stride.view().mode(i)?;
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
        let r = (|| Layout::from_parts(&self.shape.flatten()?, &self.stride.flatten()?))();
        r.ctx(Op::MakeLayout, || [Some(self.into()), None])
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

    /// `L(i)` for an integer index: `i` split colexicographically over the flattened shape, the last
    /// mode taking what is left, so `i >= size(L)` is defined too.
    #[inline]
    pub fn eval(&self, i: i64) -> Result<i64, Error> {
        eval_flat(self.shape.leaves(), self.stride.leaves(), i).map_err(|k| self.eval_error(i, k))
    }

    /// `L(i)` as [`Layout::eval`] computes it, `None` on `i64` overflow. Small enough to inline, so
    /// with a constant layout and index (a static layout) it folds to a constant.
    #[inline(always)]
    #[must_use]
    pub fn offset(&self, i: i64) -> Option<i64> {
        eval_flat(self.shape.const_leaves(), self.stride.const_leaves(), i).ok()
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
        crd2idx_view(c.view(), self.shape.view(), self.stride.view())
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
    /// offset of `c` with every `_` taken as 0 (seed 000 §2.5.1), in CuTe's order.
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
        let offset =
            crd2idx_view(c.view(), self.shape.view(), self.stride.view()).ctx(Op::Slice, ops)?;
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
        (self.shape.leaves(), self.stride.leaves())
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

/// The tuple layout whose modes are `modes`, checked ([`check_leaves`]).
fn join<'a>(modes: impl Iterator<Item = LayoutView<'a>>) -> Result<Layout, ErrorKind> {
    let mut b = LayoutBuilder::new();
    b.open()?;
    for m in modes {
        b.mode(m)?;
    }
    b.close()?;
    b.finish()
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn size_cosize_rank_depth() {
        let a = l("(4,(2,2)):(2,(1,8))");
        assert_eq!(
            (a.size(), a.cosize().unwrap(), a.rank(), a.depth()),
            (16, 16, 2, 2)
        );
        assert_eq!(l("12:1").rank(), 1);
        assert_eq!(l("(12):(1)").depth(), 1);
    }

    #[test]
    fn construction_checks() {
        let t = |s: &str| s.parse::<IntTuple>().unwrap();
        assert_eq!(
            Layout::new(t("(4,4)"), t("(1,(2,4))")).unwrap_err().code(),
            "not_congruent"
        );
        assert_eq!(
            Layout::new(t("(4,-1)"), t("(1,4)")).unwrap_err().code(),
            "negative_shape"
        );
        assert_eq!(
            Layout::left(&t("(4,(2,3))")).unwrap(),
            l("(4,(2,3)):(1,(4,8))")
        );
        assert_eq!(
            Layout::right(&t("(4,(2,3))")).unwrap(),
            l("(4,(2,3)):(6,(3,1))")
        );
    }

    #[test]
    fn out_of_bounds_evaluation_extends_the_last_mode() {
        let a = l("(4,2):(1,10)");
        assert_eq!(a.eval(9).unwrap(), 21);
    }

    #[test]
    fn overflow_is_an_error() {
        // Inside the domain evaluation fits (the offsets are checked where the layout is built);
        // past it, the last mode's extension may not.
        let a = l("(2,2):(1,4611686018427387904)");
        assert_eq!(a.eval(3).unwrap(), (1 << 62) + 1);
        assert_eq!(a.eval(8).unwrap_err().code(), "overflow");
        let e = "(2,2):(1,9223372036854775807)"
            .parse::<Layout>()
            .unwrap_err();
        assert_eq!(e.code(), "overflow");
        let e = Layout::new(IntTuple::int(3), IntTuple::int(i64::MIN)).unwrap_err();
        assert_eq!(e.code(), "overflow");
        assert_eq!(Layout::int(-3, 1).unwrap_err().code(), "negative_shape");
    }

    #[test]
    fn a_zero_leaf_is_an_empty_layout() {
        let e = l("(4,0):(1,4)");
        assert_eq!((e.size(), e.cosize().unwrap()), (0, 0));
        assert_eq!(e.to_string(), "(4,0):(1,4)");
        // Past its (empty) domain it extends by its last mode, as any layout.
        assert_eq!(e.eval(5).unwrap(), 5);
        // Index 0 is the zero coordinate; no other index passes an empty leaf before the last.
        assert_eq!(l("(0,4):(1,1)").eval(0).unwrap(), 0);
        assert_eq!(l("(0,4):(1,1)").eval(1).unwrap_err().code(), "empty_mode");
        // A coordinate is not range-checked (CuTe's `crd2idx`): the inner product as for any.
        let r = l("(0,4):(1,1)").eval_crd(&"(0,3)".parse().unwrap());
        assert_eq!(r.unwrap(), 3);
        // The empty mode counts as 1 in the overflow check, so its sublayouts keep the invariant.
        let e = "(0,(4611686018427387904,4)):(1,(1,1))"
            .parse::<Layout>()
            .unwrap_err();
        assert_eq!(e.code(), "overflow");
        assert_eq!(
            Layout::new_const(IntTuple::int(0), IntTuple::int(1)).const_cosize(),
            Some(0)
        );
    }
}
