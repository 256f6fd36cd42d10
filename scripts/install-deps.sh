#!/usr/bin/env bash
# Installs the Debian packages mdview builds and tests with, when any is missing. Idempotent.
#   scripts/install-deps.sh          build and test dependencies
#   scripts/install-deps.sh bench    also the reference tools `make bench` compares against
set -euo pipefail

packages=(
  pkg-config
  # cmark-gfm also ships the CommonMark + GFM spec (/usr/share/doc/cmark-gfm/spec.txt.gz) whose every
  # example the golden tests render (SpecGoldenTests)
  libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm
  libtree-sitter-dev
  libsixel-dev
  libmimalloc-dev
  util-linux
  # images: codecs; curl/curl.h to build CCurlFetch (libcurl itself is dlopen'ed at run
  # time); ImageMagick and python3 only for the image tests and scripts/bench-images.sh
  libpng-dev libjpeg62-turbo-dev libgif-dev libwebp-dev
  libcurl4-openssl-dev
  # README HTML: libxml/HTMLparser.h to build CHTMLTokens (libxml2 is dlopen'ed at run time)
  libxml2-dev
  # SVG badges: librsvg/rsvg.h and cairo.h to build CSVGRender; librsvg, cairo and libxml2
  # themselves are dlopen'ed at run time, on the first SVG
  librsvg2-dev
  imagemagick python3
  # the image detection tests ask a real tmux server about allow-passthrough; the streaming tests count
  # tmux's history rows after a stream (tmux 3.3 or later: scroll-on-clear)
  tmux
)
if [ "${1:-}" = "bench" ]; then
  packages+=(hyperfine lowdown)
fi

# Python packages from PyPI, pinned, into a directory of their own (never the system's site-packages):
# pyte (a VT100 emulator) for the streaming tests under a pseudo-terminal; streamdown for `make bench`.
pydeps="${MDVIEW_PYTHON_DEPS:-${XDG_CACHE_HOME:-$HOME/.cache}/mdview/python}"
python_packages=(pyte==0.8.2)
if [ "${1:-}" = "bench" ]; then
  python_packages+=(streamdown==0.36.9)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
install_python_packages() {
  local wanted=()
  for spec in "${python_packages[@]}"; do
    [ -f "$pydeps/.installed-$spec" ] || wanted+=("$spec")
  done
  [ ${#wanted[@]} -eq 0 ] && return 0
  echo "mdview: installing ${wanted[*]} into $pydeps" >&2
  mkdir -p "$pydeps"
  /usr/bin/python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
  if [ ${#missing[@]} -gt 0 ]; then install_debian_packages; missing=(); fi
  /usr/bin/python3 -m pip install -q --disable-pip-version-check --target "$pydeps" "${wanted[@]}"
  for spec in "${wanted[@]}"; do touch "$pydeps/.installed-$spec"; done
}

install_debian_packages() {
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "mdview: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_debian_packages
missing=()
install_python_packages
exit 0
