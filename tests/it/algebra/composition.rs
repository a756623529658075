use cute::algebra::composition::composition_unchecked;
use cute::{composition, composition_tiler, Layout, Tiler};
use proptest::prelude::*;

use crate::strategy::{check, concat_fitting, config, layout};

/// Law (soundness): a composition that succeeds is `A ∘ B` pointwise, with `size(B)` elements and
/// a shape that refines `B`'s (`B ≼ R`). Applies when the composition succeeds.
fn composition_is_pointwise(a: &Layout, b: &Layout) -> bool {
    let Ok(r) = composition(a, b) else {
        return false;
    };
    assert_eq!(r.size(), b.size(), "{a} ∘ {b} = {r}");
    assert!(b.shape().compatible(&r.shape()), "{b} ≼ {r}");
    for i in 0..b.size() {
        let expected = a.eval(b.eval(i).unwrap()).unwrap();
        assert_eq!(r.eval(i).unwrap(), expected, "{a} ∘ {b} = {r} at {i}");
    }
    true
}

/// Law: with a tiler, mode `i` of `A ∘ <T0, T1, ...>` is `A_i ∘ T_i`, and the modes of `A` past
/// the tiler are dropped. Applies when every `A_i ∘ T_i` is admissible.
fn tiler_composes_mode_by_mode(a: &Layout, tiles: &[Layout]) -> bool {
    let t = Tiler::new(tiles).unwrap();
    let Ok(r) = composition_tiler(a, &t) else {
        return false;
    };
    assert_eq!(r.rank(), tiles.len(), "{a} ∘ {t} = {r}");
    for (k, tile) in tiles.iter().enumerate() {
        let ak = a.mode(k).unwrap();
        assert_eq!(
            r.mode(k).unwrap(),
            composition(&ak, tile).unwrap(),
            "{a} ∘ {t}, mode {k}"
        );
    }
    true
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
    let right = composition(a, &Layout::int(a.size(), 1).unwrap()).unwrap();
    let left = composition(&Layout::int(a.cosize().unwrap().max(1), 1).unwrap(), a).unwrap();
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
    fn identity_laws(a in layout(4096, 64)) {
        identities(&a);
    }
}

/// Compact `A` (non-zero strides) and small `B`: most compositions are admissible.
#[test]
fn composition_of_compact_operands() {
    let a = layout(4096, 1).prop_filter("compact", |a| a.stride().leaves().iter().all(|&d| d != 0));
    check("composition", (a, layout(64, 8)), 0.3, |(a, b)| {
        rejections_are_justified(&a, &b);
        composition_is_pointwise(&a, &b)
    });
}

/// Tilers of one or two layout tiles over rank-2 layouts.
#[test]
fn composition_with_a_tiler() {
    let a = (layout(64, 8), layout(64, 8))
        .prop_filter_map("at most 16 leaves", |(x, y)| concat_fitting(&[x, y]));
    let tiles = prop::collection::vec(layout(16, 4), 1..=2);
    check(
        "composition with a tiler",
        (a, tiles),
        0.05,
        |(a, tiles)| tiler_composes_mode_by_mode(&a, &tiles),
    );
}
