use cute::algebra::composition::composition_unchecked;
use cute::{composition, Layout};
use proptest::prelude::*;

use crate::strategy::{config, layout};

/// Law (soundness): a composition that succeeds is `A ∘ B` pointwise, with `size(B)` elements and
/// a shape that refines `B`'s (`B ≼ R`).
fn composition_is_pointwise(a: &Layout, b: &Layout) {
    let Ok(r) = composition(a, b) else { return };
    assert_eq!(r.size(), b.size(), "{a} ∘ {b} = {r}");
    assert!(b.shape().compatible(r.shape()), "{b} ≼ {r}");
    for i in 0..b.size() {
        let expected = a.eval(b.eval(i).unwrap()).unwrap();
        assert_eq!(r.eval(i).unwrap(), expected, "{a} ∘ {b} = {r} at {i}");
    }
}

/// Law (completeness): a composition is rejected as `not_admissible` only when CuTe's layout is
/// wrong somewhere, and with CuTe's own condition only when CuTe rejects it too; otherwise the
/// result is CuTe's.
fn rejections_are_justified(a: &Layout, b: &Layout) {
    let ours = composition(a, b);
    let cute = composition_unchecked(a, b);
    match (&ours, &cute) {
        (Ok(r), Ok(c)) => assert_eq!(r, c, "{a} ∘ {b}"),
        (Err(e), Ok(c)) => {
            assert_eq!(e.code(), "not_admissible", "{e}");
            let wrong =
                (0..b.size()).any(|i| c.eval(i).unwrap() != a.eval(b.eval(i).unwrap()).unwrap());
            assert!(wrong, "{a} ∘ {b}: rejected ({e}) but CuTe's {c} is right");
        }
        (Err(e), Err(c)) => assert_eq!(e, c),
        (Ok(r), Err(c)) => panic!("{a} ∘ {b} = {r}, but CuTe rejects: {c}"),
    }
}

/// Law: `(size(A):1)` is a right identity and `(cosize(A):1)` a left identity, as functions on the
/// domain.
fn identities(a: &Layout) {
    let right = composition(a, &Layout::int(a.size(), 1)).unwrap();
    let left = composition(&Layout::int(a.cosize().unwrap().max(1), 1), a).unwrap();
    for i in 0..a.size() {
        assert_eq!(right.eval(i).unwrap(), a.eval(i).unwrap());
        assert_eq!(left.eval(i).unwrap(), a.eval(i).unwrap());
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn composition_laws(a in layout(4096, 64), b in layout(256, 24)) {
        composition_is_pointwise(&a, &b);
        rejections_are_justified(&a, &b);
    }

    #[test]
    fn composition_of_compact_operands(a in layout(4096, 1).prop_filter("compact", |a| a.stride().leaves().iter().all(|&d| d != 0)), b in layout(64, 8)) {
        composition_is_pointwise(&a, &b);
        rejections_are_justified(&a, &b);
    }

    #[test]
    fn identity_laws(a in layout(4096, 64)) {
        identities(&a);
    }
}
