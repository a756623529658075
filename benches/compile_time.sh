#!/usr/bin/env bash
# Compile time of static layout algebra: builds a crate with N static compositions and N static
# logical divides (N = 50, 100, 200; inputs cycle through the corpus cases of
# tests/corpus/static_corpus_cases.rs) and prints the seconds `cargo build` takes for that crate alone
# (its dependencies are built first, once; the fastest of three from-scratch builds). With `--cpp`,
# it also compiles the same operations as a CuTe C++ translation unit with `g++ -O2` (headers via
# benches/cute_headers.sh: needs pip and PyPI), the fastest of three too, and prints the ratio.
# Then a kernel module of mixed layouts: K functions (K = 10, 25, 50) that each tile a runtime
# matrix by their own static tile, slice a tile out, partition it and query it, built the same way.
# Prints markdown tables (BENCHMARKS.md's, through
# `bash benches/report.sh run compile_time bash benches/compile_time.sh --cpp`).
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
cute = { package = "cute-layout", path = "$root" }
TOML
# The layout-by-layout cases of an operator (the tiler cases have no C++ spelling here).
pick() { grep -o "same::<$1<.*>>(" tests/corpus/static_corpus_cases.rs | grep -v 'Tiler!' | sed 's/^same::<//; s/>>($/>/'; }
compositions=$(pick CompositionOf)
divides=$(pick LogicalDivideOf)
cycled() { # n list: the first n items, cycling
  echo "$2" | awk -v n="$1" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }'
}
generate() { # n
  {
    # The static type operators by name: `CompositionOf` would first ask whether the operands
    # are static, which the algebra's value functions need and a type-level user does not.
    echo "use cute::cute_static::StaticLayout;"
    echo "use cute::cute_static::{StaticCompositionOf as CompositionOf, StaticLogicalDivideOf as LogicalDivideOf};"
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
echo "| N (compositions + logical divides each) | \`cargo build\` | \`g++ -O2\` | C++ / Rust |"
echo "|---|---|---|---|"
for n in 50 100 200; do
  generate "$n"
  rust=$(seconds rebuild)
  gxx=- ratio=-
  if [ "$cpp" = --cpp ]; then
    generate_cpp "$n"
    # shellcheck disable=SC2086
    gxx=$(seconds g++ -O2 -std=c++17 $CUTE_INCLUDES -c "$dir/bench.cpp" -o "$dir/bench.o")
    ratio=$(awk -v r="$rust" -v g="$gxx" 'BEGIN { printf "%.1f×", g / r }')
  fi
  printf "| %d | %s s | %s s | %s |\n" "$n" "$rust" "$gxx" "$ratio"
done

# K kernel-like functions over mixed layouts, each with its own static tile (so that none shares
# another's instances): a runtime M x N matrix, zipped_divide by a static tiler, the tile at a
# runtime coordinate, composed with a static thread layout, a product and a coalesce.
generate_mixed() { # k
  {
    echo "use cute::cute_static::{self as st, __};"
    echo "use cute::{layout, tiler};"
    for k in $(seq 1 "$1"); do
      bm=$((8 * (k % 8 + 1))) bn=$((4 * (k % 5 + 1)))
      cat <<RUST
#[inline(never)]
pub fn tile_$k(m: i64, n: i64, i: i64, j: i64) -> Result<i64, cute::Error> {
    let a = layout!(({m},{n}):(1,{m}))?;
    let tiles = st::zipped_divide(&a, &tiler!(<$bm:1,$bn:1>))?;
    let (tile, offset) = tiles.slice_and_offset(((__, __), (i, j)))?;
    let threads = st::composition(&tile, &layout!(($((bm / 8)),$bn):(1,$((bm / 8)))))?;
    let grid = st::logical_product(&layout!(({m}):(1)).unwrap(), &layout!($k:1))?;
    let c = st::coalesce(&threads)?;
    Ok(offset + c.offset(1) + grid.size() + tile.cosize())
}
RUST
    done
    echo "fn main() {"
    echo "    let mut sum = 0i64;"
    for k in $(seq 1 "$1"); do echo "    sum += tile_$k(1000, 600, 1, 2).unwrap_or(0);"; done
    echo "    println!(\"{sum}\");"
    echo "}"
  } > "$dir/src/main.rs"
}
echo
echo "| K (mixed-layout kernel functions) | \`cargo build\` |"
echo "|---|---|"
for k in 10 25 50; do
  generate_mixed "$k"
  printf "| %d | %s s |\n" "$k" "$(seconds rebuild)"
done
