//! `cute eval --json`: a value as one JSON object, for scripts.
//!
//! Every object has the keys
//!
//! - `value`: the value's notation, as `cute eval` prints it (`"(4,8):(1,4)"`);
//! - `kind`: what it is, one of `int`, `bool`, `tuple`, `layout`, `tiler`, `list`, `coords`,
//!   `swizzle`, `swizzled_layout`, `coord_layout`, `f2_layout`, `morphism`, `mma_atom`,
//!   `copy_atom`, `tiled_mma`, `tiled_copy`, `partition`;
//!
//! and, by kind (notation strings are CuTe's, as `value`; numbers are JSON integers):
//!
//! | kind | keys |
//! |---|---|
//! | `int` | `int` |
//! | `bool` | `bool` |
//! | `tuple` | `rank`, `depth` |
//! | `layout` | `shape`, `stride` (notation), `rank`, `depth`, `size`, `cosize` |
//! | `tiler` | `rank`, `tiles` (the modes' notation, `_` for a mode kept whole) |
//! | `list` | `list` (the integers) |
//! | `coords` | `coords` (each coordinate's notation) |
//! | `swizzle` | `bits`, `base`, `shift` (`B`, `M`, `S` of `Sw<B,M,S>`) |
//! | `swizzled_layout` | `swizzle` (notation), `offset`, `layout` (notation), and the inner layout's `shape`, `stride`, `rank`, `depth`, `size`, `cosize` |
//! | `coord_layout`, `f2_layout` | `shape` (notation), `size` |
//! | `morphism` | `domain`, `codomain` (notation) |
//! | `partition` | its layout's `shape`, `stride`, `rank`, `depth`, `size`, `cosize`, and `offset` (of its first element in the tensor) |
//!
//! The atoms and tiled operations have `value` and `kind` only.
//!
//! # Examples
//! ```
//! let v = cute::expr::eval("zipped_divide((8,16):(16,1), (4,8))").unwrap();
//! let j = cute_cli::json::to_json(&v);
//! assert_eq!(j["kind"], "layout");
//! assert_eq!(j["shape"], "((4,8),(2,2))");
//! assert_eq!(j["size"], 128);
//! assert_eq!(j["cosize"], 128);
//! ```

use cute::expr::Value;
use cute::Layout;
use serde_json::{Map, Value as Json};

/// `v` as one JSON object: `value`, `kind` and the keys of its kind (see the [module](self)).
#[must_use]
pub fn to_json(v: &Value) -> Json {
    let mut o = Map::new();
    o.insert("value".into(), v.to_string().into());
    let kind = match v {
        Value::Int(n) => {
            o.insert("int".into(), (*n).into());
            "int"
        }
        Value::Bool(b) => {
            o.insert("bool".into(), (*b).into());
            "bool"
        }
        Value::Tuple(t) => {
            o.insert("rank".into(), t.rank().into());
            o.insert("depth".into(), t.depth().into());
            "tuple"
        }
        Value::Layout(l) => {
            layout_keys(&mut o, l);
            "layout"
        }
        Value::Tiler(t) => {
            o.insert("rank".into(), t.rank().into());
            let tiles: Vec<String> = t.tiles().map(|m| m.to_string()).collect();
            o.insert("tiles".into(), tiles.into());
            "tiler"
        }
        Value::List(xs) => {
            o.insert("list".into(), xs.clone().into());
            "list"
        }
        Value::Coords(cs) => {
            let cs: Vec<String> = cs.iter().map(ToString::to_string).collect();
            o.insert("coords".into(), cs.into());
            "coords"
        }
        Value::Swizzle(sw) => {
            let (bits, base, shift) = sw.params();
            o.insert("bits".into(), bits.into());
            o.insert("base".into(), base.into());
            o.insert("shift".into(), shift.into());
            "swizzle"
        }
        Value::Composed(c) => {
            o.insert("swizzle".into(), c.swizzle().to_string().into());
            o.insert("offset".into(), c.offset().into());
            o.insert("layout".into(), c.layout().to_string().into());
            layout_keys(&mut o, c.layout());
            "swizzled_layout"
        }
        Value::Coord(c) => {
            o.insert("shape".into(), c.shape().to_string().into());
            o.insert("size".into(), c.size().into());
            "coord_layout"
        }
        Value::F2(a) => {
            o.insert("shape".into(), a.shape().to_string().into());
            o.insert("size".into(), a.size().into());
            "f2_layout"
        }
        Value::Morphism(m) => {
            o.insert("domain".into(), m.domain().to_string().into());
            o.insert("codomain".into(), m.codomain().to_string().into());
            "morphism"
        }
        Value::MmaAtom(_) => "mma_atom",
        Value::CopyAtom(_) => "copy_atom",
        Value::TiledMma(_) => "tiled_mma",
        Value::TiledCopy(_) => "tiled_copy",
        Value::Partition(l, offset) => {
            layout_keys(&mut o, l);
            o.insert("offset".into(), (*offset).into());
            "partition"
        }
    };
    o.insert("kind".into(), kind.into());
    Json::Object(o)
}

/// `shape`, `stride`, `rank`, `depth`, `size` and `cosize` of `l` (`cosize` null where its `+ 1`
/// passes `i64`, as for `2:9223372036854775807`).
fn layout_keys(o: &mut Map<String, Json>, l: &Layout) {
    o.insert("shape".into(), l.shape().to_string().into());
    o.insert("stride".into(), l.stride().to_string().into());
    o.insert("rank".into(), l.rank().into());
    o.insert("depth".into(), l.depth().into());
    o.insert("size".into(), l.size().into());
    o.insert(
        "cosize".into(),
        l.cosize().ok().map_or(Json::Null, Json::from),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute::expr::eval;
    use serde_json::json;

    fn j(s: &str) -> Json {
        to_json(&eval(s).unwrap())
    }

    #[test]
    fn each_kind_has_its_keys() {
        assert_eq!(
            j("(4,(2,2)):(2,(1,8))"),
            json!({"value": "(4,(2,2)):(2,(1,8))", "kind": "layout", "shape": "(4,(2,2))",
                   "stride": "(2,(1,8))", "rank": 2, "depth": 2, "size": 16, "cosize": 16})
        );
        assert_eq!(
            j("size(8:1)"),
            json!({"value": "8", "kind": "int", "int": 8})
        );
        assert_eq!(
            j("(2,(_,3))"),
            json!({"value": "(2,(_,3))", "kind": "tuple", "rank": 2, "depth": 2})
        );
        assert_eq!(
            j("<4:1,_,<2:2>>"),
            json!({"value": "<4:1,_,<2:2>>", "kind": "tiler", "rank": 3,
                   "tiles": ["4:1", "_", "<2:2>"]})
        );
        assert_eq!(
            j("eval(3:2)"),
            json!({"value": "[0,2,4]", "kind": "list", "list": [0, 2, 4]})
        );
        assert_eq!(
            j("swizzle(3,0,-3)"),
            json!({"value": "Sw<3,0,-3>", "kind": "swizzle", "bits": 3, "base": 0, "shift": -3})
        );
        assert_eq!(
            j("slice((2,_), composition(swizzle(3,0,3), (8,8):(8,1)))"),
            json!({"value": "Sw<3,0,3>o16o(8):(1)", "kind": "swizzled_layout",
                   "swizzle": "Sw<3,0,3>", "offset": 16, "layout": "(8):(1)", "shape": "(8)",
                   "stride": "(1)", "rank": 1, "depth": 1, "size": 8, "cosize": 8})
        );
        assert_eq!(
            j("is_tractable((4,6):(1,5))"),
            json!({"value": "false", "kind": "bool", "bool": false})
        );
        assert_eq!(
            j("(4,6)-[2,1]->(6,4)"),
            json!({"value": "(4,6)-[2,1]->(6,4)", "kind": "morphism", "domain": "(4,6)",
                   "codomain": "(6,4)"})
        );
        assert_eq!(j("(8,8):(e0,e1)")["kind"], "coord_layout");
        assert_eq!(j("(8,8):(e0,e1)")["size"], 64);
        assert_eq!(j("(8,8):(f1,f9)")["kind"], "f2_layout");
        for s in ["eval((2,2):(e0,e1))", "0:1", "SM80_16x8x16_F32F16F16F32_TN"] {
            let o = j(s);
            for k in ["value", "kind"] {
                assert!(o.get(k).is_some(), "{s}: {k} in {o}");
            }
        }
    }
}
