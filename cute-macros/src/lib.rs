//! Procedural macros of `cute`: CuTe notation in, layout types and values out. Use them through
//! the facade (`cute::layout!`, `cute::Layout!`, `cute::shape!`, `cute::Shape!`, `cute::tiler!`,
//! `cute::Tiler!`); the generated paths go through `::cute::__private`.
//!
//! A leaf is an integer (static: a typenum type), a runtime leaf (`{expr}` in a value, `?` or
//! `?{div=N}` in a type: a `Dyn`) or an identifier (a typenum type, e.g. a parameter of the
//! surrounding function). A value with no runtime leaf is the zero-sized static value; with one,
//! it is a `Result` of the checked value (`make_layout`: positive shapes, size and offsets
//! within `i64`).
//!
//! Each macro runs parse → check → emit (`parse.rs`, `check.rs`, `emit.rs`): the notation is
//! parsed into a tree with spans, checked with `cute-core`'s own rules, and emitted as types and
//! values. Malformed input is a `compile_error!` at the offending token, never a panic.

use proc_macro::TokenStream;

mod check;
mod emit;
mod parse;

use check::Form;

/// The value of the layout written in CuTe notation: the zero-sized static layout, or with
/// runtime leaves `{expr}`, a `Result` of the checked layout.
///
/// ```ignore
/// let l = cute::layout!((4,(2,2)):(2,(1,8)));
/// let g = cute::layout!(({m},8):(8,1))?;
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    parse::layout(input.into())
        .and_then(|(s, d)| check::layout(&s, &d, Form::Value).map(|()| (s, d)))
        .map_or_else(
            |errors| emit::errors(&errors),
            |(s, d)| emit::layout_value(&s, &d),
        )
        .into()
}

/// The type of the layout written in CuTe notation:
/// `Layout!((4,(2,2)):(2,(1,8)))` is `Layout<(U4, (U2, U2)), (U2, (U1, U8))>`, and
/// `Layout!((?,8):(8,1))` is `Layout<(Dyn, U8), (U8, U1)>`.
#[proc_macro]
#[allow(
    non_snake_case,
    reason = "the type-position macro is named like the type, as frunk's HList!"
)]
pub fn Layout(input: TokenStream) -> TokenStream {
    layout_type(input.into()).into()
}

/// The value of the shape written in CuTe notation: `shape!((4,8))`, or with runtime leaves,
/// `shape!(({m},8))?`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    parse::tuple(input.into())
        .and_then(|s| check::shape(&s, Form::Value).map(|()| s))
        .map_or_else(|errors| emit::errors(&errors), |s| emit::shape_value(&s))
        .into()
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

/// The value of the tiler written in CuTe notation: `tiler!(<4:1,8:2>)`, or with runtime
/// leaves, `tiler!(<{bm},8>)?`.
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    parse::tiler(input.into())
        .and_then(|tiles| check::tiler(&tiles, Form::Value).map(|()| tiles))
        .map_or_else(|errors| emit::errors(&errors), |t| emit::tiler_value(&t))
        .into()
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
        .and_then(|tiles| check::tiler(&tiles, Form::Type).map(|()| tiles))
        .map_or_else(|errors| emit::errors(&errors), |tiles| emit::tiler(&tiles))
}

fn layout_type(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    parse::layout(input)
        .and_then(|(shape, stride)| {
            check::layout(&shape, &stride, Form::Type).map(|()| (shape, stride))
        })
        .map_or_else(
            |errors| emit::errors(&errors),
            |(shape, stride)| emit::layout(&shape, &stride),
        )
}

fn shape_type(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    parse::tuple(input)
        .and_then(|shape| check::shape(&shape, Form::Type).map(|()| shape))
        .map_or_else(|errors| emit::errors(&errors), |shape| emit::tuple(&shape))
}
