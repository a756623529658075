//! Integer tuples: the vocabulary of shapes, strides and coordinates (seed 000 §2.1–2.2).
//!
//! An [`IntTuple`] is an integer `12` or a hierarchical tuple such as `(4,(2,2))`. It is stored
//! without heap as its structure (a packed token sequence: open, close, leaf, `_`) plus the
//! leaves in order, so `flatten` is the leaf slice itself and every value is a `Copy` struct of
//! 280 bytes.
//!
//! The capacities: the whole oracle corpus (CuTe C++'s results included) never exceeds 10 leaves
//! or depth 4, but `cute-static`'s walk of a composition gives each leaf of `B` a slot per leaf
//! of `A`, and lowering such a mixed result takes up to 32 leaves; a tuple holds [`MAX_LEAVES`]
//! leaves, [`MAX_TOKENS`] tokens and depth [`MAX_DEPTH`]. Past them an operation fails with
//! [`ErrorKind::Capacity`].

use core::fmt;

use crate::error::ErrorKind;
pub use crate::tokens::MAX_TOKENS;
use crate::tokens::{Tokens, CLOSE, LEAF, OPEN, TOKEN_BYTES, UNDER};

/// The most leaves (integers) one tuple holds.
pub const MAX_LEAVES: usize = 32;
/// The deepest nesting one tuple holds.
pub const MAX_DEPTH: usize = 8;

/// An integer or a hierarchical tuple of integers, e.g. `12`, `(12)` or `(4,(2,2))`.
///
/// Coordinates may also hold `_` (a slicing wildcard), written as in CuTe.
#[derive(Clone, Copy)]
pub struct IntTuple {
    leaf: [i64; MAX_LEAVES],
    tok: [u8; TOKEN_BYTES],
    ntok: u8,
    nleaf: u8,
}

/// A borrowed node of an [`IntTuple`]: a leaf, a `_`, or a tuple with its children.
#[derive(Clone, Copy)]
pub struct View<'a> {
    tok: Tokens,
    leaf: &'a [i64],
}

/// Iterator over the top-level children of a [`View`].
#[derive(Clone)]
pub struct Children<'a> {
    tok: Tokens,
    leaf: &'a [i64],
    t: usize,
    l: usize,
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

/// Builds an [`IntTuple`] token by token, failing with [`ErrorKind::Capacity`] past the limits.
#[derive(Clone, Copy)]
pub(crate) struct Builder {
    tok: Tokens,
    leaf: [i64; MAX_LEAVES],
    nleaf: usize,
    depth: usize,
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

    fn push_tok(&mut self, tok: u8) -> Result<(), ErrorKind> {
        if self.tok.len() >= MAX_TOKENS {
            return Err(ErrorKind::Capacity);
        }
        self.tok.push(tok);
        Ok(())
    }

    /// A builder holding an open tuple.
    #[must_use]
    pub(crate) const fn opened() -> Self {
        let mut b = Builder::new();
        b.tok.push(OPEN);
        b.depth = 1;
        b
    }

    /// Opens a tuple.
    pub(crate) fn open(&mut self) -> Result<(), ErrorKind> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ErrorKind::Capacity);
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
            return Err(ErrorKind::Capacity);
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
        if self.tok.len() + v.tok.len() > MAX_TOKENS || nl + v.leaf.len() > MAX_LEAVES {
            return Err(ErrorKind::Capacity);
        }
        if self.depth + v.depth() > MAX_DEPTH {
            return Err(ErrorKind::Capacity);
        }
        self.tok.append(v.tok);
        self.leaf[nl..nl + v.leaf.len()].copy_from_slice(v.leaf);
        self.nleaf += v.leaf.len();
        Ok(())
    }

    /// Appends the children of `v` (or `v` itself when it is an integer or `_`).
    pub(crate) fn splice(&mut self, v: View<'_>) -> Result<(), ErrorKind> {
        if v.is_tuple() {
            for c in v.children() {
                self.view(c)?;
            }
            Ok(())
        } else {
            self.view(v)
        }
    }

    /// The finished tuple.
    #[must_use]
    pub(crate) fn finish(self) -> IntTuple {
        let (tok, ntok) = self.tok.to_bytes();
        IntTuple {
            leaf: self.leaf,
            tok,
            ntok,
            nleaf: self.nleaf as u8,
        }
    }
}

impl IntTuple {
    const EMPTY: IntTuple = IntTuple {
        leaf: [0; MAX_LEAVES],
        tok: [0; TOKEN_BYTES],
        ntok: 0,
        nleaf: 0,
    };

    /// The structure.
    #[inline(always)]
    pub(crate) const fn tokens(&self) -> Tokens {
        Tokens::from_bytes(self.tok, self.ntok)
    }

    /// Stores `tokens` as the structure.
    #[inline(always)]
    const fn set_tokens(&mut self, tokens: Tokens) {
        (self.tok, self.ntok) = tokens.to_bytes();
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
        while k < TOKEN_BYTES {
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
        let (mut p, mut k) = (1i64, 0usize);
        while k < self.nleaf as usize {
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
        if self.ntok == 1 {
            sizes[0] = self.leaf[0];
            return (sizes, first, 1);
        }
        let (mut depth, mut modes, mut l, mut t) = (0usize, 0usize, 0usize, 0usize);
        let tok = self.tokens();
        while t < tok.len() {
            match tok.get(t) {
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

    /// A copy of a node.
    pub fn from_view(v: View<'_>) -> Result<IntTuple, ErrorKind> {
        let mut b = Builder::new();
        b.view(v)?;
        Ok(b.finish())
    }

    /// The root node.
    #[must_use]
    pub fn view(&self) -> View<'_> {
        View {
            tok: self.tokens(),
            leaf: &self.leaf[..self.nleaf as usize],
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

    /// `compatible(self, other)` (seed 000 §2.2.1): every coordinate of `self` is a coordinate of
    /// `other`; an integer in `self` matches a subtree of `other` with the same size.
    #[must_use]
    pub fn compatible(&self, other: &IntTuple) -> bool {
        compatible(self.view(), other.view())
    }

    /// Exclusive prefix products with the profile of `self` (the compact column-major strides).
    pub fn prefix_product(&self) -> Result<IntTuple, ErrorKind> {
        crate::stride::compact_left(self, 1)
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

fn weakly_congruent(a: View<'_>, b: View<'_>) -> bool {
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

fn compatible(a: View<'_>, b: View<'_>) -> bool {
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

impl core::str::FromStr for IntTuple {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::parse::Parser::new(s).finish_with(|p| p.int_tuple(true))
    }
}

impl From<i64> for IntTuple {
    fn from(v: i64) -> Self {
        IntTuple::int(v)
    }
}

/// Checked product.
#[inline(always)]
pub(crate) fn mul(a: i64, b: i64) -> Result<i64, ErrorKind> {
    a.checked_mul(b).ok_or(ErrorKind::Overflow)
}

/// C++'s truncating division and remainder, `(i / s, i % s)`, as a checked pair: CuTe splits a
/// negative index this way, so `(2,3):(2,1)` at `-1` is the coordinate `(-1,0)`, offset `-2`
/// (what makes `composition((2,3):(2,1), 6:-1) = (2,3):(-2,-1)` exact).
#[inline(always)]
pub(crate) fn divmod(i: i64, s: i64) -> Result<(i64, i64), ErrorKind> {
    if s == 0 {
        return Err(ErrorKind::DivisionByZero);
    }
    Ok((
        i.checked_div(s).ok_or(ErrorKind::Overflow)?,
        i.checked_rem(s).ok_or(ErrorKind::Overflow)?,
    ))
}

/// The colexicographic split of `i` over `shape` (the flattened leaves of a shape): calls
/// `digit(k, c_k)` for each leaf, where the last leaf takes whatever is left, so an index past the
/// size lands in the last mode (seed 000 Eq. 4). Negative indices split with C++'s truncating
/// division, as CuTe's `idx2crd` does.
#[inline(always)]
pub(crate) fn colex_split(
    shape: &[i64],
    mut i: i64,
    mut digit: impl FnMut(usize, i64) -> Result<(), ErrorKind>,
) -> Result<(), ErrorKind> {
    let Some(last) = shape.len().checked_sub(1) else {
        return Ok(());
    };
    for (k, &s) in shape[..last].iter().enumerate() {
        // Without the checks where they cannot fail (the common case).
        let (q, r) = if i >= 0 && s > 0 {
            (i / s, i % s)
        } else if s == 0 {
            // Index 0 is the zero coordinate of any shape; no other index passes an empty mode.
            if i != 0 {
                return Err(ErrorKind::EmptyMode { mode: k });
            }
            (0, 0)
        } else {
            divmod(i, s)?
        };
        digit(k, r)?;
        i = q;
    }
    digit(last, i)
}

/// Checked sum.
#[inline(always)]
pub(crate) fn add(a: i64, b: i64) -> Result<i64, ErrorKind> {
    a.checked_add(b).ok_or(ErrorKind::Overflow)
}

/// `ceil_div(a, b)` on integers, as CuTe computes it: `(a + b - 1) / b`.
pub(crate) fn ceil_div_int(a: i64, b: i64) -> Result<i64, ErrorKind> {
    if b == 0 {
        return Err(ErrorKind::DivisionByZero);
    }
    let num = add(a, b.checked_sub(1).ok_or(ErrorKind::Overflow)?)?;
    num.checked_div(b).ok_or(ErrorKind::Overflow)
}

/// `shape_div(a, b)` on integers: `ceil_div` after requiring `a % b == 0 || b % a == 0`.
pub(crate) fn shape_div_int(a: i64, b: i64) -> Result<i64, ErrorKind> {
    if a == 0 || b == 0 {
        return Err(ErrorKind::DivisionByZero);
    }
    let divides = |x: i64, y: i64| x.checked_rem(y).is_some_and(|r| r == 0);
    if !divides(a, b) && !divides(b, a) {
        return Err(ErrorKind::ShapeDivDivisibility { a, b });
    }
    ceil_div_int(a, b)
}

/// `ceil_div(a, b)` on integer tuples (CuTe `int_tuple.hpp`):
/// tuple ÷ tuple is by mode (missing modes of `b` are 1), tuple ÷ integer folds `b` across the
/// modes of `a`, integer ÷ tuple divides by `product(b)`.
pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, ErrorKind> {
    tuple_div(a, b, ceil_div_int, true)
}

/// `shape_div(a, b)` (CuTe `int_tuple.hpp`): like [`ceil_div`], but each integer division
/// requires `a % b == 0 || b % a == 0`, and tuple ÷ tuple needs equal ranks.
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, ErrorKind> {
    tuple_div(a, b, shape_div_int, false)
}

/// The fold behind [`ceil_div`] and [`shape_div`]: `div` on integers, `pad` when a shorter tuple
/// divisor is padded with 1s.
fn tuple_div(
    a: &IntTuple,
    b: &IntTuple,
    div: fn(i64, i64) -> Result<i64, ErrorKind>,
    pad: bool,
) -> Result<IntTuple, ErrorKind> {
    if a.view().has_under() || b.view().has_under() {
        return Err(ErrorKind::InvalidParameters);
    }
    let mut out = Builder::new();
    tuple_div_into(&mut out, a.view(), b.view(), div, pad)?;
    Ok(out.finish())
}

fn tuple_div_into(
    out: &mut Builder,
    a: View<'_>,
    b: View<'_>,
    div: fn(i64, i64) -> Result<i64, ErrorKind>,
    pad: bool,
) -> Result<(), ErrorKind> {
    match (a.is_tuple(), b.is_tuple()) {
        (true, true) => {
            if a.rank() < b.rank() || (!pad && a.rank() != b.rank()) {
                return Err(ErrorKind::RankMismatch {
                    left: a.rank(),
                    right: b.rank(),
                });
            }
            out.open()?;
            let one = IntTuple::int(1);
            let mut bs = b.children();
            for x in a.children() {
                let y = bs.next().unwrap_or(one.view());
                tuple_div_into(out, x, y, div, pad)?;
            }
            out.close()
        }
        (true, false) => {
            let mut rest = b.product()?;
            out.open()?;
            for x in a.children() {
                tuple_div_into(out, x, IntTuple::int(rest).view(), div, pad)?;
                rest = div(rest, x.product()?)?;
            }
            out.close()
        }
        (false, _) => out.int(div(a.product()?, b.product()?)?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    #[test]
    fn profile_queries() {
        let s = t("(4,(2,2))");
        assert_eq!(s.rank(), 2);
        assert_eq!(s.depth(), 2);
        assert_eq!(s.product().unwrap(), 16);
        assert_eq!(s.flatten().unwrap(), t("(4,2,2)"));
        assert_eq!(t("12").rank(), 1);
        assert_eq!(t("12").depth(), 0);
        assert_eq!(t("(12)").depth(), 1);
        assert_eq!(s.mode(1).unwrap(), t("(2,2)"));
        assert_eq!(s.prefix_product().unwrap(), t("(1,(4,8))"));
    }

    #[test]
    fn congruence_and_compatibility() {
        assert!(t("(4,(2,2))").congruent(&t("(1,(3,5))")));
        assert!(!t("(4,4)").congruent(&t("(4,(2,2))")));
        assert!(t("(4,4)").weakly_congruent(&t("(4,(2,2))")));
        assert!(!t("(4,(2,2))").weakly_congruent(&t("(4,4)")));
        assert!(t("16").compatible(&t("(4,(2,2))")));
        assert!(t("(4,4)").compatible(&t("(4,(2,2))")));
        assert!(!t("(4,4)").compatible(&t("(2,(4,2))")));
    }

    #[test]
    fn divisions() {
        assert_eq!(shape_div(&t("(4,5,6)"), &t("40")).unwrap(), t("(1,1,3)"));
        assert_eq!(ceil_div(&t("(4,6)"), &t("8")).unwrap(), t("(1,3)"));
        assert_eq!(ceil_div(&t("(4,6)"), &t("(3)")).unwrap(), t("(2,6)"));
        assert!(shape_div(&t("6"), &t("4")).is_err());
    }

    #[test]
    fn capacity_is_an_error() {
        let mut b = Builder::new();
        b.open().unwrap();
        let r = (0..=MAX_LEAVES).try_for_each(|i| b.int(i as i64));
        assert_eq!(r, Err(ErrorKind::Capacity));
    }
}
