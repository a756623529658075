//! Tilers: tuples of layouts applied mode by mode (Cecka, *CuTe Layout Representation and Algebra*,
//! §3.3.5), written `cute::Tiler!(<4:1,8:2>)`.

use typenum::Bit;

use crate::layout::IsStatic;

/// The tiler whose tiles are the tuple `T` of layouts (static or with runtime leaves), e.g.
/// `Tiler<(Layout<U4, U1>, Layout<U8, U2>)>` for `<4:1,8:2>`. Only its runtime leaves are
/// stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tiler<T>(T);

impl<T: Default> Tiler<T> {
    /// The (zero-sized) value of a static tiler.
    #[must_use]
    pub fn new() -> Self {
        Tiler(T::default())
    }
}

impl<T> Tiler<T> {
    /// The tiler of the tiles `t`.
    #[must_use]
    pub const fn from_tiles(t: T) -> Self {
        Tiler(t)
    }

    /// The tiles.
    #[must_use]
    pub fn tiles(&self) -> &T {
        &self.0
    }
}

/// A static tiler: every tile static.
impl<T: TilesStatic> IsStatic for Tiler<T> {
    type Output = <T as TilesStatic>::Output;
}

/// `B1` when every tile of a tuple of tiles is static (part of the implementation of
/// [`IsStatic`] for tilers).
pub trait TilesStatic {
    /// `B1` or `B0`.
    type Output: Bit;
}

impl<A: IsStatic> TilesStatic for (A,) {
    type Output = A::Output;
}
