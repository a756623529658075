#!/usr/bin/env bash
# The facade without its `std` feature (issue 29): `tests/no_std` (a `#![no_std]` crate with its
# own panic handler, which clashes with std's if anything links std) builds on the host, then for
# targets without std, `aarch64-unknown-none` and `nvptx64-nvidia-cuda`, with warnings denied.
# The targets need a compiler with their `core` sources: Debian's `rustc-web` and `rust-web-src`
# (1.85, the MSRV, LLVM with every back end), extracted into the target directory (not installed:
# they would shadow rustup's) and driven by cargo's `-Z build-std=core`. Where apt cannot fetch
# them, the target builds are skipped with a message.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${CARGO_TARGET_DIR:-$root/target}
manifest="$here/Cargo.toml"
export RUSTFLAGS="-D warnings"

cargo build --manifest-path "$manifest" --target-dir "$out/no_std"
echo "no_std: host build ok (no std linked)"

tc="$out/rust-web"
if [ ! -x "$tc/usr/bin/rustc" ]; then
    debs="$tc/debs"
    mkdir -p "$debs"
    # rustc-web and the chain of libraries it loads (its std, then the LLVM that std links),
    # named by their dependencies so that a new Debian version still resolves.
    packages="rustc-web rust-web-src"
    next=rustc-web
    while command -v apt-cache > /dev/null && [ -n "$next" ]; do
        next=$(apt-cache depends "$next" 2> /dev/null \
            | awk '/Depends: (libstd-rust-web|libllvm)/ { print $2; exit }')
        packages="$packages $next"
    done
    if ! command -v apt-get > /dev/null \
        || ! (cd "$debs" && apt-get download $packages > /dev/null 2>&1); then
        echo "no_std: SKIPPED the targets without std: apt cannot fetch $packages"
        rm -rf "$tc"
        exit 0
    fi
    for deb in "$debs"/*.deb; do
        dpkg -x "$deb" "$tc"
    done
fi
export LD_LIBRARY_PATH="$tc/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export RUSTC="$tc/usr/bin/rustc" RUSTC_BOOTSTRAP=1
echo "no_std: $("$RUSTC" --version)"
for target in aarch64-unknown-none nvptx64-nvidia-cuda; do
    cargo build -Z build-std=core --target "$target" --manifest-path "$manifest" \
        --target-dir "$out/no_std"
    echo "no_std: $target build ok"
done
