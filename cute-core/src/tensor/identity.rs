//! The identity tensor: [`Coordinates`], an engine whose values are the coordinates of a shape,
//! packed into one position.

use super::engine::Engine;
use super::layout::TensorLayout;
use super::view::{make_tensor, Tensor};
use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::limits::Limit;

/// The coordinate accessor of an identity tensor: leaf `k` of the coordinate at position `p` is
/// field `k` of `p`, bits `[k·W, (k+1)·W)` with `W = 62 / leaves` (see [`make_identity_tensor`]).
///
/// CuTe's identity tensor has the unit-vector strides `e0, e1, …`; here they are the bit fields
/// `2^(kW)` of one `i64`, so every layout operation applies to it unchanged, no two leaves ever
/// coalesce, and a coordinate past its mode (the residue of a tile that does not divide the
/// shape) is still read as itself: the engine admits a view only when no field can carry into
/// the next ([`fields_admit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coordinates {
    shape: IntTuple,
    width: u32,
    fields: usize,
}

impl Coordinates {
    /// The coordinates of `shape`.
    ///
    /// # Preconditions
    /// Every leaf of `shape` is non-negative (0: no coordinates) and at most `2^(W-1)` (`W = 62 / leaves`: `2^30` for
    /// two leaves), so that a tile no larger than a mode keeps its residue inside the field.
    pub fn new(shape: &IntTuple) -> Result<Coordinates, Error> {
        Ok(identity_layout(shape)?.0)
    }

    /// The shape whose coordinates these are.
    #[must_use]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The coordinate leaves at position `p`.
    #[inline]
    fn decode(&self, p: i64) -> [i64; crate::MAX_LEAVES] {
        let mask = (1i64 << self.width) - 1;
        let mut c = [0i64; crate::MAX_LEAVES];
        for (k, c) in c.iter_mut().enumerate().take(self.fields) {
            *c = (p >> (k as u32 * self.width)) & mask;
        }
        c
    }
}

/// The bits of one coordinate's field when a position packs `fields` of them (at least one):
/// `62 / fields`, so that a position stays non-negative.
#[must_use]
pub const fn field_width(fields: usize) -> u32 {
    62 / if fields == 0 { 1 } else { fields as u32 }
}

/// Whether a view at `base` with `layout` keeps the packed coordinates of `fields` fields of
/// `width` bits apart: every stride is a multiple `c·2^(kW)` of one field's unit (`c < 2^W`, or
/// 0), and from `base` on, the largest value each field reaches stays below `2^W`; positions
/// are then sums without a carry, so each field is a coordinate.
///
/// # Errors
/// [`ErrorKind::Overflow`]: a coordinate would outgrow its field (a tile larger than the mode's
/// field allows, a negative stride, a position before the tensor).
pub fn fields_admit<L: TensorLayout>(
    base: i64,
    width: u32,
    fields: usize,
    layout: &L,
) -> Result<(), ErrorKind> {
    if base < 0 {
        return Err(ErrorKind::Overflow);
    }
    let mask = (1i64 << width) - 1;
    let mut reach = [0i64; crate::MAX_LEAVES];
    for (k, r) in reach.iter_mut().enumerate().take(fields) {
        *r = (base >> (k as u32 * width)) & mask;
    }
    if fields < crate::MAX_LEAVES && base >> (fields as u32 * width) != 0 {
        return Err(ErrorKind::Overflow);
    }
    let mut ok = true;
    layout.for_each_leaf(|s, d| {
        if s == 1 || d == 0 {
            return;
        }
        if d < 0 {
            ok = false;
            return;
        }
        let k = (63 - d.leading_zeros()) / width;
        let c = d >> (k * width);
        match (reach.get_mut(k as usize), (s - 1).checked_mul(c)) {
            (Some(r), Some(span)) if (k as usize) < fields && c << (k * width) == d => {
                match r.checked_add(span) {
                    Some(v) => *r = v,
                    None => ok = false,
                }
            }
            _ => ok = false,
        }
    });
    if ok && reach.iter().all(|&r| r <= mask) {
        Ok(())
    } else {
        Err(ErrorKind::Overflow)
    }
}

// SAFETY: nothing is dereferenced (the shape is copied into the handle), so every position is
// sound to read; `admits` refuses views whose coordinates would carry between fields.
unsafe impl Engine for Coordinates {
    type Value = IntTuple;
    type Ptr = Coordinates;

    #[inline]
    fn extent(&self) -> Option<usize> {
        None
    }

    #[inline]
    fn ptr(&self) -> Coordinates {
        *self
    }

    #[inline(always)]
    fn admits<L: TensorLayout>(&self, base: i64, layout: &L) -> Result<(), ErrorKind> {
        fields_admit(base, self.width, self.fields, layout)
    }

    #[inline]
    unsafe fn read(p: Coordinates, k: i64) -> IntTuple {
        // The shape's profile with the decoded leaves (as many as it has).
        let c = p.decode(k);
        p.shape.with_leaves(&c[..p.fields]).unwrap_or(p.shape)
    }
}

/// The identity tensor of a shape: element `c` holds the coordinate `c` itself, for predication
/// (Cecka, *CuTe Layout Representation and Algebra*, §2.5, Table 1's coordinate strides
/// `e0, e1, ...`). A tensor like any other: slice it, compose it, divide it, `local_tile` and
/// `local_partition` it as the data it guards.
pub type IdentityTensor = Tensor<Coordinates, Layout>;

/// `make_identity_tensor(shape)`: the [`Coordinates`] of `shape` under `shape` with one field
/// stride per leaf. Its tiles past the shape (residues) hold their own coordinates, which the
/// predicate of [`crate::algorithm::copy_if()`] compares with the shape.
///
/// # Errors
/// [`ErrorKind::NegativeShape`]; [`ErrorKind::Overflow`] for a leaf above `2^(W-1)`
/// (`W = 62 / leaves`).
///
/// # Examples
/// ```
/// use cute_core::{make_identity_tensor, IntTuple, Layout};
/// let id = make_identity_tensor(&"(8,8)".parse::<IntTuple>().unwrap()).unwrap();
/// let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
/// let thr = id.compose(tv).unwrap();
/// assert_eq!(thr.get(33).unwrap().to_string(), "(0,3)"); // thread 1, value 1: offset 24
/// // Thread 1's coordinates, as `local_partition` gives them to the data it guards.
/// let mine = thr.slice(&"(1,_)".parse().unwrap()).unwrap();
/// assert_eq!(mine.get(1).unwrap().to_string(), "(0,3)");
/// ```
pub fn make_identity_tensor(shape: &IntTuple) -> Result<IdentityTensor, Error> {
    let (coords, layout) = identity_layout(shape)?;
    make_tensor(coords, layout)
}

/// The coordinates of `shape` and its identity layout: `shape` with the field strides
/// `2^(kW)` leaf by leaf.
fn identity_layout(shape: &IntTuple) -> Result<(Coordinates, Layout), Error> {
    let fields = shape.leaves().len();
    let width = field_width(fields);
    let err = |kind| Error::new(Op::MakeTensor, [Some(shape.into()), None], kind);
    if shape.view().has_under() {
        return Err(err(ErrorKind::NotCongruent));
    }
    let mut strides = [0i64; crate::MAX_LEAVES];
    for (k, (d, &s)) in strides.iter_mut().zip(shape.leaves()).enumerate() {
        if s < 0 {
            return Err(err(ErrorKind::NegativeShape { value: s }));
        }
        if s > 1 << (width - 1) {
            return Err(err(ErrorKind::Overflow));
        }
        *d = 1 << (k as u32 * width);
    }
    let stride = shape.with_leaves(&strides[..fields]).ok_or_else(|| {
        err(ErrorKind::Capacity {
            limit: Limit::Leaves,
        })
    })?;
    let layout = Layout::new(*shape, stride).map_err(|e| e.within(Op::MakeTensor))?;
    let coords = Coordinates {
        shape: *shape,
        width,
        fields,
    };
    Ok((coords, layout))
}

impl Tensor<Coordinates, Layout> {
    /// `make_identity_tensor(shape)` (see [`make_identity_tensor`]).
    pub fn new(shape: &IntTuple) -> Result<IdentityTensor, Error> {
        make_identity_tensor(shape)
    }
}
