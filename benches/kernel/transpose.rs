//! `kernel/transpose/<n>/{cute,hand,memcpy}`: `B = Aᵀ` of an `n x n` row-major f32 matrix into a
//! row-major one, single-threaded: the CuTe-style kernel of `examples/kernels/transpose.rs`, the
//! same tiling with index arithmetic, and a `memcpy` of the same bytes (`copy_from_slice`).

use std::hint::black_box;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};

#[path = "../../examples/kernels/transpose.rs"]
#[allow(dead_code, reason = "the naive reference is for the tests")]
mod kernel;

use kernel::{transpose, transpose_hand, Strides};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel/transpose");
    g.sample_size(10);
    for n in [1024i64, 4096] {
        let len = (n * n) as usize;
        let a: Vec<f32> = (0..n * n).map(kernel::value).collect();
        let mut b = vec![0f32; len];
        let s = Strides::row_major(n);
        g.throughput(Throughput::Bytes((2 * 4 * len) as u64));
        g.bench_function(BenchmarkId::new(n.to_string(), "cute"), |bch| {
            bch.iter(|| transpose(black_box(&a), n, n, s, black_box(&mut b), s));
        });
        g.bench_function(BenchmarkId::new(n.to_string(), "hand"), |bch| {
            bch.iter(|| transpose_hand(black_box(&a), n, n, s, black_box(&mut b), s));
        });
        g.bench_function(BenchmarkId::new(n.to_string(), "memcpy"), |bch| {
            bch.iter(|| black_box(&mut b[..]).copy_from_slice(black_box(&a)));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
