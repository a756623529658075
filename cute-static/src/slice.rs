//! Slicing (Cecka, *CuTe Layout Representation and Algebra*, §2.5.1): a coordinate with `_`
//! ([`Underscore`]) in some modes picks the sub-layout of those modes and the offset of the others.
//!
//! A coordinate is a leaf (a static or runtime integer), `_`, or a Rust tuple of coordinates,
//! weakly congruent to the shape: an integer where the shape has a tuple is a 1-D index into that
//! mode. Its structure (which modes are `_`) is a type, so the sliced layout is one too; its
//! integers may be runtime values, each checked once against its mode.

use cute_core::{Error, ErrorKind, IntTuple, Op, Operand};

use crate::algebra::modes::Gather;
use crate::coord::{Coord, IntoTuple, Underscore};
use crate::int::Int;
use crate::int_tuple::{Congruent, IntTupleType, ShapeTuple};
use crate::layout::Layout;
use crate::list::{Concat, TCons, TNil};

/// The coordinate `c` slices the mode `S:D`: the modes it keeps (those under a `_`) and the
/// offset of its integers (part of the implementation of [`Layout::slice_and_offset`]).
pub trait SliceBy<S, D> {
    /// The kept modes, as a list of layouts.
    type Kept;
    /// The offset and the kept modes; `Err((index, size))` for an integer outside its mode.
    fn slice_by(self, s: S, d: D) -> Result<(i64, Self::Kept), (i64, i64)>;
}

/// `_` keeps the whole mode, at offset 0.
impl<S, D> SliceBy<S, D> for Underscore {
    type Kept = TCons<Layout<S, D>, TNil>;
    #[inline(always)]
    fn slice_by(self, s: S, d: D) -> Result<(i64, Self::Kept), (i64, i64)> {
        Ok((0, TCons(Layout::from_parts(s, d), TNil)))
    }
}

/// An integer is a 1-D index into the mode `S:D` (colexicographic over its leaves): nothing is
/// kept.
impl<C: Int, S, D> SliceBy<S, D> for C
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    type Kept = TNil;
    #[inline(always)]
    fn slice_by(self, s: S, d: D) -> Result<(i64, TNil), (i64, i64)> {
        let mode = Layout::from_parts(s, d);
        let (i, size) = (self.value(), mode.size());
        if (0..size).contains(&i) {
            Ok((mode.offset(i), TNil))
        } else {
            Err((i, size))
        }
    }
}

impl<S, D> Layout<S, D>
where
    S: ShapeTuple + Congruent<D>,
    D: IntTupleType,
{
    /// CuTe's `slice_and_offset(c, L)`: the layout of the modes where `c` holds `_` (the whole
    /// layout for `c = _`, else a tuple of the kept modes), and the offset of `c` with every `_`
    /// taken as 0.
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] when an integer of `c` is outside its mode (its index and
    /// the mode's size): checked once per call, so a slice never points outside the layout.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{make_layout, typenum::consts::*, Dyn, __};
    /// let a = make_layout((Dyn::new(20), U8::new()), (U8::new(), U1::new())).unwrap();
    /// let (row, offset) = a.slice_and_offset((3, __)).unwrap();
    /// assert_eq!((format!("{row:?}"), offset), ("(_8):(_1)".to_string(), 24));
    /// assert!(a.slice_and_offset((20, __)).is_err());
    /// ```
    #[inline(always)]
    pub fn slice_and_offset<C>(&self, c: C) -> Result<(SliceOf<C::Output, S, D>, i64), Error>
    where
        C: IntoTuple,
        C::Output: Slicer<S, D>,
    {
        let c = c.into_tuple()?;
        let (shape, stride) = self.into_parts();
        match c.slice(shape, stride) {
            Ok((offset, l)) => Ok((l, offset)),
            Err((index, size)) => Err(self.slice_error(&c, index, size)),
        }
    }

    /// CuTe's `slice(c, L)`: [`Layout::slice_and_offset`] without the offset.
    ///
    /// # Errors
    /// As [`Layout::slice_and_offset`].
    #[inline(always)]
    pub fn slice<C>(&self, c: C) -> Result<SliceOf<C::Output, S, D>, Error>
    where
        C: IntoTuple,
        C::Output: Slicer<S, D>,
    {
        self.slice_and_offset(c).map(|(l, _)| l)
    }

    /// The error of a slice at `c` whose integer `index` is outside its mode of `size`.
    #[cfg_attr(not(target_arch = "nvptx64"), cold, inline(never))]
    #[cfg_attr(target_arch = "nvptx64", inline(always))]
    fn slice_error<C: Coord>(&self, c: &C, index: i64, size: i64) -> Error {
        Error::new(
            Op::Slice,
            [
                Operand::kept(|| Operand::of(self)),
                Operand::kept(|| Operand::from(&c.lower())),
            ],
            ErrorKind::IndexOutOfRange { index, size },
        )
    }
}

/// `SliceOf<C, S, D>`: the layout that slicing `S:D` at `c` keeps.
pub type SliceOf<C, S, D> = <C as Slicer<S, D>>::Output;

/// A coordinate that slices a whole layout `S:D`: `_` keeps it as it is, a tuple keeps its
/// `_` modes as one tuple (part of the implementation of [`Layout::slice_and_offset`]).
#[doc(hidden)]
pub trait Slicer<S, D>: Coord {
    /// The sliced layout.
    type Output;
    /// The offset and the sliced layout; `Err((index, size))` for an integer outside its mode.
    fn slice(self, s: S, d: D) -> Result<(i64, Self::Output), (i64, i64)>;
}

/// `L(_) = L`.
impl<S, D> Slicer<S, D> for Underscore {
    type Output = Layout<S, D>;
    #[inline(always)]
    fn slice(self, s: S, d: D) -> Result<(i64, Layout<S, D>), (i64, i64)> {
        Ok((0, Layout::from_parts(s, d)))
    }
}

/// The flattening of kept modes of each mode of a tuple coordinate (part of the implementation
/// of [`Layout::slice_and_offset`]).
macro_rules! tuple_slices {
    ($( ($($c:ident $s:ident $d:ident),+) )+) => {$(
        impl<$($c: Coord),+> Coord for ($($c,)+) {
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn lower(&self) -> IntTuple {
                let ($($c,)+) = self;
                let modes = [$($c.lower(),)+];
                IntTuple::tuple(modes.iter().map(IntTuple::view)).unwrap_or(IntTuple::under())
            }
        }

        impl<$($c: IntoTuple),+> IntoTuple for ($($c,)+) {
            type Output = ($($c::Output,)+);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn into_tuple(self) -> Result<Self::Output, Error> {
                let ($($c,)+) = self;
                Ok(($($c.into_tuple()?,)+))
            }
        }

        /// `(c0, c1, ...)` slices `(s0, s1, ...):(d0, d1, ...)` mode by mode.
        impl<$($c, $s, $d),+> SliceBy<($($s,)+), ($($d,)+)> for ($($c,)+)
        where
            ($($c,)+): SliceEach<($($s,)+), ($($d,)+)>,
            <($($c,)+) as SliceEach<($($s,)+), ($($d,)+)>>::Kept: ConcatAll,
        {
            type Kept =
                <<($($c,)+) as SliceEach<($($s,)+), ($($d,)+)>>::Kept as ConcatAll>::Output;
            #[inline(always)]
            fn slice_by(
                self,
                s: ($($s,)+),
                d: ($($d,)+),
            ) -> Result<(i64, Self::Kept), (i64, i64)> {
                let (offset, kept) = self.slice_each(s, d)?;
                Ok((offset, kept.concat_all()))
            }
        }

        /// A tuple coordinate keeps its `_` modes as the modes of one tuple.
        impl<$($c: SliceBy<$s, $d> + Coord, $s, $d),+> Slicer<($($s,)+), ($($d,)+)> for ($($c,)+)
        where
            ($($c,)+): SliceBy<($($s,)+), ($($d,)+)>,
            <($($c,)+) as SliceBy<($($s,)+), ($($d,)+)>>::Kept: Gather,
        {
            type Output = <<($($c,)+) as SliceBy<($($s,)+), ($($d,)+)>>::Kept as Gather>::Output;
            #[inline(always)]
            fn slice(
                self,
                s: ($($s,)+),
                d: ($($d,)+),
            ) -> Result<(i64, Self::Output), (i64, i64)> {
                let (offset, kept) = self.slice_by(s, d)?;
                Ok((offset, kept.gather()))
            }
        }
    )+};
}

/// Slices each mode of a tuple coordinate, summing the offsets (part of the implementation of
/// [`Layout::slice_and_offset`]).
pub trait SliceEach<S, D> {
    /// The kept lists, one per mode.
    type Kept;
    /// The offset and the kept lists.
    fn slice_each(self, s: S, d: D) -> Result<(i64, Self::Kept), (i64, i64)>;
}

macro_rules! slice_each_impls {
    ($( ($($c:ident $s:ident $d:ident $k:ident),+) )+) => {$(
        impl<$($c: SliceBy<$s, $d>, $s, $d),+> SliceEach<($($s,)+), ($($d,)+)> for ($($c,)+) {
            type Kept = ($(<$c as SliceBy<$s, $d>>::Kept,)+);
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn slice_each(
                self,
                s: ($($s,)+),
                d: ($($d,)+),
            ) -> Result<(i64, Self::Kept), (i64, i64)> {
                let ($($c,)+) = self;
                let ($($s,)+) = s;
                let ($($d,)+) = d;
                if !cfg!(target_arch = "nvptx64") {
                    let mut offset = 0i64;
                    $( let $k = {
                        let (o, k) = $c.slice_by($s, $d)?;
                        offset = offset.wrapping_add(o);
                        k
                    }; )+
                    return Ok((offset, ($($k,)+)));
                }
                // On a GPU every mode is sliced before the first error is taken (each is pure):
                // no branch between modes, so that a kernel's second slice of the same layout is
                // the first one's value. On a CPU the early exit is faster.
                let ($($k,)+) = ($($c.slice_by($s, $d),)+);
                let mut offset = 0i64;
                $( let $k = match $k {
                    Ok((o, k)) => {
                        offset = offset.wrapping_add(o);
                        k
                    }
                    Err(e) => return Err(e),
                }; )+
                Ok((offset, ($($k,)+)))
            }
        }

    )+};
}

/// A tuple of lists concatenated in order (part of the implementation of
/// [`Layout::slice_and_offset`]).
pub trait ConcatAll {
    /// The list.
    type Output;
    /// The list's value.
    fn concat_all(self) -> Self::Output;
}

impl<A> ConcatAll for (A,) {
    type Output = A;
    #[inline(always)]
    fn concat_all(self) -> A {
        self.0
    }
}

macro_rules! concat_all {
    ($( ($a:ident, $($rest:ident),+) )+) => {$(
        impl<$a, $($rest),+> ConcatAll for ($a, $($rest),+)
        where
            ($($rest,)+): ConcatAll,
            $a: Concat<<($($rest,)+) as ConcatAll>::Output>,
        {
            type Output = <$a as Concat<<($($rest,)+) as ConcatAll>::Output>>::Output;
            #[inline(always)]
            #[allow(non_snake_case, reason = "the values are named after their types")]
            fn concat_all(self) -> Self::Output {
                let ($a, $($rest),+) = self;
                $a.concat(($($rest,)+).concat_all())
            }
        }
    )+};
}

concat_all! {
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
}

slice_each_impls! {
    (C0 S0 D0 K0)
    (C0 S0 D0 K0, C1 S1 D1 K1)
    (C0 S0 D0 K0, C1 S1 D1 K1, C2 S2 D2 K2)
    (C0 S0 D0 K0, C1 S1 D1 K1, C2 S2 D2 K2, C3 S3 D3 K3)
    (C0 S0 D0 K0, C1 S1 D1 K1, C2 S2 D2 K2, C3 S3 D3 K3, C4 S4 D4 K4)
    (C0 S0 D0 K0, C1 S1 D1 K1, C2 S2 D2 K2, C3 S3 D3 K3, C4 S4 D4 K4, C5 S5 D5 K5)
    (C0 S0 D0 K0, C1 S1 D1 K1, C2 S2 D2 K2, C3 S3 D3 K3, C4 S4 D4 K4, C5 S5 D5 K5, C6 S6 D6 K6)
    (C0 S0 D0 K0, C1 S1 D1 K1, C2 S2 D2 K2, C3 S3 D3 K3, C4 S4 D4 K4, C5 S5 D5 K5, C6 S6 D6 K6, C7 S7 D7 K7)
}

tuple_slices! {
    (C0 S0 D0)
    (C0 S0 D0, C1 S1 D1)
    (C0 S0 D0, C1 S1 D1, C2 S2 D2)
    (C0 S0 D0, C1 S1 D1, C2 S2 D2, C3 S3 D3)
    (C0 S0 D0, C1 S1 D1, C2 S2 D2, C3 S3 D3, C4 S4 D4)
    (C0 S0 D0, C1 S1 D1, C2 S2 D2, C3 S3 D3, C4 S4 D4, C5 S5 D5)
    (C0 S0 D0, C1 S1 D1, C2 S2 D2, C3 S3 D3, C4 S4 D4, C5 S5 D5, C6 S6 D6)
    (C0 S0 D0, C1 S1 D1, C2 S2 D2, C3 S3 D3, C4 S4 D4, C5 S5 D5, C6 S6 D6, C7 S7 D7)
}
