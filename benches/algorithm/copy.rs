//! `copy/<application>/{static,hand,dynamic}`: the copies of seed 000 Table 2 and the 8x8
//! thread-value copy, with static layouts, as the loop nest one would write by hand over
//! fixed-size arrays (the baseline, in the same run), and with dynamic layouts. The static and
//! the hand-written copies are both functions of the two arrays called through a pointer, so the
//! harness costs them the same.
//! `cargo bench -- copy/` runs them; the ratios are in BENCHMARKS.md.

#![allow(
    clippy::manual_memcpy,
    clippy::needless_range_loop,
    reason = "the hand-written loops are the baseline, written as a kernel author writes them"
)]

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::algorithm::copy;
use cute::{layout, make_tensor, Layout};

/// A large application: the hand-written loop and the dynamic copy only (a static layout of this
/// size would unroll into tens of thousands of moves).
macro_rules! large_application {
    ($g:expr, $name:literal, $src:literal, $dst:literal, $n:literal, $m:literal, $hand:expr) => {{
        let src: Vec<f32> = (0..$n).map(|k| f32::from(k as u8)).collect();
        let mut dst = vec![0f32; $m];
        let hand: fn(&[f32; $n], &mut [f32; $m]) = $hand;
        {
            let (s, d): (&[f32; $n], &mut [f32; $m]) = (
                src.as_slice().try_into().unwrap(),
                dst.as_mut_slice().try_into().unwrap(),
            );
            $g.bench_function(concat!($name, "/hand"), |b| {
                b.iter(|| hand(black_box(s), black_box(&mut *d)))
            });
        }
        let st = make_tensor(src.as_slice(), $src.parse::<Layout>().unwrap()).unwrap();
        let mut dt = make_tensor(dst.as_mut_slice(), $dst.parse::<Layout>().unwrap()).unwrap();
        $g.bench_function(concat!($name, "/dynamic"), |b| {
            b.iter(|| copy(black_box(&st), black_box(&mut dt)).unwrap())
        });
    }};
}

/// One application: the static copy, the hand-written loop `$hand(src, dst)` over arrays of
/// `$n` and `$m` elements, and the dynamic copy of the same layouts.
macro_rules! application {
    ($g:expr, $name:literal, ($($src:tt)*), ($($dst:tt)*), $n:literal, $m:literal, $hand:expr) => {{
        let src: [f32; $n] = core::array::from_fn(|k| f32::from(k as u8));
        let mut dst = [0f32; $m];
        // As a kernel writes it: tensors over the arrays (their checks fold away), then copy.
        let stat: fn(&[f32; $n], &mut [f32; $m]) = |s, d| {
            if let (Ok(st), Ok(mut dt)) = (
                make_tensor(&s[..], layout!($($src)*)),
                make_tensor(&mut d[..], layout!($($dst)*)),
            ) {
                let _ = copy(&st, &mut dt);
            }
        };
        $g.bench_function(concat!($name, "/static"), |b| {
            b.iter(|| stat(black_box(&src), black_box(&mut dst)))
        });
        let hand: fn(&[f32; $n], &mut [f32; $m]) = $hand;
        $g.bench_function(concat!($name, "/hand"), |b| {
            b.iter(|| hand(black_box(&src), black_box(&mut dst)))
        });
        let (sl, dl): (Layout, Layout) = (
            stringify!($($src)*).replace(' ', "").parse().unwrap(),
            stringify!($($dst)*).replace(' ', "").parse().unwrap(),
        );
        let st = make_tensor(&src[..], sl).unwrap();
        let mut dt = make_tensor(&mut dst[..], dl).unwrap();
        $g.bench_function(concat!($name, "/dynamic"), |b| {
            b.iter(|| copy(black_box(&st), black_box(&mut dt)).unwrap())
        });
    }};
}

#[allow(clippy::too_many_lines, reason = "one call per application")]
fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("copy");
    application!(g, "1d", (8:1), (8:1), 8, 8, |s, d| {
        for i in 0..8 {
            d[i] = s[i];
        }
    });
    application!(g, "nd", ((8,2,3):(1,16,32)), ((8,2,3):(1,16,32)), 88, 88, |s, d| {
        for k in 0..3 {
            for j in 0..2 {
                for i in 0..8 {
                    d[i + 16 * j + 32 * k] = s[i + 16 * j + 32 * k];
                }
            }
        }
    });
    application!(g, "gather", ((2,3,2):(42,1,128)), (12:1), 173, 12, |s, d| {
        for k in 0..2 {
            for j in 0..3 {
                for i in 0..2 {
                    d[i + 2 * j + 6 * k] = s[42 * i + j + 128 * k];
                }
            }
        }
    });
    application!(g, "scatter", (12:1), ((2,3,2):(42,1,128)), 12, 173, |s, d| {
        for k in 0..2 {
            for j in 0..3 {
                for i in 0..2 {
                    d[42 * i + j + 128 * k] = s[i + 2 * j + 6 * k];
                }
            }
        }
    });
    application!(g, "broadcast", (7:0), (7:1), 1, 7, |s, d| {
        for i in 0..7 {
            d[i] = s[0];
        }
    });
    application!(g, "constant", (7:0), (7:0), 1, 1, |s, d| {
        for _ in 0..7 {
            d[0] = s[0];
        }
    });
    application!(g, "transpose", ((8,3):(1,8)), ((8,3):(3,1)), 24, 24, |s, d| {
        for j in 0..3 {
            for i in 0..8 {
                d[3 * i + j] = s[i + 8 * j];
            }
        }
    });
    application!(g, "tensor_transpose", ((8,(3,5)):(1,(57,8))), ((8,15):(1,8)), 154, 120, |s, d| {
        for k in 0..5 {
            for j in 0..3 {
                for i in 0..8 {
                    d[i + 8 * (j + 3 * k)] = s[i + 57 * j + 8 * k];
                }
            }
        }
    });
    // The row-major 8x8 tile through the Ampere thread-value layout (Table 4) into the 32
    // threads' two registers each.
    application!(g, "tv_8x8", (((4,8),2):((2,8),1)), ((32,2):(1,32)), 64, 64, |s, d| {
        for v in 0..2 {
            for t1 in 0..8 {
                for t0 in 0..4 {
                    d[t0 + 4 * t1 + 32 * v] = s[2 * t0 + 8 * t1 + v];
                }
            }
        }
    });
    // The same copies at sizes where the loop, not the setup, is the cost.
    large_application!(
        g,
        "nd_large",
        "(256,16,16):(1,512,8192)",
        "(256,16,16):(1,512,8192)",
        131_072,
        131_072,
        |s, d| {
            for k in 0..16 {
                for j in 0..16 {
                    for i in 0..256 {
                        d[i + 512 * j + 8192 * k] = s[i + 512 * j + 8192 * k];
                    }
                }
            }
        }
    );
    large_application!(
        g,
        "transpose_large",
        "(256,256):(1,256)",
        "(256,256):(256,1)",
        65_536,
        65_536,
        |s, d| {
            for j in 0..256 {
                for i in 0..256 {
                    d[256 * i + j] = s[i + 256 * j];
                }
            }
        }
    );
    large_application!(
        g,
        "tensor_transpose_large",
        "(64,(32,32)):(1,(2048,64))",
        "(64,1024):(1,64)",
        65_536,
        65_536,
        |s, d| {
            for k in 0..32 {
                for j in 0..32 {
                    for i in 0..64 {
                        d[i + 64 * (j + 32 * k)] = s[i + 2048 * j + 64 * k];
                    }
                }
            }
        }
    );
    g.finish();
}

criterion_group!(benches, bench);
