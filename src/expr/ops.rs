//! The operations an expression calls: their names and signatures ([`OPS`]) and the dispatch
//! of a call to the library.

use cute_core::banks::bank_conflicts;
use cute_core::morphism::{
    compose_morphisms, composition_via_morphisms, is_tractable, morphism_coalesce,
    morphism_complement, morphism_concat, morphism_divide, morphism_product, morphism_pullback,
    morphism_pushforward, morphism_sort, mutual_refinement, to_morphism, weak_composite,
};
use cute_core::swizzle_search::swizzle_search;
use cute_core::{
    blocked_product, coalesce, coalesce_by, complement, complement_cosize, composition,
    composition_tiler, crd2idx, crd2idx_shape, downcast, filter, flat_divide, flat_product,
    idx2crd, idx2crd_strided, left_inverse, logical_divide, logical_product, make_ordered_layout,
    max_common_layout, max_common_vector, nullspace, raked_product, right_inverse, tile_to_shape,
    tiled_divide, tiled_product, upcast, zipped_divide, zipped_product, ComposedLayout,
    CoordLayout, Error, IntTuple, Layout, Op, Swizzle, Tile,
};

use super::args::Args;
use super::error::ExprError;
use super::limits::{COORDS_LIMIT, F2_LIST_LIMIT, LIST_LIMIT};
use super::value::Value;

/// The operations `eval` knows, with their signatures: those of the table of operations
/// ([`Op`]) that have a signature, in its order.
pub const OPS: &[(&str, &str)] = &EXPRESSION_OPS;

/// The number of operations with a signature.
const EXPRESSIONS: usize = {
    let (mut n, mut k) = (0, 0);
    while k < Op::ALL.len() {
        if Op::ALL[k].signature().is_some() {
            n += 1;
        }
        k += 1;
    }
    n
};

/// `(name, signature)` of each operation with a signature.
const EXPRESSION_OPS: [(&str, &str); EXPRESSIONS] = {
    let mut out = [("", ""); EXPRESSIONS];
    let (mut n, mut k) = (0, 0);
    while k < Op::ALL.len() {
        if let Some(sig) = Op::ALL[k].signature() {
            out[n] = (Op::ALL[k].name(), sig);
            n += 1;
        }
        k += 1;
    }
    out
};

/// `swizzle_layout(B, M, S, A)` or `swizzle_layout(B, M, S, A, C)` (`Sw ∘ A ∘ C`).
fn swizzle_layout(a: &Args<'_>) -> Result<ComposedLayout, ExprError> {
    let sw = a.op(Swizzle::new(a.int(0)?, a.int(1)?, a.int(2)?))?;
    let c = ComposedLayout::new(sw, 0, a.layout(3)?);
    if a.values.len() == 5 {
        return a.op(c.compose(&a.layout(4)?));
    }
    Ok(c)
}

#[allow(clippy::too_many_lines, reason = "one dispatch arm per operation")]
pub(super) fn call(name: &str, pos: usize, args: &[(Value, usize)]) -> Result<Value, ExprError> {
    let Some((op, sig)) = Op::from_name(name).and_then(|op| Some((op, op.signature()?))) else {
        return Err(ExprError::UnknownOp {
            pos,
            name: name.to_string(),
        });
    };
    let a = Args {
        op: op.name(),
        pos,
        values: args,
    };
    if let Some(v) = super::atoms::call(op, &a)? {
        return Ok(v);
    }
    let n = args.len();
    let arity = || ExprError::Arity {
        pos,
        op: op.name(),
        expected: sig,
    };
    let v = match (op, n) {
        (Op::Size, 1) if a.is_coord(0) => Value::Int(a.coord(0)?.size()),
        (Op::Coalesce, 1) if a.is_coord(0) => Value::coord(&a.op(a.coord(0)?.coalesce())?),
        (Op::Composition, 2) if a.is_coord(0) => {
            Value::coord(&a.op(a.coord(0)?.compose(&a.layout(1)?))?)
        }
        (Op::Eval, 1) if a.is_coord(0) => {
            let c = a.coord(0)?;
            Value::Coords(a.list(c.size(), COORDS_LIMIT, |i| c.eval(i))?)
        }
        (Op::Eval, 2) if a.is_coord(0) => Value::from(a.op(a.coord(0)?.eval(a.int(1)?))?),
        (Op::Composition, 2) if a.is_swizzle(0) => {
            Value::Composed(ComposedLayout::new(a.swizzle(0)?, 0, a.layout(1)?))
        }
        (Op::Eval, 1) if a.is_swizzle(0) => {
            let sw = a.swizzle(0)?;
            Value::List(a.list(sw.period(), LIST_LIMIT, |x| Ok(sw.apply(x)))?)
        }
        (Op::Eval, 2) if a.is_swizzle(0) => Value::Int(a.swizzle(0)?.apply(a.int(1)?)),
        (Op::Size, 1) if a.is_composed(0) => Value::Int(a.composed(0)?.size()),
        (Op::Coalesce, 1) if a.is_composed(0) => {
            let c = a.composed(0)?;
            let inner = a.op(coalesce(c.layout()))?;
            Value::Composed(ComposedLayout::new(c.swizzle(), c.offset(), inner))
        }
        (Op::Slice, 2) if a.is_composed(1) => {
            Value::Composed(a.op(a.composed(1)?.slice(&a.tuple(0)?))?)
        }
        (
            Op::LogicalDivide
            | Op::ZippedDivide
            | Op::TiledDivide
            | Op::FlatDivide
            | Op::LogicalProduct
            | Op::ZippedProduct,
            2,
        ) if a.is_composed(0) => {
            // CuTe's divides and products of a swizzled layout: of its layout, under its swizzle.
            let (c, t) = (a.composed(0)?, a.tile(1)?);
            Value::Composed(a.op(match op {
                Op::LogicalDivide => c.logical_divide(t),
                Op::ZippedDivide => c.zipped_divide(t),
                Op::TiledDivide => c.tiled_divide(t),
                Op::FlatDivide => c.flat_divide(t),
                Op::LogicalProduct => c.logical_product(t),
                _ => c.zipped_product(t),
            })?)
        }
        (Op::BlockedProduct, 2) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.blocked_product(&a.layout(1)?))?)
        }
        (Op::RakedProduct, 2) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.raked_product(&a.layout(1)?))?)
        }
        (Op::Composition, 2) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.compose(&a.layout(1)?))?)
        }
        (Op::RightInverse, 1) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.right_inverse())?)
        }
        (Op::LeftInverse, 1) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.left_inverse())?)
        }
        (Op::Eval, 1) if a.is_composed(0) => {
            let c = a.composed(0)?;
            Value::List(a.list(c.size(), LIST_LIMIT, |i| c.eval(i))?)
        }
        (Op::Eval, 2) if a.is_composed(0) => Value::Int(a.op(a.composed(0)?.eval(a.int(1)?))?),
        (Op::Size, 1) if a.is_f2(0) => Value::Int(a.f2(0)?.size()),
        (Op::Composition, 2) if a.is_f2(0) => {
            Value::F2(Box::new(a.op(a.f2(0)?.compose(&a.layout(1)?))?))
        }
        (Op::RightInverse, 1) if a.is_f2(0) => Value::F2(Box::new(a.op(a.f2(0)?.right_inverse())?)),
        (Op::LeftInverse, 1) if a.is_f2(0) => Value::F2(Box::new(a.op(a.f2(0)?.left_inverse())?)),
        (Op::Eval, 1) if a.is_f2(0) => {
            let f = a.f2(0)?;
            Value::List(a.list(f.size(), F2_LIST_LIMIT, |i| f.eval(i))?)
        }
        (Op::Eval, 2) if a.is_f2(0) => Value::Int(a.op(a.f2(0)?.eval(a.int(1)?))?),
        (Op::MakeIdentityLayout, 1) => Value::coord(&a.op(CoordLayout::identity(&a.tuple(0)?))?),
        (Op::Size, 1) => Value::Int(a.layout(0)?.size()),
        (Op::Cosize, 1) => Value::Int(a.op(a.layout(0)?.cosize())?),
        (Op::Rank, 1) => Value::Int(a.layout(0)?.rank() as i64),
        (Op::Depth, 1) => Value::Int(a.layout(0)?.depth() as i64),
        (Op::Flatten, 1) => Value::Layout(a.op(a.layout(0)?.flatten())?),
        (Op::Select, 2..) => {
            let modes = (1..n)
                .map(|i| a.mode_index(i))
                .collect::<Result<Vec<_>, _>>()?;
            Value::Layout(a.op(a.layout(0)?.select(&modes))?)
        }
        (Op::Take, 3) => {
            Value::Layout(a.op(a.layout(0)?.take(a.mode_index(1)?, a.mode_index(2)?))?)
        }
        (Op::GroupModes, 3) => {
            Value::Layout(a.op(a.layout(0)?.group_modes(a.mode_index(1)?, a.mode_index(2)?))?)
        }
        (Op::MakeLayout, 1) => Value::Layout(a.op(Layout::left(&a.tuple(0)?))?),
        (Op::MakeLayout, 2) => Value::Layout(a.op(Layout::new(a.tuple(0)?, a.tuple(1)?))?),
        (Op::Coalesce, 1) => Value::Layout(a.op(coalesce(&a.layout(0)?))?),
        (Op::Coalesce, 2) => Value::Layout(a.op(coalesce_by(&a.layout(0)?, &a.tuple(1)?))?),
        (Op::Filter, 1) => Value::Layout(a.op(filter(&a.layout(0)?))?),
        (Op::Composition, 2) => Value::Layout(match a.tile(1)? {
            Tile::Layout(b) => a.op(composition(&a.layout(0)?, &b))?,
            Tile::Tiler(t) => a.op(composition_tiler(&a.layout(0)?, &t))?,
            Tile::Under => a.layout(0)?,
        }),
        (Op::Complement, 1) => Value::Layout(a.op(complement_cosize(&a.layout(0)?))?),
        (Op::Complement, 2) => Value::Layout(a.op(complement(&a.layout(0)?, &a.tuple(1)?))?),
        (Op::RightInverse, 1) => Value::Layout(a.op(right_inverse(&a.layout(0)?))?),
        (Op::LeftInverse, 1) => Value::Layout(a.op(left_inverse(&a.layout(0)?))?),
        (Op::LogicalDivide, 2) => Value::Layout(a.op(logical_divide(&a.layout(0)?, a.tile(1)?))?),
        (Op::ZippedDivide, 2) => Value::Layout(a.op(zipped_divide(&a.layout(0)?, a.tile(1)?))?),
        (Op::TiledDivide, 2) => Value::Layout(a.op(tiled_divide(&a.layout(0)?, a.tile(1)?))?),
        (Op::FlatDivide, 2) => Value::Layout(a.op(flat_divide(&a.layout(0)?, a.tile(1)?))?),
        (Op::LogicalProduct, 2) => Value::Layout(a.op(logical_product(&a.layout(0)?, a.tile(1)?))?),
        (Op::ZippedProduct, 2) => Value::Layout(a.op(zipped_product(&a.layout(0)?, a.tile(1)?))?),
        (Op::TiledProduct, 2) => Value::Layout(a.op(tiled_product(&a.layout(0)?, a.tile(1)?))?),
        (Op::FlatProduct, 2) => Value::Layout(a.op(flat_product(&a.layout(0)?, a.tile(1)?))?),
        (Op::BlockedProduct, 2) => {
            Value::Layout(a.op(blocked_product(&a.layout(0)?, &a.layout(1)?))?)
        }
        (Op::RakedProduct, 2) => Value::Layout(a.op(raked_product(&a.layout(0)?, &a.layout(1)?))?),
        (Op::MaxCommonLayout, 2) => {
            Value::Layout(a.op(max_common_layout(&a.layout(0)?, &a.layout(1)?))?)
        }
        (Op::MaxCommonVector, 2) => {
            Value::Int(a.op(max_common_vector(&a.layout(0)?, &a.layout(1)?))?)
        }
        (Op::Nullspace, 1) => Value::Layout(a.op(nullspace(&a.layout(0)?))?),
        (Op::Upcast, 2) => Value::Layout(a.op(upcast(&a.layout(0)?, a.int(1)?))?),
        (Op::Downcast, 2) => Value::Layout(a.op(downcast(&a.layout(0)?, a.int(1)?))?),
        (Op::Crd2Idx, 2) => Value::Int(a.op(crd2idx_shape(&a.tuple(0)?, &a.tuple(1)?))?),
        (Op::Crd2Idx, 3) => Value::Int(a.op(crd2idx(&a.tuple(0)?, &a.tuple(1)?, &a.tuple(2)?))?),
        (Op::Idx2Crd, 2) => Value::from(a.op(idx2crd(&a.tuple(0)?, &a.tuple(1)?))?),
        (Op::Idx2Crd, 3) => {
            Value::from(a.op(idx2crd_strided(&a.tuple(0)?, &a.tuple(1)?, &a.tuple(2)?))?)
        }
        (Op::Slice, 2) => Value::Layout(a.op(a.layout(1)?.slice(&a.tuple(0)?))?),
        (Op::Eval, 1) => {
            let l = a.layout(0)?;
            Value::List(a.list(l.size(), LIST_LIMIT, |i| l.eval(i))?)
        }
        (Op::Eval, 2) => {
            let l = a.layout(0)?;
            Value::Int(a.op(l.eval_crd(&a.tuple(1)?))?)
        }
        (Op::Swizzle, 3) => Value::Swizzle(a.op(Swizzle::new(a.int(0)?, a.int(1)?, a.int(2)?))?),
        (Op::SwizzleLayout, 4 | 5) => Value::Composed(swizzle_layout(&a)?),
        (Op::BankConflicts, 3) => {
            let s = if a.is_composed(0) {
                a.composed(0)?
            } else {
                ComposedLayout::new(Swizzle::identity(), 0, a.layout(0)?)
            };
            Value::Int(a.op(bank_conflicts(&s, &a.layout(1)?, a.int(2)?))?)
        }
        (Op::SwizzleSearch, n @ 3..) => {
            let s = a.layout(0)?;
            let accesses = (1..n - 1)
                .map(|i| a.layout(i))
                .collect::<Result<Vec<_>, _>>()?;
            let sw = a.op(swizzle_search(&s, &accesses, a.int(n - 1)?))?;
            Value::Composed(ComposedLayout::new(sw, 0, s))
        }
        (Op::MakeOrderedLayout, 2) => {
            Value::Layout(a.op(make_ordered_layout(&a.tuple(0)?, &a.tuple(1)?))?)
        }
        (Op::TileToShape, 2 | 3) => {
            let order = if n == 3 { Some(a.tuple(2)?) } else { None };
            let tile = |l: &Layout| a.op(tile_to_shape(l, &a.tuple(1)?, order.as_ref()));
            if a.is_composed(0) {
                // CuTe tiles a swizzled block's layout and keeps its swizzle and offset.
                let c = a.composed(0)?;
                Value::Composed(ComposedLayout::new(
                    c.swizzle(),
                    c.offset(),
                    tile(c.layout())?,
                ))
            } else {
                Value::Layout(tile(&a.layout(0)?)?)
            }
        }
        (Op::IsTractable, 1) => Value::Bool(is_tractable(&a.layout(0)?)),
        (Op::ToMorphism, 1) => Value::Morphism(Box::new(a.op(to_morphism(&a.layout(0)?))?)),
        (Op::FromMorphism, 1) => Value::Layout(a.op(a.morphism(0)?.layout())?),
        (Op::IsStandardForm, 1) => Value::Bool(a.morphism(0)?.is_standard_form()),
        (Op::MorphismCoalesce, 1) => {
            Value::Morphism(Box::new(a.op(morphism_coalesce(&a.morphism(0)?))?))
        }
        (Op::MorphismComplement, 1) => {
            Value::Morphism(Box::new(a.op(morphism_complement(&a.morphism(0)?))?))
        }
        (Op::MorphismConcat, 2) => Value::Morphism(Box::new(
            a.op(morphism_concat(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        (Op::MorphismDivide, 2) => Value::Morphism(Box::new(
            a.op(morphism_divide(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        (Op::MorphismProduct, 2) => Value::Morphism(Box::new(
            a.op(morphism_product(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        (Op::MutualRefinement, 2) => {
            let (t, u) = a.op(mutual_refinement(&a.tuple(0)?, &a.tuple(1)?))?;
            let pair = IntTuple::tuple([t.view(), u.view()])
                .map_err(|kind| Error::new(Op::MutualRefinement, [None, None], kind));
            Value::Tuple(a.op(pair)?)
        }
        (Op::MorphismSort, 1) => Value::Morphism(Box::new(a.op(morphism_sort(&a.morphism(0)?))?)),
        (Op::ComposeMorphisms, 2) => Value::Morphism(Box::new(
            a.op(compose_morphisms(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        (Op::MorphismPullback, 2) => Value::Morphism(Box::new(
            a.op(morphism_pullback(&a.morphism(0)?, &a.tuple(1)?))?,
        )),
        (Op::MorphismPushforward, 2) => Value::Morphism(Box::new(
            a.op(morphism_pushforward(&a.morphism(0)?, &a.tuple(1)?))?,
        )),
        (Op::WeakComposite, 2) => Value::Morphism(Box::new(
            a.op(weak_composite(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        (Op::CompositionViaMorphisms, 2) => {
            Value::Layout(a.op(composition_via_morphisms(&a.layout(0)?, &a.layout(1)?))?)
        }
        _ => return Err(arity()),
    };
    Ok(v)
}
