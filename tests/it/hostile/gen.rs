//! A structure-aware generator: bytes to a well-formed `cute::expr` expression over every
//! operation, with wild values (0, ±1, near-overflow products, `i64::MIN`/`MAX`, negative
//! strides, deep nesting, many leaves). The fuzz target `expr_structured` feeds it libFuzzer's
//! bytes; the corpus replay in `tests/it/hostile/mod.rs` feeds it the checked-in inputs.

/// Reads choices off the input; zeros once it runs out.
pub(crate) struct Bytes<'a>(pub(crate) &'a [u8]);

impl Bytes<'_> {
    pub(crate) fn byte(&mut self) -> u8 {
        let (b, rest) = self.0.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
        self.0 = rest;
        b
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n.max(1)
    }

    /// A wild integer: small ones mostly, then the edges of `i64`.
    pub(crate) fn int(&mut self) -> i64 {
        const EDGES: [i64; 12] = [
            0,
            1,
            -1,
            2,
            i64::MAX,
            i64::MIN,
            i64::MAX / 2,
            1 << 31,
            3_037_000_500,
            -(1 << 62),
            1 << 62,
            922_337_203_685_477_587,
        ];
        match self.byte() % 8 {
            0 => EDGES[self.below(EDGES.len())],
            1 => -i64::from(self.byte() % 16),
            _ => i64::from(self.byte() % 17),
        }
    }

    /// A shape leaf: positive mostly, sometimes 0 (an empty layout), sometimes wild.
    pub(crate) fn extent(&mut self) -> i64 {
        let b = self.byte() % 16;
        if b == 0 {
            self.int()
        } else if b == 1 {
            0
        } else {
            1 + i64::from(self.byte() % 8)
        }
    }
}

/// A shape and a congruent stride, nested up to `depth`.
pub(crate) fn layout(b: &mut Bytes<'_>, depth: u32) -> String {
    let (s, d) = tuple_pair(b, depth);
    format!("{s}:{d}")
}

fn tuple_pair(b: &mut Bytes<'_>, depth: u32) -> (String, String) {
    if depth == 0 || b.byte() % 3 != 0 {
        return (b.extent().to_string(), b.int().to_string());
    }
    let n = 1 + b.below(4);
    let (mut s, mut d) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let (x, y) = tuple_pair(b, depth - 1);
        s.push(x);
        d.push(y);
    }
    (format!("({})", s.join(",")), format!("({})", d.join(",")))
}

fn tuple(b: &mut Bytes<'_>, depth: u32, under: bool) -> String {
    if depth == 0 || b.byte() % 3 != 0 {
        if under && b.byte() % 3 == 0 {
            return "_".into();
        }
        return b.int().to_string();
    }
    let n = 1 + b.below(3);
    let parts: Vec<String> = (0..n).map(|_| tuple(b, depth - 1, under)).collect();
    format!("({})", parts.join(","))
}

fn tiler(b: &mut Bytes<'_>) -> String {
    let n = 1 + b.below(3);
    // One tile in eight is CuTe's `_`, the mode kept whole.
    let parts: Vec<String> = (0..n)
        .map(|_| {
            if b.byte() % 8 == 0 {
                "_".to_owned()
            } else {
                layout(b, 1)
            }
        })
        .collect();
    format!("<{}>", parts.join(","))
}

/// An expression whose calls nest up to `depth`.
pub(crate) fn expression(b: &mut Bytes<'_>, depth: u32) -> String {
    let l = |b: &mut Bytes<'_>| {
        if depth > 0 && b.byte() % 4 == 0 {
            expression(b, depth - 1)
        } else {
            layout(b, 2)
        }
    };
    let t = |b: &mut Bytes<'_>| {
        if b.byte() % 2 == 0 {
            tiler(b)
        } else {
            l(b)
        }
    };
    match b.below(36) {
        0 => format!("size({})", l(b)),
        1 => format!("cosize({})", l(b)),
        2 => format!("coalesce({})", l(b)),
        3 => format!("filter({})", l(b)),
        4 => format!("composition({}, {})", l(b), t(b)),
        5 => format!("complement({})", l(b)),
        6 => format!("complement({}, {})", l(b), tuple(b, 1, false)),
        7 => format!("right_inverse({})", l(b)),
        8 => format!("left_inverse({})", l(b)),
        9 => format!("logical_divide({}, {})", l(b), t(b)),
        10 => format!("zipped_divide({}, {})", l(b), t(b)),
        11 => format!("tiled_divide({}, {})", l(b), t(b)),
        12 => format!("flat_divide({}, {})", l(b), t(b)),
        13 => format!("logical_product({}, {})", l(b), t(b)),
        14 => format!("zipped_product({}, {})", l(b), t(b)),
        15 => format!("blocked_product({}, {})", l(b), l(b)),
        16 => format!("raked_product({}, {})", l(b), l(b)),
        17 => format!("max_common_layout({}, {})", l(b), l(b)),
        18 => format!("max_common_vector({}, {})", l(b), l(b)),
        19 => format!("nullspace({})", l(b)),
        20 => format!("upcast({}, {})", l(b), b.int()),
        21 => format!("downcast({}, {})", l(b), b.int()),
        22 => format!(
            "crd2idx({}, {}, {})",
            tuple(b, 2, false),
            tuple(b, 2, false),
            tuple(b, 2, false)
        ),
        23 => format!("idx2crd({}, {})", b.int(), tuple(b, 2, false)),
        24 => format!("slice({}, {})", tuple(b, 2, true), l(b)),
        25 => format!("eval({}, {})", l(b), tuple(b, 2, false)),
        26 => format!("flatten({})", l(b)),
        27 => format!(
            "swizzle_layout({}, {}, {}, {})",
            b.int(),
            b.int(),
            b.int(),
            l(b)
        ),
        28 => format!(
            "composition(make_identity_layout({}), {})",
            tuple(b, 1, false),
            l(b)
        ),
        30 | 31 => format!(
            "{}(swizzle_layout({}, {}, {}, {}))",
            ["right_inverse", "left_inverse"][usize::from(b.byte() % 2)],
            b.below(4),
            b.below(4),
            b.below(11) as i64 - 5,
            l(b)
        ),
        32 => format!(
            "make_ordered_layout({}, {})",
            tuple(b, 2, false),
            tuple(b, 2, false)
        ),
        33 => format!("tile_to_shape({}, {})", l(b), tuple(b, 1, false)),
        34 => format!(
            "tile_to_shape({}, {}, {})",
            l(b),
            tuple(b, 1, false),
            tuple(b, 1, false)
        ),
        35 => format!(
            "{}(composition(swizzle({}, {}, {}), {}), {})",
            [
                "logical_divide",
                "zipped_divide",
                "logical_product",
                "tile_to_shape"
            ][usize::from(b.byte() % 4)],
            b.below(4),
            b.below(4),
            b.below(11) as i64 - 5,
            l(b),
            t(b)
        ),
        _ => format!("coalesce({}, {})", l(b), tuple(b, 1, false)),
    }
}
