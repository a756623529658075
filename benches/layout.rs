//! Evaluation: `Layout::eval` over a whole layout against the same offsets computed by a
//! hand-written loop nest, the baseline in the same run.

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::Layout;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("eval");
    let l: Layout = "((4,8),2):((2,8),1)".parse().unwrap();
    g.bench_function("layout", |b| {
        b.iter(|| {
            let l = black_box(&l);
            (0..64).map(|i| black_box(l.eval(i).unwrap())).sum::<i64>()
        });
    });
    // The same offsets, ((4,8),2):((2,8),1), as the loop nest one would write by hand.
    g.bench_function("hand", |b| {
        b.iter(|| {
            let (s0, s1, s2) = black_box((4i64, 8i64, 2i64));
            let (d0, d1, d2) = black_box((2i64, 8i64, 1i64));
            let mut sum = 0;
            for k in 0..s2 {
                for j in 0..s1 {
                    for i in 0..s0 {
                        sum += black_box(i * d0 + j * d1 + k * d2);
                    }
                }
            }
            sum
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
