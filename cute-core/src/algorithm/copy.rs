//! `copy(src, dst)` (seed 000 §2.6.1): `dst(i) = src(i)` for every index, whatever the ranks.

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};
use crate::MAX_LEAVES;

/// The most modes a plan holds (after merging); more, and the copy evaluates both layouts at
/// each index instead. Small, so that planning a copy stays cheap next to the copy itself.
const PLAN_MODES: usize = MAX_LEAVES / 2;

/// The loop nest of a copy from `A` to `B`: modes `s_k` with the stride of each side, from a
/// common refinement of the two flattened shapes, modes that are contiguous on both sides merged,
/// and (when the order of the writes cannot matter) the common contiguous run first.
///
/// # Postconditions
/// Running the modes as an odometer visits each pair `(A(i), B(i))` exactly once;
/// [`CopyPlan::vector`] is the length of the first mode when it has stride 1 on both sides.
///
/// # Examples
/// ```
/// use cute_core::{algorithm::CopyPlan, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let p = CopyPlan::new(&l("(8,(3,5)):(1,(57,8))"), &l("(8,15):(1,8)")).unwrap();
/// assert_eq!(p.modes().collect::<Vec<_>>(), [(8, 1, 1), (3, 57, 8), (5, 8, 24)]);
/// assert_eq!(CopyPlan::new(&l("(8,3):(3,1)"), &l("(8,3):(3,1)")).unwrap().vector(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyPlan {
    n: usize,
    shape: [i64; PLAN_MODES],
    src: [i64; PLAN_MODES],
    dst: [i64; PLAN_MODES],
}

impl CopyPlan {
    /// The plan before any mode: no modes.
    const EMPTY: CopyPlan = CopyPlan {
        n: 0,
        shape: [1; PLAN_MODES],
        src: [0; PLAN_MODES],
        dst: [0; PLAN_MODES],
    };

    /// Plans a copy between two layouts of equal size; `None` when their flattened shapes have
    /// no common refinement (a leaf of one neither divides nor is a multiple of the part of the
    /// other it meets), it needs more than 16 modes, a stride overflows, or the sizes differ.
    #[must_use]
    pub const fn new(a: &Layout, b: &Layout) -> Option<CopyPlan> {
        let mut p = CopyPlan::EMPTY;
        if p.plan(a, b) {
            Some(p)
        } else {
            None
        }
    }

    /// [`CopyPlan::new`] into an empty plan in place (the dynamic copy plans on every call, and
    /// moving the plan out of an `Option` costs as much as planning); `false` when there is no
    /// plan.
    #[inline(always)]
    const fn plan(&mut self, a: &Layout, b: &Layout) -> bool {
        let (sa, da) = (a.shape().const_leaves(), a.stride().const_leaves());
        let (sb, db) = (b.shape().const_leaves(), b.stride().const_leaves());
        // The rest of the current leaf on each side: its size and its stride.
        let (mut i, mut j) = (0, 0);
        let (mut ra, mut xa, mut rb, mut xb) = (1i64, 0i64, 1i64, 0i64);
        loop {
            while ra == 1 && i < sa.len() {
                (ra, xa) = (sa[i], da[i]);
                i += 1;
            }
            while rb == 1 && j < sb.len() {
                (rb, xb) = (sb[j], db[j]);
                j += 1;
            }
            if ra == 1 || rb == 1 {
                break;
            }
            // The smaller rest is the next mode; the larger must be a multiple of it (the
            // division only runs when the two differ, so equal shapes plan without one).
            let m = if ra < rb { ra } else { rb };
            if (ra != m && ra % m != 0) || (rb != m && rb % m != 0) {
                return false;
            }
            if !self.push(m, xa, xb) {
                return false;
            }
            if ra == m {
                ra = 1;
            } else {
                let Some(x) = xa.checked_mul(m) else {
                    return false;
                };
                (xa, ra) = (x, ra / m);
            }
            if rb == m {
                rb = 1;
            } else {
                let Some(x) = xb.checked_mul(m) else {
                    return false;
                };
                (xb, rb) = (x, rb / m);
            }
        }
        if ra != 1 || rb != 1 {
            return false;
        }
        if self.n == 0 && !self.push(1, 0, 0) {
            return false;
        }
        // Reordering needs two modes, a run to move (contiguous on both sides), and an order in
        // which the writes cannot collide; the cheap conditions first.
        if self.n > 1 {
            if let Some(k) = self.common_run() {
                if self.dst_injective() {
                    self.contiguous_first(k);
                }
            }
        }
        true
    }

    /// Appends `m : (x, y)`, merged into the last mode when it continues it on both sides;
    /// `false` when the plan is full.
    #[must_use]
    const fn push(&mut self, m: i64, x: i64, y: i64) -> bool {
        if self.n > 0 {
            let k = self.n - 1;
            let (s, dx, dy) = (self.shape[k], self.src[k], self.dst[k]);
            if matches!(s.checked_mul(dx), Some(v) if v == x)
                && matches!(s.checked_mul(dy), Some(v) if v == y)
            {
                self.shape[k] = s * m;
                return true;
            }
        }
        if self.n == PLAN_MODES {
            return false;
        }
        self.shape[self.n] = m;
        self.src[self.n] = x;
        self.dst[self.n] = y;
        self.n += 1;
        true
    }

    /// The first mode with stride 1 on both sides.
    const fn common_run(&self) -> Option<usize> {
        let mut k = 0;
        while k < self.n {
            if self.src[k] == 1 && self.dst[k] == 1 {
                return Some(k);
            }
            k += 1;
        }
        None
    }

    /// Whether the destination strides are those of an injective layout (sufficient test: taken
    /// by increasing `|d|`, each stride passes the span of the smaller ones).
    const fn dst_injective(&self) -> bool {
        let mut used = [false; PLAN_MODES];
        let mut span = 0u64;
        let mut taken = 0;
        while taken < self.n {
            let mut best = self.n;
            let mut k = 0;
            while k < self.n {
                if !used[k]
                    && (best == self.n
                        || self.dst[k].unsigned_abs() < self.dst[best].unsigned_abs())
                {
                    best = k;
                }
                k += 1;
            }
            used[best] = true;
            taken += 1;
            let d = self.dst[best].unsigned_abs();
            if d <= span {
                return false;
            }
            span = match (self.shape[best] as u64 - 1).checked_mul(d) {
                Some(v) => match v.checked_add(span) {
                    Some(v) => v,
                    None => return false,
                },
                None => return false,
            };
        }
        true
    }

    /// Moves mode `k`, of stride 1 on both sides, to the front and merges into it every mode that
    /// continues it on both sides: the longest common contiguous run, as `max_common_vector`.
    const fn contiguous_first(&mut self, k: usize) {
        self.swap(0, k);
        loop {
            let (s, x, y) = (self.shape[0], self.src[0], self.dst[0]);
            let mut j = 1;
            while j < self.n && !(self.src[j] == s * x && self.dst[j] == s * y) {
                j += 1;
            }
            if j == self.n {
                return;
            }
            self.shape[0] = s * self.shape[j];
            while j + 1 < self.n {
                self.swap(j, j + 1);
                j += 1;
            }
            self.n -= 1;
        }
    }

    const fn swap(&mut self, a: usize, b: usize) {
        let (s, x, y) = (self.shape[a], self.src[a], self.dst[a]);
        (self.shape[a], self.src[a], self.dst[a]) = (self.shape[b], self.src[b], self.dst[b]);
        (self.shape[b], self.src[b], self.dst[b]) = (s, x, y);
    }

    /// The modes `(size, src stride, dst stride)`, innermost first.
    pub fn modes(&self) -> impl Iterator<Item = (i64, i64, i64)> + '_ {
        (0..self.n).map(|k| (self.shape[k], self.src[k], self.dst[k]))
    }

    /// The common contiguous run moved as one chunk: the first mode's size when it has stride 1
    /// on both sides, else 1.
    #[must_use]
    pub const fn vector(&self) -> i64 {
        if self.src[0] == 1 && self.dst[0] == 1 {
            self.shape[0]
        } else {
            1
        }
    }
}

/// What a copy did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The common contiguous run it moved as one chunk (1: element by element).
    pub vector: i64,
    /// Whether both shapes were static, so the copy was unrolled at compile time (every offset
    /// a constant when the strides are static too).
    pub unrolled: bool,
}

/// The plan of two static layouts, computed once at compile time.
struct StaticPlan<A, B>(core::marker::PhantomData<(A, B)>);

impl<A: TensorLayout, B: TensorLayout> StaticPlan<A, B> {
    const VECTOR: i64 = match (A::STATIC, B::STATIC) {
        (Some(a), Some(b)) => match CopyPlan::new(&a, &b) {
            Some(p) => p.vector(),
            None => 1,
        },
        _ => 1,
    };
}

/// `copy(src, dst)`: `dst(i) = src(i)` for every `i < size` (seed 000 §2.6.1), rank-agnostic.
///
/// With static layouts on both sides the loop is unrolled at compile time: no loop counter, no
/// division or modulo, every offset a constant, contiguous runs as adjacent moves the compiler
/// merges into vector moves. Static shapes with runtime strides (a tile of a runtime-sized
/// matrix) unroll the same way, each offset a constant times a stride held in a register. Otherwise the copy runs the [`CopyPlan`] loop nest, its innermost
/// mode a contiguous chunk of [`Copied::vector`] elements when both sides have one, and falls
/// back to evaluating both layouts at each index when there is no common refinement.
///
/// # Preconditions
/// `size(src) == size(dst)` ([`ErrorKind::SizeMismatch`]); both tensors whole
/// ([`ErrorKind::OutOfBounds`] for a partial view: copy it with [`super::copy_if()`]).
///
/// # Postconditions
/// `dst(i) == src(i)` for every `i` (for a non-injective `dst`, the last write in index order
/// wins, as in the paper's loop).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::copy, make_tensor, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let src: Vec<i32> = (0..24).collect();
/// let mut dst = vec![0; 24];
/// let s = make_tensor(src.as_slice(), l("(8,3):(1,8)")).unwrap();
/// let mut d = make_tensor(dst.as_mut_slice(), l("(8,3):(3,1)")).unwrap();
/// assert_eq!(copy(&s, &mut d).unwrap().vector, 1);
/// assert_eq!(&dst[..6], [0, 8, 16, 1, 9, 17]);
/// ```
#[inline(always)]
pub fn copy<E, F, A, B>(src: &Tensor<E, A>, dst: &mut Tensor<F, B>) -> Result<Copied, Error>
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    if src.size() != dst.size() {
        return Err(size_mismatch(Op::Copy, src, dst));
    }
    if !src.is_whole() {
        return Err(src.outside_error(Op::Copy, None));
    }
    if !dst.is_whole() {
        return Err(dst.outside_error(Op::Copy, None));
    }
    if A::STATIC_SHAPE && B::STATIC_SHAPE {
        let (sb, db, a, b) = (src.base(), dst.base(), *src.layout(), *dst.layout());
        let (sp, dp) = (src.engine().ptr(), dst.engine_mut().ptr_mut());
        // SAFETY (both closures): every index is below `size(src) == size(dst)`, so both
        // positions are inside the extents the tensors checked.
        let read = |i: i64| unsafe { E::read_at(sp, sb, a.offset_of(i)) };
        let write = |i: i64, v| unsafe { F::write(dp, db + b.offset_of(i), v) };
        a.for_each_block(
            #[inline(always)]
            |i| {
                // Reads before writes: the block's moves merge into vector moves. The writes
                // stay in index order, so a non-injective `dst` ends as the paper's loop.
                let v = [
                    read(i),
                    read(i + 1),
                    read(i + 2),
                    read(i + 3),
                    read(i + 4),
                    read(i + 5),
                    read(i + 6),
                    read(i + 7),
                ];
                for (j, v) in (i..).zip(v) {
                    write(j, v);
                }
            },
            #[inline(always)]
            |i| write(i, read(i)),
        );
        return Ok(Copied {
            vector: StaticPlan::<A, B>::VECTOR,
            unrolled: true,
        });
    }
    Ok(copy_dynamic(src, dst))
}

/// The copy when a layout is a runtime value: planned, or index by index without a plan.
fn copy_dynamic<E, F, A, B>(src: &Tensor<E, A>, dst: &mut Tensor<F, B>) -> Copied
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    let (sb, db) = (src.base(), dst.base());
    let mut plan = CopyPlan::EMPTY;
    let planned = src.with_layout(
        #[inline(always)]
        |a| dst.with_layout(|b| plan.plan(a, b)),
    );
    let (sp, dp) = (src.engine().ptr(), dst.engine_mut().ptr_mut());
    if !planned {
        let (a, b) = (src.layout(), dst.layout());
        for i in 0..src.size() {
            // SAFETY: `i < size(src) == size(dst)`.
            unsafe { F::write(dp, db + b.offset_of(i), E::read(sp, sb + a.offset_of(i))) }
        }
        return Copied {
            vector: 1,
            unrolled: false,
        };
    }
    let (inner, ds, dd) = (plan.shape[0], plan.src[0], plan.dst[0]);
    if let (true, Some(s), Some(d)) = (
        plan.vector() > 1,
        src.engine().as_slice(),
        dst.engine_mut().as_mut_slice(),
    ) {
        // The common contiguous run as one chunk: a copy between non-overlapping slices.
        let inner = inner as usize;
        run(&plan, sb, db, |os, od| {
            let (os, od) = (os as usize, od as usize);
            copy_run(&s[os..os + inner], &mut d[od..od + inner]);
        });
    } else {
        // SAFETY: the plan visits exactly the positions `base + L(i)`, `i < size`, of both
        // tensors, which their construction checked.
        run(&plan, sb, db, |os, od| unsafe {
            for j in 0..inner {
                F::write(dp, od + j * dd, E::read(sp, os + j * ds));
            }
        });
    }
    Copied {
        vector: plan.vector(),
        unrolled: false,
    }
}

/// One contiguous run, eight elements at a time as fixed-size moves and then the rest: a short
/// run stays out of `memcpy`, whose call costs more than the run itself.
#[inline(always)]
fn copy_run<T: Copy>(s: &[T], d: &mut [T]) {
    let (mut s8, mut d8) = (s.chunks_exact(8), d.chunks_exact_mut(8));
    for (a, b) in (&mut s8).zip(&mut d8) {
        let a: &[T; 8] = a.try_into().unwrap_or_else(|_| unreachable!());
        let b: &mut [T; 8] = b.try_into().unwrap_or_else(|_| unreachable!());
        *b = *a;
    }
    for (a, b) in s8.remainder().iter().zip(d8.into_remainder()) {
        *b = *a;
    }
}

/// The plan's loop nest: `inner(src, dst)` at the start of each run of mode 0, the other modes
/// as an odometer.
#[inline(always)]
fn run(p: &CopyPlan, sb: i64, db: i64, mut inner: impl FnMut(i64, i64)) {
    let mut count = [0i64; PLAN_MODES];
    let (mut os, mut od) = (sb, db);
    loop {
        inner(os, od);
        let mut k = 1;
        loop {
            if k >= p.n {
                return;
            }
            count[k] += 1;
            os += p.src[k];
            od += p.dst[k];
            if count[k] < p.shape[k] {
                break;
            }
            os -= p.shape[k] * p.src[k];
            od -= p.shape[k] * p.dst[k];
            count[k] = 0;
            k += 1;
        }
    }
}

/// The error of tensors of different sizes.
#[cold]
pub(crate) fn size_mismatch<E, F, A: TensorLayout, B: TensorLayout>(
    op: Op,
    src: &Tensor<E, A>,
    dst: &Tensor<F, B>,
) -> Error
where
    E: Engine,
    F: Engine,
{
    Error::new(
        op,
        [
            Some(Operand::from(&src.layout().layout())),
            Some(Operand::from(&dst.layout().layout())),
        ],
        ErrorKind::SizeMismatch {
            what: "size",
            left: src.size(),
            right: dst.size(),
        },
    )
}
