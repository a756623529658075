//! Token trees to a tree of leaves with spans. Parentheses arrive balanced (rustc checks
//! delimiters before the macro runs), so the grammar is: a tuple is a leaf or a parenthesized,
//! comma-separated list of tuples; a layout is `tuple : tuple`. A leaf is an integer literal (a
//! static leaf), `{expr}` (a runtime leaf, in a value), `?` or `?{div=N}` (a runtime leaf, in a
//! type) or an identifier (a typenum type, such as a parameter of the surrounding function).

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};

/// A node of the notation, with where it was written.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// A static integer.
    Int(i64, Span),
    /// A tuple of nodes.
    Tuple(Vec<Node>, Span),
    /// `{expr}`: a runtime leaf with the value of `expr`.
    Runtime(TokenStream, Span),
    /// `?` or `?{div=N}`: the type of a runtime leaf, a multiple of `N`.
    Dyn(Option<i64>, Span),
    /// A type named by an identifier (a typenum parameter).
    Param(Ident),
}

impl Node {
    pub(crate) fn span(&self) -> Span {
        match self {
            Node::Int(_, s) | Node::Tuple(_, s) | Node::Runtime(_, s) | Node::Dyn(_, s) => *s,
            Node::Param(id) => id.span(),
        }
    }

    /// Calls `f` on every leaf.
    pub(crate) fn each_leaf(&self, f: &mut impl FnMut(&Node)) {
        match self {
            Node::Tuple(modes, _) => modes.iter().for_each(|m| m.each_leaf(f)),
            leaf => f(leaf),
        }
    }

    /// `true` when some leaf is `{expr}`.
    pub(crate) fn has_runtime(&self) -> bool {
        let mut any = false;
        self.each_leaf(&mut |n| any |= matches!(n, Node::Runtime(..)));
        any
    }
}

/// An error at a token.
pub(crate) type Errors = Vec<(Span, String)>;

/// `shape : stride`.
pub(crate) fn layout(input: TokenStream) -> Result<(Node, Node), Errors> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let Some(colon) = tokens
        .iter()
        .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ':'))
    else {
        let span = tokens.first().map_or_else(Span::call_site, TokenTree::span);
        let msg = if tokens.is_empty() {
            "expected a layout `shape:stride`, e.g. `(4,8):(1,4)`, found nothing"
        } else {
            "expected `:` between the shape and the stride, e.g. `(4,8):(1,4)`"
        };
        return Err(vec![(span, msg.into())]);
    };
    let (shape, stride) = (&tokens[..colon], &tokens[colon + 1..]);
    let colon_span = tokens[colon].span();
    let shape = value(shape, colon_span, ("a shape before `:`", "the shape"));
    let stride = value(stride, colon_span, ("a stride after `:`", "the stride"));
    match (shape, stride) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (a, b) => Err(a.err().into_iter().chain(b.err()).flatten().collect()),
    }
}

/// A lone tuple (a shape).
pub(crate) fn tuple(input: TokenStream) -> Result<Node, Errors> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    value(
        &tokens,
        Span::call_site(),
        ("a shape, e.g. `(4,8)`", "the shape"),
    )
}

/// Exactly one tuple in `tokens`; `(what, name)` say what is expected there and what it is once
/// read, for the two errors.
fn value(tokens: &[TokenTree], near: Span, (what, name): (&str, &str)) -> Result<Node, Errors> {
    if tokens.is_empty() {
        return Err(vec![(near, format!("expected {what}, found nothing"))]);
    }
    let mut it = tokens.iter().peekable();
    let node = node(&mut it)?;
    if let Some(extra) = it.next() {
        return Err(vec![(
            extra.span(),
            format!("unexpected `{extra}` after {name}"),
        )]);
    }
    Ok(node)
}

fn node<'a>(
    it: &mut std::iter::Peekable<impl Iterator<Item = &'a TokenTree>>,
) -> Result<Node, Errors> {
    match it.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
            if g.stream().is_empty() {
                return Err(vec![(
                    g.span(),
                    "empty runtime leaf: write the expression inside the braces, e.g. `{m}`".into(),
                )]);
            }
            Ok(Node::Runtime(g.stream(), g.span()))
        }
        Some(TokenTree::Punct(p)) if p.as_char() == '?' => {
            let divisor = match it.peek() {
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
                    it.next();
                    Some(divisor(g)?)
                }
                _ => None,
            };
            Ok(Node::Dyn(divisor, p.span()))
        }
        Some(TokenTree::Ident(id)) => Ok(Node::Param(id.clone())),
        Some(TokenTree::Literal(lit)) => int(&lit.to_string(), lit.span(), false),
        Some(TokenTree::Punct(p)) if p.as_char() == '-' => match it.next() {
            Some(TokenTree::Literal(lit)) => int(&lit.to_string(), lit.span(), true),
            other => Err(vec![(
                other.map_or_else(|| p.span(), TokenTree::span),
                "expected an integer after `-`".into(),
            )]),
        },
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            let mut modes = Vec::new();
            let mut errors = Errors::new();
            for part in inner.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ',')) {
                if part.is_empty() {
                    errors.push((
                        g.span(),
                        "empty mode: expected an integer or a tuple between commas".into(),
                    ));
                    continue;
                }
                match value(part, g.span(), ("a mode", "the mode")) {
                    Ok(n) => modes.push(n),
                    Err(e) => errors.extend(e),
                }
            }
            if errors.is_empty() {
                Ok(Node::Tuple(modes, g.span()))
            } else {
                Err(errors)
            }
        }
        Some(other) => Err(vec![(
            other.span(),
            format!(
                "expected an integer, `{{expr}}`, `?` or a parenthesized tuple, found `{other}`"
            ),
        )]),
        None => Err(vec![(
            Span::call_site(),
            "expected an integer or a tuple".into(),
        )]),
    }
}

/// `{div = N}` after `?`: the static divisor of a runtime leaf.
fn divisor(g: &proc_macro2::Group) -> Result<i64, Errors> {
    let tokens: Vec<TokenTree> = g.stream().into_iter().collect();
    let bad = || {
        vec![(
            g.span(),
            "expected `{div = N}` after `?`: the positive static integer the runtime leaf is a multiple of".into(),
        )]
    };
    match tokens.as_slice() {
        [TokenTree::Ident(k), TokenTree::Punct(eq), TokenTree::Literal(lit)]
            if k == "div" && eq.as_char() == '=' =>
        {
            match int(&lit.to_string(), lit.span(), false)? {
                Node::Int(v, _) if v > 0 => Ok(v),
                _ => Err(vec![(lit.span(), "a divisor must be positive".into())]),
            }
        }
        _ => Err(bad()),
    }
}

fn int(text: &str, span: Span, negative: bool) -> Result<Node, Errors> {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '_');
    let digits = digits.replace('_', "");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(vec![(
            span,
            format!("expected a decimal integer, found `{text}`"),
        )]);
    }
    match digits.parse::<i64>() {
        Ok(v) => Ok(Node::Int(if negative { -v } else { v }, span)),
        Err(_) => Err(vec![(span, format!("`{text}` does not fit in i64"))]),
    }
}

/// A tile of a tiler: a layout (an integer `N` meaning `N:1`) or a nested tiler.
#[derive(Clone, Debug)]
pub(crate) enum Tile {
    Layout(Node, Node),
    Tiler(Vec<Tile>),
}

/// `<t0, t1, ...>`.
pub(crate) fn tiler(input: TokenStream) -> Result<Vec<Tile>, Errors> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let (tiles, rest) = tiler_at(&tokens, Span::call_site())?;
    if let Some(extra) = rest.first() {
        return Err(vec![(
            extra.span(),
            format!("unexpected `{extra}` after the tiler"),
        )]);
    }
    Ok(tiles)
}

fn is_punct(t: &TokenTree, c: char) -> bool {
    matches!(t, TokenTree::Punct(p) if p.as_char() == c)
}

/// A tiler at the start of `tokens`, and the tokens after its closing `>`.
fn tiler_at(tokens: &[TokenTree], near: Span) -> Result<(Vec<Tile>, &[TokenTree]), Errors> {
    let Some(first) = tokens.first() else {
        return Err(vec![(
            near,
            "expected a tiler `<t0, t1, ...>`, found nothing".into(),
        )]);
    };
    if !is_punct(first, '<') {
        return Err(vec![(
            first.span(),
            format!("expected `<` to open a tiler, found `{first}`"),
        )]);
    }
    // Find the matching `>`, and the commas at this level.
    let mut depth = 0usize;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if is_punct(t, '<') {
            depth += 1;
        } else if is_punct(t, '>') {
            depth -= 1;
            if depth == 0 {
                close = Some(i);
                break;
            }
        } else if depth == 1 && is_punct(t, ',') {
            commas.push(i);
        }
    }
    let Some(close) = close else {
        return Err(vec![(first.span(), "this `<` has no matching `>`".into())]);
    };
    let mut bounds = vec![0];
    bounds.extend(commas);
    bounds.push(close);
    let mut tiles = Vec::new();
    let mut errors = Errors::new();
    for w in bounds.windows(2) {
        let part = &tokens[w[0] + 1..w[1]];
        match tile(part, tokens[w[0]].span()) {
            Ok(t) => tiles.push(t),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok((tiles, &tokens[close + 1..]))
    } else {
        Err(errors)
    }
}

/// One tile: a nested tiler, a layout `s:d`, or an integer `N` (the layout `N:1`).
fn tile(part: &[TokenTree], near: Span) -> Result<Tile, Errors> {
    match part.first() {
        None => Err(vec![(
            near,
            "empty tile: expected a layout, an integer or a tiler".into(),
        )]),
        Some(t) if is_punct(t, '<') => {
            let (tiles, rest) = tiler_at(part, near)?;
            match rest.first() {
                Some(extra) => Err(vec![(
                    extra.span(),
                    format!("unexpected `{extra}` after a tiler"),
                )]),
                None => Ok(Tile::Tiler(tiles)),
            }
        }
        Some(_) if part.iter().any(|t| is_punct(t, ':')) => {
            let (s, d) = layout(part.iter().cloned().collect())?;
            Ok(Tile::Layout(s, d))
        }
        Some(_) => {
            let n = value(part, near, ("a tile", "the tile"))?;
            let span = n.span();
            Ok(Tile::Layout(n, Node::Int(1, span)))
        }
    }
}
