//! Well-formed expressions over every operation with wild values (`tests/it/hostile/gen.rs`),
//! through `cute::expr::eval` and the property checks of `tests/it/hostile/check.rs`.
#![no_main]

#[path = "../../tests/it/hostile/check.rs"]
mod check;
#[path = "../../tests/it/hostile/gen.rs"]
mod gen;
mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = gen::expression(&mut gen::Bytes(data), 4);
    if std::env::var_os("CUTE_FUZZ_PRINT").is_some() {
        eprintln!("{text}");
    }
    slow::timed(&text, || {
        if let Err(e) = check::check(&text) {
            panic!("property violated: {e}");
        }
    });
});
