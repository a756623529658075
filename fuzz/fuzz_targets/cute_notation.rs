//! CuTe's printed notation, structured: from the input (`arbitrary`'s `Unstructured`), int tuples
//! (with `_`), layouts (nested shapes, zero, negative and wild strides, empty tuples `()`, values
//! past the layout invariant and past the capacities), swizzles `Sw<B,M,S>` (valid and not),
//! swizzled layouts `Sw<B,M,S> o offset o L` and tilers (layout tiles, `N` tiles, `_`, nested
//! tilers), each built without the parser. Each is printed as `Display` prints it (checked
//! against the target's own printer), as CuTe's `print` does (every integer `_N`, `_-1`; a
//! swizzled layout `Sw<B,M,S> o _0 o L`, `Sw<B,M,S>o_0oL`, `Sw<B,M,S> ∘ _0 ∘ L`), and in random
//! mixtures of both with whitespace wherever the grammar allows it (`- 4` included). Every text
//! of a valid value parses (`FromStr`) and evaluates (`cute::expr::eval`) to the value built;
//! every text of an invalid one is an error, with the constructor's own error code where the
//! tuples themselves fit. Then one of the texts, with bytes changed, inserted or deleted, goes
//! through every parser and the evaluator: no panic; whatever parses prints back to itself, and
//! the parsers and the evaluator agree on it.
//!
//! `CUTE_FUZZ_PRINT=1` prints each text as it is checked.
#![no_main]

use std::fmt::{Debug, Display, Write as _};
use std::str::FromStr;

use cute::expr::{eval, Value};
use cute::{ComposedLayout, CoordLayout, Error, ErrorKind, IntTuple, Layout, Swizzle, Tile, Tiler};
use libfuzzer_sys::arbitrary::Unstructured;

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let case = Case::new(&mut u);
    if print() {
        for t in &case.texts {
            eprintln!("{t}");
        }
    }
    slow::timed(&case.texts, || case.check(&mut u));
});

fn print() -> bool {
    static PRINT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *PRINT.get_or_init(|| std::env::var_os("CUTE_FUZZ_PRINT").is_some())
}

// ---------------------------------------------------------------------------------------------
// Drawing from the input (an exhausted input gives the lower bound, `false`, the first choice).

fn pick(u: &mut Unstructured<'_>, n: usize) -> usize {
    u.int_in_range(0..=n - 1).unwrap_or(0)
}

fn coin(u: &mut Unstructured<'_>) -> bool {
    u.arbitrary().unwrap_or(false)
}

fn range(u: &mut Unstructured<'_>, r: std::ops::RangeInclusive<i64>) -> i64 {
    let lo = *r.start();
    u.int_in_range(r).unwrap_or(lo)
}

fn wild(u: &mut Unstructured<'_>) -> i64 {
    u.arbitrary().unwrap_or(0)
}

const EDGES: [i64; 8] = [
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    i32::MIN as i64,
    i32::MAX as i64,
    -1,
    1,
    0,
];

/// A shape leaf: mostly small or a power of two, sometimes 0, large, wild or negative.
fn shape_leaf(u: &mut Unstructured<'_>) -> i64 {
    match pick(u, 20) {
        0 | 1 => 0,
        2..=10 => range(u, 1..=16),
        11..=13 => 1 << range(u, 0..=30),
        14 => range(u, 0..=1_000_000),
        15 => 1 << range(u, 31..=62),
        16 => wild(u),
        17 => -range(u, 1..=4),
        18 => EDGES[pick(u, EDGES.len())],
        _ => 1,
    }
}

/// A stride leaf: zero, small of either sign, powers of two, wild, the edges of `i64`.
fn stride_leaf(u: &mut Unstructured<'_>) -> i64 {
    match pick(u, 16) {
        0..=2 => 0,
        3..=8 => range(u, -16..=16),
        9 | 10 => (1 << range(u, 0..=40)) * if coin(u) { -1 } else { 1 },
        11 => range(u, -100_000..=100_000),
        12 => i64::from(u.arbitrary::<i32>().unwrap_or(0)),
        13 => wild(u),
        14 => EDGES[pick(u, EDGES.len())],
        _ => 1,
    }
}

/// An offset of a swizzled layout: CuTe's `_0` most often.
fn offset(u: &mut Unstructured<'_>) -> i64 {
    match pick(u, 8) {
        0..=3 => 0,
        4 | 5 => range(u, -4096..=4096),
        6 => wild(u),
        _ => EDGES[pick(u, EDGES.len())],
    }
}

/// `B, M, S`: mostly a valid swizzle (`|S| >= B`, `B + M + |S| <= 62`), sometimes not.
fn swizzle_params(u: &mut Unstructured<'_>) -> (i64, i64, i64) {
    match pick(u, 8) {
        0..=4 => {
            let b = range(u, 0..=8);
            let m = range(u, 0..=8);
            let s = range(u, b..=b + 8);
            (b, m, if coin(u) { -s } else { s })
        }
        5 => {
            let b = range(u, 0..=31);
            let m = range(u, 0..=62 - 2 * b);
            let s = range(u, b..=62 - b - m);
            (b, m, if coin(u) { -s } else { s })
        }
        6 => (range(u, -2..=64), range(u, -2..=64), range(u, -64..=64)),
        _ => (wild(u), wild(u), wild(u)),
    }
}

// ---------------------------------------------------------------------------------------------
// The values, as trees built without the parser.

/// A tuple: a leaf, `_`, or a tuple of any number of elements (`()` included).
#[derive(Clone, Debug)]
enum Tree<T> {
    Leaf(T),
    Under,
    Node(Vec<Tree<T>>),
}

/// A tree of at most `depth` levels of tuples and about `budget` leaves (a little more at the
/// end), `_` where `under`.
fn tree<T>(
    u: &mut Unstructured<'_>,
    depth: u32,
    budget: &mut i32,
    under: bool,
    leaf: &mut impl FnMut(&mut Unstructured<'_>) -> T,
) -> Tree<T> {
    if depth == 0 || *budget <= 1 || pick(u, 3) == 0 {
        *budget -= 1;
        if under && pick(u, 5) == 0 {
            return Tree::Under;
        }
        return Tree::Leaf(leaf(u));
    }
    let n = match pick(u, 12) {
        0 => 0,
        1..=3 => 1,
        4..=7 => 2,
        8..=10 => 3,
        _ => 4,
    };
    Tree::Node(
        (0..n)
            .map(|_| tree(u, depth - 1, budget, under, leaf))
            .collect(),
    )
}

/// Depth and leaf budget: mostly within the capacities (depth 8, 16 leaves in a layout, 32 in
/// a tuple), sometimes past them.
fn size_of_tree(u: &mut Unstructured<'_>, leaves: i32) -> (u32, i32) {
    match pick(u, 10) {
        0 => (10, 40),
        1 => (8, leaves),
        _ => (
            range(u, 0..=4) as u32,
            range(u, 1..=i64::from(leaves)) as i32,
        ),
    }
}

impl<T: Copy> Tree<T> {
    fn map<V>(&self, f: &impl Fn(T) -> V) -> Tree<V> {
        match self {
            Tree::Leaf(v) => Tree::Leaf(f(*v)),
            Tree::Under => Tree::Under,
            Tree::Node(c) => Tree::Node(c.iter().map(|t| t.map(f)).collect()),
        }
    }

    /// `(depth, tokens, leaves)` as the tuple's builder counts them.
    fn counts(&self) -> (usize, usize, usize) {
        match self {
            Tree::Leaf(_) | Tree::Under => (0, 1, 1),
            Tree::Node(c) => c
                .iter()
                .map(Tree::counts)
                .fold((1, 2, 0), |a, b| (a.0.max(b.0 + 1), a.1 + b.1, a.2 + b.2)),
        }
    }
}

/// The tuple of a tree through the public constructors (`IntTuple::int`, `under`, `tuple`).
fn build(t: &Tree<i64>) -> Result<IntTuple, ErrorKind> {
    match t {
        Tree::Leaf(v) => Ok(IntTuple::int(*v)),
        Tree::Under => Ok(IntTuple::under()),
        Tree::Node(c) => {
            let parts = c.iter().map(build).collect::<Result<Vec<_>, _>>()?;
            IntTuple::tuple(parts.iter().map(IntTuple::view))
        }
    }
}

/// A layout: one tree of `(shape, stride)` leaves, and what `Layout::new` makes of it: the
/// layout, or its error code when both tuples fit (`None`: a tuple past its capacity).
#[derive(Clone, Debug)]
struct LayoutM {
    tree: Tree<(i64, i64)>,
    built: Result<Layout, Option<&'static str>>,
}

impl LayoutM {
    /// A layout of about `leaves` leaves or fewer (sometimes more, and deeper).
    fn new(u: &mut Unstructured<'_>, leaves: i32) -> LayoutM {
        let (depth, mut budget) = size_of_tree(u, leaves);
        let tree = tree(u, depth, &mut budget, false, &mut |u| {
            (shape_leaf(u), stride_leaf(u))
        });
        let shape = build(&tree.map(&|(s, _)| s));
        let stride = build(&tree.map(&|(_, d)| d));
        let built = match (shape, stride) {
            (Ok(s), Ok(d)) => Layout::new(s, d).map_err(|e| Some(e.code())),
            _ => Err(None),
        };
        LayoutM { tree, built }
    }

    /// A valid layout of up to about `leaves` leaves (a few tries, then `n:1`).
    fn valid(u: &mut Unstructured<'_>, leaves: i32) -> (LayoutM, Layout) {
        for _ in 0..3 {
            let m = LayoutM::new(u, leaves);
            if let Ok(l) = m.built {
                return (m, l);
            }
        }
        let n = range(u, 0..=64);
        let l = Layout::int(n, 1).expect("n:1");
        (
            LayoutM {
                tree: Tree::Leaf((n, 1)),
                built: Ok(l),
            },
            l,
        )
    }
}

/// One mode of a tiler.
#[derive(Clone, Debug)]
enum TileM {
    Layout(LayoutM, Layout),
    /// The tile `n:1`, which a tiler may write `n`.
    Int(i64),
    Under,
    Nested(Vec<TileM>),
}

fn tiles(u: &mut Unstructured<'_>, depth: u32) -> Vec<TileM> {
    let n = range(u, 1..=4);
    (0..n)
        .map(|_| match pick(u, 8) {
            0..=2 => {
                let (m, l) = LayoutM::valid(u, 6);
                TileM::Layout(m, l)
            }
            3 | 4 => TileM::Int(match pick(u, 4) {
                0 => range(u, 0..=16),
                1 => 1 << range(u, 0..=62),
                2 => range(u, 0..=i64::MAX),
                _ => 0,
            }),
            5 => TileM::Under,
            _ if depth > 0 => TileM::Nested(tiles(u, depth - 1)),
            _ => TileM::Under,
        })
        .collect()
}

/// `(tiler tokens, tile leaves, tile tokens, deepest tile)` as the tiler's builder counts them.
fn tiler_counts(m: &[TileM]) -> (usize, usize, usize, usize) {
    m.iter().fold((2, 0, 0, 0), |a, t| {
        let b = match t {
            TileM::Layout(l, _) => {
                let (d, k, n) = l.tree.counts();
                (1, n, k, d)
            }
            TileM::Int(_) => (1, 1, 1, 0),
            TileM::Under => (1, 0, 0, 0),
            TileM::Nested(c) => tiler_counts(c),
        };
        (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3.max(b.3))
    })
}

/// The tiler's modes against the model, mode by mode (`Tile`s, not the printed text).
fn tiler_matches(t: &Tiler, m: &[TileM]) -> bool {
    let got: Vec<Tile> = t.tiles().collect();
    got.len() == m.len()
        && got.iter().zip(m).all(|(g, w)| match (g, w) {
            (Tile::Layout(l), TileM::Layout(_, want)) => l == want,
            (Tile::Layout(l), TileM::Int(n)) => Layout::int(*n, 1).is_ok_and(|w| *l == w),
            (Tile::Under, TileM::Under) => true,
            (Tile::Tiler(s), TileM::Nested(c)) => tiler_matches(s, c),
            _ => false,
        })
}

/// The tiler as a shape (`Tile::from_shape`), when it has only `n` tiles, `_` and nesting.
fn tiler_shape(m: &[TileM]) -> Option<IntTuple> {
    let parts = m
        .iter()
        .map(|t| match t {
            TileM::Int(n) => Some(IntTuple::int(*n)),
            TileM::Under => Some(IntTuple::under()),
            TileM::Nested(c) => tiler_shape(c),
            TileM::Layout(..) => None,
        })
        .collect::<Option<Vec<_>>>()?;
    IntTuple::tuple(parts.iter().map(IntTuple::view)).ok()
}

// ---------------------------------------------------------------------------------------------
// Printing.

#[derive(Clone, Copy, PartialEq)]
enum Statics {
    /// Plain integers, as `Display` prints them.
    None,
    /// Every integer `_N`, as CuTe prints static values.
    All,
    /// Each integer either way, as CuTe prints a mixed layout.
    Mixed,
}

#[derive(Clone, Copy)]
enum Mark {
    O,
    Ring,
    Either,
}

#[derive(Clone, Copy)]
struct Style {
    statics: Statics,
    spaces: bool,
    mark: Mark,
    /// The swizzle's parameters `_N` too (CuTe prints them plain; the grammar takes both).
    static_swizzle: bool,
    /// A tile `n:1` written `n`.
    bare_tiles: bool,
}

const PLAIN: Style = Style {
    statics: Statics::None,
    spaces: false,
    mark: Mark::O,
    static_swizzle: false,
    bare_tiles: false,
};

const CUTE: Style = Style {
    statics: Statics::All,
    ..PLAIN
};

fn random_style(u: &mut Unstructured<'_>) -> Style {
    Style {
        statics: [Statics::None, Statics::All, Statics::Mixed][pick(u, 3)],
        spaces: coin(u),
        mark: [Mark::O, Mark::Ring, Mark::Either][pick(u, 3)],
        static_swizzle: coin(u),
        bare_tiles: coin(u),
    }
}

/// Whitespace `Parser::peek` skips (`u8::is_ascii_whitespace`).
const SPACES: [char; 5] = [' ', '\t', '\n', '\r', '\x0c'];

struct Printer<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    s: Style,
    out: String,
}

impl<'u, 'a> Printer<'u, 'a> {
    fn new(u: &'u mut Unstructured<'a>, s: Style) -> Self {
        Printer {
            u,
            s,
            out: String::new(),
        }
    }

    /// Whitespace between tokens, where the style has spaces.
    fn gap(&mut self) {
        if self.s.spaces && coin(self.u) {
            for _ in 0..range(self.u, 1..=3) {
                self.out.push(SPACES[pick(self.u, SPACES.len())]);
            }
        }
    }

    fn tok(&mut self, t: &str) {
        self.gap();
        self.out.push_str(t);
        self.gap();
    }

    fn int_as(&mut self, v: i64, statics: Statics) {
        self.gap();
        let stat = match statics {
            Statics::None => false,
            Statics::All => true,
            Statics::Mixed => coin(self.u),
        };
        if stat {
            // `_4`, `_-1`: the sign right after the `_`, the digits right after the sign.
            let _ = write!(self.out, "_{v}");
        } else if v < 0 && self.s.spaces && coin(self.u) {
            // `- 4`: spaces may follow a sign.
            self.out.push('-');
            self.gap();
            let _ = write!(self.out, "{}", v.unsigned_abs());
        } else {
            let _ = write!(self.out, "{v}");
        }
        self.gap();
    }

    fn int(&mut self, v: i64) {
        self.int_as(v, self.s.statics);
    }

    fn tuple<T: Copy>(&mut self, t: &Tree<T>, leaf: &impl Fn(T) -> i64) {
        match t {
            Tree::Leaf(v) => self.int(leaf(*v)),
            Tree::Under => self.tok("_"),
            Tree::Node(c) => {
                self.tok("(");
                for (i, x) in c.iter().enumerate() {
                    if i > 0 {
                        self.tok(",");
                    }
                    self.tuple(x, leaf);
                }
                self.tok(")");
            }
        }
    }

    fn layout(&mut self, t: &Tree<(i64, i64)>) {
        self.tuple(t, &|(s, _)| s);
        self.tok(":");
        self.tuple(t, &|(_, d)| d);
    }

    fn swizzle(&mut self, (b, m, s): (i64, i64, i64)) {
        let statics = if self.s.static_swizzle {
            self.s.statics
        } else {
            Statics::None
        };
        // `Sw<` is one token.
        self.tok("Sw<");
        self.int_as(b, statics);
        self.tok(",");
        self.int_as(m, statics);
        self.tok(",");
        self.int_as(s, statics);
        self.tok(">");
    }

    fn mark(&mut self) {
        let ring = match self.s.mark {
            Mark::O => false,
            Mark::Ring => true,
            Mark::Either => coin(self.u),
        };
        self.tok(if ring { "\u{2218}" } else { "o" });
    }

    fn composed(&mut self, sw: (i64, i64, i64), offset: i64, l: &Tree<(i64, i64)>) {
        self.swizzle(sw);
        self.mark();
        self.int(offset);
        self.mark();
        self.layout(l);
    }

    fn tiler(&mut self, m: &[TileM]) {
        self.tok("<");
        for (i, t) in m.iter().enumerate() {
            if i > 0 {
                self.tok(",");
            }
            match t {
                TileM::Layout(l, _) => self.layout(&l.tree),
                TileM::Int(n) if self.s.bare_tiles => self.int(*n),
                TileM::Int(n) => {
                    self.int(*n);
                    self.tok(":");
                    self.int(1);
                }
                TileM::Under => self.tok("_"),
                TileM::Nested(c) => self.tiler(c),
            }
        }
        self.tok(">");
    }
}

/// `f` printed in `style`.
fn printed(u: &mut Unstructured<'_>, style: Style, f: impl FnOnce(&mut Printer<'_, '_>)) -> String {
    let mut p = Printer::new(u, style);
    f(&mut p);
    p.out
}

/// `Display`, CuTe's `_N` form, and two random styles.
fn forms(u: &mut Unstructured<'_>, f: impl Fn(&mut Printer<'_, '_>)) -> Vec<String> {
    let mut out = vec![printed(u, CUTE, &f)];
    for _ in 0..2 {
        let style = random_style(u);
        out.push(printed(u, style, &f));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The case: values, their texts and what each should give.

/// What a text should parse to.
enum Want {
    Tuple(Result<IntTuple, ()>),
    Layout(Result<Layout, Option<&'static str>>),
    Swizzle(Result<Swizzle, &'static str>),
    Composed(Result<ComposedLayout, Option<&'static str>>),
    /// The model, and whether it surely fits the tiler's capacities.
    Tiler(Vec<TileM>, bool),
}

struct Case {
    /// Each text with what it should give.
    checks: Vec<(String, usize)>,
    wants: Vec<Want>,
    /// The texts (printed on a slow input or with `CUTE_FUZZ_PRINT`).
    texts: Vec<String>,
}

impl Case {
    fn new(u: &mut Unstructured<'_>) -> Case {
        let mut c = Case {
            checks: Vec::new(),
            wants: Vec::new(),
            texts: Vec::new(),
        };

        // An int tuple, `_` included.
        let (depth, mut budget) = size_of_tree(u, 34);
        let t = tree(u, depth, &mut budget, true, &mut shape_leaf);
        let built = build(&t).map_err(|_| ());
        let mut texts = forms(u, |p| p.tuple(&t, &|v| v));
        if let Ok(v) = built {
            let display = v.to_string();
            assert_eq!(display, printed(u, PLAIN, |p| p.tuple(&t, &|v| v)), "{t:?}");
            texts.push(display);
        }
        c.add(texts, Want::Tuple(built));

        // A layout.
        let l = LayoutM::new(u, 18);
        let mut texts = forms(u, |p| p.layout(&l.tree));
        if let Ok(v) = l.built {
            let display = v.to_string();
            assert_eq!(display, printed(u, PLAIN, |p| p.layout(&l.tree)), "{l:?}");
            texts.push(display);
        }
        c.add(texts, Want::Layout(l.built));

        // A swizzle.
        let params = swizzle_params(u);
        let sw = Swizzle::new(params.0, params.1, params.2).map_err(|e| e.code());
        let mut texts = forms(u, |p| p.swizzle(params));
        if let Ok(s) = sw {
            texts.push(s.to_string());
        }
        c.add(texts, Want::Swizzle(sw));

        // A swizzled layout (the layout above or another).
        let l = if coin(u) { l } else { LayoutM::new(u, 18) };
        let off = offset(u);
        let built = match (sw, l.built) {
            (Err(code), _) => Err(Some(code)),
            (Ok(s), Ok(l)) => Ok(ComposedLayout::new(s, off, l)),
            (Ok(_), Err(code)) => Err(code),
        };
        let mut texts = forms(u, |p| p.composed(params, off, &l.tree));
        let cute_layout = printed(u, CUTE, |p| p.layout(&l.tree));
        let cute_offset = printed(u, CUTE, |p| p.int(off));
        let sw_text = printed(u, PLAIN, |p| p.swizzle(params));
        // CuTe's print, the same without spaces, and with `∘`.
        texts.push(format!("{sw_text} o {cute_offset} o {cute_layout}"));
        texts.push(format!("{sw_text}o{cute_offset}o{cute_layout}"));
        texts.push(format!(
            "{sw_text} \u{2218} {cute_offset} \u{2218} {cute_layout}"
        ));
        texts.push(format!(
            "{sw_text}\u{2218}{cute_offset}\u{2218}{cute_layout}"
        ));
        if let Ok(v) = built {
            let display = v.to_string();
            assert_eq!(
                display,
                printed(u, PLAIN, |p| p.composed(params, off, &l.tree)),
                "{l:?}"
            );
            texts.push(display);
        }
        c.add(texts, Want::Composed(built));

        // A tiler.
        let depth = range(u, 0..=2) as u32;
        let m = tiles(u, depth);
        let (ntok, leaves, ltok, deepest) = tiler_counts(&m);
        let fits = ntok <= cute::limits::MAX_TILER_TOKENS
            && leaves <= cute::MAX_LAYOUT_LEAVES
            && ltok + 2 <= cute::MAX_TOKENS
            && deepest + 1 <= cute::MAX_DEPTH;
        let mut texts = forms(u, |p| p.tiler(&m));
        texts.push(printed(u, PLAIN, |p| p.tiler(&m)));
        c.add(texts, Want::Tiler(m, fits));
        c
    }

    fn add(&mut self, texts: Vec<String>, want: Want) {
        let k = self.wants.len();
        self.wants.push(want);
        for t in texts {
            self.texts.push(t.clone());
            self.checks.push((t, k));
        }
    }

    fn check(&self, u: &mut Unstructured<'_>) {
        for (text, k) in &self.checks {
            match &self.wants[*k] {
                Want::Tuple(Ok(v)) => reads_as(text, v, Value::from(*v)),
                Want::Tuple(Err(())) => refused::<IntTuple>(text, None),
                Want::Layout(Ok(v)) => reads_as(text, v, Value::Layout(*v)),
                Want::Layout(Err(code)) => refused::<Layout>(text, *code),
                Want::Swizzle(Ok(v)) => reads_as(text, v, Value::Swizzle(*v)),
                Want::Swizzle(Err(code)) => refused::<Swizzle>(text, Some(*code)),
                Want::Composed(Ok(v)) => reads_as(text, v, Value::Composed(*v)),
                Want::Composed(Err(code)) => refused::<ComposedLayout>(text, *code),
                Want::Tiler(m, fits) => tiler_reads(text, m, *fits),
            }
        }
        // One text, mutated.
        if self.texts.is_empty() {
            return;
        }
        let mut bytes = self.texts[pick(u, self.texts.len())].clone().into_bytes();
        const GRAMMAR: &[u8] = b"()<>,:_-o0123456789Sw \t\xe2\x88\x98e f*[]";
        for _ in 0..range(u, 1..=4) {
            let at = pick(u, bytes.len() + 1);
            let byte = if coin(u) {
                GRAMMAR[pick(u, GRAMMAR.len())]
            } else {
                u.arbitrary().unwrap_or(0)
            };
            match pick(u, 3) {
                0 if at < bytes.len() => bytes[at] = byte,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, byte),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if print() {
            eprintln!("mutated: {text:?}");
        }
        hostile(&text);
    }
}

/// `text` parses to `want` and evaluates to `value`.
fn reads_as<T>(text: &str, want: &T, value: Value)
where
    T: FromStr<Err = Error> + PartialEq + Debug + Display,
{
    match text.parse::<T>() {
        Ok(v) => assert_eq!(v, *want, "{text:?} parsed to {v}, not {want}"),
        Err(e) => panic!("{text:?} (the value {want}) does not parse: {e}"),
    }
    match eval(text) {
        Ok(v) => assert_eq!(v, value, "{text:?} evaluated to {v}, not {value}"),
        Err(e) => panic!("{text:?} (the value {value}) does not evaluate: {e}"),
    }
}

/// `text`, of a value its constructor refuses (with `code` where the tuples fit), is an error
/// to the parser (with the same code) and to the evaluator.
fn refused<T>(text: &str, code: Option<&str>)
where
    T: FromStr<Err = Error> + Display,
{
    match text.parse::<T>() {
        Ok(v) => panic!("{text:?} parsed to {v}, where its constructor fails ({code:?})"),
        Err(e) => {
            if let Some(code) = code {
                assert_eq!(e.code(), code, "{text:?}: {e}");
            }
        }
    }
    if let Ok(v) = eval(text) {
        panic!("{text:?} evaluated to {v}, where its constructor fails ({code:?})");
    }
}

/// A tiler's text parses to the modes of the model (compared tile by tile), prints as the
/// model does, evaluates to the same tiler, and equals `Tiler::new` / `Tile::from_shape` where
/// those build it; it may be refused only past a capacity.
fn tiler_reads(text: &str, m: &[TileM], fits: bool) {
    match text.parse::<Tiler>() {
        Ok(t) => {
            assert!(tiler_matches(&t, m), "{text:?} parsed to {t}: {m:?}");
            let mut plain = Unstructured::new(&[]);
            let want = printed(&mut plain, PLAIN, |p| p.tiler(m));
            assert_eq!(t.to_string(), want, "{text:?}");
            match eval(text) {
                Ok(v) => assert_eq!(v, Value::Tiler(t), "{text:?} evaluated to {v}, not {t}"),
                Err(e) => panic!("{text:?} (the tiler {t}) does not evaluate: {e}"),
            }
            let layouts = m
                .iter()
                .map(|x| match x {
                    TileM::Layout(_, l) => Some(*l),
                    TileM::Int(n) => Layout::int(*n, 1).ok(),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>();
            if let Some(ls) = layouts {
                assert_eq!(Tiler::new(&ls).ok(), Some(t), "{text:?} against Tiler::new");
            }
            if let Some(shape) = tiler_shape(m) {
                assert_eq!(
                    Tile::from_shape(&shape).ok(),
                    Some(Tile::Tiler(t)),
                    "{text:?} against Tile::from_shape({shape})"
                );
            }
        }
        Err(e) => {
            assert!(
                !fits,
                "{text:?} (within the tiler's capacities) does not parse: {e}"
            );
            assert!(
                matches!(e.kind, ErrorKind::Parse { expected, .. } if expected.starts_with("at most")),
                "{text:?}: {e} is no capacity error"
            );
            assert!(
                eval(text).is_err(),
                "{text:?} evaluates, but does not parse"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Mutated text.

/// Whatever parses prints back to text that parses to the same value.
fn round_trip<T>(text: &str) -> Option<T>
where
    T: FromStr<Err = Error> + Display + PartialEq + Debug,
{
    let v = text.parse::<T>().ok()?;
    let printed = v.to_string();
    match printed.parse::<T>() {
        Ok(again) => assert_eq!(again, v, "{text:?} printed as {printed:?}"),
        Err(e) => panic!("{text:?} printed as {printed:?}, which does not parse: {e}"),
    }
    Some(v)
}

/// No panic; what parses prints back to itself; the parsers and the evaluator agree.
fn hostile(text: &str) {
    let value = eval(text);
    let tuple = round_trip::<IntTuple>(text);
    let layout = round_trip::<Layout>(text);
    let tiler = round_trip::<Tiler>(text);
    let swizzle = round_trip::<Swizzle>(text);
    let composed = round_trip::<ComposedLayout>(text);
    let _ = round_trip::<CoordLayout>(text);
    let got = value.as_ref().ok();
    if let Some(t) = tuple {
        assert_eq!(got, Some(&Value::from(t)), "{text:?} is the tuple {t}");
    }
    if let Some(l) = layout {
        assert_eq!(got, Some(&Value::Layout(l)), "{text:?} is the layout {l}");
    }
    if let Some(t) = tiler {
        assert_eq!(got, Some(&Value::Tiler(t)), "{text:?} is the tiler {t}");
    }
    if let Some(s) = swizzle {
        assert_eq!(got, Some(&Value::Swizzle(s)), "{text:?} is the swizzle {s}");
    }
    if let Some(c) = composed {
        assert_eq!(
            got,
            Some(&Value::Composed(c)),
            "{text:?} is the swizzled layout {c}"
        );
    }
    let Some(v) = got else { return };
    // A value of the notation evaluates back from its print; and, where the text can hold no
    // call (no letters but those of `Sw<` and `o`), it is what the value's own parser reads.
    let notation = matches!(
        v,
        Value::Int(_)
            | Value::Tuple(_)
            | Value::Layout(_)
            | Value::Tiler(_)
            | Value::Swizzle(_)
            | Value::Composed(_)
    );
    if notation {
        let printed = v.to_string();
        match eval(&printed) {
            Ok(again) => assert_eq!(&again, v, "{text:?} evaluated to {v}, printed {printed:?}"),
            Err(e) => panic!("{text:?} evaluated to {v}, whose print {printed:?} fails: {e}"),
        }
    }
    let no_call = text
        .bytes()
        .all(|c| !c.is_ascii_alphabetic() || matches!(c, b'S' | b'w' | b'o'));
    if no_call {
        match v {
            Value::Int(n) => {
                assert_eq!(tuple, Some(IntTuple::int(*n)), "{text:?} evaluated to {v}")
            }
            Value::Tuple(t) => assert_eq!(tuple, Some(*t), "{text:?} evaluated to {v}"),
            Value::Layout(l) => assert_eq!(layout, Some(*l), "{text:?} evaluated to {v}"),
            Value::Tiler(t) => assert_eq!(tiler, Some(*t), "{text:?} evaluated to {v}"),
            Value::Swizzle(s) => assert_eq!(swizzle, Some(*s), "{text:?} evaluated to {v}"),
            Value::Composed(c) => assert_eq!(composed, Some(*c), "{text:?} evaluated to {v}"),
            _ => {}
        }
    }
}
