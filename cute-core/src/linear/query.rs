//! What a linear layout's bases say about it, Triton's queries: `getNumConsecutiveInOut`,
//! `getFreeVariableMasks`, `equalIgnoringOutDimSizes` and `quotient`.

use super::dims::NOT_A_DIM;
use super::echelon::Echelon;
use super::layout::{mask, LinearLayout};
use crate::error::{Error, ErrorKind, Op};
use crate::limits::MAX_DIMS;

impl LinearLayout {
    /// How many consecutive inputs go to consecutive outputs (Triton's
    /// `getNumConsecutiveInOut`): `2^c`, where the first `c` bases of the first input dimension
    /// are `1, 2, 4, …` in the first output dimension and 0 in the others, and no other basis
    /// has a bit of the first output dimension below bit `c`. 1 for a layout without dimensions.
    ///
    /// # Postconditions
    /// A power of two `n` at most the first input dimension's size: `L(i) == L(0) + i` in the
    /// first output dimension for `i < n`, and inputs that differ elsewhere do not reach it.
    #[must_use]
    pub fn num_consecutive_in_out(&self) -> i64 {
        let (Some(first), Some(out)) = (self.ins.iter().next(), self.outs.iter().next()) else {
            return 1;
        };
        let low = mask(usize::from(out.bits));
        let mut c = 0;
        // `1 << c` is `2^c` in the first output dimension while `c` is below its bits.
        while c < usize::from(first.bits.min(out.bits)) && self.bases[c] == 1 << c {
            c += 1;
        }
        let other = self.bases[c..self.in_bits()]
            .iter()
            .fold(0u64, |acc, b| acc | (b & low));
        let zeros = if other == 0 {
            64
        } else {
            other.trailing_zeros()
        };
        1i64 << c.min(zeros as usize)
    }

    /// For each input dimension in order, the mask of its free bits (Triton's
    /// `getFreeVariableMasks`): bit `j` is set when that input bit's basis lies in the span of
    /// the bases of the bits before it (taken in the colexicographic order), so that it changes
    /// no output beyond what those bits reach. Entries past the input dimensions are 0.
    ///
    /// # Postconditions
    /// The free bits number `in_bits() - rank()`.
    #[must_use]
    pub fn free_variable_masks(&self) -> [u64; MAX_DIMS] {
        let mut masks = [0u64; MAX_DIMS];
        let mut span = Echelon::of(&[]);
        for (k, d) in self.ins.iter().enumerate() {
            for j in 0..usize::from(d.bits) {
                // A basis outside the span becomes a new pivot: the rank grows.
                let rank = span.rank;
                span.preimage_or_free(self.bases[self.ins.start(k) + j]);
                if span.rank == rank {
                    masks[k] |= 1 << j;
                }
            }
        }
        masks
    }

    /// Whether the two layouts have the same input dimensions, the same output dimension names
    /// in the same order and the same bases, whatever the output sizes (Triton's
    /// `equalIgnoringOutDimSizes`).
    #[must_use]
    pub fn equal_ignoring_out_dim_sizes(&self, other: &LinearLayout) -> bool {
        self.ins == other.ins
            && self.outs.n == other.outs.n
            && (self.outs.iter().zip(other.outs.iter())).all(|(a, b)| a.name == b.name)
            && (0..self.in_bits()).all(|k| {
                (0..usize::from(self.outs.n)).all(|o| {
                    self.outs.field(self.bases[k], o) == other.outs.field(other.bases[k], o)
                })
            })
    }

    /// The layout without the dimensions `names` (Triton's `quotient`), where the layout is
    /// the identity on them apart from the rest: each is an input and an output dimension of the
    /// same size mapped to itself as the identity, the other inputs reach none of them and they
    /// reach none of the other outputs. The rest is `sublayout` of the remaining dimensions.
    ///
    /// # Errors
    /// [`ErrorKind::DimMismatch`] naming why the layout is not trivial over `names` (a name
    /// that is not a dimension of both sides included).
    ///
    /// # Postconditions
    /// `L == R * (identity on names)` up to the order of dimensions.
    pub fn quotient(&self, names: &[&str]) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::Quotient, [Some(self.into()), None], k);
        let not_trivial = |why| err(ErrorKind::DimMismatch { why });
        let (rest_ins, ni) = self.ins.names_except(names);
        let (rest_outs, no) = self.outs.names_except(names);
        let on = self.sublayout(names, names).map_err(|e| err(e.kind))?;
        let (n_in, n_out) = (usize::from(on.ins.n), usize::from(on.outs.n));
        if n_in != names.len() || n_out != names.len() {
            return Err(err(NOT_A_DIM));
        }
        let square = on.ins.iter().zip(on.outs.iter()).all(|(i, o)| i == o);
        let identity = (0..on.in_bits()).all(|k| on.bases[k] == 1 << k);
        if !(square && identity) {
            return Err(not_trivial(
                "the layout must map the quotient's dimensions to themselves as the identity",
            ));
        }
        let zero = |ins: &[&str], outs: &[&str]| -> Result<bool, Error> {
            let s = self.sublayout(ins, outs).map_err(|e| err(e.kind))?;
            Ok(s.bases[..s.in_bits()].iter().all(|&b| b == 0))
        };
        if !zero(&rest_ins[..ni], names)? || !zero(names, &rest_outs[..no])? {
            return Err(not_trivial(
                "the quotient's dimensions must not mix with the others, in or out",
            ));
        }
        self.sublayout(&rest_ins[..ni], &rest_outs[..no])
            .map_err(|e| err(e.kind))
    }
}
