//! The layout algebra (Cecka, *CuTe Layout Representation and Algebra*, §3), mirroring
//! `cute_core::algebra`: each operation is a public type operator with its value function
//! (`Composition` and `composition`), defined for layouts of static and runtime leaves. All-static
//! operands go through the static type operators (`StaticComposition`, …), whose conditions are
//! compile errors; a runtime leaf takes the operation's mixed path, whose result structure is still
//! a type.

/// The public operator `$Trait<B>` with its alias, its value function and its dispatch on
/// whether both operands are static: `B1` to the static operator `$Static<B>`, `B0` to the
/// operation's own `$Case<B, B0>` impls.
macro_rules! binary_operator {
    (
        $(#[$doc:meta])*
        $Trait:ident / $Of:ident / $fn:ident,
        $Case:ident,
        $Static:ident / $StaticOf:ident,
        $what:literal,
        $unsatisfied:tt,
        $operands:tt
    ) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(
            message = $unsatisfied,
            label = "not defined for these operands",
            note = $operands,
            note = "when they are, another error here names the violated condition"
        )]
        pub trait $Trait<B> {
            /// The result.
            type Output;
            #[doc = concat!("`", $what, "`.")]
            ///
            /// # Errors
            /// `cute_core`'s, on the lowered operands.
            fn $fn(&self, b: &B) -> Result<Self::Output, cute_core::Error>;
        }

        #[doc = concat!("`", stringify!($Of), "<A, B> = <A as ", stringify!($Trait), "<B>>::Output`.")]
        pub type $Of<A, B> = <A as $Trait<B>>::Output;

        #[doc = concat!("`", $what, "` (see [`", stringify!($Trait), "`]).")]
        ///
        /// # Errors
        /// `cute_core`'s, on the lowered operands.
        #[inline(always)]
        pub fn $fn<A: $Trait<B>, B>(a: &A, b: &B) -> Result<$Of<A, B>, cute_core::Error> {
            a.$fn(b)
        }

        impl<A: crate::layout::IsStatic, B: crate::layout::IsStatic> $Trait<B> for A
        where
            <A as crate::layout::IsStatic>::Output:
                core::ops::BitAnd<<B as crate::layout::IsStatic>::Output>,
            A: $Case<B, crate::layout::BothStatic<A, B>>,
        {
            type Output = <A as $Case<B, crate::layout::BothStatic<A, B>>>::Output;
            #[inline(always)]
            fn $fn(&self, b: &B) -> Result<Self::Output, cute_core::Error> {
                <A as $Case<B, crate::layout::BothStatic<A, B>>>::$fn(self, b)
            }
        }

        #[doc = concat!("[`", stringify!($Trait), "`] knowing whether both operands are static (part of the implementation of [`", stringify!($Trait), "`]).")]
        #[diagnostic::on_unimplemented(
            message = $unsatisfied,
            label = "not defined for these operands",
            note = $operands,
            note = "when they are, another error here names the violated condition"
        )]
        #[doc(hidden)]
        pub trait $Case<B, AllStatic> {
            /// The result.
            type Output;
            #[doc = concat!("`", $what, "`.")]
            fn $fn(a: &Self, b: &B) -> Result<Self::Output, cute_core::Error>;
        }

        /// Both operands static: the static operator, checked by the compiler.
        impl<A, B> $Case<B, typenum::B1> for A
        where
            A: $Static<B>,
            $StaticOf<A, B>: Default,
        {
            type Output = $StaticOf<A, B>;
            #[inline(always)]
            fn $fn(_: &A, _: &B) -> Result<Self::Output, cute_core::Error> {
                Ok(Default::default())
            }
        }
    };
}

/// The public operator `$Trait` on one layout, as [`binary_operator`].
macro_rules! unary_operator {
    (
        $(#[$doc:meta])*
        $Trait:ident / $Of:ident / $fn:ident,
        $Case:ident,
        $Static:ident / $StaticOf:ident,
        $what:literal,
        $unsatisfied:tt,
        $operands:tt
    ) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(
            message = $unsatisfied,
            label = "not defined for this operand",
            note = $operands,
            note = "when it is, another error here names the violated condition"
        )]
        pub trait $Trait {
            /// The result.
            type Output;
            #[doc = concat!("`", $what, "`.")]
            ///
            /// # Errors
            /// `cute_core`'s, on the lowered operand.
            fn $fn(&self) -> Result<Self::Output, cute_core::Error>;
        }

        #[doc = concat!("`", stringify!($Of), "<L> = <L as ", stringify!($Trait), ">::Output`.")]
        pub type $Of<L> = <L as $Trait>::Output;

        #[doc = concat!("`", $what, "` (see [`", stringify!($Trait), "`]).")]
        ///
        /// # Errors
        /// `cute_core`'s, on the lowered operand.
        #[inline(always)]
        pub fn $fn<L: $Trait>(l: &L) -> Result<$Of<L>, cute_core::Error> {
            l.$fn()
        }

        impl<L: crate::layout::IsStatic> $Trait for L
        where
            L: $Case<<L as crate::layout::IsStatic>::Output>,
        {
            type Output = <L as $Case<<L as crate::layout::IsStatic>::Output>>::Output;
            #[inline(always)]
            fn $fn(&self) -> Result<Self::Output, cute_core::Error> {
                <L as $Case<<L as crate::layout::IsStatic>::Output>>::$fn(self)
            }
        }

        #[doc = concat!("[`", stringify!($Trait), "`] knowing whether the operand is static (part of the implementation of [`", stringify!($Trait), "`]).")]
        #[diagnostic::on_unimplemented(
            message = $unsatisfied,
            label = "not defined for this operand",
            note = $operands,
            note = "when it is, another error here names the violated condition"
        )]
        #[doc(hidden)]
        pub trait $Case<AllStatic> {
            /// The result.
            type Output;
            #[doc = concat!("`", $what, "`.")]
            fn $fn(l: &Self) -> Result<Self::Output, cute_core::Error>;
        }

        /// A static operand: the static operator, checked by the compiler.
        impl<L> $Case<typenum::B1> for L
        where
            L: $Static,
            $StaticOf<L>: Default,
        {
            type Output = $StaticOf<L>;
            #[inline(always)]
            fn $fn(_: &L) -> Result<Self::Output, cute_core::Error> {
                Ok(Default::default())
            }
        }
    };
}

pub mod blocked_product;
pub mod by_mode;
pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod composition_mixed;
pub mod composition_static;
pub mod divide;
pub mod inverse;
pub mod modes;
pub mod ordered;
pub mod product;
