//! Hostile input: each finding of the adversarial run as a regression test, and the
//! fuzz corpus replayed on stable through the same property checks as the fuzz targets
//! (`fuzz/fuzz_targets/*.rs`, which include `check.rs` and `gen.rs` by path).

pub(crate) mod banks;
pub(crate) mod check;
pub(crate) mod f2;
pub(crate) mod gen;
pub(crate) mod linear;
pub(crate) mod morphism;

use std::path::Path;

use cute::expr::eval;
use cute::{make_tensor, Counting, IntTuple, Layout, Tiler};

/// `(expression, the error code it must give)`: each once returned a wrong value, wrapped,
/// panicked or aborted.
const FINDINGS: &[(&str, &str)] = &[
    // Division by zero in composition, through a negative shape.
    ("composition(left_inverse(2:-1), 2:2)", "negative_stride"),
    // A layout of size -3.
    ("left_inverse(3:-1)", "negative_stride"),
    // Sizes past i64 through tilers.
    (
        "size(composition((2,2):(1,2), <3037000500:1,3037000500:1>))",
        "overflow",
    ),
    (
        "cosize(logical_product((8,922337203685477587):(13,-7),<3>))",
        "overflow",
    ),
    // |i64::MIN|: the stride's span does not fit.
    ("downcast((2,2):(1,-9223372036854775808),2)", "overflow"),
    // CuTe's quasi-inverse of overlapping modes, wrong at i = 4.
    ("left_inverse((2,2,2):(1,1,3))", "not_admissible"),
    // A tuple shape with an integer stride.
    ("crd2idx((3),(4),2)", "not_congruent"),
];

#[test]
fn findings_are_typed_errors() {
    for (text, code) in FINDINGS {
        let e = eval(text).expect_err(text);
        assert_eq!(e.code(), *code, "{text}: {e}");
    }
    // A list of 835,835 coordinates took 260 ms to build.
    let e = eval("eval(835835:e1)").unwrap_err();
    assert_eq!(e.code(), "too_large", "{e}");
    // The nesting that aborted the process.
    let deep = "a(".repeat(1400);
    assert_eq!(eval(&deep).unwrap_err().code(), "too_deep");
}

#[test]
fn findings_with_values() {
    let v = |t: &str| eval(t).unwrap().to_string();
    // With a tuple stride the same coordinate is an index.
    assert_eq!(v("crd2idx((3),(4),(2))"), "6");
    // CuTe's quasi-inverse where the overlapping modes do satisfy it.
    assert_eq!(v("left_inverse((2,2):(1,1))"), "2:2");
    // raked_product of two integer layouts, as blocked_product: the same offsets.
    let raked = eval("eval(raked_product(6:2,4:1))").unwrap().to_string();
    let blocked = eval("eval(blocked_product(6:2,4:1))").unwrap().to_string();
    let sorted = |s: &str| {
        let mut x: Vec<i64> = s
            .trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        x.sort_unstable();
        x
    };
    assert_eq!(sorted(&raked), sorted(&blocked));
    assert_eq!(v("size(raked_product(6:2,4:1))"), "24");
}

/// A 0 in a shape is an empty layout, as in CuTe; what each operation does with one.
#[test]
fn empty_layouts() {
    use cute::cute_static as st;
    let v = |t: &str| eval(t).map_or_else(|e| e.to_string(), |v| v.to_string());
    assert_eq!(v("size((4,0):(1,4))"), "0");
    assert_eq!(v("cosize((4,0):(1,4))"), "0");
    assert_eq!(v("coalesce((4,0):(1,4))"), "0:1");
    assert_eq!(v("filter((8,0):(1,0))"), "0:1");
    assert_eq!(v("right_inverse((4,0):(1,4))"), "0:1");
    assert_eq!(v("left_inverse((0,8):(1,0))"), "0:1");
    assert_eq!(v("complement(4:1, 0)"), "0:4");
    assert_eq!(v("complement((4,0):(1,4), 8)"), "8:1");
    assert_eq!(v("logical_divide(0:1, 4:1)"), "(4,0):(1,4)");
    assert_eq!(v("composition(0:1, 4:1)"), "4:1");
    assert!(v("composition((0,4):(1,1), 2:1)").contains("leaf 0 is empty"));
    assert!(v("-4:1").contains("non-negative shape"), "{}", v("-4:1"));
    // The mixed tier agrees on the values the mixed target found.
    let (z, two) = (st::Dyn::new(0), st::Dyn::new(2));
    let a = st::make_layout((z, z), (z, z)).unwrap();
    let b = st::make_layout(two, st::Dyn::new(5)).unwrap();
    let e = st::composition(&a, &b).unwrap_err();
    assert_eq!(e.code(), "empty_mode", "{e}");
    let a = st::make_layout((two, st::Dyn::new(8)), (z, z)).unwrap();
    let t = st::make_layout((z, two), (st::Dyn::new(1), st::Dyn::new(i64::MAX))).unwrap();
    let e = st::logical_divide(&a, &t).unwrap_err();
    let d = cute::logical_divide(&a.to_dynamic(), t.to_dynamic()).unwrap_err();
    assert_eq!((e.code(), d.code()), ("overflow", "overflow"));
}

#[test]
fn tensor_views_reject_out_of_range_coordinates() {
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let c = |s: &str| s.parse::<IntTuple>().unwrap();
    let t = make_tensor(Counting, l("(8,16):(1,8)")).unwrap();
    let code = |e: cute::Error| e.kind.code();
    assert_eq!(
        code(t.slice(&c("(8,_)")).unwrap_err()),
        "index_out_of_range"
    );
    assert_eq!(
        code(t.slice(&c("(_,-1)")).unwrap_err()),
        "index_out_of_range"
    );
    let tiler: Tiler = "<4:1,8:1>".parse().unwrap();
    assert_eq!(
        code(t.local_tile(tiler, &c("(2,0)")).unwrap_err()),
        "index_out_of_range"
    );
    assert!(t.local_tile(tiler, &c("(1,1)")).is_ok());
    assert!(t.local_partition(&l("(2,2):(1,2)"), 4).is_err());
    assert!(t.local_partition(&l("(2,2):(1,2)"), -1).is_err());
}

#[test]
fn copy_of_far_strides_is_exact() {
    // Offsets up to 2^62 + 1: the plan's steps stay in range (a step past the last is not used).
    let src = make_tensor(
        Counting,
        "(2,2):(1,4611686018427387904)".parse::<Layout>().unwrap(),
    )
    .unwrap();
    let mut out = [0i64; 4];
    let mut dst = make_tensor(&mut out[..], "(2,2):(1,2)".parse::<Layout>().unwrap()).unwrap();
    cute::algorithm::copy(&src, &mut dst).unwrap();
    assert_eq!(out, [0, 1, 1 << 62, (1 << 62) + 1]);
}

/// The lines of a corpus file, without blank lines and `#` comments.
fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

#[test]
fn regression_corpus_replays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let exprs = lines(&root.join("expr.txt"));
    assert!(exprs.len() >= 20, "the expression corpus is missing");
    for text in &exprs {
        check::check(text).unwrap_or_else(|e| panic!("{e}"));
    }
    // The structure-aware target's inputs, through the same generator.
    let dir = root.join("expr_structured");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/regressions/expr_structured") {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let text = gen::expression(&mut gen::Bytes(&bytes), 4);
        check::check(&text).unwrap_or_else(|e| panic!("{e}"));
        n += 1;
    }
    assert!(n > 0, "no structured inputs in {}", dir.display());
}

#[test]
fn generated_expressions_keep_their_properties() {
    // A deterministic sweep of the generator (the fuzz target explores it far further).
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..4000 {
        let bytes = sweep_bytes(&mut state, 64);
        let text = gen::expression(&mut gen::Bytes(&bytes), 3);
        check::check(&text).unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A fuzz target's checked-in regressions (`fuzz/regressions/<target>`), then `n` inputs of
/// `len` bytes from a deterministic generator, through the target's own `check`.
fn replay_and_sweep(target: &str, seed: u64, n: usize, len: usize, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        check(&std::fs::read(entry.unwrap().path()).unwrap());
    }
    let mut state = seed;
    for _ in 0..n {
        check(&sweep_bytes(&mut state, len));
    }
}

/// `len` bytes of a deterministic xorshift sequence advanced from `state`.
fn sweep_bytes(state: &mut u64, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state as u8
        })
        .collect()
}

#[test]
fn linear_layouts_keep_their_properties() {
    replay_and_sweep("linear", 0x2545_f491_4f6c_dd1d, 2000, 96, linear::check);
}

#[test]
fn f2_layouts_keep_their_properties() {
    replay_and_sweep("f2", 0x5851_f42d_4c95_7f2d, 3000, 48, f2::check);
}

#[test]
fn bank_counts_keep_their_properties() {
    replay_and_sweep("banks", 0x6a09_e667_f3bc_c908, 2000, 40, banks::check);
}

#[test]
fn morphisms_keep_their_properties() {
    replay_and_sweep("morphism", 0x9e6c_63d0_676a_9a99, 2000, 40, morphism::check);
}
