//! The pasted tour output of the guide's chapter on the algebra (`src/guide/algebra.md`,
//! `cute::guide::algebra`) stays true: every expression between the `<!-- readme-output -->`
//! markers is evaluated again and must print the same line.

#[test]
fn readme_output_is_current() {
    let guide = include_str!("../../src/guide/algebra.md");
    let start = guide.find("<!-- readme-output -->").expect("start marker");
    let end = guide.find("<!-- /readme-output -->").expect("end marker");
    let lines: Vec<&str> = guide[start..end].lines().collect();
    let mut checked = 0;
    for pair in lines.windows(2) {
        let (expr, shown) = (pair[0], pair[1]);
        if !expr.starts_with("  ") || expr.starts_with("    ") {
            continue;
        }
        let got = match cute::expr::eval(expr.trim()) {
            Ok(v) => format!("    = {v}"),
            Err(e) => format!("    error: {e}"),
        };
        assert_eq!(shown, got, "guide line for {}", expr.trim());
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} tour expressions found");
}
