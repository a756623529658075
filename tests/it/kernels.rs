//! The kernels of `cute_kernels` against their definitions: every striding, sizes the tiles
//! divide and sizes they do not, empty matrices, and the hand-written tiling.

use cute_kernels::transpose::{transpose, transpose_hand, transpose_naive, value, Strides};

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
    // 2053 x 2100 is past the kernels' streaming threshold (4 Mi elements).
    for (m, n) in pairs.chain([(1000, 257), (64, 1000), (2053, 2100)]) {
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

use cute_kernels::sgemm::{sgemm as gemm_cute, sgemm_hand, sgemm_naive, Strides as GemmStrides};

/// A small integer (-3..=3), so that every sum of products is exact in f32 and every order of
/// summation gives the same bits.
fn small(x: i64) -> f32 {
    f32::from(u8::try_from(x.rem_euclid(7)).unwrap_or(0)) - 3.0
}

/// NN, NT, TN, TT: `A` (`m x k`) and `B` (`k x n`) column-major (N) or row-major (T).
fn gemm_stridings(m: i64, n: i64, k: i64) -> [(GemmStrides, GemmStrides); 4] {
    let (an, at) = (GemmStrides::col_major(m), GemmStrides::row_major(k));
    let (bn, bt) = (GemmStrides::col_major(k), GemmStrides::row_major(n));
    [(an, bn), (an, bt), (at, bn), (at, bt)]
}

/// `C = 2·A·B - C` with cute, by hand and by the definition, for every striding of `A` and `B`
/// and both stridings of `C`; all three agree bit for bit, and with `matrixmultiply::sgemm`.
fn check_gemm(m: i64, n: i64, k: i64) {
    let a: Vec<f32> = (0..m * k).map(small).collect();
    let b: Vec<f32> = (0..k * n).map(|x| small(3 * x + 1)).collect();
    let c0: Vec<f32> = (0..m * n).map(|x| small(5 * x + 2)).collect();
    let shape = ([m, n, k], 2.0, -1.0);
    for (sa, sb) in gemm_stridings(m, n, k) {
        for sc in [GemmStrides::col_major(m), GemmStrides::row_major(n)] {
            let mut want = c0.clone();
            sgemm_naive(shape, (&a, sa), (&b, sb), &mut want, sc);
            let mut got = c0.clone();
            gemm_cute(shape, (&a, sa), (&b, sb), &mut got, sc).unwrap();
            assert!(same(&got, &want), "{m}x{n}x{k} {sa:?} {sb:?} {sc:?}");
            let mut hand = c0.clone();
            sgemm_hand(shape, (&a, sa), (&b, sb), &mut hand, sc);
            assert!(same(&hand, &want), "hand {m}x{n}x{k} {sa:?} {sb:?} {sc:?}");
            let mut mm = c0.clone();
            let u = |x: i64| usize::try_from(x).unwrap();
            let i = |x: i64| isize::try_from(x).unwrap();
            // SAFETY: the buffers hold the matrices their strides describe.
            unsafe {
                matrixmultiply::sgemm(
                    u(m),
                    u(k),
                    u(n),
                    2.0,
                    a.as_ptr(),
                    i(sa.row),
                    i(sa.col),
                    b.as_ptr(),
                    i(sb.row),
                    i(sb.col),
                    -1.0,
                    mm.as_mut_ptr(),
                    i(sc.row),
                    i(sc.col),
                );
            }
            assert!(
                same(&mm, &want),
                "matrixmultiply {m}x{n}x{k} {sa:?} {sb:?} {sc:?}"
            );
        }
    }
}

#[test]
fn sgemm_is_the_definition_at_every_size_and_striding() {
    let sizes = [1i64, 17, 63, 100, 257];
    for &m in &sizes {
        for &n in &sizes {
            for k in [1i64, 63, 257] {
                check_gemm(m, n, k);
            }
        }
    }
    for (m, n, k) in [
        (1000, 17, 63),
        (63, 1000, 17),
        (17, 63, 1000),
        (128, 128, 128),
    ] {
        check_gemm(m, n, k);
    }
}

#[test]
fn sgemm_of_empty_extents_is_blas() {
    // M or N = 0: nothing to write; K = 0: C = β·C.
    let mut c = [5f32; 6];
    for (m, n) in [(0, 3), (3, 0)] {
        let s = GemmStrides::col_major(m.max(1));
        gemm_cute(
            ([m, n, 4], 2.0, 3.0),
            (&[0.0; 12], s),
            (&[0.0; 12], s),
            &mut c,
            s,
        )
        .unwrap();
    }
    assert!(same(&c, &[5.0; 6]), "{c:?}");
    let s = GemmStrides::col_major(2);
    gemm_cute(([2, 3, 0], 2.0, 3.0), (&[], s), (&[], s), &mut c, s).unwrap();
    assert!(same(&c, &[15.0; 6]), "{c:?}");
    // β = 0: C is not read, so it need not hold numbers (BLAS, CuTe's axpby).
    let mut c = [f32::NAN; 4];
    let s = GemmStrides::col_major(2);
    gemm_cute(
        ([2, 2, 1], 1.0, 0.0),
        (&[1.0, 2.0], s),
        (&[3.0, 4.0], GemmStrides::col_major(1)),
        &mut c,
        s,
    )
    .unwrap();
    assert!(same(&c, &[3.0, 6.0, 4.0, 8.0]), "{c:?}");
}

#[test]
fn sgemm_on_too_little_data_is_an_error() {
    let (a, b) = (vec![0f32; 20 * 12], vec![0f32; 12 * 9]);
    let mut c = vec![0f32; 20 * 9 - 1];
    let s = |r| GemmStrides::col_major(r);
    let e = gemm_cute(
        ([20, 9, 12], 1.0, 0.0),
        (&a, s(20)),
        (&b, s(12)),
        &mut c,
        s(20),
    )
    .unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
}

/// The kernels' parallel variants (the `rayon` feature) against the definition: panels of the
/// output on a pool, the fallback to one thread where the output is neither row- nor
/// column-major.
#[cfg(feature = "rayon")]
mod parallel {
    use super::{same, small, stridings, value, GemmStrides, Strides};
    use cute_kernels::{sgemm as sg, transpose as tr};

    fn pool() -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .stack_size(64 << 20)
            .build()
            .unwrap()
    }

    #[test]
    fn transpose_par_is_the_definition() {
        let pool = pool();
        for (m, n) in [(1, 1), (300, 513), (513, 300), (17, 1000)] {
            let a: Vec<f32> = (0..m * n).map(value).collect();
            for (sa, sb) in stridings(m, n) {
                let mut want = vec![-1f32; a.len()];
                tr::transpose_naive(&a, m, n, sa, &mut want, sb);
                for kernel in [tr::transpose, tr::transpose_hand_task] {
                    let mut got = vec![-1f32; a.len()];
                    tr::transpose_par(&pool, kernel, (&a, m, n, sa), &mut got, sb).unwrap();
                    assert!(same(&got, &want), "{m}x{n} {sa:?} {sb:?}");
                }
            }
        }
        // A destination with a padded leading dimension and one with neither unit stride.
        let (m, n) = (40, 300);
        let a: Vec<f32> = (0..m * n).map(value).collect();
        let (sa, pad, odd) = (
            Strides::row_major(n),
            Strides { row: 45, col: 1 },
            Strides { row: 2, col: 600 },
        );
        for sb in [pad, odd] {
            let len = ((n - 1) * sb.row + (m - 1) * sb.col + 1) as usize;
            let (mut want, mut got) = (vec![-1f32; len], vec![-1f32; len]);
            tr::transpose_naive(&a, m, n, sa, &mut want, sb);
            tr::transpose_par(&pool, tr::transpose, (&a, m, n, sa), &mut got, sb).unwrap();
            assert!(same(&got, &want), "{sb:?}");
        }
    }

    #[test]
    fn sgemm_par_is_the_definition() {
        let pool = pool();
        for (m, n, k) in [(1, 1, 1), (300, 257, 63), (129, 400, 130), (200, 300, 0)] {
            let a: Vec<f32> = (0..m * k).map(small).collect();
            let b: Vec<f32> = (0..k * n).map(|x| small(3 * x + 1)).collect();
            let c0: Vec<f32> = (0..m * n).map(|x| small(5 * x + 2)).collect();
            let shape = ([m, n, k], 2.0, -1.0);
            for (sa, sb) in super::gemm_stridings(m, n, k) {
                for sc in [GemmStrides::col_major(m), GemmStrides::row_major(n)] {
                    let mut want = c0.clone();
                    sg::sgemm_naive(shape, (&a, sa), (&b, sb), &mut want, sc);
                    let mut got = c0.clone();
                    sg::sgemm_par(&pool, sg::sgemm, shape, (&a, sa), (&b, sb), &mut got, sc)
                        .unwrap();
                    assert!(same(&got, &want), "{m}x{n}x{k} {sa:?} {sb:?} {sc:?}");
                    let mut hand = c0.clone();
                    sg::sgemm_par(
                        &pool,
                        sg::sgemm_hand_task,
                        shape,
                        (&a, sa),
                        (&b, sb),
                        &mut hand,
                        sc,
                    )
                    .unwrap();
                    assert!(same(&hand, &want), "hand {m}x{n}x{k} {sa:?} {sb:?} {sc:?}");
                }
            }
        }
    }
}

/// The GPU's transpose through a swizzled shared-memory tile (`gpu/src/smem_transpose.rs`), each
/// thread's two phases run on the CPU: every thread of a block loads, then every thread stores.
mod smem_transpose {
    use cute::banks::bank_conflicts;
    use cute::{ComposedLayout, Layout, Swizzle};
    use cute_kernels::thread::smem_transpose::{transpose_load, transpose_store, THREADS, TILE};

    /// `B = Aᵀ` block by block, as a grid of `⌈m/32⌉ x ⌈n/32⌉` blocks would compute it.
    fn run_grid(a: &[f32], (m, n): (i64, i64), b: &mut [f32]) {
        for bm in 0..(m + TILE - 1) / TILE {
            for bn in 0..(n + TILE - 1) / TILE {
                let mut smem = [f32::NAN; (TILE * TILE) as usize];
                for t in 0..THREADS {
                    transpose_load(a, &mut smem, (m, n), (bm, bn), t).unwrap();
                }
                for t in 0..THREADS {
                    transpose_store(&smem, b, (m, n), (bm, bn), t).unwrap();
                }
            }
        }
    }

    #[test]
    fn every_block_transposes_its_tile_at_sizes_the_tile_divides_and_not() {
        for (m, n) in [
            (1, 1),
            (17, 5),
            (32, 32),
            (64, 96),
            (63, 65),
            (100, 33),
            (0, 7),
            (7, 0),
        ] {
            let a: Vec<f32> = (0..m * n).map(super::value).collect();
            let mut b = vec![-1f32; a.len()];
            run_grid(&a, (m, n), &mut b);
            for i in 0..m {
                for j in 0..n {
                    let (got, want) = (b[(j * m + i) as usize], a[(i * n + j) as usize]);
                    assert_eq!(got.to_bits(), want.to_bits(), "{m}x{n} at ({i}, {j})");
                }
            }
        }
    }

    #[test]
    fn a_thread_past_the_block_is_an_error() {
        let (a, mut smem) = ([0f32; 4], [0f32; 1024]);
        let e = transpose_load(&a, &mut smem, (2, 2), (0, 0), THREADS).unwrap_err();
        assert_eq!(e.code(), "invalid_parameters", "{e}");
    }

    #[test]
    fn the_swizzle_makes_each_warps_row_and_column_conflict_free() {
        let l = |s: &str| s.parse::<Layout>().unwrap();
        let tile = |sw| ComposedLayout::new(sw, 0, l("(32,32):(32,1)"));
        let swizzled = tile(Swizzle::new(5, 0, 5).unwrap());
        // Value 0 of each of the 256 threads (one mode: a rank-2 access would be values of a
        // vector): the stores take row t/32, column t%32 (the index i + 32 j of the tile's
        // (i, j)); the loads read (t%32, t/32).
        let (stores, loads) = (l("((32,8)):((32,1))"), l("((32,8)):((1,32))"));
        assert_eq!(bank_conflicts(&swizzled, &stores, 4), Ok(8));
        assert_eq!(bank_conflicts(&swizzled, &loads, 4), Ok(8));
        // Unswizzled, the rows are still conflict-free, but every load of a warp's column falls
        // in one bank.
        let plain = tile(Swizzle::identity());
        assert_eq!(bank_conflicts(&plain, &stores, 4), Ok(8));
        assert_eq!(bank_conflicts(&plain, &loads, 4), Ok(8 * 32));
    }
}

/// The GPU's SGEMM (`gpu/src/sgemm.rs`, CuTe's `sgemm_1`), each thread's phases run on the CPU:
/// for each `k` tile every thread loads, then every thread accumulates; then the epilogue.
mod gpu_sgemm {
    use cute_kernels::thread::sgemm::{
        k_tiles, sgemm_begin, sgemm_end, sgemm_load, sgemm_mma, BM, BN, SMEM, THREADS,
    };

    /// Small integers, so that every sum is exact whatever its order.
    fn small(x: i64) -> f32 {
        f32::from(i8::try_from(x % 7 - 3).unwrap())
    }

    #[test]
    fn every_block_computes_its_tile_at_sizes_the_tiles_divide_and_not() {
        let (alpha, beta) = (2.0, -1.0);
        for (m, n, k) in [
            (128, 128, 8),
            (130, 257, 19),
            (1, 1, 1),
            (200, 100, 0),
            (64, 300, 33),
        ] {
            let a: Vec<f32> = (0..m * k).map(small).collect();
            let b: Vec<f32> = (0..n * k).map(|x| small(3 * x + 1)).collect();
            let c0: Vec<f32> = (0..m * n).map(|x| small(5 * x + 2)).collect();
            let mut c = c0.clone();
            for bm in 0..(m + BM - 1) / BM {
                for bn in 0..(n + BN - 1) / BN {
                    let mut acc: Vec<_> = (0..THREADS)
                        .map(|t| sgemm_begin(&c, (m, n), (bm, bn), t).unwrap())
                        .collect();
                    for kt in 0..k_tiles(k) {
                        let (mut sa, mut sb) = ([f32::NAN; SMEM], [f32::NAN; SMEM]);
                        for t in 0..THREADS {
                            let tiles = (&mut sa[..], &mut sb[..]);
                            sgemm_load((&a, &b), tiles, (m, n, k), (bm, bn), kt, t).unwrap();
                        }
                        for (t, acc) in (0..).zip(&mut acc) {
                            sgemm_mma(&sa, &sb, acc, t).unwrap();
                        }
                    }
                    for (t, acc) in (0..).zip(&acc) {
                        sgemm_end(&mut c, (m, n), (bm, bn), t, (alpha, beta), acc).unwrap();
                    }
                }
            }
            for i in 0..m {
                for j in 0..n {
                    // From +0, as the accumulators start (`Sum` starts from -0).
                    let dot = (0..k)
                        .map(|p| a[(i + m * p) as usize] * b[(j + n * p) as usize])
                        .fold(0f32, |s, x| s + x);
                    let want = alpha * dot + beta * c0[(i + m * j) as usize];
                    let got = c[(i + m * j) as usize];
                    assert_eq!(got.to_bits(), want.to_bits(), "{m}x{n}x{k} at ({i}, {j})");
                }
            }
        }
    }
}
