//! CuTe's `make_ordered_layout` and `tile_to_shape` on static shapes, as type operators that
//! equal `cute_core::make_ordered_layout` and `cute_core::tile_to_shape`.
//!
//! The static versions take an order congruent to the shape (one order per leaf; a coarser order
//! is the dynamic function's) and a target shape that is a tuple; `tile_to_shape` tiles in
//! column-major order.

use core::ops::{Add, BitAnd, Div, Not, Rem};

use typenum::{Add1, IsEqual, Quot, B0, B1, U0, U1};

use super::blocked_product::StaticBlockedProduct;
use super::complement::Size;
use crate::fragment::{CompactLeft, Key, Keyed, LaterStrides, Refill};
use crate::int::IsUnit;
use crate::int_tuple::Congruent;
use crate::layout::Layout;
use crate::list::{IsOne, LayoutModes, Leaves, ListTuple, TCons, TNil, TupleList};

/// `make_ordered_layout(S, O)` as a type: the compact layout of the static shape `S` whose
/// leaves are strided in increasing order `O` (a tuple congruent to `S`), the same as
/// `cute_core::make_ordered_layout` (a leaf of size 1 has stride 0).
///
/// Two leaves of more than one element with the same order do not compile (CuTe C++ gives them
/// the same stride, a layout that is not compact), nor does an order of another profile (it is
/// checked as a stride would be: "not congruent").
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, MakeOrderedLayoutOf, StaticLayout};
/// type L = MakeOrderedLayoutOf<(U2, U2, U2, U2), (U0, U2, U3, U1)>;
/// assert_eq!(L::LAYOUT.to_string(), "(2,2,2,2):(1,4,8,2)");
/// ```
pub type MakeOrderedLayoutOf<S, O> = <S as MakeOrderedLayout<O>>::Output;

/// The bound of [`MakeOrderedLayoutOf`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "make_ordered_layout: the order `{O}` does not fit the static shape `{Self}`",
    label = "the static make_ordered_layout takes one order per leaf of the shape",
    note = "the order must be congruent to the shape; a coarser order is cute_core::make_ordered_layout's"
)]
pub trait MakeOrderedLayout<O> {
    /// The layout.
    type Output;
}

impl<S, O> MakeOrderedLayout<O> for S
where
    S: Congruent<O> + Leaves + Refill<Strides<S, O>>,
    O: Leaves,
    <S as Leaves>::Output: KeyedBy<<O as Leaves>::Output, U0>,
    KeyedOf<S, O>: NoTie + LaterStrides<U1, KeyedOf<S, O>>,
{
    type Output = Layout<S, <S as Refill<Strides<S, O>>>::Output>;
}

/// The shape's leaves keyed by their order and position.
type KeyedOf<S, O> = <<S as Leaves>::Output as KeyedBy<<O as Leaves>::Output, U0>>::Output;

/// The strides of the leaves: the product of the leaves keyed before each.
type Strides<S, O> = <KeyedOf<S, O> as LaterStrides<U1, KeyedOf<S, O>>>::Output;

/// The leaves of a shape zipped with the leaves of an order, each keyed by its order and then
/// its position `P`, so that ties between leaves of size 1 order by position.
#[doc(hidden)]
pub trait KeyedBy<O, P> {
    /// The keyed leaves.
    type Output;
}
impl<P> KeyedBy<TNil, P> for TNil {
    type Output = TNil;
}
impl<S, T, O, OT, P> KeyedBy<TCons<O, OT>, P> for TCons<S, T>
where
    P: Add<B1>,
    T: KeyedBy<OT, Add1<P>>,
{
    type Output = TCons<Keyed<S, Key<U0, O, P>>, <T as KeyedBy<OT, Add1<P>>>::Output>;
}

/// No two keyed leaves of more than one element share an order.
#[doc(hidden)]
pub trait NoTie {}
impl NoTie for TNil {}
impl<S, K, T> NoTie for TCons<Keyed<S, K>, T> where T: NoTie + Untied<S, K> {}

/// No leaf of `Self` ties with the leaf `S` of key `K`.
#[doc(hidden)]
pub trait Untied<S, K> {}
impl<S, K> Untied<S, K> for TNil {}
impl<S, R, O, P, S2, R2, O2, P2, T> Untied<S, Key<R, O, P>> for TCons<Keyed<S2, Key<R2, O2, P2>>, T>
where
    S: IsUnit,
    S2: IsUnit,
    O: IsEqual<O2>,
    IsOne<S>: Not,
    IsOne<S2>: Not,
    <IsOne<S2> as Not>::Output: BitAnd<<O as IsEqual<O2>>::Output>,
    <IsOne<S> as Not>::Output:
        BitAnd<<<IsOne<S2> as Not>::Output as BitAnd<<O as IsEqual<O2>>::Output>>::Output>,
    Tie<S, O, S2, O2>: OrderDistinct,
    T: Untied<S, Key<R, O, P>>,
{
}

/// `B1` when the leaves `S` and `S2`, both of more than one element, share the order.
type Tie<S, O, S2, O2> = <<IsOne<S> as Not>::Output as BitAnd<
    <<IsOne<S2> as Not>::Output as BitAnd<<O as IsEqual<O2>>::Output>>::Output,
>>::Output;

/// Two leaves that share an order (`B1`) do not compile.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "make_ordered_layout: two leaves of more than one element share an order",
    label = "give each leaf an order of its own",
    note = "CuTe C++ gives both the same stride, a layout that is not compact; cute_core refuses it with order_tie"
)]
pub trait OrderDistinct {}
impl OrderDistinct for B0 {}

/// `tile_to_shape(Block, S)` as a type: `Block` repeated to fill the static tuple shape `S`
/// mode by mode, the blocks in column-major order —
/// `blocked_product(Block, make_layout(S / Block))` — the same as `cute_core::tile_to_shape`
/// without an order.
///
/// Each mode of the block must divide the same mode of `S` (as CuTe C++ static-asserts for a
/// static shape; for a dynamic one it rounds the count up, a layout larger than the shape), and
/// the block has at most the rank of `S`; otherwise it does not compile.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticLayout, TileToShapeOf};
/// type Block = Layout<(U8, U64), (U64, U1)>;
/// type L = TileToShapeOf<Block, (U128, U64)>;
/// assert_eq!(L::LAYOUT.to_string(), "((8,16),(64,1)):((64,512),(1,0))");
/// ```
pub type TileToShapeOf<B, S> = <B as TileToShape<S>>::Output;

/// The bound of [`TileToShapeOf`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: the block `{Self}` does not tile the static shape `{S}`",
    label = "each mode of the block must divide the same mode of the shape",
    note = "the static tile_to_shape takes a tuple shape of at least the block's rank"
)]
pub trait TileToShape<S> {
    /// The layout.
    type Output;
}

impl<B, S> TileToShape<S> for B
where
    B: LayoutModes,
    S: TupleList,
    <S as TupleList>::Output: Counts<<B as LayoutModes>::Output>,
    CountsOf<B, S>: CompactLeft<U1> + ListTuple,
    <CountsOf<B, S> as CompactLeft<U1>>::Output: ListTuple,
    B: StaticBlockedProduct<Grid<B, S>>,
{
    type Output = <B as StaticBlockedProduct<Grid<B, S>>>::Output;
}

/// The number of blocks along each mode.
type CountsOf<B, S> = <<S as TupleList>::Output as Counts<<B as LayoutModes>::Output>>::Output;

/// The blocks' grid: the counts, column-major.
type Grid<B, S> = Layout<
    <CountsOf<B, S> as ListTuple>::Output,
    <<CountsOf<B, S> as CompactLeft<U1>>::Output as ListTuple>::Output,
>;

/// The size of each mode of a shape over the size of the block's same mode (1 past the block's
/// rank), exactly.
#[doc(hidden)]
pub trait Counts<BlockModes> {
    /// The counts.
    type Output;
}
impl Counts<TNil> for TNil {
    type Output = TNil;
}
impl<M, T> Counts<TNil> for TCons<M, T>
where
    M: Size,
    T: Counts<TNil>,
{
    type Output = TCons<<M as Size>::Output, <T as Counts<TNil>>::Output>;
}
impl<M, T, BS, BD, BT> Counts<TCons<Layout<BS, BD>, BT>> for TCons<M, T>
where
    M: Size,
    BS: Size,
    <M as Size>::Output: Rem<<BS as Size>::Output> + Div<<BS as Size>::Output>,
    <<M as Size>::Output as Rem<<BS as Size>::Output>>::Output: IsEqual<U0>,
    <<<M as Size>::Output as Rem<<BS as Size>::Output>>::Output as IsEqual<U0>>::Output:
        BlockDivides,
    T: Counts<BT>,
{
    type Output = TCons<Quot<<M as Size>::Output, <BS as Size>::Output>, <T as Counts<BT>>::Output>;
}

/// A block mode that divides the target's mode (`B1`).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: a mode of the block does not divide the same mode of the shape",
    label = "the block must tile each mode exactly",
    note = "CuTe C++ static-asserts it for a static shape (and rounds the count up for a dynamic one, a layout larger than the shape); cute_core refuses it with block_divisibility"
)]
pub trait BlockDivides {}
impl BlockDivides for B1 {}

/// `make_ordered_layout(shape, order)` on static values: the layout of
/// [`MakeOrderedLayoutOf`], zero-sized. Only the orders' relative order matters, so they may be
/// written with `shape!` from 1.
///
/// ```
/// use cute_static::{make_ordered_layout, shape};
/// let l = make_ordered_layout(shape!((2,3,4)), shape!((3,1,2)));
/// assert_eq!(l.to_string(), "(2,3,4):(12,1,3)");
/// ```
#[inline(always)]
#[must_use]
pub fn make_ordered_layout<S, O>(_shape: S, _order: O) -> MakeOrderedLayoutOf<S, O>
where
    S: MakeOrderedLayout<O>,
    MakeOrderedLayoutOf<S, O>: Default,
{
    Default::default()
}

/// `tile_to_shape(block, shape)` on static values: the layout of [`TileToShapeOf`],
/// zero-sized.
///
/// ```
/// use cute_static::{layout, shape, tile_to_shape};
/// let l = tile_to_shape(&layout!((2,2):(1,2)), shape!((4,6)));
/// assert_eq!(l.to_string(), "((2,2),(2,3)):((1,4),(2,8))");
/// ```
#[inline(always)]
#[must_use]
pub fn tile_to_shape<B, S>(_block: &B, _shape: S) -> TileToShapeOf<B, S>
where
    B: TileToShape<S>,
    TileToShapeOf<B, S>: Default,
{
    Default::default()
}
