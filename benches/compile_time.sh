#!/usr/bin/env bash
# Compile time of static layout algebra: builds a crate with N static compositions and N static
# logical divides (N = 50, 100, 200; inputs cycle through the corpus cases of
# tests/it/static_corpus_cases.rs) and prints the seconds `cargo build` takes for that crate alone
# (its dependencies are built first, once; the fastest of three from-scratch builds). With `--cpp`,
# it also compiles the same operations as a CuTe C++ translation unit with `g++ -O2` (headers via
# benches/cute_headers.sh: needs pip and PyPI), the fastest of three too, and prints the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir=$root/target/compile-bench
mkdir -p "$dir/src"
cat > "$dir/Cargo.toml" <<TOML
[package]
name = "compile-bench"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
cute = { path = "$root" }
TOML
# The layout-by-layout cases of an operator (the tiler cases have no C++ spelling here).
pick() { grep -o "same::<$1<.*>>(" tests/it/static_corpus_cases.rs | grep -v 'Tiler!' | sed 's/^same::<//; s/>>($/>/'; }
compositions=$(pick CompositionOf)
divides=$(pick LogicalDivideOf)
cycled() { # n list: the first n items, cycling
  echo "$2" | awk -v n="$1" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }'
}
generate() { # n
  {
    echo "use cute::cute_static::{CompositionOf, LogicalDivideOf, StaticLayout};"
    echo "use cute::Layout;"
    echo "fn main() {"
    echo "    let mut sum = 0i64;"
    for ops in "$compositions" "$divides"; do
      cycled "$1" "$ops" | awk '{ printf "    sum += <%s as StaticLayout>::SIZE;\n", $0 }'
    done
    echo "    println!(\"{sum}\");"
    echo "}"
  } > "$dir/src/main.rs"
}
# CuTe C++ spelling of a layout: integers become Int<N>{}, tuples make_tuple(...).
cpp_layout() { # notation
  local s=${1%%:*} d=${1#*:}
  conv() { echo "$1" | sed -E 's/([0-9]+)/Int<\1>{}/g; s/\(/make_tuple(/g'; }
  echo "make_layout($(conv "$s"), $(conv "$d"))"
}
generate_cpp() { # n
  {
    echo "#include <cute/layout.hpp>"
    echo "using namespace cute;"
    echo "long run() {"
    echo "  long sum = 0;"
    for op in composition logical_divide; do
      if [ $op = composition ]; then ops=$compositions; else ops=$divides; fi
      cycled "$1" "$ops" | sed -E 's/^[A-Za-z]+Of<Layout!\(//; s/\)>$//; s/\), Layout!\(/|/' |
        while IFS='|' read -r a b; do
          echo "  sum += size($op($(cpp_layout "$a"), $(cpp_layout "$b")));"
        done
    done
    echo "  return sum;"
    echo "}"
  } > "$dir/bench.cpp"
}

export CARGO_TARGET_DIR=$dir/target
generate 1
(cd "$dir" && CARGO_INCREMENTAL=0 cargo build --quiet 2>/dev/null)
cpp=${1:-}
if [ "$cpp" = --cpp ]; then
  # shellcheck source=benches/cute_headers.sh
  . benches/cute_headers.sh
fi
seconds() { # command...: the fastest of three runs, in seconds (this VM's timings vary by 10-20 %)
  local best="" start end
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    best=$(awk -v a="$start" -v b="$end" -v c="$best" 'BEGIN { d = b - a; print (c == "" || d < c) ? d : c }')
  done
  printf "%.2f" "$best"
}
# A from-scratch build of the crate, as `g++ -c` compiles a translation unit: no incremental
# cache, and a comment that changes each run so cargo does rebuild.
rebuild() {
  echo "// $RANDOM$RANDOM" >> "$dir/src/main.rs"
  (cd "$dir" && CARGO_INCREMENTAL=0 cargo build --quiet)
}
echo "N (compositions + logical divides each)  cargo build (s)  g++ -O2 (s)  ratio"
for n in 50 100 200; do
  generate "$n"
  rust=$(seconds rebuild)
  gxx=- ratio=-
  if [ "$cpp" = --cpp ]; then
    generate_cpp "$n"
    # shellcheck disable=SC2086
    gxx=$(seconds g++ -O2 -std=c++17 $CUTE_INCLUDES -c "$dir/bench.cpp" -o "$dir/bench.o")
    ratio=$(awk -v r="$rust" -v g="$gxx" 'BEGIN { printf "%.1fx", g / r }')
  fi
  printf "%39d  %15s  %11s  %5s\n" "$n" "$rust" "$gxx" "$ratio"
done
