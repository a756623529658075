//! The operations, named as in CuTe: one table of their names, the signatures of those that
//! expressions call, and a line of documentation each.
//!
//! Every other list of operations reads this one: an error names its operation by [`Op::name`],
//! `cute::expr` evaluates exactly the operations with a [`Op::signature`] (and dispatches by
//! [`Op::from_name`]), `cute ops` prints them and the command's suggestions search them. Adding an
//! operation is a line here and the operation's own file.

use core::fmt;

/// Defines [`Op`] from the table: `Variant "name" signature "doc"`, the signature `-` for an
/// operation that expressions do not call (tensors, the steps of another operation).
macro_rules! operations {
    ($($variant:ident $name:literal $sig:tt $doc:literal,)*) => {
        /// A layout-algebra operation, named as in CuTe.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Op {
            $(#[doc = $doc] $variant,)*
        }

        impl Op {
            /// Every operation, in the order of the table.
            pub const ALL: &[Op] = &[$(Op::$variant,)*];

            /// The CuTe name, e.g. `logical_divide`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Op::$variant => $name,)*
                }
            }

            /// The arguments an expression passes, e.g. `(A, T)` for `logical_divide`; `None`
            /// for an operation that expressions do not call.
            #[must_use]
            pub const fn signature(self) -> Option<&'static str> {
                match self {
                    $(Op::$variant => operations!(@sig $sig),)*
                }
            }

            /// What the operation does, in one line.
            #[must_use]
            pub const fn doc(self) -> &'static str {
                match self {
                    $(Op::$variant => $doc,)*
                }
            }
        }
    };
    (@sig -) => { None };
    (@sig $sig:literal) => { Some($sig) };
}

operations! {
    Size "size" "(L)" "The number of coordinates of a layout or a shape.",
    Cosize "cosize" "(L)" "One past the largest offset of a layout.",
    Rank "rank" "(L)" "The number of top-level modes.",
    Depth "depth" "(L)" "The deepest nesting of modes.",
    Flatten "flatten" "(L)" "The leaves of every mode, at the top level.",
    Select "select" "(L, i, j, ...): modes i, j, ... of L, in that order"
        "The layout of some of a layout's modes, in a given order.",
    Take "take" "(L, B, E): modes B to E-1 of L" "The layout of a range of a layout's modes.",
    GroupModes "group_modes" "(L, B, E): modes B to E-1 of L grouped into one"
        "A layout with a range of its modes grouped into one.",
    MakeLayout "make_layout" "(S) or (S, D)"
        "The layout of a shape and a stride (column-major without one).",
    MakeIdentityLayout "make_identity_layout" "(S)"
        "The layout of a shape's coordinates to themselves.",
    Coalesce "coalesce" "(L) or (L, profile)"
        "The same function with the fewest modes (or mode by mode).",
    Filter "filter" "(L)" "Coalesce without the stride-0 and size-1 modes.",
    Composition "composition"
        "(A, B) with B a layout or tiler; A may be a swizzle, a swizzled or a coordinate layout"
        "A ∘ B: A(B(i)) for every index of B.",
    Complement "complement" "(L) or (L, cotarget)"
        "The layout of the offsets a layout skips, up to a cotarget.",
    RightInverse "right_inverse" "(L)" "R with L(R(i)) = i on the largest prefix it can.",
    LeftInverse "left_inverse" "(L)" "R with R(L(i)) = i for every index of L.",
    LogicalDivide "logical_divide" "(A, T)" "A split into tiles T and the rest: A ∘ (T, T*).",
    ZippedDivide "zipped_divide" "(A, T)"
        "The logical divide with the tile modes first, the rest second.",
    TiledDivide "tiled_divide" "(A, T)" "The zipped divide with the rest modes unpacked.",
    FlatDivide "flat_divide" "(A, T)" "The zipped divide with every mode unpacked.",
    LogicalProduct "logical_product" "(A, T)" "A repeated over the layout T: (A, A* ∘ T).",
    ZippedProduct "zipped_product" "(A, T)"
        "The logical product with the tile modes first, the rest second.",
    TiledProduct "tiled_product" "(A, T)" "The zipped product with the rest modes unpacked.",
    FlatProduct "flat_product" "(A, T)" "The zipped product with every mode unpacked.",
    BlockedProduct "blocked_product" "(A, B)" "Each element of B made a block A, mode by mode.",
    RakedProduct "raked_product" "(A, B)" "The blocked product with the blocks interleaved.",
    MaxCommonLayout "max_common_layout" "(A, B)" "The largest layout that both layouts map alike.",
    MaxCommonVector "max_common_vector" "(A, B)"
        "The number of contiguous elements both layouts share.",
    Nullspace "nullspace" "(L)" "The layout of the indices a layout sends to offset 0.",
    Upcast "upcast" "(L, N)" "The layout over elements N times wider.",
    Downcast "downcast" "(L, N)" "The layout over elements N times narrower.",
    Crd2Idx "crd2idx" "(c, S) or (c, S, D)" "The index (or offset) of a coordinate in a shape.",
    Idx2Crd "idx2crd" "(i, S) or (i, S, D)" "The coordinate of an index in a shape.",
    Slice "slice" "(c, L): the sublayout where c holds `_`; its offset is eval(L, c)"
        "The sublayout of the modes a coordinate leaves open (`_`).",
    Eval "eval"
        "(L) or (L, c); L may be a coordinate layout or have F2 strides (for F2, c is an index)"
        "The offsets of a layout, or the offset of one coordinate.",
    Swizzle "swizzle" "(B, M, S): composition(swizzle(B, M, S), L) is Sw<B,M,S>o0oL"
        "The swizzle functor Sw<B,M,S> (eval gives its offsets over one period).",
    SwizzleLayout "swizzle_layout" "(B, M, S, A) or (B, M, S, A, C)"
        "A layout composed with a swizzle: Sw ∘ A (∘ C).",
    MakeOrderedLayout "make_ordered_layout" "(S, order): order congruent to S or coarser"
        "The compact layout of a shape with its modes strided in the given order.",
    TileToShape "tile_to_shape" "(block, S) or (block, S, order)"
        "The block repeated to fill a shape, the blocks in column-major (or the given) order.",
    IsTractable "is_tractable" "(L)" "Whether a layout is the layout of a morphism.",
    ToMorphism "to_morphism" "(L)" "The standard form of a tractable layout.",
    FromMorphism "from_morphism" "(f)" "The layout of a morphism.",
    IsStandardForm "is_standard_form" "(f)" "Whether a morphism is in standard form.",
    ComposeMorphisms "compose_morphisms" "(g, f): g∘f, f applied first" "g ∘ f of two morphisms.",
    MorphismCoalesce "morphism_coalesce" "(f)" "A morphism with its mergeable entries merged.",
    MorphismComplement "morphism_complement" "(f)" "The complement of a morphism.",
    MorphismConcat "morphism_concat" "(f, g)" "Two morphisms side by side into one codomain.",
    MorphismDivide "morphism_divide" "(f, g): f ⊘ g = f∘(g, g^c)"
        "The divide of morphisms: f ∘ (g, g^c).",
    MorphismProduct "morphism_product" "(f, g): f ⊗ g = (f, f^c∘g)"
        "The product of morphisms: (f, f^c ∘ g).",
    MorphismSort "morphism_sort" "(f)"
        "A morphism's domain flattened, its * entries first, the others by image.",
    MutualRefinement "mutual_refinement" "(T, U)"
        "The pair (T', U') refining T and U with flatten(T') a prefix of flatten(U').",
    MorphismPullback "morphism_pullback" "(f, T'): T' refines the codomain of f"
        "A morphism pulled back along a refinement of its codomain.",
    MorphismPushforward "morphism_pushforward" "(g, U'): U' refines the domain of g"
        "A morphism pushed forward along a refinement of its domain.",
    WeakComposite "weak_composite" "(g, f): g∘f, f applied first"
        "g' ∘ f' after refining f's codomain and g's domain to meet.",
    CompositionViaMorphisms "composition_via_morphisms" "(B, A): B∘A, A applied first"
        "B ∘ A by mutual refinement of the layouts' morphisms.",
    BankConflicts "bank_conflicts"
        "(S, T, elem_bytes): S a layout or swizzle_layout(...), T (threads, values) -> index of S"
        "The shared-memory wavefronts of an access: 32 banks of 4 bytes, a warp in phases.",
    SwizzleSearch "swizzle_search"
        "(S, T, elem_bytes) or (S, T1, T2, ..., elem_bytes): any number of accesses of S"
        "A swizzle under which every access of S is conflict-free: Sw<B,M,S>o0o S.",
    Parse "parse" - "Reads a value in CuTe notation.",
    Append "append" - "A layout with one more mode after its last.",
    Prepend "prepend" - "A layout with one more mode before its first.",
    MakeTensor "make_tensor" - "A tensor over data and a layout.",
    MakeFragmentLike "make_fragment_like" - "Registers shaped like a tile.",
    LocalTile "local_tile" - "The tile of a tensor at a tile coordinate.",
    LocalPartition "local_partition" - "A thread's share of a tensor.",
    Copy "copy" - "Copies one tensor into another of the same size.",
    CopyIf "copy_if" - "Copies the elements a predicate selects.",
    Fill "fill" - "Sets every element of a tensor.",
    ForEach "for_each" - "Calls a function on every element of a tensor.",
    Transform "transform" - "Applies a function to every element of a tensor.",
    Fold "fold" - "Reduces the elements of a tensor.",
    Axpby "axpby" - "y = a·x + b·y over tensors.",
    Gemm "gemm" - "C += A·B over tensors.",
    LinearLayout "linear_layout" - "A linear layout over F2 from its bases.",
    Invert "invert" - "The inverse of an invertible linear layout.",
    Product "product" - "The product of two linear layouts.",
    Sublayout "sublayout" - "A linear layout restricted to some dimensions.",
    TransposeIns "transpose_ins" - "A linear layout with its input dimensions reordered.",
    TransposeOuts "transpose_outs" - "A linear layout with its output dimensions reordered.",
    ReshapeIns "reshape_ins" - "A linear layout with its input bits regrouped into dimensions.",
    ReshapeOuts "reshape_outs" - "A linear layout with its output bits regrouped into dimensions.",
    Quotient "quotient" - "A linear layout without dimensions it maps as the identity.",
    DivideLeft "divide_left" - "The C with A = B * C for linear layouts A and B.",
    DivideRight "divide_right" - "The C with A = C * B for linear layouts A and B.",
    ColumnAction "column_action" - "The bases of one input dimension of a linear layout permuted or dropped.",
    InvertAndCompose "invert_and_compose" - "C with A(x) = B(C(x)) for linear layouts A and B.",
    ToLinearLayout "to_linear_layout" - "The linear layout of a layout of power-of-two modes.",
    ToLayout "to_layout" - "The layout of a linear layout of one input dimension.",
    ToSwizzled "to_swizzled" - "The swizzled layout of a linear layout.",
    Morphism "morphism" - "A morphism of nested tuples from its domain, map and codomain.",
    AtomALayout "ALayout" "(ATOM): (thread, value) -> (m,k) of the atom's M×K tile"
        "An MMA atom's thread-value layout of A.",
    AtomBLayout "BLayout" "(ATOM): (thread, value) -> (n,k) of the atom's N×K tile"
        "An MMA atom's thread-value layout of B.",
    AtomCLayout "CLayout" "(ATOM): (thread, value) -> (m,n) of the atom's M×N tile"
        "An MMA atom's thread-value layout of C.",
    ThrId "ThrID" "(ATOM): an MMA or copy atom" "An atom's logical thread ids to thread indices.",
    ShapeMnk "Shape_MNK" "(ATOM)" "The M, N and K of an MMA atom.",
    ValLayoutSrc "ValLayoutSrc" "(COPY_ATOM)"
        "A copy atom's (thread, value) -> source element, in its value type.",
    ValLayoutDst "ValLayoutDst" "(COPY_ATOM)"
        "A copy atom's (thread, value) -> destination element, in its value type.",
    ValLayoutRef "ValLayoutRef" "(COPY_ATOM)"
        "A copy atom's reference (thread, value) -> element, in its value type.",
    MakeTiledMma "make_tiled_mma" "(ATOM, ATOM_LAYOUT) or (ATOM, ATOM_LAYOUT, PERMUTATION)"
        "An MMA atom tiled over a layout of atoms, its M, N and K permuted.",
    MakeTiledCopy "make_tiled_copy" "(COPY_ATOM, THR_LAYOUT, VAL_LAYOUT)"
        "A copy atom tiled over (m,n) -> thread and (m,n) -> value layouts.",
    MakeTiledCopyA "make_tiled_copy_A" "(COPY_ATOM, TILED_MMA)"
        "A tiled copy with the thread-value layout of a tiled MMA's A.",
    MakeTiledCopyB "make_tiled_copy_B" "(COPY_ATOM, TILED_MMA)"
        "A tiled copy with the thread-value layout of a tiled MMA's B.",
    MakeTiledCopyC "make_tiled_copy_C" "(COPY_ATOM, TILED_MMA)"
        "A tiled copy with the thread-value layout of a tiled MMA's C.",
    TileSize "tile_size" "(T, I): mode I of a tiled MMA's (M,N,K) or a tiled copy's tile"
        "The extent of one mode of a tiled operation's tile.",
    GetLayoutATv "get_layoutA_TV" "(TILED_MMA)" "A tiled MMA's (thread, value) -> (m,k) of its A tile.",
    GetLayoutBTv "get_layoutB_TV" "(TILED_MMA)" "A tiled MMA's (thread, value) -> (n,k) of its B tile.",
    GetLayoutCTv "get_layoutC_TV" "(TILED_MMA)" "A tiled MMA's (thread, value) -> (m,n) of its C tile.",
    GetLayoutSTv "get_layoutS_TV" "(TILED_COPY)"
        "A tiled copy's (thread, value) -> (m,n) of its source tile.",
    GetLayoutDTv "get_layoutD_TV" "(TILED_COPY)"
        "A tiled copy's (thread, value) -> (m,n) of its destination tile.",
    PartitionA "partition_A" "(TILED_MMA, THR, L): thread THR's (V, M, K) of the A tensor L"
        "A thread's share of a tiled MMA's A tensor.",
    PartitionB "partition_B" "(TILED_MMA, THR, L): thread THR's (V, N, K) of the B tensor L"
        "A thread's share of a tiled MMA's B tensor.",
    PartitionC "partition_C" "(TILED_MMA, THR, L): thread THR's (V, M, N) of the C tensor L"
        "A thread's share of a tiled MMA's C tensor.",
    PartitionFragmentA "partition_fragment_A" "(TILED_MMA, L)"
        "The registers of a thread's share of a tiled MMA's A tensor.",
    PartitionFragmentB "partition_fragment_B" "(TILED_MMA, L)"
        "The registers of a thread's share of a tiled MMA's B tensor.",
    PartitionFragmentC "partition_fragment_C" "(TILED_MMA, L)"
        "The registers of a thread's share of a tiled MMA's C tensor.",
    PartitionS "partition_S" "(TILED_COPY, THR, L): thread THR's (V, M, N) of the source L"
        "A thread's share of a tiled copy's source tensor.",
    PartitionD "partition_D" "(TILED_COPY, THR, L): thread THR's (V, M, N) of the destination L"
        "A thread's share of a tiled copy's destination tensor.",
    RetileS "retile_S" "(TILED_COPY, F): F a thread's fragment"
        "A thread's fragment regrouped by the copy atom's values, as a source.",
    RetileD "retile_D" "(TILED_COPY, F): F a thread's fragment"
        "A thread's fragment regrouped by the copy atom's values, as a destination.",
}

impl Op {
    /// The operation named `name`, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.iter().copied().find(|op| op.name() == name)
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Op;

    #[test]
    fn each_name_is_one_operation() {
        for (k, op) in Op::ALL.iter().enumerate() {
            assert_eq!(Op::from_name(op.name()), Some(*op));
            assert!(!op.doc().is_empty() && op.doc().ends_with('.'), "{op}");
            assert!(Op::ALL[..k].iter().all(|o| o.name() != op.name()), "{op}");
        }
        assert_eq!(Op::from_name("frobnicate"), None);
    }
}
