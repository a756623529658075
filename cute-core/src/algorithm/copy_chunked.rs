//! `copy` of two static shapes past `UNROLL_MAX` elements that are contiguous along their first
//! leaves (a runtime unit stride too): unrolled chunks in index order.

use super::copy_plan::Leaves;
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

/// The elements a block moves.
const BLOCK: i64 = crate::tensor::BLOCK;

/// The chunk a copy of two static shapes past `UNROLL_MAX` unrolls: the largest of 64, 32,
/// 16 and 8 elements at which both layouts split, when both are contiguous along their first
/// leaf (so that index order reads and writes runs); `None` otherwise (the planned copy then
/// finds the order).
#[inline(always)]
pub(super) fn chunk(a: &Leaves, b: &Leaves) -> Option<i64> {
    if a.n == 0 || b.n == 0 || a.stride[0] != 1 || b.stride[0] != 1 {
        return None;
    }
    let mut p = crate::tensor::UNROLL_MAX;
    while p >= BLOCK {
        if a.splits(p) && b.splits(p) {
            return Some(p);
        }
        p /= 2;
    }
    None
}

/// A copy of two static shapes in index order, chunk by chunk: each chunk's origin on both
/// sides computed once (`L(i0)`), its `chunk` elements unrolled at constant offsets from it.
/// The first leaves have stride 1 ([`chunk`] checked it, a runtime value or not): where their
/// extents `firsts` are multiples of 8, a block's eight elements are at eight consecutive
/// positions, which the compiler merges into vector moves.
#[inline(always)]
pub(super) fn copy_chunked<E, F, A, B>(
    chunk: i64,
    firsts: (i64, i64),
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
) where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    let (a, b) = (*src.layout(), *dst.layout());
    let (sb, db, size) = (src.base(), dst.base(), src.size());
    let (sp, dp) = (src.engine().ptr(), dst.engine_raw_mut().ptr_mut());
    let at = ((sp, sb, &a), (dp, db, &b));
    // The extent of the first leaf of each side when blocks stay inside it, else 0.
    let runs = (
        firsts.0 * i64::from(firsts.0 % BLOCK == 0),
        firsts.1 * i64::from(firsts.1 % BLOCK == 0),
    );
    // SAFETY: the chunk splits both layouts and their sizes (`size` is a multiple of it), and
    // the positions are those the tensors checked.
    unsafe {
        match chunk {
            64 => chunks::<8, E, F, A, B>(at, runs, size),
            32 => chunks::<4, E, F, A, B>(at, runs, size),
            16 => chunks::<2, E, F, A, B>(at, runs, size),
            _ => chunks::<1, E, F, A, B>(at, runs, size),
        }
    }
}

/// Two tensors' handles, bases and layouts.
type Sides<'a, E, F, A, B> = (
    (<E as Engine>::Ptr, i64, &'a A),
    (<F as EngineMut>::PtrMut, i64, &'a B),
);

/// [`copy_chunked`] with chunks of `N` blocks of eight.
///
/// # Safety
/// `N · 8` splits both layouts ([`Leaves::splits`]) and divides `size`, and the positions
/// `base + L(i)`, `i < size`, are inside the data of both handles.
#[inline(always)]
unsafe fn chunks<const N: i64, E, F, A, B>(
    ((sp, sb, a), (dp, db, b)): Sides<'_, E, F, A, B>,
    runs: (i64, i64),
    size: i64,
) where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    for i0 in (0..size).step_by((N * BLOCK) as usize) {
        let at = ((sp, sb + a.offset_of(i0), a), (dp, db + b.offset_of(i0), b));
        // SAFETY (each block): `i0 + c < size` for each `c < N·8`, and `base + L(i0) + L(c) =
        // base + L(i0 + c)` (the chunk splits both layouts), a position the caller vouches for.
        unsafe {
            // The blocks written out, so that every `c` is a constant.
            chunk_block::<E, F, A, B>(at, runs, 0);
            if N > 1 {
                chunk_block::<E, F, A, B>(at, runs, 8);
            }
            if N > 2 {
                chunk_block::<E, F, A, B>(at, runs, 16);
                chunk_block::<E, F, A, B>(at, runs, 24);
            }
            if N > 4 {
                chunk_block::<E, F, A, B>(at, runs, 32);
                chunk_block::<E, F, A, B>(at, runs, 40);
                chunk_block::<E, F, A, B>(at, runs, 48);
                chunk_block::<E, F, A, B>(at, runs, 56);
            }
        }
    }
}

/// Elements `c .. c + 8` of a chunk whose origins are `os` and `od`, all read before any is
/// written. A side whose first leaf has stride 1 and an extent `run` that is a multiple of 8
/// (`0` otherwise) finds the block at `L(c - c mod run) + c mod run + t`: the first part has
/// no first coordinate (so no first stride), the rest is a constant.
///
/// # Safety
/// The sixteen positions `o + L(c + t)` are inside the data of their handles, and a nonzero
/// `run` is the extent of a first leaf of stride 1.
#[inline(always)]
unsafe fn chunk_block<E, F, A, B>(
    ((sp, os, a), (dp, od, b)): Sides<'_, E, F, A, B>,
    (ra, rb): (i64, i64),
    c: i64,
) where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    // SAFETY: the caller's.
    unsafe {
        let (oa, ob) = (os + in_run(a, ra, c), od + in_run(b, rb, c));
        let (fa, fb) = (in_block(a, ra, c), in_block(b, rb, c));
        let v = [
            E::read_at(sp, oa, fa[0]),
            E::read_at(sp, oa, fa[1]),
            E::read_at(sp, oa, fa[2]),
            E::read_at(sp, oa, fa[3]),
            E::read_at(sp, oa, fa[4]),
            E::read_at(sp, oa, fa[5]),
            E::read_at(sp, oa, fa[6]),
            E::read_at(sp, oa, fa[7]),
        ];
        for (o, v) in fb.into_iter().zip(v) {
            F::write(dp, ob + o, v);
        }
    }
}

/// The offsets of elements `c .. c + 8` from element `c`: `0 .. 8` inside a first leaf of
/// stride 1 and extent `run` (`run > 0`), else `L(c + t) - L(c)`.
#[inline(always)]
fn in_block<L: TensorLayout>(l: &L, run: i64, c: i64) -> [i64; 8] {
    if run > 0 {
        [0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        let o = l.offset_of(c);
        [
            0,
            l.offset_of(c + 1) - o,
            l.offset_of(c + 2) - o,
            l.offset_of(c + 3) - o,
            l.offset_of(c + 4) - o,
            l.offset_of(c + 5) - o,
            l.offset_of(c + 6) - o,
            l.offset_of(c + 7) - o,
        ]
    }
}

/// The offset of element `c` of a layout whose first leaf has stride 1 and extent `run` (when
/// `run > 0`): `L(c) = L(c - c mod run) + c mod run`, the first part free of the first stride
/// (a runtime 1 the compiler cannot see), so `L(c + t) = L(c) + t` inside the leaf. `L(c)`
/// itself for `run == 0`.
#[inline(always)]
fn in_run<L: TensorLayout>(l: &L, run: i64, c: i64) -> i64 {
    if run > 0 {
        l.offset_of(c - c % run) + c % run
    } else {
        l.offset_of(c)
    }
}
