//! The arguments of one call, with the conversions each operation needs, and the limits on the
//! lists an expression produces.

use cute_core::morphism::Morphism;
use cute_core::{
    ComposedLayout, CoordLayout, Error, F2Layout, IntTuple, Layout, Op, Operand, Swizzle, Tile,
};

use super::error::ExprError;
use super::value::Value;

/// The arguments of one call, with the conversions each op needs.
pub(super) struct Args<'a> {
    pub(super) op: &'static str,
    pub(super) pos: usize,
    pub(super) values: &'a [(Value, usize)],
}

impl Args<'_> {
    pub(super) fn kind_err(&self, i: usize, expected: &'static str) -> ExprError {
        ExprError::ArgKind {
            pos: self.values[i].1,
            op: self.op,
            expected,
            got: self.values[i].0.kind(),
        }
    }

    pub(super) fn layout(&self, i: usize) -> Result<Layout, ExprError> {
        match &self.values[i].0 {
            Value::Layout(l) | Value::Partition(l, _) => Ok(*l),
            _ => Err(self.kind_err(i, "a layout")),
        }
    }

    pub(super) fn is_coord(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::Coord(_))
    }

    pub(super) fn coord(&self, i: usize) -> Result<CoordLayout, ExprError> {
        match &self.values[i].0 {
            Value::Coord(c) => Ok(**c),
            _ => Err(self.kind_err(i, "a coordinate layout")),
        }
    }

    pub(super) fn is_swizzle(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::Swizzle(_))
    }

    pub(super) fn swizzle(&self, i: usize) -> Result<Swizzle, ExprError> {
        match &self.values[i].0 {
            Value::Swizzle(s) => Ok(*s),
            _ => Err(self.kind_err(i, "a swizzle")),
        }
    }

    pub(super) fn is_composed(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::Composed(_))
    }

    pub(super) fn composed(&self, i: usize) -> Result<ComposedLayout, ExprError> {
        match &self.values[i].0 {
            Value::Composed(c) => Ok(*c),
            _ => Err(self.kind_err(i, "a swizzled layout")),
        }
    }

    pub(super) fn is_f2(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::F2(_))
    }

    pub(super) fn f2(&self, i: usize) -> Result<F2Layout, ExprError> {
        match &self.values[i].0 {
            Value::F2(a) => Ok(**a),
            _ => Err(self.kind_err(i, "an F2 layout")),
        }
    }

    pub(super) fn tile(&self, i: usize) -> Result<Tile, ExprError> {
        match self.values[i].0.tile() {
            Some(Ok(t)) => Ok(t),
            // A shape that is no tiler: the operation's error, the shape its operand.
            Some(Err(k)) => Err(ExprError::Op {
                pos: self.pos,
                error: Box::new(Error::new(
                    Op::from_name(self.op).unwrap_or(Op::MakeLayout),
                    [Some(Operand::from(&self.tuple(i)?)), None],
                    k,
                )),
            }),
            None => Err(self.kind_err(i, "a layout, a tiler or a shape")),
        }
    }

    pub(super) fn morphism(&self, i: usize) -> Result<Morphism, ExprError> {
        match &self.values[i].0 {
            Value::Morphism(m) => Ok(**m),
            _ => Err(self.kind_err(i, "a morphism")),
        }
    }

    pub(super) fn tuple(&self, i: usize) -> Result<IntTuple, ExprError> {
        match &self.values[i].0 {
            Value::Int(v) => Ok(IntTuple::int(*v)),
            Value::Tuple(t) => Ok(*t),
            _ => Err(self.kind_err(i, "an integer or an int tuple")),
        }
    }

    pub(super) fn int(&self, i: usize) -> Result<i64, ExprError> {
        match &self.values[i].0 {
            Value::Int(v) => Ok(*v),
            _ => Err(self.kind_err(i, "an integer")),
        }
    }

    /// A mode index: an integer `>= 0`.
    pub(super) fn mode_index(&self, i: usize) -> Result<usize, ExprError> {
        match &self.values[i].0 {
            Value::Int(v) => {
                usize::try_from(*v).map_err(|_| self.kind_err(i, "a mode index (>= 0)"))
            }
            _ => Err(self.kind_err(i, "a mode index (>= 0)")),
        }
    }

    pub(super) fn op<T>(&self, r: Result<T, Error>) -> Result<T, ExprError> {
        r.map_err(|error| ExprError::Op {
            pos: self.pos,
            error: Box::new(error),
        })
    }
}

impl Args<'_> {
    /// `[f(0), ..., f(size-1)]`, for at most `limit` elements.
    pub(super) fn list<T>(
        &self,
        size: i64,
        limit: i64,
        f: impl FnMut(i64) -> Result<T, Error>,
    ) -> Result<Vec<T>, ExprError> {
        if !(0..=limit).contains(&size) {
            return Err(ExprError::TooLarge {
                pos: self.pos,
                op: self.op,
                size,
                limit,
            });
        }
        self.op((0..size).map(f).collect())
    }
}
