//! `gemm(A, B, C)` (Cecka, *CuTe Layout Representation and Algebra*, §2.6.2):
//! `C(m,n) += A(m,k) · B(n,k)` over folded layouts.

use core::marker::PhantomData;
use core::ops::{Add, Mul};

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout, UNROLL_MAX};

/// Why three shapes are none of the five GEMM shapes.
#[derive(Clone, Copy)]
enum Mismatch {
    /// Ranks that are none of `(1,1,1)`, `(1,1,2)`, `(2,2,2)`, `(2,2,3)`, `(3,3,3)`; the rank
    /// of `A` (or `B`) and the rank it needs.
    Rank(usize, usize),
    /// Extent `what` differs: its two values, and the pair of operands (0: A, C; 1: B, C;
    /// 2: A, B).
    Size(&'static str, i64, i64, u8),
}

/// Two extents that must agree: the extent's name, its two values, the pair of operands.
type Check = (&'static str, i64, i64, u8);
/// A slot of the checks a shape does not use.
const UNUSED: Check = ("", 0, 0, 0);

/// The extents `[V, M, N, K]` of CuTe's five GEMM shapes, from the sizes of the top-level modes
/// of `A`, `B` and `C` (`V`, or `K`, or `M`, `N` and `K` are 1 where a shape has no such mode):
///
/// | A | B | C |
/// |---|---|---|
/// | `(V)` | `(V)` | `(V)` |
/// | `(M)` | `(N)` | `(M,N)` |
/// | `(M,K)` | `(N,K)` | `(M,N)` |
/// | `(V,M)` | `(V,N)` | `(V,M,N)` |
/// | `(V,M,K)` | `(V,N,K)` | `(V,M,N)` |
const fn dispatch(
    (a, ra): ([i64; crate::MAX_LEAVES], usize),
    (b, rb): ([i64; crate::MAX_LEAVES], usize),
    (c, rc): ([i64; crate::MAX_LEAVES], usize),
) -> Result<[i64; 4], Mismatch> {
    // The pairs that must agree: (name, left, right, operands).
    let (checks, n, dims): ([Check; 5], usize, [i64; 4]) = match (ra, rb, rc) {
        (1, 1, 1) => (
            [
                ("V", a[0], b[0], 2),
                ("V", a[0], c[0], 0),
                UNUSED,
                UNUSED,
                UNUSED,
            ],
            2,
            [a[0], 1, 1, 1],
        ),
        (1, 1, 2) => (
            [
                ("M", a[0], c[0], 0),
                ("N", b[0], c[1], 1),
                UNUSED,
                UNUSED,
                UNUSED,
            ],
            2,
            [1, a[0], b[0], 1],
        ),
        (2, 2, 2) => (
            [
                ("M", a[0], c[0], 0),
                ("N", b[0], c[1], 1),
                ("K", a[1], b[1], 2),
                UNUSED,
                UNUSED,
            ],
            3,
            [1, a[0], b[0], a[1]],
        ),
        (2, 2, 3) => (
            [
                ("V", a[0], b[0], 2),
                ("V", a[0], c[0], 0),
                ("M", a[1], c[1], 0),
                ("N", b[1], c[2], 1),
                UNUSED,
            ],
            4,
            [a[0], a[1], b[1], 1],
        ),
        (3, 3, 3) => (
            [
                ("V", a[0], b[0], 2),
                ("V", a[0], c[0], 0),
                ("M", a[1], c[1], 0),
                ("N", b[1], c[2], 1),
                ("K", a[2], b[2], 2),
            ],
            5,
            [a[0], a[1], b[1], a[2]],
        ),
        _ => {
            // The rank `A` and `B` need for `C`'s rank (2 for an unknown one).
            let need = match rc {
                1 | 2 if ra == 1 && rb == 1 => 1,
                3 => {
                    if ra == 2 && rb == 2 {
                        2
                    } else {
                        3
                    }
                }
                _ => 2,
            };
            let wrong = if ra == need { rb } else { ra };
            return Err(Mismatch::Rank(wrong, need));
        }
    };
    let mut k = 0;
    while k < n {
        let (what, left, right, pair) = checks[k];
        if left != right {
            return Err(Mismatch::Size(what, left, right, pair));
        }
        k += 1;
    }
    Ok(dims)
}

/// The sizes of the top-level modes of a layout.
fn mode_sizes<L: TensorLayout>(l: &L) -> ([i64; crate::MAX_LEAVES], usize) {
    l.layout().shape().const_mode_sizes()
}

/// The extents `[V, M, N, K]` of a GEMM of three static shapes, computed at compile time
/// whatever the strides (a tile of a runtime-sized matrix, an im2col view); `None` when a shape
/// is a runtime value or the shapes are none of the five (the general path then reports it).
struct StaticGemm<LA, LB, LC>(PhantomData<(LA, LB, LC)>);

impl<LA: TensorLayout, LB: TensorLayout, LC: TensorLayout> StaticGemm<LA, LB, LC> {
    const DIMS: Option<[i64; 4]> = match (LA::SHAPE, LB::SHAPE, LC::SHAPE) {
        (Some(a), Some(b), Some(c)) => {
            let (a, b, c) = (
                a.const_mode_sizes(),
                b.const_mode_sizes(),
                c.const_mode_sizes(),
            );
            match dispatch(a, b, c) {
                Ok(d) => Some(d),
                Err(_) => None,
            }
        }
        _ => None,
    };

    /// Whether the batched GEMM runs one `v` at a time (CuTe's loop over `V`), the updates
    /// along `M`: `A`'s `M` mode starts with a static unit stride and its `V` mode does not
    /// (the im2col tile `(_4,_16,(_3,_3)):(ldi,_1,…)` of a row-major image, rows as `V`). The
    /// lanes the vectorizer packs then read `A` contiguously, as a hand loop along the
    /// contiguous columns does, instead of gathering each vector from `V` rows.
    const BY_V: bool = match (Self::DIMS, LA::SHAPE) {
        (Some([v, m, ..]), Some(a)) if v > 1 && v <= BY_V_MAX && m > 1 => {
            let (first, modes) = a.const_mode_first_leaves();
            modes >= 2
                && matches!(LA::STRIDES[first[1]], Some(1))
                && !matches!(LA::STRIDES[first[0]], Some(1))
        }
        _ => false,
    };
}

/// Whether `j < V` for the batched GEMM of `StaticGemm<LA, LB, LC>`: a constant per `j`, so
/// that [`each_v`] emits exactly `V` calls (a branch on a constant is gone before inlining).
struct VHas<LA, LB, LC, const J: i64>(PhantomData<(LA, LB, LC)>);

impl<LA: TensorLayout, LB: TensorLayout, LC: TensorLayout, const J: i64> VHas<LA, LB, LC, J> {
    const YES: bool = match StaticGemm::<LA, LB, LC>::DIMS {
        Some([v, ..]) => J < v,
        None => false,
    };
}

/// Whether `j < V·M` for the GEMM of `StaticGemm<LA, LB, LC>` with `V·M` at most `UNROLL_MAX`:
/// a constant per `j`, so that [`each_vm`] emits exactly `V·M` calls.
struct VmHas<LA, LB, LC, const J: i64>(PhantomData<(LA, LB, LC)>);

impl<LA: TensorLayout, LB: TensorLayout, LC: TensorLayout, const J: i64> VmHas<LA, LB, LC, J> {
    const YES: bool = match StaticGemm::<LA, LB, LC>::DIMS {
        Some([v, m, ..]) => v * m <= UNROLL_MAX && J < v * m,
        None => false,
    };
}

/// Calls `f(i)` for `0 <= i < V·M` unrolled at compile time when `V·M` is at most
/// `UNROLL_MAX` (each call under a constant of its own, as in [`each_v`]), else not at all.
#[inline(always)]
fn each_vm<LA: TensorLayout, LB: TensorLayout, LC: TensorLayout>(mut f: impl FnMut(i64)) {
    macro_rules! calls {
        ($($j:literal)*) => { $( if VmHas::<LA, LB, LC, $j>::YES { f($j) } )* };
    }
    calls!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
    calls!(32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47);
    calls!(48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63);
}
// `each_vm` spells out the calls for `i < 64`.
const _: () = assert!(UNROLL_MAX == 64);

/// The most `V` a batched GEMM runs one `v` at a time ([`StaticGemm::BY_V`]): `V·M·N` is at
/// most `UNROLL_MAX` with `M >= 2`.
const BY_V_MAX: i64 = UNROLL_MAX / 2;
// `each_v` spells out the calls for `v < 32`.
const _: () = assert!(BY_V_MAX == 32);

/// Calls `f(v)` for `0 <= v < V`, unrolled at compile time: `f` indexes the fragment `C` by
/// constants, so that it stays in registers (a loop over `v` kept it in memory, written with
/// strided stores and read back by the copy out). Each call is under a constant of its own
/// rather than a test of `v`, which would be folded only after every one of the calls had been
/// inlined (measured: an unrolled loop of `UNROLL_MAX` tested calls took the user kernels'
/// release build from 67 s to 532 s of CPU).
#[inline(always)]
fn each_v<LA: TensorLayout, LB: TensorLayout, LC: TensorLayout>(mut f: impl FnMut(i64)) {
    macro_rules! calls {
        ($($j:literal)*) => { $( if VHas::<LA, LB, LC, $j>::YES { f($j) } )* };
    }
    calls!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
}

/// `gemm(A, B, C)`: the reference GEMM, `C(m,n) += A(m,k) · B(n,k)`, for tensors folded to
/// rank 2 (`A` is `(M,K)`, `B` is `(N,K)`, `C` is `(M,N)`, each mode possibly nested: the
/// GETT and CONV foldings of Table 3 are the same loop), and CuTe's other dispatch shapes by
/// rank: `(V)·(V) => (V)` (element by element), `(M)·(N) => (M,N)` (outer product),
/// `(V,M)·(V,N) => (V,M,N)` and `(V,M,K)·(V,N,K) => (V,M,N)` (batched over `V`).
///
/// # Preconditions
/// The ranks are one of the five shapes ([`ErrorKind::RankMismatch`]) and the extents agree
/// (`M = size<0>(A) == size<0>(C)`, `N = size<0>(B) == size<1>(C)`, `K = size<1>(A) ==
/// size<1>(B)` for rank 2; [`ErrorKind::SizeMismatch`] names the extent); every tensor whole
/// ([`ErrorKind::OutOfBounds`] for a partial view).
///
/// # Postconditions
/// `C(v,m,n)` gains `Σ_k A(v,m,k) · B(v,n,k)`, the products added in increasing `k`.
///
/// With static layouts on all three (register fragments), the loop over `C` is unrolled at
/// compile time and the `K` loop has a constant trip count: straight-line multiply-adds at
/// constant offsets, with no layout arithmetic left, wherever it is called (the folding path is
/// `#[inline(always)]`). Past 512 multiply-adds the `k` loop runs outermost (CuTe's order, a
/// rank-1 update of `C` per `k`), with a `C` of at most `UNROLL_MAX` elements held in a local
/// array: a CPU micro-kernel, its accumulators in vector registers across the loop. A larger `C`
/// does not fit in registers: on a CPU it goes a column `C(_,_,n)` at a time, the column's
/// accumulators in registers across `k` where it has at most `UNROLL_MAX` elements, each element
/// summing all of `k` at once where it has more. When `A`'s
/// `M` mode starts with a static unit stride and its `V` mode does not (the im2col tile of a
/// row-major image, rows as `V`), that loop runs one `v` at a time, so that the vectors load `A`
/// along `M`. Each `C(m,n)` accumulates its products in increasing `k`, as the general loop
/// does, so every path gives the same floating-point result.
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
    match StaticGemm::<LA, LB, LC>::DIMS {
        Some(dims) if a.is_whole() && b.is_whole() && c.is_whole() => {
            let (la, lb, lc) = (*a.layout(), *b.layout(), *c.layout());
            let bases = (a.base(), b.base(), c.base());
            if let (Some(x), Some(y)) = (a.engine().as_slice(), b.engine().as_slice()) {
                if let Some(z) = c.engine_raw_mut().as_mut_slice() {
                    // As slices the compiler knows `C` apart from `A` and `B`, so it keeps the
                    // accumulators in registers and vectorizes across `m`.
                    let by_v = StaticGemm::<LA, LB, LC>::BY_V;
                    let bases = [bases.0, bases.1, bases.2];
                    fold(dims, by_v, x, y, z, bases, (&la, &lb, &lc));
                    return Ok(());
                }
            }
            // SAFETY (each access): `ci < V·M·N` and `kk < K` with the extents checked at
            // compile time, so every index is below its tensor's size, and the three tensors
            // are whole.
            let step = |ci, kk0, kk1| unsafe {
                let [ia, ib, sa, sb] = operands(ci, dims);
                let mut acc = c.read_unchecked(ci);
                let mut kk = kk0;
                while kk < kk1 {
                    acc = acc + a.read_unchecked(ia + kk * sa) * b.read_unchecked(ib + kk * sb);
                    kk += 1;
                }
                c.write_unchecked(ci, acc);
            };
            by_k(dims, &lc, step);
            Ok(())
        }
        _ => gemm_general(a, b, c),
    }
}

/// The indices of `A(v,m,0)` and `B(v,n,0)` for the index `ci` of `C(v,m,n)`, and the steps
/// `V·M` and `V·N` from element `k` of the reduction to element `k + 1`.
#[inline(always)]
const fn operands(ci: i64, [v, m, n, _]: [i64; 4]) -> [i64; 4] {
    let (vv, mm, nn) = (ci % v, ci / v % m, ci / (v * m));
    [vv + v * mm, vv + v * nn, v * m, v * n]
}

/// The static batched GEMM over memory one `v` at a time (CuTe's loop over `V`): for each `v`,
/// the accumulators `C(v,_,_)` in a local array, a rank-1 update per `k` along `M`, then
/// written to `C`. Each `C(v,m,n)` sums its products in increasing `k`, as in [`fold`].
///
/// Why per `v`: the vectorizer packs its lanes from consecutive stores of `C`, and `C(v,_,_)`
/// is strided when `C` is `V`-major (a fragment); with all of `V` in one block it would pack
/// the lanes along `V` and gather `A` from `V` rows.
#[inline(always)]
fn fold_by_v<T, LA: TensorLayout, LB: TensorLayout, LC: TensorLayout>(
    [v, m, n, k]: [i64; 4],
    x: &[T],
    y: &[T],
    z: &mut [T],
    [base_a, base_b, base_c]: [i64; 3],
    (la, lb, lc): (&LA, &LB, &LC),
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
{
    // SAFETY (every access below): the indices are below the tensors' sizes (the extents were
    // checked at compile time) and the tensors are whole, so every position `base + L(i)` is
    // inside its slice.
    let (pa, pb, pc) = origins(x, y, z, [base_a, base_b, base_c]);
    let (mn, vm, vn) = (m * n, v * m, v * n);
    each_v::<LA, LB, LC>(
        #[inline(always)]
        |vv| {
            // `C(v,m,n)` at `acc[m + M·n]`, `C`'s index `v + V·(m + M·n)`.
            let mut acc = [unsafe { at(pc, lc.offset_of(vv)) }; UNROLL_MAX as usize];
            lc.for_each_index(
                #[inline(always)]
                |i| {
                    if i < mn {
                        acc[i as usize] = unsafe { at(pc, lc.offset_of(vv + v * i)) };
                    }
                },
            );
            for kk in 0..k {
                // SAFETY: `L(v + k·VM)` is the offset of an index of `A` (`k < K`), and likewise
                // for `B`.
                let (ka, kb) = unsafe {
                    (
                        pa.offset(la.offset_of(vv + kk * vm) as isize),
                        pb.offset(lb.offset_of(vv + kk * vn) as isize),
                    )
                };
                lc.for_each_index(
                    #[inline(always)]
                    |i| {
                        if i < mn {
                            // `A(v,m,k) · B(v,n,k)`: `L(v + V·m + k·VM) = L(v + k·VM) + L(V·m)`.
                            let (mm, nn) = (i % m, i / m);
                            let (a, b) = unsafe {
                                (at(ka, la.offset_of(v * mm)), at(kb, lb.offset_of(v * nn)))
                            };
                            acc[i as usize] = acc[i as usize] + a * b;
                        }
                    },
                );
            }
            lc.for_each_index(
                #[inline(always)]
                |i| {
                    if i < mn {
                        unsafe { *pc.offset(lc.offset_of(vv + v * i) as isize) = acc[i as usize] };
                    }
                },
            );
        },
    );
}

/// The static GEMM over memory: `C(v,m,n)` at position `base + L_C(i)` of its slice, each
/// accumulated over `k` in order; `A` and `B` likewise. A large product with `by_v`
/// ([`StaticGemm::BY_V`]) runs one `v` at a time ([`fold_by_v`]).
///
/// The slices are parameters of their own (not fields of a tuple): only a reference parameter
/// carries the promise that `C` does not alias `A` and `B`, which the vectorizer needs.
#[inline(always)]
fn fold<T, LA: TensorLayout, LB: TensorLayout, LC: TensorLayout>(
    dims: [i64; 4],
    by_v: bool,
    x: &[T],
    y: &[T],
    z: &mut [T],
    [base_a, base_b, base_c]: [i64; 3],
    (la, lb, lc): (&LA, &LB, &LC),
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
{
    // SAFETY (every access below): the indices are below the tensors' sizes (the extents were
    // checked at compile time) and the tensors are whole, so every position `base + L(i)` is
    // inside its slice.
    let (vmn, k) = (dims[0] * dims[1] * dims[2], dims[3]);
    if vmn * k > UNROLLED_PRODUCTS && vmn <= UNROLL_MAX && by_v {
        fold_by_v(dims, x, y, z, [base_a, base_b, base_c], (la, lb, lc));
        return;
    }
    if vmn * k > UNROLLED_PRODUCTS && vmn <= UNROLL_MAX {
        // `k` outermost (CuTe's order, a rank-1 update of `C` per `k`), `C` in a local array
        // indexed by constants (registers, as CuTe's fragment): nothing in the loop can alias
        // it, so the compiler keeps it in vector registers.
        let (vm, vn) = (dims[0] * dims[1], dims[0] * dims[2]);
        // The origins of the three tensors as pointers, so that one induction variable can step
        // the columns of `A` and `B` (as hand-written code does; measured: one instruction less
        // per step of `k`). `C` is read before the loop and written after it, so nothing in the
        // loop needs the slices' promise that it does not alias `A` or `B`.
        let (pa, pb, pc) = origins(x, y, z, [base_a, base_b, base_c]);
        let mut acc = [unsafe { at(pc, lc.offset_of(0)) }; UNROLL_MAX as usize];
        lc.for_each_index(
            #[inline(always)]
            |ci| acc[ci as usize] = unsafe { at(pc, lc.offset_of(ci)) },
        );
        for kk in 0..k {
            // Column `k` of `A` and of `B` as fragments, read once each: `L(i + k·VM) =
            // L(i) + L(k·VM)` (a mode boundary), the first part a constant per element.
            // SAFETY: `L(k·VM)` is the offset of an index of `A` (`k < K`), inside the slice.
            let (ka, kb) = unsafe {
                (
                    pa.offset(la.offset_of(kk * vm) as isize),
                    pb.offset(lb.offset_of(kk * vn) as isize),
                )
            };
            let (mut fa, mut fb) = ([acc[0]; UNROLL_MAX as usize], [acc[0]; UNROLL_MAX as usize]);
            // `V·M` and `V·N` are at most `size(C)`: `C`'s unrolled loop visits both ranges.
            lc.for_each_index(
                #[inline(always)]
                |i| {
                    if i < vm {
                        fa[i as usize] = unsafe { at(ka, la.offset_of(i)) };
                    }
                    if i < vn {
                        fb[i as usize] = unsafe { at(kb, lb.offset_of(i)) };
                    }
                },
            );
            lc.for_each_index(
                #[inline(always)]
                |ci| {
                    let [ia, ib, _, _] = operands(ci, dims);
                    let r = &mut acc[ci as usize];
                    *r = *r + fa[ia as usize] * fb[ib as usize];
                },
            );
        }
        lc.for_each_index(
            #[inline(always)]
            |ci| unsafe { *pc.offset(lc.offset_of(ci) as isize) = acc[ci as usize] },
        );
        return;
    }
    if vmn > UNROLL_MAX && !cfg!(target_arch = "nvptx64") {
        fold_c_outer(dims, x, y, z, [base_a, base_b, base_c], (la, lb, lc));
        return;
    }
    // Through the slices: the compiler knows `C` apart from `A` and `B`, so it reorders and
    // vectorizes the unrolled product.
    // SAFETY (every read): as above.
    let at = |i| (x, base_a + la.offset_of(i));
    let bt = |i| (y, base_b + lb.offset_of(i));
    fold_small(dims, lc, at, bt, z, base_c);
}

/// The static GEMM of a `C` past `UNROLL_MAX` elements on a CPU, through the slices: `C` does
/// not fit in registers, so it goes a column `C(_,_,n)` of `V·M` elements at a time, `n` in a
/// loop. Every offset splits at a mode boundary, `L_C(i + VM·n) = L_C(i) + L_C(VM·n)`,
/// `L_B(v + V·n) = L_B(v) + L_B(V·n)` and `L_A(i + VM·k) = L_A(i) + L_A(VM·k)` for `i < VM`, so
/// that within a column the offsets are constants (unrolled) or of an index within a mode,
/// rather than a whole layout's per element and per `k` (measured: 2 to 2.6 times the hand loop
/// at 128 and 256 elements of `C`; 0.1 to 0.5 times now).
#[inline(always)]
fn fold_c_outer<T, LA: TensorLayout, LB: TensorLayout, LC: TensorLayout>(
    [v, m, n, k]: [i64; 4],
    x: &[T],
    y: &[T],
    z: &mut [T],
    [base_a, base_b, base_c]: [i64; 3],
    (la, lb, lc): (&LA, &LB, &LC),
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
{
    let (vm, vn) = (v * m, v * n);
    for nn in 0..n {
        let (cn, bn) = (
            base_c + lc.offset_of(vm * nn),
            base_b + lb.offset_of(v * nn),
        );
        if VmHas::<LA, LB, LC, 0>::YES {
            // A column of `C` short enough to unroll: its accumulators in a local array indexed
            // by constants (registers), a rank-1 update per `k` along the column, as the
            // micro-kernel of `fold` (a loop over the column was fused with `n`'s into one over
            // `C`'s index, whose offsets no vector follows; each element summing its `k` at once
            // stayed scalar).
            // SAFETY (every access): each position is `base + L(j)` of an index `j` below the
            // tensor's size (the extents were checked at compile time, and the split offsets add
            // up to it), and the tensors are whole, so it is inside its slice.
            let mut acc = [unsafe { *z.get_unchecked(cn as usize) }; UNROLL_MAX as usize];
            each_vm::<LA, LB, LC>(
                #[inline(always)]
                |i| acc[i as usize] = unsafe { *z.get_unchecked((cn + lc.offset_of(i)) as usize) },
            );
            for kk in 0..k {
                let (ka, kb) = (base_a + la.offset_of(kk * vm), bn + lb.offset_of(kk * vn));
                each_vm::<LA, LB, LC>(
                    #[inline(always)]
                    |i| {
                        let (a, b) = unsafe {
                            (
                                *x.get_unchecked((ka + la.offset_of(i)) as usize),
                                *y.get_unchecked((kb + lb.offset_of(i % v)) as usize),
                            )
                        };
                        acc[i as usize] = acc[i as usize] + a * b;
                    },
                );
            }
            each_vm::<LA, LB, LC>(
                #[inline(always)]
                |i| unsafe {
                    *z.get_unchecked_mut((cn + lc.offset_of(i)) as usize) = acc[i as usize];
                },
            );
        } else {
            let (bases, dims) = ([base_a, bn, cn], [v, vm, vn, k]);
            for i in 0..vm {
                sum_k(i, dims, x, y, z, bases, (la, lb, lc));
            }
        }
    }
}

/// `C(i, n) += Σ_k A(i, k) · B(v, n, k)` for the index `i = v + V·m` within a column of `C`
/// (of [`fold_c_outer`]): `bases` are the positions of `A(0,0,0)`, `B(0,n,0)` and `C(0,0,n)`.
#[inline(always)]
fn sum_k<T, LA: TensorLayout, LB: TensorLayout, LC: TensorLayout>(
    i: i64,
    [v, vm, vn, k]: [i64; 4],
    x: &[T],
    y: &[T],
    z: &mut [T],
    [base_a, bn, cn]: [i64; 3],
    (la, lb, lc): (&LA, &LB, &LC),
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
{
    // SAFETY (every access): each position is `base + L(j)` of an index `j` below the tensor's
    // size (the extents were checked at compile time, and the split offsets add up to it), and
    // the tensors are whole, so it is inside its slice.
    let read = |s: &[T], p: i64| unsafe { *s.get_unchecked(p as usize) };
    let pc = (cn + lc.offset_of(i)) as usize;
    let (pa, pb) = (base_a + la.offset_of(i), bn + lb.offset_of(i % v));
    let mut acc = unsafe { *z.get_unchecked(pc) };
    for kk in 0..k {
        let (ka, kb) = (la.offset_of(kk * vm), lb.offset_of(kk * vn));
        acc = acc + read(x, pa + ka) * read(y, pb + kb);
    }
    unsafe { *z.get_unchecked_mut(pc) = acc };
}

/// The static GEMM of a small product (or, on a GPU, of a `C` past `UNROLL_MAX` elements) through
/// the slices: the compiler knows `C` apart from `A` and `B`, so it reorders and vectorizes the
/// unrolled product; `a(i)` and `b(i)` give the slice and position of element `i` of `A` and
/// `B`.
#[inline(always)]
fn fold_small<'x, T, L: TensorLayout>(
    dims: [i64; 4],
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
    by_k(
        dims,
        lc,
        #[inline(always)]
        |ci, kk0, kk1| {
            let [ia, ib, sa, sb] = operands(ci, dims);
            let pc = (base_c + lc.offset_of(ci)) as usize;
            let mut acc = unsafe { *c.get_unchecked(pc) };
            let mut kk = kk0;
            while kk < kk1 {
                acc = acc + read(a(ia + kk * sa)) * read(b(ib + kk * sb));
                kk += 1;
            }
            unsafe { *c.get_unchecked_mut(pc) = acc };
        },
    );
}

/// The positions `base_a`, `base_b`, `base_c` of the three slices as pointers: the origins the
/// static GEMM's loops step from with one induction variable.
#[inline(always)]
fn origins<T>(x: &[T], y: &[T], z: &mut [T], [a, b, c]: [i64; 3]) -> (*const T, *const T, *mut T) {
    // SAFETY: the bases are positions inside the slices (the tensors are whole).
    unsafe {
        (
            x.as_ptr().offset(a as isize),
            y.as_ptr().offset(b as isize),
            z.as_mut_ptr().offset(c as isize),
        )
    }
}

/// The element at offset `o` from `p`.
///
/// # Safety
/// `p + o` is inside the slice `p` points into.
#[inline(always)]
unsafe fn at<T: Copy>(p: *const T, o: i64) -> T {
    // SAFETY: the caller's.
    unsafe { *p.offset(o as isize) }
}

/// The most multiply-adds a static GEMM runs with each `C(m,n)` summed over all of `k` at
/// once, the whole product unrolled; past it the `k` loop runs outermost (CuTe's order, a rank-1
/// update of `C` per `k`), so that `C` stays in registers while `A` and `B` stream. On a GPU
/// always CuTe's order: the unrolled product reads `A` and `B` once per `C(m,n)`, and a thread's
/// `8 x 8 x 8` from shared memory spilled 304 bytes in `gpu/src/sgemm.rs` (128 in CuTe's order).
const UNROLLED_PRODUCTS: i64 = if cfg!(target_arch = "nvptx64") {
    0
} else {
    512
};

/// Runs `step(ci, k0, k1)` (add the products `k0 <= k < k1` into element `ci` of `C`) over
/// every element of `C` and every `k`: `C`'s loop outside for a small product, `k`'s outside for
/// a large one. Each `C(m,n)` gets its products in increasing `k` either way.
#[inline(always)]
fn by_k<L: TensorLayout>(dims: [i64; 4], lc: &L, mut step: impl FnMut(i64, i64, i64)) {
    let (k, size) = (dims[3], dims[0] * dims[1] * dims[2]);
    // A `C` past `UNROLL_MAX` elements cannot stay in registers across the `k` loop: on a CPU
    // each `C(m,n)` then sums all of `k` at once, in a register, as a hand loop does (`k`
    // outermost read and wrote all of `C` per `k`: 3.5 times the hand loop at 16 x 16 x 4).
    let c_outer = size > UNROLL_MAX && !cfg!(target_arch = "nvptx64");
    if size * k <= UNROLLED_PRODUCTS || c_outer {
        lc.for_each_index(
            #[inline(always)]
            |ci| step(ci, 0, k),
        );
    } else {
        for kk in 0..k {
            lc.for_each_index(
                #[inline(always)]
                |ci| step(ci, kk, kk + 1),
            );
        }
    }
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
    if !a.is_whole() {
        return Err(a.outside_error(Op::Gemm, None));
    }
    if !b.is_whole() {
        return Err(b.outside_error(Op::Gemm, None));
    }
    if !c.is_whole() {
        return Err(c.outside_error(Op::Gemm, None));
    }
    let dims = dispatch(
        mode_sizes(a.layout()),
        mode_sizes(b.layout()),
        mode_sizes(c.layout()),
    );
    let [v, m, n, k] = dims.map_err(|e| {
        let (x, y, kind) = match e {
            Mismatch::Rank(left, right) => (0, 1, ErrorKind::RankMismatch { left, right }),
            Mismatch::Size(what, left, right, pair) => {
                let (x, y) = [(0, 2), (1, 2), (0, 1)][pair as usize];
                (x, y, ErrorKind::SizeMismatch { what, left, right })
            }
        };
        let layouts = [
            a.layout().layout(),
            b.layout().layout(),
            c.layout().layout(),
        ];
        Error::new(
            Op::Gemm,
            [
                Some(Operand::from(&layouts[x])),
                Some(Operand::from(&layouts[y])),
            ],
            kind,
        )
    })?;
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                for vv in 0..v {
                    let ci = vv + v * (mm + m * nn);
                    // SAFETY: `(vv, mm, kk)`, `(vv, nn, kk)` and `(vv, mm, nn)` are coordinates
                    // inside the checked shapes, so their colexicographic indices are below each
                    // size, and the tensors are whole.
                    unsafe {
                        let x = a.read_unchecked(vv + v * (mm + m * kk));
                        let y = b.read_unchecked(vv + v * (nn + n * kk));
                        c.write_unchecked(ci, c.read_unchecked(ci) + x * y);
                    }
                }
            }
        }
    }
    Ok(())
}
