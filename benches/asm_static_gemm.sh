#!/usr/bin/env bash
# Prints the assembly of `examples/static_gemm.rs`: a GEMM on static fragments, in a function kept
# out of line, must compile to straight-line multiply-adds at constant offsets, with no loop,
# division or call left (the tensors' checks fold away too), with every multiply a 4-wide vector
# one (M·N·K/4 `mulps`). The hand-written product (`<name>_hand`) is printed beside it: the compiler
# keeps a loop in it, so its speed, not its length, is compared (`gemm/<fragment>/hand`).
set -euo pipefail
cd "$(dirname "$0")/.."
touch examples/static_gemm.rs  # emit the assembly again even when the build is fresh
cargo rustc --quiet --release --example static_gemm -- --emit asm -C "llvm-args=-x86-asm-syntax=intel"
asm=$(ls -t target/release/examples/static_gemm-*.s | head -1)
instructions() { # function: its instructions, one a line
  awk "/^_ZN11static_gemm[0-9]+${1}17/,/\\.cfi_endproc/" "$asm" | grep -E '^\s+[a-z]' | grep -v -E '^\s*\.'
}
status=0
for spec in gemm_4x4x8:128 gemm_8x8x8:512; do
  f=${spec%%:*}
  mnk=${spec##*:}
  ours=$(instructions "$f")
  hand=$(instructions "${f}_hand")
  if [ -z "$ours" ]; then
    echo "!! $f not found in $asm"
    status=1
    continue
  fi
  n=$(echo "$ours" | wc -l)
  m=$(echo "$hand" | wc -l)
  muls=$(echo "$ours" | grep -c -E '\bv?mul[sp]s\b' || true)
  echo "== $f: $n instructions, $muls vector multiplies for $mnk products; ${f}_hand: $m instructions (compared by speed in gemm/<fragment>/hand)"
  if echo "$ours" | grep -q -E '\b(i?div|call|jmp|j[a-z]+|loop)\b'; then
    echo "$ours"
    echo "!! $f still divides, branches or calls"
    status=1
  fi
  if [ "$muls" -gt $((mnk / 4)) ]; then
    echo "!! $f: $muls multiplies, more than $((mnk / 4)) (not vectorized)"
    status=1
  fi
done
exit $status
