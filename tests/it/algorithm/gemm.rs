//! `gemm` on the foldings of Table 3 of Cecka, *CuTe Layout Representation and Algebra*, against
//! a plain triple loop over row-major
//! matrices (and, for CONV, a direct convolution).

use cute::algorithm::gemm;
use cute::{layout, make_tensor, Layout};

use crate::strategy::l;

/// `C[m][n] += sum_k A[m][k] · B[n][k]` on dense row-major matrices.
fn matmul(a: &[i64], b: &[i64], m: usize, n: usize, k: usize) -> Vec<i64> {
    let mut c = vec![0; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k).map(|p| a[i * k + p] * b[j * k + p]).sum();
        }
    }
    c
}

/// Stores the dense `rows × cols` matrix `x` through the layout `(rows, cols):…` into fresh
/// memory, so the GEMM reads it through that layout.
fn store(x: &[i64], cols: usize, lay: &Layout) -> Vec<i64> {
    let mut mem = vec![0; lay.cosize().unwrap() as usize];
    let rows = x.len() / cols;
    for r in 0..rows {
        for c in 0..cols {
            let i = (r + rows * c) as i64;
            mem[lay.eval(i).unwrap() as usize] = x[r * cols + c];
        }
    }
    mem
}

/// Runs `gemm` with `A`, `B`, `C` stored through the given layouts, and reads `C` back.
fn run(m: usize, n: usize, k: usize, la: &str, lb: &str, lc: &str) {
    let (la, lb, lc) = (l(la), l(lb), l(lc));
    let a: Vec<i64> = (0..m * k).map(|v| (v as i64 * 7) % 11 - 5).collect();
    let b: Vec<i64> = (0..n * k).map(|v| (v as i64 * 5) % 13 - 6).collect();
    let (ma, mb) = (store(&a, k, &la), store(&b, k, &lb));
    let mut mc = vec![0; lc.cosize().unwrap() as usize];
    let ta = make_tensor(ma.as_slice(), la).unwrap();
    let tb = make_tensor(mb.as_slice(), lb).unwrap();
    let mut tc = make_tensor(mc.as_mut_slice(), lc).unwrap();
    gemm(&ta, &tb, &mut tc).unwrap();
    let want = matmul(&a, &b, m, n, k);
    for r in 0..m {
        for c in 0..n {
            let got = mc[lc.eval((r + m * c) as i64).unwrap() as usize];
            assert_eq!(got, want[r * n + c], "{la} {lb} {lc} at ({r},{c})");
        }
    }
}

#[test]
fn table_3_blas_and_blis() {
    // NT: (M,K):(1,lda), (N,K):(1,ldb), (M,N):(1,ldc), with padded leading dimensions.
    run(6, 5, 4, "(6,4):(1,7)", "(5,4):(1,6)", "(6,5):(1,8)");
    // TN: (M,K):(lda,1), (N,K):(ldb,1), (M,N):(1,ldc).
    run(6, 5, 4, "(6,4):(5,1)", "(5,4):(4,1)", "(6,5):(1,6)");
    // NTT: the NT GEMM of the transposed problem, C stored (N,M):(1,ldc).
    run(5, 6, 4, "(5,4):(1,5)", "(6,4):(1,6)", "(5,6):(1,5)");
    // BLIS: every mode with its own stride.
    run(6, 5, 4, "(6,4):(2,13)", "(5,4):(3,17)", "(6,5):(5,31)");
}

#[test]
fn table_3_gett() {
    // GETT folding M = (M1,M2): ((M1,M2),K):((1,W),X), (N,K):(K,1), ((M1,M2),N):((1,Y),Z).
    run(
        6,
        5,
        4,
        "((2,3),4):((1,9),30)",
        "(5,4):(4,1)",
        "((2,3),5):((1,10),33)",
    );
    // GETT folding K = (K1,K2): (M,(K1,K2)):((W,X),1)... with unit stride on M for C.
    run(
        6,
        5,
        6,
        "(6,(2,3)):(1,(6,12))",
        "(5,(2,3)):(1,(5,10))",
        "(6,5):(1,6)",
    );
}

#[test]
fn table_3_conv_as_implicit_gemm() {
    // A 1-D convolution over N images of width W, C channels, R taps, K filters:
    // out[n][k][q] = sum_{c,r} filt[k][c][r] · act[n][c][q + r], Q = W - R + 1.
    let (n, c, w, r, k) = (2usize, 3usize, 8usize, 3usize, 4usize);
    let q = w - r + 1;
    let act: Vec<i64> = (0..n * c * w).map(|v| (v as i64 * 3) % 7 - 3).collect();
    let filt: Vec<i64> = (0..k * c * r).map(|v| (v as i64 * 5) % 9 - 4).collect();
    // act[n][c][x] at n·C·W + c·W + x; filt[k][c][r] at k·C·R + c·R + r.
    // A = filters (K,(C,R)), B = im2col activations ((N,Q),(C,R)): the Q and R modes share a
    // stride, so B is not injective, as in the paper's CONV row.
    let la = format!("({k},({c},{r})):({},({r},1))", c * r);
    let lb = format!("(({n},{q}),({c},{r})):(({},1),({w},1))", c * w);
    let lc = format!("({k},({n},{q})):({q},({},1))", k * q);
    let (la, lb, lc) = (l(&la), l(&lb), l(&lc));
    let mut out = vec![0; n * k * q];
    let ta = make_tensor(filt.as_slice(), la).unwrap();
    let tb = make_tensor(act.as_slice(), lb).unwrap();
    let mut tc = make_tensor(out.as_mut_slice(), lc).unwrap();
    gemm(&ta, &tb, &mut tc).unwrap();
    for ni in 0..n {
        for ki in 0..k {
            for qi in 0..q {
                let want: i64 = (0..c)
                    .flat_map(|ci| (0..r).map(move |ri| (ci, ri)))
                    .map(|(ci, ri)| {
                        filt[ki * c * r + ci * r + ri] * act[ni * c * w + ci * w + qi + ri]
                    })
                    .sum();
                let got = out[lc
                    .eval_crd(&format!("({ki},({ni},{qi}))").parse().unwrap())
                    .unwrap() as usize];
                assert_eq!(got, want, "n={ni} k={ki} q={qi}");
            }
        }
    }
}

#[test]
fn mismatched_extents_are_errors() {
    let x = [0i64; 64];
    let mut y = [0i64; 64];
    let a = make_tensor(&x[..], l("(4,3):(1,4)")).unwrap();
    let b = make_tensor(&x[..], l("(5,2):(1,5)")).unwrap();
    let mut c = make_tensor(&mut y[..], l("(4,5):(1,4)")).unwrap();
    let e = gemm(&a, &b, &mut c).unwrap_err();
    assert_eq!(e.code(), "size_mismatch");
    assert!(
        e.to_string()
            .contains("K is 3 on the left and 2 on the right"),
        "{e}"
    );
    let v = make_tensor(&x[..], l("12:1")).unwrap();
    assert_eq!(gemm(&v, &b, &mut c).unwrap_err().code(), "rank_mismatch");
}

/// CuTe's five dispatch shapes, each against the sum written out: `(V)·(V) => (V)`,
/// `(M)·(N) => (M,N)`, `(M,K)·(N,K) => (M,N)`, `(V,M)·(V,N) => (V,M,N)` and
/// `(V,M,K)·(V,N,K) => (V,M,N)`, with strided (not compact) layouts.
#[test]
fn the_five_dispatch_shapes() {
    let x: Vec<i64> = (0..200).map(|i| i % 11 - 5).collect();
    let y: Vec<i64> = (0..200).map(|i| i % 7 - 3).collect();
    // (v, m, n, k) extents, and the layouts of A, B and C.
    let cases = [
        ((3, 1, 1, 1), "3:2", "3:3", "3:1"),
        ((1, 4, 3, 1), "4:1", "3:5", "(4,3):(3,1)"),
        ((1, 4, 3, 5), "(4,5):(5,1)", "(3,5):(1,3)", "(4,3):(1,4)"),
        (
            (2, 3, 4, 1),
            "(2,3):(1,2)",
            "(2,4):(4,1)",
            "(2,3,4):(1,2,6)",
        ),
        (
            (2, 3, 4, 5),
            "(2,3,5):(1,2,6)",
            "(2,4,5):(1,2,8)",
            "(2,3,4):(12,4,1)",
        ),
    ];
    for ((v, m, n, k), la, lb, lc) in cases {
        let (la, lb, lc) = (l(la), l(lb), l(lc));
        let mut out = vec![1i64; 64];
        let a = make_tensor(&x[..], la).unwrap();
        let b = make_tensor(&y[..], lb).unwrap();
        gemm(&a, &b, &mut make_tensor(&mut out[..], lc).unwrap()).unwrap();
        let c = make_tensor(&out[..], lc).unwrap();
        for (vi, mi, ni) in
            (0..v).flat_map(|vi| (0..m).flat_map(move |mi| (0..n).map(move |ni| (vi, mi, ni))))
        {
            let want = 1
                + (0..k)
                    .map(|ki| {
                        a.get(vi + v * (mi + m * ki)).unwrap()
                            * b.get(vi + v * (ni + n * ki)).unwrap()
                    })
                    .sum::<i64>();
            assert_eq!(
                c.get(vi + v * (mi + m * ni)).unwrap(),
                want,
                "{lc} at ({vi},{mi},{ni})"
            );
        }
    }
    // Ranks that are none of the five, and a batch extent that differs, are errors.
    let mut out = [0i64; 64];
    let (a3, b2) = (
        make_tensor(&x[..], l("(2,3,5):(1,2,6)")).unwrap(),
        make_tensor(&y[..], l("(4,5):(1,4)")).unwrap(),
    );
    let mut c3 = make_tensor(&mut out[..], l("(2,3,4):(1,2,6)")).unwrap();
    assert_eq!(gemm(&a3, &b2, &mut c3).unwrap_err().code(), "rank_mismatch");
    let b3 = make_tensor(&y[..], l("(3,4,5):(1,3,12)")).unwrap();
    let e = gemm(&a3, &b3, &mut c3).unwrap_err();
    assert!(
        e.to_string()
            .contains("V is 2 on the left and 3 on the right"),
        "{e}"
    );
}

/// Static fragments whose `C` is past `UNROLL_MAX` elements (each `C(m,n)` summed over all of `k`
/// at once), with register and raked operands, equal the dynamic GEMM bit for bit.
#[test]
fn static_gemms_past_unroll_max_equal_the_dynamic_one() {
    fn check<LA, LB, LC>(sa: LA, sb: LB, sc: LC)
    where
        LA: cute::TensorLayout,
        LB: cute::TensorLayout,
        LC: cute::TensorLayout,
    {
        let x: Vec<f32> = (0..4096u16).map(|i| f32::from(i % 13) - 6.0).collect();
        let y: Vec<f32> = (0..4096u16).map(|i| f32::from(i % 7) * 0.5).collect();
        let (mut got, mut want) = (vec![1f32; 2048], vec![1f32; 2048]);
        gemm(
            &make_tensor(&x[..], sa).unwrap(),
            &make_tensor(&y[..], sb).unwrap(),
            &mut make_tensor(&mut got[..], sc).unwrap(),
        )
        .unwrap();
        gemm(
            &make_tensor(&x[..], sa.layout()).unwrap(),
            &make_tensor(&y[..], sb.layout()).unwrap(),
            &mut make_tensor(&mut want[..], sc.layout()).unwrap(),
        )
        .unwrap();
        assert_eq!(got, want, "{} {} {}", sa.layout(), sb.layout(), sc.layout());
    }
    check(
        layout!((16,4):(1,16)),
        layout!((16,4):(1,16)),
        layout!((16,16):(1,16)),
    );
    check(
        layout!((16,8):(16,256)),
        layout!((8,8):(16,128)),
        layout!((16,8):(1,16)),
    );
    check(
        layout!((8,16,1):(1,8,0)),
        layout!((8,16,1):(16,1,0)),
        layout!((8,16,16):(1,8,64)),
    );
    // A column of `C` past `UNROLL_MAX` (`V·M = 80`: looped, not unrolled), batched over `V`.
    check(
        layout!((2,40,3):(1,2,80)),
        layout!((2,2,3):(1,2,4)),
        layout!((2,40,2):(1,2,80)),
    );
    // Nested modes and a reversed order: the split offsets at the mode boundaries.
    check(
        layout!(((4,4),(3,2)):((6,1),(24,72))),
        layout!(((2,3),(3,2)):((1,2),(6,18))),
        layout!(((4,4),(2,3)):((1,4),(48,16))),
    );
}
