//! `copy/<application>/{static,hand,dynamic}`: the copies of Table 2 of Cecka, *CuTe Layout
//! Representation and Algebra*, and the 8x8 thread-value copy, with static layouts, as the loop
//! nest one would write by hand over fixed-size arrays (the baseline, in the same run), and with
//! dynamic layouts. The static and the hand-written copies are both functions of the two arrays
//! called through a pointer, so the harness costs them the same.
//!
//! `copy/<application>/{mixed,hand_runtime}`: the same applications with static shapes and
//! runtime strides (a tile of a runtime-sized matrix), through tensors made once, against the
//! hand loop given the same strides at run time. `copy/residue/{mixed,hand}`: the partial last
//! tile of a runtime-sized matrix copied with `copy_if`, predicated by the identity tensor, against
//! the hand loop with explicit bounds checks.
//! `cargo bench -- copy/` runs them; the ratios are in BENCHMARKS.md.

#![allow(
    clippy::manual_memcpy,
    clippy::needless_range_loop,
    reason = "the hand-written loops are the baseline, written as a kernel author writes them"
)]

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::algorithm::{copy, copy_if, elem_less};
use cute::cute_static::identity::make_identity_tensor;
use cute::cute_static::tensor::local_tile;
use cute::{layout, make_tensor, tiler, Layout};

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

/// One application with runtime strides: the copy between tensors over the mixed layouts `$sl`
/// and `$dl` (static shapes; strides taken from `x` and `y` at run time), and `$hand(src, dst,
/// x, y)`, the loop nest indexing the arrays with the same runtime strides.
macro_rules! mixed_application {
    ($g:expr, $name:literal, $n:literal, $m:literal, $x:expr, $y:expr,
     |$xs:ident, $ys:ident| ($sl:expr, $dl:expr), $hand:expr) => {{
        let src: Vec<f32> = (0..$n).map(|k| f32::from(k as u8)).collect();
        let mut dst = vec![0f32; $m];
        let ($xs, $ys): ([i64; _], [i64; _]) = (black_box($x), black_box($y));
        {
            let st = make_tensor(src.as_slice(), $sl.unwrap()).unwrap();
            let mut dt = make_tensor(dst.as_mut_slice(), $dl.unwrap()).unwrap();
            $g.bench_function(concat!($name, "/mixed"), |b| {
                b.iter(|| copy(black_box(&st), black_box(&mut dt)).unwrap())
            });
        }
        let hand: fn(&[f32], &mut [f32], &[i64], &[i64]) = $hand;
        $g.bench_function(concat!($name, "/hand_runtime"), |b| {
            b.iter(|| {
                hand(
                    black_box(&src),
                    black_box(&mut dst),
                    black_box(&$xs),
                    black_box(&$ys),
                )
            })
        });
    }};
}

/// Up to three runtime strides as indices (0 past the end).
fn u(x: &[i64]) -> [usize; 3] {
    core::array::from_fn(|k| x.get(k).map_or(0, |&v| v as usize))
}

/// The runtime-stride applications (Table 2 and the thread-value copy).
#[allow(clippy::too_many_lines, reason = "one call per application")]
fn mixed(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    mixed_application!(
        g,
        "1d",
        8,
        8,
        [1],
        [1],
        |x, y| (layout!(8:{x[0]}), layout!(8:{y[0]})),
        |s, d, x, y| {
            for i in 0..8 {
                d[i * y[0] as usize] = s[i * x[0] as usize];
            }
        }
    );
    mixed_application!(
        g,
        "nd",
        88,
        88,
        [1, 16, 32],
        [1, 16, 32],
        |x, y| (
            layout!((8,2,3):({x[0]},{x[1]},{x[2]})),
            layout!((8,2,3):({y[0]},{y[1]},{y[2]}))
        ),
        |s, d, x, y| {
            let (x, y) = (u(x), u(y));
            for k in 0..3 {
                for j in 0..2 {
                    for i in 0..8 {
                        d[i * y[0] + j * y[1] + k * y[2]] = s[i * x[0] + j * x[1] + k * x[2]];
                    }
                }
            }
        }
    );
    mixed_application!(
        g,
        "gather",
        173,
        12,
        [42, 1, 128],
        [1],
        |x, y| (layout!((2,3,2):({x[0]},{x[1]},{x[2]})), layout!(12:{y[0]})),
        |s, d, x, y| {
            let (x, y) = (u(x), y[0] as usize);
            for k in 0..2 {
                for j in 0..3 {
                    for i in 0..2 {
                        d[(i + 2 * j + 6 * k) * y] = s[i * x[0] + j * x[1] + k * x[2]];
                    }
                }
            }
        }
    );
    mixed_application!(
        g,
        "scatter",
        12,
        173,
        [1],
        [42, 1, 128],
        |x, y| (layout!(12:{x[0]}), layout!((2,3,2):({y[0]},{y[1]},{y[2]}))),
        |s, d, x, y| {
            let (x, y) = (x[0] as usize, u(y));
            for k in 0..2 {
                for j in 0..3 {
                    for i in 0..2 {
                        d[i * y[0] + j * y[1] + k * y[2]] = s[(i + 2 * j + 6 * k) * x];
                    }
                }
            }
        }
    );
    mixed_application!(
        g,
        "transpose",
        24,
        24,
        [1, 8],
        [3, 1],
        |x, y| (
            layout!((8,3):({x[0]},{x[1]})),
            layout!((8,3):({y[0]},{y[1]}))
        ),
        |s, d, x, y| {
            let (x, y) = (u(x), u(y));
            for j in 0..3 {
                for i in 0..8 {
                    d[i * y[0] + j * y[1]] = s[i * x[0] + j * x[1]];
                }
            }
        }
    );
    mixed_application!(
        g,
        "tensor_transpose",
        154,
        120,
        [1, 57, 8],
        [1, 8],
        |x, y| (
            layout!((8,(3,5)):({x[0]},({x[1]},{x[2]}))),
            layout!((8,15):({y[0]},{y[1]}))
        ),
        |s, d, x, y| {
            let (x, y) = (u(x), u(y));
            for k in 0..5 {
                for j in 0..3 {
                    for i in 0..8 {
                        d[i * y[0] + (j + 3 * k) * y[1]] = s[i * x[0] + j * x[1] + k * x[2]];
                    }
                }
            }
        }
    );
    mixed_application!(
        g,
        "tv_8x8",
        64,
        64,
        [2, 8, 1],
        [1, 32],
        |x, y| (
            layout!(((4,8),2):(({x[0]},{x[1]}),{x[2]})),
            layout!((32,2):({y[0]},{y[1]}))
        ),
        |s, d, x, y| {
            let (x, y) = (u(x), u(y));
            for v in 0..2 {
                for t1 in 0..8 {
                    for t0 in 0..4 {
                        d[(t0 + 4 * t1) * y[0] + v * y[1]] = s[t0 * x[0] + t1 * x[1] + v * x[2]];
                    }
                }
            }
        }
    );
}

/// The partial last 8x8 tile of a runtime `37 x 29` column-major matrix into a fragment.
fn residue(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    let (m, n) = (black_box(37i64), black_box(29i64));
    let data: Vec<f32> = (0..m * n)
        .map(|k| f32::from(u8::try_from(k % 251).unwrap_or(0)))
        .collect();
    let a = make_tensor(data.as_slice(), layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let id = make_identity_tensor((m, n)).unwrap();
    let tiler = tiler!(<8:1,8:1>);
    let (ti, tj) = (m / 8, n / 8);
    let tile = local_tile(a, &tiler, (ti, tj)).unwrap();
    let cid = local_tile(id, &tiler, (ti, tj)).unwrap();
    let mut frag = [0f32; 64];
    g.bench_function("residue/mixed", |b| {
        b.iter(|| {
            let mut f = make_tensor(&mut frag[..], layout!((8,8):(1,8))).unwrap();
            let (tile, cid) = black_box((&tile, &cid));
            copy_if(
                |k| cid.get(k).is_ok_and(|c| elem_less(&c, &[m, n])),
                tile,
                &mut f,
            )
            .unwrap();
        });
    });
    g.bench_function("residue/hand", |b| {
        b.iter(|| {
            let (data, frag) = black_box((&data, &mut frag));
            let (r0, c0) = black_box((8 * ti, 8 * tj));
            for c in 0..8 {
                for r in 0..8 {
                    let (gr, gc) = (r0 + r, c0 + c);
                    if gr < m && gc < n {
                        frag[(r + 8 * c) as usize] = data[(gr + gc * m) as usize];
                    }
                }
            }
        });
    });
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
    mixed(&mut g);
    residue(&mut g);
    g.finish();
}

criterion_group!(benches, bench);
