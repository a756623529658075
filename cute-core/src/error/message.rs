//! The messages of the violated conditions: `Display` of [`ErrorKind`].

use core::fmt;

use super::kind::ErrorKind;
use crate::limits;

impl ErrorKind {
    /// The messages of the capacity, empty-layout, inverse and linear-layout (`crate::linear`)
    /// conditions, apart so that `fmt` stays short.
    fn fmt_more(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::Capacity { limit } => write!(f, "capacity exceeded: more than {limit}"),
            ErrorKind::EmptyMode { mode } => write!(
                f,
                "leaf {mode} is empty (shape 0) and not the last: no index past it has a coordinate"
            ),
            ErrorKind::NegativeShape { value } => write!(f, "shape {value} is negative"),
            ErrorKind::InvalidName => f.write_str(
                "a dimension name is a letter or `_`, then letters, digits or `_`, at most 12 bytes",
            ),
            ErrorKind::NotPowerOfTwo { value } => {
                write!(f, "size {value} is not a power of two")
            }
            ErrorKind::DuplicateDim => f.write_str("two dimensions share a name"),
            ErrorKind::DimMismatch { why } => write!(f, "the dimensions do not match: {why}"),
            ErrorKind::NotInvertibleF2 { rank, ins, outs } => write!(
                f,
                "the bases have rank {rank} over F2 for {ins} input and {outs} output bits: \
                 injective needs rank {ins}, surjective rank {outs}"
            ),
            ErrorKind::NotLinear { mode } => write!(
                f,
                "not linear over F2 at mode {mode}: its shape or stride is not a power of two, or \
                 its bits overlap an earlier mode's (a sum that carries is no XOR)"
            ),
            ErrorKind::NotSwizzled { bit, basis } => write!(
                f,
                "no swizzled layout: no Sw<B,M,S> within the output bits makes every basis 0 or \
                 a new power of two (without one, input bit {bit} has the basis {basis})"
            ),
            ErrorKind::AffineOffset { offset } => write!(
                f,
                "offset {offset} is not 0: a linear layout maps 0 to 0"
            ),
            ErrorKind::InverseNotExact { index, expected, got } => write!(
                f,
                "not admissible: the modes overlap and the quasi-inverse R CuTe builds gives L(R(L({index}))) = {got}, but L({index}) = {expected}"
            ),
            ErrorKind::InverseOffset { offset } => write!(
                f,
                "offset {offset} is not 0: the inverse would apply the swizzle before the offset, \
                 which no swizzled layout Sw o 0 o L does"
            ),
            ErrorKind::InverseNotSwizzled { index } => write!(
                f,
                "no swizzled layout is the inverse: the inverse X of the inner layout with the \
                 swizzle moved through it to Sw' o X fails at index {index}"
            ),
            ErrorKind::NotStrided { bit, basis } => write!(
                f,
                "no CuTe layout: the basis {basis} of input bit {bit} shares a bit with an \
                 earlier basis (a sum would carry where XOR does not; a swizzle?)"
            ),
            // Each family helper is called for its own kinds only; never an empty message.
            _ => write!(f, "{self:?}"),
        }
    }
}

impl ErrorKind {
    /// The messages of the tensors' and algorithms' conditions.
    fn fmt_tensor(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::OutOfBounds { lo, hi, len } => write!(
                f,
                "out of bounds: the layout reaches positions {lo}..={hi} of data holding {len} elements"
            ),
            ErrorKind::IndexOutOfRange { index, size } => {
                write!(f, "index {index} is out of range for size {size}")
            }
            ErrorKind::SizeMismatch { what, left, right } => {
                write!(f, "size mismatch: {what} is {left} on the left and {right} on the right")
            }
            ErrorKind::NoSwizzle { why } => write!(f, "no swizzle: {why}"),
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::AtomMismatch { why, value, atom } => {
                write!(f, "atom mismatch: {why} ({value} against the atom's {atom})")
            }
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::NotAThread { thread, threads } => write!(
                f,
                "not a thread: {thread} is none of the thread layout's {threads} offsets"
            ),
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::TileExceedsTensor { mode, size, tile } => write!(
                f,
                "tile exceeds tensor: mode {mode} of the tensor has {size} elements and the tile {tile}"
            ),
            ErrorKind::InvalidAccess { thread, why } if thread < 0 => {
                write!(f, "invalid access: {why}")
            }
            ErrorKind::InvalidAccess { thread, why } => {
                write!(f, "invalid access: thread {thread}: {why}")
            }
            // Each family helper is called for its own kinds only; never an empty message.
            _ => write!(f, "{self:?}"),
        }
    }

    /// The messages of the conditions of tractable layouts and morphisms (`crate::morphism`).
    fn fmt_morphism(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::NotTractable {
                shape,
                stride,
                next: Some(next),
            } => write!(
                f,
                "not tractable: {shape}·{stride} does not divide the next stride {next} (sorted by stride, each shape·stride must divide the next stride)"
            ),
            ErrorKind::NotTractable { shape, stride, .. } if stride < 0 => write!(
                f,
                "not tractable: the mode {shape}:{stride} has a negative stride"
            ),
            ErrorKind::NotTractable { shape, stride, .. } => write!(
                f,
                "not tractable: the mode {shape}:{stride} is empty (a shape 0 is outside the theory)"
            ),
            ErrorKind::InvalidMorphism { entry: 0, why } => write!(f, "invalid morphism: {why}"),
            ErrorKind::InvalidMorphism { entry, why } => {
                write!(f, "invalid morphism: domain entry {entry}: {why}")
            }
            ErrorKind::NotComplementable => f.write_str(
                "not complementable: an entry goes to `*` (the complement of a morphism needs every entry hit)",
            ),
            ErrorKind::NotConcatenable => f.write_str(
                "not concatenable: the codomains differ or a codomain entry is hit by both morphisms",
            ),
            ErrorKind::NotDivisible => f.write_str(
                "not divisible: the divisor's codomain is not the dividend's domain, or the divisor sends an entry to `*`",
            ),
            ErrorKind::NotProductAdmissible => f.write_str(
                "not product admissible: the first morphism sends an entry to `*`, or the second's codomain is not the first's unhit entries",
            ),
            ErrorKind::NotComposable => f.write_str(
                "not composable: the inner morphism's codomain is not the outer one's domain (the same entries, nested the same)",
            ),
            ErrorKind::NotMutuallyRefinable {
                left: 0, right: 0, ..
            } => f.write_str(
                "not mutually refinable: a tuple's entries must be positive integers (no `_`, no 0)",
            ),
            ErrorKind::NotMutuallyRefinable {
                left,
                right,
                exceeds: false,
            } => write!(
                f,
                "not mutually refinable: {left} and {right} do not divide each other"
            ),
            ErrorKind::NotMutuallyRefinable {
                left,
                right,
                exceeds: true,
            } if left > right => write!(
                f,
                "not mutually refinable: the size {left} of the first tuple exceeds the size {right} of the second"
            ),
            ErrorKind::NotARefinement { entry, size: 0, .. } => write!(
                f,
                "not a refinement: the nesting differs at entry {entry} (a refinement keeps the tuple's nesting and replaces each entry by positive integers of its size)"
            ),
            ErrorKind::NotARefinement {
                entry,
                size,
                refined,
            } if refined < 1 => write!(
                f,
                "not a refinement: the mode of entry {entry} (size {size}) holds {}, not a positive integer",
                if refined == 0 { "0 or `_`" } else { "a negative entry" }
            ),
            ErrorKind::NotARefinement {
                entry,
                size,
                refined,
            } => write!(
                f,
                "not a refinement: entry {entry} has size {size}, its mode in the refinement {refined}"
            ),
            ErrorKind::NotMutuallyRefinable { exceeds: true, .. } => f.write_str(
                "not mutually refinable: the second tuple has no entry for the first's entries",
            ),
            // Each family helper is called for its own kinds only; never an empty message.
            _ => write!(f, "{self:?}"),
        }
    }
}

impl fmt::Display for ErrorKind {
    #[expect(
        clippy::too_many_lines,
        reason = "one arm per condition or family of conditions: the table of messages"
    )]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ErrorKind::Overflow => f.write_str("arithmetic overflow"),
            ErrorKind::DivisionByZero => f.write_str("division by zero"),
            ErrorKind::InvalidName
            | ErrorKind::NotPowerOfTwo { .. }
            | ErrorKind::DuplicateDim
            | ErrorKind::DimMismatch { .. }
            | ErrorKind::NotInvertibleF2 { .. }
            | ErrorKind::NotLinear { .. }
            | ErrorKind::NotStrided { .. }
            | ErrorKind::NotSwizzled { .. }
            | ErrorKind::AffineOffset { .. }
            | ErrorKind::InverseNotExact { .. }
            | ErrorKind::InverseOffset { .. }
            | ErrorKind::InverseNotSwizzled { .. }
            | ErrorKind::EmptyMode { .. }
            | ErrorKind::NegativeShape { .. }
            | ErrorKind::Capacity { .. } => self.fmt_more(f),
            ErrorKind::NotTractable { .. }
            | ErrorKind::InvalidMorphism { .. }
            | ErrorKind::NotComposable
            | ErrorKind::NotComplementable
            | ErrorKind::NotConcatenable
            | ErrorKind::NotDivisible
            | ErrorKind::NotProductAdmissible
            | ErrorKind::NotMutuallyRefinable { .. }
            | ErrorKind::NotARefinement { .. } => self.fmt_morphism(f),
            ErrorKind::OutOfBounds { .. }
            | ErrorKind::IndexOutOfRange { .. }
            | ErrorKind::SizeMismatch { .. }
            | ErrorKind::InvalidAccess { .. }
            | ErrorKind::NoSwizzle { .. } => self.fmt_tensor(f),
            #[cfg(not(target_arch = "nvptx64"))]
            ErrorKind::AtomMismatch { .. }
            | ErrorKind::TileExceedsTensor { .. }
            | ErrorKind::NotAThread { .. } => self.fmt_tensor(f),
            ErrorKind::NotCongruent => f.write_str("shape and stride are not congruent"),
            ErrorKind::Parse { pos, expected } => write!(f, "expected {expected} at offset {pos}"),
            ErrorKind::StrideDivisibility { mode, stride, prefix } => write!(
                f,
                "stride divisibility violated at mode {mode}: {stride} and prefix product {prefix} do not divide each other"
            ),
            ErrorKind::StrideOverrun { mode, stride, prefix, elements } => write!(
                f,
                "stride divisibility violated at mode {mode}: {stride} and prefix product {prefix} do not divide each other, and the {elements} elements do not fit in mode {}",
                mode - 1
            ),
            ErrorKind::ShapeDivisibility { mode, holds, remaining } => write!(
                f,
                "shape divisibility violated at mode {mode}: it holds {holds} of the {remaining} remaining elements, and {holds} does not divide {remaining}"
            ),
            ErrorKind::NotAdmissible { index, expected, got } => write!(
                f,
                "not admissible: at index {index} the layout CuTe's walk builds gives {got}, but A(B({index})) = {expected}"
            ),
            ErrorKind::VerificationLimit { size } => write!(
                f,
                "admissibility not provable: the modes may carry into each other and size {size} is beyond the pointwise check limit {}",
                limits::VERIFY_LIMIT
            ),
            ErrorKind::NotInjective { stride, covered } => write!(
                f,
                "non-injective layout: by increasing stride, stride {stride} starts inside the span {covered} of the smaller modes"
            ),
            ErrorKind::LeftInverseDivisibility { stride, size } => write!(
                f,
                "left inverse divisibility violated: stride {stride} is not a multiple of size {size}"
            ),
            ErrorKind::NegativeStride { stride } => write!(
                f,
                "negative stride {stride}: the operation is defined for non-negative strides only"
            ),
            ErrorKind::TilerRankTooLarge { tiler, layout } => write!(
                f,
                "too many modes in tiler: the tiler has {tiler} modes, the layout {layout}"
            ),
            ErrorKind::ProfileRankTooLarge { profile, layout } => write!(
                f,
                "too many modes in profile: the profile has {profile} modes, the layout {layout}"
            ),
            ErrorKind::SwizzleShiftLtBits { bits, shift } => write!(
                f,
                "|S| must be at least B: S = {shift}, B = {bits}"
            ),
            ErrorKind::SwizzleRange => f.write_str("swizzle parameters out of range"),
            ErrorKind::RankMismatch { left, right } => {
                write!(f, "mismatched ranks: {left} and {right}")
            }
ErrorKind::InvalidParameters => f.write_str(
                "invalid parameters: a tuple coordinate with an integer shape, or a `_` where a number is needed",
            ),
            ErrorKind::BasisClash => f.write_str(
                "basis clash: one basis of a coordinate stride is a mode of another (like e1 and e(1,0))",
            ),
            ErrorKind::ShapeDivDivisibility { a, b } => {
                write!(f, "divisibility violated: {a} and {b} do not divide each other")
            }
            ErrorKind::Divisor { value, divisor } => {
                write!(f, "{value} is not a multiple of {divisor}")
            }
            ErrorKind::UpcastDivisibility { stride, n } => {
                write!(f, "divisibility violated: stride {stride} and {n} do not divide each other")
            }
            ErrorKind::DowncastNoUnitStride => f.write_str("downcast needs a mode of stride 1"),
            ErrorKind::NonPositive { value } => write!(f, "{value} is not positive"),
            ErrorKind::InvalidColumnAction { why } => write!(f, "invalid column action: {why}"),
            ErrorKind::ModeRange { begin, end, rank } => write!(
                f,
                "modes {begin}..{end} are not a range of a layout of rank {rank}: it needs \
                 {begin} <= {end} <= {rank}"
            ),
            ErrorKind::OrderTie { order } => write!(
                f,
                "two modes share the order {order}: the orders must be distinct for a compact \
                 layout (CuTe C++ gives both the same stride)"
            ),
            ErrorKind::BlockDivisibility {
                mode,
                block,
                target,
            } => write!(
                f,
                "the block's mode {mode} (size {block}) does not divide the target's (size \
                 {target}): the tiles would not cover the target exactly"
            ),
            ErrorKind::OnDevice => f.write_str(
                "a check failed on a GPU: the same call on the host names the condition and its \
                 values",
            ),
        }
    }
}
