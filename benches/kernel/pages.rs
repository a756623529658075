//! Matrices on 2 MiB pages where the OS grants them (Linux transparent huge pages, asked for with
//! `madvise`): a transpose walks one of its matrices down the columns, a new 4 KiB page every 64
//! bytes, and with small pages it waits on the TLB rather than on memory. The `memcpy` baseline
//! gets the same pages.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ops::{Deref, DerefMut};

/// A zeroed `[f32]` of `len` elements on 2 MiB boundaries, advised to huge pages.
pub(crate) struct Matrix {
    ptr: *mut f32,
    len: usize,
    layout: Layout,
}

impl Matrix {
    pub(crate) fn zeroed(len: usize) -> Matrix {
        let layout = Layout::from_size_align(len.max(1) * 4, 2 << 20).expect("a valid layout");
        // SAFETY: the layout has a nonzero size.
        #[expect(clippy::cast_ptr_alignment, reason = "allocated on 2 MiB boundaries")]
        let ptr = unsafe { alloc_zeroed(layout) }.cast::<f32>();
        assert!(!ptr.is_null(), "out of memory");
        #[cfg(target_os = "linux")]
        // SAFETY: the range is this allocation; the advice only changes how it is backed.
        unsafe {
            libc::madvise(ptr.cast(), layout.size(), libc::MADV_HUGEPAGE);
        }
        Matrix { ptr, len, layout }
    }
}

impl Deref for Matrix {
    type Target = [f32];
    fn deref(&self) -> &[f32] {
        // SAFETY: `len` zero-initialised elements, owned.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl DerefMut for Matrix {
    fn deref_mut(&mut self) -> &mut [f32] {
        // SAFETY: as above, borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for Matrix {
    fn drop(&mut self) {
        // SAFETY: allocated with this layout.
        unsafe { dealloc(self.ptr.cast(), self.layout) }
    }
}
