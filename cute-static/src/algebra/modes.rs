//! Lists of modes as layouts, shared by the operators: [`Gather`] makes one layout of a list of
//! modes, [`TileUnzip`] gives a tiled result its zipped form, and [`ResultLayout`] is a layout the
//! mixed operations build from flat leaves.

use crate::int_tuple::{Buffer, Congruent, IntTupleType, LeafArray, ShapeTuple};
use crate::layout::Layout;
use crate::list::{LayoutModes, ListTuple, TCons, TNil, TupleList};
use crate::tiler::Tiler;

/// The result modes as one layout: shapes and strides gathered into tuples.
#[doc(hidden)]
pub trait Gather {
    /// The layout.
    type Output;
    /// The layout's value.
    fn gather(self) -> Self::Output;
}
impl<M> Gather for M
where
    M: Shapes + Strides + Copy,
    <M as Shapes>::Output: ListTuple,
    <M as Strides>::Output: ListTuple,
{
    type Output = Layout<
        <<M as Shapes>::Output as ListTuple>::Output,
        <<M as Strides>::Output as ListTuple>::Output,
    >;
    #[inline(always)]
    fn gather(self) -> Self::Output {
        Layout::from_parts(self.shapes().to_tuple(), self.strides().to_tuple())
    }
}

/// The shapes of a list of layouts.
#[doc(hidden)]
pub trait Shapes {
    /// The shapes.
    type Output;
    /// The shapes' values.
    fn shapes(self) -> Self::Output;
}
impl Shapes for TNil {
    type Output = TNil;
    #[inline(always)]
    fn shapes(self) -> TNil {
        TNil
    }
}
impl<S, D, T: Shapes> Shapes for TCons<Layout<S, D>, T> {
    type Output = TCons<S, <T as Shapes>::Output>;
    #[inline(always)]
    fn shapes(self) -> Self::Output {
        TCons(self.0.into_parts().0, self.1.shapes())
    }
}

/// The strides of a list of layouts.
#[doc(hidden)]
pub trait Strides {
    /// The strides.
    type Output;
    /// The strides' values.
    fn strides(self) -> Self::Output;
}
impl Strides for TNil {
    type Output = TNil;
    #[inline(always)]
    fn strides(self) -> TNil {
        TNil
    }
}
impl<S, D, T: Strides> Strides for TCons<Layout<S, D>, T> {
    type Output = TCons<D, <T as Strides>::Output>;
    #[inline(always)]
    fn strides(self) -> Self::Output {
        TCons(self.0.into_parts().1, self.1.strides())
    }
}

/// The tiles of a tiler tuple as a list.
pub(crate) type TilesOf<T> = <T as TupleList>::Output;

/// CuTe's `tile_unzip`: the result of a divide or product by the tiler `T`, its rank-2 modes
/// gathered into `((firsts...), (seconds..., rest...))`; a layout tile leaves it as it is.
#[doc(hidden)]
pub trait TileUnzip<T> {
    /// The zipped layout.
    type Output;
    /// The zipped layout's value.
    fn tile_unzip(self) -> Self::Output;
}

/// `TileUnzipOf<L, T> = <L as TileUnzip<T>>::Output`.
pub type TileUnzipOf<L, T> = <L as TileUnzip<T>>::Output;

impl<L, S, D> TileUnzip<Layout<S, D>> for L {
    type Output = L;
    #[inline(always)]
    fn tile_unzip(self) -> L {
        self
    }
}
impl<L, T> TileUnzip<Tiler<T>> for L
where
    T: TupleList,
    L: LayoutModes,
    <L as LayoutModes>::Output: SplitHalves<TilesOf<T>>,
    <<L as LayoutModes>::Output as SplitHalves<TilesOf<T>>>::Firsts: Gather,
    <<L as LayoutModes>::Output as SplitHalves<TilesOf<T>>>::Seconds: Gather,
    <<<L as LayoutModes>::Output as SplitHalves<TilesOf<T>>>::Firsts as Gather>::Output:
        Join<<<<L as LayoutModes>::Output as SplitHalves<TilesOf<T>>>::Seconds as Gather>::Output>,
{
    type Output = <<<<L as LayoutModes>::Output as SplitHalves<TilesOf<T>>>::Firsts as Gather>::Output as Join<
        <<<L as LayoutModes>::Output as SplitHalves<TilesOf<T>>>::Seconds as Gather>::Output,
    >>::Output;
    #[inline(always)]
    fn tile_unzip(self) -> Self::Output {
        let (firsts, seconds) = self.modes().split_halves();
        firsts.gather().join(seconds.gather())
    }
}

/// Splits the first modes, one per tile, into their modes 0 and 1; the modes past the tiles join
/// the seconds.
#[doc(hidden)]
pub trait SplitHalves<Tiles> {
    /// The modes 0.
    type Firsts;
    /// The modes 1, then the rest.
    type Seconds;
    /// The two lists' values.
    fn split_halves(self) -> (Self::Firsts, Self::Seconds);
}
impl<M> SplitHalves<TNil> for M {
    type Firsts = TNil;
    type Seconds = M;
    #[inline(always)]
    fn split_halves(self) -> (TNil, M) {
        (TNil, self)
    }
}
impl<S0, S1, D0, D1, MT, Y, YT> SplitHalves<TCons<Y, YT>> for TCons<Layout<(S0, S1), (D0, D1)>, MT>
where
    MT: SplitHalves<YT>,
{
    type Firsts = TCons<Layout<S0, D0>, <MT as SplitHalves<YT>>::Firsts>;
    type Seconds = TCons<Layout<S1, D1>, <MT as SplitHalves<YT>>::Seconds>;
    #[inline(always)]
    fn split_halves(self) -> (Self::Firsts, Self::Seconds) {
        let TCons(mode, rest) = self;
        let ((s0, s1), (d0, d1)) = mode.into_parts();
        let (firsts, seconds) = rest.split_halves();
        (
            TCons(Layout::from_parts(s0, d0), firsts),
            TCons(Layout::from_parts(s1, d1), seconds),
        )
    }
}

/// `(X, Y)` as one rank-2 layout.
#[doc(hidden)]
pub trait Join<Y> {
    /// The layout.
    type Output;
    /// The layout's value.
    fn join(self, y: Y) -> Self::Output;
}
impl<XS, XD, YS, YD> Join<Layout<YS, YD>> for Layout<XS, XD> {
    type Output = Layout<(XS, YS), (XD, YD)>;
    #[inline(always)]
    fn join(self, y: Layout<YS, YD>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts((xs, ys), (xd, yd))
    }
}

/// A layout type the algebra builds from its flat leaves, checked to keep the layout invariant
/// (part of the implementation of the mixed operations).
#[doc(hidden)]
pub trait ResultLayout: Sized {
    /// An array of as many zeros as the layout's shape (and stride) has leaves.
    type Leaves: AsRef<[i64]> + AsMut<[i64]> + Copy;
    /// The zeros.
    const ZERO: Self::Leaves;
    /// The layout of the leaves `s:d`, or the condition of the layout invariant it breaks.
    fn checked(s: &[i64], d: &[i64]) -> Result<Self, cute_core::ErrorKind>;
}
impl<S, D> ResultLayout for Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    type Leaves = LeafArray<S>;
    const ZERO: LeafArray<S> = <S::Count as Buffer>::I64_ZERO;
    #[inline(always)]
    fn checked(s: &[i64], d: &[i64]) -> Result<Self, cute_core::ErrorKind> {
        let l = Layout::from_leaves(s, d);
        l.check()?;
        Ok(l)
    }
}
