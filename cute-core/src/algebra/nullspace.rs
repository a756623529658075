//! `nullspace`: the coordinates a layout sends to offset 0.

use super::Flat;
use crate::error::{Error, Op};
use crate::layout::Layout;
use crate::stride::compact_left;

/// `nullspace(L)`: the layout of the stride-0 leaves of `L`, with the strides those leaves have in
/// the compact column-major layout of `shape(L)` (so `R` maps into the index space of `L`).
///
/// # Postconditions
/// `L(R(i)) == 0` for every `i < size(R)`, and `size(R) == size(L) / size(filter(L))`;
/// `R` is `1:0` when `L` has no stride-0 leaf.
///
/// # Examples
/// ```
/// use cute_core::{nullspace, Layout};
/// let l: Layout = "(2,(3,4)):(1,(0,2))".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "3:2");
/// ```
pub fn nullspace(l: &Layout) -> Result<Layout, Error> {
    let err = |k| Error::new(Op::Nullspace, [Some(l.into()), None], k);
    let compact = compact_left(&l.shape().flatten().map_err(err)?, 1).map_err(err)?;
    let mut f = Flat::new();
    for ((&s, &d), &c) in l
        .shape()
        .leaves()
        .iter()
        .zip(l.stride().leaves())
        .zip(compact.leaves())
    {
        if d == 0 {
            f.push(s, c).map_err(err)?;
        }
    }
    if f.n == 0 {
        return Ok(Layout::trivial());
    }
    f.layout().map_err(err)
}
