//! `swizzle_search(S, T…, elem_bytes)`: a swizzle `Sw<B,M,S>` under which every
//! access of a shared-memory layout is conflict-free, decided by trying every swizzle that acts
//! on the layout's offsets.

use crate::banks::bank_phases;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::Layout;
use crate::limits::VERIFY_LIMIT;
use crate::swizzle::{ComposedLayout, Swizzle};

/// The most element placements a search counts (accesses counted and offsets range-checked):
/// about 0.1 s in a release build.
pub const SEARCH_BUDGET: i64 = 1 << 24;

/// Why a search that would pass [`SEARCH_BUDGET`] stops.
const BUDGET: &str =
    "the search would place more than 2^24 elements (cosize(S), size(S) or the accesses too large)";

/// `swizzle_search(S, [T1, …], elem_bytes)`: some `Sw<B,M,S>` such that, with
/// `S' = Sw<B,M,S> ∘ S`, every access `Ti` is still an access of `S'` (each thread's values one
/// aligned contiguous run) and costs its conflict-free minimum ([`bank_conflicts`]), and every
/// offset of `S'` stays in `[0, cosize(S))`; `Sw<0,0,0>` when `S` already qualifies.
///
/// The search is exhaustive over the swizzles whose bits lie within the `N` bits of the offsets
/// (`2^N ≥ cosize(S)`; one reaching past them either acts as one with a smaller `B` or moves an
/// offset out of range), in order of preference: the smallest `B`; then `M` nearest the 16-byte
/// chunk (`2^M · elem_bytes = 16`, as CUTLASS's shared-memory atoms: `Swizzle<3,3,3>` for 16-bit
/// elements, `<3,2,3>` for 32-bit, `<3,4,3>` for 8-bit); then a positive shift; then the
/// smallest `|S|`.
///
/// [`bank_conflicts`]: crate::banks::bank_conflicts
///
/// # Preconditions
/// Every `Ti` is an access of `S` (see [`bank_conflicts`]); `S`'s offsets lie in
/// `[0, cosize(S))` (no negative stride); `size(S)` at most [`VERIFY_LIMIT`] elements, and the
/// search's work (`2·n³` candidates, each counting every access, and `size(S)` offsets checked
/// for each that meets the minimum) at most [`SEARCH_BUDGET`].
///
/// # Errors
/// An access's own error ([`ErrorKind::InvalidAccess`]); [`ErrorKind::NoSwizzle`] (code
/// `no_swizzle`) when no swizzle qualifies (or `S` has offsets outside `[0, cosize(S))`).
///
/// # Examples
/// ```
/// use cute_core::swizzle_search::swizzle_search;
/// use cute_core::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // Half-precision 8x64 tile: 128-bit accesses down its rows, and a row-wise write.
/// let sw = swizzle_search(&l("(8,64):(64,1)"), &[l("(8,8):(1,8)"), l("(8,8):(64,8)")], 2);
/// assert_eq!(sw.unwrap().to_string(), "Sw<3,3,3>");
/// // The 32x32 float transpose: a column read and a row write.
/// let sw = swizzle_search(&l("(32,32):(32,1)"), &[l("32:1"), l("32:32")], 4);
/// assert_eq!(sw.unwrap().to_string(), "Sw<5,0,5>");
/// ```
pub fn swizzle_search(s: &Layout, accesses: &[Layout], elem_bytes: i64) -> Result<Swizzle, Error> {
    let fail = |why: &'static str| no_swizzle(s, accesses, why);
    let within = |e: Error| e.within(Op::SwizzleSearch);
    let meets = |sw: Swizzle| -> Result<bool, Error> {
        let swizzled = ComposedLayout::new(sw, 0, *s);
        for t in accesses {
            match bank_phases(&swizzled, t, elem_bytes, &mut |_| {}) {
                Ok(w) if w.total == w.minimum => {}
                Ok(_) => return Ok(false),
                // Under a candidate swizzle an access may stop being one (a run split), or an
                // address may pass `i64` (an offset moved far past `cosize`): not it.
                Err(e) if matches!(e.code(), "invalid_access" | "overflow") => return Ok(false),
                Err(e) => return Err(within(e)),
            }
        }
        Ok(true)
    };
    let size = s.size();
    if size > VERIFY_LIMIT {
        return Err(fail(
            "the layout has more than 2^17 elements, the budget of a search",
        ));
    }
    let cosize = s.cosize().map_err(within)?;
    // The range checks' work, counted against the budget as they run (each candidate that
    // meets the minimum checks every offset).
    let checked = core::cell::Cell::new(0i64);
    let in_range = |sw: Swizzle| -> Result<bool, Error> {
        checked.set(checked.get().saturating_add(size));
        if checked.get() > SEARCH_BUDGET {
            return Err(fail(BUDGET));
        }
        for i in 0..size {
            let x = sw.apply(s.eval(i).map_err(within)?);
            if !(0..cosize).contains(&x) {
                return Ok(false);
            }
        }
        Ok(true)
    };
    if !in_range(Swizzle::identity())? {
        return Err(fail(
            "the layout has offsets outside [0, cosize) (a negative stride)",
        ));
    }
    // Every access is one of `S` (its error otherwise), and maybe already conflict-free.
    let plain = ComposedLayout::new(Swizzle::identity(), 0, *s);
    let mut minimal = true;
    for t in accesses {
        let w = bank_phases(&plain, t, elem_bytes, &mut |_| {}).map_err(within)?;
        minimal &= w.total == w.minimum;
    }
    if minimal {
        return Ok(Swizzle::identity());
    }
    // The bits of the offsets: 2^n ≥ cosize.
    let n = i64::from(64 - (cosize - 1).max(0).leading_zeros());
    let chunk = i64::from((16 / elem_bytes.clamp(1, 16)).trailing_zeros());
    // The work: each candidate counts every access once (at most `2 · n³` candidates).
    let elements: i64 = accesses.iter().map(Layout::size).sum();
    if n.pow(3).saturating_mul(2).saturating_mul(elements) > SEARCH_BUDGET {
        return Err(fail(BUDGET));
    }
    // A swizzle's bits: at most 62 (`Swizzle::new`), within the offsets' `n`.
    let top = n.min(62);
    for b in 1..=top {
        // `M` by its distance from the chunk, then a positive shift, then the smallest.
        for d in 0..=top.max(chunk) {
            for m in [chunk - d, chunk + d] {
                if m < 0 || m > top - b || (d == 0 && m != chunk - d) {
                    continue;
                }
                for sign in [1, -1] {
                    for shift in b..=top - b - m {
                        let Ok(sw) = Swizzle::new(b, m, sign * shift) else {
                            continue;
                        };
                        if meets(sw)? && in_range(sw)? {
                            return Ok(sw);
                        }
                    }
                }
            }
        }
    }
    Err(fail(
        "no Sw<B,M,S> within the offsets' bits makes every access conflict-free and keeps every offset in [0, cosize)",
    ))
}

/// A search's `no_swizzle` error for `S` and its first access: `why` none qualifies.
pub(crate) fn no_swizzle(s: &Layout, accesses: &[Layout], why: &'static str) -> Error {
    Error::new(
        Op::SwizzleSearch,
        [Some(Operand::from(s)), accesses.first().map(Operand::from)],
        ErrorKind::NoSwizzle { why },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::banks::bank_conflicts;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    /// The returned swizzle meets the minimum on every access and keeps the offsets in range.
    fn holds(s: &str, ts: &[&str], bytes: i64) -> Swizzle {
        let ts: std::vec::Vec<Layout> = ts.iter().map(|t| l(t)).collect();
        let sw = swizzle_search(&l(s), &ts, bytes).unwrap();
        let c = ComposedLayout::new(sw, 0, l(s));
        for t in &ts {
            let (mut phases, w) = (0, bank_phases(&c, t, bytes, &mut |_| {}).unwrap());
            let _ = bank_phases(&c, t, bytes, &mut |_| phases += 1);
            assert_eq!((w.total, w.minimum), (phases, phases), "{sw} on {t}");
        }
        let cosize = l(s).cosize().unwrap();
        assert!((0..l(s).size()).all(|i| (0..cosize).contains(&c.eval(i).unwrap())));
        sw
    }

    #[test]
    fn the_classic_cases() {
        // Already conflict-free: the identity.
        assert_eq!(holds("(32,32):(32,1)", &["32:32"], 4), Swizzle::identity());
        // CUTLASS's 128-byte atoms for 16-, 32- and 8-bit elements.
        assert_eq!(
            holds("(8,64):(64,1)", &["(8,8):(1,8)", "(8,8):(64,8)"], 2).to_string(),
            "Sw<3,3,3>"
        );
        assert_eq!(
            holds("(8,32):(32,1)", &["(8,4):(1,8)", "(8,4):(32,8)"], 4).to_string(),
            "Sw<3,2,3>"
        );
        assert_eq!(
            holds("(8,128):(128,1)", &["(8,16):(1,8)", "(8,16):(128,8)"], 1).to_string(),
            "Sw<3,4,3>"
        );
        // The transpose: a column and a row of floats.
        assert_eq!(
            holds("(32,32):(32,1)", &["32:1", "32:32"], 4).to_string(),
            "Sw<5,0,5>"
        );
        // Every other float of a row of 64: 2-way; one bit of the row's upper half fixes it.
        assert_eq!(holds("64:1", &["32:2"], 4).to_string(), "Sw<1,0,5>");
    }

    #[test]
    fn no_swizzle_when_an_offset_has_no_room() {
        // 32 floats 32 apart, the last at the end of the layout: moving them into distinct banks
        // moves one past cosize.
        let e = swizzle_search(&l("32:32"), &[l("32:1")], 4).unwrap_err();
        assert_eq!(e.code(), "no_swizzle");
        assert_eq!(
            bank_conflicts(
                &ComposedLayout::new(Swizzle::identity(), 0, l("32:32")),
                &l("32:1"),
                4
            ),
            Ok(32)
        );
        // Candidates that meet the minimum but fail the range check at the last offset: the
        // range checks count against the budget (2^17 offsets each).
        let big = l("131072:35184372088832");
        let e = swizzle_search(&big, &[l("2:1")], 4).unwrap_err();
        assert!(e.to_string().contains("more than 2^24 elements"), "{e}");
        // An access that is not one is its own error.
        let e = swizzle_search(&l("(8,64):(64,1)"), &[l("(8,3):(1,8)")], 2).unwrap_err();
        assert_eq!(e.code(), "invalid_access");
    }
}
