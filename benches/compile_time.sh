#!/usr/bin/env bash
# Compile time of static layout algebra: builds a crate with N static compositions (N = 50, 100,
# 200; inputs cycle through the corpus cases of tests/it/static_corpus_cases.rs) and prints the
# seconds `cargo build` takes for that crate alone (its dependencies are built first, once).
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
cases=$(grep -o 'same::<CompositionOf<.*>>(' tests/it/static_corpus_cases.rs | sed 's/^same::<//; s/>>($/>/')
total=$(echo "$cases" | wc -l)
generate() { # n
  {
    echo "use cute::cute_static::{CompositionOf, StaticLayout};"
    echo "use cute::Layout;"
    echo "fn main() {"
    echo "    let mut sum = 0i64;"
    echo "$cases" | awk -v n="$1" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) printf "    sum += <%s as StaticLayout>::SIZE;\n", a[i % NR + 1] }'
    echo "    println!(\"{sum}\");"
    echo "}"
  } > "$dir/src/main.rs"
}
export CARGO_TARGET_DIR=$dir/target
generate 1
(cd "$dir" && cargo build --quiet 2>/dev/null)
echo "static compositions  cargo build (s)   ($total distinct corpus cases, cycled)"
for n in 50 100 200; do
  generate "$n"
  start=$(date +%s.%N)
  (cd "$dir" && cargo build --quiet)
  end=$(date +%s.%N)
  awk -v n="$n" -v a="$start" -v b="$end" 'BEGIN { printf "%19d  %15.2f\n", n, b - a }'
done
