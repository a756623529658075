//! Static layouts written with the macros lower to the same `cute-core` values, and evaluate to
//! the same offsets, as the dynamic layouts parsed from the same notation.

use cute::cute_static::StaticLayout;
use cute::{layout, shape, Layout, Shape};

fn same_as_dynamic<L: StaticLayout>(notation: &str) {
    let dynamic: cute::Layout = notation.parse().unwrap();
    assert_eq!(L::LAYOUT, dynamic, "{notation}");
    assert_eq!(L::LAYOUT.to_string(), notation);
    assert_eq!(
        (L::SIZE, L::COSIZE, L::RANK, L::DEPTH),
        (
            dynamic.size(),
            dynamic.cosize().unwrap(),
            dynamic.rank(),
            dynamic.depth()
        ),
        "{notation}"
    );
    for i in 0..L::SIZE.min(4096) {
        assert_eq!(L::at(i), dynamic.eval(i).unwrap(), "{notation} at {i}");
        let c = cute::idx2crd(&cute::IntTuple::int(i), &dynamic.shape().to_tuple()).unwrap();
        assert_eq!(L::at_crd(&c), dynamic.eval_crd(&c), "{notation} at {c}");
    }
}

#[test]
fn macros_lower_to_the_dynamic_layouts() {
    same_as_dynamic::<Layout!((4,(2,2)):(2,(1,8)))>("(4,(2,2)):(2,(1,8))");
    same_as_dynamic::<Layout!(12:1)>("12:1");
    same_as_dynamic::<Layout!((12):(1))>("(12):(1)");
    same_as_dynamic::<Layout!(((4,8),2):((16,1),8))>("((4,8),2):((16,1),8)");
    // Cecka, *CuTe Layout Representation and Algebra*, §3.4.4: the TMEM layout, strides up to
    // 2^19.
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
        <Shape!((4, (2, 2))) as cute::cute_static::StaticTuple>::TUPLE.to_string(),
        "(4,(2,2))"
    );
}

#[test]
fn queries_are_constants() {
    const SIZE: i64 = <Layout!((8,8):(8,1)) as StaticLayout>::SIZE;
    const COSIZE: i64 = <Layout!((8,8):(1,9)) as StaticLayout>::COSIZE;
    assert_eq!((SIZE, COSIZE), (64, 71));
}

/// Each value-level function returns the zero-sized layout that prints as the dynamic result of
/// the same expression.
#[test]
fn value_level_functions_agree_with_the_dynamic_algebra() {
    use cute::cute_static as st;
    let tv = layout!(((4,8),2):((16,1),8));
    let a = layout!((8,16):(16,1));
    let t = cute::tiler!(<4:1,8:2>);
    let cases: [(String, &str); 17] = [
        (
            st::coalesce(&layout!((2,(1,6)):(1,(6,2))))
                .unwrap()
                .to_string(),
            "coalesce((2,(1,6)):(1,(6,2)))",
        ),
        (
            st::composition(&layout!((8,8):(8,1)), &tv)
                .unwrap()
                .to_string(),
            "composition((8,8):(8,1), ((4,8),2):((16,1),8))",
        ),
        (
            st::composition(&a, &t).unwrap().to_string(),
            "composition((8,16):(16,1), <4:1,8:2>)",
        ),
        (
            st::complement(&layout!((2,2):(1,6)), &shape!(24))
                .unwrap()
                .to_string(),
            "complement((2,2):(1,6), 24)",
        ),
        (
            st::right_inverse(&tv).unwrap().to_string(),
            "right_inverse(((4,8),2):((16,1),8))",
        ),
        (
            st::left_inverse(&layout!((4,8):(1,5))).unwrap().to_string(),
            "left_inverse((4,8):(1,5))",
        ),
        (
            st::logical_divide(&a, &t).unwrap().to_string(),
            "logical_divide((8,16):(16,1), <4:1,8:2>)",
        ),
        (
            st::zipped_divide(&a, &t).unwrap().to_string(),
            "zipped_divide((8,16):(16,1), <4:1,8:2>)",
        ),
        (
            st::tiled_divide(&a, &t).unwrap().to_string(),
            "tiled_divide((8,16):(16,1), <4:1,8:2>)",
        ),
        (
            st::flat_divide(&a, &layout!(4:2)).unwrap().to_string(),
            "flat_divide((8,16):(16,1), 4:2)",
        ),
        (
            st::logical_product(&layout!((2,2):(1,2)), &t)
                .unwrap()
                .to_string(),
            "logical_product((2,2):(1,2), <4:1,8:2>)",
        ),
        (
            st::zipped_product(&layout!((2,2):(1,2)), &t)
                .unwrap()
                .to_string(),
            "zipped_product((2,2):(1,2), <4:1,8:2>)",
        ),
        (
            st::tiled_product(&layout!((2,2):(1,2)), &t)
                .unwrap()
                .to_string(),
            "tiled_product((2,2):(1,2), <4:1,8:2>)",
        ),
        (
            st::flat_product(&layout!((2,2):(1,2)), &layout!((3,4):(4,1)))
                .unwrap()
                .to_string(),
            "flat_product((2,2):(1,2), (3,4):(4,1))",
        ),
        (
            st::blocked_product(&layout!((2,5):(5,1)), &layout!((3,4):(1,3)))
                .unwrap()
                .to_string(),
            "blocked_product((2,5):(5,1), (3,4):(1,3))",
        ),
        (
            st::raked_product(&layout!((2,5):(5,1)), &layout!((3,4):(1,3)))
                .unwrap()
                .to_string(),
            "raked_product((2,5):(5,1), (3,4):(1,3))",
        ),
        (
            st::raked_product(&layout!(4:1), &layout!((2,3):(3,1)))
                .unwrap()
                .to_string(),
            "raked_product(4:1, (2,3):(3,1))",
        ),
    ];
    for (got, expr) in cases {
        assert_eq!(got, cute::expr::eval(expr).unwrap().to_string(), "{expr}");
    }
}

/// A static layout's standard form (`Tractable::MORPHISM`, computed at compile time) is
/// `to_morphism` of its lowered layout (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of
/// CuTe Layout Algebra and Category-theoretic Interpretation*).
#[test]
fn static_standard_forms_are_the_dynamic_ones() {
    use cute::cute_static::Tractable;
    fn check<L: Tractable>() {
        let want = cute::morphism::to_morphism(&L::LAYOUT).unwrap();
        assert_eq!(L::MORPHISM, want, "{}", L::LAYOUT);
        assert_eq!(L::MORPHISM.layout().unwrap(), L::LAYOUT);
    }
    check::<Layout!((4,6):(1,4))>();
    check::<Layout!((4,6):(6,1))>();
    check::<Layout!((8,8,3):(1,8,0))>();
    check::<Layout!(((4,8),(2,2)):((32,1),(16,8)))>();
    check::<Layout!(((4,2),(3,7)):((3,60),(1,0)))>();
    check::<Layout!((4,1):(1,4))>();
    check::<Layout!(4:3)>();
}
