use cute::{blocked_product, logical_product, raked_product, Layout};
use proptest::prelude::*;

use crate::strategy::{config, layout};

/// Law: mode 0 of `logical_product(A, B)` is `A`, mode 1 has the size of `B`; the blocked and
/// raked products have rank `max(rank(A), rank(B))` and the same size.
fn product_repeats_the_tile(a: &Layout, b: &Layout) {
    let Ok(p) = logical_product(a, *b) else {
        return;
    };
    assert_eq!(p.mode(0).unwrap(), *a);
    assert_eq!(p.mode(1).unwrap().size(), b.size());
    for r in [blocked_product(a, b), raked_product(a, b)] {
        match r {
            Ok(r) => {
                assert_eq!(r.rank(), a.rank().max(b.rank()), "{a} ⊗ {b} = {r}");
                assert_eq!(r.size(), a.size() * b.size());
            }
            // The grid A* ∘ B can refine a mode of B into more modes than A has to zip with;
            // CuTe C++ does not compile that case either.
            Err(e) => assert_eq!(e.code(), "rank_mismatch", "{e}"),
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn product_laws(a in layout(256, 32), b in layout(64, 8)) {
        product_repeats_the_tile(&a, &b);
    }
}
