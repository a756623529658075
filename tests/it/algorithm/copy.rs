//! `copy`: equal to the paper's loop `dst[D(i)] = src[S(i)]` on every layout pair, static or
//! dynamic, and its vector width is a common contiguous run of both layouts.

use cute::algorithm::{copy, CopyPlan};
use cute::{layout, make_tensor, max_common_vector, Layout};
use proptest::prelude::*;

use crate::strategy::{config, l, layout};

/// The paper's COPY, element by element, as the reference.
fn reference(s: &Layout, src: &[i64], d: &Layout, dst: &mut [i64]) {
    for i in 0..s.size() {
        dst[d.eval(i).unwrap() as usize] = src[s.eval(i).unwrap() as usize];
    }
}

/// Copies with `cute::algorithm::copy` and with the reference; returns the vector width.
fn same_as_reference(s: &Layout, d: &Layout) -> i64 {
    let src: Vec<i64> = (0..s.cosize().unwrap()).map(|v| v * 7 + 3).collect();
    let (mut got, mut want) = (
        vec![-1; d.cosize().unwrap() as usize],
        vec![-1; d.cosize().unwrap() as usize],
    );
    let st = make_tensor(src.as_slice(), *s).unwrap();
    let mut dt = make_tensor(got.as_mut_slice(), *d).unwrap();
    let done = copy(&st, &mut dt).unwrap();
    reference(s, &src, d, &mut want);
    assert_eq!(got, want, "copy {s} -> {d}");
    assert!(!done.unrolled);
    done.vector
}

/// Table 2 of Cecka, *CuTe Layout Representation and Algebra*, with the vector width each copy
/// moves.
const TABLE_2: [(&str, &str, &str, i64); 8] = [
    ("1-D", "8:1", "8:1", 8),
    ("N-D", "(8,2,3):(1,16,32)", "(8,2,3):(1,16,32)", 8),
    ("gather", "(2,3,2):(42,1,128)", "12:1", 1),
    ("scatter", "12:1", "(2,3,2):(42,1,128)", 1),
    ("broadcast", "7:0", "7:1", 1),
    ("constant", "7:0", "7:0", 1),
    ("transpose", "(8,3):(1,8)", "(8,3):(3,1)", 1),
    (
        "tensor transpose",
        "(8,(3,5)):(1,(57,8))",
        "(8,15):(1,8)",
        8,
    ),
];

#[test]
fn table_2_dynamic() {
    for (app, s, d, vector) in TABLE_2 {
        let (s, d) = (l(s), l(d));
        assert_eq!(same_as_reference(&s, &d), vector, "{app}");
        assert_eq!(max_common_vector(&s, &d).unwrap(), vector, "{app}");
    }
}

/// A static copy from `S` to `D`, against the reference on the lowered layouts.
fn static_copy<S, D>(s: S, d: D, vector: i64)
where
    S: cute::TensorLayout + cute::cute_static::StaticLayout,
    D: cute::TensorLayout + cute::cute_static::StaticLayout,
{
    let src: Vec<i64> = (0..S::COSIZE).map(|v| v * 7 + 3).collect();
    let mut got = vec![-1; D::COSIZE as usize];
    let mut want = got.clone();
    let st = make_tensor(src.as_slice(), s).unwrap();
    let mut dt = make_tensor(got.as_mut_slice(), d).unwrap();
    let done = copy(&st, &mut dt).unwrap();
    // Unrolled whole up to `UNROLL_MAX` elements; past it, two static layouts run the loop nest
    // planned at compile time: fixed at compile time either way.
    assert!(done.unrolled);
    assert_eq!(done.vector, vector, "{} -> {}", S::LAYOUT, D::LAYOUT);
    reference(&S::LAYOUT, &src, &D::LAYOUT, &mut want);
    assert_eq!(got, want, "{} -> {}", S::LAYOUT, D::LAYOUT);
}

#[test]
fn table_2_static() {
    static_copy(layout!(8:1), layout!(8:1), 8);
    static_copy(layout!((8,2,3):(1,16,32)), layout!((8,2,3):(1,16,32)), 8);
    static_copy(layout!((2,3,2):(42,1,128)), layout!(12:1), 1);
    static_copy(layout!(12:1), layout!((2,3,2):(42,1,128)), 1);
    static_copy(layout!(7:0), layout!(7:1), 1);
    static_copy(layout!(7:0), layout!(7:0), 1);
    static_copy(layout!((8,3):(1,8)), layout!((8,3):(3,1)), 1);
    static_copy(layout!((8,(3,5)):(1,(57,8))), layout!((8,15):(1,8)), 8);
    // A static source into a dynamic destination runs the dynamic plan.
    let src: Vec<i64> = (0..24).collect();
    let mut dst = vec![0; 24];
    let st = make_tensor(src.as_slice(), layout!((8,3):(3,1))).unwrap();
    let mut dt = make_tensor(dst.as_mut_slice(), l("(8,3):(3,1)")).unwrap();
    let done = copy(&st, &mut dt).unwrap();
    assert_eq!((done.vector, done.unrolled, dst == src), (24, false, true));
}

/// A copy between tensors of static shapes (runtime strides or not) against the reference;
/// returns what it did.
fn mixed_copy<S, D>(s: S, d: D) -> cute::algorithm::Copied
where
    S: cute::TensorLayout,
    D: cute::TensorLayout,
{
    let (ls, ld) = (s.layout(), d.layout());
    let src: Vec<i64> = (0..ls.cosize().unwrap()).map(|v| v * 7 + 3).collect();
    let mut got = vec![-1; ld.cosize().unwrap() as usize];
    let mut want = got.clone();
    let st = make_tensor(src.as_slice(), s).unwrap();
    let mut dt = make_tensor(got.as_mut_slice(), d).unwrap();
    let done = copy(&st, &mut dt).unwrap();
    reference(&ls, &src, &ld, &mut want);
    assert_eq!(got, want, "{ls} -> {ld}");
    done
}

/// Static shapes past `UNROLL_MAX`: contiguous along their first leaves, unrolled chunks of up to
/// 64 elements in index order (a runtime unit stride too); otherwise a loop nest fixed at compile
/// time (constant trip counts, the mode of static unit stride innermost, the runtime strides
/// read once). Only shapes without a common refinement, and a reordered nest whose destination is
/// not injective, plan at run time.
#[test]
fn static_shapes_past_unroll_max() {
    let (one, ld, ld2) = (
        std::hint::black_box(1i64),
        std::hint::black_box(130i64),
        3i64,
    );
    // The packed panels of the SGEMM kernel: chunks of 64, vectors of 8.
    let tile = layout!((128,128):({one},{ld})).unwrap();
    let done = mixed_copy(tile, layout!(((8,16),128):((1,1040),8)));
    assert_eq!((done.vector, done.unrolled), (8, true));
    // A static unit stride, and a transposed static destination (a first leaf of stride 16:
    // the source's unit stride innermost).
    let done = mixed_copy(layout!((16,16):(1,{ld})).unwrap(), layout!((16,16):(1,16)));
    assert_eq!((done.vector, done.unrolled), (16, true));
    let done = mixed_copy(layout!((16,16):(1,{ld})).unwrap(), layout!((16,16):(16,1)));
    assert_eq!((done.vector, done.unrolled), (1, true));
    // A chunk that splits a leaf: 16 = 4·4, four of the twelve of (4,(12,5)).
    let done = mixed_copy(layout!((4,(12,5)):(1,({ld2},77))).unwrap(), layout!(240:1));
    assert!(done.unrolled);
    // A runtime first stride that is not 1: the static unit stride of mode 1 goes innermost.
    let done = mixed_copy(layout!((8,16):({ld2},1)).unwrap(), layout!((8,16):(1,8)));
    assert_eq!((done.vector, done.unrolled), (1, true));
    let done = mixed_copy(
        layout!((128,128):({ld},1)).unwrap(),
        layout!(((8,16),128):((128,1024),1)),
    );
    assert_eq!((done.vector, done.unrolled), (128, true));
    // A halo tile of a runtime-strided image into a static buffer: rows of 18 innermost.
    let done = mixed_copy(layout!((6,18):({ld},1)).unwrap(), layout!((6,18):(18,1)));
    assert_eq!((done.vector, done.unrolled), (18, true));
    // The same with every stride a runtime value: index order, constant trip counts.
    let done = mixed_copy(
        layout!((6,18):({ld},{one})).unwrap(),
        layout!((6,18):({ld2},{ld})).unwrap(),
    );
    assert_eq!((done.vector, done.unrolled), (1, true));
    // A stack tile read transposed into a tile of a runtime-sized matrix: the destination's unit
    // stride innermost (the side in memory), so the matrix is written along its rows.
    let done = mixed_copy(layout!((32,32):(1,32)), layout!((32,32):({ld},1)).unwrap());
    assert_eq!((done.vector, done.unrolled), (1, true));
    // A non-injective destination keeps the index order of the writes (the last one wins).
    let done = mixed_copy(layout!((16,8):({ld},1)).unwrap(), layout!((16,8):(1,0)));
    assert!(!done.unrolled);
    // Shapes without a common refinement plan at run time, element by element.
    let done = mixed_copy(layout!((6,12):({ld},1)).unwrap(), layout!((4,18):(1,4)));
    assert_eq!((done.vector, done.unrolled), (1, false));
}

/// Static shapes contiguous along different modes (a row-major tile into a column-major
/// fragment, the im2col gather of a convolution): transposed in blocks of 2, 4 or 8 rows, and
/// equal to the reference, also where the source overlaps itself, the contiguous modes are not
/// the first ones, or the destination is not injective (index order then).
#[test]
fn transposing_copies() {
    let (ld, ldi) = (std::hint::black_box(37i64), std::hint::black_box(130i64));
    // The row sum's tile into its fragment, blocks of 4.
    let done = mixed_copy(layout!((4,16):({ld},1)).unwrap(), layout!((4,16):(1,4)));
    assert_eq!((done.vector, done.unrolled), (1, true));
    // Blocks of 2 and of 8, and a source run shorter than the block.
    mixed_copy(layout!((2,32):({ld},1)).unwrap(), layout!((2,32):(1,2)));
    mixed_copy(layout!((8,8):({ld},1)).unwrap(), layout!((8,8):(1,8)));
    mixed_copy(layout!((8,4):({ld},1)).unwrap(), layout!((8,4):(1,8)));
    // The im2col tile of a convolution (overlapping rows and taps) into a register fragment.
    let im2col = layout!((4,16,(3,3)):({ldi},1,({ldi},1))).unwrap();
    mixed_copy(im2col, layout!((4,16,(3,3)):(1,4,(64,192))));
    // The contiguous modes elsewhere than first, around other modes.
    mixed_copy(
        layout!((3,(4,5),8):(1000,(1,4),{ld})).unwrap(),
        layout!((3,(4,5),8):(160,(8,32),1)),
    );
    // A static source: the fragment's transposed copy into a static buffer.
    mixed_copy(layout!((4,(8,2)):(16,(1,8))), layout!((4,(8,2)):(1,(4,32))));
    // The fragment back into the tile: index order, the fragment kept in registers.
    mixed_copy(layout!((4,16):(1,4)), layout!((4,16):({ld},1)).unwrap());
    mixed_copy(layout!((8,8):(1,8)), layout!((8,8):({ld},1)).unwrap());
    mixed_copy(
        layout!((4,(8,3)):(1,(4,32))),
        layout!((4,(8,3)):({ldi},(1,8))).unwrap(),
    );
    // Rows that overlap in the destination: the writes stay in index order.
    let overlapping = std::hint::black_box(5i64);
    mixed_copy(
        layout!((4,16):(1,4)),
        layout!((4,16):({overlapping},1)).unwrap(),
    );
    // A destination that is not injective (mode 2 of stride 0): the writes stay in index order.
    mixed_copy(
        layout!((4,16,2):({ld},1,5)).unwrap(),
        layout!((4,16,2):(1,4,0)),
    );
    // Values of other sizes.
    let src: Vec<f32> = (0..4 * 37u16).map(f32::from).collect();
    let mut got = [0f32; 64];
    let st = make_tensor(src.as_slice(), layout!((4,16):({ld},1)).unwrap()).unwrap();
    copy(
        &st,
        &mut make_tensor(&mut got[..], layout!((4,16):(1,4))).unwrap(),
    )
    .unwrap();
    let want: Vec<f32> = (0..64u16)
        .map(|k| f32::from((k % 4) * 37 + k / 4))
        .collect();
    assert_eq!(got.to_vec(), want);
    let byte = |v: u16| u8::try_from(v % 256).unwrap();
    let src: Vec<u8> = (0..8 * 37u16).map(byte).collect();
    let mut got = [0u8; 64];
    let st = make_tensor(src.as_slice(), layout!((8,8):({ld},1)).unwrap()).unwrap();
    copy(
        &st,
        &mut make_tensor(&mut got[..], layout!((8,8):(1,8))).unwrap(),
    )
    .unwrap();
    let want: Vec<u8> = (0..64u16).map(|k| byte((k % 8) * 37 + k / 8)).collect();
    assert_eq!(got.to_vec(), want);
}

#[test]
fn sizes_must_match() {
    let src = [0i64; 8];
    let mut dst = [0i64; 8];
    let st = make_tensor(&src[..], l("8:1")).unwrap();
    let mut dt = make_tensor(&mut dst[..], l("(2,3):(1,2)")).unwrap();
    let e = copy(&st, &mut dt).unwrap_err();
    assert_eq!(e.code(), "size_mismatch");
    assert_eq!(
        e.to_string(),
        "copy(8:1, (2,3):(1,2)): size mismatch: size is 8 on the left and 6 on the right"
    );
}

/// Two random layouts of the same size: the second a random refolding of the first's size.
fn pair() -> impl Strategy<Value = (Layout, Layout)> {
    (layout(512, 16), layout(512, 16)).prop_filter_map("equal sizes", |(a, b)| {
        if a.size() == b.size() {
            Some((a, b))
        } else {
            // Refold b's strides over a's shape: same size, different profile.
            let s = a.size();
            let flat: Layout = format!("{s}:{}", b.eval(1).unwrap_or(1).max(1))
                .parse()
                .ok()?;
            Some((a, flat))
        }
    })
}

/// A layout and a compact one over the same leaves in another order, with its strides assigned
/// in a random order: equal sizes, different profiles, often a common contiguous run.
fn refolded() -> impl Strategy<Value = (Layout, Layout)> {
    layout(512, 16)
        .prop_flat_map(|a| {
            let n = a.shape().leaves().len();
            let idx: Vec<usize> = (0..n).collect();
            (
                Just(a),
                Just(idx.clone()).prop_shuffle(),
                Just(idx).prop_shuffle(),
            )
        })
        .prop_map(|(a, perm, order)| {
            let leaves: Vec<i64> = perm.iter().map(|&k| a.shape().leaves()[k]).collect();
            let mut strides = vec![0; leaves.len()];
            let mut cur = 1;
            for &k in &order {
                strides[k] = cur;
                cur *= leaves[k];
            }
            let join = |v: &[i64]| {
                v.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let b = format!("({}):({})", join(&leaves), join(&strides))
                .parse()
                .unwrap();
            (a, b)
        })
}

proptest! {
    #![proptest_config(config())]

    /// `copy` equals the paper's loop on every pair of equal size.
    #[test]
    fn copy_is_the_papers_loop((a, b) in pair()) {
        same_as_reference(&a, &b);
        same_as_reference(&b, &a);
    }

    /// The plan's vector is a common contiguous run: `max_common_vector` is at least as long,
    /// and on injective destinations the two agree.
    #[test]
    fn copy_between_refoldings_is_the_papers_loop((a, b) in refolded()) {
        same_as_reference(&a, &b);
        same_as_reference(&b, &a);
    }

    #[test]
    fn plan_vector_is_a_common_run((a, b) in prop_oneof![pair(), refolded()]) {
        if let Some(p) = CopyPlan::new(&a, &b) {
            let mcv = max_common_vector(&a, &b).unwrap();
            prop_assert!(p.vector() <= mcv, "{a} -> {b}: plan {} > mcv {mcv}", p.vector());
            if crate::strategy::injective(&a) && crate::strategy::injective(&b) {
                prop_assert_eq!(p.vector(), mcv, "{} -> {}", a, b);
            }
        }
    }
}
