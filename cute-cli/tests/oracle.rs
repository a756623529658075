//! The oracle corpus through `cute check`'s library: every case of `tests/data/corpus.jsonl`
//! (vendored from `../shared/oracle/`, computed with CuTe C++ 4.2) gives CuTe's canonical result
//! or its reason code, except the deviations listed in `cute_cli::check::DEVIATIONS`; and the
//! CUTLASS unit-test inputs of `../shared/oracle/unit_tests.jsonl` when that file is present.

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

#[test]
fn cutlass_unit_test_inputs_match_cute() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/oracle/unit_tests.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: {} is absent (it is read from ../shared, never vendored)",
            path.display()
        );
        return;
    };
    let report = run(&text);
    assert_clean("unit_tests.jsonl", &report);
    assert!(report.passed > 0);
}
