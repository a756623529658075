pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod divide;
pub(crate) mod inverse;
pub(crate) mod product;
