//! Layouts of static and runtime leaves: what is checked when a runtime value enters, the errors
//! of runtime violations (`cute-core`'s, naming the operation and the lowered operands), the
//! types of the results (all-static operands give the static types; known divisors carry into
//! quotients), printing and lowering. The algebra's results against `cute-core` on the whole
//! corpus are `mixed_corpus.rs`.

use cute::cute_static::typenum::consts::*;
use cute::cute_static::{self as st, make_coord, make_layout, Dyn, Layout, StaticInt, __};
use cute::{layout, tiler};

/// `e`'s message, which names the operation, the operands and the condition.
fn message(e: &cute::Error) -> String {
    e.to_string()
}

#[test]
fn make_layout_checks_runtime_leaves_once() {
    let e = make_layout((Dyn::new(-1), U8::new()), (U1::new(), Dyn::new(0))).unwrap_err();
    assert_eq!(e.code(), "negative_shape");
    assert!(message(&e).contains("make_layout"), "{e}");
    // A runtime 0 is an empty layout (M = 0), with the dynamic layout's size and cosize.
    let empty = make_layout((Dyn::new(0), U8::new()), (U1::new(), Dyn::new(0))).unwrap();
    assert_eq!((empty.size(), empty.cosize()), (0, 0));
    assert_eq!(empty.to_dynamic().to_string(), "(0,8):(1,0)");
    let e = make_layout((1i64 << 40, 1i64 << 40), (1, 1)).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
    // A size that fits, offsets that do not.
    let e = make_layout((4, 1i64 << 62), (1i64 << 62, 1)).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
    let e = layout!(({-3},8):(1,{-3})).unwrap_err();
    assert_eq!(e.code(), "negative_shape", "{e}");
    assert!(message(&e).contains("-3"), "{e}");
}

#[test]
fn a_known_divisor_is_checked_once() {
    assert_eq!(Dyn::<U32>::multiple_of(96).unwrap().get(), 96);
    let e = Dyn::<U64>::multiple_of(96).unwrap_err();
    assert_eq!(e.code(), "divisibility");
    assert!(
        message(&e).contains("96") && message(&e).contains("64"),
        "{e}"
    );
}

#[test]
fn runtime_violations_are_cute_core_errors() {
    // Cecka, *CuTe Layout Representation and Algebra*, §3.3.3: no layout holds the first 6
    // elements of (4,6,8):(2,3,5) at stride 3.
    let a = layout!(({4},{6},{8}):({2},{3},{5})).unwrap();
    let b = layout!({6}:{3}).unwrap();
    let mixed = st::composition(&a, &b).unwrap_err();
    let dynamic = cute::composition(&a.to_dynamic(), &b.to_dynamic()).unwrap_err();
    assert_eq!(mixed.code(), dynamic.code());
    assert_eq!(message(&mixed), message(&dynamic));
    assert!(message(&mixed).contains("(4,6,8):(2,3,5)"), "{mixed}");

    // The static mode of a mixed layout is still held to the rule, at run time here because
    // the tile's stride is runtime.
    let a = layout!(({100},(4,6,8)):(1,(2,3,5))).unwrap();
    let t = st::Tiler::from_tiles((layout!(8:1), layout!(6:{3}).unwrap()));
    let e = st::composition(&a, &t).unwrap_err();
    assert_eq!(e.code(), "not_admissible", "{e}");

    let l = layout!(({5},{3}):(1,{7})).unwrap();
    let e = st::left_inverse(&layout!(({2},{2}):({2},{3})).unwrap()).unwrap_err();
    assert_eq!(e.code(), "left_inverse_divisibility", "{e}");
    let e = st::complement(&layout!(({2},2):(1,{1})).unwrap(), &Dyn::new(16)).unwrap_err();
    assert_eq!(e.code(), "not_injective", "{e}");
    assert!(st::right_inverse(&l).is_ok());
}

#[test]
fn slicing_out_of_range_is_an_error() {
    let a = layout!(({20},{12}):({12},1)).unwrap();
    let (row, offset) = a.slice_and_offset((3, __)).unwrap();
    assert_eq!((row.to_string(), offset), ("(12):(1)".to_string(), 36));
    let (want, want_offset) = a
        .to_dynamic()
        .slice_and_offset(&"(3,_)".parse().unwrap())
        .unwrap();
    assert_eq!((row.to_dynamic(), offset), (want, want_offset));
    let e = a.slice((20, __)).unwrap_err();
    assert_eq!(e.code(), "index_out_of_range", "{e}");
    let e = a.slice((__, -1)).unwrap_err();
    assert_eq!(e.code(), "index_out_of_range", "{e}");
    assert_eq!(make_coord((1, __)).unwrap(), (Dyn::new(1), __));
}

#[test]
fn residues_give_ceil_div_tiles() {
    // 20x12 by 8x8: 3x2 tiles, the last ones partial (a tensor predicates them).
    let a = layout!(({20},{12}):(1,{20})).unwrap();
    let z = st::zipped_divide(&a, &tiler!(<8:1,8:1>)).unwrap();
    assert_eq!(format!("{z:?}"), "((_8,_8),(3,2)):((_1,20),(_8,160))");
    let tiler: cute::Tiler = "<8:1,8:1>".parse().unwrap();
    let want = cute::zipped_divide(&a.to_dynamic(), tiler).unwrap();
    assert_eq!(
        cute::coalesce(&z.to_dynamic()).unwrap(),
        cute::coalesce(&want).unwrap()
    );
}

#[test]
fn all_static_operands_give_the_static_types() {
    let a = layout!((4,6,8,10):(2,3,5,7));
    let r: Layout<(U2, U3), (U9, U5)> = st::composition(&a, &layout!(6:12)).unwrap();
    assert_eq!(r.to_string(), "(2,3):(9,5)");
    assert_eq!(core::mem::size_of_val(&r), 0);
    // One runtime leaf: the structure is still a type, the values are the walk's.
    let m = layout!(({4},6,8,10):(2,3,5,7)).unwrap();
    let r = st::composition(&m, &layout!(6:12)).unwrap();
    assert_eq!(core::mem::size_of_val(&r), 2 * 4 * 8);
    assert_eq!(
        cute::coalesce(&r.to_dynamic()).unwrap().to_string(),
        "(2,3):(9,5)"
    );
}

#[test]
fn known_divisors_carry_into_quotients() {
    type Tiles = Layout<((U32, U64), (Dyn<U4>, Dyn)), ((U1, Dyn), (U32, Dyn<U64>))>;
    type Divided = Layout<((U48, Dyn), (U64, Dyn)), ((U1, U48), (Dyn, Dyn<U64>))>;
    // A runtime M known to be a multiple of 256, tiled by 128: M/128 tiles, a multiple of 2.
    let m = Dyn::<U256>::multiple_of(1024).unwrap();
    let a = make_layout(m, U1::new()).unwrap();
    let z: Layout<(U128, Dyn<U2>), (U1, U128)> = st::zipped_divide(&a, &layout!(128:1)).unwrap();
    assert_eq!(z.to_string(), "(128,8):(1,128)");
    // By mode: 128 | ?{div=128} leaves a plain runtime count; 48 does not divide 128.
    let (m, n) = (
        Dyn::<U128>::multiple_of(256).unwrap(),
        Dyn::<U64>::multiple_of(192).unwrap(),
    );
    let b = make_layout((m, n), (U1::new(), Dyn::new(300))).unwrap();
    let t: Tiles = st::zipped_divide(&b, &tiler!(<32:1,64:1>)).unwrap();
    assert_eq!(format!("{t:?}"), "((_32,_64),(8,3)):((_1,300),(_32,19200))");
    let l = st::logical_divide(&b, &tiler!(<48:1,64:1>)).unwrap();
    let _: &Divided = &l;
}

#[test]
fn prints_values_and_lowers_to_cute_core() {
    type T = cute::Layout!((?,8):(8,1));
    type D = cute::Layout!((?{div=16},8):(8,1));
    let (m, n) = (20, 12);
    let a = layout!(({m},(4,{n})):({n},(1,{m * 4}))).unwrap();
    assert_eq!(a.to_string(), "(20,(4,12)):(12,(1,80))");
    assert_eq!(format!("{a:?}"), "(20,(_4,12)):(12,(_1,80))");
    let want: cute::Layout = "(20,(4,12)):(12,(1,80))".parse().unwrap();
    assert_eq!(a.to_dynamic(), want);
    for i in [0, 1, 19, 20, 959] {
        assert_eq!(a.offset(i), want.eval(i).unwrap(), "{i}");
    }
    assert_eq!((a.size(), a.cosize()), (960, want.cosize().unwrap()));
    let t: T = layout!(({m},8):(8,1)).unwrap();
    assert_eq!(core::mem::size_of::<T>(), 8);
    assert_eq!(t.size(), 160);
    assert!(
        layout!(({Dyn::<U16>::multiple_of(32).unwrap()},8):(8,1)).is_ok_and(|d: D| d.size() == 256)
    );
}

/// The offset of element `i` of a `TM x 8` row-major tile, for any static `TM`.
fn tile_offset<TM: StaticInt + st::ShapeInt>(i: i64) -> i64 {
    Layout::<(TM, U8), (U8, U1)>::new().offset(i)
}

#[test]
fn generic_over_a_static_tile_size() {
    assert_eq!(tile_offset::<U4>(5), 9);
    assert_eq!(tile_offset::<U16>(35), 3 * 8 + 2); // 35 = 3 + 16·2: (3,2)
}

#[test]
fn results_past_i64_are_errors_as_in_cute_core() {
    // Found by the `mixed` fuzz target: each operand fits, the product's size does not.
    let a = layout!(({1},({4},{922_337_203_685_477_587})):(1,(0,0))).unwrap();
    let b = layout!(6:0);
    let mixed = st::logical_product(&a, &b).unwrap_err();
    let dynamic = cute::logical_product(&a.to_dynamic(), b.to_dynamic()).unwrap_err();
    assert_eq!((mixed.code(), dynamic.code()), ("overflow", "overflow"));
    let e = st::blocked_product(&a, &b).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
}

#[test]
fn tiler_results_past_i64_are_errors_as_in_cute_core() {
    // Found by the `mixed` fuzz target: each mode's divide fits, the modes together do not.
    let d = 922_337_203_685_477_587; // about i64::MAX / 10
    let tiler = tiler!(<4:1,8:1>);
    let dtiler: cute::Tiler = "<4:1,8:1>".parse().unwrap();
    for (s0, s1, d) in [(7, 0, d), (7, 7, i64::MAX / 13)] {
        let a = layout!(({s0},{s1}):({d},{d})).unwrap();
        let mixed = st::zipped_divide(&a, &tiler).unwrap_err();
        let dynamic = cute::zipped_divide(&a.to_dynamic(), dtiler).unwrap_err();
        assert_eq!(mixed, dynamic, "({s0},{s1}):({d},{d})");
        let m = message(&mixed);
        assert!(m.starts_with("zipped_divide: logical_divide(("), "{m}");
        assert!(m.contains("<4:1,8:1>") && mixed.code() == "overflow", "{m}");
    }
}

#[test]
fn a_tile_larger_than_its_mode() {
    // A tile larger than its runtime mode whose stride `n·d` passes `i64`: refused, without the
    // debug build's assertion of the unit tile's invariant firing on the wrapped stride (it did,
    // for `(n-1)·d` within `i64`). `cute_core` gives this grid of one tile the stride 0 and so
    // no error: the mixed tier keeps `n·d` for a one-leaf mode (a deviation in the stride of a
    // mode of size 1, found here, not yet mended; the offsets are the same).
    let a = layout!(({2}):({1i64 << 62})).unwrap();
    let e = st::logical_divide(&a, &tiler!(<2:1>)).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
    // Where `(n-1)·d` passes `i64` too, both tiers refuse it; where the mode holds more than
    // one tile, both give the same layout.
    let tiler = tiler!(<4:1>);
    let dtiler: cute::Tiler = "<4:1>".parse().unwrap();
    for s in [0, 1, 2] {
        let a = layout!(({s}):({1i64 << 62})).unwrap();
        let mixed = st::logical_divide(&a, &tiler).unwrap_err();
        let dynamic = cute::logical_divide(&a.to_dynamic(), dtiler).unwrap_err();
        assert_eq!(
            (mixed.code(), dynamic.code()),
            ("overflow", "overflow"),
            "{s}"
        );
    }
    for (s, d) in [(5, 1), (9, 3), (5, 1i64 << 59)] {
        let a = layout!(({s}):({d})).unwrap();
        let mixed = st::logical_divide(&a, &tiler).unwrap();
        let dynamic = cute::logical_divide(&a.to_dynamic(), dtiler).unwrap();
        assert_eq!(mixed.to_dynamic(), dynamic, "({s}):({d})");
    }
}

/// What a layout's offsets may not pass: a static layout's complement by a runtime cotarget
/// near `i64::MAX` is refused as `cute_core`'s is (each leaf fits, their offsets together do
/// not); a tensor over `select!` of a runtime mode gathered twice (each mode keeps the layout
/// invariant, their sum does not) is refused, not taken as inside its data.
#[test]
fn offsets_past_i64_are_refused_where_leaves_meet() {
    let e = st::complement(&Layout::<U2, U3>::new(), &Dyn::new(i64::MAX)).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
    let d = cute::complement(&"2:3".parse().unwrap(), &i64::MAX.into()).unwrap_err();
    assert_eq!(d.code(), "overflow", "{d}");
    let l = make_layout(1i64 << 31, 1i64 << 32).unwrap();
    let twice = cute::select!(l, 0, 0);
    let data = [0u8; 4];
    let e = cute::make_tensor(&data[..], twice).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
}

/// A layout past the invariant (`select!` of a runtime mode named twice) lowers to an error, not
/// a panic.
#[test]
fn a_layout_past_the_invariant_lowers_to_an_error() {
    let l = make_layout(1i64 << 31, 1i64 << 32).unwrap();
    let e = cute::select!(l, 0, 0).try_to_dynamic().unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
    assert!(cute::select!(l, 0).try_to_dynamic().is_ok());
}
