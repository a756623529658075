//! `axpby(α, x, β, y)`: `y = α·x + β·y` element by element (CuTe's `axpby`, the epilogue of a
//! GEMM), rank-agnostic, unrolled over static shapes; `axpby_if` predicated, for residue tiles.

use core::ops::{Add, Mul};

use crate::error::{Error, Op};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

use super::copy::size_mismatch;

/// `axpby(α, x, β, y)`: `y(i) = α·x(i) + β·y(i)` for every `i < size`; with `β` zero
/// (`T::default()`), `y(i) = α·x(i)` and `y` is not read (CuTe's and BLAS's rule: `C` need not
/// hold numbers when `β = 0`).
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
    T: Copy + Default + PartialEq + Add<Output = T> + Mul<Output = T>,
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
    // SAFETY: both tensors are whole, so every index below their common size is inside both.
    unsafe { apply(|_| true, alpha, x, beta, y, false) };
    Ok(())
}

/// `axpby_if(pred, α, x, β, y)`: [`axpby`] where `pred(i)` holds (CuTe's `axpby` with a
/// predicate tensor): the epilogue of a residue tile, its predicate the identity tensor tiled
/// and partitioned as `y`, compared with the problem's shape by [`super::elem_less`].
///
/// # Preconditions
/// `size(x) == size(y)` ([`crate::ErrorKind::SizeMismatch`]); every element the predicate
/// selects is inside the data of both tensors ([`crate::ErrorKind::OutOfBounds`], naming the
/// first one that is not; every other selected element is updated).
///
/// # Postconditions
/// `y(i) == α·x(i) + β·y(i)` (`α·x(i)` for a zero `β`) where `pred(i)`; every other element of
/// `y` is unchanged and unread.
///
/// # Examples
/// ```
/// use cute_core::{algorithm::axpby_if, make_tensor, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let x = [1.0f32, 2.0, 3.0, 4.0];
/// let mut y = [f32::NAN; 3]; // C need not hold numbers when β = 0
/// let tx = make_tensor(&x[..], l("4:1")).unwrap();
/// let ty = make_tensor(&mut y[..], l("3:1")).unwrap();
/// // A 4-element tile of 3 elements of data: the last one is predicated off.
/// let tiler = "<4:1>".parse::<cute_core::Tiler>().unwrap();
/// let mut tile = ty.local_tile(tiler, &"0".parse().unwrap()).unwrap();
/// axpby_if(|i| i < 3, 2.0, &tx, 0.0, &mut tile).unwrap();
/// assert_eq!(y, [2.0, 4.0, 6.0]);
/// ```
#[inline(always)]
pub fn axpby_if<T, E, F, A, B>(
    pred: impl FnMut(i64) -> bool,
    alpha: T,
    x: &Tensor<E, A>,
    beta: T,
    y: &mut Tensor<F, B>,
) -> Result<(), Error>
where
    T: Copy + Default + PartialEq + Add<Output = T> + Mul<Output = T>,
    E: Engine<Value = T>,
    F: EngineMut<Value = T>,
    A: TensorLayout,
    B: TensorLayout,
{
    if x.size() != y.size() {
        return Err(size_mismatch(Op::Axpby, x, y));
    }
    // On a GPU one loop that checks (see `copy_if`).
    let outside = if x.is_whole() && y.is_whole() && !cfg!(target_arch = "nvptx64") {
        // SAFETY: both tensors are whole.
        unsafe { apply(pred, alpha, x, beta, y, false) }
    } else {
        // SAFETY: each selected position is checked against its tensor's data.
        unsafe { apply(pred, alpha, x, beta, y, true) }
    };
    match outside {
        None => Ok(()),
        Some(i) if !x.inside(i) => Err(x.outside_error(Op::Axpby, Some(i))),
        Some(i) => Err(y.outside_error(Op::Axpby, Some(i))),
    }
}

/// The loop of both: `y(i) = α·x(i) + β·y(i)` where `pred(i)`, each position checked against
/// its data when `check`; the first selected index outside is returned (and not updated).
///
/// # Safety
/// `size(x) == size(y)`, and the tensors are whole when `check` is false.
#[inline(always)]
unsafe fn apply<T, E, F, A, B>(
    mut pred: impl FnMut(i64) -> bool,
    alpha: T,
    x: &Tensor<E, A>,
    beta: T,
    y: &mut Tensor<F, B>,
    check: bool,
) -> Option<i64>
where
    T: Copy + Default + PartialEq + Add<Output = T> + Mul<Output = T>,
    E: Engine<Value = T>,
    F: EngineMut<Value = T>,
    A: TensorLayout,
    B: TensorLayout,
{
    let (xb, yb, a, b) = (x.base(), y.base(), *x.layout(), *y.layout());
    let extent = |e: Option<usize>| e.map_or(u64::MAX, |n| n as u64);
    let (xlen, ylen) = (extent(x.engine().extent()), extent(y.engine().extent()));
    let (xp, yp) = (x.engine().ptr(), y.engine_raw_mut().ptr_mut());
    let zero = beta == T::default();
    let mut outside = None;
    a.for_each_index(
        #[inline(always)]
        |i| {
            if pred(i) {
                let (ox, oy) = (a.offset_of(i), yb + b.offset_of(i));
                if !check || (((xb + ox) as u64) < xlen && (oy as u64) < ylen) {
                    // SAFETY: `i < size` of both, and each position is inside its data (checked
                    // here, or the tensor is whole, as the caller promises).
                    unsafe {
                        let ax = alpha * E::read_at(xp, xb, ox);
                        let v = if zero {
                            ax
                        } else {
                            ax + beta * F::read_mut(yp, oy)
                        };
                        F::write(yp, oy, v);
                    }
                } else if outside.is_none() {
                    outside = Some(i);
                }
            }
        },
    );
    outside
}
