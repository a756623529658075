//! The interleaved timing of the user kernels against their hand twins (BENCHMARKS.md): for each
//! size, 31 runs of `cute` and `hand` in turn, the ratio of the medians. Less sensitive than
//! criterion's one-after-the-other runs to this VM's drift.

use std::hint::black_box;
use std::time::Instant;

use cute_kernels::user::{conv2d, rowsum_generic, softmax, transpose_smem};

use super::value;

/// A kernel `(x, m, n, y)`, its errors already ruled out by the checks of `main`.
type Kernel = fn(&[f32], i64, i64, &mut [f32]);

/// The sizes `(M, N)` of the criterion ids.
const SIZES: [(i64, i64); 3] = [(1024, 1024), (4096, 1024), (1000, 1003)];

/// The median of `v`.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// One row of the table: `name` at each size, the ratio of the cute and hand medians (and the
/// medians in ms). `input(m, n)` and `output(m, n)` are the lengths of `x` and `y`.
fn line(
    name: &str,
    (cute, hand): (Kernel, Kernel),
    input: fn(i64, i64) -> i64,
    output: fn(i64, i64) -> i64,
) {
    print!("| {name} |");
    for (m, n) in SIZES {
        let x: Vec<f32> = (0..input(m, n)).map(value).collect();
        let mut y = vec![0f32; usize::try_from(output(m, n)).unwrap_or(0)];
        let (mut tc, mut th) = (Vec::new(), Vec::new());
        for _ in 0..31 {
            let t = Instant::now();
            cute(black_box(&x), m, n, black_box(&mut y));
            tc.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            hand(black_box(&x), m, n, black_box(&mut y));
            th.push(t.elapsed().as_secs_f64());
        }
        let (c, h) = (median(tc), median(th));
        print!(" {:.2} ({:.3} / {:.3} ms) |", c / h, c * 1e3, h * 1e3);
    }
    println!();
}

/// Every kernel's row of a markdown table (`cargo run --profile bench --example user_kernels --
/// --time`; BENCHMARKS.md's through `bash benches/report.sh run user_kernels cargo run ...`).
pub(crate) fn run() {
    print!("| kernel: cute / hand, median of 31 interleaved runs |");
    for (m, n) in SIZES {
        print!(" {m}x{n} |");
    }
    println!("\n|---|---|---|---|");
    let same = |m: i64, n: i64| m * n;
    let halo = |m: i64, n: i64| (m + 2) * (n + 2);
    line(
        "softmax",
        (
            |x, m, n, y| softmax::softmax(x, m, n, y).unwrap_or(()),
            softmax::softmax_hand,
        ),
        same,
        same,
    );
    line(
        "conv3x3",
        (
            |x, m, n, y| conv2d::conv3x3(x, m, n, &[0.5; 9], y).unwrap_or(()),
            |x, m, n, y| conv2d::conv3x3_hand(x, m, n, &[0.5; 9], y),
        ),
        halo,
        same,
    );
    line(
        "conv3x3 halo",
        (
            |x, m, n, y| conv2d::conv3x3_halo(x, m, n, &[0.5; 9], y).unwrap_or(()),
            |x, m, n, y| conv2d::conv3x3_hand(x, m, n, &[0.5; 9], y),
        ),
        halo,
        same,
    );
    line(
        "transpose_smem",
        (
            |x, m, n, y| transpose_smem::transpose_smem(x, m, n, y).unwrap_or(()),
            transpose_smem::transpose_smem_hand,
        ),
        same,
        same,
    );
    line(
        "rowsum_generic",
        (
            |x, m, n, y| rowsum_generic::rowsum_generic(x, m, n, y).unwrap_or(()),
            rowsum_generic::rowsum_hand,
        ),
        same,
        |m, _| m,
    );
}
