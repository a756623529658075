//! A layout's storage: one structure for shape and stride, and the leaves of each.

use crate::int_tuple::{IntTuple, View};
use crate::limits::MAX_LAYOUT_LEAVES;
use crate::tokens::{Tokens, TOKEN_WORDS};

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
///
/// # Capacity
/// A layout keeps its structure once (the profile shape and stride share) and
/// [`MAX_LAYOUT_LEAVES`] leaves of shape and stride: 280 bytes. The oracle corpus never exceeds
/// 10 leaves; past 16 an operation fails with [`ErrorKind::Capacity`](crate::ErrorKind::Capacity).
#[derive(Clone, Copy)]
pub struct Layout {
    pub(super) shape: [i64; MAX_LAYOUT_LEAVES],
    pub(super) stride: [i64; MAX_LAYOUT_LEAVES],
    pub(super) tok: [u64; TOKEN_WORDS],
    pub(super) ntok: u8,
    pub(super) nleaf: u8,
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
}

impl Layout {
    /// No structure and no leaves: where a builder starts. (Leaves left unwritten instead of
    /// zeroed measured slower: the builder then copied its layout in whole, where zeroing it is
    /// one store loop.)
    #[inline(always)]
    pub(crate) const fn empty() -> Layout {
        Layout {
            shape: [0; MAX_LAYOUT_LEAVES],
            stride: [0; MAX_LAYOUT_LEAVES],
            tok: [0; TOKEN_WORDS],
            ntok: 0,
            nleaf: 0,
        }
    }

    /// The structure, shared by shape and stride.
    #[inline(always)]
    const fn tokens(&self) -> Tokens {
        Tokens::from_words(self.tok, self.ntok)
    }

    /// The shape's leaves, in order.
    #[inline(always)]
    pub(crate) const fn shape_leaves(&self) -> &[i64] {
        self.shape.split_at(self.nleaf as usize).0
    }

    /// The stride's leaves, in order.
    #[inline(always)]
    pub(crate) const fn stride_leaves(&self) -> &[i64] {
        self.stride.split_at(self.nleaf as usize).0
    }

    /// Congruent parts as one layout, in const context; `None` past [`MAX_LAYOUT_LEAVES`].
    pub(super) const fn assemble(shape: &IntTuple, stride: &IntTuple) -> Option<Layout> {
        let (s, d) = (shape.const_leaves(), stride.const_leaves());
        if s.len() > MAX_LAYOUT_LEAVES || d.len() != s.len() {
            return None;
        }
        let mut l = Layout::empty();
        let mut k = 0;
        while k < s.len() {
            l.shape[k] = s[k];
            l.stride[k] = d[k];
            k += 1;
        }
        (l.tok, l.ntok) = shape.tokens().to_words();
        l.nleaf = s.len() as u8;
        Some(l)
    }

    /// The shape, borrowed (a layout stores one structure for shape and stride; see
    /// [`View::to_tuple`] for an owned copy).
    #[must_use]
    pub const fn shape(&self) -> View<'_> {
        View {
            tok: self.tokens(),
            leaf: self.shape_leaves(),
        }
    }

    /// The stride, borrowed (see [`Layout::shape`]).
    #[must_use]
    pub const fn stride(&self) -> View<'_> {
        View {
            tok: self.tokens(),
            leaf: self.stride_leaves(),
        }
    }

    /// The root as a view.
    #[must_use]
    pub const fn view(&self) -> LayoutView<'_> {
        LayoutView {
            shape: self.shape(),
            stride: self.stride(),
        }
    }

    /// `size(L)`: the number of coordinates, the product of the shape.
    #[must_use]
    pub fn size(&self) -> i64 {
        self.shape_leaves().iter().product()
    }
}

impl PartialEq for Layout {
    fn eq(&self, other: &Self) -> bool {
        self.ntok == other.ntok
            && self.tok == other.tok
            && self.shape_leaves() == other.shape_leaves()
            && self.stride_leaves() == other.stride_leaves()
    }
}

impl Eq for Layout {}

impl core::hash::Hash for Layout {
    /// What equality compares: the structure and the leaves in use.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.ntok, self.tok).hash(state);
        self.shape_leaves().hash(state);
        self.stride_leaves().hash(state);
    }
}
