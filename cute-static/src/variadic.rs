//! The per-arity impls: Rust tuples of static tuples, up to 8 modes.

use core::ops::BitAnd;
use cute_core::IntTuple;

use typenum::{Bit, B0, U1};

use crate::algebra::blocked_product::{Repad, ZipLayout, ZipModesOf};
use crate::algebra::coalesce::FromModes;
use crate::algebra::composition_mixed::{ComposeNode, DynModes};
use crate::algebra::composition_static::{AddDigits, Over, OverA, OverOf, Path, Unwrap, Walked};
use crate::algebra::modes::Gather;
use crate::coord::{Underscore, __};
use crate::fragment::{ColMajor, FragmentStrides, Ordered, Refill, RefillList, Split};
use crate::int::{AsLeaf, Dyn, Int, KnownDivisor};
use crate::int_tuple::{
    concat_statics, deeper, AllStaticOf, Buffer, Congruent, IntTupleType, ShapeTuple, StaticTuple,
};
use crate::layout::{IsStatic, Layout};
use crate::list::{Concat, LayoutModes, Leaves, ListTuple, Mode, Spread, TCons, TNil, TupleList};
use crate::sealed::Sealed;
use crate::tensor::{thread_mode, ThreadLayout, Unders};
use crate::tensor_layout::ShapeSize;
use crate::tiler::Tiler;
use crate::tiler::TilesStatic;

/// Calls `$m!` with the shape and stride parameter lists of every arity from 1 to 8.
macro_rules! for_each_arity {
    ($m:ident) => {
        $m! {
            (S0 D0)
            (S0 D0, S1 D1)
            (S0 D0, S1 D1, S2 D2)
            (S0 D0, S1 D1, S2 D2, S3 D3)
            (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4)
            (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5)
            (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5, S6 D6)
            (S0 D0, S1 D1, S2 D2, S3 D3, S4 D4, S5 D5, S6 D6, S7 D7)
        }
    };
}

/// The count of the leaves of a tuple whose elements are `$s`: their counts added with
/// [`Buffer::Plus`].
macro_rules! count_sum {
    ($a:ident) => { <$a as IntTupleType>::Count };
    ($a:ident, $($rest:ident),+) => {
        <<$a as IntTupleType>::Count as Buffer>::Plus<count_sum!($($rest),+)>
    };
}

macro_rules! tuples {
    ($( ( $($s:ident $d:ident),+ ) )+) => {$(
        impl<$($s: IntTupleType),+> Sealed for ($($s,)+) {}
        impl<$($s: IntTupleType),+> IntTupleType for ($($s,)+) {
            const RANK: usize = [$(stringify!($s)),+].len();
            const DEPTH: usize = { let mut d = 0; $(d = deeper(d, $s::DEPTH);)+ d + 1 };
            // Counts saturate past the capacity (`Buffer::Succ`): a larger tuple is an error
            // wherever its leaves are counted.
            const LEAVES: usize = {
                let n = 0 $(+ $s::LEAVES)+;
                assert!(n <= cute_core::MAX_LEAVES, "a tuple has at most 32 leaves");
                n
            };
            const PROFILE: IntTuple = IntTuple::const_tuple(&[$($s::PROFILE),+]);
            type IsLeaf = B0;
            type Count = count_sum!($($s),+);

            #[inline(always)]
            #[allow(non_snake_case, reason = "the fields are named after their types")]
            #[allow(unused_assignments, reason = "the offset after the last element is not read")]
            fn write_leaves(&self, out: &mut [i64]) {
                let ($($s,)+) = self;
                let mut k = 0;
                $( $s.write_leaves(&mut out[k..]); k += <$s as IntTupleType>::LEAVES; )+
            }

            const STATICS: [Option<i64>; cute_core::MAX_LEAVES] =
                concat_statics(&[$($s::STATICS),+], &[$($s::LEAVES),+]);

            #[inline(always)]
            fn read_leaves<I: Iterator<Item = i64>>(leaves: &mut I) -> Self {
                ($(<$s as IntTupleType>::read_leaves(leaves),)+)
            }

            #[allow(non_snake_case, reason = "the fields are named after their types")]
            fn fmt_cute(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let ($($s,)+) = self;
                f.write_str("(")?;
                let mut first = true;
                $(
                    if !first { f.write_str(",")?; }
                    first = false;
                    $s.fmt_cute(f)?;
                )+
                let _ = first;
                f.write_str(")")
            }
        }
        /// A tuple: no divisor is known of the integer it stands for.
        impl<$($s),+> KnownDivisor for ($($s,)+) {
            type Output = typenum::U1;
        }
        /// A tuple: a runtime leaf of no known divisor.
        impl<$($s),+> AsLeaf for ($($s,)+) {
            type Output = Dyn<typenum::U1>;
        }
        impl<$($s: StaticTuple),+> StaticTuple for ($($s,)+)
        where
            ($($s,)+): IntTupleType,
        {
            const TUPLE: IntTuple = IntTuple::const_tuple(&[$($s::TUPLE),+]);
        }
        impl<$($s: ShapeTuple),+> ShapeTuple for ($($s,)+) where ($($s,)+): IntTupleType {}
        /// `(s0,s1,...)` and `(d0,d1,...)` are congruent when each `si` and `di` are.
        impl<$($s: Congruent<$d>, $d),+> Congruent<($($d,)+)> for ($($s,)+) {}
        /// `A ∘ (b0,b1,...) = (A ∘ b0, A ∘ b1, ...)`.
        impl<Info, $($s: ComposeNode<Info, $d>, $d),+> ComposeNode<Info, ($($d,)+)> for ($($s,)+) {
            type Shape = ($(<$s as ComposeNode<Info, $d>>::Shape,)+);
            type Stride = ($(<$s as ComposeNode<Info, $d>>::Stride,)+);
        }
    )+};
}

impl<A: AllStaticOf> AllStaticOf for (A,) {
    type Output = A::Output;
}
macro_rules! all_static {
    ($( ($a:ident, $($rest:ident),+) )+) => {$(
        impl<$a: AllStaticOf, $($rest),+> AllStaticOf for ($a, $($rest),+)
        where
            ($($rest,)+): AllStaticOf,
            $a::Output: BitAnd<<($($rest,)+) as AllStaticOf>::Output>,
            <$a::Output as BitAnd<<($($rest,)+) as AllStaticOf>::Output>>::Output: Bit,
        {
            type Output = <$a::Output as BitAnd<<($($rest,)+) as AllStaticOf>::Output>>::Output;
        }
    )+};
}
all_static! {
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
}

for_each_arity!(tuples);

/// `flatten((A,)) = flatten(A)`.
impl<A: Leaves> Leaves for (A,) {
    type Output = A::Output;
}

macro_rules! leaves {
    ($( ($a:ident, $($rest:ident),+) )+) => {$(
        /// `flatten((A, rest...)) = flatten(A) ++ flatten((rest...))`.
        impl<$a: Leaves, $($rest),+> Leaves for ($a, $($rest),+)
        where
            ($($rest,)+): Leaves,
            $a::Output: Concat<<($($rest,)+) as Leaves>::Output>,
        {
            type Output = <$a::Output as Concat<<($($rest,)+) as Leaves>::Output>>::Output;
        }
    )+};
}

leaves! {
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
}

macro_rules! from_modes {
    ($( ($($s:ident $d:ident),+) )+) => {$( from_modes!(@arity $($s $d),+); )+};
    // One mode is `Single`'s case above.
    (@arity $s:ident $d:ident) => {};
    (@arity $($s:ident $d:ident),+) => {
        /// Several modes: the flat tuple layout.
        impl<$($s, $d),+> FromModes for from_modes!(@list $($s $d),+) {
            type Output = Layout<($($s,)+), ($($d,)+)>;
        }
    };
    (@list $s:ident $d:ident) => { TCons<Mode<$s, $d>, TNil> };
    (@list $s:ident $d:ident, $($rest:tt)+) => { TCons<Mode<$s, $d>, from_modes!(@list $($rest)+)> };
}

for_each_arity!(from_modes);

macro_rules! unwrap_modes {
    ($( ($($s:ident $d:ident),+) )+) => {$( unwrap_modes!(@arity $($s $d),+); )+};
    // One mode is the impl above.
    (@arity $s:ident $d:ident) => {};
    (@arity $($s:ident $d:ident),+) => {
        impl<$($s, $d,)+ G> Unwrap for Path<from_modes!(@list $($s $d),+), G> {
            type Output = Over<($($s,)+), ($($d,)+), G>;
        }
    };
}

for_each_arity!(unwrap_modes);

/// The walked modes of a tuple of `B` as one [`Over`]: the shapes and strides side by side, the
/// digits added (part of the implementation of `Composition`).
pub trait Gathered {
    /// The [`Over`] of the tuple.
    type Output: Walked;
}

macro_rules! over_a {
    ($( ($($s:ident $d:ident),+) )+) => {$( over_a!(@arity $($s $d),+); )+};
    (@arity $($s:ident $d:ident),+) => {
        /// A tuple of `B`: mode by mode, with the digits of all its leaves added.
        impl<FA, Strict, $($s: OverA<FA, $d, Strict>, $d),+> OverA<FA, ($($d,)+), Strict> for ($($s,)+)
        where
            ($(OverOf<$s, FA, $d, Strict>,)+): Gathered,
        {
            type Output = <($(OverOf<$s, FA, $d, Strict>,)+) as Gathered>::Output;
        }
    };
}

/// One walked mode: itself.
impl<S0, D0, G0> Gathered for (Over<S0, D0, G0>,) {
    type Output = Over<(S0,), (D0,), G0>;
}

macro_rules! gathered {
    ($( ($s0:ident $d0:ident $g0:ident, $($s:ident $d:ident $g:ident),+) )+) => {$(
        /// `(b0, rest...)`: the digits of `b0` plus those of `rest`.
        impl<$s0, $d0, $g0, $($s, $d, $g),+> Gathered for (Over<$s0, $d0, $g0>, $(Over<$s, $d, $g>,)+)
        where
            ($(Over<$s, $d, $g>,)+): Gathered,
            $g0: AddDigits<<<($(Over<$s, $d, $g>,)+) as Gathered>::Output as Walked>::Digits>,
        {
            type Output = Over<
                ($s0, $($s,)+),
                ($d0, $($d,)+),
                <$g0 as AddDigits<<<($(Over<$s, $d, $g>,)+) as Gathered>::Output as Walked>::Digits>>::Output,
            >;
        }
    )+};
}

gathered! {
    (S0 D0 G0, S1 D1 G1)
    (S0 D0 G0, S1 D1 G1, S2 D2 G2)
    (S0 D0 G0, S1 D1 G1, S2 D2 G2, S3 D3 G3)
    (S0 D0 G0, S1 D1 G1, S2 D2 G2, S3 D3 G3, S4 D4 G4)
    (S0 D0 G0, S1 D1 G1, S2 D2 G2, S3 D3 G3, S4 D4 G4, S5 D5 G5)
    (S0 D0 G0, S1 D1 G1, S2 D2 G2, S3 D3 G3, S4 D4 G4, S5 D5 G5, S6 D6 G6)
    (S0 D0 G0, S1 D1 G1, S2 D2 G2, S3 D3 G3, S4 D4 G4, S5 D5 G5, S6 D6 G6, S7 D7 G7)
}

for_each_arity!(over_a);

macro_rules! spread_and_list {
    ($( ($($s:ident $d:ident),+) )+) => {$( spread_and_list!(@arity $($s $d),+); )+};
    (@arity $s0:ident $d0:ident) => {
        impl<$s0> ListTuple for TCons<$s0, TNil> {
            type Output = ($s0,);
            #[inline(always)]
            fn to_tuple(self) -> Self::Output {
                (self.0,)
            }
        }
    };
    (@arity $($s:ident $d:ident),+) => {
        impl<$($s),+> Spread for ($($s,)+) {
            type Output = spread_and_list!(@list $($s),+);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn spread(self) -> Self::Output {
                let ($($s,)+) = self;
                spread_and_list!(@value $($s),+)
            }
        }
        impl<$($s),+> ListTuple for spread_and_list!(@list $($s),+) {
            type Output = ($($s,)+);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn to_tuple(self) -> Self::Output {
                let spread_and_list!(@value $($s),+) = self;
                ($($s,)+)
            }
        }
    };
    (@list $s:ident) => { TCons<$s, TNil> };
    (@list $s:ident, $($rest:ident),+) => { TCons<$s, spread_and_list!(@list $($rest),+)> };
    (@value $s:ident) => { TCons($s, TNil) };
    (@value $s:ident, $($rest:ident),+) => { TCons($s, spread_and_list!(@value $($rest),+)) };
}

for_each_arity!(spread_and_list);

impl<S: crate::int::Int, D> LayoutModes for Layout<S, D> {
    type Output = TCons<Layout<S, D>, TNil>;
    #[inline(always)]
    fn modes(self) -> Self::Output {
        TCons(self, TNil)
    }
}

macro_rules! tuple_lists {
    ($( ($($s:ident $d:ident),+) )+) => {$(
        impl<$($s),+> TupleList for ($($s,)+) {
            type Output = spread_and_list!(@list $($s),+);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn to_list(self) -> Self::Output {
                let ($($s,)+) = self;
                spread_and_list!(@value $($s),+)
            }
        }
        impl<$($s, $d),+> LayoutModes for Layout<($($s,)+), ($($d,)+)> {
            type Output = tuple_lists!(@modes $($s $d),+);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn modes(self) -> Self::Output {
                let (($($s,)+), ($($d,)+)) = self.into_parts();
                tuple_lists!(@mode_values $($s $d),+)
            }
        }
    )+};
    (@modes $s:ident $d:ident) => { TCons<Layout<$s, $d>, TNil> };
    (@modes $s:ident $d:ident, $($rest:tt)+) => { TCons<Layout<$s, $d>, tuple_lists!(@modes $($rest)+)> };
    (@mode_values $s:ident $d:ident) => { TCons(Layout::from_parts($s, $d), TNil) };
    (@mode_values $s:ident $d:ident, $($rest:tt)+) => { TCons(Layout::from_parts($s, $d), tuple_lists!(@mode_values $($rest)+)) };
}

for_each_arity!(tuple_lists);

/// Tuple layouts rebuilt from padded modes and zipped mode by mode (part of the implementation of
/// `BlockedProduct` and `RakedProduct`).
macro_rules! tuple_products {
    ($( ($($s:ident $d:ident),+) )+) => {$(
        impl<$($s, $d,)+ M> Repad<M> for Layout<($($s,)+), ($($d,)+)>
        where
            M: Gather,
        {
            type Output = <M as Gather>::Output;
            #[inline(always)]
            fn repad(self, modes: M) -> Self::Output {
                modes.gather()
            }
        }
        impl<$($s, $d,)+ Y> ZipLayout<Y> for Layout<($($s,)+), ($($d,)+)>
        where
            Layout<($($s,)+), ($($d,)+)>: LayoutModes,
            Y: LayoutModes,
            <Layout<($($s,)+), ($($d,)+)> as LayoutModes>::Output: ZipModesOf<<Y as LayoutModes>::Output>,
            <<Layout<($($s,)+), ($($d,)+)> as LayoutModes>::Output as ZipModesOf<<Y as LayoutModes>::Output>>::Output: Gather,
        {
            type Output = <<<Layout<($($s,)+), ($($d,)+)> as LayoutModes>::Output as ZipModesOf<<Y as LayoutModes>::Output>>::Output as Gather>::Output;
            #[inline(always)]
            fn zip_layout(self, y: Y) -> Self::Output {
                self.modes().zip_modes(y.modes()).gather()
            }
        }
    )+};
}

for_each_arity!(tuple_products);

/// `C` runtime leaves.
macro_rules! dyn_modes {
    ($($n:ident => ($($d:ident),+);)+) => {$(
        impl DynModes for typenum::$n {
            type Output = ($($d,)+);
        }
    )+};
}
/// One runtime mode is a leaf, as `cute_core` writes a layout of one mode.
impl DynModes for typenum::U1 {
    type Output = Dyn;
}
dyn_modes! {
    U2 => (Dyn, Dyn);
    U3 => (Dyn, Dyn, Dyn);
    U4 => (Dyn, Dyn, Dyn, Dyn);
    U5 => (Dyn, Dyn, Dyn, Dyn, Dyn);
    U6 => (Dyn, Dyn, Dyn, Dyn, Dyn, Dyn);
    U7 => (Dyn, Dyn, Dyn, Dyn, Dyn, Dyn, Dyn);
    U8 => (Dyn, Dyn, Dyn, Dyn, Dyn, Dyn, Dyn, Dyn);
}

macro_rules! tiles_static {
    ($( ($a:ident, $($rest:ident),+) )+) => {$(
        impl<$a: IsStatic, $($rest),+> TilesStatic for ($a, $($rest),+)
        where
            ($($rest,)+): TilesStatic,
            $a::Output: BitAnd<<($($rest,)+) as TilesStatic>::Output>,
            <$a::Output as BitAnd<<($($rest,)+) as TilesStatic>::Output>>::Output: Bit,
        {
            type Output = <$a::Output as BitAnd<<($($rest,)+) as TilesStatic>::Output>>::Output;
        }
    )+};
}
tiles_static! {
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
}

/// `_` for each mode, and the thread layouts of each rank (see [`crate::tensor`]).
macro_rules! tensor_modes {
    ($( ($($s:ident $d:ident),+) )+) => {$(
        impl<$($s),+> Unders for ($($s,)+) {
            type Output = ($(under!($s),)+);
            const UNDERS: Self::Output = ($(under_value!($s),)+);
        }
        #[allow(non_snake_case)]
        impl<$($s, $d),+> ThreadLayout for Layout<($($s,)+), ($($d,)+)>
        where
            $($s: IntTupleType + ShapeSize, $d: IntTupleType,)+
        {
            type Tiler = Tiler<($(Layout<<$s as ShapeSize>::Output, U1>,)+)>;
            type Coord = ($(dyn_of!($s),)+);
            #[inline(always)]
            fn tiler(&self) -> Self::Tiler {
                let (($($s,)+), ($($d,)+)) = self.into_parts();
                Tiler::from_tiles(($(
                    Layout::from_parts(
                        <<$s as ShapeSize>::Output as Int>::from_value(
                            thread_mode(&$s, &$d, 0)[0],
                        ),
                        U1::new(),
                    ),
                )+))
            }
            #[inline(always)]
            fn flat_coord(&self, i: i64) -> Option<Self::Coord> {
                let (($($s,)+), ($($d,)+)) = self.into_parts();
                let (mut offset, mut empty) = (0i64, false);
                let c = ($({
                    let [size, flat, part] = thread_mode(&$s, &$d, i);
                    offset = offset.wrapping_add(part);
                    empty |= size == 0;
                    Dyn::new(flat)
                },)+);
                // An empty thread layout has no thread.
                (i >= 0 && offset == i && !empty).then_some(c)
            }
            fn lower(&self) -> cute_core::Layout {
                let (s, d) = self.into_parts();
                cute_core::Layout::new_const(
                    IntTupleType::lower(&s),
                    IntTupleType::lower(&d),
                )
            }
        }
    )+};
}
macro_rules! under {
    ($s:ident) => {
        Underscore
    };
}
macro_rules! under_value {
    ($s:ident) => {
        __
    };
}
macro_rules! dyn_of {
    ($s:ident) => {
        Dyn
    };
}
for_each_arity!(tensor_modes);

macro_rules! fragments {
    ($( ($($s:ident $d:ident),+) )+) => {$( fragments!(@arity $($s $d),+); )+};
    (@arity $s0:ident $d0:ident) => {
        fragments!(@refill $s0);
        /// A fragment of rank 1: column-major.
        impl<$s0, $d0> FragmentStrides<($d0,)> for ($s0,)
        where
            ($s0,): ColMajor,
        {
            type Stride = <($s0,) as ColMajor>::Stride;
            type Cosize = <($s0,) as ColMajor>::Cosize;
        }
    };
    (@arity $s0:ident $d0:ident, $($s:ident $d:ident),+) => {
        fragments!(@refill $s0, $($s),+);
        /// A fragment of rank 2 or more: mode 0, then the later modes in stride order.
        impl<$s0, $d0, $($s, $d),+> FragmentStrides<($d0, $($d,)+)> for ($s0, $($s,)+)
        where
            Split<($s0, $($s,)+), $s0, $d0, ($($s,)+), ($($d,)+)>: Ordered,
        {
            type Stride = <Split<($s0, $($s,)+), $s0, $d0, ($($s,)+), ($($d,)+)> as Ordered>::Stride;
            type Cosize = <Split<($s0, $($s,)+), $s0, $d0, ($($s,)+), ($($d,)+)> as Ordered>::Cosize;
        }
    };
    (@refill $($s:ident),+) => {
        /// A tuple: element by element.
        impl<L, $($s),+> Refill<L> for ($($s,)+)
        where
            spread_and_list!(@list $($s),+): RefillList<L>,
            <spread_and_list!(@list $($s),+) as RefillList<L>>::Output: ListTuple,
        {
            type Output =
                <<spread_and_list!(@list $($s),+) as RefillList<L>>::Output as ListTuple>::Output;
            type Rest = <spread_and_list!(@list $($s),+) as RefillList<L>>::Rest;
        }
    };
}

for_each_arity!(fragments);
