//! `make_ordered_layout` and `tile_to_shape`: CuTe's examples, their post-conditions on random
//! shapes and orders, and the conditions they refuse.

use cute::{blocked_product, make_ordered_layout, tile_to_shape, ErrorKind, Layout};
use proptest::prelude::*;

use crate::strategy::{config, l, t};

/// A flat shape of 1 to 5 leaves (sizes 1 to 6) and a permutation of its leaves as the order.
fn shape_and_order() -> impl Strategy<Value = (Vec<i64>, Vec<i64>)> {
    prop::collection::vec(1..=6i64, 1..=5).prop_flat_map(|s| {
        let n = s.len() as i64;
        (Just(s), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
    })
}

fn tuple(v: &[i64]) -> String {
    let items: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("({})", items.join(","))
}

#[test]
fn cutes_examples() {
    let ordered = |s: &str, o: &str| make_ordered_layout(&t(s), &t(o)).unwrap().to_string();
    // CuTe's own example (layout.hpp).
    assert_eq!(ordered("(2,2,2,2)", "(0,2,3,1)"), "(2,2,2,2):(1,4,8,2)");
    // An integer order governs a whole nested mode, column-major inside.
    assert_eq!(ordered("((2,3),4)", "(1,0)"), "((2,3),4):((4,8),1)");
    assert_eq!(ordered("(4,8)", "(1,0)"), "(4,8):(8,1)");
    assert_eq!(ordered("12", "0"), "12:1");
    // CUTLASS's shared-memory tiles: an 8x64 swizzle atom tiled to 128x64.
    let tiled = |b: &str, s: &str| tile_to_shape(&l(b), &t(s), None).unwrap().to_string();
    assert_eq!(
        tiled("(8,64):(64,1)", "(128,64)"),
        "((8,16),(64,1)):((64,512),(1,0))"
    );
    // A rank-1 block is padded with 1:0 modes.
    assert_eq!(tiled("8:1", "(16,2)"), "((8,2),(1,2)):((1,8),(0,16))");
    // The tiles in row-major order.
    let rows = tile_to_shape(&l("(2,2):(1,2)"), &t("(4,6)"), Some(&t("(1,0)"))).unwrap();
    assert_eq!(rows.to_string(), "((2,2),(2,3)):((1,12),(2,4))");
}

#[test]
fn refused_as_cute_would_mislead() {
    let code = |r: Result<Layout, cute::Error>| r.unwrap_err().kind;
    assert_eq!(
        code(make_ordered_layout(&t("(2,3,4)"), &t("(0,1,0)"))),
        ErrorKind::OrderTie { order: 0 }
    );
    assert_eq!(
        code(make_ordered_layout(&t("(2,3)"), &t("((0,1),2)"))),
        ErrorKind::RankMismatch { left: 1, right: 2 }
    );
    assert_eq!(
        code(make_ordered_layout(&t("(2,3)"), &t("(0,1,2)"))),
        ErrorKind::RankMismatch { left: 2, right: 3 }
    );
    assert_eq!(
        code(make_ordered_layout(&t("(2,3)"), &t("(0,_)"))),
        ErrorKind::InvalidParameters
    );
    let e = tile_to_shape(&l("(8,8):(8,1)"), &t("(20,16)"), None).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::BlockDivisibility {
            mode: 0,
            block: 8,
            target: 20
        }
    );
    assert!(e.to_string().contains("tile_to_shape"), "{e}");
    assert!(matches!(
        code(tile_to_shape(&l("(2,2,2):(1,2,4)"), &t("(4,4)"), None)),
        ErrorKind::RankMismatch { .. }
    ));
    assert_eq!(
        code(tile_to_shape(&l("8:1"), &t("(_,16)"), None)),
        ErrorKind::InvalidParameters
    );
    assert!(matches!(
        code(tile_to_shape(&l("(0,2):(1,1)"), &t("(4,4)"), None)),
        ErrorKind::BlockDivisibility { block: 0, .. }
    ));
    // A tie with a single element overlaps nothing: allowed, the size-1 leaf of stride 0.
    let ordered = make_ordered_layout(&t("(2,1,4)"), &t("(0,0,1)")).unwrap();
    assert_eq!(ordered.to_string(), "(2,1,4):(1,0,2)");
    // A rank-1 order over an integer shape is its one entry.
    assert_eq!(
        make_ordered_layout(&t("16"), &t("(0)"))
            .unwrap()
            .to_string(),
        "16:1"
    );
    assert_eq!(
        tile_to_shape(&l("4:1"), &t("16"), Some(&t("(0)")))
            .unwrap()
            .size(),
        16
    );
    // A rank-1 target keeps its rank for the order.
    let one = tile_to_shape(&l("(4):(1)"), &t("(16)"), Some(&t("(0)"))).unwrap();
    assert_eq!(one.size(), 16);
}

proptest! {
    #![proptest_config(config())]

    /// The result has the shape, is a bijection onto `0..size`, and a leaf of smaller order has
    /// the smaller stride.
    #[test]
    fn an_ordered_layout_is_compact_in_its_order((shape, order) in shape_and_order()) {
        let (s, o) = (tuple(&shape), tuple(&order));
        let r = make_ordered_layout(&t(&s), &t(&o)).unwrap();
        prop_assert_eq!(r.shape().to_string(), s.clone());
        let size = r.size();
        let mut seen = vec![false; size as usize];
        for i in 0..size {
            let x = r.eval(i).unwrap();
            prop_assert!((0..size).contains(&x) && !seen[x as usize], "{r} at {i}");
            seen[x as usize] = true;
        }
        let d = r.stride().leaves().to_vec();
        for a in 0..shape.len() {
            for b in 0..shape.len() {
                if order[a] < order[b] && shape[a] > 1 && shape[b] > 1 {
                    prop_assert!(d[a] < d[b], "{r}: order {o}");
                }
            }
        }
    }

    /// `tile_to_shape` is the blocked product of the block with the column-major tile grid:
    /// each mode has the target's size, and each block is the block itself at its tile's offset.
    #[test]
    fn tiles_cover_the_shape(
        (b0, b1) in (1..=4i64, 1..=4i64),
        (n0, n1) in (1..=3i64, 1..=3i64),
    ) {
        let block = Layout::left(&t(&tuple(&[b0, b1]))).unwrap();
        let target = t(&tuple(&[b0 * n0, b1 * n1]));
        let r = tile_to_shape(&block, &target, None).unwrap();
        prop_assert_eq!(r.mode(0).unwrap().size(), b0 * n0);
        prop_assert_eq!(r.mode(1).unwrap().size(), b1 * n1);
        let grid = Layout::left(&t(&tuple(&[n0, n1]))).unwrap();
        prop_assert_eq!(r, blocked_product(&block, &grid).unwrap());
        for (i, j) in (0..b0).flat_map(|i| (0..b1).map(move |j| (i, j))) {
            let c = t(&format!("(({i},0),({j},0))"));
            prop_assert_eq!(r.eval_crd(&c).unwrap(), block.eval_crd(&t(&format!("({i},{j})"))).unwrap());
        }
        // With the order (1,0), tile (p, q) starts at the offset of tile p·n1 + q, row-major.
        let rows = tile_to_shape(&block, &target, Some(&t("(1,0)"))).unwrap();
        for (p, q) in (0..n0).flat_map(|p| (0..n1).map(move |q| (p, q))) {
            let c = t(&format!("((0,{p}),(0,{q}))"));
            prop_assert_eq!(rows.eval_crd(&c).unwrap(), b0 * b1 * (p * n1 + q));
        }
    }
}
