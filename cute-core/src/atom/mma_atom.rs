//! MMA atoms: CuTe's `MMA_Atom<Op>` traits. An atom is one instruction's multiply-add of an
//! M×N×K tile by a group of threads; its thread-value layouts map `(thread, value)` to the
//! column-major index of the element in the M×K (A), N×K (B) and M×N (C) tiles.
//!
//! The catalogue's layouts are those of CUTLASS 4.2's `mma_traits_sm*.hpp`
//! (`tests/data/atoms.jsonl` holds them as CuTe C++ prints them, and a test compares).

use core::fmt;
use core::str::FromStr;

use super::spelling::{parse_error, Spelling};
use super::value_type::ValueType;
use super::value_type::ValueType as V;
use crate::error::{Error, ErrorKind, Op};
use crate::layout::Layout;

/// The major-ness of a GMMA operand in shared memory (`GMMA::Major::K` or `GMMA::Major::MN`): it
/// chooses the instruction's descriptor, not its thread-value layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// `GMMA::Major::K`: K contiguous.
    K,
    /// `GMMA::Major::MN`: M (or N) contiguous.
    MN,
}

/// Which instruction an atom is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// An atom of the catalogue, by its CuTe name.
    Named(&'static str),
    /// `UniversalFMA<D,A,B,C>`: one thread's scalar multiply-add.
    Fma,
    /// SM90's warpgroup MMA `SM90_64xNx16_<D><A><B>_SS|RS<MajorA,MajorB>`.
    Gmma {
        n: i64,
        /// A in registers (`RS`) rather than shared memory (`SS`).
        rs: bool,
        majors: [Major; 2],
    },
}

/// An MMA atom: CuTe's `MMA_Atom<Op>` with its traits (`Shape_MNK`, `ThrID`, `ALayout`,
/// `BLayout`, `CLayout` and the value types of D, A, B and C).
///
/// # Examples
/// ```
/// use cute_core::atom::MmaAtom;
/// let atom: MmaAtom = "SM80_16x8x16_F32F16F16F32_TN".parse().unwrap();
/// assert_eq!(atom.shape_mnk(), [16, 8, 16]);
/// assert_eq!(atom.a_layout().to_string(), "((4,8),(2,2,2)):((32,1),(16,8,128))");
/// assert_eq!(atom.thr_id().to_string(), "32:1");
/// let fma: MmaAtom = "UniversalFMA<float>".parse().unwrap();
/// assert_eq!(fma.c_layout().to_string(), "(1,1):(0,0)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MmaAtom {
    kind: Kind,
    /// D, A, B, C.
    types: [ValueType; 4],
    shape_mnk: [i64; 3],
    thr_id: Layout,
    a: Layout,
    b: Layout,
    c: Layout,
}

/// One atom of the catalogue, its layouts in CuTe notation.
struct Entry {
    name: &'static str,
    mnk: [i64; 3],
    thr: &'static str,
    a: &'static str,
    b: &'static str,
    c: &'static str,
    types: [ValueType; 4],
}

const fn entry(
    name: &'static str,
    mnk: [i64; 3],
    thr: &'static str,
    a: &'static str,
    b: &'static str,
    c: &'static str,
    types: [ValueType; 4],
) -> Entry {
    Entry {
        name,
        mnk,
        thr,
        a,
        b,
        c,
        types,
    }
}

/// The tensor-core and dot-product atoms, their types D, A, B, C.
#[rustfmt::skip]
const CATALOGUE: [Entry; 24] = [
    entry("SM61_DP4A", [1, 1, 4], "1:0", "(1,4):(0,1)", "(1,4):(0,1)", "(1,1):(0,0)", [V::Int32, V::Int8, V::Int8, V::Int32]),
    entry("SM61_DP2A", [1, 1, 2], "1:0", "(1,2):(0,1)", "(1,2):(0,1)", "(1,1):(0,0)", [V::Int32, V::Int16, V::Int16, V::Int32]),
    entry("SM70_8x8x4_F16F16F16F16_TN", [8, 8, 4], "(4,2):(1,16)", "(8,4):(1,8)", "(8,4):(1,8)", "(8,8):(1,8)", [V::Half, V::Half, V::Half, V::Half]),
    entry("SM70_8x8x4_F16F16F16F16_NT", [8, 8, 4], "(4,2):(1,16)", "((4,2),4):((8,4),1)", "((4,2),4):((8,4),1)", "(8,8):(1,8)", [V::Half, V::Half, V::Half, V::Half]),
    entry("SM70_8x8x4_F16F16F16F16_NN", [8, 8, 4], "(4,2):(1,16)", "((4,2),4):((8,4),1)", "(8,4):(1,8)", "(8,8):(1,8)", [V::Half, V::Half, V::Half, V::Half]),
    entry("SM70_8x8x4_F16F16F16F16_TT", [8, 8, 4], "(4,2):(1,16)", "(8,4):(1,8)", "((4,2),4):((8,4),1)", "(8,8):(1,8)", [V::Half, V::Half, V::Half, V::Half]),
    entry("SM70_8x8x4_F32F16F16F32_TN", [8, 8, 4], "(4,2):(1,16)", "(8,4):(1,8)", "(8,4):(1,8)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM70_8x8x4_F32F16F16F32_NT", [8, 8, 4], "(4,2):(1,16)", "((4,2),4):((8,4),1)", "((4,2),4):((8,4),1)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM70_8x8x4_F32F16F16F32_NN", [8, 8, 4], "(4,2):(1,16)", "((4,2),4):((8,4),1)", "(8,4):(1,8)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM70_8x8x4_F32F16F16F32_TT", [8, 8, 4], "(4,2):(1,16)", "(8,4):(1,8)", "((4,2),4):((8,4),1)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM75_16x8x8_F32F16F16F32_TN", [16, 8, 8], "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM75_8x8x16_S32S8S8S32_TN", [8, 8, 16], "32:1", "((4,8),4):((32,1),8)", "((4,8),4):((32,1),8)", "((4,8),2):((16,1),8)", [V::Int32, V::Int8, V::Int8, V::Int32]),
    entry("SM80_16x8x8_F16F16F16F16_TN", [16, 8, 8], "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)", "((4,8),(2,2)):((32,1),(16,8))", [V::Half, V::Half, V::Half, V::Half]),
    entry("SM80_16x8x16_F16F16F16F16_TN", [16, 8, 16], "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))", "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", [V::Half, V::Half, V::Half, V::Half]),
    entry("SM80_16x8x8_F32F16F16F32_TN", [16, 8, 8], "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM80_16x8x16_F32F16F16F32_TN", [16, 8, 16], "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))", "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::Half, V::Half, V::Float]),
    entry("SM80_16x8x8_F32BF16BF16F32_TN", [16, 8, 8], "32:1", "((4,8),(2,2)):((32,1),(16,8))", "((4,8),2):((16,1),8)", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::BFloat16, V::BFloat16, V::Float]),
    entry("SM80_16x8x16_F32BF16BF16F32_TN", [16, 8, 16], "32:1", "((4,8),(2,2,2)):((32,1),(16,8,128))", "((4,8),(2,2)):((16,1),(8,64))", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::BFloat16, V::BFloat16, V::Float]),
    entry("SM80_16x8x4_F32TF32TF32F32_TN", [16, 8, 4], "32:1", "((4,8),2):((16,1),8)", "((4,8),1):((8,1),0)", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::TFloat32, V::TFloat32, V::Float]),
    entry("SM80_16x8x8_F32TF32TF32F32_TN", [16, 8, 8], "32:1", "((4,8),(2,2)):((16,1),(8,64))", "((4,8),2):((8,1),32)", "((4,8),(2,2)):((32,1),(16,8))", [V::Float, V::TFloat32, V::TFloat32, V::Float]),
    entry("SM80_8x8x4_F64F64F64F64_TN", [8, 8, 4], "32:1", "((4,8),1):((8,1),0)", "((4,8),1):((8,1),0)", "((4,8),2):((16,1),8)", [V::Double, V::Double, V::Double, V::Double]),
    entry("SM80_16x8x32_S32S8S8S32_TN", [16, 8, 32], "32:1", "((4,8),(4,2,2)):((64,1),(16,8,256))", "((4,8),(4,2)):((32,1),(8,128))", "((4,8),(2,2)):((32,1),(16,8))", [V::Int32, V::Int8, V::Int8, V::Int32]),
    entry("SM80_16x8x16_S32S8S8S32_TN", [16, 8, 16], "32:1", "((4,8),(4,2)):((64,1),(16,8))", "((4,8),4):((32,1),8)", "((4,8),(2,2)):((32,1),(16,8))", [V::Int32, V::Int8, V::Int8, V::Int32]),
    entry("SM80_8x8x16_S32S8S8S32_TN", [8, 8, 16], "32:1", "((4,8),4):((32,1),8)", "((4,8),4):((32,1),8)", "((4,8),2):((16,1),8)", [V::Int32, V::Int8, V::Int8, V::Int32]),
];

/// The GMMA accumulator layout of `64×N`: each warp of the warpgroup owns 16 rows.
fn gmma_c(n: i64) -> Result<Layout, Error> {
    Layout::from_rust(((4, 8, 4), (2, 2, n / 8)), ((128, 1, 16), (64, 8, 512)))
}

/// A GMMA operand read from shared memory: every thread sees the whole `mn×16` tile.
fn gmma_ss(mn: i64) -> Result<Layout, Error> {
    Layout::from_rust((128, (mn, 16)), (0, (1, mn)))
}

/// Parses a catalogue layout (`the_catalogue_parses_and_reads_back` tests each one).
fn layout(s: &str) -> Layout {
    s.parse().unwrap_or(Layout::trivial())
}

/// An atom whose parameters no instruction has.
fn mismatch(why: &'static str, value: i64, atom: i64) -> Error {
    Error::new(
        Op::Parse,
        [None, None],
        ErrorKind::AtomMismatch { why, value, atom },
    )
}

impl MmaAtom {
    /// The names of the catalogue's atoms, besides `UniversalFMA<T...>` and SM90's
    /// `SM90_64xNx16_F32F16F16_SS<MajorA,MajorB>` family (N a multiple of 8 up to 256; `F32BF16BF16`
    /// and `F16F16F16` too; `_RS` with A in registers).
    pub fn catalogue() -> impl Iterator<Item = &'static str> {
        CATALOGUE.iter().map(|e| e.name)
    }

    /// The catalogue's atom CuTe names `name`, e.g. `SM80_16x8x16_F32F16F16F32_TN`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<MmaAtom> {
        let e = CATALOGUE.iter().find(|e| e.name == name)?;
        Some(MmaAtom {
            kind: Kind::Named(e.name),
            types: e.types,
            shape_mnk: e.mnk,
            thr_id: layout(e.thr),
            a: layout(e.a),
            b: layout(e.b),
            c: layout(e.c),
        })
    }

    /// `UniversalFMA<D,A,B,C>`: a 1×1×1 multiply-add by one thread.
    #[must_use]
    pub fn universal_fma(d: ValueType, a: ValueType, b: ValueType, c: ValueType) -> MmaAtom {
        let one = layout("(1,1):(0,0)");
        MmaAtom {
            kind: Kind::Fma,
            types: [d, a, b, c],
            shape_mnk: [1, 1, 1],
            thr_id: Layout::trivial(),
            a: one,
            b: one,
            c: one,
        }
    }

    /// SM90's `64×n×16` warpgroup MMA with A and B of type `ab` (`Half` or `BFloat16`) and D, C of
    /// type `dc` (`Float`, or `Half` with `Half` inputs); A in registers where `rs`.
    ///
    /// # Errors
    /// [`ErrorKind::AtomMismatch`] for an `n` that is not a multiple of 8 from 8 to 256, or for
    /// types no GMMA takes.
    pub fn gmma(
        n: i64,
        ab: ValueType,
        dc: ValueType,
        rs: bool,
        majors: [Major; 2],
    ) -> Result<MmaAtom, Error> {
        if n % 8 != 0 || !(8..=256).contains(&n) {
            return Err(mismatch(
                "a GMMA's N is a multiple of 8 from 8 to 256",
                n,
                8,
            ));
        }
        let types_ok = matches!(
            (ab, dc),
            (V::Half | V::BFloat16, V::Float) | (V::Half, V::Half)
        );
        if !types_ok {
            return Err(mismatch(
                "a GMMA takes half_t or bfloat16_t into float, or half_t into half_t (bits of D)",
                dc.bits(),
                32,
            ));
        }
        if rs && majors[0] == Major::MN {
            // The instruction reads A from registers only as K-major.
            return Err(mismatch(
                "a GMMA's A in registers (RS) is K-major (1 for MN-major)",
                1,
                0,
            ));
        }
        let a = if rs {
            Layout::from_rust(((4, 8, 4), (2, 2, 2)), ((128, 1, 16), (64, 8, 512)))?
        } else {
            gmma_ss(64)?
        };
        Ok(MmaAtom {
            kind: Kind::Gmma { n, rs, majors },
            types: [dc, ab, ab, dc],
            shape_mnk: [64, n, 16],
            thr_id: Layout::from_rust(128, 1)?,
            a,
            b: gmma_ss(n)?,
            c: gmma_c(n)?,
        })
    }

    /// Parses CuTe's spelling of an atom that starts at byte `base` of an expression:
    /// `SM80_16x8x16_F32F16F16F32_TN`, `MMA_Atom<...>`, `UniversalFMA<float>`,
    /// `SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>` (or
    /// `SM90::GMMA::MMA_64x128x16_F32F16F16_SS<...>`).
    ///
    /// # Errors
    /// [`ErrorKind::Parse`] at the offending byte; [`ErrorKind::AtomMismatch`] for a GMMA
    /// no instruction has.
    pub fn parse_at(text: &str, base: usize) -> Result<MmaAtom, Error> {
        let s = Spelling::parse(text, base)?;
        let name = s.name.strip_prefix("cute::").unwrap_or(s.name);
        if name == "MMA_Atom" {
            return match s.args() {
                // An operation, not another MMA_Atom (CuTe nests none, and a parse of hostile
                // nesting would recurse without bound).
                [(inner, at)]
                    if !inner
                        .trim_start()
                        .trim_start_matches("cute::")
                        .starts_with("MMA_Atom") =>
                {
                    MmaAtom::parse_at(inner, *at)
                }
                _ => Err(parse_error(base, "MMA_Atom<Op> with one operation")),
            };
        }
        if name == "UniversalFMA" {
            return parse_fma(&s, base);
        }
        if let Some(g) = name
            .strip_prefix("SM90::GMMA::MMA_")
            .or_else(|| name.strip_prefix("GMMA::MMA_"))
            .or_else(|| name.strip_prefix("SM90_"))
        {
            if g.starts_with("64x") {
                return parse_gmma(g, &s, base);
            }
        }
        if !s.args().is_empty() {
            return Err(parse_error(base, "an atom without template arguments"));
        }
        MmaAtom::from_name(name).ok_or_else(|| {
            parse_error(
                base,
                "an MMA atom such as SM80_16x8x16_F32F16F16F32_TN or UniversalFMA<float>",
            )
        })
    }

    /// `(M, N, K)` of the atom's tile (CuTe's `Shape_MNK`).
    #[must_use]
    pub fn shape_mnk(&self) -> [i64; 3] {
        self.shape_mnk
    }

    /// The atom's logical thread ids to thread indices (`ThrID`).
    #[must_use]
    pub fn thr_id(&self) -> &Layout {
        &self.thr_id
    }

    /// `(thread, value) -> (m,k)` of the column-major M×K tile of A (`ALayout`, `LayoutA_TV`).
    #[must_use]
    pub fn a_layout(&self) -> &Layout {
        &self.a
    }

    /// `(thread, value) -> (n,k)` of the column-major N×K tile of B (`BLayout`).
    #[must_use]
    pub fn b_layout(&self) -> &Layout {
        &self.b
    }

    /// `(thread, value) -> (m,n)` of the column-major M×N tile of C (`CLayout`).
    #[must_use]
    pub fn c_layout(&self) -> &Layout {
        &self.c
    }

    /// The value types of D, A, B and C (`ValTypeD`, ...).
    #[must_use]
    pub fn value_types(&self) -> [ValueType; 4] {
        self.types
    }
}

/// `UniversalFMA<D>`, `<D,A>`, `<D,A,B>` or `<D,A,B,C>`, with CuTe's defaults A = D, B = A,
/// C = D.
fn parse_fma(s: &Spelling<'_>, base: usize) -> Result<MmaAtom, Error> {
    let args = s.args();
    if args.is_empty() {
        return Err(parse_error(
            base,
            "UniversalFMA<D>, <D,A>, <D,A,B> or <D,A,B,C>",
        ));
    }
    let mut t = [V::Float; 4];
    for (k, (arg, at)) in args.iter().enumerate() {
        t[k] = ValueType::from_cute_name(arg)
            .ok_or_else(|| parse_error(*at, "a value type such as float or half_t"))?;
    }
    let a = if args.len() > 1 { t[1] } else { t[0] };
    let b = if args.len() > 2 { t[2] } else { a };
    let c = if args.len() > 3 { t[3] } else { t[0] };
    Ok(MmaAtom::universal_fma(t[0], a, b, c))
}

/// `64xNx16_<D><A><B>_SS|RS` after the prefix, with its two majors.
fn parse_gmma(g: &str, s: &Spelling<'_>, base: usize) -> Result<MmaAtom, Error> {
    let expected = "a GMMA such as SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
    let rest = &g[3..];
    let x = rest.find('x').ok_or_else(|| parse_error(base, expected))?;
    let n: i64 = rest[..x].parse().map_err(|_| parse_error(base, expected))?;
    let ((ab, dc), rs) = match &rest[x..] {
        "x16_F32F16F16_SS" => ((V::Half, V::Float), false),
        "x16_F32F16F16_RS" => ((V::Half, V::Float), true),
        "x16_F32BF16BF16_SS" => ((V::BFloat16, V::Float), false),
        "x16_F32BF16BF16_RS" => ((V::BFloat16, V::Float), true),
        "x16_F16F16F16_SS" => ((V::Half, V::Half), false),
        "x16_F16F16F16_RS" => ((V::Half, V::Half), true),
        _ => return Err(parse_error(base, expected)),
    };
    let args = s.args();
    if args.len() != 2 {
        return Err(parse_error(
            base,
            "a GMMA's two majors: <GMMA::Major::K,GMMA::Major::MN>",
        ));
    }
    let mut majors = [Major::K; 2];
    for (k, (arg, at)) in args.iter().enumerate() {
        majors[k] = match arg.rsplit_once("::") {
            Some((p, "K")) if p.ends_with("Major") => Major::K,
            Some((p, "MN")) if p.ends_with("Major") => Major::MN,
            _ => return Err(parse_error(*at, "GMMA::Major::K or GMMA::Major::MN")),
        };
    }
    MmaAtom::gmma(n, ab, dc, rs, majors)
}

impl FromStr for MmaAtom {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        MmaAtom::parse_at(s, 0)
    }
}

impl fmt::Display for Major {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Major::K => "GMMA::Major::K",
            Major::MN => "GMMA::Major::MN",
        })
    }
}

/// The operand types' letters in a GMMA's name.
fn gmma_letters(v: ValueType) -> &'static str {
    match v {
        V::BFloat16 => "BF16",
        V::Half => "F16",
        _ => "F32",
    }
}

/// CuTe's spelling, which [`MmaAtom::from_str`] reads back.
impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Named(name) => f.write_str(name),
            Kind::Fma => {
                let [d, a, b, c] = self.types;
                if a == d && b == d && c == d {
                    write!(f, "UniversalFMA<{d}>")
                } else {
                    write!(f, "UniversalFMA<{d},{a},{b},{c}>")
                }
            }
            Kind::Gmma { n, rs, majors } => {
                let [d, a, ..] = self.types;
                let (d, a) = (gmma_letters(d), gmma_letters(a));
                let ss = if rs { "RS" } else { "SS" };
                let [ma, mb] = majors;
                write!(f, "SM90_64x{n}x16_{d}{a}{a}_{ss}<{ma},{mb}>")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_parses_and_reads_back() {
        for e in &CATALOGUE {
            for l in [e.thr, e.a, e.b, e.c] {
                assert!(l.parse::<Layout>().is_ok(), "{} {l}", e.name);
            }
            let atom: MmaAtom = e.name.parse().unwrap();
            assert_eq!(std::format!("{atom}"), e.name);
            // The C layout covers the M×N tile once; A and B cover theirs at least once.
            let [m, n, k] = e.mnk;
            assert_eq!(atom.c.size(), m * n, "{}", e.name);
            assert!(
                atom.a.size() >= m * k && atom.b.size() >= n * k,
                "{}",
                e.name
            );
        }
        for s in [
            "UniversalFMA<float>",
            "UniversalFMA<float,half_t,half_t,float>",
            "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
            "SM90_64x8x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::K>",
        ] {
            let atom: MmaAtom = s.parse().unwrap();
            assert_eq!(std::format!("{atom}"), s);
        }
    }

    #[test]
    fn a_bad_spelling_names_its_place() {
        let e = "SM90_64x12x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>".parse::<MmaAtom>();
        assert_eq!(e.unwrap_err().code(), "atom_mismatch");
        let e = "UniversalFMA<flaot>".parse::<MmaAtom>().unwrap_err();
        assert_eq!(
            e.kind,
            ErrorKind::Parse {
                pos: 13,
                expected: "a value type such as float or half_t"
            }
        );
        assert!("SM80_16x8x16_F32F16F16F32_NT".parse::<MmaAtom>().is_err());
    }
}
