use super::*;
use cute_core::Op;

#[test]
fn nested_calls_and_errors() {
    let v = eval("size(logical_divide((8,16):(1,8), <4:1,8:1>))").unwrap();
    assert_eq!(v, Value::Int(128));
    assert_eq!(eval("frobnicate(1)").unwrap_err().code(), "unknown_op");
    assert_eq!(eval("size(1:1, 2:1)").unwrap_err().code(), "arity");
    assert_eq!(eval("size(4)").unwrap_err().code(), "arg_kind");
    let e = eval("size((4,2):(1,(2,2)))").unwrap_err();
    assert_eq!((e.code(), e.pos()), ("syntax", 11));
}

/// The morphism operations (Carlisle et al.) by name, outer first; a morphism literal's commas
/// stay inside it.
#[test]
fn morphism_ops() {
    assert_eq!(
        eval("mutual_refinement((6,6), (2,6,6))")
            .unwrap()
            .to_string(),
        "(((2,3),(2,3)),(2,(3,2),(3,2)))"
    );
    assert_eq!(
        eval("mutual_refinement((3,4), (6,3))").unwrap_err().code(),
        "not_mutually_refinable"
    );
    assert_eq!(
        eval("morphism_sort(((4,3),2)-[3,*,1]->(2,5,4))")
            .unwrap()
            .to_string(),
        "(3,2,4)-[*,1,3]->(2,5,4)"
    );
    let e = |s: &str| eval(s).unwrap().to_string();
    assert_eq!(e("is_tractable((4,6):(1,5))"), "false");
    assert_eq!(e("to_morphism((6,4):(1,12))"), "(6,4)-[1,3]->(6,2,4)");
    assert_eq!(
        e("from_morphism((8,8,3)-[1,2,*]->(8,8))"),
        "(8,8,3):(1,8,0)"
    );
    assert_eq!(e("is_standard_form((6,4)-[1,4]->(6,2,1,4))"), "false");
    assert_eq!(
        e("compose_morphisms((6,4)-[1,3]->(6,2,4), (4,6)-[2,1]->(6,4))"),
        "(4,6)-[3,1]->(6,2,4)"
    );
    assert_eq!(
        e("morphism_coalesce((2,2,10,10)-[1,2,4,5]->(2,2,2,10,10))"),
        "(4,100)-[1,3]->(4,2,100)"
    );
    assert_eq!(
        e("morphism_complement((2,2)-[1,3]->(2,5,2,5))"),
        "(5,5)-[2,4]->(2,5,2,5)"
    );
    assert_eq!(
        e("morphism_concat(4-[1]->(4,6), 6-[2]->(4,6))"),
        "(4,6)-[1,2]->(4,6)"
    );
    assert_eq!(
        e("morphism_product((2,2)-[1,2]->(2,2,5,5), (5,5)-[2,1]->(5,5))"),
        "((2,2),(5,5))-[1,2,4,3]->(2,2,5,5)"
    );
    assert_eq!(
        e("morphism_divide((4,8,4,8)-[1,2,3,4]->(4,8,4,8), (4,4)-[1,3]->(4,8,4,8))"),
        "((4,4),(8,8))-[1,3,2,4]->(4,8,4,8)"
    );
    assert_eq!(
        eval("to_morphism((2,2):(1,1))").unwrap_err().code(),
        "not_tractable"
    );
    assert_eq!(
        eval("from_morphism((4,6)-[1,1]->(4,6))")
            .unwrap_err()
            .code(),
        "invalid_morphism"
    );
}

/// The fuzz campaign's slow input: a list of 772,032 carry-less products.
#[test]
fn f2_lists_are_limited() {
    assert_eq!(eval("eval(772032:f2)").unwrap_err().code(), "too_large");
    let v = eval("eval(262144:f2)").unwrap();
    assert!(matches!(v, Value::List(l) if l.len() == 1 << 18 && l[3] == 6));
}

#[test]
fn nesting_is_limited_not_a_stack_overflow() {
    let nest = |n: usize| format!("{}4:1{}", "flatten(".repeat(n), ")".repeat(n));
    assert_eq!(eval(&nest(MAX_NESTING)).unwrap().to_string(), "4:1");
    let e = eval(&nest(MAX_NESTING + 1)).unwrap_err();
    assert_eq!((e.code(), e.pos()), ("too_deep", 8 * MAX_NESTING));
    // 1,400 unclosed calls (the reported abort) stop at the limit, on a 2 MiB thread too.
    let deep = "a(".repeat(1400);
    let e = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || eval(&deep).unwrap_err())
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(e.code(), "too_deep");
    assert!(
        e.to_string().contains("nested more than 64 calls deep"),
        "{e}"
    );
}

/// The arities a signature allows: one per alternative `(a, b, ...)` at its start or after ` or `.
fn arities(sig: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut rest = sig;
    loop {
        if let Some(open) = rest.strip_prefix('(') {
            let close = open.find(')').expect("a closed argument list");
            out.push(open[..close].split(',').count());
        }
        match rest.find(" or (") {
            Some(k) => rest = &rest[k + 4..],
            None => return out,
        }
    }
}

#[test]
fn every_operation_with_a_signature_is_evaluated_at_each_of_its_arities() {
    assert_eq!(
        OPS.len(),
        Op::ALL.iter().filter(|op| op.signature().is_some()).count()
    );
    for &(name, sig) in OPS {
        let op = Op::from_name(name).expect("each name is in the table");
        assert_eq!(op.signature(), Some(sig));
        let counts = arities(sig);
        assert!(!counts.is_empty(), "{name}: {sig}");
        for n in counts {
            let call = format!("{name}({})", vec!["4:1"; n].join(", "));
            if let Err(e) = eval(&call) {
                assert!(
                    !matches!(e.code(), "arity" | "unknown_op"),
                    "{call}: {e} (the signature allows {n} arguments)"
                );
            }
        }
        // A variadic signature (`select(L, i, j, ...)`) has no largest arity.
        let too_many = format!("{name}({})", ["4:1"; 7].join(", "));
        if !sig.contains("...") {
            assert_eq!(eval(&too_many).unwrap_err().code(), "arity", "{too_many}");
        }
    }
    assert_eq!(eval("parse(4:1)").unwrap_err().code(), "unknown_op");
}

#[test]
fn a_shape_is_a_tiler_as_in_cute() {
    let same = |a: &str, b: &str| {
        assert_eq!(
            eval(a).unwrap().to_string(),
            eval(b).unwrap().to_string(),
            "{a} vs {b}"
        );
    };
    same(
        "zipped_divide((128,64):(1,128), (32,16))",
        "zipped_divide((128,64):(1,128), <32:1,16:1>)",
    );
    same("logical_divide(24:1, 4)", "logical_divide(24:1, 4:1)");
    same(
        "logical_product((4,2):(1,4), (2,3))",
        "logical_product((4,2):(1,4), <2:1,3:1>)",
    );
    same(
        "logical_divide(((4,3),32):((1,4),12), ((2,3),8))",
        "logical_divide(((4,3),32):((1,4),12), <<2:1,3:1>,8:1>)",
    );
    let e = eval("zipped_divide((8,6):(1,8), (-4,2))").unwrap_err();
    assert!(e.to_string().contains("negative"), "{e}");
}

/// CuTe's spellings of swizzled layouts: a swizzle is a value, `composition(Sw, L)` the swizzled
/// layout, and the operations on swizzled layouts apply to it; each result's offsets are the
/// swizzle of the same operation on the plain layout.
#[test]
fn swizzled_layouts_in_expressions() {
    let e = |s: &str| eval(s).unwrap().to_string();
    assert_eq!(e("swizzle(3,3,3)"), "Sw<3,3,3>");
    assert_eq!(
        e("composition(swizzle(3,3,3), (8,64):(64,1))"),
        e("swizzle_layout(3,3,3,(8,64):(64,1))")
    );
    assert_eq!(
        e("eval(swizzle(2,0,2))"),
        "[0,1,2,3,5,4,7,6,10,11,8,9,15,14,13,12]"
    );
    assert_eq!(e("eval(swizzle(1,0,1), 2)"), "3");
    let sw = cute_core::Swizzle::new(3, 3, 3).unwrap();
    for (op, plain) in [
        ("coalesce(S)", "coalesce(L)"),
        (
            "logical_divide(S, <4:1,8:1>)",
            "logical_divide(L, <4:1,8:1>)",
        ),
        ("zipped_divide(S, (4,8))", "zipped_divide(L, (4,8))"),
        ("tiled_divide(S, <2:1,16:1>)", "tiled_divide(L, <2:1,16:1>)"),
        ("flat_divide(S, <2:1,16:1>)", "flat_divide(L, <2:1,16:1>)"),
        ("logical_product(S, 2:1)", "logical_product(L, 2:1)"),
        (
            "zipped_product(S, <2:1,1:1>)",
            "zipped_product(L, <2:1,1:1>)",
        ),
        (
            "blocked_product(S, (2,1):(1,2))",
            "blocked_product(L, (2,1):(1,2))",
        ),
        (
            "raked_product(S, (2,1):(1,2))",
            "raked_product(L, (2,1):(1,2))",
        ),
        ("slice((_,5), S)", "slice((_,5), L)"),
    ] {
        let s = op.replace('S', "composition(swizzle(3,3,3), (8,(8,8)):(64,(1,8)))");
        let l = plain.replace('L', "(8,(8,8)):(64,(1,8))");
        let Value::Composed(c) = eval(&s).unwrap() else {
            panic!("{s} is not a swizzled layout");
        };
        let Value::Layout(p) = eval(&l).unwrap() else {
            panic!("{l} is not a layout");
        };
        assert_eq!(c.size(), p.size(), "{s}");
        for i in 0..p.size() {
            let want = sw.apply(c.offset() + p.eval(i).unwrap());
            assert_eq!(c.eval(i).unwrap(), want, "{s} at {i}");
        }
    }
    assert_eq!(
        eval("coalesce(swizzle(3,3,3))").unwrap_err().code(),
        "arg_kind"
    );
}

/// CuTe's layout constructions by name: `make_ordered_layout` and `tile_to_shape` (a swizzled
/// block keeps its swizzle, as CUTLASS's shared-memory layouts are built).
#[test]
fn ordered_constructions() {
    let e = |s: &str| eval(s).unwrap().to_string();
    assert_eq!(
        e("make_ordered_layout((2,2,2,2), (0,2,3,1))"),
        "(2,2,2,2):(1,4,8,2)"
    );
    assert_eq!(
        e("tile_to_shape(composition(swizzle(3,3,3), (8,64):(64,1)), (128,64))"),
        "Sw<3,3,3>o0o((8,16),(64,1)):((64,512),(1,0))"
    );
    assert_eq!(
        e("tile_to_shape((2,2):(1,2), (4,6), (1,0))"),
        "((2,2),(2,3)):((1,12),(2,4))"
    );
    let code = |s: &str| eval(s).unwrap_err().code();
    assert_eq!(
        code("tile_to_shape((8,8):(8,1), (20,16))"),
        "block_divisibility"
    );
    assert_eq!(code("make_ordered_layout((2,3), (1,1))"), "order_tie");
}

/// CuTe's `select`, `take` and `group_modes` over a layout's top-level modes, as CuTe's
/// `select<I...>`, `take<B,E>` and `group<B,E>` give them.
#[test]
fn mode_selections() {
    let e = |s: &str| eval(s).unwrap().to_string();
    let l = "(4,(2,2),8):(2,(1,8),32)";
    assert_eq!(e(&format!("select({l}, 2, 0)")), "(8,4):(32,2)");
    assert_eq!(
        e(&format!("select({l}, 1, 1)")),
        "((2,2),(2,2)):((1,8),(1,8))"
    );
    assert_eq!(e(&format!("take({l}, 1, 3)")), "((2,2),8):((1,8),32)");
    assert_eq!(
        e(&format!("group_modes({l}, 0, 2)")),
        "((4,(2,2)),8):((2,(1,8)),32)"
    );
    assert_eq!(e(&format!("group_modes({l}, 1, 1)")), l);
    let code = |s: &str| eval(s).unwrap_err().code();
    assert_eq!(code(&format!("select({l}, 3)")), "index_out_of_range");
    assert_eq!(code(&format!("take({l}, 2, 1)")), "mode_range");
    assert_eq!(code(&format!("select({l}, -1)")), "arg_kind");
    assert_eq!(code(&format!("take({l}, 1)")), "arity");
}

/// CuTe's `_` in a tiler keeps its mode whole: in composition, the divides and the products;
/// a zipped divide needs the kept mode split in two (CuTe's `zip2_by`) and says so otherwise.
#[test]
fn underscore_in_tilers() {
    let e = |s: &str| eval(s).unwrap().to_string();
    assert_eq!(e("<_,4:1,<_,2:2>>"), "<_,4:1,<_,2:2>>");
    assert_eq!(
        e("logical_divide((12,32):(1,12), <_,4:1>)"),
        "(12,(4,8)):(1,(12,48))"
    );
    assert_eq!(e("composition((12,32):(1,12), <_,4:2>)"), "(12,4):(1,24)");
    assert_eq!(
        e("logical_product((3,4):(1,3), <_,2:1>)"),
        "(3,(4,2)):(1,(3,1))"
    );
    assert_eq!(
        e("logical_divide((128,64):(1,128), (_,16))"),
        "(128,(16,4)):(1,(128,2048))"
    );
    // The kept mode (4,3) is split into tile 4 and rest 3, as CuTe's zip2_by splits it.
    assert_eq!(
        e("zipped_divide(((4,3),8):((1,4),12), <_,2:1>)"),
        "((4,2),(3,4)):((1,12),(4,24))"
    );
    // A kept mode that is no pair is its own tile, its rest 1 (where CuTe C++ does not compile).
    assert_eq!(
        e("zipped_divide((12,32):(1,12), <_,4:1>)"),
        "((12,4),(1,8)):((1,12),(0,48))"
    );
}

#[test]
fn swizzle_search_takes_any_number_of_accesses() {
    let five = "swizzle_search((32,32):(32,1), 32:1, 32:32, 32:1, 32:32, 32:1, 4)";
    assert_eq!(
        eval(five).unwrap().to_string(),
        "Sw<5,0,5>o0o(32,32):(32,1)"
    );
}

/// CuTe's printed notation reads back: static integers `_4`, `_-1`; swizzles and swizzled layouts
/// as `Value` prints them and as CuTe's `print` does (spaces, `_0`, `∘`).
#[test]
fn cute_printed_notation_reads_back() {
    let e = |s: &str| eval(s).unwrap();
    assert_eq!(e("(_4,_8):(_1,_4)"), e("(4,8):(1,4)"));
    assert_eq!(e("(_2,_3):(_-1,_0)").to_string(), "(2,3):(-1,0)");
    assert_eq!(e("size((_4,_8):(_1,_4))"), Value::Int(32));
    assert_eq!(e("(_,_4)").to_string(), "(_,4)");
    assert_eq!(e("_16"), Value::Int(16));
    assert_eq!(
        e("logical_divide((_8,_16):(_16,_1), <_4:_1,_>)"),
        e("logical_divide((8,16):(16,1), <4:1,_>)")
    );
    let want = e("composition(swizzle(3,3,3), (8,64):(64,1))");
    for s in [
        "Sw<3,3,3>o0o(8,64):(64,1)",
        "Sw<3,3,3> o _0 o (8,64):(64,1)",
        "Sw<3,3,3>o_0o(_8,_64):(_64,_1)",
        "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
        "Sw<3,3,3> \u{2218} 0 \u{2218} (8,64):(64,1)",
        "Sw<3,3,3>\u{2218}_0\u{2218}(8,64):(64,1)",
    ] {
        assert_eq!(e(s), want, "{s}");
    }
    assert_eq!(e("Sw<3,3,3>"), e("swizzle(3,3,3)"));
    assert_eq!(e("composition(Sw<3,3,3>, (8,64):(64,1))"), want);
    assert_eq!(
        e("coalesce(Sw<3,3,3> o _0 o (8,(8,8)):(64,(1,8)))"),
        e("coalesce(composition(swizzle(3,3,3), (8,(8,8)):(64,(1,8))))")
    );
    // Every swizzled value prints as notation that evaluates back to it, offsets and negative
    // shifts included.
    for s in [
        "composition(swizzle(3,3,3), (8,64):(64,1))",
        "right_inverse(swizzle_layout(3, 0, 3, (8,8):(8,1)))",
        "slice((2,_), composition(swizzle(3,0,3), (8,8):(8,1)))",
        "slice((_,5), composition(swizzle(2,1,-3), (8,8):(-1,8)))",
        "zipped_divide(composition(swizzle(3,3,3), (8,(8,8)):(64,(1,8))), (4,8))",
        "swizzle_search((32,32):(32,1), 32:1, 32:32, 4)",
        "swizzle(2,1,-3)",
    ] {
        let v = e(s);
        assert_eq!(e(&v.to_string()), v, "{s} = {v}");
    }
}

/// A syntax error points at the first character that does not fit.
#[test]
fn syntax_errors_point_at_the_first_offending_character() {
    let at = |s: &str| {
        let err = eval(s).unwrap_err();
        assert_eq!(err.code(), "syntax", "{s}: {err}");
        err.pos()
    };
    assert_eq!(at("(_4,_x):(1,4)"), 5);
    assert_eq!(at("size((4,-2):(1,4))"), 8);
    assert_eq!(at("Sw<3,3>o0o(8,64):(64,1)"), 6);
    assert_eq!(at("Sw<3,3,3>o0x(8,64):(64,1)"), 11);
    assert_eq!(at("Sw<3,3,3> o _0 o (8,64):(64,(1,1))"), 24);
    assert_eq!(at("coalesce(Sw<3,3,3>o0o8:1 o)"), 25);
    assert_eq!(at("Sw<3,3,3>o"), 10);
    assert_eq!(at("<_4:_1,_ 4>"), 9);
    // A swizzle out of range is the swizzle's own error, at the swizzle.
    let err = eval("coalesce(Sw<2,0,1>o0o8:1)").unwrap_err();
    assert_eq!((err.code(), err.pos()), ("swizzle_shift_lt_bits", 9));
}

/// `<4:1,_>` and `(4,_)` are one tiler, so every operation gives the same for both spellings
/// (the zipped divide of a kept mode of rank 1 is CuTe's `zip2_by` rank error for both).
#[test]
fn an_underscore_tile_reads_the_same_in_both_spellings() {
    for (a, op) in [
        ("(8,16):(16,1)", "zipped_divide"),
        ("(8,16):(16,1)", "logical_divide"),
        ("(8,16):(16,1)", "tiled_divide"),
        ("(8,16):(16,1)", "flat_divide"),
        ("(8,(4,4)):(16,(1,4))", "zipped_divide"),
        ("(8,16):(16,1)", "logical_product"),
        ("(8,16):(16,1)", "composition"),
    ] {
        let angle = eval(&format!("{op}({a}, <4:1,_>)"));
        let shape = eval(&format!("{op}({a}, (4,_))"));
        match (&angle, &shape) {
            (Ok(x), Ok(y)) => assert_eq!(x, y, "{op}({a})"),
            (Err(x), Err(y)) => assert_eq!(x.to_string(), y.to_string(), "{op}({a})"),
            _ => panic!("{op}({a}): {angle:?} and {shape:?}"),
        }
    }
}
