//! Static tilers: tuples of static layouts applied mode by mode (seed 000 §3.3.5), written
//! `cute::Tiler!(<4:1,8:2>)`.

use core::marker::PhantomData;

/// The tiler whose tiles are the tuple `T` of static layouts (the type operators take layout
/// tiles; nested tilers are dynamic only, in `cute_core::Tiler`), e.g.
/// `Tiler<(Layout<U4, U1>, Layout<U8, U2>)>` for `<4:1,8:2>`.
pub struct Tiler<T>(PhantomData<T>);

impl<T> Tiler<T> {
    /// The (zero-sized) value.
    #[must_use]
    pub const fn new() -> Self {
        Tiler(PhantomData)
    }
}

impl<T> Clone for Tiler<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Tiler<T> {}
impl<T> Default for Tiler<T> {
    fn default() -> Self {
        Tiler::new()
    }
}
