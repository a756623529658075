//! Engines: where a tensor's elements are (borrowed slices, [`Counting`]), and how they are read
//! and written.

use super::layout::TensorLayout;
use crate::error::ErrorKind;

/// Where a tensor's elements are: CuTe's engine.
///
/// An algorithm reads through [`Engine::Ptr`], a `Copy` handle it keeps in a register for the
/// whole run (a raw pointer for borrowed data), so no element store can make it reload the
/// engine.
///
/// # Safety
/// [`Engine::read`] (and [`EngineMut::write`]) must be sound for every position `0 <= k < extent`
/// through a handle of a live borrow of the engine, and for every `k` when `extent()` is `None`.
pub unsafe trait Engine {
    /// The element type.
    type Value: Copy;
    /// The handle an algorithm reads through.
    type Ptr: Copy;

    /// The number of addressable elements, `None` for an implicit accessor that has a value at
    /// every position.
    fn extent(&self) -> Option<usize>;

    /// The handle to read through.
    fn ptr(&self) -> Self::Ptr;

    /// Whether every tensor over this engine starts at position 0 and is whole: owned
    /// registers, of which a view is a copy moved to its first element
    /// ([`Engine::shifted`]; a view that reaches past them is an [`ErrorKind::OutOfBounds`]
    /// error, not a partial view). A tensor's base and flag are then constants, not fields the
    /// optimizer must track through memory: in a large kernel it lost them (LLVM scans at most
    /// 100 instructions a block for the last store), so every access to a fragment kept its
    /// checks and the loops over it were not unrolled (the row sum under one codegen unit).
    const AT_ORIGIN: bool = false;

    /// For an [`Engine::AT_ORIGIN`] engine: the values moved down by `by > 0` positions
    /// (position `k` of the result holds position `k + by` of `self` where `k + by < extent`,
    /// the rest unspecified), the engine of a view that starts at `by`. A view's base is never
    /// negative: offset 0 of a layout is 0, so a whole view starts inside the engine.
    #[inline(always)]
    #[must_use]
    fn shifted(self, by: i64) -> Self
    where
        Self: Sized,
    {
        let _ = by;
        self
    }

    /// The element at position `k`.
    ///
    /// # Safety
    /// `p` comes from [`Engine::ptr`] of an engine still borrowed, and `0 <= k < extent`.
    unsafe fn read(p: Self::Ptr, k: i64) -> Self::Value;

    /// The element at position `base + offset`, where `offset` is an offset of a layout the
    /// engine admitted at `base` ([`Engine::admits`]): an implicit engine may compute it from the
    /// two parts (a constant offset of a static layout then folds).
    ///
    /// # Safety
    /// As [`Engine::read`] at `base + offset`.
    #[inline(always)]
    unsafe fn read_at(p: Self::Ptr, base: i64, offset: i64) -> Self::Value {
        // SAFETY: the caller's.
        unsafe { Self::read(p, base + offset) }
    }

    /// The elements when they are memory: an algorithm passes them to a function whose slice
    /// parameters the compiler knows do not overlap, so it can merge and reorder the moves.
    #[inline(always)]
    fn as_slice(&self) -> Option<&[Self::Value]> {
        None
    }

    /// Whether a tensor may place `layout` at `base` on this engine besides the extent check:
    /// the condition violated where an element would read a value that is not its own (an
    /// identity tensor's coordinate past its mode, read as another coordinate). Checked once per
    /// tensor and view; every position of an accepted layout must be sound to read.
    ///
    /// # Errors
    /// The violated condition.
    #[inline(always)]
    fn admits<L: TensorLayout>(&self, base: i64, layout: &L) -> Result<(), ErrorKind> {
        let _ = (base, layout);
        Ok(())
    }
}

/// An engine whose elements can be written.
///
/// # Safety
/// As [`Engine`].
pub unsafe trait EngineMut: Engine {
    /// The handle an algorithm writes through.
    type PtrMut: Copy;

    /// The handle to write through.
    fn ptr_mut(&mut self) -> Self::PtrMut;

    /// Writes the element at position `k`.
    ///
    /// # Safety
    /// `p` comes from [`EngineMut::ptr_mut`] of an engine still mutably borrowed, or is the one
    /// [`EngineMut::write_indexed`] gives its writes, used inside them; and `0 <= k < extent`.
    unsafe fn write(p: Self::PtrMut, k: i64, v: Self::Value);

    /// Reads the element at position `k` through the handle to write through (an update in
    /// place reads and writes through one handle).
    ///
    /// # Safety
    /// As [`EngineMut::write`].
    unsafe fn read_mut(p: Self::PtrMut, k: i64) -> Self::Value;

    /// The elements when they are memory, mutably (see [`Engine::as_slice`]).
    #[inline(always)]
    fn as_mut_slice(&mut self) -> Option<&mut [Self::Value]> {
        None
    }

    /// Runs `writes` with a handle to write through at positions that are not constants (a
    /// counted loop such as [`copy_if`](fn@crate::algorithm::copy_if)'s), and returns its output.
    ///
    /// Owned registers hand it a copy of themselves and take it back whole, so that the
    /// registers are only ever accessed at constant positions: the optimizer then keeps them in
    /// registers, and a fragment returned from a user's closure is built where it is returned
    /// (with the loop writing the registers themselves, the closure moved its fragment through
    /// memory: softmax's residue tiles cost its full tiles about 10%, BENCHMARKS.md).
    #[inline(always)]
    fn write_indexed<W: IndexedWrites<Self::PtrMut>>(&mut self, writes: W) -> W::Output {
        writes.run(self.ptr_mut())
    }
}

/// Writes at run-time positions through an engine's handle `P` ([`EngineMut::write_indexed`]):
/// a trait rather than a closure, so that the loop is inlined in every build (a closure holding
/// it stayed out of line in a `release` build of many codegen units).
pub trait IndexedWrites<P> {
    /// What the writes give back.
    type Output;
    /// Writes through `p`.
    fn run(self, p: P) -> Self::Output;
}

// SAFETY: `extent` is the slice length; `read` offsets the slice's pointer below it.
unsafe impl<T: Copy> Engine for &[T] {
    type Value = T;
    type Ptr = *const T;

    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        Some(self.len())
    }

    #[inline(always)]
    fn ptr(&self) -> *const T {
        self.as_ptr()
    }

    #[inline(always)]
    unsafe fn read(p: *const T, k: i64) -> T {
        // SAFETY: the caller keeps `0 <= k < len` of the borrowed slice.
        unsafe { *p.offset(k as isize) }
    }

    #[inline(always)]
    fn as_slice(&self) -> Option<&[T]> {
        Some(self)
    }
}

// SAFETY: as for `&[T]`.
unsafe impl<T: Copy> Engine for &mut [T] {
    type Value = T;
    type Ptr = *const T;

    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        Some(self.len())
    }

    #[inline(always)]
    fn ptr(&self) -> *const T {
        self.as_ptr()
    }

    #[inline(always)]
    unsafe fn read(p: *const T, k: i64) -> T {
        // SAFETY: the caller keeps `0 <= k < len` of the borrowed slice.
        unsafe { *p.offset(k as isize) }
    }

    #[inline(always)]
    fn as_slice(&self) -> Option<&[T]> {
        Some(self)
    }
}

// SAFETY: as for `&[T]`.
unsafe impl<T: Copy> EngineMut for &mut [T] {
    type PtrMut = *mut T;

    #[inline(always)]
    fn ptr_mut(&mut self) -> *mut T {
        self.as_mut_ptr()
    }

    #[inline(always)]
    unsafe fn write(p: *mut T, k: i64, v: T) {
        // SAFETY: the caller keeps `0 <= k < len` of the mutably borrowed slice.
        unsafe { *p.offset(k as isize) = v }
    }

    #[inline(always)]
    unsafe fn read_mut(p: *mut T, k: i64) -> T {
        // SAFETY: the caller keeps `0 <= k < len` of the mutably borrowed slice.
        unsafe { *p.offset(k as isize) }
    }

    #[inline(always)]
    fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        Some(self)
    }
}

/// The counting accessor: the value at position `k` is `k` itself, so a counting tensor shows
/// the offsets of its layout (CuTe's `counting_iterator`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counting;

// SAFETY: every position has a value and nothing is dereferenced.
unsafe impl Engine for Counting {
    type Value = i64;
    type Ptr = Counting;

    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        None
    }

    #[inline(always)]
    fn ptr(&self) -> Counting {
        Counting
    }

    #[inline(always)]
    unsafe fn read(_: Counting, k: i64) -> i64 {
        k
    }
}
