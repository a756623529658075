use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::{complement, IntTuple, Layout};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("complement");
    let l: Layout = "(4,(2,2)):(2,(1,16))".parse().unwrap();
    let m = IntTuple::int(256);
    g.bench_function("rank3", |b| {
        b.iter(|| complement(black_box(&l), black_box(&m)));
    });
    g.finish();
}

criterion_group!(benches, bench);
