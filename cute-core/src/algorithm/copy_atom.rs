//! `copy_with(atom, src, dst)`: a copy through a copy atom (CuTe's `copy(Copy_Atom, src, dst)`),
//! an instruction sequence that moves a whole block of elements at once where the layouts fit
//! it, and [`copy()`] elsewhere.
//!
//! [`Transpose8x8`] is the CPU's transposing load (the role `ldmatrix.trans` plays on a GPU):
//! eight 8-element vectors loaded along one mode, transposed in registers, stored along the
//! other. The compiler does not find this on its own (a copy between a column-major and a
//! row-major 8x8 tile compiles to 64 scalar moves), and a transpose runs at the speed of memory
//! only with it.

use crate::error::{Error, Op};
use crate::tensor::{Engine, EngineMut, Tensor, TensorLayout};

use super::copy::{copy, size_mismatch, Copied};

/// A copy atom: moves the elements of `src` to `dst` with its own instructions when it applies
/// to their layouts and element type.
pub trait CopyAtom {
    /// Copies `src` into `dst` (`dst(i) = src(i)` for every `i`) and returns the number of
    /// elements each of its vector moves carries, or returns `None` without writing anything
    /// when the atom does not apply.
    ///
    /// The caller has checked that the sizes agree and that both tensors are whole.
    fn copy_tiles<E, F, A, B>(&self, src: &Tensor<E, A>, dst: &mut Tensor<F, B>) -> Option<i64>
    where
        E: Engine,
        F: EngineMut<Value = E::Value>,
        A: TensorLayout,
        B: TensorLayout;
}

/// No atom: [`copy()`] itself.
impl CopyAtom for () {
    fn copy_tiles<E, F, A, B>(&self, _: &Tensor<E, A>, _: &mut Tensor<F, B>) -> Option<i64>
    where
        E: Engine,
        F: EngineMut<Value = E::Value>,
        A: TensorLayout,
        B: TensorLayout,
    {
        None
    }
}

/// An atom the machine may lack: [`copy()`] where it does.
impl<C: CopyAtom> CopyAtom for Option<C> {
    #[inline(always)]
    fn copy_tiles<E, F, A, B>(&self, src: &Tensor<E, A>, dst: &mut Tensor<F, B>) -> Option<i64>
    where
        E: Engine,
        F: EngineMut<Value = E::Value>,
        A: TensorLayout,
        B: TensorLayout,
    {
        self.as_ref()?.copy_tiles(src, dst)
    }
}

/// `copy_with(atom, src, dst)`: `dst(i) = src(i)` for every `i < size`, through `atom` where it
/// applies to the two layouts and [`copy()`] elsewhere.
///
/// # Preconditions
/// As [`copy()`].
///
/// # Postconditions
/// As [`copy()`]; [`Copied::vector`] is the atom's vector length where it applied.
///
/// # Examples
/// ```
/// use cute_core::algorithm::{copy_with, Transpose8x8};
/// use cute_core::{make_tensor, Layout};
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let src: Vec<f32> = (0..256).map(|x| x as f32).collect();
/// let mut dst = vec![0f32; 256];
/// // A 16x16 tile read down its columns and written along its rows: a transpose.
/// let s = make_tensor(&src[..], l("(16,16):(1,16)")).unwrap();
/// let mut d = make_tensor(&mut dst[..], l("(16,16):(16,1)")).unwrap();
/// copy_with(&Transpose8x8::detect(), &s, &mut d).unwrap();
/// assert_eq!((dst[1], dst[16]), (16.0, 1.0));
/// ```
#[inline(always)]
pub fn copy_with<C, E, F, A, B>(
    atom: &C,
    src: &Tensor<E, A>,
    dst: &mut Tensor<F, B>,
) -> Result<Copied, Error>
where
    C: CopyAtom,
    E: Engine,
    F: EngineMut<Value = E::Value>,
    A: TensorLayout,
    B: TensorLayout,
{
    if src.size() != dst.size() {
        return Err(size_mismatch(Op::Copy, src, dst));
    }
    if src.is_whole() && dst.is_whole() {
        if let Some(vector) = atom.copy_tiles(src, dst) {
            return Ok(Copied {
                vector,
                unrolled: false,
            });
        }
    }
    copy(src, dst)
}

/// The transposing copy atom: a rank-2 copy from a layout contiguous along mode 0 to one
/// contiguous along mode 1 (or the reverse), both extents multiples of 8 and 4-byte elements,
/// as 8x8 blocks transposed in vector registers (x86-64 AVX: eight loads, 24 shuffles, eight
/// stores per block), two at a time along the destination's rows
/// ([`Transpose8x8::block_pair`]). Made by [`Transpose8x8::detect`], only on a machine that has AVX.
///
/// [`Transpose8x8::streaming`] stores around the caches (non-temporal stores, where the
/// destination rows are 32-byte aligned): for a destination larger than the caches, which is
/// then not read for ownership before it is written (measured 4096x4096: 8.0 ms against 8.9 ms).
#[derive(Clone, Copy, Debug)]
pub struct Transpose8x8 {
    streaming: bool,
}

impl Transpose8x8 {
    /// The atom when the machine has it (an x86-64 processor with AVX, enabled by the OS),
    /// `None` otherwise.
    #[must_use]
    pub fn detect() -> Option<Transpose8x8> {
        if avx::available() {
            Some(Transpose8x8 { streaming: false })
        } else {
            None
        }
    }

    /// The same atom storing around the caches.
    #[must_use]
    pub fn streaming(self) -> Transpose8x8 {
        Transpose8x8 { streaming: true }
    }

    /// Orders the streaming stores before any later store (`sfence`): what
    /// [`copy_with`] does after a copy, and code that calls [`Transpose8x8::block`] must do
    /// before another thread reads the data.
    #[inline(always)]
    pub fn finish(self) {
        if self.streaming {
            avx::fence();
        }
    }

    /// The atom's instructions on one block, for code that tiles by hand: row `r` of the
    /// destination (eight elements from `dst + r·ld`) becomes column `r` of the eight source
    /// rows (eight elements from `src + c·ls`).
    ///
    /// # Safety
    /// The 64 source and 64 destination positions are valid for reads and writes, and the two
    /// blocks do not overlap.
    #[inline(always)]
    pub unsafe fn block(self, src: *const f32, ls: isize, dst: *mut f32, ld: isize) {
        // SAFETY: the atom exists only where the machine has AVX; the rest is the caller's.
        unsafe { avx::block(src, ls, dst, ld, self.streams(dst, ld)) }
    }

    /// Two of [`Transpose8x8::block`] side by side along the destination's rows (the second
    /// from `src + 8·ls` to `dst + 8`), each destination row's 16 elements stored one right
    /// after the other: what the atom does wherever the destination's rows are 16 long or more
    /// (a streaming store of a whole 64-byte line leaves its write-combining buffer full, which
    /// measured 4-6% faster than two half lines eight rows apart, 4096x4096).
    ///
    /// # Safety
    /// The 128 source and 128 destination positions are valid for reads and writes, and the
    /// two blocks do not overlap.
    #[inline(always)]
    pub unsafe fn block_pair(self, src: *const f32, ls: isize, dst: *mut f32, ld: isize) {
        // SAFETY: the atom exists only where the machine has AVX; the rest is the caller's.
        unsafe { avx::block_pair(src, ls, dst, ld, self.streams(dst, ld)) }
    }

    /// Whether the stores to rows from `dst`, `ld` apart, stream: asked for, and aligned.
    #[inline(always)]
    fn streams(self, dst: *mut f32, ld: isize) -> bool {
        self.streaming && (dst as usize | (ld as usize).wrapping_mul(4)) % 32 == 0
    }
}

/// The block loop of [`Transpose8x8`]: `(m, n)` extents, the strides of the non-contiguous
/// modes, in elements.
#[derive(Clone, Copy)]
#[cfg_attr(
    not(target_arch = "x86_64"),
    allow(dead_code, reason = "only the AVX transpose reads the extents")
)]
struct Blocks {
    m: i64,
    n: i64,
    src: i64,
    dst: i64,
}

/// The two layouts as a transpose of 8x8 blocks: `src` contiguous along the mode `dst` strides,
/// and the reverse; `None` otherwise.
#[inline(always)]
fn blocks<A: TensorLayout, B: TensorLayout>(a: &A, b: &B) -> Option<Blocks> {
    let (mut sa, mut sb) = ([(0i64, 0i64); 2], [(0i64, 0i64); 2]);
    let (mut na, mut nb) = (0usize, 0usize);
    a.for_each_leaf(|s, d| {
        if s != 1 {
            if na < 2 {
                sa[na] = (s, d);
            }
            na += 1;
        }
    });
    b.for_each_leaf(|s, d| {
        if s != 1 {
            if nb < 2 {
                sb[nb] = (s, d);
            }
            nb += 1;
        }
    });
    let ([(m, a0), (n, a1)], [(m2, b0), (n2, b1)]) = (sa, sb);
    let fits = na == 2 && nb == 2 && m == m2 && n == n2 && m % 8 == 0 && n % 8 == 0;
    match (fits, a0, a1, b0, b1) {
        // src(i, j) at i + j·a1, dst(i, j) at i·b0 + j.
        (true, 1, _, _, 1) => Some(Blocks {
            m,
            n,
            src: a1,
            dst: b0,
        }),
        // The same with the modes swapped: src(i, j) at i·a0 + j, dst(i, j) at i + j·b1.
        (true, _, 1, 1, _) => Some(Blocks {
            m: n,
            n: m,
            src: a0,
            dst: b1,
        }),
        _ => None,
    }
}

impl CopyAtom for Transpose8x8 {
    #[inline(always)]
    fn copy_tiles<E, F, A, B>(&self, src: &Tensor<E, A>, dst: &mut Tensor<F, B>) -> Option<i64>
    where
        E: Engine,
        F: EngineMut<Value = E::Value>,
        A: TensorLayout,
        B: TensorLayout,
    {
        if core::mem::size_of::<E::Value>() != 4 {
            return None;
        }
        let k = blocks(src.layout(), dst.layout())?;
        let (sb, db) = (src.base(), dst.base());
        let s = src.engine().as_slice()?.as_ptr();
        let d = dst.engine_raw_mut().as_mut_slice()?.as_mut_ptr();
        // SAFETY: the atom exists only where the machine has AVX; the elements are 4 bytes
        // (moved as their bits); every position `base + L(i)` is inside the whole tensors, and
        // the blocks visit exactly those positions.
        unsafe {
            let (s, d): (*const f32, *mut f32) =
                (s.offset(sb as isize).cast(), d.offset(db as isize).cast());
            avx::transpose(k, s, d, self.streams(d, k.dst as isize));
        }
        self.finish();
        Some(8)
    }
}

/// The x86-64 AVX instructions of [`Transpose8x8`].
#[cfg(target_arch = "x86_64")]
mod avx {
    use core::arch::x86_64::{
        __m256, _mm256_loadu_ps, _mm256_permute2f128_ps, _mm256_shuffle_ps, _mm256_storeu_ps,
        _mm256_stream_ps, _mm256_unpackhi_ps, _mm256_unpacklo_ps, _mm_sfence,
    };

    use super::Blocks;

    /// Whether the processor has AVX and the OS saves its registers (CPUID.1:ECX bits 27 and 28,
    /// XCR0 bits 1 and 2): `is_x86_feature_detected!` without `std`.
    pub(super) fn available() -> bool {
        // SAFETY: CPUID exists on every x86-64 processor (a safe function since Rust 1.87).
        #[allow(unused_unsafe, reason = "`__cpuid` is unsafe before Rust 1.87")]
        let c = unsafe { core::arch::x86_64::__cpuid(1) };
        let (osxsave, avx) = (c.ecx & (1 << 27) != 0, c.ecx & (1 << 28) != 0);
        // SAFETY: XGETBV exists where OSXSAVE is set.
        osxsave && avx && unsafe { xcr0() } & 0b110 == 0b110
    }

    /// `sfence`: earlier streaming stores before any later store.
    pub(super) fn fence() {
        // SAFETY: SSE, part of x86-64.
        #[allow(unused_unsafe, reason = "`_mm_sfence` is unsafe before Rust 1.87")]
        unsafe {
            _mm_sfence();
        }
    }

    #[target_feature(enable = "xsave")]
    unsafe fn xcr0() -> u64 {
        // SAFETY: the caller checked OSXSAVE.
        unsafe { core::arch::x86_64::_xgetbv(0) }
    }

    /// `dst(i, j) = src(i, j)` for `i < m`, `j < n`, where `src(i, j)` is at `i + j·src` and
    /// `dst(i, j)` at `i·dst + j`, eight by eight: the blocks of eight rows in turn, along them
    /// (the destination is written along its rows, eight of them at a time, each a stream of
    /// whole cache lines; measured faster than walking the source's columns instead).
    ///
    /// # Safety
    /// The machine has AVX; every position is inside its data.
    #[target_feature(enable = "avx")]
    pub(super) unsafe fn transpose(k: Blocks, src: *const f32, dst: *mut f32, stream: bool) {
        let mut i = 0;
        while i < k.m {
            let mut j = 0;
            while j + 16 <= k.n {
                // SAFETY: the caller's.
                unsafe {
                    block_pair(
                        src.offset((i + j * k.src) as isize),
                        k.src as isize,
                        dst.offset((i * k.dst + j) as isize),
                        k.dst as isize,
                        stream,
                    );
                }
                j += 16;
            }
            if j < k.n {
                // SAFETY: the caller's.
                unsafe {
                    block(
                        src.offset((i + j * k.src) as isize),
                        k.src as isize,
                        dst.offset((i * k.dst + j) as isize),
                        k.dst as isize,
                        stream,
                    );
                }
            }
            i += 8;
        }
    }

    /// One 8x8 block: row `r` of `dst` (eight elements from `d + r·ld`) is column `r` of the
    /// eight source rows (eight elements from `s + c·ls`).
    #[target_feature(enable = "avx")]
    #[inline]
    pub(super) unsafe fn block(s: *const f32, ls: isize, d: *mut f32, ld: isize, stream: bool) {
        // SAFETY: the caller's (eight vectors in, eight out).
        unsafe {
            for (r, v) in regs(s, ls).into_iter().enumerate() {
                store(d.offset(r as isize * ld), v, stream);
            }
        }
    }

    /// Two 8x8 blocks side by side along the destination's rows (the second from `s + 8·ls`
    /// to `d + 8`): each destination row's 16 elements, a whole 64-byte line where it is
    /// aligned, stored one right after the other, so that a streaming store fills its
    /// write-combining buffer at once.
    #[target_feature(enable = "avx")]
    #[inline]
    pub(super) unsafe fn block_pair(
        s: *const f32,
        ls: isize,
        d: *mut f32,
        ld: isize,
        stream: bool,
    ) {
        // SAFETY: the caller's (sixteen vectors in, sixteen out).
        unsafe {
            let (x, y) = (regs(s, ls), regs(s.offset(8 * ls), ls));
            for r in 0..8 {
                let row = d.offset(r as isize * ld);
                store(row, x[r], stream);
                store(row.add(8), y[r], stream);
            }
        }
    }

    /// One vector to memory, around the caches or through them.
    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn store(d: *mut f32, v: __m256, stream: bool) {
        // SAFETY: the caller's.
        unsafe {
            if stream {
                _mm256_stream_ps(d, v);
            } else {
                _mm256_storeu_ps(d, v);
            }
        }
    }

    /// The eight rows of an 8x8 block's transpose, from eight source rows `ls` apart: unpack
    /// pairs, shuffle quads, swap 128-bit halves.
    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn regs(s: *const f32, ls: isize) -> [__m256; 8] {
        // SAFETY: the caller's (eight vectors in).
        unsafe {
            let r: [__m256; 8] =
                core::array::from_fn(|c| _mm256_loadu_ps(s.offset(c as isize * ls)));
            let t = [
                _mm256_unpacklo_ps(r[0], r[1]),
                _mm256_unpackhi_ps(r[0], r[1]),
                _mm256_unpacklo_ps(r[2], r[3]),
                _mm256_unpackhi_ps(r[2], r[3]),
                _mm256_unpacklo_ps(r[4], r[5]),
                _mm256_unpackhi_ps(r[4], r[5]),
                _mm256_unpacklo_ps(r[6], r[7]),
                _mm256_unpackhi_ps(r[6], r[7]),
            ];
            let u = [
                _mm256_shuffle_ps::<0x44>(t[0], t[2]),
                _mm256_shuffle_ps::<0xEE>(t[0], t[2]),
                _mm256_shuffle_ps::<0x44>(t[1], t[3]),
                _mm256_shuffle_ps::<0xEE>(t[1], t[3]),
                _mm256_shuffle_ps::<0x44>(t[4], t[6]),
                _mm256_shuffle_ps::<0xEE>(t[4], t[6]),
                _mm256_shuffle_ps::<0x44>(t[5], t[7]),
                _mm256_shuffle_ps::<0xEE>(t[5], t[7]),
            ];
            [
                _mm256_permute2f128_ps::<0x20>(u[0], u[4]),
                _mm256_permute2f128_ps::<0x20>(u[1], u[5]),
                _mm256_permute2f128_ps::<0x20>(u[2], u[6]),
                _mm256_permute2f128_ps::<0x20>(u[3], u[7]),
                _mm256_permute2f128_ps::<0x31>(u[0], u[4]),
                _mm256_permute2f128_ps::<0x31>(u[1], u[5]),
                _mm256_permute2f128_ps::<0x31>(u[2], u[6]),
                _mm256_permute2f128_ps::<0x31>(u[3], u[7]),
            ]
        }
    }
}

/// No AVX off x86-64: the atom is never made.
#[cfg(not(target_arch = "x86_64"))]
mod avx {
    use super::Blocks;

    pub(super) fn available() -> bool {
        false
    }

    /// Never called: no [`super::Transpose8x8`] exists here.
    pub(super) unsafe fn transpose(_: Blocks, _: *const f32, _: *mut f32, _: bool) {}

    /// Never called, as [`transpose`].
    pub(super) unsafe fn block(_: *const f32, _: isize, _: *mut f32, _: isize, _: bool) {}

    /// Never called, as [`transpose`].
    pub(super) unsafe fn block_pair(_: *const f32, _: isize, _: *mut f32, _: isize, _: bool) {}

    /// Never called, as [`transpose`].
    pub(super) fn fence() {}
}
