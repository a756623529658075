use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::{composition, composition_tiler, Layout, Tiler};

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
    let a: Layout = "(8,16):(20,1)".parse().unwrap();
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    g.bench_function("tiler", |bench| {
        bench.iter(|| composition_tiler(black_box(&a), black_box(&t)));
    });
    g.finish();
}

criterion_group!(benches, bench);
