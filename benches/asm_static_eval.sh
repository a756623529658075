#!/usr/bin/env bash
# Prints the assembly of `examples/static_eval.rs`: evaluating a static layout at a constant index
# must compile to the constant offset, with no division, loop or call left.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo rustc --quiet --release --example static_eval -- --emit asm -C "llvm-args=-x86-asm-syntax=intel"
asm=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/examples/static_eval-*.s | head -1)
status=0
for f in tv_offset_33 tv_thread_5; do
  body=$(awk "/^_ZN11static_eval[0-9]+${f}/,/\\.cfi_endproc/" "$asm" | grep -v -E '^\s*\.(cfi|size|type|p2align)' )
  echo "== $f"
  echo "$body"
  if echo "$body" | grep -q -E '\b(i?div|call|jmp|j[a-z]+)\b'; then
    echo "!! $f still divides, branches or calls"
    status=1
  fi
done
exit $status
