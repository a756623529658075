//! `gemm/sweep/<M>x<N>x<K>/{reg,smem}/{cute,hand}`: `C += A·Bᵀ` over every fragment shape a
//! user writes, `M, N ∈ {1,2,4,8,16}`, `K ∈ {1,4,8,16,32}`, through `cute::algorithm::gemm` on
//! static layouts and by hand over the same arrays with the same strides (the baseline, in the
//! same run). `reg`: column-major register fragments, `A (M,K):(1,M)`, `B (N,K):(1,N)`; `smem`:
//! a thread's raked partitions of shared tiles, `A (M,K):(16,16M)`, `B (N,K):(16,16N)` (one
//! element in 16 along `M` and `N`). `C (M,N):(1,M)` in registers either way.
//! `benches/sweep_report.sh` prints the distribution of cute/hand.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, BenchmarkGroup, Criterion};
use cute::algorithm::gemm;
use cute::cute_static::typenum::{Prod, U1, U16, U2, U32, U4, U8};
use cute::cute_static::Layout;
use cute::make_tensor;

/// The elements apart along `M` (and `N`) in a raked shared-memory partition.
const RAKE: usize = 16;

/// `C(m,n) += Σ_k A(m,k)·B(n,k)`, `A(m,k)` at `m·SA + k·SA·M`, `B(n,k)` at `n·SB + k·SB·N`,
/// each `C(m,n)` summed in increasing `k` (the order `gemm` keeps: bitwise the same result).
#[inline(always)]
fn hand<const M: usize, const N: usize, const K: usize, const S: usize>(
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) {
    for n in 0..N {
        for m in 0..M {
            let mut acc = c[m + M * n];
            for k in 0..K {
                acc += a[S * (m + M * k)] * b[S * (n + N * k)];
            }
            c[m + M * n] = acc;
        }
    }
}

/// Deterministic operand values.
fn values(n: usize, step: f32) -> Vec<f32> {
    (0..n)
        .map(|i| f32::from(u8::try_from(i % 7).unwrap_or(0)) * step)
        .collect()
}

/// One point of the sweep with stride `S` (1: registers, `RAKE`: shared memory) and the static
/// layouts `LA`, `LB`, `LC` of the same shapes and strides.
fn point<const M: usize, const N: usize, const K: usize, const S: usize, LA, LB, LC>(
    g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    kind: &str,
) where
    LA: cute::TensorLayout + Default,
    LB: cute::TensorLayout + Default,
    LC: cute::TensorLayout + Default,
{
    let (a, b) = (values(S * M * K, 0.5), values(S * N * K, 0.25));
    let mut c = vec![0f32; M * N];
    let cute_fn: fn(&[f32], &[f32], &mut [f32]) = |a, b, c| {
        if let (Ok(ta), Ok(tb), Ok(mut tc)) = (
            make_tensor(a, LA::default()),
            make_tensor(b, LB::default()),
            make_tensor(c, LC::default()),
        ) {
            let _ = gemm(&ta, &tb, &mut tc);
        }
    };
    let hand_fn: fn(&[f32], &[f32], &mut [f32]) = |a, b, c| hand::<M, N, K, S>(a, b, c);
    // The two agree, bit for bit, before they are timed.
    let (mut x, mut y) = (vec![1f32; M * N], vec![1f32; M * N]);
    cute_fn(&a, &b, &mut x);
    hand_fn(&a, &b, &mut y);
    assert_eq!(x, y, "gemm/sweep/{M}x{N}x{K}/{kind}");
    let id = format!("sweep/{M}x{N}x{K}/{kind}");
    g.bench_function(format!("{id}/cute"), |bench| {
        bench.iter(|| cute_fn(black_box(&a), black_box(&b), black_box(&mut c)));
    });
    g.bench_function(format!("{id}/hand"), |bench| {
        bench.iter(|| hand_fn(black_box(&a), black_box(&b), black_box(&mut c)));
    });
}

/// Both kinds of operands for one `M x N x K` (literals and their typenum types).
macro_rules! shape {
    ($g:ident, ($m:literal, $tm:ty), ($n:literal, $tn:ty), ($k:literal, $tk:ty)) => {
        point::<
            $m,
            $n,
            $k,
            1,
            Layout<($tm, $tk), (U1, $tm)>,
            Layout<($tn, $tk), (U1, $tn)>,
            Layout<($tm, $tn), (U1, $tm)>,
        >(&mut $g, "reg");
        point::<
            $m,
            $n,
            $k,
            RAKE,
            Layout<($tm, $tk), (U16, Prod<U16, $tm>)>,
            Layout<($tn, $tk), (U16, Prod<U16, $tn>)>,
            Layout<($tm, $tn), (U1, $tm)>,
        >(&mut $g, "smem");
    };
}

/// Every `K` for one `M x N`.
macro_rules! ks {
    ($g:ident, $m:tt, $n:tt) => {
        shape!($g, $m, $n, (1, U1));
        shape!($g, $m, $n, (4, U4));
        shape!($g, $m, $n, (8, U8));
        shape!($g, $m, $n, (16, U16));
        shape!($g, $m, $n, (32, U32));
    };
}

/// Every `N` and `K` for one `M`.
macro_rules! ns {
    ($g:ident, $m:tt) => {
        ks!($g, $m, (1, U1));
        ks!($g, $m, (2, U2));
        ks!($g, $m, (4, U4));
        ks!($g, $m, (8, U8));
        ks!($g, $m, (16, U16));
    };
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("gemm");
    // Short runs: 250 pairs of functions of a few nanoseconds to a few microseconds.
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300));
    ns!(g, (1, U1));
    ns!(g, (2, U2));
    ns!(g, (4, U4));
    ns!(g, (8, U8));
    ns!(g, (16, U16));
    g.finish();
}

criterion_group!(benches, bench);
