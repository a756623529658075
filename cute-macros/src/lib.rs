//! Procedural macros of `cute`: CuTe notation in, static types out. Use them through the facade
//! (`cute::layout!`, `cute::Layout!`, `cute::shape!`, `cute::Shape!`); the generated paths go
//! through `::cute::__private`.
//!
//! Each macro runs parse → check → emit (`parse.rs`, `check.rs`, `emit.rs`): the notation is
//! parsed into a tree with spans, checked with `cute-core`'s own rules, and emitted as typenum
//! types. Malformed input is a `compile_error!` at the offending token, never a panic.

use proc_macro::TokenStream;

mod check;
mod emit;
mod parse;

/// The zero-sized value of the static layout written in CuTe notation.
///
/// ```ignore
/// let l = cute::layout!((4,(2,2)):(2,(1,8)));
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    let ty = layout_type(input.into());
    quote::quote!(<#ty as ::core::default::Default>::default()).into()
}

/// The type of the static layout written in CuTe notation:
/// `Layout!((4,(2,2)):(2,(1,8)))` is `Layout<(U4, (U2, U2)), (U2, (U1, U8))>`.
#[proc_macro]
#[allow(
    non_snake_case,
    reason = "the type-position macro is named like the type, as frunk's HList!"
)]
pub fn Layout(input: TokenStream) -> TokenStream {
    layout_type(input.into()).into()
}

/// The zero-sized value of the static shape written in CuTe notation: `shape!((4,8))`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    let ty = shape_type(input.into());
    quote::quote!(<#ty as ::core::default::Default>::default()).into()
}

/// The type of the static shape written in CuTe notation: `Shape!((4,8))` is `(U4, U8)`.
#[proc_macro]
#[allow(
    non_snake_case,
    reason = "the type-position macro is named like the type, as frunk's HList!"
)]
pub fn Shape(input: TokenStream) -> TokenStream {
    shape_type(input.into()).into()
}

/// The zero-sized value of the static tiler written in CuTe notation: `tiler!(<4:1,8:2>)`.
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    let ty = tiler_type(input.into());
    quote::quote!(<#ty as ::core::default::Default>::default()).into()
}

/// The type of the static tiler written in CuTe notation: `Tiler!(<4:1,8:2>)` is
/// `Tiler<(Layout<U4, U1>, Layout<U8, U2>)>`; an integer tile `N` means `N:1`.
#[proc_macro]
#[allow(
    non_snake_case,
    reason = "the type-position macro is named like the type, as frunk's HList!"
)]
pub fn Tiler(input: TokenStream) -> TokenStream {
    tiler_type(input.into()).into()
}

fn tiler_type(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    parse::tiler(input)
        .and_then(|tiles| check::tiler(&tiles).map(|()| tiles))
        .map_or_else(|errors| emit::errors(&errors), |tiles| emit::tiler(&tiles))
}

fn layout_type(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    parse::layout(input)
        .and_then(|(shape, stride)| check::layout(&shape, &stride).map(|()| (shape, stride)))
        .map_or_else(
            |errors| emit::errors(&errors),
            |(shape, stride)| emit::layout(&shape, &stride),
        )
}

fn shape_type(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    parse::tuple(input)
        .and_then(|shape| check::shape(&shape).map(|()| shape))
        .map_or_else(|errors| emit::errors(&errors), |shape| emit::tuple(&shape))
}
