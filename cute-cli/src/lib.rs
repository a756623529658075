//! The library behind the `cute` command: grids of layouts as text, SVG, PNG and LaTeX, the
//! step-by-step trace of an operation, morphism diagrams, bank-conflict reports and the corpus checker. The command itself
//! (`src/main.rs`, its options in `src/cli.rs` for `clap`) only dispatches.
//!
//! # Quick start
//! ```text
//! $ cute eval "composition((4,6,8,10):(2,3,5,7), 6:12)"
//! (2,3):(9,5)
//! $ cute show "zipped_divide((8,16):(20,1), <4:1,8:2>)"     # the table of offsets
//! $ cute show --tv "(8,8)" "((4,8),2):((16,1),8)"          # who owns each element
//! $ cute svg "blocked_product((3,4):(4,1), (2,5):(1,2))" -o b.svg
//! $ cute latex "composition(swizzle(3,0,3), (8,8):(8,1))" -o sw.tex
//! $ cute explain "composition((4,6,8):(2,3,5), 6:3)"       # why it is not admissible
//! $ cute banks "composition(swizzle(3,3,3), (8,64):(64,1))" "(8,8):(1,8)" 2
//! ```
//! `cute --help` lists the commands, `cute COMMAND --help` each one's options.
//!
//! # Scripting
//! ```text
//! $ cute eval --json "(4,8):(1,4)"                      # one JSON object (schema: `json`)
//! {"cosize":32,"depth":1,"kind":"layout","rank":2,"shape":"(4,8)","size":32,"stride":"(1,4)","value":"(4,8):(1,4)"}
//! $ echo "coalesce((2,2):(1,2))" | cute eval -          # the expression from standard input
//! $ cute show @tile.txt                                  # ... or from a file
//! $ cute completions bash > /etc/bash_completion.d/cute  # bash, zsh, fish, elvish, powershell
//! ```
//! Every command that takes an expression reads it from standard input for `-` and from the
//! file `FILE` for `@FILE` (`cute banks` each of its three; `cute check -` reads the corpus from
//! standard input). The notation is CuTe's, including what its `print` writes: `(_4,_8):(_1,_4)`,
//! `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`.

pub mod banks;
pub mod check;
pub mod colour;
pub mod draw;
pub mod explain;
pub mod grid;
pub mod ink;
pub mod json;
pub mod latex;
pub mod morphism;
pub mod notes;
pub mod show;
pub mod tv_panels;
