use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::{left_inverse, right_inverse, Layout};

fn bench(c: &mut Criterion) {
    // Which (thread, value) holds each offset of the 8x8 tile: the inverse of the Ampere layout.
    let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
    let mut g = c.benchmark_group("inverse");
    g.bench_function("right_tv", |b| b.iter(|| right_inverse(black_box(&tv))));
    g.bench_function("left_tv", |b| b.iter(|| left_inverse(black_box(&tv))));
    g.finish();
}

criterion_group!(benches, bench);
