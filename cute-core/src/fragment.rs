//! `make_fragment_like`: the layout of registers that hold a tile (Cecka, *CuTe Layout
//! Representation and Algebra*, §3.5.2, the fragments `tCrA`, `tCrC` of a partitioned GEMM).

use crate::arith::mul;
use crate::error::{Context, Error, ErrorKind, Op};
use crate::int_tuple::IntTuple;
use crate::limits::Limit;
use crate::stride::compact_left;
use crate::{Layout, MAX_LEAVES};

/// `make_fragment_like(L)`: a compact layout of `L`'s shape, the layout of registers that hold
/// a tile of `L`.
///
/// As CuTe: mode 0 is column-major, keeping `L`'s zero strides there (a broadcast mode of an MMA
/// or copy atom stays one register); the other modes are compact in the order of `L`'s strides,
/// so a row-major tile gets a row-major fragment. A layout of rank 1 is column-major.
///
/// # Postconditions
/// The result has `L`'s shape and is injective on the modes of nonzero stride, and its cosize is
/// the product of their sizes (every register is used). Where two of the later modes have equal
/// strides, the earlier one is faster: CuTe gives both the same stride there, a fragment in which
/// two elements share a register.
///
/// # Errors
/// [`ErrorKind::Overflow`] when the cosize does not fit in `i64`.
///
/// # Examples
/// ```
/// use cute_core::{make_fragment_like, Layout};
/// let tile: Layout = "((2,2),4,8):((0,64),2048,1)".parse().unwrap();
/// assert_eq!(make_fragment_like(&tile).unwrap().to_string(), "((2,2),4,8):((0,1),16,2)");
/// ```
pub fn make_fragment_like(l: &Layout) -> Result<Layout, Error> {
    let stride = fragment_stride(l).ctx(Op::MakeFragmentLike, || [Some(l.into()), None])?;
    Layout::new(l.shape().to_tuple(), stride)
}

/// The strides of [`make_fragment_like`].
fn fragment_stride(l: &Layout) -> Result<IntTuple, ErrorKind> {
    let shape = l.shape();
    if shape.rank() < 2 {
        return compact_left(&shape.to_tuple(), 1);
    }
    let (s, d) = (shape.leaves(), l.stride().leaves());
    let first = shape.mode(0).map_or(1, |m| m.leaves().len());
    let mut out = [0i64; MAX_LEAVES];
    let mut covered = 1i64;
    for k in 0..first {
        if s[k] != 1 && d[k] != 0 {
            out[k] = covered;
            covered = mul(covered, s[k])?;
        }
    }
    // Mode `i` starts past every later mode `j` ordered before it: by stride, then position.
    for i in first..s.len() {
        if s[i] == 1 {
            continue;
        }
        let mut start = covered;
        for j in first..s.len() {
            if (d[j], j) < (d[i], i) {
                start = mul(start, s[j])?;
            }
        }
        out[i] = start;
    }
    shape
        .with_leaves(&out[..s.len()])
        .ok_or(ErrorKind::Capacity {
            limit: Limit::Leaves,
        })
}
