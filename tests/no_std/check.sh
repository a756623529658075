#!/usr/bin/env bash
# The facade without its `std` feature: `tests/no_std` (a `#![no_std]` crate with its
# own panic handler, which clashes with std's if anything links std) builds on the host, then for
# targets without std, `aarch64-unknown-none` and `nvptx64-nvidia-cuda`, with warnings denied; so
# does `tests/no_std_static`, a crate over cute-static alone without the facade, its
# notation macros cute-static's own.
# The targets need a compiler with their `core` sources (`gpu/toolchain.sh`: Debian's
# `rustc-web`, extracted into the target directory, and cargo's `-Z build-std=core`); where apt
# cannot fetch it, the target builds are skipped with a message.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${CARGO_TARGET_DIR:-$root/target}
manifest="$here/Cargo.toml"
export RUSTFLAGS="-D warnings"

cargo build --manifest-path "$manifest" --target-dir "$out/no_std"
echo "no_std: host build ok (no std linked)"
# cute-static alone, its own notation macros, no facade.
static_manifest="$root/tests/no_std_static/Cargo.toml"
cargo build --manifest-path "$static_manifest" --target-dir "$out/no_std"
echo "no_std: cute-static alone, host build ok"

# shellcheck source=../../gpu/toolchain.sh
. "$root/gpu/toolchain.sh"
if ! rust_web "$out/rust-web"; then
    echo "no_std: SKIPPED the targets without std"
    exit 0
fi
echo "no_std: $("$RUSTC" --version)"
for target in aarch64-unknown-none nvptx64-nvidia-cuda; do
    for m in "$manifest" "$static_manifest"; do
        cargo build -Z build-std=core --target "$target" --manifest-path "$m" \
            --target-dir "$out/no_std"
    done
    echo "no_std: $target build ok (the facade, and cute-static alone)"
done
