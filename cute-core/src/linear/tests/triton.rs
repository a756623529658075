//! Triton's `unittest/Tools/LinearLayoutTest.cpp`, transcribed, and checks of the operations taken
//! from Triton (its divisions, its printing).

use super::*;

#[test]
fn triton_empty_and_zeros_1d() {
    let e = LinearLayout::empty();
    assert_eq!((e.ins().count(), e.outs().count(), e.in_bits()), (0, 0, 0));
    assert_eq!(LinearLayout::zeros_1d(0, "in", "out").unwrap(), e);
    assert_eq!(
        LinearLayout::zeros_1d(32, "ins", "outs").unwrap(),
        tri(&[("ins", &[&[0], &[0], &[0], &[0], &[0]])], &["outs"])
    );
    assert_eq!(
        LinearLayout::zeros_1d(12, "in", "out").unwrap_err().code(),
        "not_power_of_two"
    );
}

#[test]
fn triton_inferred_out_sizes() {
    // GetOutDimSizeLog2: bases up to 2 give an output of 4.
    let l = tri(
        &[("in0", &[&[0], &[0], &[0]]), ("in1", &[&[1], &[2]])],
        &["dim0"],
    );
    assert_eq!(l.outs().next().unwrap().size(), 4);
    // Triton's constructor from names requires a surjective layout.
    let dims = [d("in", 4)];
    let e = LinearLayout::with_inferred_outs(&dims, &["out"], &[&[0], &[2]]).unwrap_err();
    assert_eq!(e.code(), "not_invertible_f2", "{e}");
}

#[test]
fn triton_transpose_outs_and_ins() {
    let l = prod(&id1(32, "in1", "out1"), &id1(16, "in2", "out2"));
    assert_eq!(
        l.transpose_outs(&["out2", "out1"]).unwrap(),
        tri(
            &[
                ("in1", &[&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[0, 16]]),
                ("in2", &[&[1, 0], &[2, 0], &[4, 0], &[8, 0]]),
            ],
            &["out2", "out1"]
        )
    );
    assert_eq!(
        l.transpose_ins(&["in2", "in1"]).unwrap(),
        tri(
            &[
                ("in2", &[&[0, 1], &[0, 2], &[0, 4], &[0, 8]]),
                ("in1", &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[16, 0]]),
            ],
            &["out1", "out2"]
        )
    );
    // TransposeOutsDegenerate: a size-1 dimension moves with its name.
    let l = prod(&id1(32, "in1", "out1"), &id1(1, "in2", "out2"));
    assert_eq!(
        l.transpose_outs(&["out2", "out1"]).unwrap(),
        tri_sized(
            &[
                ("in1", &[&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[0, 16]]),
                ("in2", &[])
            ],
            &[("out2", 1), ("out1", 32)]
        )
    );
    for bad in [
        &["in1"][..],
        &["in1", "in1"],
        &["in1", "x"],
        &["in1", "in2", "in3"],
    ] {
        let e = l.transpose_ins(bad).unwrap_err();
        assert_eq!(e.code(), "dim_mismatch", "{bad:?}: {e}");
    }
}

#[test]
fn triton_reshape_and_flatten() {
    let ll = tri(&[("in1", &[&[1], &[4], &[8]]), ("in2", &[&[2]])], &["out"]);
    assert_eq!(
        ll.reshape_ins(&[d("in3", 2), d("in4", 8)]).unwrap(),
        tri(&[("in3", &[&[1]]), ("in4", &[&[4], &[8], &[2]])], &["out"])
    );
    assert_eq!(
        ll.flatten_ins(),
        tri(&[("in1", &[&[1], &[4], &[8], &[2]])], &["out"])
    );
    // ReshapeInsDegenerateFirstOut.
    let ll = tri(&[("in1", &[&[1], &[4]]), ("in2", &[&[2]])], &["out"]);
    assert_eq!(
        ll.reshape_ins(&[d("in3", 1), d("in4", 8)]).unwrap(),
        tri(&[("in3", &[]), ("in4", &[&[1], &[4], &[2]])], &["out"])
    );
    // ReshapeOuts: 16 outputs as (2, 8).
    let ll = tri(&[("in1", &[&[1], &[4], &[8]]), ("in2", &[&[3]])], &["out"]);
    assert_eq!(
        ll.reshape_outs(&[d("out2", 2), d("out3", 8)]).unwrap(),
        tri(
            &[("in1", &[&[1, 0], &[0, 2], &[0, 4]]), ("in2", &[&[1, 1]])],
            &["out2", "out3"]
        )
    );
    // FlattenOuts: (16, 8) as 128, the first lowest.
    let ll = tri_sized(
        &[("in1", &[&[1, 0], &[4, 1], &[8, 4]]), ("in2", &[&[3, 2]])],
        &[("out1", 16), ("out2", 8)],
    );
    assert_eq!(
        ll.flatten_outs(),
        tri_sized(
            &[
                ("in1", &[&[1], &[4 + 16], &[8 + 4 * 16]]),
                ("in2", &[&[3 + 2 * 16]])
            ],
            &[("out1", 128)]
        )
    );
    // FlattenInsEdgeCases, FlattenOutsEdgeCases.
    let e = LinearLayout::empty();
    assert_eq!((e.flatten_ins(), e.flatten_outs()), (e, e));
    let one = tri(&[("in1", &[])], &["out"]);
    assert_eq!((one.flatten_ins(), one.flatten_outs()), (one, one));
    let e = ll.reshape_ins(&[d("in3", 4)]).unwrap_err();
    assert_eq!(e.code(), "size_mismatch", "{e}");
}

#[test]
fn triton_num_consecutive_in_out() {
    let n = |l: &LinearLayout| l.num_consecutive_in_out();
    assert_eq!(n(&id1(1, "in", "out")), 1);
    assert_eq!(n(&id1(4, "in", "out")), 4);
    assert_eq!(n(&prod(&id1(4, "in1", "out"), &id1(8, "in2", "out"))), 4);
    assert_eq!(n(&prod(&id1(4, "in", "out1"), &id1(8, "in", "out2"))), 4);
    let zeros = LinearLayout::zeros_1d(4, "in", "out1").unwrap();
    assert_eq!(n(&prod(&zeros, &id1(4, "in", "out2"))), 1);
    assert_eq!(n(&tri(&[("in", &[&[1], &[2], &[4], &[9]])], &["out"])), 1);
    assert_eq!(n(&tri(&[("in", &[&[1], &[2], &[4], &[10]])], &["out"])), 2);
    assert_eq!(n(&tri(&[("in", &[&[1], &[4], &[2]])], &["out"])), 2);
    let l = tri(
        &[("in", &[&[1], &[2], &[4]]), ("in2", &[&[8], &[18]])],
        &["out"],
    );
    assert_eq!(n(&l), 2);
    assert_eq!(n(&LinearLayout::empty()), 1);
    // The largest input: every one of its 2^32 inputs in a run.
    assert_eq!(n(&id1(1 << 32, "in", "out")), 1 << 32);
}

#[test]
fn triton_equal_ignoring_out_dim_sizes() {
    let small = id1(4, "in", "out");
    let big = tri_sized(&[("in", &[&[1], &[2]])], &[("out", 8)]);
    assert_ne!(small, big);
    assert!(small.equal_ignoring_out_dim_sizes(&big));
    assert!(!small.equal_ignoring_out_dim_sizes(&id1(4, "in", "other")));
    assert!(!small.equal_ignoring_out_dim_sizes(&id1(8, "in", "out")));
}

#[test]
fn triton_free_variable_masks() {
    let m = |l: &LinearLayout| l.free_variable_masks();
    assert_eq!(m(&id1(4, "in", "out"))[0], 0);
    assert_eq!(
        m(&LinearLayout::zeros_1d(16, "in", "out").unwrap())[0],
        0b1111
    );
    let z = |s| LinearLayout::zeros_1d(s, "in", "out").unwrap();
    let l = prod(
        &prod(&prod(&id1(2, "in", "out"), &z(4)), &id1(4, "in", "out")),
        &z(2),
    );
    assert_eq!(m(&l)[0], 0b10_0110);
    let l = tri(
        &[
            ("in1", &[&[1, 1], &[2, 2], &[0, 0]]),
            ("in2", &[&[1, 0], &[0, 1], &[2, 0]]),
        ],
        &["out1", "out2"],
    );
    assert_eq!(m(&l)[..2], [0b100, 0b10]);
    // The free bits are the bits that do not raise the rank.
    assert_eq!(
        m(&l)[..2]
            .iter()
            .map(|x| x.count_ones() as usize)
            .sum::<usize>(),
        l.in_bits() - l.rank()
    );
}

#[test]
fn triton_quotient() {
    // QuotientOneDimension.
    let l = tri_sized(
        &[("dim1", &[&[1, 0]]), ("dim2", &[&[0, 0]])],
        &[("dim1", 2), ("dim2", 1)],
    );
    let q = l.quotient(&["dim1"]).unwrap();
    assert_eq!(q, LinearLayout::zeros_1d(2, "dim2", "dim2").unwrap());
    assert_eq!(q.quotient(&["dim2"]).unwrap_err().code(), "dim_mismatch");
    // QuotientSeveralDimensions.
    let l = tri(
        &[
            ("dim1", &[&[1, 0], &[2, 0], &[4, 0]]),
            ("dim2", &[&[0, 1], &[0, 2]]),
        ],
        &["dim1", "dim2"],
    );
    assert_eq!(
        l.quotient(&["dim1", "dim2"]).unwrap(),
        LinearLayout::empty()
    );
    // QuotientMultipleTrivialDimensions: dim2 apart, whatever dim1 and dim3 do.
    let l = tri(
        &[
            ("dim1", &[&[1, 0, 2], &[2, 0, 1]]),
            ("dim2", &[&[0, 1, 0], &[0, 2, 0], &[0, 4, 0]]),
            ("dim3", &[&[0, 0, 1], &[0, 0, 2]]),
        ],
        &["dim1", "dim2", "dim3"],
    );
    assert!(l.quotient(&["dim2"]).is_ok());
    let l = tri(
        &[
            ("dim1", &[&[1, 0, 2], &[2, 0, 1]]),
            ("dim2", &[&[0, 1, 0], &[0, 2, 0], &[0, 4, 0]]),
            ("dim3", &[&[0, 1, 1], &[0, 0, 2]]),
        ],
        &["dim1", "dim2", "dim3"],
    );
    assert_eq!(l.quotient(&["dim2"]).unwrap_err().code(), "dim_mismatch");
    // QuotientEmptyLayout, QuotientIdentityMultipleDimensions.
    assert!(LinearLayout::empty().quotient(&["dim1"]).is_err());
    let l = prod(
        &prod(&id1(8, "dim1", "dim1"), &id1(2, "dim2", "dim2")),
        &id1(4, "dim3", "dim3"),
    );
    let q = l.quotient(&["dim1", "dim3"]).unwrap();
    assert_eq!(q.quotient(&["dim2"]).unwrap(), LinearLayout::empty());
}

#[test]
fn triton_invert_and_compose() {
    let check = |l1: &LinearLayout, l2: &LinearLayout, want: &LinearLayout| {
        let c = l1.invert_and_compose(l2).unwrap();
        assert_eq!(&c, want, "{l1:?} against {l2:?}");
        // L2 ∘ C == L1, the defining property.
        let back = LinearLayout::compose(l2, &c).unwrap();
        assert!(
            back.equal_ignoring_out_dim_sizes(l1),
            "{back:?} against {l1:?}"
        );
    };
    let l1 = tri(&[("in1", &[&[2], &[1], &[4]])], &["out"]);
    // Simple.
    let l2 = tri(&[("in2", &[&[4], &[1], &[2]])], &["out"]);
    check(&l1, &l2, &tri(&[("in1", &[&[4], &[2], &[1]])], &["in2"]));
    // NonInjective: in2's first bit is broadcast.
    let l2 = tri(&[("in2", &[&[0], &[2], &[1], &[4]])], &["out"]);
    check(
        &l1,
        &l2,
        &tri_sized(&[("in1", &[&[2], &[4], &[8]])], &[("in2", 16)]),
    );
    // BroadcastedInDim: a broadcast input of the first goes to 0.
    let l1b = tri(&[("in1", &[&[2], &[1], &[4]]), ("in2", &[&[0]])], &["out"]);
    let l2 = tri(&[("in", &[&[4], &[1], &[2]])], &["out"]);
    check(
        &l1b,
        &l2,
        &tri(&[("in1", &[&[4], &[2], &[1]]), ("in2", &[&[0]])], &["in"]),
    );
    // BroadcastAtBeginningOfSecond, BroadcastAtEndOfSecond, BroadcastBeginningAndEndOfSecond.
    let id = tri(&[("in", &[&[1], &[2], &[4]])], &["out"]);
    let l2 = tri(&[("in", &[&[0], &[4], &[1], &[2]])], &["out"]);
    check(
        &id,
        &l2,
        &tri_sized(&[("in", &[&[4], &[8], &[2]])], &[("in", 16)]),
    );
    let l2 = tri(&[("in2", &[&[4], &[1], &[2], &[0]])], &["out"]);
    let id1_ = tri(&[("in1", &[&[1], &[2], &[4]])], &["out"]);
    check(
        &id1_,
        &l2,
        &tri_sized(&[("in1", &[&[2], &[4], &[1]])], &[("in2", 16)]),
    );
    let l2 = tri(&[("in", &[&[0], &[4], &[1], &[2], &[0]])], &["out"]);
    check(
        &id,
        &l2,
        &tri_sized(&[("in", &[&[4], &[8], &[2]])], &[("in", 32)]),
    );
    // BroadcastedDims, BroadcastedDims2: a broadcast dimension does not cross to another.
    let l1 = tri(&[("in1", &[&[1], &[2], &[4]]), ("in2", &[&[0]])], &["out"]);
    let l2 = tri(&[("in3", &[&[1], &[2], &[4]]), ("in4", &[&[0]])], &["out"]);
    let want = tri_sized(
        &[("in1", &[&[1, 0], &[2, 0], &[4, 0]]), ("in2", &[&[0, 0]])],
        &[("in3", 8), ("in4", 2)],
    );
    check(&l1, &l2, &want);
    let a = tri(&[("in1", &[&[1], &[2]]), ("in2", &[&[0]])], &["out"]);
    let b = tri(&[("in3", &[&[2], &[1]]), ("in4", &[&[0]])], &["out"]);
    let want = tri_sized(
        &[("in1", &[&[2, 0], &[1, 0]]), ("in2", &[&[0, 0]])],
        &[("in3", 4), ("in4", 2)],
    );
    check(&a, &b, &want);
    // Multidim: the outputs matched by name, in either order.
    let l1 = tri(
        &[
            ("in1", &[&[1, 0], &[0, 1], &[2, 0], &[3, 2]]),
            ("in2", &[&[2, 2]]),
        ],
        &["out1", "out2"],
    );
    let l2 = tri(
        &[("in3", &[&[0, 1], &[1, 0], &[0, 0], &[0, 2], &[2, 1]])],
        &["out2", "out1"],
    );
    for (x, y) in [(&l1, &l2), (&l2, &l1)] {
        let c = x.invert_and_compose(y).unwrap();
        let names: Vec<String> = y.outs().map(|d| d.name.as_str().to_string()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let back = LinearLayout::compose(y, &c).unwrap();
        assert_eq!(back, x.transpose_outs(&names).unwrap());
    }
    // Not the same outputs, or an outer layout that is not surjective.
    let e = l1.invert_and_compose(&id).unwrap_err();
    assert_eq!(e.code(), "dim_mismatch", "{e}");
    let thin = tri_sized(&[("in", &[&[1], &[0]])], &[("out", 4)]);
    let e = tri(&[("in1", &[&[1]])], &["out"])
        .invert_and_compose(&thin)
        .unwrap_err();
    assert_eq!(e.code(), "not_invertible_f2", "{e}");
}

/// `InvertAndCompose_IdentityInDim`: nine output dimensions, a size-1 `block` on both sides;
/// `dst(x) == src(cvt(x))` at every input (Triton checks one).
#[test]
fn triton_invert_and_compose_identity_in_dim() {
    let e = |k: usize| -> Vec<i64> { (0..9).map(|j| i64::from(j == k)).collect() };
    let outs = [
        "dim0", "dim1", "dim2", "dim3", "dim4", "dim5", "dim6", "dim7", "dim8",
    ];
    let layout = |lane: [usize; 5], warp: [usize; 2]| {
        let reg = [e(8), e(7)];
        let lane: Vec<Vec<i64>> = lane.iter().map(|&k| e(k)).collect();
        let warp: Vec<Vec<i64>> = warp.iter().map(|&k| e(k)).collect();
        let r: Vec<&[i64]> = reg.iter().map(Vec::as_slice).collect();
        let l: Vec<&[i64]> = lane.iter().map(Vec::as_slice).collect();
        let w: Vec<&[i64]> = warp.iter().map(Vec::as_slice).collect();
        tri(
            &[
                ("register", r.as_slice()),
                ("lane", l.as_slice()),
                ("warp", w.as_slice()),
                ("block", &[]),
            ],
            &outs,
        )
    };
    let src = layout([6, 5, 4, 3, 2], [1, 0]);
    let dst = layout([0, 1, 2, 3, 4], [5, 6]);
    let cvt = dst.invert_and_compose(&src).unwrap();
    for r in 0..4 {
        for l in 0..32 {
            for w in 0..4 {
                let k = [r, l, w, 0];
                let via = src.apply(&cvt.apply(&k).unwrap()[..4]).unwrap();
                assert_eq!(dst.apply(&k).unwrap(), via, "{k:?}");
            }
        }
    }
}

#[test]
fn triton_products() {
    assert_eq!(
        prod(&id1(16, "in", "out"), &id1(32, "in", "out")),
        id1(512, "in", "out")
    );
    assert_eq!(
        prod(&id1(32, "in1", "out1"), &id1(16, "in2", "out2")),
        tri(
            &[
                ("in1", &[&[1, 0], &[2, 0], &[4, 0], &[8, 0], &[16, 0]]),
                ("in2", &[&[0, 1], &[0, 2], &[0, 4], &[0, 8]]),
            ],
            &["out1", "out2"]
        )
    );
    assert_eq!(
        prod(&LinearLayout::empty(), &id1(32, "in", "out")),
        id1(32, "in", "out")
    );
    let z = |s, o| LinearLayout::zeros_1d(s, "in", o).unwrap();
    assert_eq!(
        prod(&id1(8, "in", "out"), &z(16, "out")),
        tri_sized(
            &[("in", &[&[1], &[2], &[4], &[0], &[0], &[0], &[0]])],
            &[("out", 8)]
        )
    );
    assert_eq!(
        prod(&z(16, "out1"), &tri(&[("in", &[])], &["out2"])),
        tri_sized(
            &[("in", &[&[0, 0], &[0, 0], &[0, 0], &[0, 0]])],
            &[("out1", 1), ("out2", 1)]
        )
    );
    assert_eq!(
        prod(&id1(4, "in", "out1"), &id1(8, "in", "out2")),
        tri(
            &[("in", &[&[1, 0], &[2, 0], &[0, 1], &[0, 2], &[0, 4]])],
            &["out1", "out2"]
        )
    );
    // The result's dimensions in the supremum of both orders, not the first's then the
    // second's: (x, z) times (x, y, z) is (x, y, z).
    let a = prod(&id1(2, "x", "x"), &id1(2, "z", "z"));
    let b = prod(
        &prod(&id1(2, "x", "x"), &id1(2, "y", "y")),
        &id1(2, "z", "z"),
    );
    let names = |l: &LinearLayout| -> Vec<String> {
        l.ins().map(|d| d.name.as_str().to_string()).collect()
    };
    assert_eq!(names(&prod(&a, &b)), ["x", "y", "z"]);
    // Shared dimensions in different orders.
    let c = prod(&id1(2, "z", "z"), &id1(2, "x", "x"));
    let e = LinearLayout::product(&a, &c).unwrap_err();
    assert_eq!(e.code(), "dim_mismatch", "{e}");
}

/// A small random linear layout over the input names `ins` and output names `outs` (each
/// present or not, of 1 to 8 elements; bases random within the outputs), from `seed`.
fn random_layout(seed: &mut u64, ins: &[&str], outs: &[&str]) -> Option<LinearLayout> {
    let mut next = |n: u64| {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (*seed >> 33) % n
    };
    let pick = |names: &[&str], next: &mut dyn FnMut(u64) -> u64| -> Vec<Dim> {
        let mut out = Vec::new();
        for n in names {
            if next(3) > 0 {
                out.push(d(n, 1 << next(4)));
            }
        }
        out
    };
    let i = pick(ins, &mut next);
    let o = pick(outs, &mut next);
    let bits: usize = i.iter().map(|x| x.size().trailing_zeros() as usize).sum();
    let rows: Vec<Vec<i64>> = (0..bits)
        .map(|_| o.iter().map(|x| next(x.size() as u64) as i64).collect())
        .collect();
    let refs: Vec<&[i64]> = rows.iter().map(Vec::as_slice).collect();
    LinearLayout::new(&i, &o, &refs).ok()
}

/// Triton's `divideLeft`/`divideRight`: the quotient of a product by either factor gives the
/// product back, and what is not a product is refused with the condition.
#[test]
fn divisions_undo_products() {
    let reg = id1(4, "register", "dim0");
    let lane = id1(8, "lane", "dim0");
    let a = prod(&reg, &lane);
    let c = LinearLayout::divide_left(&a, &reg).unwrap();
    assert_eq!(
        c.to_string(),
        "LinearLayout(crd=(register:1,lane:8),idx=(dim0:8),vals=[(1),(2),(4)])"
    );
    assert_eq!(prod(&reg, &c), a);
    let r = LinearLayout::divide_right(&a, &lane).unwrap();
    assert_eq!(prod(&r, &lane), a);
    assert_eq!(r.apply(&[3, 0]).unwrap()[0], 3);
    // `lane` is not the low factor of `a`, nor `reg` its high one.
    let e = LinearLayout::divide_left(&a, &lane).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::DimMismatch { .. }), "{e}");
    assert!(LinearLayout::divide_right(&a, &reg).is_err());
    // A divisor with a dimension `a` lacks.
    let warp = id1(2, "warp", "dim0");
    assert!(LinearLayout::divide_left(&a, &warp).is_err());
    let mut seed = 7u64;
    let (mut left, mut right) = (0, 0);
    for _ in 0..4000 {
        let (Some(b), Some(c)) = (
            random_layout(&mut seed, &["r", "l", "w"], &["x", "y"]),
            random_layout(&mut seed, &["r", "l", "w"], &["x", "y"]),
        ) else {
            continue;
        };
        let Ok(a) = LinearLayout::product(&b, &c) else {
            continue;
        };
        // A product always has a quotient by each factor, and it gives the product back.
        let q = LinearLayout::divide_left(&a, &b).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(prod(&b, &q), a, "{a} / {b}");
        left += 1;
        let q = LinearLayout::divide_right(&a, &c).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(prod(&q, &c), a, "{a} / {c}");
        right += 1;
    }
    assert!(left > 1000 && right > 1000, "{left} {right}");
}

/// The bases table in Triton's words for what has no bases: a size-1 input dimension and a
/// layout without input dimensions (Triton's `toString`).
#[test]
fn tables_name_size_1_dimensions_and_the_empty_layout() {
    let l = LinearLayout::new(
        &[d("register", 2), d("lane", 1), d("warp", 2)],
        &[d("dim0", 4)],
        &[&[1], &[2]],
    )
    .unwrap();
    assert_eq!(
        l.table().to_string(),
        "\n - register=1 -> (1)\n - lane is a size 1 dimension\n - warp=1 -> (2)\n\
         where out dims are: [dim0 (size 4)]"
    );
    // Triton's `EmptyToString`; on its own, without the first newline.
    assert_eq!(
        LinearLayout::empty().table().to_string(),
        "\n(empty layout)"
    );
    assert_eq!(
        format!("{:#}", LinearLayout::empty().table()),
        "(empty layout)"
    );
    let outs = LinearLayout::new(&[], &[d("dim0", 4)], &[]).unwrap();
    assert_eq!(
        outs.table().to_string(),
        "\n(empty layout with out-dims [dim0 (size 4)])"
    );
}
