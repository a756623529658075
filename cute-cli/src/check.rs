//! `cute check`: runs a corpus file in the format of the vendored oracle corpus,
//! `tests/data/corpus.jsonl`: one JSON record a line, with `op`, `args`, and either `result` or
//! an `error` reason code.

use std::fmt::Write as _;

use serde_json::Value as Json;

/// Records whose expected outcome this crate does not reproduce, on purpose: (id, what it gives
/// instead, why). What it gives is an error code, or `= RESULT` where the record expects an
/// error; a record listed here passes when it gives exactly that.
pub const DEVIATIONS: &[(&str, &str, &str)] = &[
    (
        "swizzle_layout-0087",
        "not_admissible",
        "the 5-argument form composes A = (2,(4,1),6):(24,(6,6),1) with C = (2,3):(6,2); CuTe's \
         A ∘ C = (2,3):(18,6) gives 24 at index 3 where A(C(3)) = A(8) = 1, so the swizzled offsets \
         CuTe lists are not Sw(A(C(i))); composition is exact here and rejects it",
    ),
    // left_inverse of a layout whose modes overlap (not injective): CuTe's quasi-inverse R must
    // satisfy L(R(L(i))) == L(i) (its own documented result); where it does not, it is rejected.
    (
        "left_inverse-0030",
        "not_admissible",
        "the modes 3:16 and 3:32 overlap (4:2 and 3:16 span 38 > 32); CuTe's R = (2,8,2,3):(0,3,12,1) gives L(R(L(26))) = \
         L(R(96)) = L(3) = 2, not L(26) = 96",
    ),
    (
        "left_inverse-0046",
        "not_admissible",
        "the modes 4:6 and 2:12 overlap (4:6 spans 18 > 12); CuTe's R = (6,2,2):(0,1,16) gives L(R(L(4))) = \
         L(R(24)) = L(32) = 0, not L(4) = 24",
    ),
    // Products: the grid is A* ∘ B (Cecka, *CuTe Layout Representation and Algebra*, §3.5.1), which
    // puts copies of A at disjoint offsets. Where that composition is not admissible CuTe returns a
    // grid that is not A* ∘ B and whose copies of A overlap; the product is exact here and rejects
    // it, naming the condition.
    (
        "flat_product-0078",
        "not_admissible",
        "mode 0: (3,2):(1,6) ∘ (2,2):(1,2) is not admissible; CuTe's (2,3,(2,2),(4)):(3,1,(1,2),(3)) \
         puts elements 2 and 6 both at offset 1",
    ),
    (
        "logical_product-0125",
        "not_admissible",
        "(3,3):(1,12) ∘ (2,4):(1,2) overruns mode 0; CuTe's ((2,2),(2,(2,2))):((3,6),(1,(2,12))) \
         puts elements 1 and 12 both at offset 3",
    ),
    (
        "logical_product-0126",
        "not_admissible",
        "(5,32):(3,30) ∘ (8,4):(4,1) overruns mode 0; CuTe's grid ((2,4),4):((12,30),3) gives 30 at \
         index 2 where A*(B(2)) = A*(8) = 39",
    ),
    (
        "logical_product-0208",
        "not_admissible",
        "mode 1: (3,2):(1,12) ∘ (2,2):(1,2) does not distribute; CuTe's \
         ((3,2),(4,(2,2))):((1,3),(3,(1,2))) puts elements 3 and 6 both at offset 3",
    ),
    (
        "logical_product-0209",
        "not_admissible",
        "mode 0: (6,2):(1,48) ∘ (4,2):(1,4) does not distribute; CuTe's \
         ((8,(4,2)),(6,(2,2))):((6,(1,4)),(1,(12,6))) puts elements 1 and 48 both at offset 6",
    ),
    (
        "zipped_product-0078",
        "not_admissible",
        "mode 1: (7,2):(1,28) ∘ (4,2):(1,4) does not distribute; CuTe's \
         ((3,4,2),((5),(4,2),(2))):((1,7,32),((3),(1,4),(1))) puts elements 3 and 49 both at offset 7",
    ),
];

/// Deviations in the CUTLASS unit-test inputs `unit_tests.jsonl` (not vendored: read at test
/// time from `shared/oracle/` beside the repository when present), in the form of
/// [`DEVIATIONS`].
pub const UNIT_TEST_DEVIATIONS: &[(&str, &str, &str)] = &[
    (
        "left_inverse-0172",
        "negative_stride",
        "CuTe's left inverse of 4:-1 is (-1,4):(0,1), a layout of size -4 \
         that inverts only under C++'s truncating division by the shape -1; shapes here are \
         never negative, and left_inverse rejects a negative stride",
    ),
    // The record expects CuTe's result to be rejected, judged with floor division of negative
    // indices; under C++'s truncating division, which CuTe's idx2crd uses and this crate
    // follows, CuTe's result is exact at every index and is returned.
    (
        "composition-0789",
        "= 2:1",
        "A = (1,(2,4)):(0,(-1,512)) at B(1) = -1 is the coordinate (0,(-1,0)) under truncating \
         division, offset 1, which is R(1) for CuTe's R = 2:1",
    ),
    (
        "composition-0790",
        "= (2,2):(1,-512)",
        "A = (1,(2,4)):(0,(-1,512)) at B(i) = -i is (0,(-(i mod 2),-(i/2))) under truncating \
         division: offsets 0, 1, -512, -511, CuTe's R = (2,2):(1,-512) at i = 0..3",
    ),
];

/// The outcome of a corpus run.
#[derive(Debug, Default)]
pub struct Report {
    /// Records that gave the expected result or error.
    pub passed: usize,
    /// One description per failed record.
    pub failures: Vec<String>,
    /// Ids of the listed deviations that were met.
    pub deviations: Vec<String>,
}

impl Report {
    /// `N passed, M failed`.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("{} passed, {} failed", self.passed, self.failures.len())
    }
}

/// The record's `op(arg, ...)` in the expression syntax of `cute::expr` (string arguments are
/// CuTe notation already); `None` without an op or args.
#[must_use]
pub fn expression(record: &Json) -> Option<String> {
    let args: Vec<String> = record["args"]
        .as_array()?
        .iter()
        .map(|a| match a {
            Json::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect();
    let op = record["op"].as_str()?;
    let call = format!("{op}({})", args.join(","));
    // The corpus gives a swizzle and a swizzled layout by their offsets; an expression gives the
    // value itself (`Sw<B,M,S>`, `Sw<B,M,S>o0oL`), whose offsets are `eval` of it.
    Some(if matches!(op, "swizzle" | "swizzle_layout") {
        format!("eval({call})")
    } else {
        call
    })
}

fn expected_text(result: &Json) -> String {
    match result {
        Json::String(s) => s.clone(),
        Json::Array(v) => format!(
            "[{}]",
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => other.to_string(),
    }
}

/// Runs every record of a JSON-lines corpus through `cute::expr::eval`: results are compared as
/// strings (CuTe's exact normal form), errors by reason code.
#[must_use]
pub fn run(text: &str) -> Report {
    let mut report = Report::default();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let Ok(record) = serde_json::from_str::<Json>(line) else {
            report
                .failures
                .push(format!("line {}: not a JSON record", n + 1));
            continue;
        };
        let id = record["id"].as_str().unwrap_or("?").to_string();
        let Some(expr) = expression(&record) else {
            report.failures.push(format!("{id}: no op or args"));
            continue;
        };
        let got = cute::expr::eval(&expr);
        let deviation = DEVIATIONS
            .iter()
            .chain(UNIT_TEST_DEVIATIONS)
            .find(|(d, _, _)| *d == id);
        let ok = match (&got, record.get("result"), record.get("error"), deviation) {
            (Ok(v), _, _, Some((_, want, _))) if want.starts_with("= ") => {
                v.to_string() == want[2..]
            }
            (Err(e), _, _, Some((_, code, _))) => e.code() == *code,
            (Ok(v), Some(r), _, None) => v.to_string() == expected_text(r),
            (Err(e), None, Some(code), None) => Some(e.code()) == code.as_str(),
            _ => false,
        };
        if ok && deviation.is_some() {
            report.deviations.push(id.clone());
        }
        if ok {
            report.passed += 1;
            continue;
        }
        let want = record
            .get("result")
            .map(expected_text)
            .or_else(|| record.get("error").map(|e| format!("error {e}")))
            .unwrap_or_default();
        let mut msg = format!("{id}: {expr}\n    want {want}\n    got  ");
        let _ = match &got {
            Ok(v) => write!(msg, "{v}"),
            Err(e) => write!(msg, "error {}: {e}", e.code()),
        };
        report.failures.push(msg);
    }
    report
}
