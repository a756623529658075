//! `gemm/<fragment>/{static,hand}`: `C += A·Bᵀ` on static register fragments (4x4x8 and 8x8x8,
//! column-major f32) through `cute::algorithm::gemm`, and the same product written by hand over
//! the arrays (the baseline, in the same run). Both are functions of the three arrays called
//! through a pointer, so the harness costs them the same. `benches/asm_static_gemm.sh` checks
//! that the static one is straight-line vector code.

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::algorithm::gemm;
use cute::{layout, make_tensor};

/// `C(m,n) += Σ_k A(m,k)·B(n,k)` over column-major arrays, each `C(m,n)` summed in increasing `k`
/// (the order `gemm` keeps, so both give the same result).
#[inline(always)]
fn hand<const M: usize, const N: usize, const K: usize>(a: &[f32], b: &[f32], c: &mut [f32]) {
    for n in 0..N {
        for m in 0..M {
            let mut acc = c[m + M * n];
            for k in 0..K {
                acc += a[m + M * k] * b[n + N * k];
            }
            c[m + M * n] = acc;
        }
    }
}

/// One fragment shape: the static GEMM and the hand loop over arrays of `$a`, `$b`, `$c`
/// elements.
macro_rules! fragment {
    ($g:expr, $name:literal, $m:literal, $n:literal, $k:literal, $a:literal, $b:literal, $c:literal,
     ($($la:tt)*), ($($lb:tt)*), ($($lc:tt)*)) => {{
        let a: [f32; $a] = core::array::from_fn(|i| f32::from(u8::try_from(i % 7).unwrap_or(0)) * 0.5);
        let b: [f32; $b] = core::array::from_fn(|i| f32::from(u8::try_from(i % 5).unwrap_or(0)) * 0.25);
        let mut c = [0f32; $c];
        let stat: fn(&[f32; $a], &[f32; $b], &mut [f32; $c]) = |a, b, c| {
            if let (Ok(ta), Ok(tb), Ok(mut tc)) = (
                make_tensor(&a[..], layout!($($la)*)),
                make_tensor(&b[..], layout!($($lb)*)),
                make_tensor(&mut c[..], layout!($($lc)*)),
            ) {
                let _ = gemm(&ta, &tb, &mut tc);
            }
        };
        let by_hand: fn(&[f32; $a], &[f32; $b], &mut [f32; $c]) =
            |a, b, c| hand::<$m, $n, $k>(a, b, c);
        // The two agree before they are timed.
        let (mut x, mut y) = ([1f32; $c], [1f32; $c]);
        stat(&a, &b, &mut x);
        by_hand(&a, &b, &mut y);
        // Bitwise equal: the same products summed in the same order.
        assert_eq!(x.map(f32::to_bits), y.map(f32::to_bits));
        $g.bench_function(concat!($name, "/static"), |bench| {
            bench.iter(|| stat(black_box(&a), black_box(&b), black_box(&mut c)))
        });
        $g.bench_function(concat!($name, "/hand"), |bench| {
            bench.iter(|| by_hand(black_box(&a), black_box(&b), black_box(&mut c)))
        });
    }};
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("gemm");
    fragment!(g, "4x4x8", 4, 4, 8, 32, 32, 16, ((4,8):(1,4)), ((4,8):(1,4)), ((4,4):(1,4)));
    fragment!(g, "8x8x8", 8, 8, 8, 64, 64, 64, ((8,8):(1,8)), ((8,8):(1,8)), ((8,8):(1,8)));
    g.finish();
}

criterion_group!(benches, bench);
