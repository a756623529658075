//! Pullback, pushforward and the weak composite (Carlisle, Shah, Stern, VanKoughnett,
//! *Fundamentals of CuTe Layout Algebra and Category-theoretic Interpretation*, §5): how `g ∘ f`
//! is formed when `cod f` and `dom g` differ, once both are refined until they meet.

use super::object::{Morphism, STAR};
use super::refinement::mutual_refinement;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{Builder, IntTuple, View, MAX_LEAVES};
use crate::limits::Limit;

/// The relative modes of a refinement `T'` of `T` (`T' ↠ T`): for each entry of the flattened
/// `T`, in order, the node of `T'` in its place.
struct Relative<'a> {
    modes: [View<'a>; MAX_LEAVES],
    len: usize,
}

/// What an unused slot of [`Relative`] holds.
static UNIT: IntTuple = IntTuple::int(1);

impl<'a> Relative<'a> {
    /// The relative modes of `refined` over `t`, checking `refined ↠ t`: the nesting of `t`
    /// above them, each of its entry's size, every entry a positive integer.
    fn of(t: View<'_>, refined: View<'a>) -> Result<Relative<'a>, ErrorKind> {
        let mut r = Relative {
            modes: [UNIT.view(); MAX_LEAVES],
            len: 0,
        };
        r.walk(t, refined)?;
        Ok(r)
    }

    fn walk(&mut self, t: View<'_>, refined: View<'a>) -> Result<(), ErrorKind> {
        let entry = self.len + 1;
        if t.is_tuple() {
            if !refined.is_tuple() || refined.rank() != t.rank() {
                return Err(ErrorKind::NotARefinement {
                    entry,
                    size: 0,
                    refined: 0,
                });
            }
            return t
                .children()
                .zip(refined.children())
                .try_for_each(|(a, b)| self.walk(a, b));
        }
        let size = t.as_int().unwrap_or(0);
        let bad = refined.leaves().iter().find(|&&x| x < 1);
        if refined.has_under() || bad.is_some() {
            return Err(ErrorKind::NotARefinement {
                entry,
                size,
                refined: bad.copied().unwrap_or(0).min(0),
            });
        }
        let product = refined.product()?;
        if product != size {
            return Err(ErrorKind::NotARefinement {
                entry,
                size,
                refined: product,
            });
        }
        self.modes[self.len] = refined;
        self.len += 1;
        Ok(())
    }

    /// The relative mode of entry `j` (0-based, `j < len`).
    fn mode(&self, j: usize) -> View<'a> {
        self.modes[j]
    }

    /// Where the pieces of entry `j` start in the flattened refinement (0-based).
    fn start(&self, j: usize) -> usize {
        (0..j).map(|k| self.mode(k).leaves().len()).sum()
    }
}

/// Whether `refined` refines `t` (`T' ↠ T`): it keeps the nesting of `t`, with each
/// entry `t_j` replaced by a positive integer or a (possibly nested) tuple of positive integers
/// of product `t_j` (its relative mode), as [`morphism_pullback`] and [`morphism_pushforward`]
/// require.
///
/// # Examples
/// ```
/// use cute_core::morphism::refines;
/// use cute_core::IntTuple;
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(refines(&t("((2,2),(2,3))"), &t("(4,6)")));
/// assert!(refines(&t("(4,6)"), &t("(4,6)")) && refines(&t("(2,3,4)"), &t("24")));
/// assert!(!refines(&t("((2,3),(2,2))"), &t("(4,6)")) && !refines(&t("(24)"), &t("(4,6)")));
/// ```
#[must_use]
pub fn refines(refined: &IntTuple, t: &IntTuple) -> bool {
    !t.view().has_under() && Relative::of(t.view(), refined.view()).is_ok()
}

/// A node of `t` with each entry `k` for which `with(k)` gives a node replaced by that node:
/// the nesting of `t` kept, entries numbered in flattened order.
fn replace<'a>(
    t: View<'_>,
    with: &impl Fn(usize) -> Option<View<'a>>,
    b: &mut Builder,
    next: &mut usize,
) -> Result<(), ErrorKind> {
    if t.is_tuple() {
        b.open()?;
        for c in t.children() {
            replace(c, with, b, next)?;
        }
        return b.close();
    }
    let k = *next;
    *next += 1;
    match with(k) {
        Some(v) => b.view(v),
        None => b.view(t),
    }
}

/// `t` with its entries replaced as [`replace`] does.
fn replaced<'a>(
    t: &IntTuple,
    with: impl Fn(usize) -> Option<View<'a>>,
) -> Result<IntTuple, ErrorKind> {
    let mut b = Builder::new();
    replace(t.view(), &with, &mut b, &mut 0)?;
    Ok(b.finish())
}

/// The pullback `f'` of `f: S → T` along a refinement `T'` of its codomain: each domain entry sent
/// to `t_j` becomes the relative mode `T'_j`, its pieces sent in order to the entries `T'_j`
/// occupies in `flatten(T')`; an entry sent to `*` stays, sent to `*`. So `f': S' → T'` with
/// `S' ↠ S`, and `L_{f'}` is `L_f` with its modes refined.
///
/// # Errors
/// [`ErrorKind::NotARefinement`] (code `not_a_refinement`) unless `T'` keeps the nesting of `T`
/// with each entry `t_j` replaced by positive integers of product `t_j`, naming the entry;
/// [`ErrorKind::Capacity`] past [`MAX_LEAVES`] domain entries.
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_pullback, Morphism};
/// use cute_core::IntTuple;
/// let f: Morphism = "(6,4)-[2,1]->(4,6)".parse().unwrap();
/// let t: IntTuple = "((2,2),(2,3))".parse().unwrap();
/// assert_eq!(
///     morphism_pullback(&f, &t).unwrap().to_string(),
///     "((2,3),(2,2))-[3,4,1,2]->((2,2),(2,3))"
/// );
/// ```
pub fn morphism_pullback(f: &Morphism, refined: &IntTuple) -> Result<Morphism, Error> {
    let fail = |kind| {
        Error::new(
            Op::MorphismPullback,
            [Some(Operand::from(f)), Some(Operand::from(refined))],
            kind,
        )
    };
    let rel = Relative::of(f.codomain.view(), refined.view()).map_err(fail)?;
    let image = |i: usize| match f.map().get(i) {
        Some(&j) if j != STAR => Some(usize::from(j) - 1),
        _ => None,
    };
    let domain = replaced(&f.domain, |i| image(i).map(|j| rel.mode(j))).map_err(fail)?;
    let mut map = [STAR; MAX_LEAVES];
    let mut n = 0;
    for i in 0..f.map().len() {
        let Some(j) = image(i) else {
            n += 1;
            continue;
        };
        let start = rel.start(j);
        for p in 0..rel.mode(j).leaves().len() {
            // `n < MAX_LEAVES`: the domain just built holds these entries.
            map[n] = (start + p + 1) as u8;
            n += 1;
        }
    }
    Morphism::new(domain, *refined, &map[..n]).map_err(|e| e.within(Op::MorphismPullback))
}

/// The pushforward `g'` of `g: U → V` along a refinement `U'` of its domain: each codomain entry
/// hit by domain entry `i` becomes the relative mode `U'_i`, the others stay; the pieces of `U'_i`
/// go in order onto that block of `V'`, or all to `*` when `g` sends entry `i` to `*`. So
/// `g': U' → V'` with `V' ↠ V`.
///
/// # Errors
/// [`ErrorKind::NotARefinement`] (code `not_a_refinement`) unless `U'` refines `U` (as in
/// [`morphism_pullback`]); [`ErrorKind::Capacity`] past [`MAX_LEAVES`] codomain entries.
///
/// # Examples
/// ```
/// use cute_core::morphism::{morphism_pushforward, Morphism};
/// use cute_core::IntTuple;
/// let g: Morphism = "(6,4)-[2,1]->(4,6,2)".parse().unwrap();
/// let u: IntTuple = "((3,2),4)".parse().unwrap();
/// assert_eq!(
///     morphism_pushforward(&g, &u).unwrap().to_string(),
///     "((3,2),4)-[2,3,1]->(4,(3,2),2)"
/// );
/// ```
pub fn morphism_pushforward(g: &Morphism, refined: &IntTuple) -> Result<Morphism, Error> {
    let fail = |kind| {
        Error::new(
            Op::MorphismPushforward,
            [Some(Operand::from(g)), Some(Operand::from(refined))],
            kind,
        )
    };
    let rel = Relative::of(g.domain.view(), refined.view()).map_err(fail)?;
    // The domain entry that hits each codomain entry.
    let mut by = [None; MAX_LEAVES];
    for (i, &j) in g.map().iter().enumerate() {
        if j != STAR {
            by[usize::from(j) - 1] = Some(i);
        }
    }
    let codomain = replaced(&g.codomain, |k| by[k].map(|i| rel.mode(i))).map_err(fail)?;
    // Where each codomain entry's block starts in the flattened `V'`.
    let mut start = [0usize; MAX_LEAVES];
    let mut at = 0;
    for (k, &x) in by.iter().enumerate().take(g.codomain.leaves().len()) {
        start[k] = at;
        at += x.map_or(1, |i| rel.mode(i).leaves().len());
    }
    let mut map = [STAR; MAX_LEAVES];
    let mut n = 0;
    for (i, &j) in g.map().iter().enumerate() {
        for p in 0..rel.mode(i).leaves().len() {
            if n >= MAX_LEAVES {
                return Err(fail(ErrorKind::Capacity {
                    limit: Limit::Leaves,
                }));
            }
            if j != STAR {
                map[n] = (start[usize::from(j) - 1] + p + 1) as u8;
            }
            n += 1;
        }
    }
    Morphism::new(*refined, codomain, &map[..n]).map_err(|e| e.within(Op::MorphismPushforward))
}

/// The weak composite of `g: U → V` after `f: S → T`: `g' ∘ ι ∘ f'`, where
/// `(T', U') = mutual_refinement(T, U)`, `f'` is the pullback of `f` along `T'`, `g'` the
/// pushforward of `g` along `U'`, and `ι: T' → U'` sends entry `k` to entry `k` (`flatten(T')` is
/// a prefix of `flatten(U')`). Defined whenever `T` and `U` are mutually refinable; equal to
/// `g ∘ f` when `T = U`.
///
/// # Errors
/// [`ErrorKind::NotMutuallyRefinable`] (code `not_mutually_refinable`) from
/// [`mutual_refinement`]; [`ErrorKind::Capacity`] past [`MAX_LEAVES`] entries.
///
/// # Examples
/// ```
/// use cute_core::morphism::{weak_composite, Morphism};
/// let m = |s: &str| s.parse::<Morphism>().unwrap();
/// let w = weak_composite(&m("(2,6,6)-[2,1,3]->(6,2,6)"), &m("(6,6)-[2,1]->(6,6)")).unwrap();
/// assert_eq!(w.to_string(), "((2,3),(2,3))-[2,4,3,1]->((3,2),2,(3,2))");
/// ```
pub fn weak_composite(g: &Morphism, f: &Morphism) -> Result<Morphism, Error> {
    let within = |e: Error| e.within(Op::WeakComposite);
    let (t, u) = mutual_refinement(&f.codomain, &g.domain).map_err(within)?;
    let f1 = morphism_pullback(f, &t).map_err(within)?;
    let g1 = morphism_pushforward(g, &u).map_err(within)?;
    let mut map = [STAR; MAX_LEAVES];
    for (i, &k) in f1.map().iter().enumerate() {
        if k != STAR {
            // `k <= len(flatten(T'))`, a prefix of `flatten(U')`.
            map[i] = g1.map().get(usize::from(k) - 1).copied().unwrap_or(STAR);
        }
    }
    Morphism::new(f1.domain, g1.codomain, &map[..f1.map().len()]).map_err(within)
}
