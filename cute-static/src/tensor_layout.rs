//! Every `cute_static::Layout` is a `cute_core::TensorLayout`, so `cute_core::make_tensor(data,
//! layout)` checks its image once and `cute_core::algorithm::copy` runs over it: a static shape
//! (whatever the strides) runs its loops unrolled at compile time up to `UNROLL_MAX` elements
//! and as counted loops past it, and a static layout folds every offset to a constant.

use core::ops::{Div, Rem};

use typenum::{Bit, IsLessOrEqual, LeEq, Mod, Quot, UInt, UTerm, Unsigned, B0, B1, U8};

use cute_core::tensor::{TensorLayout, BLOCK};

use crate::int::mul::IntMul;
use crate::int::{Dyn, Int};
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::{all_static, Layout};
use crate::list::{Leaves, TCons, TNil};

/// A loop of a static trip count, unrolled at compile time: `run(base, f)` calls `f(base)`,
/// `f(base + 1)`, …, `f(base + N - 1)` as straight-line code (part of the implementation of
/// [`cute_core::TensorLayout`] for static layouts).
pub trait Unroll {
    /// Calls `f` on each index in order.
    fn run<F: FnMut(i64)>(base: i64, f: &mut F);
}

/// `N = 0`: nothing.
impl Unroll for UTerm {
    #[inline(always)]
    fn run<F: FnMut(i64)>(_: i64, _: &mut F) {}
}

/// `N = 2·U + b`: the first `U`, the next `U`, then the last one when `b = 1`.
impl<U: Unroll + Unsigned, B: Bit> Unroll for UInt<U, B> {
    #[inline(always)]
    fn run<F: FnMut(i64)>(base: i64, f: &mut F) {
        U::run(base, f);
        U::run(base + U::I64, f);
        if B::BOOL {
            f(base + 2 * U::I64);
        }
    }
}

/// The loops over the indices of a layout whose size is the leaf `Self`: unrolled for a static
/// size, a counted loop for a runtime one (part of the implementation of
/// [`cute_core::TensorLayout`]).
pub trait Trips {
    /// Calls `f(i)` for `0 <= i < n` in order (`n` is the size, equal to `Self` when static).
    fn each<F: FnMut(i64)>(n: i64, f: &mut F);
    /// Calls `block(i)` for `i = 0, 8, 16, …` while a whole block fits, then `single(i)` for
    /// each index left.
    fn blocks<F: FnMut(i64), G: FnMut(i64)>(n: i64, block: &mut F, single: &mut G);
}

/// The largest static trip count unrolled: past it, code size and compile time grow with the
/// tile (a 16x16 tile unrolled took the benchmarks from 40 s to 13 min to build).
pub(crate) type UnrollMax = typenum::U64;
const _: () = assert!(<UnrollMax as Unsigned>::I64 == cute_core::tensor::UNROLL_MAX);

impl<N> Trips for N
where
    N: Unroll + Unsigned + IsLessOrEqual<UnrollMax>,
    N: TripsBy<LeEq<N, UnrollMax>>,
{
    #[inline(always)]
    fn each<F: FnMut(i64)>(n: i64, f: &mut F) {
        <N as TripsBy<LeEq<N, UnrollMax>>>::each(n, f);
    }

    #[inline(always)]
    fn blocks<F: FnMut(i64), G: FnMut(i64)>(n: i64, block: &mut F, single: &mut G) {
        <N as TripsBy<LeEq<N, UnrollMax>>>::blocks(n, block, single);
    }
}

/// [`Trips`] of a static count, knowing whether it is at most
/// [`UNROLL_MAX`](cute_core::tensor::UNROLL_MAX) (`B1`: unrolled) or not (`B0`: counted loops of
/// constant bounds).
pub trait TripsBy<Small> {
    /// As [`Trips::each`].
    fn each<F: FnMut(i64)>(n: i64, f: &mut F);
    /// As [`Trips::blocks`].
    fn blocks<F: FnMut(i64), G: FnMut(i64)>(n: i64, block: &mut F, single: &mut G);
}

impl<N> TripsBy<B1> for N
where
    N: Unroll + Unsigned + Div<U8> + Rem<U8>,
    Quot<N, U8>: Unroll + Unsigned,
    Mod<N, U8>: Unroll,
{
    #[inline(always)]
    fn each<F: FnMut(i64)>(_: i64, f: &mut F) {
        N::run(0, f);
    }

    #[inline(always)]
    fn blocks<F: FnMut(i64), G: FnMut(i64)>(_: i64, block: &mut F, single: &mut G) {
        if <Quot<N, U8> as Unsigned>::I64 < FORCED_BLOCKS {
            // Few blocks: left to the inliner, which inlines them and keeps a strided side's
            // moves scalar, as the hand loop does (`benches/asm_static_copy.sh`).
            <Quot<N, U8> as Unroll>::run(0, &mut |b| block(b * BLOCK));
        } else {
            // Many: forced inline, as the inliner gives up at this size and calls each block
            // (measured: a 64-element tile copy then cost a call per block).
            run_owned::<Quot<N, U8>, _>(
                #[inline(always)]
                |b| block(b * BLOCK),
            );
        }
        <Mod<N, U8> as Unroll>::run(<Quot<N, U8> as Unsigned>::I64 * BLOCK, single);
    }
}

/// The number of blocks of eight from which an unrolled loop forces its blocks inline.
const FORCED_BLOCKS: i64 = 4;

/// `U::run(0, f)` on a closure passed by value (where it can carry its `#[inline]`).
#[inline(always)]
fn run_owned<U: Unroll, F: FnMut(i64)>(mut f: F) {
    U::run(0, &mut f);
}

impl<N: Unsigned> TripsBy<B0> for N {
    #[inline(always)]
    fn each<F: FnMut(i64)>(_: i64, f: &mut F) {
        <Dyn as Trips>::each(N::I64, f);
    }

    #[inline(always)]
    fn blocks<F: FnMut(i64), G: FnMut(i64)>(_: i64, block: &mut F, single: &mut G) {
        <Dyn as Trips>::blocks(N::I64, block, single);
    }
}

impl<M> Trips for Dyn<M> {
    #[inline(always)]
    fn each<F: FnMut(i64)>(n: i64, f: &mut F) {
        for i in 0..n {
            f(i);
        }
    }

    #[inline(always)]
    fn blocks<F: FnMut(i64), G: FnMut(i64)>(n: i64, block: &mut F, single: &mut G) {
        for b in 0..n / BLOCK {
            block(b * BLOCK);
        }
        for i in n / BLOCK * BLOCK..n {
            single(i);
        }
    }
}

/// A **type operator** for the size of a shape as a leaf: static when every leaf is, else a
/// [`Dyn`] (part of the implementation of [`cute_core::TensorLayout`]).
pub trait ShapeSize {
    /// The product of the leaves.
    type Output: Int;
}
impl<S: Leaves> ShapeSize for S
where
    <S as Leaves>::Output: LeafProduct,
{
    type Output = <<S as Leaves>::Output as LeafProduct>::Output;
}

/// The product of a list of leaves, by [`IntMul`] (part of the implementation of [`ShapeSize`]).
pub trait LeafProduct {
    /// The product.
    type Output: Int;
}
impl LeafProduct for TNil {
    type Output = typenum::U1;
}
impl<H: IntMul<<T as LeafProduct>::Output>, T: LeafProduct> LeafProduct for TCons<H, T> {
    type Output = <H as IntMul<<T as LeafProduct>::Output>>::Output;
}

// Not recommended: a generic shape is reported as no tensor layout, not as its leaves.
#[diagnostic::do_not_recommend]
// SAFETY: `offset_of` is `Layout::offset`, the evaluation of the layout `layout` returns, exact
// whenever `image` is `Some` (every partial sum of offsets then lies between its bounds);
// `STATIC` is the layout itself when it has no runtime leaf (the profile of an all-static tuple
// is the tuple).
unsafe impl<S, D> TensorLayout for Layout<S, D>
where
    S: ShapeTuple + Congruent<D> + ShapeSize,
    D: IntTupleType,
    <S as ShapeSize>::Output: Trips,
{
    const STATIC: Option<cute_core::Layout> = if Layout::<S, D>::ALL_STATIC {
        let l = cute_core::Layout::new_const(S::PROFILE, D::PROFILE);
        match (l.shape().const_product(), l.const_cosize()) {
            (Some(_), Some(_)) => Some(l),
            _ => panic!("the size or cosize of a static layout overflows i64"),
        }
    } else {
        None
    };

    const STATIC_SHAPE: bool = all_static(&S::STATICS, S::LEAVES);

    const SHAPE: Option<cute_core::IntTuple> = if Self::STATIC_SHAPE {
        Some(S::PROFILE)
    } else {
        None
    };

    const STRIDES: [Option<i64>; cute_core::MAX_LEAVES] = D::STATICS;

    #[inline(always)]
    fn layout(&self) -> cute_core::Layout {
        match Self::STATIC {
            Some(l) => l,
            None => self.to_dynamic(),
        }
    }

    /// The notation without lowering to `cute_core::Layout`, which a layout past the
    /// invariant (a tensor refused over it) could not be.
    fn operand(&self) -> cute_core::Operand {
        cute_core::Operand::of(self)
    }

    #[inline(always)]
    fn size(&self) -> i64 {
        Layout::size(self)
    }

    #[inline(always)]
    fn offset_of(&self, i: i64) -> i64 {
        self.offset(i)
    }

    #[inline(always)]
    fn image(&self) -> Option<(i64, i64)> {
        // Checked, not taken from the layout invariant: a static layout value (`Layout::new`)
        // is not checked until here, and tensors rely on this image for every access.
        Layout::image(self)
    }

    #[inline(always)]
    fn for_each_leaf(&self, mut f: impl FnMut(i64, i64)) {
        let (s, d) = self.leaves();
        for (s, d) in s.as_ref().iter().zip(d.as_ref()) {
            f(*s, *d);
        }
    }

    #[inline(always)]
    fn for_each_index(&self, mut f: impl FnMut(i64)) {
        <<S as ShapeSize>::Output as Trips>::each(Layout::size(self), &mut f);
    }

    #[inline(always)]
    fn for_each_block(&self, mut block: impl FnMut(i64), mut single: impl FnMut(i64)) {
        <<S as ShapeSize>::Output as Trips>::blocks(Layout::size(self), &mut block, &mut single);
    }
}
