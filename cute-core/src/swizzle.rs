//! `Swizzle<B,M,S>` and the composed layout `swizzle ∘ offset ∘ layout` (seed 004).

use core::fmt;

use crate::algebra::composition::composition;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::add;
use crate::layout::Layout;

/// The bit permutation `Sw(x) = x ^ ((x & Y) >> S)`, where `Y` is the mask of `B` bits starting at
/// bit `M + max(0, S)`; a negative `S` shifts left. It XORs the `B` "YYY" bits into the "ZZZ" bits
/// `|S|` positions away, which permutes offsets within every aligned block of `2^(B+M+|S|)`.
///
/// # Examples
/// ```
/// use cute_core::Swizzle;
/// let sw = Swizzle::new(1, 0, 1).unwrap();
/// assert_eq!((0..4).map(|x| sw.apply(x)).collect::<Vec<_>>(), [0, 1, 3, 2]);
/// assert_eq!(Swizzle::new(2, 0, 1).unwrap_err().code(), "swizzle_shift_lt_bits");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl Swizzle {
    /// `Swizzle<B,M,S>`.
    ///
    /// # Preconditions
    /// `B >= 0`, `M >= 0`, `|S| >= B`, and `B + M + |S| <= 62`.
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle, Error> {
        let err = |kind| {
            Error::new(
                Op::Swizzle,
                [Some(Operand::from(bits)), Some(Operand::from(shift))],
                kind,
            )
        };
        let in_range = |v: i64| (0..=62).contains(&v);
        let shift_abs = shift.checked_abs().filter(|s| in_range(*s));
        let fits = in_range(bits)
            && in_range(base)
            && shift_abs.is_some_and(|s| in_range(bits + base + s));
        if !fits {
            return Err(err(ErrorKind::SwizzleRange));
        }
        if shift.abs() < bits {
            return Err(err(ErrorKind::SwizzleShiftLtBits { bits, shift }));
        }
        Ok(Swizzle {
            bits: bits as u32,
            base: base as u32,
            shift: shift as i32,
        })
    }

    /// `B`, `M`, `S`.
    #[must_use]
    pub fn params(&self) -> (u32, u32, i32) {
        (self.bits, self.base, self.shift)
    }

    /// The size of the block the swizzle permutes: `2^(B + M + |S|)`.
    #[must_use]
    pub fn period(&self) -> i64 {
        1i64 << (self.bits + self.base + self.shift.unsigned_abs())
    }

    /// `Sw(x)`.
    #[must_use]
    pub fn apply(&self, x: i64) -> i64 {
        let mask = ((1i64 << self.bits) - 1) << (self.base + self.shift.max(0) as u32);
        let y = x & mask;
        let z = if self.shift >= 0 {
            y >> self.shift
        } else {
            y << -self.shift
        };
        x ^ z
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}

/// `Sw ∘ offset ∘ L`: a swizzle applied after a layout and an offset, as CuTe's `ComposedLayout`.
///
/// # Examples
/// ```
/// use cute_core::{ComposedLayout, Layout, Swizzle};
/// let l: Layout = "(8,8):(8,1)".parse().unwrap();
/// let c = ComposedLayout::new(Swizzle::new(2, 0, 3).unwrap(), 0, l);
/// assert_eq!(c.to_string(), "Sw<2,0,3>o0o(8,8):(8,1)");
/// assert_eq!(c.eval(1).unwrap(), 9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComposedLayout {
    swizzle: Swizzle,
    offset: i64,
    layout: Layout,
}

impl ComposedLayout {
    /// `Sw ∘ offset ∘ layout`.
    #[must_use]
    pub fn new(swizzle: Swizzle, offset: i64, layout: Layout) -> Self {
        ComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }

    /// The inner layout.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The swizzle.
    #[must_use]
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }

    /// The offset between swizzle and layout.
    #[must_use]
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// `size` of the inner layout.
    #[must_use]
    pub fn size(&self) -> i64 {
        self.layout.size()
    }

    /// `Sw(offset + L(i))`.
    pub fn eval(&self, i: i64) -> Result<i64, Error> {
        let o = add(self.offset, self.layout.eval(i)?).map_err(|k| {
            Error::new(
                Op::Eval,
                [Some(Operand::from(&self.layout)), Some(Operand::from(i))],
                k,
            )
        })?;
        Ok(self.swizzle.apply(o))
    }

    /// `(Sw ∘ offset ∘ L) ∘ B = Sw ∘ offset ∘ (L ∘ B)`: composition on the right.
    pub fn compose(&self, b: &Layout) -> Result<ComposedLayout, Error> {
        Ok(ComposedLayout {
            layout: composition(&self.layout, b)?,
            ..*self
        })
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}o{}o{}", self.swizzle, self.offset, self.layout)
    }
}
