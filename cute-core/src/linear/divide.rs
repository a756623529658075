//! Division of linear layouts, Triton's `divideLeft` and `divideRight`: the `C` with
//! `A = B * C` (or `A = C * B`) where one exists.

use super::dims::{Dim, Dims};
use super::layout::LinearLayout;
use crate::error::{Error, ErrorKind, Op};
use crate::limits::{Limit, MAX_BITS, MAX_DIMS};

/// Why a division has no quotient.
const NOT_CONTAINED: ErrorKind = ErrorKind::DimMismatch {
    why: "every dimension of the divisor must be a dimension of A, of at most A's size",
};
const NOT_BLOCKED: ErrorKind = ErrorKind::DimMismatch {
    why: "A is not the block matrix of the divisor and a quotient: its bits of the divisor's \
          dimensions are not the divisor's, or the others reach into them",
};
const ORDER: ErrorKind = ErrorKind::DimMismatch {
    why: "the product of the divisor and the quotient orders the dimensions differently from A",
};

/// `C`'s dimensions: each of `a`'s, less the bits `b` has of it.
fn quotient_dims(a: &Dims, b: &Dims, bits: Limit) -> Result<Dims, ErrorKind> {
    if b.iter()
        .any(|d| a.find(d.name).is_none() || a.bits_of(d.name) < usize::from(d.bits))
    {
        return Err(NOT_CONTAINED);
    }
    let mut dims = [Dim::UNUSED; MAX_DIMS];
    for (k, d) in a.iter().enumerate() {
        dims[k] = Dim {
            name: d.name,
            bits: d.bits - b.bits_of(d.name) as u8,
        };
    }
    Dims::of(&dims[..a.iter().count()], bits)
}

/// The value of `a`'s output dimension `k` in the basis `v` of `a`, and of the same dimension
/// in `b`'s basis `w` (0 where `b` lacks it).
fn fields(a: &LinearLayout, b: &LinearLayout, v: u64, w: u64, k: usize) -> (i64, i64) {
    let name = a.outs.get(k).map(|d| d.name);
    let in_b = name.and_then(|n| b.outs.find(n));
    (a.outs.field(v, k), in_b.map_or(0, |kb| b.outs.field(w, kb)))
}

impl LinearLayout {
    /// `divideLeft(A, B)`: the `C` with `A = B * C` (Triton's), with `A`'s dimensions in `A`'s
    /// order, each of `C`'s sizes `A`'s over `B`'s. It exists when every dimension of `B` is one
    /// of `A` and `A` is, on each pair of dimensions, the block matrix `[[B, 0], [0, C]]`: the low
    /// bits of each input dimension of `A` are `B`'s, and the others reach only above `B`'s
    /// outputs.
    ///
    /// # Errors
    /// [`ErrorKind::DimMismatch`] naming which of these fails (Triton returns no value).
    ///
    /// # Postconditions
    /// `product(B, C) == A`, checked before `C` is returned.
    pub fn divide_left(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::DivideLeft, [Some(a.into()), Some(b.into())], k);
        let ins = quotient_dims(&a.ins, &b.ins, Limit::InBits).map_err(err)?;
        let outs = quotient_dims(&a.outs, &b.outs, Limit::OutBits).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (ki, d) in a.ins.iter().enumerate() {
            let below = b.ins.bits_of(d.name);
            let kb = b.ins.find(d.name);
            for j in 0..usize::from(d.bits) {
                let v = a.bases[a.ins.start(ki) + j];
                let w = match kb {
                    Some(kb) if j < below => b.bases[b.ins.start(kb) + j],
                    _ => 0,
                };
                let mut c = 0u64;
                for (ko, o) in a.outs.iter().enumerate() {
                    let (x, y) = fields(a, b, v, w, ko);
                    let low = b.outs.bits_of(o.name);
                    if j < below {
                        // `B`'s bit: `A` holds `B`'s basis, nothing above it.
                        if x != y {
                            return Err(err(NOT_BLOCKED));
                        }
                    } else if x & ((1 << low) - 1) != 0 {
                        return Err(err(NOT_BLOCKED));
                    } else {
                        c |= ((x >> low) as u64) << outs.start(ko);
                    }
                }
                if j >= below {
                    bases[ins.start(ki) + j - below] = c;
                }
            }
        }
        let c = LinearLayout { ins, outs, bases };
        match LinearLayout::product(b, &c) {
            Ok(p) if p == *a => Ok(c),
            _ => Err(err(ORDER)),
        }
    }

    /// `divideRight(A, B)`: the `C` with `A = C * B` (Triton's), with `A`'s dimensions in `A`'s
    /// order: the low bits of each input dimension of `A` are `C`'s, below `C`'s output sizes,
    /// and the high ones `B`'s, above them.
    ///
    /// # Errors
    /// [`ErrorKind::DimMismatch`] naming which condition fails (Triton returns no value).
    ///
    /// # Postconditions
    /// `product(C, B) == A`, checked before `C` is returned.
    pub fn divide_right(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::DivideRight, [Some(a.into()), Some(b.into())], k);
        let ins = quotient_dims(&a.ins, &b.ins, Limit::InBits).map_err(err)?;
        let outs = quotient_dims(&a.outs, &b.outs, Limit::OutBits).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (ki, d) in a.ins.iter().enumerate() {
            let own = usize::from(d.bits) - b.ins.bits_of(d.name);
            let kb = b.ins.find(d.name);
            for j in 0..usize::from(d.bits) {
                let v = a.bases[a.ins.start(ki) + j];
                let w = match kb {
                    Some(kb) if j >= own => b.bases[b.ins.start(kb) + j - own],
                    _ => 0,
                };
                let mut c = 0u64;
                for ko in 0..usize::from(a.outs.n) {
                    let (x, y) = fields(a, b, v, w, ko);
                    let low = outs.get(ko).map_or(0, |o| o.bits);
                    if j < own {
                        // `C`'s bit: below `C`'s size in every output.
                        if x >> low != 0 {
                            return Err(err(NOT_BLOCKED));
                        }
                        c |= (x as u64) << outs.start(ko);
                    } else if x & ((1 << low) - 1) != 0 || x >> low != y {
                        return Err(err(NOT_BLOCKED));
                    }
                }
                if j < own {
                    bases[ins.start(ki) + j] = c;
                }
            }
        }
        let c = LinearLayout { ins, outs, bases };
        match LinearLayout::product(&c, b) {
            Ok(p) if p == *a => Ok(c),
            _ => Err(err(ORDER)),
        }
    }
}
