#!/usr/bin/env bash
# Image benchmarks, called by `make bench`:
#   1. sixel-encoding an 800x600 photo-like image for an 80-column terminal (target < 50 ms): the
#      encoder alone (mdview-image-bench, median of 15 runs), and the whole of mdview --images sixel
#      minus mdview --no-images on the same document (decode + encode + start-up of the loader);
#   2. a document with ten remote images behind a 200 ms delay: cold cache (target < 0.6 s) and warm
#      disk cache (target < 50 ms, and no request at all), against a loopback test server.
# Needs ImageMagick (convert) and python3; uses .build/release/mdview (or its argument, or $MDVIEW),
# and builds mdview-image-bench when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-${MDVIEW:-.build/release/mdview}}
BENCH=${MDVIEW_IMAGE_BENCH:-.build/release/mdview-image-bench}
[ -x "$BIN" ] || { echo "bench-images: build mdview first (make build)" >&2; exit 1; }
if [ ! -x "$BENCH" ]; then
  swift build -c release --product mdview-image-bench >/dev/null 2>&1
  BENCH=.build/release/mdview-image-bench
fi
WORK=$(mktemp -d)
trap 'exec 9>&-; rm -rf "$WORK"' EXIT

convert -seed 7 -size 800x600 plasma:fractal -blur 0x1 -depth 8 "$WORK/photo.png"
convert "$WORK/photo.png" -quality 90 "$WORK/photo.jpg"
for i in 0 1 2 3 4 5 6 7 8 9; do convert -size 200x120 "gradient:hsb(${i}0,80%,90%)-navy" "$WORK/p$i.png"; done
printf '# Photo\n\n![photo](photo.png)\n' > "$WORK/photo.md"
echo "800x600 PNG (8-bit RGB):"; "$BENCH" "$WORK/photo.png" 80 15
echo "800x600 JPEG (quality 90):"; "$BENCH" "$WORK/photo.jpg" 80 15

# The loopback server exits when its stdin (fd 9 here) closes.
mkfifo "$WORK/server-in"
python3 Tests/ImageTests/Fixtures/image_server.py "$WORK" < "$WORK/server-in" > "$WORK/port" &
exec 9> "$WORK/server-in"
for _ in $(seq 50); do [ -s "$WORK/port" ] && break; sleep 0.1; done
PORT=$(head -1 "$WORK/port")
{
  echo "# Ten remote images"
  for i in 0 1 2 3 4 5 6 7 8 9; do echo; echo "![p$i](http://127.0.0.1:$PORT/delay/200/p$i.png)"; done
} > "$WORK/remote.md"

python3 - "$BIN" "$WORK" "$PORT" <<'PY'
import json, os, statistics, subprocess, sys, time, urllib.request
bin_, work, port = sys.argv[1], sys.argv[2], sys.argv[3]
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "MDVIEW_NO_REMOTE")}

def timed(args, extra_env=None, runs=1):
    e = dict(env, **(extra_env or {}))
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run([bin_] + args, env=e, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
        times.append(time.perf_counter() - t)
    return statistics.median(times), out

photo = os.path.join(work, "photo.md")
base, _ = timed(["--no-images", "--color", "always", "--width", "80", photo], runs=15)
with_sixel, out = timed(["--images", "sixel", "--color", "always", "--width", "80", photo], runs=15)
ms = (with_sixel - base) * 1000
print(f"sixel 800x600 photo for 80 columns: {ms:.1f} ms (decode + encode; mdview {with_sixel*1000:.1f} ms vs {base*1000:.1f} ms without images; {len(out)} bytes) target < 50 ms")

cache = {"XDG_CACHE_HOME": os.path.join(work, "cache")}
remote = os.path.join(work, "remote.md")
def requests():
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/stats") as r:
        return sum(v for k, v in json.load(r).items() if k.startswith("/delay/"))
cold, _ = timed(["--images", "blocks", "--color", "always", "--width", "80", remote], cache)
after_cold = requests()
warm, _ = timed(["--images", "blocks", "--color", "always", "--width", "80", remote], cache, runs=5)
after_warm = requests()
print(f"ten remote images behind 200 ms, cold cache: {cold*1000:.0f} ms ({after_cold} requests) target < 600 ms")
print(f"ten remote images, warm disk cache: {warm*1000:.1f} ms ({after_warm - after_cold} requests in 5 runs) target < 50 ms")
PY
