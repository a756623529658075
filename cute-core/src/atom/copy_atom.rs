//! Copy atoms: CuTe's `Copy_Atom<Op, T>`. A copy operation's traits map `(thread, value)` to
//! bits of the source, the destination and a reference; the atom reads them in its value type.
//!
//! The catalogue's layouts are those of CUTLASS 4.2's `copy_traits*.hpp`
//! (`tests/data/atoms.jsonl` holds them as CuTe C++ prints them, and a test compares).

use core::fmt;
use core::str::FromStr;

use super::build::mode_size;
use super::spelling::{parse_error, Spelling};
use super::value_type::ValueType;
use crate::algebra::recast::upcast;
use crate::error::{Error, ErrorKind, Op, Operand};
use crate::layout::Layout;

/// The warp-wide shared-memory matrix loads and stores: name, `ThrID`, source, destination and
/// reference bit layouts.
#[rustfmt::skip]
const MATRIX_COPIES: [(&str, &str, &str, &str, &str); 12] = [
    ("SM75_U32x1_LDSM_N", "32:1", "((8,4),128):((128,0),1)", "(32,32):(32,1)", "(32,32):(32,1)"),
    ("SM75_U32x2_LDSM_N", "32:1", "((16,2),128):((128,0),1)", "(32,(32,2)):(32,(1,1024))", "(32,(32,2)):(32,(1,1024))"),
    ("SM75_U32x4_LDSM_N", "32:1", "(32,128):(128,1)", "(32,(32,4)):(32,(1,1024))", "(32,(32,4)):(32,(1,1024))"),
    ("SM75_U16x2_LDSM_T", "32:1", "((8,4),128):((128,0),1)", "((4,8),(16,2)):((256,16),(1,128))", "((4,8),(16,2)):((256,16),(1,128))"),
    ("SM75_U16x4_LDSM_T", "32:1", "((16,2),128):((128,0),1)", "((4,8),(16,2,2)):((256,16),(1,128,1024))", "((4,8),(16,2,2)):((256,16),(1,128,1024))"),
    ("SM75_U16x8_LDSM_T", "32:1", "(32,128):(128,1)", "((4,8),(16,2,4)):((256,16),(1,128,1024))", "((4,8),(16,2,4)):((256,16),(1,128,1024))"),
    ("SM90_U32x1_STSM_N", "32:1", "(32,32):(32,1)", "((8,4),128):((128,0),1)", "(32,32):(32,1)"),
    ("SM90_U32x2_STSM_N", "32:1", "(32,(32,2)):(32,(1,1024))", "((16,2),128):((128,0),1)", "(32,(32,2)):(32,(1,1024))"),
    ("SM90_U32x4_STSM_N", "32:1", "(32,(32,4)):(32,(1,1024))", "(32,128):(128,1)", "(32,(32,4)):(32,(1,1024))"),
    ("SM90_U16x2_STSM_T", "32:1", "((4,8),(16,2)):((256,16),(1,128))", "((8,4),128):((128,0),1)", "((4,8),(16,2)):((256,16),(1,128))"),
    ("SM90_U16x4_STSM_T", "32:1", "((4,8),(16,2,2)):((256,16),(1,128,1024))", "((16,2),128):((128,0),1)", "((4,8),(16,2,2)):((256,16),(1,128,1024))"),
    ("SM90_U16x8_STSM_T", "32:1", "((4,8),(16,2,4)):((256,16),(1,128,1024))", "(32,128):(128,1)", "((4,8),(16,2,4)):((256,16),(1,128,1024))"),
];

/// Which copy operation an atom is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum CopyOp {
    /// `UniversalCopy<S,D>`: one thread's copy of an `S` into a `D`.
    Universal(ValueType, ValueType),
    /// `AutoVectorizingCopy`: the compiler's choice of vectors.
    AutoVectorizing,
    /// `SM80_CP_ASYNC_CACHEALWAYS<S>` (or `CACHEGLOBAL`): one thread's asynchronous global to
    /// shared copy of an `S`.
    CpAsync { global: bool, s: ValueType },
    /// An `ldmatrix` or `stmatrix` of the table.
    Matrix(&'static str),
}

/// CuTe's `Copy_Atom<Op, T>`: a copy operation's traits (`ThrID`, source, destination and
/// reference layouts in bits) read in the value type `T`.
///
/// # Examples
/// ```
/// use cute_core::atom::CopyAtom;
/// let atom: CopyAtom = "Copy_Atom<SM75_U32x4_LDSM_N, half_t>".parse().unwrap();
/// assert_eq!(atom.val_layout_src().unwrap().to_string(), "(32,8):(8,1)");
/// assert_eq!(atom.val_layout_dst().unwrap().to_string(), "(32,(2,4)):(2,(1,64))");
/// let v: CopyAtom = "Copy_Atom<UniversalCopy<uint128_t>, float>".parse().unwrap();
/// assert_eq!(v.num_val_src().unwrap(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CopyAtom {
    op: CopyOp,
    value: ValueType,
    thr_id: Layout,
    src: Layout,
    dst: Layout,
    reference: Layout,
}

impl CopyAtom {
    /// The atom of the copy operation CuTe spells `op` (e.g. `UniversalCopy<uint128_t>`,
    /// `SM75_U32x4_LDSM_N`) in value type `value`.
    ///
    /// # Errors
    /// [`ErrorKind::Parse`] for an unknown operation or a `cp.async` of a size the instruction
    /// does not move; [`ErrorKind::AtomMismatch`] where the value type does not divide the
    /// operation's bits per thread.
    pub fn new(op: &str, value: ValueType) -> Result<CopyAtom, Error> {
        CopyAtom::parse_op(op, 0, value)
    }

    fn parse_op(text: &str, base: usize, value: ValueType) -> Result<CopyAtom, Error> {
        let s = Spelling::parse(text, base)?;
        let name = s.name.strip_prefix("cute::").unwrap_or(s.name);
        let ty = |k: usize| -> Result<ValueType, Error> {
            let (arg, at) = s.args()[k];
            ValueType::from_cute_name(arg)
                .ok_or_else(|| parse_error(at, "a value type such as uint128_t or float"))
        };
        let op = match (name, s.args().len()) {
            ("UniversalCopy", 1) => CopyOp::Universal(ty(0)?, ty(0)?),
            ("UniversalCopy", 2) => CopyOp::Universal(ty(0)?, ty(1)?),
            ("AutoVectorizingCopy", 0) => CopyOp::AutoVectorizing,
            ("SM80_CP_ASYNC_CACHEALWAYS" | "SM80_CP_ASYNC_CACHEGLOBAL", 1 | 2) => {
                let global = name.ends_with("GLOBAL");
                let (src, dst) = (ty(0)?, ty(s.args().len() - 1)?);
                // cp.async moves 4, 8 or 16 bytes, and bypasses L1 (CACHEGLOBAL) only for 16.
                let bits_ok = if global {
                    src.bits() == 128
                } else {
                    matches!(src.bits(), 32 | 64 | 128)
                };
                if !bits_ok || src.bits() != dst.bits() {
                    return Err(parse_error(
                        s.args()[0].1,
                        "cp.async of 32, 64 or 128 bits (CACHEGLOBAL: 128), the same on both sides",
                    ));
                }
                CopyOp::CpAsync { global, s: src }
            }
            (name, 0) => match MATRIX_COPIES.iter().find(|m| m.0 == name) {
                Some(m) => CopyOp::Matrix(m.0),
                None => return Err(parse_error(base, EXPECTED_OP)),
            },
            _ => return Err(parse_error(base, EXPECTED_OP)),
        };
        CopyAtom::of(op, value)
    }

    fn of(op: CopyOp, value: ValueType) -> Result<CopyAtom, Error> {
        let bits = |b: i64| Layout::from_rust((1, b), (0, 1));
        let (thr_id, src, dst, reference) = match op {
            CopyOp::Universal(s, d) => {
                let src = bits(s.bits())?;
                (Layout::trivial(), src, bits(d.bits())?, src)
            }
            CopyOp::CpAsync { s, .. } => {
                let src = bits(s.bits())?;
                (Layout::trivial(), src, src, src)
            }
            CopyOp::AutoVectorizing => {
                let one = Layout::from_rust((1, 1), (0, 0))?;
                (Layout::trivial(), one, one, one)
            }
            CopyOp::Matrix(name) => {
                let m = MATRIX_COPIES
                    .iter()
                    .find(|m| m.0 == name)
                    .unwrap_or(&MATRIX_COPIES[0]);
                let p = |s: &str| s.parse::<Layout>();
                (p(m.1)?, p(m.2)?, p(m.3)?, p(m.4)?)
            }
        };
        let atom = CopyAtom {
            op,
            value,
            thr_id,
            src,
            dst,
            reference,
        };
        // CuTe's condition on every bit layout: its threads are the atom's.
        for l in [&atom.src, &atom.dst, &atom.reference] {
            let threads = mode_size(l, 0);
            if threads != atom.thr_id.size() {
                return Err(Error::new(
                    Op::Parse,
                    [Some(Operand::from(l)), Some(Operand::from(&atom.thr_id))],
                    ErrorKind::AtomMismatch {
                        why: "a bit layout's threads are not the atom's ThrID",
                        value: threads,
                        atom: atom.thr_id.size(),
                    },
                ));
            }
        }
        for l in [&atom.src, &atom.dst, &atom.reference] {
            let bits = mode_size(l, 1);
            if op != CopyOp::AutoVectorizing && bits % value.bits() != 0 {
                return Err(Error::new(
                    Op::Parse,
                    [Some(Operand::from(l)), None],
                    ErrorKind::AtomMismatch {
                        why: "the value type's bits do not divide the copy's bits per thread",
                        value: value.bits(),
                        atom: bits,
                    },
                ));
            }
        }
        Ok(atom)
    }

    /// Parses `Copy_Atom<Op, T>` starting at byte `base` of an expression.
    ///
    /// # Errors
    /// [`ErrorKind::Parse`] at the offending byte, or [`CopyAtom::new`]'s.
    pub fn parse_at(text: &str, base: usize) -> Result<CopyAtom, Error> {
        let s = Spelling::parse(text, base)?;
        let name = s.name.strip_prefix("cute::").unwrap_or(s.name);
        match (name, s.args()) {
            ("Copy_Atom", [(op, op_at), (ty, ty_at)]) => {
                let value = ValueType::from_cute_name(ty)
                    .ok_or_else(|| parse_error(*ty_at, "a value type such as float or half_t"))?;
                CopyAtom::parse_op(op, *op_at, value)
            }
            _ => Err(parse_error(
                base,
                "Copy_Atom<Op, T>, e.g. Copy_Atom<UniversalCopy<uint128_t>, float>",
            )),
        }
    }

    /// The value type `T`.
    #[must_use]
    pub fn value_type(&self) -> ValueType {
        self.value
    }

    /// The atom's logical thread ids to thread indices (`ThrID`).
    #[must_use]
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }

    /// `(thread, value) -> bit` of the source (`BitLayoutSrc`).
    #[must_use]
    pub fn bit_layout_src(&self) -> &Layout {
        &self.src
    }

    /// `(thread, value) -> bit` of the destination (`BitLayoutDst`).
    #[must_use]
    pub fn bit_layout_dst(&self) -> &Layout {
        &self.dst
    }

    /// `(thread, value) -> bit` of the reference (`BitLayoutRef`).
    #[must_use]
    pub fn bit_layout_ref(&self) -> &Layout {
        &self.reference
    }

    /// A bit layout read in the value type: CuTe's `recast_layout<uint1_t, T>`.
    fn in_values(&self, l: &Layout) -> Result<Layout, Error> {
        upcast(l, self.value.bits())
    }

    /// `(thread, value) -> element` of the source (`ValLayoutSrc`).
    ///
    /// # Errors
    /// `upcast`'s.
    pub fn val_layout_src(&self) -> Result<Layout, Error> {
        self.in_values(&self.src)
    }

    /// `(thread, value) -> element` of the destination (`ValLayoutDst`).
    ///
    /// # Errors
    /// `upcast`'s.
    pub fn val_layout_dst(&self) -> Result<Layout, Error> {
        self.in_values(&self.dst)
    }

    /// `(thread, value) -> element` of the reference (`ValLayoutRef`).
    ///
    /// # Errors
    /// `upcast`'s.
    pub fn val_layout_ref(&self) -> Result<Layout, Error> {
        self.in_values(&self.reference)
    }

    /// The values each thread reads (`NumValSrc`).
    ///
    /// # Errors
    /// `upcast`'s.
    pub fn num_val_src(&self) -> Result<i64, Error> {
        Ok(mode_size(&self.val_layout_src()?, 1))
    }

    /// The values each thread writes (`NumValDst`).
    ///
    /// # Errors
    /// `upcast`'s.
    pub fn num_val_dst(&self) -> Result<i64, Error> {
        Ok(mode_size(&self.val_layout_dst()?, 1))
    }
}

/// What a copy operation's spelling may be.
const EXPECTED_OP: &str =
    "a copy operation such as UniversalCopy<uint128_t>, AutoVectorizingCopy, \
     SM75_U32x4_LDSM_N, SM80_CP_ASYNC_CACHEALWAYS<uint128_t> or SM90_U32x4_STSM_N";

impl FromStr for CopyAtom {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        CopyAtom::parse_at(s, 0)
    }
}

impl fmt::Display for CopyOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CopyOp::Universal(s, d) if s == d => write!(f, "UniversalCopy<{s}>"),
            CopyOp::Universal(s, d) => write!(f, "UniversalCopy<{s},{d}>"),
            CopyOp::AutoVectorizing => f.write_str("AutoVectorizingCopy"),
            CopyOp::CpAsync { global: false, s } => write!(f, "SM80_CP_ASYNC_CACHEALWAYS<{s}>"),
            CopyOp::CpAsync { global: true, s } => write!(f, "SM80_CP_ASYNC_CACHEGLOBAL<{s}>"),
            CopyOp::Matrix(name) => f.write_str(name),
        }
    }
}

/// CuTe's spelling, which [`CopyAtom::from_str`] reads back.
impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Copy_Atom<{}, {}>", self.op, self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_copy_reads_back() {
        for m in &MATRIX_COPIES {
            let s = std::format!("Copy_Atom<{}, half_t>", m.0);
            assert_eq!(std::format!("{}", s.parse::<CopyAtom>().unwrap()), s);
        }
        for s in [
            "Copy_Atom<UniversalCopy<uint128_t>, float>",
            "Copy_Atom<UniversalCopy<uint32_t,uint32_t>, half_t>",
            "Copy_Atom<AutoVectorizingCopy, double>",
            "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>",
            "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, half_t>",
        ] {
            let atom: CopyAtom = s.parse().unwrap();
            let back = std::format!("{atom}");
            assert_eq!(back.parse::<CopyAtom>().unwrap(), atom);
        }
    }

    #[test]
    fn a_value_wider_than_the_copy_is_refused() {
        let e = "Copy_Atom<UniversalCopy<uint8_t>, float>"
            .parse::<CopyAtom>()
            .unwrap_err();
        assert_eq!(e.code(), "atom_mismatch");
        let e = "Copy_Atom<UniversalCopy<uint7_t>, float>"
            .parse::<CopyAtom>()
            .unwrap_err();
        assert_eq!(e.code(), "parse");
        for bad in [
            "Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>, half_t>",
            "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint16_t>, half_t>",
            "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t,uint64_t>, float>",
        ] {
            assert_eq!(
                bad.parse::<CopyAtom>().unwrap_err().code(),
                "parse",
                "{bad}"
            );
        }
    }
}
