//! The command line: the commands and their options, parsed by `clap`.
#![allow(
    clippy::doc_markdown,
    reason = "the doc comments are the commands' help text, read in a terminal"
)]

use clap::{Args, Parser, Subcommand};
use cute_cli::colour::Colouring;

/// What `cute --help` prints after the list of commands.
const NOTATION: &str = "\
EXPR is a value in CuTe notation or a call op(arg, ...), as in CuTe:
    12   (4,(2,2))   (4,(2,2)):(2,(1,8))   <4:1,8:2>   (8,8):(e0,e1)
    composition(A, B)  complement(L, N)  logical_divide(A, T)  zipped_divide(A, T)
    blocked_product(A, B)  right_inverse(L)  coalesce(L)  crd2idx(c, S, D)  ...
    swizzle(B, M, S) is the swizzle Sw<B,M,S>; composition(swizzle(3,3,3), (8,64):(64,1)) the
    swizzled layout Sw<3,3,3>o0o(8,64):(64,1), which the divides, products, coalesce, slice and
    the inverses take; eval(X) lists the offsets of any of them. `cute ops` lists the operations.
    What CuTe's print writes reads back: (_4,_8):(_1,_4) is (4,8):(1,4), _-1 is -1, and
    Sw<3,3,3> o _0 o (_8,_64):(_64,_1) (also with ∘ for o) is that swizzled layout.
    An EXPR of - is read from standard input, @FILE from the file FILE.

Pictures: rows are mode 0, columns mode 1; a layout of rank 3 or more is a series of slices
(_,_,k), printed one after another and drawn stacked.

Examples:
    cute eval \"composition((4,6,8,10):(2,3,5,7), 6:12)\"
    cute show \"zipped_divide((8,16):(20,1), <4:1,8:2>)\"
    cute show --tv \"(8,8)\" \"((4,8),2):((16,1),8)\"
    cute show --swizzle 3,3,3 \"(8,64):(64,1)\"
    cute svg \"blocked_product((3,4):(4,1), (2,5):(1,2))\" -o blocked.svg --png blocked.png
    cute latex --tv \"(8,8)\" \"((4,8),2):((16,1),8)\" -o tv.tex
    cute explain \"composition((4,6,8):(2,3,5), 6:3)\"
    cute isl \"composition(swizzle(1,2,1), (4,4):(4,1))\"
    cute morphism \"(4,6):(1,8)\"
    cute check tests/data/corpus.jsonl
    cute eval --json \"(4,8):(1,4)\"
    echo \"coalesce((2,2):(1,2))\" | cute eval -
    cute completions bash > ~/.local/share/bash-completion/completions/cute

Exit status: 0 on success, 1 when the expression is rejected or a check fails, 2 on bad usage.";

/// What `cute eval --help` prints about `--json`: the keys of each kind of value (as in the
/// docs of `cute_cli::json`).
const JSON_SCHEMA: &str = "\
With --json, one JSON object on one line, with the keys
    value   the notation, as `cute eval` prints it
    kind    int, bool, tuple, layout, tiler, list, coords, swizzle, swizzled_layout,
            coord_layout, f2_layout, morphism, mma_atom, copy_atom, tiled_mma, tiled_copy or
            partition
and, by kind (notation as strings, numbers as integers):
    int              int
    bool             bool
    tuple            rank, depth
    layout           shape, stride, rank, depth, size, cosize
    tiler            rank, tiles (each mode's notation, _ for a mode kept whole)
    list             list
    coords           coords (each coordinate's notation)
    swizzle          bits, base, shift (B, M, S of Sw<B,M,S>)
    swizzled_layout  swizzle, offset, layout, and the inner layout's shape, stride, rank, depth,
                     size, cosize
    coord_layout     shape, size
    f2_layout        shape, size
    morphism         domain, codomain
    partition        its layout's shape, stride, rank, depth, size, cosize, and offset
Errors go to standard error as without --json (exit status 1).

Example:
    $ cute eval --json \"(4,8):(1,4)\"
    {\"cosize\":32,\"depth\":1,\"kind\":\"layout\",\"rank\":2,\"shape\":\"(4,8)\",\"size\":32,\"stride\":\"(1,4)\",\"value\":\"(4,8):(1,4)\"}";

/// What `cute completions --help` prints after the options: where each shell looks.
const COMPLETIONS: &str = "\
Install, e.g.:
    bash: cute completions bash > ~/.local/share/bash-completion/completions/cute
    zsh:  cute completions zsh > ~/.zfunc/_cute     (with ~/.zfunc in fpath)
    fish: cute completions fish > ~/.config/fish/completions/cute.fish";

/// Evaluate, explain and draw CuTe layouts.
#[derive(Debug, Parser)]
#[command(
    name = "cute",
    version,
    after_help = NOTATION,
    subcommand_required = true,
    arg_required_else_help = true
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// One command.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Print the canonical result of an expression
    #[command(after_long_help = JSON_SCHEMA)]
    Eval {
        /// A value in CuTe notation or a call, e.g. "composition((4,6):(1,4), 6:2)"; - reads it
        /// from standard input, @FILE from the file FILE
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// Print one JSON object instead: the value's notation and, by kind, its shape, stride,
        /// size, cosize, ... (`cute eval --help` lists the keys)
        #[arg(long)]
        json: bool,
    },
    /// Print the layout as a table of offsets
    #[command(
        after_help = "In a divide or a composition, a cell marked * reads past the data (a tile \
                      that does not divide the layout, a layout that reads past the other); a \
                      note on standard error says where."
    )]
    Show {
        /// The layout (or swizzled, coordinate, F2 or linear layout)
        #[arg(allow_negative_numbers = true)]
        expr: String,
        #[command(flatten)]
        picture: Picture,
        /// Colour the cells with ANSI escapes (24-bit colour), as `cute svg --color` fills them;
        /// plain text without it
        #[arg(long, value_name = "SCHEME")]
        color: Option<Colouring>,
    },
    /// Draw the layout as SVG and/or PNG, coloured by offset (by thread with --tv)
    #[command(after_help = "`-o -` writes the SVG to standard output.")]
    Svg {
        /// The layout (or swizzled, coordinate, F2 or linear layout)
        #[arg(allow_negative_numbers = true)]
        expr: String,
        /// The SVG file (`-` for standard output)
        #[arg(
            short = 'o',
            long = "output",
            value_name = "FILE.svg",
            required_unless_present = "png"
        )]
        out: Option<String>,
        /// The PNG file
        #[arg(long, value_name = "FILE.png")]
        png: Option<String>,
        #[command(flatten)]
        picture: Picture,
        /// How cells are coloured: offset8 (CuTe's greys by offset mod 8, the default), thread
        /// (the default with --tv), value, warp, row, col or bank[:BYTES] (the shared-memory bank
        /// of the offset for BYTES-byte elements, 4 without; a legend below maps colours to banks,
        /// and each cell's tooltip names its bank)
        #[arg(long, value_name = "SCHEME")]
        color: Option<Colouring>,
    },
    /// Write the picture as a standalone TikZ document, as CuTe's print_latex and print_latex_tv
    #[command(
        after_help = "Cells are grey by offset mod 8, as print_latex's; with --tv, pastel by thread \
                      mod 8, as print_latex_tv's. The document compiles with LaTeX's base packages \
                      and TikZ."
    )]
    Latex {
        /// The layout (or swizzled, coordinate, F2 or linear layout)
        #[arg(allow_negative_numbers = true)]
        expr: String,
        /// The .tex file (standard output without it, or with `-`)
        #[arg(short = 'o', long = "output", value_name = "FILE.tex")]
        out: Option<String>,
        #[command(flatten)]
        picture: Picture,
        /// How cells are coloured, as `cute svg --color`
        #[arg(long, value_name = "SCHEME")]
        color: Option<Colouring>,
    },
    /// Trace a composition, complement, inverse, divide or product step by step
    Explain {
        /// The call to trace, e.g. "composition((4,6,8):(2,3,5), 6:3)"
        #[arg(allow_negative_numbers = true)]
        expr: String,
    },
    /// Print the layout as a linear layout over F2, as Triton's: its bases, or why it is not one
    Linear {
        /// A layout, a swizzled layout or LinearLayout(crd=..., idx=..., vals=[...])
        #[arg(allow_negative_numbers = true)]
        expr: String,
    },
    /// Print the layout as one ISL map, as in "Modeling Layout Abstractions Using Integer Set
    /// Relations"
    #[command(
        long_about = "Print the layout as one ISL map, as in \"Modeling Layout Abstractions Using \
                      Integer Set Relations\": from its flattened natural coordinates [c0, ..., ck] \
                      to its offset [o] (with --index, from its 1-D index [i]), in ISL's text \
                      syntax (isl_map_read_from_str, islpy.Map), a swizzle's XOR as sums mod 2. \
                      EXPR may be a layout, a swizzled layout (or its inverses), a coordinate \
                      layout ((4,8):(e1,e0)), a layout with F2 strides ((8,8):(f1,f9)) or a \
                      linear layout, whose input dimensions map to its outputs."
    )]
    Isl {
        /// The layout
        #[arg(allow_negative_numbers = true)]
        expr: String,
        /// Map from the 1-D index instead of the natural coordinates
        #[arg(long)]
        index: bool,
    },
    /// The standard form of a tractable layout (or a morphism S-[a1,...]->T) and its diagram
    #[command(
        long_about = "The standard form of a tractable layout (or a morphism S-[a1,...]->T itself) \
                      and its diagram, from \"Fundamentals of CuTe Layout Algebra and \
                      Category-theoretic Interpretation\"."
    )]
    Morphism {
        /// A tractable layout or a morphism
        #[arg(allow_negative_numbers = true)]
        expr: String,
        /// A standalone TikZ picture instead of the text diagram
        #[arg(long)]
        tikz: bool,
    },
    /// Say whether a layout is tractable: its standard form, or the condition that fails
    /// (exit status 1)
    Tractable {
        /// The layout
        #[arg(allow_negative_numbers = true)]
        expr: String,
    },
    /// The shared-memory wavefronts of an access, phase by phase, against the conflict-free
    /// minimum
    #[command(
        long_about = "The shared-memory wavefronts of the access T (threads, values) -> index of S, \
                      phase by phase: each lane's bytes, banks and words, and the total against the \
                      conflict-free minimum (32 banks of 4 bytes; a warp in phases of 32, 16 or 8 \
                      lanes for accesses of up to 4, 8 or 16 bytes)."
    )]
    Banks {
        /// The shared-memory layout: a layout or composition(swizzle(B, M, S), L)
        #[arg(allow_negative_numbers = true)]
        s: String,
        /// The access: (threads, values) -> index of S
        #[arg(allow_negative_numbers = true)]
        t: String,
        /// The bytes of one element: 1, 2, 4, 8 or 16
        #[arg(allow_negative_numbers = true)]
        elem_bytes: String,
    },
    /// Run an oracle corpus; ends with `N passed, M failed`
    Check {
        /// The corpus, one JSON record a line (- for standard input)
        #[arg(value_name = "FILE.jsonl")]
        file: String,
    },
    /// List the operations EXPR may call, with their arguments
    Ops,
    /// Print the completion script of a shell for `cute`
    #[command(after_help = COMPLETIONS)]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// How a layout is pictured: as it is, as a thread-value layout, or swizzled.
#[derive(Debug, Args)]
pub(crate) struct Picture {
    /// Read EXPR as a thread-value layout (thread, value) -> index into data of SHAPE
    /// (column-major): each data element shows the T<thread> V<value> that owns it
    #[arg(long, value_name = "SHAPE", conflicts_with = "swizzle")]
    pub(crate) tv: Option<String>,
    /// Show Sw<B,M,S> o EXPR, CuTe's composition(Swizzle<B,M,S>{}, L): each cell the swizzled
    /// offset
    #[arg(long, value_name = "B,M,S")]
    pub(crate) swizzle: Option<String>,
    /// With --tv, show only the elements thread T owns
    #[arg(long, value_name = "T", requires = "tv")]
    pub(crate) thread: Option<i64>,
    /// Read EXPR as a tiled MMA (make_tiled_mma(...), or an MMA atom) and draw CuTe's
    /// print_latex(TiledMMA): C (M×N) in the middle, A (M×K) to its left, B (K×N) above, each
    /// cell the thread and value that hold it
    #[arg(long, conflicts_with_all = ["tv", "swizzle", "copy"])]
    pub(crate) mma: bool,
    /// Read EXPR as a tiled copy (make_tiled_copy(...), make_tiled_copy_A/B/C(...)) and draw
    /// CuTe's print_latex(TiledCopy): the source and the destination side by side
    #[arg(long, conflicts_with_all = ["tv", "swizzle"])]
    pub(crate) copy: bool,
}
