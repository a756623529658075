//! The morphisms of Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe Layout Algebra and
//! Category-theoretic Interpretation* (`cute::morphism`), from text, held to their laws by
//! `tests/it/hostile/morphism.rs`.
#![no_main]

#[path = "../../tests/it/hostile/morphism.rs"]
mod morphism;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || morphism::check(data)));
