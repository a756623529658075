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
# Without arguments it measures `cute-kernels` (the repository's kernels; the user kernels, which
# are `#[inline]`, where they are called: in `examples/user_kernels`). A CRATE_DIR is a
# user's kernel crate whose dependency on this library is `path = "../cute"` (the layout of a
# user-kernel suite): it is copied to a temporary folder beside a link to this checkout and built
# there. Prints markdown tables (BENCHMARKS.md's, through
# `bash benches/report.sh run compile_user_kernels bash benches/compile_user_kernels.sh`).
# Respects CARGO_TARGET_DIR for `cute-kernels`; needs `nm` and python3.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Runs "$@" and prints the build's row: crate ($1), lines ($2), CPU seconds, wall, peak memory.
timed() {
  local crate=$1 lines=$2 log
  shift 2
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
  echo "| crate | lines | CPU (user + system) | wall | peak memory |"
  echo "|---|---|---|---|---|"
  awk -v c="$crate" -v l="$lines" -v u="$user" -v s="$sys" -v w="$wall" -v r="$rss" \
    'BEGIN { printf "| `%s` | %d | %.1f s | %.1f s | %s |\n", c, l, u + s, w, r ? int(r / 1024) " MiB" : "—" }'
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
print("| module | cute | hand | cute / hand |")
print("|---|---|---|---|")
for m in sorted(size):
    c, h = size[m]
    if h:
        print(f"| `{m}` | {c:,} B | {h:,} B | {c / h:.2f} |")
print(f"| the library, instantiated out of line | {library:,} B | | |")
'
}

if [ $# -eq 0 ]; then
  # The user kernels are `#[inline]`: they compile where they are called, as a user's kernels
  # do, so their cost is measured in `examples/user_kernels` (with its small driver); the rest
  # compiles in the crate itself. Both after everything else is built.
  lines=$(cat cute-kernels/src/*.rs cute-kernels/src/*/*.rs | wc -l)
  out=${CARGO_TARGET_DIR:-$root/target}
  build='cargo build --release --quiet -p cute-kernels --features std &&
    cargo build --release --quiet --example user_kernels'
  bash -c "$build"
  touch cute-kernels/src/lib.rs examples/user_kernels/main.rs
  timed "cute-kernels (with examples/user_kernels)" "$lines" bash -c "$build"
  echo
  lib=$(ls -t "$out"/release/deps/libcute_kernels-*.rlib | head -1)
  code_size "$lib" "$out"/release/examples/user_kernels
  exit 0
fi

for dir in "$@"; do
  dir=$(cd "$dir" && pwd)
  lines=$(find "$dir/src" -name '*.rs' -exec cat {} + | wc -l)
  w=$(mktemp -d)
  cp -r "$dir" "$w/user"
  ln -s "$root" "$w/cute"
  (
    cd "$w/user"
    export CARGO_TARGET_DIR="$w/target"
    cargo build --release --quiet
    find src -name '*.rs' -exec touch {} +
    timed "$(basename "$dir")" "$lines" cargo build --release --quiet
  )
  echo
  bins=$(find "$w/target/release" -maxdepth 1 -type f -perm -u+x)
  # shellcheck disable=SC2086
  code_size $bins
  rm -rf "$w"
done
