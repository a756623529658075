//! Trees to typenum types, through the hidden re-exports of the crate the macro was called
//! through: the facade's `::cute::__private`, or `$crate::__private` of a crate whose wrapper
//! macro passes `@root $crate;` (cute-static's).

use std::cell::RefCell;

use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};

use crate::parse::{Errors, Node};

thread_local! {
    /// The path of the crate the macro was called through, while one expansion runs.
    static ROOT: RefCell<Option<TokenStream>> = const { RefCell::new(None) };
}

/// Runs `f` with the generated paths rooted at `root` (`None`: the facade, `::cute`); the root
/// before it comes back when `f` returns or unwinds, so that no expansion sees another's.
pub(crate) fn with_root<T>(root: Option<TokenStream>, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<TokenStream>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            ROOT.with(|r| *r.borrow_mut() = before);
        }
    }
    let _restore = Restore(ROOT.with(|r| r.replace(root)));
    f()
}

/// The label `'__cute` of the block [`fallible`] writes, at the macro's call site wherever it
/// appears: a `break` quoted at a user's token (a runtime leaf) must name the same label, also
/// when the macro is called through a wrapper whose hygiene differs from the user's tokens.
fn label() -> TokenStream {
    let mut apostrophe = Punct::new('\'', Spacing::Joint);
    apostrophe.set_span(Span::call_site());
    [
        TokenTree::Punct(apostrophe),
        TokenTree::Ident(Ident::new("__cute", Span::call_site())),
    ]
    .into_iter()
    .collect()
}

/// `<root>::__private`, the module of re-exports the generated code names.
fn private() -> TokenStream {
    ROOT.with(|r| {
        let root = r.borrow();
        root.as_ref().map_or_else(
            || quote!(::cute::__private),
            |root| quote!(#root::__private),
        )
    })
}

/// `<root>::__private::cute_static::Layout<S, D>`.
pub(crate) fn layout(s: &Node, d: &Node) -> TokenStream {
    let p = private();
    let (s, d) = (tuple(s), tuple(d));
    quote!(#p::cute_static::Layout<#s, #d>)
}

/// `<root>::__private::cute_static::Tiler<(T0, T1, ...)>`.
pub(crate) fn tiler(tiles: &[crate::parse::Tile]) -> TokenStream {
    let p = private();
    let tiles = tiles.iter().map(|t| match t {
        crate::parse::Tile::Layout(s, d) => layout(s, d),
        crate::parse::Tile::Tiler(inner) => tiler(inner),
    });
    quote!(#p::cute_static::Tiler<(#(#tiles,)*)>)
}

/// A tuple as a Rust tuple type: an integer as a typenum type, `?` as `Dyn`, a parameter by
/// name.
pub(crate) fn tuple(n: &Node) -> TokenStream {
    let p = private();
    match n {
        Node::Int(v, _) => int(*v),
        Node::Tuple(modes, _) => {
            let modes = modes.iter().map(tuple);
            quote!((#(#modes,)*))
        }
        Node::Dyn(None, span) => quote_spanned!(*span=> #p::cute_static::Dyn),
        Node::Dyn(Some(m), span) => {
            let m = int(*m);
            quote_spanned!(*span=> #p::cute_static::Dyn<#m>)
        }
        Node::Param(id) => quote!(#id),
        // Rejected by `check::leaf_forms` before emission; a type that does not compile is the
        // safe fallback.
        Node::Runtime(_, span) => {
            quote_spanned!(*span=> ::core::compile_error!("a runtime leaf in a type"))
        }
    }
}

/// A tuple as a value expression: static leaves by `Default`, `{expr}` converted to a runtime
/// leaf, its error breaking out of the block that [`fallible`] writes.
pub(crate) fn tuple_value(n: &Node) -> TokenStream {
    let (p, l) = (private(), label());
    match n {
        Node::Tuple(modes, _) => {
            let modes = modes.iter().map(tuple_value);
            quote!((#(#modes,)*))
        }
        // An integer literal has no type of its own: it is the runtime leaf's `i64`.
        Node::Runtime(expr, span) if is_literal(expr) => {
            quote_spanned!(*span=> #p::cute_static::Dyn::new(#expr))
        }
        Node::Runtime(expr, span) => quote_spanned!(*span=>
            match #p::cute_static::IntoDyn::into_dyn(#expr) {
                ::core::result::Result::Ok(v) => v,
                ::core::result::Result::Err(e) => break #l ::core::result::Result::Err(e),
            }
        ),
        leaf => {
            let ty = tuple(leaf);
            quote!(<#ty as ::core::default::Default>::default())
        }
    }
}

/// `true` for an integer literal, possibly negated.
fn is_literal(expr: &TokenStream) -> bool {
    let tokens: Vec<_> = expr.clone().into_iter().collect();
    let lit = match tokens.as_slice() {
        [proc_macro2::TokenTree::Literal(l)] => l,
        [proc_macro2::TokenTree::Punct(p), proc_macro2::TokenTree::Literal(l)]
            if p.as_char() == '-' =>
        {
            l
        }
        _ => return false,
    };
    let text = lit.to_string();
    text.bytes().all(|b| b.is_ascii_digit() || b == b'_')
}

/// `body` (a `Result<_, cute::Error>` whose leaves may break out with an error) as a labeled
/// block: no closure, so nothing is captured and nothing more is type-checked.
pub(crate) fn fallible(body: &TokenStream) -> TokenStream {
    let p = private();
    let l = label();
    quote!(#l: {
        let r: ::core::result::Result<_, #p::cute_core::Error> = #body;
        r
    })
}

/// The value of a layout: the zero-sized static layout, or, with a runtime leaf, the checked
/// `make_layout` of the leaves.
pub(crate) fn layout_value(s: &Node, d: &Node) -> TokenStream {
    let p = private();
    if !s.has_runtime() && !d.has_runtime() {
        let ty = layout(s, d);
        return quote!(<#ty as ::core::default::Default>::default());
    }
    let (s, d) = (tuple_value(s), tuple_value(d));
    fallible(&quote!(#p::cute_static::make_layout(#s, #d)))
}

/// The value of a shape: the zero-sized static shape, or, with a runtime leaf, the checked
/// `make_shape` of the leaves.
pub(crate) fn shape_value(s: &Node) -> TokenStream {
    let p = private();
    if !s.has_runtime() {
        let ty = tuple(s);
        return quote!(<#ty as ::core::default::Default>::default());
    }
    let s = tuple_value(s);
    fallible(&quote!(#p::cute_static::make_shape(#s)))
}

/// `true` when a tile of the tiler has a runtime leaf.
fn tiler_has_runtime(tiles: &[crate::parse::Tile]) -> bool {
    tiles.iter().any(|t| match t {
        crate::parse::Tile::Layout(s, d) => s.has_runtime() || d.has_runtime(),
        crate::parse::Tile::Tiler(inner) => tiler_has_runtime(inner),
    })
}

/// The value of a tiler: the zero-sized static tiler, or, with a runtime leaf, the tiler of the
/// checked tiles.
pub(crate) fn tiler_value(tiles: &[crate::parse::Tile]) -> TokenStream {
    if !tiler_has_runtime(tiles) {
        let ty = tiler(tiles);
        return quote!(<#ty as ::core::default::Default>::default());
    }
    let t = tiles_value(tiles);
    fallible(&quote!(::core::result::Result::Ok(#t)))
}

/// `Tiler::from_tiles((t0, t1, ...))`, each tile checked with `?`.
fn tiles_value(tiles: &[crate::parse::Tile]) -> TokenStream {
    let (p, l) = (private(), label());
    let tiles = tiles.iter().map(|t| match t {
        crate::parse::Tile::Layout(s, d) => {
            let (s, d) = (tuple_value(s), tuple_value(d));
            quote!(match #p::cute_static::make_layout(#s, #d) {
                ::core::result::Result::Ok(v) => v,
                ::core::result::Result::Err(e) => break #l ::core::result::Result::Err(e),
            })
        }
        crate::parse::Tile::Tiler(inner) => tiles_value(inner),
    });
    quote!(#p::cute_static::Tiler::from_tiles((#(#tiles,)*)))
}

/// `U4` where typenum names the value (0..=1024 and powers of two), else its binary `UInt`.
fn int(v: i64) -> TokenStream {
    let p = private();
    let v = v.unsigned_abs();
    if v <= 1024 || v.is_power_of_two() {
        let name = format_ident!("U{v}");
        return quote!(#p::typenum::consts::#name);
    }
    let mut t = quote!(#p::typenum::UTerm);
    for bit in (0..64 - v.leading_zeros()).rev() {
        let b = if v >> bit & 1 == 1 {
            quote!(#p::typenum::B1)
        } else {
            quote!(#p::typenum::B0)
        };
        t = quote!(#p::typenum::UInt<#t, #b>);
    }
    t
}

/// Every error as a `compile_error!` at its own token. In type position the first error is the
/// type itself (an error type, so nothing downstream reports on it) and the others sit in the
/// length of an array of it: `[compile_error!(e0); { compile_error!(e1); 0 }]`.
pub(crate) fn errors(errors: &Errors) -> TokenStream {
    let mut each = errors
        .iter()
        .map(|(span, msg)| quote_spanned!(*span => ::core::compile_error!(#msg)));
    let Some(first) = each.next() else {
        return quote!(::core::compile_error!("invalid notation"));
    };
    let rest: Vec<_> = each.collect();
    if rest.is_empty() {
        return first;
    }
    quote!([#first; { #(#rest;)* 0 }])
}

#[cfg(test)]
mod tests {
    /// What the macros lower to: the expansion snapshots of the UI tests (`cargo expand`
    /// needs a nightly toolchain; the emitted tokens are the same thing).
    fn lowered(f: fn(proc_macro2::TokenStream) -> proc_macro2::TokenStream, input: &str) -> String {
        f(input.parse().unwrap()).to_string()
    }

    #[test]
    fn layout_lowers_to_typenum_tuples() {
        assert_eq!(
            lowered(crate::expand::layout_type, "(4,(2,2)):(2,(1,8))"),
            ":: cute :: __private :: cute_static :: Layout < (:: cute :: __private :: typenum :: \
             consts :: U4 , (:: cute :: __private :: typenum :: consts :: U2 , :: cute :: \
             __private :: typenum :: consts :: U2 ,) ,) , (:: cute :: __private :: typenum :: \
             consts :: U2 , (:: cute :: __private :: typenum :: consts :: U1 , :: cute :: \
             __private :: typenum :: consts :: U8 ,) ,) >"
        );
    }

    #[test]
    fn large_values_are_binary_typenum_integers() {
        // 1030 is past typenum's named constants (0..=1024 and powers of two).
        assert_eq!(
            lowered(crate::expand::shape_type, "1030"),
            ":: cute :: __private :: typenum :: UInt < :: cute :: __private :: typenum :: UInt \
             < :: cute :: __private :: typenum :: UInt < :: cute :: __private :: typenum :: UInt \
             < :: cute :: __private :: typenum :: UInt < :: cute :: __private :: typenum :: UInt \
             < :: cute :: __private :: typenum :: UInt < :: cute :: __private :: typenum :: UInt \
             < :: cute :: __private :: typenum :: UInt < :: cute :: __private :: typenum :: UInt \
             < :: cute :: __private :: typenum :: UInt < :: cute :: __private :: typenum :: UTerm \
             , :: cute :: __private :: typenum :: B1 > , :: cute :: __private :: typenum :: B0 > \
             , :: cute :: __private :: typenum :: B0 > , :: cute :: __private :: typenum :: B0 > \
             , :: cute :: __private :: typenum :: B0 > , :: cute :: __private :: typenum :: B0 > \
             , :: cute :: __private :: typenum :: B0 > , :: cute :: __private :: typenum :: B0 > \
             , :: cute :: __private :: typenum :: B1 > , :: cute :: __private :: typenum :: B1 > \
             , :: cute :: __private :: typenum :: B0 >"
        );
    }

    #[test]
    fn a_tiler_lowers_to_a_tuple_of_layouts() {
        assert_eq!(
            lowered(crate::expand::tiler_type, "<4:1,8>"),
            ":: cute :: __private :: cute_static :: Tiler < (:: cute :: __private :: cute_static \
             :: Layout < :: cute :: __private :: typenum :: consts :: U4 , :: cute :: __private \
             :: typenum :: consts :: U1 > , :: cute :: __private :: cute_static :: Layout < :: \
             cute :: __private :: typenum :: consts :: U8 , :: cute :: __private :: typenum :: \
             consts :: U1 > ,) >"
        );
    }

    #[test]
    fn errors_lower_to_compile_errors_and_nothing_else() {
        let one = lowered(crate::expand::layout_type, "(4,0):(1,4)");
        assert!(one.starts_with(":: core :: compile_error !"), "{one}");
        let two = lowered(crate::expand::layout_type, "(0,8):(1,-2)");
        assert_eq!(two.matches("compile_error").count(), 2, "{two}");
        assert!(two.starts_with("[:: core :: compile_error !"), "{two}");
    }
}
