//! `copy` of two static shapes that are contiguous along different modes (a row-major tile into
//! a column-major fragment, the im2col gather of a convolution): the loop nest that CPUs run as
//! vector transposes.
//!
//! Index order reads a run of the source and scatters it across the destination one element at a
//! time (or the reverse); unrolled, the compiler keeps those moves scalar, and the vector loads
//! that read the fragment back wait for the scalar stores to drain (measured: a user's row sum
//! over `4 x 16` tiles at 1.5 times its hand twin). Here the source's contiguous mode `q` is
//! the inner loop and the destination's contiguous mode `p`, of extent `w` and `w` apart along
//! `q`, is unrolled inside it: the loop vectorizer reads `w` source runs as vectors and writes
//! the destination as whole vectors, transposing `w x w` blocks in registers, as it does for the
//! same loop written by hand.

use core::marker::PhantomData;

use super::copy_plan::{run, CopyPlan, Leaves, PLAN_MODES};
use super::copy_static::Nest;
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

/// The smallest copy that takes the transposing loop: below it the unrolled copy keeps a
/// fragment in registers, which a loop would send to memory.
const MIN_SIZE: i64 = 32;

/// A transposing nest: the common refinement of the two shapes, the destination's contiguous
/// mode `p` of extent `w` (2, 4 or 8) and the source's contiguous mode `q`, along which the
/// destination's runs are `w` apart (a row-major tile into a column-major fragment).
///
/// Only towards the interleaved destination: the other way (a fragment back into its tile) the
/// loop would send to memory a fragment the compiler keeps in registers (measured: a user's
/// softmax went from 1.09 to 1.14 times its hand twin).
#[derive(Clone, Copy)]
pub(super) struct Transposed {
    nest: Nest,
    p: usize,
    q: usize,
    w: i64,
}

impl Transposed {
    /// The transposing form of `nest` for the static strides `sa` (source) and `sb`
    /// (destination), when it has one.
    const fn of(
        nest: &Nest,
        sa: &[Option<i64>; crate::MAX_LEAVES],
        sb: &[Option<i64>; crate::MAX_LEAVES],
    ) -> Option<Transposed> {
        let (mut p, mut q) = (nest.n, nest.n);
        let mut k = 0;
        while k < nest.n {
            let e = nest.extent[k];
            if p == nest.n && e > 1 && matches!(nest.static_stride(sb, 1, k), Some(1)) {
                p = k;
            }
            if q == nest.n && e > 1 && matches!(nest.static_stride(sa, 0, k), Some(1)) {
                q = k;
            }
            k += 1;
        }
        if p == nest.n || q == nest.n || p == q {
            return None;
        }
        // A mode of unit stride on both sides would be a common run: the planned copies move it.
        if matches!(nest.static_stride(sa, 0, p), Some(1))
            || matches!(nest.static_stride(sb, 1, q), Some(1))
        {
            return None;
        }
        let (w, len) = (nest.extent[p], nest.extent[q]);
        if !matches!(nest.static_stride(sb, 1, q), Some(d) if d == w) || !blocks_of(w, len) {
            return None;
        }
        Some(Transposed {
            nest: *nest,
            p,
            q,
            w,
        })
    }
}

/// Whether `w` runs of `len` elements make a block worth transposing in registers.
const fn blocks_of(w: i64, len: i64) -> bool {
    matches!(w, 2 | 4 | 8) && len >= 4
}

/// The transposing nest of two layouts, fixed at compile time.
struct StaticTransposed<A, B>(PhantomData<(A, B)>);

impl<A: TensorLayout, B: TensorLayout> StaticTransposed<A, B> {
    const NEST: Option<Transposed> = match (A::SHAPE, B::SHAPE) {
        (Some(a), Some(b)) => match Nest::refine(a.const_leaves(), b.const_leaves()) {
            Some(n) if n.size() >= MIN_SIZE => Transposed::of(&n, &A::STRIDES, &B::STRIDES),
            _ => None,
        },
        _ => None,
    };

    /// Whether the destination is injective, when its strides in the nest are static.
    const DST_INJECTIVE: Option<bool> = match Self::NEST {
        Some(t) => t.nest.static_dst_injective(&B::STRIDES),
        None => None,
    };
}

/// The copy of two static shapes contiguous along different modes as a transposing loop nest;
/// `false` (nothing written) when they are not, on a GPU (where fragments live in registers and
/// every loop is unrolled), or when the destination is not injective (the writes must then stay
/// in index order).
#[inline(always)]
pub(super) fn copy_transposed<E, F, A, B>(src: &Tensor<E, A>, dst: &mut Tensor<F, B>) -> bool
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    let Some(t) = StaticTransposed::<A, B>::NEST else {
        return false;
    };
    if cfg!(target_arch = "nvptx64") {
        return false;
    }
    let (la, lb) = (Leaves::of(src.layout()), Leaves::of(dst.layout()));
    let (sb, db) = (src.base(), dst.base());
    // Engines that are not plain memory (a swizzled buffer) keep the other paths.
    let (Some(s), Some(d)) = (src.engine().as_slice(), dst.engine_raw_mut().as_mut_slice()) else {
        return false;
    };
    let plan = t.nest.plan(&la.stride, &lb.stride);
    let injective = match StaticTransposed::<A, B>::DST_INJECTIVE {
        Some(known) => known,
        None => plan.dst_injective(),
    };
    if !injective {
        return false;
    }
    // The outer modes: every mode but `p` and `q`, behind a placeholder for the inner block.
    let mut outer = CopyPlan::EMPTY;
    outer.n = 1;
    for k in 0..plan.n.min(PLAN_MODES) {
        if k != t.p && k != t.q {
            let j = outer.n;
            (outer.shape[j], outer.src[j], outer.dst[j]) =
                (plan.shape[k], plan.src[k], plan.dst[k]);
            outer.n += 1;
        }
    }
    let block = Block {
        len: plan.shape[t.q],
        apart: plan.src[t.p],
    };
    // SAFETY: the nest visits exactly the positions `base + L(i)`, `i < size`, of both tensors
    // (each pair once), which their construction checked to be inside the slices.
    unsafe {
        match t.w {
            2 => blocks::<2, _>(&outer, block, (s, sb), (d, db)),
            4 => blocks::<4, _>(&outer, block, (s, sb), (d, db)),
            _ => blocks::<8, _>(&outer, block, (s, sb), (d, db)),
        }
    }
    true
}

/// The inner block of a transposing copy: `W` source runs of `len` elements of stride 1,
/// `apart` from each other, interleaved in the destination (run `i` at `i`, `i + W`, …).
#[derive(Clone, Copy)]
struct Block {
    len: i64,
    apart: i64,
}

/// At each position of the outer modes, the block: `W x len` elements, the runs read as
/// vectors and transposed in registers.
///
/// Through slices rather than the engines' handles: the compiler then knows the destination
/// apart from the source (a reference parameter's promise), and every position as an unsigned
/// index that cannot wrap, so the vectorized loop needs no test at run time before it starts.
///
/// # Safety
/// Every position visited is inside its slice.
#[inline(always)]
unsafe fn blocks<const W: usize, T: Copy>(
    outer: &CopyPlan,
    block: Block,
    (s, sb): (&[T], i64),
    (d, db): (&mut [T], i64),
) {
    // The trip count hidden from the optimizer: a constant one is unrolled before the loop
    // vectorizer sees the loop, and the unrolled moves stay scalar.
    let len = core::hint::black_box(block.len) as usize;
    let apart = block.apart;
    run(
        outer,
        sb,
        db,
        #[inline(always)]
        |os, od| {
            // Each run's first position on both sides (inside the slices: non-negative).
            let firsts: [(usize, usize); W] = core::array::from_fn(|i| {
                let i = i as i64;
                (
                    os.wrapping_add(i.wrapping_mul(apart)) as usize,
                    (od + i) as usize,
                )
            });
            for j in 0..len {
                for &(x, y) in &firsts {
                    // SAFETY: the caller's; each position is one the tensors checked, so none of
                    // the sums overflows.
                    unsafe {
                        let v = *s.get_unchecked(x.unchecked_add(j));
                        *d.get_unchecked_mut(y.unchecked_add(j.unchecked_mul(W))) = v;
                    }
                }
            }
        },
    );
}
