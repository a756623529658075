//! Bad input to the atoms and tiled operations: a typed error naming the operation, its
//! operands and the condition, never a panic or a partition that reads past the tensor.

use cute::atom::{make_tiled_copy, make_tiled_mma, CopyAtom, MmaAtom};
use cute::{make_tensor, Layout};

/// `cute::expr::eval(text)`'s error code and message.
fn refused(text: &str) -> (String, String) {
    let e = cute::expr::eval(text).expect_err(text);
    (e.code().to_string(), e.to_string())
}

#[test]
fn each_condition_is_named() {
    let sm80 = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))";
    let cases = [
        (
            "make_tiled_mma(UniversalFMA<float>, (2,2,2,2):(1,2,4,8))".to_string(),
            "atom_mismatch",
            "an atom layout has at most three modes (M, N, K) (4 against the atom's 3)",
        ),
        (
            format!("partition_C({sm80}, 0, (16,64):(1,16))"),
            "tile_exceeds_tensor",
            "mode 0 of the tensor has 16 elements and the tile 32",
        ),
        (
            format!("partition_A({sm80}, 128, (32,16):(1,32))"),
            "not_a_thread",
            "not a thread: 128 is none of the thread layout's 128 offsets",
        ),
        (
            "ValLayoutSrc(Copy_Atom<UniversalCopy<uint8_t>, float>)".to_string(),
            "atom_mismatch",
            "the value type's bits do not divide the copy's bits per thread (32 against the atom's 8)",
        ),
        (
            "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(1,32), (2,1):(1,0))"
                .to_string(),
            "atom_mismatch",
            "values per thread are not a multiple of the atom's (2 against the atom's 4)",
        ),
        (
            "ALayout(SM80_16x8x16_F32F16F16F32_XY)".to_string(),
            "syntax",
            "an MMA atom such as SM80_16x8x16_F32F16F16F32_TN",
        ),
        (
            "ThrID(Copy_Atom<SM75_U32x4_LDSM_N>)".to_string(),
            "syntax",
            "Copy_Atom<Op, T>",
        ),
        (
            "ALayout(MMA_Atom<MMA_Atom<UniversalFMA<float>>>)".to_string(),
            "syntax",
            "MMA_Atom<Op> with one operation",
        ),
        (
            "get_layoutC_TV(make_tiled_mma(UniversalFMA<float>, (1,1,1):(0,0,0), <0:1,_,_>))"
                .to_string(),
            "empty_mode",
            "leaf 0 is empty",
        ),
        (
            format!("tile_size({sm80}, 3)"),
            "index_out_of_range",
            "index 3 is out of range for size 3",
        ),
    ];
    for (text, code, words) in cases {
        let (got, message) = refused(&text);
        assert_eq!(got, code, "{text}: {message}");
        assert!(message.contains(words), "{text}: {message}");
    }
}

#[test]
fn a_copy_or_gemm_of_other_elements_is_refused() {
    let atom: CopyAtom = "Copy_Atom<UniversalCopy<uint128_t>, float>"
        .parse()
        .unwrap();
    let tiled = make_tiled_copy(
        &atom,
        &"(32,8):(1,32)".parse().unwrap(),
        &"(4,1):(1,0)".parse().unwrap(),
    )
    .unwrap();
    let l: Layout = "(128,8):(1,128)".parse().unwrap();
    let (src, mut dst) = (vec![0f64; 1024], vec![0f64; 1024]);
    let s = tiled
        .get_slice(0)
        .partition_s(make_tensor(&src[..], l).unwrap())
        .unwrap();
    let mut d = tiled
        .get_slice(0)
        .partition_d(make_tensor(&mut dst[..], l).unwrap())
        .unwrap();
    let e = cute::atom::copy(&tiled, &s, &mut d).unwrap_err();
    assert_eq!(e.code(), "atom_mismatch", "{e}");
    assert!(e.to_string().contains("64 against the atom's 32"), "{e}");

    let mma_atom: MmaAtom = "UniversalFMA<float>".parse().unwrap();
    let mma = make_tiled_mma(&mma_atom, &"(1,1,1):(0,0,0)".parse().unwrap(), None).unwrap();
    let (a, b, mut c) = ([1i64], [2i64], [0i64]);
    let one: Layout = "(1,1,1):(0,0,0)".parse().unwrap();
    let e = cute::atom::gemm(
        &mma,
        &make_tensor(&a[..], one).unwrap(),
        &make_tensor(&b[..], one).unwrap(),
        &mut make_tensor(&mut c[..], one).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.code(), "atom_mismatch", "{e}");
}
