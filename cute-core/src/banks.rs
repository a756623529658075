//! Shared-memory bank conflicts of a warp access, in NVIDIA's model: 32 banks of 4 bytes, the byte
//! address `S(T(t, v)) · elem_bytes` in bank `(address / 4) mod 32`; a warp is served in phases of
//! consecutive lanes (32 lanes when a thread moves at most 4 bytes, 16 for 8-byte vectors, 8 for
//! 16-byte vectors), and a phase costs the most distinct 4-byte words any one bank holds (lanes
//! reading one word share it).
//!
//! The model is that of compute capability 8.x and 9.x (and of Triton's swizzle tests); 7.x
//! serves 128-bit accesses differently (see "Choosing a swizzle" in the facade's guide,
//! `cute::guide::swizzles_and_banks`).

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::Layout;
use crate::limits::VERIFY_LIMIT;
use crate::swizzle::ComposedLayout;

/// The banks of shared memory.
pub const BANKS: i64 = 32;
/// The bytes of a bank's word.
pub const WORD_BYTES: i64 = 4;
/// The lanes of a warp.
pub const WARP: i64 = 32;

/// One phase of a warp access: its lanes, their byte addresses and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// The warp (`thread / 32`).
    pub warp: i64,
    /// The phase within the warp.
    pub phase: i64,
    /// The lanes served, from the first: `(lane, byte address)`, the first `lanes` entries.
    pub accesses: [(i64, i64); WARP as usize],
    /// How many lanes the phase serves (fewer than its width in a partial warp).
    pub lanes: usize,
    /// The bytes each lane moves.
    pub width: i64,
    /// Its wavefronts: the most distinct words one bank holds.
    pub wavefronts: i64,
}

impl Phase {
    /// The first and last 4-byte words a lane at `byte` moves. Floor division: an offset below
    /// the tile's base (a negative stride, an offset) is in the words below it, whose banks
    /// continue downwards.
    #[must_use]
    pub fn words(&self, byte: i64) -> (i64, i64) {
        (
            byte.div_euclid(WORD_BYTES),
            (byte + self.width - 1).div_euclid(WORD_BYTES),
        )
    }
}

/// What an access costs: its wavefronts, and the conflict-free minimum (one per phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wavefronts {
    /// The wavefronts of every phase of every warp.
    pub total: i64,
    /// One per phase with a lane in it: the access without a conflict.
    pub minimum: i64,
}

/// `bank_conflicts(S, T, elem_bytes)`: the shared-memory wavefronts of the access `T` to the
/// layout `S` (element index → element offset; a plain layout is `Sw<0,0,0>`).
///
/// `T` has rank 1 (one element per thread) or 2: mode 0 the threads (lane `t mod 32` of warp
/// `t / 32`), mode 1 the `V` values a thread moves in one instruction.
///
/// # Preconditions
/// `elem_bytes` a positive power of two; each thread's values one ascending contiguous run,
/// `S(T(t, v)) = S(T(t, 0)) + v`, of `V · elem_bytes` bytes in {1, 2, 4, 8, 16}, aligned to that
/// width; every index `T(t, v)` inside `S`; at most [`VERIFY_LIMIT`] elements.
///
/// # Postconditions
/// The sum over the warps and their phases of the most distinct 4-byte words one bank holds.
///
/// # Errors
/// [`ErrorKind::InvalidAccess`] (code `invalid_access`) naming the condition and the thread
/// (past the limit too); [`ErrorKind::Overflow`] for an address past `i64`.
///
/// # Examples
/// ```
/// use cute_core::banks::bank_conflicts;
/// use cute_core::{ComposedLayout, Layout, Swizzle};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // A 32x32 float tile, row-major, read down a column by 32 threads: every thread in bank 0.
/// let tile = ComposedLayout::new(Swizzle::identity(), 0, l("(32,32):(32,1)"));
/// assert_eq!(bank_conflicts(&tile, &l("32:1"), 4).unwrap(), 32);
/// // The same column of Sw<5,0,5> ∘ tile: one wavefront.
/// let swizzled = ComposedLayout::new(Swizzle::new(5, 0, 5).unwrap(), 0, l("(32,32):(32,1)"));
/// assert_eq!(bank_conflicts(&swizzled, &l("32:1"), 4).unwrap(), 1);
/// ```
pub fn bank_conflicts(s: &ComposedLayout, t: &Layout, elem_bytes: i64) -> Result<i64, Error> {
    Ok(bank_phases(s, t, elem_bytes, &mut |_| {})?.total)
}

/// [`bank_conflicts`] phase by phase: `visit` sees each phase in order (for `cute banks`).
///
/// # Errors
/// As [`bank_conflicts`].
pub fn bank_phases(
    s: &ComposedLayout,
    t: &Layout,
    elem_bytes: i64,
    visit: &mut impl FnMut(&Phase),
) -> Result<Wavefronts, Error> {
    // A plain layout is named as the user wrote it, not as `Sw<0,0,0>o0o…`.
    let plain = s.swizzle() == crate::Swizzle::identity() && s.offset() == 0;
    let operand = if plain {
        Operand::from(s.layout())
    } else {
        Operand::from(s)
    };
    phases(
        s.size(),
        &|i| s.eval(i),
        Some(operand),
        t,
        elem_bytes,
        visit,
    )
}

/// [`bank_phases`] of the shared-memory map `offset` over indices `0..size`, any function of
/// them (a layout composed with a general F2 swizzle, a linear layout's): its wavefronts.
///
/// # Errors
/// As [`bank_conflicts`], and `offset`'s own errors.
pub fn bank_conflicts_of(
    size: i64,
    offset: &dyn Fn(i64) -> Result<i64, Error>,
    t: &Layout,
    elem_bytes: i64,
) -> Result<Wavefronts, Error> {
    phases(size, offset, None, t, elem_bytes, &mut |_| {})
}

/// The phases of the access `t` to the map `offset` of `size` indices, named `s` in errors.
fn phases(
    size: i64,
    offset: &dyn Fn(i64) -> Result<i64, Error>,
    s: Option<Operand>,
    t: &Layout,
    elem_bytes: i64,
    visit: &mut impl FnMut(&Phase),
) -> Result<Wavefronts, Error> {
    let fail = |kind| Error::new(Op::BankConflicts, [s, Some(Operand::from(t))], kind);
    let invalid = |thread: i64, why: &'static str| fail(ErrorKind::InvalidAccess { thread, why });
    let (threads, values, width) = access_shape(t, elem_bytes).map_err(|why| invalid(-1, why))?;
    // The byte address of thread `k`'s run, checked.
    let address = |k: i64| -> Result<i64, Error> {
        let mut base = 0;
        for v in 0..values {
            let index = t
                .eval(k + threads * v)
                .map_err(|e| e.within(Op::BankConflicts))?;
            if !(0..size).contains(&index) {
                return Err(invalid(k, "it reads an index outside S"));
            }
            let offset = offset(index).map_err(|e| e.within(Op::BankConflicts))?;
            if v == 0 {
                base = offset;
            } else if offset != base.saturating_add(v) {
                return Err(invalid(
                    k,
                    "its values are not one ascending contiguous run of S's offsets",
                ));
            }
        }
        let byte = base
            .checked_mul(elem_bytes)
            .ok_or_else(|| fail(ErrorKind::Overflow))?;
        if byte.rem_euclid(width) != 0 {
            return Err(invalid(k, "its run is not aligned to its width"));
        }
        Ok(byte)
    };
    let per_phase = match width {
        16 => 8,
        8 => 16,
        _ => WARP,
    };
    let mut cost = Wavefronts {
        total: 0,
        minimum: 0,
    };
    let mut first = 0;
    while first < threads {
        let warp = first / WARP;
        let end = threads.min(first + per_phase).min((warp + 1) * WARP);
        let mut phase = Phase {
            warp,
            phase: (first % WARP) / per_phase,
            accesses: [(0, 0); WARP as usize],
            lanes: 0,
            width,
            wavefronts: 0,
        };
        for k in first..end {
            phase.accesses[phase.lanes] = (k % WARP, address(k)?);
            phase.lanes += 1;
        }
        phase.wavefronts = wavefronts(&phase);
        cost.total += phase.wavefronts;
        cost.minimum += 1;
        visit(&phase);
        first = end;
    }
    Ok(cost)
}

/// The threads, values and bytes a thread moves, of an access `t` of elements of `elem_bytes`,
/// or the condition it breaks.
pub(crate) fn access_shape(t: &Layout, elem_bytes: i64) -> Result<(i64, i64, i64), &'static str> {
    if elem_bytes <= 0 || elem_bytes & (elem_bytes - 1) != 0 || elem_bytes > 16 {
        return Err("elem_bytes is not 1, 2, 4, 8 or 16");
    }
    let (threads, values) = match t.rank() {
        1 => (t.size(), 1),
        2 => (
            t.mode(0).map_or(0, |m| m.size()),
            t.mode(1).map_or(0, |m| m.size()),
        ),
        _ => return Err("the access has rank 1 (threads) or 2 (threads, values)"),
    };
    let width = values.saturating_mul(elem_bytes);
    if ![1, 2, 4, 8, 16].contains(&width) {
        return Err("a thread moves V·elem_bytes bytes: 1, 2, 4, 8 or 16");
    }
    if threads.saturating_mul(values) > VERIFY_LIMIT {
        return Err("it moves more than 2^17 elements, the budget of a count (VERIFY_LIMIT)");
    }
    Ok((threads, values, width))
}

/// The most distinct words one bank holds among the phase's accesses.
fn wavefronts(p: &Phase) -> i64 {
    // At most 32 words: 32 lanes of one word, 16 of two or 8 of four.
    let mut words = [0i64; WARP as usize];
    let mut n = 0;
    for &(_, byte) in &p.accesses[..p.lanes] {
        let (lo, hi) = p.words(byte);
        for w in lo..=hi {
            if !words[..n].contains(&w) && n < words.len() {
                words[n] = w;
                n += 1;
            }
        }
    }
    let mut per_bank = [0i64; BANKS as usize];
    for &w in &words[..n] {
        per_bank[w.rem_euclid(BANKS) as usize] += 1;
    }
    per_bank.iter().copied().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn plain(s: &str) -> ComposedLayout {
        ComposedLayout::new(crate::Swizzle::identity(), 0, l(s))
    }

    fn sw(b: i64, m: i64, s: i64, layout: &str) -> ComposedLayout {
        ComposedLayout::new(crate::Swizzle::new(b, m, s).unwrap(), 0, l(layout))
    }

    #[test]
    fn the_phase_rules_of_the_model() {
        let row = plain("(32,32):(32,1)");
        // A row of floats, a lane a word: one wavefront; a column: 32-way.
        assert_eq!(bank_conflicts(&row, &l("32:32"), 4), Ok(1));
        assert_eq!(bank_conflicts(&row, &l("32:1"), 4), Ok(32));
        // Broadcast: every lane the same word.
        assert_eq!(bank_conflicts(&row, &l("32:0"), 4), Ok(1));
        // Half precision: two lanes a word, one wavefront; lanes 8 bytes apart: two distinct
        // words a bank, 2-way.
        let halves = plain("4096:1");
        assert_eq!(bank_conflicts(&halves, &l("32:1"), 2), Ok(1));
        assert_eq!(bank_conflicts(&halves, &l("32:4"), 2), Ok(2));
        // 64-bit vectors: 2 phases of 16 lanes; 128-bit: 4 phases of 8 lanes, each conflict-free
        // along a row.
        let line = plain("4096:1");
        assert_eq!(bank_conflicts(&line, &l("(32,2):(2,1)"), 4), Ok(2));
        assert_eq!(bank_conflicts(&line, &l("(32,4):(4,1)"), 4), Ok(4));
        let floats = plain("(64,64):(64,1)");
        // 128-bit vectors down a column: each phase's 8 runs in banks 0-3, 8-way, 4 phases.
        assert_eq!(bank_conflicts(&floats, &l("(32,4):(1,64)"), 4), Ok(32));
        // Two warps along a row: one wavefront each.
        assert_eq!(bank_conflicts(&floats, &l("64:64"), 4), Ok(2));
        // A partial warp: its one phase still costs a wavefront.
        let mut phases = 0;
        let w = bank_phases(&floats, &l("40:64"), 4, &mut |p| {
            phases += 1;
            assert!(p.lanes == 32 || (p.warp, p.lanes) == (1, 8));
        });
        assert_eq!(
            w,
            Ok(Wavefronts {
                total: 2,
                minimum: 2
            })
        );
        assert_eq!(phases, 2);
    }

    #[test]
    fn a_swizzle_removes_the_conflicts() {
        // The 32x32 float transpose: Sw<5,0,5> makes both a row and a column one wavefront.
        let tile = sw(5, 0, 5, "(32,32):(32,1)");
        assert_eq!(bank_conflicts(&tile, &l("32:1"), 4), Ok(1));
        assert_eq!(bank_conflicts(&tile, &l("32:32"), 4), Ok(1));
        // Half precision (8,64):(64,1) read by 128-bit column accesses (8 halves a thread, a row
        // each): 8 runs in banks 0-3 without a swizzle, spread by Sw<3,3,3>.
        let access = l("(8,8):(1,8)");
        assert_eq!(bank_conflicts(&plain("(8,64):(64,1)"), &access, 2), Ok(8));
        assert_eq!(
            bank_conflicts(&sw(3, 3, 3, "(8,64):(64,1)"), &access, 2),
            Ok(1)
        );
    }

    #[test]
    fn every_error_names_its_condition() {
        let row = plain("(32,32):(32,1)");
        let why = |t: &str, b: i64| {
            let e = bank_conflicts(&row, &l(t), b).unwrap_err();
            assert_eq!(e.code(), "invalid_access", "{e}");
            e.to_string()
        };
        assert!(why("32:32", 3).contains("elem_bytes is not 1, 2, 4, 8 or 16"));
        assert!(why("(32,2,2):(32,1,64)", 4).contains("rank 1 (threads) or 2"));
        assert!(why("(32,8):(32,1)", 4).contains("1, 2, 4, 8 or 16"));
        assert!(why("(32,2):(32,2)", 4).contains("thread 0: its values are not one ascending"));
        assert!(why("(32,2):(32,32)", 4).contains("thread 1: its run is not aligned"));
        assert!(why("64:17", 4).contains("thread 61: it reads an index outside S"));
        let big = bank_conflicts(&plain("(1024,1024):(1024,1)"), &l("(1048576):(1)"), 4);
        assert!(big
            .unwrap_err()
            .to_string()
            .contains("more than 2^17 elements"));
    }
}
