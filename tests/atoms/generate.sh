#!/usr/bin/env bash
# Regenerates tests/data/atoms.jsonl with CuTe C++ itself: builds tests/atoms/cute_atoms.cpp
# against the CuTe headers of the nvidia-cutlass wheel (benches/cute_headers.sh fetches them)
# and writes one JSON record per case, `{"expr": ..., "result": ...}`, with CuTe's `_` before
# static integers removed.
set -euo pipefail
cd "$(dirname "$0")/../.."
source benches/cute_headers.sh
out=${CARGO_TARGET_DIR:-target}/cute_atoms
g++ -std=c++17 -O0 $CUTE_INCLUDES tests/atoms/cute_atoms.cpp -o "$out"
"$out" | python3 -c '
import json, re, sys
for line in sys.stdin:
    expr, result = line.rstrip("\n").split("\t")
    strip = lambda s: re.sub(r"(?<![A-Za-z0-9])_(\d)", r"\1", s)
    print(json.dumps({"expr": strip(expr), "result": strip(result)}))
' > tests/data/atoms.jsonl
wc -l tests/data/atoms.jsonl
