//! The violated conditions (their messages: `message.rs`).

use crate::limits::Limit;

/// The violated condition.
///
/// Mode numbers of the composition conditions count the modes of `coalesce(A)`, the layout the
/// algorithm walks (Cecka, *CuTe Layout Representation and Algebra*, §3.3.2: coalescing does not
/// change the composition).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// An intermediate or result value does not fit in `i64`.
    Overflow,
    /// Division by zero (a zero shape or stride where a divisor is needed).
    DivisionByZero,
    /// A value past one of the capacities of [`crate::limits`] (values are stored inline,
    /// without a heap).
    Capacity {
        /// The capacity passed, so that the message names the one to stay within.
        limit: Limit,
    },
    /// Shape and stride of a layout do not have the same profile.
    NotCongruent,
    /// An index past an empty mode (shape 0) that is not the last leaf: no coordinate reaches
    /// it, so the layout has no value there to extend (evaluation past an empty layout's size,
    /// composition with it).
    EmptyMode {
        /// The empty leaf, in the flattened (or coalesced) shape.
        mode: usize,
    },
    /// A linear layout's dimension name is not an ASCII identifier of at most
    /// [`crate::linear::MAX_NAME`] bytes.
    InvalidName,
    /// A linear layout's dimension size is not a power of two.
    NotPowerOfTwo {
        /// The size.
        value: i64,
    },
    /// Two dimensions of a linear layout share a name.
    DuplicateDim,
    /// Linear layouts whose dimensions do not match (composition: the inner outputs are not the
    /// outer inputs; a name that is not a dimension; an order that is not a permutation).
    DimMismatch {
        /// What they must be.
        why: &'static str,
    },
    /// A linear layout that is not injective or not surjective, where an inverse needs it.
    NotInvertibleF2 {
        /// The rank of its bases over F2.
        rank: u8,
        /// Its input bits.
        ins: u8,
        /// Its output bits.
        outs: u8,
    },
    /// A CuTe layout that is not linear over F2: a mode whose shape or stride is not a power of
    /// two, or whose bits overlap an earlier mode's (the sum carries where XOR does not).
    NotLinear {
        /// The flattened mode.
        mode: usize,
    },
    /// A linear layout that is no CuTe layout: a basis shares a bit with an earlier one, so a sum
    /// carries where XOR does not.
    NotStrided {
        /// The input bit.
        bit: u8,
        /// Its basis vector.
        basis: i64,
    },
    /// A linear layout that is no swizzled layout `Sw<B,M,S> ∘ L`: no swizzle within its output
    /// bits makes every basis 0 or a new power of two.
    NotSwizzled {
        /// The first input bit whose basis is not strided without a swizzle.
        bit: u8,
        /// Its basis vector.
        basis: i64,
    },
    /// A swizzled layout with a nonzero offset, which no linear layout is (it maps 0 to 0).
    AffineOffset {
        /// The offset.
        offset: i64,
    },
    /// A shape leaf is negative (a zero leaf is an empty layout, as in CuTe).
    NegativeShape {
        /// The offending leaf.
        value: i64,
    },
    /// Malformed notation.
    Parse {
        /// Byte offset of the offending character.
        pos: usize,
        /// What the parser expected there.
        expected: &'static str,
    },
    /// Stride divisibility (Cecka Eq. 20), rejected by CuTe too: the remaining stride skips
    /// past mode `mode - 1` of `coalesce(A)` without being a multiple of it.
    StrideDivisibility {
        /// Index `r` of the prefix product `S̄_r`.
        mode: usize,
        /// The stride `d` of the right-hand mode.
        stride: i64,
        /// `S̄_r`, the prefix product of the shape of `coalesce(A)`.
        prefix: i64,
    },
    /// Stride divisibility (Cecka Eq. 20) where CuTe C++ returns a wrong layout: the stride does
    /// not divide mode `mode - 1` and the elements overrun it into the next mode.
    StrideOverrun {
        /// Index `r` of the prefix product `S̄_r`.
        mode: usize,
        /// The stride `d` of the right-hand mode.
        stride: i64,
        /// `S̄_r`.
        prefix: i64,
        /// Number of elements `s` of the right-hand mode.
        elements: i64,
    },
    /// Shape divisibility (Cecka Eq. 21): mode `mode` of `coalesce(A)` holds `holds` of the
    /// `remaining` elements, and `holds` does not divide `remaining`.
    ShapeDivisibility {
        /// Mode of `coalesce(A)`.
        mode: usize,
        /// Elements that mode holds at the current stride.
        holds: i64,
        /// Elements still to place.
        remaining: i64,
    },
    /// CuTe's result differs from `A(B(i))` at `index`: the modes of `B` do not distribute over
    /// `A` (Cecka Eq. 23), or a negative stride walks `A` backwards across a mode boundary.
    /// CuTe C++ returns that wrong layout.
    NotAdmissible {
        /// The first index `i` where they differ.
        index: i64,
        /// `A(B(i))`.
        expected: i64,
        /// What the by-mode result gives at `i`.
        got: i64,
    },
    /// Admissibility could not be proved, and `size(B)` is beyond the pointwise check limit.
    VerificationLimit {
        /// `size(B)`.
        size: i64,
    },
    /// `complement` of a non-injective layout: taken by increasing stride, a mode starts inside the
    /// span of the smaller ones (CuTe's condition, which also rejects injective layouts whose
    /// modes interleave, such as `(6,6):(10,18)`).
    NotInjective {
        /// The offending stride.
        stride: i64,
        /// The span the smaller modes already cover.
        covered: i64,
    },
    /// `left_inverse`: a stride is not a multiple of the size inverted so far.
    LeftInverseDivisibility {
        /// The offending stride.
        stride: i64,
        /// Size of the modes with smaller strides.
        size: i64,
    },
    /// A negative stride where the operation is not defined for one (CuTe's inverses assume
    /// non-negative strides).
    NegativeStride {
        /// The offending stride.
        stride: i64,
    },
    /// CuTe's `left_inverse` of a non-injective layout whose modes overlap: `R` breaks
    /// `L(R(L(i))) == L(i)` at `index`. CuTe C++ returns that wrong layout.
    InverseNotExact {
        /// The first index `i` where it fails.
        index: i64,
        /// `L(i)`.
        expected: i64,
        /// `L(R(L(i)))`.
        got: i64,
    },
    /// The inverse of a swizzled layout `Sw ∘ o ∘ L` with `o != 0`: it would be
    /// `X ∘ -o ∘ Sw`, with the swizzle inside, which no swizzled layout is in general.
    InverseOffset {
        /// The offset.
        offset: i64,
    },
    /// No swizzled layout `Sw' ∘ X` (`X` the inverse of the inner layout, `Sw'` the swizzle
    /// moved through it) is the inverse of a swizzled layout: it fails at `index`.
    InverseNotSwizzled {
        /// The first index where the candidate fails.
        index: i64,
    },
    /// A tiler has more modes than the layout.
    TilerRankTooLarge {
        /// Rank of the tiler.
        tiler: usize,
        /// Rank of the layout.
        layout: usize,
    },
    /// A by-mode profile has more modes than the layout.
    ProfileRankTooLarge {
        /// Rank of the profile.
        profile: usize,
        /// Rank of the layout.
        layout: usize,
    },
    /// `Swizzle<B,M,S>` needs `|S| >= B`.
    SwizzleShiftLtBits {
        /// `B`.
        bits: i64,
        /// `S`.
        shift: i64,
    },
    /// Swizzle parameters out of range (negative `B` or `M`, or more than 62 bits in all).
    SwizzleRange,
    /// Tuples of different ranks where equal ranks are required.
    RankMismatch {
        /// Rank of the left operand.
        left: usize,
        /// Rank of the right operand.
        right: usize,
    },
    /// A tuple coordinate with an integer shape, or a `_` where a number is needed.
    InvalidParameters,
    /// Two strides of a coordinate layout use bases where one is a mode of the other
    /// (`e1` and `e(1,0)`), so the coordinates have no single profile.
    BasisClash,
    /// `shape_div` of two integers neither of which divides the other.
    ShapeDivDivisibility {
        /// Dividend.
        a: i64,
        /// Divisor.
        b: i64,
    },
    /// A runtime integer declared a multiple of a static divisor is not one.
    Divisor {
        /// The value.
        value: i64,
        /// The divisor it was declared a multiple of.
        divisor: i64,
    },
    /// `upcast<N>`: a stride and `N` do not divide each other.
    UpcastDivisibility {
        /// The offending stride.
        stride: i64,
        /// `N`.
        n: i64,
    },
    /// `downcast` needs a mode of stride 1.
    DowncastNoUnitStride,
    /// A non-positive count where a positive one is needed (`N` of `upcast`/`downcast`, the
    /// length of a [`Basis`](crate::Basis) path).
    NonPositive {
        /// The value.
        value: i64,
    },
    /// A tensor's layout reaches positions `lo..=hi` of data holding `len` elements.
    OutOfBounds {
        /// The smallest position.
        lo: i64,
        /// The largest position.
        hi: i64,
        /// The number of elements of the data.
        len: usize,
    },
    /// An index outside `0..size`.
    IndexOutOfRange {
        /// The index.
        index: i64,
        /// The size.
        size: i64,
    },
    /// A layout that is not tractable (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe
    /// Layout Algebra and Category-theoretic Interpretation*): the mode `shape:stride` whose
    /// `shape·stride` does not divide `next`, the next stride of the sorted chain; `next` is `None`
    /// for a negative stride or an empty mode.
    NotTractable {
        /// The mode's shape.
        shape: i64,
        /// The mode's stride.
        stride: i64,
        /// The next stride of the chain.
        next: Option<i64>,
    },
    /// Not a morphism of nested tuples: `entry` is the 1-based domain entry at fault (0 when
    /// the fault is not one entry's).
    InvalidMorphism {
        /// The domain entry.
        entry: usize,
        /// The condition it breaks.
        why: &'static str,
    },
    /// Two morphisms whose composite is asked where the inner one's codomain is not the outer
    /// one's domain.
    NotComposable,
    /// A morphism that sends an entry to `*` has no complement.
    NotComplementable,
    /// Two morphisms concatenated with different codomains or a codomain entry hit by both.
    NotConcatenable,
    /// `f ⊘ g` where `g`'s codomain is not `f`'s domain or `g` sends an entry to `*`.
    NotDivisible,
    /// `f ⊗ g` where `f` sends an entry to `*` or `g`'s codomain is not the domain of `f`'s
    /// complement.
    NotProductAdmissible,
    /// Two tuples with no mutual refinement: two entries' sizes that do not divide each other,
    /// or (`exceeds`) entries of the first left over; both 0 for an entry that is not a positive
    /// integer.
    NotMutuallyRefinable {
        /// The first tuple's size, or its entry's remaining size.
        left: i64,
        /// The second tuple's size, or its entry's remaining size.
        right: i64,
        /// Whether the first tuple's size exceeds the second's.
        exceeds: bool,
    },
    /// An access of shared memory outside the bank model (`bank_conflicts`): `thread` the
    /// first thread at fault, -1 for a condition of the whole access.
    InvalidAccess {
        /// The thread, or -1.
        thread: i64,
        /// The condition it breaks.
        why: &'static str,
    },
    /// No swizzle makes the accesses of a shared-memory layout conflict-free
    /// (`swizzle_search`).
    NoSwizzle {
        /// Why.
        why: &'static str,
    },
    /// A tuple that is not a refinement of another (`T' ↠ T`: `T`'s nesting with each entry
    /// replaced by positive integers of its size), at the 1-based entry `entry` of `T`.
    NotARefinement {
        /// The entry of `T`.
        entry: usize,
        /// Its size; 0 when the refinement does not keep `T`'s nesting there.
        size: i64,
        /// The size of its mode in the refinement; below 1 (0 for `_`) an entry there that is
        /// not a positive integer.
        refined: i64,
    },
    /// `make_ordered_layout`: two modes share the order `order`. CuTe C++ gives them the same
    /// starting stride, a layout that is not compact.
    OrderTie {
        /// The shared order.
        order: i64,
    },
    /// `tile_to_shape`: mode `mode` of the block (size `block`) does not divide the target's
    /// (size `target`). CuTe C++ rounds the tile count up, a layout larger than the target.
    BlockDivisibility {
        /// The mode.
        mode: usize,
        /// Its size in the block.
        block: i64,
        /// Its size in the target shape.
        target: i64,
    },
    /// A linear layout's column action that is not one for its use (`why`): a column taken twice,
    /// an inverse of an action that drops columns, two actions that do not chain.
    InvalidColumnAction {
        /// The condition.
        why: &'static str,
    },
    /// `take`/`group_modes`: the modes `begin..end` are not a range of the layout's modes
    /// (`begin <= end <= rank` fails).
    ModeRange {
        /// The first mode.
        begin: usize,
        /// One past the last mode.
        end: usize,
        /// The layout's rank.
        rank: usize,
    },
    /// Two sizes that must be equal differ (the precondition of `copy`, the `M`, `N`, `K` of
    /// `gemm`).
    SizeMismatch {
        /// What the sizes are of (`"size"`, `"M"`, `"N"`, `"K"`).
        what: &'static str,
        /// The left size.
        left: i64,
        /// The right size.
        right: i64,
    },
    /// A tiled operation that does not fit its atom (`why`) (the atoms' conditions, like the
    /// atom layer, are not built for a GPU, where every error is [`ErrorKind::OnDevice`]): a tiled copy whose threads or
    /// values are not a multiple of its atom's, an atom layout of more than three modes, a copy
    /// atom whose value type does not divide its instruction's bits.
    #[cfg(not(target_arch = "nvptx64"))]
    AtomMismatch {
        /// The condition.
        why: &'static str,
        /// The tiled operation's (or the argument's) value.
        value: i64,
        /// The atom's value.
        atom: i64,
    },
    /// A thread index that is not one of a tiled MMA's threads (an offset of its thread layout).
    #[cfg(not(target_arch = "nvptx64"))]
    NotAThread {
        /// The index.
        thread: i64,
        /// The thread layout's size.
        threads: i64,
    },
    /// A tensor partitioned by a tile larger than itself: mode `mode` has `size` elements and the
    /// tile `tile`. CuTe C++ partitions it and reads past the tensor.
    #[cfg(not(target_arch = "nvptx64"))]
    TileExceedsTensor {
        /// The mode of the tensor.
        mode: usize,
        /// Its size.
        size: i64,
        /// The tile's extent in that mode.
        tile: i64,
    },
    /// Every condition on a GPU (`nvptx64`): an error there names its operation
    /// ([`Error::op`](crate::Error::op)); the same call on the host names the condition and its
    /// values. One kind for every failure keeps a kernel's checks from carrying the condition
    /// through each `?` when nothing reads it (`gpu/check.sh`).
    OnDevice,
}

impl ErrorKind {
    /// The reason code of the oracle corpus (`tests/data/corpus.jsonl`, the `error` field of a
    /// rejected input) for the conditions CuTe also checks, or `not_admissible` for the ones where
    /// CuTe C++ returns a wrong layout.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::StrideDivisibility { .. } => "stride_divisibility",
            ErrorKind::ShapeDivisibility { .. } => "shape_divisibility",
            ErrorKind::StrideOverrun { .. }
            | ErrorKind::NotAdmissible { .. }
            | ErrorKind::InverseNotExact { .. }
            | ErrorKind::VerificationLimit { .. } => "not_admissible",
            ErrorKind::NegativeStride { .. } => "negative_stride",
            ErrorKind::NotInjective { .. } => "not_injective",
            ErrorKind::LeftInverseDivisibility { .. } => "left_inverse_divisibility",
            ErrorKind::TilerRankTooLarge { .. } => "tiler_rank_too_large",
            ErrorKind::ProfileRankTooLarge { .. } => "profile_rank_too_large",
            ErrorKind::SwizzleShiftLtBits { .. } => "swizzle_shift_lt_bits",
            ErrorKind::RankMismatch { .. } => "rank_mismatch",
            ErrorKind::InvalidParameters => "invalid_parameters",
            ErrorKind::BasisClash => "basis_clash",
            ErrorKind::Overflow => "overflow",
            ErrorKind::DivisionByZero => "division_by_zero",
            ErrorKind::Capacity { .. } => "capacity",
            ErrorKind::NotCongruent => "not_congruent",
            ErrorKind::NegativeShape { .. } => "negative_shape",
            ErrorKind::EmptyMode { .. } => "empty_mode",
            ErrorKind::InvalidName => "invalid_name",
            ErrorKind::NotPowerOfTwo { .. } => "not_power_of_two",
            ErrorKind::DuplicateDim => "duplicate_dim",
            ErrorKind::DimMismatch { .. } => "dim_mismatch",
            ErrorKind::NotInvertibleF2 { .. } => "not_invertible_f2",
            ErrorKind::NotLinear { .. } => "not_linear",
            ErrorKind::NotStrided { .. } => "not_strided",
            ErrorKind::NotSwizzled { .. } => "not_swizzled",
            ErrorKind::AffineOffset { .. } => "affine_offset",
            ErrorKind::InverseOffset { .. } => "inverse_offset",
            ErrorKind::InverseNotSwizzled { .. } => "inverse_not_swizzled",
            ErrorKind::NonPositive { .. } => "non_positive",
            ErrorKind::OutOfBounds { .. } => "out_of_bounds",
            ErrorKind::IndexOutOfRange { .. } => "index_out_of_range",
            ErrorKind::SizeMismatch { .. } => "size_mismatch",
            ErrorKind::NotTractable { .. } => "not_tractable",
            ErrorKind::InvalidMorphism { .. } => "invalid_morphism",
            ErrorKind::NotComposable => "not_composable",
            ErrorKind::NotComplementable => "not_complementable",
            ErrorKind::NotConcatenable => "not_concatenable",
            ErrorKind::NotDivisible => "not_divisible",
            ErrorKind::NotProductAdmissible => "not_product_admissible",
            ErrorKind::NotMutuallyRefinable { .. } => "not_mutually_refinable",
            ErrorKind::NotARefinement { .. } => "not_a_refinement",
            ErrorKind::InvalidAccess { .. } => "invalid_access",
            ErrorKind::NoSwizzle { .. } => "no_swizzle",
            ErrorKind::Parse { .. } => "parse",
            ErrorKind::SwizzleRange => "swizzle_range",
            ErrorKind::ShapeDivDivisibility { .. } | ErrorKind::Divisor { .. } => "divisibility",
            ErrorKind::UpcastDivisibility { .. } => "upcast_divisibility",
            ErrorKind::DowncastNoUnitStride => "downcast_no_unit_stride",
            ErrorKind::OrderTie { .. } => "order_tie",
            ErrorKind::BlockDivisibility { .. } => "block_divisibility",
            ErrorKind::ModeRange { .. } => "mode_range",
            ErrorKind::InvalidColumnAction { .. } => "invalid_column_action",
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::AtomMismatch { .. } => "atom_mismatch",
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::TileExceedsTensor { .. } => "tile_exceeds_tensor",
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::NotAThread { .. } => "not_a_thread",
            ErrorKind::OnDevice => "on_device",
        }
    }
}

/// A kind alone is an error too (the functions that build values, such as `IntTuple::flat`,
/// return one), so `?` takes it into `Box<dyn Error>`.
impl core::error::Error for ErrorKind {}
