//! `cute banks S T ELEM_BYTES`: an access's shared-memory wavefronts phase by phase, each lane's
//! banks and words, for people to read (the count itself is `bank_conflicts` in `cute eval`).

use std::fmt::Write as _;

use cute::banks::{bank_phases, Phase, BANKS};
use cute::{ComposedLayout, Error, Layout};

/// The report: a line per phase with its wavefronts and ways of conflict, a line per lane with
/// its bytes, banks and words, and the total against the conflict-free minimum.
///
/// # Errors
/// The access's error ([`cute::banks::bank_conflicts`]).
pub fn report(s: &ComposedLayout, t: &Layout, elem_bytes: i64) -> Result<String, Error> {
    let mut out = String::new();
    let w = bank_phases(s, t, elem_bytes, &mut |p| phase(p, &mut out))?;
    let verdict = if w.total == w.minimum {
        "conflict-free".to_owned()
    } else {
        // Hundredths, in integers.
        let r = w.total * 100 / w.minimum.max(1);
        format!("{}.{:02}x the minimum", r / 100, r % 100)
    };
    let _ = writeln!(
        out,
        "total: {} wavefront{}, conflict-free minimum {} ({verdict})",
        w.total,
        if w.total == 1 { "" } else { "s" },
        w.minimum
    );
    Ok(out)
}

/// A range `a-b`, or `a` when it is one value.
fn range(a: i64, b: i64) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}-{b}")
    }
}

fn phase(p: &Phase, out: &mut String) {
    let ways = if p.wavefronts > 1 {
        format!(" ({}-way conflict)", p.wavefronts)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "warp {} phase {}: {} lanes of {} bytes, {} wavefront{}{ways}",
        p.warp,
        p.phase,
        p.lanes,
        p.width,
        p.wavefronts,
        if p.wavefronts == 1 { "" } else { "s" }
    );
    for &(lane, byte) in &p.accesses[..p.lanes] {
        let (lo, hi) = p.words(byte);
        let _ = writeln!(
            out,
            "  lane {lane:2}: bytes {:>11}  bank {:>5}  word {}",
            range(byte, byte + p.width - 1),
            range(lo.rem_euclid(BANKS), hi.rem_euclid(BANKS)),
            range(lo, hi)
        );
    }
}
