//! Mixed layouts (static structure, runtime leaves from the input, wild values included): every
//! operation of `cute-static` against `cute-core`'s on the same values. Both fail with the same
//! reason, or both succeed with layouts equal at every index; the dynamic result itself is held
//! to its definition by the other targets.
#![no_main]

#[path = "../../tests/it/hostile/gen.rs"]
#[allow(dead_code, reason = "the expression generator is for expr_structured")]
mod gen;

use cute::cute_static::{self as st, Dyn};
use cute::{layout, Error, Layout};

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || mixed(data)));

/// The points a result is compared at: all of them up to 2^12, then every 2^12th.
fn points(n: i64) -> impl Iterator<Item = i64> {
    let step = (n >> 12).max(1);
    (0..n.min(1 << 12)).map(move |k| k * step)
}

/// The mixed result `got` of `what` (printed only on a failure) against `cute-core`'s `want`.
/// Layouts with the same shape and stride are the same function, so only results that differ
/// in form are compared point by point.
fn same(what: impl Fn() -> String, got: Result<Layout, Error>, want: Result<Layout, Error>) {
    match (got, want) {
        (Ok(g), Ok(w)) if g == w => {}
        (Ok(g), Ok(w)) => {
            assert_eq!(g.size(), w.size(), "{}: {g} vs {w}", what());
            for i in points(w.size()) {
                assert_eq!(g.eval(i), w.eval(i), "{}: {g} vs {w} at {i}", what());
            }
        }
        (Err(g), Err(w)) => assert_eq!(g.code(), w.code(), "{}: {g} vs {w}", what()),
        (g, w) => panic!("{}: mixed {g:?}, cute-core {w:?}", what()),
    }
}

/// Whether to print each operation before it runs (`CUTE_FUZZ_TRACE`, to find a crash's).
fn trace() -> bool {
    static TRACE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *TRACE.get_or_init(|| std::env::var_os("CUTE_FUZZ_TRACE").is_some())
}

/// `st::op(a, b)` against `cute::op(&da, &db)` for each `op`.
macro_rules! binary {
    ($a:expr, $b:expr, $da:expr, $db:expr; $($op:ident),*) => {$(
        if trace() { eprintln!("{}({}, {})", stringify!($op), $da, $db); }
        same(
            || format!("{}({}, {})", stringify!($op), $da, $db),
            st::$op($a, $b).map(|l| l.to_dynamic()),
            cute::$op($da, $db),
        );
    )*};
}

/// `st::op(a)` against `cute::op(&da)` for each `op`.
macro_rules! unary {
    ($a:expr, $da:expr; $($op:ident),*) => {$(
        if trace() { eprintln!("{}({})", stringify!($op), $da); }
        same(
            || format!("{}({})", stringify!($op), $da),
            st::$op($a).map(|l| l.to_dynamic()),
            cute::$op($da),
        );
    )*};
}

/// Every binary and unary operation on `a` and `b`, mixed against dynamic.
macro_rules! operations {
    ($a:expr, $b:expr, $cotarget:expr) => {{
        let (a, b) = (&$a, &$b);
        let (da, db) = (a.to_dynamic(), b.to_dynamic());
        binary!(a, b, &da, &db; composition, logical_divide, zipped_divide, tiled_divide,
            logical_product, zipped_product, blocked_product, raked_product);
        unary!(a, &da; left_inverse, right_inverse, coalesce);
        let c: i64 = $cotarget;
        same(
            || format!("complement({da}, {c})"),
            st::complement(a, &Dyn::new(c)).map(|l| l.to_dynamic()),
            cute::complement(&da, &cute::IntTuple::int(c)),
        );
    }};
}

/// One input: runtime leaves read off it, in layouts of a few fixed static structures.
fn mixed(data: &[u8]) {
    let mut b = gen::Bytes(data);
    let (s0, s1, s2) = (b.extent(), b.extent(), b.extent());
    let (d0, d1, d2, d3) = (b.int(), b.int(), b.int(), b.int());
    let c = b.extent();
    // A layout whose runtime leaves break its invariant is rejected where it is made, in both
    // tiers alike.
    let a1 = layout!(({s0},{s1}):({d0},{d1}));
    let a2 = layout!(({s0},(4,{s1})):(1,({d0},{d1})));
    let a3 = layout!((8,{s0}):({d0},8));
    let b1 = layout!({s2}:{d2});
    let b2 = layout!(({s2},2):(1,{d3}));
    let b3 = layout!((2,4):(1,2));
    for (m, d) in [
        (a1.as_ref().map(|l| l.to_dynamic()), format!("({s0},{s1}):({d0},{d1})")),
        (b1.as_ref().map(|l| l.to_dynamic()), format!("{s2}:{d2}")),
    ] {
        let d = d.parse::<Layout>();
        assert_eq!(m.is_ok(), d.is_ok(), "make_layout: {m:?} vs {d:?}");
    }
    let (Ok(a1), Ok(a2), Ok(a3)) = (a1, a2, a3) else {
        return;
    };
    // A kernel's tiles: runtime modes by static `n:1` tiles, divided directly (past one tile;
    // checked against the walk in debug builds) or by the walk.
    let tiler = cute::tiler!(<4:1,8:1>);
    let dtiler: cute::Tiler = "<4:1,8:1>".parse().expect("a tiler");
    same(
        || format!("zipped_divide(({s0},{s1}):({d0},{d1}), <4:1,8:1>)"),
        st::zipped_divide(&a1, &tiler).map(|l| l.to_dynamic()),
        cute::zipped_divide(&a1.to_dynamic(), &dtiler),
    );
    if let Ok(a4) = layout!({s2}:{d2}) {
        same(
            || format!("logical_divide({s2}:{d2}, 4:1)"),
            st::logical_divide(&a4, &layout!(4:1)).map(|l| l.to_dynamic()),
            cute::logical_divide(&a4.to_dynamic(), "4:1".parse::<Layout>().expect("a layout")),
        );
    }
    match b.byte() % 3 {
        0 => {
            if let Ok(b1) = b1 {
                operations!(a1, b1, c);
                operations!(a2, b1, c);
                operations!(a3, b1, c);
            }
        }
        1 => {
            if let Ok(b2) = b2 {
                operations!(a1, b2, c);
                operations!(a2, b2, c);
                operations!(a3, b2, c);
            }
        }
        _ => {
            operations!(a1, b3, c);
            operations!(a2, b3, c);
            operations!(a3, b3, c);
        }
    }
}
