//! The composition of layouts with a runtime leaf: the result's structure from what is static (one
//! node per leaf of `B`, as wide as what is known of `A`), its values from `cute_core`'s walk at
//! run time, and what the walk cannot show exact decided by `cute_core::composition` on the lowered
//! operands (part of the implementation of [`Composition`](super::composition::Composition)).

use core::marker::PhantomData;

use cute_core::algebra::composition::{compose_slots, empty_mode_reached, leaves_carry};
use cute_core::Error;
use typenum::{Unsigned, B0, B1, U0};

use super::coalesce::{FlatModes, Merge};
use super::modes::ResultLayout;
use crate::int::mul::{IntMul, MulOf};
use crate::int::{Int, IsUnit, Many, One, Runtime, Zero};
use crate::int_tuple::{AllStaticOf, Buffer, Congruent, IntTupleType, ShapeTuple, Unrolled};
use crate::layout::Layout;
use crate::list::ListLen;
use crate::list::{Head, IsOne, Leaves, Mode, TCons, TNil, ZipModes};

use super::composition_static::{ModesX, Select};

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
    a_leaves: usize,
    cold: impl FnOnce() -> Result<(), Error>,
    err: impl FnOnce(cute_core::ErrorKind) -> Error,
) -> Result<R, Error> {
    match walked {
        Outcome::Exact(r) => Ok(r),
        // The walk of a one-leaf `A` proves what it gives (`walk_mixed`): said by a constant
        // here, as LLVM does not forward the outcome's variant through memory in a large kernel
        // (the arm below stayed in a GPU kernel, with its call to the dynamic operation).
        Outcome::Unproven(r) if a_leaves == 1 => Ok(r),
        Outcome::Unproven(r) => match decide(cold) {
            None => Ok(r),
            Some(e) => Err(e),
        },
        // On a GPU an error keeps no operand, and the walk's condition is the error: the
        // dynamic operation that names the first failing condition is not carried there.
        Outcome::Failed(kind) if !cute_core::Operand::KEPT => Err(err(kind)),
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
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
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
            cute_core::Operand::kept(|| cute_core::Operand::of(a)),
            cute_core::Operand::kept(|| b.operand()),
        ],
        kind,
    )
}

/// A lowered operand of an error: a layout or a tiler (part of the implementation of the mixed
/// operations).
pub(crate) trait Lowered {
    /// The operand.
    fn operand(&self) -> cute_core::Operand;
}
impl Lowered for cute_core::Layout {
    fn operand(&self) -> cute_core::Operand {
        cute_core::Operand::from(self)
    }
}
// A static layout is lowered only where operands keep their notation (not on a GPU).
impl<S: ShapeTuple + Congruent<D>, D: IntTupleType> Lowered for Layout<S, D> {
    fn operand(&self) -> cute_core::Operand {
        cute_core::Operand::of(self)
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
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait WalkOf {
    /// [`Single`] or [`Slots`].
    type Info: WalkInfo;
}

/// `coalesce(A)` is the one mode `S:D`.
pub struct Single<S, D>(PhantomData<(S, D)>);
/// `coalesce(A)` has at most `C` modes, known at run time.
pub struct Slots<C>(PhantomData<C>);

/// The number of result modes of a leaf of `B` (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
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

/// [`WalkOf`] knowing whether `A` is static (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
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
/// implementation of [`Composition`](super::composition::Composition)).
#[doc(hidden)]
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

/// The result node of a node of `B` (shape `Self`, stride `D`) composed over `A`, `Info` being what
/// is static of `A` (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
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

/// The result node of a leaf `n:r` of `B` (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
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

/// `C` runtime leaves in a tuple (part of the implementation of
/// [`Composition`](super::composition::Composition)).
#[doc(hidden)]
pub trait DynModes {
    /// `(Dyn, ..., Dyn)`.
    type Output;
}

/// `DynModesOf<C> = <C as DynModes>::Output`.
pub(crate) type DynModesOf<C> = <C as DynModes>::Output;
