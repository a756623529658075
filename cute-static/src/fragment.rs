//! `make_fragment_like`: registers shaped like a tile (Cecka, *CuTe Layout Representation and
//! Algebra*, §3.5.2: the fragments `tCrA`, `tCrC` of a partitioned GEMM), as a type operator on the
//! tile's layout and as a tensor that owns its registers.
//!
//! The rule is `cute_core::make_fragment_like`'s: mode 0 column-major keeping its static zero
//! strides, the later modes compact in the order of their strides. A runtime stride orders after
//! every static one, by position, as in CuTe's `compact_order`, so the fragment of a tile with
//! runtime strides is static all the same.

use core::marker::PhantomData;

use generic_array::{ArrayLength, GenericArray};
use typenum::{Add1, Cmp, Compare, Equal, Greater, Less, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use cute_core::tensor::{Engine, EngineMut, IndexedWrites, Tensor, TensorLayout};

use crate::algebra::complement::Size;
use crate::algebra::composition_static::Select;
use crate::int::arith::{Product, Times};
use crate::int::{Dyn, IsUnit};
use crate::int_tuple::AllStaticOf;
use crate::layout::{Layout, StaticLayout};
use crate::list::{Concat, IsOne, Leaves, Mode, TCons, TNil, ZipModes};

/// A **type operator** for `make_fragment_like(L)`: the compact static layout of `L`'s shape
/// that registers holding a tile of `L` take (see `cute_core::make_fragment_like`). The shape
/// must be static; the strides may be runtime.
///
/// # Examples
/// ```
/// use cute_static::{fragment::FragmentLikeOf, typenum::consts::*, Dyn, StaticLayout};
/// // A thread's share of a row-major tile of a runtime-strided matrix.
/// type Tile = cute_static::Layout<((U2, U2), U4, U8), ((U0, U64), Dyn, U1)>;
/// assert_eq!(FragmentLikeOf::<Tile>::LAYOUT.to_string(), "((2,2),4,8):((0,1),16,2)");
/// ```
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "make_fragment_like needs a `cute_static::Layout` with a static shape (registers have a size known at compile time)",
    label = "tile this tensor by a static tiler first"
)]
pub trait FragmentLike {
    /// The fragment's layout.
    type Output: StaticLayout + TensorLayout;
    /// Its cosize: the number of registers.
    type Cosize: ArrayLength;
}

/// `FragmentLikeOf<L> = <L as FragmentLike>::Output`.
pub type FragmentLikeOf<L> = <L as FragmentLike>::Output;

/// The registers of a fragment of `L`: a tensor that owns `cosize` values.
pub type Fragment<T, L> = Tensor<Registers<T, <L as FragmentLike>::Cosize>, FragmentLikeOf<L>>;

/// `make_fragment_like(t)`: a tensor of registers of `t`'s element type, each the type's
/// default, with the layout [`FragmentLikeOf`] the layout of `t`: what a thread copies its tile
/// into and computes on (CuTe's `make_fragment_like(tensor)`). Registers of another type:
/// [`make_fragment_like_as`].
///
/// # Examples
/// ```
/// use cute_core::{algorithm::copy, make_tensor};
/// use cute_static::{fragment::make_fragment_like, typenum::consts::*, Layout};
/// let data: Vec<f32> = (0..64).map(|k| k as f32).collect();
/// // A 4x2 tile of a row-major matrix: mode 0 of a fragment is always the fastest.
/// let tile = make_tensor(&data[..], Layout::<(U4, U2), (U8, U1)>::default()).unwrap();
/// let mut frag = make_fragment_like(&tile); // f32 registers, as the tile
/// copy(&tile, &mut frag).unwrap();
/// assert_eq!(frag.layout().to_string(), "(4,2):(1,4)");
/// assert_eq!(frag[5], 9.0);
/// ```
#[inline(always)]
pub fn make_fragment_like<E, L>(t: &Tensor<E, L>) -> Fragment<E::Value, L>
where
    E: Engine,
    E::Value: Default,
    L: FragmentLike,
{
    make_fragment_like_as::<E::Value, E, L>(t)
}

/// `make_fragment_like_as::<T, _, _>(t)`: [`make_fragment_like`] with registers of the type `T`
/// (CuTe's `make_fragment_like<T>(tensor)`), e.g. `f32` accumulators for the tile of an identity
/// tensor or of another element type.
///
/// # Examples
/// ```
/// use cute_core::Counting;
/// use cute_static::{fragment::make_fragment_like_as, typenum::consts::*, Layout};
/// let tile = cute_core::make_tensor(Counting, Layout::<(U4, U2), (U8, U1)>::default()).unwrap();
/// let acc = make_fragment_like_as::<f64, _, _>(&tile);
/// assert_eq!((acc.size(), acc[(3, 1)]), (8, 0.0));
/// ```
#[inline(always)]
pub fn make_fragment_like_as<T, E, L>(t: &Tensor<E, L>) -> Fragment<T, L>
where
    T: Copy + Default,
    L: FragmentLike,
{
    // Only the layout's type matters: its shape is static, and runtime strides order by position.
    let _ = t;
    let () = const { assert_registers::<L>() };
    // SAFETY: the layout is compact with cosize `L::Cosize` (asserted above), the length of the
    // array, and registers admit every layout.
    unsafe {
        Tensor::from_parts_unchecked(
            Registers(GenericArray::default()),
            FragmentLikeOf::<L>::default(),
        )
    }
}

/// The type-level cosize is the layout's, and every offset is inside it (a compact layout).
const fn assert_registers<L: FragmentLike>() {
    assert!(
        <FragmentLikeOf<L> as StaticLayout>::COSIZE == <L::Cosize as Unsigned>::I64,
        "make_fragment_like: the register count is not the layout's cosize"
    );
}

/// Registers: `N` values owned by the tensor (CuTe's `ArrayEngine`).
pub struct Registers<T, N: ArrayLength>(GenericArray<T, N>);

#[allow(
    clippy::expl_impl_clone_on_copy,
    reason = "`derive` cannot state `Copy`'s bound on the array type of `N`"
)]
impl<T: Clone, N: ArrayLength> Clone for Registers<T, N> {
    fn clone(&self) -> Self {
        Registers(self.0.clone())
    }
}

impl<T: Copy, N: ArrayLength> Copy for Registers<T, N> where N::ArrayType<T>: Copy {}

impl<T: core::fmt::Debug, N: ArrayLength> core::fmt::Debug for Registers<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.as_slice().fmt(f)
    }
}

// SAFETY: `extent` is the array length; `read` offsets the array's pointer below it.
unsafe impl<T: Copy, N: ArrayLength> Engine for Registers<T, N> {
    type Value = T;
    type Ptr = *const T;

    // A fragment starts at its first register: its base and flag are constants.
    const AT_ORIGIN: bool = true;

    #[inline(always)]
    fn extent(&self) -> Option<usize> {
        Some(N::USIZE)
    }

    fn shifted(mut self, by: i64) -> Self {
        let k = usize::try_from(by).unwrap_or(0).min(N::USIZE);
        self.0.copy_within(k.., 0);
        self
    }

    #[inline(always)]
    fn ptr(&self) -> *const T {
        self.0.as_ptr()
    }

    #[inline(always)]
    unsafe fn read(p: *const T, k: i64) -> T {
        // SAFETY: the pointer is a slice's, the array's; the caller keeps `0 <= k < N`.
        unsafe { <&[T] as Engine>::read(p, k) }
    }

    #[inline(always)]
    fn as_slice(&self) -> Option<&[T]> {
        Some(self.0.as_slice())
    }
}

// SAFETY: as for `Engine`.
unsafe impl<T: Copy, N: ArrayLength> EngineMut for Registers<T, N> {
    type PtrMut = *mut T;

    #[inline(always)]
    fn ptr_mut(&mut self) -> *mut T {
        self.0.as_mut_ptr()
    }

    #[inline(always)]
    unsafe fn write(p: *mut T, k: i64, v: T) {
        // SAFETY: as `read`, through the mutably borrowed array.
        unsafe { <&mut [T] as EngineMut>::write(p, k, v) }
    }

    #[inline(always)]
    unsafe fn read_mut(p: *mut T, k: i64) -> T {
        // SAFETY: as `write`.
        unsafe { <&mut [T] as EngineMut>::read_mut(p, k) }
    }

    #[inline(always)]
    fn as_mut_slice(&mut self) -> Option<&mut [T]> {
        Some(self.0.as_mut_slice())
    }

    // A copy written at run-time positions and taken back whole: the registers themselves are
    // only accessed at constant positions (see `EngineMut::write_indexed`). Not for more than
    // `UNROLL_MAX` registers, which every other loop accesses at run-time positions too, nor on
    // a GPU, where an array written at run-time positions is local memory, the copy as well
    // (`gpu/check.sh`: the transpose's frame 0 -> 192 bytes with the copy).
    #[inline(always)]
    fn write_indexed<W: IndexedWrites<*mut T>>(&mut self, writes: W) -> W::Output {
        if cfg!(target_arch = "nvptx64") || N::USIZE as i64 > cute_core::tensor::UNROLL_MAX {
            return writes.run(self.0.as_mut_ptr());
        }
        // SAFETY: a bitwise copy of an array of `Copy` values (without `Clone`'s out-of-line
        // loop): both are valid, and neither has drop glue.
        let mut copy = unsafe { core::ptr::read(&raw const self.0) };
        let out = writes.run(copy.as_mut_ptr());
        self.0 = copy;
        out
    }
}

// SAFETY: the array's pointer offset by `k < N`.
unsafe impl<T: Copy, N: ArrayLength> cute_core::Elements for Registers<T, N> {
    #[inline(always)]
    unsafe fn element(p: *const T, k: i64) -> *const T {
        // SAFETY: the caller's `0 <= k < N`, stated so that the optimizer knows the element is
        // inside the array (not, say, the tensor's base beside it).
        unsafe {
            core::hint::assert_unchecked(k >= 0 && (k as usize) < N::USIZE);
            <&[T] as cute_core::Elements>::element(p, k)
        }
    }
}

// SAFETY: as `Elements`, through the mutably borrowed array.
unsafe impl<T: Copy, N: ArrayLength> cute_core::ElementsMut for Registers<T, N> {
    #[inline(always)]
    unsafe fn element_mut(p: *mut T, k: i64) -> *mut T {
        // SAFETY: the caller's `0 <= k < N`, stated so that a store through the element is known
        // not to change the tensor's base or flag beside the array (both then stay in
        // registers).
        unsafe {
            core::hint::assert_unchecked(k >= 0 && (k as usize) < N::USIZE);
            <&mut [T] as cute_core::ElementsMut>::element_mut(p, k)
        }
    }
}

// SAFETY: the view is the array as a slice: the same positions, extent `N`.
unsafe impl<T: Copy, N: ArrayLength> cute_core::Reborrow for Registers<T, N> {
    type ViewMut<'a>
        = &'a mut [T]
    where
        Self: 'a;

    #[inline(always)]
    fn reborrow(&mut self) -> &mut [T] {
        self.0.as_mut_slice()
    }
}

/// Column-major strides from `C` over a list of static shapes, stride 0 for a shape 1 (part of
/// the implementation of [`FragmentLike`]).
#[doc(hidden)]
pub trait CompactLeft<C> {
    /// The strides.
    type Output;
    /// `C` times the product of the shapes.
    type Covered;
}
impl<C> CompactLeft<C> for TNil {
    type Output = TNil;
    type Covered = C;
}
impl<C, S, T> CompactLeft<C> for TCons<S, T>
where
    S: IsUnit,
    C: Times<S>,
    T: CompactLeft<<IsOne<S> as Select<C, Product<C, S>>>::Output>,
    IsOne<S>: Select<C, Product<C, S>> + Select<U0, C>,
{
    type Output = TCons<
        <IsOne<S> as Select<U0, C>>::Output,
        <T as CompactLeft<<IsOne<S> as Select<C, Product<C, S>>>::Output>>::Output,
    >;
    type Covered = <T as CompactLeft<<IsOne<S> as Select<C, Product<C, S>>>::Output>>::Covered;
}

/// Mode 0's shapes with a shape 1 where the stride is a static 0 (CuTe's `filter_zeros`), so
/// that [`CompactLeft`] keeps the zero (part of the implementation of [`FragmentLike`]).
#[doc(hidden)]
pub trait FilterZeros {
    /// The shapes.
    type Output;
}
impl FilterZeros for TNil {
    type Output = TNil;
}
impl<S, D: ZeroStride<S>, T: FilterZeros> FilterZeros for TCons<Mode<S, D>, T> {
    type Output = TCons<<D as ZeroStride<S>>::Output, <T as FilterZeros>::Output>;
}

/// `1` for a static zero stride, else the shape `S`.
#[doc(hidden)]
pub trait ZeroStride<S> {
    /// The shape.
    type Output;
}
impl<S> ZeroStride<S> for UTerm {
    type Output = U1;
}
impl<S, U, B> ZeroStride<S> for UInt<U, B> {
    type Output = S;
}
impl<S, M> ZeroStride<S> for Dyn<M> {
    type Output = S;
}

/// The order of a later mode: static strides (`R = 0`) by value, then runtime ones (`R = 1`),
/// ties by position `P`.
#[doc(hidden)]
pub struct Key<R, V, P>(PhantomData<(R, V, P)>);

/// A shape with its order [`Key`].
#[doc(hidden)]
pub struct Keyed<S, K>(PhantomData<(S, K)>);

/// The [`Key`] of a stride at position `P`.
#[doc(hidden)]
pub trait OrderKey<P> {
    /// The key.
    type Output;
}
impl<P> OrderKey<P> for UTerm {
    type Output = Key<U0, UTerm, P>;
}
impl<P, U, B> OrderKey<P> for UInt<U, B> {
    type Output = Key<U0, UInt<U, B>, P>;
}
impl<P, M> OrderKey<P> for Dyn<M> {
    type Output = Key<U1, U0, P>;
}

/// The later modes keyed from position `P`.
#[doc(hidden)]
pub trait Keys<P> {
    /// The keyed shapes.
    type Output;
}
impl<P> Keys<P> for TNil {
    type Output = TNil;
}
impl<P, S, D: OrderKey<P>, T> Keys<P> for TCons<Mode<S, D>, T>
where
    P: core::ops::Add<B1>,
    T: Keys<Add1<P>>,
{
    type Output = TCons<Keyed<S, <D as OrderKey<P>>::Output>, <T as Keys<Add1<P>>>::Output>;
}

/// `B1` when `Self` orders strictly before `K`.
#[doc(hidden)]
pub trait Before<K> {
    /// `B1` or `B0`.
    type Output;
}
impl<R1, V1, P1, R2, V2, P2> Before<Key<R2, V2, P2>> for Key<R1, V1, P1>
where
    R1: Cmp<R2>,
    V1: Cmp<V2>,
    P1: Cmp<P2>,
    Compare<V1, V2>: Then<Compare<P1, P2>>,
    Compare<R1, R2>: Then<<Compare<V1, V2> as Then<Compare<P1, P2>>>::Output>,
    <Compare<R1, R2> as Then<<Compare<V1, V2> as Then<Compare<P1, P2>>>::Output>>::Output: IsLess,
{
    type Output = <<Compare<R1, R2> as Then<<Compare<V1, V2> as Then<Compare<P1, P2>>>::Output>>::Output as IsLess>::Output;
}

/// Lexicographic order: `Self`, or `N` on a tie.
#[doc(hidden)]
pub trait Then<N> {
    /// The ordering.
    type Output;
}
impl<N> Then<N> for Less {
    type Output = Less;
}
impl<N> Then<N> for Greater {
    type Output = Greater;
}
impl<N> Then<N> for Equal {
    type Output = N;
}

/// `B1` for [`Less`].
#[doc(hidden)]
pub trait IsLess {
    /// `B1` or `B0`.
    type Output;
}
impl IsLess for Less {
    type Output = B1;
}
impl IsLess for Equal {
    type Output = B0;
}
impl IsLess for Greater {
    type Output = B0;
}

/// The product of the shapes of a keyed list that order before `K`.
#[doc(hidden)]
pub trait StartOf<K> {
    /// The product.
    type Output;
}
impl<K> StartOf<K> for TNil {
    type Output = U1;
}
impl<K, S, K2: Before<K>, T: StartOf<K>> StartOf<K> for TCons<Keyed<S, K2>, T>
where
    <K2 as Before<K>>::Output: Select<S, U1>,
    <<K2 as Before<K>>::Output as Select<S, U1>>::Output: Times<<T as StartOf<K>>::Output>,
{
    type Output =
        Product<<<K2 as Before<K>>::Output as Select<S, U1>>::Output, <T as StartOf<K>>::Output>;
}

/// The strides of the later modes: `C` times the shapes ordered before each, 0 for a shape 1.
#[doc(hidden)]
pub trait LaterStrides<C, All> {
    /// The strides.
    type Output;
}
impl<C, All> LaterStrides<C, All> for TNil {
    type Output = TNil;
}
impl<C, All, S, K, T> LaterStrides<C, All> for TCons<Keyed<S, K>, T>
where
    S: IsUnit,
    All: StartOf<K>,
    C: Times<<All as StartOf<K>>::Output>,
    IsOne<S>: Select<U0, Product<C, <All as StartOf<K>>::Output>>,
    T: LaterStrides<C, All>,
{
    type Output = TCons<
        <IsOne<S> as Select<U0, Product<C, <All as StartOf<K>>::Output>>>::Output,
        <T as LaterStrides<C, All>>::Output,
    >;
}

/// A list of leaves back into the nesting of `Self` (CuTe's `unflatten`).
#[doc(hidden)]
pub trait Refill<L> {
    /// The tuple.
    type Output;
    /// The leaves left over.
    type Rest;
}
impl<U, B, H, T> Refill<TCons<H, T>> for UInt<U, B> {
    type Output = H;
    type Rest = T;
}
impl<M, H, T> Refill<TCons<H, T>> for Dyn<M> {
    type Output = H;
    type Rest = T;
}

/// [`Refill`] over the elements of a tuple, as a list.
#[doc(hidden)]
pub trait RefillList<L> {
    /// The elements.
    type Output;
    /// The leaves left over.
    type Rest;
}
impl<L> RefillList<L> for TNil {
    type Output = TNil;
    type Rest = L;
}
impl<L, H: Refill<L>, T: RefillList<<H as Refill<L>>::Rest>> RefillList<L> for TCons<H, T> {
    type Output =
        TCons<<H as Refill<L>>::Output, <T as RefillList<<H as Refill<L>>::Rest>>::Output>;
    type Rest = <T as RefillList<<H as Refill<L>>::Rest>>::Rest;
}

/// The strides and register count of a fragment of shape `Self` over strides `D` (part of the
/// implementation of [`FragmentLike`]; the per-arity impls are in `variadic.rs`).
#[doc(hidden)]
pub trait FragmentStrides<D> {
    /// The strides.
    type Stride;
    /// The cosize.
    type Cosize;
}

/// A shape that is one static leaf: `s:1`, or `1:0`.
impl<U, B, D> FragmentStrides<D> for UInt<U, B>
where
    UInt<U, B>: IsUnit,
    IsOne<UInt<U, B>>: Select<U0, U1>,
{
    type Stride = <IsOne<UInt<U, B>> as Select<U0, U1>>::Output;
    type Cosize = UInt<U, B>;
}

/// A fragment of rank 1: column-major (CuTe's `make_layout(shape)`).
#[doc(hidden)]
pub trait ColMajor {
    /// The strides.
    type Stride;
    /// The cosize.
    type Cosize;
}
impl<S: Leaves> ColMajor for S
where
    <S as Leaves>::Output: CompactLeft<U1>,
    S: Refill<<<S as Leaves>::Output as CompactLeft<U1>>::Output>,
{
    type Stride = <S as Refill<<<S as Leaves>::Output as CompactLeft<U1>>::Output>>::Output;
    type Cosize = <<S as Leaves>::Output as CompactLeft<U1>>::Covered;
}

/// A fragment of rank 2 or more: the tuple `W = (S0, SR...)` over strides `(D0, DR...)`.
#[doc(hidden)]
pub struct Split<W, S0, D0, SR, DR>(PhantomData<(W, S0, D0, SR, DR)>);

/// Mode 0 column-major without its static zero strides, the later modes in stride order after
/// it (part of the implementation of [`FragmentLike`]).
#[doc(hidden)]
pub trait Ordered {
    /// The strides.
    type Stride;
    /// The cosize.
    type Cosize;
}
impl<W, S0, D0, SR, DR> Ordered for Split<W, S0, D0, SR, DR>
where
    S0: Leaves,
    D0: Leaves,
    SR: Leaves + Size,
    DR: Leaves,
    <S0 as Leaves>::Output: ZipModes<<D0 as Leaves>::Output>,
    FirstModes<S0, D0>: FilterZeros,
    <FirstModes<S0, D0> as FilterZeros>::Output: CompactLeft<U1>,
    <SR as Leaves>::Output: ZipModes<<DR as Leaves>::Output>,
    LaterModes<SR, DR>: Keys<U0>,
    <LaterModes<SR, DR> as Keys<U0>>::Output:
        LaterStrides<CoveredSize<S0, D0>, <LaterModes<SR, DR> as Keys<U0>>::Output>,
    FirstStrides<S0, D0>: Concat<LaterStridesOf<S0, D0, SR, DR>>,
    W: Refill<<FirstStrides<S0, D0> as Concat<LaterStridesOf<S0, D0, SR, DR>>>::Output>,
    CoveredSize<S0, D0>: Times<<SR as Size>::Output>,
{
    type Stride = <W as Refill<
        <FirstStrides<S0, D0> as Concat<LaterStridesOf<S0, D0, SR, DR>>>::Output,
    >>::Output;
    type Cosize = Product<CoveredSize<S0, D0>, <SR as Size>::Output>;
}

/// Mode 0's leaves as modes.
type FirstModes<S0, D0> = <<S0 as Leaves>::Output as ZipModes<<D0 as Leaves>::Output>>::Output;
/// Mode 0's strides.
type FirstStrides<S0, D0> =
    <<FirstModes<S0, D0> as FilterZeros>::Output as CompactLeft<U1>>::Output;
/// Mode 0's cosize.
type CoveredSize<S0, D0> =
    <<FirstModes<S0, D0> as FilterZeros>::Output as CompactLeft<U1>>::Covered;
/// The later leaves as modes.
type LaterModes<SR, DR> = <<SR as Leaves>::Output as ZipModes<<DR as Leaves>::Output>>::Output;
/// The later strides.
type LaterStridesOf<S0, D0, SR, DR> = <<LaterModes<SR, DR> as Keys<U0>>::Output as LaterStrides<
    CoveredSize<S0, D0>,
    <LaterModes<SR, DR> as Keys<U0>>::Output,
>>::Output;

impl<S, D> FragmentLike for Layout<S, D>
where
    S: AllStaticOf,
    Layout<S, D>: FragmentCase<<S as AllStaticOf>::Output>,
{
    type Output = <Layout<S, D> as FragmentCase<<S as AllStaticOf>::Output>>::Output;
    type Cosize = <Layout<S, D> as FragmentCase<<S as AllStaticOf>::Output>>::Cosize;
}

/// [`FragmentLike`] knowing whether the shape is static (`B1`), so that a runtime shape fails
/// with one message rather than one per bound of the computation.
#[diagnostic::on_unimplemented(
    message = "make_fragment_like: the shape has a runtime leaf; a fragment's shape must be static (registers have a size known at compile time)",
    label = "tile this tensor by a static tiler first"
)]
#[doc(hidden)]
pub trait FragmentCase<AllStatic> {
    /// The fragment's layout.
    type Output: StaticLayout + TensorLayout;
    /// Its cosize.
    type Cosize: ArrayLength;
}

impl<S, D> FragmentCase<B1> for Layout<S, D>
where
    S: FragmentStrides<D>,
    <S as FragmentStrides<D>>::Cosize: ArrayLength,
    Layout<S, <S as FragmentStrides<D>>::Stride>: StaticLayout + TensorLayout,
{
    type Output = Layout<S, <S as FragmentStrides<D>>::Stride>;
    type Cosize = <S as FragmentStrides<D>>::Cosize;
}
