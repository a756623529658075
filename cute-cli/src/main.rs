//! `cute`: evaluate, explain and draw CuTe layouts.

use std::fmt::Write as _;
use std::process::ExitCode;

use cute::expr::{eval, ExprError, Value};
use cute::isl::Domain;
use cute::{IntTuple, Swizzle};
use cute_cli::grid::{grids, linear_grids, swizzled_grids, tv_grid, Grid};
use cute_cli::latex::Fill;
use cute_cli::{check, draw, explain, latex, show};

/// Writes to standard output. A reader that closed the pipe (`cute show … | head -1`) ends the
/// command quietly, as a Unix filter does, where `print!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
        }
    }};
}

/// [`out!`] with a newline.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
        }
    }};
}

const HELP: &str = "\
cute: evaluate, explain and draw CuTe layouts

USAGE:
    cute eval    EXPR                 print the canonical result
    cute show    EXPR [--tv SHAPE | --swizzle B,M,S]
                                      print the layout as a table of offsets
    cute svg     EXPR [-o FILE.svg] [--png FILE.png] [--tv SHAPE | --swizzle B,M,S]
                                      draw it, coloured by offset (by thread with --tv)
    cute latex   EXPR [-o FILE.tex] [--tv SHAPE | --swizzle B,M,S]
                                      a standalone TikZ document, as CuTe's print_latex (greys
                                      by offset % 8) and print_latex_tv (by thread with --tv)
    cute explain EXPR                 trace a composition, complement, inverse, divide or product
    cute linear  EXPR                 print the layout or swizzled layout as a linear layout over
                                      F2 (as Triton's): its bases table, or why it is not linear;
                                      EXPR may be a LinearLayout(crd=..., idx=..., vals=[...])
    cute isl     EXPR [--index]       print the layout as an ISL map (\"Modeling Layout Abstractions
                                      Using Integer Set Relations\"): from its flattened
                                      natural coordinates [c0, ..., ck] to its offset [o], or
                                      with --index from its 1-D index [i]; a LinearLayout(...)
                                      maps its input dimensions [c0, ...] to its outputs; a
                                      layout may have F2 strides, (8,8):(f1,f9)
    cute morphism EXPR [--tikz]       the standard form of a tractable layout (or a morphism
                                      S-[a1,...]->T itself) and its diagram; --tikz a standalone
                                      TikZ picture (tractable layouts and morphisms, from
                                      \"Fundamentals of CuTe Layout Algebra and Category-theoretic
                                      Interpretation\")
    cute tractable EXPR               yes, with the standard form, or no, with the condition that
                                      fails (exit status 1)
    cute banks   S T ELEM_BYTES       the shared-memory wavefronts of the access T (threads,
                                      values) -> index of S, phase by phase: each lane's bytes,
                                      banks and words, the total against the conflict-free
                                      minimum; S may be composition(swizzle(B, M, S), L)
    cute check   FILE.jsonl           run an oracle corpus; ends with `N passed, M failed`
    cute ops                          list the operations EXPR may call, with their arguments

EXPR is a value in CuTe notation or a call op(arg, ...), as in CuTe:
    12   (4,(2,2))   (4,(2,2)):(2,(1,8))   <4:1,8:2>   (8,8):(e0,e1)
    composition(A, B)  complement(L, N)  logical_divide(A, T)  zipped_divide(A, T)
    blocked_product(A, B)  right_inverse(L)  coalesce(L)  crd2idx(c, S, D)  ...
    swizzle(B, M, S) is the swizzle Sw<B,M,S>; composition(swizzle(3,3,3), (8,64):(64,1)) the
    swizzled layout Sw<3,3,3>o0o(8,64):(64,1), which the divides, products, coalesce, slice and
    the inverses take; eval(X) lists the offsets of any of them.

Rows are mode 0, columns mode 1; a layout of rank 3 or more is a series of slices (_,_,k),
printed one after another and drawn stacked.

--tv SHAPE reads EXPR as a thread-value layout (thread, value) -> index into data of SHAPE
(column-major) and shows, for each data coordinate, the T<thread> V<value> that owns it.

--swizzle B,M,S shows Sw<B,M,S> o EXPR, CuTe's composition(Swizzle<B,M,S>{}, L): each cell
holds the swizzled offset, e.g. the shared-memory layout of a tile.

`cute isl` takes a layout, a swizzled layout swizzle_layout(B, M, S, L) (or its inverses), a
coordinate layout ((4,8):(e1,e0)), a linear layout or an F2 layout and prints one line in ISL's
text syntax (isl_map_read_from_str, islpy.Map), the swizzle's XOR as sums mod 2.

EXAMPLES:
    cute eval \"composition((4,6,8,10):(2,3,5,7), 6:12)\"
    cute show \"zipped_divide((8,16):(20,1), <4:1,8:2>)\"
    cute show --tv \"(8,8)\" \"((4,8),2):((16,1),8)\"
    cute show --swizzle 3,3,3 \"(8,64):(64,1)\"
    cute svg \"blocked_product((3,4):(4,1), (2,5):(1,2))\" -o blocked.svg --png blocked.png
    cute latex --tv \"(8,8)\" \"((4,8),2):((16,1),8)\" -o tv.tex
    cute explain \"composition((4,6,8):(2,3,5), 6:3)\"
    cute explain \"zipped_divide((8,16):(20,1), <4:1,8:2>)\"
    cute isl \"swizzle_layout(1, 2, 1, (4,4):(4,1))\"
    cute morphism \"(4,6):(1,8)\"
    cute check ../shared/oracle/corpus.jsonl

`cute COMMAND --help` prints one command's usage, `cute --version` the version; `-o -` writes
the SVG to standard output.

Exit status: 0 on success, 1 when the expression is rejected or a check fails, 2 on bad usage.
";

/// What went wrong, and the exit status it gives.
enum Failure {
    Usage(String),
    Expr(String, ExprError),
    Other(String),
    /// Already reported on standard output (a rejected `explain`, a failed `check`).
    Reported,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}\n\nrun `cute --help` for usage");
            ExitCode::from(2)
        }
        Err(Failure::Expr(text, e)) => {
            eprintln!("{}", pointed(&text, &e));
            ExitCode::from(1)
        }
        Err(Failure::Other(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Reported) => ExitCode::from(1),
    }
}

/// The error with the expression and a `^` under the character it points at; for an unknown
/// operation, the closest known name.
fn pointed(text: &str, e: &ExprError) -> String {
    let col = text.get(..e.pos()).map_or(0, |s| s.chars().count());
    let mut out = format!("error: {e}\n  {text}\n  {}^", " ".repeat(col));
    if let ExprError::UnknownOp { name, .. } = e {
        if let Some(op) = closest_op(name) {
            let _ = write!(out, "\n  help: did you mean `{op}`?");
        }
        out.push_str("\n  run `cute ops` for the list of operations");
    }
    out
}

/// The known operation nearest to `name` by edit distance, if it is near enough to be a typo.
fn closest_op(name: &str) -> Option<&'static str> {
    cute::expr::OPS
        .iter()
        .map(|(op, _)| (edit_distance(name, op), *op))
        .filter(|&(d, op)| d <= op.len() / 3 + 1)
        .min()
        .map(|(_, op)| op)
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// The options after the subcommand: positional arguments, `-o`, `--png`, `--tv`, `--swizzle`.
#[derive(Default)]
struct Opts {
    positional: Vec<String>,
    out: Option<String>,
    png: Option<String>,
    tv: Option<String>,
    swizzle: Option<String>,
    index: bool,
    tikz: bool,
}

fn opts(args: &[String]) -> Result<Opts, Failure> {
    let mut o = Opts::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| Failure::Usage(format!("{name} needs a value")))
        };
        match a.as_str() {
            "-o" | "--output" => o.out = Some(value(a)?),
            "--png" => o.png = Some(value(a)?),
            "--tv" => o.tv = Some(value(a)?),
            "--swizzle" => o.swizzle = Some(value(a)?),
            "--index" => o.index = true,
            "--tikz" => o.tikz = true,
            s if s.starts_with('-')
                && s.len() > 1
                && !s[1..].starts_with(|c: char| c.is_ascii_digit()) =>
            {
                return Err(Failure::Usage(format!("unknown option {s}")));
            }
            _ => o.positional.push(a.clone()),
        }
    }
    Ok(o)
}

fn one_expr(o: &Opts, cmd: &str) -> Result<String, Failure> {
    match o.positional.as_slice() {
        [e] => Ok(e.clone()),
        [] => Err(Failure::Usage(format!("`cute {cmd}` needs an expression"))),
        _ => Err(Failure::Usage(format!(
            "`cute {cmd}` takes one expression; quote it"
        ))),
    }
}

fn run(args: &[String]) -> Result<(), Failure> {
    let Some(cmd) = args.first() else {
        out!("{HELP}");
        return Ok(());
    };
    if matches!(cmd.as_str(), "-V" | "--version") {
        outln!("cute {}", env!("CARGO_PKG_VERSION"));
        return Ok(());
    }
    if args[1..].iter().any(|a| a == "-h" || a == "--help") {
        let help = command_help(cmd).ok_or_else(|| unknown(cmd))?;
        out!("{help}");
        return Ok(());
    }
    let o = opts(&args[1..])?;
    let drawing = ["show", "svg", "latex"].contains(&cmd.as_str());
    let flags = [
        ("-o", &o.out),
        ("--png", &o.png),
        ("--tv", &o.tv),
        ("--swizzle", &o.swizzle),
    ];
    if let Some((flag, _)) = flags.iter().find(|(_, v)| v.is_some() && !drawing) {
        return Err(Failure::Usage(format!(
            "{flag} applies to `cute show`, `cute svg` and `cute latex`, not `cute {cmd}`"
        )));
    }
    if o.index && cmd != "isl" {
        return Err(Failure::Usage(format!(
            "--index applies to `cute isl`, not `cute {cmd}`"
        )));
    }
    if o.tikz && cmd != "morphism" {
        return Err(Failure::Usage(format!(
            "--tikz applies to `cute morphism`, not `cute {cmd}`"
        )));
    }
    if cmd == "show" && (o.out.is_some() || o.png.is_some()) {
        return Err(Failure::Usage(
            "`cute show` prints a table; -o and --png belong to `cute svg`".into(),
        ));
    }
    match cmd.as_str() {
        "-h" | "--help" | "help" => out!("{HELP}"),
        "eval" => {
            let text = one_expr(&o, "eval")?;
            let v = eval(&text).map_err(|e| Failure::Expr(text.clone(), e))?;
            outln!("{v}");
        }
        "show" => {
            for g in pictures(&one_expr(&o, "show")?, &o)? {
                out!("{}", show::table(&g));
            }
        }
        "svg" => svg(&o)?,
        "latex" => latex_document(&o)?,
        "explain" => {
            let text = one_expr(&o, "explain")?;
            let (trace, err) =
                explain::explain(&text).map_err(|e| Failure::Expr(text.clone(), e))?;
            out!("{trace}");
            if err.is_some() {
                return Err(Failure::Reported);
            }
        }
        "isl" => isl(&o)?,
        "morphism" => morphism(&o)?,
        "banks" => banks(&o)?,
        "tractable" => tractable(&o)?,
        "linear" => linear(&o)?,
        "check" => check_corpus(&o)?,
        "ops" => ops(),
        other => return Err(unknown(other)),
    }
    Ok(())
}

/// `cute svg`: the picture as SVG and/or PNG files.
fn svg(o: &Opts) -> Result<(), Failure> {
    let text = one_expr(o, "svg")?;
    if o.out.is_none() && o.png.is_none() {
        return Err(Failure::Usage(
            "`cute svg` needs -o FILE.svg, --png FILE.png or both".into(),
        ));
    }
    let gs = pictures(&text, o)?;
    // The PNG may be refused as too large: draw it before writing either file.
    let png = match &o.png {
        Some(png) => Some((
            png,
            draw::png(&gs).map_err(|e| Failure::Other(e.to_string()))?,
        )),
        None => None,
    };
    if let Some(path) = &o.out {
        write(path, draw::svg(&gs).as_bytes())?;
    }
    if let Some((png, bytes)) = png {
        write(png, &bytes)?;
    }
    Ok(())
}

/// `cute latex`: the picture as a standalone `TikZ` document.
fn latex_document(o: &Opts) -> Result<(), Failure> {
    if o.png.is_some() {
        return Err(Failure::Usage("--png belongs to `cute svg`".into()));
    }
    let how = if o.tv.is_some() {
        Fill::Thread
    } else {
        Fill::Grey
    };
    let doc = latex::document(&pictures(&one_expr(o, "latex")?, o)?, how);
    write(o.out.as_deref().unwrap_or("-"), doc.as_bytes())?;
    Ok(())
}

/// `cute ops`: the operations and their arguments, aligned.
fn ops() {
    let width = cute::expr::OPS
        .iter()
        .map(|(op, _)| op.len())
        .max()
        .unwrap_or(0);
    for (op, args) in cute::expr::OPS {
        outln!("{op:width$}  {args}");
    }
}

/// `cute check FILE.jsonl`: runs an oracle corpus, printing each failure and listed deviation.
fn check_corpus(o: &Opts) -> Result<(), Failure> {
    let [path] = o.positional.as_slice() else {
        return Err(Failure::Usage("`cute check` takes one FILE.jsonl".into()));
    };
    let text = std::fs::read_to_string(path).map_err(|e| Failure::Other(format!("{path}: {e}")))?;
    let report = check::run(&text);
    for f in &report.failures {
        outln!("FAIL {f}");
    }
    for d in &report.deviations {
        outln!("note: {d} is a listed deviation from CuTe C++ (see `cute_cli::check::DEVIATIONS`)");
    }
    outln!("{}", report.summary());
    if !report.failures.is_empty() {
        return Err(Failure::Reported);
    }
    Ok(())
}

/// `cute banks S T ELEM_BYTES`: the bank report of an access.
fn banks(o: &Opts) -> Result<(), Failure> {
    let [s, t, bytes] = o.positional.as_slice() else {
        return Err(Failure::Usage(
            "`cute banks` takes S, T and ELEM_BYTES; quote each".into(),
        ));
    };
    let value = |text: &String| eval(text).map_err(|e| Failure::Expr(text.clone(), e));
    let s = match value(s)? {
        Value::Layout(l) => cute::ComposedLayout::new(cute::Swizzle::identity(), 0, l),
        Value::Composed(c) => c,
        v => {
            return Err(Failure::Other(format!(
                "S is a layout or a swizzled layout, not {v}"
            )))
        }
    };
    let Value::Layout(t) = value(t)? else {
        return Err(Failure::Other(
            "T is a layout (threads, values) -> index".into(),
        ));
    };
    let Value::Int(bytes) = value(bytes)? else {
        return Err(Failure::Other("ELEM_BYTES is an integer".into()));
    };
    let report =
        cute_cli::banks::report(&s, &t, bytes).map_err(|e| Failure::Other(e.to_string()))?;
    out!("{report}");
    Ok(())
}

/// `cute tractable`: yes with the standard form, or no with the condition (exit status 1).
fn tractable(o: &Opts) -> Result<(), Failure> {
    let text = one_expr(o, "tractable")?;
    let l = match eval(&text).map_err(|e| Failure::Expr(text.clone(), e))? {
        Value::Layout(l) => l,
        v => {
            return Err(Failure::Other(format!(
                "`cute tractable` needs a layout, not {v}"
            )))
        }
    };
    let (yes, answer) = cute_cli::morphism::tractable(&l);
    outln!("{answer}");
    if yes {
        Ok(())
    } else {
        Err(Failure::Reported)
    }
}

/// `cute morphism`: a tractable layout's standard form (or a morphism as given) as its diagram or
/// a `TikZ` picture.
fn morphism(o: &Opts) -> Result<(), Failure> {
    let text = one_expr(o, "morphism")?;
    let f = match eval(&text).map_err(|e| Failure::Expr(text.clone(), e))? {
        Value::Layout(l) => {
            cute::morphism::to_morphism(&l).map_err(|e| Failure::Other(e.to_string()))?
        }
        Value::Morphism(f) => *f,
        v => {
            return Err(Failure::Other(format!(
                "`cute morphism` needs a layout or a morphism, not {v}"
            )))
        }
    };
    if o.tikz {
        out!("{}", cute_cli::morphism::tikz(&f));
    } else {
        let d = cute_cli::morphism::diagram(&f).map_err(|e| Failure::Other(e.to_string()))?;
        out!("{d}");
    }
    Ok(())
}

/// `cute isl`: the layout or swizzled layout as one ISL map.
fn isl(o: &Opts) -> Result<(), Failure> {
    let text = one_expr(o, "isl")?;
    let domain = if o.index {
        Domain::Index
    } else {
        Domain::Natural
    };
    if let Some(h) = linear_text(&text)? {
        // One coordinate per input dimension already: there is no 1-D index form to choose.
        outln!("{}", h.isl());
        return Ok(());
    }
    let map = match eval(&text).map_err(|e| Failure::Expr(text.clone(), e))? {
        Value::Layout(l) => l.isl(domain).to_string(),
        Value::Composed(c) => c.isl(domain).to_string(),
        Value::F2(a) => a.isl(domain).to_string(),
        Value::Coord(c) => c.isl(domain).to_string(),
        other => {
            return Err(Failure::Other(format!(
                "`cute isl` needs a layout, a swizzled layout, a coordinate layout, a linear \
                 layout or an F2 layout; {text} is {other}"
            )))
        }
    };
    outln!("{map}");
    Ok(())
}

/// A linear layout in the notation of the integer-set-relations paper, `LinearLayout(crd=..., idx=..., vals=[...])`, when
/// the text is one (`None` for an expression).
fn linear_text(text: &str) -> Result<Option<cute::linear::LinearLayout>, Failure> {
    if !text.trim_start().starts_with("LinearLayout") {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|e: cute::Error| Failure::Other(e.to_string()))
}

/// `cute linear`: the layout or swizzled layout as a linear layout over F2, its bases table, or why it is not one.
fn linear(o: &Opts) -> Result<(), Failure> {
    let text = one_expr(o, "linear")?;
    let h = match linear_text(&text)? {
        Some(h) => Ok(h),
        None => match eval(&text).map_err(|e| Failure::Expr(text.clone(), e))? {
            Value::Layout(l) => cute::linear::LinearLayout::from_layout(&l),
            Value::Composed(c) => cute::linear::LinearLayout::from_swizzled(&c),
            other => {
                return Err(Failure::Other(format!(
                    "`cute linear` needs a layout, swizzle_layout(B, M, S, L) or a \
                 LinearLayout(crd=..., idx=..., vals=[...]); {text} is {other}"
                )))
            }
        },
    };
    let h = h.map_err(|e| Failure::Other(e.to_string()))?;
    outln!("{h}");
    outln!("{}", h.table());
    let kind = match (h.is_injective(), h.is_surjective()) {
        (true, true) => "bijective",
        (true, false) => "injective, not surjective",
        (false, true) => "surjective, not injective",
        (false, false) => "neither injective nor surjective",
    };
    outln!("{kind} (rank {} over F2)", h.rank());
    // Back to CuTe's notation: the strided layout, or the first swizzle that makes it one.
    match h.to_swizzled() {
        Ok(c) if c.swizzle() == cute::Swizzle::identity() => {
            outln!("as a layout: {}", c.layout());
        }
        Ok(c) => outln!("as a swizzled layout: {c}"),
        Err(e) => outln!("as a layout: none ({})", e.kind),
    }
    Ok(())
}

/// The grids of an expression: as it is, as a thread-value layout over `--tv` data, or swizzled
/// by `--swizzle`.
fn pictures(text: &str, o: &Opts) -> Result<Vec<Grid>, Failure> {
    if let Some(h) = linear_text(text)? {
        if o.tv.is_some() || o.swizzle.is_some() {
            return Err(Failure::Usage(
                "--tv and --swizzle draw layouts, not linear layouts".into(),
            ));
        }
        return linear_grids(&h).map_err(|e| Failure::Other(e.to_string()));
    }
    let v = eval(text).map_err(|e| Failure::Expr(text.to_string(), e))?;
    let layout = |v: Value, flag: &str| match v {
        Value::Layout(l) => Ok(l),
        other => Err(Failure::Other(format!(
            "{flag} needs a layout, got {other}"
        ))),
    };
    let grids = match (o.tv.as_deref(), o.swizzle.as_deref()) {
        (Some(_), Some(_)) => {
            return Err(Failure::Usage(
                "--tv and --swizzle draw different pictures; give one".into(),
            ))
        }
        (None, None) => grids(&v),
        (Some(shape), None) => {
            let shape = match eval(shape).map_err(|e| Failure::Expr(shape.to_string(), e))? {
                Value::Tuple(t) => t,
                Value::Int(n) => IntTuple::int(n),
                other => {
                    return Err(Failure::Usage(format!(
                        "--tv needs the data's shape, e.g. (8,8); got {other}"
                    )))
                }
            };
            tv_grid(&layout(v, "--tv")?, &shape).map(|g| vec![g])
        }
        (None, Some(bms)) => swizzled_grids(&layout(v, "--swizzle")?, swizzle(bms)?),
    };
    grids.map_err(|e| Failure::Other(e.to_string()))
}

/// `B,M,S` as a swizzle.
fn swizzle(bms: &str) -> Result<Swizzle, Failure> {
    let usage = || Failure::Usage(format!("--swizzle takes B,M,S (three integers), got {bms}"));
    let ints: Vec<i64> = bms
        .split(',')
        .map(|p| p.trim().parse().map_err(|_| usage()))
        .collect::<Result<_, _>>()?;
    let [b, m, s] = ints[..] else {
        return Err(usage());
    };
    Swizzle::new(b, m, s).map_err(|e| Failure::Other(format!("--swizzle {bms}: {e}")))
}

/// Writes `bytes` to the file `path`, or to standard output for `-`.
fn write(path: &str, bytes: &[u8]) -> Result<(), Failure> {
    if path == "-" {
        out!("{}", String::from_utf8_lossy(bytes));
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| Failure::Other(format!("{path}: {e}")))
}

/// The error of a command that does not exist.
fn unknown(cmd: &str) -> Failure {
    Failure::Usage(format!("unknown command `{cmd}`"))
}

/// The usage of one command: its lines of [`HELP`] (`None` for an unknown command).
fn command_help(cmd: &str) -> Option<String> {
    if matches!(cmd, "-h" | "--help" | "help") {
        return Some(HELP.to_owned());
    }
    let prefix = format!("    cute {cmd} ");
    let mut lines = HELP.lines().skip_while(|l| !l.starts_with(&prefix));
    let first = lines.next()?;
    let mut out = format!("USAGE:\n{first}\n");
    for l in lines.take_while(|l| l.starts_with("      ")) {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str("\nrun `cute --help` for EXPR's notation, the other commands and examples\n");
    Some(out)
}
