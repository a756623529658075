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
use cute::swizzle_search_f2::swizzle_search_f2;
use cute::{ComposedLayout, ErrorKind, Layout, Swizzle};

// The checker's own evaluator of layouts and swizzled layouts, in `i128` (the fuzz target
// includes `check.rs` beside this file).
use super::check::{Flat, Swizzled};

/// The recount: the byte address of each thread's run, the phases, their wavefronts.
pub(crate) fn recount(s: &ComposedLayout, t: &Layout, bytes: i64) -> Option<Wavefronts> {
    let sw = Swizzled::of(s);
    recount_of(&|i| sw.at(i), t, bytes)
}

/// The recount of the shared-memory map `offset` (index to element offset, `None` outside it).
fn recount_of(offset: &dyn Fn(i128) -> Option<i128>, t: &Layout, bytes: i64) -> Option<Wavefronts> {
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
    let t = Flat::of(t);
    // The element offset thread `k` moves as value `v` (`None` outside `S`).
    let element = |k: i128, v: i128| offset(t.try_eval(k + threads * v)?);
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
    search_f2(s, t, b, valid);
}

/// The laws of `swizzle_search_f2(S, [T], b)`: a map found makes `T` conflict-free by the
/// recount (the map applied here, the XOR of its bases) and keeps `S`'s offsets in
/// `[0, cosize(S))`; an `invalid_access` from it means the count failed too (other errors come
/// before the accesses are read: capacity, overflow, no map); and it finds a map whenever
/// `swizzle_search` finds a swizzle of its form (row bits put by XOR into the bank bits above the
/// access's chunk), unless it stopped at a budget or a capacity.
fn search_f2(s: &Layout, t: &Layout, b: i64, valid: bool) {
    let found = swizzle_search_f2(s, std::slice::from_ref(t), b);
    match &found {
        Ok(m) => {
            let bases: Vec<i128> = (0..m.in_bits())
                .map(|k| i128::from(m.basis(k).unwrap_or(0)))
                .collect();
            let apply = |o: i128| -> i128 {
                bases
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| o >> k & 1 == 1)
                    .fold(0, |acc, (_, &d)| acc ^ d)
            };
            let flat = Flat::of(s);
            let w = recount_of(&|i| flat.try_eval(i).map(apply), t, b);
            assert!(
                w.is_some_and(|w| w.total == w.minimum),
                "{m:?} for {s} {t} {b}: {w:?}"
            );
            // Converted back: where the map is a CuTe swizzle of the offsets (`Sw ∘ 0 ∘ L`, `L`
            // the identity on them), the library's count of the swizzled layout is the map's.
            if let Ok(c) = m.to_swizzled() {
                // The identity on the offsets coalesces to `n:1` (read off the layout, not
                // evaluated: a map of 32 bits has 2^32 offsets).
                let identity = c.offset() == 0
                    && cute::coalesce(c.layout())
                        .is_ok_and(|l| l.size() <= 1 || l.to_string() == format!("{}:1", l.size()));
                if identity {
                    let back =
                        bank_phases(&ComposedLayout::new(c.swizzle(), 0, *s), t, b, &mut |_| {});
                    assert_eq!(back.ok(), w, "{m:?} as {c} for {s} {t} {b}");
                }
            }
            let cosize = i128::from(s.cosize().unwrap_or(0));
            for i in 0..i128::from(s.size()) {
                let x = flat.try_eval(i).map(apply);
                assert!(
                    x.is_some_and(|x| (0..cosize).contains(&x)),
                    "{m:?} for {s}: {x:?} at {i}"
                );
            }
        }
        Err(e) if e.code() == "invalid_access" => assert!(!valid, "{s} {t} {b}: {e}"),
        Err(e) => assert!(
            ["no_swizzle", "capacity", "overflow"].contains(&e.code()),
            "{s} {t} {b}: {e}"
        ),
    }
    let values = if t.rank() == 2 {
        t.mode(1).map_or(1, |m| m.size())
    } else {
        1
    };
    let chunk = (values * b).max(4) / b.max(1);
    let (chunk, row) = (
        chunk.trailing_zeros(),
        (128 / b.clamp(1, 16)).trailing_zeros(),
    );
    if let (Err(e), Ok(sw)) = (&found, swizzle_search(s, std::slice::from_ref(t), b)) {
        let (bits, base, shift) = sw.params();
        let of_form = bits > 0
            && shift > 0
            && base >= chunk
            && base + bits <= row
            && base as i32 + shift >= row as i32;
        // Past its budget the F2 search stops where the smaller CuTe one may not.
        let budget = e.code() == "capacity"
            || matches!(e.kind, ErrorKind::NoSwizzle { why } if why.contains("more than"));
        assert!(!of_form || budget, "{s} {t} {b}: {sw} but {e}");
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
