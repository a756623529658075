//! Swizzled layouts backing tensors: a tensor over `Swizzled<E>` with layout `L` at
//! base `o` is `Sw ∘ o ∘ L`. Every view (slice, divides, products, `local_tile`,
//! `local_partition`) keeps the swizzle outermost: checked element by element against the view
//! without the swizzle and against the composed layout `Sw ∘ base ∘ L` of the view evaluated
//! directly, for dynamic, static and mixed layouts, and on real data through `copy`.

use cute::algorithm::copy;
use cute::cute_static::tensor::{local_partition, local_tile};
use cute::{
    layout, make_tensor, tiler, ComposedLayout, Counting, IntTuple, Layout, Swizzle, Swizzled,
    Tensor, TensorLayout, Tiler,
};

fn sw(b: i64, m: i64, s: i64) -> Swizzle {
    Swizzle::new(b, m, s).unwrap()
}

fn lay(s: &str) -> Layout {
    s.parse().unwrap()
}

fn crd(s: &str) -> IntTuple {
    s.parse().unwrap()
}

/// The view `v` of a swizzled counting tensor against the same view `plain` without the
/// swizzle: element `i` is `Sw(plain(i))`, and `(Sw ∘ base ∘ L)(i)` of the view's own parts.
fn check_view<L: TensorLayout, M: TensorLayout>(
    what: &str,
    s: Swizzle,
    v: &Tensor<Swizzled<Counting>, L>,
    plain: &Tensor<Counting, M>,
) {
    assert_eq!(v.size(), plain.size(), "{what}");
    let c = ComposedLayout::new(s, v.base(), v.layout().layout());
    for i in 0..v.size() {
        let want = s.apply(plain.get(i).unwrap());
        assert_eq!(v.get(i).unwrap(), want, "{what} at {i}");
        assert_eq!(c.eval(i).unwrap(), want, "{what}: {c} at {i}");
    }
}

/// Swizzled layouts of shared-memory tiles (positive and negative shifts, an offset), with
/// the sizes of their two modes.
fn cases() -> Vec<(Swizzle, i64, Layout, (i64, i64))> {
    vec![
        (sw(3, 0, 3), 0, lay("(8,8):(8,1)"), (8, 8)),
        (sw(3, 3, 3), 0, lay("(8,64):(64,1)"), (8, 64)),
        (sw(2, 1, 3), 0, lay("(16,16):(1,16)"), (16, 16)),
        (
            sw(3, 3, 3),
            0,
            lay("((8,8),(8,8)):((64,512),(1,8))"),
            (64, 64),
        ),
        (sw(2, 0, -3), 0, lay("(8,32):(32,1)"), (8, 32)),
        (sw(3, 0, 3), 64, lay("(8,8):(8,1)"), (8, 8)),
    ]
}

#[test]
fn a_composed_layout_backs_a_tensor() {
    for (s, o, l, _) in cases() {
        let c = ComposedLayout::new(s, o, l);
        let t = c.tensor(Counting).unwrap();
        assert_eq!((t.base(), *t.layout()), (o, l));
        for i in 0..l.size() {
            assert_eq!(t.get(i).unwrap(), c.eval(i).unwrap(), "{c} at {i}");
        }
    }
}

#[test]
fn views_keep_the_swizzle_outermost() {
    for (s, o, l, (m, n)) in cases() {
        let t = ComposedLayout::new(s, o, l).tensor(Counting).unwrap();
        let p = cute::make_tensor_at(Counting, o, l).unwrap();
        let name = format!("{s}o{o}o{l}");
        for tiler in ["<2:1,4:1>", "<4:2,2:1>", "<(2,2):(1,4),4:1>"] {
            let tl: Tiler = tiler.parse().unwrap();
            for (op, v, w) in [
                ("logical_divide", t.logical_divide(tl), p.logical_divide(tl)),
                ("zipped_divide", t.zipped_divide(tl), p.zipped_divide(tl)),
                ("tiled_divide", t.tiled_divide(tl), p.tiled_divide(tl)),
                ("flat_divide", t.flat_divide(tl), p.flat_divide(tl)),
                ("compose", t.compose(tl), p.compose(tl)),
            ] {
                match (v, w) {
                    (Ok(v), Ok(w)) => check_view(&format!("{op}({name}, {tiler})"), s, &v, &w),
                    (v, w) => assert_eq!(v.is_ok(), w.is_ok(), "{op}({name}, {tiler})"),
                }
            }
            // Every tile, and each tile's slices.
            let tiles = |k: i64, t: i64| (k + t - 1) / t;
            let (tm, tn) = if tiler.starts_with("<2:1") {
                (2, 4)
            } else {
                (4, 4)
            };
            for i in 0..tiles(m, tm) {
                for j in 0..tiles(n, tn) {
                    let c = crd(&format!("({i},{j})"));
                    let (Ok(v), Ok(w)) = (t.local_tile(tl, &c), p.local_tile(tl, &c)) else {
                        continue;
                    };
                    check_view(&format!("local_tile({name}, {tiler}, {c})"), s, &v, &w);
                    let row = crd("(1,_)");
                    if let (Ok(v), Ok(w)) = (v.slice(&row), w.slice(&row)) {
                        check_view(&format!("slice of tile {c}"), s, &v, &w);
                    }
                }
            }
        }
        let thr = lay("(2,4):(4,1)");
        for k in 0..thr.size() {
            let (v, w) = (t.local_partition(&thr, k), p.local_partition(&thr, k));
            check_view(
                &format!("local_partition({name}, {thr}, {k})"),
                s,
                &v.unwrap(),
                &w.unwrap(),
            );
        }
        let b = lay("(2,2):(1,2)");
        for (op, v, w) in [
            (
                "logical_product",
                t.logical_product(b),
                p.logical_product(b),
            ),
            (
                "blocked_product",
                t.blocked_product(&b),
                p.blocked_product(&b),
            ),
            ("raked_product", t.raked_product(&b), p.raked_product(&b)),
        ] {
            // A product reaches past the tile (Counting has every position, so the view is whole).
            check_view(&format!("{op}({name}, {b})"), s, &v.unwrap(), &w.unwrap());
        }
    }
}

#[test]
fn static_and_mixed_tiles_of_a_swizzled_tensor() {
    let s = sw(3, 3, 3);
    let dynamic = make_tensor(Swizzled::new(s, Counting), lay("(8,64):(64,1)")).unwrap();
    let plain = make_tensor(Counting, lay("(8,64):(64,1)")).unwrap();
    let st = make_tensor(Swizzled::new(s, Counting), layout!((8, 64):(64, 1))).unwrap();
    let mixed = make_tensor(
        Swizzled::new(s, Counting),
        layout!(({8},64):(64,1)).unwrap(),
    )
    .unwrap();
    let dt: Tiler = "<4:1,8:1>".parse().unwrap();
    for i in 0..2 {
        for j in 0..8 {
            let want = dynamic.local_tile(dt, &crd(&format!("({i},{j})"))).unwrap();
            let w = plain.local_tile(dt, &crd(&format!("({i},{j})"))).unwrap();
            let a = local_tile(st, &tiler!(<4:1,8:1>), (i, j)).unwrap();
            let b = local_tile(mixed, &tiler!(<4:1,8:1>), (i, j)).unwrap();
            check_view(&format!("static tile ({i},{j})"), s, &a, &w);
            check_view(&format!("mixed tile ({i},{j})"), s, &b, &w);
            assert_eq!(a.base(), want.base());
        }
    }
    let thr = layout!((4, 8):(8, 1));
    let dthr = lay("(4,8):(8,1)");
    for k in 0..32 {
        let a = local_partition(st, &thr, k).unwrap();
        let w = plain.local_partition(&dthr, k).unwrap();
        check_view(&format!("static partition {k}"), s, &a, &w);
    }
}

#[test]
fn copy_into_a_swizzled_tile_stores_each_element_at_its_swizzled_offset() {
    // A row-major 8x64 matrix into a shared-memory tile swizzled in 16-byte chunks of 4-byte words.
    let s = sw(3, 2, 3);
    let data: Vec<i32> = (0..512).collect();
    let mut smem = vec![-1i32; 512];
    let l = lay("(8,64):(64,1)");
    let src = make_tensor(&data[..], l).unwrap();
    {
        let mut dst = ComposedLayout::new(s, 0, l).tensor(&mut smem[..]).unwrap();
        copy(&src, &mut dst).unwrap();
    }
    for x in 0..512 {
        assert_eq!(smem[s.apply(x) as usize], data[x as usize], "offset {x}");
    }
    // Each thread of a 4x8 thread layout reads its elements back through the swizzle.
    let sm = make_tensor(Swizzled::new(s, &smem[..]), l).unwrap();
    let thr = lay("(4,8):(8,1)");
    for k in 0..32 {
        let (a, b) = (
            sm.local_partition(&thr, k).unwrap(),
            src.local_partition(&thr, k).unwrap(),
        );
        let mut frag = vec![0i32; a.size() as usize];
        let mut f = make_tensor(&mut frag[..], lay(&format!("{}:1", a.size()))).unwrap();
        copy(&a, &mut f).unwrap();
        for i in 0..b.size() {
            assert_eq!(
                frag[i as usize],
                b.get(i).unwrap(),
                "thread {k} element {i}"
            );
        }
    }
}

#[test]
fn a_swizzled_engine_has_whole_periods_only() {
    // Sw<3,3,3> permutes blocks of 512 positions: 600 elements hold one block.
    let s = sw(3, 3, 3);
    let data = vec![0u8; 600];
    assert!(make_tensor(Swizzled::new(s, &data[..]), lay("512:1")).is_ok());
    let e = make_tensor(Swizzled::new(s, &data[..]), lay("513:1")).unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
    let small = [0u8; 100];
    let e = ComposedLayout::new(s, 0, lay("(8,8):(8,1)"))
        .tensor(&small[..])
        .unwrap_err();
    assert_eq!(e.code(), "out_of_bounds", "{e}");
    // A view past the last whole period is partial: its elements there are refused. The
    // second of two 384-element tiles of 512 positions is a residue reaching past them.
    let t = make_tensor(Swizzled::new(s, &data[..]), lay("512:1")).unwrap();
    let v = t
        .local_tile("<384:1>".parse::<Tiler>().unwrap(), &crd("(1)"))
        .unwrap();
    assert!(!v.is_whole());
    assert_eq!(v.get(127).unwrap(), 0);
    assert!(v.get(128).is_err());
}

#[test]
fn the_algebra_of_a_composed_layout_is_its_tensor_s() {
    // CuTe's ComposedLayout algebra (the swizzle outermost, a slice's offset inside it) against
    // the views of the tensor it backs, element by element.
    for (s, o, l, _) in cases() {
        let c = ComposedLayout::new(s, o, l);
        let t = c.tensor(Counting).unwrap();
        let same = |what: &str, r: ComposedLayout, v: Tensor<Swizzled<Counting>, Layout>| {
            assert_eq!(
                (r.offset(), *r.layout()),
                (v.base(), *v.layout()),
                "{what} of {c}"
            );
            for i in 0..r.size() {
                assert_eq!(
                    r.eval(i).unwrap(),
                    v.get(i).unwrap(),
                    "{what} of {c} at {i}"
                );
            }
        };
        let tl: Tiler = "<2:1,4:1>".parse().unwrap();
        let b = lay("(2,2):(1,2)");
        for (what, r, v) in [
            ("logical_divide", c.logical_divide(tl), t.logical_divide(tl)),
            ("zipped_divide", c.zipped_divide(tl), t.zipped_divide(tl)),
            ("tiled_divide", c.tiled_divide(tl), t.tiled_divide(tl)),
            ("flat_divide", c.flat_divide(tl), t.flat_divide(tl)),
            (
                "logical_product",
                c.logical_product(b),
                t.logical_product(b),
            ),
            ("zipped_product", c.zipped_product(b), t.zipped_product(b)),
            (
                "blocked_product",
                c.blocked_product(&b),
                t.blocked_product(&b),
            ),
            ("raked_product", c.raked_product(&b), t.raked_product(&b)),
        ] {
            same(what, r.unwrap(), v.unwrap());
        }
        for k in ["(1,_)", "(_,3)", "(2,1)"] {
            let k = crd(k);
            same("slice", c.slice(&k).unwrap(), t.slice(&k).unwrap());
        }
    }
}
