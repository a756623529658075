//! `Swizzle<B,M,S>`, the composed layout `swizzle ∘ offset ∘ layout` (Bhaskaracharya, Acharya,
//! Hagedorn, Grover, *Modeling Layout Abstractions Using Integer Set Relations*), and the swizzled
//! engine that lets such a layout back a tensor.

use core::fmt;

use crate::algebra::composition::composition;
use crate::algebra::divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
use crate::algebra::product::{blocked_product, logical_product, raked_product, zipped_product};
use crate::arith::add;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tensor::{make_tensor_at, Engine, EngineMut, Tensor, TensorLayout};
use crate::tiler::Tile;

/// The bit permutation `Sw(x) = x ^ ((x & Y) >> S)`, where `Y` is the mask of `B` bits starting at
/// bit `M + max(0, S)`; a negative `S` shifts left. It XORs the `B` "YYY" bits into the "ZZZ" bits
/// `|S|` positions away, which permutes offsets within every aligned block of `2^(B+M+|S|)`.
///
/// # Examples
/// ```
/// use cute_core::Swizzle;
/// let sw = Swizzle::new(1, 0, 1).unwrap();
/// assert_eq!((0..4).map(|x| sw.apply(x)).collect::<Vec<_>>(), [0, 1, 3, 2]);
/// assert_eq!(Swizzle::new(2, 0, 1).unwrap_err().code(), "swizzle_shift_lt_bits");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl Swizzle {
    /// `Swizzle<B,M,S>`.
    ///
    /// # Preconditions
    /// `B >= 0`, `M >= 0`, `|S| >= B`, and `B + M + |S| <= 62`.
    #[inline]
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle, Error> {
        let err = |kind| swizzle_error(bits, shift, kind);
        let in_range = |v: i64| (0..=62).contains(&v);
        let shift_abs = shift.checked_abs().filter(|s| in_range(*s));
        let fits = in_range(bits)
            && in_range(base)
            && shift_abs.is_some_and(|s| in_range(bits + base + s));
        if !fits {
            return Err(err(ErrorKind::SwizzleRange));
        }
        if shift.abs() < bits {
            return Err(err(ErrorKind::SwizzleShiftLtBits { bits, shift }));
        }
        Ok(Swizzle {
            bits: bits as u32,
            base: base as u32,
            shift: shift as i32,
        })
    }

    /// `Sw<0,0,0>`, the identity (CuTe's swizzle of a plain layout).
    #[must_use]
    pub const fn identity() -> Swizzle {
        Swizzle {
            bits: 0,
            base: 0,
            shift: 0,
        }
    }

    /// `B`, `M`, `S`.
    #[must_use]
    pub fn params(&self) -> (u32, u32, i32) {
        (self.bits, self.base, self.shift)
    }

    /// The size of the block the swizzle permutes: `2^(B + M + |S|)`.
    #[must_use]
    pub fn period(&self) -> i64 {
        1i64 << (self.bits + self.base + self.shift.unsigned_abs())
    }

    /// The "YYY" bits it reads and the "ZZZ" bits it flips (CuTe's `yyy_msk`, `zzz_msk`).
    #[inline]
    #[must_use]
    pub fn masks(&self) -> (i64, i64) {
        let ones = (1i64 << self.bits) - 1;
        (
            ones << (self.base + self.shift.max(0) as u32),
            ones << (self.base as i32 - self.shift.min(0)) as u32,
        )
    }

    /// `Sw(x)`.
    #[inline]
    #[must_use]
    pub fn apply(&self, x: i64) -> i64 {
        // Both shifts, one of them 0, rather than a choice between two results: the amounts are
        // the same for every `x`, so a loop over offsets computes them once and its body is an
        // and, two shifts and a xor (the choice was a `cmov` per element).
        let (right, left) = (self.shift.max(0) as u32, (-self.shift).max(0) as u32);
        x ^ (((x & self.masks().0) >> right) << left)
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

/// `Sw ∘ offset ∘ L`: a swizzle applied after a layout and an offset, as CuTe's `ComposedLayout`.
///
/// # Examples
/// ```
/// use cute_core::{ComposedLayout, Layout, Swizzle};
/// let l: Layout = "(8,8):(8,1)".parse().unwrap();
/// let c = ComposedLayout::new(Swizzle::new(2, 0, 3).unwrap(), 0, l);
/// assert_eq!(c.to_string(), "Sw<2,0,3>o0o(8,8):(8,1)");
/// assert_eq!(c.eval(1).unwrap(), 9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    swizzle: Swizzle,
    offset: i64,
    layout: Layout,
}

impl ComposedLayout {
    /// `Sw ∘ offset ∘ layout`.
    #[must_use]
    pub fn new(swizzle: Swizzle, offset: i64, layout: Layout) -> Self {
        ComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }

    /// The inner layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The swizzle.
    #[must_use]
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }

    /// The offset between swizzle and layout.
    #[must_use]
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// `size` of the inner layout.
    #[must_use]
    pub fn size(&self) -> i64 {
        self.layout.size()
    }

    /// `Sw(offset + L(i))`.
    pub fn eval(&self, i: i64) -> Result<i64, Error> {
        let o = add(self.offset, self.layout.eval(i)?).map_err(|k| {
            Error::new(
                Op::Eval,
                [Some(Operand::from(&self.layout)), Some(Operand::from(i))],
                k,
            )
        })?;
        Ok(self.swizzle.apply(o))
    }

    /// `(Sw ∘ offset ∘ L) ∘ B = Sw ∘ offset ∘ (L ∘ B)`: composition on the right.
    pub fn compose(&self, b: &Layout) -> Result<ComposedLayout, Error> {
        Ok(ComposedLayout {
            layout: composition(&self.layout, b)?,
            ..*self
        })
    }
}

/// The algebra on a swizzled layout, as CuTe's `ComposedLayout` does it: the swizzle stays
/// outermost, the operation acts on the inner layout, and a slice moves its offset inside the
/// swizzle. Each result `R` satisfies `R(i) == Sw(o' + op(L)(i))` by construction, so what holds of
/// `op(L)` holds of `R` after the same swizzle.
impl ComposedLayout {
    /// The same swizzle and offset over `f(L)`.
    fn inner(&self, f: impl FnOnce(&Layout) -> Result<Layout, Error>) -> Result<Self, Error> {
        Ok(ComposedLayout {
            layout: f(&self.layout)?,
            ..*self
        })
    }

    /// `slice(c, Sw ∘ o ∘ L) = Sw ∘ (o + L(c with _ as 0)) ∘ slice(c, L)`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{ComposedLayout, IntTuple, Layout, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 0, 3).unwrap(), 0, "(8,8):(8,1)".parse().unwrap());
    /// let row = c.slice(&"(2,_)".parse::<IntTuple>().unwrap()).unwrap();
    /// assert_eq!(row.to_string(), "Sw<3,0,3>o16o(8):(1)");
    /// assert_eq!(row.eval(1).unwrap(), c.eval(2 + 8).unwrap());
    /// ```
    ///
    /// # Errors
    /// Those of [`Layout::slice`]; [`ErrorKind::Overflow`] when the offset passes `i64`.
    pub fn slice(&self, c: &IntTuple) -> Result<Self, Error> {
        let (layout, offset) = self.layout.slice_and_offset(c)?;
        let offset = add(self.offset, offset)
            .map_err(|k| Error::new(Op::Slice, [Some((&self.layout).into()), Some(c.into())], k))?;
        Ok(ComposedLayout {
            offset,
            layout,
            ..*self
        })
    }

    /// `logical_divide` of the inner layout.
    pub fn logical_divide(&self, t: impl Into<Tile>) -> Result<Self, Error> {
        self.inner(|l| logical_divide(l, t))
    }

    /// `zipped_divide` of the inner layout.
    pub fn zipped_divide(&self, t: impl Into<Tile>) -> Result<Self, Error> {
        self.inner(|l| zipped_divide(l, t))
    }

    /// `tiled_divide` of the inner layout.
    pub fn tiled_divide(&self, t: impl Into<Tile>) -> Result<Self, Error> {
        self.inner(|l| tiled_divide(l, t))
    }

    /// `flat_divide` of the inner layout.
    pub fn flat_divide(&self, t: impl Into<Tile>) -> Result<Self, Error> {
        self.inner(|l| flat_divide(l, t))
    }

    /// `logical_product` of the inner layout.
    pub fn logical_product(&self, t: impl Into<Tile>) -> Result<Self, Error> {
        self.inner(|l| logical_product(l, t))
    }

    /// `zipped_product` of the inner layout.
    pub fn zipped_product(&self, t: impl Into<Tile>) -> Result<Self, Error> {
        self.inner(|l| zipped_product(l, t))
    }

    /// `blocked_product` of the inner layout.
    pub fn blocked_product(&self, b: &Layout) -> Result<Self, Error> {
        self.inner(|l| blocked_product(l, b))
    }

    /// `raked_product` of the inner layout.
    pub fn raked_product(&self, b: &Layout) -> Result<Self, Error> {
        self.inner(|l| raked_product(l, b))
    }
}

impl From<&ComposedLayout> for Operand {
    fn from(c: &ComposedLayout) -> Self {
        Operand::of(c)
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}o{}o{}", self.swizzle, self.offset, self.layout)
    }
}

/// An engine read through a swizzle: position `k` is position `Sw(k)` of `E` (CuTe's swizzle
/// pointer). A tensor over it with layout `L` at base `o` is the swizzled layout
/// `Sw ∘ o ∘ L` backing data: slices, divides, products, `local_tile` and `local_partition` act
/// on `L` and `o` as for any tensor, and the swizzle stays outermost, applied to each position
/// last, as CuTe does with a `ComposedLayout`. The same holds for the static and mixed layouts
/// of `cute-static`, whose tensors take any engine.
///
/// The swizzle moves a position only within its aligned block of [`Swizzle::period`]
/// positions, so the positions are those of the whole blocks of `E` (`extent` rounded down to a
/// multiple of the period; all of it for `Sw<0,M,S>`, which moves nothing): a tensor checks its
/// layout against that once, as for plain data.
///
/// # Examples
/// ```
/// use cute_core::{make_tensor, Counting, IntTuple, Layout, Swizzle, Swizzled, Tiler};
/// // Sw<3,3,3> o (8,64):(64,1): a row-major 8x64 tile, swizzled in 8-element chunks.
/// let sw = Swizzle::new(3, 3, 3).unwrap();
/// let l: Layout = "(8,64):(64,1)".parse().unwrap();
/// let t = make_tensor(Swizzled::new(sw, Counting), l).unwrap();
/// // Row 1, column 0 is offset 64, read at 64 XOR (1 << 3).
/// assert_eq!(t.get(1).unwrap(), 72);
/// // Its tiles keep the swizzle outermost: tile (1, 0) of 4x8 tiles starts at row 4.
/// let tiler: Tiler = "<4:1,8:1>".parse().unwrap();
/// let tile = t.local_tile(tiler, &"(1,0)".parse::<IntTuple>().unwrap()).unwrap();
/// assert_eq!(tile.get(0).unwrap(), sw.apply(256));
/// // Its element 1 is row 5, column 0; element 4 is row 4, column 1.
/// assert_eq!(tile.get(1).unwrap(), sw.apply(5 * 64));
/// assert_eq!(tile.get(4).unwrap(), sw.apply(4 * 64 + 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swizzled<E> {
    swizzle: Swizzle,
    engine: E,
}

impl<E: Engine> Swizzled<E> {
    /// `engine` read through `swizzle`.
    #[must_use]
    pub fn new(swizzle: Swizzle, engine: E) -> Self {
        Swizzled { swizzle, engine }
    }

    /// The swizzle.
    #[must_use]
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }

    /// The engine underneath.
    #[must_use]
    pub fn engine(&self) -> &E {
        &self.engine
    }
}

/// The error of `Swizzle::new(bits, _, shift)`: out of line on a host, inline on a GPU (where a
/// call costs the kernel a stack frame; the checks of a constant swizzle fold away there).
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn swizzle_error(bits: i64, shift: i64, kind: ErrorKind) -> Error {
    Error::new(
        Op::Swizzle,
        [
            Operand::kept(|| Operand::from(bits)),
            Operand::kept(|| Operand::from(shift)),
        ],
        kind,
    )
}

/// `extent` rounded down to whole periods of `sw`: a mask, the period being a power of two (no
/// division in a GPU kernel's view of its shared tile).
#[inline(always)]
fn whole_periods(extent: Option<usize>, sw: Swizzle) -> Option<usize> {
    // `Sw<0,M,S>` moves nothing: every position is its own block.
    if sw.params().0 == 0 {
        return extent;
    }
    // The period is a power of two of at most 2^62; a `usize` extent below it has no whole
    // period (all its bits are below the period's).
    match usize::try_from(sw.period()) {
        Ok(p) => extent.map(|n| n & !(p - 1)),
        Err(_) => extent.map(|_| 0),
    }
}

// SAFETY: a swizzle keeps every position in its aligned block of `period` positions (it XORs
// bits below `B + M + |S|` with other bits below it), so a position below the extent rounded
// down to whole periods reads a position of `E` below `E`'s extent; implicit engines have every
// position.
unsafe impl<E: Engine> Engine for Swizzled<E> {
    type Value = E::Value;
    type Ptr = (E::Ptr, Swizzle);

    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        whole_periods(self.engine.extent(), self.swizzle)
    }

    #[inline(always)]
    fn ptr(&self) -> Self::Ptr {
        (self.engine.ptr(), self.swizzle)
    }

    #[inline(always)]
    unsafe fn read(p: Self::Ptr, k: i64) -> E::Value {
        // SAFETY: `0 <= k < extent`, so `0 <= Sw(k) <` the engine's extent (above).
        unsafe { E::read(p.0, p.1.apply(k)) }
    }

    /// The engine's own condition, on the positions before the swizzle (over an identity
    /// tensor the swizzled positions may decode to coordinates outside its shape: a swizzle is
    /// meant for memory and counting engines).
    #[inline(always)]
    fn admits<L: TensorLayout>(
        &self,
        base: i64,
        layout: &L,
    ) -> Result<(), crate::error::ErrorKind> {
        self.engine.admits(base, layout)
    }
}

// SAFETY: as for `Engine`.
unsafe impl<E: EngineMut> EngineMut for Swizzled<E> {
    type PtrMut = (E::PtrMut, Swizzle);

    #[inline(always)]
    fn ptr_mut(&mut self) -> Self::PtrMut {
        (self.engine.ptr_mut(), self.swizzle)
    }

    #[inline(always)]
    unsafe fn write(p: Self::PtrMut, k: i64, v: E::Value) {
        // SAFETY: as `read`.
        unsafe { E::write(p.0, p.1.apply(k), v) }
    }

    #[inline(always)]
    unsafe fn read_mut(p: Self::PtrMut, k: i64) -> E::Value {
        // SAFETY: as `read`.
        unsafe { E::read_mut(p.0, p.1.apply(k)) }
    }
}

// SAFETY: position `k` is position `Sw(k)` of the engine, inside its extent as `read` argues.
unsafe impl<E: crate::tensor_access::Elements> crate::tensor_access::Elements for Swizzled<E> {
    #[inline(always)]
    unsafe fn element(p: Self::Ptr, k: i64) -> *const E::Value {
        // SAFETY: as `read`.
        unsafe { E::element(p.0, p.1.apply(k)) }
    }
}

// SAFETY: as `Elements`, through the mutable handle.
unsafe impl<E: crate::tensor_access::ElementsMut> crate::tensor_access::ElementsMut
    for Swizzled<E>
{
    #[inline(always)]
    unsafe fn element_mut(p: Self::PtrMut, k: i64) -> *mut E::Value {
        // SAFETY: as `write`.
        unsafe { E::element_mut(p.0, p.1.apply(k)) }
    }
}

// SAFETY: the same swizzle over the engine's own view: the same positions and extent.
unsafe impl<E: crate::tensor_access::Reborrow> crate::tensor_access::Reborrow for Swizzled<E> {
    type ViewMut<'a>
        = Swizzled<E::ViewMut<'a>>
    where
        Self: 'a;

    #[inline(always)]
    fn reborrow(&mut self) -> Self::ViewMut<'_> {
        Swizzled {
            engine: self.engine.reborrow(),
            swizzle: self.swizzle,
        }
    }
}

impl ComposedLayout {
    /// The tensor of this swizzled layout over `engine` (CuTe's `make_tensor` of a pointer and a
    /// `ComposedLayout`): element `i` is position `Sw(offset + L(i))` of `engine`, a tensor
    /// whose base is the offset and whose engine is [`Swizzled`], so every view keeps the
    /// swizzle outermost.
    ///
    /// # Errors
    /// As [`make_tensor_at`] for `L` at the offset, against the engine's whole periods.
    pub fn tensor<E: Engine>(&self, engine: E) -> Result<Tensor<Swizzled<E>, Layout>, Error> {
        make_tensor_at(
            Swizzled::new(self.swizzle, engine),
            self.offset,
            self.layout,
        )
    }
}
