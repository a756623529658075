# Sourced by tests/no_std/check.sh and gpu/check.sh: `rust_web DIR` puts a compiler able to build
# `core` for targets without std (nvptx64-nvidia-cuda, aarch64-unknown-none) into DIR, once, and
# exports RUSTC (and what it needs) for cargo's `-Z build-std=core`; where it cannot, it says why
# and returns 1. The compiler is Debian's `rustc-web` 1.85 (this workspace's MSRV, LLVM with
# every back end) with `rust-web-src`, fetched by apt and extracted, not installed (installed, it
# would shadow rustup's).
rust_web() {
    local tc=$1
    if [ ! -x "$tc/usr/bin/rustc" ]; then
        local debs="$tc/debs"
        mkdir -p "$debs"
        # rustc-web and the chain of libraries it loads (its std, then the LLVM that std links),
        # named by their dependencies so that a new Debian version still resolves.
        local packages="rustc-web rust-web-src" next=rustc-web
        while command -v apt-cache > /dev/null && [ -n "$next" ]; do
            next=$(apt-cache depends "$next" 2> /dev/null \
                | awk '/Depends: (libstd-rust-web|libllvm)/ { print $2; exit }')
            packages="$packages $next"
        done
        # shellcheck disable=SC2086 # one word per package
        if ! command -v apt-get > /dev/null \
            || ! (cd "$debs" && apt-get download $packages > /dev/null 2>&1); then
            echo "rust-web: apt cannot fetch $packages"
            rm -rf "$tc"
            return 1
        fi
        local deb
        for deb in "$debs"/*.deb; do
            dpkg -x "$deb" "$tc"
        done
    fi
    export LD_LIBRARY_PATH="$tc/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export RUSTC="$tc/usr/bin/rustc" RUSTC_BOOTSTRAP=1
}
