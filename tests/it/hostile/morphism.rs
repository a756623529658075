//! The morphisms of Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe Layout Algebra and
//! Category-theoretic Interpretation* (`cute::morphism`), from text: no panic; whatever parses as a
//! morphism prints back to itself, and its layout (when it fits `i64`) is tractable, equals the
//! morphism's realization at every index, comes back from its standard form, and has its flat modes
//! sorted by the morphism's sort; a tractable layout's standard form gives the layout back and is
//! of standard form. Two values split at `|`: two layouts `B|A` compose by morphisms, where
//! defined, to `B(A(i))` and to CuTe's `composition(B, A)`; two morphisms have a weak composite
//! equal to `L_g ∘ L_f` pointwise; a morphism and a tuple pull back and push forward to the same
//! layout function. The fuzz target `morphism` feeds it libFuzzer's bytes;
//! `tests/it/hostile/mod.rs` the regressions and a sweep.

use cute::morphism::{
    composition_via_morphisms, is_tractable, morphism_pullback, morphism_pushforward,
    morphism_sort, to_morphism, weak_composite, Morphism,
};
use cute::{composition, IntTuple, Layout};

/// The most indices checked pointwise.
const POINTS: i64 = 1 << 12;

/// `L_f(x)` by the realization functor: `x` split over the domain's entries, each coordinate
/// placed at its codomain entry (dropped at `*`), the codomain coordinate read back, in `i128`.
fn realize(f: &Morphism, mut x: i128) -> i128 {
    let (s, t) = (f.domain().leaves(), f.codomain().leaves());
    let mut u = vec![0i128; t.len()];
    for (i, &j) in f.map().iter().enumerate() {
        let c = x % i128::from(s[i]);
        x /= i128::from(s[i]);
        if j != 0 {
            u[usize::from(j) - 1] = c;
        }
    }
    let (mut off, mut p) = (0i128, 1i128);
    for (k, &tk) in t.iter().enumerate() {
        off += u[k] * p;
        p = p.saturating_mul(i128::from(tk));
    }
    off
}

/// The laws of a tractable layout's standard form.
fn standard_form_of(l: &Layout) {
    let f = to_morphism(l).unwrap_or_else(|e| panic!("{l} is tractable, yet {e}"));
    assert!(f.is_standard_form(), "{l} -> {f}");
    assert_eq!(f.layout().as_ref(), Ok(l), "{l} -> {f}");
}

/// The law of `morphism_sort`: `L_{sort f}` is `L_f`'s flat modes sorted by (stride, shape).
fn sorted(f: &Morphism, l: &Layout) {
    let modes = |l: &Layout| -> Vec<(i64, i64)> {
        let (d, s) = (l.stride().leaves(), l.shape().leaves());
        d.iter().copied().zip(s.iter().copied()).collect()
    };
    let mut want = modes(l);
    want.sort_unstable();
    let s = morphism_sort(f).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert_eq!(s.layout().map(|l| modes(&l)), Ok(want), "{f} -> {s}");
}

/// Whether `l` equals `want` as a function at every index up to [`POINTS`].
fn same_function(l: &Layout, want: impl Fn(i64) -> Option<i64>) -> bool {
    (0..l.size().min(POINTS)).all(|x| l.eval(x).ok() == want(x))
}

/// `l` with the stride of each size-1 leaf 0 (where `composition_via_morphisms` and
/// `composition` may differ).
pub(crate) fn unit_strides_nulled(l: &Layout) -> Option<Layout> {
    let (s, d) = (l.shape().leaves(), l.stride().leaves());
    let d: Vec<i64> = s
        .iter()
        .zip(d)
        .map(|(&s, &d)| if s == 1 { 0 } else { d })
        .collect();
    Layout::new(l.shape().to_tuple(), l.stride().with_leaves(&d)?).ok()
}

/// The laws of the operations on two values.
fn pair(x: &str, y: &str) {
    if let (Ok(b), Ok(a)) = (x.parse::<Layout>(), y.parse::<Layout>()) {
        if let Ok(r) = composition_via_morphisms(&b, &a) {
            let c = composition(&b, &a).unwrap_or_else(|e| panic!("{b} ∘ {a} = {r}, yet {e}"));
            let want = |i| b.eval(a.eval(i).ok()?).ok();
            assert!(same_function(&r, want), "{b} ∘ {a} = {r}");
            assert_eq!(r.size(), a.size(), "{b} ∘ {a} = {r}");
            assert_eq!(
                unit_strides_nulled(&r),
                unit_strides_nulled(&c),
                "{b} ∘ {a}"
            );
        }
    }
    let Ok(g) = x.parse::<Morphism>() else {
        return;
    };
    if let Ok(f) = y.parse::<Morphism>() {
        if let (Ok(w), Ok(lf), Ok(lg)) = (weak_composite(&g, &f), f.layout(), g.layout()) {
            if let Ok(lw) = w.layout() {
                let want = |i| lg.eval(lf.eval(i).ok()?).ok();
                assert!(same_function(&lw, want), "{g} after {f} = {w}");
            }
        }
    }
    if let (Ok(t), Ok(lg)) = (y.parse::<IntTuple>(), g.layout()) {
        for moved in [morphism_pullback(&g, &t), morphism_pushforward(&g, &t)] {
            if let Ok(l) = moved.and_then(|m| m.layout()) {
                assert!(same_function(&l, |i| lg.eval(i).ok()), "{g} along {t}: {l}");
            }
        }
    }
}

/// The laws on `data` read as text, as a morphism and as a layout, or as two values split at
/// `|`.
pub(crate) fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some((x, y)) = text.split_once('|') {
        pair(x, y);
        return;
    }
    if let Ok(f) = text.parse::<Morphism>() {
        let printed = f.to_string();
        assert_eq!(printed.parse::<Morphism>().as_ref(), Ok(&f), "{text:?}");
        if let Ok(l) = f.layout() {
            assert!(is_tractable(&l), "{f} gives {l}");
            for x in 0..l.size().min(POINTS) {
                assert_eq!(
                    i128::from(l.eval(x).unwrap()),
                    realize(&f, i128::from(x)),
                    "{f} at {x}"
                );
            }
            standard_form_of(&l);
            sorted(&f, &l);
        }
    }
    if let Ok(l) = text.parse::<Layout>() {
        if is_tractable(&l) {
            standard_form_of(&l);
        }
    }
}
