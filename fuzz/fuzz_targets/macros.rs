//! The proc macros' pipeline (`cute-macros`' parse → check → emit, `expand.rs`) as plain
//! functions on token streams: no panic on any input, and the macros agree with `cute`'s own
//! parser: a layout the macros accept is the layout `cute` reads from the same text, and plain
//! notation that `cute` reads with positive shapes and non-negative strides (typenum integers)
//! is accepted.
#![no_main]

use proc_macro2::TokenStream;

#[allow(dead_code)]
#[path = "../../cute-macros/src/check.rs"]
mod check;
#[allow(dead_code)]
#[path = "../../cute-macros/src/emit.rs"]
mod emit;
#[allow(dead_code)]
#[path = "../../cute-macros/src/expand.rs"]
mod expand;
#[allow(dead_code)]
#[path = "../../cute-macros/src/parse.rs"]
mod parse;

mod slow;

/// Every macro, value and type form, on `tokens`.
const MACROS: [fn(TokenStream) -> TokenStream; 6] = [
    expand::layout_value,
    expand::layout_type,
    expand::shape_value,
    expand::shape_type,
    expand::tiler_value,
    expand::tiler_type,
];

fn agrees_with_cute(text: &str, tokens: &TokenStream) {
    // Plain notation; an empty tuple `()` is a rank-0 layout to `cute` and no typenum tuple to
    // the macros, which reject it with an error.
    let plain = text
        .bytes()
        .all(|b| b.is_ascii_digit() || b"(),:- \t\n".contains(&b))
        && !text.split_whitespace().collect::<String>().contains("()");
    if !plain {
        return;
    }
    let cute = text.parse::<cute::Layout>();
    match parse::layout(tokens.clone()).and_then(|(s, d)| {
        check::layout(&s, &d, check::Form::Type)?;
        Ok((check::lower(&s, 1)?, check::lower(&d, 1)?))
    }) {
        Ok((s, d)) => {
            let l = cute.unwrap_or_else(|e| panic!("{text:?}: the macros accept it, cute: {e}"));
            assert_eq!((s, d), (l.shape().to_tuple(), l.stride().to_tuple()), "{text:?}");
        }
        Err(errors) => {
            assert!(!errors.is_empty(), "{text:?}: rejected without an error");
            if let Ok(l) = cute {
                // Static leaves: typenum integers, unsigned, and positive in a shape (an empty
                // mode is a runtime size to the macros).
                let typenum = l.shape().leaves().iter().all(|&v| v > 0)
                    && l.stride().leaves().iter().all(|&v| v >= 0);
                assert!(!typenum, "{text:?}: cute reads {l}, the macros reject it: {errors:?}");
            }
        }
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Text that is not a token stream (unbalanced delimiters) never reaches a macro.
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return;
    };
    slow::timed(text, || {
        for expand in MACROS {
            let out = expand(tokens.clone());
            assert!(!out.is_empty(), "{text:?}: an empty expansion");
        }
        agrees_with_cute(text, &tokens);
    });
});
