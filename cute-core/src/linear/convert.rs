//! Conversions between linear layouts and CuTe layouts, swizzled or not.

use super::dims::{Dim, Dims, Name};
use super::layout::LinearLayout;
use crate::algebra::coalesce::coalesce_leaves;
use crate::error::{Error, ErrorKind, Op};
use crate::layout::Layout;
use crate::limits::{Limit, MAX_BITS, MAX_OUT_BITS};

impl LinearLayout {
    /// The linear layout of a CuTe layout with power-of-two shapes whose bases share no bit: the
    /// basis of bit `j` of a mode of stride `d >= 0` is `d << j` (a mode of size one has none,
    /// whatever its stride). Its sums then never carry and equal XORs, and a layout of
    /// power-of-two size is linear over F2 exactly then. Input `index` (its `size`), output
    /// `offset` (`cosize` rounded up to a power of two). `(2,2):(3,12)` is one; `4:3` is not,
    /// as `1·3 + 2·3 = 9` where `3 XOR 6 = 5`.
    ///
    /// # Errors
    /// [`ErrorKind::NotLinear`] naming the first mode whose shape is not a power of two, whose
    /// stride is negative, or whose bits overlap a basis before them; [`ErrorKind::Capacity`]
    /// past [`MAX_BITS`] input bits or [`MAX_OUT_BITS`] output bits.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{linear::LinearLayout, Layout};
    /// let l: Layout = "(4,(2,2)):(2,(1,8))".parse().unwrap();
    /// let h = LinearLayout::from_layout(&l).unwrap();
    /// for i in 0..l.size() {
    ///     assert_eq!(h.apply(&[i]).unwrap()[0], l.eval(i).unwrap());
    /// }
    /// assert_eq!(h.to_layout().unwrap().to_string(), "(4,2,2):(2,1,8)");
    /// ```
    pub fn from_layout(l: &Layout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ToLinearLayout, [Some(l.into()), None], k);
        let (s, d) = (l.shape().leaves(), l.stride().leaves());
        let mut used = 0u64;
        let mut bases = [0u64; MAX_BITS];
        let mut n = 0usize;
        for (mode, (&s, &d)) in s.iter().zip(d).enumerate() {
            let pow2 = |x: i64| x > 0 && x & (x - 1) == 0;
            if s == 1 {
                // A mode of size 1 adds nothing, whatever its stride.
                continue;
            }
            if !pow2(s) || d < 0 {
                return Err(err(ErrorKind::NotLinear { mode }));
            }
            let sb = s.trailing_zeros() as usize;
            if n + sb > MAX_BITS {
                return Err(err(ErrorKind::Capacity {
                    limit: Limit::InBits,
                }));
            }
            // Bit `j` of the coordinate adds `d << j`: the sums equal XORs exactly when no two
            // of these bases, in this mode or an earlier one, share a bit.
            for j in 0..sb {
                let b = if d == 0 {
                    0
                } else if 64 - d.leading_zeros() as usize + j > MAX_OUT_BITS {
                    return Err(err(ErrorKind::Capacity {
                        limit: Limit::OutBits,
                    }));
                } else {
                    (d as u64) << j
                };
                if used & b != 0 {
                    return Err(err(ErrorKind::NotLinear { mode }));
                }
                used |= b;
                bases[n + j] = b;
            }
            n += sb;
        }
        let out_bits = 64 - used.leading_zeros() as u8;
        let ins = Dims::of(
            &[Dim {
                name: Name::new("index").map_err(err)?,
                bits: n as u8,
            }],
            Limit::InBits,
        )
        .map_err(err)?;
        let outs = Dims::of(
            &[Dim {
                name: Name::new("offset").map_err(err)?,
                bits: out_bits,
            }],
            Limit::OutBits,
        )
        .map_err(err)?;
        Ok(LinearLayout { ins, outs, bases })
    }

    /// The linear layout of a swizzled layout `Sw<B,M,S> ∘ 0 ∘ L` (the swizzled rows of Cecka,
    /// *CuTe Layout Representation and Algebra*; Bhaskaracharya, Acharya, Hagedorn, Grover,
    /// *Modeling Layout Abstractions Using Integer Set Relations*, §4): `L` as
    /// [`LinearLayout::from_layout`] converts it, then the swizzle, which is linear over F2
    /// (`x ⊕ ((x & mask) >> S)`), applied to each basis. The output dimension `offset` covers every
    /// bit a basis reaches.
    ///
    /// # Errors
    /// [`ErrorKind::AffineOffset`] for a nonzero offset (a linear layout maps 0 to 0); the errors
    /// of [`LinearLayout::from_layout`] for `L`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{linear::LinearLayout, ComposedLayout, Layout, Swizzle};
    /// let l: Layout = "(8,8):(8,1)".parse().unwrap();
    /// let c = ComposedLayout::new(Swizzle::new(2, 0, 3).unwrap(), 0, l);
    /// let h = LinearLayout::from_swizzled(&c).unwrap();
    /// for i in 0..64 {
    ///     assert_eq!(h.apply(&[i]).unwrap()[0], c.eval(i).unwrap());
    /// }
    /// ```
    pub fn from_swizzled(c: &crate::ComposedLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ToLinearLayout, [Some(c.layout().into()), None], k);
        if c.offset() != 0 {
            return Err(err(ErrorKind::AffineOffset { offset: c.offset() }));
        }
        let mut h = LinearLayout::from_layout(c.layout())?;
        let sw = c.swizzle();
        let mut reach = 0u64;
        let n = h.in_bits();
        for b in h.bases.iter_mut().take(n) {
            // The bases fit in 62 bits, and so does the swizzle's range (`Swizzle::new`).
            *b = sw.apply(*b as i64) as u64;
            reach |= *b;
        }
        let bits = (64 - reach.leading_zeros() as usize).max(h.out_bits());
        if bits > MAX_OUT_BITS {
            return Err(err(ErrorKind::Capacity {
                limit: Limit::OutBits,
            }));
        }
        let offset = Dim {
            name: Name::new("offset").map_err(err)?,
            bits: bits as u8,
        };
        h.outs = Dims::of(&[offset], Limit::OutBits).map_err(err)?;
        Ok(h)
    }

    /// The CuTe layout of a linear layout with one input and one output dimension whose bases
    /// share no bit (then sums equal XORs): one mode `2:b` per input bit, coalesced. This is
    /// exactly when one represents it: two bases that share a bit add to something else than
    /// their XOR.
    ///
    /// # Errors
    /// [`ErrorKind::NotStrided`] naming the first basis that shares a bit with an earlier one
    /// (XOR cancels where a sum carries); [`ErrorKind::DimMismatch`] for several dimensions on a
    /// side.
    pub fn to_layout(&self) -> Result<Layout, Error> {
        let err = |k| Error::new(Op::ToLayout, [Some(self.into()), None], k);
        if self.ins.n != 1 || self.outs.n != 1 {
            return Err(err(ErrorKind::DimMismatch {
                why: "a layout has one input and one output dimension",
            }));
        }
        let n = self.in_bits();
        if let Some((bit, basis)) = self.first_clash() {
            return Err(err(ErrorKind::NotStrided { bit, basis }));
        }
        let shape = [2i64; MAX_BITS];
        let mut stride = [0i64; MAX_BITS];
        for (k, &b) in self.bases[..n].iter().enumerate() {
            stride[k] = b as i64;
        }
        if n == 0 {
            return Ok(Layout::trivial());
        }
        // Coalesced as leaves: a layout holds fewer leaves than a linear layout has input bits.
        let (mut s, mut d) = ([0i64; MAX_BITS], [0i64; MAX_BITS]);
        let m = coalesce_leaves(&shape[..n], &stride[..n], &mut s, &mut d);
        let s = crate::IntTuple::flat_or_int(&s[..m]).map_err(err)?;
        let d = crate::IntTuple::flat_or_int(&d[..m]).map_err(err)?;
        Layout::from_parts(&s, &d).map_err(err)
    }

    /// The first input bit whose basis shares a bit with an earlier one, and that basis: where
    /// the bases stop being distinct powers of two or zeros (`NotStrided`).
    fn first_clash(&self) -> Option<(u8, i64)> {
        let mut seen = 0u64;
        for (k, &b) in self.bases[..self.in_bits()].iter().enumerate() {
            if seen & b != 0 {
                return Some((k as u8, b as i64));
            }
            seen |= b;
        }
        None
    }

    /// The swizzled layout `Sw<B,M,S> ∘ 0 ∘ L` of a linear layout with one input and one output
    /// dimension: the layout itself under the identity swizzle `Sw<0,0,0>` when
    /// [`LinearLayout::to_layout`] gives one, else, as CuTe's swizzled shared-memory layouts are,
    /// the swizzle of smallest `B` (then positive `S` first) under which the bases are 0 or
    /// distinct powers of two (`L` then has power-of-two strides). A swizzle is its own
    /// inverse, so `L` is the swizzle applied to the bases; it turns a basis into a power of two
    /// only when the basis is one already (outside the bits it reads) or is a pair of bits `|S|`
    /// apart (the bit it reads and the bit it writes). So the pairs give `|S|` (one gap for all),
    /// the span of their upper bits `B` and `M`, and nothing is searched.
    ///
    /// # Errors
    /// [`ErrorKind::NotSwizzled`] when no swizzle does; [`ErrorKind::DimMismatch`] for several
    /// dimensions on a side.
    ///
    /// # Postconditions
    /// `R(i) == L(i)` for every input `i` ([`LinearLayout::from_swizzled`] gives `L` back).
    ///
    /// # Examples
    /// ```
    /// use cute_core::{linear::LinearLayout, ComposedLayout, Layout, Swizzle};
    /// let c = ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, "(8,64):(64,1)".parse().unwrap());
    /// let h = LinearLayout::from_swizzled(&c).unwrap();
    /// // The swizzle and the layout it was made of, found from the bases alone.
    /// assert_eq!(h.to_swizzled().unwrap().to_string(), "Sw<3,3,3>o0o(8,64):(64,1)");
    /// ```
    pub fn to_swizzled(&self) -> Result<crate::ComposedLayout, Error> {
        // The clash is found again rather than read from `to_layout`'s error, whose condition a
        // GPU does not keep (`ErrorKind::OnDevice`).
        let strided = match self.to_layout() {
            Ok(l) => return Ok(crate::ComposedLayout::new(crate::Swizzle::identity(), 0, l)),
            Err(e) => e,
        };
        let clash = (self.ins.n == 1 && self.outs.n == 1)
            .then(|| self.first_clash())
            .flatten();
        let Some((bit, basis)) = clash else {
            return Err(strided.within(Op::ToSwizzled));
        };
        let fail = || {
            Error::new(
                Op::ToSwizzled,
                [Some(self.into()), None],
                ErrorKind::NotSwizzled { bit, basis },
            )
        };
        // The pairs of bits: one gap, and the span of their upper bits.
        let (mut gap, mut low, mut high) = (None, u32::MAX, 0u32);
        for &b in &self.bases[..self.in_bits()] {
            match b.count_ones() {
                0 | 1 => {}
                2 => {
                    let (top, bottom) = (b.ilog2(), b.trailing_zeros());
                    if gap.is_some_and(|g| g != top - bottom) {
                        return Err(fail());
                    }
                    gap = Some(top - bottom);
                    (low, high) = (low.min(top), high.max(top));
                }
                _ => return Err(fail()),
            }
        }
        let Some(gap) = gap else {
            return Err(fail());
        };
        let (b, s) = (i64::from(high - low + 1), i64::from(gap));
        let m = i64::from(low) - s;
        for shift in [s, -s] {
            let Ok(sw) = crate::Swizzle::new(b, m, shift) else {
                continue;
            };
            let mut inner = *self;
            for x in inner.bases.iter_mut().take(self.in_bits()) {
                *x = sw.apply(*x as i64) as u64;
            }
            if let Ok(l) = inner.to_layout() {
                return Ok(crate::ComposedLayout::new(sw, 0, l));
            }
        }
        Err(fail())
    }
}
