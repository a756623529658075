//! The library behind the `cute` command: grids of layouts as text, SVG, PNG and LaTeX, the
//! step-by-step trace of an operation, morphism diagrams, bank-conflict reports and the corpus checker. The command itself
//! (`src/main.rs`, its options in `src/cli.rs` for `clap`) only dispatches.

pub mod banks;
pub mod check;
pub mod draw;
pub mod explain;
pub mod grid;
pub mod latex;
pub mod morphism;
pub mod notes;
pub mod show;
