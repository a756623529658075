//! The CuTe notation parser shared by every `FromStr`: `12`, `(4,(2,2))`, `(4,(2,2)):(2,(1,8))`,
//! `<4:1,8:2>`, `Sw<3,3,3>o0o(8,64):(64,1)`. Spaces are allowed between tokens; anything else is
//! a typed error with the offset of the first character that does not fit.
//!
//! What CuTe's `print` writes reads back too: a static integer `_4` (`_-1` when negative) is the
//! integer `4`, while `_` alone stays the wildcard where one is accepted (a coordinate, a tile of
//! a tiler); a swizzled layout may be written `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`, with spaces,
//! or with `∘` for `o`.

use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{Builder, IntTuple};
use crate::layout::Layout;
use crate::linear::{dim_operand, Dim, LinearLayout, MAX_BITS, MAX_DIMS};
use crate::morphism::Morphism;
use crate::swizzle::{ComposedLayout, Swizzle};
use crate::tiler::{Tiler, TilerBuilder};

/// The composition mark `∘` (U+2218), which CuTe's documentation writes for `o`.
const RING: &[u8] = "\u{2218}".as_bytes();

/// A cursor over notation text.
#[derive(Clone)]
pub struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    /// A parser at the start of `s`.
    #[must_use]
    pub fn new(s: &'a str) -> Self {
        Parser {
            s: s.as_bytes(),
            pos: 0,
        }
    }

    /// Byte offset of the cursor.
    #[must_use]
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The whole text being parsed.
    #[must_use]
    pub fn text(&self) -> &'a str {
        // Built from a `&str`: the bytes are UTF-8.
        core::str::from_utf8(self.s).unwrap_or_default()
    }

    /// An error at the cursor.
    #[must_use]
    pub fn error(&self, expected: &'static str) -> Error {
        Error::new(
            Op::Parse,
            [None, None],
            ErrorKind::Parse {
                pos: self.pos,
                expected,
            },
        )
    }

    /// Skips spaces, then returns the next byte without consuming it.
    pub fn peek(&mut self) -> Option<u8> {
        while self.s.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
        self.s.get(self.pos).copied()
    }

    /// Consumes `c` if it is next.
    pub fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `c` or fails with `expected`.
    pub fn expect(&mut self, c: u8, expected: &'static str) -> Result<(), Error> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// `true` when the next element (up to a `,`, `)` or `>` outside parentheses) holds `c`.
    #[must_use]
    pub fn element_has(&self, c: u8) -> bool {
        let mut depth = 0usize;
        // Whether the element has begun: a space after it at the top level ends it, as does the
        // `)` that closes it (what follows, `(4,8):(1,4) extra`, is not part of it).
        let mut begun = false;
        for &x in &self.s[self.pos..] {
            match x {
                b')' | b',' | b'>' if depth == 0 => return false,
                b')' if depth == 1 => return false,
                b')' => depth -= 1,
                b'(' => (depth, begun) = (depth + 1, true),
                _ if x.is_ascii_whitespace() => {
                    if depth == 0 && begun {
                        return false;
                    }
                }
                _ if x == c => return true,
                _ => begun = true,
            }
        }
        false
    }

    /// An identifier `[a-z][a-z0-9_]*`, if one is next.
    pub fn ident(&mut self) -> Option<&'a str> {
        self.word(false)
    }

    /// The rest of a C++ type's spelling whose first identifier the parser has just read and
    /// which started at byte `start`: `::Name` segments and one balanced `<...>`, as CuTe spells
    /// an atom (`Copy_Atom<UniversalCopy<uint128_t>, float>`). Returns the whole spelling.
    ///
    /// # Errors
    /// [`ErrorKind::Parse`] at a `<` that is never closed.
    pub fn type_spelling(&mut self, start: usize) -> Result<&'a str, Error> {
        while self.s[self.pos..].starts_with(b"::") {
            self.pos += 2;
            if self.word(false).is_none() {
                return Err(self.error("a name after '::'"));
            }
        }
        if self.peek() == Some(b'<') {
            let open = self.pos;
            let mut depth = 0usize;
            while let Some(&c) = self.s.get(self.pos) {
                self.pos += 1;
                match c {
                    b'<' => depth += 1,
                    b'>' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if depth != 0 {
                self.pos = open;
                return Err(self.error("'>' closing the template arguments"));
            }
        }
        core::str::from_utf8(&self.s[start..self.pos]).map_err(|_| self.error("ASCII"))
    }

    /// A word of letters, digits and `_` that starts with a letter (or `_` when `underscore`).
    fn word(&mut self, underscore: bool) -> Option<&'a str> {
        let first = self.peek()?;
        if !(first.is_ascii_alphabetic() || underscore && first == b'_') {
            return None;
        }
        let start = self.pos;
        while self
            .s
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            self.pos += 1;
        }
        core::str::from_utf8(&self.s[start..self.pos]).ok()
    }

    /// `true` when CuTe's spelling of a static integer is at the cursor: `_` followed at once
    /// by a digit, or by `-` and a digit (`_4`, `_-1`). A `_` otherwise is the wildcard.
    fn at_static_int(&self) -> bool {
        let ([b'_', b'-', digits @ ..] | [b'_', digits @ ..]) = &self.s[self.pos..] else {
            return false;
        };
        digits.first().is_some_and(u8::is_ascii_digit)
    }

    /// A decimal integer with an optional `-`, which spaces may follow: `- 4` is `-4`, as the
    /// tokens `-` `4` are to `layout!` (a proc macro cannot see the space; the `macros` fuzz
    /// target found `1:- 0` accepted there and refused here). CuTe's static integers `_4` and
    /// `_-1` are the integers `4` and `-1`.
    pub fn int(&mut self) -> Result<i64, Error> {
        self.peek();
        let start = self.pos;
        if self.at_static_int() {
            self.pos += 1;
        }
        let neg = self.s.get(self.pos) == Some(&b'-');
        if neg {
            self.pos += 1;
            self.peek();
        }
        let digits = self.pos;
        let mut v: i64 = 0;
        while let Some(c) = self.s.get(self.pos).filter(|c| c.is_ascii_digit()) {
            let d = i64::from(c - b'0');
            v = v
                .checked_mul(10)
                .and_then(|v| {
                    if neg {
                        v.checked_sub(d)
                    } else {
                        v.checked_add(d)
                    }
                })
                .ok_or_else(|| {
                    Error::new(
                        Op::Parse,
                        [None, None],
                        ErrorKind::Parse {
                            pos: start,
                            expected: "an integer that fits in 64 bits",
                        },
                    )
                })?;
            self.pos += 1;
        }
        if self.pos == digits {
            self.pos = start;
            return Err(self.error("an integer"));
        }
        Ok(v)
    }

    /// An integer or a tuple of int tuples; `_` is accepted where `under` is set (coordinates).
    pub fn int_tuple(&mut self, under: bool) -> Result<IntTuple, Error> {
        let mut b = Builder::new();
        self.int_tuple_into(&mut b, under)?;
        Ok(b.finish())
    }

    fn int_tuple_into(&mut self, b: &mut Builder, under: bool) -> Result<(), Error> {
        let pos = self.pos;
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                b.open().map_err(|k| at(pos, k))?;
                if self.eat(b')') {
                    // The empty tuple `()`, as a slice that fixes every mode prints.
                    return b.close().map_err(|k| at(pos, k));
                }
                loop {
                    self.int_tuple_into(b, under)?;
                    if self.eat(b')') {
                        break;
                    }
                    self.expect(b',', "',' or ')'")?;
                }
                b.close().map_err(|k| at(pos, k))
            }
            Some(b'_') if under && !self.at_static_int() => {
                self.pos += 1;
                b.under().map_err(|k| at(pos, k))
            }
            _ => {
                let v = self.int()?;
                b.int(v).map_err(|k| at(pos, k))
            }
        }
    }

    /// A layout `shape:stride`.
    pub fn layout(&mut self) -> Result<Layout, Error> {
        let shape = self.int_tuple(false)?;
        self.expect(b':', "':' between shape and stride")?;
        self.peek();
        let stride_pos = self.pos;
        let stride = self.int_tuple(false)?;
        congruent_layout(&shape, &stride, stride_pos)
    }

    /// A tiler `<T0,T1,...>`: each element a layout, an integer `N` (meaning `N:1`), `_` (the
    /// mode kept whole) or a tiler.
    pub fn tiler(&mut self) -> Result<Tiler, Error> {
        let mut b = TilerBuilder::new();
        let pos = self.pos;
        self.tiler_into(&mut b)?;
        b.finish().map_err(|k| at(pos, k))
    }

    fn tiler_into(&mut self, b: &mut TilerBuilder) -> Result<(), Error> {
        let pos = self.pos;
        self.expect(b'<', "'<'")?;
        b.open().map_err(|k| at(pos, k))?;
        loop {
            let pos = self.pos;
            if self.peek() == Some(b'<') {
                self.tiler_into(b)?;
            } else if self.peek() == Some(b'_') && !self.at_static_int() {
                self.pos += 1;
                b.under().map_err(|k| at(pos, k))?;
            } else {
                let shape = self.int_tuple(false)?;
                let layout = if self.peek() == Some(b':') {
                    self.pos += 1;
                    self.peek();
                    let stride_pos = self.pos;
                    let stride = self.int_tuple(false)?;
                    congruent_layout(&shape, &stride, stride_pos)?
                } else if shape.is_int() {
                    Layout::new(shape, IntTuple::int(1))?
                } else {
                    return Err(self.error("':' after a tile shape"));
                };
                b.layout(&layout).map_err(|k| at(pos, k))?;
            }
            if self.eat(b'>') {
                break;
            }
            self.expect(b',', "',' or '>'")?;
        }
        b.close().map_err(|k| at(pos, k))
    }

    /// `true` when a swizzle `Sw<` is next.
    pub fn at_swizzle(&mut self) -> bool {
        self.peek();
        self.s[self.pos..].starts_with(b"Sw<")
    }

    /// A swizzle `Sw<B,M,S>`, as CuTe prints `Swizzle<B,M,S>`.
    ///
    /// # Errors
    /// [`ErrorKind::Parse`] at the first character that does not fit; the error of
    /// [`Swizzle::new`] for parameters no swizzle has.
    pub fn swizzle(&mut self) -> Result<Swizzle, Error> {
        if !self.at_swizzle() {
            return Err(self.error("'Sw<B,M,S>'"));
        }
        self.pos += 3;
        let bits = self.int()?;
        self.expect(b',', "',' between the swizzle's parameters")?;
        let base = self.int()?;
        self.expect(b',', "',' between the swizzle's parameters")?;
        let shift = self.int()?;
        self.expect(b'>', "'>' after the swizzle's three parameters")?;
        Swizzle::new(bits, base, shift)
    }

    /// `true` when the composition mark `o` (or `∘`) is next.
    pub fn at_compose(&mut self) -> bool {
        self.peek() == Some(b'o') || self.s[self.pos..].starts_with(RING)
    }

    /// Consumes the composition mark `o` (or `∘`) if it is next.
    fn eat_compose(&mut self) -> bool {
        if !self.at_compose() {
            return false;
        }
        self.pos += if self.s[self.pos] == b'o' {
            1
        } else {
            RING.len()
        };
        true
    }

    /// A swizzled layout `Sw<B,M,S> o offset o L`, as [`ComposedLayout`]'s `Display` prints it
    /// (`Sw<3,3,3>o0o(8,64):(64,1)`) and as CuTe does (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`).
    pub fn composed_layout(&mut self) -> Result<ComposedLayout, Error> {
        let swizzle = self.swizzle()?;
        self.composed_after(swizzle)
    }

    /// The rest of a swizzled layout whose swizzle has been read: ` o offset o L`.
    pub fn composed_after(&mut self, swizzle: Swizzle) -> Result<ComposedLayout, Error> {
        if !self.eat_compose() {
            return Err(self.error("'o' (or '\u{2218}') after the swizzle"));
        }
        let offset = self.int()?;
        if !self.eat_compose() {
            return Err(self.error("'o' (or '\u{2218}') after the offset"));
        }
        let layout = self.layout()?;
        Ok(ComposedLayout::new(swizzle, offset, layout))
    }

    /// Runs `f`, then requires the end of input.
    pub fn finish_with<T>(
        mut self,
        f: impl FnOnce(&mut Self) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let v = f(&mut self)?;
        if self.peek().is_some() {
            return Err(self.error("end of input"));
        }
        Ok(v)
    }
}

/// Dimensions as written: `(name, size)` each, at most [`MAX_DIMS`].
type DimsText<'a> = ([(&'a str, i64); MAX_DIMS], usize);

impl<'a> Parser<'a> {
    /// A dimension name `[A-Za-z_][A-Za-z0-9_]*`, if one is next.
    fn name(&mut self) -> Option<&'a str> {
        self.word(true)
    }

    /// `keyword=`.
    fn key(&mut self, keyword: &'static str, expected: &'static str) -> Result<(), Error> {
        if self.name() != Some(keyword) {
            return Err(self.error(expected));
        }
        self.expect(b'=', "`=`")
    }

    /// `n`, `name:n`, or a parenthesized list of them; an unnamed one is `defaults[k]`.
    fn linear_dims(&mut self, defaults: &[&'static str; MAX_DIMS]) -> Result<DimsText<'a>, Error> {
        let mut d = [("", 0i64); MAX_DIMS];
        let paren = self.eat(b'(');
        if paren && self.eat(b')') {
            // No dimension, as `Display` prints a layout without one.
            return Ok((d, 0));
        }
        let mut n = 0;
        loop {
            if n == MAX_DIMS {
                return Err(self.error(crate::limits::DIMS_NOTE));
            }
            let name = match self.name() {
                Some(x) => {
                    self.expect(b':', "`:` and the dimension's size")?;
                    x
                }
                None => defaults[n],
            };
            d[n] = (name, self.int()?);
            n += 1;
            if !paren || !self.eat(b',') {
                break;
            }
        }
        if paren {
            self.expect(b')', "`,` or `)`")?;
        }
        Ok((d, n))
    }

    /// A linear layout in the notation of Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling
    /// Layout Abstractions Using Integer Set Relations* (see `LinearLayout`'s `FromStr`).
    pub fn linear_layout(&mut self) -> Result<LinearLayout, Error> {
        const INS: [&str; MAX_DIMS] = [
            "in0", "in1", "in2", "in3", "in4", "in5", "in6", "in7", "in8",
        ];
        const OUTS: [&str; MAX_DIMS] = [
            "out0", "out1", "out2", "out3", "out4", "out5", "out6", "out7", "out8",
        ];
        if self.name() != Some("LinearLayout") {
            return Err(self.error("`LinearLayout`"));
        }
        self.expect(b'(', "`(`")?;
        self.key("crd", "`crd=`")?;
        let ins = self.linear_dims(&INS)?;
        self.expect(b',', "`,`")?;
        self.key("idx", "`idx=`")?;
        let outs = self.linear_dims(&OUTS)?;
        self.expect(b',', "`,`")?;
        self.key("vals", "`vals=`")?;
        self.expect(b'[', "`[`")?;
        let mut vals = [[0i64; MAX_DIMS]; MAX_BITS];
        let mut lens = [0usize; MAX_BITS];
        let mut n = 0;
        if !self.eat(b']') {
            loop {
                if n == MAX_BITS {
                    return Err(self.error(crate::limits::BITS_NOTE));
                }
                let paren = self.eat(b'(');
                // `()`: a basis of no output dimension.
                let empty = paren && self.eat(b')');
                if !empty {
                    loop {
                        if lens[n] == MAX_DIMS {
                            return Err(self.error(crate::limits::VALUES_NOTE));
                        }
                        vals[n][lens[n]] = self.int()?;
                        lens[n] += 1;
                        if !paren || !self.eat(b',') {
                            break;
                        }
                    }
                    if paren {
                        self.expect(b')', "`,` or `)`")?;
                    }
                }
                n += 1;
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b']', "`,` or `]`")?;
        }
        self.expect(b')', "`)`")?;
        let dims = |(d, k): DimsText<'a>| -> Result<([Dim; MAX_DIMS], usize), Error> {
            let mut out = [Dim::new("x", 1).map_err(|kind| dim_error("x", 1, kind))?; MAX_DIMS];
            for (o, (name, size)) in out.iter_mut().zip(&d[..k]) {
                *o = Dim::new(name, *size).map_err(|kind| dim_error(name, *size, kind))?;
            }
            Ok((out, k))
        };
        let ((ins, ni), (outs, no)) = (dims(ins)?, dims(outs)?);
        let bases: [&[i64]; MAX_BITS] = core::array::from_fn(|k| &vals[k][..lens[k]]);
        LinearLayout::new(&ins[..ni], &outs[..no], &bases[..n])
    }
}

/// A dimension `name:size` the notation names but no linear layout can have.
fn dim_error(name: &str, size: i64, kind: ErrorKind) -> Error {
    Error::new(
        Op::LinearLayout,
        [Some(dim_operand(name, size)), None],
        kind,
    )
}

/// The notation of Bhaskaracharya et al., as [`LinearLayout`]'s `Display` prints it:
/// `LinearLayout(crd=(register:4,lane:2),idx=(offset:8),vals=[(1),(2),(4)])`, input dimensions
/// (`crd`), output dimensions (`idx`), and one basis per input bit, a value per output dimension.
/// A dimension without a name (`crd=(4,4)`, `idx=16`, as the paper writes them) is `in0`, `in1`,
/// … or `out0`, … by position (so naming some dimensions `in<k>` and not others can clash:
/// `duplicate_dim`), `()` is no dimension, and a basis of one output dimension may be written
/// bare (`4`).
///
/// # Examples
/// ```
/// use cute_core::linear::LinearLayout;
/// let h: LinearLayout = "LinearLayout(crd=16,idx=16,vals=[4,8,1,2])".parse().unwrap();
/// assert_eq!(h.apply(&[1]).unwrap()[0], 4);
/// assert_eq!(h.to_string().parse::<LinearLayout>().unwrap(), h);
/// ```
impl core::str::FromStr for LinearLayout {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(Parser::linear_layout)
    }
}

impl Parser<'_> {
    /// A morphism `S-[a1,...,am]->T` (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of CuTe
    /// Layout Algebra and Category-theoretic Interpretation*): the domain and codomain as int
    /// tuples, the map's entries `*` or positive integers; checked by [`Morphism::new`].
    pub fn morphism(&mut self) -> Result<Morphism, Error> {
        let domain = self.int_tuple(false)?;
        self.morphism_after(domain)
    }

    /// The rest of a morphism whose domain has been read: `-[a1,...,am]->T`.
    pub fn morphism_after(&mut self, domain: IntTuple) -> Result<Morphism, Error> {
        self.expect(b'-', "'-[' after a morphism's domain")?;
        self.expect(b'[', "'[' after '-'")?;
        let mut map = [0u8; crate::MAX_LEAVES];
        let mut n = 0;
        if !self.eat(b']') {
            loop {
                if n == map.len() {
                    return Err(self.error("at most 32 map entries"));
                }
                if !self.eat(b'*') {
                    self.peek();
                    let pos = self.pos;
                    let j = self.int()?;
                    map[n] = u8::try_from(j).ok().filter(|&j| j > 0).ok_or_else(|| {
                        Error::new(
                            Op::Parse,
                            [None, None],
                            ErrorKind::Parse {
                                pos,
                                expected: "'*' or a codomain entry from 1 to 255",
                            },
                        )
                    })?;
                }
                n += 1;
                if self.eat(b']') {
                    break;
                }
                self.expect(b',', "',' or ']'")?;
            }
        }
        self.expect(b'-', "'->' after the map")?;
        self.expect(b'>', "'>' after '-'")?;
        let codomain = self.int_tuple(false)?;
        Morphism::new(domain, codomain, &map[..n])
    }
}

/// A morphism in the notation of Carlisle et al., spaces ignored.
///
/// # Examples
/// ```
/// use cute_core::morphism::Morphism;
/// let f: Morphism = "(4, 6) -[2, 1]-> (6, 4)".parse().unwrap();
/// assert_eq!(f.to_string(), "(4,6)-[2,1]->(6,4)");
/// assert_eq!("(4,6)-[1,1]->(4,6)".parse::<Morphism>().unwrap_err().code(), "invalid_morphism");
/// ```
impl core::str::FromStr for Morphism {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(Parser::morphism)
    }
}

impl core::str::FromStr for IntTuple {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(|p| p.int_tuple(true))
    }
}

impl core::str::FromStr for Layout {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(Parser::layout)
    }
}

impl core::str::FromStr for Tiler {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(Parser::tiler)
    }
}

/// A swizzle as [`Swizzle`]'s `Display` prints it, `Sw<3,3,3>`.
///
/// # Examples
/// ```
/// use cute_core::Swizzle;
/// let sw: Swizzle = "Sw<3,3,3>".parse().unwrap();
/// assert_eq!(sw, Swizzle::new(3, 3, 3).unwrap());
/// assert_eq!("Sw<2,0,1>".parse::<Swizzle>().unwrap_err().code(), "swizzle_shift_lt_bits");
/// ```
impl core::str::FromStr for Swizzle {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(Parser::swizzle)
    }
}

/// A swizzled layout as [`ComposedLayout`]'s `Display` prints it, or as CuTe's `print` does.
///
/// # Examples
/// ```
/// use cute_core::ComposedLayout;
/// let c: ComposedLayout = "Sw<3,3,3>o0o(8,64):(64,1)".parse().unwrap();
/// assert_eq!(c.to_string(), "Sw<3,3,3>o0o(8,64):(64,1)");
/// assert_eq!("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse::<ComposedLayout>().unwrap(), c);
/// assert_eq!("Sw<3,3,3> \u{2218} 0 \u{2218} (8,64):(64,1)".parse::<ComposedLayout>().unwrap(), c);
/// ```
impl core::str::FromStr for ComposedLayout {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).finish_with(Parser::composed_layout)
    }
}

/// `shape:stride` as a layout, a stride that is not congruent to the shape a parse error at
/// `stride_pos`.
fn congruent_layout(
    shape: &IntTuple,
    stride: &IntTuple,
    stride_pos: usize,
) -> Result<Layout, Error> {
    Layout::new(*shape, *stride).map_err(|mut e| {
        if e.kind == ErrorKind::NotCongruent {
            e.kind = ErrorKind::Parse {
                pos: stride_pos,
                expected: "a stride congruent to the shape",
            };
            e.op = Op::Parse;
        }
        e
    })
}

/// A builder failure at `pos` as a parse error (the notation exceeds the capacity).
fn at(pos: usize, kind: ErrorKind) -> Error {
    let expected = match kind {
        ErrorKind::Capacity { .. } => crate::limits::CAPACITY_NOTE,
        _ => "valid notation",
    };
    Error::new(Op::Parse, [None, None], ErrorKind::Parse { pos, expected })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_spaces() {
        for s in ["12:1", "(12):(1)", "(4,(2,2)):(2,(1,8))", "(2,3):(-1,0)"] {
            assert_eq!(s.parse::<Layout>().unwrap().to_string(), s);
        }
        let l: Layout = " ( 4 , ( 2,2 ) ) : ( 2 ,(1, 8)) ".parse().unwrap();
        assert_eq!(l.to_string(), "(4,(2,2)):(2,(1,8))");
        let t: Tiler = "<4, 8:2, <2:1,(2,2):(1,4)>>".parse().unwrap();
        assert_eq!(t.to_string(), "<4:1,8:2,<2:1,(2,2):(1,4)>>");
        // A sign apart from its digits, as `layout!` reads the tokens `-` `0`.
        let l: Layout = "\t1:\t\t-\t\t0\t".parse().unwrap();
        assert_eq!(l.to_string(), "1:0");
        assert_eq!(
            "(2,3):(- 1, -\n4)".parse::<Layout>().unwrap().to_string(),
            "(2,3):(-1,-4)"
        );
    }

    #[test]
    fn a_linear_layout_past_its_capacity_names_the_limit() {
        let dims = |n: usize| {
            let d: std::vec::Vec<std::string::String> =
                (0..n).map(|k| std::format!("d{k}:1")).collect();
            std::format!("LinearLayout(crd=({}), idx=1, vals=[])", d.join(","))
        };
        assert!(dims(9).parse::<LinearLayout>().is_ok());
        match dims(10).parse::<LinearLayout>().unwrap_err().kind {
            ErrorKind::Parse { expected, .. } => assert_eq!(expected, crate::limits::DIMS_NOTE),
            k => panic!("{k:?}"),
        }
    }

    #[test]
    fn errors_carry_the_offset() {
        let pos = |s: &str| match s.parse::<Layout>().unwrap_err().kind {
            ErrorKind::Parse { pos, .. } => pos,
            k => panic!("{k:?}"),
        };
        assert_eq!(pos("(4,2:(1,4)"), 4);
        assert_eq!(pos("(4,2):(1,(4,1))"), 6);
        assert_eq!(pos("4:1 x"), 4);
        assert_eq!(pos("(4,a):(1,4)"), 3);
        assert_eq!(pos("99999999999999999999:1"), 0);
        assert_eq!(pos("4:- x"), 2);
        assert_eq!(
            "(4,-2):(1,4)".parse::<Layout>().unwrap_err().code(),
            "negative_shape"
        );
    }

    fn parse_pos<T: core::str::FromStr<Err = Error>>(s: &str) -> usize {
        match s.parse::<T>().map(|_| ()).unwrap_err().kind {
            ErrorKind::Parse { pos, .. } => pos,
            k => panic!("{s}: {k:?}"),
        }
    }

    #[test]
    fn cute_static_integers_are_integers() {
        let l = |s: &str| s.parse::<Layout>().unwrap();
        assert_eq!(l("(_4,_8):(_1,_4)"), l("(4,8):(1,4)"));
        assert_eq!(l("(_2,(_3,4)):(_-1,(0,_-12))"), l("(2,(3,4)):(-1,(0,-12))"));
        assert_eq!(l("_1:_0"), Layout::trivial());
        let t = |s: &str| s.parse::<IntTuple>().unwrap().to_string();
        assert_eq!(t("(_,_4,(_,_0))"), "(_,4,(_,0))");
        let tiler = |s: &str| s.parse::<Tiler>().unwrap().to_string();
        assert_eq!(tiler("<_4:_1,_>"), "<4:1,_>");
        assert_eq!(tiler("<_,_8,<_2:_-2,_>>"), "<_,8:1,<2:-2,_>>");
        // `_` is no integer where a layout needs one: the error is at the `_`; `_` apart from its
        // digits is no static integer.
        assert_eq!(parse_pos::<Layout>("(4,_):(1,4)"), 3);
        assert_eq!(parse_pos::<Layout>("(4,_ 8):(1,4)"), 3);
        assert_eq!(parse_pos::<Layout>("_x:1"), 0);
        assert_eq!(parse_pos::<IntTuple>("(_ 4)"), 3);
        assert_eq!(parse_pos::<Tiler>("<4,_ 8>"), 5);
        assert_eq!(parse_pos::<Layout>("(_-,2):(1,4)"), 1);
    }

    #[test]
    fn swizzled_layouts_as_display_and_cute_print_them() {
        let want = ComposedLayout::new(
            Swizzle::new(3, 3, 3).unwrap(),
            0,
            "(8,64):(64,1)".parse().unwrap(),
        );
        for s in [
            "Sw<3,3,3>o0o(8,64):(64,1)",
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
            "Sw<3,3,3>o_0o(8,64):(64,1)",
            " Sw< 3 , 3 , 3 > o 0 o (8,64):(64,1) ",
            "Sw<3,3,3>\u{2218}0\u{2218}(8,64):(64,1)",
            "Sw<3,3,3> \u{2218} _0 \u{2218} (_8,_64):(_64,_1)",
        ] {
            assert_eq!(s.parse::<ComposedLayout>().unwrap(), want, "{s}");
        }
        let c: ComposedLayout = "Sw<2,0,-3>o-5o(2,2):(1,-2)".parse().unwrap();
        assert_eq!(c.to_string(), "Sw<2,0,-3>o-5o(2,2):(1,-2)");
        assert_eq!(
            "Sw<_1,_0,_1>".parse::<Swizzle>().unwrap().to_string(),
            "Sw<1,0,1>"
        );
        // Each error at the first character that does not fit.
        assert_eq!(parse_pos::<ComposedLayout>("Sw<3,3,3>x0o4:1"), 9);
        assert_eq!(parse_pos::<ComposedLayout>("Sw<3,3>o0o4:1"), 6);
        assert_eq!(parse_pos::<ComposedLayout>("Sw<3,3,3>o0 4:1"), 12);
        assert_eq!(
            parse_pos::<ComposedLayout>("Sw<3,3,3>o0o(4,2):(1,(2,1))"),
            18
        );
        assert_eq!(parse_pos::<ComposedLayout>("Sw<3,3,3>o0o4:1 o"), 16);
        assert_eq!(parse_pos::<ComposedLayout>("Sw(3,3,3)o0o4:1"), 0);
        assert_eq!(parse_pos::<Swizzle>("Sw<3,3,3>o0o4:1"), 9);
        assert_eq!(
            "Sw<2,0,1>o0o4:1"
                .parse::<ComposedLayout>()
                .unwrap_err()
                .code(),
            "swizzle_shift_lt_bits"
        );
    }

    #[test]
    fn a_tile_stride_that_is_not_congruent_is_a_parse_error_at_the_stride() {
        assert_eq!(parse_pos::<Tiler>("<2:1,(4,2):(1,(2,1))>"), 11);
        assert_eq!(parse_pos::<Tiler>("<2:1, (4,2): (1,(2,1))>"), 13);
    }

    /// `<4:1,_>` and the shape `(4,_)` are one tiler: every divide and product takes them alike.
    #[test]
    fn an_underscore_tile_is_the_same_tiler_in_both_spellings() {
        use crate::tiler::Tile;
        let angle: Tiler = "<4:1,_>".parse().unwrap();
        let shape = Tile::from_shape(&"(4,_)".parse().unwrap()).unwrap();
        assert_eq!(Tile::Tiler(angle), shape);
        for a in ["(8,16):(16,1)", "(8,(4,4)):(16,(1,4))"] {
            let a: Layout = a.parse().unwrap();
            assert_eq!(
                crate::zipped_divide(&a, angle),
                crate::zipped_divide(&a, shape)
            );
            assert_eq!(
                crate::logical_divide(&a, angle),
                crate::logical_divide(&a, shape)
            );
        }
    }

    /// Property tests: what `Display` prints, and what CuTe's `print` prints (`_` before every
    /// integer, spaces around `o`), parses back to the same value.
    mod round_trip {
        use super::*;
        use crate::int_tuple::Builder;
        use proptest::prelude::*;

        /// The structure of a tuple: a leaf, or a tuple of at least one element.
        #[derive(Clone, Debug)]
        enum Tree {
            Leaf,
            Node(Vec<Tree>),
        }

        impl Tree {
            fn leaves(&self) -> usize {
                match self {
                    Tree::Leaf => 1,
                    Tree::Node(c) => c.iter().map(Tree::leaves).sum(),
                }
            }

            fn build(&self, values: &mut impl Iterator<Item = i64>, b: &mut Builder) {
                match self {
                    Tree::Leaf => b.int(values.next().unwrap()).unwrap(),
                    Tree::Node(c) => {
                        b.open().unwrap();
                        for t in c {
                            t.build(values, b);
                        }
                        b.close().unwrap();
                    }
                }
            }
        }

        fn tree() -> impl Strategy<Value = Tree> {
            Just(Tree::Leaf).prop_recursive(3, 16, 4, |inner| {
                prop::collection::vec(inner, 1..=4).prop_map(Tree::Node)
            })
        }

        fn tuple(t: &Tree, values: &[i64]) -> IntTuple {
            let mut b = Builder::new();
            t.build(&mut values.iter().copied(), &mut b);
            b.finish()
        }

        /// Layouts of up to 16 leaves, shapes in `0..=12` (some large), strides of either sign
        /// and of any size the layout invariant allows; built without the parser.
        fn layout() -> impl Strategy<Value = Layout> {
            tree()
                .prop_filter("a layout's leaves", |t| {
                    t.leaves() <= crate::MAX_LAYOUT_LEAVES
                })
                .prop_flat_map(|t| {
                    let n = t.leaves();
                    let shape = prop_oneof![8 => 0..=12i64, 1 => 0..=1_000_000i64];
                    let stride = prop_oneof![
                        4 => -16..=16i64,
                        2 => -100_000..=100_000i64,
                        1 => any::<i32>().prop_map(i64::from),
                    ];
                    (
                        Just(t),
                        prop::collection::vec(shape, n),
                        prop::collection::vec(stride, n),
                    )
                })
                .prop_filter_map("the layout invariant", |(t, s, d)| {
                    Layout::new(tuple(&t, &s), tuple(&t, &d)).ok()
                })
        }

        /// One mode of a tiler.
        #[derive(Clone, Debug)]
        enum TileTree {
            Layout(Box<Layout>),
            Under,
            Nested(Vec<TileTree>),
        }

        fn build_tiler(tiles: &[TileTree], b: &mut TilerBuilder) -> Result<(), ErrorKind> {
            b.open()?;
            for t in tiles {
                match t {
                    TileTree::Layout(l) => b.layout(l.as_ref())?,
                    TileTree::Under => b.under()?,
                    TileTree::Nested(c) => build_tiler(c, b)?,
                }
            }
            b.close()
        }

        fn tiler() -> impl Strategy<Value = Tiler> {
            let tile = prop_oneof![
                4 => layout().prop_map(|l| TileTree::Layout(Box::new(l))),
                1 => Just(TileTree::Under),
            ];
            let tile = tile.prop_recursive(2, 8, 3, |inner| {
                prop::collection::vec(inner, 1..=3).prop_map(TileTree::Nested)
            });
            prop::collection::vec(tile, 1..=3).prop_filter_map("the tiler's capacity", |tiles| {
                let mut b = TilerBuilder::new();
                build_tiler(&tiles, &mut b).ok()?;
                b.finish().ok()
            })
        }

        fn swizzle() -> impl Strategy<Value = Swizzle> {
            (0..=8i64, 0..=8i64, -10..=10i64)
                .prop_filter_map("a swizzle", |(b, m, s)| Swizzle::new(b, m, s).ok())
        }

        /// CuTe's print: `_` before every integer (`_4`, `_-1`), as of static values.
        fn cute(notation: &str) -> String {
            let mut out = String::new();
            let mut prev = ' ';
            for c in notation.chars() {
                let starts =
                    c == '-' || c.is_ascii_digit() && !prev.is_ascii_digit() && prev != '-';
                if starts {
                    out.push('_');
                }
                out.push(c);
                prev = c;
            }
            out
        }

        /// Spaces around every `,` and `:`.
        fn spaced(notation: &str) -> String {
            notation.replace(',', " , ").replace(':', " : ")
        }

        fn config() -> ProptestConfig {
            ProptestConfig {
                cases: 2000,
                failure_persistence: None,
                ..ProptestConfig::default()
            }
        }

        #[test]
        fn cute_style_prefixes_every_integer() {
            assert_eq!(
                cute("(4,(2,-16)):(10,(0,-1))"),
                "(_4,(_2,_-16)):(_10,(_0,_-1))"
            );
            assert_eq!(cute("<4:1,_>"), "<_4:_1,_>");
        }

        proptest! {
            #![proptest_config(config())]

            #[test]
            fn layouts_read_back(l in layout()) {
                let text = l.to_string();
                prop_assert_eq!(text.parse::<Layout>().unwrap(), l);
                prop_assert_eq!(cute(&text).parse::<Layout>().unwrap(), l);
                prop_assert_eq!(spaced(&cute(&text)).parse::<Layout>().unwrap(), l);
                let shape = l.shape().to_string();
                prop_assert_eq!(cute(&shape).parse::<IntTuple>().unwrap().to_string(), shape);
            }

            #[test]
            fn tilers_read_back(t in tiler()) {
                let text = t.to_string();
                prop_assert_eq!(text.parse::<Tiler>().unwrap(), t);
                prop_assert_eq!(cute(&text).parse::<Tiler>().unwrap(), t);
                prop_assert_eq!(spaced(&cute(&text)).parse::<Tiler>().unwrap(), t);
            }

            #[test]
            fn swizzled_layouts_read_back(
                sw in swizzle(),
                offset in prop_oneof![Just(0i64), -4096..=4096i64],
                l in layout(),
                ring in any::<bool>(),
            ) {
                let c = ComposedLayout::new(sw, offset, l);
                let text = c.to_string();
                prop_assert_eq!(text.parse::<ComposedLayout>().unwrap(), c);
                prop_assert_eq!(sw.to_string().parse::<Swizzle>().unwrap(), sw);
                // CuTe: `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`.
                let o = if ring { "\u{2218}" } else { "o" };
                let printed = format!("{sw} {o} {} {o} {}", cute(&offset.to_string()), cute(&l.to_string()));
                prop_assert_eq!(printed.parse::<ComposedLayout>().unwrap(), c);
                let tight = printed.replace(' ', "");
                prop_assert_eq!(tight.parse::<ComposedLayout>().unwrap(), c);
            }
        }
    }
}
