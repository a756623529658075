//! Tilers: tuples of layouts applied mode by mode, written `<4:1,8:2>` (Cecka, *CuTe Layout
//! Representation and Algebra*, §3.3.5).
//!
//! A tiler is kept apart from [`Layout`] on purpose: `<4:1,8:1>` tiles mode 0 by `4:1` and mode 1
//! by `8:1`, while the layout `(4,8):(1,4)` is one rank-2 tile of the whole layout.

use core::fmt;

use crate::error::{ErrorKind, Operand};
use crate::int_tuple::IntTuple;
use crate::layout::{Layout, LayoutBuilder};
use crate::limits::{Limit, MAX_TILER_TOKENS};
use crate::tokens::{CLOSE, LEAF, OPEN, UNDER};

/// A tuple of tiles, each a [`Layout`], a nested [`Tiler`] or `_` (the mode kept whole).
///
/// # Examples
/// ```
/// use cute_core::Tiler;
/// let t: Tiler = "<4,8:2>".parse().unwrap();
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.to_string(), "<4:1,8:2>");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiler {
    /// The tile layouts, one top-level mode each, in order.
    elems: Layout,
    nelems: u8,
    tok: [u8; MAX_TILER_TOKENS],
    ntok: u8,
}

/// One mode of a tiler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// A layout tile.
    Layout(Layout),
    /// A nested tiler.
    Tiler(Tiler),
    /// `_`, CuTe's `Underscore` in a tiler: the mode is kept as it is (composition, the divides
    /// and the products leave it whole).
    Under,
}

/// Builds a [`Tiler`].
#[derive(Clone, Copy)]
pub(crate) struct TilerBuilder {
    elems: LayoutBuilder,
    nelems: u8,
    tok: [u8; MAX_TILER_TOKENS],
    ntok: u8,
}

impl Default for TilerBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl TilerBuilder {
    /// An empty builder.
    #[must_use]
    pub(crate) fn new() -> Self {
        TilerBuilder {
            elems: LayoutBuilder::opened(),
            nelems: 0,
            tok: [0; MAX_TILER_TOKENS],
            ntok: 0,
        }
    }

    fn push(&mut self, t: u8) -> Result<(), ErrorKind> {
        let n = self.ntok as usize;
        if n >= MAX_TILER_TOKENS {
            return Err(ErrorKind::Capacity {
                limit: Limit::TilerTokens,
            });
        }
        self.tok[n] = t;
        self.ntok += 1;
        Ok(())
    }

    /// Opens `<`.
    pub(crate) fn open(&mut self) -> Result<(), ErrorKind> {
        self.push(OPEN)
    }

    /// Closes `>`.
    pub(crate) fn close(&mut self) -> Result<(), ErrorKind> {
        self.push(CLOSE)
    }

    /// Appends a layout tile.
    pub(crate) fn layout(&mut self, l: &Layout) -> Result<(), ErrorKind> {
        self.elems.mode(l.view())?;
        self.nelems += 1;
        self.push(LEAF)
    }

    /// Appends `_`.
    pub(crate) fn under(&mut self) -> Result<(), ErrorKind> {
        self.push(UNDER)
    }

    /// The finished tiler.
    pub(crate) fn finish(mut self) -> Result<Tiler, ErrorKind> {
        self.elems.close()?;
        Ok(Tiler {
            elems: self.elems.finish_modes(),
            nelems: self.nelems,
            tok: self.tok,
            ntok: self.ntok,
        })
    }
}

impl Tiler {
    /// The tiler `<t0,t1,...>` of layouts.
    pub fn new(layouts: &[Layout]) -> Result<Tiler, ErrorKind> {
        let mut b = TilerBuilder::new();
        b.open()?;
        for l in layouts {
            b.layout(l)?;
        }
        b.close()?;
        b.finish()
    }

    fn tokens(&self) -> &[u8] {
        &self.tok[..self.ntok as usize]
    }

    /// Number of modes.
    #[must_use]
    pub fn rank(&self) -> usize {
        self.tiles().count()
    }

    /// The modes, in order.
    ///
    /// # Panics
    /// Never: a nested tiler is rebuilt from a part of this one, which always fits.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let tok = self.tokens();
        let mut t = 1usize;
        let mut e = 0usize;
        core::iter::from_fn(move || {
            if t + 1 >= tok.len() {
                return None;
            }
            if tok[t] == LEAF {
                t += 1;
                e += 1;
                return Some(Tile::Layout(
                    self.elems.mode(e - 1).expect("tile element exists"),
                ));
            }
            if tok[t] == UNDER {
                t += 1;
                return Some(Tile::Under);
            }
            // A nested tiler: rebuild it from its span.
            let (t0, e0) = (t, e);
            let mut depth = 0usize;
            loop {
                match tok[t] {
                    OPEN => depth += 1,
                    CLOSE => depth -= 1,
                    UNDER => {}
                    _ => e += 1,
                }
                t += 1;
                if depth == 0 {
                    break;
                }
            }
            let mut b = TilerBuilder::new();
            let mut k = e0;
            for &x in &tok[t0..t] {
                match x {
                    OPEN => b.open().expect("sub-tiler fits"),
                    CLOSE => b.close().expect("sub-tiler fits"),
                    UNDER => b.under().expect("sub-tiler fits"),
                    _ => {
                        b.layout(&self.elems.mode(k).expect("tile element exists"))
                            .expect("sub-tiler fits");
                        k += 1;
                    }
                }
            }
            Some(Tile::Tiler(b.finish().expect("sub-tiler fits")))
        })
    }

    /// Mode `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Tile> {
        self.tiles().nth(i)
    }

    /// Number of layout tiles at all depths.
    #[must_use]
    pub fn leaf_count(&self) -> usize {
        self.nelems as usize
    }
}

impl Tile {
    /// A shape as a tiler, as CuTe takes one: an integer `n` is the tile `n:1`, `_` keeps its
    /// mode, a tuple the tiler of its modes taken the same way (`(32,16)` is `<32:1,16:1>`,
    /// `((4,2),8)` is `<<4:1,2:1>,8:1>`, `(_,8)` is `<_,8:1>`).
    ///
    /// # Errors
    /// [`ErrorKind::NegativeShape`] for a negative integer, [`ErrorKind::Capacity`] past the
    /// tiler's capacity.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{IntTuple, Tile};
    /// let t = Tile::from_shape(&"(32,16)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "<32:1,16:1>");
    /// ```
    pub fn from_shape(shape: &IntTuple) -> Result<Tile, ErrorKind> {
        let v = shape.view();
        if let Some(n) = v.as_int() {
            return Ok(Tile::Layout(unit_tile(n)?));
        }
        if v.is_under() {
            return Ok(Tile::Under);
        }
        let mut b = TilerBuilder::new();
        shape_tiles(&mut b, v)?;
        Ok(Tile::Tiler(b.finish()?))
    }
}

/// The tile `n:1` of an integer `n >= 0`.
fn unit_tile(n: i64) -> Result<Layout, ErrorKind> {
    if n < 0 {
        return Err(ErrorKind::NegativeShape { value: n });
    }
    Layout::int(n, 1).map_err(|e| e.kind)
}

/// The tiler of the shape `v` (a tuple) into `b`: `n:1` per integer, a nested tiler per tuple.
fn shape_tiles(b: &mut TilerBuilder, v: crate::int_tuple::View<'_>) -> Result<(), ErrorKind> {
    if let Some(n) = v.as_int() {
        return b.layout(&unit_tile(n)?);
    }
    if v.is_under() {
        return b.under();
    }
    b.open()?;
    for m in v.children() {
        shape_tiles(b, m)?;
    }
    b.close()
}

impl From<Layout> for Tile {
    fn from(l: Layout) -> Self {
        Tile::Layout(l)
    }
}

impl From<Tiler> for Tile {
    fn from(t: Tiler) -> Self {
        Tile::Tiler(t)
    }
}

impl From<&Layout> for Tile {
    fn from(l: &Layout) -> Self {
        Tile::Layout(*l)
    }
}

impl From<&Tiler> for Tile {
    fn from(t: &Tiler) -> Self {
        Tile::Tiler(*t)
    }
}

impl Tile {
    /// The tile as an operand of an error.
    #[must_use]
    pub fn operand(&self) -> Operand {
        match self {
            Tile::Layout(l) => Operand::from(l),
            Tile::Tiler(t) => Operand::from(t),
            Tile::Under => Operand::of(&"_"),
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Layout(l) => write!(f, "{l}"),
            Tile::Tiler(t) => write!(f, "{t}"),
            Tile::Under => f.write_str("_"),
        }
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<")?;
        for (i, t) in self.tiles().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{t}")?;
        }
        f.write_str(">")
    }
}

impl fmt::Debug for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<&Tiler> for Operand {
    fn from(t: &Tiler) -> Self {
        Operand::of(t)
    }
}
