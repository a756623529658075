//! Compile-fail tests: each malformed static layout is one file under `tests/ui/<category>/`,
//! with the compiler's message in the `.stderr` beside it (reviewed like code). One passing case
//! makes trybuild build for real. Bless with `TRYBUILD=overwrite cargo test --test compiletest`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/parse/*.rs");
    t.compile_fail("tests/ui/congruence/*.rs");
    t.compile_fail("tests/ui/shape/*.rs");
    t.compile_fail("tests/ui/divisibility/*.rs");
    t.compile_fail("tests/ui/rank/*.rs");
    t.compile_fail("tests/ui/mixed/*.rs");
}
