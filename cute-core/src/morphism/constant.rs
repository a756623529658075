//! The standard form in const context, for `cute-static`'s `Tractable`: a static layout's
//! morphism is a constant, and a layout that is not tractable is a compile error whose message
//! names the pair that breaks the chain, in the words of [`tractability`](super::tractability).

use super::object::{chain_break, standard_form, Morphism};
use crate::int_tuple::View;
use crate::layout::Layout;
use crate::limits::Limit;
use crate::tokens::{CLOSE, LEAF, OPEN, UNDER};

/// A message written in const context (no formatting machinery there): whole pieces only, so it
/// stays valid UTF-8; a piece that does not fit is left out and the message ends in `…`.
#[derive(Clone, Copy)]
pub struct ConstMessage {
    bytes: [u8; ConstMessage::CAPACITY],
    len: usize,
    /// A piece did not fit: the message ends in `…` and takes nothing more.
    full: bool,
}

impl ConstMessage {
    /// The most bytes a message holds.
    pub const CAPACITY: usize = 480;

    const fn new() -> ConstMessage {
        ConstMessage {
            bytes: [0; ConstMessage::CAPACITY],
            len: 0,
            full: false,
        }
    }

    /// The message.
    #[must_use]
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(s) => s,
            Err(_) => "",
        }
    }

    /// Appends `s` whole, or, when it does not fit with room for `…` after it, ends the
    /// message with `…`.
    const fn str(mut self, s: &str) -> ConstMessage {
        const MORE: &[u8] = "…".as_bytes();
        let b = s.as_bytes();
        if self.full {
            return self;
        }
        let (bytes, full) = if self.len + b.len() + MORE.len() > ConstMessage::CAPACITY {
            (MORE, true)
        } else {
            (b, false)
        };
        let mut k = 0;
        while k < bytes.len() {
            self.bytes[self.len + k] = bytes[k];
            k += 1;
        }
        self.len += bytes.len();
        self.full = full;
        self
    }

    const fn int(self, v: i64) -> ConstMessage {
        let mut digits = [0u8; 20];
        let (mut n, mut k) = (v.unsigned_abs(), digits.len());
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let s = if v < 0 { self.str("-") } else { self };
        match core::str::from_utf8(digits.split_at(k).1) {
            Ok(d) => s.str(d),
            Err(_) => s,
        }
    }

    /// `t` in CuTe notation.
    const fn tuple(mut self, t: View<'_>) -> ConstMessage {
        let (tok, leaves) = (t.tok, t.const_leaves());
        let (mut k, mut leaf) = (0, 0);
        while k < tok.len() {
            let x = tok.get(k);
            // A comma before an entry that follows another one.
            if k > 0 && x != CLOSE && tok.get(k - 1) != OPEN {
                self = self.str(",");
            }
            if x == OPEN {
                self = self.str("(");
            } else if x == CLOSE {
                self = self.str(")");
            } else if x == UNDER {
                self = self.str("_");
            } else if x == LEAF {
                self = self.int(leaves[leaf]);
                leaf += 1;
            }
            k += 1;
        }
        self
    }
}

/// The message of `tractability`'s error for the mode `s:d` of `l` and the next stride.
const fn not_tractable(l: &Layout, s: i64, d: i64, next: Option<i64>) -> ConstMessage {
    let m = ConstMessage::new()
        .str("is_tractable(")
        .tuple(l.shape())
        .str(":")
        .tuple(l.stride())
        .str("): not tractable: ");
    match next {
        Some(next) => m
            .int(s)
            .str("·")
            .int(d)
            .str(" does not divide the next stride ")
            .int(next)
            .str(" (sorted by stride, each shape·stride must divide the next stride)"),
        None if d < 0 => m
            .str("the mode ")
            .int(s)
            .str(":")
            .int(d)
            .str(" has a negative stride"),
        None => m
            .str("the mode ")
            .int(s)
            .str(":")
            .int(d)
            .str(" is empty (a shape 0 is outside the theory)"),
    }
}

/// The capacity of a standard form's codomain, a flat tuple (as `to_morphism`'s error).
const CODOMAIN: Limit = Limit::Leaves;

/// [`to_morphism`](super::to_morphism) in const context: the standard form of a tractable
/// layout, or the message of [`tractability`](super::tractability)'s error (or of a codomain
/// past [`MAX_LEAVES`](crate::MAX_LEAVES) entries). The same morphism and the same words as the
/// runtime functions (`tests::the_constant_standard_form_is_to_morphism`), but for the operand:
/// the message keeps up to [`ConstMessage::CAPACITY`] bytes where an error's operand is cut at
/// 116.
///
/// # Errors
/// The message when `l` is not tractable or its standard form does not fit.
///
/// # Examples
/// ```
/// use cute_core::morphism::const_standard_form;
/// use cute_core::Layout;
/// const F: &str = match const_standard_form(&Layout::trivial()) {
///     Ok(_) => "tractable",
///     Err(_) => "not tractable",
/// };
/// assert_eq!(F, "tractable");
/// ```
pub const fn const_standard_form(l: &Layout) -> Result<Morphism, ConstMessage> {
    if let Some((s, d, next)) = chain_break(l) {
        return Err(not_tractable(l, s, d, next));
    }
    match standard_form(l) {
        Some(f) => Ok(f),
        None => Err(ConstMessage::new()
            .str("to_morphism(")
            .tuple(l.shape())
            .str(":")
            .tuple(l.stride())
            .str("): capacity exceeded: more than ")
            .int(CODOMAIN.value() as i64)
            .str(" ")
            .str(CODOMAIN.what())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::morphism::to_morphism;
    use std::string::ToString;

    /// On random small layouts, the constant standard form is `to_morphism`'s, and its message
    /// is `to_morphism`'s error's (without its `to_morphism: ` prefix).
    #[test]
    fn the_constant_standard_form_is_to_morphism() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            i64::try_from(x % m).unwrap()
        };
        let (mut ok, mut err) = (0, 0);
        for _ in 0..20_000 {
            let r = 1 + next(4);
            let s: std::vec::Vec<std::string::String> =
                (0..r).map(|_| next(7).to_string()).collect();
            let d: std::vec::Vec<std::string::String> =
                (0..r).map(|_| (next(40) - 2).to_string()).collect();
            let text = std::format!("({}):({})", s.join(","), d.join(","));
            let l: Layout = text.parse().unwrap();
            match (const_standard_form(&l), to_morphism(&l)) {
                (Ok(a), Ok(b)) => {
                    // Both read `standard_form`: what they share is held to its definition.
                    assert_eq!(a, b, "{text}");
                    let valid = Morphism::new(*a.domain(), *a.codomain(), a.map());
                    assert_eq!(valid.as_ref(), Ok(&a), "{text}");
                    assert_eq!(a.layout().as_ref(), Ok(&l), "{text}");
                    assert!(a.is_standard_form(), "{text}: {a}");
                    ok += 1;
                }
                (Err(m), Err(e)) => {
                    let want = e.to_string();
                    assert_eq!(
                        Some(m.as_str()),
                        want.strip_prefix("to_morphism: "),
                        "{text}"
                    );
                    err += 1;
                }
                (a, b) => panic!(
                    "{text}: {:?} / {b:?}",
                    a.map_err(|m| m.as_str().to_string())
                ),
            }
        }
        assert!(ok > 1000 && err > 1000, "{ok} tractable, {err} not");
    }

    #[test]
    fn a_long_message_is_cut_once_and_ends_in_an_ellipsis() {
        let mut m = ConstMessage::new();
        for _ in 0..100 {
            m = m.str("(1234567,");
        }
        m = m.str("done");
        let s = m.as_str();
        assert!(s.ends_with("(1234567,…"), "{s}");
        assert!(s.len() <= ConstMessage::CAPACITY && !s.contains('\0'));
    }
}
