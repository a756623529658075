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

#[cfg(test)]
mod tests {
    /// What the macros lower to, as the expansion snapshots of STYLE rule 13 (`cargo expand`
    /// needs a nightly toolchain; the emitted tokens are the same thing).
    fn lowered(f: fn(proc_macro2::TokenStream) -> proc_macro2::TokenStream, input: &str) -> String {
        f(input.parse().unwrap()).to_string()
    }

    #[test]
    fn layout_lowers_to_typenum_tuples() {
        assert_eq!(
            lowered(crate::layout_type, "(4,(2,2)):(2,(1,8))"),
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
            lowered(crate::shape_type, "1030"),
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
            lowered(crate::tiler_type, "<4:1,8>"),
            ":: cute :: __private :: cute_static :: Tiler < (:: cute :: __private :: cute_static \
             :: Layout < :: cute :: __private :: typenum :: consts :: U4 , :: cute :: __private \
             :: typenum :: consts :: U1 > , :: cute :: __private :: cute_static :: Layout < :: \
             cute :: __private :: typenum :: consts :: U8 , :: cute :: __private :: typenum :: \
             consts :: U1 > ,) >"
        );
    }

    #[test]
    fn errors_lower_to_compile_errors_and_nothing_else() {
        let one = lowered(crate::layout_type, "(4,0):(1,4)");
        assert!(one.starts_with(":: core :: compile_error !"), "{one}");
        let two = lowered(crate::layout_type, "(0,8):(1,-2)");
        assert_eq!(two.matches("compile_error").count(), 2, "{two}");
        assert!(two.starts_with("[:: core :: compile_error !"), "{two}");
    }
}
