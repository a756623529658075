//! The integer tuple: its storage, queries and constructors, and the builder that writes one
//! token by token.

use core::fmt;

use super::view::View;
use crate::error::{ErrorKind, Operand};
use crate::limits::{Limit, MAX_DEPTH, MAX_LEAVES, MAX_TOKENS};
use crate::tokens::{Tokens, CLOSE, LEAF, OPEN, TOKEN_WORDS, UNDER};

/// An integer or a hierarchical tuple of integers, e.g. `12`, `(12)` or `(4,(2,2))`.
///
/// Coordinates may also hold `_` (a slicing wildcard), written as in CuTe.
#[derive(Clone, Copy)]
pub struct IntTuple {
    pub(super) leaf: [i64; MAX_LEAVES],
    pub(super) tok: [u64; TOKEN_WORDS],
    pub(super) ntok: u8,
    pub(super) nleaf: u8,
}

impl IntTuple {
    const EMPTY: IntTuple = IntTuple {
        leaf: [0; MAX_LEAVES],
        tok: [0; TOKEN_WORDS],
        ntok: 0,
        nleaf: 0,
    };

    /// The structure.
    #[inline(always)]
    pub(crate) const fn tokens(&self) -> Tokens {
        Tokens::from_words(self.tok, self.ntok)
    }

    /// Stores `tokens` as the structure.
    #[inline(always)]
    pub(super) const fn set_tokens(&mut self, tokens: Tokens) {
        (self.tok, self.ntok) = tokens.to_words();
    }

    /// The integer `v` (a depth-0 tuple).
    #[must_use]
    pub const fn int(v: i64) -> IntTuple {
        let mut t = IntTuple::EMPTY;
        // The token of a leaf is 0: the structure is one zero token.
        t.leaf[0] = v;
        t.ntok = 1;
        t.nleaf = 1;
        t
    }

    /// `(m0, m1, ...)` in const context: how the static crate lowers a tuple type.
    ///
    /// # Panics
    /// When the tuple exceeds [`MAX_LEAVES`] or [`MAX_TOKENS`]; in const context that is a
    /// compile error.
    #[must_use]
    pub const fn const_tuple(modes: &[IntTuple]) -> IntTuple {
        let mut t = IntTuple::EMPTY;
        let mut tok = Tokens::EMPTY;
        tok.push(OPEN);
        let (mut nl, mut m) = (0usize, 0usize);
        while m < modes.len() {
            let x = &modes[m];
            let xt = x.tokens();
            let mut k = 0;
            while k < xt.len() {
                assert!(tok.len() < MAX_TOKENS, "a static tuple exceeds MAX_TOKENS");
                tok.push(xt.get(k));
                k += 1;
            }
            k = 0;
            while k < x.nleaf as usize {
                assert!(nl < MAX_LEAVES, "a static tuple exceeds MAX_LEAVES");
                t.leaf[nl] = x.leaf[k];
                nl += 1;
                k += 1;
            }
            m += 1;
        }
        assert!(tok.len() < MAX_TOKENS, "a static tuple exceeds MAX_TOKENS");
        tok.push(CLOSE);
        t.set_tokens(tok);
        t.nleaf = nl as u8;
        t
    }

    /// The flat tuple `(v0, v1, ...)` in const context.
    ///
    /// # Panics
    /// When it exceeds [`MAX_LEAVES`] leaves; in const context that is a compile error.
    #[must_use]
    pub const fn const_flat(values: &[i64]) -> IntTuple {
        assert!(
            values.len() <= MAX_LEAVES,
            "a static tuple exceeds MAX_LEAVES"
        );
        let mut t = IntTuple::EMPTY;
        let mut tok = Tokens::EMPTY;
        tok.push(OPEN);
        let mut k = 0;
        while k < values.len() {
            tok.push(LEAF);
            t.leaf[k] = values[k];
            k += 1;
        }
        tok.push(CLOSE);
        t.set_tokens(tok);
        t.nleaf = values.len() as u8;
        t
    }

    /// The leaves, in const context.
    #[inline(always)]
    #[must_use]
    pub const fn const_leaves(&self) -> &[i64] {
        self.leaf.split_at(self.nleaf as usize).0
    }

    /// Same profile as `other`, in const context.
    #[must_use]
    pub const fn const_congruent(&self, other: &IntTuple) -> bool {
        if self.ntok != other.ntok {
            return false;
        }
        let mut k = 0;
        while k < TOKEN_WORDS {
            if self.tok[k] != other.tok[k] {
                return false;
            }
            k += 1;
        }
        true
    }

    /// No leaf is negative, in const context.
    #[must_use]
    pub const fn const_non_negative(&self) -> bool {
        let mut k = 0;
        while k < self.nleaf as usize {
            if self.leaf[k] < 0 {
                return false;
            }
            k += 1;
        }
        true
    }

    /// The product of the leaves in const context, `None` on overflow.
    #[must_use]
    pub const fn const_product(&self) -> Option<i64> {
        self.view().const_product()
    }

    /// The sizes of the top-level modes and their number, in const context (an integer is one
    /// mode); a product that overflows wraps (a checked layout's never does).
    #[must_use]
    pub const fn const_mode_sizes(&self) -> ([i64; MAX_LEAVES], usize) {
        self.view().const_mode_sizes()
    }

    /// The index of each top-level mode's first leaf among the leaves, and the number of modes,
    /// in const context: which leaf (and so which stride) starts a mode.
    #[must_use]
    pub const fn const_mode_first_leaves(&self) -> ([usize; MAX_LEAVES], usize) {
        self.view().const_mode_first_leaves()
    }

    /// The tuple with the profile of `self` and the first leaves of `values`, in order: how a
    /// layout whose profile is a type (`cute-static`) lowers its runtime leaves. `None` when
    /// `values` holds fewer leaves than `self`.
    #[inline]
    #[must_use]
    pub fn with_leaves(&self, values: &[i64]) -> Option<IntTuple> {
        let n = self.nleaf as usize;
        let mut t = *self;
        t.leaf[..n].copy_from_slice(values.get(..n)?);
        Some(t)
    }

    /// The wildcard `_`.
    #[must_use]
    pub const fn under() -> IntTuple {
        let mut t = IntTuple::EMPTY;
        let mut tok = Tokens::EMPTY;
        tok.push(UNDER);
        t.set_tokens(tok);
        t
    }

    /// The flat tuple `(v0,v1,...)`.
    pub fn flat(values: &[i64]) -> Result<IntTuple, ErrorKind> {
        let mut b = Builder::new();
        b.open()?;
        for &v in values {
            b.int(v)?;
        }
        b.close()?;
        Ok(b.finish())
    }

    /// The tuple whose modes are `modes` (`make_tuple`).
    pub fn tuple<'a>(modes: impl IntoIterator<Item = View<'a>>) -> Result<IntTuple, ErrorKind> {
        let mut b = Builder::new();
        b.open()?;
        for m in modes {
            b.view(m)?;
        }
        b.close()?;
        Ok(b.finish())
    }

    /// The flat leaves as an integer when there is one mode, else as a flat tuple
    /// (the shape form that `coalesce` produces).
    pub fn flat_or_int(values: &[i64]) -> Result<IntTuple, ErrorKind> {
        if values.len() == 1 {
            Ok(IntTuple::int(values[0]))
        } else {
            IntTuple::flat(values)
        }
    }

    /// An owned copy of a node in const context (a node of a tuple or of a layout fits).
    #[must_use]
    pub const fn from_view_const(v: View<'_>) -> IntTuple {
        let mut t = IntTuple::EMPTY;
        t.set_tokens(v.tok);
        let mut k = 0;
        while k < v.leaf.len() {
            t.leaf[k] = v.leaf[k];
            k += 1;
        }
        t.nleaf = v.leaf.len() as u8;
        t
    }

    /// A copy of a node.
    pub fn from_view(v: View<'_>) -> Result<IntTuple, ErrorKind> {
        let mut b = Builder::new();
        b.view(v)?;
        Ok(b.finish())
    }

    /// The root node.
    #[must_use]
    pub const fn view(&self) -> View<'_> {
        View {
            tok: self.tokens(),
            leaf: self.leaf.split_at(self.nleaf as usize).0,
        }
    }

    /// `true` for an integer.
    #[must_use]
    pub fn is_int(&self) -> bool {
        self.view().is_int()
    }

    /// The integer, if this is one.
    #[must_use]
    pub fn as_int(&self) -> Option<i64> {
        self.view().as_int()
    }

    /// Number of top-level modes (1 for an integer).
    #[must_use]
    pub fn rank(&self) -> usize {
        self.view().rank()
    }

    /// Nesting depth (0 for an integer).
    #[must_use]
    pub fn depth(&self) -> usize {
        self.view().depth()
    }

    /// Mode `i` as a new tuple.
    #[must_use]
    pub fn mode(&self, i: usize) -> Option<IntTuple> {
        self.view()
            .mode(i)
            .and_then(|m| IntTuple::from_view(m).ok())
    }

    /// The leaves, in order.
    #[inline]
    #[must_use]
    pub fn leaves(&self) -> &[i64] {
        self.view().leaves()
    }

    /// Product of all leaves (`size`); an error on overflow.
    pub fn product(&self) -> Result<i64, ErrorKind> {
        self.view().product()
    }

    /// `flatten`: the leaves as a flat tuple; an integer stays an integer.
    pub fn flatten(&self) -> Result<IntTuple, ErrorKind> {
        if self.is_int() {
            Ok(*self)
        } else {
            IntTuple::flat(self.leaves())
        }
    }

    /// Same profile as `other`.
    #[must_use]
    pub fn congruent(&self, other: &IntTuple) -> bool {
        self.view().congruent(&other.view())
    }

    /// `weakly_congruent(self, other)`: `other` refines the profile of `self` (an integer in
    /// `self` matches any subtree of `other`).
    #[must_use]
    pub fn weakly_congruent(&self, other: &IntTuple) -> bool {
        weakly_congruent(self.view(), other.view())
    }

    /// `compatible(self, other)` (Cecka, *CuTe Layout Representation and Algebra*, §2.2.1): every
    /// coordinate of `self` is a coordinate of `other`; an integer in `self` matches a subtree of
    /// `other` with the same size.
    #[must_use]
    pub fn compatible(&self, other: &IntTuple) -> bool {
        compatible(self.view(), other.view())
    }

    /// Copy with every leaf replaced by `f(leaf)`.
    pub fn map(
        &self,
        mut f: impl FnMut(i64) -> Result<i64, ErrorKind>,
    ) -> Result<IntTuple, ErrorKind> {
        let mut t = *self;
        for v in &mut t.leaf[..t.nleaf as usize] {
            *v = f(*v)?;
        }
        Ok(t)
    }
}

pub(super) fn weakly_congruent(a: View<'_>, b: View<'_>) -> bool {
    if a.is_int() {
        return true;
    }
    if !b.is_tuple() || !a.is_tuple() || a.rank() != b.rank() {
        return false;
    }
    a.children()
        .zip(b.children())
        .all(|(x, y)| weakly_congruent(x, y))
}

pub(super) fn compatible(a: View<'_>, b: View<'_>) -> bool {
    if a.is_int() {
        return a.product().ok() == b.product().ok();
    }
    if !b.is_tuple() || !a.is_tuple() || a.rank() != b.rank() {
        return false;
    }
    a.children()
        .zip(b.children())
        .all(|(x, y)| compatible(x, y))
}

impl PartialEq for IntTuple {
    fn eq(&self, other: &Self) -> bool {
        self.view() == other.view()
    }
}

impl Eq for IntTuple {}

impl core::hash::Hash for IntTuple {
    /// Equal tuples print alike (both go through the view), so the notation is what is hashed.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        struct Feed<'a, H>(&'a mut H);
        impl<H: core::hash::Hasher> fmt::Write for Feed<'_, H> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.write(s.as_bytes());
                Ok(())
            }
        }
        // Writing into a hasher cannot fail. The end marked, as `str` does, so that a shape and
        // a stride hashed one after the other do not run together (`12:3` and `1:23`).
        let _ = fmt::write(&mut Feed(&mut *state), format_args!("{self}"));
        state.write_u8(0xff);
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view(), f)
    }
}

impl fmt::Debug for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view(), f)
    }
}

impl From<&IntTuple> for Operand {
    fn from(t: &IntTuple) -> Self {
        Operand::of(t)
    }
}

/// The queries of a node that build a tuple.
impl View<'_> {
    /// An owned copy (a view of a tuple or of a layout always fits in an [`IntTuple`]).
    #[must_use]
    pub fn to_tuple(&self) -> IntTuple {
        IntTuple::from(*self)
    }

    /// `flatten`: the leaves as a flat tuple; an integer stays an integer.
    pub fn flatten(&self) -> Result<IntTuple, ErrorKind> {
        self.to_tuple().flatten()
    }

    /// A copy with every leaf replaced by `f(leaf)`.
    pub fn map(&self, f: impl FnMut(i64) -> Result<i64, ErrorKind>) -> Result<IntTuple, ErrorKind> {
        self.to_tuple().map(f)
    }

    /// The tuple with this profile and the first leaves of `values` (see
    /// [`IntTuple::with_leaves`]).
    #[must_use]
    pub fn with_leaves(&self, values: &[i64]) -> Option<IntTuple> {
        self.to_tuple().with_leaves(values)
    }

    /// `weakly_congruent(self, other)` (see [`IntTuple::weakly_congruent`]).
    #[must_use]
    pub fn weakly_congruent(&self, other: &View<'_>) -> bool {
        weakly_congruent(*self, *other)
    }

    /// `compatible(self, other)` (see [`IntTuple::compatible`]).
    #[must_use]
    pub fn compatible(&self, other: &View<'_>) -> bool {
        compatible(*self, *other)
    }
}

impl PartialEq<IntTuple> for View<'_> {
    fn eq(&self, other: &IntTuple) -> bool {
        *self == other.view()
    }
}

impl PartialEq<View<'_>> for IntTuple {
    fn eq(&self, other: &View<'_>) -> bool {
        self.view() == *other
    }
}

impl From<View<'_>> for IntTuple {
    /// The owned copy of a node: a node of a tuple or of a layout fits in a tuple.
    fn from(v: View<'_>) -> Self {
        let mut t = IntTuple::EMPTY;
        t.set_tokens(v.tok);
        t.leaf[..v.leaf.len()].copy_from_slice(v.leaf);
        t.nleaf = v.leaf.len() as u8;
        t
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::int(v)
    }
}

/// Builds an [`IntTuple`] token by token, failing with [`ErrorKind::Capacity`] past the limits.
#[derive(Clone, Copy)]
pub(crate) struct Builder {
    pub(super) tok: Tokens,
    pub(super) leaf: [i64; MAX_LEAVES],
    pub(super) nleaf: usize,
    pub(super) depth: usize,
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

impl Builder {
    /// An empty builder.
    #[must_use]
    pub(crate) const fn new() -> Self {
        Builder {
            tok: Tokens::EMPTY,
            leaf: [0; MAX_LEAVES],
            nleaf: 0,
            depth: 0,
        }
    }

    pub(super) fn push_tok(&mut self, tok: u8) -> Result<(), ErrorKind> {
        if self.tok.len() >= MAX_TOKENS {
            return Err(ErrorKind::Capacity {
                limit: Limit::Tokens,
            });
        }
        self.tok.push(tok);
        Ok(())
    }

    /// Opens a tuple.
    pub(crate) fn open(&mut self) -> Result<(), ErrorKind> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ErrorKind::Capacity {
                limit: Limit::Depth,
            });
        }
        self.push_tok(OPEN)
    }

    /// Closes the innermost open tuple.
    pub(crate) fn close(&mut self) -> Result<(), ErrorKind> {
        self.depth -= 1;
        self.push_tok(CLOSE)
    }

    /// Appends an integer.
    pub(crate) fn int(&mut self, v: i64) -> Result<(), ErrorKind> {
        let n = self.nleaf;
        if n >= MAX_LEAVES {
            return Err(ErrorKind::Capacity {
                limit: Limit::Leaves,
            });
        }
        self.push_tok(LEAF)?;
        self.leaf[n] = v;
        self.nleaf += 1;
        Ok(())
    }

    /// Appends the wildcard `_`.
    pub(crate) fn under(&mut self) -> Result<(), ErrorKind> {
        self.push_tok(UNDER)
    }

    /// Appends a whole node.
    pub(crate) fn view(&mut self, v: View<'_>) -> Result<(), ErrorKind> {
        let nl = self.nleaf;
        // Leaves first, as `int` checks them before the token.
        if nl + v.leaf.len() > MAX_LEAVES {
            return Err(ErrorKind::Capacity {
                limit: Limit::Leaves,
            });
        }
        if self.tok.len() + v.tok.len() > MAX_TOKENS {
            return Err(ErrorKind::Capacity {
                limit: Limit::Tokens,
            });
        }
        if self.depth + v.depth() > MAX_DEPTH {
            return Err(ErrorKind::Capacity {
                limit: Limit::Depth,
            });
        }
        self.tok.append(v.tok);
        self.leaf[nl..nl + v.leaf.len()].copy_from_slice(v.leaf);
        self.nleaf += v.leaf.len();
        Ok(())
    }

    /// The finished tuple.
    #[must_use]
    pub(crate) fn finish(self) -> IntTuple {
        let (tok, ntok) = self.tok.to_words();
        IntTuple {
            leaf: self.leaf,
            tok,
            ntok,
            nleaf: self.nleaf as u8,
        }
    }
}
