//! `Swizzle<B,M,S>` and `Sw ∘ offset ∘ L` (Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling
//! Layout Abstractions Using Integer Set Relations*): the swizzle's laws on random parameters.

use cute::{ComposedLayout, Layout, Swizzle};
use proptest::prelude::*;

use crate::strategy::{check, config, layout};

/// Law: with `|S| >= B`, `Sw` permutes every aligned block of `period()` offsets and is its own
/// inverse (the bits it reads are not the bits it writes).
fn swizzle_is_an_involution_on_each_block(sw: Swizzle) {
    let p = sw.period();
    for block in [0, p, 5 * p] {
        let mut seen = vec![false; p as usize];
        for x in block..block + p {
            let y = sw.apply(x);
            assert!(
                (block..block + p).contains(&y),
                "{sw}({x}) = {y} leaves its block"
            );
            assert!(
                !std::mem::replace(&mut seen[(y - block) as usize], true),
                "{sw} repeats {y}"
            );
            assert_eq!(sw.apply(y), x, "{sw} is not an involution at {x}");
        }
    }
}

/// Law: `(Sw ∘ o ∘ L)(i) == Sw(o + L(i))`, and composing on the right composes the inner layout:
/// `((Sw ∘ o ∘ L) ∘ B)(i) == Sw(o + L(B(i)))`. Applies where `L ∘ B` is admissible.
fn composed_layout_applies_the_swizzle_last(sw: Swizzle, o: i64, a: &Layout, b: &Layout) -> bool {
    let c = ComposedLayout::new(sw, o, *a);
    for i in 0..a.size() {
        assert_eq!(
            c.eval(i).unwrap(),
            sw.apply(o + a.eval(i).unwrap()),
            "{c} at {i}"
        );
    }
    let Ok(cb) = c.compose(b) else {
        return false;
    };
    for i in 0..b.size() {
        let x = a.eval(b.eval(i).unwrap()).unwrap();
        assert_eq!(
            cb.eval(i).unwrap(),
            sw.apply(o + x),
            "{c} ∘ {b} = {cb} at {i}"
        );
    }
    true
}

fn swizzle() -> impl Strategy<Value = Swizzle> {
    (0..=3i64, 0..=4i64, 0..=5i64, any::<bool>())
        .prop_filter("|S| >= B", |&(b, _, s, _)| s >= b)
        .prop_map(|(b, m, s, neg)| Swizzle::new(b, m, if neg { -s } else { s }).unwrap())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn swizzle_laws(sw in swizzle()) {
        swizzle_is_an_involution_on_each_block(sw);
    }
}

#[test]
fn composed_layout_laws() {
    let inputs = (swizzle(), 0..64i64, layout(256, 16), layout(64, 8));
    check("composed layout", inputs, 0.2, |(sw, o, a, b)| {
        composed_layout_applies_the_swizzle_last(sw, o, &a, &b)
    });
}

/// The bits `S` apart must not overlap.
#[test]
fn overlapping_bits_are_an_error() {
    let e = Swizzle::new(3, 0, 2).unwrap_err();
    assert_eq!(e.code(), "swizzle_shift_lt_bits");
}
