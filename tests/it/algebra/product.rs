use cute::{blocked_product, complement, logical_product, raked_product, IntTuple, Layout};

use crate::strategy::{check, layout};

/// Law (the definition, Cecka, *CuTe Layout Representation and Algebra*, §3.5.1):
/// `logical_product(A, B) = (A, A* ∘ B)` with `A* = complement(A, size(A)·cosize(B))`: mode 0 is
/// `A`, and mode 1 at `j` is `A*(B(j))`, so `R(i, j) = A(i) + A*(B(j))`. The blocked and raked
/// products have rank `max(rank(A), rank(B))` and size `size(A)·size(B)`. Applies when the product
/// succeeds.
fn product_is_a_with_its_complement_over_b(a: &Layout, b: &Layout) -> bool {
    let Ok(p) = logical_product(a, *b) else {
        return false;
    };
    assert_eq!(p.mode(0).unwrap(), *a);
    let grid = p.mode(1).unwrap();
    assert_eq!(grid.size(), b.size());
    let cotarget = IntTuple::int(a.size() * b.cosize().unwrap());
    let rest = complement(a, &cotarget).unwrap();
    for j in 0..b.size() {
        let want = rest.eval(b.eval(j).unwrap()).unwrap();
        assert_eq!(
            grid.eval(j).unwrap(),
            want,
            "{a} ⊗ {b} = {p}, A* = {rest}, at {j}"
        );
    }
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
    true
}

#[test]
fn product_laws() {
    check(
        "logical_product",
        (layout(256, 32), layout(64, 8)),
        0.2,
        |(a, b)| product_is_a_with_its_complement_over_b(&a, &b),
    );
}
