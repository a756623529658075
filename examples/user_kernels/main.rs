//! Four kernels a CuTe C++ user would write first — row softmax, 3x3 convolution as implicit
//! GEMM (and through a halo tile), transpose through a swizzled stack tile, row sums generic over
//! the tile — each run once, with its hand-written twin, on a small size with residue tiles and
//! checked against the definition.
//!
//! `cargo run --release --example user_kernels -- 37 53`; with `--time` (best under
//! `--profile bench`), each kernel against its twin at the benchmark sizes, interleaved.

mod timing;

use cute_kernels::user::{conv2d, rowsum_generic, softmax, transpose_smem};

/// A test value of element `k`: small, varied, exact in f32.
fn value(k: i64) -> f32 {
    f32::from(u8::try_from((k * 37 + 11) % 101).unwrap_or(0)) / 16.0 - 3.0
}

/// Whether `got` is `want` within `rel` relative to the larger magnitude (bit-exact for 0).
fn close(got: &[f32], want: &[f32], rel: f32) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(g, w)| (g - w).abs() <= rel * g.abs().max(w.abs()))
}

/// Prints and returns whether a kernel matched its reference.
fn report(name: &str, ok: bool) -> bool {
    println!("{name:<22} {}", if ok { "ok" } else { "MISMATCH" });
    ok
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().nth(1).as_deref() == Some("--time") {
        timing::run();
        return Ok(());
    }
    let mut args = std::env::args().skip(1).map(|a| a.parse::<i64>());
    let m = args.next().transpose()?.unwrap_or(37);
    let n = args.next().transpose()?.unwrap_or(53);
    let mut ok = true;

    let x: Vec<f32> = (0..m * n).map(value).collect();
    let mut want = vec![0f32; x.len()];
    softmax::softmax_naive(&x, m, n, &mut want);
    let (mut got, mut hand) = (vec![0f32; x.len()], vec![0f32; x.len()]);
    softmax::softmax(&x, m, n, &mut got)?;
    softmax::softmax_hand(&x, m, n, &mut hand);
    ok &= report("softmax cute", close(&got, &want, 1e-5));
    ok &= report("softmax hand", got == hand);

    let input: Vec<f32> = (0..(m + 2) * (n + 2)).map(value).collect();
    let w: [f32; 9] = std::array::from_fn(|k| value(k as i64 * 7));
    let mut want = vec![0f32; x.len()];
    conv2d::conv3x3_naive(&input, m, n, &w, &mut want);
    let mut got = vec![0f32; x.len()];
    conv2d::conv3x3(&input, m, n, &w, &mut got)?;
    ok &= report("conv3x3 cute", got == want);
    let mut got = vec![0f32; x.len()];
    conv2d::conv3x3_halo(&input, m, n, &w, &mut got)?;
    ok &= report("conv3x3 halo", got == want);
    let mut got = vec![0f32; x.len()];
    conv2d::conv3x3_hand(&input, m, n, &w, &mut got);
    ok &= report("conv3x3 hand", got == want);

    let mut want = vec![0f32; x.len()];
    transpose_smem::transpose_naive(&x, m, n, &mut want);
    let (mut got, mut hand) = (vec![0f32; x.len()], vec![0f32; x.len()]);
    transpose_smem::transpose_smem(&x, m, n, &mut got)?;
    transpose_smem::transpose_smem_hand(&x, m, n, &mut hand);
    ok &= report("transpose_smem cute", got == want);
    ok &= report("transpose_smem hand", hand == want);

    let mut want = vec![0f32; usize::try_from(m)?];
    rowsum_generic::rowsum_naive(&x, m, n, &mut want);
    let (mut got, mut hand) = (vec![-1f32; want.len()], vec![-1f32; want.len()]);
    rowsum_generic::rowsum_generic(&x, m, n, &mut got)?;
    rowsum_generic::rowsum_hand(&x, m, n, &mut hand);
    ok &= report("rowsum_generic cute", got == want);
    ok &= report("rowsum_generic hand", hand == want);

    if ok {
        Ok(())
    } else {
        Err("a kernel differs from its reference".into())
    }
}
