//! Tensors: construction checks the image once, slices are the paper's (Figure 5), and the
//! partitioning idioms (§3.3.4, §3.5.2) cover every element exactly once.

use cute::algorithm::copy;
use cute::{layout, make_tensor, Counting, IdentityTensor, Tiler};

use crate::strategy::{l, t};

#[test]
fn construction_checks_the_image() {
    let data = [0i32; 20];
    let e = make_tensor(&data[..], l("(8,3):(3,1)")).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds");
    assert_eq!(
        e.to_string(),
        "make_tensor((8,3):(3,1), 0): out of bounds: the layout reaches positions 0..=23 of data holding 20 elements"
    );
    // Negative strides reach below the start.
    assert_eq!(
        make_tensor(&data[..], l("4:-1")).unwrap_err().code(),
        "out_of_bounds"
    );
    // A counting tensor has a value everywhere.
    assert_eq!(
        make_tensor(Counting, l("4:-1")).unwrap().get(3).unwrap(),
        -3
    );
    let t = make_tensor(&data[..], l("(4,5):(5,1)")).unwrap();
    assert_eq!(t.get(20).unwrap_err().code(), "index_out_of_range");
}

#[test]
fn figure_5_slices() {
    // Every element of each slice is the element of the full tensor at the full coordinate.
    let a = l("((3,2),((2,3),2)):((4,1),((2,15),100))");
    let full = make_tensor(Counting, a).unwrap();
    for (c, base, sub) in [
        ("(2,_)", 8, "(((2,3),2)):(((2,15),100))"),
        ("(_,5)", 32, "((3,2)):((4,1))"),
        ("((2,_),_)", 8, "(2,((2,3),2)):(1,((2,15),100))"),
        ("(_,(_,1))", 100, "((3,2),(2,3)):((4,1),(2,15))"),
        ("((_,1),(_,0))", 1, "(3,(2,3)):(4,(2,15))"),
        ("((_,0),((_,2),1))", 130, "(3,2):(4,2)"),
    ] {
        let s = full.slice(&t(c)).unwrap();
        assert_eq!(
            (s.base(), s.layout().to_string().as_str()),
            (base, sub),
            "A{c}"
        );
        for i in 0..s.size() {
            assert_eq!(s.get(i).unwrap(), base + s.layout().eval(i).unwrap());
        }
    }
    // Slicing borrowed data keeps the data: row 1 of a row-major 4x5 matrix.
    let data: Vec<i32> = (0..20).collect();
    let m = make_tensor(data.as_slice(), l("(4,5):(5,1)")).unwrap();
    let row = m.slice(&t("(1,_)")).unwrap();
    assert_eq!(
        (0..5).map(|i| row.get(i).unwrap()).collect::<Vec<_>>(),
        [5, 6, 7, 8, 9]
    );
}

/// The elements each part reaches, over all parts, are each element exactly once.
fn covers_once(parts: impl Iterator<Item = Vec<i64>>, size: i64) {
    let mut seen = vec![0; size as usize];
    for p in parts {
        for v in p {
            seen[v as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
}

fn values<L: cute::TensorLayout>(x: &cute::Tensor<Counting, L>) -> Vec<i64> {
    (0..x.size()).map(|i| x.get(i).unwrap()).collect()
}

#[test]
fn local_tile_and_local_partition_cover_the_tensor() {
    let data = make_tensor(Counting, l("(16,64):(64,1)")).unwrap();
    let tiler: Tiler = "<4:1,16:1>".parse().unwrap();
    let tiles = (0..4).flat_map(|x| (0..4).map(move |y| (x, y)));
    covers_once(
        tiles.map(|(x, y)| values(&data.local_tile(tiler, &t(&format!("({x},{y})"))).unwrap())),
        1024,
    );
    let tile = data.local_tile(tiler, &t("(1,2)")).unwrap();
    assert_eq!(tile.layout().to_string(), "(4,16):(64,1)");
    assert_eq!(tile.base(), 4 * 64 + 32);
    // Threads laid out (2,16):(16,1) repeat over the tensor.
    let thr = l("(2,16):(16,1)");
    covers_once(
        (0..32).map(|i| values(&data.local_partition(&thr, i).unwrap())),
        1024,
    );
    let mine = data.local_partition(&thr, 17).unwrap();
    assert_eq!(mine.layout().to_string(), "(8,4):(128,16)");
    // Thread 17 is at (1,1) of the thread layout: rows 1, 3, ..., columns 1, 17, 33, 49.
    assert_eq!(mine.base(), 64 + 1);
    // Coordinates and thread indices out of range are errors, as `get(1024)` is, not views of
    // other elements.
    for c in ["(4,0)", "(0,4)", "(-1,0)", "(0,(1,1))"] {
        let e = data.local_tile(tiler, &t(c)).unwrap_err();
        assert!(
            ["index_out_of_range", "invalid_parameters"].contains(&e.code()),
            "{c}: {e}"
        );
    }
    for i in [32, -1, 1 << 40] {
        let e = data.local_partition(&thr, i).unwrap_err();
        assert_eq!(e.code(), "invalid_parameters", "{i}: {e}");
        assert!(
            e.to_string().starts_with("local_partition((2,16):(16,1), "),
            "{e}"
        );
    }
    let e = data.slice(&t("(16,_)")).unwrap_err();
    assert_eq!(e.code(), "index_out_of_range");
    assert_eq!(
        e.to_string(),
        "slice((16,64):(64,1), (16,_)): index 16 is out of range for size 16"
    );
    assert_eq!(
        data.slice(&t("1024")).unwrap_err().code(),
        "index_out_of_range"
    );
    // A tiler with more modes than the tensor is an error naming the operation.
    let e = data.local_tile(
        Tiler::new(&[l("2:1"), l("2:1"), l("2:1")]).unwrap(),
        &t("(0,0,0)"),
    );
    let e = e.unwrap_err();
    assert_eq!(e.code(), "tiler_rank_too_large");
    assert!(
        e.to_string().starts_with(
            "local_tile: logical_divide((16,64):(64,1), <2:1,2:1,2:1>): too many modes in tiler"
        ),
        "{e}"
    );
}

/// Table 4's data layouts of an 8x8 tile, each partitioned over 32 threads by the Ampere layout
/// `((4,8),2):((16,1),8)`: thread `t` copies to its registers the elements at the coordinates the
/// identity tensor gives for `(t, v)` (the paper's `ColInterleaved` layout is not injective, so the
/// check reads through the layout rather than by value).
#[test]
fn table_4_thread_value_partition() {
    let tv = l("((4,8),2):((16,1),8)");
    let id = IdentityTensor::new(&t("(8,8)"))
        .unwrap()
        .compose(tv)
        .unwrap();
    for (data_layout, result) in [
        ("(8,8):(1,8)", "((4,8),2):((16,1),8)"),
        ("(8,8):(8,1)", "((4,8),2):((2,8),1)"),
        ("(8,8):(1,9)", "((4,8),2):((18,1),9)"),
        (
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
    ] {
        let dl = l(data_layout);
        let mem: Vec<i64> = (0..dl.cosize().unwrap()).map(|k| 3 * k + 1).collect();
        let tile = make_tensor(mem.as_slice(), dl).unwrap();
        let by_thread = tile.compose(tv).unwrap();
        assert_eq!(by_thread.layout().to_string(), result, "{data_layout}");
        for thread in 0..32 {
            let mine = by_thread.slice(&t(&format!("({thread},_)"))).unwrap();
            let mut regs = [0i64; 2];
            let mut r = make_tensor(&mut regs[..], layout!(2:1)).unwrap();
            copy(&mine, &mut r).unwrap();
            for v in 0..2 {
                let c = id.get(thread + 32 * v).unwrap();
                let want = mem[dl.eval_crd(&c).unwrap() as usize];
                assert_eq!(
                    regs[v as usize], want,
                    "{data_layout} T{thread} V{v} at {c}"
                );
            }
        }
    }
}

#[test]
fn algebra_on_tensors() {
    let data: Vec<i64> = (0..128).collect();
    let t8 = make_tensor(data.as_slice(), l("(8,16):(16,1)")).unwrap();
    // zipped_divide by <2:1,4:1>: mode 0 is a 2x4 tile, mode 1 the 4x4 grid of tiles.
    let z = t8
        .zipped_divide(Tiler::new(&[l("2:1"), l("4:1")]).unwrap())
        .unwrap();
    assert_eq!(z.layout().to_string(), "((2,4),(4,4)):((16,1),(32,4))");
    let tile = z.slice(&t("(_,5)")).unwrap();
    assert_eq!((tile.base(), tile.get(1).unwrap()), (36, 52));
    // A composition that reaches past the data is an error, not an access.
    let short = make_tensor(&data[..64], l("64:1")).unwrap();
    assert_eq!(
        short.compose(l("4:32")).unwrap_err().code(),
        "out_of_bounds"
    );
    // A divide may: its last tile is partial, read element by element with a check.
    let tiles = short.zipped_divide(l("48:1")).unwrap();
    assert_eq!(tiles.layout().to_string(), "(48,2):(1,48)");
    assert!(!tiles.is_whole());
    let last = tiles.slice(&t("(_,1)")).unwrap();
    assert_eq!(
        (last.get(15).unwrap(), last.get(16).unwrap_err().code()),
        (63, "out_of_bounds")
    );
    assert_eq!(
        tiles.slice(&t("(_,2)")).unwrap_err().code(),
        "index_out_of_range"
    );
    let p = make_tensor(Counting, l("(2,2):(1,2)")).unwrap();
    assert_eq!(
        p.blocked_product(&l("(2,2):(1,2)"))
            .unwrap()
            .layout()
            .to_string(),
        "((2,2),(2,2)):((1,4),(2,8))"
    );
    assert_eq!(
        p.logical_product(l("3:1")).unwrap().layout().to_string(),
        "((2,2),3):((1,2),4)"
    );
}

/// The identity tensor is partitioned exactly as the data it guards: every element a thread gets
/// from `local_tile` then `local_partition` of a row-major 16x64 tile is the element at the
/// coordinate the identity tensor gives the same thread at the same index.
#[test]
fn identity_tensor_partitions_like_the_data() {
    let shape = t("(16,64)");
    let data_layout = l("(16,64):(64,1)");
    let mem: Vec<i64> = (0..1024).map(|k| 7 * k + 3).collect();
    let data = make_tensor(mem.as_slice(), data_layout).unwrap();
    let id = cute::dynamic::make_identity_tensor(&shape).unwrap();
    assert_eq!(id.get(17).unwrap().to_string(), "(1,1)");
    let tiler = Tiler::new(&[l("8:1"), l("32:1")]).unwrap();
    let thr = l("(2,16):(16,1)");
    let mut seen = 0;
    for tile in ["(0,0)", "(1,1)"] {
        let d = data.local_tile(tiler, &t(tile)).unwrap();
        let c = id.local_tile(tiler, &t(tile)).unwrap();
        for i in 0..32 {
            let (dp, cp) = (
                d.local_partition(&thr, i).unwrap(),
                c.local_partition(&thr, i).unwrap(),
            );
            assert_eq!(dp.size(), cp.size());
            for k in 0..dp.size() {
                let crd = cp.get(k).unwrap();
                assert_eq!(
                    dp.get(k).unwrap(),
                    data.get_crd(&crd).unwrap(),
                    "T{i} #{k} at {crd}"
                );
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 2 * 8 * 32);
    // The old spelling builds the same tensor.
    let again = IdentityTensor::new(&shape).unwrap();
    assert_eq!(again.layout(), id.layout());
    // A residue tile holds its own coordinates past the shape, not those of other elements:
    // tile (2,1) of (20,12) by 8x8 is rows 16..24, columns 8..16.
    let id = cute::dynamic::make_identity_tensor(&t("(20,12)")).unwrap();
    let tile = id
        .local_tile(Tiler::new(&[l("8:1"), l("8:1")]).unwrap(), &t("(2,1)"))
        .unwrap();
    assert_eq!(tile.get(5).unwrap().to_string(), "(21,8)");
    assert_eq!(tile.get(63).unwrap().to_string(), "(23,15)");
    // A 1-D tile of the 2-D tensor runs down the columns, as with CuTe's basis strides.
    let flat = id.zipped_divide(l("40:1")).unwrap();
    assert_eq!(
        flat.layout().to_string(),
        "((20,2),6):((1,2147483648),4294967296)"
    );
    let second = flat.slice(&t("(_,1)")).unwrap();
    assert_eq!(second.get(21).unwrap().to_string(), "(1,3)");
}

/// The coordinates of a shape with a negative leaf are an error, not a huge extent; a zero leaf
/// gives an empty identity tensor.
#[test]
fn coordinates_need_a_non_negative_shape() {
    let e = cute::Coordinates::new(&t("(-2,3)")).unwrap_err();
    assert_eq!(e.code(), "negative_shape", "{e}");
    assert!(cute::dynamic::make_identity_tensor(&t("(-2,3)")).is_err());
    let id = cute::dynamic::make_identity_tensor(&t("(4,0)")).unwrap();
    assert_eq!(id.size(), 0);
    assert_eq!(id.get(0).unwrap_err().code(), "index_out_of_range");
}

/// Tensors over empty layouts: every algorithm has nothing to do, and does it without error.
#[test]
fn empty_tensors_take_part_in_every_algorithm() {
    use cute::algorithm::{axpby, fill, gemm};
    let e: cute::Layout = "(4,0):(1,4)".parse().unwrap();
    let mut none: [f32; 0] = [];
    let src = cute::make_tensor(&[1.0f32; 4][..], e).unwrap();
    let mut dst = cute::make_tensor(&mut none[..], e).unwrap();
    copy(&src, &mut dst).unwrap();
    fill(&mut dst, 3.0).unwrap();
    axpby(2.0, &src, 1.0, &mut dst).unwrap();
    assert_eq!(dst.get(0).unwrap_err().code(), "index_out_of_range");
    // C (0x3) += A (0x2) · B (3x2)ᵀ: no element of C.
    let (a, b): (cute::Layout, cute::Layout) = (l("(0,2):(1,0)"), l("(3,2):(1,3)"));
    let mut c0: [f32; 0] = [];
    let ta = cute::make_tensor(&none[..], a).unwrap();
    let tb = cute::make_tensor(&[1.0f32; 6][..], b).unwrap();
    let mut tc = cute::make_tensor(&mut c0[..], l("(0,3):(1,0)")).unwrap();
    gemm(&ta, &tb, &mut tc).unwrap();
}
