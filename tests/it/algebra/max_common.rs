use cute::{max_common_layout, max_common_vector, right_inverse, Layout};

use crate::strategy::{check, injective, layout, permuted};

/// Law: `R = max_common_layout(A, B)` is a common contiguous vector, `A(R(i)) == i == B(R(i))`
/// for every `i < size(R)`, of size `max_common_vector(A, B)`; and when `B` is injective it is
/// the longest: at `size(R)` the two part (or `B` has no further offset), so the vector cannot
/// grow by one. Applies when there is a common vector longer than 1; `A ∘ right_inverse(B)` must
/// be admissible (CuTe asserts it), else both are the same error.
fn common_vector_is_common_and_maximal(a: &Layout, b: &Layout) -> bool {
    let (r, n) = match (max_common_layout(a, b), max_common_vector(a, b)) {
        (Ok(r), Ok(n)) => (r, n),
        (Err(x), Err(y)) => {
            assert_eq!(x.kind, y.kind, "{x} / {y}");
            return false;
        }
        (r, n) => panic!("max_common_layout({a}, {b}) = {r:?} but max_common_vector = {n:?}"),
    };
    if r == Layout::trivial() {
        assert_eq!(n, 1, "max_common_vector({a}, {b})");
        return false;
    }
    assert_eq!(r.size(), n, "max_common_layout({a}, {b}) = {r}");
    for i in 0..n {
        let x = r.eval(i).unwrap();
        assert_eq!(
            a.eval(x).unwrap(),
            i,
            "A(R({i})), R = {r}, A = {a}, B = {b}"
        );
        assert_eq!(
            b.eval(x).unwrap(),
            i,
            "B(R({i})), R = {r}, A = {a}, B = {b}"
        );
    }
    if injective(b) {
        let inv = right_inverse(b).unwrap();
        if n < inv.size() {
            let x = inv.eval(n).unwrap();
            assert_ne!(
                a.eval(x).unwrap(),
                n,
                "max_common_vector({a}, {b}) = {n} could grow"
            );
        }
    }
    n > 1
}

/// Two orders of the same compact modes: the vector is the leading run they share.
#[test]
fn max_common_of_permutations() {
    check("max_common_layout", permuted(1024), 0.3, |(a, b)| {
        common_vector_is_common_and_maximal(&a, &b)
    });
}

/// Random layouts: rarely a common vector, and never a wrong one.
#[test]
fn max_common_of_random_layouts() {
    check(
        "max_common_layout",
        (layout(1024, 16), layout(1024, 16)),
        0.0,
        |(a, b)| common_vector_is_common_and_maximal(&a, &b),
    );
}
