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
asm=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/examples/static_gemm-*.s | head -1)
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
# The sgemm kernel's micro-kernel (`cute-kernels/src/sgemm.rs`): one thread's 8x8 micro-tile over
# its 8xBK panels, `gemm` on three static tensors compiled for AVX2 (`threads_avx2`), and the
# same by hand (`threads_hand_avx2`). The k loop stays a loop whose body is vector loads,
# broadcasts, multiplies and adds of 8 accumulators held in registers across it: no division, no
# call, no layout arithmetic (one induction variable: an add and a compare), and no longer than
# the hand-written loop.
if [ "$(uname -m)" != x86_64 ]; then
  echo "== sgemm micro-kernel: not x86_64, skipped"
  exit $status
fi
touch cute-kernels/src/lib.rs
cargo rustc --quiet --release -p cute-kernels --features std --lib -- --emit asm \
  -C "llvm-args=-x86-asm-syntax=intel"
kasm=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/cute_kernels-*.s | head -1)
loop_of() { # function: the instructions of its k loop (from the first broadcast to the branch back)
  awk "/^_ZN[0-9a-zA-Z_]*${1}[0-9a-zA-Z_]*:/,/\.cfi_endproc/" "$kasm" | grep -E '^\s+[a-z]' \
    | grep -v -E '^\s*\.' | sed -n '/vbroadcastss/,/^\s*j[a-z]*\s/p' || true
}
lengths=()
for f in threads_avx2 threads_hand_avx2; do
  body=$(loop_of "$f")
  if [ -z "$body" ]; then
    echo "!! $f not found in $kasm"
    status=1
    continue
  fi
  n=$(echo "$body" | wc -l)
  lengths+=("$n")
  ymul=$(echo "$body" | grep -c -E '\bvmulps\s+ymm' || true)
  other=$(echo "$body" | grep -v -E '\b(vmovups|vmovaps|vbroadcastss|vmulps|vaddps|vfmadd[0-9a-z]*|add|cmp|j[a-z]+)\b' || true)
  echo "== $f (micro-kernel of kernel/sgemm): $n instructions in the k loop, $ymul 8-wide multiplies"
  if echo "$body" | grep -q -E '\b(i?div|call)\b' || [ -n "$other" ] || [ "$ymul" -ne 8 ]; then
    echo "$body"
    echo "!! $f: the k loop divides, calls, does other arithmetic ($other) or is not 8 vector multiplies"
    status=1
  fi
done
if [ "${#lengths[@]}" -eq 2 ] && [ "${lengths[0]}" -gt "${lengths[1]}" ]; then
  echo "!! the k loop of cute's micro-kernel (${lengths[0]}) is longer than the hand-written one (${lengths[1]})"
  status=1
fi
exit $status
