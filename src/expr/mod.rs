//! Expressions over the layout algebra: `cute::expr::eval("composition((4,6,8,10):(2,3,5,7), 6:12)")`.
//!
//! An expression is a value in CuTe notation (`12`, `(4,(2,2))`, `(4,8):(1,4)`, `<4:1,8:2>`) or a
//! call `op(arg, ...)` whose arguments are expressions. Op names and argument orders are those of
//! CuTe (and of the oracle corpus format): `composition(A, B)`, `complement(L, N)`,
//! `logical_divide(A, T)`, `crd2idx(c, S, D)`, `swizzle(B, M, S)`, ...; [`OPS`] lists them.
//!
//! What CuTe's `print` writes is notation too: static integers (`(_4,_8):(_1,_4)`, `_-1`), and
//! swizzles and swizzled layouts as [`Value`] prints them or as CuTe does (`Sw<3,3,3>`,
//! `Sw<3,3,3>o0o(8,64):(64,1)`, `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`, `∘` for `o`).

use cute_core::parse::Parser;
use cute_core::{CoordLayout, ErrorKind, F2Layout, Layout};

mod args;
mod atoms;
mod error;
mod limits;
mod ops;
#[cfg(test)]
mod tests;
mod value;

pub use error::ExprError;
pub use limits::{COORDS_LIMIT, F2_LIST_LIMIT, LIST_LIMIT, MAX_NESTING};
pub use ops::OPS;
pub use value::Value;

use ops::call;

/// Evaluates an expression.
///
/// # Examples
/// ```
/// assert_eq!(cute::expr::eval("composition((4,6,8,10):(2,3,5,7), 6:12)").unwrap().to_string(), "(2,3):(9,5)");
/// assert_eq!(cute::expr::eval("size((4,(2,2)):(2,(1,8)))").unwrap().to_string(), "16");
/// assert_eq!(cute::expr::eval("eval(3:2)").unwrap().to_string(), "[0,2,4]");
/// let e = cute::expr::eval("composition((4,6,8):(2,3,5), 6:3)").unwrap_err();
/// assert_eq!(e.code(), "not_admissible");
/// // A swizzle is a value; composed with a layout, a swizzled layout (CuTe's spelling).
/// let v = cute::expr::eval("composition(swizzle(3,3,3), (8,64):(64,1))").unwrap();
/// assert_eq!(v.to_string(), "Sw<3,3,3>o0o(8,64):(64,1)");
/// // What it prints, and what CuTe's print writes, reads back.
/// assert_eq!(cute::expr::eval("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)").unwrap(), v);
/// assert_eq!(cute::expr::eval("eval(swizzle(1,0,1))").unwrap().to_string(), "[0,1,3,2]");
/// let v = cute::expr::eval("right_inverse(swizzle_layout(3, 0, 3, (8,8):(8,1)))").unwrap();
/// assert_eq!(v.to_string(), "Sw<3,0,-3>o0o(8,8):(8,1)");
/// ```
///
/// # Errors
/// [`ExprError`]: a syntax error, an unknown operation or arity, an argument of the wrong
/// kind, or the operation's own error, each with the byte offset it concerns.
pub fn eval(text: &str) -> Result<Value, ExprError> {
    let mut p = Parser::new(text);
    let v = expr(&mut p, 0)?;
    if p.peek().is_some() {
        return Err(ExprError::Syntax {
            pos: p.pos(),
            expected: "end of input",
        });
    }
    Ok(v)
}

/// A call `op(arg, ...)` with its arguments evaluated but the operation not applied: what
/// `cute explain` needs to trace the operation itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The operation's name.
    pub op: String,
    /// The evaluated arguments, each with the byte offset where it starts.
    pub args: Vec<(Value, usize)>,
}

/// Parses a top-level call and evaluates its arguments; `None` when `text` is a plain value.
///
/// # Examples
/// ```
/// let call = cute::expr::parse_call("composition(8:2, size(4:1))").unwrap().unwrap();
/// assert_eq!(call.op, "composition");
/// assert_eq!(call.args[1].0.to_string(), "4");
/// ```
pub fn parse_call(text: &str) -> Result<Option<Call>, ExprError> {
    let mut p = Parser::new(text);
    let call = if let Some((op, _, args)) = call_args(&mut p, 0)? {
        Some(Call {
            op: op.to_string(),
            args,
        })
    } else {
        expr(&mut p, 0)?;
        None
    };
    if p.peek().is_some() {
        return Err(ExprError::Syntax {
            pos: p.pos(),
            expected: "end of input",
        });
    }
    Ok(call)
}

/// `name(args...)` with the arguments evaluated, if a call is next.
#[allow(
    clippy::type_complexity,
    reason = "private helper: name, offset, arguments"
)]
fn call_args<'a>(
    p: &mut Parser<'a>,
    depth: usize,
) -> Result<Option<(&'a str, usize, Vec<(Value, usize)>)>, ExprError> {
    p.peek();
    let start = p.pos();
    let Some(name) = p.ident() else {
        return Ok(None);
    };
    if depth >= MAX_NESTING {
        return Err(ExprError::TooDeep { pos: start });
    }
    p.expect(b'(', "'(' after an operation name")
        .map_err(ExprError::from)?;
    let mut args = Vec::new();
    if !p.eat(b')') {
        loop {
            p.peek();
            let pos = p.pos();
            args.push((expr(p, depth + 1)?, pos));
            if p.eat(b')') {
                break;
            }
            p.expect(b',', "',' or ')'").map_err(ExprError::from)?;
        }
    }
    Ok(Some((name, start, args)))
}

/// `Sw<B,M,S>`, a swizzle, or `Sw<B,M,S> o offset o L`, a swizzled layout, as [`Value`] prints
/// them and as CuTe does (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`, `∘` for `o`).
fn swizzled(p: &mut Parser<'_>, start: usize) -> Result<Value, ExprError> {
    let at = |e| ExprError::at(start, &e);
    let sw = p.swizzle().map_err(at)?;
    if !p.at_compose() {
        return Ok(Value::Swizzle(sw));
    }
    p.composed_after(sw).map(Value::Composed).map_err(at)
}

/// An expression whose calls sit `depth` calls deep.
fn expr(p: &mut Parser<'_>, depth: usize) -> Result<Value, ExprError> {
    p.peek();
    let start = p.pos();
    if p.at_swizzle() {
        return swizzled(p, start);
    }
    if let Some(atom) = atoms::atom(p, start)? {
        return Ok(atom);
    }
    if let Some((name, start, args)) = call_args(p, depth)? {
        return call(name, start, &args);
    }
    match p.peek() {
        Some(b'<') => Ok(Value::Tiler(
            p.tiler().map_err(|e| ExprError::at(start, &e))?,
        )),
        Some(_) => {
            let shape = p.int_tuple(true).map_err(ExprError::from)?;
            if p.peek() == Some(b'-') {
                return p
                    .morphism_after(shape)
                    .map(|m| Value::Morphism(Box::new(m)))
                    .map_err(|e| ExprError::at(start, &e));
            }
            if p.eat(b':') {
                p.peek();
                let stride_pos = p.pos();
                if p.element_has(b'e') {
                    return CoordLayout::parse_stride(p, &shape)
                        .map(|c| Value::Coord(Box::new(c)))
                        .map_err(|e| ExprError::at(start, &e));
                }
                if p.element_has(b'f') {
                    return F2Layout::parse_stride(p, &shape)
                        .map(|a| Value::F2(Box::new(a)))
                        .map_err(|e| ExprError::at(start, &e));
                }
                let stride = p.int_tuple(false).map_err(ExprError::from)?;
                Layout::new(shape, stride)
                    .map(Value::Layout)
                    .map_err(|e| match e.kind {
                        ErrorKind::NotCongruent => ExprError::Syntax {
                            pos: stride_pos,
                            expected: "a stride congruent to the shape",
                        },
                        // At the first sign of the shape, which only a negative leaf has.
                        ErrorKind::NegativeShape { .. } => ExprError::Syntax {
                            pos: p.text()[start..stride_pos]
                                .find('-')
                                .map_or(start, |k| start + k),
                            expected: "a non-negative shape",
                        },
                        _ => ExprError::Op {
                            pos: start,
                            error: Box::new(e),
                        },
                    })
            } else {
                Ok(Value::from(shape))
            }
        }
        None => Err(ExprError::Syntax {
            pos: start,
            expected: "an expression",
        }),
    }
}
