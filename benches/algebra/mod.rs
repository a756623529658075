pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod divide;
