//! Linear layouts over F2 (`cute_core::linear`): layouts written from the input (valid and not:
//! names, sizes, bases out of range, capacities), every operation held to its definition by the
//! checker's own XOR evaluator (`tests/it/hostile/linear.rs`), and conversions from CuTe and
//! swizzled layouts equal to their evaluation at every index.
#![no_main]

#[path = "../../tests/it/hostile/gen.rs"]
#[allow(dead_code, reason = "the expression generator is for expr_structured")]
mod gen;
#[path = "../../tests/it/hostile/linear.rs"]
mod linear;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || linear::check(data)));
