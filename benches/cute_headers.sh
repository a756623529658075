# Sourced by the C++ comparisons: downloads (once) the header-only wheels CuTe needs on the host —
# CuTe from nvidia-cutlass, libcu++ from nvidia-cuda-cccl-cu12, host headers of the CUDA runtime
# and nvcc wheels — into $CARGO_TARGET_DIR/cpp-baseline (default target/), and sets CUTE_INCLUDES. Nothing is committed.
cute_headers_dir=${CARGO_TARGET_DIR:-target}/cpp-baseline
mkdir -p "$cute_headers_dir"
fetch() { # wheel-name unzip-pattern
  if [ ! -e "$cute_headers_dir/$1.done" ]; then
    pip download --quiet --no-deps "$1" -d "$cute_headers_dir/wheels/$1"
    (cd "$cute_headers_dir" && unzip -q -o "wheels/$1/"*.whl "$2")
    touch "$cute_headers_dir/$1.done"
  fi
}
fetch nvidia-cutlass==4.2.0.0 'cutlass_library/source/include/*'
fetch nvidia-cuda-cccl-cu12 'nvidia/cuda_cccl/include/*'
fetch nvidia-cuda-runtime-cu12 'nvidia/cuda_runtime/include/*'
fetch nvidia-cuda-nvcc-cu12 'nvidia/cuda_nvcc/include/*'
CUTE_INCLUDES="-I$cute_headers_dir/nvidia/cuda_runtime/include -I$cute_headers_dir/nvidia/cuda_nvcc/include -I$cute_headers_dir/nvidia/cuda_cccl/include -I$cute_headers_dir/cutlass_library/source/include"
