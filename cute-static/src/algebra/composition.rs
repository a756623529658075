//! `Composition`: the type operator of `cute_core::composition` (seed 000 §3.3), with the same
//! exactness rule proved at compile time.
//!
//! `B` is walked mode by mode over `coalesce_x(A)`, as in `cute_core`: each mode `s:d` of `B`
//! divides out the first `d` elements of `coalesce(A)` and keeps `s`. The conditions are trait
//! bounds named after them, so a violation is a compile error that says which:
//!
//! - [`StrideDivisibility`] (Eq. 20): the remaining stride divides a mode it skips, or lands
//!   inside it;
//! - [`ShapeDivisibility`] (Eq. 21): a mode holds a number of elements that divides those left;
//! - [`StrideFitsMode`]: a stride that does not divide a mode keeps all its elements inside it
//!   (where CuTe C++ returns a wrong layout);
//! - [`ModesDistribute`] (Eq. 23): the digits the modes of `B` place in each mode of `coalesce(A)`
//!   add up to less than its size, so they never carry.
//!
//! The dynamic crate proves the same way and falls back to a pointwise check when the proof
//! fails; at compile time there is no fallback, so the static operator rejects those few inputs
//! (exact by coincidence over a stride-0 mode, or with overlapping modes of `B` that happen to
//! agree). Every static result equals the dynamic one.

use core::ops::{BitAnd, BitOr, Not};

use typenum::{Bit, Or, UTerm, B0, B1, U0, U1};

use super::coalesce::{FlatModes, Merge};
use crate::__private::{IsNil, IsOne, Leaves, Mode, TCons, TNil, ZipModes};
use crate::int::{
    AddCarry, CeilQuotient, DivRem, IncIf, Int, IsUnit, IsZero, Less, Quotient, Remainder,
    SubBorrow,
};
use crate::int::{Product, Times};
use crate::layout::Layout;
use crate::variadic::Unwrap;

/// A **type operator** for `A ∘ B`: `R(i) == A(B(i))` for every `i < size(B)`, with CuTe's
/// normal form.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, CompositionOf, Layout, StaticLayout};
/// type A = Layout<(U4, U6, U8, U10), (U2, U3, U5, U7)>;
/// type B = Layout<U6, U12>;
/// assert_eq!(<CompositionOf<A, B> as StaticLayout>::LAYOUT.to_string(), "(2,3):(9,5)");
/// ```
pub trait Composition<B> {
    /// The composed layout.
    type Output;
}

/// `CompositionOf<A, B> = <A as Composition<B>>::Output`.
pub type CompositionOf<A, B> = <A as Composition<B>>::Output;

/// `composition(A, B)` on static layout values: the zero-sized result.
#[must_use]
pub fn composition<A, B>(_: A, _: B) -> CompositionOf<A, B>
where
    A: Composition<B>,
    CompositionOf<A, B>: Default,
{
    Default::default()
}

/// `coalesce_x(A)` as a list of modes.
type ModesX<S, D> = <FlatModes<S, D> as Merge<B1>>::Output;

/// `A ∘ B = walk(B over coalesce_x(A))`, when the digits of `B`'s modes never carry.
impl<SA, DA, SB, DB> Composition<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: Leaves,
    DA: Leaves,
    <SA as Leaves>::Output: ZipModes<<DA as Leaves>::Output>,
    FlatModes<SA, DA>: Merge<B1>,
    SB: OverA<ModesX<SA, DA>, DB, B1>,
    ModesX<SA, DA>: DigitsFit<<SB as OverA<ModesX<SA, DA>, DB, B1>>::Digits>,
    <ModesX<SA, DA> as DigitsFit<<SB as OverA<ModesX<SA, DA>, DB, B1>>::Digits>>::Output:
        ModesDistribute,
{
    type Output = Layout<
        <SB as OverA<ModesX<SA, DA>, DB, B1>>::Shape,
        <SB as OverA<ModesX<SA, DA>, DB, B1>>::Stride,
    >;
}

/// Stride divisibility (seed 000 Eq. 20), `B1` when it holds.
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility violated: a stride of B skips a mode of coalesce(A) without being a multiple of it",
    label = "this composition is not admissible",
    note = "seed 000 Eq. 20: each prefix product of coalesce(A) and the stride must divide one another"
)]
pub trait StrideDivisibility {}
impl StrideDivisibility for B1 {}

/// Shape divisibility (seed 000 Eq. 21), `B1` when it holds.
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility violated: a mode of coalesce(A) holds a number of B's elements that does not divide those left",
    label = "this composition is not admissible",
    note = "seed 000 Eq. 21: ⌈S̄_r / d⌉ must divide the size of each mode of B"
)]
pub trait ShapeDivisibility {}
impl ShapeDivisibility for B1 {}

/// `B1` when a stride that does not divide a mode keeps all its elements inside it.
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility violated: a stride of B does not divide a mode of coalesce(A), and the elements overrun it",
    label = "this composition is not admissible (CuTe C++ returns a wrong layout here)",
    note = "seed 000 Eq. 20; e.g. (4,6,8):(2,3,5) ∘ 6:3"
)]
pub trait StrideFitsMode {}
impl StrideFitsMode for B1 {}

/// `B1` when the modes of `B` provably never carry into each other.
#[diagnostic::on_unimplemented(
    message = "composition: the modes of B may carry into each other in coalesce(A), so A ∘ B is not provably A(B(i)) at compile time",
    label = "this composition is not admissible statically",
    note = "seed 000 Eq. 23; the dynamic `cute::composition` checks such inputs pointwise, e.g. (6,2):(1,7) ∘ (3,2):(2,3) is wrong in CuTe C++"
)]
pub trait ModesDistribute {}
impl ModesDistribute for B1 {}

/// `B`'s shape node walked over `coalesce_x(A)` with the matching stride node `D`; `Strict = B1`
/// requires every step to be exact, `B0` only CuTe's own conditions (the grid mode of a divide)
/// (part of the implementation of [`Composition`]).
pub trait OverA<FA, D, Strict> {
    /// The result shape for this node.
    type Shape;
    /// The result stride for this node.
    type Stride;
    /// The largest digit placed in each mode of `coalesce_x(A)` but the last, summed over this
    /// node's leaves.
    type Digits;
}

/// A leaf `n:r` of `B`: `n:0` for `r = 0`, `n:(r·d)` over a single mode, else the walk.
impl<FA, N: Int, R: Int, Strict> OverA<FA, R, Strict> for N
where
    R: IsZero,
    FA: IsSingle + Zeros,
    FA: LeafCase<<R as IsZero>::Output, <FA as IsSingle>::Output, N, R, Strict>,
{
    type Shape =
        <FA as LeafCase<<R as IsZero>::Output, <FA as IsSingle>::Output, N, R, Strict>>::Shape;
    type Stride =
        <FA as LeafCase<<R as IsZero>::Output, <FA as IsSingle>::Output, N, R, Strict>>::Stride;
    type Digits =
        <FA as LeafCase<<R as IsZero>::Output, <FA as IsSingle>::Output, N, R, Strict>>::Digits;
}

/// The three cases of a leaf of `B` (part of the implementation of [`Composition`]).
pub trait LeafCase<ZeroStride, Single, N, R, Strict> {
    /// Result shape.
    type Shape;
    /// Result stride.
    type Stride;
    /// Digits.
    type Digits;
}

/// `A ∘ n:0 = n:0`.
impl<FA: Zeros, Single, N, R, Strict> LeafCase<B1, Single, N, R, Strict> for FA {
    type Shape = N;
    type Stride = U0;
    type Digits = <FA as Zeros>::Output;
}

/// `s0:d0 ∘ n:r = n:(r·d0)`.
impl<S0, D0, N, R: Times<D0>, Strict> LeafCase<B0, B1, N, R, Strict> for TCons<Mode<S0, D0>, TNil> {
    type Shape = N;
    type Stride = Product<R, D0>;
    type Digits = TNil;
}

/// The walk over several modes.
impl<FA, N, R, Strict> LeafCase<B0, B0, N, R, Strict> for FA
where
    FA: Walk<N, R, TNil, Strict>,
    <FA as Walk<N, R, TNil, Strict>>::Modes: Unwrap,
{
    type Shape = <<FA as Walk<N, R, TNil, Strict>>::Modes as Unwrap>::Shape;
    type Stride = <<FA as Walk<N, R, TNil, Strict>>::Modes as Unwrap>::Stride;
    type Digits = <FA as Walk<N, R, TNil, Strict>>::Digits;
}

/// `B1` for a list of one mode.
pub trait IsSingle {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<H, T: IsNil> IsSingle for TCons<H, T> {
    type Output = <T as IsNil>::Output;
}

/// A digit list of zeros, one per mode but the last.
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

/// The walk of one leaf of `B` from the remaining modes of `coalesce_x(A)`, with `RN` elements
/// left, remaining stride `RD` and the result modes so far `Acc` (part of the implementation of
/// [`Composition`]).
pub trait Walk<RN, RD, Acc, Strict> {
    /// The result modes.
    type Modes;
    /// The digits placed in each mode but the last.
    type Digits;
}

/// The last mode (unbounded): `rest:(RD·d)` is appended unless all elements are placed.
impl<S, D, RN, RD, Acc, Strict> Walk<RN, RD, Acc, Strict> for TCons<Mode<S, D>, TNil>
where
    RD: Times<D>,
    Acc: IsNil + AppendIf<LastKeeps<Acc, RN>, Mode<RN, Product<RD, D>>>,
    RN: IsUnit,
    <Acc as IsNil>::Output: BitOr<<IsOne<RN> as Not>::Output>,
{
    type Modes = <Acc as AppendIf<LastKeeps<Acc, RN>, Mode<RN, Product<RD, D>>>>::Output;
    type Digits = TNil;
}

/// The last mode keeps the rest when nothing was kept before or elements are left.
type LastKeeps<Acc, RN> = Or<<Acc as IsNil>::Output, <IsOne<RN> as Not>::Output>;

/// A mode that is not the last: divide it out, or keep part of `B` in it.
impl<S, D, M, T, RN, RD, Acc, Strict> Walk<RN, RD, Acc, Strict> for TCons<Mode<S, D>, TCons<M, T>>
where
    Mode<S, D>: Step<RN, RD>,
    <Mode<S, D> as Step<RN, RD>>::DivOk: StrideDivisibility,
    <Mode<S, D> as Step<RN, RD>>::ShapeOk: ShapeDivisibility,
    Strict: Not,
    <Strict as Not>::Output: BitOr<<Mode<S, D> as Step<RN, RD>>::Fits>,
    Or<<Strict as Not>::Output, <Mode<S, D> as Step<RN, RD>>::Fits>: StrideFitsMode,
    Acc: AppendIf<Keeps<S, D, RN, RD>, Kept<S, D, RN, RD>>,
    TCons<M, T>:
        Walk<NextN<S, D, RN, RD>, NextStride<S, D, RN, RD>, NextAcc<Acc, S, D, RN, RD>, Strict>,
{
    type Modes = <TCons<M, T> as Walk<
        NextN<S, D, RN, RD>,
        NextStride<S, D, RN, RD>,
        NextAcc<Acc, S, D, RN, RD>,
        Strict,
    >>::Modes;
    type Digits = TCons<
        <Mode<S, D> as Step<RN, RD>>::Digit,
        <TCons<M, T> as Walk<
            NextN<S, D, RN, RD>,
            NextStride<S, D, RN, RD>,
            NextAcc<Acc, S, D, RN, RD>,
            Strict,
        >>::Digits,
    >;
}

/// The elements left after the step.
type NextN<S, D, RN, RD> = <Mode<S, D> as Step<RN, RD>>::NextN;
/// The stride after the step.
type NextStride<S, D, RN, RD> = <Mode<S, D> as Step<RN, RD>>::NextStride;
/// The result mode the step keeps (when it keeps one).
type Kept<S, D, RN, RD> =
    Mode<<Mode<S, D> as Step<RN, RD>>::New, <Mode<S, D> as Step<RN, RD>>::Result>;
/// The result modes after the step.
type NextAcc<Acc, S, D, RN, RD> =
    <Acc as AppendIf<Keeps<S, D, RN, RD>, Kept<S, D, RN, RD>>>::Output;

/// `B1` when the step keeps elements in the mode.
type Keeps<S, D, RN, RD> = <<Mode<S, D> as Step<RN, RD>>::Skip as Not>::Output;

/// The arithmetic of one step over a mode `s:d` with `RN` elements left and stride `RD`
/// (part of the implementation of [`Composition`]); every quantity of `cute_core`'s walk, each
/// computed only on the branch that needs it (see [`StepCase`]).
pub trait Step<RN, RD> {
    /// `RD % s == 0 || RD < s`.
    type DivOk;
    /// `⌈RD / s⌉`.
    type NextStride;
    /// `⌈s / RD⌉ == 1 || RN == 1`: the mode is divided out (or all is placed).
    type Skip: Bit + Not;
    /// `min(⌈s / RD⌉, RN)`.
    type New;
    /// `RN % New == 0`, or the step skips.
    type ShapeOk;
    /// Not `RN / New > 1 && s % RD != 0`, or the step skips.
    type Fits;
    /// `RD · d`.
    type Result;
    /// `RN / New`, or `RN` when the step skips.
    type NextN;
    /// `(New - 1) · RD`, or 0 when the step skips.
    type Digit;
}

/// The step branches on `RD < s` before it divides.
impl<S, D, RN, RD> Step<RN, RD> for Mode<S, D>
where
    RD: SubBorrow<S, B0>,
    Mode<S, D>: StepCase<Less<RD, S>, RN, RD>,
{
    type DivOk = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::DivOk;
    type NextStride = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::NextStride;
    type Skip = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::Skip;
    type New = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::New;
    type ShapeOk = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::ShapeOk;
    type Fits = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::Fits;
    type Result = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::Result;
    type NextN = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::NextN;
    type Digit = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::Digit;
}

/// [`Step`] knowing whether `RD < s` (`B1`), and for `RD < s` whether `RN == 1` (part of the
/// implementation of [`Composition`]).
pub trait StepCase<Inside, RN, RD> {
    /// See [`Step::DivOk`].
    type DivOk;
    /// See [`Step::NextStride`].
    type NextStride;
    /// See [`Step::Skip`].
    type Skip: Bit + Not;
    /// See [`Step::New`].
    type New;
    /// See [`Step::ShapeOk`].
    type ShapeOk;
    /// See [`Step::Fits`].
    type Fits;
    /// See [`Step::Result`].
    type Result;
    /// See [`Step::NextN`].
    type NextN;
    /// See [`Step::Digit`].
    type Digit;
}

/// `RD >= s`: the stride skips the mode, which must divide it; the stride becomes `⌈RD / s⌉`.
impl<S, D, RN, RD> StepCase<B0, RN, RD> for Mode<S, D>
where
    RD: DivRem<S>,
    Remainder<RD, S>: IsZero,
    <Remainder<RD, S> as IsZero>::Output: Not,
    Quotient<RD, S>: IncIf<<<Remainder<RD, S> as IsZero>::Output as Not>::Output>,
{
    type DivOk = <Remainder<RD, S> as IsZero>::Output;
    type NextStride = CeilQuotient<RD, S>;
    type Skip = B1;
    type New = U1;
    type ShapeOk = B1;
    type Fits = B1;
    type Result = U0;
    type NextN = RN;
    type Digit = U0;
}

/// `RD < s`: the stride lands inside the mode, and becomes 1 after it.
impl<S, D, RN, RD> StepCase<B1, RN, RD> for Mode<S, D>
where
    RN: IsUnit,
    Mode<S, D>: Lands<<RN as IsUnit>::Output, RN, RD>,
{
    type DivOk = B1;
    type NextStride = U1;
    type Skip = <RN as IsUnit>::Output;
    type New = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::New;
    type ShapeOk = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::ShapeOk;
    type Fits = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::Fits;
    type Result = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::Result;
    type NextN = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::NextN;
    type Digit = <Mode<S, D> as Lands<<RN as IsUnit>::Output, RN, RD>>::Digit;
}

/// A stride `RD < s` inside the mode `s:d`, with `RN == 1` (`B1`: nothing left to place) or not
/// (part of the implementation of [`Composition`]).
pub trait Lands<Placed, RN, RD> {
    /// See [`Step::New`].
    type New;
    /// See [`Step::ShapeOk`].
    type ShapeOk;
    /// See [`Step::Fits`].
    type Fits;
    /// See [`Step::Result`].
    type Result;
    /// See [`Step::NextN`].
    type NextN;
    /// See [`Step::Digit`].
    type Digit;
}

/// All elements are placed: the mode is passed over.
impl<S, D, RN, RD> Lands<B1, RN, RD> for Mode<S, D> {
    type New = U1;
    type ShapeOk = B1;
    type Fits = B1;
    type Result = U0;
    type NextN = RN;
    type Digit = U0;
}

/// `New = min(⌈s / RD⌉, RN)` elements stay in the mode at stride `RD · d`; `RN / New` are left.
impl<S, D, RN, RD> Lands<B0, RN, RD> for Mode<S, D>
where
    S: DivRem<RD>,
    Remainder<S, RD>: IsZero,
    <Remainder<S, RD> as IsZero>::Output: Not + BitOr<IsUnit1<RN, New<S, RD, RN>>>,
    Quotient<S, RD>: IncIf<<<Remainder<S, RD> as IsZero>::Output as Not>::Output>,
    CeilQuotient<S, RD>: SubBorrow<RN, B0>,
    Less<CeilQuotient<S, RD>, RN>: Select<CeilQuotient<S, RD>, RN>,
    RN: DivRem<New<S, RD, RN>>,
    Remainder<RN, New<S, RD, RN>>: IsZero,
    Quotient<RN, New<S, RD, RN>>: IsUnit,
    RD: Times<D>,
    New<S, RD, RN>: SubBorrow<UTerm, B1>,
    <New<S, RD, RN> as SubBorrow<UTerm, B1>>::Output: Times<RD>,
{
    type New = New<S, RD, RN>;
    type ShapeOk = <Remainder<RN, New<S, RD, RN>> as IsZero>::Output;
    type Fits = Or<<Remainder<S, RD> as IsZero>::Output, IsUnit1<RN, New<S, RD, RN>>>;
    type Result = Product<RD, D>;
    type NextN = Quotient<RN, New<S, RD, RN>>;
    type Digit = Product<<New<S, RD, RN> as SubBorrow<UTerm, B1>>::Output, RD>;
}

/// `min(⌈s / RD⌉, RN)`.
type New<S, RD, RN> = <Less<CeilQuotient<S, RD>, RN> as Select<CeilQuotient<S, RD>, RN>>::Output;
/// `RN / New == 1`: a single block, which fits whatever the stride.
type IsUnit1<RN, N> = <Quotient<RN, N> as IsUnit>::Output;

/// `if Self { T } else { F }` on a type-level bit.
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

/// Appends `M` to the list when the flag is `B1`.
pub trait AppendIf<Flag, M> {
    /// The list.
    type Output;
}
impl<M> AppendIf<B1, M> for TNil {
    type Output = TCons<M, TNil>;
}
impl<M> AppendIf<B0, M> for TNil {
    type Output = TNil;
}
impl<H, T: AppendIf<B1, M>, M> AppendIf<B1, M> for TCons<H, T> {
    type Output = TCons<H, <T as AppendIf<B1, M>>::Output>;
}
impl<H, T, M> AppendIf<B0, M> for TCons<H, T> {
    type Output = TCons<H, T>;
}

/// Digit lists added element-wise (the digits of several modes of `B`).
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
