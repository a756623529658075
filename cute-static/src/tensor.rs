//! Static layouts as tensor layouts: a tensor over a static layout has constant offsets, and
//! `cute_core::algorithm::copy` unrolls over it at compile time.

use core::ops::{Div, Rem};

use typenum::{Bit, Mod, Quot, UInt, UTerm, Unsigned, U8};

use cute_core::tensor::BLOCK;

use crate::algebra::complement::Size;
use crate::layout::{Layout, StaticLayout};

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

// SAFETY: `offset_of` is the evaluation of `LAYOUT`, which `layout` and `STATIC` return; the
// cosize is checked at compile time, so no offset below the size overflows.
unsafe impl<S, D> cute_core::TensorLayout for Layout<S, D>
where
    Layout<S, D>: StaticLayout,
    S: Size,
    <S as Size>::Output: Unroll + Div<U8> + Rem<U8>,
    Quot<<S as Size>::Output, U8>: Unroll + Unsigned,
    Mod<<S as Size>::Output, U8>: Unroll,
{
    const STATIC: Option<cute_core::Layout> = {
        assert!(<Self as StaticLayout>::COSIZE >= 0);
        Some(<Self as StaticLayout>::LAYOUT)
    };

    #[inline(always)]
    fn layout(&self) -> cute_core::Layout {
        <Self as StaticLayout>::LAYOUT
    }

    #[inline(always)]
    fn size(&self) -> i64 {
        <Self as StaticLayout>::SIZE
    }

    #[inline(always)]
    fn offset_of(&self, i: i64) -> i64 {
        <Self as StaticLayout>::at(i)
    }

    #[inline(always)]
    fn image(&self) -> Option<(i64, i64)> {
        const { cute_core::tensor::image(&<Self as StaticLayout>::LAYOUT) }
    }

    #[inline(always)]
    fn for_each_index(&self, mut f: impl FnMut(i64)) {
        <<S as Size>::Output as Unroll>::run(0, &mut f);
    }

    #[inline(always)]
    fn for_each_block(&self, block: impl FnMut(i64), mut single: impl FnMut(i64)) {
        let mut block = block;
        <Quot<<S as Size>::Output, U8> as Unroll>::run(0, &mut |b| block(b * BLOCK));
        let whole = <Quot<<S as Size>::Output, U8> as Unsigned>::I64 * BLOCK;
        <Mod<<S as Size>::Output, U8> as Unroll>::run(whole, &mut single);
    }
}
