#!/usr/bin/env python3
"""Bytes a live region costs: a document fed to `mdview --stream always` a token at a time (pieces of
about four characters, as language models write) at TOKENS_PER_SECOND, mdview's output going to a
pseudo-terminal of ROWS x COLS; against the bytes of the one-shot render of the same document to the
same terminal. Prints, per document and binary, the bytes written while streaming, the one-shot's, and
their ratio (the redraw overhead: 1.0 would be no redraw at all), the CPU time (user + system) mdview
took to stream it, and where the streamed bytes go:
text (characters shown), style (SGR and hyperlinks), cursor (movement, line feeds, save and restore),
erase (rows and ends of rows erased, rows deleted and inserted), other (cursor shown and hidden,
synchronized output), in kilobytes.
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


SEQUENCE = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[78]|[\r\n]")


def kinds(data):
    """The bytes of `data` by kind: text, style, cursor, erase, other."""
    counts = {"text": 0, "style": 0, "cursor": 0, "erase": 0, "other": 0}
    for match in SEQUENCE.finditer(data):
        sequence = match.group()
        final = sequence[-1:]
        if sequence in (b"\r", b"\n", b"\x1b7", b"\x1b8") or (sequence[1:2] == b"[" and final in b"ABCDGHd"):
            kind = "cursor"
        elif sequence[1:2] == b"]" or final == b"m":
            kind = "style"
        elif final in b"KJMLP":
            kind = "erase"
        else:
            kind = "other"
        counts[kind] += len(sequence)
    counts["text"] = len(data) - sum(counts.values())
    return counts


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
    received = bytearray()

    def read():
        while True:
            try:
                data = os.read(master, 1 << 16)
            except OSError:
                return
            if not data:
                return
            received.extend(data)

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
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    time.sleep(0.2)
    os.close(master)
    reader.join(1)
    return bytes(received), usage.ru_utime + usage.ru_stime


def main():
    split = sys.argv.index("--")
    rate, rows, cols = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    files, binaries = sys.argv[4:split], sys.argv[split + 1:]
    print(f"redraw bytes, {rate:g} tokens/s (about 4 characters each), pty {rows}x{cols}")
    print(f"{'document':28} {'binary':34} {'streamed':>9} {'one-shot':>9} {'ratio':>6} {'CPU s':>6}  "
          "streamed KB: text style cursor erase other")
    for path in files:
        document = open(path, "rb").read()
        for mdview in binaries:
            one_shot = len(run(mdview, document, rows, cols, 0)[0])
            data, cpu = run(mdview, document, rows, cols, rate)
            if os.environ.get("MDVIEW_REDRAW_DUMP"):
                with open(f"{os.environ['MDVIEW_REDRAW_DUMP']}-{os.path.basename(path)}.out", "wb") as dump:
                    dump.write(data)
            streamed = len(data)
            split = " ".join(f"{count / 1000:.1f}" for count in kinds(data).values())
            print(f"{os.path.basename(path):28} {mdview[-34:]:34} {streamed:9} {one_shot:9} {streamed / one_shot:6.2f} {cpu:6.3f}  "
                  f"{split}", flush=True)


if __name__ == "__main__":
    main()
