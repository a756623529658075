//! The kernels a first-time user wrote (`cute_kernels::user`: `softmax`, `conv2d`,
//! `transpose_smem`, `rowsum_generic`): each cute kernel and its hand-written twin against the definition on
//! sizes the tiles divide, sizes they do not, one element and empty matrices. Bit for bit where
//! the order of the arithmetic is the definition's; the online softmax within 1e-5 relative.

use cute_kernels::user::{conv2d, rowsum_generic, softmax, transpose_smem};

/// The sizes `(m, n)` every kernel runs at.
const SIZES: [(i64, i64); 5] = [(64, 64), (37, 53), (1, 1), (0, 5), (5, 0)];

/// A test value of element `k`: small, varied, exact in f32.
fn value(k: i64) -> f32 {
    f32::from(u8::try_from((k * 37 + 11) % 101).unwrap_or(0)) / 16.0 - 3.0
}

/// The same bits.
fn same(x: &[f32], y: &[f32]) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|(a, b)| a.to_bits() == b.to_bits())
}

/// Within `rel` of each other, relative to the larger magnitude.
fn close(x: &[f32], y: &[f32], rel: f32) -> bool {
    x.len() == y.len()
        && x.iter()
            .zip(y)
            .all(|(a, b)| (a - b).abs() <= rel * a.abs().max(b.abs()))
}

/// An output buffer of `len` elements that no kernel would write by accident.
fn sentinel(len: i64) -> Vec<f32> {
    vec![-7.0; usize::try_from(len).unwrap()]
}

#[test]
fn softmax_is_the_definition() {
    for (m, n) in SIZES {
        let x: Vec<f32> = (0..m * n).map(value).collect();
        let mut want = sentinel(m * n);
        softmax::softmax_naive(&x, m, n, &mut want);
        let mut got = sentinel(m * n);
        softmax::softmax(&x, m, n, &mut got).unwrap();
        assert!(close(&got, &want, 1e-5), "{m}x{n}");
        let mut hand = sentinel(m * n);
        softmax::softmax_hand(&x, m, n, &mut hand);
        assert!(close(&hand, &want, 1e-5), "hand {m}x{n}");
        // The same online order of operations.
        assert!(same(&got, &hand), "cute and hand {m}x{n}");
    }
}

#[test]
fn softmax_of_a_wide_range_is_finite() {
    // The running max grows tile by tile: the rescaled sum must not overflow.
    let (m, n) = (3, 70);
    let x: Vec<f32> = (0..m * n)
        .map(|k| 2.0 * f32::from(u8::try_from(k % n).unwrap()))
        .collect();
    let (mut got, mut want) = (sentinel(m * n), sentinel(m * n));
    softmax::softmax(&x, m, n, &mut got).unwrap();
    softmax::softmax_naive(&x, m, n, &mut want);
    assert!(got.iter().all(|v| v.is_finite()), "{got:?}");
    assert!(close(&got, &want, 1e-5));
}

#[test]
fn softmax_into_too_little_data_is_an_error() {
    let x = vec![0f32; 20 * 12];
    let mut y = vec![0f32; 20 * 12 - 1];
    let e = softmax::softmax(&x, 20, 12, &mut y).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
}

#[test]
fn conv3x3_is_the_definition() {
    let w: [f32; 9] = std::array::from_fn(|k| value(k as i64 * 7));
    for (m, n) in SIZES.into_iter().chain([(1000, 1003)]) {
        let input: Vec<f32> = (0..(m + 2) * (n + 2)).map(value).collect();
        let mut want = sentinel(m * n);
        conv2d::conv3x3_naive(&input, m, n, &w, &mut want);
        let mut got = sentinel(m * n);
        conv2d::conv3x3(&input, m, n, &w, &mut got).unwrap();
        assert!(same(&got, &want), "{m}x{n}");
        let mut halo = sentinel(m * n);
        conv2d::conv3x3_halo(&input, m, n, &w, &mut halo).unwrap();
        assert!(same(&halo, &want), "halo {m}x{n}");
        let mut hand = sentinel(m * n);
        conv2d::conv3x3_hand(&input, m, n, &w, &mut hand);
        assert!(same(&hand, &want), "hand {m}x{n}");
    }
}

#[test]
fn conv3x3_of_too_small_an_input_is_an_error() {
    let (m, n) = (8, 20);
    let input = vec![0f32; ((m + 2) * (n + 2) - 1) as usize];
    let w = [1f32; 9];
    let mut out = sentinel(m * n);
    let e = conv2d::conv3x3(&input, m, n, &w, &mut out).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
    let e = conv2d::conv3x3_halo(&input, m, n, &w, &mut out).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
}

#[test]
fn transpose_smem_is_the_definition() {
    for (m, n) in SIZES.into_iter().chain([(100, 33), (32, 96)]) {
        let a: Vec<f32> = (0..m * n)
            .map(|k| f32::from(u16::try_from(k).unwrap()))
            .collect();
        let mut want = sentinel(m * n);
        transpose_smem::transpose_naive(&a, m, n, &mut want);
        let mut got = sentinel(m * n);
        transpose_smem::transpose_smem(&a, m, n, &mut got).unwrap();
        assert!(same(&got, &want), "{m}x{n}");
        let mut hand = sentinel(m * n);
        transpose_smem::transpose_smem_hand(&a, m, n, &mut hand);
        assert!(same(&hand, &want), "hand {m}x{n}");
    }
}

#[test]
fn rowsum_is_the_definition() {
    for (m, n) in SIZES {
        let x: Vec<f32> = (0..m * n).map(value).collect();
        let mut want = sentinel(m);
        rowsum_generic::rowsum_naive(&x, m, n, &mut want);
        let mut got = sentinel(m);
        rowsum_generic::rowsum_generic(&x, m, n, &mut got).unwrap();
        assert!(same(&got, &want), "{m}x{n}");
        let mut hand = sentinel(m);
        rowsum_generic::rowsum_hand(&x, m, n, &mut hand);
        assert!(same(&hand, &want), "hand {m}x{n}");
        // Another instantiation of the generic kernel, the same sums (the order is by column).
        let mut other = sentinel(m);
        rowsum_generic::rowsum::<cute::cute_static::typenum::U8, cute::cute_static::typenum::U32>(
            &x, m, n, &mut other,
        )
        .unwrap();
        assert!(same(&other, &want), "8x32 {m}x{n}");
    }
}
