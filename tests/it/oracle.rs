//! The oracle corpus (`tests/data/corpus.jsonl`, vendored from `../shared/oracle/`): every case
//! computed with CuTe C++ 4.2 must give the same canonical result through `cute::expr::eval`, and
//! every rejected case the same reason code.
//!
//! Deliberate deviations from CuTe C++ are the cases recorded with `"error": "not_admissible"`:
//! there CuTe returns a layout that is not `A ∘ B` (its `cpp_result` in the record) and we reject
//! the input, naming the violated condition. [`DEVIATIONS`] lists the further ones, each with the
//! outcome we give instead and why.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value as Json;

/// Records whose CuTe result we do not reproduce: (id, our reason code, why).
const DEVIATIONS: &[(&str, &str, &str)] = &[(
    "swizzle_layout-0087",
    "not_admissible",
    "the 5-argument form composes A = (2,(4,1),6):(24,(6,6),1) with C = (2,3):(6,2); CuTe's \
     A ∘ C = (2,3):(18,6) gives 24 at index 3 where A(C(3)) = A(8) = 1, so the swizzled offsets \
     CuTe lists are not Sw(A(C(i))); composition is exact here and rejects it",
)];

/// `op(arg, ...)` in the expression syntax; string arguments are CuTe notation already.
fn expression(record: &Json) -> String {
    let args: Vec<String> = record["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|a| match a {
            Json::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect();
    format!("{}({})", record["op"].as_str().expect("op"), args.join(","))
}

fn expected_text(result: &Json) -> String {
    match result {
        Json::String(s) => s.clone(),
        Json::Array(v) => {
            let items: Vec<String> = v.iter().map(ToString::to_string).collect();
            format!("[{}]", items.join(","))
        }
        other => other.to_string(),
    }
}

/// Runs every record of a corpus file; returns (passed, failure descriptions).
pub(crate) fn run_corpus(text: &str) -> (usize, Vec<String>) {
    let mut passed = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).expect("corpus line is JSON");
        let id = record["id"].as_str().unwrap_or("?").to_string();
        let expr = expression(&record);
        let got = cute::expr::eval(&expr);
        let deviation = DEVIATIONS.iter().find(|(d, _, _)| *d == id);
        let ok = match (&got, record.get("result"), record.get("error"), deviation) {
            (Err(e), _, _, Some((_, code, _))) => e.code() == *code,
            (Ok(v), Some(r), _, None) => v.to_string() == expected_text(r),
            (Err(e), None, Some(code), None) => Some(e.code()) == code.as_str(),
            _ => false,
        };
        if ok {
            passed += 1;
        } else {
            let want = record
                .get("result")
                .map(expected_text)
                .or_else(|| record.get("error").map(|e| format!("error {e}")))
                .unwrap_or_default();
            let mut msg = String::new();
            let _ = match &got {
                Ok(v) => write!(msg, "{id}: {expr}\n    want {want}\n    got  {v}"),
                Err(e) => write!(
                    msg,
                    "{id}: {expr}\n    want {want}\n    got  error {}: {e}",
                    e.code()
                ),
            };
            failures.push(msg);
        }
    }
    (passed, failures)
}

fn report(name: &str, passed: usize, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{name}: {passed} passed, {} failed:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(passed > 0, "{name}: no case ran");
}

#[test]
fn vendored_corpus_matches_cute() {
    let text = include_str!("../data/corpus.jsonl");
    let (passed, failures) = run_corpus(text);
    report("corpus.jsonl", passed, &failures);
    assert_eq!(
        passed,
        text.lines().filter(|l| !l.trim().is_empty()).count()
    );
}

#[test]
fn cutlass_unit_test_inputs_match_cute() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/unit_tests.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: {} is absent (it is read from ../shared, never vendored)",
            path.display()
        );
        return;
    };
    let (passed, failures) = run_corpus(&text);
    report("unit_tests.jsonl", passed, &failures);
}
