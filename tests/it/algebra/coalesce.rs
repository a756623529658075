use cute::{coalesce, filter, Layout};
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
        f == Layout::int(1, 0) || !f.stride().leaves().contains(&0),
        "{f}"
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn coalesce_laws(a in layout(4096, 64)) {
        coalesce_preserves_the_function(&a);
        filter_keeps_the_image(&a);
    }
}
