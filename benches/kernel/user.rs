//! The kernels a first-time user wrote, each against the same tiling by hand, single-threaded
//! on `M x N` f32 matrices (`1024x1024`, `4096x1024`, `1000x1003`):
//! `kernel/softmax/<MxN>/{cute,hand}`, `kernel/conv3x3/<MxN>/{cute,halo,hand}` (cute: the
//! implicit GEMM on the im2col view; halo: through a stack halo tile),
//! `kernel/transpose_smem/<MxN>/{cute,hand}` and `kernel/rowsum_generic/<MxN>/{cute,hand}`.

use std::hint::black_box;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use cute_kernels::user::{conv2d, rowsum_generic, softmax, transpose_smem};

/// The sizes `(M, N)`.
const SIZES: [(i64, i64); 3] = [(1024, 1024), (4096, 1024), (1000, 1003)];

/// A matrix of `len` varied values.
fn matrix(len: i64) -> Vec<f32> {
    (0..len)
        .map(|k| f32::from(u8::try_from((k * 37 + 11) % 101).unwrap_or(0)) / 16.0 - 3.0)
        .collect()
}

/// A kernel's signature: `(x, m, n, y)`.
type Kernel = fn(&[f32], i64, i64, &mut [f32]);

/// The `cute` and `hand` variants of one kernel of `x` (`m x n`) into `y`, under `group`.
fn pair(
    c: &mut Criterion,
    group: &str,
    (cute, hand): (Kernel, Kernel),
    y_len: impl Fn(i64, i64) -> i64,
) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    for (m, n) in SIZES {
        let x = matrix(m * n);
        let mut y = vec![0f32; y_len(m, n) as usize];
        let size = format!("{m}x{n}");
        g.throughput(Throughput::Bytes((4 * (x.len() + y.len())) as u64));
        g.bench_function(BenchmarkId::new(&size, "cute"), |b| {
            b.iter(|| cute(black_box(&x), m, n, black_box(&mut y)));
        });
        g.bench_function(BenchmarkId::new(&size, "hand"), |b| {
            b.iter(|| hand(black_box(&x), m, n, black_box(&mut y)));
        });
    }
    g.finish();
}

/// The convolution's variants on an `(M+2) x (N+2)` input.
fn conv(c: &mut Criterion) {
    let mut g = c.benchmark_group("kernel/conv3x3");
    g.sample_size(10);
    let w: [f32; 9] =
        std::array::from_fn(|k| 0.125 * f32::from(u8::try_from(k).unwrap_or(0)) - 0.5);
    for (m, n) in SIZES {
        let input = matrix((m + 2) * (n + 2));
        let mut out = vec![0f32; (m * n) as usize];
        let size = format!("{m}x{n}");
        g.throughput(Throughput::Bytes((4 * (input.len() + out.len())) as u64));
        g.bench_function(BenchmarkId::new(&size, "cute"), |b| {
            b.iter(|| conv2d::conv3x3(black_box(&input), m, n, &w, black_box(&mut out)));
        });
        g.bench_function(BenchmarkId::new(&size, "halo"), |b| {
            b.iter(|| conv2d::conv3x3_halo(black_box(&input), m, n, &w, black_box(&mut out)));
        });
        g.bench_function(BenchmarkId::new(&size, "hand"), |b| {
            b.iter(|| conv2d::conv3x3_hand(black_box(&input), m, n, &w, black_box(&mut out)));
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    // A cute kernel's `Result` is `Ok` on these sizes (the tests check it).
    pair(
        c,
        "kernel/softmax",
        (
            |x, m, n, y| softmax::softmax(x, m, n, y).expect("in bounds"),
            softmax::softmax_hand,
        ),
        |m, n| m * n,
    );
    conv(c);
    pair(
        c,
        "kernel/transpose_smem",
        (
            |x, m, n, y| transpose_smem::transpose_smem(x, m, n, y).expect("in bounds"),
            transpose_smem::transpose_smem_hand,
        ),
        |m, n| m * n,
    );
    pair(
        c,
        "kernel/rowsum_generic",
        (
            |x, m, n, y| rowsum_generic::rowsum_generic(x, m, n, y).expect("in bounds"),
            rowsum_generic::rowsum_hand,
        ),
        |m, _| m,
    );
}

criterion_group!(benches, bench);
