//! A linear layout's dimensions rearranged, its map unchanged (Triton's `transposeIns`,
//! `transposeOuts`, `flattenIns`, `flattenOuts`, `reshapeIns`, `reshapeOuts`). Bits are packed
//! colexicographically (the first dimension lowest), as Triton flattens them, so flattening and
//! reshaping only regroup the bits: the packed bases stay as they are.

use super::dims::{Dim, Dims, Name};
use super::layout::LinearLayout;
use crate::error::{Error, ErrorKind, Op};
use crate::limits::{Limit, MAX_BITS, MAX_DIMS};

/// An order that is not a permutation of a side's dimensions.
const NOT_A_PERMUTATION: ErrorKind = ErrorKind::DimMismatch {
    why: "the order must name each dimension of the side once",
};

impl LinearLayout {
    /// The same map with its input dimensions in the order `order` (Triton's `transposeIns`).
    ///
    /// # Preconditions
    /// `order` names each input dimension once ([`ErrorKind::DimMismatch`]; a name that is no
    /// valid name at all is [`ErrorKind::InvalidName`]).
    ///
    /// # Postconditions
    /// `R` maps the input whose dimension named `n` has value `v` where `L` does, for every
    /// assignment of values to names.
    pub fn transpose_ins(&self, order: &[&str]) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::TransposeIns, [Some(self.into()), None], k);
        let (ins, from) = permuted(&self.ins, order, Limit::InBits).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (p, &k) in from.iter().enumerate().take(usize::from(ins.n)) {
            let (at, to) = (self.ins.start(k), ins.start(p));
            let bits = usize::from(self.ins.get(k).map_or(0, |d| d.bits));
            bases[to..to + bits].copy_from_slice(&self.bases[at..at + bits]);
        }
        Ok(LinearLayout::from_packed(
            ins,
            self.outs,
            &bases[..self.in_bits()],
        ))
    }

    /// The same map with its output dimensions in the order `order` (Triton's
    /// `transposeOuts`).
    ///
    /// # Preconditions
    /// `order` names each output dimension once ([`ErrorKind::DimMismatch`]; a name that is no
    /// valid name at all is [`ErrorKind::InvalidName`]).
    ///
    /// # Postconditions
    /// For every input, `R`'s output dimension named `n` has the value of `L`'s.
    pub fn transpose_outs(&self, order: &[&str]) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::TransposeOuts, [Some(self.into()), None], k);
        let (outs, _) = permuted(&self.outs, order, Limit::OutBits).map_err(err)?;
        let mut bases = [0u64; MAX_BITS];
        for (b, &v) in bases.iter_mut().zip(&self.bases[..self.in_bits()]) {
            *b = self.outs.repack(v, &outs);
        }
        Ok(LinearLayout::from_packed(
            self.ins,
            outs,
            &bases[..self.in_bits()],
        ))
    }

    /// The same map with one input dimension, named as the first, of the product of their sizes
    /// (Triton's `flattenIns`); a layout without input dimensions as it is.
    ///
    /// # Postconditions
    /// `R(x_0 + |d_0|·x_1 + |d_0||d_1|·x_2 + …) == L(x_0, x_1, x_2, …)`.
    #[must_use]
    pub fn flatten_ins(&self) -> LinearLayout {
        LinearLayout {
            ins: flattened(&self.ins),
            ..*self
        }
    }

    /// The same map with one output dimension, named as the first, of the product of their
    /// sizes (Triton's `flattenOuts`); a layout without output dimensions as it is.
    ///
    /// # Postconditions
    /// `R(x) == y_0 + |d_0|·y_1 + |d_0||d_1|·y_2 + …` where `L(x) == (y_0, y_1, y_2, …)`.
    #[must_use]
    pub fn flatten_outs(&self) -> LinearLayout {
        LinearLayout {
            outs: flattened(&self.outs),
            ..*self
        }
    }

    /// The same map with its input bits grouped into the dimensions `dims`, the first lowest
    /// (Triton's `reshapeIns`: `flatten_ins`, then split).
    ///
    /// # Preconditions
    /// The sizes of `dims` multiply to the input size ([`ErrorKind::SizeMismatch`]); distinct
    /// names ([`ErrorKind::DuplicateDim`]), at most [`MAX_DIMS`] ([`ErrorKind::Capacity`]).
    pub fn reshape_ins(&self, dims: &[Dim]) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ReshapeIns, [Some(self.into()), None], k);
        let ins = regrouped(&self.ins, dims, Limit::InBits).map_err(err)?;
        Ok(LinearLayout { ins, ..*self })
    }

    /// The same map with its output bits grouped into the dimensions `dims`, the first lowest
    /// (Triton's `reshapeOuts`: `flatten_outs`, then split).
    ///
    /// # Preconditions
    /// As [`LinearLayout::reshape_ins`], for the output size.
    pub fn reshape_outs(&self, dims: &[Dim]) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ReshapeOuts, [Some(self.into()), None], k);
        let outs = regrouped(&self.outs, dims, Limit::OutBits).map_err(err)?;
        Ok(LinearLayout { outs, ..*self })
    }
}

/// The dimensions of `side` in the order of the names `order`, and for each new position the
/// old one.
fn permuted(
    side: &Dims,
    order: &[&str],
    bits: Limit,
) -> Result<(Dims, [usize; MAX_DIMS]), ErrorKind> {
    if order.len() != usize::from(side.n) {
        return Err(NOT_A_PERMUTATION);
    }
    let (mut dims, mut from) = ([Dim::UNUSED; MAX_DIMS], [0usize; MAX_DIMS]);
    for (p, name) in order.iter().enumerate() {
        let k = side.find(Name::new(name)?).ok_or(NOT_A_PERMUTATION)?;
        if from[..p].contains(&k) {
            return Err(NOT_A_PERMUTATION);
        }
        (dims[p], from[p]) = (side.get(k).unwrap_or(Dim::UNUSED), k);
    }
    Ok((Dims::of(&dims[..order.len()], bits)?, from))
}

/// One dimension named as the first of `side`, of all its bits; no dimension for none.
fn flattened(side: &Dims) -> Dims {
    let mut out = Dims {
        d: [Dim::UNUSED; MAX_DIMS],
        n: 0,
    };
    if let Some(first) = side.iter().next() {
        out.d[0] = Dim {
            name: first.name,
            bits: side.bits() as u8,
        };
        out.n = 1;
    }
    out
}

/// The dimensions `dims` in place of `side`'s, of the same total bits.
fn regrouped(side: &Dims, dims: &[Dim], bits: Limit) -> Result<Dims, ErrorKind> {
    let out = Dims::of(dims, bits)?;
    if out.bits() != side.bits() {
        return Err(ErrorKind::SizeMismatch {
            what: "size",
            left: 1i64 << side.bits(),
            right: 1i64 << out.bits(),
        });
    }
    Ok(out)
}
