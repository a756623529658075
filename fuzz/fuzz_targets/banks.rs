//! Shared-memory bank conflicts (`cute::banks`) from text `S|T|elem_bytes`, held to an
//! independent recount by `tests/it/hostile/banks.rs`.
#![no_main]

#[path = "../../tests/it/hostile/banks.rs"]
mod banks;
// The checker's evaluator, which `banks` reads as `super::check`.
#[path = "../../tests/it/hostile/check.rs"]
#[allow(dead_code, reason = "banks reads only its evaluator")]
mod check;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || banks::check(data)));
