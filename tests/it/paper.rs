//! The worked examples of Cecka, *CuTe Layout Representation and Algebra*, section by section,
//! then the tables of Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling Layout Abstractions
//! Using Integer Set Relations*. Where the paper writes a different but equal form than CuTe's
//! normal form (size-1 modes kept, e.g. `1:32` for CuTe's `1:0`), the test checks CuTe's form and
//! that both are the same function on the domain.

use cute::{
    blocked_product, coalesce, coalesce_by, complement_cosize, composition, left_inverse,
    logical_divide, logical_product, raked_product, right_inverse, tiled_divide, zipped_divide,
    Layout, Tiler,
};

use crate::strategy::{l, t};

fn same_function(a: &Layout, b: &Layout, size: i64) -> bool {
    (0..size).all(|i| a.eval(i).unwrap() == b.eval(i).unwrap())
}

#[test]
fn section_3_2_coalesce() {
    assert_eq!(coalesce(&l("(2,(1,6)):(1,(6,2))")).unwrap(), l("12:1"));
    assert_eq!(
        coalesce_by(&l("(2,(1,6)):(1,(6,2))"), &t("(1,1)")).unwrap(),
        l("(2,6):(1,2)")
    );
    assert_eq!(
        coalesce(&l("((4,3),5):((15,1),3)")).unwrap(),
        l("(4,15):(15,1)")
    );
    assert_eq!(
        coalesce_by(&l("((4,3),5):((15,1),3)"), &t("(1,1)")).unwrap(),
        l("((4,3),5):((15,1),3)")
    );
    assert_eq!(
        coalesce(&l("(4,(3,5)):(15,(1,3))")).unwrap(),
        l("(4,15):(15,1)")
    );
    assert_eq!(
        coalesce_by(&l("(4,(3,5)):(15,(1,3))"), &t("(1,1)")).unwrap(),
        l("(4,15):(15,1)")
    );
}

#[test]
fn section_3_3_1_associativity_needs_image_containment() {
    // (5,3):(1,7) ∘ [4:1 ∘ 2:5] = 2:7, but [(5,3):(1,7) ∘ 4:1] ∘ 2:5 = 2:5.
    let a = l("(5,3):(1,7)");
    assert_eq!(
        composition(&a, &composition(&l("4:1"), &l("2:5")).unwrap()).unwrap(),
        l("2:7")
    );
    assert_eq!(
        composition(&composition(&a, &l("4:1")).unwrap(), &l("2:5")).unwrap(),
        l("2:5")
    );
}

#[test]
fn section_3_3_3_composition() {
    let c = |a: &str, b: &str| composition(&l(a), &l(b));
    assert_eq!(c("(4,6,8,10):(2,3,5,7)", "6:12").unwrap(), l("(2,3):(9,5)"));
    assert_eq!(c("(4,6,3):(2,3,5)", "6:12").unwrap(), l("(2,3):(9,5)"));
    assert_eq!(c("7:11", "3:4").unwrap(), l("3:44"));
    assert_eq!(c("7:11", "(3,5):(6,3)").unwrap(), l("(3,5):(66,33)"));
    // The "apparent violation" is admissible after coalescing and truncating.
    assert_eq!(c("(4,2,8):(3,12,97)", "3:3").unwrap(), l("3:9"));
    // Violations: CuTe rejects the shape divisibility ones; it returns a wrong layout for 6:3.
    assert_eq!(
        c("(4,6,8):(2,3,5)", "6:1").unwrap_err().code(),
        "shape_divisibility"
    );
    assert_eq!(
        c("(4,2,8):(3,12,97)", "4:3").unwrap_err().code(),
        "shape_divisibility"
    );
    assert_eq!(
        c("(4,2,8):(3,15,97)", "3:3").unwrap_err().code(),
        "shape_divisibility"
    );
    let e = c("(4,6,8):(2,3,5)", "6:3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "composition (4,6,8):(2,3,5) ∘ 6:3: stride divisibility violated at mode 1: 3 and prefix \
         product 4 do not divide each other, and the 6 elements do not fit in mode 0"
    );
}

#[test]
fn section_3_3_4_table_4() {
    let tv = l("((4,8),2):((16,1),8)");
    for (data, result) in [
        ("(8,8):(1,8)", "((4,8),2):((16,1),8)"),
        ("(8,8):(8,1)", "((4,8),2):((2,8),1)"),
        ("(8,8):(1,9)", "((4,8),2):((18,1),9)"),
        (
            "((4,2),(2,4)):((2,16),(1,8))",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
    ] {
        assert_eq!(composition(&l(data), &tv).unwrap(), l(result), "{data}");
    }
}

#[test]
fn section_3_3_4_table_4_coordinate_row() {
    // (8,8):(e0,e1) ∘ TV = ((4,8),2):((2e1,e0),e1): which (row, col) each thread and value touches.
    let v = cute::expr::eval("composition((8,8):(e0,e1), ((4,8),2):((16,1),8))").unwrap();
    assert_eq!(v.to_string(), "((4,8),2):((2e1,e0),e1)");
    let id =
        cute::expr::eval("composition(make_identity_layout((8,8)), ((4,8),2):((16,1),8))").unwrap();
    assert_eq!(id, v);
    // Thread 5, value 1 of Figure 6 sits at row 1, col 3.
    let c = cute::expr::eval("eval(((4,8),2):((2e1,e0),e1), 37)").unwrap();
    assert_eq!(c.to_string(), "(1,3)");
}

#[test]
fn section_3_3_5_tilers() {
    // Figure 7: tilers extract a 4x8 sublayout of an 8x16 layout.
    let a = l("(8,16):(16,1)");
    for tiler in ["<4:1,8:1>", "<4:2,8:2>", "<(2,2):(1,4),(4,2):(2,8)>"] {
        let tiler: Tiler = tiler.parse().unwrap();
        let r = cute::composition_tiler(&a, &tiler).unwrap();
        assert_eq!(r.size(), 32, "{tiler}");
        assert_eq!(r.mode(0).unwrap().size(), 4);
    }
}

#[test]
fn section_3_4_table_5_right_inverses() {
    for (a, paper) in [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "4:1"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
        ("((2,2),(2,4)):((0,2),(0,4))", "1:0"),
    ] {
        let r = right_inverse(&l(a)).unwrap();
        assert_eq!(r, l(paper), "right_inverse({a})");
    }
    // The paper lists (2,2):(4,8) for ((2,2),(2,4)):((0,1),(0,2)), which maps 1 to offset 4,
    // where L(4) = 0; CuTe's (2,4):(2,8) is the largest right inverse.
    let a = l("((2,2),(2,4)):((0,1),(0,2))");
    let r = right_inverse(&a).unwrap();
    assert_eq!(r, l("(2,4):(2,8)"));
    assert!((0..r.size()).all(|i| a.eval(r.eval(i).unwrap()).unwrap() == i));
}

#[test]
fn section_3_4_table_6_left_inverses() {
    for (a, paper) in [
        ("(4,8):(1,4)", "32:1"),
        ("(4,8):(8,1)", "(8,4):(4,1)"),
        ("(3,7,5):(5,15,1)", "(5,21):(21,1)"),
        ("(4,8):(1,5)", "(5,8):(1,4)"),
        ("(4,(4,2)):(4,(1,16))", "(4,4,2):(4,1,16)"),
        ("((2,2),(4,2)):((1,8),(2,16))", "(2,4,2,2):(1,4,2,16)"),
    ] {
        assert_eq!(left_inverse(&l(a)).unwrap(), l(paper), "left_inverse({a})");
    }
    // Non-injective rows: the quasi-inverse property L(R(L(k))) == L(k) (Eq. 26).
    for a in ["((2,2),(2,4)):((0,2),(0,4))", "((2,2),(2,4)):((0,1),(0,2))"] {
        let a = l(a);
        let r = left_inverse(&a).unwrap();
        for k in 0..a.size() {
            let x = a.eval(k).unwrap();
            assert_eq!(
                a.eval(r.eval(x).unwrap()).unwrap(),
                x,
                "left_inverse({a}) = {r}"
            );
        }
    }
}

#[test]
fn section_3_4_4_tmem_admissibility() {
    // Does a data layout hold every offset a TMEM instruction accesses? A(A†(T(i))) == T(i).
    let data = l("(128,(16,32)):(16384,(1,16))");
    let a_inv = left_inverse(&data).unwrap();
    for instr in [
        "(1,128):(1,16384)",
        "(2,128):(1,16384)",
        "(8,(16,4)):(1,(16384,524288))",
    ] {
        let t = l(instr);
        for i in 0..t.size() {
            let off = t.eval(i).unwrap();
            assert_eq!(
                data.eval(a_inv.eval(off).unwrap()).unwrap(),
                off,
                "{instr} at {i}"
            );
        }
    }
}

#[test]
fn section_3_5_table_7_complements() {
    for (a, cute_form, paper) in [
        ("(4,8):(1,4)", "1:0", "1:32"),
        ("(4,8):(8,1)", "1:0", "1:32"),
        ("(4,(4,2)):(4,(1,16))", "1:0", "1:32"),
        ("(4,8):(1,5)", "1:0", "1:40"),
        ("(4,8):(1,8)", "2:4", "(2,1):(4,64)"),
        ("((2,2),(2,4)):((0,1),(0,2))", "1:0", "1:8"),
        ("((2,2),(2,4)):((0,2),(0,4))", "2:1", "(2,1):(1,16)"),
    ] {
        let r = complement_cosize(&l(a)).unwrap();
        assert_eq!(r, l(cute_form), "complement({a})");
        assert!(
            same_function(&r, &l(paper), r.size()),
            "complement({a}) vs the paper's {paper}"
        );
    }
}

#[test]
fn section_3_5_1_products() {
    let tile = l("(3,4):(4,1)");
    let grid = l("(2,5):(1,2)");
    assert_eq!(
        logical_product(&tile, grid).unwrap(),
        l("((3,4),(2,5)):((4,1),(12,24))")
    );
    assert_eq!(
        logical_product(&l("(4,8):(20,2)"), l("(3,2):(2,1)")).unwrap(),
        l("((4,8),(3,2)):((20,2),(80,1))")
    );
    let blocked = blocked_product(&tile, &grid).unwrap();
    assert_eq!(blocked, l("((3,2),(4,5)):((4,12),(1,24))"));
    let raked = raked_product(&tile, &grid).unwrap();
    assert_eq!(raked, l("((2,3),(5,4)):((12,4),(24,1))"));
    // Figures 10 and 11: rows of the 6x20 grids.
    let row = |r: &Layout, m: i64| -> Vec<i64> {
        (0..20)
            .map(|n| r.eval_crd(&t(&format!("({m},{n})"))).unwrap())
            .collect()
    };
    assert_eq!(
        row(&blocked, 0),
        [0, 1, 2, 3, 24, 25, 26, 27, 48, 49, 50, 51, 72, 73, 74, 75, 96, 97, 98, 99]
    );
    assert_eq!(
        row(&blocked, 5),
        [20, 21, 22, 23, 44, 45, 46, 47, 68, 69, 70, 71, 92, 93, 94, 95, 116, 117, 118, 119]
    );
    assert_eq!(
        row(&raked, 0),
        [0, 24, 48, 72, 96, 1, 25, 49, 73, 97, 2, 26, 50, 74, 98, 3, 27, 51, 75, 99]
    );
    assert_eq!(
        row(&raked, 1),
        [12, 36, 60, 84, 108, 13, 37, 61, 85, 109, 14, 38, 62, 86, 110, 15, 39, 63, 87, 111]
    );
}

#[test]
fn section_3_5_2_divides() {
    let a = l("(8,16):(20,1)");
    let tiler: Tiler = "<4:1,8:2>".parse().unwrap();
    assert_eq!(
        logical_divide(&a, tiler).unwrap(),
        l("((4,2),(8,2)):((20,80),(2,1))")
    );
    assert_eq!(
        zipped_divide(&a, tiler).unwrap(),
        l("((4,8),(2,2)):((20,2),(80,1))")
    );
    assert_eq!(
        tiled_divide(&a, tiler).unwrap(),
        l("((4,8),2,2):((20,2),80,1)")
    );
    // Every third element of 24 elements, and the rest: 24:1 ÷ 8:3 = (8,3):(3,1).
    assert_eq!(
        logical_divide(&l("24:1"), l("8:3")).unwrap(),
        l("(8,3):(3,1)")
    );
}

#[test]
fn section_2_5_1_slices() {
    // The 6x12 matrix of Figure 5, recovered from `A(0, 0:2:12) = {0} ∘ (3,2):(15,100)`.
    let a = l("((3,2),((2,3),2)):((4,1),((2,15),100))");
    let (sub, offset) = a.slice_and_offset(&t("(0,((0,_),_))")).unwrap();
    assert_eq!((offset, sub), (0, l("(3,2):(15,100)")));
    for (c, off, sub) in [
        ("(2,_)", 8, "(((2,3),2)):(((2,15),100))"),
        ("(_,5)", 32, "((3,2)):((4,1))"),
        ("((2,_),_)", 8, "(2,((2,3),2)):(1,((2,15),100))"),
        ("(_,(_,1))", 100, "((3,2),(2,3)):((4,1),(2,15))"),
        ("((_,1),(_,0))", 1, "(3,(2,3)):(4,(2,15))"),
        ("((_,0),((_,2),1))", 130, "(3,2):(4,2)"),
    ] {
        assert_eq!(a.slice_and_offset(&t(c)).unwrap(), (l(sub), off), "A{c}");
    }
}

/// COPY of §2.6.1 on plain slices: `dst[D(i)] = src[S(i)]` for `i < size`, rank-agnostic.
fn copy(src: &Layout, s: &[i64], dst: &Layout, d: &mut [i64]) {
    assert_eq!(src.size(), dst.size());
    for i in 0..src.size() {
        d[dst.eval(i).unwrap() as usize] = s[src.eval(i).unwrap() as usize];
    }
}

#[test]
fn section_2_6_1_table_2_copy() {
    let run = |s: &str, d: &str| {
        let (s, d) = (l(s), l(d));
        let src: Vec<i64> = (0..s.cosize().unwrap()).collect();
        let mut dst = vec![-1; d.cosize().unwrap() as usize];
        copy(&s, &src, &d, &mut dst);
        dst
    };
    assert_eq!(run("8:1", "8:1"), (0..8).collect::<Vec<_>>());
    let nd = run("(8,2,3):(1,16,32)", "(8,2,3):(1,16,32)");
    assert!(nd
        .iter()
        .enumerate()
        .all(|(k, &v)| v == -1 || v == k as i64));
    assert_eq!(
        run("(2,3,2):(42,1,128)", "12:1"),
        [0, 42, 1, 43, 2, 44, 128, 170, 129, 171, 130, 172]
    );
    let scatter = run("12:1", "(2,3,2):(42,1,128)");
    assert_eq!(
        (scatter[0], scatter[42], scatter[1], scatter[172]),
        (0, 1, 2, 11)
    );
    assert_eq!(run("7:0", "7:1"), [0; 7]);
    assert_eq!(run("7:0", "7:0"), [0]);
    let t = run("(8,3):(1,8)", "(8,3):(3,1)");
    assert!((0..8).all(|i| (0..3).all(|j| t[(3 * i + j) as usize] == i + 8 * j)));
    let tt = run("(8,(3,5)):(1,(57,8))", "(8,15):(1,8)");
    for (i, j, k) in (0..8).flat_map(|i| (0..3).flat_map(move |j| (0..5).map(move |k| (i, j, k)))) {
        assert_eq!(tt[(i + 8 * (j + 3 * k)) as usize], i + 57 * j + 8 * k);
    }
}

/// GEMM of §2.6.2: `C(m,n) += A(m,k) * B(n,k)` over layouts of shape (M,K), (N,K), (M,N).
fn gemm(la: &Layout, a: &[i64], lb: &Layout, b: &[i64], lc: &Layout, c: &mut [i64]) {
    let (m_size, k_size) = (la.mode(0).unwrap().size(), la.mode(1).unwrap().size());
    let n_size = lb.mode(0).unwrap().size();
    let at = |l: &Layout, x: i64, y: i64| l.eval_crd(&t(&format!("({x},{y})"))).unwrap() as usize;
    for k in 0..k_size {
        for n in 0..n_size {
            for m in 0..m_size {
                c[at(lc, m, n)] += a[at(la, m, k)] * b[at(lb, n, k)];
            }
        }
    }
}

#[test]
fn section_2_6_2_table_3_gemm() {
    // Logical A(m,k) = 1 + m + 10k, B(n,k) = 2 + 3n - k; each row of Table 3 stores them in its
    // own layout, and the same four-line GEMM gives the same logical C.
    let (m, n, k) = (6i64, 4i64, 5i64);
    let want = |i: i64, j: i64| {
        (0..k)
            .map(|p| (1 + i + 10 * p) * (2 + 3 * j - p))
            .sum::<i64>()
    };
    let fill = |l: &Layout, f: &dyn Fn(i64, i64) -> i64, rows: i64, cols: i64| {
        let mut v = vec![0; l.cosize().unwrap() as usize];
        for i in 0..rows {
            for j in 0..cols {
                v[l.eval_crd(&t(&format!("({i},{j})"))).unwrap() as usize] = f(i, j);
            }
        }
        v
    };
    let rows = [
        ("NT", "(6,5):(1,6)", "(4,5):(1,4)", "(6,4):(1,6)"),
        ("TN", "(6,5):(5,1)", "(4,5):(5,1)", "(6,4):(1,6)"),
        ("BLIS", "(6,5):(3,40)", "(4,5):(7,1)", "(6,4):(9,2)"),
        (
            "GETT (M1,M2)",
            "((2,3),5):((1,2),6)",
            "(4,5):(5,1)",
            "((2,3),4):((1,2),6)",
        ),
        (
            "GETT (K1,K2)",
            "(6,(1,5)):(5,(30,1))",
            "(4,(1,5)):(5,(20,1))",
            "(6,4):(1,6)",
        ),
    ];
    for (name, la, lb, lc) in rows {
        let (la, lb, lc) = (l(la), l(lb), l(lc));
        let a = fill(&la, &|i, p| 1 + i + 10 * p, m, k);
        let b = fill(&lb, &|j, p| 2 + 3 * j - p, n, k);
        let mut c = vec![0; lc.cosize().unwrap() as usize];
        gemm(&la, &a, &lb, &b, &lc, &mut c);
        for i in 0..m {
            for j in 0..n {
                let got = c[lc.eval_crd(&t(&format!("({i},{j})"))).unwrap() as usize];
                assert_eq!(got, want(i, j), "{name} C({i},{j})");
            }
        }
    }
}

/// Bhaskaracharya et al. Table 2: CuTe layouts and operations with the layouts they give. Three
/// rows differ on purpose, where the paper's result is not CuTe C++'s (the ISL check, `tests/isl`,
/// compares every row's relation with the paper's): its gap-filling complement keeps a last mode
/// CuTe does not, or fills gaps CuTe leaves, and its `left_inverse` is pycute's, where CuTe C++ 4.2
/// (compiled from the wheel's headers) returns `(_2,_2,_16):(_0,_4,_1)`.
#[test]
fn integer_set_paper_table_2_operations() {
    let rows = [
        ("right_inverse((4,2,2):(2,1,8))", "(2,4,2):(4,1,8)"),
        ("right_inverse((4,8,2):(8,1,33))", "(8,4):(4,1)"),
        ("complement((4,2):(1,16),32)", "4:4"),
        ("complement((2,2):(1,4),20)", "(2,3):(2,8)"),
        ("composition((2,2):(1,80),(2,2):(2,1))", "(2,2):(80,1)"),
        ("composition((4,6,8,10):(2,3,5,7),6:12)", "(2,3):(9,5)"),
        ("composition((4,2,8):(3,12,97),3:3)", "3:9"),
        (
            "composition(((4,2),(2,4)):((2,16),(1,8)),((4,8),2):((16,1),8))",
            "((4,(4,2)),2):((8,(2,16)),1)",
        ),
        ("composition((4,2,2):(2,1,8),16:1)", "(4,2,2):(2,1,8)"),
        // Deviations: the paper gives (2,3):(2,9), ((2,2),2):((1,4),18), (2,2,4,2,2):(16,4,1,32,8).
        ("complement((2,2):(1,5),20)", "(2,2):(2,10)"),
        ("complement((2,2):(2,10),20)", "(2,2):(1,4)"),
        ("left_inverse((4,2,2):(4,2,32))", "(2,2,16):(0,4,1)"),
    ];
    for (expr, want) in rows {
        assert_eq!(cute::expr::eval(expr).unwrap().to_string(), want, "{expr}");
    }
    // The paper's left inverse is a left inverse too: both are R with R(L(i)) == i.
    let a = l("(4,2,2):(4,2,32)");
    for r in [l("(2,2,16):(0,4,1)"), l("(2,2,4,2,2):(16,4,1,32,8)")] {
        for i in 0..a.size() {
            assert_eq!(r.eval(a.eval(i).unwrap()).unwrap(), i, "{r} at {i}");
        }
    }
}

/// Bhaskaracharya et al. Table 1 in the paper's own notation: parsed, applied, printed back.
#[test]
fn integer_set_paper_table_1_notation() {
    use cute::linear::LinearLayout;
    let h: LinearLayout = "LinearLayout(crd=(4,4),idx=(4,4),vals=[(1,1),(2,2),(0,1),(0,2)])"
        .parse()
        .unwrap();
    for c0 in 0..4 {
        for c1 in 0..4 {
            assert_eq!(h.apply(&[c0, c1]).unwrap()[..2], [c0, c0 ^ c1]);
        }
    }
    assert_eq!(
        h.to_string(),
        "LinearLayout(crd=(in0:4,in1:4),idx=(out0:4,out1:4),vals=[(1,1),(2,2),(0,1),(0,2)])"
    );
    assert_eq!(h.to_string().parse::<LinearLayout>().unwrap(), h);
    let named: LinearLayout = "LinearLayout(crd=(register:2,lane:4),idx=(offset:8),vals=[4,1,2])"
        .parse()
        .unwrap();
    assert_eq!(named.apply(&[1, 3]).unwrap()[0], 7);
    for (bad, code) in [
        ("LinearLayout(crd=3,idx=8,vals=[1])", "not_power_of_two"),
        ("LinearLayout(crd=4,idx=8,vals=[1])", "rank_mismatch"),
        ("LinearLayout(crd=2,idx=8,vals=[9])", "index_out_of_range"),
        (
            "LinearLayout(crd=(a:2,a:2),idx=4,vals=[1,2])",
            "duplicate_dim",
        ),
        ("LinearLayout(crd=2,idx=8,vals=[1]", "parse"),
        ("LinearLayout(crd=2,idx=8,vals=[1]) x", "parse"),
    ] {
        let e = bad.parse::<LinearLayout>().unwrap_err();
        assert_eq!(e.code(), code, "{bad}: {e}");
    }
}

/// Cecka's rows with F2 strides through the expression language (`cute eval`): Table 4's
/// swizzled row and the `f` rows of Tables 5 and 6.
#[test]
fn f_strides_in_expressions() {
    for (expr, want) in [
        (
            "composition((8,8):(f1,f9), ((4,8),2):((16,1),8))",
            "((4,8),2):((f18,f1),f9)",
        ),
        (
            "right_inverse((4,(4,3)):(f1,(f5,f16)))",
            "(4,4,3):(f1,f5,f16)",
        ),
        (
            "left_inverse((4,(4,3)):(f1,(f5,f16)))",
            "(4,4,3):(f1,f5,f16)",
        ),
        ("size((8,8):(f1,f9))", "64"),
        ("eval((8,8):(f1,f9), 9)", "8"),
    ] {
        assert_eq!(cute::expr::eval(expr).unwrap().to_string(), want, "{expr}");
    }
    // The swizzled layout it stands for, offset by offset.
    assert_eq!(
        cute::expr::eval("eval((8,8):(f1,f9))").unwrap().to_string(),
        cute::expr::eval("eval(swizzle_layout(3,0,3,(8,8):(1,8)))")
            .unwrap()
            .to_string()
    );
    let e = cute::expr::eval("composition((8,8):(f1,9), 4:1)").unwrap_err();
    assert_eq!(e.code(), "syntax", "{e}");
}
