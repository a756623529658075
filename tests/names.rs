//! No name in cute-static is both an item and a type parameter: a bound such as
//! `Kept: BitOr<Keep>` must not read as a trait applied to a trait.
//!
//! The items are the crate's traits, structs, enums and type aliases declared at the start of a
//! line; the type parameters are the names declared in the `<…>` of an `impl`, `trait`, `struct`,
//! `fn` or `type`, outside comments.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Every `.rs` file under `dir`, with its source without `//` comments.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let code: String = fs::read_to_string(&p)
                .unwrap()
                .lines()
                .map(|l| l.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            out.push((p.display().to_string(), code));
        }
    }
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The name an item line declares: `[pub[(crate)]] trait|struct|enum|type Name`.
fn item(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("pub(crate) ")
        .or_else(|| line.strip_prefix("pub "))
        .unwrap_or(line);
    ["trait ", "struct ", "enum ", "type "]
        .iter()
        .find_map(|kw| rest.strip_prefix(kw))
        .map(ident)
        .filter(|n| !n.is_empty())
}

/// The type parameters declared by the generic lists in `code`.
fn params(code: &str, out: &mut BTreeSet<String>) {
    let b = code.as_bytes();
    for kw in ["impl", "trait ", "struct ", "fn ", "type "] {
        let mut from = 0;
        while let Some(k) = code[from..].find(kw) {
            let at = from + k;
            from = at + kw.len();
            if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
                continue;
            }
            // `impl<` directly; the others after their name.
            let mut i = from;
            if kw != "impl" {
                i += ident(&code[i..]).len();
            }
            if b.get(i) != Some(&b'<') {
                continue;
            }
            let (mut depth, mut start) = (0usize, i + 1);
            for j in i..b.len() {
                match b[j] {
                    b'<' | b'(' | b'[' => depth += 1,
                    b'>' if j > 0 && b[j - 1] == b'-' => {}
                    b'>' | b')' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            record(&code[start..j], out);
                            break;
                        }
                    }
                    b',' if depth == 1 => {
                        record(&code[start..j], out);
                        start = j + 1;
                    }
                    _ => {}
                }
            }
        }
    }
}

/// A type parameter declared by one entry of a generic list (`T`, `T: Bound`, `T = D`), not a
/// lifetime or a const.
fn record(entry: &str, out: &mut BTreeSet<String>) {
    let e = entry.trim();
    let name = ident(e);
    let rest = e[name.len()..].trim_start();
    if name.starts_with(|c: char| c.is_ascii_uppercase())
        && (rest.is_empty() || rest.starts_with(':') || rest.starts_with('='))
    {
        out.insert(name.to_owned());
    }
}

#[test]
fn no_name_in_cute_static_is_both_an_item_and_a_type_parameter() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("cute-static/src"),
        &mut files,
    );
    let mut items: BTreeMap<String, String> = BTreeMap::new();
    let mut declared = BTreeSet::new();
    for (path, code) in &files {
        for line in code.lines() {
            if let Some(n) = item(line) {
                items.insert(n.to_owned(), path.clone());
            }
        }
        params(code, &mut declared);
    }
    assert!(
        items.contains_key("Layout") && declared.contains("SA"),
        "the scan reads the crate"
    );
    let both: Vec<String> = declared
        .iter()
        .filter_map(|n| items.get(n).map(|f| format!("`{n}` (an item in {f})")))
        .collect();
    assert!(
        both.is_empty(),
        "type parameters named as items: {}",
        both.join(", ")
    );
}
