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
}
