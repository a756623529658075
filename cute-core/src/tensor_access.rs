//! Element access as Rust spells it: `t[i]` and `t[(i, j)]` (CuTe's `tensor(i)` and
//! `tensor(i, j)`) on tensors over memory, and mutable views of any engine that can lend one.
//!
//! Indexing panics, as slice indexing does, on an index or coordinate out of range and on an
//! element of a partial view past the data; [`Tensor::get`] and [`Tensor::set`] return the same
//! conditions as typed errors. Over a static shape the index of a coordinate is a constant
//! computation (the mode sizes are constants), so `t[(i, j)]` costs what `t[i]` costs.
//!
//! # Examples
//! ```
//! use cute_core::{make_tensor, Layout};
//! let mut d = [0i32; 12];
//! let mut t = make_tensor(&mut d[..], "(3,4):(4,1)".parse::<Layout>().unwrap()).unwrap();
//! t[(1, 2)] = 7; // row 1, column 2: offset 1·4 + 2·1
//! t[5] += 1; // index 5 = (2, 1): offset 9
//! assert_eq!((t[(1, 2)], t[(2, 1)], d[6], d[9]), (7, 1, 7, 1));
//! let r = std::panic::catch_unwind(|| make_tensor(&d[..], "(3,4):(4,1)".parse::<Layout>().unwrap()).unwrap()[(3, 0)]);
//! assert!(r.is_err()); // row 3 of 3: out of range, as a slice index
//! ```

use core::ops::{Index, IndexMut};

use crate::error::Op;
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};
use crate::MAX_LEAVES;

/// An engine whose elements are memory a reference can point at: borrowed data, registers, a
/// swizzled buffer (what `t[i]` needs; the counting and identity engines compute their values).
///
/// # Safety
/// For a handle `p` of a live borrow of the engine and `0 <= k < extent`, [`Elements::element`]
/// points at the value [`Engine::read`] returns, valid while the engine is borrowed.
pub unsafe trait Elements: Engine {
    /// The address of the element at position `k`.
    ///
    /// # Safety
    /// As [`Engine::read`].
    unsafe fn element(p: Self::Ptr, k: i64) -> *const Self::Value;
}

/// An engine whose elements are memory that can be written through a reference.
///
/// # Safety
/// As [`Elements`], through [`EngineMut::ptr_mut`]'s handle and for writing.
pub unsafe trait ElementsMut: EngineMut + Elements {
    /// The address of the element at position `k`, to write.
    ///
    /// # Safety
    /// As [`EngineMut::write`].
    unsafe fn element_mut(p: Self::PtrMut, k: i64) -> *mut Self::Value;
}

// SAFETY: the slice's pointer offset by `k < len`.
unsafe impl<T: Copy> Elements for &[T] {
    #[inline(always)]
    unsafe fn element(p: *const T, k: i64) -> *const T {
        // SAFETY: the caller's `0 <= k < len`.
        unsafe { p.offset(k as isize) }
    }
}

// SAFETY: as for `&[T]`.
unsafe impl<T: Copy> Elements for &mut [T] {
    #[inline(always)]
    unsafe fn element(p: *const T, k: i64) -> *const T {
        // SAFETY: the caller's `0 <= k < len`.
        unsafe { p.offset(k as isize) }
    }
}

// SAFETY: as for `&[T]`, through the mutable borrow.
unsafe impl<T: Copy> ElementsMut for &mut [T] {
    #[inline(always)]
    unsafe fn element_mut(p: *mut T, k: i64) -> *mut T {
        // SAFETY: the caller's `0 <= k < len`.
        unsafe { p.offset(k as isize) }
    }
}

/// An engine that lends a mutable view of itself, so that one mutable tensor can be re-borrowed
/// for several tiles in turn ([`Tensor::view_mut`]).
///
/// # Safety
/// The view reads and writes the same positions as `self`, with the same extent and the same
/// [`Engine::admits`] (a tensor's invariant carries over to its view unchecked).
pub unsafe trait Reborrow: EngineMut {
    /// The engine of the view.
    type ViewMut<'a>: EngineMut<Value = Self::Value>
    where
        Self: 'a;

    /// The view: the same positions, borrowed from `self`.
    fn reborrow(&mut self) -> Self::ViewMut<'_>;
}

// SAFETY: the same slice, reborrowed.
unsafe impl<T: Copy> Reborrow for &mut [T] {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;

    #[inline(always)]
    fn reborrow(&mut self) -> &mut [T] {
        self
    }
}

impl<E: EngineMut, L: TensorLayout> Tensor<E, L> {
    /// A mutable view that borrows this tensor (any engine that can lend one: borrowed data,
    /// registers, a swizzled buffer), e.g. to tile it several times in a loop.
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<E::ViewMut<'_>, L>
    where
        E: Reborrow,
    {
        let (base, layout, whole) = (self.base(), *self.layout(), self.is_whole());
        // SAFETY: the view's engine has the same positions and extent, its layout and base are
        // this tensor's, so the invariant carries over, whole or not.
        unsafe { Tensor::from_view_parts(self.engine_raw_mut().reborrow(), base, layout, whole) }
    }

    /// The engine, mutably (CuTe's `tensor.data()`): a borrowed view of it, so the data can be
    /// written directly while the tensor keeps its own engine (and so its bounds).
    #[inline(always)]
    pub fn engine_mut(&mut self) -> E::ViewMut<'_>
    where
        E: Reborrow,
    {
        self.engine_raw_mut().reborrow()
    }
}

/// A coordinate a tensor is indexed by: an index `i` (`i64`), or one integer per top-level mode
/// (`(i, j)`, `(i, j, k)`, `(i, j, k, l)`), each inside its mode (colexicographic inside a
/// nested mode, as CuTe's `crd2idx`).
pub trait TensorIndex: Copy {
    /// The index `crd2idx(self, shape)`, `None` when the rank differs or a coordinate is out
    /// of its mode.
    fn index_in<L: TensorLayout>(self, l: &L) -> Option<i64>;
}

impl TensorIndex for i64 {
    #[inline(always)]
    fn index_in<L: TensorLayout>(self, l: &L) -> Option<i64> {
        (0..l.size()).contains(&self).then_some(self)
    }
}

/// The sizes of the top-level modes of a static shape, computed at compile time.
pub(crate) struct StaticModes<L>(core::marker::PhantomData<L>);

impl<L: TensorLayout> StaticModes<L> {
    pub(crate) const SIZES: Option<([i64; MAX_LEAVES], usize)> = match L::SHAPE {
        Some(s) => Some(s.const_mode_sizes()),
        None => None,
    };
}

/// The sizes of the top-level modes: constants for a static shape.
#[inline(always)]
fn mode_sizes<L: TensorLayout>(l: &L) -> ([i64; MAX_LEAVES], usize) {
    match StaticModes::<L>::SIZES {
        Some(s) => s,
        None => l.layout().shape().const_mode_sizes(),
    }
}

macro_rules! coordinate_index {
    ($n:literal: $($c:ident),+) => {
        impl TensorIndex for ($(impl_i64!($c),)+) {
            #[inline(always)]
            fn index_in<L: TensorLayout>(self, l: &L) -> Option<i64> {
                let (sizes, rank) = mode_sizes(l);
                if rank != $n {
                    return None;
                }
                let ($($c,)+) = self;
                let (mut index, mut scale, mut k) = (0i64, 1i64, 0);
                $(
                    if !(0..sizes[k]).contains(&$c) {
                        return None;
                    }
                    index += $c * scale;
                    scale *= sizes[k];
                    k += 1;
                )+
                let _ = (scale, k);
                Some(index)
            }
        }
    };
}
macro_rules! impl_i64 {
    ($c:ident) => {
        i64
    };
}
coordinate_index!(2: i, j);
coordinate_index!(3: i, j, k);
coordinate_index!(4: i, j, k, l);

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// The engine position of the element at `c`, or the panic of an index out of range.
    #[inline(always)]
    fn checked_position<I: TensorIndex>(&self, c: I) -> i64 {
        match c.index_in(self.layout()) {
            Some(i) if self.inside(i) => self.position(i),
            Some(i) => outside(&self.outside_error(Op::Eval, Some(i))),
            None => out_of_range(&self.layout().layout()),
        }
    }
}

/// The panic of an element past the data of a partial view.
#[cold]
#[inline(never)]
fn outside(e: &crate::Error) -> ! {
    panic!("{e}")
}

/// The panic of a coordinate outside a tensor's shape (out of line: the hot path stays small).
#[cold]
#[inline(never)]
fn out_of_range(l: &crate::Layout) -> ! {
    panic!(
        "{}: the coordinate is not inside the shape of {l}",
        Op::Eval.name()
    )
}

impl<E: Elements, L: TensorLayout, I: TensorIndex> Index<I> for Tensor<E, L> {
    type Output = E::Value;

    /// `t[i]`, `t[(i, j)]`: the element (CuTe's `tensor(i, j)`).
    ///
    /// # Panics
    /// When the coordinate is outside the shape or the element lies past the data of a partial
    /// view ([`Tensor::get`] returns these as errors).
    #[inline(always)]
    fn index(&self, c: I) -> &E::Value {
        let k = self.checked_position(c);
        // SAFETY: `k` is the position of an element inside the data (a whole tensor's, or one
        // `get` found inside), valid while `self` borrows the engine.
        unsafe { &*E::element(self.engine().ptr(), k) }
    }
}

impl<E: ElementsMut, L: TensorLayout, I: TensorIndex> IndexMut<I> for Tensor<E, L> {
    /// `t[i] = v`, `t[(i, j)] = v`.
    ///
    /// # Panics
    /// As [`Index::index`].
    #[inline(always)]
    fn index_mut(&mut self, c: I) -> &mut E::Value {
        let k = self.checked_position(c);
        // SAFETY: as `index`, through the mutable borrow of the engine.
        unsafe { &mut *E::element_mut(self.engine_raw_mut().ptr_mut(), k) }
    }
}
