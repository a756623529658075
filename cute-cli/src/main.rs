//! `cute`: evaluate, explain and draw CuTe layouts.

use std::fmt::Write as _;
use std::process::ExitCode;

use cute::expr::{eval, ExprError, Value};
use cute::isl::Domain;
use cute::{IntTuple, Swizzle};
use cute_cli::colour::Colouring;
use cute_cli::grid::{grids, linear_grids, mark_past, swizzled_grids, tv_grid, Grid};
use cute_cli::{check, draw, explain, latex, show, tv_panels};

mod cli;

use clap::{CommandFactory as _, Parser as _};
use cli::{Cli, Command, Picture};

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

/// What went wrong, and the exit status it gives.
enum Failure {
    Usage(String),
    Expr(String, ExprError),
    Other(String),
    /// Already reported on standard output (a rejected `explain`, a failed `check`).
    Reported,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help` and `--version` go to standard output, quietly into a closed pipe too.
        Err(e) if !e.use_stderr() => {
            out!("{}", e.render());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}\n\nFor more information, try '--help'.");
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

/// The error with the expression (its line, for an expression of several lines) and a `^` under
/// the character it points at; for an unknown operation, the closest known name.
fn pointed(text: &str, e: &ExprError) -> String {
    let before = text.get(..e.pos()).unwrap_or("");
    let start = before.rfind('\n').map_or(0, |k| k + 1);
    let line = text[start..].lines().next().unwrap_or("").trim_end();
    let col = before[start..].chars().count();
    let mut out = format!("error: {e}\n  {line}\n  {}^", " ".repeat(col));
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

/// Where the expressions of a command come from: `-` is standard input (read once), `@FILE` the
/// file `FILE`, anything else the expression itself.
#[derive(Default)]
struct Input {
    stdin_read: bool,
}

impl Input {
    /// The text `arg` stands for, without the whitespace around it when read.
    fn read(&mut self, arg: String) -> Result<String, Failure> {
        use std::io::Read as _;
        let text = if arg == "-" {
            if std::mem::replace(&mut self.stdin_read, true) {
                return Err(Failure::Usage(
                    "only one argument can be read from standard input (-)".into(),
                ));
            }
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::Other(format!("standard input: {e}")))?;
            text
        } else if let Some(path) = arg.strip_prefix('@') {
            std::fs::read_to_string(path).map_err(|e| Failure::Other(format!("{path}: {e}")))?
        } else {
            return Ok(arg);
        };
        Ok(text.trim().to_owned())
    }
}

fn run(command: Command) -> Result<(), Failure> {
    let mut input = Input::default();
    match command {
        Command::Eval { expr, json } => {
            let expr = input.read(expr)?;
            let v = eval(&expr).map_err(|e| Failure::Expr(expr.clone(), e))?;
            if json {
                outln!("{}", cute_cli::json::to_json(&v));
            } else {
                outln!("{v}");
            }
            note(&expr);
        }
        Command::Show {
            expr,
            picture,
            color,
        } => {
            check_colouring(color, &picture)?;
            let expr = input.read(expr)?;
            if let Some(panels) = tiled_panels(&expr, &picture)? {
                out!("{}", tv_panels::text(&panels));
                return Ok(());
            }
            for g in pictures(&expr, &picture)? {
                out!("{}", show::table(&g, color));
            }
            note(&expr);
        }
        Command::Svg {
            expr,
            out,
            png,
            picture,
            color,
        } => svg(
            &input.read(expr)?,
            out.as_deref(),
            png.as_deref(),
            &picture,
            color,
        )?,
        Command::Latex {
            expr,
            out,
            picture,
            color,
        } => {
            check_colouring(color, &picture)?;
            let expr = input.read(expr)?;
            let doc = match tiled_panels(&expr, &picture)? {
                Some(panels) => tv_panels::latex(&panels, &expr),
                None => latex::document(&pictures(&expr, &picture)?, color),
            };
            write(out.as_deref().unwrap_or("-"), doc.as_bytes())?;
        }
        Command::Explain { expr } => {
            let expr = input.read(expr)?;
            let (trace, err) =
                explain::explain(&expr).map_err(|e| Failure::Expr(expr.clone(), e))?;
            out!("{trace}");
            note(&expr);
            if err.is_some() {
                return Err(Failure::Reported);
            }
        }
        Command::Isl { expr, index } => isl(&input.read(expr)?, index)?,
        Command::Morphism { expr, tikz } => morphism(&input.read(expr)?, tikz)?,
        Command::Banks { s, t, elem_bytes } => {
            banks(&input.read(s)?, &input.read(t)?, &input.read(elem_bytes)?)?;
        }
        Command::Tractable { expr } => tractable(&input.read(expr)?)?,
        Command::Linear { expr } => linear(&input.read(expr)?)?,
        Command::Check { file } => check_corpus(&file)?,
        Command::Ops => ops(),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "cute", &mut script);
            write("-", &script)?;
        }
    }
    Ok(())
}

/// Writes the notes on `text` (a tiler that does not divide, a layout where a tiler was probably
/// meant) to standard error.
fn note(text: &str) {
    use std::io::Write as _;
    let mut err = std::io::stderr().lock();
    for n in cute_cli::notes::notes(text) {
        let _ = writeln!(err, "note: {n}");
    }
}

/// `cute svg`: the picture as SVG and/or PNG files (clap asks for one of the two).
fn svg(
    text: &str,
    out: Option<&str>,
    png: Option<&str>,
    picture: &Picture,
    color: Option<Colouring>,
) -> Result<(), Failure> {
    check_colouring(color, picture)?;
    if out == Some("-") && png == Some("-") {
        return Err(Failure::Usage(
            "-o - and --png - would mix the SVG and the PNG on standard output; give one".into(),
        ));
    }
    // A file named for the other format would hold what its name does not say.
    let ext = |p: Option<&str>| {
        p.and_then(|p| std::path::Path::new(p).extension())
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
    };
    if ext(out).as_deref() == Some("png") {
        return Err(Failure::Usage(format!(
            "-o writes SVG, and {} names a PNG: use --png {0}",
            out.unwrap_or_default()
        )));
    }
    if ext(png).as_deref() == Some("svg") {
        return Err(Failure::Usage(format!(
            "--png writes PNG, and {} names an SVG: use -o {0}",
            png.unwrap_or_default()
        )));
    }
    if let Some(panels) = tiled_panels(text, picture)? {
        let (doc, width, height) = tv_panels::svg(&panels);
        let bytes = match png {
            Some(_) => {
                draw::rasterise(&doc, width, height).map_err(|e| Failure::Other(e.to_string()))?
            }
            None => Vec::new(),
        };
        if let Some(path) = out {
            write(path, doc.as_bytes())?;
        }
        if let Some(path) = png {
            write(path, &bytes)?;
        }
        return Ok(());
    }
    let gs = pictures(text, picture)?;
    // The PNG may be refused as too large: draw it before writing either file.
    let png = match png {
        Some(path) => Some((
            path,
            draw::png(&gs, color).map_err(|e| Failure::Other(e.to_string()))?,
        )),
        None => None,
    };
    if let Some(path) = out {
        write(path, draw::svg(&gs, color).as_bytes())?;
    }
    if let Some((path, bytes)) = png {
        write(path, &bytes)?;
    }
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

/// `cute check FILE.jsonl`: runs an oracle corpus (standard input for `-`), printing each failure
/// and listed deviation.
fn check_corpus(path: &str) -> Result<(), Failure> {
    let text = if path == "-" {
        Input::default().read(path.to_owned())?
    } else {
        std::fs::read_to_string(path).map_err(|e| Failure::Other(format!("{path}: {e}")))?
    };
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
fn banks(s: &str, t: &str, bytes: &str) -> Result<(), Failure> {
    let value = |text: &str| eval(text).map_err(|e| Failure::Expr(text.to_owned(), e));
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
fn tractable(text: &str) -> Result<(), Failure> {
    let l = match eval(text).map_err(|e| Failure::Expr(text.to_owned(), e))? {
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
fn morphism(text: &str, tikz: bool) -> Result<(), Failure> {
    let f = match eval(text).map_err(|e| Failure::Expr(text.to_owned(), e))? {
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
    if tikz {
        out!("{}", cute_cli::morphism::tikz(&f));
    } else {
        let d = cute_cli::morphism::diagram(&f).map_err(|e| Failure::Other(e.to_string()))?;
        out!("{d}");
    }
    Ok(())
}

/// `cute isl`: the layout or swizzled layout as one ISL map.
fn isl(text: &str, index: bool) -> Result<(), Failure> {
    let domain = if index {
        Domain::Index
    } else {
        Domain::Natural
    };
    if let Some(h) = linear_text(text)? {
        // One coordinate per input dimension already: there is no 1-D index form to choose.
        outln!("{}", h.isl());
        return Ok(());
    }
    let map = match eval(text).map_err(|e| Failure::Expr(text.to_owned(), e))? {
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
fn linear(text: &str) -> Result<(), Failure> {
    let h = match linear_text(text)? {
        Some(h) => Ok(h),
        None => match eval(text).map_err(|e| Failure::Expr(text.to_owned(), e))? {
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
    outln!("{:#}", h.table());
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

/// Refuses a colouring by owner (thread, value, warp) of a picture whose cells have none: only
/// `--tv` pictures say which thread and value hold a cell, and the cells would be grey by offset.
fn check_colouring(color: Option<Colouring>, picture: &Picture) -> Result<(), Failure> {
    let by_owner = matches!(
        color,
        Some(Colouring::Thread | Colouring::Value | Colouring::Warp)
    );
    if by_owner && picture.tv.is_none() {
        return Err(Failure::Usage(
            "--color thread, value and warp colour a thread-value picture (--tv SHAPE); a \
             layout's cells have no thread"
                .into(),
        ));
    }
    Ok(())
}

/// The panels of `--mma` or `--copy`: the tiled operation `text` evaluates to, as CuTe's
/// `print_latex` draws it; `None` without either flag.
fn tiled_panels(text: &str, o: &Picture) -> Result<Option<Vec<tv_panels::Panel>>, Failure> {
    if !o.mma && !o.copy {
        return Ok(None);
    }
    let v = eval(text).map_err(|e| Failure::Expr(text.to_string(), e))?;
    let panels = match (o.mma, v) {
        (true, Value::TiledMma(t)) => tv_panels::mma_panels(&t),
        (true, Value::MmaAtom(a)) => {
            // print_latex(mma_atom) draws make_tiled_mma(mma_atom): the atom alone.
            let one = cute::Layout::from_rust((1, 1, 1), (0, 0, 0))
                .map_err(|e| Failure::Other(e.to_string()))?;
            let t = cute::atom::make_tiled_mma(&a, &one, None)
                .map_err(|e| Failure::Other(e.to_string()))?;
            tv_panels::mma_panels(&t)
        }
        (false, Value::TiledCopy(t)) => tv_panels::copy_panels(&t),
        (true, other) => {
            return Err(Failure::Other(format!(
                "--mma needs a tiled MMA (make_tiled_mma(...)) or an MMA atom, got {other}"
            )))
        }
        (false, other) => {
            return Err(Failure::Other(format!(
                "--copy needs a tiled copy (make_tiled_copy(...), make_tiled_copy_A/B/C(...)), got {other}"
            )))
        }
    };
    panels.map(Some).map_err(Failure::Other)
}

/// The grids of an expression: as it is, as a thread-value layout over `--tv` data, or swizzled
/// by `--swizzle`.
fn pictures(text: &str, o: &Picture) -> Result<Vec<Grid>, Failure> {
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
    // clap refuses --tv with --swizzle: at most one of them is here.
    let grids = match (o.tv.as_deref(), o.swizzle.as_deref()) {
        (None, None) => grids(&v).map(|mut gs| {
            // The cells past the data that a divide or a composition reads are marked.
            if let Value::Layout(result) = &v {
                if let Some(reads) = cute_cli::notes::reads(text, result) {
                    if let Ok(ig) = grids(&Value::Layout(reads.index)) {
                        mark_past(&mut gs, &reads, &ig);
                    }
                }
            }
            gs
        }),
        (Some(shape), _) => {
            let shape = match eval(shape).map_err(|e| Failure::Expr(shape.to_string(), e))? {
                Value::Tuple(t) => t,
                Value::Int(n) => IntTuple::int(n),
                other => {
                    return Err(Failure::Usage(format!(
                        "--tv needs the data's shape, e.g. (8,8); got {other}"
                    )))
                }
            };
            tv_grid(&layout(v, "--tv")?, &shape, o.thread).map(|g| vec![g])
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
        use std::io::Write as _;
        // Bytes as they are (a PNG is no text); a closed pipe ends quietly, as `out!` does.
        if let Err(e) = std::io::stdout().lock().write_all(bytes) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            return Err(Failure::Other(format!("standard output: {e}")));
        }
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| Failure::Other(format!("{path}: {e}")))
}
