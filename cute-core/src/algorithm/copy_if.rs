//! `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)` holds, the predicated copy of
//! residue tiles (seed 000 §2.6.1; CuTe's `copy_if`).

use crate::error::{Error, Op};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

use super::copy::size_mismatch;

/// `copy_if(pred, src, dst)`: `dst(i) = src(i)` for every `i < size` where `pred(i)` holds,
/// rank-agnostic. The predicate is usually the identity tensor tiled and partitioned as the
/// data, compared with the problem's shape by [`elem_less`]: the elements of a partial tile past
/// the data are skipped.
///
/// Static layouts unroll the loop at compile time, as [`super::copy()`]; a whole tensor is
/// accessed without a check, a partial one with one compare per element it copies.
///
/// # Preconditions
/// `size(src) == size(dst)` ([`crate::ErrorKind::SizeMismatch`]); every element the predicate
/// selects is inside the data of both tensors ([`crate::ErrorKind::OutOfBounds`], naming the
/// first one that is not; the elements before it are copied).
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
    mut pred: impl FnMut(i64) -> bool,
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
    if src.is_whole() && dst.is_whole() {
        src.layout().for_each_index(
            #[inline(always)]
            |i| {
                if pred(i) {
                    // SAFETY: `i < size` of both, and both tensors are whole.
                    unsafe { dst.write_unchecked(i, src.read_unchecked(i)) }
                }
            },
        );
        return Ok(());
    }
    let mut outside = None;
    src.layout().for_each_index(
        #[inline(always)]
        |i| {
            if outside.is_none() && pred(i) {
                if src.inside(i) && dst.inside(i) {
                    // SAFETY: `i < size` of both, and both positions are inside the data.
                    unsafe { dst.write_unchecked(i, src.read_unchecked(i)) }
                } else {
                    outside = Some(i);
                }
            }
        },
    );
    match outside {
        None => Ok(()),
        Some(i) if !src.inside(i) => Err(src.outside_error(Op::CopyIf, Some(i))),
        Some(i) => Err(dst.outside_error(Op::CopyIf, Some(i))),
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
    let mut less = true;
    for k in 0..R {
        // Non-short-circuit: one compare per mode and no branch.
        less &= c[k] < shape[k];
    }
    less
}
