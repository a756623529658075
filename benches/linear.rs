//! Linear layouts over F2 (`cute::linear`): applying a register/lane/warp layout to every input,
//! composing, multiplying and inverting, the operations of a Triton-style layout conversion.
//! `linear/*` measures what the dimension capacity (`MAX_DIMS`) costs the common case of three
//! input and two output dimensions.

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::linear::{Dim, LinearLayout};

fn d(name: &str, size: i64) -> Dim {
    Dim::new(name, size).unwrap()
}

/// A 16x16 tile over 4 registers, 32 lanes and 2 warps, as a blocked register layout.
fn blocked() -> LinearLayout {
    LinearLayout::new(
        &[d("register", 4), d("lane", 32), d("warp", 2)],
        &[d("dim0", 16), d("dim1", 16)],
        &[
            &[0, 1],
            &[0, 2],
            &[0, 4],
            &[0, 8],
            &[1, 0],
            &[2, 0],
            &[4, 0],
            &[8, 0],
        ],
    )
    .unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("linear");
    let l = blocked();
    g.bench_function("apply", |b| {
        b.iter(|| {
            let l = black_box(&l);
            let mut sum = 0;
            for w in 0..2 {
                for lane in 0..32 {
                    for r in 0..4 {
                        let y = l.apply(&[r, lane, w]).unwrap();
                        sum += y[0] + y[1];
                    }
                }
            }
            sum
        });
    });
    let inv = l.invert().unwrap();
    g.bench_function("compose", |b| {
        b.iter(|| LinearLayout::compose(black_box(&inv), black_box(&l)).unwrap());
    });
    g.bench_function("invert", |b| b.iter(|| black_box(&l).invert().unwrap()));
    let reg = LinearLayout::identity("register", 4, "dim1").unwrap();
    let lane = LinearLayout::identity("lane", 32, "dim0").unwrap();
    g.bench_function("product", |b| {
        b.iter(|| LinearLayout::product(black_box(&reg), black_box(&lane)).unwrap());
    });
    g.finish();
}

criterion_group!(benches, bench);
