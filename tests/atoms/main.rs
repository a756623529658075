//! Atoms and tiled operations against CuTe C++ itself: every expression of
//! `tests/data/atoms.jsonl` (written by `tests/atoms/generate.sh` with CUTLASS 4.2) evaluates to
//! what CuTe printed, and the tiled operations' post-conditions hold.

mod errors;
mod fuzz_check;
mod properties;

use serde_json::Value as Json;

/// Every case of the file, `(expression, CuTe's result)`.
fn cases() -> Vec<(String, String)> {
    let text = include_str!("../data/atoms.jsonl");
    text.lines()
        .map(|line| {
            let v: Json = serde_json::from_str(line).expect("a JSON record");
            (
                v["expr"].as_str().expect("expr").to_string(),
                v["result"].as_str().expect("result").to_string(),
            )
        })
        .collect()
}

/// The cases where CuTe C++ is functionally wrong, with this library's result: an atom layout
/// that splits K over threads (`(1,2,2)`) gives CuTe a C thread-value layout whose threads along
/// K hold elements past the tile; here they hold the elements of their partitions.
const DEVIATIONS: &[(&str, &str)] = &[(
    "get_layoutC_TV(make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (1,2,2):(1,1,2)))",
    "((4,8,2,2),((2,2),(1,1))):((32,1,128,0),((16,8),(0,0)))",
)];

#[test]
fn every_atom_expression_equals_cute() {
    let cases = cases();
    assert!(cases.len() > 500, "{} cases", cases.len());
    let mut failures = Vec::new();
    for (expr, cute_cpp) in &cases {
        let deviation = DEVIATIONS.iter().find(|d| d.0 == expr);
        if let Some((_, ours)) = deviation {
            assert_ne!(ours, cute_cpp, "{expr} is no longer a deviation");
        }
        let want = deviation.map_or(cute_cpp.as_str(), |d| d.1);
        match cute::expr::eval(expr) {
            Ok(v) if v.to_string() == want => {}
            Ok(v) => failures.push(format!("{expr}\n    cute: {v}\n    CuTe: {want}")),
            Err(e) => failures.push(format!("{expr}\n    error: {e}\n    CuTe: {want}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
