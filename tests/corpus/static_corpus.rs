//! The static type operators against the oracle corpus: `static_corpus_cases.rs` is generated
//! from `tests/data/corpus.jsonl` by [`generated`] (one line per case the static crate supports),
//! checked in, and kept current by `generated_cases_are_current`. Bless after a change with
//! `CUTE_BLESS=1 cargo test --test corpus static_corpus`.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value as Json;

/// Static layouts hold non-negative typenum integers in tuples of at most 8 modes.
fn supported(layout: &str) -> bool {
    if layout.contains(['-', '<']) {
        return false;
    }
    let mut stack = vec![0usize];
    let mut widest = 0;
    for c in layout.chars() {
        match c {
            '(' => stack.push(1),
            ',' => *stack.last_mut().unwrap() += 1,
            ')' => widest = widest.max(stack.pop().unwrap()),
            _ => {}
        }
    }
    widest <= 8
}

/// Whether `run` succeeds with a composition walk that alone shows the result exact
/// (`Step::Proved`): what a static operator accepts, having no pointwise fallback.
fn proved_by(run: impl FnOnce(&mut dyn FnMut(&cute::Step)) -> bool) -> bool {
    let mut proved = false;
    let ok = run(&mut |s: &cute::Step| proved |= *s == cute::Step::Proved);
    ok && proved
}

/// Two layouts from notation.
pub(crate) fn layouts(a: &str, b: &str) -> (cute::Layout, cute::Layout) {
    (a.parse().unwrap(), b.parse().unwrap())
}

/// Whether the dynamic composition proves `A ∘ B` exact from the walk alone.
pub(crate) fn proved(a: &str, b: &str) -> bool {
    let (a, b) = layouts(a, b);
    proved_by(|mut t| cute::composition_traced(&a, &b, &mut t).is_ok())
}

/// Whether the dynamic divide proves its tile exact from the walk alone.
pub(crate) fn divide_proved(a: &str, t: &str) -> bool {
    let (a, t) = layouts(a, t);
    proved_by(|mut tr| cute::algebra::divide::logical_divide_traced(&a, &t, &mut tr).is_ok())
}

/// A flat tiler of static-representable layout tiles.
fn supported_tiler(t: &str) -> bool {
    let inner = t.strip_prefix('<').and_then(|t| t.strip_suffix('>'));
    inner.is_some_and(|i| !i.contains('<') && supported(&i.replace(['<', '>'], "")))
}

/// Whether each mode of `a` with its tile is proved exact by `per_mode`.
fn each_mode(a: &str, t: &str, per_mode: fn(&str, &str) -> bool) -> bool {
    let (a, t): (cute::Layout, cute::Tiler) = (a.parse().unwrap(), t.parse().unwrap());
    t.rank() <= a.rank()
        && t.tiles()
            .enumerate()
            .all(|(i, tile)| match (a.mode(i), tile) {
                (Some(m), cute::Tile::Layout(l)) => per_mode(&m.to_string(), &l.to_string()),
                _ => false,
            })
}

/// Whether the dynamic product proves its grid `A* ∘ B` exact from the walk alone.
pub(crate) fn product_proved(a: &str, b: &str) -> bool {
    let (a, b) = layouts(a, b);
    proved_by(|mut t| cute::algebra::product::logical_product_traced(&a, &b, &mut t).is_ok())
}

/// Whether the product of `A` and `B` padded to the same rank is proved exact (the blocked and
/// raked products).
pub(crate) fn padded_product_proved(a: &str, b: &str) -> bool {
    let (a, b) = layouts(a, b);
    let r = a.rank().max(b.rank());
    let (Ok(a), Ok(b)) = (a.append_to_rank(r), b.append_to_rank(r)) else {
        return false;
    };
    product_proved(&a.to_string(), &b.to_string())
}

/// A corpus record's id, arguments (all strings) and result, when it has all three.
fn record(r: &Json) -> Option<(&str, &str, Vec<&str>, &str)> {
    let args = r["args"]
        .as_array()?
        .iter()
        .map(Json::as_str)
        .collect::<Option<Vec<_>>>()?;
    Some((
        r["id"].as_str()?,
        r["op"].as_str()?,
        args,
        r["result"].as_str()?,
    ))
}

/// One generated test: `fn name() { same::<...>(...); ... }`.
fn section(out: &mut String, name: &str, lines: impl Iterator<Item = String>) {
    let _ = write!(
        out,
        "\n#[test]\n#[allow(clippy::too_many_lines, reason = \"generated: one line per corpus case\")]\nfn {name}() {{\n"
    );
    for line in lines {
        let _ = writeln!(out, "    {line}");
    }
    out.push_str("}\n");
}

/// The operations on one layout.
const ONE_LAYOUT: [(&str, &str); 3] = [
    ("coalesce", "CoalesceOf"),
    ("right_inverse", "RightInverseOf"),
    ("left_inverse", "LeftInverseOf"),
];

/// Which cases of an operation the static operator accepts, from its two arguments.
type Accepts = fn(&str, &str) -> bool;

/// The operations on two layouts, with the cases the static operator accepts: those the dynamic
/// one proves exact from its walk.
const TWO_LAYOUTS: [(&str, &str, Accepts); 11] = [
    ("composition", "CompositionOf", proved),
    ("logical_divide", "LogicalDivideOf", divide_proved),
    ("zipped_divide", "ZippedDivideOf", divide_proved),
    ("tiled_divide", "TiledDivideOf", divide_proved),
    ("flat_divide", "FlatDivideOf", divide_proved),
    ("logical_product", "LogicalProductOf", product_proved),
    ("zipped_product", "ZippedProductOf", product_proved),
    ("tiled_product", "TiledProductOf", product_proved),
    ("flat_product", "FlatProductOf", product_proved),
    ("blocked_product", "BlockedProductOf", padded_product_proved),
    ("raked_product", "RakedProductOf", padded_product_proved),
];

/// The operations with a flat tiler, applied mode by mode.
const WITH_TILER: [(&str, &str, Accepts); 9] = [
    ("composition", "CompositionOf", proved),
    ("logical_divide", "LogicalDivideOf", divide_proved),
    ("zipped_divide", "ZippedDivideOf", divide_proved),
    ("tiled_divide", "TiledDivideOf", divide_proved),
    ("flat_divide", "FlatDivideOf", divide_proved),
    ("logical_product", "LogicalProductOf", product_proved),
    ("zipped_product", "ZippedProductOf", product_proved),
    ("tiled_product", "TiledProductOf", product_proved),
    ("flat_product", "FlatProductOf", product_proved),
];

/// The generated test module: one test per type operator, one line per supported case.
fn generated() -> String {
    let mut out = String::from(
        "// @generated by tests/corpus/static_corpus.rs from tests/data/corpus.jsonl; do not edit.\n\n\
         use cute::cute_static::{\n    BlockedProductOf, CoalesceOf, ComplementOf, CompositionOf, FlatDivideOf, FlatProductOf,\n    LeftInverseOf, LogicalDivideOf, LogicalProductOf, RakedProductOf, RightInverseOf,\n    TiledDivideOf, TiledProductOf, ZippedDivideOf, ZippedProductOf,\n};\n\
         use cute::{Layout, Shape, Tiler};\n\n\
         use super::same;\n",
    );
    let records: Vec<Json> = include_str!("../data/corpus.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let records: Vec<_> = records.iter().filter_map(record).collect();
    let lines = |pick: &dyn Fn(&str, &[&str]) -> Option<String>| -> Vec<String> {
        records
            .iter()
            .filter_map(|(id, op, args, result)| {
                pick(op, args).map(|ty| format!("same::<{ty}>(\"{id}\", \"{result}\");"))
            })
            .collect()
    };
    for (name, alias) in ONE_LAYOUT {
        let cases = lines(&|op, args| match args {
            [a] if op == name && supported(a) && a.contains(':') => {
                Some(format!("{alias}<Layout!({a})>"))
            }
            _ => None,
        });
        section(
            &mut out,
            &format!("{name}_matches_the_corpus"),
            cases.into_iter(),
        );
    }
    let complement = lines(&|op, args| match args {
        [l, m] if op == "complement" && supported(l) && supported(m) && !m.contains(':') => {
            Some(format!("ComplementOf<Layout!({l}), Shape!({m})>"))
        }
        _ => None,
    });
    section(
        &mut out,
        "complement_matches_the_corpus",
        complement.into_iter(),
    );
    for (name, alias, accepted) in TWO_LAYOUTS {
        let cases = lines(&|op, args| match args {
            [a, b]
                if op == name
                    && [a, b].iter().all(|x| supported(x) && x.contains(':'))
                    && accepted(a, b) =>
            {
                Some(format!("{alias}<Layout!({a}), Layout!({b})>"))
            }
            _ => None,
        });
        section(
            &mut out,
            &format!("{name}_matches_the_corpus"),
            cases.into_iter(),
        );
    }
    for (name, alias, per_mode) in WITH_TILER {
        let cases = lines(&|op, args| match args {
            [a, t]
                if op == name
                    && supported(a)
                    && supported_tiler(t)
                    && each_mode(a, t, per_mode) =>
            {
                Some(format!("{alias}<Layout!({a}), Tiler!({t})>"))
            }
            _ => None,
        });
        section(
            &mut out,
            &format!("{name}_with_a_tiler_matches_the_corpus"),
            cases.into_iter(),
        );
    }
    out
}

/// `L` lowers to `expected`.
pub(crate) fn same<L: cute::cute_static::StaticLayout>(id: &str, expected: &str) {
    assert_eq!(L::LAYOUT.to_string(), expected, "{id}");
}

#[test]
fn generated_cases_are_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/static_corpus_cases.rs");
    let want = generated();
    if std::env::var_os("CUTE_BLESS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run `CUTE_BLESS=1 cargo test --test corpus static_corpus`",
        path.display()
    );
}

#[rustfmt::skip]
#[path = "static_corpus_cases.rs"]
mod cases;
