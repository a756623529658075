//! CuTe's composition walk of one leaf `n:d` of `B` over the flat modes of `coalesce(A)` (Cecka,
//! *CuTe Layout Representation and Algebra*, §3.3.2–3.3.3): its divisibility conditions, the
//! modes it keeps, and what it leaves to a pointwise check; written to any [`Sink`].

use super::trace::Step;
use super::FlatRef;
use crate::arith::{add, ceil_div_int, div_rem_positive, mul};
use crate::error::ErrorKind;
use crate::layout::{LayoutBuilder, LayoutView};
use crate::tokens::{CLOSE, OPEN};

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
    /// around several (the slots of [`compose_slots`](super::leaf_walk::compose_slots)): the
    /// walk then skips the unwrapping.
    const NESTS: bool = true;
    /// Records a step of the walk (for `explain`); ignored by default.
    fn step(&mut self, _step: &Step) {}
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

/// What the modes of `B` in scope place in each mode of `coalesce(A)`, for the distributivity
/// rule.
pub(crate) struct Scope<'a> {
    /// Sum over `B`'s modes of the largest digit each places in mode `r` (one entry per mode of
    /// `coalesce(A)`).
    pub(crate) max: &'a mut [i64],
    /// Number of non-zero-stride modes of `B` in scope.
    pub(crate) modes: usize,
    /// Some base case overruns a mode its stride does not divide.
    pub(crate) overrun: bool,
    /// Some base case has a negative stride.
    pub(crate) backward: bool,
}

/// A base case that the divisibility walk did not show exact, checked pointwise once CuTe's own
/// checks have passed for all of `B`.
#[derive(Clone, Copy)]
pub(crate) enum Pending {
    /// The elements overrun mode `mode` (of `coalesce(A)`, counted from 1 as the condition
    /// names it), whose prefix product `prefix` the stride does not divide: reported as
    /// [`ErrorKind::StrideOverrun`] ([`Pending::overrun`]). Two integers, not the condition, so
    /// that the walk's hot loop moves no error value.
    Overrun { mode: usize, prefix: i64 },
    /// A negative stride walks `A` backwards, where the digit argument does not apply.
    Backward,
}

impl Pending {
    /// The condition of an overrun of the base case `n:d`.
    pub(crate) fn overrun(mode: usize, prefix: i64, n: i64, d: i64) -> ErrorKind {
        ErrorKind::StrideOverrun {
            mode,
            stride: d,
            prefix,
            elements: n,
        }
    }
}

/// `A ∘ B` for the flat modes `fa` of `coalesce(A)` and a node `b` of `B`, written to `out`: the
/// structure of `b` with each leaf replaced by its base case. `B` is read as its token stream
/// (open, close, leaf), not as a tree of nodes: a nested `B` costs no walk over its children.
/// The first `scoped` leaves of `b` are held to `scope` (all of them for a composition, those of
/// the tile for a divide).
pub(crate) fn compose_into<S: Sink>(
    fa: FlatRef<'_>,
    b: LayoutView<'_>,
    out: &mut S,
    mut scope: Option<&mut Scope<'_>>,
    scoped: usize,
) -> Result<(), ErrorKind> {
    let (mut bits, ntok) = b.shape.tok.bits_and_len();
    let (shape, stride) = (b.shape.leaves(), b.stride.leaves());
    let mut leaf = 0;
    for _ in 0..ntok {
        match (bits & 3) as u8 {
            OPEN => out.open()?,
            CLOSE => out.close()?,
            _ => {
                let (n, d) = (shape[leaf], stride[leaf]);
                let in_scope = leaf < scoped;
                leaf += 1;
                let leaf_scope = if in_scope { scope.as_deref_mut() } else { None };
                let pending = base(fa, n, d, out, leaf_scope)?;
                if let (true, Some(scope)) = (in_scope, scope.as_deref_mut()) {
                    scope.overrun |= matches!(pending, Some(Pending::Overrun { .. }));
                    scope.backward |= matches!(pending, Some(Pending::Backward));
                }
            }
        }
        bits >>= 2;
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

/// The base case `A ∘ s:d` (Cecka Eq. 19): divide out the first `d` elements of `A`, keep `s`.
/// Appends CuTe's result to `out`; returns what remains to check when the walk does not show the
/// result exact.
#[inline(always)]
pub(crate) fn base<S: Sink>(
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
    if d > 0 && S::NESTS && !S::TRACING && fa.s[..fa.n - 1].iter().all(|&s| s > 0) {
        return forward(fa, n, d, out, scope);
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
            pending = Some(Pending::Overrun {
                mode: k + 1,
                prefix,
            });
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

/// [`base`] for a positive stride over positive modes, the common case, untraced: the same modes,
/// conditions and pending check with the arithmetic of a positive stride written out (a stride
/// that lands inside a mode leaves stride 1 for the next), so that the walk's state stays in
/// registers.
#[inline(always)]
fn forward<S: Sink>(
    fa: FlatRef<'_>,
    n: i64,
    d: i64,
    out: &mut S,
    mut scope: Option<&mut Scope<'_>>,
) -> Result<Option<Pending>, ErrorKind> {
    let last = fa.n - 1;
    let (mut rest_n, mut rest_d, mut prefix) = (n, d, 1i64);
    let mut pending = None;
    let mut res = Modes::default();
    for k in 0..last {
        let (s, sd) = (fa.s[k], fa.d[k]);
        prefix = prefix.saturating_mul(s);
        if rest_d >= s {
            // The stride skips mode `k`, which must divide it.
            let (q, r) = div_rem_positive(rest_d, s);
            if r != 0 {
                return Err(ErrorKind::StrideDivisibility {
                    mode: k + 1,
                    stride: d,
                    prefix,
                });
            }
            rest_d = q;
            continue;
        }
        // `0 < rest_d < s`: the stride lands inside mode `k`; the next mode's stride is 1.
        if rest_n == 1 {
            rest_d = 1;
            continue;
        }
        let (q, r) = div_rem_positive(s, rest_d);
        let (new, left) = kept(q + i64::from(r != 0), rest_n, k)?;
        res.put(out, new, mul(rest_d, sd)?, k)?;
        if let Some(scope) = scope.as_deref_mut() {
            scope.max[k] = add(scope.max[k], mul(new - 1, rest_d)?)?;
        }
        if left > 1 && r != 0 && pending.is_none() {
            pending = Some(Pending::Overrun {
                mode: k + 1,
                prefix,
            });
        }
        (rest_n, rest_d) = (left, 1);
    }
    if res.is_empty() || rest_n != 1 {
        res.put(out, rest_n, mul(rest_d, fa.d[last])?, last)?;
    }
    res.finish(out)?;
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
    } else if new > 0 {
        div_rem_positive(rest_n, new)
    } else {
        // Only the inverses' negative shapes come here: C's division, as CuTe writes it.
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
