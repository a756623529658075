//! `composition`: `R = A ∘ B` with `R(i) == A(B(i))` (seed 000 §3.3).
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

use super::coalesce::{coalesce_flat, coalesce_into};
use super::FlatRef;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{add, ceil_div_int, mul, IntTuple, MAX_LEAVES};
use crate::layout::{eval_flat, Layout, LayoutBuilder, LayoutView};
use crate::tiler::{Tile, Tiler};

/// The most points a pointwise check evaluates (composition, `left_inverse`): about 45 ms in a
/// release build at up to 350 ns a point (a coordinate layout), the budget that keeps every
/// operation on hostile input under the 100 ms of issue 14; past it,
/// [`ErrorKind::VerificationLimit`].
pub const VERIFY_LIMIT: i64 = 1 << 17;

/// `composition(A, B)`: the layout `R = A ∘ B` (seed 000 §3.3).
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
/// // seed 000 §3.3.3
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
    compose(a, b, Exact::All)
        .map_err(|k| Error::new(Op::Composition, [Some(a.into()), Some(b.into())], k))
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
/// `rank(T)` are dropped (seed 000 §3.3.5).
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

/// Applies `f` tile by tile (`transform_layout` in CuTe): mode `i` of `a` with tile `i` of `t`,
/// nested tilers recursively. Modes of `a` past `rank(t)` are kept when `keep_rest`.
pub(crate) fn by_mode(
    a: &Layout,
    t: &Tiler,
    keep_rest: bool,
    op: Op,
    f: &dyn Fn(&Layout, &Layout) -> Result<Layout, Error>,
) -> Result<Layout, Error> {
    let err = |k| Error::new(op, [Some(a.into()), Some(Operand::from(t))], k);
    if t.rank() > a.rank() {
        return Err(err(ErrorKind::TilerRankTooLarge {
            tiler: t.rank(),
            layout: a.rank(),
        }));
    }
    let mut b = LayoutBuilder::new();
    b.open().map_err(err)?;
    let mut tiles = t.tiles();
    for m in a.modes() {
        let m = m.to_layout().map_err(err)?;
        let r = match tiles.next() {
            Some(Tile::Layout(tl)) => f(&m, &tl)?,
            Some(Tile::Tiler(sub)) => by_mode(&m, &sub, keep_rest, op, f)?,
            None if keep_rest => m,
            None => break,
        };
        b.mode(r.view()).map_err(err)?;
    }
    b.close().map_err(err)?;
    b.finish().map_err(err)
}

/// Where the walk writes its result: a layout, or (for coordinate layouts) a layout whose strides
/// keep the basis of the mode of `coalesce(A)` they come from.
pub(crate) trait Sink {
    fn open(&mut self) -> Result<(), ErrorKind>;
    fn close(&mut self) -> Result<(), ErrorKind>;
    /// Appends the mode `s:d`, whose stride is a multiple of mode `from` of `coalesce(A)` (`None`
    /// for stride 0).
    fn leaf(&mut self, s: i64, d: i64, from: Option<usize>) -> Result<(), ErrorKind>;
    /// `true` when [`Sink::step`] records anything, so the walk only builds steps then.
    const TRACING: bool = false;
    /// `false` for a sink that takes the modes of a leaf of `B` as they come, with no tuple
    /// around several (the slots of [`compose_slots`]): the walk then skips the unwrapping.
    const NESTS: bool = true;
    /// Records a step of the walk (for `explain`); ignored by default.
    fn step(&mut self, _step: &Step) {}
}

/// One step of a traced operation, as `cute explain` prints it: the composition walk (whose modes
/// are those of `coalesce(A)`, strides counted in elements of that mode), the complement that
/// divides and products compute before their composition, and the inverses.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
#[allow(
    clippy::large_enum_variant,
    reason = "steps go to the tracer by reference, and only when explaining"
)]
pub enum Step {
    /// A composition `a ∘ b` starts; its steps follow, up to [`Step::Composed`] or
    /// [`Step::Rejected`].
    Composition {
        /// The left operand.
        a: Layout,
        /// The right operand.
        b: Layout,
    },
    /// `coalesce(A)`, extended past its size by its last mode: the layout the walk divides.
    Coalesced(Layout),
    /// The walk starts on the mode `shape:stride` of `B`.
    Mode {
        /// Its size.
        shape: i64,
        /// Its stride.
        stride: i64,
    },
    /// A stride-0 mode of `B`: every element maps to `A(0)`.
    ZeroStride,
    /// `coalesce(A)` has one mode `s:d`, so the mode `shape:stride` of `B` becomes
    /// `shape:(stride·d)`.
    Linear {
        /// The stride of `A`'s one mode.
        stride: i64,
        /// The stride of the result mode.
        result: i64,
    },
    /// Mode `mode` (`size` elements) is divided out: the remaining stride `stride` is a multiple of
    /// it, and becomes `next`.
    DivideOut {
        /// Mode of `coalesce(A)`.
        mode: usize,
        /// Its size.
        size: i64,
        /// The remaining stride before.
        stride: i64,
        /// The remaining stride after.
        next: i64,
    },
    /// Mode `mode` keeps `keep` elements at stride `stride` (result stride `result`); `remaining`
    /// elements are left for the next modes.
    Keep {
        /// Mode of `coalesce(A)`.
        mode: usize,
        /// Its size.
        size: i64,
        /// The remaining stride.
        stride: i64,
        /// Elements it keeps: `min(⌈size/stride⌉, remaining)`.
        keep: i64,
        /// Stride of the result mode.
        result: i64,
        /// Elements left for the next modes.
        remaining: i64,
    },
    /// The last mode of `coalesce(A)` (unbounded) keeps the `keep` remaining elements.
    Last {
        /// Elements it keeps.
        keep: i64,
        /// Stride of the result mode.
        result: i64,
    },
    /// `complement(layout, cotarget) = result`, after its [`Step::ComplementMode`] and
    /// [`Step::ComplementRest`] steps; a divide or product composes with it next.
    Complement {
        /// The layout complemented.
        layout: Layout,
        /// The size (or shape) the complement fills up to.
        cotarget: IntTuple,
        /// The complement.
        result: Layout,
    },
    /// `complement` works on `filter(L)`, shown when it differs from `L`: stride-0 modes
    /// dropped, the rest coalesced.
    Filtered(Layout),
    /// `complement` takes the mode `shape:stride` (the smallest stride left): the offsets below
    /// `stride` not yet covered form `gap = stride / covered` elements at stride `covered`; then
    /// `shape·stride` is covered.
    ComplementMode {
        /// The mode's size.
        shape: i64,
        /// The mode's stride.
        stride: i64,
        /// What the smaller modes cover.
        covered: i64,
        /// Elements of the complement that fill the gap.
        gap: i64,
    },
    /// `complement` fills up to the cotarget `M`: `rest = ⌈M / covered⌉` elements at stride
    /// `covered`.
    ComplementRest {
        /// `M`.
        cotarget: IntTuple,
        /// What all modes of `L` cover.
        covered: i64,
        /// Elements past them.
        rest: i64,
    },
    /// `right_inverse` or `left_inverse` takes the mode `shape:stride` of `coalesce(L)`, the
    /// smallest stride left; the mode starts at index `index` of `L` (its prefix product).
    InverseMode {
        /// The mode's size.
        shape: i64,
        /// The mode's stride.
        stride: i64,
        /// Where the mode starts in `L`'s domain.
        index: i64,
        /// `right_inverse`: where the contiguous run of offsets `[0, expected)` reached so far
        /// ends (the mode is taken when `stride == expected`). `left_inverse`: the stride of the
        /// previous mode (1 before the first), which must divide `stride`.
        expected: i64,
    },
    /// The walk alone shows the result exact: every stride divides the modes it crosses and the
    /// modes of `B` place digits that never carry.
    Proved,
    /// The walk does not show exactness (a stride overruns a mode it does not divide, a negative
    /// stride, or digits that may carry), so `R(i) == A(B(i))` is checked at `points` indices.
    Pointwise {
        /// Number of indices checked.
        points: i64,
        /// Why the walk does not show it.
        reason: Unproven,
    },
    /// The composition begun by the last open [`Step::Composition`] gives `result`, exactly.
    Composed(Layout),
    /// The composition begun by the last open [`Step::Composition`] is rejected for this reason.
    Rejected(ErrorKind),
}

/// Why the composition walk does not show a result exact, in the order it is reported: an
/// overrun first, then a negative stride, then a carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unproven {
    /// A stride overruns a mode of `coalesce(A)` it does not divide.
    Overrun,
    /// A negative stride walks `A` backwards.
    Backward,
    /// The largest digits the modes of `B` place in mode `mode` of `coalesce(A)` add up to
    /// `digits`, at least its `size`, so they may carry into the next mode.
    Carry {
        /// The mode of `coalesce(A)`.
        mode: usize,
        /// The sum of the largest digits.
        digits: i64,
        /// The mode's size.
        size: i64,
    },
}

/// Receives the steps of a traced operation.
pub trait Trace {
    /// `false` for a tracer that ignores every step, so the walk builds none.
    const ACTIVE: bool = true;
    /// One step.
    fn step(&mut self, step: &Step);
}

impl Trace for () {
    const ACTIVE: bool = false;
    fn step(&mut self, _step: &Step) {}
}

/// A layout builder that also reports the walk's steps.
struct Traced<'t, T: Trace> {
    out: LayoutBuilder,
    trace: &'t mut T,
}

impl<T: Trace> Sink for Traced<'_, T> {
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

impl Sink for LayoutBuilder {
    fn open(&mut self) -> Result<(), ErrorKind> {
        LayoutBuilder::open(self)
    }
    fn close(&mut self) -> Result<(), ErrorKind> {
        LayoutBuilder::close(self)
    }
    fn leaf(&mut self, s: i64, d: i64, _from: Option<usize>) -> Result<(), ErrorKind> {
        LayoutBuilder::leaf(self, s, d)
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

/// What the modes of `B` in scope place in each mode of `coalesce(A)`, for the distributivity
/// rule.
pub(crate) struct Scope<'a> {
    /// Sum over `B`'s modes of the largest digit each places in mode `r` (one entry per mode of
    /// `coalesce(A)`).
    max: &'a mut [i64],
    /// Number of non-zero-stride modes of `B` in scope.
    modes: usize,
    /// Some base case overruns a mode its stride does not divide.
    overrun: bool,
    /// Some base case has a negative stride.
    backward: bool,
}

/// A base case that the divisibility walk did not show exact, checked pointwise once CuTe's own
/// checks have passed for all of `B`.
#[derive(Clone, Copy)]
enum Pending {
    /// The elements overrun a mode the stride does not divide; reported as this condition.
    Overrun(ErrorKind),
    /// A negative stride walks `A` backwards, where the digit argument does not apply.
    Backward,
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

impl<F: FnMut(&Step)> Trace for F {
    fn step(&mut self, step: &Step) {
        self(step);
    }
}

pub(crate) fn compose_traced<T: Trace>(
    a: &Layout,
    b: &Layout,
    exact: Exact,
    trace: &mut T,
) -> Result<Layout, ErrorKind> {
    if !T::ACTIVE {
        return walk(a, b, exact, trace);
    }
    trace.step(&Step::Composition { a: *a, b: *b });
    let r = walk(a, b, exact, trace);
    trace.step(&match r {
        Ok(l) => Step::Composed(l),
        Err(k) => Step::Rejected(k),
    });
    r
}

/// The walk of [`compose_traced`], between its opening and closing steps.
fn walk<T: Trace>(
    a: &Layout,
    b: &Layout,
    exact: Exact,
    trace: &mut T,
) -> Result<Layout, ErrorKind> {
    if let Some(mode) =
        empty_mode_reached(a.shape().leaves(), b.shape().leaves(), b.stride().leaves())
    {
        return Err(ErrorKind::EmptyMode { mode });
    }
    let (fa, _) = coalesce_flat(a.shape().leaves(), a.stride().leaves(), true);
    let mut out = Traced {
        out: LayoutBuilder::new(),
        trace,
    };
    if T::ACTIVE {
        out.step(&Step::Coalesced(fa.layout()?));
    }
    let mut max = [0; MAX_LEAVES];
    let mut scope = Scope {
        max: &mut max,
        modes: 0,
        overrun: false,
        backward: false,
    };
    let first_only = exact == Exact::FirstMode && b.shape().view().is_tuple();
    if first_only {
        out.open()?;
        for (i, m) in b.view().modes().enumerate() {
            compose_into(fa.as_ref(), m, &mut out, (i == 0).then_some(&mut scope))?;
        }
        out.close()?;
    } else {
        let scope = (exact != Exact::CuteOnly).then_some(&mut scope);
        compose_into(fa.as_ref(), b.view(), &mut out, scope)?;
    }
    let r = out.out.finish()?;
    if exact == Exact::CuteOnly {
        return Ok(r);
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
        return Ok(r);
    };
    let (b0, r0) = if first_only {
        (
            b.mode(0).ok_or(ErrorKind::Capacity)?,
            r.mode(0).ok_or(ErrorKind::Capacity)?,
        )
    } else {
        (*b, r)
    };
    out.step(&Step::Pointwise {
        points: b0.size(),
        reason,
    });
    if scope.overrun || scope.backward {
        verify_leaves(fa.as_ref(), b0.view())?;
    }
    if scope.modes > 1 {
        verify_distributive(fa.as_ref(), &b0, &r0)?;
    }
    Ok(r)
}

pub(crate) fn compose_into<S: Sink>(
    fa: FlatRef<'_>,
    b: LayoutView<'_>,
    out: &mut S,
    mut scope: Option<&mut Scope<'_>>,
) -> Result<(), ErrorKind> {
    if b.shape.is_tuple() {
        out.open()?;
        for m in b.modes() {
            compose_into(fa, m, out, scope.as_deref_mut())?;
        }
        return out.close();
    }
    let (n, d) = (b.shape.leaves()[0], b.stride.leaves()[0]);
    let pending = base(fa, n, d, out, scope.as_deref_mut())?;
    if let Some(scope) = scope {
        scope.overrun |= matches!(pending, Some(Pending::Overrun(_)));
        scope.backward |= matches!(pending, Some(Pending::Backward));
    }
    Ok(())
}

/// Writes the modes of one leaf of `B` into a run of slots from its end backwards, so that no
/// mode has to move for the padding in front (part of [`compose_slots`]).
struct Slots<'a> {
    s: &'a mut [i64],
    d: &'a mut [i64],
    n: usize,
}

impl Slots<'_> {
    /// Puts the modes written backwards in their order.
    #[inline(always)]
    fn finish(&mut self) {
        let w = self.s.len();
        self.s[w - self.n..].reverse();
        self.d[w - self.n..].reverse();
    }
}

impl Sink for Slots<'_> {
    const NESTS: bool = false;
    fn open(&mut self) -> Result<(), ErrorKind> {
        Ok(())
    }
    fn close(&mut self) -> Result<(), ErrorKind> {
        Ok(())
    }
    #[inline(always)]
    fn leaf(&mut self, s: i64, d: i64, _from: Option<usize>) -> Result<(), ErrorKind> {
        let k = self
            .s
            .len()
            .checked_sub(self.n + 1)
            .ok_or(ErrorKind::Capacity)?;
        (self.s[k], self.d[k]) = (s, d);
        self.n += 1;
        Ok(())
    }
}

/// The composition walk on arrays, for layouts whose structure is known elsewhere (the mixed
/// layouts of `cute-static`): `A` is given by its flat leaves `a_s:a_d`, `B` by its flat leaves
/// `b_s:b_d`. The modes CuTe's walk builds for leaf `k` of `B` are written in order at the end of
/// the `widths[k]` slots of `out_s:out_d` that follow those of leaf `k - 1`, the slots before
/// them padded with `1:0` (in front, where coalescing drops them: a trailing size-1 mode would
/// extend as the last mode of a later walk). The first `scoped` leaves of `B` are held to the
/// exactness rule of this module (all of them for a composition, those of the tile for a divide).
///
/// `scratch` holds the walk's working values: three slices of at least one entry per leaf of `A`
/// (sized by the caller, so that nothing larger is cleared on every call).
///
/// Returns `Ok(true)` when the walk alone shows the result exact, `Ok(false)` when only a
/// pointwise check could (see [`composition`], which makes it), and the violated condition
/// otherwise.
///
/// # Examples
/// ```
/// use cute_core::algebra::composition::compose_slots;
/// let (mut s, mut d) = ([0i64; 4], [0i64; 4]);
/// let (mut fs, mut fd, mut max) = ([0i64; 4], [0i64; 4], [0i64; 4]);
/// // (4,6,8,10):(2,3,5,7) ∘ 6:12, in four slots.
/// let proved = compose_slots(
///     (&[4, 6, 8, 10], &[2, 3, 5, 7]),
///     (&[6], &[12]),
///     1,
///     &[4],
///     (&mut s, &mut d),
///     (&mut fs, &mut fd, &mut max),
/// );
/// assert_eq!(proved, Ok(true));
/// assert_eq!((s, d), ([1, 1, 2, 3], [0, 0, 9, 5]));
/// ```
#[inline(always)]
pub fn compose_slots(
    (a_s, a_d): (&[i64], &[i64]),
    (b_s, b_d): (&[i64], &[i64]),
    scoped: usize,
    widths: &[usize],
    (out_s, out_d): (&mut [i64], &mut [i64]),
    (fs, fd, max): (&mut [i64], &mut [i64], &mut [i64]),
) -> Result<bool, ErrorKind> {
    let r = a_s.len();
    if fs.len() < r || fd.len() < r || max.len() < r {
        return Err(ErrorKind::Capacity);
    }
    let first = coalesce_into(a_s, a_d, None, true, (&mut fs[..r], &mut fd[..r], None));
    let fa = FlatRef {
        n: r - first,
        s: &fs[first..r],
        d: &fd[first..r],
    };
    walk_slots(fa, (b_s, b_d), scoped, widths, (out_s, out_d), max)
}

/// The base case `A ∘ n:d` on `A`'s leaves `a_s:a_d` as they are, for the common case (a
/// stride `d` not negative, every condition met, nothing to check pointwise), written into the
/// run `run_s:run_d` as [`compose_slots`] writes a leaf of `B`: CuTe's modes in order at its end,
/// after `1:0` padding. With `max` (a leaf of `B` held to the exactness rule), adds to `max[j]`
/// the largest digit the leaf places in leaf `j` of `A`. `None` where the general walk is needed
/// (the run is then unspecified).
///
/// Where it gives a result, that result is `A ∘ n:d` with `A`'s last leaf extended (CuTe's
/// extension of the last mode of `coalesce_x(A)`, which merging leaves does not change), equal
/// at every index to the walk over `coalesce(A)`. It is CuTe's arithmetic with its conditions as
/// exits: a stride that skips a leaf divides by it, one that lands inside a leaf divides it (or
/// keeps all that is left), and the elements kept divide those left. Its loops have the lengths
/// of its slices, so that inlined where they are constants it is straight-line code.
///
/// # Examples
/// ```
/// use cute_core::algebra::composition::compose_leaf;
/// let (mut s, mut d) = ([0i64; 4], [0i64; 4]);
/// // (4,6,8,10):(2,3,5,7) ∘ 6:12, in four slots.
/// let a = ([4, 6, 8, 10], [2, 3, 5, 7]);
/// assert_eq!(compose_leaf((&a.0, &a.1), (6, 12), (&mut s, &mut d), None), Some(()));
/// assert_eq!((s, d), ([1, 1, 2, 3], [0, 0, 9, 5]));
/// ```
#[inline(always)]
pub fn compose_leaf(
    a: (&[i64], &[i64]),
    (n, d): (i64, i64),
    run: (&mut [i64], &mut [i64]),
    mut max: Option<&mut [i64]>,
) -> Option<()> {
    let mut leaf = LeafWalk::start(a, (n, d), (&mut *run.0, &mut *run.1))?;
    if let LeafWalk::Walking { .. } = leaf {
        for j in 0..a.0.len() - 1 {
            leaf.step(a, j, (&mut *run.0, &mut *run.1), max.as_deref_mut())?;
        }
    }
    leaf.finish(a, run)
}

/// The walk of [`compose_leaf`] a leaf of `A` at a time, for a caller that unrolls the loop over
/// `A`'s leaves (`cute-static`, whose types count them): [`LeafWalk::start`], then
/// [`LeafWalk::step`] for each leaf but the last, in order, then [`LeafWalk::finish`], each on
/// the same `A` and run.
#[derive(Clone, Copy, Debug)]
pub enum LeafWalk {
    /// A stride 0: the run is written.
    Done,
    /// The walk so far.
    Walking {
        /// The elements of `B` left to place.
        rest_n: i64,
        /// The stride left to divide out.
        rest_d: i64,
        /// The first leaf that kept a mode (`usize::MAX` before one does).
        first: usize,
        /// The leaf after the last that kept a mode.
        stop: usize,
        /// The run's slot of leaf 0 of `A`.
        base: usize,
    },
}

impl LeafWalk {
    /// Starts `A ∘ n:d` into the run; `None` outside the common case.
    #[inline(always)]
    pub fn start(
        (a_s, a_d): (&[i64], &[i64]),
        (n, d): (i64, i64),
        (run_s, run_d): (&mut [i64], &mut [i64]),
    ) -> Option<LeafWalk> {
        if a_s.is_empty() || a_d.len() != a_s.len() || run_d.len() != run_s.len() || d < 0 {
            return None;
        }
        let w = run_s.len();
        if d == 0 {
            for i in 0..w {
                (run_s[i], run_d[i]) = (if i + 1 == w { n } else { 1 }, 0);
            }
            return Some(LeafWalk::Done);
        }
        // Leaf `j` of `A` writes slot `base + j`: its mode, or `1:0` where it keeps nothing.
        // The leaves that keep a mode are consecutive but for leaves of size 1 among them, so
        // the modes end the run unless the walk stops before the last leaf; the `1:0` after
        // them then move to the front.
        let base = w.checked_sub(a_s.len())?;
        for i in 0..base {
            (run_s[i], run_d[i]) = (1, 0);
        }
        Some(LeafWalk::Walking {
            rest_n: n,
            rest_d: d,
            first: usize::MAX,
            stop: 0,
            base,
        })
    }

    /// The step over leaf `j` of `A` (not its last); `None` outside the common case.
    #[inline(always)]
    pub fn step(
        &mut self,
        (a_s, a_d): (&[i64], &[i64]),
        j: usize,
        (run_s, run_d): (&mut [i64], &mut [i64]),
        max: Option<&mut [i64]>,
    ) -> Option<()> {
        let LeafWalk::Walking {
            rest_n,
            rest_d,
            first,
            stop,
            base,
        } = self
        else {
            return Some(());
        };
        let (s, slot) = (*a_s.get(j)?, *base + j);
        *run_s.get_mut(slot)? = 1;
        *run_d.get_mut(slot)? = 0;
        // Known positive, so that the divisions below need no checks of their own.
        if s <= 0 || *rest_d <= 0 {
            return None;
        }
        if *rest_d >= s {
            if *rest_d % s != 0 {
                return None;
            }
            *rest_d /= s;
            return Some(());
        }
        if *rest_n == 1 {
            // Nothing left to keep: the next leaves only divide the stride `rest_d < s`, which
            // ends at 1 here.
            *rest_d = 1;
            return Some(());
        }
        // `0 < rest_d < s`: the leaf holds `⌈s / rest_d⌉` elements of `B`; where `rest_d` does
        // not divide `s`, only the last of them can be kept exactly.
        let (q, r) = if *rest_d == 1 {
            (s, 0)
        } else {
            (s / *rest_d, s % *rest_d)
        };
        let new = (q + i64::from(r != 0)).min(*rest_n);
        let left = if new == *rest_n { 1 } else { *rest_n / new };
        if left * new != *rest_n || left > 1 && r != 0 {
            return None;
        }
        (run_s[slot], run_d[slot]) = (new, rest_d.checked_mul(*a_d.get(j)?)?);
        if let Some(max) = max {
            let digit = (new - 1).checked_mul(*rest_d)?;
            let m = max.get_mut(j)?;
            *m = m.checked_add(digit)?;
        }
        (*first, *stop) = ((*first).min(j), j + 1);
        (*rest_n, *rest_d) = (left, 1);
        Some(())
    }

    /// The last leaf of `A`, which takes what is left; the modes moved to the end of the run.
    #[inline(always)]
    pub fn finish(
        self,
        (a_s, a_d): (&[i64], &[i64]),
        (run_s, run_d): (&mut [i64], &mut [i64]),
    ) -> Option<()> {
        let LeafWalk::Walking {
            rest_n,
            rest_d,
            first,
            stop,
            base,
        } = self
        else {
            return Some(());
        };
        let last = a_s.len().checked_sub(1)?;
        let slot = base + last;
        if stop == 0 || rest_n != 1 {
            *run_s.get_mut(slot)? = rest_n;
            *run_d.get_mut(slot)? = rest_d.checked_mul(*a_d.get(last)?)?;
            return Some(());
        }
        *run_s.get_mut(slot)? = 1;
        *run_d.get_mut(slot)? = 0;
        // The walk stopped at leaf `stop`: the slots of the leaves `first..stop` (their modes,
        // and `1:0` for a leaf of size 1 among them) move `trail` slots on (from the back, as
        // the runs may overlap), and the slots they leave take the padding.
        let (from, len, trail) = (base + first, stop - first, last + 1 - stop);
        for t in (0..len).rev() {
            (run_s[from + trail + t], run_d[from + trail + t]) = (run_s[from + t], run_d[from + t]);
        }
        for t in from..from + trail.min(len) {
            (run_s[t], run_d[t]) = (1, 0);
        }
        Some(())
    }
}

/// The empty leaf of `A` (before its last) that `B` reads past, if any: `A ∘ B` reads `A` past
/// its size by its last mode, but past an empty leaf before the last no index except 0 has a
/// coordinate, so only a `B` that stays at index 0 composes with such an `A`
/// ([`ErrorKind::EmptyMode`]).
#[inline(always)]
#[must_use]
pub fn empty_mode_reached(a_s: &[i64], b_s: &[i64], b_d: &[i64]) -> Option<usize> {
    let mode = a_s[..a_s.len().saturating_sub(1)]
        .iter()
        .position(|&s| s == 0)?;
    b_s.iter()
        .zip(b_d)
        .any(|(&s, &d)| s > 1 && d != 0)
        .then_some(mode)
}

/// Whether leaves of `B` held to the exactness rule may carry from one leaf of `A` into the
/// next: the digits `max` that [`compose_leaf`] summed reach a leaf's size (a pointwise check
/// decides then).
#[inline(always)]
#[must_use]
pub fn leaves_carry(a_s: &[i64], max: &[i64]) -> bool {
    let last = a_s.len().saturating_sub(1);
    (0..last).any(|j| max.get(j).is_some_and(|&m| m >= a_s[j]))
}

/// The walk of [`compose_slots`] over the modes `fa`.
#[inline(always)]
fn walk_slots(
    fa: FlatRef<'_>,
    (b_s, b_d): (&[i64], &[i64]),
    scoped: usize,
    widths: &[usize],
    (out_s, out_d): (&mut [i64], &mut [i64]),
    max: &mut [i64],
) -> Result<bool, ErrorKind> {
    let n = fa.n;
    // Whole slices, whose lengths the caller's types fix: filled in line, without a call.
    max.fill(0);
    out_s.fill(1);
    out_d.fill(0);
    let mut scope = Scope {
        max: &mut max[..n],
        modes: 0,
        overrun: false,
        backward: false,
    };
    let mut at = 0usize;
    for (k, (&n, &d)) in b_s.iter().zip(b_d).enumerate() {
        let w = widths.get(k).copied().ok_or(ErrorKind::Capacity)?;
        let end = at.checked_add(w).ok_or(ErrorKind::Capacity)?;
        let (Some(s_run), Some(d_run)) = (out_s.get_mut(at..end), out_d.get_mut(at..end)) else {
            return Err(ErrorKind::Capacity);
        };
        let mut slots = Slots {
            s: s_run,
            d: d_run,
            n: 0,
        };
        let pending = base(fa, n, d, &mut slots, (k < scoped).then_some(&mut scope))?;
        slots.finish();
        if k < scoped {
            scope.overrun |= matches!(pending, Some(Pending::Overrun(_)));
            scope.backward |= matches!(pending, Some(Pending::Backward));
        }
        at = end;
    }
    let carry = scope.modes > 1 && (0..fa.n.saturating_sub(1)).any(|k| scope.max[k] >= fa.s[k]);
    Ok(!(scope.overrun || scope.backward || carry))
}

/// Checks pointwise every base case of `b` that the walk did not show exact.
fn verify_leaves(fa: FlatRef<'_>, b: LayoutView<'_>) -> Result<(), ErrorKind> {
    if b.shape.is_tuple() {
        return b.modes().try_for_each(|m| verify_leaves(fa, m));
    }
    let (n, d) = (b.shape.leaves()[0], b.stride.leaves()[0]);
    let mut leaf = LayoutBuilder::new();
    if let Some(pending) = base(fa, n, d, &mut leaf, None)? {
        verify_base(fa, n, d, &leaf.finish()?).map_err(|e| match pending {
            Pending::Overrun(kind) => kind,
            Pending::Backward => e,
        })?;
    }
    Ok(())
}

/// The modes of one base-case result, written straight into the output: a single mode as `s:d`,
/// several as a tuple (CuTe's `unwrap`), without a scratch layout.
#[derive(Default)]
struct Modes {
    first: Option<(i64, i64, usize)>,
    opened: bool,
}

impl Modes {
    #[inline]
    fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    /// Appends a mode: through [`Modes::push`] for a sink that nests, straight to one that
    /// does not.
    #[inline]
    fn put<S: Sink>(&mut self, out: &mut S, s: i64, d: i64, from: usize) -> Result<(), ErrorKind> {
        if S::NESTS {
            return self.push(out, s, d, from);
        }
        self.first.get_or_insert((s, d, from));
        out.leaf(s, d, Some(from))
    }

    #[inline]
    fn push<S: Sink>(&mut self, out: &mut S, s: i64, d: i64, from: usize) -> Result<(), ErrorKind> {
        match (self.first, self.opened) {
            (None, _) => self.first = Some((s, d, from)),
            (Some((s0, d0, from0)), false) => {
                out.open()?;
                out.leaf(s0, d0, Some(from0))?;
                out.leaf(s, d, Some(from))?;
                self.opened = true;
            }
            (Some(_), true) => out.leaf(s, d, Some(from))?,
        }
        Ok(())
    }

    #[inline]
    fn finish<S: Sink>(self, out: &mut S) -> Result<(), ErrorKind> {
        match (self.first, self.opened) {
            (_, true) => out.close(),
            (Some((s, d, from)), false) => out.leaf(s, d, Some(from)),
            (None, false) => Ok(()),
        }
    }
}

/// One step of the walk over a mode of size `s` with the remaining stride `d`.
#[derive(Clone, Copy)]
struct Divided {
    /// `⌈s / |d|⌉`: the elements the mode can hold.
    next_shape: i64,
    /// `⌈|d| / s⌉ · sign(d)`: the stride left for the next mode.
    next_stride: i64,
    /// `s % d == 0`.
    stride_divides: bool,
}

/// CuTe's per-mode arithmetic with as few integer divisions as it needs (this is the hot loop);
/// `None` when stride divisibility fails (`d % s != 0` and `d >= s`).
#[inline(always)]
fn divide(s: i64, d: i64) -> Result<Option<Divided>, ErrorKind> {
    let a = d.checked_abs().ok_or(ErrorKind::Overflow)?;
    if s <= 0 {
        // Not a shape the algebra produces but for the inverses of negative strides; CuTe's
        // formulas as written.
        if !(d % s == 0 || d < s) {
            return Ok(None);
        }
        return Ok(Some(Divided {
            next_shape: ceil_div_int(s, a)?,
            next_stride: ceil_div_int(a, s)? * d.signum(),
            stride_divides: s % d == 0,
        }));
    }
    if a >= s {
        // ⌈s/a⌉ = 1; the stride skips the mode, which must divide it (a negative d passes
        // CuTe's `d < s`).
        let (q, r) = (a / s, a % s);
        if d > 0 && r != 0 {
            return Ok(None);
        }
        return Ok(Some(Divided {
            next_shape: 1,
            next_stride: (q + i64::from(r != 0)) * d.signum(),
            // `0 < s <= a`: `s % a == 0` exactly when `s == a`, without a division.
            stride_divides: s == a,
        }));
    }
    // 0 < a < s: the stride lands inside the mode; ⌈a/s⌉ = 1. A unit stride (every mode after
    // the first kept one) needs no division.
    let (q, r) = if a == 1 { (s, 0) } else { (s / a, s % a) };
    Ok(Some(Divided {
        next_shape: q + i64::from(r != 0),
        next_stride: d.signum(),
        stride_divides: r == 0,
    }))
}

/// Reports a step when the sink records steps; builds nothing otherwise.
fn trace<S: Sink>(out: &mut S, step: impl FnOnce() -> Step) {
    if S::TRACING {
        out.step(&step());
    }
}

/// The base case `A ∘ s:d` (seed 000 Eq. 19): divide out the first `d` elements of `A`, keep `s`.
/// Appends CuTe's result to `out`; returns what remains to check when the walk does not show the
/// result exact.
#[inline(always)]
fn base<S: Sink>(
    fa: FlatRef<'_>,
    n: i64,
    d: i64,
    out: &mut S,
    mut scope: Option<&mut Scope<'_>>,
) -> Result<Option<Pending>, ErrorKind> {
    trace(out, || Step::Mode {
        shape: n,
        stride: d,
    });
    if d == 0 {
        trace(out, || Step::ZeroStride);
        out.leaf(n, 0, None)?;
        return Ok(None);
    }
    if n == 0 && fa.n > 1 {
        // An empty mode of `B` places no element: nothing to walk, and nothing to prove.
        out.leaf(0, 0, None)?;
        return Ok(None);
    }
    if let Some(s) = scope.as_deref_mut() {
        s.modes += 1;
    }
    if fa.n == 1 {
        return linear(fa.d[0], n, d, out);
    }
    let last = fa.n - 1;
    let mut res = Modes::default();
    let (mut rest_n, mut rest_d) = (n, d);
    let mut prefix = 1i64;
    let mut pending = None;
    for k in 0..last {
        let (s, sd) = (fa.s[k], fa.d[k]);
        if s == 0 {
            // `A` is empty before its last mode: it has no value at any index of `B`.
            return Err(ErrorKind::EmptyMode { mode: k });
        }
        prefix = prefix.saturating_mul(s);
        let Some(Divided {
            next_shape,
            next_stride,
            stride_divides,
        }) = divide(s, rest_d)?
        else {
            return Err(ErrorKind::StrideDivisibility {
                mode: k + 1,
                stride: d,
                prefix,
            });
        };
        if next_shape == 1 || rest_n == 1 {
            if rest_n != 1 {
                trace(out, || Step::DivideOut {
                    mode: k,
                    size: s,
                    stride: rest_d,
                    next: next_stride,
                });
            }
            rest_d = next_stride;
            continue;
        }
        let (new, left) = kept(next_shape, rest_n, k)?;
        let result = mul(rest_d, sd)?;
        trace(out, || Step::Keep {
            mode: k,
            size: s,
            stride: rest_d,
            keep: new,
            result,
            remaining: left,
        });
        res.put(out, new, result, k)?;
        if let Some(scope) = scope.as_deref_mut() {
            let step = rest_d.checked_abs().ok_or(ErrorKind::Overflow)?;
            scope.max[k] = add(scope.max[k], mul(new - 1, step)?)?;
        }
        if left > 1 && !stride_divides && pending.is_none() {
            let kind = ErrorKind::StrideOverrun {
                mode: k + 1,
                stride: d,
                prefix,
                elements: n,
            };
            pending = Some(Pending::Overrun(kind));
        }
        rest_n = left;
        rest_d = next_stride;
    }
    if res.is_empty() || rest_n != 1 {
        let result = mul(rest_d, fa.d[last])?;
        trace(out, || Step::Last {
            keep: rest_n,
            result,
        });
        res.put(out, rest_n, result, last)?;
    }
    if S::NESTS {
        res.finish(out)?;
    }
    if d < 0 && pending.is_none() {
        pending = Some(Pending::Backward);
    }
    Ok(pending)
}

/// The elements mode `k` keeps, `new = min(next_shape, rest_n)`, and those left, `rest_n / new`,
/// which shape divisibility needs exact.
#[inline(always)]
fn kept(next_shape: i64, rest_n: i64, k: usize) -> Result<(i64, i64), ErrorKind> {
    let new = next_shape.min(rest_n);
    // The last mode that keeps elements often keeps them all: no division then.
    let (left, uneven) = if new == rest_n {
        (1, 0)
    } else {
        (rest_n / new, rest_n % new)
    };
    if uneven != 0 {
        return Err(ErrorKind::ShapeDivisibility {
            mode: k,
            holds: new,
            remaining: rest_n,
        });
    }
    Ok((new, left))
}

/// The base case over a `coalesce(A)` of one mode of stride `sd`: the strides multiply.
#[inline(always)]
fn linear<S: Sink>(sd: i64, n: i64, d: i64, out: &mut S) -> Result<Option<Pending>, ErrorKind> {
    let result = mul(d, sd)?;
    trace(out, || Step::Linear { stride: sd, result });
    out.leaf(n, result, Some(0))?;
    Ok(None)
}

/// Checks `want == got` for the pair `pair(i)` at every `i < n` (at most [`VERIFY_LIMIT`]
/// points); the first difference is [`ErrorKind::NotAdmissible`], with the first differing
/// integers `diff(want, got)`. Every pointwise check of the algebra goes through here.
pub(crate) fn verify_pointwise<T: PartialEq>(
    n: i64,
    mut pair: impl FnMut(i64) -> Result<(T, T), ErrorKind>,
    diff: impl Fn(&T, &T) -> (i64, i64),
) -> Result<(), ErrorKind> {
    if n > VERIFY_LIMIT {
        return Err(ErrorKind::VerificationLimit { size: n });
    }
    for index in 0..n {
        let (want, got) = pair(index)?;
        if want != got {
            let (expected, got) = diff(&want, &got);
            return Err(ErrorKind::NotAdmissible {
                index,
                expected,
                got,
            });
        }
    }
    Ok(())
}

/// Pointwise check of one base case: `leaf(i) == A(d·i)` for `i < n`.
fn verify_base(fa: FlatRef<'_>, n: i64, d: i64, leaf: &Layout) -> Result<(), ErrorKind> {
    let (ls, ld) = leaf.flat_modes();
    let pair = |i| {
        Ok((
            eval_flat(fa.shape(), fa.stride(), mul(i, d)?)?,
            eval_flat(ls, ld, i)?,
        ))
    };
    verify_pointwise(n, pair, |a, b| (*a, *b))
}

/// Pointwise check of the whole composition: `R(i) == A(B(i))` for `i < size(B)`.
fn verify_distributive(fa: FlatRef<'_>, b: &Layout, r: &Layout) -> Result<(), ErrorKind> {
    let ((bs, bd), (rs, rd)) = (b.flat_modes(), r.flat_modes());
    let pair = |i| {
        Ok((
            eval_flat(fa.shape(), fa.stride(), eval_flat(bs, bd, i)?)?,
            eval_flat(rs, rd, i)?,
        ))
    };
    verify_pointwise(b.size(), pair, |a, b| (*a, *b))
}

#[cfg(test)]
mod tests {
    use super::*;

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
