//! CuTe's `select`, `take` and `group_modes` on static and mixed layouts: a layout's top-level
//! modes picked or grouped, each mode kept as it is (nesting and runtime leaves included), as
//! `cute_core::Layout::select`, `take` and `group_modes` do at run time.
//!
//! Each mode index and range is a const generic with one impl per rank of layout (up to 8
//! modes), so an index past the rank finds no impl and the error is the trait's own message.

use crate::algebra::modes::Gather;
use crate::int::Int;
use crate::layout::Layout;
use crate::list::TupleList;

/// Mode `I` of a layout of tuple shape, as a layout.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this layout has no mode {I}: a mode index must be below its rank",
    label = "select! of a mode past the layout's rank",
    note = "select!(l, 2, 0) is CuTe's select<2, 0>(l): modes 2 and 0 of a layout of rank 3 or more"
)]
pub trait ModeAt<const I: usize> {
    /// The mode.
    type Output;
    /// The mode's value.
    fn mode_at(self) -> Self::Output;
}

/// `take<B, E>(L)`: the modes `B..E` of `L` as a layout; the bound of [`Layout::take`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this layout has no modes {B}..{E} to take: `take::<B, E>()` needs B < E <= its rank",
    label = "the modes {B}..{E} are not a range of this layout's modes",
    note = "a static layout has no empty layout: `take::<B, B>()` is the dynamic `Layout::take` only"
)]
pub trait Take<const B: usize, const E: usize> {
    /// The modes as a layout.
    type Output;
    /// Its value.
    fn take(self) -> Self::Output;
}

/// `group<B, E>(L)`: `L` with its modes `B..E` grouped into one mode; `L` itself for `B == E`;
/// the bound of [`Layout::group_modes`].
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this layout has no modes {B}..{E} to group: `group_modes::<B, E>()` needs B <= E <= its rank",
    label = "the modes {B}..{E} are not a range of this layout's modes"
)]
pub trait GroupModes<const B: usize, const E: usize> {
    /// The grouped layout.
    type Output;
    /// Its value.
    fn group_modes(self) -> Self::Output;
}

/// The impls of one rank: `modes!(@rank [(S0 D0 0) (S1 D1 1) ...] RANK)`.
macro_rules! modes {
    ($( [$($m:tt)+] $rank:literal )+) => {$( modes!(@rank [$($m)+] $rank); )+};
    (@rank [$($all:tt)+] $rank:literal) => {
        modes!(@each [$($all)+] [$($all)+]);
        modes!(@begin [$($all)+] [] [$($all)+] $rank);
        // An empty range groups nothing (CuTe's `group<B, B>`), at the rank too.
        modes!(@same [$($all)+] $rank);
    };
    // Each mode `I`: `ModeAt<I>` and the empty range `I..I`.
    (@each [$($all:tt)+] []) => {};
    (@each [$($all:tt)+] [($s:ident $d:ident $i:literal) $($rest:tt)*]) => {
        modes!(@mode [$($all)+] $s $d $i);
        modes!(@same [$($all)+] $i);
        modes!(@each [$($all)+] [$($rest)*]);
    };
    (@mode [$(($s:ident $d:ident $k:literal))+] $si:ident $di:ident $i:literal) => {
        impl<$($s, $d),+> ModeAt<$i> for Layout<($($s,)+), ($($d,)+)> {
            type Output = Layout<$si, $di>;
            #[inline(always)]
            #[allow(non_snake_case, unused_variables, reason = "the values are named after their types")]
            fn mode_at(self) -> Self::Output {
                let (($($s,)+), ($($d,)+)) = self.into_parts();
                Layout::from_parts($si, $di)
            }
        }
    };
    (@same [$(($s:ident $d:ident $k:literal))+] $b:literal) => {
        impl<$($s, $d),+> GroupModes<$b, $b> for Layout<($($s,)+), ($($d,)+)> {
            type Output = Self;
            #[inline(always)]
            fn group_modes(self) -> Self {
                self
            }
        }
    };
    // Each begin `B`: the modes before it (`pre`) and from it (`rest`).
    (@begin [$($all:tt)+] [$($pre:tt)*] [] $rank:literal) => {};
    (@begin [$($all:tt)+] [$($pre:tt)*] [($s:ident $d:ident $i:literal) $($rest:tt)*] $rank:literal) => {
        modes!(@end [$($all)+] [$($pre)*] $i [] [($s $d $i) $($rest)*] $rank);
        modes!(@begin [$($all)+] [$($pre)* ($s $d $i)] [$($rest)*] $rank);
    };
    // Each end `E > B`: the range grows by one mode; `E` is the next mode's index or the rank.
    (@end [$($all:tt)+] [$($pre:tt)*] $b:literal [$($mid:tt)*] [$this:tt] $rank:literal) => {
        modes!(@impl [$($all)+] [$($pre)*] $b [$($mid)* $this] [] $rank);
    };
    (@end [$($all:tt)+] [$($pre:tt)*] $b:literal [$($mid:tt)*] [$this:tt ($s:ident $d:ident $i:literal) $($post:tt)*] $rank:literal) => {
        modes!(@impl [$($all)+] [$($pre)*] $b [$($mid)* $this] [($s $d $i) $($post)*] $i);
        modes!(@end [$($all)+] [$($pre)*] $b [$($mid)* $this] [($s $d $i) $($post)*] $rank);
    };
    (@impl [$(($s:ident $d:ident $i:literal))+] [$(($ps:ident $pd:ident $pi:literal))*] $b:literal
        [$(($ms:ident $md:ident $mi:literal))+] [$(($qs:ident $qd:ident $qi:literal))*] $e:literal) => {
        impl<$($s, $d),+> Take<$b, $e> for Layout<($($s,)+), ($($d,)+)> {
            type Output = Layout<($($ms,)+), ($($md,)+)>;
            #[inline(always)]
            #[allow(non_snake_case, unused_variables, reason = "the values are named after their types")]
            fn take(self) -> Self::Output {
                let (($($s,)+), ($($d,)+)) = self.into_parts();
                Layout::from_parts(($($ms,)+), ($($md,)+))
            }
        }
        impl<$($s, $d),+> GroupModes<$b, $e> for Layout<($($s,)+), ($($d,)+)> {
            type Output = Layout<($($ps,)* ($($ms,)+), $($qs,)*), ($($pd,)* ($($md,)+), $($qd,)*)>;
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn group_modes(self) -> Self::Output {
                let (($($s,)+), ($($d,)+)) = self.into_parts();
                Layout::from_parts(($($ps,)* ($($ms,)+), $($qs,)*), ($($pd,)* ($($md,)+), $($qd,)*))
            }
        }
    };
}

modes! {
    [(S0 D0 0)] 1
    [(S0 D0 0) (S1 D1 1)] 2
    [(S0 D0 0) (S1 D1 1) (S2 D2 2)] 3
    [(S0 D0 0) (S1 D1 1) (S2 D2 2) (S3 D3 3)] 4
    [(S0 D0 0) (S1 D1 1) (S2 D2 2) (S3 D3 3) (S4 D4 4)] 5
    [(S0 D0 0) (S1 D1 1) (S2 D2 2) (S3 D3 3) (S4 D4 4) (S5 D5 5)] 6
    [(S0 D0 0) (S1 D1 1) (S2 D2 2) (S3 D3 3) (S4 D4 4) (S5 D5 5) (S6 D6 6)] 7
    [(S0 D0 0) (S1 D1 1) (S2 D2 2) (S3 D3 3) (S4 D4 4) (S5 D5 5) (S6 D6 6) (S7 D7 7)] 8
}

// A depth-0 layout is its own mode 0, as cute_core's: `select<0>` and `take<0, 1>` give it as a
// rank-1 tuple, `group<0, 1>` nests that once more, an empty range leaves it as it is.
impl<S: Int, D> ModeAt<0> for Layout<S, D> {
    type Output = Self;
    #[inline(always)]
    fn mode_at(self) -> Self {
        self
    }
}
impl<S: Int, D> Take<0, 1> for Layout<S, D> {
    type Output = Layout<(S,), (D,)>;
    #[inline(always)]
    fn take(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts((s,), (d,))
    }
}
impl<S: Int, D> GroupModes<0, 1> for Layout<S, D> {
    type Output = Layout<((S,),), ((D,),)>;
    #[inline(always)]
    fn group_modes(self) -> Self::Output {
        let (s, d) = self.into_parts();
        Layout::from_parts(((s,),), ((d,),))
    }
}
impl<S: Int, D> GroupModes<0, 0> for Layout<S, D> {
    type Output = Self;
    #[inline(always)]
    fn group_modes(self) -> Self {
        self
    }
}
impl<S: Int, D> GroupModes<1, 1> for Layout<S, D> {
    type Output = Self;
    #[inline(always)]
    fn group_modes(self) -> Self {
        self
    }
}

/// `select<I0, I1, ...>(L)` from its modes `(L[I0], L[I1], ...)`: one layout of them, in that
/// order; what [`select!`](crate::select!) expands to, after [`ModeAt`] picks each mode.
#[doc(hidden)]
#[inline(always)]
pub fn select_modes<T>(modes: T) -> <<T as TupleList>::Output as Gather>::Output
where
    T: TupleList,
    <T as TupleList>::Output: Gather,
{
    modes.to_list().gather()
}

impl<S, D> Layout<S, D> {
    /// `take<B, E>(L)`: the modes `B..E` of the layout as a layout, each as it is (static
    /// leaves stay static, runtime ones keep their values); as `cute_core::Layout::take`.
    ///
    /// Needs `B < E <= rank` (a static layout has no empty layout); otherwise it does not
    /// compile, with the range named.
    ///
    /// ```
    /// let l = cute_static::layout!((4,(2,2),8):(2,(1,8),32));
    /// assert_eq!(l.take::<1, 3>().to_string(), "((2,2),8):((1,8),32)");
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn take<const B: usize, const E: usize>(self) -> <Self as Take<B, E>>::Output
    where
        Self: Take<B, E>,
    {
        Take::<B, E>::take(self)
    }

    /// `group<B, E>(L)`: the layout with its modes `B..E` grouped into one mode, the others as
    /// they are; the layout itself for `B == E`; as `cute_core::Layout::group_modes`.
    ///
    /// ```
    /// let l = cute_static::layout!((4,2,8):(2,1,32));
    /// assert_eq!(l.group_modes::<1, 3>().to_string(), "(4,(2,8)):(2,(1,32))");
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn group_modes<const B: usize, const E: usize>(self) -> <Self as GroupModes<B, E>>::Output
    where
        Self: GroupModes<B, E>,
    {
        GroupModes::<B, E>::group_modes(self)
    }
}
