//! The operations on morphisms: composition, complement, concatenation, coalesce,
//! divide, product and sort, each agreeing with its CuTe counterpart on the layouts.

use super::object::{Morphism, STAR};
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{IntTuple, MAX_LEAVES};

/// `g ∘ f` (`compose_morphisms(g, f)`, outer first as `composition`): `f` applied first, the
/// maps composed with `*` absorbing. `L_{g∘f} = L_g ∘ L_f`.
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

/// The complement `f^c` (`morphism_complement(f)`): the unhit codomain
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

/// The concatenation `(f, g)` (`morphism_concat(f, g)`): the domain is the pair
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

/// The coalesced morphism (`morphism_coalesce(f)`): entries of
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

/// The logical divide `f ⊘ g = f ∘ (g, g^c)` (`morphism_divide(f, g)`): `g` picks
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

/// The logical product `f ⊗ g = (f, f^c ∘ g)` (`morphism_product(f, g)`): `g`
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

/// The sort of a morphism (`morphism_sort(f)`): the domain flattened and reordered, the
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
