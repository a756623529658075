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

#[test]
fn collective_atoms_are_not_run_thread_by_thread() {
    use cute::atom::{make_tiled_copy_a, Operand3};
    let mma = make_tiled_mma(
        &"SM80_16x8x16_F16F16F16F16_TN".parse::<MmaAtom>().unwrap(),
        &"(2,2,1):(1,2,0)".parse().unwrap(),
        None,
    )
    .unwrap();
    let ldsm: CopyAtom = "Copy_Atom<SM75_U32x4_LDSM_N, half_t>".parse().unwrap();
    let s2r = make_tiled_copy_a(&ldsm, &mma).unwrap();
    let smem: Layout = "(32,16):(16,1)".parse().unwrap();
    let data = vec![0u16; 512];
    let src = s2r
        .get_slice(0)
        .partition_s(make_tensor(&data[..], smem).unwrap())
        .unwrap();
    let frag = mma.partition_fragment(Operand3::A, &smem).unwrap();
    let mut regs = vec![0u16; usize::try_from(frag.cosize().unwrap()).unwrap()];
    let mut dst = s2r
        .get_slice(0)
        .retile_d(make_tensor(&mut regs[..], frag).unwrap())
        .unwrap();
    let e = cute::atom::copy(&s2r, &src, &mut dst).unwrap_err();
    assert!(e.to_string().contains("threads exchange values"), "{e}");

    let (a, b, mut c) = ([0u16; 8], [0u16; 4], [0u16; 4]);
    let e = cute::atom::gemm(
        &mma,
        &make_tensor(&a[..], "(8,1,1):(1,0,0)".parse::<Layout>().unwrap()).unwrap(),
        &make_tensor(&b[..], "(4,1,1):(1,0,0)".parse::<Layout>().unwrap()).unwrap(),
        &mut make_tensor(&mut c[..], "(4,1,1):(1,0,0)".parse::<Layout>().unwrap()).unwrap(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("one-thread 1x1x1 atoms"), "{e}");
}

#[test]
fn more_conditions_are_named() {
    let fma = "make_tiled_mma(UniversalFMA<float>, (2,3,1):(3,2,0))";
    let gmma = "make_tiled_mma(SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>, (1,1,1):(0,0,0))";
    for (text, code) in [
        (format!("partition_C({fma}, 0, 128:1)"), "rank_mismatch"),
        (
            format!("partition_fragment_A({gmma}, (64,16):(16,1))"),
            "atom_mismatch",
        ),
        (
            "ALayout(SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN,GMMA::Major::K>)".to_string(),
            "atom_mismatch",
        ),
        (
            "ThrID(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, float>)".to_string(),
            "syntax",
        ),
    ] {
        let (got, message) = refused(&text);
        assert_eq!(got, code, "{text}: {message}");
    }
    let tv: Layout = "(4,2):(2,1)".parse().unwrap();
    let atom: CopyAtom = "Copy_Atom<UniversalCopy<uint32_t>, float>".parse().unwrap();
    for tiler in ["(4,_)", "(0,2)", "(2,2)"] {
        let e = cute::atom::make_tiled_copy_tv(&atom, &tv, &tiler.parse().unwrap()).unwrap_err();
        assert!(
            ["invalid_parameters", "non_positive", "out_of_bounds"].contains(&e.code()),
            "{tiler}: {e}"
        );
    }
}

#[test]
fn a_partition_of_a_partition_starts_from_its_start() {
    let copy =
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>, (2,2):(1,2), (1,1):(0,0))";
    let inner = format!("partition_S({copy}, 3, (8,8):(1,8))");
    let inner_start = cute::expr::eval(&format!("eval({inner}, 0)"))
        .unwrap()
        .to_string();
    assert_eq!(inner_start, "9");
    // A copy of one row of two threads, over the inner partition ((1,1),4,4):((0,0),2,16).
    let rows =
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>, (1,2):(0,1), (1,1):(0,0))";
    let outer = format!("partition_S({rows}, 1, {inner})");
    let all = cute::expr::eval(&format!("eval({outer})"))
        .unwrap()
        .to_string();
    let first = cute::expr::eval(&format!("eval({outer}, 0)"))
        .unwrap()
        .to_string();
    assert!(all.starts_with(&format!("[{first},")), "{all} {first}");
    assert_eq!(
        first, "11",
        "thread 1 takes the inner partition's second column: 9 + 2"
    );
}

#[test]
fn a_thread_layout_that_is_no_mixed_radix_reaches_every_thread() {
    let mma = make_tiled_mma(
        &"UniversalFMA<float>".parse::<MmaAtom>().unwrap(),
        &"(2,3,1):(3,2,0)".parse().unwrap(),
        None,
    )
    .unwrap();
    let c: Layout = "(2,3):(1,2)".parse().unwrap();
    let mut seen = vec![0; 6];
    for i in 0..mma.size() {
        let t = mma.thr_layout_vmnk().eval(i).unwrap();
        let (p, start) = mma.partition_c(t, &c).unwrap();
        assert_eq!(p.size(), 1);
        seen[usize::try_from(start).unwrap()] += 1;
    }
    assert_eq!(seen, [1; 6]);
    assert_eq!(mma.partition_c(1, &c).unwrap_err().code(), "not_a_thread");
}
