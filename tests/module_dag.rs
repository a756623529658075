//! Each library crate's modules form the DAG drawn in its crate docs: a module imports only
//! from the modules drawn on lines below its own, so no import cycle can form.
//!
//! The imports of a module are the paths of its file's `use` items (`crate::…`, `super::…`,
//! `self::…` and a child's `child::…`) and every inline `crate::…`/`super::…` path, outside
//! comments and `#[cfg(test)]` items; a path names the deepest module it reaches, and a name
//! re-exported at the crate root names the module that defines it. `mod` declarations are not
//! imports; the crate root (the re-exports) is the top and is not drawn.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The modules of the crate at `src` (`lib.rs` is `""`, `algebra/mod.rs` is `algebra`), each
/// with its source; a `tests.rs` or a `tests/` directory is a test module and left out.
fn modules(src: &Path, prefix: &[String], out: &mut BTreeMap<String, String>) {
    let mut entries: Vec<_> = fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_str().unwrap().to_owned();
        if p.is_dir() {
            if name == "tests" {
                continue;
            }
            let mut inner = prefix.to_vec();
            inner.push(name);
            modules(&p, &inner, out);
        } else if let Some(stem) = name.strip_suffix(".rs").filter(|s| *s != "tests") {
            let mut path = prefix.to_vec();
            if stem != "mod" && stem != "lib" {
                path.push(stem.to_owned());
            }
            out.insert(path.join("::"), fs::read_to_string(&p).unwrap());
        }
    }
}

/// `src` without comments (`//` to the end of the line; string literals kept whole) and without
/// its `#[cfg(test)]` items (a test module's imports are not the module's).
fn code(src: &str) -> String {
    let mut out = String::new();
    for line in src.lines() {
        let (mut in_str, mut prev, mut cut) = (false, ' ', line.len());
        for (k, c) in line.char_indices() {
            match c {
                '"' if prev != '\\' => in_str = !in_str,
                '/' if !in_str && prev == '/' => {
                    cut = k - 1;
                    break;
                }
                _ => {}
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    while let Some(k) = out.find("#[cfg(test)]") {
        out.replace_range(k..item_end(&out, k + "#[cfg(test)]".len()), "");
    }
    out
}

/// The end of the item that starts at `from`: past its `;`, or past the brace that closes its
/// first `{`, whichever comes first.
fn item_end(code: &str, from: usize) -> usize {
    let mut depth = 0;
    for (k, c) in code[from..].char_indices() {
        match c {
            ';' if depth == 0 => return from + k + 1,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return from + k + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// `tree` without whitespace but the one space of `x as y`.
fn squeeze(tree: &str) -> String {
    let mut out = String::new();
    for word in tree.split_whitespace() {
        let joins = |a: Option<char>, b: Option<char>| {
            a.zip(b)
                .is_some_and(|(a, b)| a.is_alphanumeric() && b.is_alphanumeric())
        };
        if joins(out.chars().next_back(), word.chars().next()) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The paths of a squeezed `use` tree (`a::{b, c::{d, e as f}}`), without spaces.
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap().to_owned()];
    };
    let (head, inner) = (&tree[..open], &tree[open + 1..tree.rfind('}').unwrap()]);
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    parts.push(cur);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p.trim()))
        .map(|p| format!("{head}{p}"))
        .collect()
}

/// Whether a word starts at byte `k` of `code` (no identifier character before it).
fn word_starts(code: &str, k: usize) -> bool {
    code[..k]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric() && c != '_')
}

/// Every `crate`/`super`/`self` path in `code`: the trees of `use` items and inline paths.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(k) = rest.find("use ") {
        let boundary = word_starts(rest, k);
        let tail = &rest[k + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        let tree = squeeze(&tail[..end]);
        if !boundary || tree.starts_with('{') {
            rest = tail;
            continue;
        }
        // A path that starts elsewhere is relative: a child module's, or another crate's
        // (which resolves to no module of this one).
        let tree = if ["crate::", "super::", "self::"]
            .iter()
            .any(|p| tree.starts_with(p))
        {
            tree
        } else {
            format!("self::{tree}")
        };
        out.extend(expand(&tree));
        rest = &tail[end..];
    }
    let bytes = code.as_bytes();
    for head in ["crate::", "super::"] {
        for (k, _) in code.match_indices(head) {
            if k > 0 && (bytes[k - 1].is_ascii_alphanumeric() || b"_:".contains(&bytes[k - 1])) {
                continue;
            }
            let len = code[k..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - k);
            out.push(code[k..k + len].trim_end_matches(':').to_owned());
        }
    }
    out
}

/// The module a path names from module `here`: its deepest module, through the root's
/// re-exports.
fn resolve(
    path: &str,
    here: &str,
    mods: &BTreeMap<String, String>,
    reexports: &BTreeMap<String, String>,
) -> Option<String> {
    let mut base: Vec<&str> = here.split("::").filter(|s| !s.is_empty()).collect();
    let mut segs = path.split("::").peekable();
    let from_root = segs.peek() == Some(&"crate");
    match segs.peek() {
        Some(&"crate") => {
            base.clear();
            segs.next();
        }
        _ => {
            while let Some(&s) = segs.peek() {
                match s {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                segs.next();
            }
        }
    }
    let full: Vec<&str> = base
        .into_iter()
        .chain(segs.map(|s| s.split(' ').next().unwrap_or(s)))
        .filter(|s| *s != "self")
        .collect();
    for n in (1..=full.len()).rev() {
        let cand = full[..n].join("::");
        if mods.contains_key(&cand) {
            return Some(cand);
        }
    }
    let name = full.first().filter(|_| from_root)?;
    reexports.get(*name).cloned()
}

/// The names re-exported at the root (`pub use a::b::{X, Y};`) and the modules that define
/// them.
fn reexports(lib: &str, mods: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let none = BTreeMap::new();
    let mut out = BTreeMap::new();
    for line in code(lib).split(';') {
        let Some(k) = line.find("pub use ") else {
            continue;
        };
        let tree = squeeze(&line[k + 8..]);
        for p in expand(tree.trim_start_matches("crate::")) {
            let name = p.rsplit([':', ' ']).next().unwrap().to_owned();
            if let Some(m) = resolve(&format!("crate::{p}"), "", mods, &none) {
                out.insert(name, m);
            }
        }
    }
    out
}

/// The paths of `code`, each with the module it is written in: `here`, or an inline module
/// (`mod x86 { … }`) inside it, whose `super` is `here`.
fn scoped_paths(code: &str, here: &str, out: &mut Vec<(String, String)>) {
    let mut outer = String::new();
    let mut rest = code;
    while let Some(k) = rest.find("mod ") {
        let boundary = word_starts(rest, k);
        let tail = &rest[k + 4..];
        let name_len = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(tail.len());
        let after = tail[name_len..].trim_start();
        if !boundary || name_len == 0 || !after.starts_with('{') {
            outer.push_str(&rest[..k + 4]);
            rest = tail;
            continue;
        }
        let open = tail.len() - after.len();
        let mut depth = 0;
        let close = tail[open..]
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map_or(tail.len(), |(j, _)| open + j);
        outer.push_str(&rest[..k]);
        let inner = format!("{here}::{}", &tail[..name_len]);
        scoped_paths(&tail[open + 1..close], &inner, out);
        rest = &tail[(close + 1).min(tail.len())..];
    }
    outer.push_str(rest);
    out.extend(paths(&outer).into_iter().map(|p| (p, here.to_owned())));
}

/// The imports of every module but the root, as module paths.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut mods = BTreeMap::new();
    modules(src, &[], &mut mods);
    let re = reexports(&mods[""], &mods);
    let mut out = BTreeMap::new();
    for (m, text) in &mods {
        if m.is_empty() {
            continue;
        }
        let mut found = Vec::new();
        scoped_paths(&code(text), m, &mut found);
        let targets = found
            .iter()
            .filter_map(|(p, here)| resolve(p, here, &mods, &re))
            .filter(|t| t != m && !t.is_empty())
            .collect();
        out.insert(m.clone(), targets);
    }
    out
}

/// The layers drawn in the crate docs, top first: the lines of the `text` block after the line
/// `//! Modules, each importing only from the lines below it:`, each its modules before ` — `.
fn layers(lib: &str) -> Vec<Vec<String>> {
    let mut lines = lib
        .lines()
        .skip_while(|l| !l.starts_with("//! Modules, each importing only from the lines below it"))
        .skip(1)
        .skip_while(|l| l.trim() != "//! ```text")
        .skip(1);
    let mut out = Vec::new();
    for l in lines.by_ref() {
        let l = l.trim_start_matches("//!").trim();
        if l == "```" {
            return out;
        }
        let mods = l.split(" — ").next().unwrap();
        out.push(mods.split_whitespace().map(str::to_owned).collect());
    }
    panic!("the crate docs draw no module DAG");
}

/// The modules that break the drawn DAG of the crate at `src`: an undrawn or twice-drawn
/// module, or an import of a module on the same line or above.
fn violations(src: &Path) -> Vec<String> {
    let imports = imports(src);
    let layers = layers(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut line_of = BTreeMap::new();
    let mut out = Vec::new();
    for (k, layer) in layers.iter().enumerate() {
        for m in layer {
            if !imports.contains_key(m) {
                out.push(format!("`{m}` is drawn but is no module"));
            } else if line_of.insert(m.clone(), layers.len() - k).is_some() {
                out.push(format!("`{m}` is drawn twice"));
            }
        }
    }
    for (m, targets) in &imports {
        let Some(&level) = line_of.get(m) else {
            out.push(format!("`{m}` is not drawn"));
            continue;
        };
        for t in targets {
            if line_of.get(t).is_some_and(|&l| l >= level) {
                out.push(format!("`{m}` imports `{t}`, which is not drawn below it"));
            }
        }
    }
    out
}

/// Checks the crate in the folder `krate` (`""`: the facade, at the root).
fn check(krate: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(krate)
        .join("src");
    let v = violations(&src);
    let name = if krate.is_empty() { "cute" } else { krate };
    assert!(v.is_empty(), "{name}'s module DAG:\n{}", v.join("\n"));
}

#[test]
fn cute_core_modules_import_only_downward() {
    check("cute-core");
}

#[test]
fn cute_static_modules_import_only_downward() {
    check("cute-static");
}

#[test]
fn cute_kernels_modules_import_only_downward() {
    check("cute-kernels");
}

#[test]
fn the_facades_modules_import_only_downward() {
    check("");
}

#[test]
fn the_check_sees_a_cycle() {
    let dir = std::env::temp_dir().join(format!("cute-module-dag-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let lib = "//! Modules, each importing only from the lines below it:\n//! ```text\n\
               //! a — the top\n//! b\n//! ```\nmod a;\nmod b;\n";
    fs::write(dir.join("lib.rs"), lib).unwrap();
    fs::write(dir.join("a.rs"), "use crate::b::X;\n").unwrap();
    fs::write(
        dir.join("b.rs"),
        "pub struct X;\nfn f() { let _ = crate::a::Y; }\n",
    )
    .unwrap();
    let v = violations(&dir);
    fs::write(dir.join("b.rs"), "pub struct X; // crate::a::Y\n").unwrap();
    let clean = violations(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(v, ["`b` imports `a`, which is not drawn below it"]);
    assert!(clean.is_empty(), "{clean:?}");
}
