//! `coalesce` and `filter` (Cecka, *CuTe Layout Representation and Algebra*, §3.2).

use super::Flat;
use super::FLAT_MODES;
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{IntTuple, View};
use crate::layout::{Layout, LayoutBuilder, LayoutView};
use crate::limits::{MAX_LAYOUT_LEAVES, MAX_LEAVES};

/// The coalesced modes of a flat layout, merged from the back as CuTe's `bw_coalesce` does:
/// size-1 modes are dropped and `(s0,s1):(d0,s0*d0)` becomes `s0*s1:d0`.
///
/// With `extend` (CuTe's `coalesce_x`), a trailing size-1 mode keeps its stride as a size-2 last
/// mode, so the result equals the layout also past its size, where the last mode extends.
/// Returns the modes and whether the result is a tuple (more than one mode).
// Inlined (with `coalesce_tagged`) so that the `Flat` is built in the caller's frame: returned
// through two calls it was copied twice on every composition. At most `FLAT_MODES` leaves (a
// layout's); `coalesce_leaves` takes a tuple's.
#[inline(always)]
pub(crate) fn coalesce_flat(shape: &[i64], stride: &[i64], extend: bool) -> (Flat, bool) {
    let (f, _, tuple) = coalesce_tagged(shape, stride, None, extend);
    (f, tuple)
}

/// [`coalesce_flat`] where each stride also carries a tag (the basis of a coordinate stride):
/// modes merge only when their tags are equal. Returns the tags of the result modes too.
#[inline(always)]
pub(crate) fn coalesce_tagged(
    shape: &[i64],
    stride: &[i64],
    tags: Option<&[u8]>,
    extend: bool,
) -> (Flat, [u8; FLAT_MODES], bool) {
    debug_assert!(shape.len() <= FLAT_MODES, "a layout's leaves");
    let mut f = Flat::new();
    let mut out_tags = [0u8; FLAT_MODES];
    let r = shape.len().max(1);
    let first = coalesce_into(
        shape,
        stride,
        tags,
        extend,
        (&mut f.s[..r], &mut f.d[..r], Some(&mut out_tags[..r])),
    );
    f.n = r - first;
    f.s.copy_within(first..r, 0);
    f.d.copy_within(first..r, 0);
    out_tags.copy_within(first..r, 0);
    (f, out_tags, f.n > 1)
}

/// The modes of [`coalesce_tagged`] written at the end of the slices `out` (as long as `shape`,
/// or 1 for an empty one), without building a [`Flat`] and without reversing them: the index
/// of the first mode.
#[inline(always)]
pub(crate) fn coalesce_into(
    shape: &[i64],
    stride: &[i64],
    tags: Option<&[u8]>,
    extend: bool,
    (out_s, out_d, mut out_tags): (&mut [i64], &mut [i64], Option<&mut [u8]>),
) -> usize {
    let tag = |i: usize| tags.map_or(0, |t| t[i]);
    // Without `out_tags` every mode carries tag 0.
    let set_tag = |k: usize, t: u8, out: &mut Option<&mut [u8]>| {
        if let Some(o) = out.as_deref_mut() {
            o[k] = t;
        }
    };
    let get_tag = |k: usize, out: &Option<&mut [u8]>| out.as_deref().map_or(0, |o| o[k]);
    let r = shape.len();
    if r == 0 {
        // The empty layout `():()` coalesces to `1:0`.
        (out_s[0], out_d[0]) = (1, 0);
        set_tag(0, 0, &mut out_tags);
        return 0;
    }
    // Built from the back: `top` is the first mode so far.
    let mut top = r - 1;
    out_s[top] = if extend && shape[r - 1] == 1 {
        2
    } else {
        shape[r - 1]
    };
    out_d[top] = stride[r - 1];
    set_tag(top, tag(r - 1), &mut out_tags);
    for i in (0..r - 1).rev() {
        let (s, d) = (shape[i], stride[i]);
        if s == 1 {
            continue;
        }
        if top == r - 1 && out_s[top] == 1 {
            (out_s[top], out_d[top]) = (s, d);
            set_tag(top, tag(i), &mut out_tags);
        } else if s.checked_mul(d) == Some(out_d[top])
            && get_tag(top, &out_tags) == tag(i)
            && out_s[top].checked_mul(s).is_some()
        {
            out_s[top] *= s;
            out_d[top] = d;
        } else {
            top -= 1;
            (out_s[top], out_d[top]) = (s, d);
            set_tag(top, tag(i), &mut out_tags);
        }
    }
    if top == r - 1 && out_s[top] == 1 {
        out_d[top] = 0;
    }
    top
}

/// `coalesce` on the flat leaves `shape:stride` of a layout, into `out_s:out_d`: the number of
/// modes of `coalesce(L)`, which is at most the number of leaves (for layouts whose structure is
/// known elsewhere: the mixed layouts of `cute-static`).
///
/// # Examples
/// ```
/// use cute_core::algebra::coalesce::coalesce_leaves;
/// let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
/// assert_eq!(coalesce_leaves(&[2, 1, 6], &[1, 6, 2], &mut s, &mut d), 1);
/// assert_eq!((s[0], d[0]), (12, 1));
/// ```
#[inline]
pub fn coalesce_leaves(
    shape: &[i64],
    stride: &[i64],
    out_s: &mut [i64],
    out_d: &mut [i64],
) -> usize {
    // A tuple's leaves (up to 32, more than a `Flat` holds), coalesced at the end of the
    // buffers and copied to the front of `out`.
    let r = shape.len().min(stride.len()).min(MAX_LEAVES);
    let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    let end = r.max(1);
    let first = coalesce_into(
        &shape[..r],
        &stride[..r],
        None,
        false,
        (&mut s[..end], &mut d[..end], None),
    );
    let n = (end - first).min(out_s.len()).min(out_d.len());
    out_s[..n].copy_from_slice(&s[first..first + n]);
    out_d[..n].copy_from_slice(&d[first..first + n]);
    n
}

/// `coalesce(L)`: the simplest layout equal to `L` as a function on `[0, size(L))`.
///
/// # Postconditions
/// - `size(R) == size(L)` and `depth(R) <= 1`;
/// - `R(i) == L(i)` for every `i < size(L)` (Cecka Eq. 13–15);
/// - no two adjacent modes of `R` satisfy `d1 == s0*d0`, and `R` has no size-1 mode unless it is
///   `1:0`.
///
/// # Examples
/// ```
/// use cute_core::{coalesce, Layout};
/// let l: Layout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "12:1");
/// let l: Layout = "((4,3),5):((15,1),3)".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "(4,15):(15,1)");
/// ```
pub fn coalesce(l: &Layout) -> Result<Layout, Error> {
    let (f, _) = coalesce_flat(l.shape().leaves(), l.stride().leaves(), false);
    f.layout()
        .map_err(|k| Error::new(Op::Coalesce, [Some(l.into()), None], k))
}

/// `coalesce(L, P)`: by-mode coalesce at the leaves of the profile `P` (only its shape matters);
/// modes of `L` past `rank(P)` are kept as they are; an integer `P` coalesces the whole layout.
///
/// # Preconditions
/// `rank(P) <= rank(L)` when `P` is a tuple.
///
/// # Examples
/// ```
/// use cute_core::{coalesce_by, IntTuple, Layout};
/// let l: Layout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// let p: IntTuple = "(1,1)".parse().unwrap();
/// assert_eq!(coalesce_by(&l, &p).unwrap().to_string(), "(2,6):(1,2)");
/// ```
pub fn coalesce_by(l: &Layout, profile: &IntTuple) -> Result<Layout, Error> {
    let err = |k| Error::new(Op::Coalesce, [Some(l.into()), Some(profile.into())], k);
    let mut b = LayoutBuilder::new();
    coalesce_by_into(&mut b, l.view(), profile.view()).map_err(err)?;
    b.finish().map_err(err)
}

fn coalesce_by_into(
    b: &mut LayoutBuilder,
    l: LayoutView<'_>,
    p: View<'_>,
) -> Result<(), ErrorKind> {
    if !p.is_tuple() {
        let (f, _) = coalesce_flat(l.shape.leaves(), l.stride.leaves(), false);
        return b.mode(f.layout()?.view());
    }
    if p.rank() > l.rank() {
        return Err(ErrorKind::ProfileRankTooLarge {
            profile: p.rank(),
            layout: l.rank(),
        });
    }
    b.open()?;
    let single = [l];
    let modes: &mut dyn Iterator<Item = LayoutView<'_>> = if l.shape.is_tuple() {
        &mut l.modes()
    } else {
        &mut single.into_iter()
    };
    let mut ps = p.children();
    for m in modes {
        match ps.next() {
            Some(p) => coalesce_by_into(b, m, p)?,
            None => b.mode(m)?,
        }
    }
    b.close()
}

/// `filter(L)`: `coalesce` after replacing every stride-0 mode by a size-1 mode.
///
/// # Postconditions
/// `R` is injective on `[0, size(R))` iff `L`'s image is covered without repetition by its
/// non-zero-stride modes, `image(R) == image(L)`, and `R` has no stride-0 mode unless it is `1:0`.
/// An empty `L` gives the empty `0:1` (CuTe's `filter` would drop a stride-0 empty mode and
/// return a layout with an image, e.g. `8:1` for `(8,0):(1,0)`).
///
/// # Examples
/// ```
/// use cute_core::{filter, Layout};
/// let l: Layout = "(4,(2,3)):(1,(0,4))".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "12:1");
/// ```
pub fn filter(l: &Layout) -> Result<Layout, Error> {
    filter_flat(l)
        .layout()
        .map_err(|k| Error::new(Op::Filter, [Some(l.into()), None], k))
}

pub(crate) fn filter_flat(l: &Layout) -> Flat {
    if l.size() == 0 {
        // Dropping a stride-0 empty mode would give an empty layout an image: it stays `0:1`.
        let mut out = Flat::new();
        out.n = 1;
        (out.s[0], out.d[0]) = (0, 1);
        return out;
    }
    // A stride-0 leaf as size 1, then coalesced.
    let (shape, stride) = (l.shape_leaves(), l.stride_leaves());
    let mut s = [0i64; MAX_LAYOUT_LEAVES];
    for (k, (&n, &d)) in shape.iter().zip(stride).enumerate() {
        s[k] = if d == 0 { 1 } else { n };
    }
    coalesce_flat(&s[..shape.len()], stride, false).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn paper_examples() {
        // Cecka §3.2
        assert_eq!(coalesce(&l("(2,(1,6)):(1,(6,2))")).unwrap(), l("12:1"));
        let p: IntTuple = "(1,1)".parse().unwrap();
        assert_eq!(
            coalesce_by(&l("((4,3),5):((15,1),3)"), &p).unwrap(),
            l("((4,3),5):((15,1),3)")
        );
        assert_eq!(
            coalesce_by(&l("(4,(3,5)):(15,(1,3))"), &p).unwrap(),
            l("(4,15):(15,1)")
        );
    }

    #[test]
    fn unit_modes_and_extension() {
        assert_eq!(coalesce(&l("(1,1):(3,5)")).unwrap(), l("1:0"));
        assert_eq!(coalesce(&l("(4,1):(1,0)")).unwrap(), l("4:1"));
        let (f, tuple) = coalesce_flat(&[4, 1], &[1, 0], true);
        assert!(tuple);
        assert_eq!(f.layout().unwrap(), l("(4,2):(1,0)"));
    }

    #[test]
    fn profile_rank_is_checked() {
        let p: IntTuple = "(1,1,1)".parse().unwrap();
        assert_eq!(
            coalesce_by(&l("(2,2):(1,2)"), &p).unwrap_err().code(),
            "profile_rank_too_large"
        );
    }
}
