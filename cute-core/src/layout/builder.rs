//! Building a layout mode by mode, and the concatenation of modes.

use core::borrow::BorrowMut;

use super::check::check_leaves;
use super::repr::{Layout, LayoutView};
use crate::error::ErrorKind;
use crate::limits::{Limit, MAX_DEPTH, MAX_LAYOUT_LEAVES, MAX_TOKENS};
use crate::tokens::{Tokens, CLOSE, LEAF, OPEN};

/// Builds a layout mode by mode: one structure, shape and stride leaves side by side; in a
/// layout of its own, or (`O = &mut Layout`) in one its caller returns, so that the result is
/// built where it ends up.
#[derive(Clone, Copy)]
pub(crate) struct LayoutBuilder<O = Layout> {
    out: O,
    tok: Tokens,
    // The leaves so far (the layout's own count is written when it is finished: kept in a
    // register here, not reloaded and narrowed on every leaf).
    n: usize,
    depth: usize,
}

impl Default for LayoutBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl LayoutBuilder {
    /// An empty builder.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn new() -> Self {
        LayoutBuilder {
            out: Layout::empty(),
            tok: Tokens::EMPTY,
            n: 0,
            depth: 0,
        }
    }
    /// A builder holding an open tuple mode.
    #[must_use]
    pub(crate) const fn opened() -> Self {
        let mut b = LayoutBuilder::new();
        b.tok.push(OPEN);
        b.depth = 1;
        b
    }
    /// Appends a whole layout as one mode.
    pub(crate) fn mode(&mut self, l: LayoutView<'_>) -> Result<(), ErrorKind> {
        let (n, k) = (self.n, l.shape.leaf.len());
        // Leaves first, as `leaf` checks them before the token.
        if n + k > MAX_LAYOUT_LEAVES {
            return Err(ErrorKind::Capacity {
                limit: Limit::LayoutLeaves,
            });
        }
        if self.tok.len() + l.shape.tok.len() > MAX_TOKENS {
            return Err(ErrorKind::Capacity {
                limit: Limit::Tokens,
            });
        }
        if self.depth + l.shape.depth() > MAX_DEPTH {
            return Err(ErrorKind::Capacity {
                limit: Limit::Depth,
            });
        }
        self.tok.append(l.shape.tok);
        self.out.shape[n..n + k].copy_from_slice(l.shape.leaf);
        self.out.stride[n..n + k].copy_from_slice(l.stride.leaf);
        self.n = n + k;
        Ok(())
    }
    /// Appends the modes of `l` (or `l` itself when it has an integer shape).
    pub(crate) fn splice(&mut self, l: LayoutView<'_>) -> Result<(), ErrorKind> {
        if l.shape.is_tuple() {
            for m in l.modes() {
                self.mode(m)?;
            }
            Ok(())
        } else {
            self.mode(l)
        }
    }
    /// The modes as a container of layouts each already checked (a tiler's tiles), not a
    /// layout: its size may overflow, and it is never evaluated as a whole.
    pub(crate) fn finish_modes(mut self) -> Layout {
        (self.out.tok, self.out.ntok) = self.tok.to_words();
        self.out.nleaf = self.n as u8;
        self.out
    }

    /// The finished layout, checked ([`check_leaves`]).
    pub(crate) fn finish(self) -> Result<Layout, ErrorKind> {
        let l = self.finish_modes();
        check_leaves(l.shape_leaves(), l.stride_leaves())?;
        Ok(l)
    }

    /// The layout [`LayoutBuilder::finish_in_place`] finished, moved out.
    pub(crate) fn into_layout(self) -> Layout {
        self.out
    }
}

impl<'a> LayoutBuilder<&'a mut Layout> {
    /// A builder writing into `out`, an empty layout ([`Layout::empty`]).
    #[inline(always)]
    pub(crate) fn over(out: &'a mut Layout) -> Self {
        LayoutBuilder {
            out,
            tok: Tokens::EMPTY,
            n: 0,
            depth: 0,
        }
    }
}

impl<O: BorrowMut<Layout>> LayoutBuilder<O> {
    #[inline(always)]
    fn push(&mut self, t: u8) -> Result<(), ErrorKind> {
        if self.tok.len() >= MAX_TOKENS {
            return Err(ErrorKind::Capacity {
                limit: Limit::Tokens,
            });
        }
        self.tok.push(t);
        Ok(())
    }
    /// Opens a tuple mode.
    #[inline(always)]
    pub(crate) fn open(&mut self) -> Result<(), ErrorKind> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ErrorKind::Capacity {
                limit: Limit::Depth,
            });
        }
        self.push(OPEN)
    }
    /// Closes the innermost tuple mode.
    #[inline(always)]
    pub(crate) fn close(&mut self) -> Result<(), ErrorKind> {
        self.depth -= 1;
        self.push(CLOSE)
    }
    /// Appends the mode `s:d`.
    #[inline(always)]
    pub(crate) fn leaf(&mut self, s: i64, d: i64) -> Result<(), ErrorKind> {
        let n = self.n;
        if n >= MAX_LAYOUT_LEAVES {
            return Err(ErrorKind::Capacity {
                limit: Limit::LayoutLeaves,
            });
        }
        self.push(LEAF)?;
        let out = self.out.borrow_mut();
        (out.shape[n], out.stride[n]) = (s, d);
        self.n = n + 1;
        Ok(())
    }
    /// [`LayoutBuilder::finish`] where the layout is built, so that the caller reads it
    /// ([`LayoutBuilder::built`]), moves it once ([`LayoutBuilder::into_layout`], for a builder
    /// that owns it) or has it where it wrote it ([`LayoutBuilder::over`]).
    pub(crate) fn finish_in_place(&mut self) -> Result<(), ErrorKind> {
        let out = self.out.borrow_mut();
        (out.tok, out.ntok) = self.tok.to_words();
        out.nleaf = self.n as u8;
        check_leaves(out.shape_leaves(), out.stride_leaves())
    }

    /// The layout [`LayoutBuilder::finish_in_place`] finished.
    pub(crate) fn built(&mut self) -> &Layout {
        self.out.borrow_mut()
    }
}

/// The squeeze of [`Layout::new_squeezed`].
impl LayoutBuilder {
    /// `l` with the size-1 leaves inside its tuples dropped, its top-level modes and its last
    /// leaf kept.
    pub(crate) fn squeezed(l: LayoutView<'_>) -> Result<Layout, ErrorKind> {
        let mut b = LayoutBuilder::new();
        let (mut at, last) = (0, l.shape.leaf.len().saturating_sub(1));
        if l.shape.is_tuple() {
            b.open()?;
            for m in l.modes() {
                b.squeeze(m, &mut at, last)?;
            }
            b.close()?;
        } else {
            b.squeeze(l, &mut at, last)?;
        }
        b.finish()
    }

    /// Appends `l` squeezed: a tuple keeps the modes that are not all size-1 leaves (or hold
    /// leaf `last`, whose stride extends the layout past its size), is that mode when it keeps
    /// one and `1:0` when it keeps none. `at` counts the leaves read so far.
    fn squeeze(&mut self, l: LayoutView<'_>, at: &mut usize, last: usize) -> Result<(), ErrorKind> {
        let n = l.shape.leaf.len();
        if !l.shape.is_tuple() {
            *at += n;
            return self.leaf(l.shape.leaf[0], l.stride.leaf[0]);
        }
        let unit = |m: &LayoutView<'_>, from: usize| {
            let k = m.shape.leaf.len();
            m.shape.leaf.iter().all(|&s| s == 1) && !(from..from + k).contains(&last)
        };
        let (mut from, mut kept) = (*at, 0);
        for m in l.modes() {
            kept += usize::from(!unit(&m, from));
            from += m.shape.leaf.len();
        }
        if kept == 0 {
            *at += n;
            return self.leaf(1, 0);
        }
        if kept > 1 {
            self.open()?;
        }
        for m in l.modes() {
            if unit(&m, *at) {
                *at += m.shape.leaf.len();
            } else {
                self.squeeze(m, at, last)?;
            }
        }
        if kept > 1 {
            self.close()?;
        }
        Ok(())
    }
}

impl LayoutView<'_> {
    /// A copy as a layout.
    pub fn to_layout(&self) -> Result<Layout, ErrorKind> {
        let mut b = LayoutBuilder::new();
        b.mode(*self)?;
        Ok(b.finish_modes())
    }
}

/// The tuple layout whose modes are `modes`, checked ([`check_leaves`]).
pub(crate) fn join<'a>(modes: impl Iterator<Item = LayoutView<'a>>) -> Result<Layout, ErrorKind> {
    let mut b = LayoutBuilder::new();
    b.open()?;
    for m in modes {
        b.mode(m)?;
    }
    b.close()?;
    b.finish()
}
