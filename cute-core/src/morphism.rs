//! Seed 003's morphisms: tractable layouts as the layouts of morphisms of nested tuples
//! (`../shared/specs/seed003-morphisms.md`, the seed's lines in parentheses).
//!
//! A morphism `f: S → T` of the category **Nest** maps each entry of the flattened domain `S` to
//! an entry of the flattened codomain `T` of the same size, or to the basepoint `*`, injectively
//! away from `*` (l.721-741, 987-1009). Its layout `L_f` has the shape `S` and, for an entry
//! sent to `t_j`, the stride `t_1 ⋯ t_{j-1}` (0 for `*`): `T` factors memory into blocks and each
//! mode lands on one (l.802-817). The layouts of morphisms are exactly the **tractable** layouts
//! (l.878-915), those whose strides, sorted, form the chain `d_1 | s_1 d_1 | d_2 | s_2 d_2 | ⋯`;
//! [`to_morphism`] gives a tractable layout's standard form, whose unhit codomain entries are the
//! gaps between its modes.
//!
//! Notation (spec §2.2): `(4,6)-[2,1]->(6,4)`, entries 1-based into the flattened codomain, `*`
//! for the basepoint; domain and codomain keep their nesting (`4-[2]->(3,4)` and `(4)-[2]->(3,4)`
//! differ, as `4:3` and `(4):(3)` do).
//!
//! # Examples
//! ```
//! use cute_core::morphism::{is_tractable, to_morphism, Morphism};
//! use cute_core::Layout;
//! let l: Layout = "(6,4):(1,12)".parse().unwrap();
//! let f = to_morphism(&l).unwrap();
//! assert_eq!(f.to_string(), "(6,4)-[1,3]->(6,2,4)"); // the gap 2 between the two modes
//! assert_eq!(f.layout().unwrap(), l);
//! assert!(!is_tractable(&"(4,6):(1,5)".parse().unwrap()));
//! let g: Morphism = "(8,8,3)-[1,2,*]->(8,8)".parse().unwrap();
//! assert_eq!(g.layout().unwrap().to_string(), "(8,8,3):(1,8,0)");
//! ```

use core::fmt;

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{IntTuple, MAX_LEAVES};
use crate::layout::Layout;

mod refinement;
pub use refinement::mutual_refinement;

/// The map entry of the basepoint `*`.
const STAR: u8 = 0;

/// A morphism `f: S → T` of nested tuples (Nest; a flat domain and codomain is Tuple's case).
///
/// Invariant ([`Morphism::new`]): the domain and codomain have positive entries and no `_`, the
/// map has one entry per domain entry, each `*` or a 1-based codomain entry of the same size, no
/// two the same.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Morphism {
    domain: IntTuple,
    codomain: IntTuple,
    /// `map[i]`: the 1-based codomain entry of domain entry `i`, or [`STAR`].
    map: [u8; MAX_LEAVES],
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
    fn hit(&self) -> [bool; MAX_LEAVES] {
        let mut hit = [false; MAX_LEAVES];
        for &j in self.map() {
            if j != STAR {
                hit[usize::from(j) - 1] = true;
            }
        }
        hit
    }

    /// `L_f` (`from_morphism`, l.802-817): the shape is the domain, and an entry sent to `t_j`
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

    /// Whether `s_i = 1` implies `α(i) = *` (l.882).
    #[must_use]
    pub fn is_non_degenerate(&self) -> bool {
        let s = self.domain.leaves();
        self.map().iter().zip(s).all(|(&j, &x)| x != 1 || j == STAR)
    }

    /// Whether `f` is of standard form (spec §5.5): a flat codomain in which no unhit entry is
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

/// The flat modes `(s, d)` of a layout.
fn modes(l: &Layout) -> impl Iterator<Item = (i64, i64)> + '_ {
    l.shape()
        .leaves()
        .iter()
        .copied()
        .zip(l.stride().leaves().iter().copied())
}

/// The flat modes of non-zero stride in chain order, by `(stride, shape)` ascending, as indices
/// into the flat modes; and their number.
fn chain_order(l: &Layout) -> ([usize; MAX_LEAVES], usize) {
    let (s, d) = (l.shape().leaves(), l.stride().leaves());
    let mut order = [0usize; MAX_LEAVES];
    let mut n = 0;
    for i in (0..s.len()).filter(|&i| d[i] != 0) {
        // Insertion by (stride, shape), stable: equal keys keep the order of the modes.
        let mut k = n;
        while k > 0 && (d[order[k - 1]], s[order[k - 1]]) > (d[i], s[i]) {
            order[k] = order[k - 1];
            k -= 1;
        }
        order[k] = i;
        n += 1;
    }
    (order, n)
}

/// Whether `l` is tractable (spec §4): no negative stride and no empty mode, and the modes of
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
    if let Some((s, d)) = modes(l).find(|&(s, d)| d < 0 || s == 0) {
        return Err(fail(s, d, None));
    }
    let (s, d) = (l.shape().leaves(), l.stride().leaves());
    let (order, n) = chain_order(l);
    for w in order[..n].windows(2) {
        let (a, b) = (w[0], w[1]);
        // A product past `i64` is larger than any stride, so it divides none.
        let divides = s[a].checked_mul(d[a]).is_some_and(|p| d[b] % p == 0);
        if !divides {
            return Err(fail(s[a], d[a], Some(d[b])));
        }
    }
    Ok(())
}

/// The standard form `f_L` of a tractable layout (spec §5.5, l.878-884): the domain is
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
    let (s, d) = (l.shape().leaves(), l.stride().leaves());
    let (order, n) = chain_order(l);
    // Entries of the codomain (each chain mode after its gap), and which mode each hits.
    let mut t = [0i64; 2 * MAX_LEAVES];
    let mut by = [usize::MAX; 2 * MAX_LEAVES];
    let mut len = 0;
    let mut below = 1i64;
    for &i in &order[..n] {
        // Exact, and `s·d` fits: the chain holds (checked above).
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
    }
    let capacity = || {
        Error::new(
            Op::ToMorphism,
            [Some(Operand::from(l)), None],
            ErrorKind::Capacity,
        )
    };
    let codomain = IntTuple::flat(&t[..len]).map_err(|_| capacity())?;
    let mut map = [STAR; MAX_LEAVES];
    for (k, &i) in by[..len].iter().enumerate() {
        if i != usize::MAX {
            map[i] = (k + 1) as u8;
        }
    }
    Morphism::new(*l.shape(), codomain, &map[..s.len()]).map_err(|e| e.within(Op::ToMorphism))
}

/// `g ∘ f` (`compose_morphisms(g, f)`, outer first as `composition`): `f` applied first, the
/// maps composed with `*` absorbing (l.780-788). `L_{g∘f} = L_g ∘ L_f` (l.939-951).
///
/// # Errors
/// [`ErrorKind::NotComposable`] (code `not_composable`) unless `f`'s codomain is `g`'s domain
/// as nested tuples (the same entries and the same nesting).
///
/// # Examples
/// ```
/// use cute_core::morphism::{compose_morphisms, Morphism};
/// let m = |s: &str| s.parse::<Morphism>().unwrap();
/// let gf = compose_morphisms(&m("(6,4)-[2,1]->(4,6)"), &m("(4,6)-[2,1]->(6,4)")).unwrap();
/// assert_eq!(gf.to_string(), "(4,6)-[1,2]->(4,6)");
/// ```
pub fn compose_morphisms(g: &Morphism, f: &Morphism) -> Result<Morphism, Error> {
    if f.codomain != g.domain {
        return Err(Error::new(
            Op::ComposeMorphisms,
            [Some(Operand::from(g)), Some(Operand::from(f))],
            ErrorKind::NotComposable,
        ));
    }
    let mut map = [STAR; MAX_LEAVES];
    for (i, &j) in f.map().iter().enumerate() {
        if j != STAR {
            map[i] = g.map[usize::from(j) - 1];
        }
    }
    Morphism::new(f.domain, g.codomain, &map[..f.map().len()])
        .map_err(|e| e.within(Op::ComposeMorphisms))
}

/// The complement `f^c` (`morphism_complement(f)`, l.957-965, 1107-1118): the unhit codomain
/// entries, in order, as a flat domain (one entry stays a 1-tuple), each sent to itself in `f`'s
/// codomain. `(f, f^c)` is an isomorphism, and `coalesce(L_{f^c}) = complement(L_f, size T)`.
///
/// # Errors
/// [`ErrorKind::NotComplementable`] (code `not_complementable`) when `f` sends an entry to `*`.
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_complement, Morphism};
/// let f: Morphism = "(2,2)-[1,3]->(2,5,2,5)".parse().unwrap();
/// assert_eq!(morphism_complement(&f).unwrap().to_string(), "(5,5)-[2,4]->(2,5,2,5)");
/// ```
pub fn morphism_complement(f: &Morphism) -> Result<Morphism, Error> {
    if f.map().contains(&STAR) {
        return Err(Error::new(
            Op::MorphismComplement,
            [Some(Operand::from(f)), None],
            ErrorKind::NotComplementable,
        ));
    }
    let (t, hit) = (f.codomain.leaves(), f.hit());
    let (mut sizes, mut map, mut n) = ([0i64; MAX_LEAVES], [STAR; MAX_LEAVES], 0);
    for k in (0..t.len()).filter(|&k| !hit[k]) {
        sizes[n] = t[k];
        map[n] = (k + 1) as u8;
        n += 1;
    }
    // At most as many entries as the codomain's: within the capacity.
    let domain = IntTuple::flat(&sizes[..n])
        .map_err(|kind| Error::new(Op::MorphismComplement, [Some(Operand::from(f)), None], kind))?;
    Morphism::new(domain, f.codomain, &map[..n]).map_err(|e| e.within(Op::MorphismComplement))
}

/// The concatenation `(f, g)` (`morphism_concat(f, g)`, l.1123-1137): the domain is the pair
/// `(dom f, dom g)`, the map `f`'s then `g`'s, the codomain shared. `L_{(f,g)} = (L_f, L_g)`.
///
/// # Errors
/// [`ErrorKind::NotConcatenable`] (code `not_concatenable`) unless the codomains are equal (as
/// nested tuples) and no codomain entry is hit by both; [`ErrorKind::Capacity`] past
/// [`MAX_LEAVES`] domain entries.
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_concat, Morphism};
/// let m = |s: &str| s.parse::<Morphism>().unwrap();
/// let fg = morphism_concat(&m("4-[1]->(4,6)"), &m("6-[2]->(4,6)")).unwrap();
/// assert_eq!(fg.to_string(), "(4,6)-[1,2]->(4,6)");
/// assert_eq!(fg.layout().unwrap().to_string(), "(4,6):(1,4)");
/// ```
pub fn morphism_concat(f: &Morphism, g: &Morphism) -> Result<Morphism, Error> {
    let fail = |kind| {
        Error::new(
            Op::MorphismConcat,
            [Some(Operand::from(f)), Some(Operand::from(g))],
            kind,
        )
    };
    let (hf, hg) = (f.hit(), g.hit());
    if f.codomain != g.codomain || hf.iter().zip(&hg).any(|(a, b)| *a && *b) {
        return Err(fail(ErrorKind::NotConcatenable));
    }
    let domain = IntTuple::tuple([f.domain.view(), g.domain.view()]).map_err(fail)?;
    let (a, b) = (f.map(), g.map());
    let mut map = [STAR; MAX_LEAVES];
    map[..a.len()].copy_from_slice(a);
    map[a.len()..a.len() + b.len()].copy_from_slice(b);
    Morphism::new(domain, f.codomain, &map[..a.len() + b.len()])
        .map_err(|e| e.within(Op::MorphismConcat))
}

/// The coalesced morphism (`morphism_coalesce(f)`, l.972-983, 1090-1101, spec §6): entries of
/// size 1 dropped from both objects, then each run of domain entries that both go to `*`, or
/// go to consecutive codomain entries, merged into one, and the codomain entries such a run
/// crosses merged likewise (unhit entries stay apart: the weak coalesce). One run gives an
/// integer domain, none the domain `1` over `*`; the codomain is a flat tuple.
/// `L_{coal f} = coalesce(L_f)` in CuTe's normal form, but for the empty layout (`():()`, whose
/// morphism coalesces to `1:0`).
///
/// # Errors
/// [`ErrorKind::Overflow`] when a merged size passes `i64` (the objects' sizes do).
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_coalesce, Morphism};
/// let f: Morphism = "((2,2,2),2)-[4,1,2,3]->(2,2,2,2)".parse().unwrap();
/// assert_eq!(morphism_coalesce(&f).unwrap().to_string(), "(2,8)-[2,1]->(8,2)");
/// ```
pub fn morphism_coalesce(f: &Morphism) -> Result<Morphism, Error> {
    let overflow = || {
        Error::new(
            Op::MorphismCoalesce,
            [Some(Operand::from(f)), None],
            ErrorKind::Overflow,
        )
    };
    // Squeeze: the domain entries of size 1, then the codomain entries of size 1 (none of which
    // is hit any longer), renumbered.
    let (s0, t0) = (f.domain.leaves(), f.codomain.leaves());
    let mut renumber = [STAR; MAX_LEAVES];
    let (mut t, mut nt) = ([0i64; MAX_LEAVES], 0);
    for (k, &x) in t0.iter().enumerate() {
        if x != 1 {
            t[nt] = x;
            nt += 1;
            renumber[k] = nt as u8;
        }
    }
    let (mut s, mut a, mut ns) = ([0i64; MAX_LEAVES], [STAR; MAX_LEAVES], 0);
    for (i, &x) in s0.iter().enumerate() {
        if x != 1 {
            s[ns] = x;
            let j = f.map()[i];
            a[ns] = if j == STAR {
                STAR
            } else {
                renumber[usize::from(j) - 1]
            };
            ns += 1;
        }
    }
    // Codomain classes: entry `j` joins `j - 1`'s when the domain entry hitting `j - 1` is
    // followed by one that hits `j`.
    // Entry `i` goes to the codomain entry after entry `i - 1`'s.
    let next = |i: usize| i > 0 && a[i] != STAR && a[i - 1] != STAR && a[i] == a[i - 1] + 1;
    let mut joins = [false; MAX_LEAVES];
    for i in (1..ns).filter(|&i| next(i)) {
        joins[usize::from(a[i]) - 1] = true;
    }
    let (mut class_of, mut classes, mut nc) = ([0u8; MAX_LEAVES], [0i64; MAX_LEAVES], 0usize);
    for k in 0..nt {
        if k == 0 || !joins[k] {
            classes[nc] = 1;
            nc += 1;
        }
        classes[nc - 1] = classes[nc - 1].checked_mul(t[k]).ok_or_else(overflow)?;
        class_of[k] = nc as u8;
    }
    // Domain runs: consecutive entries both to `*`, or to consecutive codomain entries.
    let (mut runs, mut map, mut nr) = ([0i64; MAX_LEAVES], [STAR; MAX_LEAVES], 0usize);
    for i in 0..ns {
        let joined = next(i) || (i > 0 && a[i] == STAR && a[i - 1] == STAR);
        if !joined {
            runs[nr] = 1;
            map[nr] = if a[i] == STAR {
                STAR
            } else {
                class_of[usize::from(a[i]) - 1]
            };
            nr += 1;
        }
        runs[nr - 1] = runs[nr - 1].checked_mul(s[i]).ok_or_else(overflow)?;
    }
    let capacity = |kind| Error::new(Op::MorphismCoalesce, [Some(Operand::from(f)), None], kind);
    let (domain, nr) = match nr {
        0 => (IntTuple::int(1), 1),
        1 => (IntTuple::int(runs[0]), 1),
        _ => (IntTuple::flat(&runs[..nr]).map_err(capacity)?, nr),
    };
    let codomain = IntTuple::flat(&classes[..nc]).map_err(capacity)?;
    Morphism::new(domain, codomain, &map[..nr]).map_err(|e| e.within(Op::MorphismCoalesce))
}

/// The logical divide `f ⊘ g = f ∘ (g, g^c)` (`morphism_divide(f, g)`, l.1139-1149): `g` picks
/// the entries of `f`'s domain that form the first mode, its complement the rest.
/// `coalesce(L_{f⊘g}) = coalesce(L_f ⊘ L_g)` for non-degenerate `f` and `g`.
///
/// # Errors
/// [`ErrorKind::NotDivisible`] (code `not_divisible`) unless `g`'s codomain is `f`'s domain (as
/// nested tuples) and `g` sends no entry to `*`.
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_divide, Morphism};
/// let m = |s: &str| s.parse::<Morphism>().unwrap();
/// let q = morphism_divide(&m("(4,8,4,8)-[1,2,3,4]->(4,8,4,8)"), &m("(4,4)-[1,3]->(4,8,4,8)"));
/// assert_eq!(q.unwrap().to_string(), "((4,4),(8,8))-[1,3,2,4]->(4,8,4,8)");
/// ```
pub fn morphism_divide(f: &Morphism, g: &Morphism) -> Result<Morphism, Error> {
    if g.codomain != f.domain || g.map().contains(&STAR) {
        return Err(Error::new(
            Op::MorphismDivide,
            [Some(Operand::from(f)), Some(Operand::from(g))],
            ErrorKind::NotDivisible,
        ));
    }
    let inside = |e: Error| e.within(Op::MorphismDivide);
    let gc = morphism_complement(g).map_err(inside)?;
    compose_morphisms(f, &morphism_concat(g, &gc).map_err(inside)?).map_err(inside)
}

/// The logical product `f ⊗ g = (f, f^c ∘ g)` (`morphism_product(f, g)`, l.1151-1155): `g`
/// repeats `f` over the entries `f` leaves unhit. `L_{f⊗g} = L_f ⊗ L_g` for non-degenerate `f`
/// and `g`.
///
/// # Errors
/// [`ErrorKind::NotProductAdmissible`] (code `not_product_admissible`) unless `f` sends no entry
/// to `*` and `g`'s codomain is the domain of `f`'s complement (its unhit entries, a flat tuple).
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_product, Morphism};
/// let m = |s: &str| s.parse::<Morphism>().unwrap();
/// let p = morphism_product(&m("(2,2)-[1,2]->(2,2,5,5)"), &m("(5,5)-[2,1]->(5,5)"));
/// assert_eq!(p.unwrap().to_string(), "((2,2),(5,5))-[1,2,4,3]->(2,2,5,5)");
/// ```
pub fn morphism_product(f: &Morphism, g: &Morphism) -> Result<Morphism, Error> {
    let refuse = || {
        Error::new(
            Op::MorphismProduct,
            [Some(Operand::from(f)), Some(Operand::from(g))],
            ErrorKind::NotProductAdmissible,
        )
    };
    let Ok(fc) = morphism_complement(f) else {
        return Err(refuse());
    };
    if g.codomain != fc.domain {
        return Err(refuse());
    }
    let inside = |e: Error| e.within(Op::MorphismProduct);
    morphism_concat(f, &compose_morphisms(&fc, g).map_err(inside)?).map_err(inside)
}

/// The sort of a morphism (`morphism_sort(f)`, spec §6): the domain flattened and reordered, the
/// entries sent to `*` first (by size, then position), then the others by their image; the
/// codomain unchanged. `L_{sort f}` is `L_f` with its flat modes sorted by (stride, shape).
///
/// # Errors
/// None for a valid morphism (the `Result` is the table's convention; the domain keeps its
/// number of entries).
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_sort, Morphism};
/// let f: Morphism = "((4,3),2)-[3,*,1]->(2,5,4)".parse().unwrap();
/// let s = morphism_sort(&f).unwrap();
/// assert_eq!(s.to_string(), "(3,2,4)-[*,1,3]->(2,5,4)");
/// assert_eq!(s.layout().unwrap().to_string(), "(3,2,4):(0,1,10)");
/// ```
pub fn morphism_sort(f: &Morphism) -> Result<Morphism, Error> {
    let (s, a) = (f.domain.leaves(), f.map());
    let mut order: [usize; MAX_LEAVES] = core::array::from_fn(|k| k);
    // A key per entry, unique (the position breaks ties): `*` entries before every image.
    let key = |i: usize| {
        if a[i] == STAR {
            (false, s[i], i)
        } else {
            (true, i64::from(a[i]), i)
        }
    };
    order[..s.len()].sort_unstable_by_key(|&i| key(i));
    let sizes: [i64; MAX_LEAVES] = core::array::from_fn(|k| s.get(order[k]).copied().unwrap_or(0));
    let map: [u8; MAX_LEAVES] = core::array::from_fn(|k| a.get(order[k]).copied().unwrap_or(STAR));
    let inside = |e: Error| e.within(Op::MorphismSort);
    let domain = IntTuple::flat(&sizes[..s.len()])
        .map_err(|kind| Error::new(Op::MorphismSort, [Some(Operand::from(f)), None], kind))?;
    Morphism::new(domain, f.codomain, &map[..s.len()]).map_err(inside)
}

#[cfg(test)]
mod tests;
