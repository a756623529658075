//! Triton's `ColumnAction`: the basis vectors (columns) of one input dimension of a linear
//! layout permuted, some perhaps dropped, and the same rearrangement applied to the values that
//! dimension indexes (a thread's registers).

use core::fmt;

use super::dims::{Name, NOT_A_DIM};
use super::layout::LinearLayout;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::limits::{Limit, MAX_BITS};

/// An action that takes each column once at most.
const REPEATED: ErrorKind = ErrorKind::InvalidColumnAction {
    why: "a column action takes each column at most once",
};

/// An action that drops a column has no inverse.
const NOT_A_PERMUTATION: ErrorKind = ErrorKind::InvalidColumnAction {
    why: "only an action that keeps every column (a permutation) has an inverse",
};

/// Two actions that do not chain: the second must act on the columns the first leaves.
const NOT_CHAINED: ErrorKind = ErrorKind::InvalidColumnAction {
    why: "the second action must act on the same dimension and on as many columns as the first leaves",
};

/// Triton's `ColumnAction(action, inDim, inSizeLog2)`: column `i` of the result is column
/// `action[i]` of dimension `dim`, whose size is `2^in_bits`. Applied to a layout it permutes
/// (and perhaps drops) that dimension's bases; applied to the `2^in_bits` values the dimension
/// indexes it rearranges them the same way, so that layout and values stay in agreement.
///
/// # Examples
/// ```
/// use cute_core::linear::{ColumnAction, LinearLayout};
/// let a = ColumnAction::new(&[2, 0, 1], "register", 3).unwrap();
/// let l = LinearLayout::identity("register", 8, "dim0").unwrap();
/// assert_eq!(a.apply(&l).unwrap().basis(0), Some(4));
/// let mut out = [0; 8];
/// a.apply_values(&[0, 1, 2, 3, 4, 5, 6, 7], &mut out).unwrap();
/// assert_eq!(out, [0, 4, 1, 5, 2, 6, 3, 7]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColumnAction {
    action: [u8; MAX_BITS],
    len: u8,
    dim: Name,
    in_bits: u8,
}

impl ColumnAction {
    /// The action taking column `action[i]` of dimension `dim` (of `2^in_bits` elements) to
    /// column `i`.
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] for an entry `>= in_bits`;
    /// [`ErrorKind::InvalidColumnAction`] for an entry given twice (Triton leaves it unchecked;
    /// its values would then not be a rearrangement); [`ErrorKind::InvalidName`] for a name that
    /// is no identifier;
    /// [`ErrorKind::Capacity`] past [`MAX_BITS`] columns.
    pub fn new(action: &[usize], dim: &str, in_bits: usize) -> Result<ColumnAction, Error> {
        let err = |k| Error::new(Op::ColumnAction, [None, None], k);
        let dim = Name::new(dim).map_err(err)?;
        // Both count columns, the input bits of the layouts it acts on.
        if in_bits > MAX_BITS || action.len() > MAX_BITS {
            return Err(err(ErrorKind::Capacity {
                limit: Limit::InBits,
            }));
        }
        let mut taken = [false; MAX_BITS];
        let mut out = [0u8; MAX_BITS];
        for (slot, &a) in out.iter_mut().zip(action) {
            if a >= in_bits {
                return Err(err(ErrorKind::IndexOutOfRange {
                    index: a as i64,
                    size: in_bits as i64,
                }));
            }
            if core::mem::replace(&mut taken[a], true) {
                return Err(err(REPEATED));
            }
            *slot = a as u8;
        }
        Ok(ColumnAction {
            action: out,
            len: action.len() as u8,
            dim,
            in_bits: in_bits as u8,
        })
    }

    /// The action that keeps every column where it is (Triton's `ColumnAction::identity`).
    ///
    /// # Errors
    /// As [`ColumnAction::new`].
    pub fn identity(dim: &str, in_bits: usize) -> Result<ColumnAction, Error> {
        let all: [usize; MAX_BITS] = core::array::from_fn(|k| k);
        // Past MAX_BITS, `new` refuses `in_bits` itself.
        ColumnAction::new(all.get(..in_bits).unwrap_or(&all), dim, in_bits)
    }

    /// The columns taken, in their new order.
    #[must_use]
    pub fn action(&self) -> &[u8] {
        &self.action[..usize::from(self.len)]
    }

    /// The dimension acted on.
    #[must_use]
    pub fn dim(&self) -> &str {
        self.dim.as_str()
    }

    /// The number of bits (columns) of the dimension before the action.
    #[must_use]
    pub fn in_bits(&self) -> usize {
        usize::from(self.in_bits)
    }

    /// Whether every column stays where it is.
    #[must_use]
    pub fn is_identity(&self) -> bool {
        self.len == self.in_bits
            && self
                .action()
                .iter()
                .enumerate()
                .all(|(i, &a)| usize::from(a) == i)
    }

    /// `layout` with the bases of the acted-on dimension rearranged: basis `i` of the result is
    /// basis `action[i]` of `layout`; the other dimensions and the output sizes as they are
    /// (the result need not be surjective).
    ///
    /// # Errors
    /// [`ErrorKind::DimMismatch`] when `layout` has no such input dimension;
    /// [`ErrorKind::SizeMismatch`] when that dimension has another number of bits.
    pub fn apply(&self, layout: &LinearLayout) -> Result<LinearLayout, Error> {
        let err = |k| {
            Error::new(
                Op::ColumnAction,
                [Some(layout.into()), Some(self.into())],
                k,
            )
        };
        let k = layout.ins.find(self.dim).ok_or(NOT_A_DIM).map_err(err)?;
        let bits = layout.ins.get(k).map_or(0, |d| usize::from(d.bits));
        if bits != self.in_bits() {
            return Err(err(ErrorKind::SizeMismatch {
                what: "bits of the dimension",
                left: bits as i64,
                right: self.in_bits() as i64,
            }));
        }
        let mut ins = layout.ins;
        ins.d[k].bits = self.len;
        // The bases before the dimension, its rearranged ones, then those after it.
        let start = layout.ins.start(k);
        let mut bases = [0u64; MAX_BITS];
        let mut n = 0;
        for j in (0..start)
            .chain(self.action().iter().map(|&a| start + usize::from(a)))
            .chain(start + bits..layout.in_bits())
        {
            bases[n] = layout.bases[j];
            n += 1;
        }
        Ok(LinearLayout::from_packed(ins, layout.outs, &bases[..n]))
    }

    /// `values` (the `2^in_bits` values the dimension indexes) rearranged as [`apply`](Self::apply)
    /// rearranges the bases, into `out` (`2^len` values): value `j` of `out` is the value at the
    /// index whose bit `action[i]` is bit `i` of `j`. Triton's `apply(ValueRange)`.
    ///
    /// # Errors
    /// [`ErrorKind::SizeMismatch`] when `values` or `out` has another length.
    pub fn apply_values<T: Copy>(&self, values: &[T], out: &mut [T]) -> Result<(), Error> {
        let err = |k| Error::new(Op::ColumnAction, [Some(self.into()), None], k);
        let size = |what, len: usize, bits: u8| {
            if len == 1usize << bits {
                Ok(())
            } else {
                Err(err(ErrorKind::SizeMismatch {
                    what,
                    left: len as i64,
                    right: 1i64 << bits,
                }))
            }
        };
        size("values", values.len(), self.in_bits)?;
        size("out", out.len(), self.len)?;
        for (j, o) in out.iter_mut().enumerate() {
            let from = self
                .action()
                .iter()
                .enumerate()
                .filter(|&(i, _)| j >> i & 1 == 1)
                .fold(0usize, |x, (_, &a)| x | 1 << a);
            *o = values[from];
        }
        Ok(())
    }

    /// The action that undoes this one (Triton's `inverse`).
    ///
    /// # Errors
    /// [`ErrorKind::InvalidColumnAction`] when the action drops a column (only a permutation has
    /// an inverse).
    pub fn inverse(&self) -> Result<ColumnAction, Error> {
        if self.len != self.in_bits {
            return Err(Error::new(
                Op::ColumnAction,
                [Some(self.into()), None],
                NOT_A_PERMUTATION,
            ));
        }
        let mut inv = *self;
        for (i, &a) in self.action().iter().enumerate() {
            inv.action[usize::from(a)] = i as u8;
        }
        Ok(inv)
    }

    /// The action of this one followed by `other` (Triton's `leftCompose`:
    /// `ret(x) = other(self(x))`): `other.apply(self.apply(L)) == ret.apply(L)`. Triton asks for
    /// two permutations of the same size; here `other` may act on the columns this one leaves.
    ///
    /// # Errors
    /// [`ErrorKind::InvalidColumnAction`] unless `other` acts on the same dimension with as many
    /// bits as this action leaves.
    pub fn left_compose(&self, other: &ColumnAction) -> Result<ColumnAction, Error> {
        if other.dim != self.dim || other.in_bits != self.len {
            return Err(Error::new(
                Op::ColumnAction,
                [Some(self.into()), Some(other.into())],
                NOT_CHAINED,
            ));
        }
        let mut out = *other;
        for (slot, &o) in out.action.iter_mut().zip(other.action()) {
            *slot = self.action[usize::from(o)];
        }
        out.in_bits = self.in_bits;
        Ok(out)
    }
}

impl LinearLayout {
    /// The layout with the bases of input dimension `dim` rearranged by `action`, basis `i` of
    /// the result being basis `action[i]` (some perhaps dropped): `ColumnAction::new(action, dim,
    /// bits of dim)` applied, as Triton's `ColumnAction::apply(layout)`.
    ///
    /// # Errors
    /// As [`ColumnAction::new`] and [`ColumnAction::apply`]; [`ErrorKind::DimMismatch`] when the
    /// layout has no input dimension `dim`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::linear::LinearLayout;
    /// let l = LinearLayout::identity("register", 8, "dim0").unwrap();
    /// let r = l.column_action(&[2, 0, 1], "register").unwrap();
    /// assert_eq!((r.basis(0), r.basis(1), r.basis(2)), (Some(4), Some(1), Some(2)));
    /// ```
    pub fn column_action(&self, action: &[usize], dim: &str) -> Result<LinearLayout, Error> {
        let err = |k| Error::new(Op::ColumnAction, [Some(self.into()), None], k);
        let name = Name::new(dim).map_err(err)?;
        let k = self.ins.find(name).ok_or(NOT_A_DIM).map_err(err)?;
        let bits = self.ins.get(k).map_or(0, |d| usize::from(d.bits));
        ColumnAction::new(action, dim, bits)?.apply(self)
    }
}

/// Triton's `toString`: `ColumnAction([2, 0, 1], register, 3)`.
impl fmt::Display for ColumnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ColumnAction([")?;
        for (i, a) in self.action().iter().enumerate() {
            write!(f, "{}{a}", if i == 0 { "" } else { ", " })?;
        }
        write!(f, "], {}, {})", self.dim, self.in_bits)
    }
}

impl fmt::Debug for ColumnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<&ColumnAction> for Operand {
    fn from(a: &ColumnAction) -> Self {
        Operand::of(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::Dim;

    fn d(n: &str, s: i64) -> Dim {
        Dim::new(n, s).unwrap()
    }

    /// `register` (8) and `lane` (4) onto `dim0` (32), with register's bases `regs`.
    fn layout(regs: [i64; 3]) -> LinearLayout {
        LinearLayout::new(
            &[d("register", 8), d("lane", 4)],
            &[d("dim0", 32)],
            &[&[regs[0]], &[regs[1]], &[regs[2]], &[8], &[16]],
        )
        .unwrap()
    }

    fn regs(l: &LinearLayout) -> Vec<u64> {
        let bits = l.ins().next().unwrap().bits;
        (0..usize::from(bits))
            .map(|k| l.basis(k).unwrap())
            .collect()
    }

    /// The examples of Triton's `LinearLayout.h`.
    #[test]
    fn tritons_examples() {
        let a = ColumnAction::new(&[2, 0, 1], "register", 3).unwrap();
        assert_eq!(regs(&a.apply(&layout([1, 2, 4])).unwrap()), [4, 1, 2]);
        let b = ColumnAction::new(&[2, 0], "register", 3).unwrap();
        let dropped = b.apply(&layout([1, 4, 2])).unwrap();
        assert_eq!(
            layout([1, 4, 2])
                .column_action(&[2, 0], "register")
                .unwrap(),
            dropped
        );
        assert!(layout([1, 4, 2]).column_action(&[2, 0], "warp").is_err());
        assert_eq!(regs(&dropped), [2, 1]);
        // The other dimension and the output sizes stay.
        assert_eq!(dropped.basis(2), Some(8));
        assert_eq!(dropped.out_bits(), 5);
        let mut out = [0; 8];
        a.apply_values(&[0, 1, 2, 3, 4, 5, 6, 7], &mut out).unwrap();
        assert_eq!(out, [0, 4, 1, 5, 2, 6, 3, 7]);
        assert_eq!(a.to_string(), "ColumnAction([2, 0, 1], register, 3)");
        assert!(ColumnAction::identity("register", 3).unwrap().is_identity());
        assert!(!a.is_identity() && !b.is_identity());
    }

    /// The actions on `in_bits` columns that take each at most once.
    fn actions(in_bits: usize) -> Vec<ColumnAction> {
        let mut out = Vec::new();
        for len in 0..=in_bits {
            for code in 0..in_bits.pow(len as u32) {
                let action: Vec<usize> = (0..len)
                    .map(|i| code / in_bits.pow(i as u32) % in_bits)
                    .collect();
                if let Ok(a) = ColumnAction::new(&action, "register", in_bits) {
                    out.push(a);
                }
            }
        }
        out
    }

    /// Every action on 3 columns: the values follow the layout (value `j` of the result is at
    /// the input the applied layout maps like `j`), the inverse undoes a permutation, and
    /// `left_compose` with every action on the columns it leaves is the two one after the other.
    #[test]
    fn values_follow_the_layout_and_actions_chain() {
        let l = layout([1, 2, 4]);
        // 1 + 3 + 6 + 6 actions take distinct columns.
        assert_eq!(actions(3).len(), 16);
        assert_eq!(
            (actions(2).len(), actions(1).len(), actions(0).len()),
            (5, 2, 1)
        );
        for a in &actions(3) {
            let applied = a.apply(&l).unwrap();
            let values: Vec<i64> = (0..8).collect();
            let mut out = vec![0; 1 << a.action().len()];
            a.apply_values(&values, &mut out).unwrap();
            for (j, &v) in out.iter().enumerate() {
                assert_eq!(
                    applied.apply(&[j as i64, 0]).unwrap()[0],
                    l.apply(&[v, 0]).unwrap()[0],
                    "{a} at {j}"
                );
            }
            match a.inverse() {
                Ok(inv) => {
                    assert_eq!(inv.apply(&applied).unwrap(), l, "{a}");
                    assert!(a.left_compose(&inv).unwrap().is_identity());
                }
                Err(e) => assert!(a.action().len() < 3, "{a}: {e}"),
            }
            // Triton chains two permutations; a dropping action chains with one on what it
            // leaves.
            for b in actions(a.action().len()) {
                assert_eq!(
                    a.left_compose(&b).unwrap().apply(&l).unwrap(),
                    b.apply(&applied).unwrap(),
                    "{a} then {b}"
                );
            }
        }
    }

    #[test]
    fn bad_actions_are_named() {
        let code = |r: Result<ColumnAction, Error>| r.unwrap_err().code();
        assert_eq!(
            code(ColumnAction::new(&[3], "register", 3)),
            "index_out_of_range"
        );
        assert_eq!(
            code(ColumnAction::new(&[1, 1], "register", 3)),
            "invalid_column_action"
        );
        assert_eq!(code(ColumnAction::new(&[0], "9x", 3)), "invalid_name");
        assert_eq!(
            code(ColumnAction::identity("register", MAX_BITS + 1)),
            "capacity"
        );
        let a = ColumnAction::new(&[1, 0], "register", 2).unwrap();
        // The layout's register has 3 bits, the action's 2; `warp` is no dimension of it.
        let e = a.apply(&layout([1, 2, 4])).unwrap_err();
        assert_eq!(e.code(), "size_mismatch", "{e}");
        let w = ColumnAction::new(&[0], "warp", 1).unwrap();
        assert_eq!(
            w.apply(&layout([1, 2, 4])).unwrap_err().code(),
            "dim_mismatch"
        );
        let mut out = [0; 4];
        assert!(a.apply_values(&[0; 8], &mut out).is_err());
        assert!(a.apply_values(&[0; 4], &mut out[..2]).is_err());
        assert_eq!(
            code(ColumnAction::new(&[1], "register", 2).unwrap().inverse()),
            "invalid_column_action"
        );
        assert_eq!(code(a.left_compose(&w)), "invalid_column_action");
        assert!(
            e.to_string().contains("ColumnAction([1, 0], register, 2)"),
            "{e}"
        );
    }
}
