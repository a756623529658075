//! Expressions over the layout algebra: `cute::expr::eval("composition((4,6,8,10):(2,3,5,7), 6:12)")`.
//!
//! An expression is a value in CuTe notation (`12`, `(4,(2,2))`, `(4,8):(1,4)`, `<4:1,8:2>`) or a
//! call `op(arg, ...)` whose arguments are expressions. Op names and argument orders are those of
//! CuTe (and of the oracle corpus format): `composition(A, B)`, `complement(L, N)`,
//! `logical_divide(A, T)`, `crd2idx(c, S, D)`, `swizzle(B, M, S)`, ...; [`OPS`] lists them.

use std::fmt;

use cute_core::morphism::{
    compose_morphisms, is_tractable, morphism_coalesce, morphism_complement, morphism_concat,
    morphism_divide, morphism_product, to_morphism, Morphism,
};
use cute_core::parse::Parser;
use cute_core::{
    blocked_product, coalesce, coalesce_by, complement, complement_cosize, composition,
    composition_tiler, crd2idx, crd2idx_shape, downcast, filter, flat_divide, flat_product,
    idx2crd, idx2crd_strided, left_inverse, logical_divide, logical_product, max_common_layout,
    max_common_vector, nullspace, raked_product, right_inverse, tiled_divide, tiled_product,
    upcast, zipped_divide, zipped_product, ComposedLayout, CoordLayout, Error, ErrorKind, F2Layout,
    IntTuple, Layout, Swizzle, Tile, Tiler,
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
    /// A swizzle composed with a layout.
    Composed(ComposedLayout),
    /// A coordinate layout (strides `e0`, `2e1`, ...).
    Coord(Box<CoordLayout>),
    /// A list of coordinates, e.g. what a coordinate layout gives for each index.
    Coords(Vec<IntTuple>),
    /// A layout with F2 strides (`f1`, `f9`, ...).
    F2(Box<F2Layout>),
    /// A morphism of nested tuples (seed 003), `(4,6)-[2,1]->(6,4)`.
    Morphism(Box<Morphism>),
    /// A truth value, e.g. of `is_tractable`.
    Bool(bool),
}

impl Value {
    fn kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer",
            Value::Tuple(_) => "an int tuple",
            Value::Layout(_) => "a layout",
            Value::Tiler(_) => "a tiler",
            Value::List(_) => "a list",
            Value::Composed(_) => "a composed layout",
            Value::Coord(_) => "a coordinate layout",
            Value::Coords(_) => "a list of coordinates",
            Value::F2(_) => "an F2 layout",
            Value::Morphism(_) => "a morphism",
            Value::Bool(_) => "a truth value",
        }
    }
}

impl Value {
    fn coord(c: &CoordLayout) -> Value {
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
            Value::Layout(l) => write!(f, "{l}"),
            Value::Tiler(t) => write!(f, "{t}"),
            Value::Composed(c) => write!(f, "{c}"),
            Value::Coord(c) => write!(f, "{c}"),
            Value::Coords(v) => write_list(f, v),
            Value::List(v) => write_list(f, v),
            Value::F2(a) => write!(f, "{a}"),
            Value::Morphism(m) => write!(f, "{m}"),
            Value::Bool(b) => write!(f, "{b}"),
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

/// Why an expression failed; `pos` is the byte offset in the expression text it points at.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprError {
    /// Malformed notation.
    Syntax {
        /// Byte offset.
        pos: usize,
        /// What was expected there.
        expected: &'static str,
    },
    /// A call to an operation that does not exist.
    UnknownOp {
        /// Byte offset of the name.
        pos: usize,
        /// The name.
        name: String,
    },
    /// A call with the wrong number of arguments.
    Arity {
        /// Byte offset of the call.
        pos: usize,
        /// The operation.
        op: &'static str,
        /// The accepted signatures.
        expected: &'static str,
    },
    /// An argument of the wrong kind.
    ArgKind {
        /// Byte offset of the argument.
        pos: usize,
        /// The operation.
        op: &'static str,
        /// What the argument must be.
        expected: &'static str,
        /// What it is.
        got: &'static str,
    },
    /// The result would be a list longer than [`LIST_LIMIT`] (of coordinates: [`COORDS_LIMIT`]; of
    /// an F2 layout's offsets: [`F2_LIST_LIMIT`]).
    TooLarge {
        /// Byte offset of the call.
        pos: usize,
        /// The operation.
        op: &'static str,
        /// The length it would have.
        size: i64,
        /// The longest list of its kind.
        limit: i64,
    },
    /// Calls nested deeper than [`MAX_NESTING`] (each level of evaluation takes stack).
    TooDeep {
        /// Byte offset of the call past the limit.
        pos: usize,
    },
    /// The operation itself failed; the error names the condition.
    Op {
        /// Byte offset of the call.
        pos: usize,
        /// The typed error.
        error: Box<Error>,
    },
}

impl ExprError {
    /// The byte offset the error points at.
    #[must_use]
    pub fn pos(&self) -> usize {
        match self {
            ExprError::Syntax { pos, .. }
            | ExprError::UnknownOp { pos, .. }
            | ExprError::Arity { pos, .. }
            | ExprError::ArgKind { pos, .. }
            | ExprError::TooLarge { pos, .. }
            | ExprError::TooDeep { pos }
            | ExprError::Op { pos, .. } => *pos,
        }
    }

    /// A reason code: the algebra's (`stride_divisibility`, `not_admissible`, ...) or
    /// `syntax`, `unknown_op`, `arity`, `arg_kind`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ExprError::Syntax { .. } => "syntax",
            ExprError::UnknownOp { .. } => "unknown_op",
            ExprError::Arity { .. } => "arity",
            ExprError::ArgKind { .. } => "arg_kind",
            ExprError::TooLarge { .. } => "too_large",
            ExprError::TooDeep { .. } => "too_deep",
            ExprError::Op { error, .. } => error.code(),
        }
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Syntax { pos, expected } => {
                write!(f, "syntax error at offset {pos}: expected {expected}")
            }
            ExprError::UnknownOp { name, .. } => write!(f, "unknown operation `{name}`"),
            ExprError::Arity { op, expected, .. } => write!(f, "{op} takes {expected}"),
            ExprError::ArgKind {
                op, expected, got, ..
            } => {
                write!(f, "{op}: expected {expected}, got {got}")
            }
            ExprError::TooLarge {
                op, size, limit, ..
            } => {
                write!(
                    f,
                    "{op}: a list of {size} elements is more than the {limit} printed"
                )
            }
            ExprError::TooDeep { pos } => write!(
                f,
                "the call at offset {pos} is nested more than {MAX_NESTING} calls deep"
            ),
            ExprError::Op { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ExprError {}

impl ExprError {
    /// `e` as a syntax error when it is one, else as the failure of the value starting at `pos`.
    fn at(pos: usize, e: &Error) -> Self {
        match e.kind {
            ErrorKind::Parse { pos, expected } => ExprError::Syntax { pos, expected },
            _ => ExprError::Op {
                pos,
                error: Box::new(*e),
            },
        }
    }
}

impl From<Error> for ExprError {
    fn from(e: Error) -> Self {
        ExprError::at(0, &e)
    }
}

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

/// The deepest nesting of calls `eval` accepts: deeper input is an error, not a stack overflow
/// (a level takes a few KiB of stack in an unoptimized build; 64 levels fit a 2 MiB thread).
pub const MAX_NESTING: usize = 64;

/// Evaluates an expression.
///
/// # Examples
/// ```
/// assert_eq!(cute::expr::eval("composition((4,6,8,10):(2,3,5,7), 6:12)").unwrap().to_string(), "(2,3):(9,5)");
/// assert_eq!(cute::expr::eval("size((4,(2,2)):(2,(1,8)))").unwrap().to_string(), "16");
/// assert_eq!(cute::expr::eval("eval(3:2)").unwrap().to_string(), "[0,2,4]");
/// let e = cute::expr::eval("composition((4,6,8):(2,3,5), 6:3)").unwrap_err();
/// assert_eq!(e.code(), "not_admissible");
/// ```
pub fn eval(text: &str) -> Result<Value, ExprError> {
    match eval_mapping(text)? {
        // `cute eval swizzle_layout(...)` prints the offsets, as CuTe's tests list them.
        Value::Composed(c) if is_call_of(text, "swizzle_layout") => {
            let a = Args {
                op: "swizzle_layout",
                pos: text.len() - text.trim_start().len(),
                values: &[],
            };
            Ok(Value::List(a.list(c.size(), LIST_LIMIT, |i| c.eval(i))?))
        }
        v => Ok(v),
    }
}

/// Whether `text` is a call of `name` at the top.
fn is_call_of(text: &str, name: &str) -> bool {
    let mut p = Parser::new(text);
    p.peek();
    p.ident() == Some(name)
}

/// [`eval`], except that a top-level `swizzle_layout(B, M, S, A[, C])` is the swizzled layout
/// itself ([`Value::Composed`]) rather than its offsets: what `cute isl` and `cute show` of a
/// swizzled layout need. Nested, `swizzle_layout` is the swizzled layout in both, which `size`,
/// `eval`, `composition` (on the right), `right_inverse` and `left_inverse` take.
///
/// # Errors
/// As [`eval`].
///
/// # Examples
/// ```
/// let v = cute::expr::eval_mapping("swizzle_layout(3, 3, 3, (8,64):(64,1))").unwrap();
/// assert_eq!(v.to_string(), "Sw<3,3,3>o0o(8,64):(64,1)");
/// let v = cute::expr::eval("right_inverse(swizzle_layout(3, 0, 3, (8,8):(8,1)))").unwrap();
/// assert_eq!(v.to_string(), "Sw<3,0,-3>o0o(8,8):(8,1)");
/// ```
pub fn eval_mapping(text: &str) -> Result<Value, ExprError> {
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

/// `swizzle_layout(B, M, S, A)` or `swizzle_layout(B, M, S, A, C)` (`Sw ∘ A ∘ C`).
fn swizzle_layout(a: &Args<'_>) -> Result<ComposedLayout, ExprError> {
    let sw = a.op(Swizzle::new(a.int(0)?, a.int(1)?, a.int(2)?))?;
    let c = ComposedLayout::new(sw, 0, a.layout(3)?);
    if a.values.len() == 5 {
        return a.op(c.compose(&a.layout(4)?));
    }
    Ok(c)
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

/// An expression whose calls sit `depth` calls deep.
fn expr(p: &mut Parser<'_>, depth: usize) -> Result<Value, ExprError> {
    p.peek();
    let start = p.pos();
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
                        ErrorKind::NegativeShape { .. } => ExprError::Syntax {
                            pos: start,
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

/// The arguments of one call, with the conversions each op needs.
struct Args<'a> {
    op: &'static str,
    pos: usize,
    values: &'a [(Value, usize)],
}

impl Args<'_> {
    fn kind_err(&self, i: usize, expected: &'static str) -> ExprError {
        ExprError::ArgKind {
            pos: self.values[i].1,
            op: self.op,
            expected,
            got: self.values[i].0.kind(),
        }
    }

    fn layout(&self, i: usize) -> Result<Layout, ExprError> {
        match &self.values[i].0 {
            Value::Layout(l) => Ok(*l),
            _ => Err(self.kind_err(i, "a layout")),
        }
    }

    fn is_coord(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::Coord(_))
    }

    fn coord(&self, i: usize) -> Result<CoordLayout, ExprError> {
        match &self.values[i].0 {
            Value::Coord(c) => Ok(**c),
            _ => Err(self.kind_err(i, "a coordinate layout")),
        }
    }

    fn is_composed(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::Composed(_))
    }

    fn composed(&self, i: usize) -> Result<ComposedLayout, ExprError> {
        match &self.values[i].0 {
            Value::Composed(c) => Ok(*c),
            _ => Err(self.kind_err(i, "a swizzled layout")),
        }
    }

    fn is_f2(&self, i: usize) -> bool {
        matches!(self.values[i].0, Value::F2(_))
    }

    fn f2(&self, i: usize) -> Result<F2Layout, ExprError> {
        match &self.values[i].0 {
            Value::F2(a) => Ok(**a),
            _ => Err(self.kind_err(i, "an F2 layout")),
        }
    }

    fn tile(&self, i: usize) -> Result<Tile, ExprError> {
        match &self.values[i].0 {
            Value::Layout(l) => Ok(Tile::Layout(*l)),
            Value::Tiler(t) => Ok(Tile::Tiler(*t)),
            _ => Err(self.kind_err(i, "a layout or a tiler")),
        }
    }

    fn morphism(&self, i: usize) -> Result<Morphism, ExprError> {
        match &self.values[i].0 {
            Value::Morphism(m) => Ok(**m),
            _ => Err(self.kind_err(i, "a morphism")),
        }
    }

    fn tuple(&self, i: usize) -> Result<IntTuple, ExprError> {
        match &self.values[i].0 {
            Value::Int(v) => Ok(IntTuple::int(*v)),
            Value::Tuple(t) => Ok(*t),
            _ => Err(self.kind_err(i, "an integer or an int tuple")),
        }
    }

    fn int(&self, i: usize) -> Result<i64, ExprError> {
        match &self.values[i].0 {
            Value::Int(v) => Ok(*v),
            _ => Err(self.kind_err(i, "an integer")),
        }
    }

    fn op<T>(&self, r: Result<T, Error>) -> Result<T, ExprError> {
        r.map_err(|error| ExprError::Op {
            pos: self.pos,
            error: Box::new(error),
        })
    }
}

/// The longest list of integers an expression produces (`eval`, `swizzle`, ...).
pub const LIST_LIMIT: i64 = 1 << 20;

/// The longest list of coordinates (`eval` of a coordinate layout): each is a whole int tuple,
/// and 2^16 of them take some 20 ms to build where 835,835 took 260 ms.
pub const COORDS_LIMIT: i64 = 1 << 16;

/// The longest list of offsets of a layout with F2 strides (`eval` of one): each is a carry-less
/// product per mode, about six times a layout's evaluation; 2^18 of them take 38 ms under the
/// fuzzer's coverage instrumentation where 772,032 took 121 ms.
pub const F2_LIST_LIMIT: i64 = 1 << 18;

impl Args<'_> {
    /// `[f(0), ..., f(size-1)]`, for at most `limit` elements.
    fn list<T>(
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

#[allow(clippy::too_many_lines, reason = "one dispatch arm per operation")]
fn call(name: &str, pos: usize, args: &[(Value, usize)]) -> Result<Value, ExprError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_calls_and_errors() {
        let v = eval("size(logical_divide((8,16):(1,8), <4:1,8:1>))").unwrap();
        assert_eq!(v, Value::Int(128));
        assert_eq!(eval("frobnicate(1)").unwrap_err().code(), "unknown_op");
        assert_eq!(eval("size(1:1, 2:1)").unwrap_err().code(), "arity");
        assert_eq!(eval("size(4)").unwrap_err().code(), "arg_kind");
        let e = eval("size((4,2):(1,(2,2)))").unwrap_err();
        assert_eq!((e.code(), e.pos()), ("syntax", 11));
    }

    /// Seed 003's operations by name, outer first; a morphism literal's commas stay inside it.
    #[test]
    fn morphism_ops() {
        let e = |s: &str| eval(s).unwrap().to_string();
        assert_eq!(e("is_tractable((4,6):(1,5))"), "false");
        assert_eq!(e("to_morphism((6,4):(1,12))"), "(6,4)-[1,3]->(6,2,4)");
        assert_eq!(
            e("from_morphism((8,8,3)-[1,2,*]->(8,8))"),
            "(8,8,3):(1,8,0)"
        );
        assert_eq!(e("is_standard_form((6,4)-[1,4]->(6,2,1,4))"), "false");
        assert_eq!(
            e("compose_morphisms((6,4)-[1,3]->(6,2,4), (4,6)-[2,1]->(6,4))"),
            "(4,6)-[3,1]->(6,2,4)"
        );
        assert_eq!(
            e("morphism_coalesce((2,2,10,10)-[1,2,4,5]->(2,2,2,10,10))"),
            "(4,100)-[1,3]->(4,2,100)"
        );
        assert_eq!(
            e("morphism_complement((2,2)-[1,3]->(2,5,2,5))"),
            "(5,5)-[2,4]->(2,5,2,5)"
        );
        assert_eq!(
            e("morphism_concat(4-[1]->(4,6), 6-[2]->(4,6))"),
            "(4,6)-[1,2]->(4,6)"
        );
        assert_eq!(
            e("morphism_product((2,2)-[1,2]->(2,2,5,5), (5,5)-[2,1]->(5,5))"),
            "((2,2),(5,5))-[1,2,4,3]->(2,2,5,5)"
        );
        assert_eq!(
            e("morphism_divide((4,8,4,8)-[1,2,3,4]->(4,8,4,8), (4,4)-[1,3]->(4,8,4,8))"),
            "((4,4),(8,8))-[1,3,2,4]->(4,8,4,8)"
        );
        assert_eq!(
            eval("to_morphism((2,2):(1,1))").unwrap_err().code(),
            "not_tractable"
        );
        assert_eq!(
            eval("from_morphism((4,6)-[1,1]->(4,6))")
                .unwrap_err()
                .code(),
            "invalid_morphism"
        );
    }

    /// The fuzz campaign's slow input: a list of 772,032 carry-less products.
    #[test]
    fn f2_lists_are_limited() {
        assert_eq!(eval("eval(772032:f2)").unwrap_err().code(), "too_large");
        let v = eval("eval(262144:f2)").unwrap();
        assert!(matches!(v, Value::List(l) if l.len() == 1 << 18 && l[3] == 6));
    }

    #[test]
    fn nesting_is_limited_not_a_stack_overflow() {
        let nest = |n: usize| format!("{}4:1{}", "flatten(".repeat(n), ")".repeat(n));
        assert_eq!(eval(&nest(MAX_NESTING)).unwrap().to_string(), "4:1");
        let e = eval(&nest(MAX_NESTING + 1)).unwrap_err();
        assert_eq!((e.code(), e.pos()), ("too_deep", 8 * MAX_NESTING));
        // 1,400 unclosed calls (the reported abort) stop at the limit, on a 2 MiB thread too.
        let deep = "a(".repeat(1400);
        let e = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || eval(&deep).unwrap_err())
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(e.code(), "too_deep");
        assert!(
            e.to_string().contains("nested more than 64 calls deep"),
            "{e}"
        );
    }
}
