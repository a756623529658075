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
            bench.iter(|| composition(black_box(&a), black_box(&b)));
        });
    }
    // The same compositions with every leaf a runtime integer inside a static structure: CuTe
    // C++'s dynamic layouts (benches/cpp_baseline.sh times those).
    let (a, b) = (
        layout!(({4},{6},{8},{10}):({2},{3},{5},{7})).unwrap(),
        layout!({6}:{12}).unwrap(),
    );
    g.bench_function("mixed/paper_6:12", |bench| {
        bench.iter(|| st::composition(black_box(&a), black_box(&b)).ok());
    });
    let (a, b) = (
        layout!(({8},{8}):({8},{1})).unwrap(),
        layout!((({4},{8}),{2}):(({16},{1}),{8})).unwrap(),
    );
    g.bench_function("mixed/tv_rowmajor", |bench| {
        bench.iter(|| st::composition(black_box(&a), black_box(&b)).ok());
    });
    let a: Layout = "(8,16):(20,1)".parse().unwrap();
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    g.bench_function("tiler", |bench| {
        bench.iter(|| composition_tiler(black_box(&a), black_box(&t)));
    });
    g.finish();
}

criterion_group!(benches, bench);
