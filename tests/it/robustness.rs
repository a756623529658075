//! Bad input gets a typed error, never a panic: the inputs that once panicked, and random calls
//! of every operation on awkward arguments (zero, negative, `i64` limits, `_`, empty tuples).

use cute::expr::{eval, OPS};
use cute::IntTuple;
use proptest::prelude::*;

use crate::strategy::config;

#[test]
fn inputs_that_once_panicked_are_errors_or_values() {
    let cases = [
        ("eval(slice((1,1),(4,4):(1,4)))", Some("[0]")),
        ("coalesce(slice((1,1),(4,4):(1,4)))", Some("1:0")),
        ("complement(4:1, _)", None),
        ("crd2idx((_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_,_),(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1))", None),
        ("size(logical_product(4294967296:1, 4294967296:0))", None),
        ("complement(4:1, -8)", None),
        ("complement(4:1, 0)", Some("0:4")),
        ("composition((2,2):(1,3), 2:-9223372036854775808)", None),
        ("swizzle(9223372036854775807, 1, 0)", None),
        ("swizzle(0, 0, -9223372036854775808)", None),
        ("eval(swizzle(0, 0, 62))", None),
        ("swizzle(0, 0, 62)", Some("Sw<0,0,62>")),
        ("eval(4611686018427387904:1)", None),
        ("upcast(4:-9223372036854775808, 2)", None),
        ("slice((1,1),(4,4):(1,4))", Some("():()")),
    ];
    for (expr, want) in cases {
        match (eval(expr), want) {
            (Ok(v), Some(w)) => assert_eq!(v.to_string(), w, "{expr}"),
            (Err(_), None) => {}
            (got, _) => panic!("{expr}: {got:?}"),
        }
    }
    assert!(cute::ceil_div(&IntTuple::int(i64::MIN), &IntTuple::int(-1)).is_err());
    assert!(cute::shape_div(&IntTuple::int(i64::MIN), &IntTuple::int(-1)).is_err());
    assert_eq!(
        "():()".parse::<cute::Layout>().unwrap().to_string(),
        "():()"
    );
}

const AWKWARD: &[&str] = &[
    "0",
    "1",
    "-1",
    "7",
    "9223372036854775807",
    "-9223372036854775808",
    "_",
    "()",
    "(0)",
    "(2,3)",
    "(2,_)",
    "1:0",
    "():()",
    "4:-1",
    "(4,2):(1,-4)",
    "(2,(2,2)):(0,(1,4))",
    "<2:1>",
    "<2:1,3:3>",
    "<<2:1>,4:2>",
    "(8,8):(e0,e1)",
    "(4,4):(1,4)",
    "3:9223372036854775807",
    "(2,2):(4611686018427387904,1)",
    "(1073741824,1073741824):(1,1073741824)",
    "6:3",
    "(4,6,8):(2,3,5)",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn no_operation_panics_on_awkward_arguments(
        op in 0..OPS.len(),
        args in prop::collection::vec(0..AWKWARD.len(), 0..=5),
    ) {
        let text = format!(
            "{}({})",
            OPS[op].0,
            args.iter().map(|&i| AWKWARD[i]).collect::<Vec<_>>().join(",")
        );
        let outcome = std::panic::catch_unwind(|| eval(&text).map(|v| v.to_string()));
        prop_assert!(outcome.is_ok(), "{} panicked", text);
    }
}
