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
  # images (issue 4): codecs; curl/curl.h to build CCurlFetch (libcurl itself is dlopen'ed at run
  # time); ImageMagick and python3 only for the image tests and scripts/bench-images.sh
  libpng-dev libturbojpeg0-dev libgif-dev libwebp-dev
  libcurl4-openssl-dev
  imagemagick python3
  # the image detection tests ask a real tmux server about allow-passthrough (issue 11)
  tmux
)
if [ "${1:-}" = "bench" ]; then
  packages+=(hyperfine lowdown)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "mdview: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
