//! The limits of an expression: how deep its calls nest and how long the lists it produces get.

/// The deepest nesting of calls `eval` accepts: deeper input is an error, not a stack overflow
/// (a level takes a few KiB of stack in an unoptimized build; 64 levels fit a 2 MiB thread).
pub const MAX_NESTING: usize = 64;

/// The longest list of integers an expression produces (`eval`, `swizzle`, ...).
pub const LIST_LIMIT: i64 = 1 << 20;

/// The longest list of coordinates (`eval` of a coordinate layout): each is a whole int tuple,
/// and 2^16 of them take some 20 ms to build where 835,835 took 260 ms.
pub const COORDS_LIMIT: i64 = 1 << 16;

/// The longest list of offsets of a layout with F2 strides (`eval` of one): each is a carry-less
/// product per mode, about six times a layout's evaluation; 2^18 of them take 38 ms under the
/// fuzzer's coverage instrumentation where 772,032 took 121 ms.
pub const F2_LIST_LIMIT: i64 = 1 << 18;
