//! `make_fragment_like`: cute-core's on random layouts against its post-conditions and CuTe's
//! worked cases; cute-static's type operator against cute-core's on the same values (runtime
//! strides ordered after static ones, as CuTe's `compact_order` does); the register tensor
//! as the destination of a copy and the operands of a gemm.

use cute::algorithm::{copy, gemm};
use cute::cute_static::fragment::{make_fragment_like, FragmentLikeOf};
use cute::cute_static::typenum::consts::*;
use cute::cute_static::{Dyn, Layout as SLayout, StaticLayout};
use cute::dynamic::make_fragment_like as fragment_layout;
use cute::tensor::Engine;
use cute::{layout, make_tensor, Layout};
use proptest::prelude::*;

use crate::strategy::{config, layout};

/// The number of leaves of mode 0 (all of them for rank 1).
fn first_leaves(l: &Layout) -> usize {
    if l.rank() < 2 {
        l.shape().leaves().len()
    } else {
        l.mode(0).map_or(0, |m| m.shape().leaves().len())
    }
}

/// Law: `F = make_fragment_like(L)` has `L`'s shape; a leaf of shape 1, and in mode 0 (rank >= 2)
/// a leaf of stride 0, gets stride 0 and every other leaf a positive one; `F` reaches each of
/// `0..cosize(F)` equally often, `cosize(F)` being the product of the shapes of positive stride
/// (compact: every register used, none shared but through `L`'s broadcast); mode 0 is
/// column-major; the later leaves are in the order of `L`'s strides, ties by position.
fn fragment_is_compact_in_stride_order(l: &Layout) {
    let f = fragment_layout(l).unwrap();
    assert_eq!(f.shape(), l.shape(), "make_fragment_like({l}) = {f}");
    let (s, d, e) = (l.shape().leaves(), l.stride().leaves(), f.stride().leaves());
    let first = first_leaves(l);
    let ranked = l.rank() >= 2;
    let mut registers = 1;
    for k in 0..s.len() {
        let zero = s[k] == 1 || (ranked && k < first && d[k] == 0);
        assert_eq!(e[k] == 0, zero, "leaf {k} of make_fragment_like({l}) = {f}");
        if !zero {
            registers *= s[k];
        }
    }
    assert_eq!(
        f.cosize().unwrap(),
        registers,
        "make_fragment_like({l}) = {f}"
    );
    let mut hits = vec![0i64; usize::try_from(registers).unwrap()];
    for i in 0..f.size() {
        hits[usize::try_from(f.eval(i).unwrap()).unwrap()] += 1;
    }
    assert!(
        hits.iter().all(|&h| h == f.size() / registers),
        "{f} is not compact"
    );
    let live: Vec<usize> = (0..s.len()).filter(|&k| e[k] != 0).collect();
    for (a, b) in live.iter().zip(live.iter().skip(1)) {
        if *b < first {
            assert!(e[*a] < e[*b], "mode 0 of {f} is not column-major");
        }
    }
    for &i in live.iter().filter(|&&k| k >= first) {
        for &j in live.iter().filter(|&&k| k >= first) {
            if (d[j], j) < (d[i], i) {
                assert!(e[j] < e[i], "leaves {j}, {i} of {f} against {l}");
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn make_fragment_like_is_compact_in_stride_order(l in layout(4096, 64)) {
        fragment_is_compact_in_stride_order(&l);
    }
}

/// CuTe's results for these (derived by hand from `make_fragment_like` in CUTLASS 4.2's
/// `layout.hpp`: `tiled_product` of mode 0 `compact_major<LayoutLeft>(filter_zeros)` and the
/// later modes `make_ordered_layout`), and the one deliberate difference.
#[test]
fn make_fragment_like_matches_cute_s_worked_cases() {
    for (l, want) in [
        ("((2,2),4,8):((0,64),2048,1)", "((2,2),4,8):((0,1),16,2)"),
        ("(4,8):(32,1)", "(4,8):(1,4)"),
        (
            "((4,2),(2,2),3):((1,0),(100,10),1)",
            "((4,2),(2,2),3):((1,0),(24,12),4)",
        ),
        ("(8,(1,4)):(2,(7,16))", "(8,(1,4)):(1,(0,8))"),
        ("(1,4):(0,1)", "(1,4):(0,1)"),
        ("((2,4)):((8,1))", "((2,4)):((1,2))"),
        ("6:5", "6:1"),
        ("((4,1),2):((0,0),3)", "((4,1),2):((0,0),1)"),
    ] {
        let got = fragment_layout(&l.parse().unwrap()).unwrap();
        assert_eq!(got.to_string(), want, "make_fragment_like({l})");
    }
    // Equal strides in the later modes: CuTe starts both at 4, so elements (0,1,0) and (0,0,1)
    // share a register; the earlier mode goes first here.
    let tie: Layout = "(4,2,2):(1,0,0)".parse().unwrap();
    assert_eq!(
        fragment_layout(&tie).unwrap().to_string(),
        "(4,2,2):(1,4,8)"
    );
}

/// The static type operator on `L` equals cute-core's on the layout where each runtime stride
/// is `max static stride + 1 + its position among the later leaves` (CuTe's `compact_order`).
macro_rules! same_as_core {
    ($t:ty, $core:expr) => {{
        let got = <FragmentLikeOf<$t> as StaticLayout>::LAYOUT;
        let want = fragment_layout(&$core.parse().unwrap()).unwrap();
        assert_eq!(got, want, "{}", stringify!($t));
    }};
}

#[test]
fn static_make_fragment_like_is_cute_core_s() {
    same_as_core!(SLayout<((U2, U2), U4, U8), ((U0, U64), U2048, U1)>, "((2,2),4,8):((0,64),2048,1)");
    same_as_core!(SLayout<(U4, U8), (U32, U1)>, "(4,8):(32,1)");
    same_as_core!(SLayout<U6, U5>, "6:5");
    same_as_core!(SLayout<U1, U5>, "1:5");
    same_as_core!(SLayout<((U2, U4),), ((U8, U1),)>, "((2,4)):((8,1))");
    same_as_core!(
        SLayout<((U4, U2), (U2, U2), U3), ((U1, U0), (U100, U10), U1)>,
        "((4,2),(2,2),3):((1,0),(100,10),1)"
    );
    same_as_core!(SLayout<(U4, U2, U2), (U1, U0, U0)>, "(4,2,2):(1,0,0)");
    same_as_core!(SLayout<(U8, (U1, U4)), (U2, (U7, U16))>, "(8,(1,4)):(2,(7,16))");
    // Runtime strides order after the static later ones, by position (CuTe numbers them from
    // the largest static later stride + 1); a runtime stride in mode 0 is not a static zero.
    same_as_core!(SLayout<((U2, U2), U4, U8), ((U0, Dyn), Dyn, U1)>, "((2,2),4,8):((0,1),2,1)");
    same_as_core!(SLayout<(U4, U8, U2), (Dyn, Dyn, U16)>, "(4,8,2):(1,17,16)");
    same_as_core!(SLayout<(U4, U8, U2), (U1, Dyn, Dyn)>, "(4,8,2):(1,1,2)");
    same_as_core!(
        SLayout<(U4, (U2, U3), U2), (U1, (Dyn, U2048), Dyn)>,
        "(4,(2,3),2):(1,(2049,2048),2051)"
    );
}

#[test]
fn a_fragment_takes_a_copy_of_a_runtime_strided_tile_and_computes() {
    // A 4x8 tile of a row-major 16x40 matrix with its runtime row stride.
    let data: Vec<f32> = (0..640u16).map(f32::from).collect();
    let tile = make_tensor(&data[88..], layout!((4,8):({40},1)).unwrap()).unwrap();
    let mut frag = make_fragment_like(&tile);
    let _: &SLayout<(U4, U8), (U1, U4)> = frag.layout();
    assert_eq!(frag.layout().to_string(), "(4,8):(1,4)");
    assert_eq!(frag.engine().as_slice().map(<[f32]>::len), Some(32));
    copy(&tile, &mut frag).unwrap();
    for i in 0..32 {
        assert_eq!(
            frag.get(i).unwrap().to_bits(),
            tile.get(i).unwrap().to_bits(),
            "{i}"
        );
    }
    // C(4x4) += A(4x8) · B(4x8)ᵀ on registers made like a column-major tile.
    let a = frag;
    let b = frag;
    let c_like = make_tensor(&data[..], layout!((4,4):(1,4))).unwrap();
    let mut c = make_fragment_like(&c_like);
    gemm(&a, &b, &mut c).unwrap();
    for (m, n) in (0..4).flat_map(|m| (0..4).map(move |n| (m, n))) {
        let want: f32 = (0..8)
            .map(|k| a.get(m + 4 * k).unwrap() * b.get(n + 4 * k).unwrap())
            .sum();
        assert_eq!(
            c.get(m + 4 * n).unwrap().to_bits(),
            want.to_bits(),
            "({m},{n})"
        );
    }
}

/// A view of registers is a copy moved to start at its first register (a fragment's base is a
/// constant, 0, which the optimizer then knows): it reads the registers it names, the fragment
/// stays as it was, and a view that reaches past the registers is an error.
#[test]
fn a_view_of_a_fragment_reads_its_registers_and_one_past_them_is_an_error() {
    let tile = make_tensor(cute::Counting, SLayout::<(U4, U2), (U2, U8)>::default()).unwrap();
    let mut f = make_fragment_like(&tile); // (_4,_2):(_1,_4)
    for i in 0..8 {
        f[i] = 10 + i;
    }
    let col = f.remap(cute::Op::Slice, 4, layout!((4):(1))).unwrap();
    assert_eq!((col.base(), col.is_whole()), (0, true));
    assert_eq!([col[0], col[1], col[2], col[3]], [14, 15, 16, 17]);
    let row = f.slice(&"(1,_)".parse().unwrap()).unwrap(); // offset 1, (2):(4)
    assert_eq!((row.base(), row[0], row[1]), (0, 11, 15));
    let e = f.remap(cute::Op::Slice, 6, layout!((4):(1))).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
    assert_eq!((f[0], f[7]), (10, 17));
}
