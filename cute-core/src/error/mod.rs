//! The one error type: the operation, its operands in CuTe notation, and the violated condition.

mod kind;
mod message;
mod op;
mod operand;

use core::fmt;

pub use kind::ErrorKind;
pub use op::Op;
pub use operand::Operand;

/// A failed layout-algebra operation.
///
/// `Display` names the operation, the operands in CuTe notation and the condition, e.g.
/// `composition (4,6,8):(2,3,5) ∘ 6:3: stride divisibility violated at mode 1: …`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
pub struct Error {
    /// The violated condition.
    pub kind: ErrorKind,
    /// The operation that failed.
    pub op: Op,
    /// The operation the user called, when `op` failed inside it (e.g. a composition inside
    /// `logical_divide`).
    pub within: Option<Op>,
    /// The operands of `op` (see [`Error::operands`]).
    operands: Operands,
}

/// The two operands' notations, an absent one empty. No `Option`: each one's discriminant was a
/// byte in the middle of the error, and a `Result<T, Error>` moved through a hot loop was split
/// by LLVM at those bytes, through the middle of `T`'s values (measured: softmax's fragments
/// reloaded as 7-byte pieces that missed store forwarding). Aligned to 16 bytes, the operands
/// start and end at vector boundaries; on a GPU, where they keep no notation, they take 2 bytes
/// (a kernel's errors live in its stack frame).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
#[cfg_attr(not(target_arch = "nvptx64"), repr(align(16)))]
struct Operands([Operand; 2]);

impl Error {
    /// An error of `op` on `operands`.
    #[must_use]
    #[cfg_attr(target_arch = "nvptx64", inline(always))]
    pub fn new(op: Op, operands: [Option<Operand>; 2], kind: ErrorKind) -> Self {
        // On a GPU no condition is kept (see `ErrorKind::OnDevice`).
        #[cfg(target_arch = "nvptx64")]
        let kind = {
            let _ = kind;
            ErrorKind::OnDevice
        };
        Error {
            kind,
            op,
            within: None,
            operands: Operands(operands.map(|o| o.unwrap_or(Operand::EMPTY))),
        }
    }

    /// The operands of `op` in CuTe notation: the first, the second, either absent (an
    /// operation of one operand, or on a GPU, where no notation is kept).
    #[must_use]
    pub fn operands(&self) -> [Option<&Operand>; 2] {
        let [a, b] = &self.operands.0;
        [a.present(), b.present()]
    }

    /// The reason code (see [`ErrorKind::code`]).
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// Marks the error as raised inside `outer`; the outermost call wins, so `within` names the
    /// operation the user called while `op` and the operands stay those of the step that failed.
    #[must_use]
    pub fn within(mut self, outer: Op) -> Self {
        if self.op != outer {
            self.within = Some(outer);
        }
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(outer) = self.within {
            write!(f, "{outer}: ")?;
        }
        match (self.op, self.operands()) {
            (Op::Composition, [Some(a), Some(b)]) => write!(f, "composition {a} ∘ {b}")?,
            (op, [Some(a), Some(b)]) => write!(f, "{op}({a}, {b})")?,
            (op, [Some(a), None]) => write!(f, "{op}({a})")?,
            (op, _) => write!(f, "{op}")?,
        }
        write!(f, ": {}", self.kind)
    }
}

impl core::error::Error for Error {}

/// there is an error.
pub(crate) trait Context<T> {
    fn ctx(self, op: Op, operands: impl FnOnce() -> [Option<Operand>; 2]) -> Result<T, Error>;
}

impl<T> Context<T> for Result<T, ErrorKind> {
    #[inline]
    fn ctx(self, op: Op, operands: impl FnOnce() -> [Option<Operand>; 2]) -> Result<T, Error> {
        self.map_err(|kind| Error::new(op, operands(), kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Layout;

    #[test]
    fn an_operand_keeps_its_notation() {
        let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
        assert_eq!(Operand::from(&l).as_str(), "(4,(2,2)):(2,(1,8))");
        assert_eq!(Operand::from(-7).to_string(), "-7");
    }

    #[test]
    fn a_long_operand_keeps_its_start_and_ends_in_an_ellipsis() {
        // 16 strides of 19 digits: about 350 bytes of notation.
        let strides = vec![(i64::MAX / 2).to_string(); 16].join(",");
        let l: Layout = format!("({}):({strides})", ["1"; 16].join(","))
            .parse()
            .unwrap();
        let full = l.to_string();
        assert!(full.len() > Operand::CAPACITY);
        let op = Operand::from(&l);
        let text = op.as_str();
        assert!(text.len() <= Operand::CAPACITY);
        let kept = text.strip_suffix('…').expect("marked as cut");
        assert!(full.starts_with(kept));
        // The error that carries it still names the operation and the condition.
        let kind = ErrorKind::Capacity {
            limit: crate::limits::Limit::LayoutLeaves,
        };
        let e = Error::new(Op::Coalesce, [Some(op), None], kind);
        assert!(e.to_string().starts_with("coalesce(("));
    }

    #[test]
    fn an_error_is_no_larger_than_a_layout() {
        use core::mem::size_of;
        assert_eq!(size_of::<crate::IntTuple>(), 280);
        // A layout stores its structure once, 16 leaves of shape and stride.
        assert_eq!(size_of::<Layout>(), 280);
        // Every `Result<T, Error>` moves at least the error's bytes on its error paths, and a
        // user's closure that returns a fragment by `?` carries one copy per `?`.
        assert_eq!(size_of::<Error>(), 272);
        assert!(size_of::<Error>() <= size_of::<Layout>());
        assert!(size_of::<Result<Layout, Error>>() <= size_of::<Layout>() + 16);
    }
}
