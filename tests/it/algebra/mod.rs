//! Post-conditions of each operation as named laws, checked on random layouts.

mod coalesce;
mod complement;
mod composition;
mod divide;
mod inverse;
mod max_common;
mod morphism;
mod nullspace;
mod ordered;
mod product;
mod recast;
