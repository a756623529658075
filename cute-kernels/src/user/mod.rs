//! Four kernels a CuTe C++ user writes first, as such a user wrote them: row softmax, 3x3
//! convolution as an implicit GEMM over the im2col view, a transpose through a swizzled stack
//! tile, row sums generic over the tile. Each beside its hand twin (the same tiling by index
//! arithmetic) and the definition: the example `user_kernels`, the benchmarks `kernel/softmax`,
//! `kernel/conv3x3`, `kernel/transpose_smem`, `kernel/rowsum_generic` and the tests
//! `tests/user_kernels.rs` run them.

pub mod conv2d;
pub mod rowsum_generic;
pub mod softmax;
pub mod transpose_smem;
