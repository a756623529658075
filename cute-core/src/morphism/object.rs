//! The morphism type, its layout, tractability and the standard form `f_L`.

use core::fmt;

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{IntTuple, MAX_LEAVES};
use crate::layout::Layout;
use crate::limits::Limit;

/// The map entry of the basepoint `*`.
pub(super) const STAR: u8 = 0;

/// A morphism `f: S → T` of nested tuples (Nest; a flat domain and codomain is Tuple's case).
///
/// Invariant ([`Morphism::new`]): the domain and codomain have positive entries and no `_`, the
/// map has one entry per domain entry, each `*` or a 1-based codomain entry of the same size, no
/// two the same.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Morphism {
    pub(super) domain: IntTuple,
    pub(super) codomain: IntTuple,
    /// `map[i]`: the 1-based codomain entry of domain entry `i`, or [`STAR`].
    pub(super) map: [u8; MAX_LEAVES],
}

impl Morphism {
    /// `f: domain → codomain` with `map[i]` the 1-based entry of the flattened codomain that
    /// entry `i` of the flattened domain goes to, 0 for `*`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidMorphism`] (code `invalid_morphism`) naming the entry: a map of
    /// another length than the domain's entries, an entry past the codomain, two entries to one
    /// codomain entry, an entry to one of another size, or an object with an entry that is not
    /// positive or a `_`.
    pub fn new(domain: IntTuple, codomain: IntTuple, map: &[u8]) -> Result<Morphism, Error> {
        let bad = |entry: usize, why: &'static str| {
            Error::new(
                Op::Morphism,
                [Some(Operand::of(&Raw(&domain, map, &codomain))), None],
                ErrorKind::InvalidMorphism { entry, why },
            )
        };
        if domain.view().has_under() || codomain.view().has_under() {
            return Err(bad(0, "an object holds a `_`"));
        }
        let (s, t) = (domain.leaves(), codomain.leaves());
        if let Some(i) = s.iter().position(|&x| x <= 0) {
            return Err(bad(i + 1, "a domain entry is not positive"));
        }
        if t.iter().any(|&x| x <= 0) {
            return Err(bad(0, "a codomain entry is not positive"));
        }
        if map.len() != s.len() {
            return Err(bad(0, "the map needs one entry per domain entry"));
        }
        let mut hit = [false; MAX_LEAVES];
        for (i, &j) in map.iter().enumerate() {
            if j == STAR {
                continue;
            }
            let k = usize::from(j) - 1;
            if k >= t.len() {
                return Err(bad(i + 1, "it maps past the codomain"));
            }
            if hit[k] {
                return Err(bad(i + 1, "two entries map to one codomain entry"));
            }
            if s[i] != t[k] {
                return Err(bad(i + 1, "it maps to a codomain entry of another size"));
            }
            hit[k] = true;
        }
        let mut m = [STAR; MAX_LEAVES];
        m[..map.len()].copy_from_slice(map);
        Ok(Morphism {
            domain,
            codomain,
            map: m,
        })
    }

    /// The domain `S`, nesting kept.
    #[must_use]
    pub fn domain(&self) -> &IntTuple {
        &self.domain
    }

    /// The codomain `T`, nesting kept.
    #[must_use]
    pub fn codomain(&self) -> &IntTuple {
        &self.codomain
    }

    /// The map: one entry per domain entry, the 1-based codomain entry or 0 for `*`.
    #[must_use]
    pub fn map(&self) -> &[u8] {
        &self.map[..self.domain.leaves().len()]
    }

    /// Which codomain entries some domain entry maps to (0-based).
    pub(super) fn hit(&self) -> [bool; MAX_LEAVES] {
        let mut hit = [false; MAX_LEAVES];
        for &j in self.map() {
            if j != STAR {
                hit[usize::from(j) - 1] = true;
            }
        }
        hit
    }

    /// `L_f` (`from_morphism`): the shape is the domain, and an entry sent to `t_j`
    /// has the stride `t_1 ⋯ t_{j-1}`, one sent to `*` the stride 0.
    ///
    /// # Errors
    /// [`ErrorKind::Overflow`] when a stride or the layout's reach passes `i64`.
    pub fn layout(&self) -> Result<Layout, Error> {
        let overflow = || {
            Error::new(
                Op::FromMorphism,
                [Some(Operand::from(self)), None],
                ErrorKind::Overflow,
            )
        };
        let t = self.codomain.leaves();
        let mut prefix = [0i64; MAX_LEAVES];
        let mut p = 1i64;
        for (k, &x) in t.iter().enumerate() {
            prefix[k] = p;
            // The last product is no stride: a size past `i64` is the layout's own check.
            p = p.checked_mul(x).unwrap_or(i64::MAX);
        }
        let mut d = [0i64; MAX_LEAVES];
        for (i, &j) in self.map().iter().enumerate() {
            if j != STAR {
                d[i] = prefix[usize::from(j) - 1];
            }
        }
        let n = self.map().len();
        let stride = self.domain.with_leaves(&d[..n]).ok_or_else(overflow)?;
        Layout::new(self.domain, stride).map_err(|e| e.within(Op::FromMorphism))
    }

    /// Whether `s_i = 1` implies `α(i) = *`.
    #[must_use]
    pub fn is_non_degenerate(&self) -> bool {
        let s = self.domain.leaves();
        self.map().iter().zip(s).all(|(&j, &x)| x != 1 || j == STAR)
    }

    /// Whether `f` is of standard form: a flat codomain in which no unhit entry is
    /// a 1, the last, or followed by another unhit one. For a non-degenerate `f` this is
    /// `f == to_morphism(L_f)`.
    #[must_use]
    pub fn is_standard_form(&self) -> bool {
        let v = self.codomain.view();
        if !v.is_tuple() || v.children().any(|c| !c.is_int()) {
            return false;
        }
        let (t, hit) = (self.codomain.leaves(), self.hit());
        (0..t.len()).all(|k| hit[k] || (t[k] != 1 && k + 1 < t.len() && hit[k + 1]))
    }
}

/// A domain, map and codomain printed as a morphism, valid or not (an error's operand).
struct Raw<'a>(&'a IntTuple, &'a [u8], &'a IntTuple);

impl fmt::Display for Raw<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-[", self.0)?;
        for (i, &j) in self.1.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if j == STAR {
                f.write_str("*")?;
            } else {
                write!(f, "{j}")?;
            }
        }
        write!(f, "]->{}", self.2)
    }
}

impl fmt::Display for Morphism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Raw(&self.domain, self.map(), &self.codomain).fmt(f)
    }
}

impl fmt::Debug for Morphism {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Morphism({self})")
    }
}

impl From<&Morphism> for Operand {
    fn from(m: &Morphism) -> Self {
        Operand::of(m)
    }
}

/// The flat modes of non-zero stride in chain order, by `(stride, shape)` ascending, as indices
/// into the flat modes; and their number. Const, for [`super::const_standard_form`] too.
const fn chain_order(l: &Layout) -> ([usize; MAX_LEAVES], usize) {
    let (s, d) = (l.shape().const_leaves(), l.stride().const_leaves());
    let (mut order, mut n, mut i) = ([0usize; MAX_LEAVES], 0, 0);
    while i < s.len() {
        if d[i] != 0 {
            // Insertion by (stride, shape), stable: equal keys keep the order of the modes.
            let mut k = n;
            while k > 0
                && (d[order[k - 1]] > d[i] || (d[order[k - 1]] == d[i] && s[order[k - 1]] > s[i]))
            {
                order[k] = order[k - 1];
                k -= 1;
            }
            order[k] = i;
            n += 1;
        }
        i += 1;
    }
    (order, n)
}

/// The mode `s:d` that keeps `l` from being tractable, and the next stride of the chain it does
/// not divide (`None` for a negative stride or an empty mode, found first); `None` when `l` is
/// tractable. Const, for [`super::const_standard_form`] too.
pub(super) const fn chain_break(l: &Layout) -> Option<(i64, i64, Option<i64>)> {
    let (s, d) = (l.shape().const_leaves(), l.stride().const_leaves());
    let mut k = 0;
    while k < s.len() {
        if d[k] < 0 || s[k] == 0 {
            return Some((s[k], d[k], None));
        }
        k += 1;
    }
    let (order, n) = chain_order(l);
    k = 0;
    while k + 1 < n {
        let (a, b) = (order[k], order[k + 1]);
        // A product past `i64` is larger than any stride, so it divides none.
        let divides = match s[a].checked_mul(d[a]) {
            Some(p) => d[b] % p == 0,
            None => false,
        };
        if !divides {
            return Some((s[a], d[a], Some(d[b])));
        }
        k += 1;
    }
    None
}

/// The standard form of a tractable `l` ([`to_morphism`]), `None` when its codomain has more
/// than [`MAX_LEAVES`] entries. Const, for [`super::const_standard_form`] too.
pub(super) const fn standard_form(l: &Layout) -> Option<Morphism> {
    let (s, d) = (l.shape().const_leaves(), l.stride().const_leaves());
    let (order, n) = chain_order(l);
    // Entries of the codomain (each chain mode after its gap), and which mode each hits.
    let mut t = [0i64; 2 * MAX_LEAVES];
    let mut by = [usize::MAX; 2 * MAX_LEAVES];
    let (mut len, mut below, mut k) = (0, 1i64, 0);
    while k < n {
        let i = order[k];
        // Exact, and `s·d` fits: the chain holds.
        let gap = d[i] / below;
        if gap != 1 {
            t[len] = gap;
            len += 1;
        }
        t[len] = s[i];
        by[len] = i;
        len += 1;
        // Past the last mode of the chain the product is not used (and may pass `i64`).
        below = s[i].wrapping_mul(d[i]);
        k += 1;
    }
    if len > MAX_LEAVES {
        return None;
    }
    let mut map = [STAR; MAX_LEAVES];
    k = 0;
    while k < len {
        if by[k] != usize::MAX {
            map[by[k]] = (k + 1) as u8;
        }
        k += 1;
    }
    Some(Morphism {
        domain: IntTuple::from_view_const(l.shape()),
        codomain: IntTuple::const_flat(t.split_at(len).0),
        map,
    })
}

/// Whether `l` is tractable: no negative stride and no empty mode, and the modes of
/// non-zero stride, sorted by `(stride, shape)`, form the chain `s_k d_k | d_{k+1}`. Size-1
/// modes count (`(1,4):(3,1)` is not tractable; `(4,1):(1,4)` is), stride-0 modes do not.
///
/// # Examples
/// ```
/// use cute_core::morphism::is_tractable;
/// let t = |s: &str| is_tractable(&s.parse().unwrap());
/// assert!(t("((2,2),(2,2)):((8,1),(4,2))") && t("(3,7):(2,30)") && t("():()"));
/// assert!(!t("(2,3,2,3):(12,6,1,2)") && !t("(2,2):(1,1)"));
/// ```
#[must_use]
pub fn is_tractable(l: &Layout) -> bool {
    tractability(l).is_ok()
}

/// [`is_tractable`] as a check whose error names the pair that breaks the chain.
///
/// # Errors
/// [`ErrorKind::NotTractable`] (code `not_tractable`): the mode `s:d` whose `s·d` does not divide
/// the next stride of the chain, a negative stride, or an empty mode (a shape 0 is outside the
/// theory).
///
/// # Examples
/// ```
/// use cute_core::morphism::tractability;
/// let e = tractability(&"(2,3,2,3):(12,6,1,2)".parse().unwrap()).unwrap_err();
/// assert_eq!(e.code(), "not_tractable");
/// assert!(e.to_string().contains("3·6 does not divide the next stride 12"), "{e}");
/// ```
pub fn tractability(l: &Layout) -> Result<(), Error> {
    let fail = |shape, stride, next| {
        Error::new(
            Op::IsTractable,
            [Some(Operand::from(l)), None],
            ErrorKind::NotTractable {
                shape,
                stride,
                next,
            },
        )
    };
    match chain_break(l) {
        Some((s, d, next)) => Err(fail(s, d, next)),
        None => Ok(()),
    }
}

/// The standard form `f_L` of a tractable layout: the domain is
/// `shape(L)`, the codomain the flat tuple of the modes of non-zero stride in chain order, each
/// after the gap below it (`d_1`, then `d_{k+1} / (s_k d_k)`), the gaps equal to 1 left out;
/// stride-0 modes map to `*`. `L_{f_L} == L` for every tractable `L`.
///
/// # Errors
/// [`ErrorKind::NotTractable`] unless `L` is tractable ([`tractability`]); [`ErrorKind::Capacity`]
/// when the codomain has more than [`MAX_LEAVES`] entries.
///
/// # Examples
/// ```
/// use cute_core::morphism::to_morphism;
/// let f = |s: &str| to_morphism(&s.parse().unwrap()).unwrap().to_string();
/// assert_eq!(f("((4,8),(2,2)):((32,1),(16,8))"), "((4,8),(2,2))-[4,1,3,2]->(8,2,2,4)");
/// assert_eq!(f("((4,2),(3,7)):((3,60),(1,0))"), "((4,2),(3,7))-[2,4,1,*]->(3,4,5,2)");
/// assert_eq!(f("4:3"), "4-[2]->(3,4)");
/// ```
pub fn to_morphism(l: &Layout) -> Result<Morphism, Error> {
    tractability(l).map_err(|e| e.within(Op::ToMorphism))?;
    standard_form(l).ok_or_else(|| {
        Error::new(
            Op::ToMorphism,
            [Some(Operand::from(l)), None],
            // The codomain is a flat tuple.
            ErrorKind::Capacity {
                limit: Limit::Leaves,
            },
        )
    })
}
