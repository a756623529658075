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

fn main() {
    let src: [f32; 64] = core::array::from_fn(|k| f32::from(k as u8));
    let mut dst = [0f32; 64];
    tv_8x8(&src, &mut dst);
    let mut t = [0f32; 24];
    transpose_8x3(src[..24].try_into().unwrap(), &mut t);
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
