//! Shared-memory bank conflicts (`cute::banks`) from text `S|T|elem_bytes`: no panic; a count is
//! at least the conflict-free minimum and equals an independent recount of the model (per
//! phase, the most distinct 4-byte words one bank holds, from the byte addresses read here
//! with the checker's own index split and swizzle, in `i128`); an access that breaks the model's
//! preconditions is `invalid_access`. The fuzz target `banks` feeds it libFuzzer's bytes;
//! `tests/it/hostile/mod.rs` the regressions and a sweep.

use std::collections::{BTreeMap, BTreeSet};

use cute::banks::{bank_phases, Wavefronts};
use cute::expr::{eval, Value};
use cute::swizzle_search::swizzle_search;
use cute::{ComposedLayout, Layout, Swizzle};

// The checker's own evaluator of layouts and swizzled layouts, in `i128` (the fuzz target
// includes `check.rs` beside this file).
use super::check::{Flat, Swizzled};

/// The recount: the byte address of each thread's run, the phases, their wavefronts.
pub(crate) fn recount(s: &ComposedLayout, t: &Layout, bytes: i64) -> Option<Wavefronts> {
    let (threads, values) = match t.rank() {
        1 => (i128::from(t.size()), 1),
        _ => (i128::from(t.mode(0)?.size()), i128::from(t.mode(1)?.size())),
    };
    let width = values * i128::from(bytes);
    let per_phase = match width {
        16 => 8,
        8 => 16,
        _ => 32,
    };
    let mut phases: BTreeMap<(i128, i128), BTreeSet<i128>> = BTreeMap::new();
    let (sw, t) = (Swizzled::of(s), Flat::of(t));
    // The element offset thread `k` moves as value `v` (`None` outside `S`).
    let element = |k: i128, v: i128| sw.at(t.try_eval(k + threads * v)?);
    for k in 0..threads {
        let first = element(k, 0)?;
        // Each thread's values one ascending contiguous run (what the count accepts).
        if (1..values).any(|v| element(k, v) != Some(first + v)) {
            return None;
        }
        let byte = first * i128::from(bytes);
        let (warp, lane) = (k / 32, k % 32);
        let words = phases.entry((warp, lane / per_phase)).or_default();
        for w in byte.div_euclid(4)..=(byte + width - 1).div_euclid(4) {
            words.insert(w);
        }
    }
    let mut total = 0;
    for words in phases.values() {
        let mut per_bank = [0i64; 32];
        for w in words {
            per_bank[usize::try_from(w.rem_euclid(32)).ok()?] += 1;
        }
        total += per_bank.iter().max().copied().unwrap_or(0);
    }
    Some(Wavefronts {
        total,
        minimum: i64::try_from(phases.len()).ok()?,
    })
}

/// The laws of `swizzle_search(S, [T], b)`: a swizzle found makes `T` conflict-free by the
/// recount and keeps `S`'s offsets in `[0, cosize(S))`; the search fails on an access exactly
/// when the count does.
fn search(s: &Layout, t: &Layout, b: i64, valid: bool) {
    match swizzle_search(s, std::slice::from_ref(t), b) {
        Ok(sw) => {
            let c = ComposedLayout::new(sw, 0, *s);
            let w = recount(&c, t, b);
            assert!(
                w.is_some_and(|w| w.total == w.minimum),
                "{sw} for {s} {t} {b}: {w:?}"
            );
            let cosize = i128::from(s.cosize().unwrap_or(0));
            let swizzled = Swizzled::of(&c);
            for i in 0..i128::from(s.size()) {
                let x = swizzled.at(i);
                assert!(
                    x.is_some_and(|x| (0..cosize).contains(&x)),
                    "{sw} for {s}: {x:?} at {i}"
                );
            }
        }
        Err(e) if e.code() == "invalid_access" => assert!(!valid, "{s} {t} {b}: {e}"),
        Err(e) => assert!(
            ["no_swizzle", "overflow"].contains(&e.code()),
            "{s} {t} {b}: {e}"
        ),
    }
}

/// The laws on `data` read as `S|T|elem_bytes`.
pub(crate) fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(3, '|');
    let (Some(s), Some(t), Some(b)) = (parts.next(), parts.next(), parts.next()) else {
        return;
    };
    let s = match eval(s) {
        Ok(Value::Layout(l)) => ComposedLayout::new(Swizzle::identity(), 0, l),
        Ok(Value::Composed(c)) => c,
        _ => return,
    };
    let (Ok(t), Ok(b)) = (t.parse::<Layout>(), b.trim().parse::<i64>()) else {
        return;
    };
    if t.size() > 1 << 12 {
        return;
    }
    let counted = bank_phases(&s, &t, b, &mut |_| {});
    if s.swizzle() == Swizzle::identity() && s.offset() == 0 && s.layout().size() <= 1 << 12 {
        search(s.layout(), &t, b, counted.is_ok());
    }
    match counted {
        Ok(w) => {
            assert!(w.total >= w.minimum, "{s} {t} {b}: {w:?}");
            assert_eq!(recount(&s, &t, b), Some(w), "{s} {t} {b}");
        }
        Err(e) => assert!(
            ["invalid_access", "overflow"].contains(&e.code()),
            "{s} {t} {b}: {e}"
        ),
    }
}
