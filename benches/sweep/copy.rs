//! `copy/sweep/<TM>_<TN>x<VM>_<VN>/<src>-<dst>/{cute,hand}`: a tile copied thread by thread
//! through registers, as a tiled copy partitions it (CuTe's `make_tiled_copy(atom, thr, val)`):
//! `TM x TN` threads, column-major, each taking its `VM x VN` block of the `(TM VM) x (TN VN)`
//! tile (`VM` contiguous elements a vector) by `local_tile` at its thread coordinate, into a
//! fragment from `make_fragment_like`, by `copy`; the hand twin does the same by index
//! arithmetic, in the same order, in the same run. Threads `(4,8)`, `(8,4)`, `(32,1)`; values
//! `(1,1)`, `(2,1)`, `(4,1)`, `(8,1)`, `(2,2)`, `(4,2)`. Operands: `static`, a column-major tile
//! of a static layout; `runtime`, the tile of a matrix whose leading dimension is a runtime value
//! (a mixed layout: static shape, runtime stride); `reg`, each thread's registers stored to its
//! slot of an array. `benches/sweep_report.sh` prints the distribution of cute/hand.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, Criterion};
use cute::algorithm::copy;
use cute::cute_static::typenum::{Prod, U1, U2, U32, U4, U8};
use cute::cute_static::{make_layout, Dyn, Layout, Tiler};
use cute::{local_tile, make_fragment_like, make_tensor};

/// The runtime leading dimension of a `runtime` operand: the tile's rows plus this.
const PAD: usize = 3;

/// Thread `t`'s `VM x VN` block of a column-major tile with leading dimension `ls`, into
/// registers, then out: to `dst` (leading dimension `ld`) at the same place, or, without `dst`,
/// to `out[t V..]`.
#[inline(always)]
fn hand<const TM: usize, const VM: usize, const VN: usize>(
    src: &[f32],
    ls: usize,
    dst: Option<(&mut [f32], usize)>,
    out: &mut [f32],
    t: usize,
) {
    let (m0, n0) = (VM * (t % TM), VN * (t / TM));
    let mut regs = [[0f32; VM]; VN];
    for (n, col) in regs.iter_mut().enumerate() {
        for (m, r) in col.iter_mut().enumerate() {
            *r = src[m0 + m + ls * (n0 + n)];
        }
    }
    match dst {
        Some((dst, ld)) => {
            for (n, col) in regs.iter().enumerate() {
                for (m, r) in col.iter().enumerate() {
                    dst[m0 + m + ld * (n0 + n)] = *r;
                }
            }
        }
        None => {
            for (n, col) in regs.iter().enumerate() {
                for (m, r) in col.iter().enumerate() {
                    out[VM * VN * t + m + VM * n] = *r;
                }
            }
        }
    }
}

/// Deterministic values.
fn values(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| f32::from(u16::try_from(i % 1000).unwrap_or(0)))
        .collect()
}

/// A copy of the sweep: `(src, ls, dst, ld, out)`.
type CopyFn = fn(&[f32], i64, &mut [f32], i64, &mut [f32]);

/// Times one kind of one point, cute beside hand, after checking that the two write the same.
fn time(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    (cols, threads_values): (usize, usize),
    (ls, ld): (usize, usize),
    cute_fn: CopyFn,
    hand_fn: CopyFn,
) {
    let src = values(ls * cols);
    let run = |f: CopyFn| {
        let (mut dst, mut out) = (vec![-1f32; ld * cols], vec![-1f32; threads_values]);
        f(&src, ls as i64, &mut dst, ld as i64, &mut out);
        (dst, out)
    };
    assert_eq!(run(cute_fn), run(hand_fn), "copy/sweep/{id}");
    let (mut dst, mut out) = (vec![0f32; ld * cols], vec![0f32; threads_values]);
    for (side, f) in [("cute", cute_fn), ("hand", hand_fn)] {
        g.bench_function(format!("sweep/{id}/{side}"), |b| {
            b.iter(|| {
                f(
                    black_box(&src),
                    black_box(ls as i64),
                    black_box(&mut dst),
                    black_box(ld as i64),
                    black_box(&mut out),
                );
            });
        });
    }
}

/// The four kinds of one point: threads `($tm, $tn)` and values `($vm, $vn)`, with their
/// typenum types.
macro_rules! point {
    ($g:ident, ($tm:literal, $Tm:ty, $tn:literal, $Tn:ty), ($vm:literal, $Vm:ty, $vn:literal, $Vn:ty)) => {{
        type Bm = Prod<$Tm, $Vm>;
        type Bn = Prod<$Tn, $Vn>;
        type Static = Layout<(Bm, Bn), (U1, Bm)>;
        type Tile = Tiler<(Layout<$Vm, U1>, Layout<$Vn, U1>)>;
        const TM: usize = $tm;
        const T: usize = $tm * $tn;
        const V: usize = $vm * $vn;
        const BM: usize = $tm * $vm;
        const BN: usize = $tn * $vn;
        /// The tile of a matrix with the runtime leading dimension `ld`.
        fn runtime(ld: i64) -> Result<Layout<(Bm, Bn), (U1, Dyn)>, cute::Error> {
            make_layout((Bm::default(), Bn::default()), (U1::default(), ld))
        }
        let name = concat!($tm, "_", $tn, "x", $vm, "_", $vn);
        // Each thread's block by `local_tile`, into a fragment, then stored by `$store`.
        macro_rules! threads {
            ($s:expr, |$t:ident, $frag:ident| $store:expr) => {
                for $t in 0..T as i64 {
                    let coord = ($t % TM as i64, $t / TM as i64);
                    let Ok(mine) = local_tile($s, &Tile::new(), coord) else {
                        return;
                    };
                    let mut $frag = make_fragment_like(&mine);
                    let _ = copy(&mine, &mut $frag);
                    $store;
                }
            };
            // Into the same place of the tile of `$d`.
            ($s:expr => $d:ident) => {
                threads!($s, |t, frag| {
                    let coord = (t % TM as i64, t / TM as i64);
                    if let Ok(mut theirs) = local_tile($d.view_mut(), &Tile::new(), coord) {
                        let _ = copy(&frag, &mut theirs);
                    }
                })
            };
        }
        time(
            &mut $g,
            &format!("{name}/static-reg"),
            (BN, T * V),
            (BM, BM),
            |src, _, _, _, out| {
                let Ok(s) = make_tensor(src, Static::new()) else {
                    return;
                };
                threads!(s, |t, frag| for k in 0..V {
                    out[V * t as usize + k] = frag[k as i64];
                });
            },
            |src, _, _, _, out| {
                for t in 0..T {
                    hand::<TM, $vm, $vn>(src, BM, None, out, t);
                }
            },
        );
        time(
            &mut $g,
            &format!("{name}/runtime-reg"),
            (BN, T * V),
            (BM + PAD, BM),
            |src, ls, _, _, out| {
                let Ok(l) = runtime(ls) else { return };
                let Ok(s) = make_tensor(src, l) else { return };
                threads!(s, |t, frag| for k in 0..V {
                    out[V * t as usize + k] = frag[k as i64];
                });
            },
            |src, ls, _, _, out| {
                for t in 0..T {
                    hand::<TM, $vm, $vn>(src, ls as usize, None, out, t);
                }
            },
        );
        time(
            &mut $g,
            &format!("{name}/static-static"),
            (BN, T * V),
            (BM, BM),
            |src, _, dst, _, _| {
                let (Ok(s), Ok(mut d)) = (
                    make_tensor(src, Static::new()),
                    make_tensor(dst, Static::new()),
                ) else {
                    return;
                };
                threads!(s => d);
            },
            |src, _, dst, _, out| {
                for t in 0..T {
                    hand::<TM, $vm, $vn>(src, BM, Some((&mut *dst, BM)), out, t);
                }
            },
        );
        time(
            &mut $g,
            &format!("{name}/runtime-runtime"),
            (BN, T * V),
            (BM + PAD, BM + PAD),
            |src, ls, dst, ld, _| {
                let (Ok(ls), Ok(ld)) = (runtime(ls), runtime(ld)) else {
                    return;
                };
                let (Ok(s), Ok(mut d)) = (make_tensor(src, ls), make_tensor(dst, ld)) else {
                    return;
                };
                threads!(s => d);
            },
            |src, ls, dst, ld, out| {
                for t in 0..T {
                    hand::<TM, $vm, $vn>(src, ls as usize, Some((&mut *dst, ld as usize)), out, t);
                }
            },
        );
    }};
}

/// Every value block for one thread layout.
macro_rules! vals {
    ($g:ident, $thr:tt) => {
        point!($g, $thr, (1, U1, 1, U1));
        point!($g, $thr, (2, U2, 1, U1));
        point!($g, $thr, (4, U4, 1, U1));
        point!($g, $thr, (8, U8, 1, U1));
        point!($g, $thr, (2, U2, 2, U2));
        point!($g, $thr, (4, U4, 2, U2));
    };
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("copy");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300));
    vals!(g, (4, U4, 8, U8));
    vals!(g, (8, U8, 4, U4));
    vals!(g, (32, U32, 1, U1));
    g.finish();
}

criterion_group!(benches, bench);
