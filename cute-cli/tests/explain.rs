//! `cute explain` over every inverse, complement, composition, divide and product of the vendored
//! corpus: each is
//! traced, its trace is well nested, every composition it shows gives the layout CuTe's walk
//! builds, and it ends with exactly what `eval` gives.

use cute::algebra::composition::composition_unchecked;
use cute::Layout;
use cute_cli::check::expression;
use cute_cli::explain::explain;

const TRACED: &[&str] = &[
    "right_inverse",
    "left_inverse",
    "complement",
    "composition",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
];

/// The text after `prefix` on a line indented by `indent`, if the line is one.
fn at<'l>(line: &'l str, indent: usize, prefix: &str) -> Option<&'l str> {
    let body = line.strip_prefix(&" ".repeat(indent))?;
    body.strip_prefix(prefix)
}

/// Checks the nesting of one trace: each `composition A ∘ B` line is closed, one level deeper,
/// by `→ R` (then `R` is CuTe's composition of `A` and `B`) or by `✗ condition`.
fn check_trace(expr: &str, trace: &str) -> usize {
    let lines: Vec<&str> = trace.lines().collect();
    let mut closed = 0;
    for (i, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let Some(rest) = at(line, indent, "composition ") else {
            continue;
        };
        let operands = rest.split(", ").next().unwrap();
        let (a, b) = operands.split_once(" ∘ ").expect(line);
        let (a, b): (Layout, Layout) = (a.parse().unwrap(), b.parse().unwrap());
        let end = lines[i + 1..]
            .iter()
            .find(|l| at(l, indent, "→ ").is_some() || at(l, indent + 2, "✗ ").is_some())
            .unwrap_or_else(|| panic!("{expr}: `{line}` is not closed:\n{trace}"));
        if let Some(r) = at(end, indent, "→ ") {
            let cute = composition_unchecked(&a, &b).unwrap();
            assert_eq!(r, cute.to_string(), "{expr}: {a} ∘ {b}\n{trace}");
        }
        closed += 1;
    }
    closed
}

#[test]
fn every_traced_corpus_record_explains_to_its_result() {
    let text = include_str!("../../tests/data/corpus.jsonl");
    let (mut records, mut compositions) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        if !TRACED.contains(&record["op"].as_str().unwrap()) {
            continue;
        }
        let expr = expression(&record).unwrap();
        let (trace, err) = explain(&expr).unwrap();
        let last = trace.lines().last().unwrap();
        match cute::expr::eval(&expr) {
            Ok(v) => {
                assert!(err.is_none(), "{expr}");
                assert_eq!(last, format!("= {v}"), "{expr}");
            }
            Err(e) => assert_eq!(last, format!("✗ {e}"), "{expr}"),
        }
        assert!(!trace.contains("no step-by-step trace"), "{expr}:\n{trace}");
        compositions += check_trace(&expr, &trace);
        records += 1;
    }
    eprintln!("{records} records, {compositions} compositions traced");
    assert!(records > 1000, "{records} traced records");
    assert!(compositions > records, "{compositions} compositions traced");
}
