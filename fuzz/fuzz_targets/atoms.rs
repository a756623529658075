//! Random tiled MMAs and tiled copies (atoms of the catalogue over random atom layouts,
//! permutations, thread and value layouts, the copies of a tiled MMA's operands) partitioning
//! random tensors: every thread's partition lies in the tensor, the threads cover each element
//! the same number of times, and the thread-value layouts give the partitions' elements
//! (`tests/atoms/fuzz_check.rs`, which `cargo test` replays).
#![no_main]

#[path = "../../tests/atoms/fuzz_check.rs"]
mod fuzz_check;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || fuzz_check::check(data)));
