//! `BlockedProduct` and `RakedProduct`: `A` and `B` padded with `1:0` to the same rank, their
//! logical product, and its two halves zipped mode by mode — the block first (blocked: each
//! element of `B` becomes a block `A`) or the grid first (raked: the blocks interleave); CuTe's
//! `blocked_product` and `raked_product`.

use cute_core::Error;
use typenum::{B0, B1};

use super::modes::Gather;
use super::product::{
    LogicalProduct, LogicalProductOf, StaticLogicalProduct, StaticLogicalProductOf,
};
use crate::int::Int;
use crate::int_tuple::IntTupleType;
use crate::layout::Layout;
use crate::list::{LayoutModes, TCons, TNil};

binary_operator!(
    /// A **type operator** for `blocked_product(A, B)`: every element of `B` becomes a block `A`,
    /// mode `i` of the result is `(A_i, grid_i)`.
    BlockedProduct / BlockedProductOf / blocked_product,
    BlockedProductCase,
    StaticBlockedProduct / StaticBlockedProductOf,
    "blocked_product(A, B)",
    "`blocked_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

binary_operator!(
    /// A **type operator** for `raked_product(A, B)`: as `blocked_product` with mode `i` =
    /// `(grid_i, A_i)`, so the blocks interleave.
    RakedProduct / RakedProductOf / raked_product,
    RakedProductCase,
    StaticRakedProduct / StaticRakedProductOf,
    "raked_product(A, B)",
    "`raked_product(A, B)` is not defined for these operands",
    "A and B are layouts"
);

/// A **type operator** for `blocked_product(A, B)`: every element of `B` becomes a block `A`, mode
/// `i` of the result is `(A_i, grid_i)`.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, StaticBlockedProductOf, Layout, StaticLayout};
/// type Block = Layout<(U2, U5), (U5, U1)>;
/// type Grid = Layout<(U3, U4), (U1, U3)>;
/// assert_eq!(<StaticBlockedProductOf<Block, Grid> as StaticLayout>::LAYOUT.to_string(), "((2,3),(5,4)):((5,10),(1,30))");
/// ```
pub trait StaticBlockedProduct<B> {
    /// The product.
    type Output;
}

/// `StaticBlockedProductOf<A, B> = <A as StaticBlockedProduct<B>>::Output`.
pub type StaticBlockedProductOf<A, B> = <A as StaticBlockedProduct<B>>::Output;

/// A **type operator** for `raked_product(A, B)`: as [`BlockedProduct`] with mode `i` =
/// `(grid_i, A_i)`, so the blocks interleave.
///
/// # Examples
/// ```
/// use cute_static::{typenum::consts::*, Layout, StaticRakedProductOf, StaticLayout};
/// type Block = Layout<(U2, U5), (U5, U1)>;
/// type Grid = Layout<(U3, U4), (U1, U3)>;
/// assert_eq!(<StaticRakedProductOf<Block, Grid> as StaticLayout>::LAYOUT.to_string(), "((3,2),(4,5)):((10,5),(30,1))");
/// ```
pub trait StaticRakedProduct<B> {
    /// The product.
    type Output;
}

/// `StaticRakedProductOf<A, B> = <A as StaticRakedProduct<B>>::Output`.
pub type StaticRakedProductOf<A, B> = <A as StaticRakedProduct<B>>::Output;

/// The modes of `A` padded with `1:0` to the rank of `B`.
type ModesA<A, B> = <<A as LayoutModes>::Output as PadPair<<B as LayoutModes>::Output>>::First;
/// The modes of `B` padded with `1:0` to the rank of `A`.
type ModesB<A, B> = <<A as LayoutModes>::Output as PadPair<<B as LayoutModes>::Output>>::Second;
/// `A` padded to the rank of `B`, as a layout.
type PaddedA<A, B> = <A as Repad<ModesA<A, B>>>::Output;
/// `B` padded to the rank of `A`, as a layout.
type PaddedB<A, B> = <B as Repad<ModesB<A, B>>>::Output;
/// `logical_product` of the padded layouts, `(X, Y)`.
type Padded<A, B> = StaticLogicalProductOf<PaddedA<A, B>, PaddedB<A, B>>;

impl<A, B> StaticBlockedProduct<B> for A
where
    A: LayoutModes,
    B: LayoutModes,
    <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
    A: Repad<ModesA<A, B>>,
    B: Repad<ModesB<A, B>>,
    PaddedA<A, B>: StaticLogicalProduct<PaddedB<A, B>> + IntShaped,
    PaddedB<A, B>: IntShaped,
    Padded<A, B>: Halves,
    <Padded<A, B> as Halves>::First: ZipBy<
        <Padded<A, B> as Halves>::Second,
        IntShapedOf<PaddedA<A, B>>,
        IntShapedOf<PaddedB<A, B>>,
    >,
{
    type Output = <<Padded<A, B> as Halves>::First as ZipBy<
        <Padded<A, B> as Halves>::Second,
        IntShapedOf<PaddedA<A, B>>,
        IntShapedOf<PaddedB<A, B>>,
    >>::Output;
}

impl<A, B> StaticRakedProduct<B> for A
where
    A: LayoutModes,
    B: LayoutModes,
    <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
    A: Repad<ModesA<A, B>>,
    B: Repad<ModesB<A, B>>,
    PaddedA<A, B>: StaticLogicalProduct<PaddedB<A, B>> + IntShaped,
    PaddedB<A, B>: IntShaped,
    Padded<A, B>: Halves,
    <Padded<A, B> as Halves>::Second: ZipBy<
        <Padded<A, B> as Halves>::First,
        IntShapedOf<PaddedB<A, B>>,
        IntShapedOf<PaddedA<A, B>>,
    >,
{
    type Output = <<Padded<A, B> as Halves>::Second as ZipBy<
        <Padded<A, B> as Halves>::First,
        IntShapedOf<PaddedB<A, B>>,
        IntShapedOf<PaddedA<A, B>>,
    >>::Output;
}

/// A **type operator** for whether a layout's shape is an integer (`B1`) or a tuple (`B0`).
#[doc(hidden)]
pub trait IntShaped {
    /// `B1` or `B0`.
    type Output;
}
impl<S: IntTupleType, D> IntShaped for Layout<S, D> {
    type Output = <S as IntTupleType>::IsLeaf;
}

/// `IntShapedOf<L> = <L as IntShaped>::Output`.
pub type IntShapedOf<L> = <L as IntShaped>::Output;

/// `zip(X, Y)` of the halves of a product, knowing whether their operands were integer-shaped
/// (`XInt`, `YInt`; the grid has the modes of `B` whatever the walk builds inside a mode): an
/// integer-shaped `X` gives `((X,Y))`, an integer-shaped `Y` is one mode next to the one mode of
/// `X`, and otherwise the modes pair up (part of the implementation of [`BlockedProduct`]).
#[doc(hidden)]
pub trait ZipBy<Y, XInt, YInt> {
    /// The zipped layout.
    type Output;
    /// The zipped layout's value.
    fn zip_by(self, y: Y) -> Self::Output;
}
/// `((X, Y))`.
impl<XS, XD, YS, YD, YInt> ZipBy<Layout<YS, YD>, B1, YInt> for Layout<XS, XD> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
    #[inline(always)]
    fn zip_by(self, y: Layout<YS, YD>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts(((xs, ys),), ((xd, yd),))
    }
}
/// `((x0, Y))`.
impl<XS, XD, YS, YD> ZipBy<Layout<YS, YD>, B0, B1> for Layout<(XS,), (XD,)> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
    #[inline(always)]
    fn zip_by(self, y: Layout<YS, YD>) -> Self::Output {
        let (((xs,), (xd,)), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts(((xs, ys),), ((xd, yd),))
    }
}
/// `((x0,y0),(x1,y1),...)`.
impl<L: ZipLayout<R>, R> ZipBy<R, B0, B0> for L {
    type Output = <L as ZipLayout<R>>::Output;
    #[inline(always)]
    fn zip_by(self, y: R) -> Self::Output {
        self.zip_layout(y)
    }
}

/// Two lists of layouts padded with `1:0` to the longer one's length (part of the implementation
/// of [`BlockedProduct`]).
#[doc(hidden)]
pub trait PadPair<R> {
    /// `Self`, padded.
    type First;
    /// `R`, padded.
    type Second;
    /// The two padded lists' values.
    fn pad_pair(self, r: R) -> (Self::First, Self::Second);
}

/// The padding mode `1:0`.
type Unit = Layout<typenum::U1, typenum::U0>;

impl PadPair<TNil> for TNil {
    type First = TNil;
    type Second = TNil;
    #[inline(always)]
    fn pad_pair(self, _: TNil) -> (TNil, TNil) {
        (TNil, TNil)
    }
}
impl<H, T: PadPair<TNil>> PadPair<TNil> for TCons<H, T> {
    type First = TCons<H, <T as PadPair<TNil>>::First>;
    type Second = TCons<Unit, <T as PadPair<TNil>>::Second>;
    #[inline(always)]
    fn pad_pair(self, r: TNil) -> (Self::First, Self::Second) {
        let (a, b) = self.1.pad_pair(r);
        (TCons(self.0, a), TCons(Unit::new(), b))
    }
}
impl<H, T> PadPair<TCons<H, T>> for TNil
where
    TNil: PadPair<T>,
{
    type First = TCons<Unit, <TNil as PadPair<T>>::First>;
    type Second = TCons<H, <TNil as PadPair<T>>::Second>;
    #[inline(always)]
    fn pad_pair(self, r: TCons<H, T>) -> (Self::First, Self::Second) {
        let (a, b) = TNil.pad_pair(r.1);
        (TCons(Unit::new(), a), TCons(r.0, b))
    }
}
impl<H, T: PadPair<T2>, H2, T2> PadPair<TCons<H2, T2>> for TCons<H, T> {
    type First = TCons<H, <T as PadPair<T2>>::First>;
    type Second = TCons<H2, <T as PadPair<T2>>::Second>;
    #[inline(always)]
    fn pad_pair(self, r: TCons<H2, T2>) -> (Self::First, Self::Second) {
        let (a, b) = self.1.pad_pair(r.1);
        (TCons(self.0, a), TCons(r.0, b))
    }
}

/// A layout rebuilt from its padded modes: an integer-shaped layout that needed no padding stays
/// as it is, as CuTe's `append<R>` leaves it.
#[doc(hidden)]
pub trait Repad<Modes> {
    /// The padded layout.
    type Output;
    /// The padded layout's value, from the padded modes' values.
    fn repad(self, modes: Modes) -> Self::Output;
}
impl<S: Int, D, M> Repad<TCons<M, TNil>> for Layout<S, D> {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn repad(self, _: TCons<M, TNil>) -> Self {
        self
    }
}
impl<S: Int, D, M, N, T> Repad<TCons<M, TCons<N, T>>> for Layout<S, D>
where
    TCons<M, TCons<N, T>>: Gather,
{
    type Output = <TCons<M, TCons<N, T>> as Gather>::Output;
    #[inline(always)]
    fn repad(self, modes: TCons<M, TCons<N, T>>) -> Self::Output {
        modes.gather()
    }
}

/// Modes 0 and 1 of a rank-2 layout.
#[doc(hidden)]
pub trait Halves {
    /// Mode 0.
    type First;
    /// Mode 1.
    type Second;
    /// The two modes' values.
    fn halves(self) -> (Self::First, Self::Second);
}
impl<S0, S1, D0, D1> Halves for Layout<(S0, S1), (D0, D1)> {
    type First = Layout<S0, D0>;
    type Second = Layout<S1, D1>;
    #[inline(always)]
    fn halves(self) -> (Self::First, Self::Second) {
        let ((s0, s1), (d0, d1)) = self.into_parts();
        (Layout::from_parts(s0, d0), Layout::from_parts(s1, d1))
    }
}

/// `zip(X, Y) = ((x0,y0),(x1,y1),...)`; an integer-shaped `X` gives `((X,Y))`.
#[doc(hidden)]
pub trait ZipLayout<Y> {
    /// The zipped layout.
    type Output;
    /// The zipped layout's value.
    fn zip_layout(self, y: Y) -> Self::Output;
}
impl<XS: Int, XD, YS, YD> ZipLayout<Layout<YS, YD>> for Layout<XS, XD> {
    type Output = Layout<((XS, YS),), ((XD, YD),)>;
    #[inline(always)]
    fn zip_layout(self, y: Layout<YS, YD>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.into_parts(), y.into_parts());
        Layout::from_parts(((xs, ys),), ((xd, yd),))
    }
}

/// Pairs two lists of layouts mode by mode.
#[doc(hidden)]
pub trait ZipModesOf<Y> {
    /// `[(x0,y0), (x1,y1), ...]`.
    type Output;
    /// The pairs' values.
    fn zip_modes(self, y: Y) -> Self::Output;
}
impl ZipModesOf<TNil> for TNil {
    type Output = TNil;
    #[inline(always)]
    fn zip_modes(self, _: TNil) -> TNil {
        TNil
    }
}
impl<XS, XD, YS, YD, XT: ZipModesOf<YT>, YT> ZipModesOf<TCons<Layout<YS, YD>, YT>>
    for TCons<Layout<XS, XD>, XT>
{
    type Output = TCons<Layout<(XS, YS), (XD, YD)>, <XT as ZipModesOf<YT>>::Output>;
    #[inline(always)]
    fn zip_modes(self, y: TCons<Layout<YS, YD>, YT>) -> Self::Output {
        let ((xs, xd), (ys, yd)) = (self.0.into_parts(), y.0.into_parts());
        TCons(
            Layout::from_parts((xs, ys), (xd, yd)),
            self.1.zip_modes(y.1),
        )
    }
}

/// `A` padded to the rank of `B`, by the public operators.
type MixedPaddedA<A, B> = <A as Repad<ModesA<A, B>>>::Output;
/// `B` padded to the rank of `A`.
type MixedPaddedB<A, B> = <B as Repad<ModesB<A, B>>>::Output;
/// `logical_product` of the padded layouts, by the public operator.
type MixedPadded<A, B> = LogicalProductOf<MixedPaddedA<A, B>, MixedPaddedB<A, B>>;

/// `blocked_product` and `raked_product` of layouts with a runtime leaf: `A` and `B` padded to
/// the same rank, their `logical_product`, its modes zipped (`Raked = B1`: the grid first).
macro_rules! rank_sensitive {
    ($Case:ident :: $fn:ident, $op:ident, $first:ident, $second:ident) => {
        impl<A, B> $Case<B, B0> for A
        where
            A: LayoutModes + Copy,
            B: LayoutModes + Copy,
            <A as LayoutModes>::Output: PadPair<<B as LayoutModes>::Output>,
            A: Repad<ModesA<A, B>>,
            B: Repad<ModesB<A, B>>,
            MixedPaddedA<A, B>: LogicalProduct<MixedPaddedB<A, B>>,
            MixedPaddedA<A, B>: IntShaped,
            MixedPaddedB<A, B>: IntShaped,
            MixedPadded<A, B>: Halves,
            <MixedPadded<A, B> as Halves>::$first: ZipBy<
                <MixedPadded<A, B> as Halves>::$second,
                rank_sensitive!(@int $first, A, B),
                rank_sensitive!(@int $second, A, B),
            >,
        {
            type Output = <<MixedPadded<A, B> as Halves>::$first as ZipBy<
                <MixedPadded<A, B> as Halves>::$second,
                rank_sensitive!(@int $first, A, B),
                rank_sensitive!(@int $second, A, B),
            >>::Output;
            #[inline(always)]
            fn $fn(a: &A, b: &B) -> Result<Self::Output, Error> {
                let (ma, mb) = a.modes().pad_pair(b.modes());
                let (pa, pb) = (a.repad(ma), b.repad(mb));
                let lp = pa
                    .logical_product(&pb)
                    .map_err(|e| e.within(cute_core::Op::$op))?;
                let (first, second) = lp.halves();
                Ok(rank_sensitive!(@zip $first, first, second))
            }
        }
    };
    (@zip First, $x:ident, $y:ident) => { $x.zip_by($y) };
    (@zip Second, $x:ident, $y:ident) => { $y.zip_by($x) };
    (@int First, $a:ident, $b:ident) => { IntShapedOf<MixedPaddedA<$a, $b>> };
    (@int Second, $a:ident, $b:ident) => { IntShapedOf<MixedPaddedB<$a, $b>> };
}

rank_sensitive!(
    BlockedProductCase::blocked_product,
    BlockedProduct,
    First,
    Second
);
rank_sensitive!(RakedProductCase::raked_product, RakedProduct, Second, First);
