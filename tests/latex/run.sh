#!/usr/bin/env bash
# Compiles `cute latex` documents with a real LaTeX: a plain layout, a thread-value
# layout, a swizzled layout, a blocked product, a rank-3 layout, a divide past its data, a
# nested mode 1, two tiled MMAs (--mma) and a tiled copy (--copy), each with pdflatex in -halt-on-error mode; an error or an overfull line fails
# the check. Installs Debian's texlive-latex-base and texlive-pictures where pdflatex is missing
# (apt-get, as root), and skips with a message where it cannot.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v pdflatex > /dev/null; then
    install_tex() {
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            texlive-latex-base texlive-pictures > /dev/null 2>&1
    }
    # A fresh machine's package lists may be missing or stale: update them once if needed.
    if [ "$(id -u)" != 0 ] || ! command -v apt-get > /dev/null \
        || ! { install_tex || { apt-get update -q > /dev/null 2>&1 && install_tex; }; }; then
        echo "tests/latex/run.sh: could not install pdflatex (apt-get install texlive-latex-base texlive-pictures); skipping the LaTeX check"
        exit 0
    fi
fi
cargo build --quiet -p cute-cli
cute="$PWD/${CARGO_TARGET_DIR:-target}/debug/cute"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cases=(
    "plain|(4,(2,2)):(2,(1,8))"
    "tv|--tv|(8,8)|((4,8),2):((16,1),8)"
    "swizzled|composition(swizzle(3,0,3), (8,8):(8,1))"
    "blocked|blocked_product((2,2):(1,2), (2,3):(3,1))"
    "rank3|(2,3,2):(1,2,6)"
    "past|zipped_divide((8,6):(1,8), <4:1,4:1>)"
    "nested|(2,((2,2),3)):(1,((2,4),8))"
    "mma|--mma|make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0))"
    "fma|--mma|UniversalFMA<float>"
    "copy|--copy|make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2):(1,2), <32:1,32:1,16:1>))"
)
status=0
for c in "${cases[@]}"; do
    IFS='|' read -r -a parts <<< "$c"
    name=${parts[0]}
    "$cute" latex "${parts[@]:1}" -o "$dir/$name.tex"
    if ! (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" > /dev/null 2>&1); then
        echo "!! $name: pdflatex failed"
        grep -A3 '^!' "$dir/$name.log" || true
        status=1
    elif grep -q 'Overfull' "$dir/$name.log"; then
        echo "!! $name: the picture does not fit its page"
        grep 'Overfull' "$dir/$name.log"
        status=1
    else
        echo "$name: $(grep -c '\\node\[fill' "$dir/$name.tex") cells, $(stat -c %s "$dir/$name.pdf") bytes of PDF"
    fi
done
exit $status
