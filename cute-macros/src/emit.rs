//! Trees to typenum types, through the facade's hidden re-export.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::parse::{Errors, Node};

/// `::cute::__private::cute_static::Layout<S, D>`.
pub(crate) fn layout(s: &Node, d: &Node) -> TokenStream {
    let (s, d) = (tuple(s), tuple(d));
    quote!(::cute::__private::cute_static::Layout<#s, #d>)
}

/// `::cute::__private::cute_static::Tiler<(T0, T1, ...)>`.
pub(crate) fn tiler(tiles: &[crate::parse::Tile]) -> TokenStream {
    let tiles = tiles.iter().map(|t| match t {
        crate::parse::Tile::Layout(s, d) => layout(s, d),
        crate::parse::Tile::Tiler(inner) => tiler(inner),
    });
    quote!(::cute::__private::cute_static::Tiler<(#(#tiles,)*)>)
}

/// An integer as a typenum type, a tuple as a Rust tuple of those.
pub(crate) fn tuple(n: &Node) -> TokenStream {
    match n {
        Node::Int(v, _) => int(*v),
        Node::Tuple(modes, _) => {
            let modes = modes.iter().map(tuple);
            quote!((#(#modes,)*))
        }
    }
}

/// `U4` where typenum names the value (0..=1024 and powers of two), else its binary `UInt`.
fn int(v: i64) -> TokenStream {
    let v = v.unsigned_abs();
    if v <= 1024 || v.is_power_of_two() {
        let name = format_ident!("U{v}");
        return quote!(::cute::__private::typenum::consts::#name);
    }
    let mut t = quote!(::cute::__private::typenum::UTerm);
    for bit in (0..64 - v.leading_zeros()).rev() {
        let b = if v >> bit & 1 == 1 {
            quote!(::cute::__private::typenum::B1)
        } else {
            quote!(::cute::__private::typenum::B0)
        };
        t = quote!(::cute::__private::typenum::UInt<#t, #b>);
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
