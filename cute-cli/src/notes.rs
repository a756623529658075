//! Notes on expressions that are valid but probably not what was meant: a divide whose tiler does
//! not divide the layout (the tiles reach past its elements), and a layout given where a by-mode
//! tiler was probably meant (cutlass#2545's trap).

use cute::expr::{parse_call, Value};
use cute::{Layout, Op, Tile};

/// The notes of a top-level call (none for a value, a call that fails to parse, or another
/// operation).
#[must_use]
pub fn notes(text: &str) -> Vec<String> {
    let Ok(Some(call)) = parse_call(text) else {
        return Vec::new();
    };
    let divide = matches!(
        Op::from_name(&call.op),
        Some(Op::LogicalDivide | Op::ZippedDivide | Op::TiledDivide | Op::FlatDivide)
    );
    let (Some((Value::Layout(a), _)), Some((tiler, _)), true) =
        (call.args.first(), call.args.get(1), divide)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Value::Layout(t) = tiler {
        if a.rank() >= 2 && t.rank() == a.rank() {
            out.push(format!(
                "{t} is one tile of the whole of {a}, its {} elements taken in index order; \
                 for a tile per mode, give a tiler: <{}> (or the shape {})",
                t.size(),
                t.modes()
                    .map(|m| format!("{}:1", m.to_layout().map_or(0, |m| m.size())))
                    .collect::<Vec<_>>()
                    .join(","),
                t.shape()
            ));
        }
    }
    if let Some(Ok(t)) = tiler.tile() {
        divides(a, &t, "", &mut out);
    }
    out
}

/// The data a top-level divide or composition reads, its first argument when that is a layout:
/// the offsets of its result lie among the data's unless a tile reaches past it (`None` for any
/// other expression).
#[must_use]
pub fn data(text: &str) -> Option<Layout> {
    let call = parse_call(text).ok()??;
    let reads = matches!(
        Op::from_name(&call.op)?,
        Op::LogicalDivide | Op::ZippedDivide | Op::TiledDivide | Op::FlatDivide | Op::Composition
    );
    match call.args.first() {
        Some((Value::Layout(a), _)) if reads => Some(*a),
        _ => None,
    }
}

/// A note for each mode (`path`, dotted) whose tile does not divide it.
fn divides(a: &Layout, t: &Tile, path: &str, out: &mut Vec<String>) {
    match t {
        Tile::Layout(t) => {
            let (n, k) = (a.size(), t.size());
            if k > 0 && n % k != 0 {
                let whole = if path.is_empty() {
                    format!("{a}")
                } else {
                    format!("mode {path} of the layout ({a})")
                };
                let past = k - n % k;
                out.push(format!(
                    "the tile {t} ({k} elements) does not divide {whole} ({n} elements): the last \
                     tile reaches {past} element{} past it",
                    if past == 1 { "" } else { "s" }
                ));
            }
        }
        Tile::Tiler(tiler) => {
            for (i, (m, tile)) in a.modes().zip(tiler.tiles()).enumerate() {
                let sub = if path.is_empty() {
                    i.to_string()
                } else {
                    format!("{path}.{i}")
                };
                if let Ok(m) = m.to_layout() {
                    divides(&m, &tile, &sub, out);
                }
            }
        }
        Tile::Under => {}
    }
}

#[cfg(test)]
mod tests {
    use super::{data, notes};

    #[test]
    fn traps_get_a_note() {
        let n = notes("zipped_divide((8,6):(1,8), <4:1,4:1>)");
        assert_eq!(n.len(), 1, "{n:?}");
        assert!(
            n[0].contains("does not divide mode 1 of the layout (6:8)")
                && n[0].contains("2 elements past it"),
            "{n:?}"
        );
        let n = notes("logical_divide((12,32):(1,12), (4,8):(1,4))");
        assert_eq!(n.len(), 1, "{n:?}");
        assert!(
            n[0].contains("give a tiler: <4:1,8:1> (or the shape (4,8))"),
            "{n:?}"
        );
        assert!(notes("logical_divide(12:1, 5:1)")[0].contains("3 elements past it"));
        assert!(notes("zipped_divide((8,6):(1,8), (4,3))").is_empty());
        assert!(notes("logical_divide((8,6):(1,8), <_,4:1>)")[0].contains("mode 1"));
        assert!(notes("composition((8,6):(1,8), <4:1,4:1>)").is_empty());
        assert!(notes("(8,6):(1,8)").is_empty());
    }

    #[test]
    fn divides_and_compositions_read_their_first_argument() {
        let d = |t: &str| data(t).map(|l| l.to_string());
        assert_eq!(
            d("zipped_divide((8,6):(1,8), <4:1,4:1>)").as_deref(),
            Some("(8,6):(1,8)")
        );
        assert_eq!(d("composition(12:2, 8:2)").as_deref(), Some("12:2"));
        assert_eq!(d("blocked_product(2:1, 3:1)"), None);
        assert_eq!(d("composition(swizzle(3,3,3), 8:1)"), None);
        assert_eq!(d("(8,6):(1,8)"), None);
    }
}
