//! The checks, with `cute-core`'s rules: the integer leaves of a layout are those of a
//! `cute_core::Layout` whose static leaves are non-negative (typenum integers are unsigned); runtime
//! leaves (`{expr}`, `?`) and typenum parameters are checked where their value is known (at run
//! time, or by the compiler).

use cute_core::{IntTuple, Layout};

use crate::parse::{Errors, Node};

/// Whether the macro writes a value (`layout!`) or a type (`Layout!`): which runtime leaf it
/// takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    Value,
    Type,
}

/// The `cute-core` value of a node whose leaves not written as integers are taken as `other`, or
/// the error at the node where it does not fit.
pub(crate) fn lower(n: &Node, other: i64) -> Result<IntTuple, Errors> {
    let text = notation(n, other);
    text.parse::<IntTuple>()
        .map_err(|e| vec![(n.span(), format!("{e}"))])
}

fn notation(n: &Node, other: i64) -> String {
    match n {
        Node::Int(v, _) => v.to_string(),
        Node::Tuple(modes, _) => format!(
            "({})",
            modes
                .iter()
                .map(|m| notation(m, other))
                .collect::<Vec<_>>()
                .join(",")
        ),
        Node::Runtime(..) | Node::Dyn(..) | Node::Param(_) => other.to_string(),
    }
}

/// How the notation writes a node, for messages: runtime leaves as `?`, parameters by name.
fn written(n: &Node) -> String {
    match n {
        Node::Int(v, _) => v.to_string(),
        Node::Tuple(modes, _) => format!(
            "({})",
            modes.iter().map(written).collect::<Vec<_>>().join(",")
        ),
        Node::Runtime(..) | Node::Dyn(..) => "?".into(),
        Node::Param(id) => id.to_string(),
    }
}

/// Each runtime leaf in the form of the macro: `{expr}` in a value, `?` in a type.
fn leaf_forms(n: &Node, form: Form, errors: &mut Errors) {
    n.each_leaf(&mut |leaf| match (leaf, form) {
        (Node::Dyn(_, span), Form::Value) => errors.push((
            *span,
            "`?` is a runtime leaf of a type; in a value, write the expression in braces, e.g. `{m}`"
                .into(),
        )),
        (Node::Runtime(_, span), Form::Type) => errors.push((
            *span,
            "a type has no runtime values: write a runtime leaf as `?` (or `?{div=N}`)".into(),
        )),
        _ => {}
    });
}

/// Every integer leaf positive: a shape. A static 0 is refused although `cute-core` reads an
/// empty layout: static leaves are positive typenum integers, and an empty mode is a runtime
/// size (a matrix with `M = 0`).
pub(crate) fn shape(s: &Node, form: Form) -> Result<(), Errors> {
    let mut errors = Errors::new();
    leaf_forms(s, form, &mut errors);
    s.each_leaf(&mut |leaf| {
        if let Node::Int(v, span) = leaf {
            if *v < 0 {
                errors.push((
                    *span,
                    format!("shape {v} is negative: a shape leaf counts elements"),
                ));
            } else if *v == 0 {
                let runtime = match form {
                    Form::Type => "`?`",
                    Form::Value => "`{m}` with `m == 0`",
                };
                errors.push((
                    *span,
                    format!(
                        "a static shape leaf is positive: an empty mode (shape 0) has a runtime \
                         size, {runtime}"
                    ),
                ));
            }
        }
    });
    lower(s, 1)?;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A layout: a positive static shape, a non-negative static stride of the same profile, and
/// `cute-core`'s own validation of the integer leaves (size within `i64`).
pub(crate) fn layout(s: &Node, d: &Node, form: Form) -> Result<(), Errors> {
    let mut errors = shape(s, form).err().unwrap_or_default();
    leaf_forms(d, form, &mut errors);
    d.each_leaf(&mut |leaf| {
        if let Node::Int(v, span) = leaf {
            if *v < 0 {
                errors.push((
                    *span,
                    format!(
                        "stride {v} is negative: static strides are unsigned (typenum); write a negative stride as a runtime leaf, `{{{v}}}`"
                    ),
                ));
            }
        }
    });
    if let Some((span, msg)) = first_incongruence(s, d) {
        errors.push((span, msg));
    }
    if errors.is_empty() {
        let (shape, stride) = (lower(s, 1)?, lower(d, 0)?);
        if let Err(e) = Layout::new(shape, stride) {
            errors.push((s.span(), e.kind.to_string()));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The first mode (in the stride) whose profile differs from the shape's.
fn first_incongruence(s: &Node, d: &Node) -> Option<(proc_macro2::Span, String)> {
    match (s, d) {
        (Node::Tuple(a, _), Node::Tuple(b, span)) if a.len() != b.len() => Some((
            *span,
            format!(
                "stride `{}` has {} modes but shape `{}` has {}: shape and stride must be congruent",
                written(d),
                b.len(),
                written(s),
                a.len()
            ),
        )),
        (Node::Tuple(a, _), Node::Tuple(b, _)) => a.iter().zip(b).find_map(|(x, y)| first_incongruence(x, y)),
        (Node::Tuple(..), _) | (_, Node::Tuple(..)) => Some((
            d.span(),
            format!("stride `{}` is not congruent to shape `{}`: each must be an integer where the other is", written(d), written(s)),
        )),
        _ => None,
    }
}

/// Every tile of a tiler is a valid layout.
pub(crate) fn tiler(tiles: &[crate::parse::Tile], form: Form) -> Result<(), Errors> {
    let errors: Errors = tiles
        .iter()
        .filter_map(|t| match t {
            crate::parse::Tile::Layout(s, d) => layout(s, d, form).err(),
            crate::parse::Tile::Tiler(inner) => tiler(inner, form).err(),
        })
        .flatten()
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
