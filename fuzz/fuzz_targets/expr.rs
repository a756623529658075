//! `cute::expr::eval` on arbitrary bytes: no panic, no abort, and every result has its
//! operation's defining property (checked in `i128`, `tests/it/hostile/check.rs`).
#![no_main]

#[path = "../../tests/it/hostile/check.rs"]
mod check;
mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        slow::timed(text, || {
            if let Err(e) = check::check(text) {
                panic!("property violated: {e}");
            }
        });
    }
});
