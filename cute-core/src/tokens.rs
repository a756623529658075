//! The structure of an integer tuple: its tokens (leaf, open, close, `_`) packed two bits each.
//!
//! Packing keeps an [`crate::IntTuple`] at 280 bytes (a [`crate::Layout`], which stores one
//! structure for its shape and stride, at 280 too): the structure of
//! [`MAX_TOKENS`] tokens takes 16 bytes where one byte per token took 96. A [`Tokens`] value
//! holds the whole sequence in one `u128`, so comparing two profiles or cutting out a mode is a
//! few shifts, and a view of a tuple copies its structure instead of borrowing it.

use crate::limits::MAX_TOKENS;

/// The words a tuple stores its tokens in (two bits a token).
pub(crate) const TOKEN_WORDS: usize = MAX_TOKENS / 32;

pub(crate) const LEAF: u8 = 0;
pub(crate) const OPEN: u8 = 1;
pub(crate) const CLOSE: u8 = 2;
pub(crate) const UNDER: u8 = 3;

/// A sequence of at most [`MAX_TOKENS`] tokens, token `k` in bits `2k..2k+2`; the bits past the
/// last token are zero, so equal sequences have equal values.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tokens {
    bits: u128,
    len: u8,
}

impl Tokens {
    /// No tokens.
    pub(crate) const EMPTY: Tokens = Tokens { bits: 0, len: 0 };

    /// The tokens stored as `words` (the first `len` of them; the low word first).
    #[inline(always)]
    pub(crate) const fn from_words(words: [u64; 2], len: u8) -> Tokens {
        Tokens {
            bits: (words[1] as u128) << 64 | words[0] as u128,
            len,
        }
    }

    /// The words to store, and the number of tokens.
    #[inline(always)]
    pub(crate) const fn to_words(self) -> ([u64; 2], u8) {
        ([self.bits as u64, (self.bits >> 64) as u64], self.len)
    }

    /// The packed tokens (token `k` in bits `2k..2k+2`) and their number: what a scan over the
    /// stream shifts through.
    #[inline(always)]
    pub(crate) const fn bits_and_len(self) -> (u128, usize) {
        (self.bits, self.len as usize)
    }

    /// The number of tokens.
    #[inline(always)]
    pub(crate) const fn len(self) -> usize {
        self.len as usize
    }

    /// Token `k` (`LEAF` past the end).
    #[inline(always)]
    pub(crate) const fn get(self, k: usize) -> u8 {
        if k >= MAX_TOKENS {
            return LEAF;
        }
        ((self.bits >> (2 * k)) & 3) as u8
    }

    /// Appends `t`; the caller keeps the length within [`MAX_TOKENS`].
    #[inline(always)]
    pub(crate) const fn push(&mut self, t: u8) {
        debug_assert!((self.len as usize) < MAX_TOKENS);
        // Into the word that holds it: a shift of the whole `u128` by a run-time amount is a
        // double shift and two selects, on every open and close a builder writes.
        let (k, v) = (2 * self.len as u32, (t & 3) as u64);
        if k < 64 {
            self.bits |= (v << k) as u128;
        } else {
            self.bits |= ((v << (k - 64)) as u128) << 64;
        }
        self.len += 1;
    }

    /// Appends `other`; the caller keeps the length within [`MAX_TOKENS`].
    #[inline(always)]
    pub(crate) fn append(&mut self, other: Tokens) {
        debug_assert!(self.len() + other.len() <= MAX_TOKENS);
        // A full sequence appends only an empty one (a shift by 128 would overflow).
        self.bits |= other.bits.checked_shl(2 * u32::from(self.len)).unwrap_or(0);
        self.len += other.len;
    }

    /// Tokens `a..b`.
    #[inline(always)]
    pub(crate) fn range(self, a: usize, b: usize) -> Tokens {
        debug_assert!(a <= b && b <= self.len());
        Tokens {
            bits: self.bits.checked_shr(2 * a as u32).unwrap_or(0) & mask(b - a),
            len: (b - a) as u8,
        }
    }

    /// Whether any token is `t`.
    #[inline]
    pub(crate) fn contains(self, t: u8) -> bool {
        self.iter().any(|x| x == t)
    }

    /// The tokens in order.
    #[inline]
    pub(crate) fn iter(self) -> impl Iterator<Item = u8> {
        (0..self.len()).map(move |k| self.get(k))
    }
}

/// The bits of `n` tokens.
#[inline(always)]
const fn mask(n: usize) -> u128 {
    if n >= 64 {
        u128::MAX
    } else {
        (1u128 << (2 * n)) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_cuts_token_sequences() {
        let mut t = Tokens::EMPTY;
        for &x in &[OPEN, LEAF, OPEN, LEAF, UNDER, CLOSE, CLOSE] {
            t.push(x);
        }
        assert_eq!(t.len(), 7);
        assert_eq!(
            t.iter().collect::<std::vec::Vec<_>>(),
            [OPEN, LEAF, OPEN, LEAF, UNDER, CLOSE, CLOSE]
        );
        let inner = t.range(2, 6);
        assert_eq!(
            inner.iter().collect::<std::vec::Vec<_>>(),
            [OPEN, LEAF, UNDER, CLOSE]
        );
        let (words, len) = t.to_words();
        assert!(Tokens::from_words(words, len) == t);
        let mut full = Tokens::EMPTY;
        for k in 0..MAX_TOKENS {
            full.push([OPEN, CLOSE, LEAF, UNDER][k % 4]);
        }
        let (words, len) = full.to_words();
        assert!(Tokens::from_words(words, len) == full);
        assert_eq!(full.get(MAX_TOKENS - 1), UNDER);
        let mut joined = t;
        joined.append(inner);
        assert!(joined.range(7, 11) == inner && joined.range(0, 7) == t);
        assert!(full.range(MAX_TOKENS, MAX_TOKENS) == Tokens::EMPTY);
        full.append(Tokens::EMPTY);
        assert_eq!(full.len(), MAX_TOKENS);
    }
}
