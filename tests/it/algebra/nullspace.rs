use cute::{filter, nullspace, Layout};
use proptest::prelude::*;

use crate::strategy::{config, layout};

/// Law: `R = nullspace(L)` lists exactly the indices `L` sends to offset 0, once each: with
/// non-negative strides, `{R(i) : i < size(R)} == {i < size(L) : L(i) == 0}`, `R` injective, and
/// `size(R) == size(L) / size(filter(L))`.
fn nullspace_is_the_kernel(a: &Layout) {
    let r = nullspace(a).unwrap();
    let image: std::collections::BTreeSet<i64> =
        (0..r.size()).map(|i| r.eval(i).unwrap()).collect();
    assert_eq!(
        image.len() as i64,
        r.size(),
        "nullspace({a}) = {r} repeats an index"
    );
    let kernel: std::collections::BTreeSet<i64> =
        (0..a.size()).filter(|&i| a.eval(i).unwrap() == 0).collect();
    assert_eq!(image, kernel, "nullspace({a}) = {r}");
    assert_eq!(
        r.size() * filter(a).unwrap().size(),
        a.size(),
        "nullspace({a}) = {r}"
    );
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn nullspace_laws(a in layout(4096, 8)) {
        nullspace_is_the_kernel(&a);
    }
}
