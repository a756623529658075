//! What a GEMM on static register fragments compiles to: `benches/asm_static_gemm.sh` prints the
//! assembly of these functions (each kept out of line), which must be straight-line
//! multiply-adds with no loop, division or call left, and no more instructions than the same
//! product written by hand over arrays (`<name>_hand`).

use cute::algorithm::gemm;
use cute::{layout, make_tensor};

/// `C(4x4) += A(4x8) · B(4x8)ᵀ`, all column-major fragments.
#[inline(never)]
pub fn gemm_4x4x8(a: &[f32; 32], b: &[f32; 32], c: &mut [f32; 16]) {
    if let (Ok(ta), Ok(tb), Ok(mut tc)) = (
        make_tensor(&a[..], layout!((4,8):(1,4))),
        make_tensor(&b[..], layout!((4,8):(1,4))),
        make_tensor(&mut c[..], layout!((4,4):(1,4))),
    ) {
        let _ = gemm(&ta, &tb, &mut tc);
    }
}

/// `C(8x8) += A(8x8) · B(8x8)ᵀ`, all column-major fragments.
#[inline(never)]
pub fn gemm_8x8x8(a: &[f32; 64], b: &[f32; 64], c: &mut [f32; 64]) {
    if let (Ok(ta), Ok(tb), Ok(mut tc)) = (
        make_tensor(&a[..], layout!((8,8):(1,8))),
        make_tensor(&b[..], layout!((8,8):(1,8))),
        make_tensor(&mut c[..], layout!((8,8):(1,8))),
    ) {
        let _ = gemm(&ta, &tb, &mut tc);
    }
}

/// `gemm_4x4x8` by hand: the baseline of `gemm/4x4x8/hand`.
#[inline(never)]
pub fn gemm_4x4x8_hand(a: &[f32; 32], b: &[f32; 32], c: &mut [f32; 16]) {
    hand::<4, 4, 8>(a, b, c);
}

/// `gemm_8x8x8` by hand: the baseline of `gemm/8x8x8/hand`.
#[inline(never)]
pub fn gemm_8x8x8_hand(a: &[f32; 64], b: &[f32; 64], c: &mut [f32; 64]) {
    hand::<8, 8, 8>(a, b, c);
}

/// `C(m,n) += Σ_k A(m,k)·B(n,k)` over column-major arrays, each `C(m,n)` summed in increasing `k`.
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

fn main() {
    let a: [f32; 64] = core::array::from_fn(|k| f32::from(u8::try_from(k).unwrap_or(0)));
    let b: [f32; 64] = core::array::from_fn(|k| f32::from(u8::try_from(64 - k).unwrap_or(0)));
    let (mut c, mut d) = ([1f32; 64], [1f32; 64]);
    gemm_8x8x8(&a, &b, &mut c);
    gemm_8x8x8_hand(&a, &b, &mut d);
    assert_eq!(c.map(f32::to_bits), d.map(f32::to_bits));
    let (a4, b4): (&[f32; 32], &[f32; 32]) =
        (a[..32].try_into().unwrap(), b[..32].try_into().unwrap());
    let (mut c4, mut d4) = ([1f32; 16], [1f32; 16]);
    gemm_4x4x8(a4, b4, &mut c4);
    gemm_4x4x8_hand(a4, b4, &mut d4);
    assert_eq!(c4.map(f32::to_bits), d4.map(f32::to_bits));
    println!("{}", c[63] + c4[15]);
}
