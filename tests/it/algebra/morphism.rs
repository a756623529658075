//! The laws of Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe Layout Algebra and
//! Category-theoretic Interpretation*, on random layouts and morphisms: tractability is the chain
//! in some order of the modes, the layout of a morphism is its realization, the standard form is a
//! round trip, and composing morphisms composes their layouts; composition by mutual refinement
//! cross-checks CuTe's composition.

use cute::morphism::{
    compose_morphisms, composition_via_morphisms, is_tractable, morphism_coalesce,
    morphism_complement, morphism_concat, morphism_divide, morphism_product, morphism_sort,
    mutual_refinement, refines, to_morphism, weak_composite, Morphism,
};
use cute::{
    coalesce, complement, composition, logical_divide, logical_product, IntTuple, Layout, Tile,
};
use proptest::prelude::*;

use crate::hostile::morphism::unit_strides_nulled;
use crate::strategy::{config, layout};

/// Whether the modes `rest` have an order in which each `s·d` divides the next stride, the
/// first stride a multiple of `below`.
fn some_order(rest: &mut Vec<(i64, i64)>, below: i64) -> bool {
    if rest.is_empty() {
        return true;
    }
    for k in 0..rest.len() {
        let (s, d) = rest[k];
        if d % below == 0 {
            rest.remove(k);
            let ok = some_order(rest, s * d);
            rest.insert(k, (s, d));
            if ok {
                return true;
            }
        }
    }
    false
}

/// Tractability by brute force over the orders of the modes of non-zero stride (the definition: a
/// column-major layout with modes removed, permuted and stride-0 modes inserted): some order in
/// which each `s·d` divides the next stride. `None` past 7 such modes.
fn tractable_by_orders(l: &Layout) -> Option<bool> {
    let modes: Vec<(i64, i64)> = l
        .shape()
        .leaves()
        .iter()
        .copied()
        .zip(l.stride().leaves().iter().copied())
        .collect();
    if modes.iter().any(|&(s, d)| s == 0 || d < 0) {
        return Some(false);
    }
    let live: Vec<(i64, i64)> = modes.into_iter().filter(|&(_, d)| d != 0).collect();
    if live.len() > 7 {
        return None;
    }
    Some(some_order(&mut live.clone(), 1))
}

/// A morphism into the flat codomain `cod` from its text: the entries of `cod` that `hit`
/// marks, and `stars` entries sent to `*`, as the domain in the order `order` (the first two
/// grouped when `nest`).
fn morphism_into(
    cod: &[i64],
    hit: &[bool],
    stars: &[i64],
    order: &[usize],
    nest: bool,
) -> Morphism {
    let mut entries: Vec<(i64, String)> = cod
        .iter()
        .enumerate()
        .filter(|&(j, _)| hit[j])
        .map(|(j, &t)| (t, (j + 1).to_string()))
        .collect();
    entries.extend(stars.iter().map(|&s| (s, "*".to_string())));
    let entries: Vec<_> = order
        .iter()
        .filter(|&&k| k < entries.len())
        .map(|&k| entries[k].clone())
        .collect();
    let sizes: Vec<String> = entries.iter().map(|e| e.0.to_string()).collect();
    let domain = if nest && sizes.len() >= 2 {
        let mut text = format!("(({},{})", sizes[0], sizes[1]);
        for s in &sizes[2..] {
            text.push(',');
            text.push_str(s);
        }
        text + ")"
    } else {
        format!("({})", sizes.join(","))
    };
    let map: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
    let text = format!("{domain}-[{}]->{}", map.join(","), flat(cod));
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `(t1,...,tn)`.
fn flat(t: &[i64]) -> String {
    let t: Vec<String> = t.iter().map(i64::to_string).collect();
    format!("({})", t.join(","))
}

/// Whether a mutual refinement of the flat tuples `t` and `u` exists, by the spec's independent
/// criterion (§7.1): `size T <= size U`, and the prefix products of `t`, those of `u` up to
/// `size T` and the first one of `u` at or above it form one divisibility chain (and an empty
/// `U` refines with an empty `T` only).
fn refinable(t: &[i64], u: &[i64]) -> bool {
    let prefixes = |v: &[i64]| -> Vec<i64> {
        v.iter()
            .scan(1i64, |p, &x| {
                *p *= x;
                Some(*p)
            })
            .collect()
    };
    let size_t: i64 = t.iter().product();
    if u.is_empty() && !t.is_empty() {
        // No entry of `U` can take a piece of `T`.
        return false;
    }
    let pu = prefixes(u);
    if size_t > pu.last().copied().unwrap_or(1) {
        return false;
    }
    let mut chain = prefixes(t);
    chain.extend(pu.iter().copied().take_while(|&p| p < size_t));
    chain.extend(pu.iter().copied().find(|&p| p >= size_t));
    chain.sort_unstable();
    chain.windows(2).all(|w| w[1] % w[0] == 0)
}

/// A random morphism: a flat codomain of up to 5 entries, a domain of some of them and up to two
/// `*` entries, shuffled, sometimes nested.
fn morphism() -> impl Strategy<Value = Morphism> {
    (
        prop::collection::vec(1..=6i64, 0..=5),
        prop::collection::vec(any::<bool>(), 5),
        prop::collection::vec(1..=4i64, 0..=2),
        Just((0..8).collect::<Vec<usize>>()).prop_shuffle(),
        any::<bool>(),
    )
        .prop_map(|(cod, hit, stars, order, nest)| morphism_into(&cod, &hit, &stars, &order, nest))
}

/// A random morphism `f` and one `g` whose domain is `f`'s codomain.
fn composable() -> impl Strategy<Value = (Morphism, Morphism)> {
    (
        morphism(),
        prop::collection::vec(any::<bool>(), 5),
        prop::collection::vec(1..=6i64, 0..=2),
        Just((0..8).collect::<Vec<usize>>()).prop_shuffle(),
    )
        .prop_map(|(f, hit, extra, order)| {
            let t = f.codomain().leaves().to_vec();
            // U: the entries of T that g hits and the extras, shuffled.
            let mut u: Vec<(i64, Option<usize>)> = t
                .iter()
                .enumerate()
                .filter(|&(k, _)| hit[k])
                .map(|(k, &x)| (x, Some(k)))
                .collect();
            u.extend(extra.iter().map(|&x| (x, None)));
            let u: Vec<_> = order
                .iter()
                .filter(|&&k| k < u.len())
                .map(|&k| u[k])
                .collect();
            let map: Vec<String> = (0..t.len())
                .map(|k| {
                    u.iter()
                        .position(|e| e.1 == Some(k))
                        .map_or_else(|| "*".to_string(), |p| (p + 1).to_string())
                })
                .collect();
            let cod: Vec<i64> = u.iter().map(|e| e.0).collect();
            let text = format!("{}-[{}]->{}", f.codomain(), map.join(","), flat(&cod));
            let g = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            (f, g)
        })
}

/// `L_f(x)` by the realization functor: `x` split colexicographically over the
/// domain's entries, each coordinate placed at its codomain entry (dropped at `*`), the
/// codomain coordinate read colexicographically.
fn realize(f: &Morphism, mut x: i64) -> i64 {
    let (s, t) = (f.domain().leaves(), f.codomain().leaves());
    let mut u = vec![0i64; t.len()];
    for (i, &j) in f.map().iter().enumerate() {
        let c = x % s[i];
        x /= s[i];
        if j != 0 {
            u[usize::from(j) - 1] = c;
        }
    }
    let (mut off, mut p) = (0, 1);
    for (k, &tk) in t.iter().enumerate() {
        off += u[k] * p;
        p *= tk;
    }
    off
}

proptest! {
    #![proptest_config(config())]

    /// Law (§4.2): the sorted divisibility chain decides tractability, as a search over all
    /// orders of the modes does.
    #[test]
    fn tractable_is_the_chain_in_some_order(a in layout(256, 32)) {
        if let Some(brute) = tractable_by_orders(&a) {
            prop_assert_eq!(is_tractable(&a), brute, "{}", a);
        }
    }

    /// Laws (§5.3-5.5): `L_f` is `f`'s realization pointwise and tractable; its standard form
    /// gives it back, is of standard form, and is `f` itself when `f` is non-degenerate and of
    /// standard form.
    #[test]
    fn layouts_of_morphisms_round_trip(f in morphism()) {
        let l = f.layout().unwrap();
        for x in 0..l.size() {
            prop_assert_eq!(l.eval(x).unwrap(), realize(&f, x), "{} at {}", f, x);
        }
        prop_assert!(is_tractable(&l), "{} gives {}", f, l);
        let g = to_morphism(&l).unwrap();
        prop_assert_eq!(g.layout().unwrap(), l, "{} -> {} -> {}", f, l, g);
        prop_assert!(g.is_standard_form(), "{}", g);
        if f.is_non_degenerate() && f.is_standard_form() {
            prop_assert_eq!(g, f);
        }
    }

    /// Law: `L_{g∘f} = L_g ∘ L_f`, pointwise and as CuTe's composition computes it.
    #[test]
    fn composing_morphisms_composes_layouts((f, g) in composable()) {
        let gf = compose_morphisms(&g, &f).unwrap();
        let (lf, lg, lgf) = (f.layout().unwrap(), g.layout().unwrap(), gf.layout().unwrap());
        for x in 0..lf.size() {
            prop_assert_eq!(lgf.eval(x).unwrap(), lg.eval(lf.eval(x).unwrap()).unwrap());
        }
        let c = composition(&lg, &lf).unwrap();
        prop_assert_eq!(c.size(), lgf.size());
        for x in 0..c.size() {
            prop_assert_eq!(c.eval(x).unwrap(), lgf.eval(x).unwrap(), "{} ∘ {}", lg, lf);
        }
    }

    /// Laws: `L_{coal f} = coalesce(L_f)` exactly (but for the empty domain, whose
    /// morphism coalesces to `1:0`); without `*`, `coalesce(L_{f^c}) = complement(L_f, size T)`
    /// and `L_{(f, f^c)} = (L_f, L_{f^c})`.
    #[test]
    fn coalesce_complement_and_concat_agree_with_layouts(f in morphism()) {
        let l = f.layout().unwrap();
        if f.domain().rank() > 0 {
            let k = morphism_coalesce(&f).unwrap();
            prop_assert_eq!(k.layout().unwrap(), coalesce(&l).unwrap(), "{} -> {}", f, k);
        }
        if let Ok(c) = morphism_complement(&f) {
            let size = f.codomain().leaves().iter().product::<i64>();
            let want = complement(&l, &IntTuple::int(size)).unwrap();
            prop_assert_eq!(coalesce(&c.layout().unwrap()).unwrap(), want, "{} ^c = {}", f, c);
            let fc = morphism_concat(&f, &c).unwrap();
            let lc = c.layout().unwrap();
            let pair = format!("({},{}):({},{})", l.shape(), lc.shape(), l.stride(), lc.stride());
            prop_assert_eq!(fc.layout().unwrap().to_string(), pair);
        } else {
            prop_assert!(f.map().contains(&0));
        }
    }

    /// Law: a mutual refinement exists exactly when the divisibility criterion holds,
    /// and the one found refines both tuples with `flatten(T')` a prefix of `flatten(U')`.
    #[test]
    fn mutual_refinement_exists_exactly_by_the_criterion(
        t in prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4, 6, 12]), 0..=4),
        u in prop::collection::vec(prop::sample::select(vec![1i64, 2, 3, 4, 6, 12]), 0..=4),
    ) {
        let (tt, ut) = (flat(&t).parse::<IntTuple>().unwrap(), flat(&u).parse::<IntTuple>().unwrap());
        match mutual_refinement(&tt, &ut) {
            Ok((x, y)) => {
                prop_assert!(refinable(&t, &u), "{} {} -> {} {}", tt, ut, x, y);
                prop_assert!(y.leaves().starts_with(x.leaves()), "{} {}", x, y);
                let refines = |r: &IntTuple, o: &[i64]| {
                    (0..o.len()).all(|k| r.mode(k).and_then(|m| m.product().ok()) == Some(o[k]))
                };
                prop_assert!(refines(&x, &t) && refines(&y, &u), "{} {}", x, y);
            }
            Err(e) => {
                prop_assert_eq!(e.code(), "not_mutually_refinable");
                prop_assert!(!refinable(&t, &u), "{} {}: {}", tt, ut, e);
            }
        }
    }

    /// Law: `L_{sort f}` is `L_f` with its flat modes sorted by (stride, shape); the
    /// codomain is unchanged and the domain flat.
    #[test]
    fn sorting_a_morphism_sorts_its_layouts_flat_modes(f in morphism()) {
        let modes = |l: &Layout| -> Vec<(i64, i64)> {
            l.stride().leaves().iter().copied().zip(l.shape().leaves().iter().copied()).collect()
        };
        let mut want = modes(&f.layout().unwrap());
        want.sort_unstable();
        let s = morphism_sort(&f).unwrap();
        prop_assert_eq!(modes(&s.layout().unwrap()), want, "{} -> {}", f, s);
        prop_assert_eq!(s.codomain(), f.codomain());
        prop_assert_eq!(s.domain().leaves().len(), s.domain().rank());
    }

    /// Laws: for non-degenerate morphisms, `coalesce(L_{f⊘g})` is
    /// `coalesce(L_f ⊘ L_g)` and `L_{f⊗g}` is `L_f ⊗ L_g`, CuTe's logical divide and product.
    #[test]
    fn divide_and_product_agree_with_layouts(
        f in morphism(),
        hit in prop::collection::vec(any::<bool>(), 8),
        stars in prop::collection::vec(2..=4i64, 0..=1),
        order in Just((0..8).collect::<Vec<usize>>()).prop_shuffle(),
    ) {
        let flat_domain = f.domain().leaves().len() == f.domain().rank() || f.domain().rank() == 0;
        if f.is_non_degenerate() && !f.map().contains(&0) && flat_domain {
            // g into f's domain, no `*`: f ⊘ g.
            let g = morphism_into(f.domain().leaves(), &hit, &[], &order, false);
            if g.is_non_degenerate() {
                let q = morphism_divide(&f, &g).unwrap();
                let want = logical_divide(&f.layout().unwrap(), Tile::Layout(g.layout().unwrap()));
                prop_assert_eq!(
                    coalesce(&q.layout().unwrap()).unwrap(),
                    coalesce(&want.unwrap()).unwrap(),
                    "{} / {}", f, g
                );
            }
        }
        if let Ok(fc) = morphism_complement(&f) {
            // g into the entries f leaves unhit: f ⊗ g.
            let g = morphism_into(fc.domain().leaves(), &hit, &stars, &order, false);
            if f.is_non_degenerate() && g.is_non_degenerate() {
                let p = morphism_product(&f, &g).unwrap();
                let want = logical_product(&f.layout().unwrap(), Tile::Layout(g.layout().unwrap()));
                prop_assert_eq!(p.layout().unwrap(), want.unwrap(), "{} * {}", f, g);
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// Law: where the weak composite of any two morphisms is defined, its layout is
    /// `L_g ∘ L_f` pointwise on `f`'s domain, and its domain refines `f`'s.
    #[test]
    fn weak_composites_compose_layouts_pointwise(f in morphism(), g in morphism()) {
        if let Ok(w) = weak_composite(&g, &f) {
            prop_assert!(refines(w.domain(), f.domain()), "{} after {} = {}", g, f, w);
            let (lf, lg, lw) = (f.layout().unwrap(), g.layout().unwrap(), w.layout().unwrap());
            prop_assert_eq!(lw.size(), lf.size());
            for x in 0..lf.size() {
                prop_assert_eq!(
                    lw.eval(x).unwrap(),
                    lg.eval(lf.eval(x).unwrap()).unwrap(),
                    "{} after {} = {} at {}", g, f, w, x
                );
            }
        }
    }
}

/// A xorshift generator for the cross-check's sweep.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A random morphism as [`morphism`] draws them.
    fn morphism(&mut self) -> Morphism {
        let cod: Vec<i64> = (0..self.below(5))
            .map(|_| 1 + self.below(6) as i64)
            .collect();
        let hit: Vec<bool> = (0..5).map(|_| self.below(4) > 0).collect();
        let stars: Vec<i64> = (0..self.below(3))
            .map(|_| 1 + self.below(4) as i64)
            .collect();
        let mut order: Vec<usize> = (0..8).collect();
        for k in (1..order.len()).rev() {
            order.swap(k, self.below(k as u64 + 1) as usize);
        }
        let nest = self.below(2) == 0;
        morphism_into(&cod, &hit, &stars, &order, nest)
    }

    /// A layout of up to 3 modes with random shapes and strides (mostly not tractable).
    fn layout(&mut self) -> Layout {
        let n = 1 + self.below(3) as usize;
        let s: Vec<String> = (0..n).map(|_| (1 + self.below(6)).to_string()).collect();
        let d: Vec<String> = (0..n).map(|_| self.below(13).to_string()).collect();
        format!("({}):({})", s.join(","), d.join(","))
            .parse()
            .unwrap()
    }
}

/// The cross-check of the two compositions on random pairs (`CUTE_CROSS_CHECK_PAIRS`, 4,000 in CI;
/// the figure of a long run is in RELIABILITY.md): wherever `composition_via_morphisms(B, A)` is
/// defined it is `B(A(i))` at every `i`, refines `A`'s shape, and equals `composition(B, A)` (up to
/// the strides of size-1 modes when `A` has one of non-zero stride); where `composition` rejects,
/// it is never defined.
#[test]
fn composition_via_morphisms_cross_checks_composition() {
    let pairs: u64 = std::env::var("CUTE_CROSS_CHECK_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4_000);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut defined, mut identical) = (0u64, 0u64);
    for _ in 0..pairs {
        let a = if rng.below(4) == 0 {
            rng.layout()
        } else {
            rng.morphism().layout().unwrap()
        };
        let b = if rng.below(4) == 0 {
            rng.layout()
        } else {
            rng.morphism().layout().unwrap()
        };
        let (via, cute) = (composition_via_morphisms(&b, &a), composition(&b, &a));
        let Ok(r) = via else {
            continue;
        };
        defined += 1;
        let Ok(c) = cute else {
            panic!("{b} ∘ {a}: {r} by morphisms, but composition rejects: {cute:?}");
        };
        assert_eq!(r.size(), a.size(), "{b} ∘ {a} = {r}");
        for i in 0..a.size() {
            let want = b.eval(a.eval(i).unwrap()).unwrap();
            assert_eq!(r.eval(i).unwrap(), want, "{b} ∘ {a} = {r} at {i}");
        }
        for k in 0..a.rank() {
            let size = |l: &Layout| l.mode(k).map(|m| m.size());
            assert_eq!(size(&r), size(&a), "{b} ∘ {a} = {r}: mode {k}");
        }
        if r == c {
            identical += 1;
        } else {
            let degenerate = a
                .shape()
                .leaves()
                .iter()
                .zip(a.stride().leaves())
                .any(|(&s, &d)| s == 1 && d != 0);
            assert!(
                degenerate,
                "{b} ∘ {a}: {r} by morphisms, {c} by composition"
            );
            let nulled = unit_strides_nulled(&r);
            assert!(nulled.is_some(), "{b} ∘ {a} = {r}");
            assert_eq!(nulled, unit_strides_nulled(&c), "{b} ∘ {a}");
        }
    }
    println!("{pairs} pairs: {defined} defined by morphisms, {identical} of them identical");
    // The sweep reaches the algorithm: about 30% of the pairs are defined.
    assert!(
        defined * 10 >= pairs,
        "only {defined} of {pairs} pairs defined"
    );
}
