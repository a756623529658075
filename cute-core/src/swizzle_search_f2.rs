//! `swizzle_search_f2(S, T…, elem_bytes)`: a general F2 swizzle — a linear map on the
//! offset bits, in the spirit of Triton's generic swizzling — under which every access of a
//! shared-memory layout is conflict-free.
//!
//! The maps searched are those that XOR a linear function of the row bits (the offset bits at
//! and above 128 bytes) into the bank bits of the widest access (between its chunk and 128
//! bytes): `o ↦ o ⊕ (A · (o >> W)) << c`. They keep every row, every chunk and every vector run
//! whole, and hold CuTe's `Sw<B,M,S>` with `S > 0` that act on those bits. Over them the search is
//! exhaustive: the conflicts of a phase are pairs of lanes in distinct chunks whose bank bits
//! meet, and for a pair whose offsets differ by `Δ` the bank bits of the swizzled offsets differ
//! by `bank(Δ) ⊕ A · row(Δ)`, so each pair forbids one value of `A` on one row difference; `A` is
//! then chosen column by column, backtracking.

use crate::banks::{access_shape, bank_phases, Phase, BANKS, WORD_BYTES};
use crate::error::{Error, Op};
use crate::layout::Layout;
use crate::limits::{Limit, VERIFY_LIMIT};
use crate::linear::{Dim, LinearLayout, MAX_BITS};
use crate::swizzle::{ComposedLayout, Swizzle};
use crate::swizzle_search::no_swizzle;

/// The most steps a search takes (a step checks `A` on one row difference): a few
/// milliseconds.
pub const STEP_BUDGET: i64 = 1 << 22;

/// The most row bits a search takes (the forbidden values of `A` are kept for every row
/// difference: 2^12 of them).
pub const MAX_ROW_BITS: u32 = 12;

/// `swizzle_search_f2(S, [T1, …], elem_bytes)`: a linear map `M` on the `n` offset bits of `S`
/// (`2^n ≥ cosize(S)`), as a linear layout `offset → offset`, such that with `S' = M ∘ S` every
/// access `Ti` is still an access of `S'` and costs its conflict-free minimum
/// ([`bank_conflicts`]), and every offset of `S'` stays in `[0, cosize(S))`; the identity when
/// `S` already qualifies. [`LinearLayout::to_swizzled`] says whether `M` is a CuTe swizzle.
///
/// `M` XORs a linear function of the row bits (at and above 128 bytes) into the bank bits of the
/// widest access: `M(o) = o ⊕ (A · (o >> W)) << c` with `2^W · elem_bytes = 128` and `2^c` the
/// elements of that access's chunk (its vector, at least a 4-byte word). Among those maps the
/// search is exhaustive within its budget: `A` is chosen on a basis of the row differences the
/// accesses and the range constrain (0 elsewhere), values tried from 0 up, the first found
/// returned; [`ErrorKind::NoSwizzle`](crate::error::ErrorKind::NoSwizzle) means none of them
/// works, or (its reason says so) that the search reached [`STEP_BUDGET`] without deciding.
///
/// [`bank_conflicts`]: crate::banks::bank_conflicts
///
/// # Preconditions
/// As [`swizzle_search`](crate::swizzle_search::swizzle_search): each `Ti` an access of `S`,
/// `S`'s offsets in `[0, cosize(S))`, `size(S)` at most [`VERIFY_LIMIT`]; at most
/// [`MAX_ROW_BITS`] row bits; the search's steps at most [`STEP_BUDGET`].
///
/// # Errors
/// An access's own error, or `elem_bytes` not 1, 2, 4, 8 or 16
/// ([`ErrorKind::InvalidAccess`](crate::error::ErrorKind::InvalidAccess));
/// [`ErrorKind::Capacity`](crate::error::ErrorKind::Capacity) for offsets of more than
/// [`MAX_BITS`] bits (the map's capacity, even when `S` already qualifies: its identity map is
/// a linear layout too); [`ErrorKind::Overflow`](crate::error::ErrorKind::Overflow) for a
/// cosize past `i64`; [`ErrorKind::NoSwizzle`](crate::error::ErrorKind::NoSwizzle) when no map
/// of the form qualifies, or the layout or the search is past its budget.
///
/// # Examples
/// ```
/// use cute_core::swizzle_search_f2::swizzle_search_f2;
/// use cute_core::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// // The 32x32 float transpose: a column read and a row write. The map is CuTe's Sw<5,0,5>.
/// let m = swizzle_search_f2(&l("(32,32):(32,1)"), &[l("32:1"), l("32:32")], 4).unwrap();
/// assert_eq!(m.to_swizzled().unwrap().swizzle().to_string(), "Sw<5,0,5>");
/// ```
pub fn swizzle_search_f2(
    s: &Layout,
    accesses: &[Layout],
    elem_bytes: i64,
) -> Result<LinearLayout, Error> {
    let fail = |why: &'static str| no_swizzle(s, accesses, why);
    let within = |e: Error| e.within(Op::SwizzleSearch);
    if s.size() > VERIFY_LIMIT {
        return Err(fail(
            "the layout has more than 2^17 elements, the budget of a search",
        ));
    }
    let cosize = s.cosize().map_err(within)?;
    let mut offsets_in_range = true;
    for i in 0..s.size() {
        offsets_in_range &= (0..cosize).contains(&s.eval(i).map_err(within)?);
    }
    if !offsets_in_range {
        return Err(fail(
            "the layout has offsets outside [0, cosize) (a negative stride)",
        ));
    }
    if ![1, 2, 4, 8, 16].contains(&elem_bytes) {
        return Err(Error::new(
            Op::SwizzleSearch,
            [Some(s.into()), accesses.first().map(Into::into)],
            crate::error::ErrorKind::InvalidAccess {
                thread: -1,
                why: "elem_bytes is not 1, 2, 4, 8 or 16",
            },
        ));
    }
    let n = 64 - (cosize - 1).max(0).leading_zeros();
    // The map is a linear layout over the offset bits, the identity included.
    if n as usize > MAX_BITS {
        return Err(Error::new(
            Op::SwizzleSearch,
            [Some(s.into()), accesses.first().map(Into::into)],
            crate::error::ErrorKind::Capacity {
                limit: Limit::InBits,
            },
        ));
    }
    // Row bits from W: 2^W elements are 128 bytes.
    let row = (BANKS * WORD_BYTES / elem_bytes.clamp(1, 16)).trailing_zeros();
    // The widest access's chunk bits, from the accesses' shapes (an access that is none is
    // named by its count below; one of no thread has no phase to serve).
    let chunk_bits = accesses
        .iter()
        .filter_map(|t| access_shape(t, elem_bytes).ok())
        .filter(|&(threads, _, _)| threads > 0)
        .map(|(_, _, width)| chunk(width, elem_bytes))
        .max()
        .unwrap_or(0);
    let geometry = Geometry {
        elem_bytes,
        row,
        chunk_bits,
    };
    // One count of each access: whether it is conflict-free already, and the values of A that
    // its pairs of lanes forbid (forbidden[y], bit x: A·y = x must not hold).
    let plain = ComposedLayout::new(Swizzle::identity(), 0, *s);
    let mut forbidden = [0u32; 1 << MAX_ROW_BITS];
    let mut minimal = true;
    for t in accesses {
        let w = bank_phases(&plain, t, elem_bytes, &mut |p| {
            geometry.forbid_conflicts(p, &mut forbidden);
        })
        .map_err(within)?;
        minimal &= w.total == w.minimum;
    }
    if minimal {
        return identity_map(n).map_err(within);
    }
    if n <= row {
        return Err(fail(
            "the offsets fit one 128-byte row: there is no row bit to swizzle the banks with",
        ));
    }
    let rows = n - row;
    if rows > MAX_ROW_BITS {
        return Err(fail("the layout has more than 2^12 rows of 128 bytes"));
    }
    geometry.forbid_past_the_end(s, cosize, &mut forbidden)?;
    let Some(mut search) = Search::new(&forbidden, geometry.bank_bits(), rows) else {
        return Err(fail(NONE));
    };
    match search.next(0) {
        Found::Yes => map(n, row, chunk_bits, &search.columns(rows)[..rows as usize]).map_err(within),
        Found::No => Err(fail(NONE)),
        Found::Budget => Err(fail(
            "the search would take more than 2^22 steps (too many constrained rows), so it stops without deciding",
        )),
    }
}

/// Why no map qualifies.
const NONE: &str = "no map XORing the row bits into the bank bits makes every access conflict-free and keeps every offset in [0, cosize)";

/// Where the bits of an offset lie: the 128-byte row from bit `row`, the widest access's chunk
/// below bit `chunk_bits`; a map writes the bank bits between them.
struct Geometry {
    elem_bytes: i64,
    row: u32,
    chunk_bits: u32,
}

impl Geometry {
    /// The bank bits a map writes.
    fn bank_bits(&self) -> u32 {
        self.row.saturating_sub(self.chunk_bits)
    }

    /// Forbids, for each pair of lanes of the phase `p` in distinct chunks and distinct rows,
    /// the value of `A` on their row difference that would put them in one bank.
    fn forbid_conflicts(&self, p: &Phase, forbidden: &mut [u32; 1 << MAX_ROW_BITS]) {
        let (row, chunk_bits) = (self.row, self.chunk_bits);
        let c = chunk(p.width, self.elem_bytes);
        let lanes = &p.accesses[..p.lanes];
        for (k, &(_, a)) in lanes.iter().enumerate() {
            for &(_, b) in &lanes[..k] {
                let delta = (a / self.elem_bytes) ^ (b / self.elem_bytes);
                let (y, x) = (delta >> row, delta & ((1 << row) - 1));
                // The same chunk (a shared word or vector): no conflict. The same row: the
                // chunks differ in the bank bits, which A leaves apart.
                if delta >> c == 0 || y == 0 {
                    continue;
                }
                // Bank bits below the widest chunk differ: A, which writes above them, cannot
                // make the pair meet.
                let below = ((1i64 << chunk_bits) - 1) & !((1i64 << c) - 1);
                if x & below != 0 {
                    continue;
                }
                if let Some(slot) = usize::try_from(y).ok().and_then(|y| forbidden.get_mut(y)) {
                    *slot |= 1 << (x >> chunk_bits);
                }
            }
        }
    }

    /// Forbids the values of `A` on the last row that move an offset of `s` past `cosize`: a map
    /// keeps each row, so only a partial last row can be left.
    fn forbid_past_the_end(
        &self,
        s: &Layout,
        cosize: i64,
        forbidden: &mut [u32; 1 << MAX_ROW_BITS],
    ) -> Result<(), Error> {
        let last = (cosize - 1) >> self.row;
        let Some(slot) = usize::try_from(last)
            .ok()
            .filter(|&y| y > 0)
            .and_then(|y| forbidden.get_mut(y))
        else {
            return Ok(());
        };
        let room = cosize - (last << self.row);
        for i in 0..s.size() {
            let o = s.eval(i).map_err(|e| e.within(Op::SwizzleSearch))?;
            if o >> self.row != last {
                continue;
            }
            for v in 0..1i64 << self.bank_bits() {
                if (o & ((1 << self.row) - 1)) ^ (v << self.chunk_bits) >= room {
                    *slot |= 1 << v;
                }
            }
        }
        Ok(())
    }
}

/// The offset bits within one chunk of a phase (a vector of `width` bytes, at least a word).
fn chunk(width: i64, elem_bytes: i64) -> u32 {
    (width.max(WORD_BYTES) / elem_bytes).trailing_zeros()
}

/// The identity on `n` offset bits.
fn identity_map(n: u32) -> Result<LinearLayout, Error> {
    map(n, n, 0, &[])
}

/// The map as a linear layout `offset → offset` over `n` bits.
fn map(n: u32, row: u32, chunk: u32, columns: &[u32]) -> Result<LinearLayout, Error> {
    let size = 1i64 << n;
    let bases: [[i64; 1]; 64] = core::array::from_fn(|k| {
        let k = k as u32;
        let column = k
            .checked_sub(row)
            .and_then(|j| columns.get(j as usize))
            .map_or(0, |&c| i64::from(c) << chunk);
        [if k < n { (1i64 << k) ^ column } else { 0 }]
    });
    let refs: [&[i64]; 64] = core::array::from_fn(|k| &bases[k][..]);
    LinearLayout::new(
        &[Dim::new("offset", size).map_err(|k| Error::new(Op::SwizzleSearch, [None, None], k))?],
        &[Dim::new("offset", size).map_err(|k| Error::new(Op::SwizzleSearch, [None, None], k))?],
        &refs[..n as usize],
    )
}

/// Whether a search found a map.
enum Found {
    Yes,
    No,
    Budget,
}

/// The backtracking over `A`'s values on a basis of the constrained row differences: `A` on
/// the other directions is 0 (nothing constrains it there), so only the `k` basis values are
/// chosen, each constraint checked once its last basis vector has a value.
struct Search<'a> {
    forbidden: &'a [u32; 1 << MAX_ROW_BITS],
    bank_bits: u32,
    /// The basis in reduced echelon form: `(pivot bit, vector)`.
    basis: [(u32, u32); MAX_ROW_BITS as usize],
    k: usize,
    /// The constrained row differences ordered by their last basis vector, with their
    /// coordinates in the basis; `first[i]..first[i + 1]` are those whose last is `i`.
    constrained: [(u16, u16); 1 << MAX_ROW_BITS],
    first: [usize; MAX_ROW_BITS as usize + 1],
    /// `A` on basis vector `i`.
    values: [u32; MAX_ROW_BITS as usize],
    steps: i64,
}

impl<'a> Search<'a> {
    /// The search over the row differences that `forbidden` constrains; `None` when one of them
    /// forbids every value (no map at all).
    fn new(forbidden: &'a [u32; 1 << MAX_ROW_BITS], bank_bits: u32, rows: u32) -> Option<Self> {
        let all = (1u64 << (1u32 << bank_bits)) - 1;
        let ys = (1..1u32 << rows).filter(|&y| forbidden[y as usize] != 0);
        let mut basis = [(0u32, 0u32); MAX_ROW_BITS as usize];
        let mut k = 0;
        for y in ys.clone() {
            if u64::from(forbidden[y as usize]) == all {
                return None;
            }
            let mut r = y;
            for &(p, b) in &basis[..k] {
                if r >> p & 1 == 1 {
                    r ^= b;
                }
            }
            if r != 0 {
                // A new pivot: clear its bit from the others (reduced form).
                let p = r.ilog2();
                for e in &mut basis[..k] {
                    if e.1 >> p & 1 == 1 {
                        e.1 ^= r;
                    }
                }
                basis[k] = (p, r);
                k += 1;
            }
        }
        // Each constrained y's coordinates: in reduced form, its bits at the pivots.
        let coords = |y: u32| -> u32 {
            basis[..k]
                .iter()
                .enumerate()
                .filter(|&(_, &(p, _))| y >> p & 1 == 1)
                .fold(0, |m, (i, _)| m | 1 << i)
        };
        let mut first = [0usize; MAX_ROW_BITS as usize + 1];
        for y in ys.clone() {
            let last = 31 - coords(y).leading_zeros() as usize;
            first[last + 1] += 1;
        }
        for i in 0..k {
            first[i + 1] += first[i];
        }
        let mut constrained = [(0u16, 0u16); 1 << MAX_ROW_BITS];
        let mut at = first;
        for y in ys {
            let c = coords(y);
            let last = 31 - c.leading_zeros() as usize;
            // Both below 2^MAX_ROW_BITS: a row difference and a set of at most 12 basis vectors.
            constrained[at[last]] = (y as u16, c as u16);
            at[last] += 1;
        }
        Some(Search {
            forbidden,
            bank_bits,
            basis,
            k,
            constrained,
            first,
            values: [0; MAX_ROW_BITS as usize],
            steps: 0,
        })
    }

    /// Chooses the values on basis vectors `i..`; `Yes` leaves them in `values`.
    fn next(&mut self, i: usize) -> Found {
        if i == self.k {
            return Found::Yes;
        }
        let (from, to) = (self.first[i], self.first[i + 1]);
        'value: for v in 0..1u32 << self.bank_bits {
            self.steps += 1 + (to - from) as i64;
            if self.steps > STEP_BUDGET {
                return Found::Budget;
            }
            self.values[i] = v;
            for &(y, c) in &self.constrained[from..to] {
                let (y, c) = (u32::from(y), u32::from(c));
                let ay = self.values[..=i]
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| c >> j & 1 == 1)
                    .fold(0, |acc, (_, &x)| acc ^ x);
                if self.forbidden[y as usize] >> ay & 1 == 1 {
                    continue 'value;
                }
            }
            match self.next(i + 1) {
                Found::No => {}
                found => return found,
            }
        }
        Found::No
    }

    /// `A`'s columns over `rows` row bits: basis vector `i`'s value at its pivot, 0 elsewhere
    /// (in reduced form the other bits of a basis vector are no pivot, so `A` maps it to its
    /// value).
    fn columns(&self, rows: u32) -> [u32; MAX_ROW_BITS as usize] {
        let mut columns = [0u32; MAX_ROW_BITS as usize];
        for (&(p, _), &v) in self.basis[..self.k].iter().zip(&self.values) {
            if p < rows {
                columns[p as usize] = v;
            }
        }
        columns
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::banks::{bank_conflicts, bank_conflicts_of};
    use crate::swizzle_search::swizzle_search;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    /// `M ∘ S` at index `i`.
    fn offset(m: &LinearLayout, s: &Layout, i: i64) -> Result<i64, Error> {
        Ok(m.apply_bits(s.eval(i)? as u64) as i64)
    }

    /// Whether every access of `M ∘ S` costs its minimum and every offset stays in range,
    /// counted by the model itself.
    fn holds(m: &LinearLayout, s: &Layout, ts: &[Layout], bytes: i64) -> bool {
        let cosize = s.cosize().unwrap();
        ts.iter().all(|t| {
            bank_conflicts_of(s.size(), &|i| offset(m, s, i), t, bytes)
                .is_ok_and(|w| w.total == w.minimum)
        }) && (0..s.size()).all(|i| (0..cosize).contains(&offset(m, s, i).unwrap()))
    }

    fn search(s: &str, ts: &[&str], bytes: i64) -> Result<LinearLayout, Error> {
        let ts: std::vec::Vec<Layout> = ts.iter().map(|t| l(t)).collect();
        let m = swizzle_search_f2(&l(s), &ts, bytes);
        if let Ok(m) = &m {
            assert!(holds(m, &l(s), &ts, bytes), "{m:?} for {s}");
        }
        m
    }

    /// The classic cases find the CuTe swizzles CUTLASS uses (the map's own swizzle, found by
    /// `to_swizzled`, counted the same by `bank_conflicts`).
    #[test]
    fn the_classic_cases_are_cutes_swizzles() {
        for (s, ts, bytes, want) in [
            ("(32,32):(32,1)", &["32:1", "32:32"][..], 4, "Sw<5,0,5>"),
            (
                "(8,64):(64,1)",
                &["(8,8):(1,8)", "(8,8):(64,8)"][..],
                2,
                "Sw<3,3,3>",
            ),
            (
                "(8,32):(32,1)",
                &["(8,4):(1,8)", "(8,4):(32,8)"][..],
                4,
                "Sw<3,2,3>",
            ),
            (
                "(8,128):(128,1)",
                &["(8,16):(1,8)", "(8,16):(128,8)"][..],
                1,
                "Sw<3,4,3>",
            ),
            ("64:1", &["32:2"][..], 4, "Sw<1,0,5>"),
            ("(32,32):(32,1)", &["32:32"][..], 4, "Sw<0,0,0>"),
        ] {
            let m = search(s, ts, bytes).unwrap();
            let c = m.to_swizzled().unwrap();
            assert_eq!(c.swizzle().to_string(), want, "{s}");
            let sw = ComposedLayout::new(c.swizzle(), 0, l(s));
            for t in ts {
                let w = crate::banks::bank_phases(&sw, &l(t), bytes, &mut |_| {}).unwrap();
                assert_eq!(w.total, w.minimum, "{want} on {t}");
                assert_eq!(bank_conflicts(&sw, &l(t), bytes).unwrap(), w.minimum);
            }
        }
    }

    /// A map that no CuTe swizzle is: an 8x64 float tile read down its first columns (lanes 8
    /// rows apart, then the next column) and along row 0 every other column pair. No
    /// `Sw<B,M,S>` serves both; the map XORs row bit 5 into bit 0 and row bits 6 to 8 into bits
    /// 2 to 4, two shifts at once.
    #[test]
    fn a_general_map_where_cute_has_none() {
        let (s, ts) = ("(8,64):(64,1)", ["32:1", "32:16"]);
        let m = search(s, &ts, 4).unwrap();
        assert_eq!(
            m.to_string(),
            "LinearLayout(crd=(offset:512),idx=(offset:512),vals=[(1),(2),(4),(8),(16),(33),(68),(136),(272)])"
        );
        assert!(m.to_swizzled().is_err());
        assert_eq!(
            swizzle_search(&l(s), &ts.map(l), 4).unwrap_err().code(),
            "no_swizzle"
        );
    }

    /// On small layouts the search agrees with trying every map of its form, and finds one
    /// whenever CuTe's search finds a swizzle of that form.
    #[test]
    fn exhaustive_over_its_maps_and_at_least_cutes() {
        let shapes = [
            "(8,8):(8,1)",
            "(8,8):(1,8)",
            "(4,16):(16,1)",
            "64:1",
            "(16,8):(8,1)",
        ];
        let accesses = [
            "8:1",
            "8:8",
            "16:1",
            "16:4",
            "32:2",
            "(8,2):(2,1)",
            "(4,2):(16,1)",
            "32:1",
            "16:3",
            "(8,2):(8,1)",
        ];
        let mut found = 0;
        for s in shapes {
            for (a, b) in accesses
                .iter()
                .flat_map(|a| accesses.iter().map(move |b| (a, b)))
            {
                for bytes in [2, 4, 8] {
                    let ts = [l(a), l(b)];
                    let Ok(()) = ts.iter().try_for_each(|t| {
                        bank_conflicts(&ComposedLayout::new(Swizzle::identity(), 0, l(s)), t, bytes)
                            .map(|_| ())
                    }) else {
                        continue;
                    };
                    let m = swizzle_search_f2(&l(s), &ts, bytes);
                    if let Ok(m) = &m {
                        assert!(holds(m, &l(s), &ts, bytes), "{s} {a} {b} {bytes}");
                        found += 1;
                    }
                    // Every map of the form: A's columns over the bank bits of the widest access.
                    let cosize = l(s).cosize().unwrap();
                    let n = 64 - (cosize - 1).leading_zeros();
                    let row = (128 / bytes).trailing_zeros();
                    let widest = ts
                        .iter()
                        .map(|t| {
                            let v = if t.rank() == 2 {
                                t.mode(1).unwrap().size()
                            } else {
                                1
                            };
                            chunk(v * bytes, bytes)
                        })
                        .max()
                        .unwrap();
                    let rows = n.saturating_sub(row);
                    let bank_bits = row - widest;
                    let total = 1u64 << (bank_bits * rows);
                    let any = (0..total).any(|code| {
                        let columns: std::vec::Vec<u32> = (0..rows)
                            .map(|j| (code >> (j * bank_bits) & ((1 << bank_bits) - 1)) as u32)
                            .collect();
                        let m = map(n, row, widest, &columns).unwrap();
                        holds(&m, &l(s), &ts, bytes)
                    });
                    assert_eq!(m.is_ok(), any, "{s} {a} {b} {bytes}: {m:?}");
                    // A CuTe swizzle of the form (its bits from the rows into the bank bits).
                    if let Ok(sw) = swizzle_search(&l(s), &ts, bytes) {
                        let (bb, mb, sb) = sw.params();
                        let of_form = bb == 0
                            || (sb > 0
                                && mb >= widest
                                && mb + bb <= row
                                && (mb as i32 + sb) as u32 >= row);
                        assert!(!of_form || m.is_ok(), "{s} {a} {b} {bytes}: {sw}");
                    }
                }
            }
        }
        assert!(found > 50, "{found}");
    }

    /// Constraints on two rows that share no bit with the rows between them: the search sets
    /// `A` only on the constrained directions (a column per row bit would walk every value of
    /// the columns between, past its budget). The last row (33) is partial and holds one
    /// element, so `A` must be 0 there; lanes 1024 apart need `A · 32 ≠ 0`.
    #[test]
    fn unconstrained_rows_are_not_searched() {
        let m = search("(2,2):(1024,32)", &["2:1"], 4).unwrap();
        // Row bit 0 (offset bit 5) moves a bank; the map is conflict-free (`search` counts it).
        assert_ne!(m.basis(5), Some(32));
    }

    #[test]
    fn bad_layouts_are_named() {
        let code = |r: Result<LinearLayout, Error>| r.unwrap_err().code();
        // 32 floats 32 apart in a buffer that ends at the last: spreading them moves it past.
        assert_eq!(code(search("32:32", &["32:1"], 4)), "no_swizzle");
        assert_eq!(code(search("32:1", &["32:2"], 4)), "invalid_access");
        assert_eq!(code(search("(8,8):(-8,1)", &["8:1"], 4)), "no_swizzle");
        assert_eq!(code(search("(8,8):(8,1)", &["8:1"], 3)), "invalid_access");
        assert_eq!(code(search("(8,8):(8,1)", &[], 3)), "invalid_access");
        // Offsets of 48 bits: past a linear layout's 32 (the fuzz target's find).
        assert_eq!(code(search("4096:64444444444", &["46:1"], 1)), "capacity");
    }
}
