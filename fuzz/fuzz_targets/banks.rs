//! Shared-memory bank conflicts (`cute::banks`) from text `S|T|elem_bytes`, held to an
//! independent recount by `tests/it/hostile/banks.rs`.
#![no_main]

#[path = "../../tests/it/hostile/banks.rs"]
mod banks;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || banks::check(data)));
