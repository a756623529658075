//! The layout's unit tests.

use super::*;
use crate::int_tuple::IntTuple;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

#[test]
fn size_cosize_rank_depth() {
    let a = l("(4,(2,2)):(2,(1,8))");
    assert_eq!(
        (a.size(), a.cosize().unwrap(), a.rank(), a.depth()),
        (16, 16, 2, 2)
    );
    assert_eq!(l("12:1").rank(), 1);
    assert_eq!(l("(12):(1)").depth(), 1);
}

#[test]
fn construction_checks() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    assert_eq!(
        Layout::new(t("(4,4)"), t("(1,(2,4))")).unwrap_err().code(),
        "not_congruent"
    );
    assert_eq!(
        Layout::new(t("(4,-1)"), t("(1,4)")).unwrap_err().code(),
        "negative_shape"
    );
    assert_eq!(
        Layout::left(&t("(4,(2,3))")).unwrap(),
        l("(4,(2,3)):(1,(4,8))")
    );
    assert_eq!(
        Layout::right(&t("(4,(2,3))")).unwrap(),
        l("(4,(2,3)):(6,(3,1))")
    );
}

#[test]
fn out_of_bounds_evaluation_extends_the_last_mode() {
    let a = l("(4,2):(1,10)");
    assert_eq!(a.eval(9).unwrap(), 21);
}

#[test]
fn overflow_is_an_error() {
    // Inside the domain evaluation fits (the offsets are checked where the layout is built);
    // past it, the last mode's extension may not.
    let a = l("(2,2):(1,4611686018427387904)");
    assert_eq!(a.eval(3).unwrap(), (1 << 62) + 1);
    assert_eq!(a.eval(8).unwrap_err().code(), "overflow");
    let e = "(2,2):(1,9223372036854775807)"
        .parse::<Layout>()
        .unwrap_err();
    assert_eq!(e.code(), "overflow");
    let e = Layout::new(IntTuple::int(3), IntTuple::int(i64::MIN)).unwrap_err();
    assert_eq!(e.code(), "overflow");
    assert_eq!(Layout::int(-3, 1).unwrap_err().code(), "negative_shape");
}

#[test]
fn a_zero_leaf_is_an_empty_layout() {
    let e = l("(4,0):(1,4)");
    assert_eq!((e.size(), e.cosize().unwrap()), (0, 0));
    assert_eq!(e.to_string(), "(4,0):(1,4)");
    // Past its (empty) domain it extends by its last mode, as any layout.
    assert_eq!(e.eval(5).unwrap(), 5);
    // Index 0 is the zero coordinate; no other index passes an empty leaf before the last.
    assert_eq!(l("(0,4):(1,1)").eval(0).unwrap(), 0);
    assert_eq!(l("(0,4):(1,1)").eval(1).unwrap_err().code(), "empty_mode");
    // A coordinate is not range-checked (CuTe's `crd2idx`): the inner product as for any.
    let r = l("(0,4):(1,1)").eval_crd(&"(0,3)".parse().unwrap());
    assert_eq!(r.unwrap(), 3);
    // The empty mode counts as 1 in the overflow check, so its sublayouts keep the invariant.
    let e = "(0,(4611686018427387904,4)):(1,(1,1))"
        .parse::<Layout>()
        .unwrap_err();
    assert_eq!(e.code(), "overflow");
    assert_eq!(
        Layout::new_const(IntTuple::int(0), IntTuple::int(1)).const_cosize(),
        Some(0)
    );
}
