//! The notation parsers (`IntTuple`, `Layout`, `Tiler`, `CoordLayout`, `Swizzle`,
//! `ComposedLayout`): no panic, and whatever parses prints back to text that parses to the same
//! value.
#![no_main]

use cute::{ComposedLayout, CoordLayout, IntTuple, Layout, Swizzle, Tiler};

mod slow;

fn round_trip<T>(text: &str)
where
    T: std::str::FromStr + std::fmt::Display + PartialEq + std::fmt::Debug,
{
    if let Ok(v) = text.parse::<T>() {
        let printed = v.to_string();
        let again = printed
            .parse::<T>()
            .unwrap_or_else(|_| panic!("{text:?} printed as {printed:?}, which does not parse"));
        assert_eq!(again, v, "{text:?} printed as {printed:?}");
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        slow::timed(text, || {
            round_trip::<IntTuple>(text);
            round_trip::<Layout>(text);
            round_trip::<Tiler>(text);
            round_trip::<CoordLayout>(text);
            round_trip::<Swizzle>(text);
            round_trip::<ComposedLayout>(text);
        });
    }
});
