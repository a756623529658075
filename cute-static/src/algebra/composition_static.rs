//! The composition of static layouts at compile time: `B` walked mode by mode over
//! `coalesce_x(A)`, each condition a trait bound named after it (part of the implementation of
//! [`StaticComposition`](super::composition::StaticComposition)).

use core::marker::PhantomData;
use core::ops::{BitAnd, BitOr, Not};

use typenum::{Bit, Or, UTerm, B0, B1, U0, U1};

use super::coalesce::{FlatModes, Merge};
use crate::int::arith::{
    AddCarry, Ceil, Dec, DivRem, IsZero, Less, Product, QuotRem, SubBorrow, Times,
};
use crate::int::{Int, IsUnit};
use crate::layout::Layout;
use crate::list::{IsNil, Mode, TCons, TNil};

/// `coalesce_x(A)` as a list of modes.
pub(crate) type ModesX<S, D> = <FlatModes<S, D> as Merge<B1>>::Output;

/// The layout of a walked `B` whose digits fit in the modes of `coalesce_x(A)` (part of the
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Distributes<FA> {
    /// The composed layout.
    type Output;
}
impl<FA, S, D, G> Distributes<FA> for Over<S, D, G>
where
    FA: DigitsFit<G>,
    <FA as DigitsFit<G>>::Output: ModesDistribute,
{
    type Output = Layout<S, D>;
}

/// Stride divisibility (Cecka, *CuTe Layout Representation and Algebra*, Eq. 20), `B1` when it
/// holds.
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility violated: a stride of B skips a mode of coalesce(A) without being a multiple of it",
    label = "this composition is not admissible",
    note = "Cecka, CuTe Layout Representation and Algebra, Eq. 20: each prefix product of coalesce(A) and the stride must divide one another"
)]
pub trait StrideDivisibility {}
impl StrideDivisibility for B1 {}

/// Shape divisibility (Cecka Eq. 21), `B1` when it holds.
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility violated: a mode of coalesce(A) holds a number of B's elements that does not divide those left",
    label = "this composition is not admissible",
    note = "Cecka, CuTe Layout Representation and Algebra, Eq. 21: ⌈S̄_r / d⌉ must divide the size of each mode of B"
)]
pub trait ShapeDivisibility {}
impl ShapeDivisibility for B1 {}

/// `B1` when a stride that does not divide a mode keeps all its elements inside it.
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility violated: a stride of B does not divide a mode of coalesce(A), and the elements overrun it",
    label = "this composition is not admissible (CuTe C++ returns a wrong layout here)",
    note = "Cecka, CuTe Layout Representation and Algebra, Eq. 20; e.g. (4,6,8):(2,3,5) ∘ 6:3"
)]
pub trait StrideFitsMode {}
impl StrideFitsMode for B1 {}

/// `B1` when the modes of `B` provably never carry into each other.
#[diagnostic::on_unimplemented(
    message = "composition: the modes of B may carry into each other in coalesce(A), so A ∘ B is not provably A(B(i)) at compile time",
    label = "this composition is not admissible statically",
    note = "Cecka, CuTe Layout Representation and Algebra, Eq. 23; the dynamic `cute::composition` checks such inputs pointwise, e.g. (6,2):(1,7) ∘ (3,2):(2,3) is wrong in CuTe C++"
)]
#[doc(hidden)]
pub trait ModesDistribute {}
impl ModesDistribute for B1 {}

/// `B`'s shape node walked over `coalesce_x(A)` with the matching stride node `D`; `Strict = B1`
/// requires every step to be exact, `B0` only CuTe's own conditions (the grid mode of a divide)
/// (part of the implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait OverA<FA, D, Strict> {
    /// The [`Over`] of this node.
    type Output: Walked;
}

/// `OverOf<N, FA, D, Strict> = <N as OverA<FA, D, Strict>>::Output`.
pub(crate) type OverOf<N, FA, D, Strict> = <N as OverA<FA, D, Strict>>::Output;

/// A node of `B` walked over `coalesce_x(A)`: the result shape and stride for the node, and the
/// largest digit its leaves place in each mode of `coalesce_x(A)` but the last, summed.
pub struct Over<Shape, Stride, Digits>(PhantomData<(Shape, Stride, Digits)>);

/// Reads an [`Over`].
#[doc(hidden)]
pub trait Walked {
    /// The result shape.
    type Shape;
    /// The result stride.
    type Stride;
    /// The digit sums.
    type Digits;
}
impl<S, D, G> Walked for Over<S, D, G> {
    type Shape = S;
    type Stride = D;
    type Digits = G;
}

/// A leaf `n:r` of `B`: `n:0` for `r = 0`, `n:(r·d)` over a single mode, else the walk.
impl<FA, N: Int, R: Int, Strict> OverA<FA, R, Strict> for N
where
    R: IsZero,
    FA: IsSingle,
    FA: LeafCase<<R as IsZero>::Output, <FA as IsSingle>::Output, N, R, Strict>,
{
    type Output =
        <FA as LeafCase<<R as IsZero>::Output, <FA as IsSingle>::Output, N, R, Strict>>::Output;
}

/// The three cases of a leaf of `B` (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait LeafCase<StrideZero, OneMode, N, R, Strict> {
    /// The [`Over`] of the leaf.
    type Output: Walked;
}

/// `A ∘ n:0 = n:0`.
impl<FA: Zeros, OneMode, N, R, Strict> LeafCase<B1, OneMode, N, R, Strict> for FA {
    type Output = Over<N, U0, <FA as Zeros>::Output>;
}

/// `s0:d0 ∘ n:r = n:(r·d0)`.
impl<S0, D0, N, R: Times<D0>, Strict> LeafCase<B0, B1, N, R, Strict> for TCons<Mode<S0, D0>, TNil> {
    type Output = Over<N, Product<R, D0>, TNil>;
}

/// The walk over several modes.
impl<FA, N, R, Strict> LeafCase<B0, B0, N, R, Strict> for FA
where
    FA: Walk<N, R, B0, Strict>,
    <FA as Walk<N, R, B0, Strict>>::Output: Unwrap,
{
    type Output = <<FA as Walk<N, R, B0, Strict>>::Output as Unwrap>::Output;
}

/// `B1` for a list of one mode.
#[doc(hidden)]
pub trait IsSingle {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<H, T: IsNil> IsSingle for TCons<H, T> {
    type Output = <T as IsNil>::Output;
}

/// A digit list of zeros, one per mode but the last.
#[doc(hidden)]
pub trait Zeros {
    /// The zeros.
    type Output;
}
impl<H> Zeros for TCons<H, TNil> {
    type Output = TNil;
}
impl<H, N, T> Zeros for TCons<H, TCons<N, T>>
where
    TCons<N, T>: Zeros,
{
    type Output = TCons<U0, <TCons<N, T> as Zeros>::Output>;
}

/// The result modes of a walk and the digits it placed in each mode but the last.
pub struct Path<Modes, Digits>(PhantomData<(Modes, Digits)>);

/// The walk of one leaf of `B` from the remaining modes of `coalesce_x(A)`, with `RN` elements
/// left, remaining stride `RD`, and `AnyKept = B1` once a mode has been kept (part of the
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Walk<RN, RD, AnyKept, Strict> {
    /// The [`Path`].
    type Output;
}

/// The last mode (unbounded) keeps `RN:(RD·d)` unless all elements are placed.
impl<S, D, RN, RD, AnyKept, Strict> Walk<RN, RD, AnyKept, Strict> for TCons<Mode<S, D>, TNil>
where
    RN: IsUnit,
    Mode<S, D>: LastMode<AnyKept, <RN as IsUnit>::Output, RN, RD>,
{
    type Output = <Mode<S, D> as LastMode<AnyKept, <RN as IsUnit>::Output, RN, RD>>::Output;
}

/// The last mode, knowing whether a mode was kept and whether `RN == 1` (part of the
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait LastMode<AnyKept, Placed, RN, RD> {
    /// The [`Path`].
    type Output;
}
/// Something was kept and nothing is left: the last mode adds nothing.
impl<S, D, RN, RD> LastMode<B1, B1, RN, RD> for Mode<S, D> {
    type Output = Path<TNil, TNil>;
}
/// Elements are left: `RN:(RD·d)`.
impl<S, D, AnyKept, RN, RD: Times<D>> LastMode<AnyKept, B0, RN, RD> for Mode<S, D> {
    type Output = Path<TCons<Mode<RN, Product<RD, D>>, TNil>, TNil>;
}
/// Nothing was kept: the result is `1:(RD·d)`.
impl<S, D, RN, RD: Times<D>> LastMode<B0, B1, RN, RD> for Mode<S, D> {
    type Output = Path<TCons<Mode<RN, Product<RD, D>>, TNil>, TNil>;
}

/// A mode that is not the last: a step, then the walk goes on.
impl<S, D, M, T, RN, RD, AnyKept, Strict> Walk<RN, RD, AnyKept, Strict>
    for TCons<Mode<S, D>, TCons<M, T>>
where
    Mode<S, D>: StepOver<RN, RD>,
    TCons<M, T>: WalkOn<<Mode<S, D> as StepOver<RN, RD>>::Output, AnyKept, Strict>,
{
    type Output =
        <TCons<M, T> as WalkOn<<Mode<S, D> as StepOver<RN, RD>>::Output, AnyKept, Strict>>::Output;
}

/// The walk after a step over one mode: its conditions, then the rest (part of the
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait WalkOn<Quantities, AnyKept, Strict> {
    /// The [`Path`].
    type Output;
}
impl<
        Rest,
        DivOk,
        NextStride,
        KeepsMode,
        NewN,
        ShapeOk,
        Fits,
        ResultStride,
        NextN,
        Digit,
        AnyKept,
        Strict,
    >
    WalkOn<
        Stepped<DivOk, NextStride, KeepsMode, NewN, ShapeOk, Fits, ResultStride, NextN, Digit>,
        AnyKept,
        Strict,
    > for Rest
where
    DivOk: StrideDivisibility,
    ShapeOk: ShapeDivisibility,
    Strict: Not,
    <Strict as Not>::Output: BitOr<Fits>,
    Or<<Strict as Not>::Output, Fits>: StrideFitsMode,
    AnyKept: BitOr<KeepsMode>,
    Rest: Walk<NextN, NextStride, Or<AnyKept, KeepsMode>, Strict>,
    <Rest as Walk<NextN, NextStride, Or<AnyKept, KeepsMode>, Strict>>::Output:
        Front<KeepsMode, Mode<NewN, ResultStride>, Digit>,
{
    type Output =
        <<Rest as Walk<NextN, NextStride, Or<AnyKept, KeepsMode>, Strict>>::Output as Front<
            KeepsMode,
            Mode<NewN, ResultStride>,
            Digit,
        >>::Output;
}

/// The step's digit in front of the rest's, and its mode when it keeps one (part of the
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Front<KeepsMode, M, G> {
    /// The [`Path`].
    type Output;
}
impl<Ms, Gs, M, G> Front<B1, M, G> for Path<Ms, Gs> {
    type Output = Path<TCons<M, Ms>, TCons<G, Gs>>;
}
impl<Ms, Gs, M, G> Front<B0, M, G> for Path<Ms, Gs> {
    type Output = Path<Ms, TCons<G, Gs>>;
}

/// Every quantity of one step of `cute_core`'s walk (part of the implementation of
/// [`Composition`](super::composition::Composition)):
/// - `DivOk`: `RD % s == 0 || RD < s` (stride divisibility);
/// - `NextStride`: `⌈RD / s⌉`;
/// - `KeepsMode`: the step keeps `NewN = min(⌈s / RD⌉, RN)` elements in the mode, at stride
///   `ResultStride = RD · d` (else it divides the mode out, or all is placed);
/// - `ShapeOk`: `RN % NewN == 0`, or the step does not keep;
/// - `Fits`: not `RN / NewN > 1 && s % RD != 0`, or the step does not keep;
/// - `NextN`: `RN / NewN`, or `RN` when the step does not keep;
/// - `Digit`: `(NewN - 1) · RD`, or 0 when the step does not keep.
#[allow(
    clippy::type_complexity,
    reason = "the nine quantities of a step, taken apart by `WalkOn`'s impl header"
)]
pub struct Stepped<DivOk, NextStride, KeepsMode, NewN, ShapeOk, Fits, ResultStride, NextN, Digit>(
    PhantomData<(
        DivOk,
        NextStride,
        KeepsMode,
        NewN,
        ShapeOk,
        Fits,
        ResultStride,
        NextN,
        Digit,
    )>,
);

/// One step over a mode `s:d` with `RN` elements left and stride `RD`: its [`Stepped`], each
/// quantity computed only on the branch that needs it (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait StepOver<RN, RD> {
    /// The [`Stepped`].
    type Output;
}

/// The step branches on `RD < s` before it divides.
impl<S, D, RN, RD> StepOver<RN, RD> for Mode<S, D>
where
    RD: SubBorrow<S, B0>,
    Mode<S, D>: StepCase<Less<RD, S>, RN, RD>,
{
    type Output = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::Output;
}

/// [`StepOver`] knowing whether `RD < s` (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait StepCase<Inside, RN, RD> {
    /// The [`Stepped`].
    type Output;
}

/// `RD >= s`: the stride skips the mode, which must divide it; the stride becomes `⌈RD / s⌉`.
impl<S, D, RN, RD> StepCase<B0, RN, RD> for Mode<S, D>
where
    RD: DivRem<S>,
    <RD as DivRem<S>>::Output: Skips<RN>,
{
    type Output = <<RD as DivRem<S>>::Output as Skips<RN>>::Output;
}

/// The step that divides a mode out, from `RD = q·s + r` (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Skips<RN> {
    /// The [`Stepped`].
    type Output;
}
impl<Q, R, RN> Skips<RN> for QuotRem<Q, R>
where
    QuotRem<Q, R>: Ceil,
    R: IsZero,
{
    type Output =
        Stepped<<R as IsZero>::Output, <QuotRem<Q, R> as Ceil>::Output, B0, U1, B1, B1, U0, RN, U0>;
}

/// `RD < s`: the stride lands inside the mode, and becomes 1 after it.
impl<S, D, RN, RD> StepCase<B1, RN, RD> for Mode<S, D>
where
    RN: IsUnit,
    Mode<S, D>: Lands<<RN as IsUnit>::Output, RN, RD>,
{
    type Output = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::Output;
}

/// A stride `RD < s` inside the mode `s:d`, with `RN == 1` (`B1`: nothing left to place) or not
/// (part of the implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Lands<Placed, RN, RD> {
    /// The [`Stepped`].
    type Output;
}

/// All elements are placed: the mode is passed over.
impl<S, D, RN, RD> Lands<B1, RN, RD> for Mode<S, D> {
    type Output = Stepped<B1, U1, B0, U1, B1, B1, U0, RN, U0>;
}

/// `s = q·RD + r`: `⌈s / RD⌉` elements fit in the mode.
impl<S, D, RN, RD> Lands<B0, RN, RD> for Mode<S, D>
where
    S: DivRem<RD>,
    <S as DivRem<RD>>::Output: Keeps<RN, RD, D>,
{
    type Output = <<S as DivRem<RD>>::Output as Keeps<RN, RD, D>>::Output;
}

/// The step that keeps `NewN = min(⌈s / RD⌉, RN)` elements at stride `RD · d`, from
/// `s = q·RD + r` (part of the implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Keeps<RN, RD, D> {
    /// The [`Stepped`].
    type Output;
}
impl<Q, R, RN, RD, D> Keeps<RN, RD, D> for QuotRem<Q, R>
where
    QuotRem<Q, R>: Ceil,
    <QuotRem<Q, R> as Ceil>::Output: SubBorrow<RN, B0>,
    MinRn<Q, R, RN>: Select<<QuotRem<Q, R> as Ceil>::Output, RN>,
    RN: DivRem<New<Q, R, RN>>,
    <RN as DivRem<New<Q, R, RN>>>::Output: Kept<R, New<Q, R, RN>, RD, D>,
{
    type Output = <<RN as DivRem<New<Q, R, RN>>>::Output as Kept<R, New<Q, R, RN>, RD, D>>::Output;
}

/// `B1` when `⌈s / RD⌉ < RN`.
type MinRn<Q, R, RN> = Less<<QuotRem<Q, R> as Ceil>::Output, RN>;
/// `min(⌈s / RD⌉, RN)`.
type New<Q, R, RN> = <MinRn<Q, R, RN> as Select<<QuotRem<Q, R> as Ceil>::Output, RN>>::Output;

/// The step that keeps `NewN` elements, from `RN = q·NewN + r` and `r_s = s % RD` (part of the
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait Kept<RS, NewN, RD, D> {
    /// The [`Stepped`].
    type Output;
}
impl<Q, R, RS, NewN, RD, D> Kept<RS, NewN, RD, D> for QuotRem<Q, R>
where
    R: IsZero,
    RS: IsZero,
    Q: IsUnit,
    <RS as IsZero>::Output: BitOr<<Q as IsUnit>::Output>,
    RD: Times<D>,
    NewN: SubBorrow<UTerm, B1>,
    Dec<NewN>: Times<RD>,
{
    type Output = Stepped<
        B1,
        U1,
        B1,
        NewN,
        <R as IsZero>::Output,
        Or<<RS as IsZero>::Output, <Q as IsUnit>::Output>,
        Product<RD, D>,
        Q,
        Product<Dec<NewN>, RD>,
    >;
}

/// `if Self { T } else { F }` on a type-level bit.
#[doc(hidden)]
pub trait Select<T, F> {
    /// The chosen type.
    type Output;
}
impl<T, F> Select<T, F> for B1 {
    type Output = T;
}
impl<T, F> Select<T, F> for B0 {
    type Output = F;
}

/// Digit lists added element-wise (the digits of several modes of `B`).
#[doc(hidden)]
pub trait AddDigits<R> {
    /// The sums.
    type Output;
}
impl AddDigits<TNil> for TNil {
    type Output = TNil;
}
impl<A: AddCarry<B, B0>, AT: AddDigits<BT>, B, BT> AddDigits<TCons<B, BT>> for TCons<A, AT> {
    type Output = TCons<<A as AddCarry<B, B0>>::Output, <AT as AddDigits<BT>>::Output>;
}

/// `B1` when each digit sum is less than the size of its mode of `coalesce_x(A)`.
#[doc(hidden)]
pub trait DigitsFit<Digits> {
    /// `B1` or `B0`.
    type Output;
}
impl<H> DigitsFit<TNil> for TCons<H, TNil> {
    type Output = B1;
}
impl<S, D, M, T, G, GT> DigitsFit<TCons<G, GT>> for TCons<Mode<S, D>, TCons<M, T>>
where
    G: SubBorrow<S, B0>,
    TCons<M, T>: DigitsFit<GT>,
    Less<G, S>: BitAnd<<TCons<M, T> as DigitsFit<GT>>::Output>,
{
    type Output = <Less<G, S> as BitAnd<<TCons<M, T> as DigitsFit<GT>>::Output>>::Output;
}

/// A walk's result modes as a shape and a stride: one mode unwraps to `s:d` (CuTe's `unwrap`),
/// several make flat tuples (part of the implementation of `Composition`).
#[doc(hidden)]
pub trait Unwrap {
    /// The [`Over`] of the walked leaf.
    type Output: Walked;
}

impl<S, D, G> Unwrap for Path<TCons<Mode<S, D>, TNil>, G> {
    type Output = Over<S, D, G>;
}
