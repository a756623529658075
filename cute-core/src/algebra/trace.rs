//! The trace protocol: the steps a traced operation reports (the composition walk, the
//! complements of divides and products, the inverses) and the [`Trace`] that receives them, for
//! `cute explain`.

use crate::error::ErrorKind;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

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

impl<F: FnMut(&Step)> Trace for F {
    fn step(&mut self, step: &Step) {
        self(step);
    }
}
