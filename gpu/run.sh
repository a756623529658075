#!/usr/bin/env bash
# Runs the kernels of `gpu/` on an NVIDIA GPU: each cute kernel and its hand twin on
# sizes its tiles divide and sizes they do not, results checked against the CPU, times compared
# (median of 31 launches; a kernel that check.sh proves must be within 5% of its twin), with the
# device's own memcpy bandwidth beside them. `host/` loads the CUDA driver at run time, so it
# builds with no CUDA toolkit; where no driver can be loaded it says so and exits 0.
#
#   bash gpu/run.sh          build here, then run
#   bash gpu/run.sh build    only build: the PTX and the host
#                            program, into $CARGO_TARGET_DIR/gpu-run (default target/gpu-run)
#   bash gpu/run.sh run      only run what `build` left there (on a GPU machine with no Rust)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${CARGO_TARGET_DIR:-$here/../target}
mkdir -p "$out/gpu-run"
out=$(cd "$out/gpu-run" && pwd)
what=${1:-all}
case $what in
    all | build | run) ;;
    *)
        echo "usage: bash gpu/run.sh [build | run]" >&2
        exit 2
        ;;
esac

if [ "$what" != run ]; then
    # The host program first: the PTX compiler's environment (below) is not for it.
    cargo build --quiet --release --manifest-path "$here/host/Cargo.toml" --target-dir "$out/host"
    cp "$out/host/release/cute-gpu-run" "$out/cute-gpu-run"
    # shellcheck source=toolchain.sh
    . "$here/toolchain.sh"
    if ! rust_web "$(dirname "$out")/rust-web"; then
        echo "gpu run: SKIPPED: no compiler for nvptx64-nvidia-cuda"
        exit 0
    fi
    # One PTX module with every function a kernel calls: the driver's JIT links no other. A
    # `staticlib` under fat LTO merges `core`, cute's crates and the kernels before code
    # generation, so the PTX that rustc emits declares no `.extern` function (the `lib` of
    # check.sh leaves the dependencies' functions extern, which `ptxas -c` accepts).
    CARGO_PROFILE_RELEASE_LTO=fat RUSTFLAGS="-D warnings" cargo rustc --quiet --release \
        -Z build-std=core --target nvptx64-nvidia-cuda --manifest-path "$here/Cargo.toml" \
        --target-dir "$out/ptx" --crate-type staticlib \
        -- --emit "asm=$out/kernels.ptx" -C target-cpu=sm_80
    if grep -q '^\.extern \.func' "$out/kernels.ptx"; then
        echo "gpu run: FAILED: $out/kernels.ptx declares an external function"
        exit 1
    fi
    echo "gpu run: built $out/cute-gpu-run and $out/kernels.ptx"
fi
if [ "$what" != build ]; then
    if [ ! -x "$out/cute-gpu-run" ] || [ ! -f "$out/kernels.ptx" ]; then
        echo "gpu run: nothing built in $out (bash gpu/run.sh build)"
        exit 1
    fi
    "$out/cute-gpu-run" "$out/kernels.ptx"
fi
