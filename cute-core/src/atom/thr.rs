//! A thread's slice of a tiled operation (CuTe's `ThrMMA`, `ThrCopy`): its partitions of
//! tensors as views of the same data, and CuTe's `copy(tiled_copy, s, d)` and
//! `gemm(tiled_mma, a, b, c)` over them.

use super::tiled_copy::{Side, TiledCopy};
use super::tiled_mma::{Operand3, TiledMma};
use crate::algorithm::copy::{copy as copy_elements, Copied};
use crate::algorithm::gemm::gemm as gemm_elements;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

/// CuTe's `ThrMMA`: thread `thr` of a tiled MMA.
///
/// # Examples
/// ```
/// use cute_core::atom::{make_tiled_mma, MmaAtom};
/// use cute_core::{make_tensor, Counting, Layout};
/// let atom: MmaAtom = "UniversalFMA<float>".parse().unwrap();
/// let mma = make_tiled_mma(&atom, &"(16,16,1):(1,16,0)".parse().unwrap(), None).unwrap();
/// let c = make_tensor(Counting, "(128,128):(1,128)".parse::<Layout>().unwrap()).unwrap();
/// let mine = mma.get_slice(17).partition_c(c).unwrap();
/// // Thread 17 is (m, n) = (1, 1) of the 16x16 threads: every 16th row and column from there.
/// assert_eq!((mine.base(), mine.layout().to_string().as_str()), (129, "(1,8,8):(0,16,2048)"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrMma<'a> {
    mma: &'a TiledMma,
    thr: i64,
}

/// CuTe's `ThrCopy`: thread `thr` of a tiled copy.
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<'a> {
    copy: &'a TiledCopy,
    thr: i64,
}

impl TiledMma {
    /// CuTe's `get_slice(thr)`: thread `thr`'s view of the tiled MMA (checked where it
    /// partitions).
    #[must_use]
    pub fn get_slice(&self, thr: i64) -> ThrMma<'_> {
        ThrMma { mma: self, thr }
    }

    /// CuTe's `get_thread_slice(thr)`, the same as [`get_slice`](Self::get_slice).
    #[must_use]
    pub fn get_thread_slice(&self, thr: i64) -> ThrMma<'_> {
        self.get_slice(thr)
    }
}

impl TiledCopy {
    /// CuTe's `get_slice(thr)`: thread `thr`'s view of the tiled copy.
    #[must_use]
    pub fn get_slice(&self, thr: i64) -> ThrCopy<'_> {
        ThrCopy { copy: self, thr }
    }

    /// CuTe's `get_thread_slice(thr)`, the same as [`get_slice`](Self::get_slice).
    #[must_use]
    pub fn get_thread_slice(&self, thr: i64) -> ThrCopy<'_> {
        self.get_slice(thr)
    }
}

impl ThrMma<'_> {
    fn part<E: Engine, L: TensorLayout>(
        &self,
        which: Operand3,
        t: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        t.sub_view(which.partition_op(), |l| {
            self.mma.partition(which, self.thr, l)
        })
    }

    /// `partition_A(A)`: the thread's `(MMA, MMA_M, MMA_K, ...)` of an `(M, K, ...)` tensor.
    ///
    /// # Errors
    /// [`TiledMma::partition`]'s.
    pub fn partition_a<E: Engine, L: TensorLayout>(
        &self,
        a: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.part(Operand3::A, a)
    }

    /// `partition_B(B)`: the thread's `(MMA, MMA_N, MMA_K, ...)` of an `(N, K, ...)` tensor.
    ///
    /// # Errors
    /// [`TiledMma::partition`]'s.
    pub fn partition_b<E: Engine, L: TensorLayout>(
        &self,
        b: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.part(Operand3::B, b)
    }

    /// `partition_C(C)`: the thread's `(MMA, MMA_M, MMA_N, ...)` of an `(M, N, ...)` tensor.
    ///
    /// # Errors
    /// [`TiledMma::partition`]'s.
    pub fn partition_c<E: Engine, L: TensorLayout>(
        &self,
        c: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.part(Operand3::C, c)
    }

    /// The layout of the registers of `partition_fragment_A/B/C` of a tensor of layout `l`
    /// (the same for every thread): allocate its `cosize` values and make a tensor of it.
    ///
    /// # Errors
    /// [`TiledMma::partition_fragment`]'s.
    pub fn partition_fragment(&self, which: Operand3, l: &Layout) -> Result<Layout, Error> {
        self.mma.partition_fragment(which, l)
    }
}

impl ThrCopy<'_> {
    fn part<E: Engine, L: TensorLayout>(
        &self,
        side: Side,
        t: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        t.sub_view(side.partition_op(), |l| {
            self.copy.partition(side, self.thr, l)
        })
    }

    /// `partition_S(S)`: the thread's `(CPY, CPY_M, CPY_N, ...)` of a source tensor.
    ///
    /// # Errors
    /// [`TiledCopy::partition`]'s.
    pub fn partition_s<E: Engine, L: TensorLayout>(
        &self,
        s: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.part(Side::S, s)
    }

    /// `partition_D(D)`: the thread's `(CPY, CPY_M, CPY_N, ...)` of a destination tensor.
    ///
    /// # Errors
    /// [`TiledCopy::partition`]'s.
    pub fn partition_d<E: Engine, L: TensorLayout>(
        &self,
        d: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        self.part(Side::D, d)
    }

    /// `retile_S(F)`: a fragment regrouped by the atom's values ([`TiledCopy::retile`]).
    ///
    /// # Errors
    /// [`TiledCopy::retile`]'s.
    pub fn retile_s<E: Engine, L: TensorLayout>(
        &self,
        f: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        f.sub_view(Op::RetileS, |l| Ok((self.copy.retile(l)?, 0)))
    }

    /// `retile_D(F)`: the layout of [`retile_s`](Self::retile_s), as a destination.
    ///
    /// # Errors
    /// [`TiledCopy::retile`]'s.
    pub fn retile_d<E: Engine, L: TensorLayout>(
        &self,
        f: Tensor<E, L>,
    ) -> Result<Tensor<E, Layout>, Error> {
        f.sub_view(Op::RetileD, |l| Ok((self.copy.retile(l)?, 0)))
    }
}

/// The refusal of a tensor whose elements are not the atom's value type.
fn bits_mismatch<T>(op: Op, atom_bits: i64) -> Error {
    Error::new(
        op,
        [None, None],
        ErrorKind::AtomMismatch {
            why: "the tensor's elements have other bits than the atom's value type",
            value: (8 * core::mem::size_of::<T>()) as i64,
            atom: atom_bits,
        },
    )
}

/// CuTe's `copy(tiled_copy, src, dst)` of a thread's partitions `(CPY, CPY_M, CPY_N, ...)`:
/// `dst(i) = src(i)` for every `i`, mode 0 one or more of the atom's instructions.
///
/// # Preconditions
/// The atom's source and destination thread-value layouts are the same (a thread copies its
/// own values: `UniversalCopy`, `cp.async`, not `ldmatrix`); the elements have the atom's value
/// bits; mode 0 of each holds a multiple of the atom's values (CuTe's partitions do); the sizes
/// agree.
///
/// # Errors
/// [`ErrorKind::AtomMismatch`] otherwise; [`crate::algorithm::copy()`]'s.
pub fn copy<E, F, A, B>(
    tiled: &TiledCopy,
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
) -> Result<Copied, Error>
where
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    let atom = tiled.atom();
    // Each thread copies its own partitions here: an atom whose threads exchange values (an
    // ldmatrix's thread names a row that other threads receive) needs the whole warp at once.
    let (s_tv, d_tv) = (atom.val_layout_src()?, atom.val_layout_dst()?);
    if s_tv != d_tv {
        return Err(Error::new(
            Op::Copy,
            [Some(Operand::from(&s_tv)), Some(Operand::from(&d_tv))],
            ErrorKind::AtomMismatch {
                why: "a copy atom whose threads exchange values (its source and destination \
                      layouts differ) is not run thread by thread; its threads",
                value: atom.thr_id().size(),
                atom: 1,
            },
        ));
    }
    let bits = atom.value_type().bits();
    if (8 * core::mem::size_of::<E::Value>()) as i64 != bits {
        return Err(bits_mismatch::<E::Value>(Op::Copy, bits));
    }
    for (l, vals) in [
        (src.layout().layout(), atom.num_val_src()?),
        (dst.layout().layout(), atom.num_val_dst()?),
    ] {
        let v = l.mode(0).map_or_else(|| l.size(), |m| m.size());
        if vals == 0 || v % vals != 0 {
            return Err(Error::new(
                Op::Copy,
                [Some(Operand::from(&l)), None],
                ErrorKind::AtomMismatch {
                    why: "mode 0 of a partition holds a multiple of the copy atom's values",
                    value: v,
                    atom: vals,
                },
            ));
        }
    }
    copy_elements(src, dst)
}

/// CuTe's `gemm(tiled_mma, a, b, c)` of a thread's partitions `(V, M, K)`, `(V, N, K)`,
/// `(V, M, N)`: `C(v,m,n) += Σ_k A(v,m,k) · B(v,n,k)`, CuTe's k-block loop, for an atom one
/// thread runs alone (`UniversalFMA`).
///
/// # Preconditions
/// The atom is `1×1×1` with one thread; the elements of A, B and C have its value bits; the
/// partitions are the tiled MMA's (their extents agree).
///
/// # Errors
/// [`ErrorKind::AtomMismatch`] otherwise (a warp's `mma.sync` is not emulated thread by
/// thread); [`crate::algorithm::gemm()`]'s.
pub fn gemm<T, EA, EB, EC, LA, LB, LC>(
    tiled: &TiledMma,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<(), Error>
where
    T: Copy + core::ops::Add<Output = T> + core::ops::Mul<Output = T>,
    EA: Engine<Value = T>,
    EB: Engine<Value = T>,
    EC: EngineMut<Value = T>,
    LA: TensorLayout,
    LB: TensorLayout,
    LC: TensorLayout,
{
    let atom = tiled.atom();
    // A thread's A, B and C here are scalars: a collective MMA (a warp's mma.sync, a dot
    // product) computes what no thread's partitions alone hold.
    if atom.shape_mnk() != [1, 1, 1] || atom.thr_id().size() != 1 {
        return Err(Error::new(
            Op::Gemm,
            [Some(Operand::from(atom.c_layout())), None],
            ErrorKind::AtomMismatch {
                why: "gemm runs one-thread 1x1x1 atoms (UniversalFMA) thread by thread; this \
                      atom's threads",
                value: atom.thr_id().size(),
                atom: 1,
            },
        ));
    }
    let [_, ta, tb, tc] = atom.value_types();
    let bits = (8 * core::mem::size_of::<T>()) as i64;
    for t in [ta, tb, tc] {
        if t.bits() != bits {
            return Err(bits_mismatch::<T>(Op::Gemm, t.bits()));
        }
    }
    gemm_elements(a, b, c)
}
