//! Procedural macros of `cute`: CuTe notation in, layout types and values out. Use them through
//! the facade (`cute::layout!`, `cute::Layout!`, `cute::shape!`, `cute::Shape!`, `cute::tiler!`,
//! `cute::Tiler!`), or cute-static's wrappers (`cute_static::layout!`, …); the generated paths go
//! through `::cute::__private`, or `$crate::__private` of the crate whose wrapper passes
//! `@root $crate;`.
//!
//! # Quick start
//! Through the facade (the package `cute-layout`, the library `cute`):
//! ```text
//! use cute::{layout, tiler, Layout};
//! type Tile = Layout!((8,8):(8,1));             // a static layout type
//! let l = layout!((4,(2,2)):(2,(1,8)));         // its zero-sized value
//! let g = layout!(({m},{n}):({n},1))?;          // runtime leaves: a checked Result
//! let t = tiler!(<4:1,8:2>);
//! ```
//!
//! A leaf is an integer (static: a typenum type), a runtime leaf (`{expr}` in a value, `?` or
//! `?{div=N}` in a type: a `Dyn`) or an identifier (a typenum type, e.g. a parameter of the
//! surrounding function). A value with no runtime leaf is the zero-sized static value; with one,
//! it is a `Result` of the checked value (`make_layout`: positive shapes, size and offsets
//! within `i64`).
//!
//! Each macro runs parse → check → emit (`parse.rs`, `check.rs`, `emit.rs`, tied together in
//! `expand.rs`): the notation is parsed into a tree with spans, checked with `cute-core`'s own
//! rules, and emitted as types and values. Malformed input is a `compile_error!` at the offending
//! token, never a panic (the `macros` fuzz target runs `expand.rs` on arbitrary token streams).

use proc_macro::TokenStream;

mod check;
mod emit;
mod expand;
mod parse;

/// The value of the layout written in CuTe notation: the zero-sized static layout, or with
/// runtime leaves `{expr}`, a `Result` of the checked layout.
///
/// ```ignore
/// let l = cute::layout!((4,(2,2)):(2,(1,8)));
/// let g = cute::layout!(({m},8):(8,1))?;
/// ```
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    expand::layout_value(input.into()).into()
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
    expand::layout_type(input.into()).into()
}

/// The value of the shape written in CuTe notation: `shape!((4,8))`, or with runtime leaves,
/// `shape!(({m},8))?`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    expand::shape_value(input.into()).into()
}

/// The type of the static shape written in CuTe notation: `Shape!((4,8))` is `(U4, U8)`.
#[proc_macro]
#[allow(
    non_snake_case,
    reason = "the type-position macro is named like the type, as frunk's HList!"
)]
pub fn Shape(input: TokenStream) -> TokenStream {
    expand::shape_type(input.into()).into()
}

/// The value of the tiler written in CuTe notation: `tiler!(<4:1,8:2>)`, or with runtime
/// leaves, `tiler!(<{bm},8>)?`.
#[proc_macro]
pub fn tiler(input: TokenStream) -> TokenStream {
    expand::tiler_value(input.into()).into()
}

/// The type of the static tiler written in CuTe notation: `Tiler!(<4:1,8:2>)` is
/// `Tiler<(Layout<U4, U1>, Layout<U8, U2>)>`; an integer tile `N` means `N:1`.
#[proc_macro]
#[allow(
    non_snake_case,
    reason = "the type-position macro is named like the type, as frunk's HList!"
)]
pub fn Tiler(input: TokenStream) -> TokenStream {
    expand::tiler_type(input.into()).into()
}
