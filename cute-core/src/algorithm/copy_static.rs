//! `copy` of two static shapes past `UNROLL_MAX` elements, whatever their strides: the loop nest
//! is fixed at compile time from the shapes (and from whichever strides are static), so its trip
//! counts are constants and the run time only reads the strides.

use core::marker::PhantomData;

use super::copy_plan::{run_plan, CopyPlan, Leaves, PLAN_MODES};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};
use crate::MAX_LEAVES;

/// A common refinement of two static shapes (modes `extent : (leaf, multiplier)` on each side,
/// the stride of a mode being the leaf's stride times the multiplier), with the contiguous mode
/// first where static strides show one.
#[derive(Clone, Copy)]
pub(super) struct Nest {
    pub(super) n: usize,
    pub(super) extent: [i64; PLAN_MODES],
    /// Per side (0: source, 1: destination), the leaf of each mode.
    leaf: [[usize; PLAN_MODES]; 2],
    /// Per side, the stride of each mode in units of its leaf's stride.
    mult: [[i64; PLAN_MODES]; 2],
    /// Whether the modes are in index order (a reordered nest needs an injective destination,
    /// so that the order of the writes cannot matter).
    in_order: bool,
}

impl Nest {
    /// The refinement of the leaves `a` and `b` in index order; `None` when a leaf of one
    /// neither divides nor is a multiple of the part of the other it meets, or it needs more
    /// than [`PLAN_MODES`] modes.
    pub(super) const fn refine(a: &[i64], b: &[i64]) -> Option<Nest> {
        let mut nest = Nest {
            n: 0,
            extent: [1; PLAN_MODES],
            leaf: [[0; PLAN_MODES]; 2],
            mult: [[0; PLAN_MODES]; 2],
            in_order: true,
        };
        // The rest of the current leaf on each side: its index, size and multiplier.
        let (mut i, mut j) = (0, 0);
        let (mut la, mut ra, mut xa, mut lb, mut rb, mut xb) = (0, 1i64, 1i64, 0, 1i64, 1i64);
        loop {
            while ra == 1 && i < a.len() {
                (la, ra, xa) = (i, a[i], 1);
                i += 1;
            }
            while rb == 1 && j < b.len() {
                (lb, rb, xb) = (j, b[j], 1);
                j += 1;
            }
            if ra == 1 || rb == 1 {
                break;
            }
            let m = if ra < rb { ra } else { rb };
            // An empty leaf: nothing to copy, and no nest (the unrolled copy takes size 0).
            if m == 0 || ra % m != 0 || rb % m != 0 || nest.n == PLAN_MODES {
                return None;
            }
            let k = nest.n;
            nest.extent[k] = m;
            (nest.leaf[0][k], nest.mult[0][k]) = (la, xa);
            (nest.leaf[1][k], nest.mult[1][k]) = (lb, xb);
            nest.n += 1;
            (ra, xa) = (ra / m, xa * m);
            (rb, xb) = (rb / m, xb * m);
        }
        if ra != 1 || rb != 1 {
            return None;
        }
        Some(nest)
    }

    /// Moves the contiguous mode to the front, as far as the static strides show it: the first
    /// mode of unit stride on both sides, else of unit stride on the side in memory (the one
    /// with runtime strides: a tile of a runtime-sized matrix, where a register fragment or a
    /// stack buffer has static ones; the source when both or neither have), else on the other
    /// side; then merges into it the modes that continue it on both sides.
    const fn contiguous_first(
        mut self,
        sa: &[Option<i64>; MAX_LEAVES],
        sb: &[Option<i64>; MAX_LEAVES],
        dst_first: bool,
    ) -> Nest {
        let mut pick = self.n;
        let mut pass = 0;
        while pass < 3 && pick == self.n {
            let mut k = 0;
            while k < self.n && pick == self.n {
                let (x, y) = (self.static_stride(sa, 0, k), self.static_stride(sb, 1, k));
                let hit = match pass {
                    0 => matches!(x, Some(1)) && matches!(y, Some(1)),
                    1 if dst_first => matches!(y, Some(1)),
                    1 => matches!(x, Some(1)),
                    _ if dst_first => matches!(x, Some(1)),
                    _ => matches!(y, Some(1)),
                };
                if hit {
                    pick = k;
                }
                k += 1;
            }
            pass += 1;
        }
        if pick == self.n || pick == 0 {
            return self;
        }
        // Rotate `pick` to the front, the others keeping their order.
        let mut k = pick;
        while k > 0 {
            self.swap(k - 1, k);
            k -= 1;
        }
        self.in_order = false;
        // Merge the modes that continue the first on both sides (static strides only).
        let k = 1;
        while k < self.n {
            let (x0, y0) = (self.static_stride(sa, 0, 0), self.static_stride(sb, 1, 0));
            let (xk, yk) = (self.static_stride(sa, 0, k), self.static_stride(sb, 1, k));
            let e = self.extent[0];
            let continues = match (x0, y0, xk, yk) {
                (Some(x0), Some(y0), Some(xk), Some(yk)) => {
                    matches!(x0.checked_mul(e), Some(v) if v == xk)
                        && matches!(y0.checked_mul(e), Some(v) if v == yk)
                }
                _ => false,
            };
            if !continues {
                break;
            }
            // Mode `k` becomes the upper part of mode 0: same leaves, scaled multipliers.
            self.extent[0] = e * self.extent[k];
            let mut j = k;
            while j + 1 < self.n {
                self.swap(j, j + 1);
                j += 1;
            }
            self.n -= 1;
        }
        self
    }

    /// The stride of mode `k` on `side` (0: source, 1: destination), when its leaf's stride is
    /// static.
    pub(super) const fn static_stride(
        &self,
        strides: &[Option<i64>; MAX_LEAVES],
        side: usize,
        k: usize,
    ) -> Option<i64> {
        match strides[self.leaf[side][k]] {
            Some(d) => d.checked_mul(self.mult[side][k]),
            None => None,
        }
    }

    /// The number of elements the nest visits.
    pub(super) const fn size(&self) -> i64 {
        let (mut size, mut k) = (1i64, 0);
        while k < self.n {
            size = size.saturating_mul(self.extent[k]);
            k += 1;
        }
        size
    }

    const fn swap(&mut self, a: usize, b: usize) {
        let t = (
            self.extent[a],
            self.leaf[0][a],
            self.leaf[1][a],
            self.mult[0][a],
            self.mult[1][a],
        );
        self.extent[a] = self.extent[b];
        (self.leaf[0][a], self.leaf[1][a]) = (self.leaf[0][b], self.leaf[1][b]);
        (self.mult[0][a], self.mult[1][a]) = (self.mult[0][b], self.mult[1][b]);
        self.extent[b] = t.0;
        (self.leaf[0][b], self.leaf[1][b]) = (t.1, t.2);
        (self.mult[0][b], self.mult[1][b]) = (t.3, t.4);
    }

    /// Whether the destination strides `sb` make an injective layout, when every mode's is
    /// static.
    pub(super) const fn static_dst_injective(
        &self,
        sb: &[Option<i64>; MAX_LEAVES],
    ) -> Option<bool> {
        let mut p = CopyPlan::EMPTY;
        p.n = if self.n == 0 { 1 } else { self.n };
        let mut k = 0;
        while k < self.n {
            p.shape[k] = self.extent[k];
            p.dst[k] = match self.static_stride(sb, 1, k) {
                Some(d) => d,
                None => return None,
            };
            k += 1;
        }
        Some(p.dst_injective())
    }

    /// The plan of this nest for the leaf strides `da` and `db` of the two layouts.
    #[inline(always)]
    pub(super) fn plan(&self, da: &[i64; MAX_LEAVES], db: &[i64; MAX_LEAVES]) -> CopyPlan {
        let mut p = CopyPlan::EMPTY;
        p.n = if self.n == 0 { 1 } else { self.n };
        for k in 0..self.n {
            // No overflow: `mult < extent of the leaf`, so the product is at most the leaf's
            // largest offset, which the layout invariant keeps in `i64`.
            p.shape[k] = self.extent[k];
            p.src[k] = da[self.leaf[0][k]].wrapping_mul(self.mult[0][k]);
            p.dst[k] = db[self.leaf[1][k]].wrapping_mul(self.mult[1][k]);
        }
        p
    }
}

/// Whether one of the first `n` strides is a runtime value.
const fn has_runtime(strides: &[Option<i64>; MAX_LEAVES], n: usize) -> bool {
    let mut k = 0;
    while k < n {
        if strides[k].is_none() {
            return true;
        }
        k += 1;
    }
    false
}

/// The nest of two static shapes, fixed at compile time.
struct StaticNest<A, B>(PhantomData<(A, B)>);

impl<A: TensorLayout, B: TensorLayout> StaticNest<A, B> {
    const NEST: Option<Nest> = match (A::SHAPE, B::SHAPE) {
        (Some(a), Some(b)) => match Nest::refine(a.const_leaves(), b.const_leaves()) {
            Some(n) => Some(n.contiguous_first(
                &A::STRIDES,
                &B::STRIDES,
                has_runtime(&B::STRIDES, b.const_leaves().len())
                    && !has_runtime(&A::STRIDES, a.const_leaves().len()),
            )),
            None => None,
        },
        _ => None,
    };

    /// Whether the destination is injective, decided at compile time when the nest's
    /// destination strides are all static (`None` otherwise: the run time tests the plan).
    const DST_INJECTIVE: Option<bool> = match Self::NEST {
        Some(nest) => nest.static_dst_injective(&B::STRIDES),
        None => None,
    };
}

/// The copy of two static shapes as a loop nest fixed at compile time: counted loops of constant
/// trip counts, the contiguous mode (by the static unit strides) innermost, only the strides read
/// at run time. `None` when the shapes have no such nest (no common refinement of at most
/// `PLAN_MODES` modes), or when the nest
/// was reordered and the destination is not shown injective (the writes must then stay in index
/// order: the runtime plan decides).
#[inline(always)]
pub(super) fn copy_static_shape<E, F, A, B>(
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
) -> Option<CopyPlan>
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    let nest = StaticNest::<A, B>::NEST?;
    let (la, lb) = (Leaves::of(src.layout()), Leaves::of(dst.layout()));
    let plan = nest.plan(&la.stride, &lb.stride);
    if !nest.in_order {
        let injective = match StaticNest::<A, B>::DST_INJECTIVE {
            Some(known) => known,
            None => plan.dst_injective(),
        };
        if !injective {
            return None;
        }
    }
    run_plan(&plan, src, dst);
    Some(plan)
}
