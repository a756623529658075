//! CuTe's spelling of an atom's type, `Name<Arg, Arg, ...>`: the name and its template
//! arguments as slices of the text, split at the top level, without allocating.

use crate::error::{Error, ErrorKind, Op};

/// The most template arguments one name takes (`UniversalFMA<D,A,B,C>`).
const MAX_ARGS: usize = 4;

/// A type's name and its template arguments, each a trimmed slice of the text and the byte
/// offset where it starts.
pub(crate) struct Spelling<'a> {
    /// `SM80_16x8x16_F32F16F16F32_TN`, `GMMA::Major::K`, ...
    pub name: &'a str,
    /// The arguments, `nargs` of them.
    args: [(&'a str, usize); MAX_ARGS],
    nargs: usize,
}

impl<'a> Spelling<'a> {
    /// Splits `text`, which starts at byte `base` of the whole expression.
    pub(crate) fn parse(text: &'a str, base: usize) -> Result<Spelling<'a>, Error> {
        let (lead, text) = trim(text);
        let base = base + lead;
        let bytes = text.as_bytes();
        let end = bytes
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b':'))
            .unwrap_or(bytes.len());
        if end == 0 || !bytes[0].is_ascii_alphabetic() {
            return Err(parse_error(
                base,
                "a type name such as SM80_16x8x16_F32F16F16F32_TN",
            ));
        }
        let mut s = Spelling {
            name: &text[..end],
            args: [("", 0); MAX_ARGS],
            nargs: 0,
        };
        let rest = &text[end..];
        let (gap, rest) = trim(rest);
        if rest.is_empty() {
            return Ok(s);
        }
        let open = base + end + gap;
        if !rest.starts_with('<') || !rest.ends_with('>') {
            return Err(parse_error(
                open,
                "'<' and the template arguments, or the end of the name",
            ));
        }
        let inner = &rest[1..rest.len() - 1];
        let mut depth = 0usize;
        let mut start = 0usize;
        for (i, c) in inner
            .bytes()
            .enumerate()
            .chain(core::iter::once((inner.len(), b',')))
        {
            match c {
                b'<' => depth += 1,
                b'>' if depth == 0 => return Err(parse_error(open + 1 + i, "a template argument")),
                b'>' => depth -= 1,
                b',' if depth == 0 => {
                    let (lead, arg) = trim(&inner[start..i]);
                    if arg.is_empty() {
                        return Err(parse_error(open + 1 + start + lead, "a template argument"));
                    }
                    if s.nargs == MAX_ARGS {
                        return Err(parse_error(
                            open + 1 + start,
                            "at most 4 template arguments",
                        ));
                    }
                    s.args[s.nargs] = (arg, open + 1 + start + lead);
                    s.nargs += 1;
                    start = i + 1;
                }
                _ => {}
            }
        }
        if depth != 0 {
            return Err(parse_error(open + rest.len() - 1, "'>' closing each '<'"));
        }
        Ok(s)
    }

    /// The template arguments and their offsets.
    pub(crate) fn args(&self) -> &[(&'a str, usize)] {
        &self.args[..self.nargs]
    }
}

/// `text` without its leading and trailing spaces, and the number of leading ones.
fn trim(text: &str) -> (usize, &str) {
    let t = text.trim_start();
    (text.len() - t.len(), t.trim_end())
}

/// A parse error at byte `pos`.
pub(crate) fn parse_error(pos: usize, expected: &'static str) -> Error {
    Error::new(Op::Parse, [None, None], ErrorKind::Parse { pos, expected })
}
