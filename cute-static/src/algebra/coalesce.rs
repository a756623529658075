//! `Coalesce`: the type operator of `cute_core::coalesce` (Cecka, *CuTe Layout Representation and
//! Algebra*, §3.2).
//!
//! The flat modes are merged from the back, as CuTe's `bw_coalesce`:
//!
//! - `coalesce(s:d) = s:d` for the last mode;
//! - `coalesce((1,M):(d,D)) = coalesce(M:D)`: a size-1 mode disappears;
//! - `coalesce((s,1):(d,e)) = s:d` when `1:e` is all that is left;
//! - `coalesce((s0,s1,M):(d0,s0*d0,D)) = coalesce((s0*s1,M):(d0,D))`: adjacent modes merge;
//! - otherwise `s0:d0` is prepended to the coalesced rest;
//! - and a result of size 1 is `1:0`.

use core::ops::BitAnd;

use typenum::{Bit, B0, B1, U0, U1};

use crate::list::{IsNil, IsOne, Leaves, Mode, TCons, TNil, ZipModes};
use cute_core::Error;

use super::modes::ResultLayout;
use crate::int::arith::{Product, Same, Times};
use crate::int::{Int, IsUnit};
use crate::int_tuple::{AllStaticOf, Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;

unary_operator!(
    /// A **type operator** for `coalesce(L)` on layouts of static and runtime leaves, with its
    /// value: a layout equal to `L` on `[0, size(L))`. Static modes merge as in the static
    /// operator; a mode with a runtime leaf stays, as CuTe's `coalesce` keeps what it cannot
    /// decide at compile time (the result equals `cute_core::coalesce` after coalescing again).
    Coalesce / CoalesceOf / coalesce,
    CoalesceCase,
    StaticCoalesce / StaticCoalesceOf,
    "coalesce(L)",
    "`coalesce(L)` is not defined for this operand",
    "L is a layout"
);

/// A runtime leaf: the static rule on what is static, the runtime leaves kept where they are.
impl<S, D> CoalesceCase<B0> for Layout<S, D>
where
    S: ShapeTuple + Congruent<D> + Leaves,
    D: IntTupleType + Leaves,
    S::Output: ZipModes<D::Output>,
    FlatModes<S, D>: Merge<B0>,
    <FlatModes<S, D> as Merge<B0>>::Output: FromModes,
    <<FlatModes<S, D> as Merge<B0>>::Output as FromModes>::Output: ResultLayout,
{
    type Output = <<FlatModes<S, D> as Merge<B0>>::Output as FromModes>::Output;
    #[inline]
    fn coalesce(l: &Self) -> Result<Self::Output, Error> {
        let (s, d) = l.leaves();
        let (s, d) = (s.as_ref(), d.as_ref());
        let (ss, ds) = (&S::STATICS, &D::STATICS);
        let (mut os, mut od) = ([0i64; cute_core::MAX_LEAVES], [0i64; cute_core::MAX_LEAVES]);
        let n = S::LEAVES;
        let modes = (0..n).map(|k| ((s[k], ss[k]), (d[k], ds[k])));
        let count = merge_static(modes, &mut os, &mut od);
        // The runtime leaves are those of `L`: the offsets fit as they did.
        let _ = count;
        Self::Output::checked(&os, &od).map_err(|kind| unreachable_overflow(l, kind))
    }
}

/// A leaf's value and, when it is static, the value the type holds.
type Leaf = (i64, Option<i64>);

/// The merge of [`Merge`] on values, deciding only on static leaves: the result modes in order
/// into `out_s:out_d`, and their number. The twin of the type-level rule, so the values land
/// where the type puts its leaves.
fn merge_static(
    modes: impl DoubleEndedIterator<Item = (Leaf, Leaf)>,
    out_s: &mut [i64],
    out_d: &mut [i64],
) -> usize {
    // Built back to front, then reversed.
    let mut rev: [(Leaf, Leaf); cute_core::MAX_LEAVES] =
        [((0, None), (0, None)); cute_core::MAX_LEAVES];
    let mut n = 0usize;
    for (s, d) in modes.rev() {
        if n == 0 {
            rev[0] = (s, d);
            n = 1;
            continue;
        }
        if s.1 == Some(1) {
            continue;
        }
        let (fs, fd) = rev[n - 1];
        if n == 1 && fs.1 == Some(1) {
            rev[0] = (s, d);
        } else if let (Some(a), Some(b), Some(f), Some(g)) = (s.1, d.1, fs.1, fd.1) {
            if a * b == g {
                let v = a * f;
                rev[n - 1] = ((v, Some(v)), d);
            } else {
                rev[n] = (s, d);
                n += 1;
            }
        } else {
            rev[n] = (s, d);
            n += 1;
        }
    }
    if n == 1 && rev[0].0 .1 == Some(1) {
        rev[0] = ((1, Some(1)), (0, Some(0)));
    }
    for k in 0..n {
        out_s[k] = rev[n - 1 - k].0 .0;
        out_d[k] = rev[n - 1 - k].1 .0;
    }
    n
}

/// Coalescing keeps the offsets of a checked layout: this error is never built.
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn unreachable_overflow<S, D>(l: &Layout<S, D>, kind: cute_core::ErrorKind) -> Error
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    Error::new(
        cute_core::Op::Coalesce,
        [
            cute_core::Operand::kept(|| cute_core::Operand::of(&l)),
            None,
        ],
        kind,
    )
}

/// A **type operator** that coalesces a static layout: the simplest layout with the same
/// function on `[0, size)`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, StaticCoalesceOf, Layout, StaticLayout};
/// type L = Layout<(U2, (U1, U6)), (U1, (U6, U2))>;
/// assert_eq!(<StaticCoalesceOf<L> as StaticLayout>::LAYOUT.to_string(), "12:1");
/// ```
pub trait StaticCoalesce {
    /// The coalesced layout.
    type Output;
}

/// `StaticCoalesceOf<L> = <L as StaticCoalesce>::Output`.
pub type StaticCoalesceOf<L> = <L as StaticCoalesce>::Output;

/// `coalesce(S:D) = from_modes(merge(zip(flatten(S), flatten(D))))`.
impl<S, D> StaticCoalesce for Layout<S, D>
where
    S: Leaves,
    D: Leaves,
    S::Output: ZipModes<D::Output>,
    FlatModes<S, D>: Merge<B0>,
    <FlatModes<S, D> as Merge<B0>>::Output: FromModes,
{
    type Output = <<FlatModes<S, D> as Merge<B0>>::Output as FromModes>::Output;
}

/// The flat modes of `S:D`: `zip(flatten(S), flatten(D))`.
pub type FlatModes<S, D> = <<S as Leaves>::Output as ZipModes<<D as Leaves>::Output>>::Output;

/// Merges a list of flat modes from the back (part of the implementation of [`Coalesce`]).
/// `Extend = B1` is CuTe's `coalesce_x`, used by composition: a trailing size-1 mode becomes a
/// size-2 mode with its stride, so the result also agrees past the size, where the last mode
/// extends.
#[doc(hidden)]
pub trait Merge<Extend> {
    /// The merged list.
    type Output;
}

/// `merge([s:d]) = [s:d]`: the last mode starts the result.
impl<S, D> Merge<B0> for TCons<Mode<S, D>, TNil> {
    type Output = TCons<Mode<S, D>, TNil>;
}

/// `merge_x([1:d]) = [2:d]`, `merge_x([s:d]) = [s:d]`.
impl<S, D> Merge<B1> for TCons<Mode<S, D>, TNil>
where
    S: IsUnit,
    Mode<S, D>: ExtendLast<IsOne<S>>,
{
    type Output = TCons<<Mode<S, D> as ExtendLast<IsOne<S>>>::Output, TNil>;
}

/// The last mode of `coalesce_x` (part of the implementation of [`Merge`]).
#[doc(hidden)]
pub trait ExtendLast<SizeOne> {
    /// The mode.
    type Output;
}

impl<S, D> ExtendLast<B1> for Mode<S, D> {
    type Output = Mode<typenum::U2, D>;
}

impl<S, D> ExtendLast<B0> for Mode<S, D> {
    type Output = Mode<S, D>;
}

/// `merge(m :: rest) = m ⊕ merge(rest)`.
impl<Extend, S, D, N, T> Merge<Extend> for TCons<Mode<S, D>, TCons<N, T>>
where
    TCons<N, T>: Merge<Extend>,
    Mode<S, D>: Push<<TCons<N, T> as Merge<Extend>>::Output>,
{
    type Output = <Mode<S, D> as Push<<TCons<N, T> as Merge<Extend>>::Output>>::Output;
}

/// `m ⊕ new`: one step of the merge (part of the implementation of [`Coalesce`]).
#[doc(hidden)]
pub trait Push<Later> {
    /// The new list.
    type Output;
}

type Mode1<S> = IsOne<S>;

/// Dispatches on whether the mode has size 1.
impl<S, D, Later> Push<Later> for Mode<S, D>
where
    S: IsUnit,
    Mode<S, D>: PushIf<Mode1<S>, Later>,
{
    type Output = <Mode<S, D> as PushIf<Mode1<S>, Later>>::Output;
}

/// `m ⊕ new` knowing whether `m` has size 1 (part of the implementation of [`Coalesce`]).
#[doc(hidden)]
pub trait PushIf<SizeOne: Bit, Later> {
    /// The new list.
    type Output;
}

/// `(1:d) ⊕ new = new`.
impl<S, D, Later> PushIf<B1, Later> for Mode<S, D> {
    type Output = Later;
}

/// `(s:d) ⊕ (s1:d1 :: t)` for `s != 1`: replace a lone size-1 mode, merge, or prepend.
impl<S, D, S1, D1, T> PushIf<B0, TCons<Mode<S1, D1>, T>> for Mode<S, D>
where
    T: IsNil,
    S1: IsUnit,
    <T as IsNil>::Output: BitAnd<IsOne<S1>>,
    (S, D, S1, D1): MergeTest,
    Mode<S, D>: Place<Lone<T, S1>, Merges<S, D, S1, D1>, TCons<Mode<S1, D1>, T>>,
{
    type Output =
        <Mode<S, D> as Place<Lone<T, S1>, Merges<S, D, S1, D1>, TCons<Mode<S1, D1>, T>>>::Output;
}

/// `B1` when the rest is a lone size-1 mode.
type Lone<T, S1> = <<T as IsNil>::Output as BitAnd<IsOne<S1>>>::Output;

/// `B1` when `s*d == d1`: the two modes merge.
type Merges<S, D, S1, D1> = <(S, D, S1, D1) as MergeTest>::Output;

/// `B1` when the mode `s:d` and the front `s1:d1` of the merged rest are all static and
/// `s·d == d1`: as CuTe's `bw_coalesce`, modes merge only where the compiler can tell (part of
/// the implementation of [`Coalesce`]).
#[doc(hidden)]
pub trait MergeTest {
    /// `B1` or `B0`.
    type Output;
}
impl<S: Int, D: Int, S1: Int, D1: Int> MergeTest for (S, D, S1, D1)
where
    (S, D, S1, D1): AllStaticOf,
    (S, D, D1): MergeWhenStatic<<(S, D, S1, D1) as AllStaticOf>::Output>,
{
    type Output = <(S, D, D1) as MergeWhenStatic<<(S, D, S1, D1) as AllStaticOf>::Output>>::Output;
}

/// [`MergeTest`] knowing whether the four leaves are static (part of the implementation of
/// [`Coalesce`]).
#[doc(hidden)]
pub trait MergeWhenStatic<AllStatic> {
    /// `B1` or `B0`.
    type Output;
}
impl<S: Times<D>, D, D1> MergeWhenStatic<B1> for (S, D, D1)
where
    Product<S, D>: Same<D1>,
{
    type Output = <Product<S, D> as Same<D1>>::Output;
}
impl<S, D, D1> MergeWhenStatic<B0> for (S, D, D1) {
    type Output = B0;
}

/// Places a mode of size != 1 at the front of the merged rest (part of the implementation of
/// [`Coalesce`]).
#[doc(hidden)]
pub trait Place<IsLone, DoesMerge, Later> {
    /// The new list.
    type Output;
}

/// `(s:d) ⊕ [1:e] = [s:d]`.
impl<S, D, M, Later> Place<B1, M, Later> for Mode<S, D> {
    type Output = TCons<Mode<S, D>, TNil>;
}

/// `(s0:d0) ⊕ (s1:s0*d0 :: t) = (s0*s1:d0 :: t)`.
impl<S, D, S1, D1, T> Place<B0, B1, TCons<Mode<S1, D1>, T>> for Mode<S, D>
where
    S1: Times<S>,
{
    type Output = TCons<Mode<Product<S1, S>, D>, T>;
}

/// `(s:d) ⊕ new = s:d :: new` otherwise.
impl<S, D, Later> Place<B0, B0, Later> for Mode<S, D> {
    type Output = TCons<Mode<S, D>, Later>;
}

/// A list of coalesced modes as a layout: one mode `s:d` (or `1:0` for size 1), or the flat
/// tuple layout of several (part of the implementation of `Coalesce`).
#[doc(hidden)]
pub trait FromModes {
    /// The layout.
    type Output;
}

impl<S, D> FromModes for TCons<Mode<S, D>, TNil>
where
    S: IsUnit,
    Mode<S, D>: Single<IsOne<S>>,
{
    type Output = <Mode<S, D> as Single<IsOne<S>>>::Output;
}

/// One mode as a layout, knowing whether its size is 1.
#[doc(hidden)]
pub trait Single<SizeOne: Bit> {
    /// The layout.
    type Output;
}

/// `1:d` is `1:0`.
impl<S, D> Single<B1> for Mode<S, D> {
    type Output = Layout<U1, U0>;
}

/// `s:d`.
impl<S, D> Single<B0> for Mode<S, D> {
    type Output = Layout<S, D>;
}
