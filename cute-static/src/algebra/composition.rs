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

use core::marker::PhantomData;
use core::ops::{BitAnd, BitOr, Not};

use cute_core::algebra::composition::{compose_slots, empty_mode_reached, leaves_carry};
use cute_core::Error;
use typenum::{Bit, Or, UTerm, Unsigned, B0, B1, U0, U1};

use super::coalesce::{FlatModes, Merge};
use super::modes::ResultLayout;
use crate::int::arith::{
    AddCarry, Ceil, Dec, DivRem, IsZero, Less, Product, QuotRem, SubBorrow, Times,
};
use crate::int::mul::{IntMul, MulOf};
use crate::int::{Int, IsUnit, Many, One, Runtime, Zero};
use crate::int_tuple::{AllStaticOf, Buffer, Congruent, IntTupleType, ShapeTuple, Unrolled};
use crate::layout::Layout;
use crate::list::ListLen;
use crate::list::{Head, IsNil, IsOne, Leaves, Mode, TCons, TNil, ZipModes};

binary_operator!(
    /// A **type operator** for `A ∘ B` on layouts of static and runtime leaves, with its value:
    /// `R(i) == A(B(i))` for every `i < size(B)`.
    ///
    /// - Every leaf static: the static operator ([`StaticComposition`]), whose conditions are
    ///   compile errors; the value is zero-sized.
    /// - Otherwise each leaf `n:r` of `B` gives, by what is static:
    ///   - `n:0` when `r` is a static 0;
    ///   - `n:(r·d)` when `coalesce(A)` is statically one mode `s:d` (the leaves keep their kinds);
    ///   - else `C` runtime modes, `C` the number of leaves of `A` (of modes of `coalesce(A)` when
    ///     `A` is static): the modes CuTe's walk builds over `coalesce(A)`, in order, padded in front with
    ///     `1:0`.
    ///
    ///   The walk runs at run time, with `cute_core`'s exactness rule; whatever it cannot show
    ///   exact, or fails, is decided by `cute_core::composition` on the lowered operands, so results
    ///   and errors are `cute_core`'s (the result equals it after coalescing each mode of `B`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::{composition, make_layout, typenum::consts::*, Dyn};
    /// let a = make_layout((Dyn::new(4), Dyn::new(6), Dyn::new(8), Dyn::new(10)),
    ///                     (Dyn::new(2), Dyn::new(3), Dyn::new(5), Dyn::new(7))).unwrap();
    /// let b = make_layout(Dyn::new(6), Dyn::new(12)).unwrap();
    /// assert_eq!(composition(&a, &b).unwrap().to_string(), "(1,1,2,3):(0,0,9,5)");
    /// // A runtime-sized column, tiled by a static 8: the tile keeps a static shape.
    /// let col = make_layout(Dyn::new(100), U1::new()).unwrap();
    /// let tile = composition(&col, &make_layout(U8::new(), U1::new()).unwrap()).unwrap();
    /// assert_eq!(format!("{tile:?}"), "_8:_1");
    /// ```
    Composition / CompositionOf / composition,
    ComposeCase,
    StaticComposition / StaticCompositionOf,
    "A ∘ B",
    "`composition(A, B)` is not defined for these operands",
    "A is a layout and B a layout, a shape or a tiler"
);

/// A runtime leaf: the structure from what is static, the values from the walk.
impl<SA, DA, SB, DB> ComposeCase<Layout<SB, DB>, B0> for Layout<SA, DA>
where
    SA: ShapeTuple + Congruent<DA>,
    DA: IntTupleType,
    SB: ShapeTuple + Congruent<DB>,
    DB: IntTupleType,
    Self: WalkOf,
    SB: ComposeNode<<Self as WalkOf>::Info, DB>,
    NodeShape<SB, Self, DB>: ShapeTuple + Congruent<NodeStride<SB, Self, DB>>,
    NodeStride<SB, Self, DB>: IntTupleType,
{
    type Output = Layout<NodeShape<SB, Self, DB>, NodeStride<SB, Self, DB>>;
    #[inline(always)]
    fn composition(a: &Self, b: &Layout<SB, DB>) -> Result<Self::Output, Error> {
        let (bs, bd) = b.leaves();
        finish(
            walk_mixed::<_, _, _, DB>(
                a,
                (bs.as_ref(), bd.as_ref()),
                walk_width::<Self>(),
                SB::LEAVES,
            ),
            || cold_result(cute_core::composition(&a.to_dynamic(), &b.to_dynamic())),
            |kind| lowered_error(cute_core::Op::Composition, a, &b.to_dynamic(), kind),
        )
    }
}

/// The number of result modes of a leaf of `B` over `A`, as [`ComposeNode`] gives them for a
/// stride not statically 0: the width of what is known of `A`.
#[inline(always)]
pub(crate) const fn walk_width<A: WalkOf>() -> usize {
    <<A as WalkOf>::Info as WalkInfo>::WIDTH
}

/// The number of result modes of each leaf of a `B` of stride `DB`, as [`ComposeNode`] gives
/// them: 1 for a static stride 0, else `width`.
#[inline(always)]
fn leaf_widths<DB: IntTupleType>(width: usize) -> <DB::Count as Buffer>::Usize {
    let mut widths = <DB::Count as Buffer>::USIZE_ZERO;
    // By reference: the constant is promoted, not copied whole.
    for (w, st) in widths.as_mut().iter_mut().zip(&DB::STATICS) {
        *w = if *st == Some(0) { 1 } else { width };
    }
    widths
}

/// The shape of the mixed composition node for `B`'s shape `SB` over `A`.
pub(crate) type NodeShape<SB, A, DB> = <SB as ComposeNode<<A as WalkOf>::Info, DB>>::Shape;
/// The stride of the mixed composition node for `B`'s shape `SB` over `A`.
pub(crate) type NodeStride<SB, A, DB> = <SB as ComposeNode<<A as WalkOf>::Info, DB>>::Stride;

/// What the walk at run time gives: the result, shown exact or not, or the condition it fails
/// (part of the implementation of the mixed operations). Small, so that the fast path does not
/// move a `Result<_, Error>` (whose error keeps its operands' notation) through every layer.
pub(crate) enum Outcome<R> {
    /// The walk alone shows the result exact.
    Exact(R),
    /// The result of CuTe's walk, which only a pointwise check shows exact.
    Unproven(R),
    /// The walk fails with this condition.
    Failed(cute_core::ErrorKind),
}

/// The walk of the leaves `bs:bd` of `B` (of stride type `DB`) over `A` at run time, into the
/// layout `R` whose leaf `k` of `B` takes `width` modes (1 for a static stride 0); the first
/// `scoped` leaves of `B` are held to the exactness rule. A result whose offsets leave `i64`
/// fails as an overflow.
#[inline(always)]
pub(crate) fn walk_mixed<SA, DA, R, DB>(
    a: &Layout<SA, DA>,
    (bs, bd): (&[i64], &[i64]),
    width: usize,
    scoped: usize,
) -> Outcome<R>
where
    SA: ShapeTuple + Congruent<DA>,
    DA: IntTupleType,
    R: ResultLayout,
    DB: IntTupleType,
{
    let (as_, ad) = a.leaves();
    if let Some(mode) = empty_mode_reached(as_.as_ref(), bs, bd) {
        return Outcome::Failed(cute_core::ErrorKind::EmptyMode { mode });
    }
    let (mut os, mut od) = (R::ZERO, R::ZERO);
    if SA::LEAVES == 1 {
        // `coalesce(A)` is the one mode `s:d`: each leaf `n:r` of `B` is `n:(r·d)`, exact (the
        // walk's one-mode case, without its machinery: the tiles of a kernel take this path).
        let d = ad.as_ref()[0];
        for (k, (&n, &r)) in bs.iter().zip(bd).enumerate() {
            let Some(stride) = r.checked_mul(d) else {
                return Outcome::Failed(cute_core::ErrorKind::Overflow);
            };
            (os.as_mut()[k], od.as_mut()[k]) = (n, stride);
        }
        return match R::checked(os.as_ref(), od.as_ref()) {
            Ok(r) => Outcome::Exact(r),
            Err(kind) => Outcome::Failed(kind),
        };
    }
    // The common case first: `A`'s leaves as they are, the loop over the `NB` leaves of `B`
    // unrolled by the type, so that every run of slots is at constant offsets.
    if width >= SA::LEAVES {
        let mut max = <SA::Count as Buffer>::I64_ZERO;
        let mut walk = LeafWalk {
            a: (as_.as_ref(), ad.as_ref()),
            b: (bs, bd),
            statics: &DB::STATICS,
            width,
            scoped,
            out: (os.as_mut(), od.as_mut()),
            max: max.as_mut(),
            at: 0,
            modes: 0,
            count: PhantomData::<SA::Count>,
        };
        let walked = DB::Count::each(&mut walk);
        let modes = walk.modes;
        if walked.is_some() && !(modes > 1 && leaves_carry(as_.as_ref(), max.as_ref())) {
            // `R` is checked like any built layout: `size(R) = size(B)`, but a `B` the algebra
            // built on the way (a product's grid) may be past `i64` (found by the `mixed` fuzz
            // target: a product of stride-0 modes whose offsets stay inside `A`).
            return match R::checked(os.as_ref(), od.as_ref()) {
                Ok(r) => Outcome::Exact(r),
                Err(kind) => Outcome::Failed(kind),
            };
        }
    }
    let widths = leaf_widths::<DB>(width);
    walk_general::<SA, R>(
        (as_.as_ref(), ad.as_ref()),
        (bs, bd),
        widths.as_ref(),
        scoped,
    )
}

/// The general walk of [`walk_mixed`], over `coalesce(A)` (`A` of shape `SA` given by its
/// leaves): out of line, so that the common case keeps a small frame.
#[inline(always)]
fn walk_general<SA, R>(
    (as_, ad): (&[i64], &[i64]),
    (bs, bd): (&[i64], &[i64]),
    widths: &[usize],
    scoped: usize,
) -> Outcome<R>
where
    SA: IntTupleType,
    R: ResultLayout,
{
    let (mut os, mut od) = (R::ZERO, R::ZERO);
    let mut scratch = (
        <SA::Count as Buffer>::I64_ZERO,
        <SA::Count as Buffer>::I64_ZERO,
        <SA::Count as Buffer>::I64_ZERO,
    );
    let proved = compose_slots(
        (as_, ad),
        (bs, bd),
        scoped,
        widths,
        (os.as_mut(), od.as_mut()),
        (scratch.0.as_mut(), scratch.1.as_mut(), scratch.2.as_mut()),
    );
    let proved = match proved {
        Ok(proved) => proved,
        Err(kind) => return Outcome::Failed(kind),
    };
    match (proved, R::checked(os.as_ref(), od.as_ref())) {
        (_, Err(kind)) => Outcome::Failed(kind),
        (true, Ok(r)) => Outcome::Exact(r),
        (false, Ok(r)) => Outcome::Unproven(r),
    }
}

/// The walk of [`walk_mixed`]'s common case, a step per leaf of `B`, each unrolled over the
/// `NA` leaves of `A` (see [`cute_core::algebra::composition::compose_leaf`]).
struct LeafWalk<'a, NA> {
    /// `A`'s leaves.
    a: (&'a [i64], &'a [i64]),
    /// `B`'s leaves.
    b: (&'a [i64], &'a [i64]),
    /// Which leaves of `B` have a static stride (a static 0 takes one slot).
    statics: &'a [Option<i64>],
    /// The slots of a leaf of `B` of a stride not statically 0.
    width: usize,
    /// The leaves of `B` held to the exactness rule.
    scoped: usize,
    /// The result's leaves.
    out: (&'a mut [i64], &'a mut [i64]),
    /// The digits summed per leaf of `A`.
    max: &'a mut [i64],
    /// The first slot of the next leaf of `B`.
    at: usize,
    /// The leaves in scope with a stride not 0.
    modes: usize,
    /// The number of leaves of `A`.
    count: PhantomData<NA>,
}

impl<NA: Buffer> Unrolled for LeafWalk<'_, NA> {
    #[inline(always)]
    fn step(&mut self, k: usize) -> Option<()> {
        let w = if *self.statics.get(k)? == Some(0) {
            1
        } else {
            self.width
        };
        let end = self.at + w;
        let (n, d) = (*self.b.0.get(k)?, *self.b.1.get(k)?);
        let scoped = k < self.scoped;
        self.modes += usize::from(scoped && d != 0);
        let run_s = self.out.0.get_mut(self.at..end)?;
        let run_d = self.out.1.get_mut(self.at..end)?;
        let mut over = LeafOverA {
            a: self.a,
            leaf: cute_core::algebra::composition::LeafWalk::start(
                self.a,
                (n, d),
                (&mut *run_s, &mut *run_d),
            )?,
            run: (&mut *run_s, &mut *run_d),
            max: scoped.then_some(&mut *self.max),
        };
        NA::each(&mut over)?;
        over.leaf.finish(self.a, (run_s, run_d))?;
        self.at = end;
        Some(())
    }
}

/// One leaf of `B` over the leaves of `A` but the last (part of [`LeafWalk`]).
struct LeafOverA<'a, 'r> {
    /// `A`'s leaves.
    a: (&'a [i64], &'a [i64]),
    /// The walk.
    leaf: cute_core::algebra::composition::LeafWalk,
    /// The leaf's run of slots.
    run: (&'r mut [i64], &'r mut [i64]),
    /// The digits, for a leaf in scope.
    max: Option<&'r mut [i64]>,
}

impl Unrolled for LeafOverA<'_, '_> {
    #[inline(always)]
    fn step(&mut self, j: usize) -> Option<()> {
        if j + 1 >= self.a.0.len() {
            return Some(());
        }
        self.leaf.step(
            self.a,
            j,
            (&mut *self.run.0, &mut *self.run.1),
            self.max.as_deref_mut(),
        )
    }
}

/// The result of a mixed operation from its walk: an exact result as it is; otherwise `cold`
/// (the `cute_core` operation on the lowered operands) decides: its error, or, when it
/// succeeds, the walk's result (the same walk). `err(kind)` is the operation's error where
/// `cold` succeeds but the walk failed, which the shared walk rules out.
#[inline(always)]
pub(crate) fn finish<R>(
    walked: Outcome<R>,
    cold: impl FnOnce() -> Result<(), Error>,
    err: impl FnOnce(cute_core::ErrorKind) -> Error,
) -> Result<R, Error> {
    match walked {
        Outcome::Exact(r) => Ok(r),
        Outcome::Unproven(r) => match decide(cold) {
            None => Ok(r),
            Some(e) => Err(e),
        },
        Outcome::Failed(kind) => Err(decide(cold).unwrap_or_else(|| err(kind))),
    }
}

/// `cold`'s error, out of line.
#[cold]
#[inline(never)]
fn decide(cold: impl FnOnce() -> Result<(), Error>) -> Option<Error> {
    cold().err()
}

/// The result of a `cute_core` operation without its value.
#[inline(always)]
pub(crate) fn cold_result<T>(r: Result<T, Error>) -> Result<(), Error> {
    r.map(|_| ())
}

/// The error `kind` of `op` on `A` (lowered) and `b`.
#[cold]
#[inline(never)]
pub(crate) fn lowered_error<SA, DA>(
    op: cute_core::Op,
    a: &Layout<SA, DA>,
    b: &dyn Lowered,
    kind: cute_core::ErrorKind,
) -> Error
where
    SA: ShapeTuple + Congruent<DA>,
    DA: IntTupleType,
{
    Error::new(
        op,
        [
            cute_core::Operand::kept(|| cute_core::Operand::from(&a.to_dynamic())),
            cute_core::Operand::kept(|| b.operand()),
        ],
        kind,
    )
}

/// A lowered operand of an error: a layout or a tiler (part of the implementation of the mixed
/// operations).
pub trait Lowered {
    /// The operand.
    fn operand(&self) -> cute_core::Operand;
}
impl Lowered for cute_core::Layout {
    fn operand(&self) -> cute_core::Operand {
        cute_core::Operand::from(self)
    }
}
impl Lowered for cute_core::Tiler {
    fn operand(&self) -> cute_core::Operand {
        cute_core::Operand::from(self)
    }
}
impl Lowered for cute_core::IntTuple {
    fn operand(&self) -> cute_core::Operand {
        cute_core::Operand::from(self)
    }
}

/// What the mixed walk knows of `A` statically: `coalesce(A)` is one mode `s:d`
/// ([`Single`]), or up to `C` modes known at run time ([`Slots`]) (part of the implementation of
/// [`Composition`]).
pub trait WalkOf {
    /// [`Single`] or [`Slots`].
    type Info: WalkInfo;
}

/// `coalesce(A)` is the one mode `S:D`.
pub struct Single<S, D>(PhantomData<(S, D)>);
/// `coalesce(A)` has at most `C` modes, known at run time.
pub struct Slots<C>(PhantomData<C>);

/// The number of result modes of a leaf of `B` (part of the implementation of [`Composition`]).
pub trait WalkInfo {
    /// 1 for [`Single`], `C` for [`Slots`].
    const WIDTH: usize;
}
impl<S, D> WalkInfo for Single<S, D> {
    const WIDTH: usize = 1;
}
impl<C: Unsigned> WalkInfo for Slots<C> {
    const WIDTH: usize = C::USIZE;
}

impl<SA, DA> WalkOf for Layout<SA, DA>
where
    (SA, DA): AllStaticOf,
    Self: WalkCase<<(SA, DA) as AllStaticOf>::Output>,
{
    type Info = <Self as WalkCase<<(SA, DA) as AllStaticOf>::Output>>::Output;
}

/// [`WalkOf`] knowing whether `A` is static (part of the implementation of [`Composition`]).
pub trait WalkCase<AllStatic> {
    /// [`Single`] or [`Slots`].
    type Output: WalkInfo;
}

/// A static `A`: its `coalesce_x` modes, from the static operator.
impl<SA, DA> WalkCase<B1> for Layout<SA, DA>
where
    SA: Leaves,
    DA: Leaves,
    <SA as Leaves>::Output: ZipModes<<DA as Leaves>::Output>,
    FlatModes<SA, DA>: Merge<B1>,
    ModesX<SA, DA>: ModesInfo,
{
    type Output = <ModesX<SA, DA> as ModesInfo>::Output;
}

/// A runtime leaf in `A`: one mode when `A` has one leaf, else a slot per leaf.
impl<SA, DA> WalkCase<B0> for Layout<SA, DA>
where
    SA: Leaves,
    DA: Leaves,
    <SA as Leaves>::Output: ListLen + Head,
    <DA as Leaves>::Output: Head,
    <<SA as Leaves>::Output as ListLen>::Output: IsUnit,
    IsOne<<<SA as Leaves>::Output as ListLen>::Output>: Select<
        Single<<<SA as Leaves>::Output as Head>::Output, <<DA as Leaves>::Output as Head>::Output>,
        Slots<<<SA as Leaves>::Output as ListLen>::Output>,
    >,
    <IsOne<<<SA as Leaves>::Output as ListLen>::Output> as Select<
        Single<<<SA as Leaves>::Output as Head>::Output, <<DA as Leaves>::Output as Head>::Output>,
        Slots<<<SA as Leaves>::Output as ListLen>::Output>,
    >>::Output: WalkInfo,
{
    type Output = <IsOne<<<SA as Leaves>::Output as ListLen>::Output> as Select<
        Single<<<SA as Leaves>::Output as Head>::Output, <<DA as Leaves>::Output as Head>::Output>,
        Slots<<<SA as Leaves>::Output as ListLen>::Output>,
    >>::Output;
}

/// [`Single`] for a list of one mode, [`Slots`] of its length otherwise (part of the
/// implementation of [`Composition`]).
pub trait ModesInfo {
    /// [`Single`] or [`Slots`].
    type Output: WalkInfo;
}
impl<S, D> ModesInfo for TCons<Mode<S, D>, TNil> {
    type Output = Single<S, D>;
}
impl<H, N, T> ModesInfo for TCons<H, TCons<N, T>>
where
    TCons<H, TCons<N, T>>: ListLen,
    <TCons<H, TCons<N, T>> as ListLen>::Output: Unsigned,
{
    type Output = Slots<<TCons<H, TCons<N, T>> as ListLen>::Output>;
}

/// The result node of a node of `B` (shape `Self`, stride `D`) composed over `A`, `Info` being
/// what is static of `A` (part of the implementation of [`Composition`]).
pub trait ComposeNode<Info, D> {
    /// The result shape.
    type Shape;
    /// The result stride.
    type Stride;
}

/// A leaf `n:r` of `B`, by the kind of `r` and what is known of `A`.
impl<N: Int, R: Int, Info> ComposeNode<Info, R> for N
where
    (R::Kind, Info): LeafCompose<N, R>,
{
    type Shape = <(R::Kind, Info) as LeafCompose<N, R>>::Shape;
    type Stride = <(R::Kind, Info) as LeafCompose<N, R>>::Stride;
}

/// The result node of a leaf `n:r` of `B` (part of the implementation of [`Composition`]).
pub trait LeafCompose<N, R> {
    /// The result shape.
    type Shape;
    /// The result stride.
    type Stride;
}
/// `A ∘ n:0 = n:0`.
impl<N, R, Info> LeafCompose<N, R> for (Zero, Info) {
    type Shape = N;
    type Stride = U0;
}
macro_rules! leaf_compose {
    ($($kind:ty)*) => {$(
        /// `s:d ∘ n:r = n:(r·d)`.
        impl<N, R: IntMul<D>, S, D: Int> LeafCompose<N, R> for ($kind, Single<S, D>) {
            type Shape = N;
            type Stride = MulOf<R, D>;
        }
        /// The walk's modes at run time, in `C` slots.
        impl<N, R, C: DynModes> LeafCompose<N, R> for ($kind, Slots<C>) {
            type Shape = <C as DynModes>::Output;
            type Stride = <C as DynModes>::Output;
        }
    )*};
}
leaf_compose!(One Many Runtime);

/// `C` runtime leaves in a tuple (part of the implementation of [`Composition`]).
pub trait DynModes {
    /// `(Dyn, ..., Dyn)`.
    type Output;
}

/// `DynModesOf<C> = <C as DynModes>::Output`.
pub type DynModesOf<C> = <C as DynModes>::Output;

/// A **type operator** for `A ∘ B` on static layouts: `R(i) == A(B(i))` for every `i < size(B)`,
/// with CuTe's normal form; a condition that fails is a compile error that names it.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticCompositionOf, StaticLayout};
/// type A = Layout<(U4, U6, U8, U10), (U2, U3, U5, U7)>;
/// type B = Layout<U6, U12>;
/// assert_eq!(<StaticCompositionOf<A, B> as StaticLayout>::LAYOUT.to_string(), "(2,3):(9,5)");
/// ```
pub trait StaticComposition<B> {
    /// The composed layout.
    type Output;
}

/// `StaticCompositionOf<A, B> = <A as StaticComposition<B>>::Output`.
pub type StaticCompositionOf<A, B> = <A as StaticComposition<B>>::Output;

/// `coalesce_x(A)` as a list of modes.
type ModesX<S, D> = <FlatModes<S, D> as Merge<B1>>::Output;

/// `A ∘ B = walk(B over coalesce_x(A))`, when the digits of `B`'s modes never carry.
impl<SA, DA, SB, DB> StaticComposition<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: Leaves,
    DA: Leaves,
    <SA as Leaves>::Output: ZipModes<<DA as Leaves>::Output>,
    FlatModes<SA, DA>: Merge<B1>,
    SB: OverA<ModesX<SA, DA>, DB, B1>,
    OverOf<SB, ModesX<SA, DA>, DB, B1>: Distributes<ModesX<SA, DA>>,
{
    type Output = <OverOf<SB, ModesX<SA, DA>, DB, B1> as Distributes<ModesX<SA, DA>>>::Output;
}

/// The layout of a walked `B` whose digits fit in the modes of `coalesce_x(A)` (part of the
/// implementation of [`Composition`]).
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
    /// The [`Over`] of this node.
    type Output: Walked;
}

/// `OverOf<N, FA, D, Strict> = <N as OverA<FA, D, Strict>>::Output`.
pub type OverOf<N, FA, D, Strict> = <N as OverA<FA, D, Strict>>::Output;

/// A node of `B` walked over `coalesce_x(A)`: the result shape and stride for the node, and the
/// largest digit its leaves place in each mode of `coalesce_x(A)` but the last, summed.
pub struct Over<Shape, Stride, Digits>(PhantomData<(Shape, Stride, Digits)>);

/// Reads an [`Over`].
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

/// The three cases of a leaf of `B` (part of the implementation of [`Composition`]).
pub trait LeafCase<ZeroStride, Single, N, R, Strict> {
    /// The [`Over`] of the leaf.
    type Output: Walked;
}

/// `A ∘ n:0 = n:0`.
impl<FA: Zeros, Single, N, R, Strict> LeafCase<B1, Single, N, R, Strict> for FA {
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

/// The result modes of a walk and the digits it placed in each mode but the last.
pub struct Path<Modes, Digits>(PhantomData<(Modes, Digits)>);

/// The walk of one leaf of `B` from the remaining modes of `coalesce_x(A)`, with `RN` elements
/// left, remaining stride `RD`, and `Kept = B1` once a mode has been kept (part of the
/// implementation of [`Composition`]).
pub trait Walk<RN, RD, Kept, Strict> {
    /// The [`Path`].
    type Output;
}

/// The last mode (unbounded) keeps `RN:(RD·d)` unless all elements are placed.
impl<S, D, RN, RD, Kept, Strict> Walk<RN, RD, Kept, Strict> for TCons<Mode<S, D>, TNil>
where
    RN: IsUnit,
    Mode<S, D>: LastMode<Kept, <RN as IsUnit>::Output, RN, RD>,
{
    type Output = <Mode<S, D> as LastMode<Kept, <RN as IsUnit>::Output, RN, RD>>::Output;
}

/// The last mode, knowing whether a mode was kept and whether `RN == 1` (part of the
/// implementation of [`Composition`]).
pub trait LastMode<Kept, Placed, RN, RD> {
    /// The [`Path`].
    type Output;
}
/// Something was kept and nothing is left: the last mode adds nothing.
impl<S, D, RN, RD> LastMode<B1, B1, RN, RD> for Mode<S, D> {
    type Output = Path<TNil, TNil>;
}
/// Elements are left: `RN:(RD·d)`.
impl<S, D, Kept, RN, RD: Times<D>> LastMode<Kept, B0, RN, RD> for Mode<S, D> {
    type Output = Path<TCons<Mode<RN, Product<RD, D>>, TNil>, TNil>;
}
/// Nothing was kept: the result is `1:(RD·d)`.
impl<S, D, RN, RD: Times<D>> LastMode<B0, B1, RN, RD> for Mode<S, D> {
    type Output = Path<TCons<Mode<RN, Product<RD, D>>, TNil>, TNil>;
}

/// A mode that is not the last: a step, then the walk goes on.
impl<S, D, M, T, RN, RD, Kept, Strict> Walk<RN, RD, Kept, Strict> for TCons<Mode<S, D>, TCons<M, T>>
where
    Mode<S, D>: Step<RN, RD>,
    TCons<M, T>: WalkOn<<Mode<S, D> as Step<RN, RD>>::Output, Kept, Strict>,
{
    type Output =
        <TCons<M, T> as WalkOn<<Mode<S, D> as Step<RN, RD>>::Output, Kept, Strict>>::Output;
}

/// The walk after a step over one mode: its conditions, then the rest (part of the
/// implementation of [`Composition`]).
pub trait WalkOn<Stepped, Kept, Strict> {
    /// The [`Path`].
    type Output;
}
impl<Rest, DivOk, NextStride, Keep, New, ShapeOk, Fits, Result, NextN, Digit, Kept, Strict>
    WalkOn<Stepped<DivOk, NextStride, Keep, New, ShapeOk, Fits, Result, NextN, Digit>, Kept, Strict>
    for Rest
where
    DivOk: StrideDivisibility,
    ShapeOk: ShapeDivisibility,
    Strict: Not,
    <Strict as Not>::Output: BitOr<Fits>,
    Or<<Strict as Not>::Output, Fits>: StrideFitsMode,
    Kept: BitOr<Keep>,
    Rest: Walk<NextN, NextStride, Or<Kept, Keep>, Strict>,
    <Rest as Walk<NextN, NextStride, Or<Kept, Keep>, Strict>>::Output:
        Front<Keep, Mode<New, Result>, Digit>,
{
    type Output = <<Rest as Walk<NextN, NextStride, Or<Kept, Keep>, Strict>>::Output as Front<
        Keep,
        Mode<New, Result>,
        Digit,
    >>::Output;
}

/// The step's digit in front of the rest's, and its mode when it keeps one (part of the
/// implementation of [`Composition`]).
pub trait Front<Keep, M, G> {
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
/// [`Composition`]):
/// - `DivOk`: `RD % s == 0 || RD < s` (stride divisibility);
/// - `NextStride`: `⌈RD / s⌉`;
/// - `Keep`: the step keeps `New = min(⌈s / RD⌉, RN)` elements in the mode, at stride
///   `Result = RD · d` (else it divides the mode out, or all is placed);
/// - `ShapeOk`: `RN % New == 0`, or the step does not keep;
/// - `Fits`: not `RN / New > 1 && s % RD != 0`, or the step does not keep;
/// - `NextN`: `RN / New`, or `RN` when the step does not keep;
/// - `Digit`: `(New - 1) · RD`, or 0 when the step does not keep.
#[allow(
    clippy::type_complexity,
    reason = "the nine quantities of a step, taken apart by `WalkOn`'s impl header"
)]
pub struct Stepped<DivOk, NextStride, Keep, New, ShapeOk, Fits, Result, NextN, Digit>(
    PhantomData<(
        DivOk,
        NextStride,
        Keep,
        New,
        ShapeOk,
        Fits,
        Result,
        NextN,
        Digit,
    )>,
);

/// One step over a mode `s:d` with `RN` elements left and stride `RD`: its [`Stepped`], each
/// quantity computed only on the branch that needs it (part of the implementation of
/// [`Composition`]).
pub trait Step<RN, RD> {
    /// The [`Stepped`].
    type Output;
}

/// The step branches on `RD < s` before it divides.
impl<S, D, RN, RD> Step<RN, RD> for Mode<S, D>
where
    RD: SubBorrow<S, B0>,
    Mode<S, D>: StepCase<Less<RD, S>, RN, RD>,
{
    type Output = <Mode<S, D> as StepCase<Less<RD, S>, RN, RD>>::Output;
}

/// [`Step`] knowing whether `RD < s` (part of the implementation of [`Composition`]).
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
/// [`Composition`]).
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
/// (part of the implementation of [`Composition`]).
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

/// The step that keeps `New = min(⌈s / RD⌉, RN)` elements at stride `RD · d`, from
/// `s = q·RD + r` (part of the implementation of [`Composition`]).
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

/// The step that keeps `New` elements, from `RN = q·New + r` and `r_s = s % RD` (part of the
/// implementation of [`Composition`]).
pub trait Kept<RS, New, RD, D> {
    /// The [`Stepped`].
    type Output;
}
impl<Q, R, RS, New, RD, D> Kept<RS, New, RD, D> for QuotRem<Q, R>
where
    R: IsZero,
    RS: IsZero,
    Q: IsUnit,
    <RS as IsZero>::Output: BitOr<<Q as IsUnit>::Output>,
    RD: Times<D>,
    New: SubBorrow<UTerm, B1>,
    Dec<New>: Times<RD>,
{
    type Output = Stepped<
        B1,
        U1,
        B1,
        New,
        <R as IsZero>::Output,
        Or<<RS as IsZero>::Output, <Q as IsUnit>::Output>,
        Product<RD, D>,
        Q,
        Product<Dec<New>, RD>,
    >;
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

/// A walk's result modes as a shape and a stride: one mode unwraps to `s:d` (CuTe's `unwrap`),
/// several make flat tuples (part of the implementation of `Composition`).
pub trait Unwrap {
    /// The [`Over`] of the walked leaf.
    type Output: Walked;
}

impl<S, D, G> Unwrap for Path<TCons<Mode<S, D>, TNil>, G> {
    type Output = Over<S, D, G>;
}
