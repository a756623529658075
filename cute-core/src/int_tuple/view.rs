//! A borrowed node of an integer tuple, and its children.

use core::fmt;

use crate::arith::mul;
use crate::error::ErrorKind;
use crate::limits::MAX_LEAVES;
use crate::tokens::{Tokens, CLOSE, LEAF, OPEN, UNDER};

/// A borrowed node of an [`IntTuple`](crate::IntTuple): a leaf, a `_`, or a tuple with its
/// children.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(crate) tok: Tokens,
    pub(crate) leaf: &'a [i64],
}

/// Iterator over the top-level children of a [`View`].
#[derive(Clone)]
pub struct Children<'a> {
    pub(super) tok: Tokens,
    pub(super) leaf: &'a [i64],
    pub(super) t: usize,
    pub(super) l: usize,
}

impl<'a> Iterator for Children<'a> {
    type Item = View<'a>;

    fn next(&mut self) -> Option<View<'a>> {
        if self.t + 1 >= self.tok.len() {
            return None;
        }
        let (t0, l0) = (self.t, self.l);
        let mut depth = 0usize;
        loop {
            match self.tok.get(self.t) {
                OPEN => depth += 1,
                CLOSE => depth -= 1,
                LEAF => self.l += 1,
                _ => {}
            }
            self.t += 1;
            if depth == 0 {
                break;
            }
        }
        Some(View {
            tok: self.tok.range(t0, self.t),
            leaf: &self.leaf[l0..self.l],
        })
    }
}

impl<'a> View<'a> {
    /// `true` for an integer (depth 0).
    #[must_use]
    pub fn is_int(&self) -> bool {
        self.tok.get(0) == LEAF
    }

    /// `true` for the slicing wildcard `_`.
    #[must_use]
    pub fn is_under(&self) -> bool {
        self.tok.get(0) == UNDER
    }

    /// `true` for a tuple.
    #[must_use]
    pub fn is_tuple(&self) -> bool {
        self.tok.get(0) == OPEN
    }

    /// The integer, if this node is one.
    #[must_use]
    pub fn as_int(&self) -> Option<i64> {
        self.is_int().then(|| self.leaf[0])
    }

    /// The top-level children of a tuple (nothing for an integer).
    #[must_use]
    pub fn children(&self) -> Children<'a> {
        Children {
            tok: if self.is_tuple() {
                self.tok
            } else {
                Tokens::EMPTY
            },
            leaf: self.leaf,
            t: 1,
            l: 0,
        }
    }

    /// Number of top-level modes: 1 for an integer.
    #[must_use]
    pub fn rank(&self) -> usize {
        if self.is_tuple() {
            self.children().count()
        } else {
            1
        }
    }

    /// Mode `i` (`get<i>`); an integer is its own mode 0.
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<View<'a>> {
        if self.is_tuple() {
            self.children().nth(i)
        } else {
            (i == 0).then_some(*self)
        }
    }

    /// Nesting depth: 0 for an integer, 1 for a flat tuple.
    #[must_use]
    pub fn depth(&self) -> usize {
        let (mut d, mut max) = (0usize, 0usize);
        for t in self.tok.iter() {
            match t {
                OPEN => {
                    d += 1;
                    max = max.max(d);
                }
                CLOSE => d -= 1,
                _ => {}
            }
        }
        max
    }

    /// The leaves in order: `flatten` as a slice.
    #[must_use]
    pub fn leaves(&self) -> &'a [i64] {
        self.leaf
    }

    /// `true` when this node or any node below it is `_`.
    #[must_use]
    pub fn has_under(&self) -> bool {
        self.tok.contains(UNDER)
    }

    /// Same profile (tree structure) as `other`: `congruent` in CuTe.
    #[must_use]
    pub fn congruent(&self, other: &View<'_>) -> bool {
        self.tok == other.tok
    }

    /// Product of all leaves (`size` of a shape).
    pub fn product(&self) -> Result<i64, ErrorKind> {
        self.leaf.iter().try_fold(1i64, |p, &v| mul(p, v))
    }
}

impl<'a> View<'a> {
    /// Itself: a view reads as the tuple it borrows from (`layout.shape().view()`); the
    /// queries that copy it to an [`IntTuple`](crate::IntTuple) are in `int_tuple::tuple`.
    #[must_use]
    pub const fn view(&self) -> View<'a> {
        *self
    }

    /// The leaves, in const context.
    #[inline(always)]
    #[must_use]
    pub const fn const_leaves(&self) -> &'a [i64] {
        self.leaf
    }

    /// The product of the leaves in const context, `None` on overflow.
    #[must_use]
    pub const fn const_product(&self) -> Option<i64> {
        let (mut p, mut k) = (1i64, 0usize);
        while k < self.leaf.len() {
            match p.checked_mul(self.leaf[k]) {
                Some(q) => p = q,
                None => return None,
            }
            k += 1;
        }
        Some(p)
    }

    /// The sizes of the top-level modes and their number, in const context (an integer is one
    /// mode); a product that overflows wraps (a checked layout's never does).
    #[must_use]
    pub const fn const_mode_sizes(&self) -> ([i64; MAX_LEAVES], usize) {
        let (sizes, _, modes) = self.const_modes();
        (sizes, modes)
    }

    /// The index of each top-level mode's first leaf among the leaves, and the number of modes,
    /// in const context: which leaf (and so which stride) starts a mode.
    #[must_use]
    pub const fn const_mode_first_leaves(&self) -> ([usize; MAX_LEAVES], usize) {
        let (_, first, modes) = self.const_modes();
        (first, modes)
    }

    /// The size and the first leaf of each top-level mode, and the number of modes.
    const fn const_modes(&self) -> ([i64; MAX_LEAVES], [usize; MAX_LEAVES], usize) {
        let (mut sizes, mut first) = ([1i64; MAX_LEAVES], [0usize; MAX_LEAVES]);
        if self.tok.len() == 1 {
            sizes[0] = self.leaf[0];
            return (sizes, first, 1);
        }
        let (mut depth, mut modes, mut l, mut t) = (0usize, 0usize, 0usize, 0usize);
        while t < self.tok.len() {
            match self.tok.get(t) {
                OPEN => {
                    depth += 1;
                    if depth == 2 {
                        first[modes] = l;
                        modes += 1;
                    }
                }
                CLOSE => depth -= 1,
                LEAF => {
                    if depth == 1 {
                        first[modes] = l;
                        modes += 1;
                    }
                    sizes[modes - 1] = sizes[modes - 1].wrapping_mul(self.leaf[l]);
                    l += 1;
                }
                _ => {}
            }
            t += 1;
        }
        (sizes, first, modes)
    }
}

impl PartialEq for View<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.tok == other.tok && self.leaf == other.leaf
    }
}

impl View<'_> {
    /// Writes the tuple in CuTe notation, each leaf through `leaf(f, index, value)`.
    pub(crate) fn write_with(
        &self,
        f: &mut fmt::Formatter<'_>,
        mut leaf: impl FnMut(&mut fmt::Formatter<'_>, usize, i64) -> fmt::Result,
    ) -> fmt::Result {
        let mut l = 0;
        let mut prev_open = true;
        for t in self.tok.iter() {
            if !prev_open && t != CLOSE {
                f.write_str(",")?;
            }
            prev_open = t == OPEN;
            match t {
                OPEN => f.write_str("(")?,
                CLOSE => f.write_str(")")?,
                UNDER => f.write_str("_")?,
                _ => {
                    leaf(f, l, self.leaf[l])?;
                    l += 1;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with(f, |f, _, v| write!(f, "{v}"))
    }
}

impl fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
