//! The mixed layouts against `cute-core` on the oracle corpus: `mixed_corpus_cases.rs` is
//! generated from `tests/data/corpus.jsonl` by [`generated`], each case with its leaves turned
//! runtime at random (seeded by the case id, so a case keeps its leaves when others change),
//! checked in, and kept current by `generated_cases_are_current`. Bless after a change with
//! `CUTE_BLESS=1 cargo test --test corpus mixed_corpus`.
//!
//! Each case runs the mixed operation and `cute-core`'s on the same values ([`check`]): both
//! fail with the same reason, or both succeed with layouts equal at every index and equal after
//! coalescing each mode.

use std::fmt::Write as _;
use std::path::Path;

use cute::cute_static::Layout;
use cute::{Error, IntTuple};
use serde_json::Value as Json;

// What the static operators accept (a walk that alone proves the result exact) decides which
// cases have a static type here too.
use crate::static_corpus::{divide_proved, layouts, padded_product_proved, product_proved, proved};

/// A deterministic generator (xorshift64*), seeded from a case id.
struct Rng(u64);

impl Rng {
    fn new(id: &str) -> Rng {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in id.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn coin(&mut self) -> bool {
        self.next() >> 63 == 1
    }
}

/// The integers of a notation, in order, with their byte ranges.
fn integers(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() || (b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let start = i;
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// `s` with the integers whose index is in `dynamic` written as runtime leaves `{v}`.
fn with_runtime(s: &str, dynamic: &[bool]) -> String {
    let mut out = String::new();
    let mut last = 0;
    for (k, &(a, b)) in integers(s).iter().enumerate() {
        out.push_str(&s[last..a]);
        if dynamic[k] {
            let _ = write!(out, "{{{}}}", &s[a..b]);
        } else {
            out.push_str(&s[a..b]);
        }
        last = b;
    }
    out.push_str(&s[last..]);
    out
}

/// Layouts of at most 8 modes a tuple, 32 leaves, and integers that fit typenum where static.
fn supported(s: &str) -> bool {
    let mut stack = vec![0usize];
    let mut widest = 0;
    for c in s.chars() {
        match c {
            '(' | '<' => stack.push(1),
            ',' => *stack.last_mut().unwrap() += 1,
            ')' | '>' => widest = widest.max(stack.pop().unwrap()),
            _ => {}
        }
    }
    widest <= 8 && integers(s).len() <= 64
}

/// The leaves of an operand: how many, and which must be runtime (negative values).
fn must_be_runtime(s: &str) -> Vec<bool> {
    integers(s)
        .iter()
        .map(|&(a, _)| s.as_bytes()[a] == b'-')
        .collect()
}

/// Random runtime leaves for the operands `args` (one mask per operand): negative values are
/// always runtime, and at least one leaf is, so the case takes the mixed path.
fn masks(id: &str, args: &[&str]) -> Vec<Vec<bool>> {
    let mut rng = Rng::new(id);
    let mut masks: Vec<Vec<bool>> = args
        .iter()
        .map(|a| {
            must_be_runtime(a)
                .into_iter()
                .map(|m| m || rng.coin())
                .collect()
        })
        .collect();
    if masks.iter().all(|m| !m.contains(&true)) {
        let total: usize = masks.iter().map(Vec::len).sum();
        let mut pick = (rng.next() % total as u64) as usize;
        for m in &mut masks {
            if pick < m.len() {
                m[pick] = true;
                break;
            }
            pick -= m.len();
        }
    }
    masks
}

/// The Rust expression of a mixed layout operand.
fn layout_expr(notation: &str, mask: &[bool]) -> String {
    let n = with_runtime(notation, mask);
    if mask.contains(&true) {
        format!("layout!({n}).unwrap()")
    } else {
        format!("layout!({n})")
    }
}

/// The Rust expression of a mixed tiler operand.
fn tiler_expr(notation: &str, mask: &[bool]) -> String {
    let n = with_runtime(notation, mask);
    if mask.contains(&true) {
        format!("tiler!({n}).unwrap()")
    } else {
        format!("tiler!({n})")
    }
}

/// The number of leaves of a layout in notation.
fn leaves(notation: &str) -> usize {
    integers(notation).len() / 2
}

/// Whether a composition of `A` with the layout `B` fits the mixed path's capacity: the walk
/// gives each leaf of `B` one mode per leaf of `A`, at most 8 modes and 32 leaves in all.
fn walk_fits(a: &str, b: &str) -> bool {
    leaves(a) <= 8 && leaves(a) * leaves(b) <= 32
}

/// A flat tiler (no nested tiler) whose tiles each fit the mixed path over their mode of `a`
/// (`fits`), and whose all-static modes the static operator accepts (`accepts`).
fn tiler_fits(a: &str, t: &str, ma: &[bool], mt: &[bool], op: &Op) -> bool {
    let (Ok(a), Some(inner)) = (
        a.parse::<cute::Layout>(),
        t.strip_prefix('<').and_then(|t| t.strip_suffix('>')),
    ) else {
        return false;
    };
    if inner.contains('<') {
        return false;
    }
    let tiler: cute::Tiler = t.parse().unwrap();
    // Leaves of each mode of `a` and each tile, to split the masks.
    let (mut at, mut tt, mut total) = (0usize, 0usize, 0usize);
    let rest: usize = a
        .modes()
        .skip(tiler.rank())
        .map(|m| leaves(&m.to_string()))
        .sum();
    tiler.rank() <= a.rank()
        && tiler.tiles().enumerate().all(|(i, tile)| {
            let (Some(m), cute::Tile::Layout(tl)) = (a.mode(i), tile) else {
                return false;
            };
            let (ms, ts) = (m.to_string(), tl.to_string());
            let (na, nt) = (2 * leaves(&ms), 2 * leaves(&ts));
            let static_mode = !ma[at..at + na].contains(&true) && !mt[tt..tt + nt].contains(&true);
            at += na;
            tt += nt;
            total += leaves(&ms) * (2 * leaves(&ts) + 1);
            if static_mode {
                (op.accepts)(&ms, &ts)
            } else {
                (op.fits)(&ms, &ts)
            }
        })
        && total + rest <= 32
}

/// Whether a divide of `A` by the layout `T` fits the mixed path: the walk over `A` of the
/// leaves of `T` and of its complement (at most one more leaf than `T`).
fn divide_fits(a: &str, t: &str) -> bool {
    leaves(a) <= 8 && leaves(t) < 8 && leaves(a) * (2 * leaves(t) + 1) <= 32
}

/// Whether a product of `A` by `B` fits the mixed path: `B` walked over the complement of `A`
/// (at most one more leaf than `A`).
fn product_fits(a: &str, b: &str) -> bool {
    leaves(a) < 8 && leaves(a) + leaves(b) * (leaves(a) + 1) <= 32
}

/// Whether a tiled or flat product fits: its spread modes are at most the 8 modes of a tuple.
fn product_spread_fits(a: &str, b: &str) -> bool {
    product_fits(a, b) && leaves(a) + leaves(b) * (leaves(a) + 1) <= 8
}

/// Whether a blocked or raked product fits: as a product, of the layouts padded to the same
/// rank.
fn padded_product_fits(a: &str, b: &str) -> bool {
    let (la, lb) = layouts(a, b);
    let r = la.rank().max(lb.rank());
    product_fits(
        &la.append_to_rank(r).unwrap().to_string(),
        &lb.append_to_rank(r).unwrap().to_string(),
    )
}

/// Whether a tiled or flat divide fits: its spread modes, at most one per result leaf, are at
/// most the 8 modes of a tuple.
fn spread_fits(a: &str, t: &str) -> bool {
    divide_fits(a, t) && leaves(a) * (2 * leaves(t) + 1) <= 8
}

/// An operation of the generated tests: its name in `cute-static` and `cute::expr`, which
/// all-static operands the static operator accepts, and which mixed ones fit the mixed path.
struct Op {
    name: &'static str,
    accepts: fn(&str, &str) -> bool,
    fits: fn(&str, &str) -> bool,
    /// Whether the result spreads modes to the top level (tiled and flat): with runtime
    /// padding, its top-level modes may split differently from `cute-core`'s.
    spreads: bool,
}

/// The operations on a layout and a layout or a tiler.
const OPS: [Op; 11] = [
    Op {
        name: "composition",
        spreads: false,
        accepts: proved,
        fits: walk_fits,
    },
    Op {
        name: "logical_divide",
        spreads: false,
        accepts: divide_proved,
        fits: divide_fits,
    },
    Op {
        name: "zipped_divide",
        spreads: false,
        accepts: divide_proved,
        fits: divide_fits,
    },
    Op {
        name: "tiled_divide",
        spreads: true,
        accepts: divide_proved,
        fits: spread_fits,
    },
    Op {
        name: "flat_divide",
        spreads: true,
        accepts: divide_proved,
        fits: spread_fits,
    },
    Op {
        name: "logical_product",
        spreads: false,
        accepts: product_proved,
        fits: product_fits,
    },
    Op {
        name: "zipped_product",
        spreads: false,
        accepts: product_proved,
        fits: product_fits,
    },
    Op {
        name: "tiled_product",
        spreads: true,
        accepts: product_proved,
        fits: product_spread_fits,
    },
    Op {
        name: "flat_product",
        spreads: true,
        accepts: product_proved,
        fits: product_spread_fits,
    },
    Op {
        name: "blocked_product",
        spreads: false,
        accepts: padded_product_proved,
        fits: padded_product_fits,
    },
    Op {
        name: "raked_product",
        spreads: false,
        accepts: padded_product_proved,
        fits: padded_product_fits,
    },
];

/// Whether a static layout's complement is defined (injective): a static operand of a
/// complement or a product must be, or the static gaps do not compile.
fn injective(l: &str) -> bool {
    cute::cute_core::complement_cosize(&l.parse().unwrap()).is_ok()
}

/// The most leaves the runtime result of an operation on a layout of `n` leaves has.
type MostLeaves = fn(usize) -> usize;

/// The operations on one layout, with the most leaves their runtime result has.
const UNARY: [(&str, MostLeaves); 3] = [
    ("coalesce", |n| n),
    ("right_inverse", |n| n),
    ("left_inverse", |n| n + 1),
];

/// A corpus record's id, op and arguments (all strings).
fn record(r: &Json) -> Option<(&str, &str, Vec<&str>)> {
    let args = r["args"]
        .as_array()?
        .iter()
        .map(Json::as_str)
        .collect::<Option<Vec<_>>>()?;
    Some((r["id"].as_str()?, r["op"].as_str()?, args))
}

/// One generated test, `fn name()`, that runs its cases: one small function each (a function
/// per case keeps the compiler's per-function work small).
fn section(out: &mut String, name: &str, cases: &[(String, String)]) {
    let n = cases.len();
    let _ = write!(
        out,
        "\n#[test]\nfn {name}() {{\n    let cases: [fn(); {n}] = [\n"
    );
    for (id, _) in cases {
        let _ = writeln!(out, "        {},", fn_name(id));
    }
    out.push_str("    ];\n    for case in cases {\n        case();\n    }\n}\n");
    for (id, line) in cases {
        let _ = writeln!(out, "fn {}() {{ {line} }}", fn_name(id));
    }
}

/// The function of a case: its id in snake case.
fn fn_name(id: &str) -> String {
    id.replace('-', "_")
}

/// The generated test module.
fn generated() -> String {
    let mut out = String::from(
        "// @generated by tests/corpus/mixed_corpus.rs from tests/data/corpus.jsonl; do not edit.\n\n\
         #![allow(clippy::too_many_lines, reason = \"generated: one line per corpus case\")]\n\n\
         use cute::cute_static as st;\n\
         use cute::{layout, shape, tiler};\n\n\
         use super::{check, check_int, check_spread};\n",
    );
    let records: Vec<Json> = include_str!("../data/corpus.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let records: Vec<_> = records.iter().filter_map(record).collect();
    for op in &OPS {
        let mut with_layout = Vec::new();
        let mut with_tiler = Vec::new();
        for (id, name, args) in &records {
            let [a, b] = args.as_slice() else {
                continue;
            };
            if *name != op.name || !supported(a) || !supported(b) {
                continue;
            }
            let m = masks(id, &[a, b]);
            let check = if op.spreads { "check_spread" } else { "check" };
            let call = |second: String| {
                (
                    id.to_string(),
                    format!(
                        "{check}(\"{id}\", \"{name}({a}, {b})\", st::{name}(&{}, &{second}));",
                        layout_expr(a, &m[0]),
                    ),
                )
            };
            if b.starts_with('<') {
                if tiler_fits(a, b, &m[0], &m[1], op) {
                    with_tiler.push(call(tiler_expr(b, &m[1])));
                }
            } else if (op.fits)(a, b)
                && (!op.name.contains("product") || m[0].contains(&true) || injective(a))
            {
                with_layout.push(call(layout_expr(b, &m[1])));
            }
        }
        section(
            &mut out,
            &format!("{}_matches_cute_core", op.name),
            &with_layout,
        );
        section(
            &mut out,
            &format!("{}_with_a_tiler_matches_cute_core", op.name),
            &with_tiler,
        );
    }
    unary_sections(&mut out, &records);
    complement_section(&mut out, &records);
    query_section(&mut out, &records);
    out
}

/// A corpus record: id, op, arguments.
type Record<'a> = (&'a str, &'a str, Vec<&'a str>);

/// The operations on one layout.
fn unary_sections(out: &mut String, records: &[Record<'_>]) {
    for (name, most) in UNARY {
        let cases: Vec<_> = records
            .iter()
            .filter_map(|(id, op, args)| {
                let [a] = args.as_slice() else { return None };
                (*op == name && supported(a) && most(leaves(a)) <= 8).then(|| {
                    let m = masks(id, &[a]);
                    (
                        id.to_string(),
                        format!(
                            "check(\"{id}\", \"{name}({a})\", st::{name}(&{}));",
                            layout_expr(a, &m[0])
                        ),
                    )
                })
            })
            .collect();
        section(out, &format!("{name}_matches_cute_core"), &cases);
    }
}

/// `complement` with a cotarget.
fn complement_section(out: &mut String, records: &[Record<'_>]) {
    let complement: Vec<_> = records
        .iter()
        .filter_map(|(id, op, args)| {
            let [l, c] = args.as_slice() else { return None };
            if *op != "complement" || !supported(l) || !supported(c) || leaves(l) >= 8 {
                return None;
            }
            let m = masks(id, &[l, c]);
            // A static `L` gets its gaps checked by the compiler.
            if !m[0].contains(&true) && !injective(l) {
                return None;
            }
            let cotarget = with_runtime(c, &m[1]);
            let cotarget = if m[1].contains(&true) {
                format!("shape!({cotarget}).unwrap()")
            } else {
                format!("shape!({cotarget})")
            };
            Some((
                id.to_string(),
                format!(
                    "check(\"{id}\", \"complement({l}, {c})\", st::complement(&{}, &{cotarget}));",
                    layout_expr(l, &m[0])
                ),
            ))
        })
        .collect();
    section(out, "complement_matches_cute_core", &complement);
}

/// `size`, `cosize` and evaluation at every index.
fn query_section(out: &mut String, records: &[Record<'_>]) {
    let queries: Vec<_> = records
        .iter()
        .filter_map(|(id, op, args)| {
            let [l] = args.as_slice() else { return None };
            let query = match *op {
                "size" => "l.size()",
                "cosize" => "l.cosize()",
                "eval" => "(0..l.size()).map(|i| l.offset(i)).collect::<Vec<_>>()",
                _ => return None,
            };
            supported(l).then(|| {
                let m = masks(id, &[l]);
                (
                    id.to_string(),
                    format!(
                        "let l = {}; check_int(\"{id}\", \"{op}({l})\", &{query});",
                        layout_expr(l, &m[0])
                    ),
                )
            })
        })
        .collect();
    section(out, "queries_match_cute_core", &queries);
}

/// A query's value against `cute-core`'s value of `expr` (an integer or a list of offsets).
pub(crate) fn check_int(id: &str, expr: &str, got: &dyn std::fmt::Debug) {
    let want = cute::expr::eval(expr).unwrap();
    let want = match want {
        cute::expr::Value::Int(v) => format!("{v}"),
        cute::expr::Value::List(v) => format!("{v:?}"),
        other => panic!("{id}: {expr} gives {other}"),
    };
    assert_eq!(format!("{got:?}"), want, "{id}: {expr}");
}

/// A layout's top-level modes, each coalesced (the whole layout when it is depth 0).
fn coalesced_modes(l: &cute::Layout) -> String {
    if l.shape().is_int() {
        return cute::coalesce(l).unwrap().to_string();
    }
    let profile = IntTuple::flat(&vec![1; l.rank()]).unwrap();
    cute::coalesce_by(l, &profile).unwrap().to_string()
}

/// The mixed result `got` of case `id` against `cute-core`'s value of `expr`: the same error
/// reason, or layouts of the same size, equal at every index (up to 2^16) and equal after
/// coalescing each top-level mode (the whole layout when the ranks differ).
pub(crate) fn check<S, D>(id: &str, expr: &str, got: Result<Layout<S, D>, Error>)
where
    S: cute::cute_static::ShapeTuple + cute::cute_static::Congruent<D>,
    D: cute::cute_static::IntTupleType,
{
    check_lowered(id, expr, &got.map(|l| l.to_dynamic()), true);
}

/// [`check`] for a result that spreads modes to the top level: equal after coalescing the whole
/// layout.
pub(crate) fn check_spread<S, D>(id: &str, expr: &str, got: Result<Layout<S, D>, Error>)
where
    S: cute::cute_static::ShapeTuple + cute::cute_static::Congruent<D>,
    D: cute::cute_static::IntTupleType,
{
    check_lowered(id, expr, &got.map(|l| l.to_dynamic()), false);
}

/// [`check`] on the lowered result: one function for every case.
#[inline(never)]
fn check_lowered(id: &str, expr: &str, got: &Result<cute::Layout, Error>, by_mode: bool) {
    let want = cute::expr::eval(expr);
    match (got, want) {
        (Ok(got), Ok(want)) => {
            let cute::expr::Value::Layout(want) = want else {
                panic!("{id}: {expr} gives {want}, not a layout");
            };
            assert_eq!(
                got.size(),
                want.size(),
                "{id}: {expr}: size of {got} vs {want}"
            );
            for i in 0..want.size().min(1 << 16) {
                assert_eq!(
                    got.eval(i),
                    want.eval(i),
                    "{id}: {expr}: {got} vs {want} at {i}"
                );
            }
            let same_form = got.shape().is_int() == want.shape().is_int();
            let (g, w) = if by_mode && same_form && got.rank() == want.rank() {
                (coalesced_modes(got), coalesced_modes(&want))
            } else {
                (
                    cute::coalesce(got).unwrap().to_string(),
                    cute::coalesce(&want).unwrap().to_string(),
                )
            };
            assert_eq!(g, w, "{id}: {expr}: {got} vs {want}, coalesced");
        }
        (Err(got), Err(want)) => {
            assert_eq!(got.code(), want.code(), "{id}: {expr}: {got} vs {want}");
        }
        (got, want) => panic!("{id}: {expr}: mixed {got:?}, cute-core {want:?}"),
    }
}

#[test]
fn generated_cases_are_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/mixed_corpus_cases.rs");
    let want = generated();
    if std::env::var_os("CUTE_BLESS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run `CUTE_BLESS=1 cargo test --test corpus mixed_corpus`",
        path.display()
    );
}

#[rustfmt::skip]
#[path = "mixed_corpus_cases.rs"]
mod cases;
