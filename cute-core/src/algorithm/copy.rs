//! `copy(src, dst)` (Cecka, *CuTe Layout Representation and Algebra*, §2.6.1): `dst(i) = src(i)`
//! for every index, whatever the ranks.

use super::copy_chunked::{chunk, copy_chunked};
use super::copy_plan::{run_plan, CopyPlan, Leaves};
use super::copy_static::copy_static_shape;
use super::copy_transpose::copy_transposed;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

/// What a copy did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The common contiguous run it moved as one chunk (1: element by element).
    pub vector: i64,
    /// Whether the loop nest was fixed at compile time (both shapes static): unrolled up to
    /// [`crate::tensor::UNROLL_MAX`] elements (every offset a constant when the strides are
    /// static too), counted loops of constant trip counts past it.
    pub unrolled: bool,
}

/// The plan of two static layouts, computed once at compile time.
struct StaticPlan<A, B>(core::marker::PhantomData<(A, B)>);

impl<A: TensorLayout, B: TensorLayout> StaticPlan<A, B> {
    const PLAN: Option<CopyPlan> = match (A::STATIC, B::STATIC) {
        (Some(a), Some(b)) => CopyPlan::new(&a, &b),
        _ => None,
    };
    const VECTOR: i64 = match Self::PLAN {
        Some(p) => p.vector(),
        None => 1,
    };
}

/// `copy(src, dst)`: `dst(i) = src(i)` for every `i < size` (Cecka §2.6.1), rank-agnostic.
///
/// With static shapes on both sides of at most [`crate::tensor::UNROLL_MAX`] elements the loop
/// is unrolled at compile time: no loop counter, no division or modulo, every offset a constant,
/// contiguous runs as adjacent moves the compiler merges into vector moves. Static shapes with
/// runtime strides (a tile of a runtime-sized matrix) unroll the same way, each offset a
/// constant times a stride held in a register. Larger copies, where unrolling would cost more
/// code than it saves, run a [`CopyPlan`] loop nest: counted loops that add a stride per step,
/// the innermost a contiguous run of [`Copied::vector`] elements moved eight at a time when both
/// sides have one. For two static shapes the nest is fixed at compile time whatever the strides
/// (constant trip counts, the mode of static unit stride innermost: a tile of a runtime-sized
/// matrix, a halo buffer); for runtime shapes it is planned per call, the modes ordered so that
/// the source is read in increasing stride. Two static shapes contiguous along different modes
/// (a row-major tile into a column-major fragment, an im2col gather), the destination injective
/// and `w` = 2, 4 or 8 elements along its contiguous mode, move on a CPU as `w x w` transposes
/// in vector registers: the source's runs read as vectors, the destination written as whole
/// vectors. Without a common refinement of the two shapes the copy evaluates both layouts at
/// each index.
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
    if copy_transposed(src, dst) {
        return Ok(Copied {
            vector: 1,
            unrolled: true,
        });
    }
    // Past `UNROLL_MAX` the unrolled loop would be counted and split each index into a
    // coordinate; the planned loop nest walks the modes with one add per element instead.
    if A::STATIC_SHAPE && B::STATIC_SHAPE && src.size() <= crate::tensor::UNROLL_MAX {
        let (a, b) = (*src.layout(), *dst.layout());
        let (sb, db) = (src.base(), dst.base());
        let (sp, dp) = (src.engine().ptr(), dst.engine_raw_mut().ptr_mut());
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
    if let Some(plan) = StaticPlan::<A, B>::PLAN {
        run_plan(&plan, src, dst);
        return Ok(Copied {
            vector: plan.vector(),
            unrolled: true,
        });
    }
    if A::STATIC_SHAPE && B::STATIC_SHAPE {
        // Extents known at compile time (so is the chunk); the strides may be runtime values.
        let (la, lb) = (Leaves::of(src.layout()), Leaves::of(dst.layout()));
        if let Some(chunk) = chunk(&la, &lb) {
            let vector = la.run().min(lb.run());
            copy_chunked(chunk, (la.shape[0], lb.shape[0]), src, dst);
            return Ok(Copied {
                vector,
                unrolled: true,
            });
        }
    }
    if let Some(plan) = copy_static_shape(src, dst) {
        return Ok(Copied {
            vector: plan.vector(),
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
    // The leaves as a static layout gives them (constant extents): no runtime `Layout` built.
    let (a, b) = (Leaves::of(src.layout()), Leaves::of(dst.layout()));
    let planned = plan.plan_leaves(a.parts(), b.parts());
    let (sp, dp) = (src.engine().ptr(), dst.engine_raw_mut().ptr_mut());
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
    run_plan(&plan, src, dst);
    Copied {
        vector: plan.vector(),
        unrolled: false,
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
