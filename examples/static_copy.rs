//! What a static copy compiles to: `benches/asm_static_copy.sh` prints the assembly of these
//! functions, which must be straight-line moves with no division, modulo or loop left.

use cute::algorithm::copy;
use cute::{layout, make_tensor};

/// The transpose of seed 000 Table 2: `(8,3):(1,8)` into `(8,3):(3,1)`.
#[inline(never)]
pub fn transpose_8x3(src: &[f32; 24], dst: &mut [f32; 24]) {
    if let (Ok(s), Ok(mut d)) = (
        make_tensor(&src[..], layout!((8,3):(1,8))),
        make_tensor(&mut dst[..], layout!((8,3):(3,1))),
    ) {
        let _ = copy(&s, &mut d);
    }
}

/// The row-major 8x8 tile into the 32 threads' registers through the Ampere thread-value layout.
#[inline(never)]
pub fn tv_8x8(src: &[f32; 64], dst: &mut [f32; 64]) {
    if let (Ok(s), Ok(mut d)) = (
        make_tensor(&src[..], layout!(((4,8),2):((2,8),1))),
        make_tensor(&mut dst[..], layout!((32,2):(1,32))),
    ) {
        let _ = copy(&s, &mut d);
    }
}

/// `transpose_8x3` as one writes it by hand: the baseline of `copy/transpose/hand`.
#[inline(never)]
#[allow(
    clippy::needless_range_loop,
    reason = "the hand-written loop, as a kernel author writes it"
)]
pub fn transpose_8x3_hand(src: &[f32; 24], dst: &mut [f32; 24]) {
    for j in 0..3 {
        for i in 0..8 {
            dst[3 * i + j] = src[i + 8 * j];
        }
    }
}

/// `tv_8x8` as one writes it by hand: the baseline of `copy/tv_8x8/hand`.
#[inline(never)]
pub fn tv_8x8_hand(src: &[f32; 64], dst: &mut [f32; 64]) {
    for v in 0..2 {
        for t1 in 0..8 {
            for t0 in 0..4 {
                dst[t0 + 4 * t1 + 32 * v] = src[2 * t0 + 8 * t1 + v];
            }
        }
    }
}

fn main() {
    let src: [f32; 64] = core::array::from_fn(|k| f32::from(k as u8));
    let mut dst = [0f32; 64];
    tv_8x8(&src, &mut dst);
    let mut hand = [0f32; 64];
    tv_8x8_hand(&src, &mut hand);
    assert_eq!(dst.map(f32::to_bits), hand.map(f32::to_bits));
    let mut t = [0f32; 24];
    transpose_8x3(src[..24].try_into().unwrap(), &mut t);
    let mut th = [0f32; 24];
    transpose_8x3_hand(src[..24].try_into().unwrap(), &mut th);
    assert_eq!(t.map(f32::to_bits), th.map(f32::to_bits));
    let mut nd = [0f32; 88];
    let v = match (
        make_tensor(&[1f32; 88][..], Nd::default()),
        make_tensor(&mut nd[..], Nd::default()),
    ) {
        (Ok(s), Ok(mut d)) => nd_tensors(&s, &mut d),
        _ => 0,
    };
    let mut g = [0f32; 12];
    let w = match (
        make_tensor(&[1f32; 173][..], G::default()),
        make_tensor(&mut g[..], C12::default()),
    ) {
        (Ok(s), Ok(mut d)) => gather_tensors(&s, &mut d),
        _ => 0,
    };
    println!("{:?} {:?} {v} {w}", &dst[..4], &t[..4]);
}

type Nd = cute::Layout!((8,2,3):(1,16,32));

/// The N-D copy between tensors built elsewhere, as a benchmark loop calls it.
#[inline(never)]
pub fn nd_tensors(s: &cute::Tensor<&[f32], Nd>, d: &mut cute::Tensor<&mut [f32], Nd>) -> i64 {
    copy(s, d).map_or(0, |c| c.vector)
}

type G = cute::Layout!((2,3,2):(42,1,128));
type C12 = cute::Layout!(12:1);

/// The gather between tensors built elsewhere.
#[inline(never)]
pub fn gather_tensors(s: &cute::Tensor<&[f32], G>, d: &mut cute::Tensor<&mut [f32], C12>) -> i64 {
    copy(s, d).map_or(0, |c| c.vector)
}
