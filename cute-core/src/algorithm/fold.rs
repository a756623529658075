//! `fold(t, init, f)`: a tensor's elements folded in index order (a reduction: a sum, a
//! maximum), unrolled over a static shape.

use crate::error::{Error, Op};
use crate::tensor::{Engine, Tensor, TensorLayout};

/// `fold(t, init, f)`: `f(… f(f(init, t(0)), t(1)) …, t(size-1))`, in index order, as the loop
/// written by hand (so a floating-point sum gives the same bits). Fold a mode by folding its
/// slice: a row of a `(M,N)` fragment is the tensor sliced at `(m, _)`.
///
/// # Preconditions
/// `t` is whole ([`crate::ErrorKind::OutOfBounds`] for a partial view).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::fold, make_tensor, Layout};
/// let d = [3.0f32, 1.0, 4.0, 1.0, 5.0, 9.0];
/// let t = make_tensor(&d[..], "(2,3):(1,2)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(fold(&t, 0.0, |a, x| a + x).unwrap(), 23.0);
/// assert_eq!(fold(&t, f32::NEG_INFINITY, f32::max).unwrap(), 9.0);
/// ```
#[inline(always)]
pub fn fold<E: Engine, L: TensorLayout, T: Copy>(
    t: &Tensor<E, L>,
    init: T,
    mut f: impl FnMut(T, E::Value) -> T,
) -> Result<T, Error> {
    if !t.is_whole() {
        return Err(t.outside_error(Op::Fold, None));
    }
    let mut acc = init;
    t.layout().for_each_index(
        #[inline(always)]
        |i| {
            // SAFETY: `i < size` and the tensor is whole.
            acc = f(acc, unsafe { t.read_unchecked(i) });
        },
    );
    Ok(acc)
}
