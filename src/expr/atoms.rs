//! Atoms and tiled operations in expressions: atoms spelt as CuTe's types, and the calls of
//! `make_tiled_mma`, `make_tiled_copy`, their queries and their partitions.

use cute_core::atom::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, make_tiled_mma,
    CopyAtom, MmaAtom, Operand3, Side, TiledCopy, TiledMma,
};
use cute_core::parse::Parser;
use cute_core::{IntTuple, Layout, Op, Tile, Tiler};

use super::args::Args;
use super::error::ExprError;
use super::limits::LIST_LIMIT;
use super::value::Value;

/// An atom, if one is next: a name that starts with a capital and is not called
/// (`SM80_16x8x16_F32F16F16F32_TN`, `UniversalFMA<float>`, `Copy_Atom<Op, T>`).
pub(super) fn atom(p: &mut Parser<'_>, start: usize) -> Result<Option<Value>, ExprError> {
    if !p.peek().is_some_and(|c| c.is_ascii_uppercase()) {
        return Ok(None);
    }
    let mut q = p.clone();
    let Some(name) = q.ident() else {
        return Ok(None);
    };
    if q.peek() == Some(b'(') {
        return Ok(None);
    }
    let text = q.type_spelling(start).map_err(ExprError::from)?;
    *p = q;
    let value = if name == "Copy_Atom" {
        Value::CopyAtom(Box::new(
            CopyAtom::parse_at(text, start).map_err(|e| ExprError::at(start, &e))?,
        ))
    } else {
        Value::MmaAtom(Box::new(
            MmaAtom::parse_at(text, start).map_err(|e| ExprError::at(start, &e))?,
        ))
    };
    Ok(Some(value))
}

impl Args<'_> {
    fn mma_atom(&self, i: usize) -> Result<MmaAtom, ExprError> {
        match &self.values[i].0 {
            Value::MmaAtom(a) => Ok(**a),
            _ => Err(self.kind_err(i, "an MMA atom such as SM80_16x8x16_F32F16F16F32_TN")),
        }
    }

    fn copy_atom(&self, i: usize) -> Result<CopyAtom, ExprError> {
        match &self.values[i].0 {
            Value::CopyAtom(a) => Ok(**a),
            _ => Err(self.kind_err(
                i,
                "a copy atom such as Copy_Atom<UniversalCopy<uint128_t>, float>",
            )),
        }
    }

    fn tiled_mma(&self, i: usize) -> Result<TiledMma, ExprError> {
        match &self.values[i].0 {
            Value::TiledMma(t) => Ok(**t),
            _ => Err(self.kind_err(i, "a tiled MMA (make_tiled_mma(...))")),
        }
    }

    fn tiled_copy(&self, i: usize) -> Result<TiledCopy, ExprError> {
        match &self.values[i].0 {
            Value::TiledCopy(t) => Ok(**t),
            _ => Err(self.kind_err(i, "a tiled copy (make_tiled_copy(...))")),
        }
    }

    /// A layout, or a shape taken as its column-major layout (CuTe's `Layout<Shape<...>>`).
    fn layout_or_shape(&self, i: usize) -> Result<Layout, ExprError> {
        match &self.values[i].0 {
            Value::Int(n) => self.op(Layout::int(*n, 1)),
            Value::Tuple(t) => self.op(Layout::left(t)),
            _ => self.layout(i),
        }
    }

    /// A permutation: a tiler, or a shape `(32,32,16)` as the tiler `<32:1,32:1,16:1>`.
    fn permutation(&self, i: usize) -> Result<Tiler, ExprError> {
        match self.tile(i)? {
            Tile::Tiler(t) => Ok(t),
            _ => Err(self.kind_err(i, "a tiler of layouts or _, such as <32:1,32:1,16:1>")),
        }
    }

    /// Argument `i` as a tensor's layout and start: a partition's own, a layout's 0.
    fn tensor(&self, i: usize) -> Result<(Layout, i64), ExprError> {
        match &self.values[i].0 {
            Value::Partition(l, start) => Ok((*l, *start)),
            _ => Ok((self.layout(i)?, 0)),
        }
    }

    /// The partition of the tensor argument `i` by `f`: its layout, and its start from the
    /// tensor's start.
    fn partition(
        &self,
        i: usize,
        f: impl FnOnce(&Layout) -> Result<(Layout, i64), cute_core::Error>,
    ) -> Result<Value, ExprError> {
        let (l, base) = self.tensor(i)?;
        let (p, start) = self.op(f(&l))?;
        let start = base.checked_add(start).ok_or_else(|| {
            self.kind_err(i, "a tensor whose partition starts at an offset in i64")
        })?;
        Ok(Value::Partition(p, start))
    }
}

/// The value of a call of an atom operation, or `None` for another operation.
#[allow(clippy::too_many_lines, reason = "one dispatch arm per operation")]
pub(super) fn call(op: Op, a: &Args<'_>) -> Result<Option<Value>, ExprError> {
    let is = |i: usize, f: fn(&Value) -> bool| a.values.get(i).is_some_and(|v| f(&v.0));
    let mma = |v: &Value| matches!(v, Value::TiledMma(_));
    let copy = |v: &Value| matches!(v, Value::TiledCopy(_));
    let n = a.values.len();
    let v = match (op, n) {
        (Op::AtomALayout, 1) => Value::Layout(*a.mma_atom(0)?.a_layout()),
        (Op::AtomBLayout, 1) => Value::Layout(*a.mma_atom(0)?.b_layout()),
        (Op::AtomCLayout, 1) => Value::Layout(*a.mma_atom(0)?.c_layout()),
        (Op::ShapeMnk, 1) => Value::Tuple(
            a.op(IntTuple::flat(&a.mma_atom(0)?.shape_mnk())
                .map_err(|k| cute_core::Error::new(Op::ShapeMnk, [None, None], k)))?,
        ),
        (Op::ThrId, 1) if is(0, |v| matches!(v, Value::CopyAtom(_))) => {
            Value::Layout(*a.copy_atom(0)?.thr_id())
        }
        (Op::ThrId, 1) => Value::Layout(*a.mma_atom(0)?.thr_id()),
        (Op::ValLayoutSrc, 1) => Value::Layout(a.op(a.copy_atom(0)?.val_layout_src())?),
        (Op::ValLayoutDst, 1) => Value::Layout(a.op(a.copy_atom(0)?.val_layout_dst())?),
        (Op::ValLayoutRef, 1) => Value::Layout(a.op(a.copy_atom(0)?.val_layout_ref())?),
        (Op::MakeTiledMma, 2 | 3) => {
            let perm = if n == 3 {
                Some(a.permutation(2)?)
            } else {
                None
            };
            let t = make_tiled_mma(&a.mma_atom(0)?, &a.layout_or_shape(1)?, perm.as_ref());
            Value::TiledMma(Box::new(a.op(t)?))
        }
        (Op::MakeTiledCopy, 3) => {
            let t = make_tiled_copy(
                &a.copy_atom(0)?,
                &a.layout_or_shape(1)?,
                &a.layout_or_shape(2)?,
            );
            Value::TiledCopy(Box::new(a.op(t)?))
        }
        (Op::MakeTiledCopyA | Op::MakeTiledCopyB | Op::MakeTiledCopyC, 2) => {
            let (atom, m) = (a.copy_atom(0)?, a.tiled_mma(1)?);
            let t = match op {
                Op::MakeTiledCopyA => make_tiled_copy_a(&atom, &m),
                Op::MakeTiledCopyB => make_tiled_copy_b(&atom, &m),
                _ => make_tiled_copy_c(&atom, &m),
            };
            Value::TiledCopy(Box::new(a.op(t)?))
        }
        (Op::Size, 1) if is(0, mma) => Value::Int(a.tiled_mma(0)?.size()),
        (Op::Size, 1) if is(0, copy) => Value::Int(a.tiled_copy(0)?.size()),
        (Op::TileSize, 2) if is(0, copy) => {
            Value::Int(a.op(a.tiled_copy(0)?.tile_size(a.mode_index(1)?))?)
        }
        (Op::TileSize, 2) => Value::Int(a.op(a.tiled_mma(0)?.tile_size(a.mode_index(1)?))?),
        (Op::GetLayoutATv, 1) => Value::Layout(a.op(a.tiled_mma(0)?.get_layout_a_tv())?),
        (Op::GetLayoutBTv, 1) => Value::Layout(a.op(a.tiled_mma(0)?.get_layout_b_tv())?),
        (Op::GetLayoutCTv, 1) => Value::Layout(a.op(a.tiled_mma(0)?.get_layout_c_tv())?),
        (Op::GetLayoutSTv, 1) => Value::Layout(a.op(a.tiled_copy(0)?.get_layout_s_tv())?),
        (Op::GetLayoutDTv, 1) => Value::Layout(a.op(a.tiled_copy(0)?.get_layout_d_tv())?),
        (Op::PartitionA | Op::PartitionB | Op::PartitionC, 3) => {
            let which = match op {
                Op::PartitionA => Operand3::A,
                Op::PartitionB => Operand3::B,
                _ => Operand3::C,
            };
            let (t, thr) = (a.tiled_mma(0)?, a.int(1)?);
            a.partition(2, |l| t.partition(which, thr, l))?
        }
        (Op::PartitionFragmentA | Op::PartitionFragmentB | Op::PartitionFragmentC, 2) => {
            let which = match op {
                Op::PartitionFragmentA => Operand3::A,
                Op::PartitionFragmentB => Operand3::B,
                _ => Operand3::C,
            };
            let t = a.tiled_mma(0)?;
            Value::Layout(a.op(t.partition_fragment(which, &a.layout(1)?))?)
        }
        (Op::PartitionS | Op::PartitionD, 3) => {
            let side = if op == Op::PartitionS {
                Side::S
            } else {
                Side::D
            };
            let (t, thr) = (a.tiled_copy(0)?, a.int(1)?);
            a.partition(2, |l| t.partition(side, thr, l))?
        }
        (Op::RetileS | Op::RetileD, 2) => {
            Value::Layout(a.op(a.tiled_copy(0)?.retile(&a.layout(1)?))?)
        }
        (Op::Eval, 1) if is(0, |v| matches!(v, Value::Partition(..))) => {
            let Value::Partition(l, start) = &a.values[0].0 else {
                return Ok(None);
            };
            Value::List(a.list(l.size(), LIST_LIMIT, |i| {
                let o = l.eval(i)?;
                o.checked_add(*start).ok_or_else(|| {
                    cute_core::Error::new(
                        Op::Eval,
                        [Some(l.into()), None],
                        cute_core::ErrorKind::Overflow,
                    )
                })
            })?)
        }
        (Op::Eval, 2) if is(0, |v| matches!(v, Value::Partition(..))) => {
            let (l, start) = a.tensor(0)?;
            let o = a.op(l.eval_crd(&a.tuple(1)?))?;
            Value::Int(a.op(o.checked_add(start).ok_or_else(|| {
                cute_core::Error::new(
                    Op::Eval,
                    [Some((&l).into()), None],
                    cute_core::ErrorKind::Overflow,
                )
            }))?)
        }
        _ => return Ok(None),
    };
    Ok(Some(v))
}
