use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::cute_static as st;
use cute::{composition, composition_tiler, layout, Layout, Tiler};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("composition");
    let cases = [
        ("paper_6:12", "(4,6,8,10):(2,3,5,7)", "6:12"),
        ("tv_rowmajor", "(8,8):(8,1)", "((4,8),2):((16,1),8)"),
        (
            "tv_interleaved",
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,8),2):((16,1),8)",
        ),
    ];
    for (name, a, b) in cases {
        let (a, b): (Layout, Layout) = (a.parse().unwrap(), b.parse().unwrap());
        g.bench_function(name, |bench| {
            bench.iter(|| keep(composition(black_box(&a), black_box(&b))));
        });
    }
    // The same compositions with every leaf a runtime integer inside a static structure: CuTe
    // C++'s dynamic layouts (benches/cpp_baseline.sh times those).
    let (a, b) = (
        layout!(({4},{6},{8},{10}):({2},{3},{5},{7})).unwrap(),
        layout!({6}:{12}).unwrap(),
    );
    g.bench_function("mixed/paper_6:12", |bench| {
        bench.iter(|| keep(st::composition(black_box(&a), black_box(&b)).ok()));
    });
    let (a, b) = (
        layout!(({8},{8}):({8},{1})).unwrap(),
        layout!((({4},{8}),{2}):(({16},{1}),{8})).unwrap(),
    );
    g.bench_function("mixed/tv_rowmajor", |bench| {
        bench.iter(|| keep(st::composition(black_box(&a), black_box(&b)).ok()));
    });
    let a: Layout = "(8,16):(20,1)".parse().unwrap();
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    g.bench_function("tiler", |bench| {
        bench.iter(|| composition_tiler(black_box(&a), black_box(&t)));
    });
    g.finish();
}

/// Keeps a result as CuTe C++'s baseline does (`benches/cpp/composition.cpp`: its address escapes
/// to an empty `asm`), and returns nothing to criterion, whose own `black_box` (0.5, stable) is a
/// volatile read of the value: for a 288-byte `Result` that is 36 loads and stores timed with the
/// operation, which the C++ side does not pay.
fn keep<T>(v: T) {
    black_box(v);
}

criterion_group!(benches, bench);
