//! `serde` (feature `serde`): layouts, int tuples, tilers, coordinate layouts and F2 layouts as
//! their CuTe notation, the strings `Display` writes and `FromStr` reads (`"(4,8):(1,4)"`), so that
//! a configuration file or a JSON record holds what a CuTe user reads.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::Visitor;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::arithmetic_tuple::CoordLayout;
use crate::f2::F2Layout;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tiler::Tiler;

/// Reads a value from its notation.
struct Notation<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for Notation<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in CuTe notation", self.1)
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
        s.parse().map_err(E::custom)
    }
}

macro_rules! notation {
    ($($t:ty: $what:literal),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(Notation(PhantomData, $what))
            }
        }
    )*};
}

notation!(
    Layout: "a layout such as \"(4,8):(1,4)\"",
    IntTuple: "an int tuple such as \"(4,(2,2))\"",
    Tiler: "a tiler such as \"<4:1,8:2>\"",
    CoordLayout: "a coordinate layout such as \"(4,8):(e1,e0)\"",
    F2Layout: "an F2 layout such as \"(8,8):(f1,f9)\""
);

#[cfg(test)]
mod tests {
    use crate::{IntTuple, Layout, Tiler};

    #[test]
    fn values_are_their_notation() {
        let l: Layout = "((4,8),(2,2)):((32,1),(16,8))".parse().unwrap();
        let json = serde_json::to_string(&l).unwrap();
        assert_eq!(json, "\"((4,8),(2,2)):((32,1),(16,8))\"");
        assert_eq!(serde_json::from_str::<Layout>(&json).unwrap(), l);
        let t: IntTuple = serde_json::from_str("\"(4,(2,_))\"").unwrap();
        assert_eq!(t.to_string(), "(4,(2,_))");
        let t: Tiler = serde_json::from_str("\"<_,4:1>\"").unwrap();
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"<_,4:1>\"");
        let e = serde_json::from_str::<Layout>("\"(4,8):(1)\"").unwrap_err();
        assert!(
            e.to_string().contains("congruent") || e.to_string().contains("stride"),
            "{e}"
        );
        let e = serde_json::from_str::<Layout>("12").unwrap_err();
        assert!(e.to_string().contains("a layout such as"), "{e}");
    }
}
