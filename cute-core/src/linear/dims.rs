//! Dimensions of a linear layout: names, power-of-two sizes, and the packed fields of a side.

use core::fmt;

use crate::error::{ErrorKind, Operand};
use crate::limits::{Limit, MAX_DIMS, MAX_NAME};

/// A dimension's name, an ASCII identifier of at most [`MAX_NAME`] bytes kept inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name {
    pub(super) bytes: [u8; MAX_NAME],
    pub(super) len: u8,
}

impl Name {
    /// The name `s`: a letter or `_`, then letters, digits or `_` ([`ErrorKind::InvalidName`]).
    pub fn new(s: &str) -> Result<Name, ErrorKind> {
        let b = s.as_bytes();
        let ok = !b.is_empty()
            && b.len() <= MAX_NAME
            && (b[0].is_ascii_alphabetic() || b[0] == b'_')
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
        if !ok {
            return Err(ErrorKind::InvalidName);
        }
        let mut bytes = [0u8; MAX_NAME];
        bytes[..b.len()].copy_from_slice(b);
        Ok(Name {
            bytes,
            len: b.len() as u8,
        })
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is stored (`Name::new`).
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A named dimension of size `2^bits`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dim {
    /// Its name.
    pub name: Name,
    /// `log2` of its size.
    pub bits: u8,
}

impl Dim {
    /// An unused slot of an array of dimensions.
    pub(super) const UNUSED: Dim = Dim {
        name: Name {
            bytes: [0; MAX_NAME],
            len: 0,
        },
        bits: 0,
    };

    /// The dimension `name` of size `size`, a power of two ([`ErrorKind::NotPowerOfTwo`]).
    pub fn new(name: &str, size: i64) -> Result<Dim, ErrorKind> {
        if size <= 0 || size & (size - 1) != 0 {
            return Err(ErrorKind::NotPowerOfTwo { value: size });
        }
        Ok(Dim {
            name: Name::new(name)?,
            bits: size.trailing_zeros() as u8,
        })
    }

    /// Its size, `2^bits`.
    #[must_use]
    pub fn size(&self) -> i64 {
        1i64 << self.bits
    }
}

/// A name that is not a dimension of the layout.
pub(super) const NOT_A_DIM: ErrorKind = ErrorKind::DimMismatch {
    why: "a name is not a dimension of the layout",
};

/// Dimensions in order, inline.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Dims {
    /// The dimensions, [`Dim::UNUSED`] past `n` (no `Option`: the array stays within 128
    /// bytes, which a copy moves inline rather than through `memcpy`).
    pub(super) d: [Dim; MAX_DIMS],
    pub(super) n: u8,
}

impl Dims {
    /// The dimensions `dims`, of at most `bits` (input or output bits) in all.
    pub(super) fn of(dims: &[Dim], bits: Limit) -> Result<Dims, ErrorKind> {
        if dims.len() > MAX_DIMS {
            return Err(ErrorKind::Capacity { limit: Limit::Dims });
        }
        let mut d = [Dim::UNUSED; MAX_DIMS];
        let mut total = 0usize;
        for (k, x) in dims.iter().enumerate() {
            if dims[..k].iter().any(|y| y.name == x.name) {
                return Err(ErrorKind::DuplicateDim);
            }
            total += usize::from(x.bits);
            d[k] = *x;
        }
        if total > bits.value() {
            return Err(ErrorKind::Capacity { limit: bits });
        }
        Ok(Dims {
            d,
            n: dims.len() as u8,
        })
    }

    /// The dimensions of `self` named in `names`, in `self`'s order.
    pub(super) fn select(&self, names: &[&str]) -> Result<Dims, ErrorKind> {
        let mut keep = [false; MAX_DIMS];
        for n in names {
            keep[self.find(Name::new(n)?).ok_or(NOT_A_DIM)?] = true;
        }
        let mut out = Dims {
            d: [Dim::UNUSED; MAX_DIMS],
            n: 0,
        };
        for (k, d) in self.iter().enumerate() {
            if keep[k] {
                out.d[usize::from(out.n)] = d;
                out.n += 1;
            }
        }
        Ok(out)
    }

    /// The dimensions of `a` and `b` in an order of which each one's is a part (Triton's
    /// supremum: merged as two sorted lists, `a`'s first where both orders allow either); a
    /// shared one has both sizes' bits. Shared dimensions in different orders are
    /// [`ErrorKind::DimMismatch`].
    pub(super) fn merge(a: &Dims, b: &Dims, bits: Limit) -> Result<Dims, ErrorKind> {
        let mut out = Dims {
            d: [Dim::UNUSED; MAX_DIMS],
            n: 0,
        };
        let (mut i, mut j) = (0, 0);
        let (na, nb) = (usize::from(a.n), usize::from(b.n));
        while i < na || j < nb {
            let (x, y) = (a.d[..na].get(i).copied(), b.d[..nb].get(j).copied());
            let next = match (x, y) {
                (Some(x), _) if b.find(x.name).is_none() => {
                    i += 1;
                    x
                }
                (_, Some(y)) if a.find(y.name).is_none() => {
                    j += 1;
                    y
                }
                (Some(x), Some(y)) if x.name == y.name => {
                    (i, j) = (i + 1, j + 1);
                    Dim {
                        name: x.name,
                        bits: x.bits + y.bits,
                    }
                }
                _ => {
                    return Err(ErrorKind::DimMismatch {
                        why: "the dimensions both layouts have must come in the same order",
                    })
                }
            };
            if usize::from(out.n) == MAX_DIMS {
                return Err(ErrorKind::Capacity { limit: Limit::Dims });
            }
            out.d[usize::from(out.n)] = next;
            out.n += 1;
        }
        if out.bits() > bits.value() {
            return Err(ErrorKind::Capacity { limit: bits });
        }
        Ok(out)
    }

    /// The bits of the dimension named `name`, 0 when there is none.
    pub(super) fn bits_of(&self, name: Name) -> usize {
        self.find(name)
            .and_then(|k| self.get(k))
            .map_or(0, |d| usize::from(d.bits))
    }

    /// Dimension `k`, if there is one.
    pub(super) fn get(&self, k: usize) -> Option<Dim> {
        self.d[..usize::from(self.n)].get(k).copied()
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = Dim> + '_ {
        self.d[..usize::from(self.n)].iter().copied()
    }

    pub(super) fn bits(&self) -> usize {
        self.start(usize::from(self.n))
    }

    /// The first bit of dimension `k` in the colexicographic order.
    #[inline]
    pub(super) fn start(&self, k: usize) -> usize {
        // Plain loops over the used entries: what every application runs.
        let mut s = 0;
        for d in &self.d[..k.min(usize::from(self.n))] {
            s += usize::from(d.bits);
        }
        s
    }

    pub(super) fn find(&self, name: Name) -> Option<usize> {
        self.iter().position(|d| d.name == name)
    }

    /// Packs one value per dimension (each checked against its size) into bits.
    #[inline]
    pub(super) fn pack(&self, values: &[i64]) -> Result<u64, ErrorKind> {
        if values.len() != usize::from(self.n) {
            return Err(ErrorKind::RankMismatch {
                left: values.len(),
                right: usize::from(self.n),
            });
        }
        let (mut x, mut at) = (0u64, 0);
        for (d, &v) in self.d[..values.len()].iter().zip(values) {
            if !(0..d.size()).contains(&v) {
                return Err(ErrorKind::IndexOutOfRange {
                    index: v,
                    size: d.size(),
                });
            }
            x |= (v as u64) << at;
            at += u32::from(d.bits);
        }
        Ok(x)
    }

    /// The packed bits `x` of these dimensions re-packed as `to`'s, dimension by dimension by
    /// name (each value moved to its dimension's place in `to`; a dimension `to` lacks
    /// dropped). Every value must fit its dimension in `to`.
    pub(super) fn repack(&self, x: u64, to: &Dims) -> u64 {
        let mut y = 0u64;
        for (k, d) in self.iter().enumerate() {
            if let Some(p) = to.find(d.name) {
                y |= (self.field(x, k) as u64) << to.start(p);
            }
        }
        y
    }

    /// The names of the dimensions not in `names`, in order, and their number.
    pub(super) fn names_except<'a>(&'a self, names: &[&str]) -> ([&'a str; MAX_DIMS], usize) {
        let mut out = [""; MAX_DIMS];
        let mut n = 0;
        for d in &self.d[..usize::from(self.n)] {
            if !names.contains(&d.name.as_str()) {
                out[n] = d.name.as_str();
                n += 1;
            }
        }
        (out, n)
    }

    /// The value of dimension `k` in the packed bits `x`.
    pub(super) fn field(&self, x: u64, k: usize) -> i64 {
        let d = self.get(k).map_or(0, |d| d.bits);
        ((x >> self.start(k)) & ((1u64 << d) - 1)) as i64
    }
}

/// Dimensions in the notation of Bhaskaracharya et al. (*Modeling Layout Abstractions Using
/// Integer Set Relations*), `(register:4,lane:32)`.
pub(super) fn write_dims(
    f: &mut fmt::Formatter<'_>,
    dims: impl Iterator<Item = Dim>,
) -> fmt::Result {
    write!(f, "(")?;
    for (k, x) in dims.enumerate() {
        write!(
            f,
            "{}{}:{}",
            if k == 0 { "" } else { "," },
            x.name,
            x.size()
        )?;
    }
    write!(f, ")")
}

/// A dimension `name:size` as an error's operand, valid or not.
pub(crate) fn dim_operand(name: &str, size: i64) -> Operand {
    Operand::of(&format_args!("{name}:{size}"))
}

/// `crd=(...)` or `idx=(...)`: the dimensions of a layout being built, for its errors.
pub(super) struct DimList<'a>(pub(super) &'static str, pub(super) &'a [Dim]);

impl fmt::Display for DimList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=", self.0)?;
        write_dims(f, self.1.iter().copied())
    }
}
