//! The value types atoms take, by CuTe's names (`half_t`, `float`, `uint128_t`, ...).

use core::fmt;

/// A value type of an atom's registers or memory, named as in CuTe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValueType {
    /// `half_t`: IEEE binary16.
    Half,
    /// `bfloat16_t`.
    BFloat16,
    /// `tfloat32_t`: a 32-bit float whose mantissa the tensor cores read to 10 bits.
    TFloat32,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `int8_t`.
    Int8,
    /// `uint8_t`.
    UInt8,
    /// `int16_t`.
    Int16,
    /// `uint16_t`.
    UInt16,
    /// `int32_t`.
    Int32,
    /// `uint32_t`.
    UInt32,
    /// `int64_t`.
    Int64,
    /// `uint64_t`.
    UInt64,
    /// `uint128_t`.
    UInt128,
}

/// Each type with its CuTe name and bits.
const TYPES: [(ValueType, &str, i64); 14] = [
    (ValueType::Half, "half_t", 16),
    (ValueType::BFloat16, "bfloat16_t", 16),
    (ValueType::TFloat32, "tfloat32_t", 32),
    (ValueType::Float, "float", 32),
    (ValueType::Double, "double", 64),
    (ValueType::Int8, "int8_t", 8),
    (ValueType::UInt8, "uint8_t", 8),
    (ValueType::Int16, "int16_t", 16),
    (ValueType::UInt16, "uint16_t", 16),
    (ValueType::Int32, "int32_t", 32),
    (ValueType::UInt32, "uint32_t", 32),
    (ValueType::Int64, "int64_t", 64),
    (ValueType::UInt64, "uint64_t", 64),
    (ValueType::UInt128, "uint128_t", 128),
];

impl ValueType {
    /// The type CuTe names `name` (`half_t`, `cutlass::half_t`, `float`, `uint128_t`, ...).
    #[must_use]
    pub fn from_cute_name(name: &str) -> Option<ValueType> {
        let name = name.strip_prefix("cutlass::").unwrap_or(name);
        let name = name.strip_prefix("cute::").unwrap_or(name);
        TYPES.iter().find(|t| t.1 == name).map(|t| t.0)
    }

    /// CuTe's name of the type.
    #[must_use]
    pub fn cute_name(self) -> &'static str {
        TYPES.iter().find(|t| t.0 == self).map_or("", |t| t.1)
    }

    /// The bits of one value (`sizeof_bits`).
    #[must_use]
    pub fn bits(self) -> i64 {
        TYPES.iter().find(|t| t.0 == self).map_or(0, |t| t.2)
    }

    /// The unsigned integer type of `bits` bits (8 to 128), as `UniversalCopy` takes one.
    #[must_use]
    pub fn unsigned_of_bits(bits: i64) -> Option<ValueType> {
        match bits {
            8 => Some(ValueType::UInt8),
            16 => Some(ValueType::UInt16),
            32 => Some(ValueType::UInt32),
            64 => Some(ValueType::UInt64),
            128 => Some(ValueType::UInt128),
            _ => None,
        }
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cute_name())
    }
}

/// A Rust type CuTe names as an atom's value type (`f32` is `float`, `i8` is `int8_t`).
pub trait AtomValue: Copy {
    /// CuTe's value type.
    const TYPE: ValueType;
}

macro_rules! atom_values {
    ($($t:ty => $v:ident,)*) => {$(
        impl AtomValue for $t {
            const TYPE: ValueType = ValueType::$v;
        }
    )*};
}

atom_values! {
    f32 => Float, f64 => Double, i8 => Int8, u8 => UInt8, i16 => Int16, u16 => UInt16,
    i32 => Int32, u32 => UInt32, i64 => Int64, u64 => UInt64,
}
