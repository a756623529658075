//! The checks, with `cute-core`'s rules: a static layout is a `cute_core::Layout` whose leaves
//! are non-negative (typenum integers are unsigned).

use cute_core::{IntTuple, Layout};

use crate::parse::{Errors, Node};

/// The `cute-core` value of a node, or the error at the node where it does not fit.
fn lower(n: &Node) -> Result<IntTuple, Errors> {
    let text = notation(n);
    text.parse::<IntTuple>()
        .map_err(|e| vec![(n.span(), format!("{e}"))])
}

fn notation(n: &Node) -> String {
    match n {
        Node::Int(v, _) => v.to_string(),
        Node::Tuple(modes, _) => format!(
            "({})",
            modes.iter().map(notation).collect::<Vec<_>>().join(",")
        ),
    }
}

/// Every leaf positive: a shape.
pub(crate) fn shape(s: &Node) -> Result<(), Errors> {
    let mut errors = Errors::new();
    leaves(s, &mut |v, span| {
        if v <= 0 {
            errors.push((
                span,
                format!("shape {v} is not positive: every shape leaf counts at least one element"),
            ));
        }
    });
    lower(s)?;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A layout: a positive shape, a non-negative stride of the same profile, and `cute-core`'s
/// own validation (size within `i64`).
pub(crate) fn layout(s: &Node, d: &Node) -> Result<(), Errors> {
    let mut errors = shape(s).err().unwrap_or_default();
    leaves(d, &mut |v, span| {
        if v < 0 {
            errors.push((
                span,
                format!("stride {v} is negative: static strides are unsigned (typenum) for now"),
            ));
        }
    });
    if let Some((span, msg)) = first_incongruence(s, d) {
        errors.push((span, msg));
    }
    if errors.is_empty() {
        let (shape, stride) = (lower(s)?, lower(d)?);
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

fn leaves(n: &Node, f: &mut impl FnMut(i64, proc_macro2::Span)) {
    match n {
        Node::Int(v, span) => f(*v, *span),
        Node::Tuple(modes, _) => modes.iter().for_each(|m| leaves(m, f)),
    }
}

/// The first mode (in the stride) whose profile differs from the shape's.
fn first_incongruence(s: &Node, d: &Node) -> Option<(proc_macro2::Span, String)> {
    match (s, d) {
        (Node::Int(..), Node::Int(..)) => None,
        (Node::Tuple(a, _), Node::Tuple(b, span)) if a.len() != b.len() => Some((
            *span,
            format!(
                "stride `{}` has {} modes but shape `{}` has {}: shape and stride must be congruent",
                notation(d),
                b.len(),
                notation(s),
                a.len()
            ),
        )),
        (Node::Tuple(a, _), Node::Tuple(b, _)) => a.iter().zip(b).find_map(|(x, y)| first_incongruence(x, y)),
        _ => Some((
            d.span(),
            format!("stride `{}` is not congruent to shape `{}`: each must be an integer where the other is", notation(d), notation(s)),
        )),
    }
}

/// Every tile of a tiler is a valid layout.
pub(crate) fn tiler(tiles: &[crate::parse::Tile]) -> Result<(), Errors> {
    let errors: Errors = tiles
        .iter()
        .filter_map(|t| match t {
            crate::parse::Tile::Layout(s, d) => layout(s, d).err(),
            crate::parse::Tile::Tiler(inner) => tiler(inner).err(),
        })
        .flatten()
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
