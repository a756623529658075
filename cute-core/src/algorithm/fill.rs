//! `fill(t, v)` and `clear(t)`: every element of a tensor set to one value (CuTe's `fill` and
//! `clear`), rank-agnostic, unrolled over a static shape.

use crate::error::{Error, Op};
use crate::tensor::{EngineMut, Tensor, TensorLayout};

/// `fill(t, v)`: `t(i) = v` for every `i < size(t)`.
///
/// # Preconditions
/// `t` is whole ([`crate::ErrorKind::OutOfBounds`] for a partial view).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::fill, make_tensor, Layout};
/// let mut d = [0; 6];
/// let mut t = make_tensor(&mut d[..], "(2,2):(1,3)".parse::<Layout>().unwrap()).unwrap();
/// fill(&mut t, 7).unwrap();
/// assert_eq!(d, [7, 7, 0, 7, 7, 0]);
/// ```
#[inline(always)]
pub fn fill<E: EngineMut, L: TensorLayout>(t: &mut Tensor<E, L>, v: E::Value) -> Result<(), Error> {
    if !t.is_whole() {
        return Err(t.outside_error(Op::Fill, None));
    }
    let (base, l, p) = (t.base(), *t.layout(), t.engine_raw_mut().ptr_mut());
    l.for_each_index(
        #[inline(always)]
        |i| {
            // SAFETY: `i < size` and the tensor is whole.
            unsafe { E::write(p, base + l.offset_of(i), v) }
        },
    );
    Ok(())
}

/// `clear(t)`: `t(i) = 0` (the value type's default) for every `i`, as [`fill`].
///
/// # Errors
/// As [`fill`].
#[inline(always)]
pub fn clear<E, L>(t: &mut Tensor<E, L>) -> Result<(), Error>
where
    E: EngineMut,
    E::Value: Default,
    L: TensorLayout,
{
    fill(t, E::Value::default())
}
