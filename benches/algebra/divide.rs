use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::{logical_divide, zipped_divide, Layout, Tiler};

fn bench(c: &mut Criterion) {
    let a: Layout = "(8,16):(20,1)".parse().unwrap();
    let t: Tiler = "<4:1,8:2>".parse().unwrap();
    let tile: Layout = "4:2".parse().unwrap();
    let b: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
    let mut g = c.benchmark_group("logical_divide");
    g.bench_function("layout", |bench| {
        bench.iter(|| logical_divide(black_box(&b), black_box(tile)));
    });
    g.bench_function("tiler", |bench| {
        bench.iter(|| logical_divide(black_box(&a), black_box(t)));
    });
    g.finish();
    let mut g = c.benchmark_group("zipped_divide");
    g.bench_function("tiler", |bench| {
        bench.iter(|| zipped_divide(black_box(&a), black_box(t)));
    });
    g.finish();
}

criterion_group!(benches, bench);
