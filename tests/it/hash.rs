//! `Hash` on every value a user keys a map by: equal values hash alike, in both tiers.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use cute::{layout, tiler, ComposedLayout, IntTuple, Layout, Swizzle, Tiler};

fn h<T: Hash>(x: &T) -> u64 {
    let mut s = DefaultHasher::new();
    x.hash(&mut s);
    s.finish()
}

#[test]
fn equal_dynamic_values_hash_alike() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    assert_eq!(t("(4,(2,2))"), t("(4, (2, 2))"));
    assert_eq!(h(&t("(4,(2,2))")), h(&t("(4, (2, 2))")));
    assert_ne!(h(&t("(4,(2,2))")), h(&t("((4,2),2)")));
    let tl = |s: &str| s.parse::<Tiler>().unwrap();
    assert_eq!(h(&tl("<4,8:2>")), h(&tl("<4:1, 8:2>")));
    assert_ne!(h(&tl("<4:1,8:2>")), h(&tl("<8:2,4:1>")));
    let l: Layout = "(8,8):(8,1)".parse().unwrap();
    let (a, b) = (
        ComposedLayout::new(Swizzle::new(3, 0, 3).unwrap(), 0, l),
        ComposedLayout::new(Swizzle::new(3, 0, 3).unwrap(), 0, l),
    );
    assert_eq!(h(&a), h(&b));
    assert_ne!(
        h(&Swizzle::new(3, 0, 3).unwrap()),
        h(&Swizzle::new(2, 0, 3).unwrap())
    );
}

#[test]
fn equal_static_and_mixed_values_hash_alike() {
    let a = layout!((4, (2, 2)):(2, (1, 8)));
    assert_eq!(h(&a), h(&layout!((4, (2, 2)):(2, (1, 8)))));
    let (m, n) = (12, 12);
    let p = layout!(({m},8):(1,{m})).unwrap();
    let q = layout!(({n},8):(1,{n})).unwrap();
    assert_eq!(p, q);
    assert_eq!(h(&p), h(&q));
    assert_ne!(h(&p), h(&layout!(({m + 1},8):(1,{m})).unwrap()));
    assert_eq!(h(&tiler!(<16:1,8:1>)), h(&tiler!(<16:1,8:1>)));
}
