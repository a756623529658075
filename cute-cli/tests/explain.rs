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

/// Checks an inverse's trace: the inverse modes it lists, in order and coalesced, are the result.
fn check_inverse(expr: &str, trace: &str, result: &str) {
    let modes: Vec<&str> = trace
        .lines()
        .filter_map(|l| l.split("inverse mode ").nth(1))
        .map(|m| m.split([',', ';']).next().unwrap())
        .collect();
    let (shapes, strides): (Vec<&str>, Vec<&str>) =
        modes.iter().map(|m| m.split_once(':').unwrap()).unzip();
    let listed: Layout = if modes.is_empty() {
        "1:0".parse().unwrap()
    } else {
        format!("(1,{}):(0,{})", shapes.join(","), strides.join(","))
            .parse()
            .unwrap()
    };
    let coalesced = cute::coalesce(&listed).unwrap();
    assert_eq!(coalesced.to_string(), result, "{expr}:\n{trace}");
}

/// Checks each `complement(L, M) = R` of a trace: the gaps and the rest listed under it, as
/// modes `n:stride` in order and coalesced, are `R`. Returns how many were checked.
fn check_complements(expr: &str, trace: &str) -> usize {
    let lines: Vec<&str> = trace.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("complement(") else {
            continue;
        };
        // The echoed expression has no result.
        let Some(result) = rest.split(" = ").nth(1) else {
            continue;
        };
        let result = result.split("  (").next().unwrap();
        let modes: Vec<(&str, &str)> = lines[i + 1..]
            .iter()
            .take_while(|l| indent(l) > indent(line))
            .filter_map(|l| {
                let (before, after) = l.split_once(" element")?;
                let n = before.rsplit(' ').next()?;
                let stride = after.split("at stride ").nth(1)?.split(' ').next()?;
                Some((n, stride))
            })
            .collect();
        if modes.is_empty() {
            continue; // 1:0, whose complement is the whole cotarget at once
        }
        let (shapes, strides): (Vec<&str>, Vec<&str>) = modes.into_iter().unzip();
        let listed: Layout = format!("({}):({})", shapes.join(","), strides.join(","))
            .parse()
            .unwrap();
        let coalesced = cute::coalesce(&listed).unwrap().to_string();
        // A rest of 1 element has stride 0 in the result; coalescing drops it either way.
        assert_eq!(coalesced, result, "{expr}: {line}\n{trace}");
        checked += 1;
    }
    checked
}

#[test]
fn every_traced_corpus_record_explains_to_its_result() {
    let text = include_str!("../../tests/data/corpus.jsonl");
    let (mut records, mut compositions, mut inverses, mut complements) = (0, 0, 0, 0);
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
                if expr.contains("_inverse(") {
                    check_inverse(&expr, &trace, &v.to_string());
                    inverses += 1;
                }
            }
            Err(e) => assert_eq!(last, format!("✗ {e}"), "{expr}"),
        }
        assert!(!trace.contains("no step-by-step trace"), "{expr}:\n{trace}");
        compositions += check_trace(&expr, &trace);
        complements += check_complements(&expr, &trace);
        records += 1;
    }
    eprintln!(
        "{records} records: {compositions} compositions, {complements} complements, {inverses} \
         inverses traced"
    );
    assert!(inverses > 100, "{inverses} inverses");
    assert!(complements > 1000, "{complements} complements");
    assert!(records > 1000, "{records} traced records");
    assert!(compositions > records, "{compositions} compositions traced");
}
