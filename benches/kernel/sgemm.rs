//! `kernel/sgemm/<n>/{cute,hand,matrixmultiply}`: `C = α·A·B + β·C` for `n x n x n` column-major
//! f32 matrices, single-threaded: the CuTe-style kernel of `cute_kernels::sgemm`, the same
//! tiling with index arithmetic, and `matrixmultiply::sgemm` (the GEMM under ndarray);
//! `kernel/sgemm_par/<n>/{cute,hand}` on all cores (the `rayon` feature).

use std::hint::black_box;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};

use cute_kernels::sgemm::{sgemm, sgemm_hand, Strides};

/// A residue (0..13) as an `f32`.
fn small(x: i64) -> f32 {
    f32::from(u8::try_from(x).expect("a residue"))
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel/sgemm");
    g.sample_size(10);
    for n in [256i64, 512, 1024] {
        let len = (n * n) as usize;
        let a: Vec<f32> = (0..n * n).map(|x| small(x % 13) - 6.0).collect();
        let b: Vec<f32> = (0..n * n).map(|x| small(x % 7) - 3.0).collect();
        let mut out = vec![0f32; len];
        let s = Strides::col_major(n);
        // Elements: multiply-adds, so that criterion's rate is half the GFLOP/s.
        g.throughput(Throughput::Elements((n * n * n) as u64));
        let shape = ([n, n, n], 1.0, 0.0);
        g.bench_function(BenchmarkId::new(n.to_string(), "cute"), |bch| {
            bch.iter(|| {
                sgemm(
                    shape,
                    (black_box(&a), s),
                    (black_box(&b), s),
                    black_box(&mut out),
                    s,
                )
            });
        });
        g.bench_function(BenchmarkId::new(n.to_string(), "hand"), |bch| {
            bch.iter(|| {
                sgemm_hand(
                    shape,
                    (black_box(&a), s),
                    (black_box(&b), s),
                    black_box(&mut out),
                    s,
                );
            });
        });
        g.bench_function(BenchmarkId::new(n.to_string(), "matrixmultiply"), |bch| {
            let u = n as usize;
            bch.iter(|| unsafe {
                // SAFETY: the three buffers hold `n x n` column-major matrices.
                matrixmultiply::sgemm(
                    u,
                    u,
                    u,
                    1.0,
                    black_box(a.as_ptr()),
                    1,
                    n as isize,
                    black_box(b.as_ptr()),
                    1,
                    n as isize,
                    0.0,
                    black_box(out.as_mut_ptr()),
                    1,
                    n as isize,
                );
            });
        });
    }
    g.finish();
    #[cfg(feature = "rayon")]
    parallel(c);
}

/// `kernel/sgemm_par/<n>/{cute,hand}`: panels of `C` on a pool of all cores.
#[cfg(feature = "rayon")]
fn parallel(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(64 << 20)
        .build()
        .expect("a thread pool");
    let mut g = c.benchmark_group("kernel/sgemm_par");
    g.sample_size(10);
    for n in [256i64, 512, 1024] {
        let a: Vec<f32> = (0..n * n).map(|x| small(x % 13) - 6.0).collect();
        let b: Vec<f32> = (0..n * n).map(|x| small(x % 7) - 3.0).collect();
        let mut out = vec![0f32; (n * n) as usize];
        let s = Strides::col_major(n);
        g.throughput(Throughput::Elements((n * n * n) as u64));
        let shape = ([n, n, n], 1.0, 0.0);
        g.bench_function(BenchmarkId::new(n.to_string(), "cute"), |bch| {
            bch.iter(|| {
                cute_kernels::sgemm::sgemm_par(
                    &pool,
                    sgemm,
                    shape,
                    (black_box(&a), s),
                    (&b, s),
                    &mut out,
                    s,
                )
            });
        });
        g.bench_function(BenchmarkId::new(n.to_string(), "hand"), |bch| {
            bch.iter(|| {
                cute_kernels::sgemm::sgemm_par(
                    &pool,
                    cute_kernels::sgemm::sgemm_hand_task,
                    shape,
                    (black_box(&a), s),
                    (&b, s),
                    &mut out,
                    s,
                )
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
