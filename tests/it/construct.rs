//! Layouts from Rust tuples and their `(coordinate, offset)` iteration, against the notation and
//! the layout function.

use cute::{crd2idx_shape, IntTuple, Layout};
use proptest::prelude::*;

use crate::strategy::{config, layout};

#[test]
fn layouts_from_rust_tuples_match_the_notation() {
    let l = Layout::from_rust(((4, 8), (2, 2)), ((32, 1), (16, 8))).unwrap();
    assert_eq!(l, "((4,8),(2,2)):((32,1),(16,8))".parse().unwrap());
    assert_eq!(Layout::from_rust(8u8, 2usize).unwrap().to_string(), "8:2");
    assert_eq!(
        IntTuple::from_rust((1, 2, 3, 4, 5, 6, 7, (8,)))
            .unwrap()
            .to_string(),
        "(1,2,3,4,5,6,7,(8))"
    );
    let e = Layout::from_rust((4, 8), 1).unwrap_err();
    assert_eq!(e.kind, cute::ErrorKind::NotCongruent, "{e}");
    assert_eq!(
        IntTuple::from_rust(u64::MAX).unwrap_err(),
        cute::ErrorKind::Overflow
    );
}

proptest! {
    #![proptest_config(config())]

    /// `iter()` gives, for each index in order, its natural coordinate and `L(i)`, and the
    /// coordinate indexes back to `i`.
    #[test]
    fn iteration_is_the_layout_function(l in layout(256, 64)) {
        let mut n = 0;
        for (i, (c, o)) in (0..).zip(l.iter()) {
            prop_assert_eq!(o, l.eval(i).unwrap());
            prop_assert_eq!(l.eval_crd(&c).unwrap(), o);
            prop_assert_eq!(crd2idx_shape(&c, &l.shape().to_tuple()).unwrap(), i);
            n += 1;
        }
        prop_assert_eq!(n, l.size());
    }
}
