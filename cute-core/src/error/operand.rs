//! An operand in CuTe notation, kept inline and cut to fit.

use core::fmt;

/// An operand of a failed operation, kept as its CuTe notation.
///
/// The notation is written once, when the error is made (the cold path), into a fixed buffer of
/// [`Operand::CAPACITY`] bytes: up to `CAPACITY - 3` bytes whole, a longer one cut at a character
/// boundary and ended with `…` (3 bytes). Keeping text instead of the value keeps
/// [`Error`](super::Error) no larger than a [`Layout`](crate::Layout), so every
/// `Result<Layout, Error>` the algebra returns stays within 16 bytes of its layout and a `Result`
/// of a small value (a fragment returned by `?` from a user's closure) moves no more than 272
/// bytes on its error paths (`tests::an_error_is_no_larger_than_a_layout`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Operand {
    text: [u8; Operand::CAPACITY],
    len: u8,
}

impl Operand {
    /// The most bytes of notation an operand keeps: with two of them, the operation and the
    /// condition, an [`Error`](super::Error) takes 272 bytes. An operand of up to 108 bytes is
    /// kept whole (every operand of the oracle corpus: its longest is 59 bytes); a longer one
    /// keeps its first 108 and `…`.
    #[cfg(not(target_arch = "nvptx64"))]
    pub const CAPACITY: usize = 111;
    /// On a GPU no notation is kept: an error there names its operation (its condition is
    /// [`ErrorKind::OnDevice`](super::ErrorKind::OnDevice)), and its
    /// failure path carries no formatting and no large value (every `Result` of a kernel lives in
    /// registers or its stack frame, and a kernel's frame is what `gpu/check.sh` counts).
    #[cfg(target_arch = "nvptx64")]
    pub const CAPACITY: usize = 0;

    /// Whether operands keep their notation on this target: not on a GPU, where an error names
    /// only its operation.
    pub const KEPT: bool = Operand::CAPACITY > 0;

    /// No notation: an absent operand of an [`Error`](super::Error).
    pub(crate) const EMPTY: Operand = Operand {
        text: [0; Operand::CAPACITY],
        len: 0,
    };

    /// `Some(self)` unless empty (absent).
    pub(crate) fn present(&self) -> Option<&Operand> {
        (self.len > 0).then_some(self)
    }

    /// `Some(make())` where operands keep their notation, `None` on a GPU without calling
    /// `make`: an error builder lowers no operand there (a lowered layout is hundreds of bytes,
    /// and on the device they end up in the kernel's stack frame).
    #[inline(always)]
    pub fn kept(make: impl FnOnce() -> Operand) -> Option<Operand> {
        if Operand::KEPT {
            Some(make())
        } else {
            None
        }
    }

    /// The operand's notation, e.g. `(4,6,8):(2,3,5)`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole characters are written (see `Notation::write_str`).
        core::str::from_utf8(&self.text[..usize::from(self.len)]).unwrap_or("")
    }

    /// The notation of any value that prints in CuTe notation (`cute-static` names its layouts
    /// so, without lowering them).
    pub fn of(value: &dyn fmt::Display) -> Self {
        let mut w = Notation {
            op: Operand::EMPTY,
            full: false,
        };
        if !Operand::KEPT {
            return w.op;
        }
        // `Notation` never fails; a notation that does not fit is cut and marked.
        let _ = fmt::write(&mut w, format_args!("{value}"));
        w.op
    }
}

/// Writes a notation into an [`Operand`], cutting it at a character boundary with `…` when it
/// does not fit.
struct Notation {
    op: Operand,
    full: bool,
}

impl fmt::Write for Notation {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        const MORE: &str = "…";
        if self.full {
            return Ok(());
        }
        let len = usize::from(self.op.len);
        let room = Operand::CAPACITY.saturating_sub(MORE.len());
        if len + s.len() <= room {
            self.op.text[len..len + s.len()].copy_from_slice(s.as_bytes());
            self.op.len += s.len() as u8;
            return Ok(());
        }
        let mut cut = room - len;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        let end = len + cut;
        self.op.text[len..end].copy_from_slice(&s.as_bytes()[..cut]);
        self.op.text[end..end + MORE.len()].copy_from_slice(MORE.as_bytes());
        self.op.len = (end + MORE.len()) as u8;
        self.full = true;
        Ok(())
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Operand({})", self.as_str())
    }
}

impl From<i64> for Operand {
    fn from(v: i64) -> Self {
        Operand::of(&v)
    }
}
