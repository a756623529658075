#!/usr/bin/env bash
# Prints the assembly of `examples/static_copy.rs`: a copy between static layouts must compile to
# straight-line moves at constant offsets, with no division, modulo, loop or call left (the
# tensors' bounds checks fold away too; of tensors made elsewhere, only the test of their two
# `whole` flags stays), and to no more instructions than the same copy written by hand
# (`<name>_hand`).
set -euo pipefail
cd "$(dirname "$0")/.."
touch examples/static_copy.rs  # emit the assembly again even when the build is fresh
cargo rustc --quiet --release --example static_copy -- --emit asm -C "llvm-args=-x86-asm-syntax=intel"
asm=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/examples/static_copy-*.s | head -1)
status=0
for f in transpose_8x3 tv_8x8 nd_tensors gather_tensors; do
  body=$(awk "/^_ZN11static_copy[0-9]+${f}17/,/\\.cfi_endproc/" "$asm" | grep -v -E '^\s*\.(cfi|size|type|p2align)')
  if [ -z "$body" ]; then
    echo "!! $f not found in $asm"
    status=1
    continue
  fi
  echo "== $f ($(echo "$body" | grep -c -E '^\s+[a-z]') instructions)"
  echo "$body"
  if [[ $f == *_tensors ]]; then
    # Tensors made elsewhere may be partial views (a residue tile): the copy tests their two
    # `whole` flags once and branches to the cold error; nothing else may branch or call.
    flags=$(echo "$body" | grep -c -E 'cmp\s+(byte|qword) ptr \[r[a-z0-9]+( \+ [0-9]+)?\], 0' || true)
    if [ "$flags" -ne 2 ]; then
      echo "!! $f tests $flags flags, not the two whole flags"
      status=1
    fi
    body=$(echo "$body" | grep -v -E 'cmp\s+(byte|qword) ptr|\bj(e|mp)\s+\.LBB|call\s+.*outside_error')
  fi
  if echo "$body" | grep -q -E '\b(i?div|call|jmp|j[a-z]+|loop)\b'; then
    echo "!! $f still divides, branches or calls"
    status=1
  fi
done
instructions() { # function: its instructions, one a line
  awk "/^_ZN11static_copy[0-9]+${1}17/,/\\.cfi_endproc/" "$asm" | grep -E '^\s+[a-z]' | grep -v -E '^\s*\.'
}
for f in transpose_8x3 tv_8x8; do
  ours=$(instructions "$f")
  hand=$(instructions "${f}_hand")
  n=$(echo "$ours" | wc -l)
  m=$(echo "$hand" | wc -l)
  if [ "$ours" = "$hand" ]; then
    echo "== $f and ${f}_hand: the same $n instructions"
  elif [ "$n" -le "$m" ]; then
    echo "== $f: $n instructions, ${f}_hand: $m (the same moves, other registers or order)"
  else
    echo "!! $f: $n instructions, more than ${f}_hand: $m"
    status=1
  fi
done
# A fragment loaded and returned through a `Result` (a user's tile-load closure): built where it
# is returned, so no `memcpy` moves its 512 bytes of registers (528 with the `Result`'s head),
# and the residue's predicated loop is inlined (no call but the cold error builders and checks).
body=$(awk "/^_ZN11static_copy[0-9]+fragment_of_tile17/,/\\.cfi_endproc/" "$asm")
if [ -z "$body" ]; then
  echo "!! fragment_of_tile not found in $asm"
  status=1
else
  moves=$(echo "$body" | grep -B3 -E 'call\s+.*memcpy' | grep -c -E 'mov\s+edx, (512|528)$' || true)
  loops=$(echo "$body" | grep -c -E 'call\s+.*(closure|GenericArray|copy_if)' || true)
  echo "== fragment_of_tile: $moves copies of the fragment, $loops out-of-line loops"
  if [ "$moves" -ne 0 ] || [ "$loops" -ne 0 ]; then
    echo "!! fragment_of_tile moves its fragment through memory or calls its loop"
    status=1
  fi
fi
exit $status
