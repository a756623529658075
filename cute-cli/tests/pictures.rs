//! `--mma` and `--copy`: the pictures of tiled operations as CuTe's `print_latex(TiledMMA)` and
//! `print_latex(TiledCopy)` draw them, in LaTeX and as text.

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

const FMA: &str = "make_tiled_mma(UniversalFMA<float>, (2,2,1):(1,2,0))";
const SM80: &str = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))";
const COPY: &str =
    "make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, float>, (4,2):(1,4), (2,1):(1,0))";

#[test]
fn latex_mma_draws_c_a_and_b() {
    let o = cute(&["latex", "--mma", SM80]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc = stdout(&o);
    assert!(doc.contains("\\begin{tikzpicture}") && doc.contains("\\end{document}"));
    // Every element of C (32x16), A (32x16) and B (16x16) once, each a thread and a value.
    assert_eq!(
        doc.matches("\\node[fill=").count(),
        32 * 16 + 32 * 16 + 16 * 16,
        "{doc}"
    );
    assert!(doc.contains("\\shortstack{T0 \\\\ V0}"));
    let caption = "C (32$\\times$16) in the middle, A (32$\\times$16) to its left, \
                   B (16$\\times$16) above";
    assert!(doc.contains(caption), "{doc}");
}

#[test]
fn latex_copy_draws_source_and_destination() {
    let o = cute(&["latex", "--copy", COPY]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc = stdout(&o);
    assert!(doc.contains("\\begin{tikzpicture}"));
    assert_eq!(doc.matches("\\node[fill=").count(), 2 * 8 * 2);
    assert!(doc.contains("S (8$\\times$2) on the left, D (8$\\times$2) on the right"));
}

#[test]
fn show_mma_prints_the_panels_as_text() {
    let o = cute(&["show", "--mma", FMA]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    // Thread t of the 2x2 threads owns C(t % 2, t / 2); A's rows and B's columns follow.
    let want = "C (2×2)\n      0    1\n0  T0V0 T2V0\n1  T1V0 T3V0\n\n\
                A (2×1)\n      0\n0  T0V0\n1  T1V0\n\n\
                B (1×2)\n      0    1\n0  T0V0 T2V0\n\n";
    assert_eq!(text, want);
}

#[test]
fn svg_mma_draws_every_cell_and_a_png() {
    let dir = std::env::temp_dir().join(format!("cute-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, png) = (dir.join("mma.svg"), dir.join("mma.png"));
    let o = cute(&[
        "svg",
        "--mma",
        FMA,
        "-o",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(doc.matches("<rect x=").count(), 4 + 2 + 2);
    assert!(doc.contains("thread 3 value 0 at (1,1)"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_value_that_is_no_tiled_operation_is_refused() {
    let o = cute(&["latex", "--mma", "(4,8):(1,4)"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("a tiled MMA"), "{err}");
    let huge = "make_tiled_mma(UniversalFMA<float>, (1,1,1):(0,0,0), <4611686018427387904:1,_,_>)";
    let o = cute(&["latex", "--mma", huge]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("at most 16384 are drawn"));
    let o = cute(&["show", "--copy", SM80]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("a tiled copy"));
}

#[test]
fn a_file_named_for_the_other_format_is_refused() {
    for args in [
        ["svg", "(4,8):(1,4)", "-o", "x.png"],
        ["svg", "(4,8):(1,4)", "--png", "x.svg"],
    ] {
        let o = cute(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("names a"), "{err}");
        assert!(!std::path::Path::new(args[3]).exists());
    }
}

#[test]
fn a_colouring_by_thread_of_a_layout_is_refused() {
    for cmd in ["show", "latex"] {
        for scheme in ["thread", "value", "warp"] {
            let o = cute(&[cmd, "--color", scheme, "(4,8):(1,4)"]);
            assert_eq!(o.status.code(), Some(2), "{cmd} {scheme}");
            assert!(String::from_utf8_lossy(&o.stderr).contains("(--tv SHAPE)"));
        }
    }
    let o = cute(&["svg", "--color", "thread", "(4,8):(1,4)", "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    let ok = cute(&[
        "show",
        "--color",
        "thread",
        "--tv",
        "(8,8)",
        "((4,8),2):((16,1),8)",
    ]);
    assert!(ok.status.success());
}
