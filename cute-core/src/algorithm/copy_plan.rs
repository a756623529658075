//! The loop nest of a copy ([`CopyPlan`]): a common refinement of the two shapes, planned at
//! run time for runtime layouts (or at compile time for static ones), and how it runs.

use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};
use crate::MAX_LEAVES;

/// The most modes a plan holds (after merging); more, and the copy evaluates both layouts at
/// each index instead. Small, so that planning a copy stays cheap next to the copy itself.
pub(super) const PLAN_MODES: usize = MAX_LEAVES / 2;

/// The loop nest of a copy from `A` to `B`: modes `s_k` with the stride of each side, from a
/// common refinement of the two flattened shapes, modes that are contiguous on both sides merged,
/// and, when the order of the writes cannot matter (an injective destination), the common
/// contiguous run first and the other modes by increasing source stride.
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
/// // The run of 8 innermost, then the 5 (source stride 8) before the 3 (57).
/// assert_eq!(p.modes().collect::<Vec<_>>(), [(8, 1, 1), (5, 8, 24), (3, 57, 8)]);
/// assert_eq!(CopyPlan::new(&l("(8,3):(3,1)"), &l("(8,3):(3,1)")).unwrap().vector(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyPlan {
    pub(super) n: usize,
    pub(super) shape: [i64; PLAN_MODES],
    pub(super) src: [i64; PLAN_MODES],
    pub(super) dst: [i64; PLAN_MODES],
}

impl CopyPlan {
    /// The plan before any mode: no modes.
    pub(super) const EMPTY: CopyPlan = CopyPlan {
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
        self.plan_leaves((sa, da), (sb, db))
    }

    /// [`CopyPlan::plan`] from the flat leaves (shapes, strides) of the two layouts.
    #[inline(always)]
    pub(super) const fn plan_leaves(
        &mut self,
        (sa, da): (&[i64], &[i64]),
        (sb, db): (&[i64], &[i64]),
    ) -> bool {
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
        // Reordering needs two modes and an order in which the writes cannot collide.
        if self.n > 1 && self.dst_injective() {
            if let Some(k) = self.common_run() {
                self.contiguous_first(k);
            }
            self.outer_by_source();
        }
        true
    }

    /// Orders the modes after the first by increasing source stride (then destination stride),
    /// merging those that then continue each other on both sides: the source is read as
    /// sequentially as the first mode allows (a tile of a column-major matrix column by column),
    /// and the loop nest is as shallow as the two layouts allow.
    const fn outer_by_source(&mut self) {
        let mut k = 2;
        while k < self.n {
            let mut j = k;
            while j > 1 && self.after(j - 1, j) {
                self.swap(j - 1, j);
                j -= 1;
            }
            k += 1;
        }
        let mut k = 1;
        while k + 1 < self.n {
            let (s, x, y) = (self.shape[k], self.src[k], self.dst[k]);
            if matches!(s.checked_mul(x), Some(v) if v == self.src[k + 1])
                && matches!(s.checked_mul(y), Some(v) if v == self.dst[k + 1])
            {
                self.shape[k] = s * self.shape[k + 1];
                let mut j = k + 1;
                while j + 1 < self.n {
                    self.swap(j, j + 1);
                    j += 1;
                }
                self.n -= 1;
            } else {
                k += 1;
            }
        }
    }

    /// Whether mode `a` goes after mode `b` in [`CopyPlan::outer_by_source`]'s order.
    const fn after(&self, a: usize, b: usize) -> bool {
        let (sa, sb) = (self.src[a].unsigned_abs(), self.src[b].unsigned_abs());
        sa > sb || (sa == sb && self.dst[a].unsigned_abs() > self.dst[b].unsigned_abs())
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
    pub(super) const fn dst_injective(&self) -> bool {
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

/// The flat leaves of a layout, shapes and strides.
pub(super) struct Leaves {
    pub(super) n: usize,
    pub(super) shape: [i64; MAX_LEAVES],
    pub(super) stride: [i64; MAX_LEAVES],
}

impl Leaves {
    #[inline(always)]
    pub(super) fn of<L: TensorLayout>(l: &L) -> Leaves {
        let mut v = Leaves {
            n: 0,
            shape: [1; MAX_LEAVES],
            stride: [0; MAX_LEAVES],
        };
        l.for_each_leaf(
            #[inline(always)]
            |s, d| {
                // At most `MAX_LEAVES` leaves, a layout's invariant.
                if v.n < MAX_LEAVES {
                    (v.shape[v.n], v.stride[v.n]) = (s, d);
                    v.n += 1;
                }
            },
        );
        v
    }

    #[inline(always)]
    pub(super) fn parts(&self) -> (&[i64], &[i64]) {
        (&self.shape[..self.n], &self.stride[..self.n])
    }
}

impl Leaves {
    /// The length of the index prefix this layout keeps contiguous (offset `i` at `i`).
    pub(super) fn run(&self) -> i64 {
        let mut run = 1i64;
        for k in 0..self.n {
            if self.shape[k] == 1 {
                continue;
            }
            if self.stride[k] != run {
                break;
            }
            run = run.saturating_mul(self.shape[k]);
        }
        run
    }

    /// Whether the index space splits into chunks of `p`: `p` is a prefix product of the
    /// shape times a divisor of the next leaf, so that `L(i0 + c) = L(i0) + L(c)` for every
    /// chunk start `i0` (a multiple of `p`) and `c < p`.
    pub(super) fn splits(&self, p: i64) -> bool {
        let mut prefix = 1i64;
        for k in 0..self.n {
            if p % prefix == 0 && self.shape[k] % (p / prefix) == 0 {
                return true;
            }
            prefix = prefix.saturating_mul(self.shape[k]);
            if prefix > p {
                return false;
            }
        }
        false
    }
}

/// The shortest contiguous run moved by `copy_from_slice` (a `memcpy`, with the widest moves
/// the machine has) rather than eight elements at a time.
const LONG_RUN: i64 = 32;

/// Runs the plan of the two tensors' layouts: long contiguous runs between slices as slice
/// copies, everything else through the engines' handles.
#[inline(always)]
pub(super) fn run_plan<E, F, A, B>(plan: &CopyPlan, src: &Tensor<E, A>, dst: &mut Tensor<F, B>)
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    let (sb, db) = (src.base(), dst.base());
    if plan.vector() >= LONG_RUN {
        if let (Some(s), Some(d)) = (src.engine().as_slice(), dst.engine_raw_mut().as_mut_slice()) {
            let n = plan.shape[0] as usize;
            run(plan, sb, db, |os, od| {
                // In bounds (the plan visits the checked positions); a slice copy checks again
                // once per run.
                d[od as usize..][..n].copy_from_slice(&s[os as usize..][..n]);
            });
            return;
        }
    }
    let (sp, dp) = (src.engine().ptr(), dst.engine_raw_mut().ptr_mut());
    // SAFETY: the plan visits exactly the positions `base + L(i)`, `i < size`, of both tensors,
    // which their construction checked.
    unsafe { execute::<E, F>(plan, (sp, sb), (dp, db)) };
}

/// Runs a plan: its first mode as the inner loop (a contiguous run moved eight elements at a
/// time when it has stride 1 on both sides), the others as counted loops around it.
///
/// # Safety
/// `plan` visits, from the two bases, only positions inside the data of both handles.
#[inline(always)]
unsafe fn execute<E: Engine, F: EngineMut<Value = E::Value>>(
    plan: &CopyPlan,
    (sp, sb): (E::Ptr, i64),
    (dp, db): (F::PtrMut, i64),
) {
    let (inner, ds, dd) = (plan.shape[0], plan.src[0], plan.dst[0]);
    // SAFETY (every closure): the plan's positions, the caller's.
    let block = |os, od| unsafe { block::<E, F>(sp, os, dp, od) };
    if ds == 1 && dd == 1 && inner == BLOCK && plan.n > 1 && plan.shape[1] % 4 == 0 {
        // The usual runs of a packed panel: single blocks, four to a step of mode 1.
        let (s1, d1) = (plan.src[1], plan.dst[1]);
        let mut by4 = *plan;
        // A step of four may pass the last position (and wrap): it is never used.
        (by4.shape[1], by4.src[1], by4.dst[1]) =
            (plan.shape[1] / 4, s1.wrapping_mul(4), d1.wrapping_mul(4));
        run(
            &by4,
            sb,
            db,
            #[inline(always)]
            |os, od| {
                block(os, od);
                block(os + s1, od + d1);
                block(os + 2 * s1, od + 2 * d1);
                block(os + 3 * s1, od + 3 * d1);
            },
        );
    } else if ds == 1 && dd == 1 && inner == BLOCK {
        run(plan, sb, db, block);
    } else if ds == 1 && dd == 1 && inner % BLOCK == 0 {
        run(
            plan,
            sb,
            db,
            #[inline(always)]
            |os, od| {
                let mut j = 0;
                while j < inner {
                    block(os + j, od + j);
                    j += BLOCK;
                }
            },
        );
    } else if ds == 1 && dd == 1 {
        run(plan, sb, db, |os, od| {
            let mut j = 0;
            while j + BLOCK <= inner {
                block(os + j, od + j);
                j += BLOCK;
            }
            while j < inner {
                unsafe { F::write(dp, od + j, E::read(sp, os + j)) };
                j += 1;
            }
        });
    } else {
        run(plan, sb, db, |os, od| unsafe {
            let (mut s, mut d) = (os, od);
            for _ in 0..inner {
                F::write(dp, d, E::read(sp, s));
                s = s.wrapping_add(ds);
                d = d.wrapping_add(dd);
            }
        });
    }
}

/// Eight elements from `os` on moved to `od` on, all read before any is written: the moves merge
/// into vector moves.
///
/// # Safety
/// The sixteen positions are inside the data of their handles.
#[inline(always)]
unsafe fn block<E: Engine, F: EngineMut<Value = E::Value>>(
    sp: E::Ptr,
    os: i64,
    dp: F::PtrMut,
    od: i64,
) {
    // SAFETY: the caller's.
    unsafe {
        let r = |t| E::read(sp, os + t);
        let v = [r(0), r(1), r(2), r(3), r(4), r(5), r(6), r(7)];
        for (t, v) in (0..).zip(v) {
            F::write(dp, od + t, v);
        }
    }
}

/// The elements a contiguous run moves per vector move.
const BLOCK: i64 = crate::tensor::BLOCK;

/// The plan's loop nest: `inner(src, dst)` at the start of each run of mode 0; modes 1 and 2 as
/// counted loops, the others as an odometer around them. Positions step by adding strides (a
/// step past the last one may wrap, and is never used).
#[inline(always)]
pub(super) fn run(p: &CopyPlan, sb: i64, db: i64, mut inner: impl FnMut(i64, i64)) {
    let mode = |k: usize| {
        if k < p.n {
            (p.shape[k], p.src[k], p.dst[k])
        } else {
            (1, 0, 0)
        }
    };
    let ((n1, s1, d1), (n2, s2, d2)) = (mode(1), mode(2));
    let mut count = [0i64; PLAN_MODES];
    let (mut os, mut od) = (sb, db);
    loop {
        let (mut s, mut d) = (os, od);
        for _ in 0..n2 {
            let (mut s1_, mut d1_) = (s, d);
            for _ in 0..n1 {
                inner(s1_, d1_);
                s1_ = s1_.wrapping_add(s1);
                d1_ = d1_.wrapping_add(d1);
            }
            s = s.wrapping_add(s2);
            d = d.wrapping_add(d2);
        }
        let mut k = 3;
        loop {
            if k >= p.n {
                return;
            }
            count[k] += 1;
            os = os.wrapping_add(p.src[k]);
            od = od.wrapping_add(p.dst[k]);
            if count[k] < p.shape[k] {
                break;
            }
            os = os.wrapping_sub(p.shape[k].wrapping_mul(p.src[k]));
            od = od.wrapping_sub(p.shape[k].wrapping_mul(p.dst[k]));
            count[k] = 0;
            k += 1;
        }
    }
}
