//! Tensors over mixed layouts: `local_tile` and `local_partition` of a runtime-shaped tensor by
//! static tiles and thread layouts, against `cute-core`'s on the same values, tile by tile and
//! thread by thread; their result types (static shapes); coordinates out of range; copies
//! between a runtime-strided tile and a static fragment.

use cute::algorithm::{axpby, clear, copy, copy_if, elem_less, fill, gemm};
use cute::cute_static::identity::make_identity_tensor;
use cute::cute_static::tensor::{
    inner_partition, local_partition, local_tile, local_tile_step, outer_partition, Step, X,
};
use cute::cute_static::typenum::consts::*;
use cute::cute_static::{Dyn, Layout};
use cute::{layout, make_fragment_like, make_tensor, tiler, Counting, IntTuple};

/// The offsets of every element of a counting tensor.
fn values<L: cute::TensorLayout>(x: &cute::Tensor<Counting, L>) -> Vec<i64> {
    (0..x.size()).map(|i| x.get(i).unwrap()).collect()
}

/// `(i,j)` as a cute-core coordinate.
fn crd(i: i64, j: i64) -> IntTuple {
    format!("({i},{j})").parse().unwrap()
}

/// Every whole 8x8 tile of the runtime-shaped layout `a` (of `m x n`) against cute-core's.
macro_rules! check_tiles {
    ($a:expr, $m:expr, $n:expr) => {{
        let (a, m, n) = ($a, $m, $n);
        let t = make_tensor(Counting, a).unwrap();
        let d = make_tensor(Counting, a.to_dynamic()).unwrap();
        let tiler = tiler!(<8:1,8:1>);
        let dynamic: cute::Tiler = "<8:1,8:1>".parse().unwrap();
        for i in 0..m / 8 {
            for j in 0..n / 8 {
                let tile = local_tile(t, &tiler, (i, j)).unwrap();
                // A static tile shape whatever the matrix's sizes; the runtime stride stays.
                let _: &Layout<(U8, U8), (_, _)> = tile.layout();
                let want = d.local_tile(dynamic, &crd(i, j)).unwrap();
                assert_eq!(tile.base(), want.base(), "{m}x{n} ({i},{j})");
                assert_eq!(tile.layout().to_dynamic(), *want.layout());
                assert_eq!(values(&tile), values(&want));
            }
        }
        // The grid's coordinates are checked: one past the last tile in each mode.
        let e = local_tile(t, &tiler, (m / 8, 0)).unwrap_err();
        assert_eq!(e.code(), "index_out_of_range", "{e}");
        assert!(e.to_string().contains("local_tile"), "{e}");
        assert!(local_tile(t, &tiler, (0, n / 8)).is_err());
        assert!(local_tile(t, &tiler, (-1, 0)).is_err());
    }};
}

#[test]
fn local_tile_of_a_runtime_matrix_is_cute_core_s_tile_by_tile() {
    for (m, n) in [(64, 48), (16, 8), (40, 24), (8, 64)] {
        check_tiles!(layout!(({m},{n}):(1,{m})).unwrap(), m, n);
        check_tiles!(layout!(({m},{n}):({n},1)).unwrap(), m, n);
    }
}

/// A tile coordinate naming the first two of three modes is completed with `_`, as CuTe's (and
/// cute-core's) `local_tile`: the same tile as `(i, j, __)` and as cute-core's, residue tiles
/// included (the grid of a runtime mode by `n:1` is computed directly past one tile, by the
/// walk otherwise).
#[test]
fn a_short_tile_coordinate_keeps_the_other_modes_whole() {
    use cute::cute_static::__;
    for (m, n) in [(20, 12), (8, 4), (33, 9), (5, 3)] {
        let a = layout!(({m},{n},3):(1,{m},{m * n})).unwrap();
        let t = make_tensor(Counting, a).unwrap();
        let d = make_tensor(Counting, a.to_dynamic()).unwrap();
        let dynamic: cute::Tiler = "<8:1,4:1>".parse().unwrap();
        for i in 0..(m + 7) / 8 {
            for j in 0..(n + 3) / 4 {
                let short = local_tile(t, &tiler!(<8:1,4:1>), (i, j)).unwrap();
                let full = local_tile(t, &tiler!(<8:1,4:1>), (i, j, __)).unwrap();
                let want = d.local_tile(dynamic, &crd(i, j)).unwrap();
                assert_eq!((short.base(), full.base()), (want.base(), want.base()));
                let (s, f, w) = (short.layout(), full.layout(), *want.layout());
                assert_eq!(
                    (s.to_dynamic(), f.to_dynamic()),
                    (w, w),
                    "{m}x{n} ({i},{j})"
                );
            }
        }
        assert!(local_tile(t, &tiler!(<8:1,4:1>), ((m + 7) / 8, 0)).is_err());
    }
}

#[test]
fn local_partition_of_a_tile_is_cute_core_s_thread_by_thread() {
    let (m, n) = (64, 32);
    let t = make_tensor(Counting, layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let tile = local_tile(t, &tiler!(<32:1,16:1>), (1, 1)).unwrap();
    let d = make_tensor(Counting, tile.layout().to_dynamic()).unwrap();
    // Column-major, row-major and hierarchical thread layouts.
    let col = layout!((8,4):(1,8));
    let row = layout!((8,4):(4,1));
    let nested = layout!(((2,4),4):((1,8),2));
    let mut seen = vec![0u32; 32 * 16];
    for i in 0..32 {
        let mine = local_partition(tile, &col, i).unwrap();
        assert_eq!(mine.size(), 16);
        let want = d.local_partition(&col.to_dynamic(), i).unwrap();
        assert_eq!(mine.base(), tile.base() + want.base(), "thread {i}");
        assert_eq!(mine.layout().to_dynamic(), *want.layout(), "thread {i}");
        for v in values(&mine) {
            let local = v - tile.base();
            seen[usize::try_from(local % m + local / m * 32).unwrap()] += 1;
        }
        for thr in [row.to_dynamic(), nested.to_dynamic()] {
            let want = d.local_partition(&thr, i).unwrap();
            let got = if thr == row.to_dynamic() {
                local_partition(tile, &row, i).map(|x| (x.base(), x.layout().to_dynamic()))
            } else {
                local_partition(tile, &nested, i).map(|x| (x.base(), x.layout().to_dynamic()))
            };
            assert_eq!(got.unwrap(), (tile.base() + want.base(), *want.layout()));
        }
    }
    // The 32 threads cover the tile once.
    assert!(seen.iter().all(|&k| k == 1));
    // Thread indices that are not offsets of the thread layout.
    for i in [-1, 32, 1000] {
        let e = local_partition(tile, &col, i).unwrap_err();
        assert!(e.to_string().contains("local_partition"), "{e}");
        assert!(e.to_string().contains("(8,4):(1,8)"), "{e}");
    }
}

/// Every tile of an `m x n` matrix (column- and row-major) by 8x8, and every thread's part of
/// each by a 4x2 thread layout, copied with `copy_if` predicated by the identity tensor tiled and
/// partitioned the same way: element by element, the elements inside the matrix are copied and
/// the others left alone.
fn check_residues(m: i64, n: i64) {
    let data: Vec<i64> = (0..m * n).map(|x| 1000 + x).collect();
    let tiler = tiler!(<8:1,8:1>);
    let thr = layout!((4,2):(1,4));
    let id = make_identity_tensor((m, n)).unwrap();
    // The value at (r, c) of either major order: its column-major index, as stored below.
    let want = |r: i64, c: i64| 1000 + r + c * m;
    let col = make_tensor(data.as_slice(), layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let row_major: Vec<i64> = (0..m * n).map(|x| want(x / n, x % n)).collect();
    let row = make_tensor(row_major.as_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap();
    let in_bounds = |c: [i64; 2]| elem_less(&c, &[m, n]);
    for (i, j) in (0..(m + 7) / 8).flat_map(|i| (0..(n + 7) / 8).map(move |j| (i, j))) {
        let cid = local_tile(id, &tiler, (i, j)).unwrap();
        let whole = 8 * (i + 1) <= m && 8 * (j + 1) <= n;
        macro_rules! check {
            ($a:expr) => {{
                let a = $a;
            let tile = local_tile(a, &tiler, (i, j)).unwrap();
                // A tile inside the matrix is whole; one past it may still be inside the data
                // (a row-major tile past the last column reads the next rows, as in CuTe).
                assert!(tile.is_whole() || !whole, "{m}x{n} tile ({i},{j})");
                let mut frag = [-1i64; 64];
                let mut f = make_tensor(&mut frag[..], layout!((8,8):(1,8))).unwrap();
                copy_if(|k| in_bounds(cid.get(k).unwrap()), &tile, &mut f).unwrap();
                // Unpredicated, a tile that reaches past the data is refused.
                let mut scratch = [0i64; 64];
                let mut g = make_tensor(&mut scratch[..], layout!((8,8):(1,8))).unwrap();
                let copied = copy(&tile, &mut g);
                assert_eq!(copied.is_ok(), tile.is_whole(), "{m}x{n} tile ({i},{j})");
                if let Err(e) = copied {
                    assert_eq!(e.code(), "out_of_bounds", "{e}");
                    assert!(e.to_string().starts_with("copy("), "{e}");
                }
                for (r, c) in (0..8).flat_map(|r| (0..8).map(move |c| (r, c))) {
                let (gr, gc) = (8 * i + r, 8 * j + c);
                let got = frag[usize::try_from(r + 8 * c).unwrap()];
                let expected = if gr < m && gc < n { want(gr, gc) } else { -1 };
                assert_eq!(got, expected, "{m}x{n} tile ({i},{j}) element ({r},{c})");
                assert_eq!(cid.get(r + 8 * c).unwrap(), [gr, gc]);
                if gr < m && gc < n {
                        assert_eq!(tile.get(r + 8 * c).unwrap(), expected);
                    }
            }
            for t in 0..8 {
                let mine = local_partition(tile, &thr, t).unwrap();
                let cmine = local_partition(cid, &thr, t).unwrap();
                let mut part = [-1i64; 8];
                let mut p = make_tensor(&mut part[..], layout!((2,4):(1,2))).unwrap();
                copy_if(|k| in_bounds(cmine.get(k).unwrap()), &mine, &mut p).unwrap();
                for k in 0..8 {
                    let [gr, gc] = cmine.get(k).unwrap();
                    // Thread t holds rows t % 4 + 4a and columns t / 4 + 2b of the tile.
                    let (a, b) = (k % 2, k / 2);
                    assert_eq!([gr, gc], [8 * i + t % 4 + 4 * a, 8 * j + t / 4 + 2 * b]);
                    let expected = if gr < m && gc < n { want(gr, gc) } else { -1 };
                    assert_eq!(part[usize::try_from(k).unwrap()], expected, "thread {t}");
                }
            }
            }};
        }
        check!(col);
        check!(row);
    }
    // Past the grid of ceil_div tiles, a coordinate is still out of range.
    let e = local_tile(col, &tiler, ((m + 7) / 8, 0)).unwrap_err();
    assert_eq!(e.code(), "index_out_of_range", "{e}");
}

#[test]
fn residue_tiles_copy_only_their_elements_inside_the_data() {
    for (m, n) in [(20, 12), (1, 1), (8, 8), (17, 3)] {
        check_residues(m, n);
    }
}

#[test]
fn a_zero_sized_problem_has_no_tile() {
    // M = 0 or N = 0: an empty layout, as in CuTe. Its grid of tiles is empty, so a kernel's
    // loop over tiles runs zero times, and no tile coordinate is in range.
    for (m, n) in [(0, 12), (12, 0), (0, 0)] {
        check_residues(m, n);
        let a = make_tensor(&[0i64][..0], layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
        assert_eq!((a.size(), a.layout().cosize()), (0, 0));
        let e = local_tile(a, &tiler!(<8:1,8:1>), (0, 0)).unwrap_err();
        assert_eq!(e.code(), "index_out_of_range", "{e}");
        let id = make_identity_tensor((m, n)).unwrap();
        assert_eq!(id.size(), 0);
        // The same grid in cute-core: a tile mode of the tiler's size, a rest mode with no tile.
        let dl: cute::Layout = format!("({m},{n}):(1,{m})").parse().unwrap();
        let z = cute::zipped_divide(&dl, "<8:1,8:1>".parse::<cute::Tiler>().unwrap()).unwrap();
        assert_eq!(z.mode(0).unwrap().size(), 64, "{z}");
        assert_eq!(z.mode(1).unwrap().size(), 0, "{z}");
    }
    let e = layout!(({-1i64},{12i64}):(1,{0i64})).unwrap_err();
    assert_eq!(e.code(), "negative_shape", "{e}");
}

#[test]
fn a_predicate_that_selects_an_element_past_the_data_is_an_error() {
    let (m, n) = (20, 12);
    let data = vec![0i64; usize::try_from(m * n).unwrap()];
    let a = make_tensor(data.as_slice(), layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let tile = local_tile(a, &tiler!(<8:1,8:1>), (2, 1)).unwrap();
    let mut frag = [0i64; 64];
    let mut f = make_tensor(&mut frag[..], layout!((8,8):(1,8))).unwrap();
    let e = copy_if(|_| true, &tile, &mut f).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
    assert!(e.to_string().starts_with("copy_if("), "{e}");
    // The identity tensor's coordinates must fit their fields: extents up to 2^30 for rank 2.
    assert!(make_identity_tensor((1i64 << 30, 2i64)).is_ok());
    let e = make_identity_tensor((1i64 << 30 | 1, 2i64)).unwrap_err();
    assert_eq!(e.code(), "overflow", "{e}");
}

/// `copy_if` over static shapes of rank 3 and 4 (its loops a nest of modes 0 and 1 inside the
/// rest) copies exactly the elements its predicate selects, whatever the strides.
#[test]
fn copy_if_over_static_shapes_of_higher_rank_copies_the_selected_elements() {
    fn check<A: cute::TensorLayout, B: cute::TensorLayout>(a: A, b: B) {
        let (da, db) = (a.layout(), b.layout());
        let span = |l: &cute::Layout| usize::try_from(l.cosize().unwrap()).unwrap();
        let src: Vec<i64> = (0..span(&da))
            .map(|x| i64::try_from(x).unwrap() + 1)
            .collect();
        let mut dst = vec![0i64; span(&db)];
        let pick = |i: i64| i % 3 != 1 && i % 7 != 2;
        copy_if(
            pick,
            &make_tensor(&src[..], a).unwrap(),
            &mut make_tensor(&mut dst[..], b).unwrap(),
        )
        .unwrap();
        for i in 0..da.size() {
            let at = |l: &cute::Layout| usize::try_from(l.eval(i).unwrap()).unwrap();
            let want = if pick(i) { src[at(&da)] } else { 0 };
            assert_eq!(dst[at(&db)], want, "{da} {db} at {i}");
        }
    }
    let ld = std::hint::black_box(23i64);
    // The im2col tile of a convolution (overlapping) into a fragment, and back out of one.
    check(
        layout!((4,16,(3,3)):({ld},1,(1,{ld}))).unwrap(),
        layout!((4,16,9):(1,4,64)),
    );
    check(
        layout!((2,3,(2,2),5):(1,2,(6,12),24)),
        layout!((2,3,(2,2),5):({ld},1,(3,6),{2 * ld})).unwrap(),
    );
}

/// `copy_if` into register fragments, which it writes through a copy taken back whole
/// (`EngineMut::write_indexed`): the selected elements are copied, the others keep their
/// values, and an element past the source's data is the error naming it, with every other
/// selected element still copied; a fragment past `UNROLL_MAX` registers is written in place.
#[test]
fn copy_if_into_register_fragments_copies_the_selected_elements() {
    let (m, n) = (7i64, 9i64);
    let data: Vec<i64> = (1..=m * n).collect();
    let a = make_tensor(data.as_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap();
    let id = make_identity_tensor((m, n)).unwrap();
    let tile = tiler!(<4:1,16:1>);
    let (t, c) = (
        local_tile(a, &tile, (1, 0)).unwrap(),
        local_tile(id, &tile, (1, 0)).unwrap(),
    );
    let mut f = make_fragment_like(&t);
    fill(&mut f, -1).unwrap();
    copy_if(
        |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
        &t,
        &mut f,
    )
    .unwrap();
    for (i, j) in (0..4).flat_map(|i| (0..16).map(move |j| (i, j))) {
        let inside = 4 + i < m && j < n;
        let want = if inside {
            data[usize::try_from((4 + i) * n + j).unwrap()]
        } else {
            -1
        };
        assert_eq!(f[(i, j)], want, "({i},{j})");
    }
    // Every element selected: the first past the data is the error, the rest copied.
    let mut g = make_fragment_like(&t);
    let e = copy_if(|_| true, &t, &mut g).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
    assert_eq!(g[(0, 8)], data[usize::try_from(4 * n + 8).unwrap()]);
    // 128 registers, past `UNROLL_MAX`: the loop writes them in place.
    let big = local_tile(
        make_tensor(data.as_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap(),
        &tiler!(<8:1,16:1>),
        (0, 0),
    )
    .unwrap();
    let cb = local_tile(
        make_identity_tensor((m, n)).unwrap(),
        &tiler!(<8:1,16:1>),
        (0, 0),
    )
    .unwrap();
    let mut h = make_fragment_like(&big);
    copy_if(
        |k| cb.get(k).is_ok_and(|x| elem_less(&x, &[m, n])),
        &big,
        &mut h,
    )
    .unwrap();
    for (i, j) in (0..8).flat_map(|i| (0..16).map(move |j| (i, j))) {
        let want = if i < m && j < n {
            data[usize::try_from(i * n + j).unwrap()]
        } else {
            0
        };
        assert_eq!(h[(i, j)], want, "({i},{j})");
    }
}

#[test]
fn copy_between_a_runtime_strided_tile_and_a_static_fragment() {
    let (m, n) = (24, 16);
    let data: Vec<i32> = (0..m * n).map(|x| i32::try_from(x).unwrap()).collect();
    let a = make_tensor(data.as_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap();
    let tile = local_tile(a, &tiler!(<8:1,4:1>), (2, 3)).unwrap();
    let mut frag = [0i32; 32];
    let mut f = make_tensor(&mut frag[..], layout!((8,4):(1,8))).unwrap();
    copy(&tile, &mut f).unwrap();
    for (r, c) in (0..8).flat_map(|r| (0..4).map(move |c| (r, c))) {
        let want = data[usize::try_from((16 + r) * n + 12 + c).unwrap()];
        assert_eq!(frag[usize::try_from(r + 8 * c).unwrap()], want, "({r},{c})");
    }
    // A fully runtime tensor copies too (a counted loop).
    let dynamic = make_tensor(data.as_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap();
    let mut all = vec![0i32; data.len()];
    let mut out = make_tensor(all.as_mut_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap();
    copy(&dynamic, &mut out).unwrap();
    assert_eq!(all, data);
    let _ = Dyn::new(0);
}

/// Runs `gemm` on `A`, `B`, `C` as given and through their dynamic layouts, over data as long as
/// each cosize, and checks the two give the same bits (and change `C`).
fn same_as_general_gemm<LA, LB, LC>(la: LA, lb: LB, lc: LC)
where
    LA: cute::TensorLayout,
    LB: cute::TensorLayout,
    LC: cute::TensorLayout,
{
    let span = |l: &cute::Layout| u16::try_from(l.cosize().unwrap()).unwrap();
    let (da, db, dc) = (la.layout(), lb.layout(), lc.layout());
    let a: Vec<f32> = (0..span(&da))
        .map(|x| f32::from(x % 7) * 0.37 - 1.0)
        .collect();
    let b: Vec<f32> = (0..span(&db))
        .map(|x| f32::from(x % 5) * 0.91 + 0.5)
        .collect();
    let c0: Vec<f32> = (0..span(&dc)).map(|x| f32::from(x) * 0.1).collect();
    let (mut c1, mut c2) = (c0.clone(), c0.clone());
    gemm(
        &make_tensor(&a[..], la).unwrap(),
        &make_tensor(&b[..], lb).unwrap(),
        &mut make_tensor(&mut c1[..], lc).unwrap(),
    )
    .unwrap();
    gemm(
        &make_tensor(&a[..], da).unwrap(),
        &make_tensor(&b[..], db).unwrap(),
        &mut make_tensor(&mut c2[..], dc).unwrap(),
    )
    .unwrap();
    let bits = |c: &[f32]| c.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&c1), bits(&c2), "{da} {db} {dc}");
    assert_ne!(bits(&c1), bits(&c0));
}

/// `gemm` over static shapes with runtime strides (tiles of runtime-sized matrices, an im2col
/// view whose modes overlap) takes the static path, and gives, bit for bit, what the general
/// loop gives through dynamic layouts.
#[test]
fn gemm_on_static_shapes_with_runtime_strides_is_the_general_gemm() {
    let (ld, ldb) = (std::hint::black_box(37i64), std::hint::black_box(11i64));
    // Tiles of runtime-strided matrices: C(8x8) += A(8x16) · B(8x16), and a small product.
    same_as_general_gemm(
        layout!((8,16):(1,{ld})).unwrap(),
        layout!((8,16):({ldb},1)).unwrap(),
        layout!((8,8):(1,8)),
    );
    same_as_general_gemm(
        layout!((4,4):({ld},1)).unwrap(),
        layout!((4,4):(1,{ldb})).unwrap(),
        layout!((4,4):({ldb},1)).unwrap(),
    );
    // A 3x3 convolution as implicit GEMM: the im2col view (_4,_16,(_3,_3)):(ld,_1,(ld,_1))
    // of an image of row pitch ld as (V,M,K), the filter broadcast over V and M.
    same_as_general_gemm(
        layout!((4,16,(3,3)):({ld},1,({ld},1))).unwrap(),
        layout!((4,1,(3,3)):(0,0,(3,1))),
        layout!((4,16,1):(16,1,0)),
    );
    // A's M contiguous and its V strided: the batched GEMM runs one v at a time, with N > 1
    // and a V-major C, with a nested M, and over a static halo buffer.
    same_as_general_gemm(
        layout!((4,8,(3,3)):({ld},1,(1,{ld}))).unwrap(),
        layout!((4,2,(3,3)):(0,9,(1,3))),
        layout!((4,8,2):(1,4,32)),
    );
    same_as_general_gemm(
        layout!((4,(4,4),(3,3)):({ld},(1,4),(1,{ld}))).unwrap(),
        layout!((4,1,(3,3)):(0,0,(1,3))),
        layout!((4,(4,4),1):(1,(4,16),0)),
    );
    same_as_general_gemm(
        layout!((4,16,(3,3)):(18,1,(1,18))),
        layout!((4,1,(3,3)):(0,0,(1,3))),
        layout!((4,16,1):(1,4,0)),
    );
    // Each v's calls spelled out at compile time: an odd V, and the largest (V·M = 64, M = 2).
    same_as_general_gemm(
        layout!((5,12,(3,3)):({ld},1,(1,{ld}))).unwrap(),
        layout!((5,1,(3,3)):(0,0,(1,3))),
        layout!((5,12,1):(1,5,0)),
    );
    same_as_general_gemm(
        layout!((32,2,(3,3)):({ld},1,(1,{ld}))).unwrap(),
        layout!((32,1,(3,3)):(0,0,(1,3))),
        layout!((32,2,1):(1,32,0)),
    );
}

/// `gemm` on static fragments (the unrolled path) gives, bit for bit, what the general loop
/// gives on the same values through dynamic layouts; partial tensors are refused.
#[test]
fn gemm_on_static_fragments_is_the_general_gemm() {
    same_as_general_gemm(
        layout!((4,8):(1,4)),
        layout!((4,8):(1,4)),
        layout!((4,4):(1,4)),
    );
    same_as_general_gemm(
        layout!((8,8):(1,8)),
        layout!((8,8):(8,1)),
        layout!((8,8):(8,1)),
    );
    // Non-square, with a nested mode: C(3x(2,2)) += A(3x5) · B((2,2)x5).
    same_as_general_gemm(
        layout!((3,5):(5,1)),
        layout!(((2,2),5):((1,2),4)),
        layout!((3,(2,2)):(1,(3,6))),
    );
    // The other dispatch shapes: element by element, outer product, batched.
    same_as_general_gemm(layout!(6:1), layout!(6:1), layout!(6:1));
    same_as_general_gemm(layout!(4:1), layout!(3:1), layout!((4,3):(3,1)));
    same_as_general_gemm(
        layout!((2,3,5):(1,2,6)),
        layout!((2,4,5):(1,2,8)),
        layout!((2,3,4):(12,4,1)),
    );
    // Mismatched extents stay errors.
    let (a, b, mut c) = ([0f32; 32], [0f32; 32], [0f32; 16]);
    let e = gemm(
        &make_tensor(&a[..], layout!((4,8):(1,4))).unwrap(),
        &make_tensor(&b[..], layout!((4,8):(1,4))).unwrap(),
        &mut make_tensor(&mut c[..], layout!((2,8):(1,2))).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.code(), "size_mismatch", "{e}");
    // A partial tile is refused.
    let data = vec![0f32; 20 * 12];
    let t = make_tensor(
        data.as_slice(),
        layout!(({20i64},{12i64}):(1,{20i64})).unwrap(),
    )
    .unwrap();
    let tile = local_tile(t, &tiler!(<8:1,8:1>), (2, 1)).unwrap();
    let (x, mut y) = ([0f32; 64], [0f32; 64]);
    let e = gemm(
        &tile,
        &make_tensor(&x[..], layout!((8,8):(1,8))).unwrap(),
        &mut make_tensor(&mut y[..], layout!((8,8):(1,8))).unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
}

/// `fill`, `clear` and `axpby` over a runtime-strided tile and static fragments, element by
/// element; a partial tile is refused.
#[test]
fn fill_clear_and_axpby_over_tiles_and_fragments() {
    let (m, n) = (24i64, 16i64);
    let mut data: Vec<f32> = (0..m * n).map(|_| 1.0).collect();
    let mut frag = [5f32; 32];
    {
        let mut f = make_tensor(&mut frag[..], layout!((8,4):(1,8))).unwrap();
        clear(&mut f).unwrap();
        fill(&mut f, 2.0).unwrap();
    }
    assert_eq!(frag.map(f32::to_bits), [2f32.to_bits(); 32]);
    let mut a = make_tensor(data.as_mut_slice(), layout!(({m},{n}):({n},1)).unwrap()).unwrap();
    {
        // Tile (1,2) of 8x4: rows 8..16, columns 8..12 of the row-major matrix.
        let mut tile = local_tile(a.view_mut(), &tiler!(<8:1,4:1>), (1, 2)).unwrap();
        let x = make_tensor(&frag[..], layout!((8,4):(1,8))).unwrap();
        axpby(3.0, &x, 0.5, &mut tile).unwrap();
    }
    for (r, c) in (0..m).flat_map(|r| (0..n).map(move |c| (r, c))) {
        let inside = (8..16).contains(&r) && (8..12).contains(&c);
        let want = if inside { 3.0 * 2.0 + 0.5 } else { 1.0 };
        let got = data[usize::try_from(r * n + c).unwrap()];
        assert_eq!(got.to_bits(), f32::to_bits(want), "({r},{c})");
    }
    let mut short = vec![0f32; 20 * 12];
    let t = make_tensor(
        short.as_mut_slice(),
        layout!(({20i64},{12i64}):(1,{20i64})).unwrap(),
    );
    let mut partial = local_tile(t.unwrap(), &tiler!(<8:1,8:1>), (2, 1)).unwrap();
    assert_eq!(fill(&mut partial, 1.0).unwrap_err().code(), "out_of_bounds");
    let x = make_tensor(&[0f32; 64][..], layout!((8,8):(1,8))).unwrap();
    let e = axpby(1.0, &x, 1.0, &mut partial).unwrap_err();
    assert!(e.to_string().starts_with("axpby("), "{e}");
}

/// `local_tile` with CuTe's `Step` projections: one block tiler `(BLK_M, BLK_N, BLK_K)` and one
/// block coordinate `(m, n, k)` give the tiles of `A` `(M,K)`, `B` `(N,K)` and `C` `(M,N)`, the
/// same as `local_tile` with the projected tiler and coordinate.
#[test]
fn local_tile_step_projects_the_block_tiler() {
    let (m, n, k) = (64i64, 48i64, 32i64);
    let a = make_tensor(Counting, layout!(({m},{k}):(1,{m})).unwrap()).unwrap();
    let b = make_tensor(Counting, layout!(({n},{k}):({k},1)).unwrap()).unwrap();
    let c = make_tensor(Counting, layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let blk = tiler!(<16:1,8:1,4:1>);
    let coord = (3i64, 5i64, 7i64);
    let ga = local_tile_step(a, &blk, coord, Step::<(U1, X, U1)>::new()).unwrap();
    let want = local_tile(a, &tiler!(<16:1,4:1>), (3i64, 7i64)).unwrap();
    assert_eq!(
        (ga.base(), ga.layout().to_dynamic()),
        (want.base(), want.layout().to_dynamic())
    );
    let gb = local_tile_step(b, &blk, coord, Step::<(X, U1, U1)>::new()).unwrap();
    let want = local_tile(b, &tiler!(<8:1,4:1>), (5i64, 7i64)).unwrap();
    assert_eq!(
        (gb.base(), gb.layout().to_dynamic()),
        (want.base(), want.layout().to_dynamic())
    );
    let gc = local_tile_step(c, &blk, coord, Step::<(U1, U1, X)>::new()).unwrap();
    let want = local_tile(c, &tiler!(<16:1,8:1>), (3i64, 5i64)).unwrap();
    assert_eq!(
        (gc.base(), gc.layout().to_dynamic()),
        (want.base(), want.layout().to_dynamic())
    );
    // The kept coordinates are still checked: k = 8 is past K / 4 = 8 tiles.
    let e = local_tile_step(a, &blk, (0i64, 0i64, 8i64), Step::<(U1, X, U1)>::new()).unwrap_err();
    assert_eq!(e.code(), "index_out_of_range", "{e}");
}

/// `inner_partition` is `local_tile`; `outer_partition` of a runtime matrix is cute-core's at
/// every coordinate of the tile, and refuses one outside it.
#[test]
fn inner_and_outer_partition_are_cute_core_s() {
    let (m, n) = (40i64, 24i64);
    let t = make_tensor(Counting, layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let d = make_tensor(Counting, t.layout().to_dynamic()).unwrap();
    let tiler = tiler!(<8:1,4:1>);
    let dynamic: cute::Tiler = "<8:1,4:1>".parse().unwrap();
    let inner = inner_partition(t, &tiler, (2i64, 3i64)).unwrap();
    let tile = local_tile(t, &tiler, (2i64, 3i64)).unwrap();
    assert_eq!(
        (inner.base(), inner.layout().to_dynamic()),
        (tile.base(), tile.layout().to_dynamic())
    );
    for (i, j) in (0..8).flat_map(|i| (0..4).map(move |j| (i, j))) {
        let mine = outer_partition(t, &tiler, (i, j)).unwrap();
        let want = d.outer_partition(dynamic, &crd(i, j)).unwrap();
        assert_eq!(mine.base(), want.base(), "({i},{j})");
        assert_eq!(mine.layout().to_dynamic(), *want.layout(), "({i},{j})");
    }
    let e = outer_partition(t, &tiler, (8i64, 0i64)).unwrap_err();
    assert_eq!(e.code(), "index_out_of_range", "{e}");
}

/// Whether every position of `x` is inside `0..len`: the definition of a whole tensor.
fn inside<L: cute::TensorLayout>(x: &cute::Tensor<&[f32], L>, len: i64) -> bool {
    (0..x.size()).all(|i| (0..len).contains(&(x.base() + x.layout().offset_of(i))))
}

#[test]
fn views_inherit_wholeness_only_where_they_lie_within_their_tensor() {
    // A static tensor over exactly its data: every tile and partition lies within it (the
    // tiler divides it), so each is whole without a look at the data's length.
    let data: Vec<f32> = (0..256u16).map(f32::from).collect();
    let s = make_tensor(&data[..], <cute::Layout!((16,16):(1,16))>::new()).unwrap();
    let thr = Layout::<(U4, U2), (U1, U4)>::new();
    for i in 0..2 {
        for j in 0..2 {
            let tile = local_tile(s, &tiler!(<8:1,8:1>), (i, j)).unwrap();
            assert!(tile.is_whole() && inside(&tile, 256));
            let want = data[usize::try_from(8 * i + 1 + 16 * (8 * j + 1)).unwrap()];
            assert_eq!(tile.get(9).unwrap().to_bits(), want.to_bits());
            for t in 0..8 {
                let part = local_partition(tile, &thr, t).unwrap();
                assert!(part.is_whole() && inside(&part, 256));
            }
        }
    }
    // A runtime 20x12 column-major matrix over exactly its data, by 8x8 tiles: the residue
    // tiles reach past the span of the matrix and are checked against the data; sub-tiles of a
    // partial tile are checked too, whole or not as their own positions say.
    let (m, n) = (20, 12);
    let data: Vec<f32> = (0..u16::try_from(m * n).unwrap()).map(f32::from).collect();
    let g = make_tensor(&data[..], layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let mut partial = 0;
    for i in 0..3 {
        for j in 0..2 {
            let tile = local_tile(g, &tiler!(<8:1,8:1>), (i, j)).unwrap();
            assert_eq!(tile.is_whole(), inside(&tile, m * n), "tile ({i},{j})");
            partial += usize::from(!tile.is_whole());
            for (a, b) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let sub = local_tile(tile, &tiler!(<4:1,4:1>), (a, b)).unwrap();
                let why = format!("tile ({i},{j}), sub-tile ({a},{b})");
                assert_eq!(sub.is_whole(), inside(&sub, m * n), "{why}");
            }
        }
    }
    // Past the last column (j = 1) a tile reaches past the data; past the last row (2,0) it
    // reads the next column, inside the data.
    assert_eq!(partial, 3);
}
