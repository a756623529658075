#!/usr/bin/env bash
# Instructions of one n x n x n SGEMM, cute against its hand twin (`examples/sgemm.rs` with `cute`
# or `hand`: one call, column-major), counted by callgrind, which repeats where timings on a noisy
# machine do not. Prints a markdown table (BENCHMARKS.md's, through
# `bash benches/report.sh run sgemm_instructions bash benches/callgrind_sgemm.sh`).
#   bash benches/callgrind_sgemm.sh [N ...]      # 256 512 1024 without arguments
# Respects CARGO_TARGET_DIR; skipped with a message without valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind > /dev/null; then
  echo "skipped: valgrind counts the instructions and is not installed"
  exit 0
fi
cargo build --release --quiet --example sgemm
bin=${CARGO_TARGET_DIR:-target}/release/examples/sgemm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The total of the program's instructions (`summary:` in callgrind's output file).
count() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" "$1" "$1" "$1" "$2" > /dev/null 2>&1
  awk '/^summary:/ { print $2 }' "$tmp/out"
}
echo "| n | cute | hand | cute / hand |"
echo "|---|---|---|---|"
sizes=("$@")
[ $# -gt 0 ] || sizes=(256 512 1024)
for n in "${sizes[@]}"; do
  c=$(count "$n" cute)
  h=$(count "$n" hand)
  awk -v n="$n" -v c="$c" -v h="$h" 'BEGIN { printf "| %d | %d | %d | %.3f |\n", n, c, h, c / h }'
done
