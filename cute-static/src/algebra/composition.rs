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

use core::ops::{Add, BitAnd, BitOr, Div, Mul, Not, Rem, Sub};

use typenum::{
    Bit, Eq, IsEqual, IsLess, Le, Min, Minimum, Mod, Or, Prod, Quot, Sub1, Sum, B0, B1, U0, U1,
};

use super::coalesce::{FlatModes, Merge};
use crate::__private::{IsNil, IsOne, Leaves, Mode, TCons, TNil, ZipModes};
use crate::int::Int;
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
    R: IsEqual<U0>,
    FA: IsSingle + Zeros,
    FA: LeafCase<<R as IsEqual<U0>>::Output, <FA as IsSingle>::Output, N, R, Strict>,
{
    type Shape = <FA as LeafCase<Eq<R, U0>, <FA as IsSingle>::Output, N, R, Strict>>::Shape;
    type Stride = <FA as LeafCase<Eq<R, U0>, <FA as IsSingle>::Output, N, R, Strict>>::Stride;
    type Digits = <FA as LeafCase<Eq<R, U0>, <FA as IsSingle>::Output, N, R, Strict>>::Digits;
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
impl<S0, D0, N, R: Mul<D0>, Strict> LeafCase<B0, B1, N, R, Strict> for TCons<Mode<S0, D0>, TNil> {
    type Shape = N;
    type Stride = Prod<R, D0>;
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
    RD: Mul<D>,
    Acc: IsNil + AppendIf<LastKeeps<Acc, RN>, Mode<RN, Prod<RD, D>>>,
    RN: IsEqual<U1>,
    <RN as IsEqual<U1>>::Output: Not,
    <Acc as IsNil>::Output: BitOr<<IsOne<RN> as Not>::Output>,
{
    type Modes = <Acc as AppendIf<LastKeeps<Acc, RN>, Mode<RN, Prod<RD, D>>>>::Output;
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
/// (part of the implementation of [`Composition`]); every quantity of `cute_core`'s walk.
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

/// `⌈a / b⌉ = (a + b - 1) / b`.
type CeilDiv<A, B> = Quot<Sub1<Sum<A, B>>, B>;

impl<S, D, RN, RD> Step<RN, RD> for Mode<S, D>
where
    // DivOk
    RD: Rem<S> + IsLess<S> + Add<S> + Mul<D>,
    Mod<RD, S>: IsEqual<U0>,
    Eq<Mod<RD, S>, U0>: BitOr<Le<RD, S>>,
    Sum<RD, S>: Sub<B1>,
    Sub1<Sum<RD, S>>: Div<S>,
    // next_shape = ⌈s / RD⌉
    S: Add<RD> + Rem<RD>,
    Sum<S, RD>: Sub<B1>,
    Sub1<Sum<S, RD>>: Div<RD>,
    CeilDiv<S, RD>: IsEqual<U1> + Min<RN>,
    RN: IsEqual<U1> + Rem<Minimum<CeilDiv<S, RD>, RN>> + Div<Minimum<CeilDiv<S, RD>, RN>>,
    Eq<CeilDiv<S, RD>, U1>: BitOr<Eq<RN, U1>>,
    Or<Eq<CeilDiv<S, RD>, U1>, Eq<RN, U1>>: Bit + Not,
    // shape divisibility and overrun
    Mod<RN, Minimum<CeilDiv<S, RD>, RN>>: IsEqual<U0>,
    Eq<Mod<RN, Minimum<CeilDiv<S, RD>, RN>>, U0>: Bit,
    Quot<RN, Minimum<CeilDiv<S, RD>, RN>>: IsLess<typenum::U2>,
    Mod<S, RD>: IsEqual<U0>,
    Le<Quot<RN, Minimum<CeilDiv<S, RD>, RN>>, typenum::U2>: BitOr<Eq<Mod<S, RD>, U0>>,
    Or<Eq<CeilDiv<S, RD>, U1>, Eq<RN, U1>>: Select<B1, Eq<Mod<RN, Minimum<CeilDiv<S, RD>, RN>>, U0>>
        + Select<B1, Or<Le<Quot<RN, Minimum<CeilDiv<S, RD>, RN>>, typenum::U2>, Eq<Mod<S, RD>, U0>>>
        + Select<RN, Quot<RN, Minimum<CeilDiv<S, RD>, RN>>>
        + Select<U0, Prod<Sub1<Minimum<CeilDiv<S, RD>, RN>>, RD>>,
    Minimum<CeilDiv<S, RD>, RN>: Sub<B1>,
    Sub1<Minimum<CeilDiv<S, RD>, RN>>: Mul<RD>,
{
    type DivOk = Or<Eq<Mod<RD, S>, U0>, Le<RD, S>>;
    type NextStride = CeilDiv<RD, S>;
    type Skip = Or<Eq<CeilDiv<S, RD>, U1>, Eq<RN, U1>>;
    type New = Minimum<CeilDiv<S, RD>, RN>;
    type ShapeOk = <Self::Skip as Select<B1, Eq<Mod<RN, Self::New>, U0>>>::Output;
    type Fits = <Self::Skip as Select<
        B1,
        Or<Le<Quot<RN, Self::New>, typenum::U2>, Eq<Mod<S, RD>, U0>>,
    >>::Output;
    type Result = Prod<RD, D>;
    type NextN = <Self::Skip as Select<RN, Quot<RN, Self::New>>>::Output;
    type Digit = <Self::Skip as Select<U0, Prod<Sub1<Self::New>, RD>>>::Output;
}

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
impl<A: Add<B>, AT: AddDigits<BT>, B, BT> AddDigits<TCons<B, BT>> for TCons<A, AT> {
    type Output = TCons<Sum<A, B>, <AT as AddDigits<BT>>::Output>;
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
    G: IsLess<S>,
    TCons<M, T>: DigitsFit<GT>,
    Le<G, S>: BitAnd<<TCons<M, T> as DigitsFit<GT>>::Output>,
{
    type Output = <Le<G, S> as BitAnd<<TCons<M, T> as DigitsFit<GT>>::Output>>::Output;
}
