//! What a static layout's evaluation compiles to: `benches/asm_static_eval.sh` prints the
//! assembly of these functions, which must be constants with no division left.

use cute::cute_static::StaticLayout;

type Tv = cute::Layout!(((4,8),2):((16,1),8));

/// `L(33)` for the thread-value layout of Cecka, *CuTe Layout Representation and Algebra*,
/// Figure 6.
#[inline(never)]
#[must_use]
pub fn tv_offset_33() -> i64 {
    Tv::at(33)
}

/// The offsets of thread 5's two values.
#[inline(never)]
#[must_use]
pub fn tv_thread_5() -> [i64; 2] {
    [Tv::at(5), Tv::at(5 + 32)]
}

fn main() {
    println!("{} {:?}", tv_offset_33(), tv_thread_5());
}
