//! Notes on expressions that are valid but probably not what was meant: a divide whose tiler does
//! not divide the layout (the tiles reach past its elements), a composition whose layout reads
//! past the other's elements, and a layout given where a by-mode tiler was probably meant
//! (cutlass#2545's trap); and what a divide or composition reads cell by cell, for the pictures'
//! marks.

use cute::expr::{eval, parse_call, Value};
use cute::{IntTuple, Layout, Op, TensorLayout as _, Tile};

/// The notes of a top-level call (none for a value, a call that fails to parse, or another
/// operation).
#[must_use]
pub fn notes(text: &str) -> Vec<String> {
    let Ok(Some(call)) = parse_call(text) else {
        return Vec::new();
    };
    if let (Some(Op::Composition), Some((Value::Layout(a), _)), Some((Value::Layout(b), _))) =
        (Op::from_name(&call.op), call.args.first(), call.args.get(1))
    {
        return composition_reads_past(a, b).into_iter().collect();
    }
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

/// A note when `B` of `composition(A, B)` reaches an index of `A` past its elements (CuTe
/// extends `A`'s last mode there).
fn composition_reads_past(a: &Layout, b: &Layout) -> Option<String> {
    let (_, far) = b.image()?;
    (b.size() > 0 && far >= a.size()).then(|| {
        format!(
            "{b} reads index {far} of {a}, which has {} elements: the composition reads past it",
            a.size()
        )
    })
}

/// Bits of an index layout's offset per top-level mode of the data ([`reads`]).
const MODE_BITS: u32 = 20;

/// What a divide or composition reads, cell by cell ([`reads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// The data, the call's first argument.
    pub data: Layout,
    /// The same call on the data's index layout: its offset at a cell packs the index read in
    /// each top-level mode of the data.
    pub index: Layout,
}

impl Reads {
    /// Whether the cell whose offset in [`Reads::index`] is `at` reads past the data: an index
    /// past its mode's size.
    #[must_use]
    pub fn past(&self, at: i64) -> bool {
        let modes = data_modes(&self.data);
        modes.iter().enumerate().any(|(i, mode)| {
            let k = at >> (MODE_BITS * i as u32);
            // The last mode's index is unbounded: a tile may reach far past it.
            let k = if i + 1 < modes.len() {
                k & ((1 << MODE_BITS) - 1)
            } else {
                k
            };
            mode.product().is_ok_and(|size| k >= size)
        })
    }
}

/// What a top-level divide or composition of a layout `A` (of rank 3 at most), whose value is
/// `result`, reads cell by cell: `A`, and the same call on `A`'s index layout — `A`'s shape with
/// each top-level mode column-major from `2^(MODE_BITS·i)` — whose offset at a cell holds,
/// `MODE_BITS` bits per mode of `A`, the index into that mode the cell reads (the last mode's
/// index unbounded). `None` for any other expression, or when the index layout's result is not
/// shaped like `result`.
#[must_use]
pub fn reads(text: &str, result: &Layout) -> Option<Reads> {
    let call = parse_call(text).ok()??;
    let reads = matches!(
        Op::from_name(&call.op)?,
        Op::LogicalDivide | Op::ZippedDivide | Op::TiledDivide | Op::FlatDivide | Op::Composition
    );
    let (Value::Layout(a), _) = call.args.first()? else {
        return None;
    };
    if !reads || call.args.len() != 2 || data_modes(a).len() > 3 {
        return None;
    }
    let index = index_layout(a)?;
    match eval(&format!("{}({index}, {})", call.op, call.args[1].0)).ok()? {
        Value::Layout(i) if i.shape() == result.shape() => Some(Reads { data: *a, index: i }),
        _ => None,
    }
}

/// The top-level modes of the data (a depth-0 layout is its own one mode).
fn data_modes(a: &Layout) -> Vec<IntTuple> {
    if a.shape().is_int() {
        vec![a.shape().to_tuple()]
    } else {
        (0..a.rank())
            .filter_map(|i| a.shape().mode(i))
            .map(IntTuple::from)
            .collect()
    }
}

/// `A`'s shape with mode `i` column-major from `2^(MODE_BITS·i)`.
fn index_layout(a: &Layout) -> Option<Layout> {
    let mut strides = Vec::new();
    for (i, mode) in data_modes(a).iter().enumerate() {
        let mut d = 1i64.checked_shl(MODE_BITS * i as u32)?;
        for &s in mode.leaves() {
            // A size-1 leaf keeps a stride too, so that reads past it show.
            strides.push(d);
            d = d.checked_mul(s)?;
        }
    }
    let stride = a.shape().with_leaves(&strides)?;
    Layout::new(a.shape().to_tuple(), stride).ok()
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
    use super::{notes, reads};
    use cute::expr::{eval, Value};

    /// `reads` of an expression, with its value.
    fn reads_of(text: &str) -> Option<super::Reads> {
        match eval(text).ok()? {
            Value::Layout(r) => reads(text, &r),
            _ => None,
        }
    }

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
        assert_eq!(
            notes("composition(6:1, 8:1)"),
            ["8:1 reads index 7 of 6:1, which has 6 elements: the composition reads past it"]
        );
        assert!(notes("composition(8:1, 8:1)").is_empty());
        assert!(notes("(8,6):(1,8)").is_empty());
    }

    #[test]
    fn divides_and_compositions_read_their_first_argument() {
        let r = reads_of("zipped_divide((8,6):(1,8), <4:1,4:1>)").unwrap();
        assert_eq!(r.data.to_string(), "(8,6):(1,8)");
        // Mode 0 column-major from 1, mode 1 from 2^20.
        assert_eq!(r.index.eval(0).unwrap(), 0);
        assert!(!r.past(7) && r.past(8) && !r.past(5 << 20) && r.past(6 << 20));
        assert!(reads_of("composition(12:2, 8:2)").is_some());
        assert_eq!(reads_of("blocked_product(2:1, 3:1)"), None);
        assert_eq!(reads_of("composition(swizzle(3,3,3), 8:1)"), None);
        assert_eq!(reads_of("(8,6):(1,8)"), None);
        assert_eq!(
            reads_of("logical_divide((2,2,2,2):(1,2,4,8), <2:1,2:1,2:1,2:1>)"),
            None
        );
    }
}
