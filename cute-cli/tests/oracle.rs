//! The oracle corpus through `cute check`'s library: every case of `tests/data/corpus.jsonl`
//! (vendored, computed with CuTe C++ 4.2) gives CuTe's canonical result or its reason code,
//! except the deviations listed in `cute_cli::check::DEVIATIONS`; and the CUTLASS unit-test
//! inputs of `unit_tests.jsonl` (in `shared/oracle/` beside the repository, not vendored) when
//! that file is present.

use std::path::Path;

use cute_cli::check::{run, Report, DEVIATIONS};

fn assert_clean(name: &str, report: &Report) {
    assert!(
        report.failures.is_empty(),
        "{name}: {}:\n{}",
        report.summary(),
        report
            .failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn vendored_corpus_matches_cute() {
    let text = include_str!("../../tests/data/corpus.jsonl");
    let report = run(text);
    assert_clean("corpus.jsonl", &report);
    assert_eq!(
        report.passed,
        text.lines().filter(|l| !l.trim().is_empty()).count()
    );
    let mut listed: Vec<&str> = DEVIATIONS.iter().map(|d| d.0).collect();
    let mut met: Vec<&str> = report.deviations.iter().map(String::as_str).collect();
    listed.sort_unstable();
    met.sort_unstable();
    assert_eq!(met, listed, "every listed deviation occurs in the corpus");
}

/// The inputs of CuTe's own unit tests, with CuTe's results: a file kept outside the repository
/// (its terms forbid a copy), read from the path in `CUTE_UNIT_TESTS` when it is set.
#[test]
fn cutlass_unit_test_inputs_match_cute() {
    let Some(path) = std::env::var_os("CUTE_UNIT_TESTS") else {
        eprintln!("skipped: CUTE_UNIT_TESTS names no file of CuTe's unit-test inputs");
        return;
    };
    let text = std::fs::read_to_string(Path::new(&path))
        .unwrap_or_else(|e| panic!("CUTE_UNIT_TESTS={}: {e}", Path::new(&path).display()));
    let report = run(&text);
    assert_clean("unit_tests.jsonl", &report);
    assert!(report.passed > 0);
}

/// Every layout of the corpus (arguments and results) with power-of-two shapes and strides, as a
/// linear layout over F2 and back: `from_layout` applies as the layout evaluates at every index,
/// and `to_layout` of it is the same function; or `from_layout` refuses with
/// `not_linear` exactly when two of the layout's bit images share a bit (a sum that carries).
/// Each swizzled layout of the corpus likewise through `from_swizzled` and `to_swizzled`.
#[test]
fn corpus_layouts_round_trip_through_linear_layouts() {
    use cute::linear::LinearLayout;
    use cute::Layout;
    let pow2 = |v: i64| v > 0 && v & (v - 1) == 0;
    let mut layouts = std::collections::BTreeSet::new();
    let mut swizzled = Vec::new();
    for line in include_str!("../../tests/data/corpus.jsonl").lines() {
        let rec: serde_json::Value = serde_json::from_str(line).unwrap();
        let strings = rec["args"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(std::iter::once(&rec["result"]))
            .filter_map(serde_json::Value::as_str);
        for s in strings {
            if let Ok(l) = s.parse::<Layout>() {
                layouts.insert(l.to_string());
            }
        }
        if rec["op"] == "swizzle_layout" && rec["result"].is_array() {
            // The record's expression lists the offsets, `eval(swizzle_layout(...))`: the
            // swizzled layout itself is its argument.
            let e = cute_cli::check::expression(&rec).unwrap();
            let inner = e.strip_prefix("eval(").and_then(|x| x.strip_suffix(')'));
            swizzled.push(inner.unwrap_or(&e).to_owned());
        }
    }
    let (mut converted, mut refused) = (0, 0);
    for text in &layouts {
        let l: Layout = text.parse().unwrap();
        let shapes_ok = l.shape().leaves().iter().all(|&s| pow2(s));
        let strides_ok = l.stride().leaves().iter().all(|&d| d == 0 || pow2(d));
        if !shapes_ok || !strides_ok || l.size() > 1 << 16 {
            continue;
        }
        // The images of the index bits, and whether two share a bit.
        let mut seen = 0i64;
        let mut carries = false;
        for k in 0..l.size().trailing_zeros() {
            let b = l.eval(1 << k).unwrap();
            carries |= seen & b != 0;
            seen |= b;
        }
        match LinearLayout::from_layout(&l) {
            Ok(h) => {
                assert!(!carries, "from_layout({l}) = {h:?}, but its bits carry");
                let back = h.to_layout().unwrap();
                assert_eq!(back.size(), l.size(), "{l} -> {h:?} -> {back}");
                for i in 0..l.size() {
                    let want = l.eval(i).unwrap();
                    assert_eq!(h.apply(&[i]).unwrap()[0], want, "{l} -> {h:?} at {i}");
                    assert_eq!(back.eval(i).unwrap(), want, "{l} -> {h:?} -> {back} at {i}");
                }
                converted += 1;
            }
            Err(e) => {
                assert!(carries, "from_layout({l}): {e}");
                assert_eq!(e.code(), "not_linear", "from_layout({l}): {e}");
                refused += 1;
            }
        }
    }
    assert!(
        converted > 500,
        "{converted} layouts converted, {refused} refused"
    );
    let mut swizzled_converted = 0;
    for text in &swizzled {
        let Ok(cute::expr::Value::Composed(c)) = cute::expr::eval(text) else {
            continue;
        };
        let Ok(h) = LinearLayout::from_swizzled(&c) else {
            continue;
        };
        let back = h.to_swizzled().unwrap();
        for i in 0..c.size() {
            let want = c.eval(i).unwrap();
            assert_eq!(h.apply(&[i]).unwrap()[0], want, "{c} -> {h:?} at {i}");
            assert_eq!(back.eval(i).unwrap(), want, "{c} -> {back} at {i}");
        }
        swizzled_converted += 1;
    }
    assert!(
        swizzled_converted > 40,
        "{swizzled_converted} swizzled layouts converted"
    );
}
