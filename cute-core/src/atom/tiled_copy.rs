//! `TiledCopy`: a copy atom repeated over a thread-value layout of a tile, with CuTe's
//! partitions of sources and destinations and the regrouping of fragments (`retile`).

use core::fmt;

use super::build::{first_rest, mode_size, shape_tile, thr_coord, tiler, T};
use super::copy_atom::CopyAtom;
use super::tiled_mma::TiledMma;
use crate::algebra::coalesce::coalesce_by;
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::divide::zipped_divide;
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::{logical_product, raked_product};
use crate::algebra::recast::upcast;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tiler::Tile;

/// CuTe's `TiledCopy`: a [`CopyAtom`], the thread-value layout `(thread, value) -> index` of the
/// tile and the tile's shape (`Tiler_MN`).
///
/// # Examples
/// ```
/// use cute_core::atom::{make_tiled_copy, CopyAtom};
/// let atom: CopyAtom = "Copy_Atom<UniversalCopy<uint128_t>, float>".parse().unwrap();
/// // 32x8 threads, each with 4 consecutive floats of a column: a 128x8 tile.
/// let copy = make_tiled_copy(&atom, &"(32,8):(1,32)".parse().unwrap(), &"(4,1):(1,0)".parse().unwrap())
///     .unwrap();
/// assert_eq!(copy.get_layout_s_tv().unwrap().to_string(), "(256,(4,1)):(4,(1,0))");
/// let (p, start) = copy.partition_s(1, &"(128,8):(1,128)".parse().unwrap()).unwrap();
/// assert_eq!((p.to_string().as_str(), start), ("((4,1),1,1):((1,0),0,0)", 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiledCopy {
    atom: CopyAtom,
    layout_tv: Layout,
    tiler: IntTuple,
}

/// CuTe's `make_tiled_copy(atom, thr_layout, val_layout)`: `(m,n) -> thread` and
/// `(m,n) -> value` layouts raked into the tile `raked_product(thr, val)`, whose inverse is the
/// thread-value layout.
///
/// # Postconditions
/// `size()` is `size(thr_layout)`; every element of the tile is one thread's one value.
///
/// # Errors
/// The algebra's (an inverse that is not one); [`ErrorKind::AtomMismatch`] as
/// [`make_tiled_copy_tv`].
pub fn make_tiled_copy(
    atom: &CopyAtom,
    thr_layout: &Layout,
    val_layout: &Layout,
) -> Result<TiledCopy, Error> {
    let op = Op::MakeTiledCopy;
    let run = || -> Result<TiledCopy, Error> {
        let layout_mn = raked_product(thr_layout, val_layout)?;
        let tv = Layout::left(
            &IntTuple::flat(&[thr_layout.size(), val_layout.size()]).map_err(|k| {
                Error::new(
                    op,
                    [
                        Some(Operand::from(thr_layout)),
                        Some(Operand::from(val_layout)),
                    ],
                    k,
                )
            })?,
        )?;
        let layout_tv = composition(&right_inverse(&layout_mn)?, &tv)?;
        let sizes: [i64; crate::MAX_LAYOUT_LEAVES] =
            core::array::from_fn(|k| mode_size(&layout_mn, k));
        let tiler = IntTuple::flat(&sizes[..layout_mn.rank()])
            .map_err(|k| Error::new(op, [Some(Operand::from(&layout_mn)), None], k))?;
        make_tiled_copy_tv(atom, &layout_tv, &tiler)
    };
    run().map_err(|e| e.within(op))
}

/// CuTe's `make_tiled_copy_impl(atom, layout_tv, tiler)`: a tiled copy of a given thread-value
/// layout onto a tile of shape `tiler`.
///
/// # Preconditions
/// `tiler` is a shape (positive integers, no `_`, its size in `i64`); `layout_tv` has rank 2, its
/// offsets in `0..size(tiler)`; its threads and values are multiples of the atom's.
///
/// # Errors
/// [`ErrorKind::NonPositive`], [`ErrorKind::InvalidParameters`] (a `_`) or
/// [`ErrorKind::Overflow`] for a tiler that is no shape; [`ErrorKind::OutOfBounds`] for a
/// thread-value layout that leaves the tile; [`ErrorKind::AtomMismatch`] for one that does not
/// fit the atom.
pub fn make_tiled_copy_tv(
    atom: &CopyAtom,
    layout_tv: &Layout,
    tiler: &IntTuple,
) -> Result<TiledCopy, Error> {
    let ops = || [Some(Operand::from(layout_tv)), Some(Operand::from(tiler))];
    let err = |k| Error::new(Op::MakeTiledCopy, ops(), k);
    if tiler.view().has_under() {
        return Err(err(ErrorKind::InvalidParameters));
    }
    if let Some(&v) = tiler.leaves().iter().find(|&&v| v <= 0) {
        return Err(err(ErrorKind::NonPositive { value: v }));
    }
    let size = tiler.product().map_err(err)?;
    if layout_tv.rank() != 2 {
        return Err(err(ErrorKind::RankMismatch {
            left: layout_tv.rank(),
            right: 2,
        }));
    }
    let cosize = layout_tv.cosize()?;
    if layout_tv.stride_leaves().iter().any(|&d| d < 0) || cosize > size {
        return Err(err(ErrorKind::OutOfBounds {
            lo: 0,
            hi: cosize - 1,
            len: usize::try_from(size).unwrap_or(usize::MAX),
        }));
    }
    let reference = atom.val_layout_ref()?;
    let (at, av) = (mode_size(&reference, 0), mode_size(&reference, 1));
    let (tt, tv) = (mode_size(layout_tv, 0), mode_size(layout_tv, 1));
    let mismatch = |why, value, atom_value| {
        Error::new(
            Op::MakeTiledCopy,
            [
                Some(Operand::from(layout_tv)),
                Some(Operand::from(&reference)),
            ],
            ErrorKind::AtomMismatch {
                why,
                value,
                atom: atom_value,
            },
        )
    };
    if at == 0 || tt % at != 0 {
        return Err(mismatch(
            "the tiled copy's threads are not a multiple of the atom's",
            tt,
            at,
        ));
    }
    if av == 0 || tv % av != 0 {
        return Err(mismatch(
            "the tiled copy's values per thread are not a multiple of the atom's",
            tv,
            av,
        ));
    }
    Ok(TiledCopy {
        atom: *atom,
        layout_tv: *layout_tv,
        tiler: *tiler,
    })
}

/// A tiled copy over a tiled MMA's thread-value layout of one operand.
fn from_mma(atom: &CopyAtom, tv: &Layout, m: i64, n: i64, op: Op) -> Result<TiledCopy, Error> {
    let tiler = IntTuple::flat(&[m, n]).map_err(|k| Error::new(op, [None, None], k))?;
    make_tiled_copy_tv(atom, tv, &tiler).map_err(|e| e.within(op))
}

/// CuTe's `make_tiled_copy_A(atom, tiled_mma)`: the copy of A's `M×K` tile whose threads and
/// values are the tiled MMA's.
///
/// # Errors
/// The tiled MMA's queries'; [`make_tiled_copy_tv`]'s.
pub fn make_tiled_copy_a(atom: &CopyAtom, mma: &TiledMma) -> Result<TiledCopy, Error> {
    let op = Op::MakeTiledCopyA;
    let tv = mma.get_layout_a_tv().map_err(|e| e.within(op))?;
    from_mma(atom, &tv, mma.tile_size(0)?, mma.tile_size(2)?, op)
}

/// CuTe's `make_tiled_copy_B(atom, tiled_mma)`: the copy of B's `N×K` tile.
///
/// # Errors
/// As [`make_tiled_copy_a`].
pub fn make_tiled_copy_b(atom: &CopyAtom, mma: &TiledMma) -> Result<TiledCopy, Error> {
    let op = Op::MakeTiledCopyB;
    let tv = mma.get_layout_b_tv().map_err(|e| e.within(op))?;
    from_mma(atom, &tv, mma.tile_size(1)?, mma.tile_size(2)?, op)
}

/// CuTe's `make_tiled_copy_C(atom, tiled_mma)`: the copy of C's `M×N` tile.
///
/// # Errors
/// As [`make_tiled_copy_a`].
pub fn make_tiled_copy_c(atom: &CopyAtom, mma: &TiledMma) -> Result<TiledCopy, Error> {
    let op = Op::MakeTiledCopyC;
    let tv = mma.get_layout_c_tv().map_err(|e| e.within(op))?;
    from_mma(atom, &tv, mma.tile_size(0)?, mma.tile_size(1)?, op)
}

/// Source or destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The source (`S`).
    S,
    /// The destination (`D`).
    D,
}

impl Side {
    /// `partition_S/D`, the operation an error of the side's partition names.
    #[must_use]
    pub fn partition_op(self) -> Op {
        match self {
            Side::S => Op::PartitionS,
            Side::D => Op::PartitionD,
        }
    }
}

impl TiledCopy {
    /// The atom.
    #[must_use]
    pub fn atom(&self) -> &CopyAtom {
        &self.atom
    }

    /// `(thread, value) -> index` of the tile (`TiledLayout_TV`).
    #[must_use]
    pub fn layout_tv(&self) -> &Layout {
        &self.layout_tv
    }

    /// The tile's shape (`Tiler_MN`).
    #[must_use]
    pub fn tiler(&self) -> &IntTuple {
        &self.tiler
    }

    /// The number of threads (`size(tiled_copy)`).
    #[must_use]
    pub fn size(&self) -> i64 {
        mode_size(&self.layout_tv, 0)
    }

    /// The extent of mode `i` of the tile (`tile_size<I>`).
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] past the tile's rank.
    pub fn tile_size(&self, i: usize) -> Result<i64, Error> {
        let err = |k| Error::new(Op::TileSize, [Some(Operand::from(&self.tiler)), None], k);
        let mode = self.tiler.mode(i).ok_or_else(|| {
            err(ErrorKind::IndexOutOfRange {
                index: i64::try_from(i).unwrap_or(i64::MAX),
                size: i64::try_from(self.tiler.rank()).unwrap_or(i64::MAX),
            })
        })?;
        // The tiler's leaves are positive and their product fits (make_tiled_copy_tv).
        mode.product().map_err(err)
    }

    /// `(source or destination thread, value) -> (reference thread, value)` of the atom.
    fn ref2trg(&self, side: Side) -> Result<Layout, Error> {
        let trg = match side {
            Side::S => self.atom.val_layout_src()?,
            Side::D => self.atom.val_layout_dst()?,
        };
        composition(&right_inverse(&self.atom.val_layout_ref()?)?, &trg)
    }

    /// CuTe's `tile2thrfrg`: a tensor's tile mode (mode 0) recomposed to
    /// `(thread, (FrgV, FrgX), rest)`.
    fn tile2thrfrg(&self, tensor: &Layout, side: Side) -> Result<Layout, Error> {
        let reference = self.atom.val_layout_ref()?;
        let atom_shape = IntTuple::flat(&[mode_size(&reference, 0), mode_size(&reference, 1)])
            .map_err(|k| Error::new(Op::ZippedDivide, [None, None], k))?;
        let atom_tile = shape_tile(&atom_shape)?;
        // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
        let atom_tv = zipped_divide(&self.layout_tv, atom_tile)?;
        // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
        let trg_tv = composition_tiler(&atom_tv, &tiler(&[T::L(&self.ref2trg(side)?), T::U])?)?;
        // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
        let zipped = zip2(&trg_tv)?;
        let profile: IntTuple = "(1,(1,1))".parse()?;
        let thrval2mn = coalesce_by(&zipped, &profile)?;
        let tv_tensor = composition_tiler(tensor, &tiler(&[T::L(&thrval2mn), T::U])?)?;
        let unfold: IntTuple = "((_,_),_)".parse()?;
        tv_tensor.slice(&unfold)
    }

    /// CuTe's `tidfrg_S`/`tidfrg_D`: a tensor of layout `l` tiled to
    /// `(thread, (FrgV, FrgX), (RestM, RestN, ...))`.
    ///
    /// # Errors
    /// [`ErrorKind::TileExceedsTensor`] where a mode of `l` is smaller than the tile; the
    /// algebra's, within the partition.
    pub fn tidfrg(&self, side: Side, l: &Layout) -> Result<Layout, Error> {
        let op = side.partition_op();
        if l.rank() < self.tiler.rank() {
            return Err(Error::new(
                op,
                [Some(Operand::from(l)), Some(Operand::from(&self.tiler))],
                ErrorKind::RankMismatch {
                    left: l.rank(),
                    right: self.tiler.rank(),
                },
            ));
        }
        for mode in 0..self.tiler.rank() {
            let tile = self.tile_size(mode)?;
            let size = l.mode(mode).map_or(0, |m| m.size());
            if size < tile {
                return Err(Error::new(
                    op,
                    [Some(Operand::from(l)), Some(Operand::from(&self.tiler))],
                    ErrorKind::TileExceedsTensor { mode, size, tile },
                ));
            }
        }
        let run = || -> Result<Layout, Error> {
            let tile = shape_tile(&self.tiler)?;
            let divided = zipped_divide(l, tile)?;
            self.tile2thrfrg(&divided, side)
        };
        run().map_err(|e| e.within(op))
    }

    /// CuTe's `get_slice(thr).partition_S/D(L)`: thread `thr`'s `(CPY, CPY_M, CPY_N, ...)` of a
    /// tensor of layout `l`, and the offset of its first element.
    ///
    /// # Postconditions
    /// Over all threads, the partitions cover each element of the tiles exactly once (where the
    /// thread-value layout is a bijection onto the tile).
    ///
    /// # Errors
    /// [`ErrorKind::NotAThread`] for a thread past `size()`; [`tidfrg`](Self::tidfrg)'s.
    pub fn partition(&self, side: Side, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        let op = side.partition_op();
        if !(0..self.size()).contains(&thr) {
            return Err(Error::new(
                op,
                [Some(Operand::from(&self.layout_tv)), None],
                ErrorKind::NotAThread {
                    thread: thr,
                    threads: self.size(),
                },
            ));
        }
        let t = self.tidfrg(side, l)?;
        let rest = t.mode(2).map_or(1, |m| m.rank());
        let coord = thr_coord(thr, rest).map_err(|k| Error::new(op, [None, None], k))?;
        t.slice_and_offset(&coord).map_err(|e| e.within(op))
    }

    /// `partition(S, thr, l)`.
    ///
    /// # Errors
    /// As [`partition`](Self::partition).
    pub fn partition_s(&self, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        self.partition(Side::S, thr, l)
    }

    /// `partition(D, thr, l)`.
    ///
    /// # Errors
    /// As [`partition`](Self::partition).
    pub fn partition_d(&self, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        self.partition(Side::D, thr, l)
    }

    /// CuTe's `get_layoutS_TV`/`get_layoutD_TV`: `(thread, value) -> index` of the tile, the
    /// values grouped by the atom.
    ///
    /// # Errors
    /// The algebra's, within the query.
    pub fn get_layout_tv(&self, side: Side) -> Result<Layout, Error> {
        let op = match side {
            Side::S => Op::GetLayoutSTv,
            Side::D => Op::GetLayoutDTv,
        };
        let run = || -> Result<Layout, Error> {
            let mut b = crate::int_tuple::Builder::new();
            let shape = (|| {
                b.open()?;
                b.view(self.tiler.view())?;
                b.int(1)?;
                b.close()
            })()
            .map(|()| b.finish())
            .map_err(|k| Error::new(op, [None, None], k))?;
            let reference = Layout::left(&shape)?;
            let t = self.tile2thrfrg(&reference, side)?;
            t.slice(&"(_,_,0)".parse()?)
        };
        run().map_err(|e| e.within(op))
    }

    /// `get_layout_tv(S)`.
    ///
    /// # Errors
    /// As [`get_layout_tv`](Self::get_layout_tv).
    pub fn get_layout_s_tv(&self) -> Result<Layout, Error> {
        self.get_layout_tv(Side::S)
    }

    /// `get_layout_tv(D)`.
    ///
    /// # Errors
    /// As [`get_layout_tv`](Self::get_layout_tv).
    pub fn get_layout_d_tv(&self) -> Result<Layout, Error> {
        self.get_layout_tv(Side::D)
    }

    /// CuTe's `retile_S`/`retile_D` (the same layout for both): a thread's fragment `f` of layout
    /// `(V, rest...)` regrouped as `((atom values, repeats), rest...)`, so that a copy hands the
    /// atom its values together.
    ///
    /// # Errors
    /// The algebra's, within the retile.
    pub fn retile(&self, f: &Layout) -> Result<Layout, Error> {
        let run = || -> Result<Layout, Error> {
            let r = f.rank();
            let v = mode_size(f, 0);
            let threads = self.size();
            let shape = Layout::left(&self.tiler)?;
            let scale = threads.checked_mul(v).ok_or_else(|| {
                Error::new(
                    Op::RetileS,
                    [Some(Operand::from(f)), None],
                    ErrorKind::Overflow,
                )
            })?;
            let frg_mn = upcast(
                &composition(&right_inverse(&self.layout_tv)?, &shape)?,
                scale,
            )?;
            let atom_vals = mode_size(&self.atom.val_layout_ref()?, 1);
            let frg_v = zipped_divide(
                &logical_product(&Layout::int(v, 1)?, right_inverse(&frg_mn)?)?,
                Layout::int(atom_vals, 1)?,
            )?;
            let mut sizes = [1i64; crate::MAX_LAYOUT_LEAVES + 1];
            sizes[0] = v;
            for k in 0..frg_mn.rank() {
                sizes[k + 1] = mode_size(&frg_mn, k);
            }
            let tile_shape = IntTuple::flat(&sizes[..=frg_mn.rank()])
                .map_err(|k| Error::new(Op::RetileS, [None, None], k))?;
            let tile = Tile::from_shape(&tile_shape)
                .map_err(|k| Error::new(Op::RetileS, [None, None], k))?;
            let t = zipped_divide(f, tile)?;
            let vt = composition_tiler(&t, &tiler(&[T::L(&frg_v), T::U])?)?;
            let coord = first_rest(r.saturating_sub(1))
                .map_err(|k| Error::new(Op::RetileS, [None, None], k))?;
            vt.slice(&coord)
        };
        run().map_err(|e| e.within(Op::RetileS))
    }
}

/// `zip` of a rank-2 layout of rank-2 modes: `((a,b),(c,d))` to `((a,c),(b,d))`.
fn zip2(l: &Layout) -> Result<Layout, Error> {
    let part = |i: usize, j: usize| -> Layout {
        l.mode(i)
            .and_then(|m| m.mode(j))
            .unwrap_or(Layout::trivial())
    };
    Layout::concat(&[
        Layout::concat(&[part(0, 0), part(1, 0)])?,
        Layout::concat(&[part(0, 1), part(1, 1)])?,
    ])
}

/// `make_tiled_copy_tv(atom, layout_tv, tiler)` in CuTe's notation.
impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "make_tiled_copy_tv({}, {}, {})",
            self.atom, self.layout_tv, self.tiler
        )
    }
}
