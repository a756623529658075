//! The layout algebra as type operators (seed 000 §3), mirroring `cute_core::algebra`.

pub mod by_mode;
pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
pub mod product;
