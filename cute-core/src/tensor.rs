//! Tensors: an engine (where the elements are) composed with a layout (seed 000 §2.5).
//!
//! `Tensor<E, L>` reads element `i` at position `base + L(i)` of its engine. The engine is
//! borrowed data (`&[T]`, `&mut [T]`) or an implicit accessor: [`Counting`] (the offsets
//! themselves, CuTe's counting iterator) or [`Coordinates`] (the identity tensor,
//! [`make_identity_tensor`], whose values are coordinates). Construction checks once that every
//! offset of the layout lands inside the data, so element access and
//! [`crate::algorithm::copy()`] need no per-element bounds check.
//!
//! A view of a tensor (a slice, a divide, a tile, a partition) may reach past the data, as the
//! last tiles of a size the tile does not divide do (CuTe's residues): such a view is *partial*
//! ([`Tensor::is_whole`] is `false`). Its elements inside the data are read and written with a
//! check each ([`Tensor::get`], [`Tensor::set`], [`crate::algorithm::copy_if()`], predicated by
//! the identity tensor tiled the same way); `copy` and `gemm` reject it.
//!
//! The layout is any [`TensorLayout`]: the dynamic [`Layout`], or a static layout of
//! `cute-static`, whose offsets fold to constants.

use crate::algebra::composition::composition;
use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::algebra::product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product,
};
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{add, IntTuple, View, MAX_LEAVES};
use crate::layout::{leaf_extent, Layout};
use crate::stride::{crd2idx_shape, crd2idx_view, idx2crd_strided};
use crate::tiler::{Tile, TilerBuilder};

/// The largest static size the algorithms unroll (`cute_static::tensor::UnrollMax`): past it,
/// code size and compile time grow with the tile, and `copy` plans a loop nest instead.
pub const UNROLL_MAX: i64 = 64;

/// A layout a tensor can use: the dynamic [`Layout`], or a static layout of `cute-static`.
///
/// # Safety
/// `offset_of(i)` must equal `layout().eval(i)` for every `0 <= i < size()`, `size()` must equal
/// `layout().size()`, `STATIC`, when `Some`, must equal `layout()`, `SHAPE`, when `Some`, must
/// equal `layout().shape()`, each `Some` of `STRIDES` must equal that leaf of `layout().stride()`,
/// and `STATIC_SHAPE` must hold
/// only when `for_each_index` and `for_each_block` visit the same indices as the default
/// loops (unrolled): tensors check the image
/// of `layout()` once and then access memory at `offset_of(i)` without a bounds check.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not known to be a tensor layout here",
    label = "a tensor needs a layout whose size and offsets are known",
    note = "in code generic over tile sizes, bound the layout a tile is taken from: `Layout<…>: cute::cute_static::StaticTile<Tiler, Coord>` makes its tiles tensor layouts"
)]
pub unsafe trait TensorLayout: Copy {
    /// The layout when it is known at compile time (a static layout), `None` otherwise.
    const STATIC: Option<Layout> = None;

    /// Whether the shape is known at compile time (a static layout, or a mixed one of static
    /// shape and runtime strides): algorithms then unroll their loops over it.
    const STATIC_SHAPE: bool = false;

    /// The shape when it is known at compile time (`Some` exactly when `STATIC_SHAPE`): the
    /// algorithms plan their loops over a static shape at compile time, whatever the strides.
    const SHAPE: Option<IntTuple> = None;

    /// The stride of each leaf (in order) that is known at compile time, `None` for a runtime
    /// one: a static unit stride tells a copy of a static shape which mode is contiguous.
    const STRIDES: [Option<i64>; MAX_LEAVES] = [None; MAX_LEAVES];

    /// The layout as a runtime value.
    fn layout(&self) -> Layout;

    /// `size(L)`.
    fn size(&self) -> i64;

    /// `L(i)` for `0 <= i < size(L)`; a static layout folds it to a constant for a constant `i`.
    fn offset_of(&self, i: i64) -> i64;

    /// The smallest and largest offset, `None` on overflow; a constant for a static layout.
    #[inline]
    fn image(&self) -> Option<(i64, i64)> {
        image(&self.layout())
    }

    /// Calls `f(s, d)` for each leaf `s:d` in order.
    #[inline]
    fn for_each_leaf(&self, mut f: impl FnMut(i64, i64)) {
        let l = self.layout();
        for (s, d) in l.shape().leaves().iter().zip(l.stride().leaves()) {
            f(*s, *d);
        }
    }

    /// Calls `f(i)` for every index `0 <= i < size(L)` in order; a static layout unrolls the
    /// loop at compile time.
    #[inline(always)]
    fn for_each_index(&self, mut f: impl FnMut(i64)) {
        for i in 0..self.size() {
            f(i);
        }
    }

    /// Calls `block(i)` for `i = 0, 8, 16, …` while a whole block of 8 indices fits, then
    /// `single(i)` for each index left, in order; a static layout unrolls both loops.
    #[inline(always)]
    fn for_each_block(&self, mut block: impl FnMut(i64), mut single: impl FnMut(i64)) {
        let n = self.size();
        for b in 0..n / BLOCK {
            block(b * BLOCK);
        }
        for i in n / BLOCK * BLOCK..n {
            single(i);
        }
    }
}

/// The indices an algorithm reads before it writes them, so that the compiler can merge the
/// reads and the writes into vector moves without knowing the two tensors apart.
pub const BLOCK: i64 = 8;

// SAFETY: `offset_of` is `eval` itself; tensors check that `eval` does not overflow on the
// image before they use it.
unsafe impl TensorLayout for Layout {
    #[inline]
    fn layout(&self) -> Layout {
        *self
    }

    #[inline]
    fn size(&self) -> i64 {
        Layout::size(self)
    }

    #[inline]
    fn offset_of(&self, i: i64) -> i64 {
        self.offset(i).unwrap_or(0)
    }

    #[inline]
    fn image(&self) -> Option<(i64, i64)> {
        image(self)
    }
}

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
    /// `p` comes from [`EngineMut::ptr_mut`] of an engine still mutably borrowed, and
    /// `0 <= k < extent`.
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

/// A tensor: element `i` is at position `base + L(i)` of the engine `E`.
///
/// # Invariant
/// Every position `base + L(i)`, `0 <= i < size(L)`, fits in `i64` and the engine admits the
/// layout at `base` ([`Engine::admits`]); when the tensor is whole, every position is inside the
/// engine's extent.
///
/// The fields are in a fixed order, the engine last: a fragment's registers are zeroed apart
/// from its base, the flag (one) between them. In Rust's order the base followed the registers
/// and both were zeroed by one `memset`, 264 bytes for a 64-value fragment, past the 256 bytes
/// x86 stores inline: a call per tile (measured: 12.6% of the 3x3 convolution's samples).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Tensor<E, L> {
    base: i64,
    /// Whether the tensor is whole: a word, not a `bool`, so that a tensor has no padding (moved
    /// out of a `Result` in a hot loop, the padding bytes were copied as a 7-byte piece whose
    /// reload missed store forwarding: measured, about 20 cycles per tile).
    whole: Whole,
    layout: L,
    engine: E,
}

/// [`ErrorKind::OutOfBounds`] of the tensor at `base` with layout `l` over `len` elements, for
/// element `i` or (`None`) for the whole tensor.
#[cold]
#[inline(never)]
fn outside_error<L: TensorLayout>(op: Op, l: L, base: i64, len: usize, i: Option<i64>) -> Error {
    let (lo, hi) = if let Some(i) = i {
        let at = base + l.offset_of(i);
        (at, at)
    } else {
        let (lo, hi) = l.image().unwrap_or((0, 0));
        (base + lo, base + hi)
    };
    let at = i.map_or(Operand::from(base), Operand::from);
    Error::new(
        op,
        [Some((&l.layout()).into()), Some(at)],
        ErrorKind::OutOfBounds { lo, hi, len },
    )
}

/// [`ErrorKind::IndexOutOfRange`] of index `i` of a tensor with layout `l`.
#[cold]
#[inline(never)]
fn index_error<L: TensorLayout>(op: Op, l: L, i: i64) -> Error {
    Error::new(
        op,
        [Some((&l.layout()).into()), Some(Operand::from(i))],
        ErrorKind::IndexOutOfRange {
            index: i,
            size: l.size(),
        },
    )
}

/// [`Tensor`]'s whole flag, a full word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
enum Whole {
    /// Some element's position is outside the data.
    Partial = 0,
    /// Every element's position is inside the data.
    Whole = 1,
}

impl Whole {
    #[inline(always)]
    const fn from(whole: bool) -> Whole {
        if whole {
            Whole::Whole
        } else {
            Whole::Partial
        }
    }
}

/// `make_tensor(engine, layout)`: the tensor of `layout` over `engine`.
///
/// # Preconditions
/// Every offset of `layout` is in `0..len` for borrowed data of length `len`
/// ([`ErrorKind::OutOfBounds`] otherwise).
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Layout};
/// let data: Vec<i32> = (0..24).collect();
/// let t = make_tensor(data.as_slice(), "(8,3):(3,1)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(t.get(1).unwrap(), 3);
/// assert!(make_tensor(&data[..20], "(8,3):(3,1)".parse::<Layout>().unwrap()).is_err());
/// ```
pub fn make_tensor<E: Engine, L: TensorLayout>(
    engine: E,
    layout: L,
) -> Result<Tensor<E, L>, Error> {
    Tensor::at(engine, 0, layout, Op::MakeTensor, false)
}

/// The tensor whose element `i` is at position `base + L(i)` of `engine` (CuTe's `make_tensor`
/// of a pointer advanced by `base`): what a view of a tensor is, and how a swizzled layout's
/// offset stays inside its swizzle ([`crate::ComposedLayout::tensor`]).
///
/// # Errors
/// As [`make_tensor`]; [`ErrorKind::Overflow`] when a position does not fit in `i64`.
///
/// # Examples
/// ```
/// use cute_core::{make_tensor_at, Layout};
/// let data: Vec<i32> = (0..32).collect();
/// let t = make_tensor_at(&data[..], 8, "(4,2):(2,1)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(t.get(1).unwrap(), 10);
/// assert!(make_tensor_at(&data[..], 26, "(4,2):(2,1)".parse::<Layout>().unwrap()).is_err());
/// ```
pub fn make_tensor_at<E: Engine, L: TensorLayout>(
    engine: E,
    base: i64,
    layout: L,
) -> Result<Tensor<E, L>, Error> {
    Tensor::at(engine, base, layout, Op::MakeTensor, false)
}

/// The smallest and largest offset of `l`, `None` on overflow. An empty leaf reaches no offset
/// and is skipped: the bounds of the other leaves bound every sublayout (an empty tensor is
/// whole whatever its data, [`Tensor::is_whole`]).
#[must_use]
pub const fn image(l: &Layout) -> Option<(i64, i64)> {
    match leaf_extent(l.shape().const_leaves(), l.stride().const_leaves()) {
        Some((_, lo, hi)) => Some((lo, hi)),
        None => None,
    }
}

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// The tensor at `base` over `engine`, checked against the engine's extent: whole when every
    /// position is inside it, else partial when `partial` allows (a view), an error otherwise.
    #[inline(always)]
    fn at(engine: E, base: i64, layout: L, op: Op, partial: bool) -> Result<Self, Error> {
        let Some((lo, hi)) = layout.image() else {
            return Err(place_error(op, &layout, base, ErrorKind::Overflow));
        };
        let (Some(lo), Some(hi)) = (base.checked_add(lo), base.checked_add(hi)) else {
            return Err(place_error(op, &layout, base, ErrorKind::Overflow));
        };
        if let Err(kind) = engine.admits(base, &layout) {
            return Err(place_error(op, &layout, base, kind));
        }
        // An empty layout reaches no position: whole over any data, even none.
        let whole = match engine.extent() {
            Some(len) => (lo >= 0 && hi < len as i64) || layout.size() == 0,
            None => true,
        };
        if !whole && !partial {
            let len = engine.extent().unwrap_or(0);
            let kind = ErrorKind::OutOfBounds { lo, hi, len };
            return Err(place_error(op, &layout, base, kind));
        }
        if E::AT_ORIGIN && (base != 0 || !whole) {
            return Tensor::at_origin(engine, base, layout, op, whole);
        }
        Ok(Tensor {
            engine,
            base,
            layout,
            whole: Whole::from(whole),
        })
    }

    /// The view at `base` of an [`Engine::AT_ORIGIN`] engine: its values moved by `base`, so
    /// that the view starts at 0. Out of line: a view of registers is rare, and it copies them.
    ///
    /// # Errors
    /// [`ErrorKind::OutOfBounds`] when the view reaches past the registers (`whole` is false),
    /// or when, moved to start at 0, its layout reaches a negative offset: the positions in the
    /// moved registers.
    #[inline(never)]
    fn at_origin(engine: E, base: i64, layout: L, op: Op, whole: bool) -> Result<Self, Error> {
        let len = engine.extent().unwrap_or(0);
        let (lo, hi) = layout.image().unwrap_or((0, 0));
        let inside = (lo >= 0 && hi < len as i64) || layout.size() == 0;
        if !whole || !inside {
            let kind = ErrorKind::OutOfBounds { lo, hi, len };
            return Err(place_error(op, &layout, 0, kind));
        }
        // An empty layout is the only view at a negative base; its values do not matter.
        let engine = if base > 0 {
            engine.shifted(base)
        } else {
            engine
        };
        Ok(Tensor {
            engine,
            base: 0,
            layout,
            whole: Whole::Whole,
        })
    }

    /// The tensor over the same engine at `base + offset` with `layout`: a view whose layout
    /// and offset the caller computed (a tile, a slice, a partition), checked once against the
    /// engine's extent: partial when it reaches past the data. `op` names the operation in an
    /// error.
    ///
    /// # Errors
    /// [`ErrorKind::Overflow`] when an offset does not fit in `i64`; the engine's condition when
    /// it does not admit the layout ([`Engine::admits`]).
    #[inline(always)]
    pub fn remap<M: TensorLayout>(
        self,
        op: Op,
        offset: i64,
        layout: M,
    ) -> Result<Tensor<E, M>, Error> {
        match self.base().checked_add(offset) {
            Some(base) => Tensor::at(self.engine, base, layout, op, true),
            None => Err(Error::new(
                op,
                [Some((&layout.layout()).into()), Some(Operand::from(offset))],
                ErrorKind::Overflow,
            )),
        }
    }

    /// [`Tensor::remap`] for a view that the caller knows lies inside this tensor's span (a
    /// tile of an exact divide, a slice at an in-range coordinate): a view of a whole tensor is
    /// whole without looking at the engine's extent, so a static tile of a static tensor costs
    /// its offset alone (each micro-tile of `kernel/sgemm` computed and tested its extent: about
    /// 50 instructions a micro-tile before, 16 now, measured). A view of a partial tensor is
    /// checked as by `remap`.
    ///
    /// # Errors
    /// The engine's condition when it does not admit the layout ([`Engine::admits`]); those of
    /// `remap` for a view of a partial tensor.
    ///
    /// # Safety
    /// Every position `base() + offset + layout(i)`, `0 <= i < size(layout)`, lies between the
    /// smallest and the largest position of this tensor, `base() + L(j)` for `j` in
    /// `0..size(L)`.
    #[inline(always)]
    pub unsafe fn remap_within<M: TensorLayout>(
        self,
        op: Op,
        offset: i64,
        layout: M,
    ) -> Result<Tensor<E, M>, Error> {
        if !self.is_whole() {
            return self.remap(op, offset, layout);
        }
        #[cfg(debug_assertions)]
        if let (Some((lo, hi)), Some((plo, phi))) = (layout.image(), self.layout.image()) {
            debug_assert!(
                i128::from(offset) + i128::from(lo) >= i128::from(plo)
                    && i128::from(offset) + i128::from(hi) <= i128::from(phi),
                "remap_within: [{lo}, {hi}] + {offset} is outside [{plo}, {phi}]"
            );
        }
        // The view's positions are between two positions of this tensor, which fit in `i64`.
        let base = self.base().wrapping_add(offset);
        if let Err(kind) = self.engine.admits(base, &layout) {
            return Err(place_error(op, &layout, base, kind));
        }
        if E::AT_ORIGIN && base != 0 {
            return Tensor::at_origin(self.engine, base, layout, op, true);
        }
        Ok(Tensor {
            engine: self.engine,
            base,
            layout,
            whole: Whole::Whole,
        })
    }

    /// The whole tensor of `layout` at position 0 of `engine`, unchecked: for an engine sized
    /// to the layout by construction, such as the registers of
    /// `cute_static::fragment::make_fragment_like`.
    ///
    /// # Safety
    /// Every offset of `layout` is in `0..extent` of `engine` (when it has one) and the engine
    /// admits the layout at 0 ([`Engine::admits`]).
    #[inline(always)]
    pub unsafe fn from_parts_unchecked(engine: E, layout: L) -> Self {
        Tensor {
            engine,
            base: 0,
            layout,
            whole: Whole::Whole,
        }
    }

    /// The tensor of `engine` at `base` with `layout`, whole or not, as a view of another
    /// tensor is made.
    ///
    /// # Safety
    /// The invariant holds for these parts: every position fits in `i64`, the engine admits the
    /// layout, and a whole tensor's positions are inside the extent; over an
    /// [`Engine::AT_ORIGIN`] engine, `base` is 0 and the tensor whole.
    #[inline(always)]
    pub(crate) unsafe fn from_view_parts(engine: E, base: i64, layout: L, whole: bool) -> Self {
        debug_assert!(!E::AT_ORIGIN || (base == 0 && whole));
        Tensor {
            engine,
            base,
            layout,
            whole: Whole::from(whole),
        }
    }

    /// The layout.
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// The engine.
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine, to write through.
    pub(crate) fn engine_raw_mut(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The position of element 0's coordinate origin in the engine (the offset a slice adds).
    #[inline(always)]
    pub fn base(&self) -> i64 {
        if E::AT_ORIGIN {
            0
        } else {
            self.base
        }
    }

    /// Whether every element's position is inside the data: `false` for a view that reaches
    /// past it (a residue tile), whose elements past the data are predicated off with
    /// [`crate::algorithm::copy_if()`]. A memory notion, as CuTe's pointers: a row-major tile
    /// past the last column can still be whole, reading the next rows, and only the identity
    /// tensor tells the elements of the matrix apart.
    #[inline(always)]
    pub fn is_whole(&self) -> bool {
        E::AT_ORIGIN || matches!(self.whole, Whole::Whole)
    }

    /// Whether element `i`'s position is inside the data (always, for a whole tensor).
    #[inline(always)]
    pub(crate) fn inside(&self, i: i64) -> bool {
        self.is_whole() || self.in_extent(i)
    }

    /// Whether element `i`'s position is inside the engine's extent, computed.
    #[inline(always)]
    pub(crate) fn in_extent(&self, i: i64) -> bool {
        match self.engine.extent() {
            Some(len) => (self.position(i) as u64) < len as u64,
            None => true,
        }
    }

    /// The error of a partial tensor where an algorithm needs a whole one, or of element `i`
    /// outside the data. Inline, the error built out of line from copies of the fields: a
    /// tensor whose address an error path took would stay in memory on every path (a register
    /// fragment's elements in a GPU kernel's local memory).
    #[inline(always)]
    pub(crate) fn outside_error(&self, op: Op, i: Option<i64>) -> Error {
        outside_error(
            op,
            *self.layout(),
            self.base(),
            self.engine.extent().unwrap_or(0),
            i,
        )
    }

    /// `size(L)`.
    #[inline]
    pub fn size(&self) -> i64 {
        self.layout.size()
    }

    /// The engine position of element `i`, `0 <= i < size`: inside the extent by the invariant.
    #[inline(always)]
    pub(crate) fn position(&self, i: i64) -> i64 {
        self.base() + self.layout.offset_of(i)
    }

    /// Reads element `i` without checking `0 <= i < size`.
    ///
    /// # Safety
    /// `0 <= i < size()`, and the tensor is whole or element `i` is [`Tensor::inside`].
    #[inline(always)]
    pub(crate) unsafe fn read_unchecked(&self, i: i64) -> E::Value {
        // SAFETY: by the invariant and the caller, `position(i)` is inside the extent.
        unsafe { E::read_at(self.engine.ptr(), self.base(), self.layout.offset_of(i)) }
    }

    /// Checks `0 <= i < size`: inline (a predicate `t.get(k).is_ok_and(…)` in a loop folds to
    /// the comparison), the error built out of line.
    #[inline(always)]
    fn index(&self, i: i64, op: Op) -> Result<i64, Error> {
        if (0..self.size()).contains(&i) {
            Ok(i)
        } else {
            // From a copy of the layout, as `outside_error`: the tensor does not escape.
            Err(index_error(op, *self.layout(), i))
        }
    }

    /// `T(i)`: element `i`.
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] unless `0 <= i < size`; [`ErrorKind::OutOfBounds`] for an
    /// element of a partial view past the data.
    #[inline]
    pub fn get(&self, i: i64) -> Result<E::Value, Error> {
        let i = self.index(i, Op::Eval)?;
        if !self.inside(i) {
            return Err(self.outside_error(Op::Eval, Some(i)));
        }
        // SAFETY: `i < size`, and its position is inside the data.
        Ok(unsafe { self.read_unchecked(i) })
    }

    /// `T(c)`: the element at coordinate `c`, through its index `crd2idx(c, shape)`.
    pub fn get_crd(&self, c: &IntTuple) -> Result<E::Value, Error> {
        let l = self.layout.layout();
        let i = crd2idx_shape(c, l.shape()).map_err(|e| e.within(Op::Eval))?;
        self.get(i)
    }

    /// The tensor over the same engine with the layout `f(L)`, whole: checked against the
    /// extent as [`make_tensor`] (compositions and products; divides may be partial).
    pub fn map_layout(
        self,
        op: Op,
        f: impl FnOnce(&Layout) -> Result<Layout, Error>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.map_view(op, f, false)
    }

    /// The tensor of `f(L)`: partial (reaching past the data) only when `partial` allows.
    fn map_view(
        self,
        op: Op,
        f: impl FnOnce(&Layout) -> Result<Layout, Error>,
        partial: bool,
    ) -> Result<Tensor<E, Layout>, Error> {
        let l = f(&self.layout.layout()).map_err(|e| e.within(op))?;
        let base = self.base();
        Tensor::at(self.engine, base, l, op, partial)
    }

    /// `T(c)` with `_` in `c`: the sub-tensor of the modes where `c` holds `_`, starting at the
    /// element of `c` with every `_` taken as 0 (seed 000 §2.5.1).
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] when an integer of `c` is outside the mode it indexes (an
    /// integer for a tuple mode is a 1-D index into it); the errors of `Layout::slice`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{make_tensor, Counting, IntTuple, Layout};
    /// let t = make_tensor(Counting, "((3,2),((2,3),2)):((4,1),((2,15),100))".parse::<Layout>().unwrap()).unwrap();
    /// let s = t.slice(&"(2,_)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!((s.base(), s.layout().to_string().as_str()), (8, "(((2,3),2)):(((2,15),100))"));
    /// ```
    pub fn slice(self, c: &IntTuple) -> Result<Tensor<E, Layout>, Error> {
        let l = self.layout.layout();
        coord_in_range(c.view(), l.shape().view())
            .map_err(|k| Error::new(Op::Slice, [Some((&l).into()), Some(c.into())], k))?;
        let (offset, sub) = l.slice(c)?;
        let base = add(self.base(), offset)
            .map_err(|k| Error::new(Op::Slice, [Some((&sub).into()), Some(c.into())], k))?;
        Tensor::at(self.engine, base, sub, Op::Slice, true)
    }

    /// `T ∘ B`: the tensor of `composition(L, B)`.
    pub fn compose(self, b: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let b = b.into();
        self.map_layout(Op::Composition, |l| match b {
            Tile::Layout(b) => composition(l, &b),
            Tile::Tiler(t) => crate::composition_tiler(l, &t),
        })
    }

    /// The tensor of `logical_divide(L, T)`, partial where a tile reaches past the data.
    pub fn logical_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::LogicalDivide, |l| logical_divide(l, t), true)
    }

    /// The tensor of `zipped_divide(L, T)`, partial where a tile reaches past the data.
    pub fn zipped_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::ZippedDivide, |l| zipped_divide(l, t), true)
    }

    /// The tensor of `tiled_divide(L, T)`, partial where a tile reaches past the data.
    pub fn tiled_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::TiledDivide, |l| tiled_divide(l, t), true)
    }

    /// The tensor of `flat_divide(L, T)`, partial where a tile reaches past the data.
    pub fn flat_divide(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_view(Op::FlatDivide, |l| flat_divide(l, t), true)
    }

    /// The tensor of `logical_product(L, T)`.
    pub fn logical_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::LogicalProduct, |l| logical_product(l, t))
    }

    /// The tensor of `zipped_product(L, T)`.
    pub fn zipped_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::ZippedProduct, |l| zipped_product(l, t))
    }

    /// The tensor of `tiled_product(L, T)`.
    pub fn tiled_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::TiledProduct, |l| tiled_product(l, t))
    }

    /// The tensor of `flat_product(L, T)`.
    pub fn flat_product(self, t: impl Into<Tile>) -> Result<Tensor<E, Layout>, Error> {
        let t = t.into();
        self.map_layout(Op::FlatProduct, |l| flat_product(l, t))
    }

    /// The tensor of `blocked_product(L, B)`.
    pub fn blocked_product(self, b: &Layout) -> Result<Tensor<E, Layout>, Error> {
        self.map_layout(Op::BlockedProduct, |l| blocked_product(l, b))
    }

    /// The tensor of `raked_product(L, B)`.
    pub fn raked_product(self, b: &Layout) -> Result<Tensor<E, Layout>, Error> {
        self.map_layout(Op::RakedProduct, |l| raked_product(l, b))
    }

    /// `inner_partition(T, tiler, c)`: `zipped_divide(T, tiler)` with the rest mode indexed by
    /// `c` (`_` appended for the rest modes `c` does not name): the tile at `c`, whole.
    pub fn inner_partition(
        self,
        t: impl Into<Tile>,
        c: &IntTuple,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.partition(&t.into(), c, 0)
    }

    /// `outer_partition(T, tiler, c)`: `zipped_divide(T, tiler)` with the tile mode indexed by `c`:
    /// element `c` of every tile.
    pub fn outer_partition(
        self,
        t: impl Into<Tile>,
        c: &IntTuple,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.partition(&t.into(), c, 1)
    }

    /// `zipped_divide(T, tiler)` sliced with `repeat<R>(_)` in mode `keep` and `c` in the other.
    fn partition(self, t: &Tile, c: &IntTuple, keep: usize) -> Result<Tensor<E, Layout>, Error> {
        let z = self.zipped_divide(*t)?;
        let err = |k| Error::new(Op::Slice, [Some(z.layout().into()), Some(c.into())], k);
        let under = IntTuple::under();
        let kept = match rank_of(z.layout(), keep) {
            1 => under,
            r => IntTuple::tuple((0..r).map(|_| under.view())).map_err(err)?,
        };
        let c = pad_with_under(c, rank_of(z.layout(), 1 - keep)).map_err(err)?;
        let modes = if keep == 0 {
            [kept.view(), c.view()]
        } else {
            [c.view(), kept.view()]
        };
        let coord = IntTuple::tuple(modes).map_err(err)?;
        z.slice(&coord)
    }

    /// `local_tile(T, tiler, c)`: the tile of `T` at tile coordinate `c` (CuTe's CTA-level
    /// partition), as [`Tensor::inner_partition`].
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] when an integer of `c` is outside the grid of tiles (of
    /// `ceil_div` tiles: the last ones may be partial); the errors of `zipped_divide`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{make_tensor, Counting, IntTuple, Layout, Tiler};
    /// let t = make_tensor(Counting, "(8,16):(1,8)".parse::<Layout>().unwrap()).unwrap();
    /// let tiler: Tiler = "<4:1,8:1>".parse().unwrap();
    /// let tile = t.local_tile(tiler, &"(1,1)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!((tile.base(), tile.layout().to_string().as_str()), (68, "(4,8):(1,8)"));
    /// ```
    pub fn local_tile(self, t: impl Into<Tile>, c: &IntTuple) -> Result<Tensor<E, Layout>, Error> {
        self.inner_partition(t, c)
            .map_err(|e| e.within(Op::LocalTile))
    }

    /// `local_partition(T, thr, i)`: the elements of thread `i` when the threads, laid out by
    /// `thr`, repeat over `T` (CuTe's thread-level partition): `outer_partition` by the shape of
    /// `thr` mode by mode, at the coordinate of `i` in `thr`.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidParameters`] when `i` is not an offset of `thr` (a thread index out of
    /// range); the errors of `zipped_divide` and of the slice.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{make_tensor, Counting, Layout};
    /// let t = make_tensor(Counting, "(16,64):(1,16)".parse::<Layout>().unwrap()).unwrap();
    /// let thr: Layout = "(2,16):(16,1)".parse().unwrap();
    /// let mine = t.local_partition(&thr, 17).unwrap();
    /// assert_eq!((mine.base(), mine.layout().to_string().as_str()), (17, "(8,4):(2,256)"));
    /// ```
    pub fn local_partition(self, thr: &Layout, i: i64) -> Result<Tensor<E, Layout>, Error> {
        let err = |k| {
            Error::new(
                Op::LocalPartition,
                [Some(thr.into()), Some(Operand::from(i))],
                k,
            )
        };
        let shape = thr.shape();
        // product_each(shape(thr)) as a tiler of `N:1` tiles, and get_flat_coord(i).
        let hier = idx2crd_strided(&IntTuple::int(i), shape, thr.stride())
            .map_err(|e| e.within(Op::LocalPartition))?;
        // A thread index is an offset of `thr`: one that is not would take another thread's
        // coordinate (the division wraps).
        if i < 0 || crd2idx_view(hier.view(), shape.view(), thr.stride().view()) != Ok(i) {
            return Err(err(ErrorKind::InvalidParameters));
        }
        let mut tiles = TilerBuilder::new();
        tiles.open().map_err(err)?;
        let mut flat = [0i64; crate::MAX_LEAVES];
        let n = if shape.is_int() { 1 } else { shape.rank() };
        for (k, flat_k) in flat.iter_mut().enumerate().take(n) {
            let (s, c) = if shape.is_int() {
                (*shape, hier)
            } else {
                (
                    shape.mode(k).ok_or(err(ErrorKind::Capacity))?,
                    hier.mode(k).ok_or(err(ErrorKind::Capacity))?,
                )
            };
            tiles
                .layout(&Layout::int(s.product().map_err(err)?, 1)?)
                .map_err(err)?;
            *flat_k = crd2idx_shape(&c, &s).map_err(|e| e.within(Op::LocalPartition))?;
        }
        tiles.close().map_err(err)?;
        let tiler = tiles.finish().map_err(err)?;
        let coord = IntTuple::flat(&flat[..n]).map_err(err)?;
        self.outer_partition(tiler, &coord)
            .map_err(|e| e.within(Op::LocalPartition))
    }
}

impl<E: EngineMut, L: TensorLayout> Tensor<E, L> {
    /// Writes element `i` without checking `0 <= i < size`.
    ///
    /// # Safety
    /// `0 <= i < size()`, and the tensor is whole or element `i` is [`Tensor::inside`].
    #[inline(always)]
    pub(crate) unsafe fn write_unchecked(&mut self, i: i64, v: E::Value) {
        let k = self.position(i);
        // SAFETY: by the invariant and the caller, `position(i)` is inside the extent.
        unsafe { E::write(self.engine.ptr_mut(), k, v) }
    }

    /// `T(i) = v`.
    ///
    /// # Errors
    /// As [`Tensor::get`].
    #[inline]
    pub fn set(&mut self, i: i64, v: E::Value) -> Result<(), Error> {
        let i = self.index(i, Op::Eval)?;
        if !self.inside(i) {
            return Err(self.outside_error(Op::Eval, Some(i)));
        }
        // SAFETY: `i < size`, and its position is inside the data.
        unsafe { self.write_unchecked(i, v) };
        Ok(())
    }

    /// `T(c) = v`, through the index `crd2idx(c, shape)`.
    pub fn set_crd(&mut self, c: &IntTuple, v: E::Value) -> Result<(), Error> {
        let l = self.layout.layout();
        let i = crd2idx_shape(c, l.shape()).map_err(|e| e.within(Op::Eval))?;
        self.set(i, v)
    }
}

impl<T: Copy, L: TensorLayout> Tensor<&mut [T], L> {
    /// A read-only view of the same elements.
    pub fn view(&self) -> Tensor<&[T], L> {
        Tensor {
            engine: &*self.engine,
            base: self.base,
            layout: self.layout,
            whole: self.whole,
        }
    }
}

/// The error of placing `layout` at `base` of an engine, built out of line.
#[cold]
#[inline(never)]
fn place_error<L: TensorLayout>(op: Op, layout: &L, base: i64, kind: ErrorKind) -> Error {
    Error::new(
        op,
        [Some((&layout.layout()).into()), Some(Operand::from(base))],
        kind,
    )
}

/// Checks each integer of `c` against the size of the mode of `shape` it indexes; a coordinate
/// whose profile does not match is left to `Layout::slice`, which names the mismatch.
fn coord_in_range(c: View<'_>, shape: View<'_>) -> Result<(), ErrorKind> {
    if let Some(index) = c.as_int() {
        let size = shape.product()?;
        if !(0..size).contains(&index) {
            return Err(ErrorKind::IndexOutOfRange { index, size });
        }
    } else if c.is_tuple() && shape.is_tuple() && c.rank() == shape.rank() {
        for (c, s) in c.children().zip(shape.children()) {
            coord_in_range(c, s)?;
        }
    }
    Ok(())
}

/// The rank of mode `k` of `l` (1 for an integer mode).
fn rank_of(l: &Layout, k: usize) -> usize {
    l.mode(k)
        .map_or(1, |m| if m.shape().is_int() { 1 } else { m.rank() })
}

/// `append<R>(c, _)`: `c` as a tuple of `r` modes, `_` for the missing ones; an integer `c` is
/// kept as it is (a 1-D index into the mode).
fn pad_with_under(c: &IntTuple, r: usize) -> Result<IntTuple, ErrorKind> {
    if c.is_int() || c.view().is_under() || c.rank() >= r {
        return Ok(*c);
    }
    let under = IntTuple::under();
    let v = c.view();
    IntTuple::tuple((0..r).map(|k| v.mode(k).unwrap_or(under.view())))
}

/// The coordinate accessor of an identity tensor: leaf `k` of the coordinate at position `p` is
/// field `k` of `p`, bits `[k·W, (k+1)·W)` with `W = 62 / leaves` (see [`make_identity_tensor`]).
///
/// CuTe's identity tensor has the unit-vector strides `e0, e1, …`; here they are the bit fields
/// `2^(kW)` of one `i64`, so every layout operation applies to it unchanged, no two leaves ever
/// coalesce, and a coordinate past its mode (the residue of a tile that does not divide the
/// shape) is still read as itself: the engine admits a view only when no field can carry into
/// the next ([`fields_admit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coordinates {
    shape: IntTuple,
    width: u32,
    fields: usize,
}

impl Coordinates {
    /// The coordinates of `shape`.
    ///
    /// # Preconditions
    /// Every leaf of `shape` is non-negative (0: no coordinates) and at most `2^(W-1)` (`W = 62 / leaves`: `2^30` for
    /// two leaves), so that a tile no larger than a mode keeps its residue inside the field.
    pub fn new(shape: &IntTuple) -> Result<Coordinates, Error> {
        Ok(identity_layout(shape)?.0)
    }

    /// The shape whose coordinates these are.
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The coordinate leaves at position `p`.
    #[inline]
    fn decode(&self, p: i64) -> [i64; crate::MAX_LEAVES] {
        let mask = (1i64 << self.width) - 1;
        let mut c = [0i64; crate::MAX_LEAVES];
        for (k, c) in c.iter_mut().enumerate().take(self.fields) {
            *c = (p >> (k as u32 * self.width)) & mask;
        }
        c
    }
}

/// The bits of one coordinate's field when a position packs `fields` of them (at least one):
/// `62 / fields`, so that a position stays non-negative.
#[must_use]
pub const fn field_width(fields: usize) -> u32 {
    62 / if fields == 0 { 1 } else { fields as u32 }
}

/// Whether a view at `base` with `layout` keeps the packed coordinates of `fields` fields of
/// `width` bits apart: every stride is a multiple `c·2^(kW)` of one field's unit (`c < 2^W`, or
/// 0), and from `base` on, the largest value each field reaches stays below `2^W`; positions
/// are then sums without a carry, so each field is a coordinate.
///
/// # Errors
/// [`ErrorKind::Overflow`]: a coordinate would outgrow its field (a tile larger than the mode's
/// field allows, a negative stride, a position before the tensor).
pub fn fields_admit<L: TensorLayout>(
    base: i64,
    width: u32,
    fields: usize,
    layout: &L,
) -> Result<(), ErrorKind> {
    if base < 0 {
        return Err(ErrorKind::Overflow);
    }
    let mask = (1i64 << width) - 1;
    let mut reach = [0i64; crate::MAX_LEAVES];
    for (k, r) in reach.iter_mut().enumerate().take(fields) {
        *r = (base >> (k as u32 * width)) & mask;
    }
    if fields < crate::MAX_LEAVES && base >> (fields as u32 * width) != 0 {
        return Err(ErrorKind::Overflow);
    }
    let mut ok = true;
    layout.for_each_leaf(|s, d| {
        if s == 1 || d == 0 {
            return;
        }
        if d < 0 {
            ok = false;
            return;
        }
        let k = (63 - d.leading_zeros()) / width;
        let c = d >> (k * width);
        match (reach.get_mut(k as usize), (s - 1).checked_mul(c)) {
            (Some(r), Some(span)) if (k as usize) < fields && c << (k * width) == d => {
                match r.checked_add(span) {
                    Some(v) => *r = v,
                    None => ok = false,
                }
            }
            _ => ok = false,
        }
    });
    if ok && reach.iter().all(|&r| r <= mask) {
        Ok(())
    } else {
        Err(ErrorKind::Overflow)
    }
}

// SAFETY: nothing is dereferenced (the shape is copied into the handle), so every position is
// sound to read; `admits` refuses views whose coordinates would carry between fields.
unsafe impl Engine for Coordinates {
    type Value = IntTuple;
    type Ptr = Coordinates;

    #[inline]
    fn extent(&self) -> Option<usize> {
        None
    }

    #[inline]
    fn ptr(&self) -> Coordinates {
        *self
    }

    #[inline(always)]
    fn admits<L: TensorLayout>(&self, base: i64, layout: &L) -> Result<(), ErrorKind> {
        fields_admit(base, self.width, self.fields, layout)
    }

    #[inline]
    unsafe fn read(p: Coordinates, k: i64) -> IntTuple {
        // The shape's profile with the decoded leaves (as many as it has).
        let c = p.decode(k);
        p.shape.with_leaves(&c[..p.fields]).unwrap_or(p.shape)
    }
}

/// The identity tensor of a shape: element `c` holds the coordinate `c` itself, for predication
/// (seed 000 §2.5, Table 1's coordinate strides `e0, e1, ...`). A tensor like any other: slice
/// it, compose it, divide it, `local_tile` and `local_partition` it as the data it guards.
pub type IdentityTensor = Tensor<Coordinates, Layout>;

/// `make_identity_tensor(shape)`: the [`Coordinates`] of `shape` under `shape` with one field
/// stride per leaf. Its tiles past the shape (residues) hold their own coordinates, which the
/// predicate of [`crate::algorithm::copy_if()`] compares with the shape.
///
/// # Errors
/// [`ErrorKind::NegativeShape`]; [`ErrorKind::Overflow`] for a leaf above `2^(W-1)`
/// (`W = 62 / leaves`).
///
/// # Examples
/// ```
/// use cute_core::{make_identity_tensor, IntTuple, Layout};
/// let id = make_identity_tensor(&"(8,8)".parse::<IntTuple>().unwrap()).unwrap();
/// let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
/// let thr = id.compose(tv).unwrap();
/// assert_eq!(thr.get(33).unwrap().to_string(), "(0,3)"); // thread 1, value 1: offset 24
/// // Thread 1's coordinates, as `local_partition` gives them to the data it guards.
/// let mine = thr.slice(&"(1,_)".parse().unwrap()).unwrap();
/// assert_eq!(mine.get(1).unwrap().to_string(), "(0,3)");
/// ```
pub fn make_identity_tensor(shape: &IntTuple) -> Result<IdentityTensor, Error> {
    let (coords, layout) = identity_layout(shape)?;
    make_tensor(coords, layout)
}

/// The coordinates of `shape` and its identity layout: `shape` with the field strides
/// `2^(kW)` leaf by leaf.
fn identity_layout(shape: &IntTuple) -> Result<(Coordinates, Layout), Error> {
    let fields = shape.leaves().len();
    let width = field_width(fields);
    let err = |kind| Error::new(Op::MakeTensor, [Some(shape.into()), None], kind);
    if shape.view().has_under() {
        return Err(err(ErrorKind::NotCongruent));
    }
    let mut strides = [0i64; crate::MAX_LEAVES];
    for (k, (d, &s)) in strides.iter_mut().zip(shape.leaves()).enumerate() {
        if s < 0 {
            return Err(err(ErrorKind::NegativeShape { value: s }));
        }
        if s > 1 << (width - 1) {
            return Err(err(ErrorKind::Overflow));
        }
        *d = 1 << (k as u32 * width);
    }
    let stride = shape
        .with_leaves(&strides[..fields])
        .ok_or(err(ErrorKind::Capacity))?;
    let layout = Layout::new(*shape, stride).map_err(|e| e.within(Op::MakeTensor))?;
    let coords = Coordinates {
        shape: *shape,
        width,
        fields,
    };
    Ok((coords, layout))
}

impl Tensor<Coordinates, Layout> {
    /// `make_identity_tensor(shape)` (see [`make_identity_tensor`]).
    pub fn new(shape: &IntTuple) -> Result<IdentityTensor, Error> {
        make_identity_tensor(shape)
    }
}
