//! The notation macros for a crate that depends on cute-static without the facade: each passes
//! `$crate` to its procedural macro in `cute-macros`, whose expansion then names this crate's
//! re-exports (`$crate::__private::…`) instead of the facade's. Through the facade, `cute::layout!`
//! and the others are the procedural macros themselves.

/// The value of a layout in CuTe notation (see `cute::layout!`): the zero-sized static layout,
/// or with runtime leaves `{expr}` a `Result` of the checked layout.
///
/// ```
/// let l = cute_static::layout!((4,(2,2)):(2,(1,8)));
/// assert_eq!(l.to_string(), "(4,(2,2)):(2,(1,8))");
/// let m = 6;
/// let r = cute_static::layout!(({m},8):(8,1)).unwrap();
/// assert_eq!(r.size(), 48);
/// ```
#[macro_export]
macro_rules! layout {
    ($($t:tt)*) => { $crate::__private::cute_macros::layout!(@root $crate; $($t)*) };
}

/// The type of a layout in CuTe notation (see `cute::Layout!`).
///
/// ```
/// type L = cute_static::Layout!((8,8):(8,1));
/// assert_eq!(<L as cute_static::StaticLayout>::LAYOUT.to_string(), "(8,8):(8,1)");
/// ```
#[macro_export]
macro_rules! Layout {
    ($($t:tt)*) => { $crate::__private::cute_macros::Layout!(@root $crate; $($t)*) };
}

/// The value of a shape in CuTe notation (see `cute::shape!`).
#[macro_export]
macro_rules! shape {
    ($($t:tt)*) => { $crate::__private::cute_macros::shape!(@root $crate; $($t)*) };
}

/// The type of a static shape in CuTe notation (see `cute::Shape!`).
#[macro_export]
macro_rules! Shape {
    ($($t:tt)*) => { $crate::__private::cute_macros::Shape!(@root $crate; $($t)*) };
}

/// The value of a tiler in CuTe notation (see `cute::tiler!`).
#[macro_export]
macro_rules! tiler {
    ($($t:tt)*) => { $crate::__private::cute_macros::tiler!(@root $crate; $($t)*) };
}

/// The type of a static tiler in CuTe notation (see `cute::Tiler!`).
#[macro_export]
macro_rules! Tiler {
    ($($t:tt)*) => { $crate::__private::cute_macros::Tiler!(@root $crate; $($t)*) };
}

/// CuTe's `select<I0, I1, ...>(L)`: the modes `I0, I1, ...` of a static or mixed layout, in that
/// order (a mode may come more than once), each as it is; as `cute_core::Layout::select`. An
/// index past the rank does not compile.
///
/// ```
/// let l = cute_static::layout!((4,(2,2),8):(2,(1,8),32));
/// assert_eq!(cute_static::select!(l, 2, 0).to_string(), "(8,4):(32,2)");
/// ```
#[macro_export]
macro_rules! select {
    ($l:expr $(, $i:expr)+ $(,)?) => {{
        let l = $l;
        $crate::select_modes(($($crate::ModeAt::<{ $i }>::mode_at(l),)+))
    }};
}
