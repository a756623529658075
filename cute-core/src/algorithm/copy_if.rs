//! `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)` holds, the predicated copy of
//! residue tiles (Cecka, *CuTe Layout Representation and Algebra*, §2.6.1; CuTe's `copy_if`).

use core::marker::PhantomData;

use crate::error::{Error, Op};
use crate::tensor::{Engine, EngineMut, IndexedWrites, Tensor, TensorLayout};
use crate::tensor_access::StaticModes;

use super::copy::size_mismatch;

/// `copy_if(pred, src, dst)`: `dst(i) = src(i)` for every `i < size` where `pred(i)` holds,
/// rank-agnostic. The predicate is usually the identity tensor tiled and partitioned as the
/// data, compared with the problem's shape by [`elem_less`]: the elements of a partial tile past
/// the data are skipped.
///
/// The loop is counted, never unrolled (code size: it serves the residue tiles at a grid's
/// edges); over a static shape the offsets are constant divisions. A whole tensor is accessed
/// without a check, a partial one with one compare per element it copies (on a GPU, one loop
/// that compares every element: each loop variant is code in every kernel).
///
/// # Preconditions
/// `size(src) == size(dst)` ([`crate::ErrorKind::SizeMismatch`]); every element the predicate
/// selects is inside the data of both tensors ([`crate::ErrorKind::OutOfBounds`], naming the
/// first one that is not; every other selected element is copied).
///
/// # Postconditions
/// `dst(i) == src(i)` where `pred(i)`; every other element of `dst` is unchanged.
///
/// # Examples
/// ```
/// use cute_core::{algorithm::copy_if, make_tensor, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let src: Vec<i32> = (0..6).collect();
/// let mut dst = [-1; 8];
/// let s = make_tensor(src.as_slice(), l("6:1")).unwrap();
/// // An 8-element tile of 6 elements of data: the last two are predicated off.
/// let tile = s.local_tile("<8:1>".parse::<cute_core::Tiler>().unwrap(), &"0".parse().unwrap()).unwrap();
/// assert!(!tile.is_whole());
/// let mut d = make_tensor(&mut dst[..], l("8:1")).unwrap();
/// copy_if(|i| i < 6, &tile, &mut d).unwrap();
/// assert_eq!(dst, [0, 1, 2, 3, 4, 5, -1, -1]);
/// ```
#[inline(always)]
pub fn copy_if<E, F, A, B>(
    pred: impl FnMut(i64) -> bool,
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
) -> Result<(), Error>
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    if src.size() != dst.size() {
        return Err(size_mismatch(Op::CopyIf, src, dst));
    }
    // One loop per combination of checks, so that a whole side costs nothing per element; on a
    // GPU one loop that checks both (a compare an element there, where each loop is code in
    // every kernel: a residue tile's copy is rare, its size is not).
    let outside = match (src.is_whole(), dst.is_whole()) {
        _ if cfg!(target_arch = "nvptx64") => checked::<true, true, _, _, _, _>(pred, src, dst),
        (true, true) => checked::<false, false, _, _, _, _>(pred, src, dst),
        (false, true) => checked::<true, false, _, _, _, _>(pred, src, dst),
        (true, false) => checked::<false, true, _, _, _, _>(pred, src, dst),
        (false, false) => checked::<true, true, _, _, _, _>(pred, src, dst),
    };
    match outside {
        None => Ok(()),
        Some(i) if !src.inside(i) => Err(src.outside_error(Op::CopyIf, Some(i))),
        Some(i) => Err(dst.outside_error(Op::CopyIf, Some(i))),
    }
}

/// The predicated loop, checking the positions of the source (`CS`) and of the destination
/// (`CD`) against their data; the first selected index outside is returned (and not copied), the
/// others are copied.
#[inline(always)]
fn checked<const CS: bool, const CD: bool, E, F, A, B>(
    pred: impl FnMut(i64) -> bool,
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
) -> Option<i64>
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    // Everything the loop reads, in locals: a store through `dst` cannot make it reload them.
    let (sb, db, a, b) = (src.base(), dst.base(), *src.layout(), *dst.layout());
    let extent = |e: Option<usize>| e.map_or(u64::MAX, |n| n as u64);
    let (slen, dlen) = (extent(src.engine().extent()), extent(dst.engine().extent()));
    let nest = Nest::<CS, CD, _, E, F, A, B> {
        pred,
        src: (src.engine().ptr(), sb, a, slen),
        dst: (db, b, dlen, PhantomData),
    };
    dst.engine_raw_mut().write_indexed(nest)
}

/// The loops of [`checked`]: the predicate, the source's handle, base, layout and extent, and
/// the destination's base, layout and extent (its handle comes from
/// [`EngineMut::write_indexed`]).
struct Nest<const CS: bool, const CD: bool, P, E: Engine, F, A, B> {
    pred: P,
    src: (E::Ptr, i64, A, u64),
    dst: (i64, B, u64, PhantomData<F>),
}

impl<const CS: bool, const CD: bool, P, E, F, A, B> IndexedWrites<F::PtrMut>
    for Nest<CS, CD, P, E, F, A, B>
where
    P: FnMut(i64) -> bool,
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    type Output = Option<i64>;

    #[inline(always)]
    fn run(self, dp: F::PtrMut) -> Option<i64> {
        let Nest {
            mut pred,
            src: (sp, sb, a, slen),
            dst: (db, b, dlen, _),
        } = self;
        let mut outside = None;
        // Counted loops, not unrolled: residue tiles are a grid's edges, and unrolled, the four
        // checked variants of a 64-element tile made every kernel's tile loop too large to inline
        // (its fragments then moved through memory). Over a static shape the indices run as a nest
        // of modes 0 and 1 inside the rest (the same order), so that a predicate's test of the
        // outer coordinates (a column of the identity tensor) is the same across the inner loops
        // and leaves them, and each offset is a constant division of few terms (measured: the
        // residue tiles of the im2col convolution, rank 3, 30 k -> 20 k instructions each).
        let size = a.size();
        let (n0, n1) = match StaticModes::<A>::SIZES {
            Some((sizes, rank)) if rank > 2 && sizes[0] > 0 && sizes[1] > 0 => (sizes[0], sizes[1]),
            Some((sizes, rank)) if rank > 1 && sizes[0] > 0 => (sizes[0], 1),
            _ => (size.max(1), 1),
        };
        // A layout's offset is the sum of its modes' offsets, so that of `i` (coordinate
        // `(i0, i1, j)` in the nest) is taken per loop: the outer terms once per iteration of their
        // loop, not rebuilt per element by dividing `i` (measured: a third of a residue tile's
        // instructions).
        for j in 0..size / (n0 * n1) {
            let (sj, dj) = (a.offset_of(n0 * n1 * j), db + b.offset_of(n0 * n1 * j));
            for i1 in 0..n1 {
                let (s1, d1) = (sj + a.offset_of(n0 * i1), dj + b.offset_of(n0 * i1));
                for i0 in 0..n0 {
                    let i = i0 + n0 * (i1 + n1 * j);
                    if pred(i) {
                        let (os, od) = (s1 + a.offset_of(i0), d1 + b.offset_of(i0));
                        if (!CS || ((sb + os) as u64) < slen) && (!CD || (od as u64) < dlen) {
                            // SAFETY: `i < size` of both, and each position is inside its data
                            // (checked here, or the tensor is whole).
                            unsafe { F::write(dp, od, E::read_at(sp, sb, os)) }
                        } else if outside.is_none() {
                            outside = Some(i);
                        }
                    }
                }
            }
        }
        outside
    }
}

/// `elem_less(c, shape)`: whether every coordinate of `c` is below the matching extent of
/// `shape` (CuTe's `elem_less`), the in-bounds test of a coordinate of the identity tensor.
///
/// # Examples
/// ```
/// use cute_core::algorithm::elem_less;
/// assert!(elem_less(&[3, 11], &[20, 12]));
/// assert!(!elem_less(&[20, 0], &[20, 12]));
/// ```
#[inline(always)]
#[must_use]
pub fn elem_less<const R: usize>(c: &[i64; R], shape: &[i64; R]) -> bool {
    // Short-circuit: in an unrolled loop over a tile, the test of a column is the same for each
    // of its elements, and the compiler branches over them together.
    c.iter().zip(shape).all(|(c, s)| c < s)
}
