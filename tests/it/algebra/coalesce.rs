use cute::{coalesce, coalesce_by, filter, IntTuple, Layout};
use proptest::prelude::*;

use crate::strategy::{config, image, layout};

/// Law: `coalesce(L)(i) == L(i)` on `[0, size(L))`, `size` is kept, `depth <= 1`, and coalescing
/// twice changes nothing.
fn coalesce_preserves_the_function(a: &Layout) {
    let c = coalesce(a).unwrap();
    assert_eq!(c.size(), a.size());
    assert!(c.depth() <= 1, "{c}");
    for i in 0..a.size() {
        assert_eq!(
            c.eval(i).unwrap(),
            a.eval(i).unwrap(),
            "coalesce({a}) = {c} at {i}"
        );
    }
    assert_eq!(coalesce(&c).unwrap(), c);
}

/// Law: `filter(L)` reaches the same offsets as `L`, and has no stride-0 mode unless it is `1:0`.
fn filter_keeps_the_image(a: &Layout) {
    let f = filter(a).unwrap();
    assert_eq!(image(&f), image(a), "filter({a}) = {f}");
    assert!(
        f == Layout::trivial() || !f.stride().leaves().contains(&0),
        "{f}"
    );
}

/// Law: coalescing by the profile `(1,1,...)` of `L`'s rank coalesces each mode on its own: the
/// function and the rank are kept and mode `k` is `coalesce(L_k)`; the integer profile `1`
/// coalesces the whole layout.
fn coalesce_by_keeps_the_modes(a: &Layout) {
    let one = IntTuple::int(1);
    let profile = IntTuple::tuple(std::iter::repeat_n(one.view(), a.rank())).unwrap();
    let c = coalesce_by(a, &profile).unwrap();
    assert_eq!(c.rank(), a.rank(), "coalesce({a}, {profile}) = {c}");
    for k in 0..a.rank() {
        assert_eq!(
            c.mode(k).unwrap(),
            coalesce(&a.mode(k).unwrap()).unwrap(),
            "mode {k} of {c}"
        );
    }
    for i in 0..a.size() {
        assert_eq!(
            c.eval(i).unwrap(),
            a.eval(i).unwrap(),
            "coalesce({a}, {profile}) = {c} at {i}"
        );
    }
    assert_eq!(
        coalesce_by(a, &IntTuple::int(1)).unwrap(),
        coalesce(a).unwrap()
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn coalesce_laws(a in layout(4096, 64)) {
        coalesce_preserves_the_function(&a);
        filter_keeps_the_image(&a);
        coalesce_by_keeps_the_modes(&a);
    }
}
