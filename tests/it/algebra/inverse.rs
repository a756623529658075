use cute::{left_inverse, right_inverse, Layout};
use proptest::prelude::*;

use crate::strategy::{check, config, injective, layout, permuted};

/// Law: `L(R(i)) == i` for `i < size(R)`, `R = right_inverse(L)`.
fn right_inverse_inverts(a: &Layout) {
    let r = right_inverse(a).unwrap();
    for i in 0..r.size() {
        assert_eq!(
            a.eval(r.eval(i).unwrap()).unwrap(),
            i,
            "right_inverse({a}) = {r} at {i}"
        );
    }
}

/// Law: `R(L(i)) == i` for `i < size(L)` when `L` is injective, `R = left_inverse(L)`. Applies
/// when `L` is injective and has a left inverse (CuTe's divisibility condition).
fn left_inverse_inverts(a: &Layout) -> bool {
    if !injective(a) {
        return false;
    }
    let Ok(r) = left_inverse(a) else {
        return false;
    };
    for i in 0..a.size() {
        assert_eq!(
            r.eval(a.eval(i).unwrap()).unwrap(),
            i,
            "left_inverse({a}) = {r} at {i}"
        );
    }
    true
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn inverse_laws(a in layout(4096, 64)) {
        right_inverse_inverts(&a);
        left_inverse_inverts(&a);
    }
}

/// Compact layouts in any mode order are injective and have a left inverse.
#[test]
fn left_inverse_of_permutations() {
    check("left_inverse", permuted(4096), 0.9, |(a, _)| {
        left_inverse_inverts(&a)
    });
}
