#!/usr/bin/env bash
# Times CuTe C++ (g++ -O2, dynamic integers) and this crate on the same compositions in
# interleaved rounds and prints the ratios of the medians as a table (BENCHMARKS.md's, through
# `bash benches/report.sh run cpp_baseline bash benches/cpp_baseline.sh`):
#   bash benches/cpp_baseline.sh [ROUNDS]      # 15 rounds without an argument
# `composition/<case>` against this crate's fully dynamic `cute::Layout`, `composition/mixed/<case>`
# against its mixed layouts (every leaf a runtime integer inside a static structure, which is what
# CuTe's dynamic layouts are). Needs g++, pip and network access to PyPI for the header-only wheels
# (CuTe from nvidia-cutlass, libcu++ from nvidia-cuda-cccl-cu12, the host headers of the CUDA
# runtime and nvcc wheels); nothing is committed from them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=benches/cute_headers.sh
. benches/cute_headers.sh
dir=$cute_headers_dir
# shellcheck disable=SC2086
g++ -O2 -std=c++17 $CUTE_INCLUDES benches/cpp/composition.cpp -o "$dir/composition"
# Interleaved rounds (C++, then Rust, ROUNDS times; 15 without an argument): the ratio of the
# medians holds still on a noisy machine, where one run of each measured 3.5x and then 5.8x.
rounds=${1:-15}
cargo bench --bench main --no-run --quiet 2> /dev/null
: > "$dir/cpp.txt"
: > "$dir/rust.txt"
for _ in $(seq "$rounds"); do
  "$dir/composition" >> "$dir/cpp.txt"
  cargo bench --quiet --bench main -- 'composition/(mixed/)?(paper_6:12|tv_rowmajor)$' \
    --warm-up-time 0.5 --measurement-time 1 2>/dev/null |
    awk '/^composition\// { name = $1 }
         /time:/ { for (i = 1; i <= NF; i++) if ($i == "time:") t = i
                   v = $(t + 3); u = $(t + 4)
                   if (u == "ns") ns = v; else if (u == "µs" || u == "us") ns = v * 1000; else ns = v / 1000
                   print name, ns }' >> "$dir/rust.txt"
done
echo "| operation (medians of $rounds interleaved rounds) | CuTe C++ | cute (Rust) | ratio |"
echo "|---|---|---|---|"
median() { # file: "name value" lines -> "name median"
  sort -k1,1 -k2,2g "$1" | awk '{ v[$1] = v[$1] " " $2; n[$1]++ }
    END { for (k in v) { split(substr(v[k], 2), a, " "); m = n[k]
          print k, (m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2) } }' | sort
}
join <(median "$dir/cpp.txt") <(median "$dir/rust.txt") |
  awk '{ printf "| `%s` | %.1f ns | %.1f ns | %.2f× |\n", $1, $2, $3, $3 / $2 }'
