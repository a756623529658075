use cute::{complement, filter, IntTuple, Layout};
use proptest::prelude::*;

use crate::strategy::{config, image, layout};

/// Law: for `R = complement(L, M)`: `R(0) == 0`, `R` is strictly increasing, `R(i)` for `i >= 1`
/// is not an offset of `L`, and, when each stride is a multiple of the span of the smaller modes,
/// `(L, R)` spans at least `M` elements. (With other strides CuTe's gaps are rounded down, as
/// `(2,5):(2,5)`, whose complement skips offset 4.)
fn complement_is_disjoint_and_ordered(a: &Layout, m: i64) {
    let r = match complement(a, &IntTuple::int(m)) {
        Ok(r) => r,
        Err(e) => {
            assert_eq!(e.code(), "not_injective", "{e}");
            assert!(
                modes_overlap(&filter(a).unwrap()),
                "complement({a}, {m}): {e}"
            );
            return;
        }
    };
    let img = image(a);
    assert_eq!(r.eval(0).unwrap(), 0);
    for i in 1..r.size() {
        assert!(
            r.eval(i).unwrap() > r.eval(i - 1).unwrap(),
            "complement({a}, {m}) = {r} not increasing at {i}"
        );
        assert!(
            !img.contains(&r.eval(i).unwrap()),
            "complement({a}, {m}) = {r} hits L at {i}"
        );
    }
    if strides_divide_spans(&filter(a).unwrap()) {
        assert!(
            filter(a).unwrap().size() * r.size() >= m,
            "complement({a}, {m}) = {r} too small"
        );
    }
}

/// The modes of `f` by increasing stride, as (stride, shape).
fn by_stride(f: &Layout) -> Vec<(i64, i64)> {
    let strides = f.stride().leaves().iter().copied();
    let mut modes: Vec<(i64, i64)> = strides.zip(f.shape().leaves().iter().copied()).collect();
    modes.sort_unstable();
    modes
}

/// The condition `complement` rejects: taken by increasing stride, some mode starts before the
/// span of the smaller ones ends (the layout is non-injective, or its modes interleave).
fn modes_overlap(f: &Layout) -> bool {
    let mut span = 1;
    by_stride(f).into_iter().any(|(d, s)| {
        let overlap = d < span;
        span = d * s;
        overlap
    })
}

/// Each stride, by increasing order, is a multiple of the span of the smaller modes.
fn strides_divide_spans(f: &Layout) -> bool {
    let mut span = 1;
    by_stride(f).into_iter().all(|(d, s)| {
        let divides = d % span == 0;
        span = d * s;
        divides
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn complement_laws(a in layout(256, 32), extra in 1..64i64) {
        let m = a.cosize().unwrap().max(1) * extra;
        complement_is_disjoint_and_ordered(&a, m);
    }
}
