//! `kernel/transpose/<n>/{cute,hand,memcpy}`: `B = Aᵀ` of an `n x n` row-major f32 matrix into a
//! row-major one, single-threaded: the CuTe-style kernel of `cute_kernels::transpose`, the
//! same tiling with index arithmetic, and a `memcpy` of the same bytes (`copy_from_slice`), all
//! on matrices on 2 MiB pages (`pages.rs`); `kernel/transpose_4k/...` the same on a `Vec`'s 4 KiB
//! pages, and `kernel/transpose_par/<n>/{cute,hand}` on all cores (the `rayon` feature).

use std::hint::black_box;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};

use super::pages::Matrix;
use cute_kernels::transpose::{transpose, transpose_hand, Strides};

/// The three single-threaded variants on `a` into `b`, under `group`.
fn variants(c: &mut Criterion, group: &str, n: i64, a: &[f32], b: &mut [f32]) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    let s = Strides::row_major(n);
    g.throughput(Throughput::Bytes((2 * 4 * a.len()) as u64));
    g.bench_function(BenchmarkId::new(n.to_string(), "cute"), |bch| {
        bch.iter(|| transpose(black_box(a), n, n, s, black_box(&mut *b), s));
    });
    g.bench_function(BenchmarkId::new(n.to_string(), "hand"), |bch| {
        bch.iter(|| transpose_hand(black_box(a), n, n, s, black_box(&mut *b), s));
    });
    g.bench_function(BenchmarkId::new(n.to_string(), "memcpy"), |bch| {
        bch.iter(|| black_box(&mut *b).copy_from_slice(black_box(a)));
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    for n in [1024i64, 4096] {
        let len = (n * n) as usize;
        let (mut a, mut b) = (Matrix::zeroed(len), Matrix::zeroed(len));
        for (x, v) in a.iter_mut().enumerate() {
            *v = cute_kernels::transpose::value(x as i64);
        }
        variants(c, "kernel/transpose", n, &a, &mut b);
        let (a4k, mut b4k) = (a.to_vec(), vec![0f32; len]);
        variants(c, "kernel/transpose_4k", n, &a4k, &mut b4k);
        #[cfg(feature = "rayon")]
        {
            let pool = rayon::ThreadPoolBuilder::new()
                .stack_size(64 << 20)
                .build()
                .expect("a thread pool");
            let mut g = c.benchmark_group("kernel/transpose_par");
            g.sample_size(10);
            g.throughput(Throughput::Bytes((2 * 4 * len) as u64));
            let s = Strides::row_major(n);
            g.bench_function(BenchmarkId::new(n.to_string(), "cute"), |bch| {
                bch.iter(|| {
                    cute_kernels::transpose::transpose_par(
                        &pool,
                        transpose,
                        (black_box(&a), n, n, s),
                        &mut b,
                        s,
                    )
                });
            });
            g.bench_function(BenchmarkId::new(n.to_string(), "hand"), |bch| {
                bch.iter(|| {
                    cute_kernels::transpose::transpose_par(
                        &pool,
                        cute_kernels::transpose::transpose_hand_task,
                        (black_box(&a), n, n, s),
                        &mut b,
                        s,
                    )
                });
            });
            g.finish();
        }
    }
}

criterion_group!(benches, bench);
