//! Integer tuples: queries, conversions and divisions.

use super::*;
use crate::error::ErrorKind;
use crate::limits::Limit;

fn t(s: &str) -> IntTuple {
    s.parse().unwrap()
}

#[test]
fn profile_queries() {
    let s = t("(4,(2,2))");
    assert_eq!(s.rank(), 2);
    assert_eq!(s.depth(), 2);
    assert_eq!(s.product().unwrap(), 16);
    assert_eq!(s.flatten().unwrap(), t("(4,2,2)"));
    assert_eq!(t("12").rank(), 1);
    assert_eq!(t("12").depth(), 0);
    assert_eq!(t("(12)").depth(), 1);
    assert_eq!(s.mode(1).unwrap(), t("(2,2)"));
    assert_eq!(s.prefix_product().unwrap(), t("(1,(4,8))"));
}

#[test]
fn congruence_and_compatibility() {
    assert!(t("(4,(2,2))").congruent(&t("(1,(3,5))")));
    assert!(!t("(4,4)").congruent(&t("(4,(2,2))")));
    assert!(t("(4,4)").weakly_congruent(&t("(4,(2,2))")));
    assert!(!t("(4,(2,2))").weakly_congruent(&t("(4,4)")));
    assert!(t("16").compatible(&t("(4,(2,2))")));
    assert!(t("(4,4)").compatible(&t("(4,(2,2))")));
    assert!(!t("(4,4)").compatible(&t("(2,(4,2))")));
}

#[test]
fn divisions() {
    assert_eq!(shape_div(&t("(4,5,6)"), &t("40")).unwrap(), t("(1,1,3)"));
    assert_eq!(ceil_div(&t("(4,6)"), &t("8")).unwrap(), t("(1,3)"));
    assert_eq!(ceil_div(&t("(4,6)"), &t("(3)")).unwrap(), t("(2,6)"));
    assert!(shape_div(&t("6"), &t("4")).is_err());
}

#[test]
fn capacity_is_an_error() {
    let mut b = Builder::new();
    b.open().unwrap();
    let r = (0..=MAX_LEAVES).try_for_each(|i| b.int(i as i64));
    assert_eq!(
        r,
        Err(ErrorKind::Capacity {
            limit: Limit::Leaves
        })
    );
}
