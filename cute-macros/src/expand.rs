//! Each macro's whole pipeline, parse → check → emit, on `proc_macro2` token streams: what
//! `lib.rs` runs inside the compiler, and what the `macros` fuzz target runs as plain functions.

use proc_macro2::{TokenStream, TokenTree};

use crate::check::{self, Form};
use crate::{emit, parse};

/// `layout!`: the value of a layout, or its errors as `compile_error!`s.
pub(crate) fn layout_value(input: TokenStream) -> TokenStream {
    rooted(input, |input| {
        parse::layout(input)
            .and_then(|(s, d)| check::layout(&s, &d, Form::Value).map(|()| (s, d)))
            .map_or_else(
                |errors| emit::errors(&errors),
                |(s, d)| emit::layout_value(&s, &d),
            )
    })
}

/// `Layout!`: the type of a layout.
pub(crate) fn layout_type(input: TokenStream) -> TokenStream {
    rooted(input, |input| {
        parse::layout(input)
            .and_then(|(s, d)| check::layout(&s, &d, Form::Type).map(|()| (s, d)))
            .map_or_else(
                |errors| emit::errors(&errors),
                |(s, d)| emit::layout(&s, &d),
            )
    })
}

/// `shape!`: the value of a shape.
pub(crate) fn shape_value(input: TokenStream) -> TokenStream {
    rooted(input, |input| {
        parse::tuple(input)
            .and_then(|s| check::shape(&s, Form::Value).map(|()| s))
            .map_or_else(|errors| emit::errors(&errors), |s| emit::shape_value(&s))
    })
}

/// `Shape!`: the type of a static shape.
pub(crate) fn shape_type(input: TokenStream) -> TokenStream {
    rooted(input, |input| {
        parse::tuple(input)
            .and_then(|s| check::shape(&s, Form::Type).map(|()| s))
            .map_or_else(|errors| emit::errors(&errors), |s| emit::tuple(&s))
    })
}

/// `tiler!`: the value of a tiler.
pub(crate) fn tiler_value(input: TokenStream) -> TokenStream {
    rooted(input, |input| {
        parse::tiler(input)
            .and_then(|t| check::tiler(&t, Form::Value).map(|()| t))
            .map_or_else(|errors| emit::errors(&errors), |t| emit::tiler_value(&t))
    })
}

/// `Tiler!`: the type of a static tiler.
pub(crate) fn tiler_type(input: TokenStream) -> TokenStream {
    rooted(input, |input| {
        parse::tiler(input)
            .and_then(|t| check::tiler(&t, Form::Type).map(|()| t))
            .map_or_else(|errors| emit::errors(&errors), |t| emit::tiler(&t))
    })
}

/// `f` on the notation, its generated paths rooted where the caller's `@root PATH;` says.
fn rooted(input: TokenStream, f: impl FnOnce(TokenStream) -> TokenStream) -> TokenStream {
    let (root, input) = split_root(input);
    emit::with_root(root, || f(input))
}

/// The `@root PATH;` a wrapper macro puts before the notation (cute-static's `layout!` passes
/// `@root $crate;`), and the rest; no root without one.
fn split_root(input: TokenStream) -> (Option<TokenStream>, TokenStream) {
    let tokens: Vec<TokenTree> = input.clone().into_iter().collect();
    let is = |t: Option<&TokenTree>, s: &str| t.is_some_and(|t| t.to_string() == s);
    if !(is(tokens.first(), "@") && is(tokens.get(1), "root")) {
        return (None, input);
    }
    let Some(end) = tokens.iter().position(|t| t.to_string() == ";") else {
        return (None, input);
    };
    if end == 2 {
        // `@root ;` names no crate: read as it is, so the parser points at the `@`.
        return (None, input);
    }
    let root: TokenStream = tokens[2..end].iter().cloned().collect();
    (Some(root), tokens[end + 1..].iter().cloned().collect())
}
