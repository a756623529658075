#!/usr/bin/env bash
# The real-ISL check: installs islpy (ISL's Python binding, with ISL inside its wheel)
# into a virtual environment under target/, builds the `cute` command, and runs isl_check.py on
# the vendored corpus. Skips with a message where Python's venv or PyPI is unavailable.
#
#   bash tests/isl/run.sh [MAX_SIZE]     (cases whose layouts have at most MAX_SIZE points; 128)
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/isl-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import islpy" 2>/dev/null; then
    if ! python3 -m venv "$venv" > /dev/null 2>&1 \
        || ! "$venv/bin/pip" install --quiet islpy > /dev/null 2>&1; then
        echo "tests/isl/run.sh: could not install islpy (python3 -m venv, pip install islpy); skipping the ISL check"
        exit 0
    fi
fi
cargo build --quiet -p cute-cli
"$venv/bin/python" tests/isl/isl_check.py "${CARGO_TARGET_DIR:-target}/debug/cute" tests/data/corpus.jsonl "${1:-128}"
