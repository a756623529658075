//! Layouts with F2 strides (`cute_core::F2Layout`): shapes and strides from the input (wild
//! values included), `new` accepting exactly the valid ones, evaluation against the checker's
//! own carry-less products (`tests/it/hostile/f2.rs`), the inverses' laws, and composition with
//! an integer layout at every index.
#![no_main]

#[path = "../../tests/it/hostile/gen.rs"]
#[allow(dead_code, reason = "the expression generator is for expr_structured")]
mod gen;
#[path = "../../tests/it/hostile/f2.rs"]
mod f2;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || f2::check(data)));
