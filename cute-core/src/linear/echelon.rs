//! Gaussian elimination over F2: the rank, inverses and solutions of a set of bit vectors.

/// The rank over F2 of the vectors `v`, and a reduced basis of their span (Gaussian elimination,
/// one pivot per bit): `pivot[b]` is a vector whose highest set bit is `b`, with the
/// combination of inputs that makes it in `comb[b]`.
pub(super) struct Echelon {
    pub(super) pivot: [u64; 64],
    pub(super) comb: [u64; 64],
    pub(super) rank: usize,
}

impl Echelon {
    pub(super) fn of(v: &[u64]) -> Echelon {
        let mut e = Echelon {
            pivot: [0; 64],
            comb: [0; 64],
            rank: 0,
        };
        for (k, &x) in v.iter().enumerate() {
            let (mut x, mut c) = (x, 1u64 << k);
            while x != 0 {
                let b = 63 - x.leading_zeros() as usize;
                if e.pivot[b] == 0 {
                    (e.pivot[b], e.comb[b]) = (x, c);
                    e.rank += 1;
                    break;
                }
                x ^= e.pivot[b];
                c ^= e.comb[b];
            }
        }
        e
    }

    /// `R(y)` for the left inverse `R` that is 0 on the directions completing the span: `y`
    /// reduced by the pivots (each pivot's `comb` is its value under `R`); what is left is a new
    /// free direction, kept as a pivot of value 0.
    pub(super) fn preimage_or_free(&mut self, y: u64) -> u64 {
        let (mut x, mut c) = (y, 0u64);
        while x != 0 {
            let b = 63 - x.leading_zeros() as usize;
            if self.pivot[b] == 0 {
                (self.pivot[b], self.comb[b]) = (x, 0);
                self.rank += 1;
                break;
            }
            x ^= self.pivot[b];
            c ^= self.comb[b];
        }
        c
    }

    /// The combination of inputs whose image is `y`, if `y` is in the span.
    pub(super) fn solve(&self, mut y: u64) -> Option<u64> {
        let mut c = 0u64;
        while y != 0 {
            let b = 63 - y.leading_zeros() as usize;
            if self.pivot[b] == 0 {
                return None;
            }
            y ^= self.pivot[b];
            c ^= self.comb[b];
        }
        Some(c)
    }
}
