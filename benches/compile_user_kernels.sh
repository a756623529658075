#!/usr/bin/env bash
# Build cost of kernels written with cute, against their hand twins: for each crate, the CPU
# seconds (user + system), the wall-clock seconds and the peak memory of its release build alone
# (its dependencies already built), then the machine code of each of its kernel modules, the
# cute kernels' functions against the hand twins' (a function whose name has `hand` in it is a
# twin's, one with `naive` a reference and left out), and the out-of-line code of the library
# (`cute_core`, `cute_static`) that the crate instantiated, which no twin has.
#
#   bash benches/compile_user_kernels.sh [CRATE_DIR ...]
#
# Without arguments it measures `cute-kernels` (the repository's kernels). A CRATE_DIR is a
# user's kernel crate whose dependency on this library is `path = "../cute"` (the layout of a
# user-kernel suite): it is copied to a temporary folder beside a link to this checkout and built
# there. The last line of each crate's block is `cpu: S s`. Respects CARGO_TARGET_DIR for
# `cute-kernels`; needs `nm` and python3.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Runs "$@", printing wall, peak memory and, last, CPU seconds.
timed() {
  local log
  log=$(mktemp)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e %U %S %M" -o "$log" "$@"
  else
    # Without GNU time: bash's own timer of the children (no peak memory).
    TIMEFORMAT='%R %U %S 0'
    { time "$@"; } 2> "$log"
  fi
  local wall user sys rss
  read -r wall user sys rss < <(tail -1 "$log")
  rm -f "$log"
  echo "wall: ${wall} s"
  if [ "$rss" != 0 ]; then echo "peak rss: $((rss / 1024)) MiB"; fi
  awk -v u="$user" -v s="$sys" 'BEGIN { printf "cpu: %.1f s\n", u + s }'
}

# The machine code of the kernel modules in the objects "$@" (rlibs or executables).
code_size() {
  nm -C -S --defined-only "$@" 2> /dev/null | python3 -c '
import re, sys
from collections import defaultdict
size = defaultdict(lambda: [0, 0])
library = 0
for line in sys.stdin:
    f = line.split(None, 3)
    if len(f) < 4 or f[2] not in "tTwW":
        continue
    n, name = int(f[1], 16), f[3].strip()
    if name.startswith(("cute_core::", "cute_static::", "<cute_core::", "<cute_static::")):
        library += n
        continue
    # The function path without generic arguments, closures and hashes.
    path = re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", name)))
    path = path.split("::{{closure}}")[0].split("::{closure")[0]
    parts = [p for p in path.split("::") if p]
    if len(parts) < 3 or parts[0] in ("std", "core", "alloc", "criterion"):
        continue
    module, fn = "::".join(parts[:-1]), parts[-1]
    if "naive" in fn:
        continue
    size[module][1 if "hand" in fn else 0] += n
print("%-40s %9s %9s %6s" % ("module", "cute B", "hand B", "ratio"))
for m in sorted(size):
    c, h = size[m]
    if h:
        print(f"{m:<40} {c:>9} {h:>9} {c / h:>6.2f}")
print(f"library code instantiated: {library} B")
'
}

if [ $# -eq 0 ]; then
  echo "== cute-kernels"
  echo "lines: $(cat cute-kernels/src/*.rs cute-kernels/src/*/*.rs | wc -l)"
  out=${CARGO_TARGET_DIR:-$root/target}
  # The dependencies (and the library crates) first, then the crate alone, from scratch.
  cargo build --release -p cute-kernels --features std --quiet
  touch cute-kernels/src/lib.rs
  timed cargo build --release -p cute-kernels --features std --quiet > "$out/compile_user_kernels.log"
  lib=$(ls -t "$out"/release/deps/libcute_kernels-*.rlib | head -1)
  code_size "$lib"
  cat "$out/compile_user_kernels.log"
  exit 0
fi

for dir in "$@"; do
  dir=$(cd "$dir" && pwd)
  echo "== $(basename "$dir")"
  echo "lines: $(find "$dir/src" -name '*.rs' -exec cat {} + | wc -l)"
  w=$(mktemp -d)
  cp -r "$dir" "$w/user"
  ln -s "$root" "$w/cute"
  (
    cd "$w/user"
    export CARGO_TARGET_DIR="$w/target"
    cargo build --release --quiet
    find src -name '*.rs' -exec touch {} +
    timed cargo build --release --quiet > "$w/log"
  )
  bins=$(find "$w/target/release" -maxdepth 1 -type f -perm -u+x)
  # shellcheck disable=SC2086
  code_size $bins
  cat "$w/log"
  rm -rf "$w"
done
