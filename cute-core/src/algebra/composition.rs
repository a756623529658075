//! `composition`: `R = A ∘ B` with `R(i) == A(B(i))` (Cecka, *CuTe Layout Representation and
//! Algebra*, §3.3).
//!
//! # The admissibility rule
//!
//! The result has CuTe's normal form; it is computed as CuTe does, then accepted only if it is
//! exact. Let `coalesce(A) = (S_0,...,S_R):(D_0,...,D_R)` (coalescing does not change the
//! composition, §3.3.2) with exclusive prefix products `S̄_r`, and let `s:d` be one mode of `B`.
//!
//! 1. **Stride divisibility** (Eq. 20, §3.3.3), walked mode by mode. Before any element is placed,
//!    the remaining stride `d/S̄_r` either skips mode `r` whole (`S_r` divides it: exact) or lands
//!    inside it. Skipping without dividing is rejected, as CuTe rejects it
//!    ([`ErrorKind::StrideDivisibility`]). Landing inside mode `r` with a stride that does not
//!    divide `S_r` is exact only when all `s` elements fit in mode `r` (the paper's "apparent
//!    violation" `(4,2,8):(3,12,97) ∘ 3:3 = 3:9`, truncation of §3.3.2). When they overrun it,
//!    CuTe C++ returns a wrong layout, e.g. `(4,6,8):(2,3,5) ∘ 6:3 = (2,3):(6,3)`; here that is
//!    [`ErrorKind::StrideOverrun`] unless the result still equals `A(d·i)` at every `i < s`
//!    (possible only over a stride-0 mode, checked pointwise).
//! 2. **Shape divisibility** (Eq. 21): each mode holds `min(⌈S_r / stride⌉, remaining)` elements,
//!    which must divide the remaining count ([`ErrorKind::ShapeDivisibility`], as in CuTe).
//! 3. **Distributivity** (Eq. 22–23, §3.3.2 "Reductive Case"): a `B` of several modes is composed
//!    mode by mode, which is exact when the offsets of its modes never carry from one mode of
//!    `coalesce(A)` into the next. The rule checks that the largest digits the modes of `B` place
//!    in each mode `r < R` add up to less than `S_r`. When that cannot be shown (overlapping or
//!    negative strides), the result is compared with `A(B(i))` at every `i < size(B)`; a
//!    difference is [`ErrorKind::NotAdmissible`] (CuTe C++ returns
//!    `(6,2):(1,7) ∘ (3,2):(2,3) = (3,2):(2,3)`, which is wrong at `i = 5`). Pointwise checks stop
//!    at [`VERIFY_LIMIT`] points ([`ErrorKind::VerificationLimit`]).
//!
//! Rules 1–2 are CuTe's own checks; the overrun and the pointwise checks are where this crate is
//! exact and CuTe is not. Every result CuTe computes correctly is returned unchanged.

use core::borrow::BorrowMut;

use super::by_mode::by_mode;
use super::coalesce::coalesce_into;
use super::verify::{verify_distributive, verify_leaves};
use super::walk::{compose_into, Scope, Sink};
use super::FlatRef;
use crate::error::{Error, ErrorKind, Op};
use crate::layout::{Layout, LayoutBuilder};
use crate::limits::{Limit, MAX_LAYOUT_LEAVES};
use crate::tiler::Tiler;

pub use super::leaf_walk::{
    compose_leaf, compose_slots, empty_mode_reached, leaves_carry, LeafWalk,
};
pub use super::trace::{Step, Trace, Unproven};
pub use crate::limits::VERIFY_LIMIT;

/// `composition(A, B)`: the layout `R = A ∘ B` (Cecka §3.3).
///
/// # Preconditions
/// The admissibility rule of this module: stride and shape divisibility at each mode of
/// `coalesce(A)`, and distributivity of `B`'s modes over `A`.
///
/// # Postconditions
/// - `R` has the shape of `B`, possibly refined: `B ≼ R`, `size(R) == size(B)`;
/// - `R(i) == A(B(i))` for every `i < size(B)`, with `A` extended past its size by its last mode.
///
/// # Empty layouts
/// An empty leaf of `B` gives an empty leaf of `R` (`n:0`, or CuTe's `0:(d·D)` over a one-mode
/// `A`). An `A` whose only empty leaf is its last extends by it as any `A` does
/// (`0:1 ∘ 4:1 = 4:1`, what `logical_divide` of an empty layout composes). Past an empty leaf
/// before the last, `A` has no value at an index above 0, so a `B` that reaches one is
/// [`ErrorKind::EmptyMode`].
///
/// # Examples
/// ```
/// use cute_core::{composition, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // Cecka §3.3.3
/// assert_eq!(composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12")).unwrap(), l("(2,3):(9,5)"));
/// assert_eq!(composition(&l("(4,2,8):(3,12,97)"), &l("3:3")).unwrap(), l("3:9"));
/// let e = composition(&l("(4,6,8):(2,3,5)"), &l("6:3")).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "composition (4,6,8):(2,3,5) ∘ 6:3: stride divisibility violated at mode 1: 3 and prefix \
///      product 4 do not divide each other, and the 6 elements do not fit in mode 0"
/// );
/// ```
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    // Built in the value returned: no move of the layout at all.
    let mut r = Ok(Layout::empty());
    if let Ok(l) = &mut r {
        if let Err(k) = walk(a, b, Exact::All, &mut (), &mut LayoutBuilder::over(l)) {
            r = Err(Error::new(
                Op::Composition,
                [Some(a.into()), Some(b.into())],
                k,
            ));
        }
    }
    r
}

/// CuTe C++'s `composition(A, B)`: its normal form and its own divisibility checks, without this
/// crate's exactness checks. For comparison and diagnostics: on the inputs [`composition`]
/// rejects as `not_admissible`, this is the wrong layout CuTe returns.
///
/// # Examples
/// ```
/// use cute_core::{algebra::composition::composition_unchecked, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(composition_unchecked(&l("(4,6,8):(2,3,5)"), &l("6:3")).unwrap(), l("(2,3):(6,3)"));
/// ```
pub fn composition_unchecked(a: &Layout, b: &Layout) -> Result<Layout, Error> {
    compose(a, b, Exact::CuteOnly)
        .map_err(|k| Error::new(Op::Composition, [Some(a.into()), Some(b.into())], k))
}

/// `composition(A, T)` with a tiler: mode `i` of the result is `A_i ∘ T_i`; modes of `A` past
/// `rank(T)` are dropped (Cecka §3.3.5).
///
/// # Preconditions
/// `rank(T) <= rank(A)`, and each `A_i ∘ T_i` is admissible.
///
/// # Examples
/// ```
/// use cute_core::{composition_tiler, Layout, Tiler};
/// let a: Layout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let t: Tiler = "<3:4,8:2>".parse().unwrap();
/// assert_eq!(composition_tiler(&a, &t).unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
/// ```
pub fn composition_tiler(a: &Layout, t: &Tiler) -> Result<Layout, Error> {
    by_mode(a, t, false, Op::Composition, &composition)
}

/// A layout builder that also reports the walk's steps.
struct Traced<'t, T: Trace, O> {
    out: &'t mut LayoutBuilder<O>,
    trace: &'t mut T,
}

impl<T: Trace, O: BorrowMut<Layout>> Sink for Traced<'_, T, O> {
    const TRACING: bool = T::ACTIVE;
    fn open(&mut self) -> Result<(), ErrorKind> {
        self.out.open()
    }
    fn close(&mut self) -> Result<(), ErrorKind> {
        self.out.close()
    }
    fn leaf(&mut self, s: i64, d: i64, _from: Option<usize>) -> Result<(), ErrorKind> {
        self.out.leaf(s, d)
    }
    fn step(&mut self, step: &Step) {
        if T::ACTIVE {
            self.trace.step(step);
        }
    }
}

/// Which part of `B` the exactness checks cover.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exact {
    /// All of `B`: the user-facing `composition`, and the grid of the products.
    All,
    /// Mode 0 of `B` (the tile of `logical_divide`, whose postcondition covers only the tile).
    FirstMode,
    /// None: CuTe's own checks only (`composition_unchecked`, and the compositions inside
    /// `max_common_layout`, whose result is checked pointwise instead).
    CuteOnly,
}

/// `A ∘ B` with CuTe's normal form and checks, then the exactness checks over `exact`.
pub(crate) fn compose(a: &Layout, b: &Layout, exact: Exact) -> Result<Layout, ErrorKind> {
    compose_traced(a, b, exact, &mut ())
}

/// [`composition`] that reports each step of the walk to `trace`, for `cute explain`.
///
/// # Examples
/// ```
/// use cute_core::algebra::composition::{composition_traced, Step};
/// use cute_core::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let mut steps = Vec::new();
/// let r = composition_traced(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12"), &mut |s: &Step| steps.push(*s));
/// assert_eq!(r.unwrap(), l("(2,3):(9,5)"));
/// assert!(matches!(steps[0], Step::Composition { .. }));
/// assert!(matches!(steps[3], Step::DivideOut { mode: 0, size: 4, stride: 12, next: 3 }));
/// assert_eq!(steps.last(), Some(&Step::Composed(l("(2,3):(9,5)"))));
/// ```
pub fn composition_traced(a: &Layout, b: &Layout, trace: &mut impl Trace) -> Result<Layout, Error> {
    compose_traced(a, b, Exact::All, trace)
        .map_err(|k| Error::new(Op::Composition, [Some(a.into()), Some(b.into())], k))
}

pub(crate) fn compose_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    exact: Exact,
    trace: &mut T,
) -> Result<Layout, ErrorKind> {
    let mut out = LayoutBuilder::new();
    if !T::ACTIVE {
        walk(a, b, exact, trace, &mut out)?;
        return Ok(out.into_layout());
    }
    trace.step(&Step::Composition { a: *a, b: *b });
    let r = walk(a, b, exact, trace, &mut out).map(|()| out.into_layout());
    trace.step(&match r {
        Ok(l) => Step::Composed(l),
        Err(k) => Step::Rejected(k),
    });
    r
}

/// The walk of [`compose_traced`], between its opening and closing steps, into `out`: finished
/// and checked when it returns `Ok`.
fn walk<T: Trace, O: BorrowMut<Layout>>(
    a: &Layout,
    b: &Layout,
    exact: Exact,
    trace: &mut T,
    out: &mut LayoutBuilder<O>,
) -> Result<(), ErrorKind> {
    if let Some(mode) =
        empty_mode_reached(a.shape().leaves(), b.shape().leaves(), b.stride().leaves())
    {
        return Err(ErrorKind::EmptyMode { mode });
    }
    // `coalesce(A)` at the end of two arrays of a layout's size (a `Flat` is zeroed by a call).
    let (mut s, mut d) = ([0i64; MAX_LAYOUT_LEAVES], [0i64; MAX_LAYOUT_LEAVES]);
    let (sa, da) = (a.shape().leaves(), a.stride().leaves());
    let end = sa.len().max(1);
    let first = coalesce_into(sa, da, None, true, (&mut s[..end], &mut d[..end], None));
    let fa = FlatRef {
        n: end - first,
        s: &s[first..end],
        d: &d[first..end],
    };
    let mut out = Traced { out, trace };
    if T::ACTIVE {
        out.step(&Step::Coalesced(fa.layout()?));
    }
    let mut max = [0; MAX_LAYOUT_LEAVES];
    let mut scope = Scope {
        max: &mut max,
        modes: 0,
        overrun: false,
        backward: false,
    };
    let first_only = exact == Exact::FirstMode && b.shape().view().is_tuple();
    // The leaves held to the exactness rule: those of the first mode (the tile) for a divide.
    let scoped = if first_only {
        b.view()
            .modes()
            .next()
            .map_or(0, |m| m.shape.leaves().len())
    } else {
        usize::MAX
    };
    let held = (exact != Exact::CuteOnly).then_some(&mut scope);
    compose_into(fa, b.view(), &mut out, held, scoped)?;
    out.out.finish_in_place()?;
    if exact == Exact::CuteOnly {
        return Ok(());
    }
    // Digits carry only between the modes of a `B` of several modes.
    let carry = (0..fa.n.saturating_sub(1))
        .find(|&k| scope.max[k] >= fa.s[k])
        .filter(|_| scope.modes > 1);
    let reason = if scope.overrun {
        Some(Unproven::Overrun)
    } else if scope.backward {
        Some(Unproven::Backward)
    } else {
        carry.map(|mode| Unproven::Carry {
            mode,
            digits: scope.max[mode],
            size: fa.s[mode],
        })
    };
    let Some(reason) = reason else {
        out.step(&Step::Proved);
        return Ok(());
    };
    let r = *out.out.built();
    let (b0, r0) = if first_only {
        // A mode of a layout fits in one.
        let capacity = ErrorKind::Capacity {
            limit: Limit::LayoutLeaves,
        };
        (b.mode(0).ok_or(capacity)?, r.mode(0).ok_or(capacity)?)
    } else {
        (*b, r)
    };
    out.step(&Step::Pointwise {
        points: b0.size(),
        reason,
    });
    if scope.overrun || scope.backward {
        verify_leaves(fa, b0.view())?;
    }
    if scope.modes > 1 {
        verify_distributive(fa, &b0, &r0)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stride::eval_flat;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    /// `compose_leaf` on random leaves: where it gives a result, so does the general walk, and
    /// both equal `A(d·i)` (the last leaf extended) at every `i < n`, the padding in front.
    #[test]
    fn compose_leaf_agrees_with_the_general_walk() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            i64::try_from(x % m).unwrap()
        };
        let mut taken = 0;
        for _ in 0..20_000 {
            let r = usize::try_from(1 + next(4)).unwrap();
            let a_s: Vec<i64> = (0..r).map(|_| 1 + next(6)).collect();
            let a_d: Vec<i64> = (0..r).map(|_| next(20)).collect();
            let (n, d) = (1 + next(12), next(30));
            let w = r + usize::try_from(next(2)).unwrap();
            let (mut s, mut t) = (vec![7; w], vec![7; w]);
            if compose_leaf((&a_s, &a_d), (n, d), (&mut s, &mut t), None).is_none() {
                continue;
            }
            taken += 1;
            let (mut gs, mut gd) = (vec![0; w], vec![0; w]);
            let (mut fs, mut fd, mut max) = (vec![0; r], vec![0; r], vec![0; r]);
            let general = compose_slots(
                (&a_s, &a_d),
                (&[n], &[d]),
                1,
                &[w],
                (&mut gs, &mut gd),
                (&mut fs, &mut fd, &mut max),
            );
            let case = format!("{a_s:?}:{a_d:?} o {n}:{d} -> {s:?}:{t:?}");
            assert!(general.is_ok(), "{case}: {general:?}");
            for i in 0..n {
                let want = eval_flat(&a_s, &a_d, d * i).unwrap();
                assert_eq!(eval_flat(&s, &t, i).unwrap(), want, "{case} at {i}");
                assert_eq!(eval_flat(&gs, &gd, i).unwrap(), want, "{case} at {i}");
            }
            // The run does not end in padding, which a later walk would extend; without leaves
            // of size 1 in `A`, all the padding is in front.
            assert!(n == 1 || s[w - 1] > 1, "{case}: padding at the end");
            if n > 1 && a_s.iter().all(|&s| s > 1) {
                let pads = s.iter().zip(&t).take_while(|&(&s, &d)| (s, d) == (1, 0));
                let ones = s.iter().filter(|&&s| s == 1).count();
                assert_eq!(pads.count(), ones, "{case}: padding not in front");
            }
        }
        assert!(taken > 5_000, "only {taken} cases in the common case");
    }

    fn check(a: &str, b: &str, r: &str) {
        let (a, b) = (l(a), l(b));
        let got = composition(&a, &b).unwrap();
        assert_eq!(got.to_string(), r, "{a} ∘ {b}");
        for i in 0..b.size() {
            assert_eq!(got.eval(i).unwrap(), a.eval(b.eval(i).unwrap()).unwrap());
        }
    }

    #[test]
    fn paper_section_3_3_3() {
        check("(4,6,8,10):(2,3,5,7)", "6:12", "(2,3):(9,5)");
        check("7:11", "3:4", "3:44");
        check("7:11", "(3,5):(6,3)", "(3,5):(66,33)");
        check("(4,2,8):(3,12,97)", "3:3", "3:9");
        check("(5,3):(1,7)", "2:5", "2:7");
    }

    #[test]
    fn negative_strides_split_as_cute_does() {
        // A(-1) is the coordinate (-1,0) of (2,3), offset -2 (C++'s truncating idx2crd): CuTe
        // C++ gives this composition, and it is exact at every index.
        assert_eq!(l("(2,3):(2,1)").eval(-1).unwrap(), -2);
        assert_eq!(l("(2,3):(2,1)").eval(-3).unwrap(), -3);
        check("(2,3):(2,1)", "6:-1", "(2,3):(-2,-1)");
        check("6:1", "6:-1", "6:-1");
        check("(4,2):(1,4)", "(2,4):(-1,-2)", "(2,4):(-1,-2)");
    }

    #[test]
    fn paper_table_4_integer_layouts() {
        let tv = "((4,8),2):((16,1),8)";
        check("(8,8):(1,8)", tv, "((4,8),2):((16,1),8)");
        check("(8,8):(8,1)", tv, "((4,8),2):((2,8),1)");
        check("(8,8):(1,9)", tv, "((4,8),2):((18,1),9)");
        check(
            "((4,2),(2,4)):((2,16),(1,8))",
            tv,
            "((4,(4,2)),2):((8,(2,16)),1)",
        );
    }

    #[test]
    fn inadmissible_cases_name_the_condition() {
        let e = |a: &str, b: &str| composition(&l(a), &l(b)).unwrap_err().kind;
        assert!(matches!(
            e("(4,6,8):(2,3,5)", "6:3"),
            ErrorKind::StrideOverrun { mode: 1, .. }
        ));
        assert!(matches!(
            e("(4,6,8):(2,3,5)", "6:1"),
            ErrorKind::ShapeDivisibility {
                mode: 0,
                holds: 4,
                remaining: 6
            }
        ));
        assert!(matches!(
            e("(4,2,8):(3,12,97)", "4:3"),
            ErrorKind::ShapeDivisibility { .. }
        ));
        assert!(matches!(
            e("(4,2,8):(3,15,97)", "3:3"),
            ErrorKind::ShapeDivisibility { .. }
        ));
        assert!(matches!(
            e("(4,6):(1,5)", "2:6"),
            ErrorKind::StrideDivisibility {
                mode: 1,
                stride: 6,
                prefix: 4
            }
        ));
        assert!(matches!(
            e("(6,2):(1,7)", "(3,2):(2,3)"),
            ErrorKind::NotAdmissible {
                index: 5,
                expected: 8,
                got: 7
            }
        ));
    }

    #[test]
    fn coincidence_over_a_stride_zero_mode_is_accepted() {
        // Stride 3 does not divide 5, but mode 0 has stride 0, so CuTe's (2,2):(0,1) is exact.
        check("(5,4):(0,1)", "4:3", "(2,2):(0,1)");
        assert!(composition(&l("(8,3):(0,1)"), &l("12:6")).is_err());
    }
}
