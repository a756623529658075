//! Composition, logical divide and logical product with a tiler: mode `i` of `A` with tile `i`
//! (Cecka, *CuTe Layout Representation and Algebra*, §3.3.5, Eq. 12). Composition drops the modes
//! of `A` past the tiler; the divide and the product keep them.
//! [`TileUnzip`](super::modes::TileUnzip) gathers the result into the zipped form. Each mode goes
//! through the public operator, so a static mode of a mixed layout stays static.

use cute_core::{Error, ErrorKind};
use typenum::{IsLessOrEqual, LeEq, B0, B1};

use super::composition::{ComposeCase, Composition, CompositionOf, StaticComposition};
use super::divide::{LogicalDivide, LogicalDivideCase, LogicalDivideOf, StaticLogicalDivide};
use super::modes::{Gather, TilesOf};
use super::product::{LogicalProduct, LogicalProductCase, LogicalProductOf, StaticLogicalProduct};
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;
use crate::list::{LayoutModes, ListLen, TupleList};
use crate::list::{TCons, TNil};
use crate::tiler::Tiler;

/// `B1` when the tiler has at most as many modes as the layout; the operation mode by mode is
/// computed only then, so a tiler that is too long gives this one error.
#[diagnostic::on_unimplemented(
    message = "too many modes in tiler: the tiler has more modes than the layout it tiles",
    label = "this tiler does not fit the layout"
)]
pub trait TilerRankFits<Modes, Tiles, Op, KeepRest> {
    /// The layout of the results, mode by mode.
    type Output;
    /// The results, mode by mode, as one layout; `op` names the operation in its errors.
    fn run(modes: Modes, tiles: Tiles, op: cute_core::Op) -> Result<Self::Output, Error>;
}
impl<M, T, Op, K> TilerRankFits<M, T, Op, K> for B1
where
    M: Tiled<Op, T, K> + LowerTiles + Copy,
    T: LowerTiles + Copy,
    <M as Tiled<Op, T, K>>::Output: Gather + Invariant,
{
    type Output = <<M as Tiled<Op, T, K>>::Output as Gather>::Output;
    #[inline(always)]
    fn run(modes: M, tiles: T, op: cute_core::Op) -> Result<Self::Output, Error> {
        let r = modes.tiled(tiles)?;
        // Each mode keeps the invariant; together their offsets may still pass `i64`, where
        // `cute_core` rejects the whole result.
        match r.extent() {
            Some(_) => Ok(r.gather()),
            None => Err(tiler_error(&modes, &tiles, op, ErrorKind::Overflow)),
        }
    }
}

/// Which operation [`Tiled`] applies to each mode.
pub struct ComposeEach;
/// Which operation [`Tiled`] applies to each mode.
pub struct DivideEach;
/// Which operation [`Tiled`] applies to each mode.
pub struct ProductEach;

/// One mode `L` with one tile `T` under an operation (part of the implementation of the tiler
/// operators).
#[doc(hidden)]
pub trait ApplyTile<L, T> {
    /// The result mode.
    type Output;
    /// The result mode's value.
    fn apply(l: &L, t: &T) -> Result<Self::Output, Error>;
}
/// The tiles are layouts: a nested tiler would let an uninferred tile recurse without end while
/// the compiler is still inferring the arguments of a value-level call.
impl<L: Composition<Layout<S, D>>, S, D> ApplyTile<L, Layout<S, D>> for ComposeEach {
    type Output = CompositionOf<L, Layout<S, D>>;
    #[inline(always)]
    fn apply(l: &L, t: &Layout<S, D>) -> Result<Self::Output, Error> {
        l.composition(t)
    }
}
impl<L: LogicalDivide<Layout<S, D>>, S, D> ApplyTile<L, Layout<S, D>> for DivideEach {
    type Output = LogicalDivideOf<L, Layout<S, D>>;
    #[inline(always)]
    fn apply(l: &L, t: &Layout<S, D>) -> Result<Self::Output, Error> {
        l.logical_divide(t)
    }
}
impl<L: LogicalProduct<Layout<S, D>>, S, D> ApplyTile<L, Layout<S, D>> for ProductEach {
    type Output = LogicalProductOf<L, Layout<S, D>>;
    #[inline(always)]
    fn apply(l: &L, t: &Layout<S, D>) -> Result<Self::Output, Error> {
        l.logical_product(t)
    }
}

/// Mode by mode over a list of modes and a list of tiles; `KeepRest` keeps the modes past the
/// tiles.
#[doc(hidden)]
pub trait Tiled<Op, Tiles, KeepRest> {
    /// The result modes.
    type Output;
    /// The result modes' values.
    fn tiled(self, tiles: Tiles) -> Result<Self::Output, Error>;
}
impl<Op, K> Tiled<Op, TNil, K> for TNil {
    type Output = TNil;
    #[inline(always)]
    fn tiled(self, _: TNil) -> Result<TNil, Error> {
        Ok(TNil)
    }
}
impl<Op, L, LT> Tiled<Op, TNil, B1> for TCons<L, LT> {
    type Output = TCons<L, LT>;
    #[inline(always)]
    fn tiled(self, _: TNil) -> Result<Self::Output, Error> {
        Ok(self)
    }
}
impl<Op, L, LT> Tiled<Op, TNil, B0> for TCons<L, LT> {
    type Output = TNil;
    #[inline(always)]
    fn tiled(self, _: TNil) -> Result<TNil, Error> {
        Ok(TNil)
    }
}
impl<Op: ApplyTile<L, T>, L, LT: Tiled<Op, TT, K>, T, TT, K> Tiled<Op, TCons<T, TT>, K>
    for TCons<L, LT>
{
    type Output = TCons<<Op as ApplyTile<L, T>>::Output, <LT as Tiled<Op, TT, K>>::Output>;
    #[inline(always)]
    fn tiled(self, tiles: TCons<T, TT>) -> Result<Self::Output, Error> {
        let TCons(l, rest) = self;
        let TCons(t, tiles) = tiles;
        if cfg!(target_arch = "nvptx64") {
            // On a GPU every mode before the first error is looked at (each is pure): no branch
            // between modes, so that a kernel's second tile of the same layout is the first
            // one's value. On a CPU the early exit is faster.
            match (Op::apply(&l, &t), rest.tiled(tiles)) {
                (Ok(mode), Ok(rest)) => Ok(TCons(mode, rest)),
                (Err(e), _) | (_, Err(e)) => Err(e),
            }
        } else {
            Ok(TCons(Op::apply(&l, &t)?, rest.tiled(tiles)?))
        }
    }
}

/// The number of tiles of a tiler tuple.
type TilesLen<T> = <TilesOf<T> as ListLen>::Output;
/// The number of modes of a layout.
type ModesLen<S, D> = <<Layout<S, D> as LayoutModes>::Output as ListLen>::Output;

/// `impl $Trait<Tiler<T>> for Layout<S, D>`: `$Op` mode by mode over the tiles, the modes past
/// them kept (`B1`) or dropped (`B0`), gathered into one layout; the tiler's rank must not exceed
/// the layout's.
macro_rules! by_mode {
    ($(#[$doc:meta])* $Trait:ident, $Case:ident :: $fn:ident, $Op:ty, $Keep:ty, $op:expr) => {
        $(#[$doc])*
        impl<S, D, T> $Trait<Tiler<T>> for Layout<S, D>
        where
            T: TupleList,
            Layout<S, D>: LayoutModes,
            TilesOf<T>: ListLen,
            <Layout<S, D> as LayoutModes>::Output: ListLen,
            TilesLen<T>: IsLessOrEqual<ModesLen<S, D>>,
            LeEq<TilesLen<T>, ModesLen<S, D>>:
                TilerRankFits<<Layout<S, D> as LayoutModes>::Output, TilesOf<T>, $Op, $Keep>,
        {
            type Output = <LeEq<TilesLen<T>, ModesLen<S, D>> as TilerRankFits<
                <Layout<S, D> as LayoutModes>::Output,
                TilesOf<T>,
                $Op,
                $Keep,
            >>::Output;
        }

        $(#[$doc])*
        impl<S, D, T> $Case<Tiler<T>, B0> for Layout<S, D>
        where
            S: Copy,
            D: Copy,
            T: TupleList + Copy,
            Layout<S, D>: LayoutModes,
            TilesOf<T>: ListLen,
            <Layout<S, D> as LayoutModes>::Output: ListLen,
            TilesLen<T>: IsLessOrEqual<ModesLen<S, D>>,
            LeEq<TilesLen<T>, ModesLen<S, D>>:
                TilerRankFits<<Layout<S, D> as LayoutModes>::Output, TilesOf<T>, $Op, $Keep>,
        {
            type Output = <LeEq<TilesLen<T>, ModesLen<S, D>> as TilerRankFits<
                <Layout<S, D> as LayoutModes>::Output,
                TilesOf<T>,
                $Op,
                $Keep,
            >>::Output;
            #[inline(always)]
            fn $fn(a: &Self, t: &Tiler<T>) -> Result<Self::Output, Error> {
                <LeEq<TilesLen<T>, ModesLen<S, D>> as TilerRankFits<
                    <Layout<S, D> as LayoutModes>::Output,
                    TilesOf<T>,
                    $Op,
                    $Keep,
                >>::run(a.modes(), t.tiles().to_list(), $op)
            }
        }
    };
}

by_mode!(
    /// `A ∘ <T0, T1, ...> = (A0 ∘ T0, A1 ∘ T1, ...)`, modes past the tiler dropped.
    StaticComposition, ComposeCase::composition, ComposeEach, B0, cute_core::Op::Composition
);
by_mode!(
    /// `A ⊘ <T0, T1, ...> = (A0 ⊘ T0, A1 ⊘ T1, ..., rest of A)`.
    StaticLogicalDivide, LogicalDivideCase::logical_divide, DivideEach, B1, cute_core::Op::LogicalDivide
);
by_mode!(
    /// `A ⊗ <T0, T1, ...> = (A0 ⊗ T0, A1 ⊗ T1, ..., rest of A)`.
    StaticLogicalProduct, LogicalProductCase::logical_product, ProductEach, B1, cute_core::Op::LogicalProduct
);

/// The layout invariant of results gathered from their modes, each of which keeps it (part of
/// the implementation of the tiler operators).
#[doc(hidden)]
pub trait Invariant {
    /// The product of the nonzero shape leaves of all the modes and their lowest and highest
    /// offsets, `None` when one passes `i64`: the whole result's invariant, as `cute_core`
    /// checks it leaf by leaf. Each mode's own extent needs no check, so this is one checked
    /// product and two checked sums a mode (a kernel's tile took a quick bound and, behind it,
    /// the whole check of every leaf: about 60 instructions of a GPU kernel's `local_tile`).
    fn extent(&self) -> Option<(i64, i64, i64)>;
}
impl Invariant for TNil {
    #[inline(always)]
    fn extent(&self) -> Option<(i64, i64, i64)> {
        Some((1, 0, 0))
    }
}
impl<S: ShapeTuple + Congruent<D>, D: IntTupleType, T: Invariant> Invariant
    for TCons<Layout<S, D>, T>
{
    #[inline(always)]
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "branch-free on a GPU: one test of every condition"
    )]
    fn extent(&self) -> Option<(i64, i64, i64)> {
        let (n, lo, hi) = self.0.extent()?;
        let (m, l, h) = self.1.extent()?;
        if !cfg!(target_arch = "nvptx64") {
            return Some((n.checked_mul(m)?, lo.checked_add(l)?, hi.checked_add(h)?));
        }
        // On a GPU: sizes of nonzero leaves are positive, so an unsigned product (a third of a
        // signed one's instructions there), and one test of the three overflows.
        let (size, o1) = (n as u64).overflowing_mul(m as u64);
        let (lo, o2) = lo.overflowing_add(l);
        let (hi, o3) = hi.overflowing_add(h);
        if o1 | o2 | o3 | (size > i64::MAX as u64) {
            return None;
        }
        Some((size as i64, lo, hi))
    }
}

/// The error of `op` on the layout of the modes `modes` and the tiler of the tiles `tiles`, as
/// `cute_core` names it; built out of line.
#[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
#[cfg_attr(target_arch = "nvptx64", inline(always))]
fn tiler_error<M: LowerTiles, T: LowerTiles>(
    modes: &M,
    tiles: &T,
    op: cute_core::Op,
    kind: ErrorKind,
) -> Error {
    if !cute_core::Operand::KEPT {
        return Error::new(op, [None, None], kind);
    }
    let one =
        cute_core::Layout::new_const(cute_core::IntTuple::int(1), cute_core::IntTuple::int(0));
    let (mut a, mut t) = ([one; MAX_MODES], [one; MAX_MODES]);
    let (na, nt) = (modes.lower_into(&mut a, 0), tiles.lower_into(&mut t, 0));
    let a = cute_core::Layout::concat(&a[..na.min(MAX_MODES)]).ok();
    let t = cute_core::Tiler::new(&t[..nt.min(MAX_MODES)]).ok();
    Error::new(
        op,
        [a.as_ref().map(Into::into), t.as_ref().map(Into::into)],
        kind,
    )
}

/// The most modes an error's operands show.
const MAX_MODES: usize = 8;

/// A list of layouts (modes or tiles) as `cute_core`'s (part of the implementation of the tiler
/// operators).
#[doc(hidden)]
pub trait LowerTiles {
    /// Writes the layouts from `out[k]` on (those that fit); the number of layouts up to the end.
    fn lower_into(&self, out: &mut [cute_core::Layout], k: usize) -> usize;
}
impl LowerTiles for TNil {
    fn lower_into(&self, _: &mut [cute_core::Layout], k: usize) -> usize {
        k
    }
}
impl<S: ShapeTuple + Congruent<D>, D: IntTupleType, T: LowerTiles> LowerTiles
    for TCons<Layout<S, D>, T>
{
    fn lower_into(&self, out: &mut [cute_core::Layout], k: usize) -> usize {
        if let Some(slot) = out.get_mut(k) {
            *slot = self.0.to_dynamic();
        }
        self.1.lower_into(out, k + 1)
    }
}
