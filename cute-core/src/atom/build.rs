//! Tilers and slicing coordinates built in code, as CuTe's `make_tile(...)` and
//! `make_coord(...)` with `_` build them.

use crate::error::{Error, ErrorKind, Op};
use crate::int_tuple::{Builder, IntTuple};
use crate::layout::Layout;
use crate::tiler::{Tile, Tiler, TilerBuilder};

/// One mode of a tiler under construction.
pub(crate) enum T<'a> {
    /// A layout.
    L(&'a Layout),
    /// `_`.
    U,
    /// A nested tiler.
    N(&'a [T<'a>]),
}

/// The tiler `<modes...>` (a capacity error is the divide's it is built for).
pub(crate) fn tiler(modes: &[T<'_>]) -> Result<Tiler, Error> {
    tiler_kind(modes).map_err(|k| Error::new(Op::LogicalDivide, [None, None], k))
}

/// The size of mode `i` of `l`, 1 past its rank (as CuTe's `size<I>` of a missing mode).
pub(crate) fn mode_size(l: &Layout, i: usize) -> i64 {
    l.mode(i).map_or(1, |m| m.size())
}

/// The tile of a shape, as a zipped divide takes one (a capacity error is the divide's).
pub(crate) fn shape_tile(shape: &IntTuple) -> Result<Tile, Error> {
    Tile::from_shape(shape).map_err(|k| Error::new(Op::ZippedDivide, [None, None], k))
}

/// The flat int tuple of `values` (a capacity error is the layout's it is built for).
pub(crate) fn flat(values: &[i64]) -> Result<IntTuple, Error> {
    IntTuple::flat(values).map_err(|k| Error::new(Op::MakeLayout, [None, None], k))
}

fn tiler_kind(modes: &[T<'_>]) -> Result<Tiler, ErrorKind> {
    fn push(b: &mut TilerBuilder, modes: &[T<'_>]) -> Result<(), ErrorKind> {
        for m in modes {
            match m {
                T::L(l) => b.layout(l)?,
                T::U => b.under()?,
                T::N(sub) => {
                    b.open()?;
                    push(b, sub)?;
                    b.close()?;
                }
            }
        }
        Ok(())
    }
    let mut b = TilerBuilder::new();
    b.open()?;
    push(&mut b, modes)?;
    b.close()?;
    b.finish()
}

/// `_`, or `(_,...,_)` of `n` modes for `n > 1`: CuTe's `repeat<n>(_)`.
fn unders(b: &mut Builder, n: usize) -> Result<(), ErrorKind> {
    if n == 1 {
        return b.under();
    }
    b.open()?;
    for _ in 0..n {
        b.under()?;
    }
    b.close()
}

/// The slice of a tiled MMA's `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`:
/// `((v,(m,n)),(_,(_,...)))` with `rest` modes of rest.
pub(crate) fn under_coord(vmn: &[i64; 3], rest: usize) -> Result<IntTuple, ErrorKind> {
    let mut b = Builder::new();
    b.open()?;
    b.open()?;
    b.int(vmn[0])?;
    b.open()?;
    b.int(vmn[1])?;
    b.int(vmn[2])?;
    b.close()?;
    b.close()?;
    b.open()?;
    b.under()?;
    unders(&mut b, rest)?;
    b.close()?;
    b.close()?;
    Ok(b.finish())
}

/// The slice of a tiled copy's `(Thr, (FrgV,FrgX), (RestM,RestN,...))`: `(thr,_,(_,...))` with
/// `rest` modes of rest.
pub(crate) fn thr_coord(thr: i64, rest: usize) -> Result<IntTuple, ErrorKind> {
    let mut b = Builder::new();
    b.open()?;
    b.int(thr)?;
    b.under()?;
    unders(&mut b, rest)?;
    b.close()?;
    Ok(b.finish())
}

/// `(_,(0,_,...,_))` with `rest` modes after the 0: CuTe's `(_, append<R>(Int<0>{}, _))`.
pub(crate) fn first_rest(rest: usize) -> Result<IntTuple, ErrorKind> {
    let mut b = Builder::new();
    b.open()?;
    b.under()?;
    if rest == 0 {
        b.int(0)?;
    } else {
        b.open()?;
        b.int(0)?;
        for _ in 0..rest {
            b.under()?;
        }
        b.close()?;
    }
    b.close()?;
    Ok(b.finish())
}
