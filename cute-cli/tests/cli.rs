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
}

#[test]
fn usage_errors_exit_2_and_help_shows_examples() {
    assert_eq!(cute(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(cute(&["svg", "8:1"]).status.code(), Some(2));
    let help = stdout(&cute(&["--help"]));
    assert!(help.contains("EXAMPLES:") && help.contains("cute explain"));
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

#[test]
fn svg_has_one_labelled_cell_per_element_and_png_is_a_png() {
    let dir = std::env::temp_dir().join(format!("cute-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, png) = (dir.join("b.svg"), dir.join("b.png"));
    let o = cute(&[
        "svg",
        "blocked_product((3,4):(4,1), (2,5):(1,2))",
        "-o",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    assert_eq!(text.matches(r#"<rect class="cell""#).count(), 120);
    let labels: Vec<i64> = text
        .lines()
        .filter(|l| l.contains(r#"class="label""#))
        .map(|l| {
            l.rsplit_once('>')
                .unwrap()
                .0
                .rsplit_once('>')
                .unwrap()
                .1
                .split('<')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    let mut sorted = labels.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        (0..120).collect::<Vec<_>>(),
        "each offset labels one cell"
    );
    assert_eq!(&labels[..5], [0, 1, 2, 3, 24], "row 0 of Figure 10");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let info = decoder.read_info().unwrap();
    assert!(info.info().width > 500 && info.info().height > 150);
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
    assert!(out.trim_end().ends_with("= (2,3):(9,5)"), "{out}");
    let o = cute(&["explain", "composition((4,6,8):(2,3,5), 6:3)"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("3 does not divide 4 and the elements overrun it"),
        "{out}"
    );
    assert!(
        out.contains("✗ composition (4,6,8):(2,3,5) ∘ 6:3: stride divisibility"),
        "{out}"
    );
    let out = stdout(&cute(&[
        "explain",
        "logical_divide((8,16):(20,1), <4:1,8:2>)",
    ]));
    assert!(
        out.contains("complement: 2:4") && out.contains("mode 1: 16:1 with 8:2"),
        "{out}"
    );
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
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let start = readme.find("<!-- main-job-output -->").expect("marker");
    let block = &readme[start..];
    let body = block
        .split("```text\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
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
