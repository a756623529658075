#!/usr/bin/env bash
# Build cost of the kernels a user writes: the release build of
# examples/user_kernels.rs, which includes the four user kernels of examples/kernels/ (softmax,
# conv2d, transpose_smem, rowsum_generic), with its dependencies already built. Prints the
# kernels' lines, the wall-clock seconds, the peak memory of the build and, last, the CPU seconds
# (user + system) of building that one crate. Respects CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
files=(examples/user_kernels.rs examples/kernels/{softmax,conv2d,transpose_smem,rowsum_generic}.rs)
echo "lines: $(cat "${files[@]}" | wc -l)"
# The dependencies (and the library crates) first, then the example alone, from scratch.
cargo build --release --example user_kernels --quiet
touch examples/user_kernels.rs
log=$(mktemp)
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f "%e %U %S %M" -o "$log" cargo build --release --example user_kernels --quiet
else
  # Without GNU time: bash's own timer of the children (no peak memory).
  TIMEFORMAT='%R %U %S 0'
  { time cargo build --release --example user_kernels --quiet; } 2> "$log"
fi
read -r wall user sys rss < <(tail -1 "$log")
rm -f "$log"
echo "wall: ${wall} s"
if [ "$rss" != 0 ]; then echo "peak rss: $((rss / 1024)) MiB"; fi
awk -v u="$user" -v s="$sys" 'BEGIN { printf "cpu: %.1f s\n", u + s }'
