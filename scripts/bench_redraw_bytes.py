#!/usr/bin/env python3
"""Bytes a live region costs: a document fed to `mdview --stream always` a token at a time (pieces of
about four characters, as language models write) at TOKENS_PER_SECOND, mdview's output going to a
pseudo-terminal of ROWS x COLS; against the bytes of the one-shot render of the same document to the
same terminal. Prints, per document and binary, the bytes written while streaming, the one-shot's, and
their ratio (the redraw overhead: 1.0 would be no redraw at all).
usage: bench_redraw_bytes.py TOKENS_PER_SECOND ROWS COLS FILE... -- MDVIEW...
"""
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import threading
import time

ENV = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"), "TERM": "xterm-256color",
       "COLORTERM": "truecolor", "MDVIEW_THEME": "dark"}
if "MDVIEW_GRAMMAR_PATH" in os.environ:
    ENV["MDVIEW_GRAMMAR_PATH"] = os.environ["MDVIEW_GRAMMAR_PATH"]


def tokens(text):
    return re.findall(r"\s*\S{1,4}|\s+", text)


def run(mdview, document, rows, cols, rate):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    streaming = rate > 0
    mode = ["--stream", "always"] if streaming else ["--stream", "never", "--pager", "never"]
    process = subprocess.Popen([mdview, *mode], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.DEVNULL,
                               env=ENV, start_new_session=True)
    os.close(slave)
    received = [0]

    def read():
        while True:
            try:
                data = os.read(master, 1 << 16)
            except OSError:
                return
            if not data:
                return
            received[0] += len(data)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if streaming:
        start = time.monotonic()
        for index, token in enumerate(tokens(document.decode())):
            delay = start + index / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            process.stdin.write(token.encode())
            process.stdin.flush()
    else:
        process.stdin.write(document)
    process.stdin.close()
    process.wait()
    time.sleep(0.2)
    os.close(master)
    reader.join(1)
    return received[0]


def main():
    split = sys.argv.index("--")
    rate, rows, cols = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    files, binaries = sys.argv[4:split], sys.argv[split + 1:]
    print(f"redraw bytes, {rate:g} tokens/s (about 4 characters each), pty {rows}x{cols}")
    print(f"{'document':28} {'binary':34} {'streamed':>9} {'one-shot':>9} {'ratio':>6}")
    for path in files:
        document = open(path, "rb").read()
        for mdview in binaries:
            one_shot = run(mdview, document, rows, cols, 0)
            streamed = run(mdview, document, rows, cols, rate)
            print(f"{os.path.basename(path):28} {mdview[-34:]:34} {streamed:9} {one_shot:9} {streamed / one_shot:6.2f}",
                  flush=True)


if __name__ == "__main__":
    main()
