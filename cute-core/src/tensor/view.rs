//! The tensor: an engine seen through a layout from a base, checked once when it is made, and
//! its element access.

use super::engine::{Engine, EngineMut};
use super::layout::TensorLayout;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::IntTuple;
use crate::stride::crd2idx_shape;

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
    pub(super) base: i64,
    /// Whether the tensor is whole: a word, not a `bool`, so that a tensor has no padding (moved
    /// out of a `Result` in a hot loop, the padding bytes were copied as a 7-byte piece whose
    /// reload missed store forwarding: measured, about 20 cycles per tile).
    pub(super) whole: Whole,
    pub(super) layout: L,
    pub(super) engine: E,
}

/// [`ErrorKind::OutOfBounds`] of the tensor at `base` with layout `l` over `len` elements, for
/// element `i` or (`None`) for the whole tensor.
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn outside_error<L: TensorLayout>(op: Op, l: L, base: i64, len: usize, i: Option<i64>) -> Error {
    let (lo, hi) = if let Some(i) = i {
        let at = base + l.offset_of(i);
        (at, at)
    } else {
        let (lo, hi) = l.image().unwrap_or((0, 0));
        (base + lo, base + hi)
    };
    Error::new(
        op,
        [
            Operand::kept(|| (&l.layout()).into()),
            Operand::kept(|| i.map_or_else(|| Operand::from(base), Operand::from)),
        ],
        ErrorKind::OutOfBounds { lo, hi, len },
    )
}

/// [`ErrorKind::IndexOutOfRange`] of index `i` of a tensor with layout `l`.
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn index_error<L: TensorLayout>(op: Op, l: L, i: i64) -> Error {
    Error::new(
        op,
        [
            Operand::kept(|| (&l.layout()).into()),
            Operand::kept(|| Operand::from(i)),
        ],
        ErrorKind::IndexOutOfRange {
            index: i,
            size: l.size(),
        },
    )
}

/// [`Tensor`]'s whole flag, a full word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub(super) enum Whole {
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

impl<E: Engine, L: TensorLayout> Tensor<E, L> {
    /// The tensor at `base` over `engine`, checked against the engine's extent: whole when every
    /// position is inside it, else partial when `partial` allows (a view), an error otherwise.
    #[inline(always)]
    pub(super) fn at(
        engine: E,
        base: i64,
        layout: L,
        op: Op,
        partial: bool,
    ) -> Result<Self, Error> {
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
            None => Err(place_error(op, &layout, offset, ErrorKind::Overflow)),
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
        let i = crd2idx_shape(c, &l.shape().to_tuple()).map_err(|e| e.within(Op::Eval))?;
        self.get(i)
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
        let i = crd2idx_shape(c, &l.shape().to_tuple()).map_err(|e| e.within(Op::Eval))?;
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
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn place_error<L: TensorLayout>(op: Op, layout: &L, base: i64, kind: ErrorKind) -> Error {
    Error::new(
        op,
        [
            Operand::kept(|| layout.operand()),
            Operand::kept(|| Operand::from(base)),
        ],
        kind,
    )
}
