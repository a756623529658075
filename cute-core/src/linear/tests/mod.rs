//! Linear layouts against the tables of Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling
//! Layout Abstractions Using Integer Set Relations* (here) and Triton's cases ([`triton`]).

use super::*;
use crate::error::ErrorKind;
use crate::layout::Layout;

fn d(n: &str, s: i64) -> Dim {
    Dim::new(n, s).unwrap()
}

/// Bhaskaracharya et al. Table 1: `LinearLayout(crd, idx, vals)` with unnamed dimensions.
fn table1(crd: &[i64], idx: &[i64], vals: &[&[i64]]) -> LinearLayout {
    let names = ["c0", "c1", "c2", "c3"];
    let outs = ["i0", "i1", "i2", "i3"];
    let ins: Vec<Dim> = crd.iter().zip(names).map(|(&s, n)| d(n, s)).collect();
    let o: Vec<Dim> = idx.iter().zip(outs).map(|(&s, n)| d(n, s)).collect();
    LinearLayout::new(&ins, &o, vals).unwrap()
}

fn all2(f: impl Fn(i64, i64)) {
    for a in 0..4 {
        for b in 0..4 {
            f(a, b);
        }
    }
}

#[test]
fn integer_set_paper_table_1_layouts_apply_as_their_relations() {
    // swizzled: [c0,c1,c2,c3] -> [c0, c1, c0^c2, c1^c3] on bits, (a, a ^ b) on values.
    let h = table1(&[4, 4], &[4, 4], &[&[1, 1], &[2, 2], &[0, 1], &[0, 2]]);
    all2(|a, b| assert_eq!(h.apply(&[a, b]).unwrap()[..2], [a, a ^ b]));
    assert!(h.is_injective() && h.is_surjective());
    let id1 = table1(&[8], &[8], &[&[1], &[2], &[4]]);
    let zeros = table1(&[8], &[8], &[&[0], &[0], &[0]]);
    for c in 0..8 {
        assert_eq!(id1.apply(&[c]).unwrap()[0], c);
        assert_eq!(zeros.apply(&[c]).unwrap()[0], 0);
    }
    assert_eq!(zeros.rank(), 0);
    let id2 = table1(&[4, 4], &[4, 4], &[&[1, 0], &[2, 0], &[0, 1], &[0, 2]]);
    let t2 = table1(&[4, 4], &[4, 4], &[&[0, 1], &[0, 2], &[1, 0], &[2, 0]]);
    let bc = table1(&[4, 4], &[4], &[&[1], &[2], &[0], &[0]]);
    all2(|a, b| {
        assert_eq!(id2.apply(&[a, b]).unwrap()[..2], [a, b]);
        assert_eq!(t2.apply(&[a, b]).unwrap()[..2], [b, a]);
        assert_eq!(bc.apply(&[a, b]).unwrap()[0], a);
    });
    assert!(!bc.is_injective() && bc.is_surjective());
    // 1d_transpose: the paper's relation c -> 15 + 4c + 15·⌊(-1 - c)/4⌋.
    let t1 = table1(&[16], &[16], &[&[4], &[8], &[1], &[2]]);
    for c in 0..16i64 {
        let want = 15 + 4 * c + 15 * (-1 - c).div_euclid(4);
        assert_eq!(t1.apply(&[c]).unwrap()[0], want, "{c}");
    }
    assert_eq!(
        h.to_string(),
        "LinearLayout(crd=(c0:4,c1:4),idx=(i0:4,i1:4),vals=[(1,1),(2,2),(0,1),(0,2)])"
    );
}

#[test]
fn inverses_compose_to_the_identity() {
    let h = table1(&[4, 4], &[4, 4], &[&[1, 1], &[2, 2], &[0, 1], &[0, 2]]);
    let r = h.invert().unwrap();
    all2(|a, b| {
        let y = h.apply(&[a, b]).unwrap();
        assert_eq!(r.apply(&y[..2]).unwrap()[..2], [a, b]);
    });
    let id = LinearLayout::compose(&r, &h).unwrap();
    all2(|a, b| assert_eq!(id.apply(&[a, b]).unwrap()[..2], [a, b]));
    // Injective into a larger space: a left inverse only.
    let inj = LinearLayout::new(&[d("lane", 4)], &[d("offset", 16)], &[&[3], &[12]]).unwrap();
    assert!(inj.invert().is_err());
    let l = inj.left_inverse().unwrap();
    for x in 0..4 {
        let y = inj.apply(&[x]).unwrap()[0];
        assert_eq!(l.apply(&[y]).unwrap()[0], x);
    }
    // Surjective from a larger space: a right inverse only.
    let sur =
        LinearLayout::new(&[d("register", 8)], &[d("offset", 4)], &[&[1], &[3], &[2]]).unwrap();
    let r = sur.right_inverse().unwrap();
    for y in 0..4 {
        let x = r.apply(&[y]).unwrap()[0];
        assert_eq!(sur.apply(&[x]).unwrap()[0], y);
    }
    let e = sur.left_inverse().unwrap_err();
    assert_eq!(e.code(), "not_invertible_f2");
}

#[test]
fn products_and_sublayouts() {
    let reg = LinearLayout::identity("register", 4, "dim0").unwrap();
    let lane = LinearLayout::new(&[d("lane", 8)], &[d("dim0", 8)], &[&[1], &[2], &[4]]).unwrap();
    // A shared output dimension: lane's bits above register's.
    let p = LinearLayout::product(&reg, &lane).unwrap();
    assert_eq!(p.out_bits(), 5);
    for r in 0..4 {
        for l in 0..8 {
            assert_eq!(p.apply(&[r, l]).unwrap()[0], r + 4 * l);
        }
    }
    let s = p.sublayout(&["lane"], &["dim0"]).unwrap();
    assert_eq!(s.apply(&[3]).unwrap()[0], 12);
    assert!(p.sublayout(&["warp"], &["dim0"]).is_err());
    assert!(p.table().to_string().contains(" - lane=1 -> (4)"));
}

#[test]
fn cute_layouts_convert_when_their_sums_never_carry() {
    for text in ["(4,(2,2)):(2,(1,8))", "(2,4):(0,1)", "8:1", "(2,2):(4,1)"] {
        let l: Layout = text.parse().unwrap();
        let h = LinearLayout::from_layout(&l).unwrap();
        for i in 0..l.size() {
            assert_eq!(
                h.apply(&[i]).unwrap()[0],
                l.eval(i).unwrap(),
                "{text} at {i}"
            );
        }
        let back = h.to_layout().unwrap();
        for i in 0..l.size() {
            assert_eq!(back.eval(i).unwrap(), l.eval(i).unwrap(), "{text} at {i}");
        }
    }
    let e = LinearLayout::from_layout(&"(2,2):(1,1)".parse().unwrap()).unwrap_err();
    assert_eq!(e.code(), "not_linear");
    assert!(LinearLayout::from_layout(&"3:1".parse().unwrap()).is_err());
    // A swizzle's bases are not strided.
    let h = table1(&[16], &[16], &[&[1], &[2], &[5], &[10]]);
    assert_eq!(h.to_layout().unwrap_err().code(), "not_strided");
    assert_eq!(
        Dim::new("x", 6).unwrap_err(),
        ErrorKind::NotPowerOfTwo { value: 6 }
    );
}

/// Building errors name the dimensions being built, in the paper's notation.
#[test]
fn errors_name_their_dimensions() {
    let d = |n, s| Dim::new(n, s).unwrap();
    let e = LinearLayout::new(&[d("lane", 4)], &[d("offset", 4)], &[&[1]]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "linear_layout(crd=(lane:4), idx=(offset:4)): mismatched ranks: 1 and 2"
    );
    let e = LinearLayout::new(&[d("a", 2), d("a", 2)], &[d("o", 4)], &[&[1], &[2]]);
    assert!(e
        .unwrap_err()
        .to_string()
        .starts_with("linear_layout(crd=(a:2,a:2), idx=(o:4)): "));
    let e = LinearLayout::identity("lane", 6, "offset").unwrap_err();
    assert!(
        e.to_string().starts_with("linear_layout(lane:6, offset): "),
        "{e}"
    );
    let e = "LinearLayout(crd=(lane:6),idx=8,vals=[1])".parse::<LinearLayout>();
    assert!(e
        .unwrap_err()
        .to_string()
        .starts_with("linear_layout(lane:6): "));
}

#[test]
fn swizzled_layouts_are_linear() {
    use crate::{ComposedLayout, Swizzle};
    // The swizzled row of Table 4 of Cecka, *CuTe Layout Representation and Algebra*, and the
    // swizzles of Bhaskaracharya et al. §4, a negative shift too.
    for (b, m, sh, text) in [
        (3, 3, 3, "((8,8),(8,8)):((64,512),(1,8))"),
        (2, 0, 3, "(8,8):(8,1)"),
        (1, 2, -1, "(4,8):(8,1)"),
        (2, 0, 2, "(4,4):(4,1)"),
    ] {
        let l: Layout = text.parse().unwrap();
        let c = ComposedLayout::new(Swizzle::new(b, m, sh).unwrap(), 0, l);
        let h = LinearLayout::from_swizzled(&c).unwrap();
        for i in 0..c.size() {
            assert_eq!(h.apply(&[i]).unwrap()[0], c.eval(i).unwrap(), "{c} at {i}");
        }
        assert!(h.is_injective(), "{c}");
    }
    let c = ComposedLayout::new(Swizzle::new(1, 0, 1).unwrap(), 4, "4:1".parse().unwrap());
    let e = LinearLayout::from_swizzled(&c).unwrap_err();
    assert_eq!(e.code(), "affine_offset");
}

/// A layout written as Triton's tests write one: each input dimension with its bases (its size
/// `2^bases`), the output dimensions by name, their sizes inferred (Triton's constructor).
fn tri(ins: &[(&str, &[&[i64]])], outs: &[&str]) -> LinearLayout {
    let dims: Vec<Dim> = ins.iter().map(|(n, b)| d(n, 1 << b.len())).collect();
    let bases: Vec<&[i64]> = ins.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    LinearLayout::with_inferred_outs(&dims, outs, &bases).unwrap()
}

/// As [`tri`] with the output sizes given (Triton's constructor without surjectivity).
fn tri_sized(ins: &[(&str, &[&[i64]])], outs: &[(&str, i64)]) -> LinearLayout {
    let dims: Vec<Dim> = ins.iter().map(|(n, b)| d(n, 1 << b.len())).collect();
    let o: Vec<Dim> = outs.iter().map(|&(n, s)| d(n, s)).collect();
    let bases: Vec<&[i64]> = ins.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    LinearLayout::new(&dims, &o, &bases).unwrap()
}

fn id1(size: i64, i: &str, o: &str) -> LinearLayout {
    LinearLayout::identity(i, size, o).unwrap()
}

fn prod(a: &LinearLayout, b: &LinearLayout) -> LinearLayout {
    LinearLayout::product(a, b).unwrap()
}

mod triton;
mod triton_more;
