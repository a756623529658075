//! `axpby(α, x, β, y)`: `y = α·x + β·y` element by element (CuTe's `axpby`, the epilogue of a
//! GEMM), rank-agnostic, unrolled over static shapes.

use core::ops::{Add, Mul};

use crate::error::{Error, Op};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

use super::copy::size_mismatch;

/// `axpby(α, x, β, y)`: `y(i) = α·x(i) + β·y(i)` for every `i < size`.
///
/// # Preconditions
/// `size(x) == size(y)` ([`crate::ErrorKind::SizeMismatch`]); both tensors whole
/// ([`crate::ErrorKind::OutOfBounds`]).
///
/// # Examples
/// ```
/// use cute_core::{algorithm::axpby, make_tensor, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let (x, mut y) = ([1.0f32, 2.0, 3.0, 4.0], [10.0f32, 20.0, 30.0, 40.0]);
/// let tx = make_tensor(&x[..], l("(2,2):(1,2)")).unwrap();
/// let mut ty = make_tensor(&mut y[..], l("(2,2):(2,1)")).unwrap(); // y transposed
/// axpby(2.0, &tx, 0.5, &mut ty).unwrap();
/// assert_eq!(y, [7.0, 16.0, 19.0, 28.0]);
/// ```
#[inline(always)]
pub fn axpby<T, E, F, A, B>(
    alpha: T,
    x: &Tensor<E, A>,
    beta: T,
    y: &mut Tensor<F, B>,
) -> Result<(), Error>
where
    T: Copy + Add<Output = T> + Mul<Output = T>,
    E: Engine<Value = T>,
    F: EngineMut<Value = T>,
    A: TensorLayout,
    B: TensorLayout,
{
    if x.size() != y.size() {
        return Err(size_mismatch(Op::Axpby, x, y));
    }
    if !x.is_whole() {
        return Err(x.outside_error(Op::Axpby, None));
    }
    if !y.is_whole() {
        return Err(y.outside_error(Op::Axpby, None));
    }
    let (xb, yb, a, b) = (x.base(), y.base(), *x.layout(), *y.layout());
    let (xp, yp) = (x.engine().ptr(), y.engine_mut().ptr_mut());
    a.for_each_index(
        #[inline(always)]
        |i| {
            let (ox, oy) = (a.offset_of(i), yb + b.offset_of(i));
            // SAFETY: `i < size` of both, and both tensors are whole.
            unsafe {
                let v = alpha * E::read_at(xp, xb, ox) + beta * F::read_mut(yp, oy);
                F::write(yp, oy, v);
            }
        },
    );
    Ok(())
}
