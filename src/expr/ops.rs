//! The operations an expression calls: their names and signatures ([`OPS`]) and the dispatch
//! of a call to the library.

use cute_core::morphism::{
    compose_morphisms, is_tractable, morphism_coalesce, morphism_complement, morphism_concat,
    morphism_divide, morphism_product, to_morphism,
};
use cute_core::{
    blocked_product, coalesce, coalesce_by, complement, complement_cosize, composition,
    composition_tiler, crd2idx, crd2idx_shape, downcast, filter, flat_divide, flat_product,
    idx2crd, idx2crd_strided, left_inverse, logical_divide, logical_product, max_common_layout,
    max_common_vector, nullspace, raked_product, right_inverse, tiled_divide, tiled_product,
    upcast, zipped_divide, zipped_product, ComposedLayout, CoordLayout, Layout, Swizzle, Tile,
};

use super::args::Args;
use super::error::ExprError;
use super::limits::{COORDS_LIMIT, F2_LIST_LIMIT, LIST_LIMIT};
use super::value::Value;

/// The operations `eval` knows, with their signatures.
pub const OPS: &[(&str, &str)] = &[
    ("size", "(L)"),
    ("cosize", "(L)"),
    ("rank", "(L)"),
    ("depth", "(L)"),
    ("flatten", "(L)"),
    ("make_layout", "(S) or (S, D)"),
    ("make_identity_layout", "(S)"),
    ("coalesce", "(L) or (L, profile)"),
    ("filter", "(L)"),
    (
        "composition",
        "(A, B) with B a layout or tiler; A may be a coordinate layout",
    ),
    ("complement", "(L) or (L, cotarget)"),
    ("right_inverse", "(L)"),
    ("left_inverse", "(L)"),
    ("logical_divide", "(A, T)"),
    ("zipped_divide", "(A, T)"),
    ("tiled_divide", "(A, T)"),
    ("flat_divide", "(A, T)"),
    ("logical_product", "(A, T)"),
    ("zipped_product", "(A, T)"),
    ("tiled_product", "(A, T)"),
    ("flat_product", "(A, T)"),
    ("blocked_product", "(A, B)"),
    ("raked_product", "(A, B)"),
    ("max_common_layout", "(A, B)"),
    ("max_common_vector", "(A, B)"),
    ("nullspace", "(L)"),
    ("upcast", "(L, N)"),
    ("downcast", "(L, N)"),
    ("crd2idx", "(c, S) or (c, S, D)"),
    ("idx2crd", "(i, S) or (i, S, D)"),
    (
        "slice",
        "(c, L): the sublayout where c holds `_`; its offset is eval(L, c)",
    ),
    (
        "eval",
        "(L) or (L, c); L may be a coordinate layout or have F2 strides (for F2, c is an index)",
    ),
    ("swizzle", "(B, M, S)"),
    ("swizzle_layout", "(B, M, S, A) or (B, M, S, A, C)"),
    ("is_tractable", "(L)"),
    ("to_morphism", "(L)"),
    ("from_morphism", "(f)"),
    ("is_standard_form", "(f)"),
    ("compose_morphisms", "(g, f): g∘f, f applied first"),
    ("morphism_coalesce", "(f)"),
    ("morphism_complement", "(f)"),
    ("morphism_concat", "(f, g)"),
    ("morphism_divide", "(f, g): f ⊘ g = f∘(g, g^c)"),
    ("morphism_product", "(f, g): f ⊗ g = (f, f^c∘g)"),
];

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
    let Some(&(op, sig)) = OPS.iter().find(|(n, _)| *n == name) else {
        return Err(ExprError::UnknownOp {
            pos,
            name: name.to_string(),
        });
    };
    let a = Args {
        op,
        pos,
        values: args,
    };
    let n = args.len();
    let arity = || ExprError::Arity {
        pos,
        op,
        expected: sig,
    };
    let v = match (op, n) {
        ("size", 1) if a.is_coord(0) => Value::Int(a.coord(0)?.size()),
        ("coalesce", 1) if a.is_coord(0) => Value::coord(&a.op(a.coord(0)?.coalesce())?),
        ("composition", 2) if a.is_coord(0) => {
            Value::coord(&a.op(a.coord(0)?.compose(&a.layout(1)?))?)
        }
        ("eval", 1) if a.is_coord(0) => {
            let c = a.coord(0)?;
            Value::Coords(a.list(c.size(), COORDS_LIMIT, |i| c.eval(i))?)
        }
        ("eval", 2) if a.is_coord(0) => Value::from(a.op(a.coord(0)?.eval(a.int(1)?))?),
        ("size", 1) if a.is_composed(0) => Value::Int(a.composed(0)?.size()),
        ("composition", 2) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.compose(&a.layout(1)?))?)
        }
        ("right_inverse", 1) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.right_inverse())?)
        }
        ("left_inverse", 1) if a.is_composed(0) => {
            Value::Composed(a.op(a.composed(0)?.left_inverse())?)
        }
        ("eval", 1) if a.is_composed(0) => {
            let c = a.composed(0)?;
            Value::List(a.list(c.size(), LIST_LIMIT, |i| c.eval(i))?)
        }
        ("eval", 2) if a.is_composed(0) => Value::Int(a.op(a.composed(0)?.eval(a.int(1)?))?),
        ("size", 1) if a.is_f2(0) => Value::Int(a.f2(0)?.size()),
        ("composition", 2) if a.is_f2(0) => {
            Value::F2(Box::new(a.op(a.f2(0)?.compose(&a.layout(1)?))?))
        }
        ("right_inverse", 1) if a.is_f2(0) => Value::F2(Box::new(a.op(a.f2(0)?.right_inverse())?)),
        ("left_inverse", 1) if a.is_f2(0) => Value::F2(Box::new(a.op(a.f2(0)?.left_inverse())?)),
        ("eval", 1) if a.is_f2(0) => {
            let f = a.f2(0)?;
            Value::List(a.list(f.size(), F2_LIST_LIMIT, |i| f.eval(i))?)
        }
        ("eval", 2) if a.is_f2(0) => Value::Int(a.op(a.f2(0)?.eval(a.int(1)?))?),
        ("make_identity_layout", 1) => Value::coord(&a.op(CoordLayout::identity(&a.tuple(0)?))?),
        ("size", 1) => Value::Int(a.layout(0)?.size()),
        ("cosize", 1) => Value::Int(a.op(a.layout(0)?.cosize())?),
        ("rank", 1) => Value::Int(a.layout(0)?.rank() as i64),
        ("depth", 1) => Value::Int(a.layout(0)?.depth() as i64),
        ("flatten", 1) => Value::Layout(a.op(a.layout(0)?.flatten())?),
        ("make_layout", 1) => Value::Layout(a.op(Layout::left(&a.tuple(0)?))?),
        ("make_layout", 2) => Value::Layout(a.op(Layout::new(a.tuple(0)?, a.tuple(1)?))?),
        ("coalesce", 1) => Value::Layout(a.op(coalesce(&a.layout(0)?))?),
        ("coalesce", 2) => Value::Layout(a.op(coalesce_by(&a.layout(0)?, &a.tuple(1)?))?),
        ("filter", 1) => Value::Layout(a.op(filter(&a.layout(0)?))?),
        ("composition", 2) => Value::Layout(match a.tile(1)? {
            Tile::Layout(b) => a.op(composition(&a.layout(0)?, &b))?,
            Tile::Tiler(t) => a.op(composition_tiler(&a.layout(0)?, &t))?,
        }),
        ("complement", 1) => Value::Layout(a.op(complement_cosize(&a.layout(0)?))?),
        ("complement", 2) => Value::Layout(a.op(complement(&a.layout(0)?, &a.tuple(1)?))?),
        ("right_inverse", 1) => Value::Layout(a.op(right_inverse(&a.layout(0)?))?),
        ("left_inverse", 1) => Value::Layout(a.op(left_inverse(&a.layout(0)?))?),
        ("logical_divide", 2) => Value::Layout(a.op(logical_divide(&a.layout(0)?, a.tile(1)?))?),
        ("zipped_divide", 2) => Value::Layout(a.op(zipped_divide(&a.layout(0)?, a.tile(1)?))?),
        ("tiled_divide", 2) => Value::Layout(a.op(tiled_divide(&a.layout(0)?, a.tile(1)?))?),
        ("flat_divide", 2) => Value::Layout(a.op(flat_divide(&a.layout(0)?, a.tile(1)?))?),
        ("logical_product", 2) => Value::Layout(a.op(logical_product(&a.layout(0)?, a.tile(1)?))?),
        ("zipped_product", 2) => Value::Layout(a.op(zipped_product(&a.layout(0)?, a.tile(1)?))?),
        ("tiled_product", 2) => Value::Layout(a.op(tiled_product(&a.layout(0)?, a.tile(1)?))?),
        ("flat_product", 2) => Value::Layout(a.op(flat_product(&a.layout(0)?, a.tile(1)?))?),
        ("blocked_product", 2) => {
            Value::Layout(a.op(blocked_product(&a.layout(0)?, &a.layout(1)?))?)
        }
        ("raked_product", 2) => Value::Layout(a.op(raked_product(&a.layout(0)?, &a.layout(1)?))?),
        ("max_common_layout", 2) => {
            Value::Layout(a.op(max_common_layout(&a.layout(0)?, &a.layout(1)?))?)
        }
        ("max_common_vector", 2) => {
            Value::Int(a.op(max_common_vector(&a.layout(0)?, &a.layout(1)?))?)
        }
        ("nullspace", 1) => Value::Layout(a.op(nullspace(&a.layout(0)?))?),
        ("upcast", 2) => Value::Layout(a.op(upcast(&a.layout(0)?, a.int(1)?))?),
        ("downcast", 2) => Value::Layout(a.op(downcast(&a.layout(0)?, a.int(1)?))?),
        ("crd2idx", 2) => Value::Int(a.op(crd2idx_shape(&a.tuple(0)?, &a.tuple(1)?))?),
        ("crd2idx", 3) => Value::Int(a.op(crd2idx(&a.tuple(0)?, &a.tuple(1)?, &a.tuple(2)?))?),
        ("idx2crd", 2) => Value::from(a.op(idx2crd(&a.tuple(0)?, &a.tuple(1)?))?),
        ("idx2crd", 3) => {
            Value::from(a.op(idx2crd_strided(&a.tuple(0)?, &a.tuple(1)?, &a.tuple(2)?))?)
        }
        ("slice", 2) => Value::Layout(a.op(a.layout(1)?.slice(&a.tuple(0)?))?.1),
        ("eval", 1) => {
            let l = a.layout(0)?;
            Value::List(a.list(l.size(), LIST_LIMIT, |i| l.eval(i))?)
        }
        ("eval", 2) => {
            let l = a.layout(0)?;
            Value::Int(a.op(l.eval_crd(&a.tuple(1)?))?)
        }
        ("swizzle", 3) => {
            let sw = a.op(Swizzle::new(a.int(0)?, a.int(1)?, a.int(2)?))?;
            Value::List(a.list(sw.period(), LIST_LIMIT, |x| Ok(sw.apply(x)))?)
        }
        ("swizzle_layout", 4 | 5) => Value::Composed(swizzle_layout(&a)?),
        ("is_tractable", 1) => Value::Bool(is_tractable(&a.layout(0)?)),
        ("to_morphism", 1) => Value::Morphism(Box::new(a.op(to_morphism(&a.layout(0)?))?)),
        ("from_morphism", 1) => Value::Layout(a.op(a.morphism(0)?.layout())?),
        ("is_standard_form", 1) => Value::Bool(a.morphism(0)?.is_standard_form()),
        ("morphism_coalesce", 1) => {
            Value::Morphism(Box::new(a.op(morphism_coalesce(&a.morphism(0)?))?))
        }
        ("morphism_complement", 1) => {
            Value::Morphism(Box::new(a.op(morphism_complement(&a.morphism(0)?))?))
        }
        ("morphism_concat", 2) => Value::Morphism(Box::new(
            a.op(morphism_concat(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        ("morphism_divide", 2) => Value::Morphism(Box::new(
            a.op(morphism_divide(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        ("morphism_product", 2) => Value::Morphism(Box::new(
            a.op(morphism_product(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        ("compose_morphisms", 2) => Value::Morphism(Box::new(
            a.op(compose_morphisms(&a.morphism(0)?, &a.morphism(1)?))?,
        )),
        _ => return Err(arity()),
    };
    Ok(v)
}
