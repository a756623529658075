use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::cute_static::{self as st, __};
use cute::{layout, logical_divide, tiler, zipped_divide, Layout, Tiler};

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
    // A runtime-sized column-major matrix, divided into static 8x8 tiles, and the tile at a
    // runtime coordinate sliced out: the kernel's `local_tile`, on layouts.
    let (m, n) = (black_box(1000i64), black_box(600i64));
    let a = layout!(({m},{n}):(1,{m})).unwrap();
    let t = tiler!(<8:1,8:1>);
    g.bench_function("mixed_tile_and_slice", |bench| {
        bench.iter(|| {
            let z = st::zipped_divide(black_box(&a), &t).ok()?;
            let (i, j) = black_box((3i64, 5i64));
            z.slice_and_offset(((__, __), (i, j))).ok()
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
