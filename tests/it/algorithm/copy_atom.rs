//! `copy_with`: a copy through a copy atom equals the paper's loop wherever the atom applies and
//! wherever it does not (the plain `copy` then runs).

use cute::algorithm::{copy_with, Transpose8x8};
use cute::{layout, make_tensor, Layout};

use crate::strategy::l;

/// Copies `s` to `d` through the transposing atom and by the definition; returns the vector
/// length the copy reports.
fn check<T>(s: &Layout, d: &Layout, value: impl Fn(i64) -> T) -> i64
where
    T: Copy + PartialEq + std::fmt::Debug + Default,
{
    let src: Vec<T> = (0..s.cosize().unwrap()).map(&value).collect();
    let mut got = vec![T::default(); d.cosize().unwrap() as usize];
    let mut want = got.clone();
    for i in 0..s.size() {
        want[d.eval(i).unwrap() as usize] = src[s.eval(i).unwrap() as usize];
    }
    let st = make_tensor(src.as_slice(), *s).unwrap();
    let mut dt = make_tensor(got.as_mut_slice(), *d).unwrap();
    let done = copy_with(&Transpose8x8::detect(), &st, &mut dt).unwrap();
    assert_eq!(got, want, "{s} -> {d}");
    done.vector
}

/// `x` as an `f32`, exactly (the tests' values stay below 2^16).
fn exact(x: i64) -> f32 {
    f32::from(u16::try_from(x).expect("a small value"))
}

/// Whether this machine has the atom (an x86-64 processor with AVX).
fn atom() -> bool {
    Transpose8x8::detect().is_some()
}

#[test]
fn transposes_of_8x8_blocks_go_through_registers() {
    let f = |x: i64| exact(x) * 0.5;
    for (s, d) in [
        ("(8,8):(1,8)", "(8,8):(8,1)"),
        ("(16,24):(1,19)", "(16,24):(29,1)"),
        // The modes the other way round: contiguous along mode 1, then along mode 0.
        ("(24,16):(17,1)", "(24,16):(1,30)"),
        // Shape-1 modes and nesting do not matter, only the two extents and their strides.
        ("(1,(8,1),16):(5,(1,7),9)", "(8,16):(16,1)"),
    ] {
        let v = check(&l(s), &l(d), f);
        assert_eq!(v == 8, atom(), "{s} -> {d}: vector {v}");
    }
    // Any 4-byte element moves as its bits (integers, and NaNs with their payloads).
    let nan = |x: i64| f32::from_bits(0x7fc0_0000 | x as u32);
    let v = check(&l("(8,16):(1,8)"), &l("(8,16):(16,1)"), |x| {
        nan(x).to_bits()
    });
    assert_eq!(v == 8, atom());
    check(&l("(8,16):(1,8)"), &l("(8,16):(16,1)"), |x| x as i32 - 64);
}

#[test]
fn streaming_stores_give_the_same_copy() {
    // Aligned destination rows stream; a row stride of 52 elements (not a multiple of 32 bytes)
    // or an odd base does not, and the copy is the same.
    let src: Vec<f32> = (0..64 * 50).map(exact).collect();
    for (ld, base) in [(64i64, 0usize), (52, 0), (64, 1)] {
        let mut dst = vec![-1f32; 64 * 64 + 1];
        let mut want = dst.clone();
        let s = make_tensor(&src[..], l("(16,48):(1,50)")).unwrap();
        let dl = l(&format!("(16,48):({ld},1)"));
        let mut d = make_tensor(&mut dst[base..], dl).unwrap();
        let atom = Transpose8x8::detect().map(Transpose8x8::streaming);
        copy_with(&atom, &s, &mut d).unwrap();
        for i in 0..16 {
            for j in 0..48 {
                want[base + (i * ld + j) as usize] = src[(i + 50 * j) as usize];
            }
        }
        assert!(dst == want, "ld {ld}, base {base}");
    }
}

#[test]
fn other_copies_fall_back_to_copy() {
    let f = exact;
    for (s, d) in [
        // Contiguous along the same mode: a plain copy (vector runs).
        ("(16,8):(1,16)", "(16,8):(1,16)"),
        // Extents that are not multiples of 8.
        ("(12,8):(1,12)", "(12,8):(8,1)"),
        // Rank 3, or no unit stride where the atom needs one.
        ("(8,8,2):(1,8,64)", "(8,8,2):(8,1,64)"),
        ("(8,8):(2,16)", "(8,8):(8,1)"),
    ] {
        check(&l(s), &l(d), f);
    }
    // 8-byte elements: the atom moves 4-byte ones only.
    assert_eq!(
        check(&l("(8,8):(1,8)"), &l("(8,8):(8,1)"), |x| f64::from(exact(
            x
        ))),
        1
    );
    // A static tile of a runtime-strided matrix, as the transpose kernel copies it.
    let src: Vec<f32> = (0..64 * 70).map(exact).collect();
    let mut dst = vec![0f32; 64 * 66];
    let a = make_tensor(&src[..], layout!((64,64):(1,70))).unwrap();
    let ld = std::hint::black_box(66i64);
    let mut b = make_tensor(&mut dst[..], layout!((64,64):({ld},1)).unwrap()).unwrap();
    copy_with(&Transpose8x8::detect(), &a, &mut b).unwrap();
    for i in 0..64 {
        for j in 0..64 {
            assert_eq!(
                dst[(i * 66 + j) as usize].to_bits(),
                src[(i + j * 70) as usize].to_bits()
            );
        }
    }
}

#[test]
fn sizes_and_partial_views_are_checked_as_by_copy() {
    let src = [0f32; 64];
    let mut dst = [0f32; 64];
    let s = make_tensor(&src[..], l("(8,8):(1,8)")).unwrap();
    let mut d = make_tensor(&mut dst[..32], l("(8,4):(4,1)")).unwrap();
    let e = copy_with(&Transpose8x8::detect(), &s, &mut d).unwrap_err();
    assert_eq!(e.code(), "size_mismatch");
    // A tile past the data is partial: the atom does not run, and copy refuses it.
    let t = make_tensor(&src[..60], l("60:1")).unwrap();
    let tile = t.local_tile(
        "<64:1>".parse::<cute::Tiler>().unwrap(),
        &"0".parse().unwrap(),
    );
    let tile = tile.unwrap();
    let mut d = make_tensor(&mut dst[..], l("64:1")).unwrap();
    let e = copy_with(&Transpose8x8::detect(), &tile, &mut d).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds");
}

#[test]
fn block_pair_is_two_blocks_side_by_side() {
    let Some(atom) = Transpose8x8::detect() else {
        return;
    };
    // Sixteen source rows of 8 (stride 11), into eight destination rows of 16 (stride 21).
    let src: Vec<f32> = (0..16 * 11).map(exact).collect();
    let (mut pair, mut two) = (vec![-1f32; 8 * 21], vec![-1f32; 8 * 21]);
    // SAFETY: 16 rows of 8 from 0 with stride 11 and 8 rows of 16 with stride 21 lie inside the
    // vectors, which do not overlap.
    unsafe {
        atom.block_pair(src.as_ptr(), 11, pair.as_mut_ptr(), 21);
        atom.block(src.as_ptr(), 11, two.as_mut_ptr(), 21);
        atom.block(src.as_ptr().add(88), 11, two.as_mut_ptr().add(8), 21);
    }
    assert_eq!(pair, two);
    for r in 0..8 {
        for c in 0..16 {
            assert_eq!(
                pair[r * 21 + c].to_bits(),
                src[c * 11 + r].to_bits(),
                "row {r}, column {c}"
            );
        }
    }
}
