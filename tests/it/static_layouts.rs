//! Static layouts written with the macros lower to the same `cute-core` values, and evaluate to
//! the same offsets, as the dynamic layouts parsed from the same notation.

use cute::cute_static::StaticLayout;
use cute::{layout, shape, Layout, Shape};

fn same_as_dynamic<L: StaticLayout>(notation: &str) {
    let dynamic: cute::Layout = notation.parse().unwrap();
    assert_eq!(L::LAYOUT, dynamic, "{notation}");
    assert_eq!(L::LAYOUT.to_string(), notation);
    assert_eq!(
        (L::SIZE, L::COSIZE),
        (dynamic.size(), dynamic.cosize().unwrap()),
        "{notation}"
    );
    for i in 0..L::SIZE.min(4096) {
        assert_eq!(L::eval(i), dynamic.eval(i).unwrap(), "{notation} at {i}");
    }
}

#[test]
fn macros_lower_to_the_dynamic_layouts() {
    same_as_dynamic::<Layout!((4,(2,2)):(2,(1,8)))>("(4,(2,2)):(2,(1,8))");
    same_as_dynamic::<Layout!(12:1)>("12:1");
    same_as_dynamic::<Layout!((12):(1))>("(12):(1)");
    same_as_dynamic::<Layout!(((4,8),2):((16,1),8))>("((4,8),2):((16,1),8)");
    // seed 000 §3.4.4: the TMEM layout, strides up to 2^19.
    same_as_dynamic::<Layout!((8,(16,4)):(1,(16384,524288)))>("(8,(16,4)):(1,(16384,524288))");
    // Values typenum does not name (not <= 1024, not a power of two) go through their bits.
    same_as_dynamic::<Layout!((3,1000003):(1000003,1))>("(3,1000003):(1000003,1)");
    // Rank 8.
    same_as_dynamic::<Layout!((2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128))>(
        "(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128)",
    );
}

#[test]
fn values_are_zero_sized_and_print_in_notation() {
    let l = layout!((4,8):(1,4));
    assert_eq!(std::mem::size_of_val(&l), 0);
    assert_eq!(l.to_string(), "(4,8):(1,4)");
    let s: Shape!((4, (2, 2))) = shape!((4, (2, 2)));
    assert_eq!(std::mem::size_of_val(&s), 0);
    assert_eq!(
        <Shape!((4, (2, 2))) as cute::cute_static::IntTupleType>::TUPLE.to_string(),
        "(4,(2,2))"
    );
}

#[test]
fn queries_are_constants() {
    const SIZE: i64 = <Layout!((8,8):(8,1)) as StaticLayout>::SIZE;
    const COSIZE: i64 = <Layout!((8,8):(1,9)) as StaticLayout>::COSIZE;
    assert_eq!((SIZE, COSIZE), (64, 71));
}
