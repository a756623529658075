//! `make_identity_tensor(shape)` over a static or runtime shape: the tensor whose element at
//! coordinate `c` is `c` itself (Cecka, *CuTe Layout Representation and Algebra*, §2.5, the
//! coordinate strides `e0, e1, …` of Table 1), tiled and partitioned exactly as the data it guards,
//! so that `copy_if` with [`cute_core::algorithm::elem_less`] skips the elements of a residue tile
//! past the data.
//!
//! CuTe's strides `e_k` are unit vectors; here they are bit fields of one `i64`: mode `k` of a
//! coordinate is bits `[k·W, (k+1)·W)` of the position (`W = 62 / rank`), so the layout has the
//! static strides `(1, 2^W, …)`, every algebra operation applies to it unchanged, and reading a
//! coordinate is a shift and a mask. The engine admits a view only when no field can carry into
//! the next, so a coordinate past a tile's data is still read as itself.

use typenum::consts::U35184372088832;
use typenum::consts::{U1, U1048576, U1073741824, U1099511627776, U2147483648, U32768};

use cute_core::tensor::{field_width, fields_admit, Engine, Tensor, TensorLayout};
use cute_core::{make_tensor, Error, ErrorKind, Op, Operand};

use crate::coord::IntoTuple;
use crate::int::Int;
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;

/// The engine of an identity tensor of rank `R`: position `p` holds the coordinate whose mode
/// `k` is field `k` of `p` (CuTe's counting iterator over coordinates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coords<const R: usize>;

impl<const R: usize> Coords<R> {
    /// The bits of a field.
    const W: u32 = field_width(R);
    /// The largest extent a mode may have, `2^(W-1)`: a tile no larger than it then keeps every
    /// coordinate of a residue tile (below `extent + tile`) inside the field.
    pub const MAX_EXTENT: i64 = 1 << (Self::W - 1);

    /// The coordinate at position `p`.
    #[inline(always)]
    #[must_use]
    pub fn decode(p: i64) -> [i64; R] {
        let mask = (1i64 << Self::W) - 1;
        core::array::from_fn(|k| (p >> (k as u32 * Self::W)) & mask)
    }
}

// SAFETY: nothing is dereferenced, so every position is sound to read; `admits` only refuses
// views whose coordinates would carry between fields (a wrong value, not an unsound read).
unsafe impl<const R: usize> Engine for Coords<R> {
    type Value = [i64; R];
    type Ptr = Coords<R>;

    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        None
    }

    #[inline(always)]
    fn ptr(&self) -> Coords<R> {
        *self
    }

    #[inline(always)]
    unsafe fn read(_: Coords<R>, k: i64) -> [i64; R] {
        Self::decode(k)
    }

    /// The fields of `base` plus those of `offset`: no field carries in an admitted view, so the
    /// sum is the coordinate, and a constant offset's fields fold.
    #[inline(always)]
    unsafe fn read_at(_: Coords<R>, base: i64, offset: i64) -> [i64; R] {
        let (b, o) = (Self::decode(base), Self::decode(offset));
        core::array::from_fn(|k| b[k] + o[k])
    }

    /// As `cute_core`'s identity tensor: no field may carry into the next.
    #[inline(always)]
    fn admits<L: TensorLayout>(&self, base: i64, layout: &L) -> Result<(), ErrorKind> {
        fields_admit(base, Self::W, R, layout)
    }
}

/// A flat shape of rank 1 to 4 whose identity tensor has packed coordinates (part of the
/// implementation of [`make_identity_tensor`]).
#[doc(hidden)]
pub trait IdentityShape {
    /// The static strides `(1, 2^W, 2^(2W), …)`.
    type Stride: Default;
    /// The engine, [`Coords`] of the rank.
    type Engine: Engine + Default;
    /// The largest extent of a mode.
    const MAX_EXTENT: i64;
}

/// `IdentityShape` for the tuples of one rank: their leaves, and the strides of their fields.
macro_rules! identity_shape {
    ($r:literal: $($s:ident / $d:ty),+) => {
        impl<$($s: Int),+> IdentityShape for ($($s,)+) {
            type Stride = ($($d,)+);
            type Engine = Coords<$r>;
            const MAX_EXTENT: i64 = Coords::<$r>::MAX_EXTENT;
        }
    };
}
identity_shape!(1: A / U1);
identity_shape!(2: A / U1, B / U2147483648);
identity_shape!(3: A / U1, B / U1048576, C / U1099511627776);
identity_shape!(4: A / U1, B / U32768, C / U1073741824, D / U35184372088832);

/// The identity tensor of a shape `S`.
pub type IdentityTensor<S> =
    Tensor<<S as IdentityShape>::Engine, Layout<S, <S as IdentityShape>::Stride>>;

/// `make_identity_tensor(shape)`: the tensor whose element at coordinate `c` of `shape` (flat,
/// rank 1 to 4, static or runtime extents) is `c`, as `[i64; R]`. Tile and partition it as the
/// data it guards; [`cute_core::algorithm::elem_less`] of an element and the shape is the
/// predicate of `copy_if`.
///
/// # Errors
/// [`ErrorKind::NegativeShape`] for a negative extent;
/// [`ErrorKind::Overflow`] for an extent above [`Coords::MAX_EXTENT`] (`2^30` for rank 2, named
/// in the error, however far above), or a view (a tile, a product) whose coordinates would
/// outgrow their field.
///
/// # Examples
/// ```
/// use cute_core::algorithm::elem_less;
/// use cute_static::{identity::make_identity_tensor, tensor::local_tile, typenum::consts::*, Layout, Tiler};
/// let (m, n) = (20, 12);
/// let id = make_identity_tensor((m, n)).unwrap();
/// let tiler = Tiler::<(Layout<U8, U1>, Layout<U8, U1>)>::new();
/// let tile = local_tile(id, &tiler, (2, 1)).unwrap(); // rows 16..24 of 20, columns 8..16 of 12
/// assert_eq!(tile.get(9).unwrap(), [17, 9]);
/// assert!(!elem_less(&tile.get(4).unwrap(), &[m, n])); // row 20 is past the data
/// ```
pub fn make_identity_tensor<S>(shape: S) -> Result<IdentityTensor<<S as IntoTuple>::Output>, Error>
where
    S: IntoTuple,
    S::Output: IdentityShape + ShapeTuple + Congruent<<S::Output as IdentityShape>::Stride>,
    <S::Output as IdentityShape>::Stride: IntTupleType,
    Layout<S::Output, <S::Output as IdentityShape>::Stride>: TensorLayout,
{
    let shape = shape.into_tuple().map_err(|e| e.within(Op::MakeTensor))?;
    let stride = <S::Output as IdentityShape>::Stride::default();
    let layout = Layout::from_parts(shape, stride);
    let (extents, _) = layout.leaves();
    if let Some(&value) = extents.as_ref().iter().find(|&&e| e < 0) {
        let kind = ErrorKind::NegativeShape { value };
        return Err(layout.make_error(kind).within(Op::MakeTensor));
    }
    // Extents within their fields keep every offset of the layout within `i64` (the fields
    // fit a word), so the layout invariant needs no check of its own.
    if extents
        .as_ref()
        .iter()
        .any(|&e| e > <S::Output as IdentityShape>::MAX_EXTENT)
    {
        return Err(Error::new(
            Op::MakeTensor,
            [
                Operand::kept(|| Operand::of(&layout)),
                Some(Operand::from(<S::Output as IdentityShape>::MAX_EXTENT)),
            ],
            ErrorKind::Overflow,
        ));
    }
    debug_assert!(layout.check().is_ok(), "extents within their fields");
    make_tensor(<S::Output as IdentityShape>::Engine::default(), layout)
}
