//! The static and mixed type operators against the oracle corpus: a binary of its own, so that
//! its generated cases (the heaviest code to type-check) compile beside the `it` binary instead
//! of after it.

mod mixed_corpus;
mod static_corpus;
