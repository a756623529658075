//! Mutual refinement of two nested tuples (Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of
//! CuTe Layout Algebra and Category-theoretic Interpretation*, §5): the first step of composing
//! morphisms whose codomain and domain differ.

use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::{Builder, IntTuple, View, MAX_LEAVES};
use crate::limits::Limit;

/// The pieces one tuple's entries are cut into: `(entry, size)`, in order.
struct Pieces {
    entry: [u8; 2 * MAX_LEAVES],
    size: [i64; 2 * MAX_LEAVES],
    len: usize,
}

impl Pieces {
    const EMPTY: Pieces = Pieces {
        entry: [0; 2 * MAX_LEAVES],
        size: [0; 2 * MAX_LEAVES],
        len: 0,
    };

    /// One more piece of entry `i`.
    fn push(&mut self, i: usize, size: i64) {
        // Each piece of a side comes with a step past an entry of `T` or of `U`: at most
        // `2 · MAX_LEAVES` pieces.
        self.entry[self.len] = i as u8;
        self.size[self.len] = size;
        self.len += 1;
    }

    /// `t` with each entry replaced by its pieces: one piece stays an integer, several become a
    /// flat tuple; the nesting of `t` is kept.
    fn apply(&self, t: &IntTuple) -> Result<IntTuple, ErrorKind> {
        let mut b = Builder::new();
        let mut next = 0;
        self.write(t.view(), &mut b, &mut next)?;
        Ok(b.finish())
    }

    /// Writes node `v` with its leaves from entry `next` on replaced by their pieces.
    fn write(&self, v: View<'_>, b: &mut Builder, next: &mut usize) -> Result<(), ErrorKind> {
        if v.is_tuple() {
            b.open()?;
            for c in v.children() {
                self.write(c, b, next)?;
            }
            return b.close();
        }
        let i = *next;
        *next += 1;
        let mine = (0..self.len).filter(|&k| usize::from(self.entry[k]) == i);
        let several = mine.clone().nth(1).is_some();
        if several {
            b.open()?;
        }
        for k in mine {
            b.int(self.size[k])?;
        }
        if several {
            b.close()?;
        }
        Ok(())
    }
}

/// `mutual_refinement(T, U)`: `(T', U')` with `T'` refining `T`, `U'` refining `U`
/// and `flatten(T')` a prefix of `flatten(U')`, found greedily on the flattenings: the leading
/// entries of both are cut at each other's sizes until `T` is used up (entries of size 1 left in
/// `T` once `U` is used up join `U`'s last entry as pieces 1); the `U` entry then open keeps its
/// remainder, the later ones stay whole. An entry cut into one piece stays an integer, into
/// several a flat tuple; both keep their nesting.
///
/// # Errors
/// [`ErrorKind::NotMutuallyRefinable`] (code `not_mutually_refinable`) naming the two sizes
/// that do not divide each other, or the two tuples' sizes when `T` has entries left over (its
/// size exceeds `U`'s, or `U` has no entry at all);
/// [`ErrorKind::Capacity`] past [`MAX_LEAVES`] pieces a side.
///
/// # Examples
/// ```
/// use cute_core::morphism::mutual_refinement;
/// use cute_core::IntTuple;
/// let t = |s: &str| s.parse::<IntTuple>().unwrap();
/// let (a, b) = mutual_refinement(&t("(6,6)"), &t("(2,6,6)")).unwrap();
/// assert_eq!((a.to_string(), b.to_string()), ("((2,3),(2,3))".into(), "(2,(3,2),(3,2))".into()));
/// let e = mutual_refinement(&t("(3,4)"), &t("(6,3)")).unwrap_err();
/// assert_eq!(e.code(), "not_mutually_refinable");
/// ```
pub fn mutual_refinement(t: &IntTuple, u: &IntTuple) -> Result<(IntTuple, IntTuple), Error> {
    let fail = |kind| {
        Error::new(
            Op::MutualRefinement,
            [Some(Operand::from(t)), Some(Operand::from(u))],
            kind,
        )
    };
    let (ta, ub) = (t.leaves(), u.leaves());
    if t.view().has_under() || u.view().has_under() || ta.iter().chain(ub).any(|&x| x < 1) {
        // Objects of the category: positive entries (a `_` or a 0 has no pieces).
        return Err(fail(ErrorKind::NotMutuallyRefinable {
            left: 0,
            right: 0,
            exceeds: false,
        }));
    }
    // What is left of each entry, cut as the walk goes.
    let (mut a, mut b) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    a[..ta.len()].copy_from_slice(ta);
    b[..ub.len()].copy_from_slice(ub);
    let (mut pt, mut pu) = (Pieces::EMPTY, Pieces::EMPTY);
    let (mut i, mut j) = (0, 0);
    while i < ta.len() && j < ub.len() {
        if a[i] == b[j] {
            pt.push(i, a[i]);
            pu.push(j, b[j]);
            (i, j) = (i + 1, j + 1);
        } else if b[j] % a[i] == 0 {
            pt.push(i, a[i]);
            pu.push(j, a[i]);
            b[j] /= a[i];
            i += 1;
        } else if a[i] % b[j] == 0 {
            pu.push(j, b[j]);
            pt.push(i, b[j]);
            a[i] /= b[j];
            j += 1;
        } else {
            return Err(fail(ErrorKind::NotMutuallyRefinable {
                left: a[i],
                right: b[j],
                exceeds: false,
            }));
        }
    }
    // Entries of size 1 left in `T` once `U` is used up go, as pieces 1, into `U`'s last entry.
    while i < ta.len() && a[i] == 1 && !ub.is_empty() {
        pt.push(i, 1);
        pu.push(ub.len() - 1, 1);
        i += 1;
    }
    if i < ta.len() {
        let size = |x: &IntTuple| x.product().unwrap_or(i64::MAX);
        return Err(fail(ErrorKind::NotMutuallyRefinable {
            left: size(t),
            right: size(u),
            exceeds: true,
        }));
    }
    // The `U` entry left open keeps its remainder; the later ones stay whole (uncut, their
    // remainder is the entry).
    for (k, &rest) in b.iter().enumerate().take(ub.len()).skip(j) {
        pu.push(k, rest);
    }
    // A tuple holds at most `MAX_LEAVES` leaves.
    if pt.len > MAX_LEAVES || pu.len > MAX_LEAVES {
        return Err(fail(ErrorKind::Capacity {
            limit: Limit::Leaves,
        }));
    }
    Ok((pt.apply(t).map_err(fail)?, pu.apply(u).map_err(fail)?))
}
