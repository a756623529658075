//! `TiledMMA`: an MMA atom repeated over a layout of atoms (threads) and its tile's modes
//! permuted, with CuTe's thread-value layouts and partitions.
//!
//! Every layout here is built by CuTe's own steps (divides, compositions, inverses of the exact
//! algebra), so a result equals CuTe C++'s where CuTe's is right, and an input the algebra
//! refuses fails with the algebra's condition, marked as raised within the tiled operation.

use core::fmt;

use super::build::{flat, mode_size, tiler, under_coord, T};
use super::mma_atom::MmaAtom;
use crate::algebra::complement::complement_cosize;
use crate::algebra::composition::{composition, composition_tiler};
use crate::algebra::divide::{logical_divide, zipped_divide};
use crate::algebra::inverse::right_inverse;
use crate::algebra::product::tiled_product;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::fragment::make_fragment_like;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::tiler::{Tile, Tiler};

/// The operand a partition is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand3 {
    /// A, `M×K`.
    A,
    /// B, `N×K`.
    B,
    /// C, `M×N`.
    C,
}

impl Operand3 {
    /// `partition_A/B/C`, the operation an error of the operand's partition names.
    #[must_use]
    pub fn partition_op(self) -> Op {
        match self {
            Operand3::A => Op::PartitionA,
            Operand3::B => Op::PartitionB,
            Operand3::C => Op::PartitionC,
        }
    }

    /// `partition_fragment_A/B/C`.
    #[must_use]
    pub fn fragment_op(self) -> Op {
        match self {
            Operand3::A => Op::PartitionFragmentA,
            Operand3::B => Op::PartitionFragmentB,
            Operand3::C => Op::PartitionFragmentC,
        }
    }

    /// The modes of `(M, N, K)` the operand's tile spans.
    fn mnk(self) -> (usize, usize) {
        match self {
            Operand3::A => (0, 2),
            Operand3::B => (1, 2),
            Operand3::C => (0, 1),
        }
    }
}

/// CuTe's `TiledMMA`: an [`MmaAtom`], the layout of atoms over `(M, N, K)` and a permutation of
/// each mode of the tile.
///
/// # Examples
/// ```
/// use cute_core::atom::{make_tiled_mma, MmaAtom};
/// use cute_core::Layout;
/// let atom: MmaAtom = "SM80_16x8x16_F32F16F16F32_TN".parse().unwrap();
/// let mma = make_tiled_mma(&atom, &"(2,2,1):(1,2,0)".parse().unwrap(), None).unwrap();
/// assert_eq!(mma.size(), 128);
/// assert_eq!(mma.tile_size(0).unwrap(), 32);
/// assert_eq!(
///     mma.get_layout_c_tv().unwrap().to_string(),
///     "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))"
/// );
/// // Thread 0's share of a 128x128 column-major C: 2x2 values at each of 4x8 tiles of 32x16.
/// let (p, start) = mma.partition_c(0, &"(128,128):(1,128)".parse().unwrap()).unwrap();
/// assert_eq!((p.to_string().as_str(), start), ("((2,2),4,8):((128,8),32,2048)", 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiledMma {
    atom: MmaAtom,
    /// `(ThrV, ThrM, ThrN, ThrK) -> thread index`: the atom's threads, then the atoms.
    vmnk: Layout,
    /// The atom layout as given, padded to rank 3.
    atom_layout: Layout,
    /// Each mode's permutation: a layout, or `_` for none.
    perm: [Tile; 3],
}

/// CuTe's `make_tiled_mma(atom, atom_layout, permutation)`: `atom` repeated over `atom_layout`
/// (`(M, N, K)` of atoms to thread groups, padded to rank 3 with `1:0`) and each mode of the tile
/// permuted by `permutation`'s layouts (`_`, or no permutation, for none).
///
/// # Preconditions
/// `atom_layout` has at most three modes; `permutation` at most three, each a layout or `_`.
///
/// # Postconditions
/// `size()` is `size(ThrID) * size(atom_layout)`; `tile_size(i)` is the permutation's size, or
/// the atom's extent times the atoms along mode `i`.
///
/// # Errors
/// [`ErrorKind::AtomMismatch`] for too many modes or a permutation mode that is a nested tiler;
/// the algebra's errors of the thread product.
pub fn make_tiled_mma(
    atom: &MmaAtom,
    atom_layout: &Layout,
    permutation: Option<&Tiler>,
) -> Result<TiledMma, Error> {
    let op = Op::MakeTiledMma;
    let err = |why, value: usize, atom| {
        Error::new(
            op,
            [
                Some(Operand::from(atom_layout)),
                permutation.map(|t| Tile::Tiler(*t).operand()),
            ],
            ErrorKind::AtomMismatch {
                why,
                value: i64::try_from(value).unwrap_or(i64::MAX),
                atom,
            },
        )
    };
    if atom_layout.rank() > 3 {
        return Err(err(
            "an atom layout has at most three modes (M, N, K)",
            atom_layout.rank(),
            3,
        ));
    }
    let mut perm = [Tile::Under; 3];
    if let Some(t) = permutation {
        if t.rank() > 3 {
            return Err(err(
                "a permutation has at most three modes (M, N, K)",
                t.rank(),
                3,
            ));
        }
        for (k, tile) in t.tiles().enumerate() {
            if let Tile::Tiler(t) = tile {
                return Err(err(
                    "a permutation's mode is one layout or _, and this one is a tiler of more modes",
                    t.rank(),
                    1,
                ));
            }
            perm[k] = tile;
        }
    }
    let mut atom_layout = *atom_layout;
    // A depth-0 layout is one mode: make it a tuple before padding.
    if atom_layout.depth() == 0 {
        atom_layout = Layout::concat(&[atom_layout])?;
    }
    let atom_layout = atom_layout.append_to_rank(3).map_err(|e| e.within(op))?;
    let vmnk = tiled_product(atom.thr_id(), atom_layout).map_err(|e| e.within(op))?;
    Ok(TiledMma {
        atom: *atom,
        vmnk,
        atom_layout,
        perm,
    })
}

impl TiledMma {
    /// The atom.
    #[must_use]
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }

    /// `(ThrV, ThrM, ThrN, ThrK) -> thread index` (`get_thr_layout_vmnk`).
    #[must_use]
    pub fn thr_layout_vmnk(&self) -> &Layout {
        &self.vmnk
    }

    /// The number of threads (`size(tiled_mma)`).
    #[must_use]
    pub fn size(&self) -> i64 {
        self.vmnk.size()
    }

    /// The size of mode `i` of the thread layout (0 the atom's threads, then M, N, K).
    fn thr_size(&self, i: usize) -> i64 {
        mode_size(&self.vmnk, i)
    }

    /// The atom's thread-value layout of the operand.
    fn atom_tv(&self, which: Operand3) -> &Layout {
        match which {
            Operand3::A => self.atom.a_layout(),
            Operand3::B => self.atom.b_layout(),
            Operand3::C => self.atom.c_layout(),
        }
    }

    /// Mode `i` (0 = M, 1 = N, 2 = K) of the permutation: its layout, or for `_` the compact
    /// layout of the atom's extent times the atoms along `i`.
    fn permutation_mnk(&self, i: usize) -> Result<Layout, Error> {
        if let Tile::Layout(l) = self.perm[i] {
            return Ok(l);
        }
        let n = self.atom.shape_mnk()[i]
            .checked_mul(self.thr_size(i + 1))
            .ok_or_else(|| {
                Error::new(
                    Op::TileSize,
                    [Some(Operand::from(&self.vmnk)), None],
                    ErrorKind::Overflow,
                )
            })?;
        Layout::int(n, 1)
    }

    /// The extent of mode `i` (0 = M, 1 = N, 2 = K) of the tiled MMA's tile (`tile_size<I>`).
    ///
    /// # Errors
    /// [`ErrorKind::IndexOutOfRange`] for `i > 2`; overflow.
    pub fn tile_size(&self, i: usize) -> Result<i64, Error> {
        if i > 2 {
            return Err(Error::new(
                Op::TileSize,
                [None, None],
                ErrorKind::IndexOutOfRange {
                    index: i64::try_from(i).unwrap_or(i64::MAX),
                    size: 3,
                },
            ));
        }
        Ok(self.permutation_mnk(i)?.size())
    }

    /// CuTe's `thrfrg_A/B/C`: a layout (rank ≥ 2) of the operand's tensor tiled to
    /// `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))` (for A; B and C alike).
    ///
    /// # Errors
    /// [`ErrorKind::TileExceedsTensor`] where a mode of `l` is smaller than the tile; the
    /// algebra's errors, within the partition.
    pub fn thrfrg(&self, which: Operand3, l: &Layout) -> Result<Layout, Error> {
        let op = which.partition_op();
        let (i, j) = which.mnk();
        let perm = |k| self.permutation_mnk(k).map_err(|e| e.within(op));
        let (pi, pj) = (perm(i)?, perm(j)?);
        if l.rank() < 2 {
            return Err(Error::new(
                op,
                [Some(Operand::from(l)), None],
                ErrorKind::RankMismatch {
                    left: l.rank(),
                    right: 2,
                },
            ));
        }
        for (mode, tile) in [(0, pi.size()), (1, pj.size())] {
            let size = l.mode(mode).map_or(0, |m| m.size());
            if size < tile {
                return Err(Error::new(
                    op,
                    [Some(Operand::from(l)), Some(Operand::from(&self.vmnk))],
                    ErrorKind::TileExceedsTensor { mode, size, tile },
                ));
            }
        }
        let tv = self.atom_tv(which);
        let mnk = self.atom.shape_mnk();
        let run = || -> Result<Layout, Error> {
            let t = logical_divide(l, tiler(&[T::L(&pi), T::L(&pj)])?)?;
            let (ai, aj) = (Layout::int(mnk[i], 1)?, Layout::int(mnk[j], 1)?);
            let atom_tile = tiler(&[T::L(&ai), T::L(&aj)])?;
            let c = zipped_divide(&t, atom_tile)?;
            let tv_t = composition_tiler(&c, &tiler(&[T::L(tv), T::U])?)?;
            let (ti, tj) = (
                Layout::int(self.thr_size(i + 1), 1)?,
                Layout::int(self.thr_size(j + 1), 1)?,
            );
            let thr_tile = [T::L(&ti), T::L(&tj)];
            zipped_divide(&tv_t, tiler(&[T::U, T::N(&thr_tile)])?)
        };
        run().map_err(|e| e.within(op))
    }

    /// `thread index -> (ThrV, ThrM, ThrN, ThrK)`, each as an index into its mode.
    ///
    /// A thread-value layout indexes threads `0..size`: where the thread layout's offsets are
    /// other indices (one SM70 quad-pair is threads 0-3 and 16-19), CuTe C++'s layout gives the
    /// indices past them values of no thread, and this refuses it.
    fn thr_idx_to_thrid(&self) -> Result<Layout, Error> {
        let n = self.size();
        // Compact onto 0..n: the leaves of size > 1, by increasing stride, a mixed radix from 1.
        let (shape, stride) = (self.vmnk.shape_leaves(), self.vmnk.stride_leaves());
        let mut order: [usize; crate::MAX_LAYOUT_LEAVES] = core::array::from_fn(|k| k);
        let order = &mut order[..shape.len()];
        order.sort_unstable_by_key(|&k| (shape[k] <= 1, stride[k]));
        let mut next = 1i64;
        let mut compact = true;
        for &k in order.iter().filter(|&&k| shape[k] > 1) {
            compact &= stride[k] == next;
            next = next.saturating_mul(shape[k]);
        }
        if !compact {
            return Err(Error::new(
                Op::GetLayoutCTv,
                [Some(Operand::from(&self.vmnk)), None],
                ErrorKind::AtomMismatch {
                    why: "a thread-value layout indexes threads 0..size, and the thread layout's offsets are other indices",
                    value: self.vmnk.cosize()?,
                    atom: n,
                },
            ));
        }
        let whole = Layout::concat(&[self.vmnk, complement_cosize(&self.vmnk)?])?;
        composition(&Layout::from_rust((n, 1), (1, 0))?, &right_inverse(&whole)?)
    }

    /// CuTe's `get_layoutC_TV`: `(thread, value) -> (m,n)` index of the column-major tile.
    ///
    /// # Postconditions
    /// Thread `t`'s values are the elements of its [`partition_c`](Self::partition_c) of a tensor
    /// of one tile. Where the atom layout splits K over threads, they share their C elements;
    /// CuTe C++ maps those threads past the tile there, and this layout differs from CuTe's.
    ///
    /// # Errors
    /// The algebra's, within the query.
    pub fn get_layout_c_tv(&self) -> Result<Layout, Error> {
        let run = || -> Result<Layout, Error> {
            let reference = Layout::left(&flat(&[self.tile_size(0)?, self.tile_size(1)?])?)?;
            let mut tv = self.thrfrg(Operand3::C, &reference)?;
            let (m, n, k) = (self.thr_size(1), self.thr_size(2), self.thr_size(3));
            if k > 1 {
                // (ThrV,(ThrM,ThrN)) -> (ThrV,(ThrM,ThrN,ThrK)): threads along K hold the same
                // C. CuTe C++ leaves this step out and sends them past the tile.
                let spread = Layout::from_rust((m, n, k), (1, m, 0))?;
                let outer = [T::U, T::L(&spread)];
                tv = composition_tiler(&tv, &tiler(&[T::N(&outer), T::U])?)?;
            }
            composition_tiler(&tv, &tiler(&[T::L(&self.thr_idx_to_thrid()?), T::U])?)
        };
        run().map_err(|e| e.within(Op::GetLayoutCTv))
    }

    /// CuTe's `get_layoutA_TV`: `(thread, value) -> (m,k)`; threads that differ only in N share
    /// their values.
    ///
    /// # Errors
    /// The algebra's, within the query.
    pub fn get_layout_a_tv(&self) -> Result<Layout, Error> {
        self.ab_tv(Operand3::A)
            .map_err(|e| e.within(Op::GetLayoutATv))
    }

    /// CuTe's `get_layoutB_TV`: `(thread, value) -> (n,k)`; threads that differ only in M share
    /// their values.
    ///
    /// # Errors
    /// The algebra's, within the query.
    pub fn get_layout_b_tv(&self) -> Result<Layout, Error> {
        self.ab_tv(Operand3::B)
            .map_err(|e| e.within(Op::GetLayoutBTv))
    }

    fn ab_tv(&self, which: Operand3) -> Result<Layout, Error> {
        let (i, j) = which.mnk();
        let reference = Layout::left(&flat(&[self.tile_size(i)?, self.tile_size(j)?])?)?;
        let tv = self.thrfrg(which, &reference)?;
        // (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK)): the other operand's threads broadcast.
        let (m, n) = (self.thr_size(1), self.thr_size(2));
        let spread = match which {
            Operand3::A => Layout::from_rust((m, n), (1, 0))?,
            _ => Layout::from_rust((m, n), (0, 1))?,
        };
        let inner = [T::L(&spread), T::U];
        let outer = [T::U, T::N(&inner)];
        let tv = composition_tiler(&tv, &tiler(&[T::N(&outer), T::U])?)?;
        composition_tiler(&tv, &tiler(&[T::L(&self.thr_idx_to_thrid()?), T::U])?)
    }

    /// The coordinate `(v, m, n, k)` of thread `thr`, `v` an index into the atom's threads
    /// (CuTe's `get_flat_coord`).
    fn thr_vmnk(&self, thr: i64, op: Op) -> Result<[i64; 4], Error> {
        let refused = || {
            Error::new(
                op,
                [Some(Operand::from(&self.vmnk)), None],
                ErrorKind::NotAThread {
                    thread: thr,
                    threads: self.size(),
                },
            )
        };
        if thr < 0 {
            return Err(refused());
        }
        // Each leaf's digit, the leaves taken by decreasing stride. CuTe C++ takes
        // `(thr / stride) % shape` of each leaf, which gives another thread's coordinate where
        // the strides are not a mixed radix (SM70's quad-pairs over 3 atoms: thread 16 is
        // thread 20's there); here the digits reach `thr` exactly or are searched for.
        let (shape, stride) = (self.vmnk.shape_leaves(), self.vmnk.stride_leaves());
        let mut order: [usize; crate::MAX_LAYOUT_LEAVES] = core::array::from_fn(|k| k);
        let order = &mut order[..shape.len()];
        order.sort_unstable_by_key(|&k| core::cmp::Reverse(stride[k]));
        let mut digit = [0i64; crate::MAX_LAYOUT_LEAVES];
        let mut rest = thr;
        for &k in order.iter() {
            if stride[k] > 0 && shape[k] > 1 {
                digit[k] = (rest / stride[k]).min(shape[k] - 1);
                rest -= digit[k] * stride[k];
            }
        }
        if rest != 0 {
            // Not a mixed radix where `thr` lies: find the index that reaches it, within the
            // budget of pointwise checks.
            let n = self.size();
            if n > crate::limits::VERIFY_LIMIT {
                return Err(Error::new(
                    op,
                    [Some(Operand::from(&self.vmnk)), None],
                    ErrorKind::VerificationLimit { size: n },
                ));
            }
            let i = (0..n)
                .find(|&i| self.vmnk.eval(i).ok() == Some(thr))
                .ok_or_else(refused)?;
            let mut q = i;
            for (d, &sh) in digit.iter_mut().zip(shape) {
                *d = q % sh.max(1);
                q /= sh.max(1);
            }
        }
        // Each mode's digits as an index into the mode, colexicographically.
        let mut out = [0i64; 4];
        let mut leaf = 0;
        for (k, o) in out.iter_mut().enumerate() {
            let leaves = self.vmnk.mode(k).map_or(0, |m| m.shape_leaves().len());
            let mut scale = 1;
            for j in leaf..leaf + leaves {
                *o += digit[j] * scale;
                scale *= shape[j];
            }
            leaf += leaves;
        }
        Ok(out)
    }

    /// CuTe's `get_slice(thr).partition_A/B/C(L)`: thread `thr`'s share of a tensor of layout
    /// `l` (rank ≥ 2), `(FrgV, RestM, RestK, ...)` for A, and the offset of its first element.
    ///
    /// # Postconditions
    /// Over all threads, the partitions of C cover each element of the tiles once per thread
    /// along K (the threads that split K each hold a partial sum), those of A once per thread
    /// along N and those of B once per thread along M, each times the atom's threads that see
    /// the element (all of a GMMA's for an operand in shared memory).
    ///
    /// # Errors
    /// [`ErrorKind::NotAThread`] for a thread index the thread layout does not reach
    /// ([`ErrorKind::VerificationLimit`] where telling needs more than
    /// [`VERIFY_LIMIT`](crate::limits::VERIFY_LIMIT) points); [`thrfrg`](Self::thrfrg)'s.
    pub fn partition(&self, which: Operand3, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        let op = which.partition_op();
        let [v, m, n, k] = self.thr_vmnk(thr, op)?;
        let (a, b) = match which {
            Operand3::A => (m, k),
            Operand3::B => (n, k),
            Operand3::C => (m, n),
        };
        let t = self.thrfrg(which, l)?;
        let rest = t.mode(1).and_then(|x| x.mode(1)).map_or(1, |x| x.rank());
        let coord = under_coord(&[v, a, b], rest).map_err(|k| Error::new(op, [None, None], k))?;
        t.slice_and_offset(&coord).map_err(|e| e.within(op))
    }

    /// `partition(A, thr, l)`.
    ///
    /// # Errors
    /// As [`partition`](Self::partition).
    pub fn partition_a(&self, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        self.partition(Operand3::A, thr, l)
    }

    /// `partition(B, thr, l)`.
    ///
    /// # Errors
    /// As [`partition`](Self::partition).
    pub fn partition_b(&self, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        self.partition(Operand3::B, thr, l)
    }

    /// `partition(C, thr, l)`.
    ///
    /// # Errors
    /// As [`partition`](Self::partition).
    pub fn partition_c(&self, thr: i64, l: &Layout) -> Result<(Layout, i64), Error> {
        self.partition(Operand3::C, thr, l)
    }

    /// CuTe's `partition_fragment_A/B/C`: the registers of a thread's partition of `l`
    /// (`make_fragment_like` of it for A and B; compact column-major for C). Every thread's
    /// fragment has the same layout.
    ///
    /// # Errors
    /// As [`partition`](Self::partition).
    pub fn partition_fragment(&self, which: Operand3, l: &Layout) -> Result<Layout, Error> {
        let op = which.fragment_op();
        let tv = self.atom_tv(which);
        // An operand every thread sees whole (a GMMA's in shared memory) has no registers:
        // CuTe's fragment of it is a view of the partition as the instruction's descriptors.
        if tv
            .mode(0)
            .is_some_and(|t| t.size() > 1 && t.stride_leaves().iter().all(|&d| d == 0))
        {
            return Err(Error::new(
                op,
                [Some(Operand::from(tv)), None],
                ErrorKind::AtomMismatch {
                    why: "an operand the atom's threads all read from shared memory has no register fragment (threads)",
                    value: tv.mode(0).map_or(0, |t| t.size()),
                    atom: 1,
                },
            ));
        }
        let (p, _) = self.partition(which, self.vmnk.eval(0).unwrap_or(0), l)?;
        let r = match which {
            Operand3::C => IntTuple::from_view(p.shape())
                .map_err(|k| Error::new(op, [None, None], k))
                .and_then(|s| Layout::left(&s)),
            _ => make_fragment_like(&p),
        };
        r.map_err(|e| e.within(op))
    }
}

/// The call that makes the tiled MMA: `make_tiled_mma(atom, atom layout, permutation)`.
impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "make_tiled_mma({}, {}, <", self.atom, self.atom_layout)?;
        for (k, p) in self.perm.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        f.write_str(">)")
    }
}
