//! The layout algebra (Cecka, *CuTe Layout Representation and Algebra*, §3): coalesce, composition,
//! complement, inverses, divides, products. `coalesce`, `composition`, `complement` and the
//! inverses have their own algorithms; every other operation is a short expression over those, as
//! in CuTe `layout.hpp`.

pub(crate) mod by_mode;
pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
mod leaf_walk;
pub mod max_common;
pub mod nullspace;
pub mod product;
pub mod recast;
mod trace;
pub(crate) mod verify;
pub(crate) mod walk;

use crate::error::ErrorKind;
use crate::layout::{Layout, LayoutBuilder};
use crate::limits::{Limit, MAX_LAYOUT_LEAVES};

/// The modes a [`Flat`] holds: a layout's leaves and one more (the last mode of a complement or
/// an inverse before it is coalesced).
pub(crate) const FLAT_MODES: usize = MAX_LAYOUT_LEAVES + 1;

/// A flat layout `(s0,s1,...):(d0,d1,...)` held in arrays: the working form of the algorithms.
#[derive(Clone, Copy)]
pub(crate) struct Flat {
    pub(crate) n: usize,
    pub(crate) s: [i64; FLAT_MODES],
    pub(crate) d: [i64; FLAT_MODES],
}

impl Flat {
    pub(crate) const fn new() -> Self {
        Flat {
            n: 0,
            s: [0; FLAT_MODES],
            d: [0; FLAT_MODES],
        }
    }

    pub(crate) fn push(&mut self, s: i64, d: i64) -> Result<(), ErrorKind> {
        // A layout's leaves and the one mode more it may take before it is coalesced.
        if self.n >= FLAT_MODES {
            return Err(ErrorKind::Capacity {
                limit: Limit::LayoutLeaves,
            });
        }
        self.s[self.n] = s;
        self.d[self.n] = d;
        self.n += 1;
        Ok(())
    }

    /// The modes as slices.
    pub(crate) fn as_ref(&self) -> FlatRef<'_> {
        FlatRef {
            n: self.n,
            s: &self.s[..self.n],
            d: &self.d[..self.n],
        }
    }

    pub(crate) fn shape(&self) -> &[i64] {
        &self.s[..self.n]
    }

    pub(crate) fn stride(&self) -> &[i64] {
        &self.d[..self.n]
    }

    /// As a layout: `s:d` for one mode, a flat tuple otherwise.
    pub(crate) fn layout(&self) -> Result<Layout, ErrorKind> {
        self.as_ref().layout()
    }
}

/// The modes of a flat layout, borrowed: what the composition walk reads.
#[derive(Clone, Copy)]
pub(crate) struct FlatRef<'a> {
    pub(crate) n: usize,
    pub(crate) s: &'a [i64],
    pub(crate) d: &'a [i64],
}

impl FlatRef<'_> {
    /// As a layout: `s:d` for one mode, a flat tuple otherwise.
    pub(crate) fn layout(&self) -> Result<Layout, ErrorKind> {
        let mut b = LayoutBuilder::new();
        if let ([s], [d]) = (self.s, self.d) {
            b.leaf(*s, *d)?;
        } else {
            b.open()?;
            for (&s, &d) in self.s.iter().zip(self.d) {
                b.leaf(s, d)?;
            }
            b.close()?;
        }
        b.finish()
    }

    pub(crate) fn shape(&self) -> &[i64] {
        self.s
    }

    pub(crate) fn stride(&self) -> &[i64] {
        self.d
    }
}

/// CuTe's `exchange_sort` of mode indices by stride: the tie order of equal strides decides the
/// normal form of the inverses, so the same (unstable) sort is used.
pub(crate) fn sort_by_stride(stride: &[i64]) -> ([usize; FLAT_MODES], usize) {
    let n = stride.len();
    let mut key = [0i64; FLAT_MODES];
    let mut val = [0usize; FLAT_MODES];
    key[..n].copy_from_slice(stride);
    for (i, v) in val.iter_mut().enumerate().take(n) {
        *v = i;
    }
    for i in 0..n {
        for j in i + 1..n {
            if key[j] < key[i] {
                key.swap(i, j);
                val.swap(i, j);
            }
        }
    }
    (val, n)
}
