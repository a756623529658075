//! The `cute` binary, run as a user runs it.

use std::path::Path;
use std::process::{Command, Output};

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .output()
        .expect("the cute binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// `cute svg ARGS -o SVG [--png PNG]`.
fn draw(args: &[&str], svg: &Path, png: Option<&Path>) -> Output {
    let mut all = vec!["svg"];
    all.extend_from_slice(args);
    all.extend(["-o", svg.to_str().unwrap()]);
    if let Some(png) = png {
        all.extend(["--png", png.to_str().unwrap()]);
    }
    cute(&all)
}

/// The `explain` trace of `expr`, which must contain each of `steps`.
fn explains(expr: &str, steps: &[&str]) -> String {
    let out = stdout(&cute(&["explain", expr]));
    for step in steps {
        assert!(out.contains(step), "{step} in\n{out}");
    }
    out
}

fn readme() -> String {
    doc("README.md")
}

/// A documentation file of the repository, by its path from the root: the README, or a chapter
/// of the guide (`src/guide/command.md` is `cute::guide::command`).
fn doc(path: &str) -> String {
    std::fs::read_to_string(doc_path(path)).unwrap()
}

fn doc_path(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// The guide's chapter on the command, which pastes `cute --help`, a golden table and the
/// `explain` traces.
const COMMAND_GUIDE: &str = "src/guide/command.md";

/// The guide's chapter on morphisms, which pastes the `eval` steps of a composition by mutual
/// refinement.
const MORPHISMS_GUIDE: &str = "src/guide/morphisms.md";

/// The body of the first ```` ```text ```` block in `s`.
fn text_block(s: &str) -> &str {
    s.split("```text\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap()
}

fn golden(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(name),
    )
    .unwrap()
}

#[test]
fn eval_prints_the_canonical_result() {
    let o = cute(&["eval", "composition((4,6,8,10):(2,3,5,7), 6:12)"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "(2,3):(9,5)\n");
    let o = cute(&["eval", "eval(3:2)"]);
    assert_eq!(stdout(&o), "[0,2,4]\n");
}

/// `_` in a tiler keeps its mode, whether written `<4:1,_>` or as the shape `(4,_)`: in the
/// zipped, tiled and flat divides it is its own tile with a rest of 1, as the tile `16:1` gives.
#[test]
fn an_underscore_in_a_tiler_keeps_its_mode() {
    let (a, b) = (
        cute(&["eval", "zipped_divide((8,16):(16,1), <4:1,_>)"]),
        cute(&["eval", "zipped_divide((8,16):(16,1), (4,_))"]),
    );
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
    let whole = cute(&["eval", "zipped_divide((8,16):(16,1), <4:1,16:1>)"]);
    assert_eq!(stdout(&a), stdout(&whole));
    assert_eq!(stdout(&a).trim(), "((4,16),(2,1)):((16,1),(64,0))");
    let tiled = cute(&["eval", "tiled_divide((8,16):(16,1), <_,8:1>)"]);
    assert_eq!(stdout(&tiled).trim(), "((8,8),1,2):((16,1),0,8)");
}

#[test]
fn eval_rejects_with_the_condition_and_status_1() {
    let o = cute(&["eval", "composition((4,6,8):(2,3,5), 6:3)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("stride divisibility violated at mode 1"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn syntax_errors_point_into_the_expression() {
    let o = cute(&["eval", "size((4,2):(1,(2,2)))"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1], "  size((4,2):(1,(2,2)))");
    assert_eq!(lines[2], "             ^", "{err}");
    // Text after a whole layout: the caret at that text, not inside the valid stride.
    let err = stderr(&cute(&["eval", "(4,8):(1,4) extra"]));
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].contains("offset 12"), "{err}");
    assert_eq!(lines[2], "              ^", "{err}");
}

#[test]
fn a_capacity_error_names_the_capacity_passed() {
    let err = stderr(&cute(&["eval", "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536)"]));
    assert!(
        err.contains("capacity exceeded: more than 16 leaves in a layout"),
        "{err}"
    );
    assert!(!err.contains("tokens"), "{err}");
}

#[test]
fn a_misspelt_operation_gets_the_nearest_name() {
    let o = cute(&["eval", "zipped_divde((8,16):(20,1), <4:1,8:2>)"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("help: did you mean `zipped_divide`?"), "{err}");
    let err = stderr(&cute(&["eval", "frobnicate(2)"]));
    assert!(!err.contains("did you mean"), "{err}");
    assert!(err.contains("run `cute ops`"), "{err}");
    let ops = stdout(&cute(&["ops"]));
    assert_eq!(ops.lines().count(), cute::expr::OPS.len());
    assert!(ops
        .lines()
        .any(|l| l.starts_with("complement ") && l.ends_with("(L) or (L, cotarget)")));
}

#[test]
fn the_guide_shows_the_usage_of_help() {
    let help = stdout(&cute(&["--help"]));
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    let guide = doc(COMMAND_GUIDE);
    let start = guide.find("# The `cute` command").unwrap();
    assert_eq!(text_block(&guide[start..]).trim_end(), commands.trim_end());
}

#[test]
fn usage_errors_exit_2_and_help_shows_examples() {
    assert_eq!(cute(&["frobnicate"]).status.code(), Some(2));
    let o = cute(&["evl", "8:1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'eval'"), "{}", stderr(&o));
    for (args, says) in [
        (["eval", "8:1", "--tv", "(8)"], "unexpected argument '--tv'"),
        (
            ["explain", "8:1", "-o", "x.svg"],
            "unexpected argument '-o'",
        ),
        (
            ["show", "8:1", "--png", "x.png"],
            "unexpected argument '--png'",
        ),
        (["show", "--tv", "(2)", "--swizzle"], "a value is required"),
    ] {
        let o = cute(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let o = cute(&["show", "--tv", "(2)", "--swizzle", "1,0,1", "2:1"]);
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
    let o = cute(&["svg", "8:1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--output <FILE.svg>"), "{}", stderr(&o));
    let help = stdout(&cute(&["--help"]));
    assert!(help.contains("Examples:") && help.contains("cute explain"));
    assert!(!help.contains("seed"), "{help}");
}

#[test]
fn each_command_has_help_and_the_version_prints() {
    let o = cute(&["eval", "--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(help.contains("Usage: cute eval [OPTIONS] <EXPR>"), "{help}");
    assert!(!help.contains("cute show"), "{help}");
    let help = stdout(&cute(&["svg", "8:1", "-h"]));
    assert!(
        help.contains("--png <FILE.png>") && help.contains("Draw the layout"),
        "{help}"
    );
    let o = cute(&["--version"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), format!("cute {}\n", env!("CARGO_PKG_VERSION")));
    for cmd in [
        "eval",
        "show",
        "svg",
        "latex",
        "explain",
        "linear",
        "isl",
        "morphism",
        "tractable",
        "banks",
        "check",
        "ops",
    ] {
        let o = cute(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd} --help: {}", stderr(&o));
        assert!(
            stdout(&o).contains(&format!("Usage: cute {cmd}")),
            "{cmd} --help: {}",
            stdout(&o)
        );
    }
    let o = cute(&["frobnicate", "--help"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unrecognized subcommand 'frobnicate'"),
        "{}",
        stderr(&o)
    );
}

/// `cute latex`: CuTe's `print_latex` picture as a standalone document, on standard output or
/// in a file; `--tv` as `print_latex_tv`.
#[test]
fn latex_writes_a_tikz_document() {
    let o = cute(&["latex", "(2,3):(3,1)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let doc = stdout(&o);
    assert!(doc.contains("\\begin{tikzpicture}") && doc.ends_with("\\end{document}\n"));
    assert!(doc.contains("\\node[fill=black!10] at (2,1) {4};"), "{doc}");
    let tv = stdout(&cute(&["latex", "--tv", "(4,2)", "(4,2):(1,4)"]));
    assert!(tv.contains("{\\shortstack{T3 \\\\ V1}}"), "{tv}");
    let dir = std::env::temp_dir().join(format!("cute-latex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("l.tex");
    let o = cute(&[
        "latex",
        "composition(swizzle(1,0,1), (2,2):(2,1))",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(
        o.status.success() && stdout(&o).is_empty(),
        "{}",
        stderr(&o)
    );
    let doc = std::fs::read_to_string(&file).unwrap();
    assert!(
        doc.contains("% Sw<1,0,1>o0o(2,2):(2,1)") && doc.contains("{3};"),
        "{doc}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let o = cute(&["latex", "8:1", "--png", "x.png"]);
    assert_eq!(o.status.code(), Some(2));
}

/// CuTe's spelling of a swizzled layout, `composition(Swizzle, L)`, and the operations on it.
#[test]
fn a_swizzle_composes_as_in_cute() {
    let eval = |e: &str| stdout(&cute(&["eval", e])).trim().to_owned();
    assert_eq!(
        eval("composition(swizzle(3,3,3), (8,64):(64,1))"),
        "Sw<3,3,3>o0o(8,64):(64,1)"
    );
    assert_eq!(eval("swizzle(3,3,3)"), "Sw<3,3,3>");
    assert_eq!(
        eval("swizzle_layout(3,3,3,(8,64):(64,1))"),
        "Sw<3,3,3>o0o(8,64):(64,1)"
    );
    assert_eq!(
        eval("zipped_divide(composition(swizzle(3,3,3), (8,64):(64,1)), (4,8))"),
        "Sw<3,3,3>o0o((4,8),(2,8)):((64,1),(256,8))"
    );
    assert_eq!(
        eval("zipped_divide((128,64):(1,128), (32,16))"),
        eval("zipped_divide((128,64):(1,128), <32:1,16:1>)")
    );
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::Read as _;
    use std::process::Stdio;
    // A reader that takes a few bytes and closes the pipe, as `head -c 8` does: each output is
    // larger than a pipe's buffer, so the command is still writing when the pipe closes.
    let cases: [(&[&str], &[u8]); 4] = [
        (&["eval", "eval(swizzle(7,0,7))"], b"[0,1,2,3"),
        (&["show", "(256,256):(256,1)"], b"(256,256"),
        (&["svg", "(64,64):(64,1)", "-o", "-"], b"<svg xml"),
        (&["latex", "(64,64):(64,1)"], b"\\documen"),
    ];
    for (args, head) in cases {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 8];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        let o = child.wait_with_output().unwrap();
        assert_eq!(&first, head, "{args:?}");
        assert!(
            o.status.success(),
            "{args:?}: {:?} {}",
            o.status,
            stderr(&o)
        );
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn svg_to_standard_output() {
    let o = cute(&["svg", "(2,2):(1,2)", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("<svg") || stdout(&o).starts_with("<?xml"),
        "{}",
        stdout(&o)
    );
    assert!(!Path::new("-").exists());
}

#[test]
fn show_matches_the_golden_tables() {
    for (args, file) in [
        (
            vec!["show", "zipped_divide((8,16):(20,1), <4:1,8:2>)"],
            "zipped_divide.txt",
        ),
        (
            vec!["show", "--tv", "(8,8)", "((4,8),2):((16,1),8)"],
            "tv_figure6.txt",
        ),
        (vec!["show", "(2,3,2):(1,2,6)"], "rank3_slices.txt"),
        (
            vec!["show", "--swizzle", "3,0,3", "(8,8):(8,1)"],
            "swizzle.txt",
        ),
        (
            vec![
                "show",
                "composition(make_identity_layout((8,8)), ((4,8),2):((16,1),8))",
            ],
            "coordinates.txt",
        ),
    ] {
        let o = cute(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), golden(file), "cute {}", args.join(" "));
    }
}

#[test]
fn a_swizzled_table_holds_the_swizzled_offsets() {
    for (bms, layout) in [
        ("2,0,3", "(4,8):(8,1)"),
        ("3,3,3", "(8,64):(64,1)"),
        ("1,2,3", "((2,4),8):((1,16),2)"),
    ] {
        let o = cute(&["show", "--swizzle", bms, layout]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.starts_with(&format!("Sw<{bms}>o0o{layout}\n")), "{out}");
        // Cells row by row; the offsets eval lists are in column-major (index) order.
        let rows: Vec<Vec<i64>> = out
            .lines()
            .filter(|l| l.trim_end().ends_with('|'))
            .map(|l| {
                let cells = l.split_once('|').unwrap().1;
                cells
                    .split('|')
                    .filter(|c| !c.is_empty())
                    .map(|c| c.trim().parse().unwrap())
                    .collect()
            })
            .collect();
        let list = stdout(&cute(&[
            "eval",
            &format!("eval(swizzle_layout({bms}, {layout}))"),
        ]));
        let want: Vec<i64> = list
            .trim()
            .trim_matches(['[', ']'])
            .split(',')
            .map(|x| x.parse().unwrap())
            .collect();
        let (m, n) = (rows.len(), rows[0].len());
        assert_eq!(m * n, want.len());
        for (i, w) in want.iter().enumerate() {
            assert_eq!(rows[i % m][i / m], *w, "index {i} of Sw<{bms}> o {layout}");
        }
    }
    let o = cute(&["show", "--swizzle", "3,1,2", "(4,8):(8,1)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("|S| must be at least B"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        cute(&["show", "--swizzle", "2,0", "(4,8):(8,1)"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn the_guide_shows_the_golden_swizzle() {
    assert!(doc(COMMAND_GUIDE).contains(&format!("```text\n{}```", golden("swizzle.txt"))));
}

#[test]
fn the_tv_table_is_figure_6() {
    let out = stdout(&cute(&["show", "--tv", "(8,8)", "((4,8),2):((16,1),8)"]));
    let row = |r: usize| {
        out.lines()
            .find(|l| l.starts_with(&format!("{r} |")))
            .unwrap()
            .to_string()
    };
    assert_eq!(
        row(0),
        "0 | T0 V0| T0 V1| T1 V0| T1 V1| T2 V0| T2 V1| T3 V0| T3 V1|"
    );
    assert_eq!(
        row(7),
        "7 |T28 V0|T28 V1|T29 V0|T29 V1|T30 V0|T30 V1|T31 V0|T31 V1|"
    );
}

/// A cell of a drawn SVG, parsed back: its rectangle, and the label drawn inside it.
struct SvgCell {
    x: f64,
    y: f64,
    label: String,
}

/// Parses an SVG written by `cute svg` as XML: its titles, and its cells with the label whose
/// anchor lies inside each (every label must lie in exactly one cell).
fn parse_svg(text: &str) -> (Vec<String>, Vec<SvgCell>) {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let num =
        |n: roxmltree::Node<'_, '_>, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
    let of_class = |c: &'static str| {
        root.children()
            .filter(move |n| n.is_element() && n.attribute("class") == Some(c))
    };
    let titles = of_class("title")
        .map(|n| n.text().unwrap().to_string())
        .collect();
    let rects: Vec<_> = of_class("cell")
        .map(|n| (num(n, "x"), num(n, "y"), num(n, "width"), num(n, "height")))
        .collect();
    let mut cells: Vec<SvgCell> = rects
        .iter()
        .map(|&(x, y, _, _)| SvgCell {
            x,
            y,
            label: String::new(),
        })
        .collect();
    for t in of_class("label") {
        let (tx, ty) = (num(t, "x"), num(t, "y"));
        let inside: Vec<usize> = rects
            .iter()
            .enumerate()
            .filter(|(_, &(x, y, w, h))| x < tx && tx < x + w && y < ty && ty < y + h)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(inside.len(), 1, "label at ({tx},{ty}) lies in one cell");
        assert!(cells[inside[0]].label.is_empty(), "one label per cell");
        cells[inside[0]].label = t.text().unwrap_or_default().to_string();
    }
    (titles, cells)
}

#[test]
fn svg_has_one_labelled_cell_per_element_and_png_is_a_png() {
    let dir = std::env::temp_dir().join(format!("cute-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, png) = (dir.join("b.svg"), dir.join("b.png"));
    let o = draw(
        &["blocked_product((3,4):(4,1), (2,5):(1,2))"],
        &svg,
        Some(&png),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (titles, cells) = parse_svg(&std::fs::read_to_string(&svg).unwrap());
    assert_eq!(titles, ["((3,2),(4,5)):((4,12),(1,24))"]);
    assert_eq!(cells.len(), 120);
    let labels: Vec<i64> = cells.iter().map(|c| c.label.parse().unwrap()).collect();
    let mut sorted = labels.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        (0..120).collect::<Vec<_>>(),
        "each offset labels one cell"
    );
    assert_eq!(&labels[..5], [0, 1, 2, 3, 24], "row 0 of Figure 10");
    assert!(
        cells[..20].iter().all(|c| (c.y - cells[0].y).abs() < 0.5),
        "20 columns a row"
    );
    assert!(cells[1].x > cells[0].x && cells[20].y > cells[0].y);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_info().unwrap();
    assert!(info.info().width > 500 && info.info().height > 150);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn svg_of_a_rank_3_layout_stacks_its_slices() {
    let dir = std::env::temp_dir().join(format!("cute-cli-slices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("r3.svg");
    let o = draw(&["(2,3,2):(1,2,6)"], &svg, None);
    assert!(o.status.success(), "{}", stderr(&o));
    let (titles, cells) = parse_svg(&std::fs::read_to_string(&svg).unwrap());
    assert_eq!(
        titles,
        [
            "(2,3,2):(1,2,6)  slice (_,_,0)",
            "(2,3,2):(1,2,6)  slice (_,_,1)"
        ]
    );
    let labels: Vec<&str> = cells.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        labels,
        ["0", "2", "4", "1", "3", "5", "6", "8", "10", "7", "9", "11"]
    );
    assert!(cells[6].y > cells[5].y, "slice 1 is drawn below slice 0");
    // A PNG alone: no SVG is written.
    let (alone_svg, alone_png) = (dir.join("alone.svg"), dir.join("alone.png"));
    let o = cute(&[
        "svg",
        "(2,3,2):(1,2,6)",
        "--png",
        alone_png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(alone_png.exists() && !alone_svg.exists());
    // A thread-value layout labels each element with its owner.
    let o = draw(&["--tv", "(8,8)", "((4,8),2):((16,1),8)"], &svg, None);
    assert!(o.status.success(), "{}", stderr(&o));
    let (_, cells) = parse_svg(&std::fs::read_to_string(&svg).unwrap());
    assert_eq!(cells.len(), 64);
    assert_eq!(cells[2].label, "T1 V0");
    assert_eq!(cells[63].label, "T31 V1");
    // A picture too large for a PNG is refused before either file is written.
    let (big_svg, big_png) = (dir.join("big.svg"), dir.join("big.png"));
    let o = draw(&["(65536,1):(1,1)"], &big_svg, Some(&big_png));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("pixels"), "{}", stderr(&o));
    assert!(!big_svg.exists() && !big_png.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_traces_the_divide_out_and_keep_steps() {
    let o = cute(&["explain", "composition((4,6,8,10):(2,3,5,7), 6:12)"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("mode 0 (size 4): stride 12 is a multiple of 4"),
        "{out}"
    );
    assert!(out.contains("keep 2 at stride 9"), "{out}");
    assert!(out.contains("  → (2,3):(9,5)\n"), "{out}");
    assert!(out.trim_end().ends_with("= (2,3):(9,5)"), "{out}");
}

#[test]
fn explain_shows_the_step_that_fails_and_why() {
    let o = cute(&["explain", "composition((4,6,8):(2,3,5), 6:3)"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let overrun = lines
        .iter()
        .position(|l| l.contains("3 does not divide 4 and the elements overrun it"))
        .expect(&out);
    let check = lines
        .iter()
        .position(|l| l.contains("(a stride overruns a mode it does not divide): checking"))
        .expect(&out);
    let fails = lines
        .iter()
        .position(|l| {
            l.trim_start()
                .starts_with("✗ stride divisibility violated at mode 1")
        })
        .expect(&out);
    assert!(overrun < check && check < fails, "{out}");
    assert!(
        lines[lines.len() - 1]
            .starts_with("✗ composition (4,6,8):(2,3,5) ∘ 6:3: stride divisibility"),
        "{out}"
    );
    // Not distributive: the digits that may carry, with their numbers.
    explains(
        "composition((6,2):(1,7), (3,2):(2,3))",
        &[
            "digits up to 4 + 3 = 7 in mode 0 (size 6)",
            "✗ not admissible: at index 5",
        ],
    );
    // A rejection before any element is placed is the step after its B mode.
    explains(
        "composition((4,6,8):(2,3,5), 3:3)",
        &["    B mode 3:3\n    ✗ shape divisibility violated at mode 0"],
    );
}

#[test]
fn explain_shows_the_complement_and_the_composition_it_feeds() {
    explains(
        "zipped_divide((8,16):(20,1), <4:1,8:2>)",
        &[
            "  mode 1: logical_divide(16:1, 8:2)\n    complement(8:2, 16) = 2:1",
            "    composition 16:1 ∘ (8,2):(2,1), A ∘ (T, T*)\n",
            "        coalesce(A) has one mode: stride 2·1 = 2\n",
            "    → (8,2):(2,1)\n",
            "  logical_divide = ((4,2),(8,2)):((20,80),(2,1)), arranged as ((tile),(rest))\n",
        ],
    );
    let out = explains(
        "blocked_product((3,4):(4,1), (2,5):(1,2))",
        &[
            "complement((3,4):(4,1), 120) = 10:12",
            "composition 10:12 ∘ (2,5):(1,2), the grid A* ∘ B",
            "    → (2,5):(12,24)\n",
            "mode i of the result is (A_i, (A* ∘ B)_i)",
        ],
    );
    assert!(out.ends_with("= ((3,2),(4,5)):((4,12),(1,24))\n"), "{out}");
    // Rank-1 B is padded to A's rank 2; the modes past a tiler are kept.
    explains(
        "raked_product((2,2):(1,2), 3:1)",
        &["each padded with 1:0 modes to rank 2"],
    );
    explains(
        "logical_divide((4,6):(1,10), <2:1>)",
        &["  mode 1: 6:10, past the tiler, is kept"],
    );
}

#[test]
fn explain_shows_the_gaps_a_complement_fills() {
    explains(
        "complement((2,2):(1,3), 12)",
        &[
        "  complement((2,2):(1,3), 12) = 2:6\n",
        "    mode 2:3 (smallest stride left): below 3, 1 element at stride 2 (3/2, rounded down); now 6 covered\n",
        "    up to 12: 2 elements at stride 6 (⌈12/6⌉)",
        ],
    );
    assert_eq!(
        cute(&["explain", "complement((2,4):(1,1), 4)"])
            .status
            .code(),
        Some(1)
    );
    // A divide whose complement fails shows the modes taken before the one that fails.
    explains(
        "logical_divide(8:1, (2,2):(1,1))",
        &[
            "  mode 2:1 (smallest stride left)",
            "✗ logical_divide: complement((2,2):(1,1), 8): non-injective layout",
        ],
    );
    explains(
        "complement((2,4):(1,1), 4)",
        &[
            "  mode 2:1 (smallest stride left)",
            "✗ complement((2,4):(1,1), 4): non-injective layout",
        ],
    );
}

#[test]
fn explain_walks_the_modes_of_an_inverse_by_stride() {
    explains(
        "right_inverse((2,4):(2,5))",
        &[
            "  coalesce(L) = (2,4):(2,5): its modes, by increasing stride\n",
            "  mode 2:2 (index stride 1): stride 2 ≠ 1, so offset 1 is never reached",
            "= 1:0\n",
        ],
    );
    explains(
        "left_inverse((4,(2,2)):(2,(1,8)))",
        &[
            "  mode 2:8 (index stride 8): left-inverse divisibility: 2 divides 8 ✓ → inverse mode 4:1",
            "  then inverse mode 2:8, the elements of the largest stride",
            "= (2,4,2):(4,1,8)\n",
        ],
    );
    explains(
        "left_inverse((2,2):(2,3))",
        &["left-inverse divisibility: 2 does not divide 3"],
    );
}

#[test]
fn explain_checks_pointwise_what_the_walk_cannot_show() {
    explains(
        "composition((4,4):(1,8), 2:-5)",
        &[
            "(a negative stride walks A backwards): checking R(i) == A(B(i)) at all 2",
            "✗ not admissible: at index 1",
        ],
    );
}

/// Each block of the guide's chapter on the command (`cute::guide::command`) after
/// `<!-- explain-output -->` is `$ cute explain "EXPR"` and its output. `CUTE_BLESS=1` rewrites
/// the outputs in that file instead of comparing them.
#[test]
fn guide_explain_output_is_current() {
    let guide = doc(COMMAND_GUIDE);
    let mut blessed = guide.clone();
    let blocks: Vec<&str> = guide.split("<!-- explain-output -->").skip(1).collect();
    assert_eq!(blocks.len(), 2);
    for block in blocks {
        let body = text_block(block);
        let (command, shown) = body.split_once('\n').unwrap();
        let expr = command
            .strip_prefix("$ cute explain \"")
            .and_then(|c| c.strip_suffix('"'))
            .expect(command);
        let now = stdout(&cute(&["explain", expr]));
        if std::env::var_os("CUTE_BLESS").is_some() {
            blessed = blessed.replace(body, &format!("{command}\n{now}"));
        } else {
            assert_eq!(
                now, shown,
                "{command} (CUTE_BLESS=1 rewrites {COMMAND_GUIDE})"
            );
        }
    }
    if blessed != guide {
        std::fs::write(doc_path(COMMAND_GUIDE), blessed).unwrap();
    }
}

#[test]
fn morphism_prints_the_diagram_of_the_slides() {
    let o = cute(&["morphism", "(4,6):(1,8)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "(4,6)-[1,3]->(4,2,6)\n\
         \x20 s1 = 4  ->  t1 = 4   stride 1\n\
         \x20 s2 = 6  ->  t3 = 6   stride 8\n\
         \x20             t2 = 2   (not hit)\n"
    );
    // A morphism is drawn as given; `*` entries have stride 0.
    let o = cute(&["morphism", "(8,8,3)-[1,2,*]->(8,8)"]);
    assert!(
        stdout(&o).contains("  s3 = 3  ->  *        stride 0\n"),
        "{}",
        stdout(&o)
    );
    let o = cute(&["morphism", "(4,6):(1,5)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("4·1 does not divide the next stride 5"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn morphism_tikz_is_a_standalone_picture() {
    let o = cute(&["morphism", "--tikz", "((4,8),(2,2)):((32,1),(16,8))"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let tex = stdout(&o);
    assert!(
        tex.starts_with("\\documentclass[tikz]{standalone}\n"),
        "{tex}"
    );
    assert!(
        tex.ends_with("\\end{tikzpicture}\n\\end{document}\n"),
        "{tex}"
    );
    // One arrow per entry, one node per entry of each side, a tree node per tuple.
    assert_eq!(tex.matches("\\draw[|->]").count(), 4, "{tex}");
    assert!(tex.contains("\\draw[|->] (s1) -- (t4);"), "{tex}");
    assert_eq!(tex.matches("\\node[entry]").count(), 8, "{tex}");
    assert_eq!(tex.matches("\\node[mode]").count(), 4, "{tex}");
    let o = cute(&["show", "--tikz", "8:1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn tractable_says_yes_or_names_the_condition() {
    let o = cute(&["tractable", "(4,6):(6,1)"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "yes: (4,6):(6,1) is the layout of (4,6)-[2,1]->(6,4)\n"
    );
    let o = cute(&["tractable", "(2,3,2,3):(12,6,1,2)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("no: is_tractable((2,3,2,3):(12,6,1,2)): not tractable: 3·6 does not divide the next stride 12"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn explain_shows_the_composition_by_morphisms() {
    let out = explains(
        "composition((12,4):(4,1), (4,6):(6,1))",
        &[
            "by morphisms (Colfax, categorical composition):",
            "mutual_refinement((6,4), (12,4)) = ((6,(2,2)), ((6,2),(2,2)))",
            "weak composite g'∘f' = ((2,2),6)-[4,1,3]->((2,2),(6,2))",
            "its layout ((2,2),6):((24,1),4), the same as CuTe's walk",
        ],
    );
    assert!(out.ends_with("= ((2,2),6):((24,1),4)\n"), "{out}");
    explains(
        "composition((6,3):(21,7), 4:3)",
        &["by morphisms (Colfax, categorical composition): does not apply: composition_via_morphisms: mutual_refinement((3,4), (6,3))"],
    );
}

#[test]
fn banks_reports_each_phase_and_lane() {
    let o = cute(&["banks", "(8,64):(64,1)", "(8,8):(1,8)", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("warp 0 phase 0: 8 lanes of 16 bytes, 8 wavefronts (8-way conflict)\n"),
        "{out}"
    );
    assert!(
        out.contains("  lane  1: bytes     128-143  bank   0-3  word 32-35\n"),
        "{out}"
    );
    assert!(out.ends_with("total: 8 wavefronts, conflict-free minimum 1 (8.00x the minimum)\n"));
    let o = cute(&[
        "banks",
        "swizzle_layout(3,3,3,(8,64):(64,1))",
        "(8,8):(1,8)",
        "2",
    ]);
    assert!(stdout(&o).ends_with("total: 1 wavefront, conflict-free minimum 1 (conflict-free)\n"));
    assert_eq!(
        stdout(&cute(&["eval", "bank_conflicts((32,32):(32,1), 32:1, 4)"])),
        "32\n"
    );
    let o = cute(&["banks", "(8,64):(64,1)", "(8,8):(1,8)", "3"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("elem_bytes is not 1, 2, 4, 8 or 16"),
        "{}",
        stderr(&o)
    );
    assert_eq!(cute(&["banks", "8:1"]).status.code(), Some(2));
}

/// The block of the guide's chapter on morphisms (`cute::guide::morphisms`) after
/// `<!-- eval-output -->` is lines `$ cute eval "EXPR"  # note`, each followed by the line it
/// prints.
#[test]
fn guide_eval_output_is_current() {
    let guide = doc(MORPHISMS_GUIDE);
    let block = guide.split("<!-- eval-output -->").nth(1).expect("marker");
    let lines: Vec<&str> = text_block(block).lines().collect();
    assert_eq!(lines.len(), 12);
    for pair in lines.chunks(2) {
        let expr = pair[0]
            .strip_prefix("$ cute eval \"")
            .and_then(|c| c.split('"').next())
            .expect(pair[0]);
        assert_eq!(
            stdout(&cute(&["eval", expr])),
            format!("{}\n", pair[1]),
            "{expr}"
        );
    }
}

#[test]
fn check_ends_with_the_summary_line() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/corpus.jsonl");
    let o = cute(&["check", corpus.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().last().unwrap(), "3347 passed, 0 failed");
    let dir = std::env::temp_dir().join(format!("cute-cli-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.jsonl");
    std::fs::write(
        &bad,
        r#"{"id":"x-1","op":"size","args":["(4,2):(1,4)"],"result":"9"}"#,
    )
    .unwrap();
    let o = cute(&["check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().last().unwrap(), "0 passed, 1 failed");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn readme_main_job_output_is_current() {
    let readme = readme();
    let start = readme.find("<!-- main-job-output -->").expect("marker");
    let body = text_block(&readme[start..]);
    let o = cute(&["show", "zipped_divide((8,16):(20,1), <4:1,8:2>)"]);
    assert_eq!(stdout(&o), body);
}

#[test]
fn awkward_pictures_are_errors_not_panics() {
    for args in [
        vec!["show", "slice((1,1),(4,4):(1,4))"],
        vec!["show", "--tv", "(-2,-3)", "(2,3):(1,2)"],
        vec!["show", "--tv", "(4294967296,4294967296)", "(2,3):(1,2)"],
        vec!["show", "--tv", "(2,2)", "(1073741824,1073741824):(0,0)"],
        vec!["show", "(65536,2):(1,65536)"],
        vec!["show", "size(4:1)"],
    ] {
        let o = cute(&args);
        assert_eq!(
            o.status.code(),
            Some(1),
            "cute {}: {}",
            args.join(" "),
            stderr(&o)
        );
        assert!(
            stderr(&o).starts_with("error:"),
            "cute {}: {}",
            args.join(" "),
            stderr(&o)
        );
    }
}

#[test]
fn isl_prints_one_map_for_a_layout_and_a_swizzled_layout() {
    let o = cute(&["isl", "(4,(2,2)):(2,(1,8))"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{ [c0, c1, c2] -> [o] : o = 2*c0 + c1 + 8*c2 and 0 <= c0 <= 3 and 0 <= c1 <= 1 and \
         0 <= c2 <= 1 }\n"
    );
    let o = cute(&["isl", "swizzle_layout(1, 2, 1, (4,4):(4,1))"]);
    let map = stdout(&o);
    assert_eq!(map.lines().count(), 1, "{map}");
    assert!(
        map.starts_with("{ [c0, c1] -> [o] : o = (4*c0 + c1) + 4*((floor((4*c0 + c1)/4) + "),
        "{map}"
    );
    let o = cute(&["isl", "--index", "8:2"]);
    assert_eq!(stdout(&o), "{ [i] -> [o] : 0 <= i <= 7 and o = 2*(i) }\n");
    // A coordinate layout maps to its coordinates.
    let o = cute(&["isl", "--index", "(4,8):(e1,e0)"]);
    assert_eq!(
        stdout(&o),
        "{ [i] -> [o0, o1] : 0 <= i <= 31 and o0 = floor((i)/4) and o1 = ((i) mod 4) }\n"
    );
    // Not a layout: a typed refusal; --index elsewhere: usage.
    assert_eq!(cute(&["isl", "size(8:2)"]).status.code(), Some(1));
    assert_eq!(cute(&["eval", "--index", "8:2"]).status.code(), Some(2));
}

#[test]
fn eval_inverts_swizzled_layouts() {
    // As CuTe C++ 4.2 prints them (`Sw<3,0,-3> o _0 o (_8,_8):(_8,_1)`).
    let o = cute(&[
        "eval",
        "right_inverse(swizzle_layout(3, 0, 3, (8,8):(8,1)))",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Sw<3,0,-3>o0o(8,8):(8,1)\n");
    let o = cute(&["eval", "eval(left_inverse(swizzle_layout(1, 0, 1, 4:1)))"]);
    assert_eq!(stdout(&o), "[0,1,3,2]\n");
    // Its map for ISL, and a refusal that names the condition.
    let o = cute(&[
        "isl",
        "--index",
        "right_inverse(swizzle_layout(1, 0, 1, 4:1))",
    ]);
    assert!(
        stdout(&o).starts_with("{ [i] -> [o] : 0 <= i <= 3 and o = "),
        "{}",
        stdout(&o)
    );
    let o = cute(&[
        "eval",
        "right_inverse(swizzle_layout(3, 0, 3, (3,8):(8,1)))",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no swizzled layout is the inverse"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn linear_prints_the_bases_table_or_why_not() {
    let o = cute(&["linear", "(4,(2,2)):(2,(1,8))"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "LinearLayout(crd=(index:16),idx=(offset:16),vals=[(2),(4),(1),(8)])\n \
         - index=1 -> (2)\n   index=2 -> (4)\n   index=4 -> (1)\n   index=8 -> (8)\n\
         where out dims are: [offset (size 16)]\nbijective (rank 4 over F2)\n\
         as a layout: (4,2,2):(2,1,8)\n"
    );
    // A swizzled layout: the swizzle applied to each basis.
    let o = cute(&["linear", "swizzle_layout(1, 2, 1, (4,4):(4,1))"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o)
            .starts_with("LinearLayout(crd=(index:16),idx=(offset:16),vals=[(4),(12),(1),(2)])"),
        "{}",
        stdout(&o)
    );
    // And back to CuTe's notation: the same swizzle found again from the bases.
    assert!(
        stdout(&o).ends_with("as a swizzled layout: Sw<1,2,1>o0o(4,4):(4,1)\n"),
        "{}",
        stdout(&o)
    );
    // Modes whose bits overlap: their sum carries, so no linear layout; a typed refusal.
    let o = cute(&["linear", "(2,2):(1,1)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not linear over F2 at mode 1"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn show_draws_swizzled_and_linear_layouts() {
    // A swizzled layout as it is: each cell Sw(L(c)).
    let o = cute(&["show", "swizzle_layout(3,0,3,(8,8):(8,1))"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Sw<3,0,3>o0o(8,8):(8,1)\n"), "{out}");
    assert!(out.contains("\n1 | 9| 8|11|10|13|12|15|14|\n"), "{out}");
    // A linear layout in the notation of Bhaskaracharya et al., *Modeling Layout Abstractions
    // Using Integer Set Relations*, over its two input dimensions.
    let o = cute(&[
        "show",
        "LinearLayout(crd=(4,4),idx=(4,4),vals=[(1,1),(2,2),(0,1),(0,2)])",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\n1 |(1,1)|(1,0)|(1,3)|(1,2)|\n"),
        "{}",
        stdout(&o)
    );
    let o = cute(&[
        "show",
        "--tv",
        "(4,4)",
        "LinearLayout(crd=4,idx=4,vals=[1,2])",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn isl_of_a_linear_layout() {
    let o = cute(&["isl", "LinearLayout(crd=(4,4),idx=4,vals=[1,2,0,0])"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{ [c0, c1] -> [o] : o = ((floor((c0)/1)) mod 2) + 2*((floor((c0)/2)) mod 2) \
         and 0 <= c0 <= 3 and 0 <= c1 <= 3 }\n"
    );
    let o = cute(&["isl", "LinearLayout(crd=3,idx=4,vals=[1])"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not a power of two"), "{}", stderr(&o));
}

#[test]
fn isl_and_show_of_f2_strides() {
    // The swizzled 8x8 layout of Cecka, *CuTe Layout Representation and Algebra*, with F2
    // strides: each output bit a sum mod 2.
    let o = cute(&["isl", "(2,2):(f1,f3)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{ [c0, c1] -> [o] : o = ((floor((c0)/1) + floor((c1)/1)) mod 2) + 2*((floor((c1)/1)) mod 2) \
         and 0 <= c0 <= 1 and 0 <= c1 <= 1 }\n"
    );
    let o = cute(&["show", "(8,8):(f1,f9)"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\n1 | 1| 8|19|26|37|44|55|62|\n"),
        "{}",
        stdout(&o)
    );
    // An integer stride among F2 ones is a typed parse error at its offset.
    let o = cute(&["isl", "(8,8):(f1,9)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("F2 stride"), "{}", stderr(&o));
}

/// The cells of a divide or composition that read past its data are marked in every picture,
/// with a legend, whatever the data's strides; the others are not, and a divide that fits marks
/// nothing.
#[test]
fn cells_past_the_data_are_marked() {
    let trap = "zipped_divide((8,6):(1,8), <4:1,4:1>)";
    let o = cute(&["show", trap]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // Offsets 48 to 63 (16 cells) lie past the 48 elements; 47 does not.
    for k in 48..64 {
        assert!(out.contains(&format!("{k}*|")), "{k} in\n{out}");
    }
    assert_eq!(out.matches("*|").count(), 16, "{out}");
    assert!(out.contains("|47|") || out.contains(" 47|"), "{out}");
    assert!(
        out.contains("* past the data: these cells read beyond a mode of (8,6):(1,8)"),
        "{out}"
    );
    let svg = stdout(&cute(&["svg", trap, "-o", "-"]));
    assert_eq!(svg.matches(r#"data-past="true""#).count(), 16, "{svg}");
    let (_, cells) = parse_svg(&svg);
    assert_eq!(cells.len(), 64);
    assert!(svg.contains(r#"class="legend""#), "{svg}");
    let tex = stdout(&cute(&["latex", trap]));
    assert_eq!(tex.matches("\\draw[red,thick,dashed]").count(), 16, "{tex}");
    assert!(tex.contains("read beyond a mode of"), "{tex}");
    // Row-major data: the 16 reads past mode 1 land on offsets of other rows (6i+6, 6i+7), all
    // but two inside the data's range; they are marked all the same.
    let out = stdout(&cute(&["show", "zipped_divide((8,6):(6,1), <4:1,4:1>)"]));
    assert_eq!(out.matches("*|").count(), 16, "{out}");
    for i in 0..7 {
        assert!(out.contains(&format!("{}*|", 6 * i + 6)), "{i}: {out}");
    }
    // Stride-0 data: the reads past mode 1 are offsets of the data.
    let out = stdout(&cute(&["show", "logical_divide((4,3):(1,0), <_,2:1>)"]));
    assert_eq!(out.matches("*|").count(), 4, "{out}");
    // A composition reading past its data; a divide that fits; a product (no data to leave).
    let o = cute(&["show", "composition(6:1, 8:1)"]);
    assert_eq!(stdout(&o).matches("*|").count(), 2);
    assert!(
        stderr(&o).contains("reads index 7 of 6:1"),
        "{}",
        stderr(&o)
    );
    for fits in [
        "zipped_divide((8,6):(1,8), <4:1,3:1>)",
        "blocked_product(2:1, 3:1)",
    ] {
        let out = stdout(&cute(&["show", fits]));
        assert!(!out.contains('*'), "{fits}:\n{out}");
    }
}

/// A nested mode 1 labels its header lines by mode path; `show --color` paints each cell's fill
/// with ANSI escapes, plain text without it.
#[test]
fn header_lines_are_labelled_and_show_colours_cells() {
    let out = stdout(&cute(&["show", "(2,(2,3)):(1,(2,4))"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1].split_whitespace().next(), Some("1.1"), "{out}");
    assert_eq!(lines[2].split_whitespace().next(), Some("1.0"), "{out}");
    assert_eq!(lines[3].split_whitespace().next(), Some("index"), "{out}");
    let out = stdout(&cute(&["show", "(2,((2,2),3)):(1,((2,4),8))"]));
    assert!(out.contains("1.0.0") && out.contains("1.0.1"), "{out}");
    // Plain modes keep CuTe's single, unlabelled index line.
    let plain = stdout(&cute(&["show", "(2,3):(3,1)"]));
    assert_eq!(plain.lines().nth(1), Some("    0 1 2"), "{plain}");
    assert!(!plain.contains('\x1b'));
    let coloured = stdout(&cute(&["show", "--color", "offset8", "(2,3):(3,1)"]));
    // Offset 4 is grey 4 of CuTe's eight (black!10: 230 of 255).
    assert!(
        coloured.contains("\x1b[48;2;230;230;230m\x1b[38;2;0;0;0m4\x1b[0m|"),
        "{coloured:?}"
    );
    assert_eq!(coloured.matches("\x1b[0m").count(), 6);
    let o = cute(&["show", "--color", "rainbow", "(2,3):(3,1)"]);
    assert_eq!(o.status.code(), Some(2));
}

/// A tiler that does not divide the layout, and a layout where a by-mode tiler was probably
/// meant, get a note on standard error; the result is still printed.
#[test]
fn traps_get_a_note() {
    let o = cute(&["eval", "zipped_divide((8,6):(1,8), <4:1,4:1>)"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "((4,4),(2,2)):((1,8),(4,32))\n");
    assert!(
        stderr(&o).starts_with("note: the tile 4:1 (4 elements) does not divide mode 1"),
        "{}",
        stderr(&o)
    );
    let o = cute(&["show", "logical_divide((12,32):(1,12), (4,8):(1,4))"]);
    assert!(
        stderr(&o).contains("give a tiler: <4:1,8:1>"),
        "{}",
        stderr(&o)
    );
    let o = cute(&["explain", "logical_divide(12:1, 5:1)"]);
    assert!(stderr(&o).contains("3 elements past it"), "{}", stderr(&o));
    let o = cute(&["eval", "zipped_divide((8,6):(1,8), <4:1,3:1>)"]);
    assert_eq!(stderr(&o), "");
}

/// `--color`: CuTe's greys by offset mod 8 by default, its thread pastels with `--tv`, and the
/// other schemes on request; each cell's tooltip names its row, column and label.
#[test]
fn colourings_fill_cells_as_asked() {
    let fills = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["svg"];
        all.extend_from_slice(args);
        all.extend(["-o", "-"]);
        let o = cute(&all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
            .lines()
            .filter(|l| l.starts_with("<rect class=\"cell\""))
            .map(|l| l.split("fill=\"").nth(1).unwrap()[..7].to_owned())
            .collect()
    };
    // Offsets 0..16 of (16):(1) in CuTe's eight greys, twice.
    let grey = fills(&["(16):(1)"]);
    assert_eq!(grey[..3], ["#ffffff", "#999999", "#cccccc"]);
    assert_eq!(grey[0], grey[8]);
    // By row: the cells of a row alike, the rows apart.
    let rows = fills(&["(2,3):(3,1)", "--color", "row"]);
    assert!(rows[0] == rows[2] && rows[0] != rows[3], "{rows:?}");
    let cols = fills(&["(2,3):(3,1)", "--color", "col"]);
    assert!(cols[0] == cols[3] && cols[0] != cols[1], "{cols:?}");
    // Banks of 4-byte elements: offsets 0 and 32 share bank 0; offset 1 is bank 1.
    let banks = fills(&["(33):(1)", "--color", "bank:4"]);
    assert!(banks[0] == banks[32] && banks[0] != banks[1], "{banks:?}");
    // Thread-value pictures: pastels by thread (CuTe's first two), or by value.
    let tv = ["--tv", "(8,8)", "((4,8),2):((16,1),8)"];
    assert_eq!(fills(&tv)[..3], ["#afafff", "#afafff", "#afffaf"]);
    let mut by_value = tv.to_vec();
    by_value.extend(["--color", "value"]);
    let v = fills(&by_value);
    assert!(v[0] != v[1] && v[0] == v[2], "{v:?}");
    // A negative offset is reached: grey by its residue, not the white of an empty cell.
    let negative = fills(&["4:-1"]);
    assert_eq!(negative[1], "#4d4d4d", "{negative:?}");
    let o = cute(&["svg", "8:1", "-o", "-", "--png", "-"]);
    assert_eq!(o.status.code(), Some(2));
    let o = cute(&["svg", "8:1", "--color", "rainbow", "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("offset8, thread"), "{}", stderr(&o));
    let svg = stdout(&cute(&["svg", "(2,2):(2,1)", "-o", "-"]));
    assert!(
        svg.contains("<title>coordinate (1,0), index 1, offset 2</title>"),
        "{svg}"
    );
    // A nested mode: the natural coordinate beside the 2-D one; a thread-value picture: the
    // data index, thread and value.
    let svg = stdout(&cute(&["svg", "((2,2),2):((1,4),2)", "-o", "-"]));
    assert!(
        svg.contains("<title>coordinate (3,1) = ((1,1),1), index 7, offset 7</title>"),
        "{svg}"
    );
    let svg = stdout(&cute(&["svg", "--tv", "(4,4)", "(8,2):(1,8)", "-o", "-"]));
    assert!(
        svg.contains("<title>coordinate (1,2), index 9 = TV(1,1), T1 V1</title>"),
        "{svg}"
    );
}

/// Every colouring in LaTeX and in the text table as in the SVG: by warp (threads 0-31 and
/// 32-63 apart), by row; `--thread T` in LaTeX and SVG; `latex -o -` on standard output.
#[test]
fn colourings_in_latex_and_show_and_one_thread_everywhere() {
    let fills = |args: &[&str]| -> Vec<String> {
        let o = cute(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
            .lines()
            .filter_map(|l| l.strip_prefix("\\node[fill="))
            .map(|l| l.split(']').next().unwrap().to_owned())
            .collect()
    };
    // 64 threads of one value over 8x8 (thread t at data index t, column-major): two warps, two
    // colours, 32 cells each; along a row, columns 0-3 are warp 0 and 4-7 warp 1.
    let warps = fills(&[
        "latex",
        "--color",
        "warp",
        "--tv",
        "(8,8)",
        "((32,2),1):((1,32),0)",
    ]);
    assert_eq!(warps.len(), 64);
    assert!(warps[0] == warps[3] && warps[0] != warps[4], "{warps:?}");
    assert_eq!(warps.iter().filter(|w| **w == warps[0]).count(), 32);
    let rows = fills(&["latex", "--color", "row", "(2,3):(3,1)", "-o", "-"]);
    assert!(rows[0] == rows[2] && rows[0] != rows[3], "{rows:?}");
    // The text table takes the same fills: row 0's cells share one, row 1's another.
    let table = stdout(&cute(&["show", "--color", "row", "(2,3):(3,1)"]));
    let line = |k: usize| table.lines().nth(3 + k).unwrap().to_owned();
    let fill = |l: &str| l.split('m').next().unwrap().to_owned();
    assert_eq!(
        line(0).matches(&fill(&line(0)[3..])).count(),
        3,
        "{table:?}"
    );
    assert_ne!(fill(&line(0)[3..]), fill(&line(1)[3..]), "{table:?}");
    // By bank: the 33 cells, then a legend of the 32 banks they lie in.
    let bank = stdout(&cute(&["show", "--color", "bank:4", "(33):(1)"]));
    let (table, legend) = bank.split_once("\nbank ").unwrap();
    assert_eq!(table.matches("\x1b[0m").count(), 33, "{bank:?}");
    assert_eq!(legend.matches("\x1b[0m").count(), 32, "{bank:?}");
    // One thread in LaTeX and SVG: its two values, nothing of the others.
    let tv = ["--tv", "(4,4)", "(8,2):(1,8)", "--thread", "3"];
    let tex = stdout(&cute(&[&["latex"][..], &tv].concat()));
    assert_eq!(tex.matches("{T3 \\\\ V").count(), 2, "{tex}");
    assert!(!tex.contains("{T2 "), "{tex}");
    let svg = stdout(&cute(&[&["svg"][..], &tv, &["-o", "-"]].concat()));
    assert_eq!(svg.matches(">T3 V").count(), 2, "{svg}");
    assert!(!svg.contains(">T2 V"), "{svg}");
}

/// `--thread T` leaves one thread's elements of a thread-value picture; nested modes get thick
/// lines between their blocks in the SVG.
#[test]
fn one_thread_and_block_boundaries() {
    let o = cute(&["show", "--tv", "(4,4)", "(8,2):(1,8)", "--thread", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert_eq!(table.matches("T3 V").count(), 2, "{table}");
    assert!(!table.contains("T2 "), "{table}");
    assert_eq!(
        cute(&["show", "--thread", "3", "8:1"]).status.code(),
        Some(2)
    );
    // Threads that share elements (thread stride 0): thread 2 still sees both of its values.
    let o = cute(&["show", "--tv", "(2,1)", "(4,2):(0,1)", "--thread", "2"]);
    let table = stdout(&o);
    assert_eq!(table.matches("T2 V").count(), 2, "{table}");
    let o = cute(&["show", "--tv", "(4,4)", "(8,2):(1,8)", "--thread", "8"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("threads 0 to 7"), "{}", stderr(&o));
    // A blocked product of 3x4 blocks over 2x5: lines after rows 3 and columns 4, 8, 12, 16.
    let svg = stdout(&cute(&[
        "svg",
        "blocked_product((3,4):(4,1), (2,5):(1,2))",
        "-o",
        "-",
    ]));
    assert_eq!(svg.matches("<line class=\"block\"").count(), 1 + 4, "{svg}");
    let plain = stdout(&cute(&["svg", "(4,4):(4,1)", "-o", "-"]));
    assert!(!plain.contains("<line"), "{plain}");
    // Blocks of a deeper mode are its first part: ((2,2),3) rows split every 4; a first part of
    // one element draws nothing.
    let deep = stdout(&cute(&["svg", "(((2,2),3),2):(((1,2),4),12)", "-o", "-"]));
    assert_eq!(deep.matches("<line class=\"block\"").count(), 2, "{deep}");
    let unit = stdout(&cute(&["svg", "((1,8),2):((0,1),8)", "-o", "-"]));
    assert!(!unit.contains("<line"), "{unit}");
}

/// `--png -` writes the PNG's bytes to standard output as they are; a trap note on a layout of
/// `i64::MAX` elements neither overflows nor panics.
#[test]
fn a_png_on_standard_output_and_a_note_at_the_limit() {
    let o = cute(&["svg", "(2,2):(2,1)", "--png", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(&o.stdout[..8], b"\x89PNG\r\n\x1a\n");
    let info = png::Decoder::new(std::io::Cursor::new(o.stdout))
        .read_info()
        .unwrap();
    assert!(info.info().width > 0);
    let o = cute(&["explain", "logical_divide(9223372036854775807:1, 2:1)"]);
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    assert!(stderr(&o).contains("1 element past it"), "{}", stderr(&o));
}

/// `explain` traces a divide by a shape, `_` included, as `eval` takes it.
#[test]
fn explain_takes_a_shape_as_a_tiler() {
    let o = cute(&["explain", "logical_divide((12,32):(1,12),(_,16))"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("mode 0: 12:1, under `_`, is kept as it is"),
        "{out}"
    );
    assert!(out.ends_with("= (12,(16,2)):(1,(12,192))\n"), "{out}");
}

/// `cute ARGS` with `input` on standard input.
fn cute_with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    let out = stdout(o);
    assert_eq!(out.lines().count(), 1, "one line: {out}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn eval_json_gives_the_value_and_its_keys() {
    let j = json(&cute(&[
        "eval",
        "--json",
        "zipped_divide((8,16):(16,1), (4,8))",
    ]));
    assert_eq!(
        j,
        serde_json::json!({"value": "((4,8),(2,2)):((16,1),(64,8))", "kind": "layout",
                           "shape": "((4,8),(2,2))", "stride": "((16,1),(64,8))", "rank": 2,
                           "depth": 2, "size": 128, "cosize": 128})
    );
    // `value` is what `cute eval` prints.
    for expr in [
        "size((4,8):(1,4))",
        "(_4,_8):(_1,_4)",
        "<4:1,_>",
        "eval(3:2)",
        "swizzle(3,3,3)",
        "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
        "(8,8):(e0,e1)",
    ] {
        let j = json(&cute(&["eval", "--json", expr]));
        let plain = stdout(&cute(&["eval", expr]));
        assert_eq!(j["value"], plain.trim_end(), "{expr}");
        assert!(j["kind"].is_string(), "{expr}: {j}");
    }
    let j = json(&cute(&["eval", "--json", "size((4,8):(1,4))"]));
    assert_eq!(
        (j["kind"].as_str(), j["int"].as_i64()),
        (Some("int"), Some(32))
    );
    let j = json(&cute(&["eval", "--json", "Sw<3,3,3>o0o(8,64):(64,1)"]));
    assert_eq!(j["kind"], "swizzled_layout");
    assert_eq!(j["swizzle"], "Sw<3,3,3>");
    assert_eq!(j["offset"], 0);
    assert_eq!(
        (j["shape"].as_str(), j["size"].as_i64()),
        (Some("(8,64)"), Some(512))
    );
    // Errors stay on standard error, with status 1; the schema is in the help.
    let o = cute(&["eval", "--json", "size((4,2):(1,(2,2)))"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    let help = stdout(&cute(&["eval", "--help"]));
    for key in [
        "--json",
        "value",
        "shape",
        "stride",
        "size",
        "cosize",
        "swizzled_layout",
    ] {
        assert!(help.contains(key), "{key} in\n{help}");
    }
}

#[test]
fn expressions_from_standard_input_and_files() {
    let o = cute_with_stdin(&["eval", "-"], "composition((4,6,8,10):(2,3,5,7), 6:12)\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "(2,3):(9,5)\n");
    let j = json(&cute_with_stdin(&["eval", "--json", "-"], "(4,8):(1,4)"));
    assert_eq!(j["size"], 32);

    let dir = std::env::temp_dir().join(format!("cute-cli-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("layout.txt");
    let literal = "zipped_divide((8,16):(16,1), <4:1,8:2>)";
    std::fs::write(&file, format!("{literal}\n")).unwrap();
    let at = format!("@{}", file.display());
    for cmd in ["eval", "show", "explain", "isl", "linear"] {
        let from_file = cute(&[cmd, &at]);
        assert!(from_file.status.success(), "{cmd}: {}", stderr(&from_file));
        assert_eq!(stdout(&from_file), stdout(&cute(&[cmd, literal])), "{cmd}");
        let from_stdin = cute_with_stdin(&[cmd, "-"], literal);
        assert_eq!(stdout(&from_stdin), stdout(&cute(&[cmd, literal])), "{cmd}");
    }
    // Spread over lines, as a file written by hand may be.
    std::fs::write(&file, "zipped_divide((8,16):(16,1),\n    <4:1,8:2>)\n").unwrap();
    for cmd in ["eval", "show"] {
        assert_eq!(
            stdout(&cute(&[cmd, &at])),
            stdout(&cute(&[cmd, literal])),
            "{cmd}"
        );
    }
    // `cute banks` reads each of its arguments so, standard input at most once.
    let s = dir.join("s.txt");
    std::fs::write(&s, "composition(swizzle(3,3,3), (8,64):(64,1))").unwrap();
    let s = format!("@{}", s.display());
    let banks = cute_with_stdin(&["banks", &s, "-", "2"], "(8,8):(1,8)");
    assert!(banks.status.success(), "{}", stderr(&banks));
    assert_eq!(
        stdout(&banks),
        stdout(&cute(&[
            "banks",
            "composition(swizzle(3,3,3), (8,64):(64,1))",
            "(8,8):(1,8)",
            "2"
        ]))
    );
    assert_eq!(
        cute_with_stdin(&["banks", "-", "-", "2"], "8:1")
            .status
            .code(),
        Some(2)
    );
    // An error in a file's expression shows its line, the caret under the offending character.
    std::fs::write(&file, "coalesce(\n  (4,2):(1,(2,2)))\n").unwrap();
    let o = cute(&["eval", &at]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1], "    (4,2):(1,(2,2)))", "{err}");
    assert_eq!(lines[2], "          ^", "{err}");
    // A file that is not there is an error naming it.
    let missing = dir.join("missing.txt");
    let o = cute(&["eval", &format!("@{}", missing.display())]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("missing.txt"), "{}", stderr(&o));
    // `cute check -` reads the corpus from standard input.
    let corpus: String = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/corpus.jsonl"),
    )
    .unwrap()
    .lines()
    .take(5)
    .flat_map(|l| [l, "\n"])
    .collect();
    let o = cute_with_stdin(&["check", "-"], &corpus);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(
        stdout(&o).ends_with("5 passed, 0 failed\n"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = cute(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for word in ["cute", "eval", "show", "json"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    assert_eq!(cute(&["completions", "tcsh"]).status.code(), Some(2));
}

/// What CuTe's `print` writes reads back: `_4` for a static 4, `Sw<B,M,S> o _0 o L`; a tiler's
/// `_` reads the same in angle brackets and as a shape.
#[test]
fn cute_printed_notation_reads_back() {
    let show = |e: &str| {
        let o = cute(&["show", e]);
        assert!(o.status.success(), "{e}: {}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(show("(_4,_8):(_1,_4)"), show("(4,8):(1,4)"));
    assert_eq!(
        show("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"),
        show("composition(swizzle(3,3,3), (8,64):(64,1))")
    );
    let eval = |e: &str| {
        let o = cute(&["eval", e]);
        // The first line names the operation and its operands, as they were read.
        let err = stderr(&o).lines().next().unwrap_or("").to_owned();
        (o.status.code(), stdout(&o), err)
    };
    for e in [
        "Sw<3,3,3>o0o(8,64):(64,1)",
        "Sw<3,3,3>o_0o(8,64):(64,1)",
        "Sw<3,3,3> \u{2218} _0 \u{2218} (8,64):(64,1)",
    ] {
        assert_eq!(eval(e).1, "Sw<3,3,3>o0o(8,64):(64,1)\n", "{e}");
    }
    for (a, op) in [
        ("(8,16):(16,1)", "zipped_divide"),
        ("(8,16):(16,1)", "logical_divide"),
        ("(8,(4,4)):(16,(1,4))", "zipped_divide"),
    ] {
        let angle = format!("{op}({a}, <4:1,_>)");
        let shape = format!("{op}({a}, (4,_))");
        assert_eq!(eval(&angle), eval(&shape), "{angle} and {shape}");
    }
    // A syntax error in CuTe's notation points at its first offending character.
    let o = cute(&["eval", "Sw<3,3,3> o _0 x (8,64):(64,1)"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[2], "                 ^", "{err}");
}
