//! The capacities of dynamic values and the budget of pointwise checks: the bottom of the
//! crate, so that an error message can name them without importing what they bound.
//!
//! The capacities: the whole oracle corpus (CuTe C++'s results included) never exceeds 10 leaves
//! or depth 4, but `cute-static`'s walk of a composition gives each leaf of `B` a slot per leaf
//! of `A`, and lowering such a mixed result takes up to 32 leaves (with 16, 125 of the mixed
//! corpus's types fail to compile: BENCHMARKS.md).

/// The most leaves (integers) one tuple holds.
pub const MAX_LEAVES: usize = 32;
/// The most leaves a [`Layout`](crate::Layout) holds, each a shape and a stride: 16 of each
/// are 256 bytes, and the structure, stored once, 18 more (a layout of 280 bytes). Tuples hold
/// more, for `cute-static`'s mixed results, whose slots a static 1 fills (see above).
pub const MAX_LAYOUT_LEAVES: usize = 16;
/// The deepest nesting one tuple holds.
pub const MAX_DEPTH: usize = 8;
/// The most tokens (leaves, parentheses and `_`) one tuple holds: `(4,(2,2))` has 7.
pub const MAX_TOKENS: usize = 64;
/// The capacities in words, for a parser's "expected" (`tests::the_capacity_note_names_the_limits`).
pub(crate) const CAPACITY_NOTE: &str = "at most 32 leaves (16 in a layout), 64 tokens and depth 8";

/// The most points a pointwise check evaluates (composition, `left_inverse`): about 45 ms in a
/// release build at up to 350 ns a point (a coordinate layout), the budget that keeps every
/// operation on hostile input under 100 ms; past it,
/// [`ErrorKind::VerificationLimit`](crate::ErrorKind::VerificationLimit).
pub const VERIFY_LIMIT: i64 = 1 << 17;

/// The most tokens (tiles, `<`, `>` and `_`) one [`Tiler`](crate::Tiler) holds: `<4:1,<_,2:1>>`
/// has 7. Its tiles are one layout's modes, of [`MAX_LAYOUT_LEAVES`] leaves in all.
pub const MAX_TILER_TOKENS: usize = 48;

/// The most input or output dimensions of a linear layout ([`crate::linear`]): Triton's own
/// tests reshape layouts of up to 9.
pub const MAX_DIMS: usize = 9;
/// The most input bits (basis vectors) of a linear layout: `2^32` inputs.
pub const MAX_BITS: usize = 32;
/// The most output bits of a linear layout: every output fits in `i64`.
pub const MAX_OUT_BITS: usize = 62;
/// The longest dimension name.
pub const MAX_NAME: usize = 12;
/// A linear layout's capacities in words, for the parser's "expected" past them.
pub(crate) const DIMS_NOTE: &str = "at most 9 dimensions a side";
/// The values of one basis vector: one per output dimension.
pub(crate) const VALUES_NOTE: &str = "at most 9 values (one per output dimension)";
/// The basis vectors of a linear layout: one per input bit.
pub(crate) const BITS_NOTE: &str = "at most 32 basis vectors (input bits)";

/// The capacity an input passed, named by
/// [`ErrorKind::Capacity`](crate::ErrorKind::Capacity) so that its message says which of the
/// constants above to stay within. One byte: the error is returned on GPUs too.
///
/// `Display` writes the capacity, e.g. `16 leaves in a layout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`MAX_LEAVES`] leaves in a tuple.
    Leaves,
    /// [`MAX_LAYOUT_LEAVES`] leaves in a layout.
    LayoutLeaves,
    /// [`MAX_TOKENS`] tokens in a tuple or layout.
    Tokens,
    /// [`MAX_DEPTH`] levels of nesting in a tuple or layout.
    Depth,
    /// [`MAX_TILER_TOKENS`] tokens in a tiler.
    TilerTokens,
    /// [`MAX_DIMS`] input or output dimensions of a linear layout.
    Dims,
    /// [`MAX_BITS`] input bits of a linear layout.
    InBits,
    /// [`MAX_OUT_BITS`] output bits of a linear layout.
    OutBits,
}

impl Limit {
    /// The constant: the most the capacity holds.
    #[must_use]
    pub const fn value(self) -> usize {
        match self {
            Limit::Leaves => MAX_LEAVES,
            Limit::LayoutLeaves => MAX_LAYOUT_LEAVES,
            Limit::Tokens => MAX_TOKENS,
            Limit::Depth => MAX_DEPTH,
            Limit::TilerTokens => MAX_TILER_TOKENS,
            Limit::Dims => MAX_DIMS,
            Limit::InBits => MAX_BITS,
            Limit::OutBits => MAX_OUT_BITS,
        }
    }

    /// What the capacity counts, and in what (also the words of a message in const context).
    pub(crate) const fn what(self) -> &'static str {
        match self {
            Limit::Leaves => "leaves in a tuple",
            Limit::LayoutLeaves => "leaves in a layout",
            Limit::Tokens => "tokens (leaves, parentheses and `_`) in a tuple or layout",
            Limit::Depth => "levels of nesting in a tuple or layout",
            Limit::TilerTokens => "tokens (tiles, `<`, `>` and `_`) in a tiler",
            Limit::Dims => "dimensions a side in a linear layout",
            Limit::InBits => "input bits in a linear layout",
            Limit::OutBits => "output bits in a linear layout",
        }
    }
}

impl core::fmt::Display for Limit {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} {}", self.value(), self.what())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_capacity_note_names_the_limits() {
        let want = std::format!(
            "at most {MAX_LEAVES} leaves ({MAX_LAYOUT_LEAVES} in a layout), {MAX_TOKENS} tokens \
             and depth {MAX_DEPTH}"
        );
        assert_eq!(CAPACITY_NOTE, want);
        assert!(DIMS_NOTE.starts_with(&std::format!("at most {MAX_DIMS} dimensions")));
        assert!(VALUES_NOTE.starts_with(&std::format!("at most {MAX_DIMS} values")));
        assert!(BITS_NOTE.starts_with(&std::format!("at most {MAX_BITS} basis")));
    }

    /// For each limit, an input one past it: the error names that limit, and its message that
    /// limit alone.
    #[test]
    fn each_capacity_error_names_the_limit_passed() {
        use crate::error::ErrorKind;
        use crate::linear::{Dim, LinearLayout};
        use crate::{IntTuple, Layout, Tile};
        use std::string::ToString;
        use std::vec::Vec;

        let check = |kind: ErrorKind, limit: Limit, message: &str| {
            assert_eq!(kind, ErrorKind::Capacity { limit });
            assert_eq!(kind.to_string(), message);
            assert_eq!(kind.code(), "capacity");
        };
        let one = IntTuple::int(1);
        let nested = |t: &IntTuple| IntTuple::tuple([t.view()]).unwrap();
        let dim = |name: &str, size: i64| Dim::new(name, size).unwrap();

        let e = IntTuple::flat(&[1; MAX_LEAVES + 1]).unwrap_err();
        check(
            e,
            Limit::Leaves,
            "capacity exceeded: more than 32 leaves in a tuple",
        );

        let s = IntTuple::flat(&[2; MAX_LAYOUT_LEAVES + 1]).unwrap();
        let e = Layout::new(s, s).unwrap_err();
        assert!(e.to_string().starts_with("make_layout("), "{e}");
        check(
            e.kind,
            Limit::LayoutLeaves,
            "capacity exceeded: more than 16 leaves in a layout",
        );

        // 22 modes `((1))` of 5 tokens each: 112 tokens, 22 leaves, depth 3.
        let m = nested(&nested(&one));
        let e = IntTuple::tuple([m.view(); 22]).unwrap_err();
        check(
            e,
            Limit::Tokens,
            "capacity exceeded: more than 64 tokens (leaves, parentheses and `_`) in a tuple or \
             layout",
        );

        let deepest = (0..MAX_DEPTH).fold(one, |t, _| nested(&t));
        assert_eq!(deepest.depth(), MAX_DEPTH);
        let e = IntTuple::tuple([deepest.view()]).unwrap_err();
        check(
            e,
            Limit::Depth,
            "capacity exceeded: more than 8 levels of nesting in a tuple or layout",
        );

        // `<_,...,_>` of 47 modes: 49 tokens, a tuple's 49 of 64 but a tiler's 48.
        let under = IntTuple::under();
        let e = Tile::from_shape(&IntTuple::tuple([under.view(); 47]).unwrap()).unwrap_err();
        check(
            e,
            Limit::TilerTokens,
            "capacity exceeded: more than 48 tokens (tiles, `<`, `>` and `_`) in a tiler",
        );

        let names: Vec<_> = (0..=MAX_DIMS).map(|k| std::format!("d{k}")).collect();
        let dims: Vec<_> = names.iter().map(|n| dim(n, 2)).collect();
        let e = LinearLayout::new(&dims, &[dim("y", 2)], &[]).unwrap_err();
        check(
            e.kind,
            Limit::Dims,
            "capacity exceeded: more than 9 dimensions a side in a linear layout",
        );

        let e = LinearLayout::new(&[dim("x", 1 << 33)], &[dim("y", 2)], &[]).unwrap_err();
        check(
            e.kind,
            Limit::InBits,
            "capacity exceeded: more than 32 input bits in a linear layout",
        );

        let outs = [dim("y", 1 << 62), dim("z", 2)];
        let e = LinearLayout::new(&[dim("x", 2)], &outs, &[&[1, 0]]).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("more than 62 output bits in a linear layout"),
            "{e}"
        );
        check(
            e.kind,
            Limit::OutBits,
            "capacity exceeded: more than 62 output bits in a linear layout",
        );
    }

    /// `Limit::value` is the constant each limit names, and the kind stays small: a byte of
    /// payload, no larger an error.
    #[test]
    fn a_limit_is_its_constant_in_a_byte() {
        let all = [
            (Limit::Leaves, MAX_LEAVES),
            (Limit::LayoutLeaves, MAX_LAYOUT_LEAVES),
            (Limit::Tokens, MAX_TOKENS),
            (Limit::Depth, MAX_DEPTH),
            (Limit::TilerTokens, MAX_TILER_TOKENS),
            (Limit::Dims, MAX_DIMS),
            (Limit::InBits, MAX_BITS),
            (Limit::OutBits, MAX_OUT_BITS),
        ];
        for (limit, value) in all {
            assert_eq!(limit.value(), value);
            assert!(std::format!("{limit}").starts_with(&std::format!("{value} ")));
        }
        assert_eq!(core::mem::size_of::<Limit>(), 1);
        // The size the kinds of four words (`StrideOverrun`, `NotTractable`) set.
        assert_eq!(core::mem::size_of::<crate::ErrorKind>(), 40);
    }
}
