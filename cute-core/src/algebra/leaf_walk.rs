//! The composition walk on arrays, for `cute-static`'s mixed layouts, whose structure their types
//! know: [`compose_slots`] for all of `B`, and [`compose_leaf`]/[`LeafWalk`], the common case of
//! one leaf as straight-line code.

use super::coalesce::coalesce_into;
use super::walk::{base, Pending, Scope, Sink};
use super::FlatRef;
use crate::arith::div_rem_positive;
use crate::error::ErrorKind;
use crate::limits::Limit;

/// The caller's slots or scratch run out: `cute-static` sizes them by a type's leaves, which are
/// a tuple's.
const SLOTS: ErrorKind = ErrorKind::Capacity {
    limit: Limit::Leaves,
};

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
        let k = self.s.len().checked_sub(self.n + 1).ok_or(SLOTS)?;
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
/// pointwise check could (see [`composition`](super::composition::composition), which makes
/// it), and the violated condition otherwise.
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
        return Err(SLOTS);
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
            let (q, r) = div_rem_positive(*rest_d, s);
            if r != 0 {
                return None;
            }
            *rest_d = q;
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
        let (q, r) = div_rem_positive(s, *rest_d);
        let new = (q + i64::from(r != 0)).min(*rest_n);
        // `new == rest_n` for a `B` of size 0 (no division by 0) and often for the last leaf.
        let (left, uneven) = if new == *rest_n {
            (1, 0)
        } else {
            div_rem_positive(*rest_n, new)
        };
        if uneven != 0 || left > 1 && r != 0 {
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
        let w = widths.get(k).copied().ok_or(SLOTS)?;
        let end = at.checked_add(w).ok_or(SLOTS)?;
        let (Some(s_run), Some(d_run)) = (out_s.get_mut(at..end), out_d.get_mut(at..end)) else {
            return Err(SLOTS);
        };
        let mut slots = Slots {
            s: s_run,
            d: d_run,
            n: 0,
        };
        let pending = base(fa, n, d, &mut slots, (k < scoped).then_some(&mut scope))?;
        slots.finish();
        if k < scoped {
            scope.overrun |= matches!(pending, Some(Pending::Overrun { .. }));
            scope.backward |= matches!(pending, Some(Pending::Backward));
        }
        at = end;
    }
    let carry = scope.modes > 1 && (0..fa.n.saturating_sub(1)).any(|k| scope.max[k] >= fa.s[k]);
    Ok(!(scope.overrun || scope.backward || carry))
}
