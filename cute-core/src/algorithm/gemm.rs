//! `gemm(A, B, C)` (seed 000 §2.6.2): `C(m,n) += A(m,k) · B(n,k)` over folded layouts.

use core::marker::PhantomData;
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

/// The extents `(M, N, K)` of a GEMM of three static rank-2 layouts, computed at compile time;
/// `None` when a layout is a runtime value or the extents do not match (the general path then
/// reports it).
struct StaticGemm<LA, LB, LC>(PhantomData<(LA, LB, LC)>);

impl<LA: TensorLayout, LB: TensorLayout, LC: TensorLayout> StaticGemm<LA, LB, LC> {
    const MNK: Option<(i64, i64, i64)> = match (LA::STATIC, LB::STATIC, LC::STATIC) {
        (Some(a), Some(b), Some(c)) => {
            let (a, ra) = a.shape().const_mode_sizes();
            let (b, rb) = b.shape().const_mode_sizes();
            let (c, rc) = c.shape().const_mode_sizes();
            if ra == 2 && rb == 2 && rc == 2 && a[0] == c[0] && b[0] == c[1] && a[1] == b[1] {
                Some((a[0], b[0], a[1]))
            } else {
                None
            }
        }
        _ => None,
    };
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
/// With static layouts on all three (register fragments), the loop over `C` is unrolled at
/// compile time and the `K` loop has a constant trip count: straight-line multiply-adds at
/// constant offsets, with no layout arithmetic left, wherever it is called (the folding path is
/// `#[inline(always)]`). Each `C(m,n)` accumulates its products in increasing `k`, as the
/// general loop does, so both give the same floating-point result.
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
#[inline(always)]
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
    match StaticGemm::<LA, LB, LC>::MNK {
        Some(mnk) if a.is_whole() && b.is_whole() && c.is_whole() => {
            let (la, lb, lc) = (*a.layout(), *b.layout(), *c.layout());
            let bases = (a.base(), b.base(), c.base());
            if let (Some(x), Some(y)) = (a.engine().as_slice(), b.engine().as_slice()) {
                if let Some(z) = c.engine_mut().as_mut_slice() {
                    // As slices the compiler knows `C` apart from `A` and `B`, so it keeps the
                    // accumulators in registers and vectorizes across `m`.
                    let at = |i| (x, bases.0 + la.offset_of(i));
                    let bt = |i| (y, bases.1 + lb.offset_of(i));
                    fold(mnk, &lc, at, bt, z, bases.2);
                    return Ok(());
                }
            }
            let lc = *c.layout();
            let (m, n, k) = mnk;
            lc.for_each_index(
                #[inline(always)]
                |ci| {
                    let (mm, nn) = (ci % m, ci / m);
                    // SAFETY: `ci < M·N`, `mm < M`, `nn < N` and `kk < K` by the extents checked
                    // at compile time, so every index is below its tensor's size, and the
                    // three tensors are whole.
                    unsafe {
                        let mut acc = c.read_unchecked(ci);
                        let mut kk = 0;
                        while kk < k {
                            acc =
                                acc + a.read_unchecked(mm + m * kk) * b.read_unchecked(nn + n * kk);
                            kk += 1;
                        }
                        c.write_unchecked(ci, acc);
                    }
                },
            );
            Ok(())
        }
        _ => gemm_general(a, b, c),
    }
}

/// The static GEMM over memory: `C(m,n)` at position `base_c + L_C(m + M·n)` of `c`, each
/// accumulated over `k` in order; `a(i)` and `b(i)` give the slice and position of element `i` of
/// `A` and `B`.
#[inline(always)]
fn fold<'x, T, L: TensorLayout>(
    (m, n, k): (i64, i64, i64),
    lc: &L,
    a: impl Fn(i64) -> (&'x [T], i64),
    b: impl Fn(i64) -> (&'x [T], i64),
    c: &mut [T],
    base_c: i64,
) where
    T: Copy + Add<Output = T> + Mul<Output = T> + 'x,
{
    // SAFETY (every access): the indices are below the tensors' sizes (the extents were checked
    // at compile time) and the tensors are whole, so every position is inside its slice.
    let read = |(s, p): (&[T], i64)| unsafe { *s.get_unchecked(p as usize) };
    lc.for_each_index(
        #[inline(always)]
        |ci| {
            let (mm, nn) = (ci % m, ci / m);
            let pc = (base_c + lc.offset_of(ci)) as usize;
            let mut acc = unsafe { *c.get_unchecked(pc) };
            let mut kk = 0;
            while kk < k {
                acc = acc + read(a(mm + m * kk)) * read(b(nn + n * kk));
                kk += 1;
            }
            unsafe { *c.get_unchecked_mut(pc) = acc };
        },
    );
}

/// The GEMM of any layouts: the extents checked at run time, then the `k, n, m` loop nest.
fn gemm_general<T, EA, EB, EC, LA, LB, LC>(
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
