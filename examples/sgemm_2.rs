//! CUTLASS's `sgemm_2` tutorial (`C = α·A·B + β·C`, A `M×K` and B `N×K` M- and N-major, C
//! column-major) written with the tiled operations as the tutorial writes it: 128×128×8 block
//! tiles, a tiled copy of 32×8 threads with 4-float (128-bit) values into shared memory, and a
//! tiled MMA of 16×16 threads each computing an 8×8 register tile with `UniversalFMA<float>`.
//! The 256 threads of a block run one after another on the CPU, in the tutorial's phases
//! (every thread's copy, then every thread's multiply-add); the result is checked against the
//! definition.
//!
//! `cargo run --release --example sgemm_2 -- 256 384 64` (M and N multiples of 128, K of 8).

use std::error::Error;

use cute::algorithm::axpby;
use cute::atom::{self, make_tiled_copy, make_tiled_mma, CopyAtom, MmaAtom, Operand3};
use cute::{make_tensor, IntTuple, Layout, Tiler};

/// A test value: small integers, so that every sum is exact in f32.
fn value(x: i64) -> f32 {
    f32::from(u8::try_from(x.rem_euclid(7)).unwrap_or(0)) - 3.0
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (m, n, k) = match args[..] {
        [m, n, k] => (m, n, k),
        [] => (256, 384, 64),
        _ => return Err("usage: sgemm_2 [M N K]".into()),
    };
    let fits = m
        .checked_mul(n)
        .and_then(|x| x.checked_mul(k))
        .is_some_and(|x| x > 0);
    if m % 128 != 0 || n % 128 != 0 || k % 8 != 0 || !fits {
        return Err("the tutorial's kernel takes M and N multiples of 128 and K of 8".into());
    }
    let (alpha, beta) = (2.0f32, -1.0f32);
    let a: Vec<f32> = (0..m * k).map(value).collect();
    let b: Vec<f32> = (0..n * k).map(|x| value(3 * x + 1)).collect();
    let c0: Vec<f32> = (0..m * n).map(|x| value(5 * x + 2)).collect();
    let mut c = c0.clone();

    // The tutorial's host code: layouts, tilers, the tiled copies and the tiled MMA.
    let (la, lb, lc) = (
        Layout::from_rust((m, k), (1, m))?,
        Layout::from_rust((n, k), (1, n))?,
        Layout::from_rust((m, n), (1, m))?,
    );
    let (tile_ab, tile_c): (Tiler, Tiler) = ("<128:1,8:1>".parse()?, "<128:1,128:1>".parse()?);
    let s_layout = Layout::from_rust((128, 8), (1, 128))?;
    let copy_atom: CopyAtom = "Copy_Atom<UniversalCopy<uint128_t>, float>".parse()?;
    let copy_ab = make_tiled_copy(
        &copy_atom,
        &Layout::from_rust((32, 8), (1, 32))?,
        &Layout::from_rust((4, 1), (1, 0))?,
    )?;
    let mma_atom: MmaAtom = "UniversalFMA<float>".parse()?;
    let mma = make_tiled_mma(
        &mma_atom,
        &Layout::from_rust((16, 16, 1), (1, 16, 0))?,
        None,
    )?;
    let threads = mma.size();
    assert_eq!(copy_ab.size(), threads);
    // Each thread's accumulators: the registers of its partition of a C tile.
    let frag = mma.partition_fragment(Operand3::C, &Layout::from_rust((128, 128), (1, 128))?)?;
    let fs = usize::try_from(frag.cosize()?)?;

    let crd = |i: i64, j: i64| IntTuple::flat(&[i, j]);
    for bm in 0..m / 128 {
        for bn in 0..n / 128 {
            let mut acc = vec![0f32; fs * usize::try_from(threads)?];
            let (mut sa, mut sb) = (vec![0f32; 128 * 8], vec![0f32; 128 * 8]);
            for kt in 0..k / 8 {
                // Every thread copies its 4-float vectors of the k-tile to shared memory.
                for t in 0..threads {
                    let thr = copy_ab.get_slice(t);
                    for (g, l, c, s) in [(&a, la, bm, &mut sa), (&b, lb, bn, &mut sb)] {
                        let tile = make_tensor(&g[..], l)?.local_tile(tile_ab, &crd(c, kt)?)?;
                        let src = thr.partition_s(tile)?;
                        let mut dst = thr.partition_d(make_tensor(&mut s[..], s_layout)?)?;
                        atom::copy(&copy_ab, &src, &mut dst)?;
                    }
                }
                // __syncthreads(): every thread multiplies its 8×8 tile by the k-tile.
                for t in 0..threads {
                    let thr = mma.get_slice(t);
                    let ta = thr.partition_a(make_tensor(&sa[..], s_layout)?)?;
                    let tb = thr.partition_b(make_tensor(&sb[..], s_layout)?)?;
                    let regs = &mut acc[fs * usize::try_from(t)?..][..fs];
                    atom::gemm(&mma, &ta, &tb, &mut make_tensor(regs, frag)?)?;
                }
            }
            // The epilogue: C = α·acc + β·C, each thread its partition.
            for t in 0..threads {
                let tile = make_tensor(&mut c[..], lc)?.local_tile(tile_c, &crd(bm, bn)?)?;
                let mut tcg = mma.get_slice(t).partition_c(tile)?;
                let regs = &acc[fs * usize::try_from(t)?..][..fs];
                axpby(alpha, &make_tensor(regs, frag)?, beta, &mut tcg)?;
            }
        }
    }

    // The definition.
    for (j, i) in (0..n).flat_map(|j| (0..m).map(move |i| (j, i))) {
        let dot: f32 = (0..k)
            .map(|p| a[(i + m * p) as usize] * b[(j + n * p) as usize])
            .sum();
        let want = alpha * dot + beta * c0[(i + m * j) as usize];
        let got = c[(i + m * j) as usize];
        // Exact: every product and sum is a small integer.
        if got.to_bits() != want.to_bits() {
            return Err(format!("C({i},{j}) = {got}, the definition gives {want}").into());
        }
    }
    println!("sgemm_2 {m}x{n}x{k}: {threads} threads a block, C equals the definition");
    Ok(())
}
