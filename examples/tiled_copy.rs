//! CUTLASS's `tiled_copy` tutorial: a column-major 256×512 float tensor copied in 128×64 tiles,
//! each by a tiled copy of 32×8 threads with 4-float (128-bit) values, through each thread's
//! register fragment, as the tutorial writes it. The threads of a block run one after another
//! on the CPU; the destination is checked to equal the source.
//!
//! `cargo run --release --example tiled_copy -- 256 512` (multiples of 128 and 64).

use std::error::Error;

use cute::atom::{self, make_tiled_copy, CopyAtom};
use cute::dynamic::make_fragment_like;
use cute::{make_tensor, IntTuple, Layout, Tiler};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (m, n) = match args[..] {
        [m, n] => (m, n),
        [] => (256, 512),
        _ => return Err("usage: tiled_copy [M N]".into()),
    };
    if m % 128 != 0 || n % 64 != 0 || m.checked_mul(n).is_none_or(|x| x <= 0) {
        return Err("the tutorial's kernel takes M a multiple of 128 and N of 64".into());
    }
    // Distinct within any 65,521 elements, none 0 (what the destination starts as).
    let src: Vec<f32> = (0..m * n)
        .map(|x| f32::from(u16::try_from(x % 65_521).unwrap_or(0)) + 0.5)
        .collect();
    let mut dst = vec![0f32; src.len()];
    let layout = Layout::from_rust((m, n), (1, m))?;
    let block: Tiler = "<128:1,64:1>".parse()?;

    // UniversalCopy of a uint_byte_t<sizeof(float) * size(val_layout)>: 128 bits.
    let atom: CopyAtom = "Copy_Atom<UniversalCopy<uint128_t>, float>".parse()?;
    let tiled = make_tiled_copy(
        &atom,
        &Layout::from_rust((32, 8), (1, 32))?,
        &Layout::from_rust((4, 1), (1, 0))?,
    )?;

    for bx in 0..m / 128 {
        for by in 0..n / 64 {
            let at = IntTuple::flat(&[bx, by])?;
            for t in 0..tiled.size() {
                let thr = tiled.get_slice(t);
                let tile_s = make_tensor(&src[..], layout)?.local_tile(block, &at)?;
                let thr_s = thr.partition_s(tile_s)?;
                // make_tensor_like(thr_tile_S): the thread's registers.
                let frag = make_fragment_like(thr_s.layout())?;
                let mut regs = vec![0f32; usize::try_from(frag.cosize()?)?];
                let mut fragment = make_tensor(&mut regs[..], frag)?;
                atom::copy(&tiled, &thr_s, &mut fragment)?;
                let tile_d = make_tensor(&mut dst[..], layout)?.local_tile(block, &at)?;
                let mut thr_d = thr.partition_d(tile_d)?;
                atom::copy(&tiled, &fragment, &mut thr_d)?;
            }
        }
    }
    if let Some(i) = (0..src.len()).find(|&i| src[i].to_bits() != dst[i].to_bits()) {
        return Err(format!("element {i} was not copied: {} against {}", dst[i], src[i]).into());
    }
    println!(
        "tiled_copy {m}x{n}: {} threads a block, the destination equals the source",
        tiled.size()
    );
    Ok(())
}
