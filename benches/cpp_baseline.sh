#!/usr/bin/env bash
# Times CuTe C++ (g++ -O2, dynamic integers) and this crate on the same compositions in one run,
# and prints the ratios: `composition/<case>` against this crate's fully dynamic `cute::Layout`,
# `composition/mixed/<case>` against its mixed layouts (every leaf a runtime integer inside a
# static structure, which is what CuTe's dynamic layouts are). Needs g++, pip and network access to PyPI for the header-only wheels
# (CuTe from nvidia-cutlass, libcu++ from nvidia-cuda-cccl-cu12, the host headers of the CUDA
# runtime and nvcc wheels); nothing is committed from them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=benches/cute_headers.sh
. benches/cute_headers.sh
dir=$cute_headers_dir
# shellcheck disable=SC2086
g++ -O2 -std=c++17 $CUTE_INCLUDES benches/cpp/composition.cpp -o "$dir/composition"
"$dir/composition" > "$dir/cpp.txt"
cargo bench --bench main -- 'composition/(mixed/)?(paper_6:12|tv_rowmajor)$' 2>/dev/null |
  awk '/^composition\// { name = $1 }
       /time:/ { for (i = 1; i <= NF; i++) if ($i == "time:") t = i
                 v = $(t + 3); u = $(t + 4)
                 if (u == "ns") ns = v; else if (u == "µs" || u == "us") ns = v * 1000; else ns = v / 1000
                 print name, ns }' > "$dir/rust.txt"
echo "operation                 cute C++ (ns)  cute-rs (ns)  ratio"
join <(sort "$dir/cpp.txt") <(sort "$dir/rust.txt") |
  awk '{ printf "%-25s %13.1f %13.1f %6.1fx\n", $1, $2, $3, $3 / $2 }'
