//! The values of expressions: integers, int tuples, layouts, tilers, lists, morphisms, ...

use std::fmt;

use cute_core::atom::{CopyAtom, MmaAtom, TiledCopy, TiledMma};
use cute_core::morphism::Morphism;
use cute_core::{
    ComposedLayout, CoordLayout, ErrorKind, F2Layout, IntTuple, Layout, Swizzle, Tile, Tiler,
};

/// The value of an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer, e.g. a `size`.
    Int(i64),
    /// An int tuple (a shape or a coordinate).
    Tuple(IntTuple),
    /// A layout.
    Layout(Layout),
    /// A tiler.
    Tiler(Tiler),
    /// A list of integers, e.g. the offsets of `eval`.
    List(Vec<i64>),
    /// A swizzle functor `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A swizzle composed with a layout, `Sw<B,M,S>o0oL`.
    Composed(ComposedLayout),
    /// A coordinate layout (strides `e0`, `2e1`, ...).
    Coord(Box<CoordLayout>),
    /// A list of coordinates, e.g. what a coordinate layout gives for each index.
    Coords(Vec<IntTuple>),
    /// A layout with F2 strides (`f1`, `f9`, ...).
    F2(Box<F2Layout>),
    /// A morphism of nested tuples (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe
    /// Layout Algebra and Category-theoretic Interpretation*), `(4,6)-[2,1]->(6,4)`.
    Morphism(Box<Morphism>),
    /// A truth value, e.g. of `is_tractable`.
    Bool(bool),
    /// An MMA atom, `SM80_16x8x16_F32F16F16F32_TN`.
    MmaAtom(Box<MmaAtom>),
    /// A copy atom, `Copy_Atom<UniversalCopy<uint128_t>, float>`.
    CopyAtom(Box<CopyAtom>),
    /// A tiled MMA, of `make_tiled_mma`.
    TiledMma(Box<TiledMma>),
    /// A tiled copy, of `make_tiled_copy` and `make_tiled_copy_A/B/C`.
    TiledCopy(Box<TiledCopy>),
    /// A thread's partition of a tensor: its layout and the offset of its first element in the
    /// tensor. It prints as its layout; `eval` gives its offsets in the tensor, and a partition of
    /// it starts from its start. Where another operation takes a layout, it takes the layout.
    Partition(Layout, i64),
}

impl Value {
    pub(super) fn kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::Tuple(_) => "an int tuple",
            Value::Layout(_) => "a layout",
            Value::Tiler(_) => "a tiler",
            Value::List(_) => "a list",
            Value::Swizzle(_) => "a swizzle",
            Value::Composed(_) => "a swizzled layout",
            Value::Coord(_) => "a coordinate layout",
            Value::Coords(_) => "a list of coordinates",
            Value::F2(_) => "an F2 layout",
            Value::Morphism(_) => "a morphism",
            Value::Bool(_) => "a truth value",
            Value::MmaAtom(_) => "an MMA atom",
            Value::CopyAtom(_) => "a copy atom",
            Value::TiledMma(_) => "a tiled MMA",
            Value::TiledCopy(_) => "a tiled copy",
            Value::Partition(..) => "a partition",
        }
    }
}

impl Value {
    /// The value as the tiler argument of a divide, product or composition: a layout, a tiler,
    /// or a shape, as CuTe takes one (`(32,16)` is `<32:1,16:1>`, `(_,16)` is `<_,16:1>`);
    /// `None` for a value of another kind.
    ///
    /// # Errors
    /// The inner `Err` of [`Tile::from_shape`] for a shape that is no tiler (a negative size).
    #[must_use]
    pub fn tile(&self) -> Option<Result<Tile, ErrorKind>> {
        match self {
            Value::Layout(l) => Some(Ok(Tile::Layout(*l))),
            Value::Tiler(t) => Some(Ok(Tile::Tiler(*t))),
            Value::Int(n) => Some(Tile::from_shape(&IntTuple::int(*n))),
            Value::Tuple(t) => Some(Tile::from_shape(t)),
            _ => None,
        }
    }

    pub(super) fn coord(c: &CoordLayout) -> Value {
        Value::Coord(Box::new(*c))
    }
}

impl From<IntTuple> for Value {
    fn from(t: IntTuple) -> Self {
        t.as_int().map_or(Value::Tuple(t), Value::Int)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Tuple(t) => write!(f, "{t}"),
            Value::Layout(l) | Value::Partition(l, _) => write!(f, "{l}"),
            Value::Tiler(t) => write!(f, "{t}"),
            Value::Swizzle(s) => write!(f, "{s}"),
            Value::Composed(c) => write!(f, "{c}"),
            Value::Coord(c) => write!(f, "{c}"),
            Value::Coords(v) => write_list(f, v),
            Value::List(v) => write_list(f, v),
            Value::F2(a) => write!(f, "{a}"),
            Value::Morphism(m) => write!(f, "{m}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::MmaAtom(a) => write!(f, "{a}"),
            Value::CopyAtom(a) => write!(f, "{a}"),
            Value::TiledMma(t) => write!(f, "{t}"),
            Value::TiledCopy(t) => write!(f, "{t}"),
        }
    }
}

/// `[a,b,...]`, the notation of the corpus for lists.
fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_str("[")?;
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    f.write_str("]")
}
