//! Bank conflicts (`cute::banks`) on random layouts, swizzles and accesses against the
//! independent recount of `hostile/banks.rs`, and a swizzle's defining effect.

use cute::banks::{bank_conflicts, bank_conflicts_of, bank_phases};
use cute::swizzle_search::swizzle_search;
use cute::swizzle_search_f2::swizzle_search_f2;
use cute::{ComposedLayout, Layout, Swizzle};
use proptest::prelude::*;

use crate::hostile::banks::recount;
use crate::strategy::{config, layout};

proptest! {
    #![proptest_config(config())]

    /// Law: on any layout, swizzled or not, an access of one element per thread (rank 1) or of
    /// contiguous runs is counted as the model says, and never below one wavefront per phase.
    #[test]
    fn counts_agree_with_the_recount(
        s in layout(4096, 64),
        swz in (0..=3i64, 0..=3i64, 0..=2i64, any::<bool>()),
        threads in 1..=96i64,
        stride in 0..=9i64,
        bytes in prop::sample::select(vec![1i64, 2, 4, 8, 16]),
    ) {
        let (b, m, extra, negative) = swz;
        let shift = if negative { -(b + extra).max(1) } else { b + extra };
        let sw = Swizzle::new(b, m, shift).unwrap_or(Swizzle::identity());
        let s = ComposedLayout::new(sw, 0, s);
        prop_assume!((threads - 1) * stride < s.size());
        let t: Layout = format!("{threads}:{stride}").parse().unwrap();
        let w = bank_phases(&s, &t, bytes, &mut |_| {});
        match w {
            Ok(w) => {
                prop_assert!(w.total >= w.minimum);
                prop_assert_eq!(recount(&s, &t, bytes), Some(w), "{} {} {}", s, t, bytes);
            }
            // An address past i64 only.
            Err(e) => prop_assert_eq!(e.code(), "overflow", "{}", e),
        }
    }

    /// Law: runs of 2 or 4 contiguous elements per thread over a contiguous buffer, read with
    /// any thread stride that keeps them aligned, are counted as the model says.
    #[test]
    fn vector_counts_agree_with_the_recount(
        values in prop::sample::select(vec![2i64, 4]),
        threads in 1..=64i64,
        step in 0..=8i64,
        bytes in prop::sample::select(vec![1i64, 2, 4]),
    ) {
        let s = ComposedLayout::new(Swizzle::identity(), 0, "16384:1".parse().unwrap());
        let t: Layout = format!("({threads},{values}):({},1)", step * values).parse().unwrap();
        let w = bank_phases(&s, &t, bytes, &mut |_| {}).unwrap();
        prop_assert_eq!(recount(&s, &t, bytes), Some(w), "{}", t);
    }
}

/// An `r x c` row-major tile and its accesses: `r` threads reading `v` elements each down its
/// first columns, and with `write` threads writing row 0, thread `t` the run `t·v` of it.
fn row_major_tile(r: i64, c: i64, v: i64, write: bool) -> (Layout, Vec<Layout>) {
    let s = format!("({r},{c}):({c},1)").parse().unwrap();
    let mut ts = vec![format!("({r},{v}):(1,{r})").parse().unwrap()];
    if write {
        ts.push(format!("({},{v}):({},{r})", c / v, r * v).parse().unwrap());
    }
    (s, ts)
}

/// Whether `sw` makes every access of `s` conflict-free with its offsets in `[0, cosize(s))`.
fn qualifies(sw: Swizzle, s: &Layout, ts: &[Layout], bytes: i64) -> bool {
    let c = ComposedLayout::new(sw, 0, *s);
    let cosize = s.cosize().unwrap();
    ts.iter()
        .all(|t| bank_phases(&c, t, bytes, &mut |_| {}).is_ok_and(|w| w.total == w.minimum))
        && (0..s.size()).all(|i| (0..cosize).contains(&c.eval(i).unwrap()))
}

proptest! {
    #![proptest_config(config())]

    /// Law: on row-major tiles read by vectors down their rows (and written along them), a
    /// swizzle found qualifies (checked by the counting function), and "no swizzle" holds for
    /// every swizzle on a few bits more than the search's.
    #[test]
    fn searched_swizzles_qualify_and_none_means_none(
        rows in 0..=5u32,
        cols in 0..=7u32,
        bytes in 0..=3u32,
        width in 0..=4u32,
        write in any::<bool>(),
        sparse in any::<bool>(),
    ) {
        let (r, c, b) = (1i64 << rows, 1i64 << cols, 1i64 << bytes);
        let v = if sparse { 1 } else { (1i64 << width) / b };
        prop_assume!(v >= 1 && v <= c);
        // A row-major tile read down its rows; or (`sparse`) `r` elements `c` apart, each read
        // by a thread, where a swizzle may have no room below the last.
        let (s, ts): (Layout, Vec<Layout>) = if sparse {
            (format!("{r}:{c}").parse().unwrap(), vec![format!("{r}:1").parse().unwrap()])
        } else {
            row_major_tile(r, c, v, write)
        };
        match swizzle_search(&s, &ts, b) {
            Ok(sw) => prop_assert!(qualifies(sw, &s, &ts, b), "{} for {}", sw, s),
            Err(e) => {
                prop_assert_eq!(e.code(), "no_swizzle", "{}", e);
                let n = 64 - i64::from((s.cosize().unwrap() - 1).max(0).leading_zeros());
                for bb in 1..=n + 1 {
                    for m in 0..=n + 1 {
                        for sh in bb..=n + 2 {
                            for sign in [1, -1] {
                                if let Ok(sw) = Swizzle::new(bb, m, sign * sh) {
                                    prop_assert!(!qualifies(sw, &s, &ts, b), "{} for {}", sw, s);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// Law: the F2 search's map, where it converts back to a CuTe swizzle (`to_swizzled`),
    /// counts the same as that swizzle on the layout: the library's count under the map (the XOR
    /// of its bases) equals its count of `Sw ∘ S`, phase totals and minimum alike.
    #[test]
    fn f2_maps_converted_back_count_the_same(
        rows in 0..=5u32,
        cols in 0..=7u32,
        bytes in 0..=3u32,
        width in 0..=4u32,
        write in any::<bool>(),
    ) {
        let (r, c, b) = (1i64 << rows, 1i64 << cols, 1i64 << bytes);
        let v = (1i64 << width) / b;
        prop_assume!(v >= 1 && v <= c);
        let (s, ts) = row_major_tile(r, c, v, write);
        let Ok(m) = swizzle_search_f2(&s, &ts, b) else {
            return Ok(());
        };
        let Ok(sw) = m.to_swizzled() else {
            return Ok(());
        };
        // The conversion is `Sw ∘ 0 ∘ L` with `L` the identity on the offsets.
        let l = sw.layout();
        prop_assert!((0..l.size()).all(|o| l.eval(o) == Ok(o)), "{}", sw);
        let by_map = |o: i64| -> Result<i64, cute::Error> {
            let x = m.apply(&[o])?;
            Ok(x[0])
        };
        let swizzled = ComposedLayout::new(sw.swizzle(), 0, s);
        for t in &ts {
            let mapped = bank_conflicts_of(s.size(), &|i| by_map(s.eval(i)?), t, b).unwrap();
            let back = bank_phases(&swizzled, t, b, &mut |_| {}).unwrap();
            prop_assert_eq!(mapped, back, "{} as {} on {} {}", m, sw, s, t);
            prop_assert_eq!(back.total, back.minimum);
        }
    }
}

/// A swizzle `Sw<B,M,S>` with `M` the vector's bits and `B` enough bits spreads a column of
/// 128-bit accesses over the banks: the classic shared-memory atoms of CUTLASS.
#[test]
fn cutlass_atoms_are_conflict_free() {
    let count = |s: &str, t: &str, b: i64| {
        let v = cute::expr::eval(&format!("bank_conflicts({s}, {t}, {b})")).unwrap();
        v.to_string().parse::<i64>().unwrap()
    };
    // 16-bit elements, (8,64) row-major, 8 threads read 8 halves down the rows.
    assert_eq!(count("(8,64):(64,1)", "(8,8):(1,8)", 2), 8);
    assert_eq!(
        count("swizzle_layout(3,3,3,(8,64):(64,1))", "(8,8):(1,8)", 2),
        1
    );
    // 32-bit elements, (8,32) row-major read by 128-bit column accesses: Sw<3,2,3>.
    assert_eq!(count("(8,32):(32,1)", "(8,4):(1,8)", 4), 8);
    assert_eq!(
        count("swizzle_layout(3,2,3,(8,32):(32,1))", "(8,4):(1,8)", 4),
        1
    );
    // 8-bit elements, (8,128) row-major: Sw<3,4,3>.
    assert_eq!(count("(8,128):(128,1)", "(8,16):(1,8)", 1), 8);
    assert_eq!(
        count("swizzle_layout(3,4,3,(8,128):(128,1))", "(8,16):(1,8)", 1),
        1
    );
    // SM90's GMMA K-major atoms (SW32, SW64, SW128 rows) of 8-, 16- and 32-bit elements: the
    // unswizzled count, and the atom's swizzle is the one the search returns (the table in
    // `cute::guide::swizzles_and_banks`).
    for (bytes, m) in [(1i64, 4i64), (2, 3), (4, 2)] {
        for (b, ways) in [(1i64, 2i64), (2, 4), (3, 8)] {
            let w = 16 << b >> bytes.trailing_zeros();
            let (l, t) = (
                format!("(8,{w}):({w},1)"),
                format!("(8,{}):(1,8)", 16 / bytes),
            );
            assert_eq!(count(&l, &t, bytes), ways, "{l}");
            let sw = cute::expr::eval(&format!("swizzle_search({l}, {t}, {bytes})")).unwrap();
            assert_eq!(sw.to_string(), format!("Sw<{b},{m},3>o0o{l}"));
        }
    }
    // The 32x32 float transpose: the column read is 32-way, Sw<5,0,5> makes it one; so does a
    // row padded by one float.
    assert_eq!(count("(32,32):(33,1)", "32:1", 4), 1);
    let l: Layout = "(32,32):(32,1)".parse().unwrap();
    let plain = ComposedLayout::new(Swizzle::identity(), 0, l);
    let swizzled = ComposedLayout::new(Swizzle::new(5, 0, 5).unwrap(), 0, l);
    let column: Layout = "32:1".parse().unwrap();
    assert_eq!(bank_conflicts(&plain, &column, 4), Ok(32));
    assert_eq!(bank_conflicts(&swizzled, &column, 4), Ok(1));
}
