//! The kernels of `examples/kernels/` against their definitions: every striding, sizes the tiles
//! divide and sizes they do not, empty matrices, and the hand-written tiling.

#[path = "../../examples/kernels/transpose.rs"]
mod transpose;

use transpose::{transpose, transpose_hand, transpose_naive, value, Strides};

/// The same bits.
fn same(x: &[f32], y: &[f32]) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|(a, b)| a.to_bits() == b.to_bits())
}

/// The four stridings of an `m x n` `A` and its `n x m` transpose `B`.
fn stridings(m: i64, n: i64) -> [(Strides, Strides); 4] {
    [
        (Strides::row_major(n), Strides::row_major(m)),
        (Strides::row_major(n), Strides::col_major(n)),
        (Strides::col_major(m), Strides::row_major(m)),
        (Strides::col_major(m), Strides::col_major(n)),
    ]
}

#[test]
fn transpose_is_the_definition_at_every_size_and_striding() {
    let sizes = [1i64, 17, 32, 63, 100, 257];
    let pairs = sizes
        .iter()
        .flat_map(|&m| sizes.iter().map(move |&n| (m, n)));
    for (m, n) in pairs.chain([(1000, 257), (64, 1000)]) {
        let a: Vec<f32> = (0..m * n).map(value).collect();
        for (sa, sb) in stridings(m, n) {
            let mut want = vec![-1f32; a.len()];
            transpose_naive(&a, m, n, sa, &mut want, sb);
            let mut got = vec![-1f32; a.len()];
            transpose(&a, m, n, sa, &mut got, sb).unwrap();
            assert!(same(&got, &want), "{m}x{n} {sa:?} {sb:?}");
            let mut hand = vec![-1f32; a.len()];
            transpose_hand(&a, m, n, sa, &mut hand, sb);
            assert!(same(&hand, &want), "hand {m}x{n} {sa:?} {sb:?}");
        }
    }
}

#[test]
fn transpose_of_an_empty_matrix_writes_nothing() {
    for (m, n) in [(0, 5), (5, 0), (0, 0)] {
        let mut b = [7f32; 4];
        transpose(
            &[],
            m,
            n,
            Strides::row_major(n),
            &mut b,
            Strides::row_major(m),
        )
        .unwrap();
        assert!(b.iter().all(|x| x.to_bits() == 7f32.to_bits()), "{b:?}");
    }
}

#[test]
fn transpose_into_too_little_data_is_an_error() {
    let a = vec![0f32; 20 * 12];
    let mut b = vec![0f32; 20 * 12 - 1];
    let e = transpose(
        &a,
        20,
        12,
        Strides::row_major(12),
        &mut b,
        Strides::row_major(20),
    )
    .unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
}
