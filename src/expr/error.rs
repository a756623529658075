//! The errors of expressions: where in the text, and what went wrong.

use std::fmt;

use cute_core::{Error, ErrorKind};

use super::limits::MAX_NESTING;

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
    /// The result would be a list longer than [`LIST_LIMIT`](super::LIST_LIMIT) (of
    /// coordinates: [`COORDS_LIMIT`](super::COORDS_LIMIT); of an F2 layout's offsets:
    /// [`F2_LIST_LIMIT`](super::F2_LIST_LIMIT)).
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
    pub(super) fn at(pos: usize, e: &Error) -> Self {
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
