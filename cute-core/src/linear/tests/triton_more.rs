//! More of Triton's `unittest/Tools/LinearLayoutTest.cpp`, transcribed: the cases [`super::triton`]
//! leaves out (construction, composition, reshapes of size-1 dimensions, sublayouts, divisions,
//! the order of a product's dimensions, the right inverse, column actions).
//!
//! Triton's layouts over non-power-of-two sizes (`modularIdentity1D`, `modularStrided1D`, …) have
//! no counterpart here; neither does applying a layout to values given by name in any order.

use super::*;
use crate::linear::ColumnAction;

/// The names of `l`'s input and output dimensions, in order.
fn names(l: &LinearLayout) -> (Vec<String>, Vec<String>) {
    let s = |d: Dim| d.name.as_str().to_string();
    (l.ins().map(s).collect(), l.outs().map(s).collect())
}

/// Slices of the rows of `v`, as [`LinearLayout::new`] takes bases.
fn rows(v: &[Vec<i64>]) -> Vec<&[i64]> {
    v.iter().map(Vec::as_slice).collect()
}

/// Triton's `LinearLayoutTest.Identity1D`, `Identity1DSize1` and `TimesEquals` (a product with
/// the empty layout on the left, here without an assigning operator).
#[test]
fn triton_identity_1d() {
    let l = id1(32, "testIns", "testOuts");
    assert_eq!(
        l,
        tri(
            &[("testIns", &[&[1], &[2], &[4], &[8], &[16]])],
            &["testOuts"]
        )
    );
    assert_eq!(names(&l), (vec!["testIns".into()], vec!["testOuts".into()]));
    assert_eq!((l.in_bits(), l.out_bits()), (5, 5));
    let one = id1(1, "testIns", "testOuts");
    assert_eq!(one, tri(&[("testIns", &[])], &["testOuts"]));
    assert_eq!(
        names(&one),
        (vec!["testIns".into()], vec!["testOuts".into()])
    );
    assert_eq!((one.in_bits(), one.out_bits()), (0, 0));
    let p = prod(&LinearLayout::empty(), &id1(32, "in", "out"));
    assert_eq!(p, id1(32, "in", "out"));
}

/// Triton's `LinearLayoutTest.MultiplyEmptyIdentityAndZeros`, with `LinearLayout::empty()` for
/// Triton's `identity1D(0, …)`: Triton gives the empty layout for size 0, and our `identity`
/// refuses size 0 (see [`triton_identity_of_size_0_is_empty`]).
#[test]
fn triton_multiply_empty_identity_and_zeros() {
    let zeros = LinearLayout::zeros_1d(4, "in", "out").unwrap();
    assert_eq!(
        prod(&LinearLayout::empty(), &zeros),
        tri(&[("in", &[&[0], &[0]])], &["out"])
    );
}

/// Triton's `LinearLayoutTest.MultiplyEmptyIdentityAndZeros` as Triton writes it: `identity1D`
/// of size 0 is the empty layout (as `zeros_1d` of size 0 is).
#[test]
fn triton_identity_of_size_0_is_empty() {
    let e = LinearLayout::identity("in", 0, "out").unwrap();
    assert_eq!(e, LinearLayout::empty());
    let zeros = LinearLayout::zeros_1d(4, "in", "out").unwrap();
    assert_eq!(prod(&e, &zeros), tri(&[("in", &[&[0], &[0]])], &["out"]));
}

/// Triton's `LinearLayoutTest.Apply` (values by position: Triton's by name in any order has no
/// counterpart) and `ConstructLargeLayout` (25 input bits, built and applied).
#[test]
fn triton_apply_and_large_layout() {
    let l = tri_sized(
        &[
            ("in1", &[&[4, 2], &[2, 1], &[1, 0]]),
            ("in2", &[&[1, 2], &[2, 1]]),
        ],
        &[("out1", 8), ("out2", 4)],
    );
    assert_eq!(l.apply(&[0, 0]).unwrap()[..2], [0, 0]);
    assert_eq!(l.apply(&[1, 0]).unwrap()[..2], [4, 2]);
    assert_eq!(l.apply(&[0, 1]).unwrap()[..2], [1, 2]);
    let pows: Vec<Vec<i64>> = (0..25).map(|i| vec![1i64 << i]).collect();
    let big = tri(&[("in", rows(&pows).as_slice())], &["out"]);
    assert_eq!(big.outs().next().unwrap().size(), 1 << 25);
    assert_eq!(big.apply(&[(1 << 25) - 3]).unwrap()[0], (1 << 25) - 3);
}

/// Triton's `LinearLayoutTest.Compose`: `l1.compose(l2)` in Triton is `l2 ∘ l1`, our
/// `compose(&l2, &l1)`.
#[test]
fn triton_compose() {
    let l1 = tri(
        &[("in1", &[&[1, 1], &[0, 1]]), ("in2", &[&[1, 0], &[1, 2]])],
        &["out1", "out2"],
    );
    let l2 = tri(
        &[("out1", &[&[2, 2], &[1, 0]]), ("out2", &[&[1, 1], &[2, 1]])],
        &["out3", "out4"],
    );
    let c = LinearLayout::compose(&l2, &l1).unwrap();
    assert_eq!(
        c,
        tri_sized(
            &[("in1", &[&[3, 3], &[1, 1]]), ("in2", &[&[2, 2], &[0, 3]])],
            &[("out3", 4), ("out4", 4)]
        )
    );
    assert!(!c.is_surjective());
}

/// Triton's `LinearLayoutTest.Compose4D`: four output dimensions, a size-1 input, and the
/// outer layout's outputs in another order than its inputs.
#[test]
fn triton_compose_4d() {
    let l1 = tri(
        &[
            ("in0", &[&[1, 0, 0, 0], &[2, 0, 0, 0]]),
            (
                "in1",
                &[&[4, 0, 0, 0], &[8, 0, 0, 0], &[16, 0, 0, 0], &[32, 0, 0, 0]],
            ),
            ("in2", &[&[0, 0, 1, 0], &[0, 0, 0, 1], &[0, 0, 0, 2]]),
            ("in3", &[]),
        ],
        &["out3", "out0", "out1", "out2"],
    );
    let z = [0i64; 4];
    let l2 = tri(
        &[
            ("out3", &[&[1, 0, 0, 0], &[2, 0, 0, 0], &z, &z, &z, &z]),
            ("out0", &[&[0, 1, 0, 0]]),
            ("out1", &[&[0, 0, 1, 0]]),
            ("out2", &[&[0, 0, 0, 1], &[0, 0, 0, 2]]),
        ],
        &["out3", "out2", "out1", "out0"],
    );
    assert_eq!(
        LinearLayout::compose(&l2, &l1).unwrap(),
        tri_sized(
            &[
                ("in0", &[&[1, 0, 0, 0], &[2, 0, 0, 0]]),
                ("in1", &[&z, &z, &z, &z]),
                ("in2", &[&[0, 0, 1, 0], &[0, 0, 0, 1], &[0, 0, 0, 2]]),
                ("in3", &[]),
            ],
            &[("out3", 4), ("out2", 2), ("out1", 2), ("out0", 4)]
        )
    );
}

/// Triton's `LinearLayoutTest.ReshapeInsDegenerateIn`, `ReshapeInsDegenerateOut`,
/// `ReshapeOutsDegenerateIn`, `ReshapeOutsDegenerateOut`, and the cases of
/// `FlattenInsEdgeCases` / `FlattenOutsEdgeCases` with no outputs or no inputs.
#[test]
fn triton_reshapes_with_size_1_dimensions() {
    let ll = tri(&[("in1", &[&[1], &[4], &[2]]), ("in2", &[])], &["out"]);
    assert_eq!(
        ll.reshape_ins(&[d("in3", 4), d("in4", 2)]).unwrap(),
        tri(&[("in3", &[&[1], &[4]]), ("in4", &[&[2]])], &["out"])
    );
    assert_eq!(
        ll.reshape_outs(&[d("out1", 4), d("out2", 2)]).unwrap(),
        tri(
            &[("in1", &[&[1, 0], &[0, 1], &[2, 0]]), ("in2", &[])],
            &["out1", "out2"]
        )
    );
    let ll = tri(&[("in1", &[&[1], &[4]]), ("in2", &[&[2]])], &["out"]);
    assert_eq!(
        ll.reshape_ins(&[d("in3", 8), d("in4", 1)]).unwrap(),
        tri(&[("in3", &[&[1], &[4], &[2]]), ("in4", &[])], &["out"])
    );
    assert_eq!(
        ll.reshape_outs(&[d("out1", 8), d("out2", 1)]).unwrap(),
        tri(
            &[("in1", &[&[1, 0], &[4, 0]]), ("in2", &[&[2, 0]])],
            &["out1", "out2"]
        )
    );
    let no_outs = tri(&[("in1", &[])], &[]);
    let no_ins = tri(&[], &["out"]);
    for l in [no_outs, no_ins] {
        assert_eq!((l.flatten_ins(), l.flatten_outs()), (l, l));
    }
}

/// Triton's `LinearLayoutTest.InvertAndCompose_Simple`, `_NonInjective`, `_BroadcastedInDim`,
/// `_BroadcastAtBeginningOfSecond`, `_BroadcastBeginningAndEndOfSecond`, `_BroadcastedDims` and
/// `_BroadcastedDims2`: the round trip `l2 ∘ C` is `l1` exactly, output sizes included
/// ([`super::triton`] checks the results and the round trip up to output sizes).
#[test]
fn triton_invert_and_compose_round_trips_exactly() {
    let round = |l1: &LinearLayout, l2: &LinearLayout| {
        let c = l1.invert_and_compose(l2).unwrap();
        assert_eq!(
            &LinearLayout::compose(l2, &c).unwrap(),
            l1,
            "{l1:?} / {l2:?}"
        );
        c
    };
    let l1 = tri(&[("in1", &[&[2], &[1], &[4]])], &["out"]);
    round(&l1, &tri(&[("in2", &[&[4], &[1], &[2]])], &["out"]));
    let c = round(&l1, &tri(&[("in2", &[&[0], &[2], &[1], &[4]])], &["out"]));
    assert!(!c.is_surjective());
    let l1b = tri(&[("in1", &[&[2], &[1], &[4]]), ("in2", &[&[0]])], &["out"]);
    round(&l1b, &tri(&[("in", &[&[4], &[1], &[2]])], &["out"]));
    let id = tri(&[("in", &[&[1], &[2], &[4]])], &["out"]);
    round(&id, &tri(&[("in", &[&[0], &[4], &[1], &[2]])], &["out"]));
    round(
        &id,
        &tri(&[("in", &[&[0], &[4], &[1], &[2], &[0]])], &["out"]),
    );
    let l1 = tri(&[("in1", &[&[1], &[2], &[4]]), ("in2", &[&[0]])], &["out"]);
    round(
        &l1,
        &tri(&[("in3", &[&[1], &[2], &[4]]), ("in4", &[&[0]])], &["out"]),
    );
    let a = tri(&[("in1", &[&[1], &[2]]), ("in2", &[&[0]])], &["out"]);
    round(
        &a,
        &tri(&[("in3", &[&[2], &[1]]), ("in4", &[&[0]])], &["out"]),
    );
}

/// Triton's `LinearLayoutTest.InvertAndComposeLargerA`: the shared layout's outputs larger than
/// the register layout's; the same result through the inverse.
#[test]
fn triton_invert_and_compose_larger_a() {
    let reg = tri(
        &[
            ("register", &[&[0, 1], &[0, 2], &[0, 4], &[0, 32], &[32, 0]]),
            ("lane", &[&[0, 8], &[0, 16], &[1, 0], &[2, 0], &[4, 0]]),
            ("warp", &[&[8, 0], &[16, 0]]),
            ("block", &[]),
        ],
        &["dim0", "dim1"],
    );
    let mut offset: Vec<Vec<i64>> = (0..7).map(|i| vec![0, 1 << i]).collect();
    offset.extend([vec![1, 8], vec![2, 16], vec![4, 32]]);
    offset.extend((3..8).map(|i| vec![1 << i, 0]));
    let shared = tri(
        &[("offset", rows(&offset).as_slice()), ("block", &[])],
        &["dim0", "dim1"],
    );
    let want = tri_sized(
        &[
            (
                "register",
                &[&[1, 0], &[2, 0], &[4, 0], &[32, 0], &[4096, 0]],
            ),
            (
                "lane",
                &[&[8, 0], &[16, 0], &[136, 0], &[272, 0], &[544, 0]],
            ),
            ("warp", &[&[1024, 0], &[2048, 0]]),
            ("block", &[]),
        ],
        &[("offset", 32768), ("block", 1)],
    );
    assert_eq!(reg.invert_and_compose(&shared).unwrap(), want);
    let inv = shared.invert().unwrap();
    assert_eq!(LinearLayout::compose(&inv, &reg).unwrap(), want);
}

/// Triton's `LinearLayoutTest.invertAndCompose1`: the conversion is trivial over `block`
/// (Triton's `isTrivialOver`, whose test our `quotient` makes), both layouts broadcasting it.
#[test]
fn triton_invert_and_compose_keeps_a_shared_broadcast_dimension() {
    let reg = tri(
        &[
            (
                "offset",
                &[
                    &[0, 1],
                    &[0, 2],
                    &[0, 4],
                    &[0, 16],
                    &[32, 0],
                    &[64, 0],
                    &[128, 0],
                ],
            ),
            ("lane", &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[0, 8]]),
            ("warp", &[&[0, 0], &[16, 0]]),
            ("block", &[&[0, 0]]),
        ],
        &["dim0", "dim1"],
    );
    let mut offset: Vec<Vec<i64>> = (0..7).map(|i| vec![0, 1 << i]).collect();
    offset.extend((0..8).map(|i| vec![1 << i, 0]));
    let shared = tri(
        &[("offset", rows(&offset).as_slice()), ("block", &[&[0, 0]])],
        &["dim0", "dim1"],
    );
    let cvt = reg.invert_and_compose(&shared).unwrap();
    assert!(cvt.quotient(&["block"]).is_ok(), "{}", cvt.table());
}

/// Triton's `LinearLayoutTest.Sublayout` and `SublayoutIsZero` (no `sublayoutIsZero` here: a
/// sublayout whose bases are all 0).
#[test]
fn triton_sublayout() {
    let l1 = tri(
        &[("in1", &[&[1, 0], &[0, 1], &[2, 0]]), ("in2", &[&[0, 1]])],
        &["out1", "out2"],
    );
    let sub = |i: &[&str], o: &[&str]| l1.sublayout(i, o).unwrap();
    let both = tri(&[("in1", &[&[1], &[0], &[2]]), ("in2", &[&[0]])], &["out1"]);
    assert_eq!(sub(&["in1", "in2"], &["out1"]), both);
    assert_eq!(sub(&["in2", "in1"], &["out1"]), both);
    assert_eq!(sub(&["in2", "in1"], &["out2", "out1"]), l1);
    assert_eq!(
        sub(&["in1"], &["out1"]),
        tri(&[("in1", &[&[1], &[0], &[2]])], &["out1"])
    );
    assert_eq!(sub(&[], &[]), LinearLayout::empty());
    assert_eq!(
        sub(&["in1"], &[]),
        LinearLayout::new(&[d("in1", 8)], &[], &[&[], &[], &[]]).unwrap()
    );
    assert_eq!(
        sub(&[], &["out1"]),
        LinearLayout::new(&[], &[d("out1", 4)], &[]).unwrap()
    );
    let is_zero = |l: &LinearLayout, i: &[&str], o: &[&str]| {
        let s = l.sublayout(i, o).unwrap();
        (0..s.in_bits()).all(|k| s.basis(k) == Some(0))
    };
    let id = id1(4, "in", "out");
    assert!(!is_zero(&id, &["in"], &["out"]));
    assert!(is_zero(&id, &[], &["out"]));
    assert!(is_zero(&id, &["in"], &[]));
    assert!(is_zero(&id, &[], &[]));
    let l = tri(
        &[("in1", &[&[0, 1], &[0, 2]]), ("in2", &[&[1, 1]])],
        &["out1", "out2"],
    );
    assert!(is_zero(&l, &["in1"], &["out1"]));
    assert!(!is_zero(&l, &["in1"], &["out2"]));
    assert!(!is_zero(&l, &["in2"], &["out1"]));
    assert!(!is_zero(&l, &["in2"], &["out2"]));
}

/// Triton's `SupremumTest` cases, through the product, whose dimensions (in and out) are the
/// supremum of both layouts' orders (Triton's `supremum` itself is not public here).
/// `ErrorOnInconsistentOrder` is [`super::triton`]'s product of `(x, z)` and `(z, x)`.
#[test]
fn triton_supremum_of_dimension_orders() {
    let named = |n: &[&str]| {
        let dims: Vec<Dim> = n.iter().map(|n| d(n, 1)).collect();
        LinearLayout::new(&dims, &dims, &[]).unwrap()
    };
    let sup = |x: &[&str], y: &[&str]| {
        let (ins, outs) = names(&prod(&named(x), &named(y)));
        assert_eq!(ins, outs);
        ins
    };
    assert_eq!(sup(&["a", "b", "c"], &["a", "b", "c"]), ["a", "b", "c"]);
    assert_eq!(sup(&["a", "b"], &["a", "c"]), ["a", "b", "c"]);
    assert_eq!(sup(&["a", "b"], &["b", "c"]), ["a", "b", "c"]);
    assert_eq!(sup(&["a", "b", "c"], &["a", "d"]), ["a", "b", "c", "d"]);
    assert!(sup(&[], &[]).is_empty());
    assert_eq!(sup(&["a", "b"], &[]), ["a", "b"]);
    assert!(LinearLayout::product(&named(&["a", "b"]), &named(&["b", "a"])).is_err());
}

/// `A / B` both ways, as Triton's divisions are called: `left` is `divideLeft(a, b)`, `right`
/// `divideRight(a, b)`.
fn left(a: &LinearLayout, b: &LinearLayout) -> LinearLayout {
    LinearLayout::divide_left(a, b).unwrap_or_else(|e| panic!("{e}"))
}

fn right(a: &LinearLayout, b: &LinearLayout) -> LinearLayout {
    LinearLayout::divide_right(a, b).unwrap_or_else(|e| panic!("{e}"))
}

/// Triton's `LinearLayoutTest.Divide_Basic`, `Divide_NonMatchingDims` and `Divide_Simple`
/// (`DivideLeft_*` in older versions, without the right divisions).
#[test]
fn triton_divide_basic_and_simple() {
    let b = id1(8, "in", "out");
    let c = LinearLayout::zeros_1d(16, "in", "out").unwrap();
    assert_eq!(left(&prod(&b, &c), &b), c);
    assert_eq!(right(&prod(&b, &c), &c), b);
    assert_eq!(left(&prod(&c, &b), &c), b);
    assert_eq!(right(&prod(&c, &b), &b), c);
    let a = id1(32, "in", "out");
    let extra = tri(
        &[("in", &[&[1], &[2], &[4], &[8]]), ("extra", &[&[0]])],
        &["out"],
    );
    assert!(LinearLayout::divide_left(&a, &extra).is_err());
    assert!(LinearLayout::divide_right(&a, &extra).is_err());
    let a = id1(8, "in", "out");
    for (b, c) in [
        (id1(4, "in", "out"), id1(2, "in", "out")),
        (a, id1(1, "in", "out")),
    ] {
        assert_eq!(left(&a, &b), c);
        assert_eq!(right(&a, &b), c);
    }
}

/// Triton's `LinearLayoutTest.Divide_2D` (`DivideLeft_2D`).
#[test]
fn triton_divide_2d() {
    let l1 = tri(
        &[
            ("in1", &[&[1, 1], &[2, 2], &[0, 8], &[0, 4]]),
            ("in2", &[&[0, 2], &[0, 1]]),
        ],
        &["out1", "out2"],
    );
    let l2 = tri(
        &[("in1", &[&[1, 1], &[2, 2]]), ("in2", &[&[0, 2], &[0, 1]])],
        &["out1", "out2"],
    );
    let l3 = tri(
        &[("in1", &[&[0, 2], &[0, 1]]), ("in2", &[])],
        &["out1", "out2"],
    );
    assert_eq!(prod(&l2, &l3), l1);
    assert_eq!(left(&l1, &l2), l3);
    assert_eq!(right(&l1, &l3), l2);
}

/// Triton's `LinearLayoutTest.Divide_EliminateInDim` (`DivideLeft_EliminateInDim`): quotients
/// with size-1 input dimensions.
#[test]
fn triton_divide_eliminate_in_dim() {
    let o = ["out1", "out2"];
    let l1 = tri(
        &[("in2", &[&[0, 1], &[1, 0]]), ("in1", &[&[2, 0], &[0, 2]])],
        &o,
    );
    let l2 = tri(&[("in2", &[&[0, 1], &[1, 0]])], &o);
    let l3 = tri(&[("in2", &[]), ("in1", &[&[1, 0], &[0, 1]])], &o);
    assert_eq!(prod(&l2, &l3), l1);
    assert_eq!(left(&l1, &l2), l3);
    let l2 = tri(&[("in2", &[&[0, 1], &[1, 0]]), ("in1", &[])], &o);
    let l3 = tri(&[("in1", &[&[1, 0], &[0, 1]])], &o);
    assert_eq!(prod(&l2, &l3), l1);
    assert_eq!(right(&l1, &l3), l2);
    let l4 = tri(&[("in1", &[&[0, 1], &[0, 2]]), ("in2", &[])], &o);
    let l5 = tri(&[("in1", &[&[0, 1], &[0, 2]])], &o);
    let l6 = tri(&[("in1", &[]), ("in2", &[])], &o);
    assert_eq!(prod(&l5, &l6), l4);
    assert_eq!(left(&l4, &l5), l6);
    assert_eq!(right(&l4, &l5), l6);
    let l7 = tri(&[("in1", &[]), ("in2", &[&[0, 1]]), ("in3", &[])], &o);
    let l8 = tri(&[("in2", &[&[0, 1]])], &o);
    let l9 = tri(&[("in1", &[]), ("in2", &[]), ("in3", &[])], &o);
    assert_eq!(prod(&l8, &l9), l7);
    assert_eq!(left(&l7, &l8), l9);
    assert_eq!(right(&l7, &l8), l9);
}

/// Triton's `LinearLayoutTest.Divide_EliminateOutDim` (`DivideLeft_EliminateOutDim`, whose
/// divisor has both outputs, the second of size 1): divisors without some output dimensions.
#[test]
fn triton_divide_eliminate_out_dim() {
    let o = ["out1", "out2"];
    let l1 = tri(
        &[("in2", &[&[1, 0], &[1, 0]]), ("in1", &[&[2, 0], &[0, 1]])],
        &o,
    );
    let l3 = tri(&[("in2", &[]), ("in1", &[&[1, 0], &[0, 1]])], &o);
    for l2 in [
        tri(&[("in2", &[&[1], &[1]])], &["out1"]),
        tri(&[("in2", &[&[1, 0], &[1, 0]])], &o),
    ] {
        assert_eq!(prod(&l2, &l3), l1);
        assert_eq!(left(&l1, &l2), l3);
    }
    let l1 = tri(
        &[("in2", &[&[1, 0], &[0, 2]]), ("in1", &[&[0, 1], &[0, 2]])],
        &o,
    );
    let l2 = tri(&[("in2", &[&[1]]), ("in1", &[&[1]])], &["out2"]);
    let l3 = tri(&[("in2", &[&[1, 0]]), ("in1", &[&[0, 1]])], &o);
    assert_eq!(prod(&l3, &l2), l1);
    assert_eq!(right(&l1, &l2), l3);
    let l4 = tri(&[("in1", &[&[0, 1], &[0, 2]])], &o);
    let l5 = tri(&[], &["out1"]);
    let l6 = tri(&[("in1", &[&[0, 1], &[0, 2]])], &o);
    assert_eq!(prod(&l5, &l6), l4);
    assert_eq!(left(&l4, &l5), l6);
    assert_eq!(right(&l4, &l5), l6);
}

/// Triton's `getPackedCoordtoPaddedOffset`: `(row, col)` of `m` rows of `k_packed` bytes to the
/// offset in rows padded to twice as many, 8 bytes of data in every 16.
fn packed_to_padded(m: i64, k_packed: i64) -> LinearLayout {
    let off = |lin: i64| vec![lin / 8 * 16 + lin % 8];
    let mut bases: Vec<Vec<i64>> = Vec::new();
    bases.extend((0..m.trailing_zeros()).map(|i| off((1 << i) * k_packed)));
    bases.extend((0..k_packed.trailing_zeros()).map(|j| off(1 << j)));
    LinearLayout::new(
        &[d("row", m), d("col", k_packed)],
        &[d("offset", m * k_packed * 2)],
        &rows(&bases),
    )
    .unwrap()
}

/// The packed column of a padded one: 8 bytes of data in every 16.
fn packed(col: i64) -> i64 {
    col / 16 * 8 + col % 8
}

/// Triton's `LinearLayoutTest.BlackwellMixedPrecisionDotScaledSMEM`: the right inverse
/// (Triton's `pseudoinvert`) of a padded offset layout is the packed-to-padded map.
#[test]
fn triton_blackwell_mixed_precision_dot_scaled_smem() {
    let (m, k_packed, k_padded) = (16i64, 4i64, 8i64);
    let bases: Vec<Vec<i64>> = (0..(m * k_padded).trailing_zeros())
        .map(|i| {
            let p = packed(1 << i);
            vec![p / k_packed, p % k_packed]
        })
        .collect();
    let layout = tri(&[("offset", rows(&bases).as_slice())], &["row", "col"]);
    let computed = layout.right_inverse().unwrap();
    let manual = packed_to_padded(m, k_packed);
    for i in 0..m {
        for j in 0..k_packed {
            assert_eq!(
                computed.apply(&[i, j]).unwrap()[0],
                manual.apply(&[i, j]).unwrap()[0],
                "({i}, {j})"
            );
        }
    }
}

/// Triton's `LinearLayoutTest.BlackwellMixedPrecisionDotScaledSMEMSwizzled`. Triton's
/// `ensureLayoutNotSmallerThan` has no counterpart here; for this layout (offset onto 8 rows of
/// 64 packed columns, asked for 16 rows of 64) it is the product with the identity of size 2
/// from `offset` onto `row` (and of size 1 onto `col`), written out.
#[test]
fn triton_blackwell_mixed_precision_dot_scaled_smem_swizzled() {
    let (m, k_padded) = (16i64, 128i64);
    let k_packed = k_padded / 2;
    let (tile_rows, tile_cols, vec) = (8i64, 128i64, 16i64);
    let mut bases: Vec<Vec<i64>> = (0..tile_cols.trailing_zeros())
        .map(|i| vec![0, packed(1 << i)])
        .collect();
    bases.extend((0..tile_rows.trailing_zeros()).map(|i| {
        let row = 1i64 << i;
        vec![row, packed(vec * (row % 8))]
    }));
    let tile = tri(&[("offset", rows(&bases).as_slice())], &["row", "col"]);
    let grown = prod(
        &prod(&tile, &id1(m / 8, "offset", "row")),
        &id1(k_packed / 64, "offset", "col"),
    );
    assert_eq!(
        grown.outs().map(|d| d.size()).collect::<Vec<_>>(),
        [m, k_packed]
    );
    let swizzled = grown.right_inverse().unwrap();
    let plain = packed_to_padded(m, k_packed);
    for i in 0..m {
        for j in 0..k_packed {
            let off = plain.apply(&[i, j]).unwrap()[0];
            let (row, col) = (off / k_padded, off % k_padded);
            let col_swizzled = ((col / 16) ^ (row % 8)) * 16 + col % 16;
            assert_eq!(
                swizzled.apply(&[i, j]).unwrap()[0],
                row * k_padded + col_swizzled,
                "({i}, {j})"
            );
        }
    }
}

/// Triton's `LinearLayoutTest.ColumnActionApplyLayout` and `ColumnActionApplyValues`.
#[test]
fn triton_column_actions() {
    let l = tri(&[("in", &[&[1], &[2], &[4]])], &["out"]);
    let a = ColumnAction::new(&[2, 0, 1], "in", 3).unwrap();
    assert_eq!(
        a.apply(&l).unwrap(),
        tri(&[("in", &[&[4], &[1], &[2]])], &["out"])
    );
    // Dropping the third column and swapping the others; the output keeps its size.
    let b = ColumnAction::new(&[1, 0], "in", 3).unwrap();
    assert_eq!(
        b.apply(&l).unwrap(),
        tri_sized(&[("in", &[&[2], &[1]])], &[("out", 8)])
    );
    let values: Vec<i64> = (1..=8).collect();
    let mut out = [0i64; 8];
    let a = ColumnAction::new(&[2, 0, 1], "register", 3).unwrap();
    a.apply_values(&values, &mut out).unwrap();
    assert_eq!(out, [1, 5, 2, 6, 3, 7, 4, 8]);
    let mut out = [0i64; 4];
    let b = ColumnAction::new(&[2, 1], "register", 3).unwrap();
    b.apply_values(&values, &mut out).unwrap();
    assert_eq!(out, [1, 5, 3, 7]);
}
