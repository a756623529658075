//! MMA atoms as types (CuTe's `MMA_Traits<Op>`), each beside its runtime value of
//! `cute_core::atom`, whose catalogue CuTe C++ checks (`tests/atoms`); a test checks that both
//! agree.

use core::marker::PhantomData;
use core::ops::{Add, Mul};

use cute_core::atom::{AtomValue, MmaAtom, ValueType};
#[allow(
    clippy::wildcard_imports,
    reason = "the catalogue's layouts spell their integers as typenum's constants"
)]
use typenum::consts::*;

use crate::layout::{Layout, StaticLayout};

/// CuTe's `MMA_Traits` of an MMA atom type.
///
/// # Examples
/// ```
/// use cute_static::atom::{MmaTraits, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::StaticLayout;
/// type Atom = SM80_16x8x16_F32F16F16F32_TN;
/// assert_eq!(Atom::SHAPE_MNK, [16, 8, 16]);
/// assert_eq!(
///     <Atom as MmaTraits>::ALayout::LAYOUT.to_string(),
///     "((4,8),(2,2,2)):((32,1),(16,8,128))"
/// );
/// assert_eq!(Atom::atom(), "SM80_16x8x16_F32F16F16F32_TN".parse().unwrap());
/// ```
pub trait MmaTraits {
    /// `(M, N, K)` of the atom's tile.
    const SHAPE_MNK: [i64; 3];
    /// The value types of D, A, B and C.
    const VALUE_TYPES: [ValueType; 4];
    /// The atom's logical thread ids to thread indices.
    type ThrID: StaticLayout;
    /// `(thread, value) -> (m,k)` of the column-major M×K tile of A.
    type ALayout: StaticLayout;
    /// `(thread, value) -> (n,k)` of the column-major N×K tile of B.
    type BLayout: StaticLayout;
    /// `(thread, value) -> (m,n)` of the column-major M×N tile of C.
    type CLayout: StaticLayout;
    /// The same atom as a runtime value, for the tiled operations of `cute_core::atom`.
    fn atom() -> MmaAtom;
}

/// CuTe's `UniversalFMA<D, A, B, C>`: one thread's `d = a · b + c`, a 1×1×1 atom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniversalFMA<D, A = D, B = A, C = D>(PhantomData<(D, A, B, C)>);

impl<D, A, B, C> UniversalFMA<D, A, B, C>
where
    A: Mul<B, Output = D>,
    D: Add<C, Output = D>,
{
    /// The atom's instruction: `d = a · b + c`.
    #[inline(always)]
    pub fn fma(d: &mut D, a: A, b: B, c: C) {
        *d = a * b + c;
    }
}

impl<D: AtomValue, A: AtomValue, B: AtomValue, C: AtomValue> MmaTraits
    for UniversalFMA<D, A, B, C>
{
    const SHAPE_MNK: [i64; 3] = [1, 1, 1];
    const VALUE_TYPES: [ValueType; 4] = [D::TYPE, A::TYPE, B::TYPE, C::TYPE];
    type ThrID = Layout<U1, U0>;
    type ALayout = Layout<(U1, U1), (U0, U0)>;
    type BLayout = Layout<(U1, U1), (U0, U0)>;
    type CLayout = Layout<(U1, U1), (U0, U0)>;

    fn atom() -> MmaAtom {
        MmaAtom::universal_fma(D::TYPE, A::TYPE, B::TYPE, C::TYPE)
    }
}

/// Declares each tensor-core atom of the catalogue as a type with its traits.
macro_rules! catalogue {
    ($($name:ident [$m:literal, $n:literal, $k:literal] $thr:ty, $a:ty, $b:ty, $c:ty;)*) => {$(
        #[doc = concat!("CuTe's `", stringify!($name), "` (", stringify!($m), "×", stringify!($n),
                        "×", stringify!($k), ").")]
        #[allow(non_camel_case_types, reason = "CuTe's name of the instruction")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl MmaTraits for $name {
            const SHAPE_MNK: [i64; 3] = [$m, $n, $k];
            const VALUE_TYPES: [ValueType; 4] = value_types(stringify!($name));
            type ThrID = $thr;
            type ALayout = $a;
            type BLayout = $b;
            type CLayout = $c;

            fn atom() -> MmaAtom {
                MmaAtom::from_name(stringify!($name)).unwrap_or_else(|| {
                    unreachable!("cute_core's catalogue has {}", stringify!($name))
                })
            }
        }
    )*
        /// The names of the atoms declared as types, in the catalogue's order.
        pub const CATALOGUE: &[&str] = &[$(stringify!($name)),*];
    };
}

/// The value types D, A, B, C an atom's name spells (`F32F16F16F32` is `float`, `half_t`,
/// `half_t`, `float`; `DP4A` is `int32_t`, `int8_t`, `int8_t`, `int32_t`).
const fn value_types(name: &str) -> [ValueType; 4] {
    let b = name.as_bytes();
    if b.len() > 6 && b[5] == b'D' {
        // SM61_DP4A, SM61_DP2A
        let ab = if b[7] == b'4' {
            ValueType::Int8
        } else {
            ValueType::Int16
        };
        return [ValueType::Int32, ab, ab, ValueType::Int32];
    }
    // The part after the second `_`: four type names run together.
    let mut i = 0;
    let mut seen = 0;
    while i < b.len() && seen < 2 {
        if b[i] == b'_' {
            seen += 1;
        }
        i += 1;
    }
    let mut out = [ValueType::Float; 4];
    let mut k = 0;
    while k < 4 && i < b.len() {
        let (t, len) = match (b[i], b[i + 1], b[i + 2]) {
            (b'B', b'F', _) => (ValueType::BFloat16, 4),
            (b'T', b'F', _) => (ValueType::TFloat32, 4),
            (b'F', b'1', _) => (ValueType::Half, 3),
            (b'F', b'3', _) => (ValueType::Float, 3),
            (b'F', b'6', _) => (ValueType::Double, 3),
            (b'S', b'8', _) => (ValueType::Int8, 2),
            (b'S', b'3', _) => (ValueType::Int32, 3),
            _ => (ValueType::Float, 1),
        };
        out[k] = t;
        k += 1;
        i += len;
    }
    out
}

catalogue! {
    SM61_DP4A [1, 1, 4] Layout<U1, U0>, Layout<(U1, U4), (U0, U1)>, Layout<(U1, U4), (U0, U1)>, Layout<(U1, U1), (U0, U0)>;
    SM61_DP2A [1, 1, 2] Layout<U1, U0>, Layout<(U1, U2), (U0, U1)>, Layout<(U1, U2), (U0, U1)>, Layout<(U1, U1), (U0, U0)>;
    SM70_8x8x4_F16F16F16F16_TN [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<(U8, U4), (U1, U8)>, Layout<(U8, U4), (U1, U8)>, Layout<(U8, U8), (U1, U8)>;
    SM70_8x8x4_F16F16F16F16_NT [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<(U8, U8), (U1, U8)>;
    SM70_8x8x4_F16F16F16F16_NN [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<(U8, U4), (U1, U8)>, Layout<(U8, U8), (U1, U8)>;
    SM70_8x8x4_F16F16F16F16_TT [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<(U8, U4), (U1, U8)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<(U8, U8), (U1, U8)>;
    SM70_8x8x4_F32F16F16F32_TN [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<(U8, U4), (U1, U8)>, Layout<(U8, U4), (U1, U8)>, Layout<((U2, U2, U2), (U2, U2, U2)), ((U1, U16, U4), (U8, U2, U32))>;
    SM70_8x8x4_F32F16F16F32_NT [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<((U2, U2, U2), (U2, U2, U2)), ((U1, U16, U4), (U8, U2, U32))>;
    SM70_8x8x4_F32F16F16F32_NN [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<(U8, U4), (U1, U8)>, Layout<((U2, U2, U2), (U2, U2, U2)), ((U1, U16, U4), (U8, U2, U32))>;
    SM70_8x8x4_F32F16F16F32_TT [8, 8, 4] Layout<(U4, U2), (U1, U16)>, Layout<(U8, U4), (U1, U8)>, Layout<((U4, U2), U4), ((U8, U4), U1)>, Layout<((U2, U2, U2), (U2, U2, U2)), ((U1, U16, U4), (U8, U2, U32))>;
    SM75_16x8x8_F32F16F16F32_TN [16, 8, 8] Layout<U32, U1>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>, Layout<((U4, U8), U2), ((U16, U1), U8)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM75_8x8x16_S32S8S8S32_TN [8, 8, 16] Layout<U32, U1>, Layout<((U4, U8), U4), ((U32, U1), U8)>, Layout<((U4, U8), U4), ((U32, U1), U8)>, Layout<((U4, U8), U2), ((U16, U1), U8)>;
    SM80_16x8x8_F16F16F16F16_TN [16, 8, 8] Layout<U32, U1>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>, Layout<((U4, U8), U2), ((U16, U1), U8)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x16_F16F16F16F16_TN [16, 8, 16] Layout<U32, U1>, Layout<((U4, U8), (U2, U2, U2)), ((U32, U1), (U16, U8, U128))>, Layout<((U4, U8), (U2, U2)), ((U16, U1), (U8, U64))>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x8_F32F16F16F32_TN [16, 8, 8] Layout<U32, U1>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>, Layout<((U4, U8), U2), ((U16, U1), U8)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x16_F32F16F16F32_TN [16, 8, 16] Layout<U32, U1>, Layout<((U4, U8), (U2, U2, U2)), ((U32, U1), (U16, U8, U128))>, Layout<((U4, U8), (U2, U2)), ((U16, U1), (U8, U64))>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x8_F32BF16BF16F32_TN [16, 8, 8] Layout<U32, U1>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>, Layout<((U4, U8), U2), ((U16, U1), U8)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x16_F32BF16BF16F32_TN [16, 8, 16] Layout<U32, U1>, Layout<((U4, U8), (U2, U2, U2)), ((U32, U1), (U16, U8, U128))>, Layout<((U4, U8), (U2, U2)), ((U16, U1), (U8, U64))>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x4_F32TF32TF32F32_TN [16, 8, 4] Layout<U32, U1>, Layout<((U4, U8), U2), ((U16, U1), U8)>, Layout<((U4, U8), U1), ((U8, U1), U0)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x8_F32TF32TF32F32_TN [16, 8, 8] Layout<U32, U1>, Layout<((U4, U8), (U2, U2)), ((U16, U1), (U8, U64))>, Layout<((U4, U8), U2), ((U8, U1), U32)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_8x8x4_F64F64F64F64_TN [8, 8, 4] Layout<U32, U1>, Layout<((U4, U8), U1), ((U8, U1), U0)>, Layout<((U4, U8), U1), ((U8, U1), U0)>, Layout<((U4, U8), U2), ((U16, U1), U8)>;
    SM80_16x8x32_S32S8S8S32_TN [16, 8, 32] Layout<U32, U1>, Layout<((U4, U8), (U4, U2, U2)), ((U64, U1), (U16, U8, U256))>, Layout<((U4, U8), (U4, U2)), ((U32, U1), (U8, U128))>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_16x8x16_S32S8S8S32_TN [16, 8, 16] Layout<U32, U1>, Layout<((U4, U8), (U4, U2)), ((U64, U1), (U16, U8))>, Layout<((U4, U8), U4), ((U32, U1), U8)>, Layout<((U4, U8), (U2, U2)), ((U32, U1), (U16, U8))>;
    SM80_8x8x16_S32S8S8S32_TN [8, 8, 16] Layout<U32, U1>, Layout<((U4, U8), U4), ((U32, U1), U8)>, Layout<((U4, U8), U4), ((U32, U1), U8)>, Layout<((U4, U8), U2), ((U16, U1), U8)>;
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    /// The runtime atom of a type, and the type's traits lowered.
    fn agrees<A: MmaTraits>() {
        let atom = A::atom();
        assert_eq!(atom.shape_mnk(), A::SHAPE_MNK);
        assert_eq!(atom.value_types(), A::VALUE_TYPES, "{atom}");
        assert_eq!(*atom.thr_id(), A::ThrID::LAYOUT, "{atom}");
        assert_eq!(*atom.a_layout(), A::ALayout::LAYOUT, "{atom}");
        assert_eq!(*atom.b_layout(), A::BLayout::LAYOUT, "{atom}");
        assert_eq!(*atom.c_layout(), A::CLayout::LAYOUT, "{atom}");
    }

    macro_rules! all {
        ($($name:ident)*) => {{ $(agrees::<$name>();)* }};
    }

    #[test]
    fn each_atom_type_is_its_runtime_atom() {
        agrees::<UniversalFMA<f32>>();
        agrees::<UniversalFMA<f64, f64, f64, f64>>();
        all!(
            SM61_DP4A
            SM61_DP2A
            SM70_8x8x4_F16F16F16F16_TN
            SM70_8x8x4_F16F16F16F16_NT
            SM70_8x8x4_F16F16F16F16_NN
            SM70_8x8x4_F16F16F16F16_TT
            SM70_8x8x4_F32F16F16F32_TN
            SM70_8x8x4_F32F16F16F32_NT
            SM70_8x8x4_F32F16F16F32_NN
            SM70_8x8x4_F32F16F16F32_TT
            SM75_16x8x8_F32F16F16F32_TN
            SM75_8x8x16_S32S8S8S32_TN
            SM80_16x8x8_F16F16F16F16_TN
            SM80_16x8x16_F16F16F16F16_TN
            SM80_16x8x8_F32F16F16F32_TN
            SM80_16x8x16_F32F16F16F32_TN
            SM80_16x8x8_F32BF16BF16F32_TN
            SM80_16x8x16_F32BF16BF16F32_TN
            SM80_16x8x4_F32TF32TF32F32_TN
            SM80_16x8x8_F32TF32TF32F32_TN
            SM80_8x8x4_F64F64F64F64_TN
            SM80_16x8x32_S32S8S8S32_TN
            SM80_16x8x16_S32S8S8S32_TN
            SM80_8x8x16_S32S8S8S32_TN
        );
        assert_eq!(CATALOGUE.len(), MmaAtom::catalogue().count());
        let mut d = 0i32;
        UniversalFMA::<i32>::fma(&mut d, 2, 3, 1);
        assert_eq!(d, 7);
    }
}
