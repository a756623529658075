//! A morphism of nested tuples (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe Layout
//! Algebra and Category-theoretic Interpretation*) drawn for `cute morphism`: the two-column
//! diagram of their slides (one line per domain entry, then the codomain entries it does not hit)
//! and a standalone `TikZ` picture.

use std::fmt::Write as _;

use cute::morphism::Morphism;
use cute::Error;

/// The diagram: the morphism, then one line per domain entry (`s<i> = <s>  ->  t<j> = <t>` or
/// `->  *`, and the entry's stride in the layout), then the codomain entries no entry hits.
///
/// ```text
/// (4,6)-[1,3]->(4,2,6)
///   s1 = 4  ->  t1 = 4   stride 1
///   s2 = 6  ->  t3 = 6   stride 8
///               t2 = 2   (not hit)
/// ```
///
/// # Errors
/// When the morphism's layout passes `i64` ([`Morphism::layout`]).
pub fn diagram(f: &Morphism) -> Result<String, Error> {
    let strides = f.layout()?.stride().leaves().to_vec();
    let (s, t) = (f.domain().leaves(), f.codomain().leaves());
    let left: Vec<String> = s
        .iter()
        .enumerate()
        .map(|(i, x)| format!("s{} = {x}", i + 1))
        .collect();
    let target = |j: usize| format!("t{} = {}", j + 1, t[j]);
    let right: Vec<String> = f
        .map()
        .iter()
        .map(|&j| {
            if j == 0 {
                "*".to_owned()
            } else {
                target(usize::from(j) - 1)
            }
        })
        .collect();
    let unhit: Vec<String> = (0..t.len())
        .filter(|&k| !f.map().contains(&(k as u8 + 1)))
        .map(target)
        .collect();
    let lw = left.iter().map(String::len).max().unwrap_or(0);
    let rw = right
        .iter()
        .chain(&unhit)
        .map(String::len)
        .max()
        .unwrap_or(0);
    let mut out = format!("{f}\n");
    for ((l, r), d) in left.iter().zip(&right).zip(&strides) {
        let _ = writeln!(out, "  {l:lw$}  ->  {r:rw$}   stride {d}");
    }
    for r in &unhit {
        let _ = writeln!(out, "  {:lw$}      {r:rw$}   (not hit)", "");
    }
    Ok(out)
}

/// A count as a coordinate (a tuple has at most 32 entries).
fn row(n: usize) -> f64 {
    f64::from(u32::try_from(n).unwrap_or(u32::MAX))
}

/// One side of the picture: a node per entry in a column at `x`, and for each tuple a node
/// further out joined to its children (the nesting as a tree).
struct Side<'a> {
    /// `s` (domain) or `t` (codomain): the entries' node names.
    name: &'a str,
    x: f64,
    /// Which way the trees grow: -1 to the left, +1 to the right.
    out: f64,
    next_leaf: usize,
    next_tuple: usize,
}

impl Side<'_> {
    /// Draws node `v` and returns its name and height (its row).
    fn node(&mut self, v: cute::int_tuple::View<'_>, tex: &mut String) -> (String, f64) {
        if !v.is_tuple() {
            self.next_leaf += 1;
            let (k, y) = (self.next_leaf, row(self.next_leaf));
            let name = format!("{}{k}", self.name);
            let value = v.as_int().unwrap_or(0);
            let _ = writeln!(
                tex,
                "  \\node[entry] ({name}) at ({:.2},{y:.2}) {{${value}$}};",
                self.x
            );
            return (name, y);
        }
        let children: Vec<(String, f64)> = v.children().map(|c| self.node(c, tex)).collect();
        let depth = row(v.depth());
        self.next_tuple += 1;
        let name = format!("{}m{}", self.name, self.next_tuple);
        let y = if children.is_empty() {
            row(self.next_leaf) + 0.5
        } else {
            children.iter().map(|c| c.1).sum::<f64>() / row(children.len())
        };
        let _ = writeln!(
            tex,
            "  \\node[mode] ({name}) at ({:.2},{y:.2}) {{}};",
            self.x + self.out * 0.6 * depth
        );
        for (c, _) in &children {
            let _ = writeln!(tex, "  \\draw[nest] ({name}) -- ({c});");
        }
        (name, y)
    }
}

/// A standalone `TikZ` picture of `f`: the domain's entries in a left column and the codomain's in
/// a right one, each nested mode a tree on the outer side, an `|->` arrow per entry `f` sends to
/// an entry (and to a `*` node for the basepoint).
#[must_use]
pub fn tikz(f: &Morphism) -> String {
    let mut tex = String::from(
        "\\documentclass[tikz]{standalone}\n\\begin{document}\n\
         \\begin{tikzpicture}[x=1.4cm, y=-0.7cm,\n  \
         entry/.style={inner sep=2pt, minimum width=1.6em},\n  \
         mode/.style={circle, fill, inner sep=1pt},\n  \
         nest/.style={thin, gray}]\n",
    );
    let _ = writeln!(tex, "  % {f}");
    let side = |name, x, out| Side {
        name,
        x,
        out,
        next_leaf: 0,
        next_tuple: 0,
    };
    let mut dom = side("s", 0.0, -1.0);
    dom.node(f.domain().view(), &mut tex);
    let mut cod = side("t", 3.0, 1.0);
    cod.node(f.codomain().view(), &mut tex);
    if f.map().contains(&0) {
        let y = row(f.codomain().leaves().len()) + 1.0;
        let _ = writeln!(tex, "  \\node[entry] (star) at (3.00,{y:.2}) {{$*$}};");
    }
    for (i, &j) in f.map().iter().enumerate() {
        let to = if j == 0 {
            "star".to_owned()
        } else {
            format!("t{j}")
        };
        let _ = writeln!(tex, "  \\draw[|->] (s{}) -- ({to});", i + 1);
    }
    tex.push_str("\\end{tikzpicture}\n\\end{document}\n");
    tex
}

/// `cute tractable`'s answer for a layout: `yes`, with its standard form, or `no`, with the
/// condition that fails.
#[must_use]
pub fn tractable(l: &cute::Layout) -> (bool, String) {
    if let Err(e) = cute::morphism::tractability(l) {
        return (false, format!("no: {e}"));
    }
    match cute::morphism::to_morphism(l) {
        Ok(f) => (true, format!("yes: {l} is the layout of {f}")),
        // Tractable, but its standard form does not fit a tuple.
        Err(e) => (true, format!("yes, but its standard form: {e}")),
    }
}

/// The steps of `composition(A, B)` by mutual refinement (Carlisle et al.), for `cute explain`: the
/// standard forms of `B` and `coalesce(A)`, their codomain and domain refined to meet, the
/// pullback, the pushforward and the weak composite, and how the result compares with CuTe's walk;
/// or the condition that keeps the second algorithm from applying.
pub fn explain_composition(a: &cute::Layout, b: &cute::Layout, out: &mut String) {
    use cute::morphism::{
        composition_via_morphisms, morphism_pullback, morphism_pushforward, mutual_refinement,
        to_morphism, weak_composite,
    };
    let r = match composition_via_morphisms(a, b) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(
                out,
                "  by morphisms (Colfax, categorical composition): does not apply: {e}"
            );
            return;
        }
    };
    // Defined, so each step below is too.
    let steps = || -> Result<[String; 6], Error> {
        let ca = cute::coalesce(a)?;
        let (f, g) = (to_morphism(b)?, to_morphism(&ca)?);
        let (t, u) = mutual_refinement(f.codomain(), g.domain())?;
        Ok([
            format!("f = to_morphism({b}) = {f}"),
            format!("g = to_morphism(coalesce(A)) = to_morphism({ca}) = {g}"),
            format!(
                "mutual_refinement({}, {}) = ({t}, {u})",
                f.codomain(),
                g.domain()
            ),
            format!("pullback of f along {t}: {}", morphism_pullback(&f, &t)?),
            format!(
                "pushforward of g along {u}: {}",
                morphism_pushforward(&g, &u)?
            ),
            format!("weak composite g'∘f' = {}", weak_composite(&g, &f)?),
        ])
    };
    let _ = writeln!(out, "  by morphisms (Colfax, categorical composition):");
    match steps() {
        Ok(lines) => {
            for l in lines {
                let _ = writeln!(out, "    {l}");
            }
        }
        Err(e) => {
            let _ = writeln!(out, "    ✗ {e}");
        }
    }
    let agrees = match cute::composition(a, b) {
        Ok(c) if c == r => "the same as CuTe's walk".to_owned(),
        Ok(c) if unit_strides_nulled(&c) == unit_strides_nulled(&r) => {
            format!("CuTe's walk gives {c}: they differ only in the strides of size-1 modes")
        }
        Ok(c) => format!("CuTe's walk gives {c}: THEY DISAGREE (please report it)"),
        Err(_) => "CuTe's walk rejects it".to_owned(),
    };
    let _ = writeln!(out, "    its layout {r}, {agrees}");
}

/// `l` in notation with the stride of each size-1 leaf 0, where the two compositions may differ.
fn unit_strides_nulled(l: &cute::Layout) -> Option<String> {
    let (s, d) = (l.shape().leaves(), l.stride().leaves());
    let d: Vec<i64> = s
        .iter()
        .zip(d)
        .map(|(&s, &d)| if s == 1 { 0 } else { d })
        .collect();
    Some(format!("{}:{}", l.shape(), l.stride().with_leaves(&d)?))
}
