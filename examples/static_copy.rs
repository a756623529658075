//! What a static copy compiles to: `benches/asm_static_copy.sh` prints the assembly of these
//! functions, which must be straight-line moves with no division, modulo or loop left.

use cute::algorithm::{copy, copy_if, elem_less, fill};
use cute::{layout, local_tile, make_fragment_like, make_identity_tensor, make_tensor, tiler};

/// The transpose of Table 2 of Cecka, *CuTe Layout Representation and Algebra*: `(8,3):(1,8)`
/// into `(8,3):(3,1)`.
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
    let x: Vec<f64> = (0..7 * 9).map(|k| f64::from(k as u8)).collect();
    let tile = fragment_of_tile(&x, 7, 9, 1, 0).map_or(0.0, |f| f[(2, 3)]);
    assert_eq!(tile.to_bits(), x[(4 + 2) * 9 + 3].to_bits());
    println!("{:?} {:?} {v} {w} {tile}", &dst[..4], &t[..4]);
}

type Frag = cute::cute_static::fragment::Fragment<f64, cute::Layout!((4,16):(1,4))>;

/// Tile `(tm, tn)` of a runtime `m x n` row-major matrix in registers, `-inf` past the data: the
/// load of a user's softmax, returned through a `Result`. A fragment is only ever accessed at
/// constant positions (the residue's `copy_if` writes a copy), so it is built where it is
/// returned: no `memcpy` of its 512 bytes. (`f64`, so that no error value of the crate has its
/// size.)
#[inline(never)]
pub fn fragment_of_tile(x: &[f64], m: i64, n: i64, tm: i64, tn: i64) -> Result<Frag, cute::Error> {
    let gx = make_tensor(x, layout!(({m},{n}):({n},1))?)?;
    let tile = tiler!(<4:1,16:1>);
    let tx = local_tile(gx, &tile, (tm, tn))?;
    let mut rx = make_fragment_like(&tx);
    if (tm + 1) * 4 <= m && (tn + 1) * 16 <= n {
        copy(&tx, &mut rx)?;
    } else {
        let c = local_tile(make_identity_tensor((m, n))?, &tile, (tm, tn))?;
        fill(&mut rx, f64::NEG_INFINITY)?;
        copy_if(
            |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
            &tx,
            &mut rx,
        )?;
    }
    Ok(rx)
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
