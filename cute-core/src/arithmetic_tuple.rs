//! Arithmetic-tuple (coordinate) strides and identity layouts (Cecka, *CuTe Layout Representation
//! and Algebra*, §2.3.1, Tables 1 and 4).
//!
//! A coordinate layout has strides that are scaled basis elements `a·e_k` of a coordinate
//! integer-semimodule, so it maps coordinates to coordinates: `(4,8):(e0,e1)` is the identity of
//! the shape `(4,8)`. Composed with a thread-value layout it tells which logical coordinate each
//! thread and value touches, which is what predication needs.

use core::fmt;

use crate::algebra::coalesce::coalesce_tagged;
use crate::algebra::verify::verify_pointwise;
use crate::algebra::walk::{compose_into, Sink};
use crate::algebra::FLAT_MODES;
use crate::arith::{add, colex_split, mul};
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{Builder, IntTuple, View, MAX_DEPTH, MAX_LEAVES};
use crate::layout::Layout;
use crate::limits::{Limit, MAX_LAYOUT_LEAVES};
use crate::parse::Parser;
use crate::stride::eval_flat;

/// The basis element `e_k` of a coordinate space; `k` is a mode index, nested for hierarchical
/// coordinates: `e1` is mode 1, `e(1,0)` mode 0 of mode 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Basis {
    path: [u8; MAX_DEPTH],
    len: u8,
}

impl Basis {
    /// `e_k` for the mode path `path` (outermost index first).
    ///
    /// # Errors
    /// [`ErrorKind::NonPositive`] for an empty path (a basis names a mode);
    /// [`ErrorKind::Capacity`] past [`MAX_DEPTH`] indices.
    pub fn new(path: &[u8]) -> Result<Basis, ErrorKind> {
        if path.is_empty() {
            return Err(ErrorKind::NonPositive { value: 0 });
        }
        if path.len() > MAX_DEPTH {
            return Err(ErrorKind::Capacity {
                limit: Limit::Depth,
            });
        }
        let mut b = Basis {
            path: [0; MAX_DEPTH],
            len: path.len() as u8,
        };
        b.path[..path.len()].copy_from_slice(path);
        Ok(b)
    }

    /// The mode path.
    #[must_use]
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }
}

impl fmt::Display for Basis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path() {
            [k] => write!(f, "e{k}"),
            path => {
                f.write_str("e(")?;
                for (i, k) in path.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{k}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// No basis: the leaf of a stride-0 mode.
const NONE: u8 = u8::MAX;

/// A layout whose strides are scaled basis elements: coordinates to coordinates.
///
/// # Examples
/// ```
/// use cute_core::{CoordLayout, IntTuple};
/// let id = CoordLayout::identity(&"(4,8)".parse().unwrap()).unwrap();
/// assert_eq!(id.to_string(), "(4,8):(e0,e1)");
/// assert_eq!(id.eval(13).unwrap().to_string(), "(1,3)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CoordLayout {
    shape: IntTuple,
    /// The scale `a` of each stride `a·e_k`, congruent to the shape.
    scale: IntTuple,
    /// For each leaf, the leaf of `codomain` its basis points at (`NONE` for stride 0).
    target: [u8; MAX_LEAVES],
    /// For each leaf, its basis.
    basis: [Basis; MAX_LEAVES],
    /// The profile of the coordinates the layout produces (all leaves 0).
    codomain: IntTuple,
}

impl CoordLayout {
    /// The coordinate layout `shape:strides`, with one stride per shape leaf (`None` for 0).
    ///
    /// # Preconditions
    /// The shape is positive; no basis is a prefix of another (`e1` and `e(1,0)` together).
    pub fn new(
        shape: &IntTuple,
        scale: &IntTuple,
        basis: &[Option<Basis>],
    ) -> Result<CoordLayout, Error> {
        let err = |k| Error::new(Op::MakeLayout, [Some(shape.into()), Some(scale.into())], k);
        Layout::new(*shape, *scale)?;
        if basis.len() != shape.leaves().len() {
            return Err(err(ErrorKind::NotCongruent));
        }
        let mut bases = [Basis::default(); MAX_LEAVES];
        let mut n = 0;
        for (k, b) in basis.iter().enumerate() {
            if let (Some(b), true) = (b, scale.leaves()[k] != 0) {
                bases[n] = *b;
                n += 1;
            }
        }
        let mut profile = Builder::new();
        profile_into(&mut profile, &bases[..n], &[]).map_err(err)?;
        let codomain = profile.finish();
        let mut out = CoordLayout {
            shape: *shape,
            scale: *scale,
            target: [NONE; MAX_LEAVES],
            basis: [Basis::default(); MAX_LEAVES],
            codomain,
        };
        for (k, b) in basis.iter().enumerate() {
            if let (Some(b), true) = (b, scale.leaves()[k] != 0) {
                out.basis[k] = *b;
                out.target[k] = leaf_index(codomain.view(), b.path())
                    .ok_or_else(|| err(ErrorKind::BasisClash))?;
            }
        }
        Ok(out)
    }

    /// `make_identity_layout(S)`: `S:(e0,e1,...)` with nested bases for nested modes, so that
    /// `L(c) == c` for every coordinate `c` of `S`. An integer shape `N` gives `N:e0`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::CoordLayout;
    /// let id = CoordLayout::identity(&"(4,(2,3))".parse().unwrap()).unwrap();
    /// assert_eq!(id.to_string(), "(4,(2,3)):(e0,(e(1,0),e(1,1)))");
    /// ```
    pub fn identity(shape: &IntTuple) -> Result<CoordLayout, Error> {
        let mut bases = [None; MAX_LEAVES];
        let mut n = 0;
        let mut path = [0u8; MAX_DEPTH];
        if shape.is_int() {
            bases[0] = Some(
                Basis::new(&[0])
                    .map_err(|k| Error::new(Op::MakeLayout, [Some(shape.into()), None], k))?,
            );
            n = 1;
        } else {
            paths(shape.view(), &mut path, 0, &mut bases, &mut n);
        }
        let scale = shape
            .map(|_| Ok(1))
            .map_err(|k| Error::new(Op::MakeLayout, [Some(shape.into()), None], k))?;
        CoordLayout::new(shape, &scale, &bases[..n])
    }

    /// Parses the coordinate stride that follows `shape:` in notation.
    pub fn parse_stride(p: &mut Parser<'_>, shape: &IntTuple) -> Result<CoordLayout, Error> {
        let mut scale = Builder::new();
        let mut bases = [None; MAX_LEAVES];
        let mut n = 0;
        coord_stride(p, &mut scale, &mut bases, &mut n)?;
        CoordLayout::new(shape, &scale.finish(), &bases[..n])
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// `size`: the number of coordinates.
    #[must_use]
    pub fn size(&self) -> i64 {
        self.shape.leaves().iter().product()
    }

    /// The profile of the coordinates it produces.
    #[must_use]
    pub fn codomain(&self) -> &IntTuple {
        &self.codomain
    }

    /// The stride of leaf `k`, if it is not 0.
    #[must_use]
    pub fn stride_leaf(&self, k: usize) -> Option<(i64, Basis)> {
        (self.target[k] != NONE).then(|| (self.scale.leaves()[k], self.basis[k]))
    }

    /// The leaf of the codomain that leaf `k`'s basis points at, if its stride is not 0.
    pub(crate) fn target_leaf(&self, k: usize) -> Option<usize> {
        (self.target[k] != NONE).then(|| usize::from(self.target[k]))
    }

    /// `L(i)`: the coordinate at index `i` (split colexicographically, as for [`Layout::eval`]).
    pub fn eval(&self, i: i64) -> Result<IntTuple, Error> {
        let err = |k| {
            Error::new(
                Op::Eval,
                [Some(Operand::from(&self.scales())), Some(Operand::from(i))],
                k,
            )
        };
        let mut acc = [0i64; MAX_LEAVES];
        let scale = self.scale.leaves();
        colex_split(self.shape.leaves(), i, |k, digit| {
            if self.target[k] != NONE {
                let t = self.target[k] as usize;
                acc[t] = add(acc[t], mul(digit, scale[k])?)?;
            }
            Ok(())
        })
        .map_err(err)?;
        self.codomain.with_leaves(&acc).ok_or_else(|| {
            err(ErrorKind::Capacity {
                limit: Limit::Leaves,
            })
        })
    }

    /// The layout of the scales alone (for error messages).
    fn scales(&self) -> Layout {
        Layout::for_display(&self.shape, &self.scale)
    }

    /// `coalesce(L)`: the simplest coordinate layout equal to `L` on `[0, size(L))`; modes merge
    /// only along the same basis.
    pub fn coalesce(&self) -> Result<CoordLayout, Error> {
        let err = |k| Error::new(Op::Coalesce, [Some(Operand::from(&self.scales())), None], k);
        let (f, tags, _) = coalesce_tagged(
            self.shape.leaves(),
            self.scale.leaves(),
            Some(&self.target[..self.shape.leaves().len()]),
            false,
        );
        let shape = IntTuple::flat_or_int(f.shape()).map_err(err)?;
        let scale = IntTuple::flat_or_int(f.stride()).map_err(err)?;
        Ok(self.with_modes(&shape, &scale, &tags))
    }

    /// A layout with new modes whose strides keep the bases of `self` they are tagged with.
    fn with_modes(&self, shape: &IntTuple, scale: &IntTuple, tags: &[u8]) -> CoordLayout {
        let mut target = [NONE; MAX_LEAVES];
        let n = tags.len().min(MAX_LEAVES);
        target[..n].copy_from_slice(&tags[..n]);
        let mut out = CoordLayout {
            shape: *shape,
            scale: *scale,
            target,
            ..*self
        };
        for (b, &t) in out.basis.iter_mut().zip(tags).take(shape.leaves().len()) {
            *b = self.basis_of_target(t);
        }
        out
    }

    fn basis_of_target(&self, t: u8) -> Basis {
        (0..self.shape.leaves().len())
            .find(|&k| self.target[k] == t)
            .map_or_else(Basis::default, |k| self.basis[k])
    }

    /// `composition(A, B)` for a coordinate layout `A` and an integer layout `B`: `R(i) == A(B(i))`
    /// as coordinates, with CuTe's normal form (Cecka Table 4, "Coordinate").
    ///
    /// # Preconditions
    /// CuTe's stride and shape divisibility conditions on `coalesce(A)`, and `R(i) == A(B(i))` for
    /// every `i < size(B)`, which is checked pointwise (up to
    /// [`VERIFY_LIMIT`](crate::limits::VERIFY_LIMIT) points).
    ///
    /// # Examples
    /// ```
    /// use cute_core::{CoordLayout, Layout};
    /// let a: CoordLayout = "(8,8):(e0,e1)".parse().unwrap();
    /// let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
    /// assert_eq!(a.compose(&tv).unwrap().to_string(), "((4,8),2):((2e1,e0),e1)");
    /// ```
    pub fn compose(&self, b: &Layout) -> Result<CoordLayout, Error> {
        let err = |k| {
            Error::new(
                Op::Composition,
                [Some(Operand::from(&self.scales())), Some(b.into())],
                k,
            )
        };
        let n = self.shape.leaves().len();
        let (fa, tags, _) = coalesce_tagged(
            self.shape.leaves(),
            self.scale.leaves(),
            Some(&self.target[..n]),
            true,
        );
        let mut out = CoordBuilder {
            shape: Builder::new(),
            scale: Builder::new(),
            tags: [NONE; MAX_LEAVES],
            n: 0,
            from: &tags,
        };
        compose_into(fa.as_ref(), b.view(), &mut out, None, 0).map_err(err)?;
        let r = self.with_modes(&out.shape.finish(), &out.scale.finish(), &out.tags);
        // Exact: the result must be A ∘ B at every index.
        let (bs, bd) = (b.shape().leaves(), b.stride().leaves());
        let pair = |i| -> Result<(IntTuple, IntTuple), ErrorKind> {
            let x = eval_flat(bs, bd, i)?;
            Ok((
                self.eval(x).map_err(|e| e.kind)?,
                r.eval(i).map_err(|e| e.kind)?,
            ))
        };
        let first_difference = |t: &IntTuple, u: &IntTuple| {
            let leaves = t.leaves().iter().zip(u.leaves());
            leaves
                .map(|(p, q)| (*p, *q))
                .find(|(p, q)| p != q)
                .unwrap_or((0, 0))
        };
        verify_pointwise(b.size(), pair, first_difference).map_err(err)?;
        Ok(r)
    }
}

/// Collects the composition walk into a coordinate layout.
struct CoordBuilder<'a> {
    shape: Builder,
    scale: Builder,
    tags: [u8; MAX_LEAVES],
    n: usize,
    from: &'a [u8; FLAT_MODES],
}

impl Sink for CoordBuilder<'_> {
    fn open(&mut self) -> Result<(), ErrorKind> {
        self.shape.open()?;
        self.scale.open()
    }
    fn close(&mut self) -> Result<(), ErrorKind> {
        self.shape.close()?;
        self.scale.close()
    }
    fn leaf(&mut self, s: i64, d: i64, from: Option<usize>) -> Result<(), ErrorKind> {
        // A coordinate layout holds what a layout does.
        if self.n >= MAX_LAYOUT_LEAVES {
            return Err(ErrorKind::Capacity {
                limit: Limit::LayoutLeaves,
            });
        }
        self.shape.int(s)?;
        self.scale.int(d)?;
        self.tags[self.n] = match from {
            Some(k) if d != 0 => self.from[k],
            _ => NONE,
        };
        self.n += 1;
        Ok(())
    }
}

/// The profile (all zeros) that holds every basis path below `prefix`.
fn profile_into(b: &mut Builder, bases: &[Basis], prefix: &[u8]) -> Result<(), ErrorKind> {
    let d = prefix.len();
    let below = bases
        .iter()
        .filter(|x| x.path().len() > d && x.path()[..d] == *prefix);
    match below.map(|x| x.path()[d]).max() {
        None => b.int(0),
        Some(max) => {
            b.open()?;
            let mut path = [0u8; MAX_DEPTH];
            path[..d].copy_from_slice(prefix);
            for c in 0..=max {
                path[d] = c;
                profile_into(b, bases, &path[..=d])?;
            }
            b.close()
        }
    }
}

/// The index, among the leaves of `profile`, of the leaf at mode path `path`.
fn leaf_index(profile: View<'_>, path: &[u8]) -> Option<u8> {
    let mut node = profile;
    let mut offset = 0usize;
    for &k in path {
        let mut children = node.children();
        for _ in 0..k {
            offset += children.next()?.leaves().len();
        }
        node = children.next()?;
    }
    node.is_int().then_some(offset as u8)
}

/// The basis path of every leaf of `shape`, in order.
fn paths(
    shape: View<'_>,
    path: &mut [u8; MAX_DEPTH],
    depth: usize,
    out: &mut [Option<Basis>; MAX_LEAVES],
    n: &mut usize,
) {
    if shape.is_tuple() {
        for (k, c) in shape.children().enumerate() {
            path[depth] = k as u8;
            paths(c, path, depth + 1, out, n);
        }
    } else {
        out[*n] = Basis::new(&path[..depth]).ok();
        *n += 1;
    }
}

impl fmt::Display for CoordLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.shape)?;
        self.scale
            .view()
            .write_with(f, |f, k, _| match self.stride_leaf(k) {
                None => f.write_str("0"),
                Some((1, b)) => write!(f, "{b}"),
                Some((a, b)) => write!(f, "{a}{b}"),
            })
    }
}

impl fmt::Debug for CoordLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl core::str::FromStr for CoordLayout {
    type Err = Error;

    /// `shape:strides` with strides `e0`, `2e1`, `e(1,0)` or `0`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(|p| {
            let shape = p.int_tuple(false)?;
            p.expect(b':', "':' between shape and stride")?;
            CoordLayout::parse_stride(p, &shape)
        })
    }
}

/// Parses a stride tuple whose leaves are `[a]e<k>`, `[a]e(<k>,...)` or `0`.
fn coord_stride(
    p: &mut Parser<'_>,
    scale: &mut Builder,
    bases: &mut [Option<Basis>; MAX_LEAVES],
    n: &mut usize,
) -> Result<(), Error> {
    let cap = |p: &Parser<'_>| p.error(crate::limits::CAPACITY_NOTE);
    if p.eat(b'(') {
        scale.open().map_err(|_| cap(p))?;
        loop {
            coord_stride(p, scale, bases, n)?;
            if p.eat(b')') {
                break;
            }
            p.expect(b',', "',' or ')'")?;
        }
        return scale.close().map_err(|_| cap(p));
    }
    let a = if p.peek().is_some_and(|c| c.is_ascii_digit() || c == b'-') {
        p.int()?
    } else {
        1
    };
    let basis = if p.eat(b'e') {
        let mut path = [0u8; MAX_DEPTH];
        let mut len = 0;
        let mut one = |p: &mut Parser<'_>| -> Result<(), Error> {
            let k = p.int()?;
            if !(0..i64::from(NONE)).contains(&k) || len >= MAX_DEPTH {
                return Err(p.error("a basis index from 0 to 254"));
            }
            path[len] = k as u8;
            len += 1;
            Ok(())
        };
        if p.eat(b'(') {
            loop {
                one(p)?;
                if p.eat(b')') {
                    break;
                }
                p.expect(b',', "',' or ')'")?;
            }
        } else {
            one(p)?;
        }
        Some(Basis::new(&path[..len]).map_err(|_| cap(p))?)
    } else if a == 0 {
        None
    } else {
        return Err(p.error("a basis stride such as e0 or 2e1"));
    };
    if *n >= MAX_LEAVES {
        return Err(cap(p));
    }
    bases[*n] = basis;
    *n += 1;
    scale.int(a).map_err(|_| cap(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> CoordLayout {
        s.parse().unwrap()
    }

    #[test]
    fn identity_layouts_map_coordinates_to_themselves() {
        let shape: IntTuple = "(4,(2,3))".parse().unwrap();
        let id = CoordLayout::identity(&shape).unwrap();
        for i in 0..24 {
            assert_eq!(
                id.eval(i).unwrap(),
                crate::idx2crd(&IntTuple::int(i), &shape).unwrap()
            );
        }
    }

    #[test]
    fn notation_round_trips() {
        for s in [
            "(8,8):(e0,e1)",
            "((4,8),2):((2e1,e0),e1)",
            "(4,(4,2)):(e1,(e0,6e1))",
            "(2,3):(0,e(1,0))",
        ] {
            assert_eq!(c(s).to_string(), s);
        }
        assert!("(2,3):(e0,x)".parse::<CoordLayout>().is_err());
        assert!("(2,3):(e1,e(1,0))".parse::<CoordLayout>().is_err());
    }

    #[test]
    fn table_1_coordinate_layout() {
        // (4,(4,2)):(e1,(e0,6e1)) sends (i,(j,k)) to (j, i + 6k).
        let l = c("(4,(4,2)):(e1,(e0,6e1))");
        // (i,(j,k)) = (2,(3,1)) is index 2 + 3·4 + 1·16.
        assert_eq!(l.eval(2 + 3 * 4 + 16).unwrap().to_string(), "(3,8)");
    }

    #[test]
    fn coalesce_merges_along_one_basis_only() {
        assert_eq!(
            c("(2,4,8):(e0,2e0,e1)").coalesce().unwrap().to_string(),
            "(8,8):(e0,e1)"
        );
        assert_eq!(
            c("(4,8):(e0,4e1)").coalesce().unwrap().to_string(),
            "(4,8):(e0,4e1)"
        );
    }

    #[test]
    fn composition_is_checked_pointwise() {
        let a = c("(8,8):(e0,e1)");
        let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
        assert_eq!(
            a.compose(&tv).unwrap().to_string(),
            "((4,8),2):((2e1,e0),e1)"
        );
        let bad: Layout = "6:3".parse().unwrap();
        assert_eq!(
            c("(4,6,8):(e0,e1,e2)").compose(&bad).unwrap_err().code(),
            "not_admissible"
        );
    }
}
