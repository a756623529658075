//! CuTe's element-wise algorithms: `for_each(t, f)`, `transform(t, f)` in place and
//! `transform_into(src, dst, f)`, rank-agnostic and unrolled over a static shape.

use crate::error::{Error, Op};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

use super::copy::size_mismatch;

/// `for_each(t, f)`: `f(t(i))` for every `i < size(t)` in index order (CuTe's `for_each`).
///
/// # Preconditions
/// `t` is whole ([`crate::ErrorKind::OutOfBounds`] for a partial view).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::for_each, make_tensor, Layout};
/// let d = [1, 2, 3, 4, 5, 6];
/// let t = make_tensor(&d[..], "(2,2):(1,3)".parse::<Layout>().unwrap()).unwrap();
/// let mut seen = Vec::new();
/// for_each(&t, |v| seen.push(v)).unwrap();
/// assert_eq!(seen, [1, 2, 4, 5]);
/// ```
#[inline(always)]
pub fn for_each<E: Engine, L: TensorLayout>(
    t: &Tensor<E, L>,
    mut f: impl FnMut(E::Value),
) -> Result<(), Error> {
    if !t.is_whole() {
        return Err(t.outside_error(Op::ForEach, None));
    }
    t.layout().for_each_index(
        #[inline(always)]
        |i| {
            // SAFETY: `i < size` and the tensor is whole.
            f(unsafe { t.read_unchecked(i) });
        },
    );
    Ok(())
}

/// `transform(t, f)`: `t(i) = f(t(i))` for every `i < size(t)` (CuTe's in-place `transform`).
///
/// # Preconditions
/// `t` is whole ([`crate::ErrorKind::OutOfBounds`] for a partial view).
///
/// # Postconditions
/// Each element is replaced by `f` of its old value; for a non-injective `t`, elements that share
/// a position are transformed once per index, in index order.
///
/// # Examples
/// ```
/// use cute_core::{algorithm::transform, make_tensor, Layout};
/// let mut d = [1, 2, 3, 4, 5, 6];
/// let mut t = make_tensor(&mut d[..], "(2,2):(1,3)".parse::<Layout>().unwrap()).unwrap();
/// transform(&mut t, |v| 10 * v).unwrap();
/// assert_eq!(d, [10, 20, 3, 40, 50, 6]);
/// ```
#[inline(always)]
pub fn transform<E: EngineMut, L: TensorLayout>(
    t: &mut Tensor<E, L>,
    mut f: impl FnMut(E::Value) -> E::Value,
) -> Result<(), Error> {
    if !t.is_whole() {
        return Err(t.outside_error(Op::Transform, None));
    }
    let (base, l, p) = (t.base(), *t.layout(), t.engine_raw_mut().ptr_mut());
    l.for_each_index(
        #[inline(always)]
        |i| {
            let k = base + l.offset_of(i);
            // SAFETY: `i < size` and the tensor is whole.
            unsafe { E::write(p, k, f(E::read_mut(p, k))) }
        },
    );
    Ok(())
}

/// `transform_into(src, dst, f)`: `dst(i) = f(src(i))` for every `i` (CuTe's `transform(in, out,
/// op)`), in index order.
///
/// # Preconditions
/// `size(src) == size(dst)` ([`crate::ErrorKind::SizeMismatch`]); both whole
/// ([`crate::ErrorKind::OutOfBounds`]).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::transform_into, make_tensor, Layout};
/// let (s, mut d) = ([1.0f32, 2.0, 3.0, 4.0], [0.0f32; 4]);
/// let l = "(2,2):(2,1)".parse::<Layout>().unwrap();
/// let src = make_tensor(&s[..], l).unwrap();
/// transform_into(&src, &mut make_tensor(&mut d[..], l).unwrap(), |x| x * x).unwrap();
/// assert_eq!(d, [1.0, 4.0, 9.0, 16.0]);
/// ```
#[inline(always)]
pub fn transform_into<E, F, A, B>(
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
    mut f: impl FnMut(E::Value) -> F::Value,
) -> Result<(), Error>
where
    E: Engine,
    F: EngineMut,
    A: TensorLayout,
    B: TensorLayout,
{
    if src.size() != dst.size() {
        return Err(size_mismatch(Op::Transform, src, dst));
    }
    if !src.is_whole() {
        return Err(src.outside_error(Op::Transform, None));
    }
    if !dst.is_whole() {
        return Err(dst.outside_error(Op::Transform, None));
    }
    let (base, l, p) = (dst.base(), *dst.layout(), dst.engine_raw_mut().ptr_mut());
    src.layout().for_each_index(
        #[inline(always)]
        |i| {
            // SAFETY: `i < size(src) == size(dst)` and both tensors are whole.
            unsafe { F::write(p, base + l.offset_of(i), f(src.read_unchecked(i))) }
        },
    );
    Ok(())
}
