//! Kernels for `nvptx64-nvidia-cuda`, each written with cute the CuTe way beside a hand twin with
//! the same tiling and plain index arithmetic. `check.sh` compiles them to PTX, assembles the PTX
//! with NVIDIA's `ptxas` and compares each cute kernel with its twin; `run.sh` runs them on a GPU
//! (the feature `runtime-sizes` adds the kernels over runtime sizes that are not zero-cost yet).
#![no_std]
#![feature(abi_ptx, stdarch_nvptx)]

mod partition_copy;
#[cfg(feature = "runtime-sizes")]
mod tile_copy;
mod tv_gather;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
