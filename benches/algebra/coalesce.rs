use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::{coalesce, Layout};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("coalesce");
    // The thread-value layout composed with the row-major 8x8 tile (Table 4): nothing merges.
    let tv: Layout = "((4,8),2):((2,8),1)".parse().unwrap();
    // Cecka, "CuTe Layout Representation and Algebra", §3.2: a nested layout that coalesces to
    // one mode.
    let nested: Layout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
    for (name, l) in [("tv", tv), ("nested", nested)] {
        g.bench_function(name, |b| b.iter(|| coalesce(black_box(&l))));
    }
    g.finish();
}

criterion_group!(benches, bench);
