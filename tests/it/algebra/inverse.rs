use cute::{left_inverse, right_inverse, Layout};
use proptest::prelude::*;

use crate::strategy::{config, injective, layout};

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

/// Law: `R(L(i)) == i` for `i < size(L)` when `L` is injective, `R = left_inverse(L)`.
fn left_inverse_inverts(a: &Layout) {
    if !injective(a) {
        return;
    }
    let Ok(r) = left_inverse(a) else { return };
    for i in 0..a.size() {
        assert_eq!(
            r.eval(a.eval(i).unwrap()).unwrap(),
            i,
            "left_inverse({a}) = {r} at {i}"
        );
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn inverse_laws(a in layout(4096, 64)) {
        right_inverse_inverts(&a);
        left_inverse_inverts(&a);
    }
}
