//! `gemm(A, B, C)` (seed 000 §2.6.2): `C(m,n) += A(m,k) · B(n,k)` over folded layouts.

use core::ops::{Add, Mul};

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

/// The sizes of the two top-level modes of a rank-2 tensor layout.
fn extents<L: TensorLayout>(l: &L) -> Result<(i64, i64), ErrorKind> {
    let l = l.layout();
    match (l.rank(), l.mode(0), l.mode(1)) {
        (2, Some(a), Some(b)) if !l.shape().is_int() => Ok((a.size(), b.size())),
        (r, _, _) => Err(ErrorKind::RankMismatch { left: r, right: 2 }),
    }
}

/// `gemm(A, B, C)`: the reference GEMM, `C(m,n) += A(m,k) · B(n,k)`, for tensors folded to
/// rank 2 (`A` is `(M,K)`, `B` is `(N,K)`, `C` is `(M,N)`, each mode possibly nested: the
/// GETT and CONV foldings of Table 3 are the same loop).
///
/// # Preconditions
/// Each tensor has rank 2, `M = size<0>(A) == size<0>(C)`, `N = size<0>(B) == size<1>(C)`,
/// `K = size<1>(A) == size<1>(B)` ([`ErrorKind::RankMismatch`], [`ErrorKind::SizeMismatch`]);
/// every tensor whole ([`ErrorKind::OutOfBounds`] for a partial view).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::gemm, make_tensor, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let (a, b) = ([1, 2, 3, 4], [5, 6, 7, 8]);
/// let mut c = [0; 4];
/// let ta = make_tensor(&a[..], l("(2,2):(1,2)")).unwrap(); // NT: A is M-major
/// let tb = make_tensor(&b[..], l("(2,2):(1,2)")).unwrap();
/// let mut tc = make_tensor(&mut c[..], l("(2,2):(1,2)")).unwrap();
/// gemm(&ta, &tb, &mut tc).unwrap();
/// assert_eq!(c, [26, 38, 30, 44]);
/// ```
pub fn gemm<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<(), Error>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    EA: Engine<Value = T>,
    EB: Engine<Value = T>,
    EC: EngineMut<Value = T>,
    LA: TensorLayout,
    LB: TensorLayout,
    LC: TensorLayout,
{
    let ops = |x: &dyn Fn() -> crate::Layout, y: &dyn Fn() -> crate::Layout| {
        [Some(Operand::from(&x())), Some(Operand::from(&y()))]
    };
    let (la, lb, lc) = (
        || a.layout().layout(),
        || b.layout().layout(),
        || c.layout().layout(),
    );
    let (m, k) = extents(a.layout()).map_err(|e| Error::new(Op::Gemm, ops(&la, &lb), e))?;
    let (n, kb) = extents(b.layout()).map_err(|e| Error::new(Op::Gemm, ops(&lb, &lc), e))?;
    let (mc, nc) = extents(c.layout()).map_err(|e| Error::new(Op::Gemm, ops(&lc, &la), e))?;
    if !a.is_whole() {
        return Err(a.outside_error(Op::Gemm, None));
    }
    if !b.is_whole() {
        return Err(b.outside_error(Op::Gemm, None));
    }
    if !c.is_whole() {
        return Err(c.outside_error(Op::Gemm, None));
    }
    for (what, left, right, x, y) in [
        (
            "M",
            m,
            mc,
            &la as &dyn Fn() -> crate::Layout,
            &lc as &dyn Fn() -> crate::Layout,
        ),
        ("N", n, nc, &lb, &lc),
        ("K", k, kb, &la, &lb),
    ] {
        if left != right {
            return Err(Error::new(
                Op::Gemm,
                ops(x, y),
                ErrorKind::SizeMismatch { what, left, right },
            ));
        }
    }
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                // SAFETY: `(mm, kk)`, `(nn, kk)` and `(mm, nn)` are coordinates inside the
                // checked shapes, so their indices `m0 + M·m1` are below each size.
                unsafe {
                    let v = c.read_unchecked(mm + m * nn)
                        + a.read_unchecked(mm + m * kk) * b.read_unchecked(nn + n * kk);
                    c.write_unchecked(mm + m * nn, v);
                }
            }
        }
    }
    Ok(())
}
