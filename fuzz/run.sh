#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 30) with libFuzzer through cargo-fuzz on the
# nightly toolchain, starting from the checked-in regressions; installs cargo-fuzz if missing.
# Skips with a message where no nightly toolchain is installed (stable `cargo test` replays the
# corpus either way: tests/it/hostile/mod.rs).
#
#   bash fuzz/run.sh [SECONDS] [TARGET...]
#   bash fuzz/run.sh --slow [MS]   every corpus input once on a release build without a sanitizer
#                                  (the coverage instrumentation stays: slower than a user's build),
#                                  failing on any that takes more than MS (default 100) ms
set -euo pipefail
cd "$(dirname "$0")"
slow=""
if [ "${1:-}" = "--slow" ]; then
    slow="${2:-100}"
    set -- 0
fi
secs="${1:-30}"
shift || true
if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "fuzz/run.sh: no nightly toolchain (rustup toolchain list); skipping the fuzz run"
    exit 0
fi
if ! cargo +nightly fuzz --version > /dev/null 2>&1; then
    if ! cargo install cargo-fuzz --locked > /dev/null 2>&1; then
        echo "fuzz/run.sh: cargo-fuzz could not be installed; skipping the fuzz run"
        exit 0
    fi
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(expr expr_structured notation tensor macros mixed linear f2 morphism banks atoms cute_notation)
fi
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    seeds=()
    [ -d "regressions/$t" ] && seeds+=("regressions/$t")
    if [ "$t" = expr ]; then
        # One seed file per line of the expression corpus.
        mkdir -p corpus/expr
        n=0
        while IFS= read -r line; do
            case "$line" in ''|'#'*) continue ;; esac
            printf '%s' "$line" > "corpus/expr/seed_$n"
            n=$((n + 1))
        done < regressions/expr.txt
    fi
    if [ -n "$slow" ]; then
        echo "== replay $t: every input once, no sanitizer, at most ${slow} ms each"
        CUTE_FUZZ_SLOW_MS="$slow" cargo +nightly fuzz run --sanitizer none "$t" "corpus/$t" \
            "${seeds[@]}" -- -runs=0 -rss_limit_mb=4096 2>&1 \
            | grep -E "^(==|#[0-9]+ *(INITED|DONE)|Done|SUMMARY|thread|.*panicked|.*took)" || true
    else
        echo "== fuzz $t for ${secs}s"
        cargo +nightly fuzz run "$t" "corpus/$t" "${seeds[@]}" -- \
            -max_total_time="$secs" -timeout=3 -rss_limit_mb=4096 -print_final_stats=1 2>&1 \
            | grep -E "^(stat::|==|#[0-9]+ *DONE|Done|SUMMARY|thread|.*panicked|.*property)" || true
    fi
    if compgen -G "artifacts/$t/crash-*" > /dev/null || compgen -G "artifacts/$t/timeout-*" > /dev/null \
        || compgen -G "artifacts/$t/oom-*" > /dev/null; then
        echo "fuzz/run.sh: $t found a failing input (fuzz/artifacts/$t)"
        exit 1
    fi
done
