use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::{blocked_product, logical_product, raked_product, Layout};

fn bench(c: &mut Criterion) {
    // Cecka, "CuTe Layout Representation and Algebra", §3.5.1, Figure 10: a 3x4 row-major tile
    // over a 2x5 grid.
    let tile: Layout = "(3,4):(4,1)".parse().unwrap();
    let grid: Layout = "(2,5):(1,2)".parse().unwrap();
    let mut g = c.benchmark_group("product");
    g.bench_function("logical", |b| {
        b.iter(|| logical_product(black_box(&tile), black_box(grid)));
    });
    g.bench_function("blocked", |b| {
        b.iter(|| blocked_product(black_box(&tile), black_box(&grid)));
    });
    g.bench_function("raked", |b| {
        b.iter(|| raked_product(black_box(&tile), black_box(&grid)));
    });
    g.finish();
}

criterion_group!(benches, bench);
