#!/usr/bin/env python3
"""The command streaming a long code block to a terminal, the way a model writes code into `mdview`.

Writes a LINES-line Python block (top-level functions) into mdview's standard input a line at a time,
PAUSE_MS apart, with `--stream always --throttle 0`, mdview's output going to a pseudo-terminal of 50 x
100 (read and dropped); then renders the whole document one-shot to the same kind of terminal. Prints
the median CPU time (user + system) of each over RUNS runs, and their ratio. The streamed run redraws
the live region after every line, so it measures the incremental highlighting and layout of the
command itself (the engine alone is StreamBench's).
usage: bench_pty_code.py MDVIEW LINES PAUSE_MS RUNS
"""
import fcntl
import os
import pty
import resource
import select
import statistics
import struct
import subprocess
import sys
import termios
import time


def run(binary: str, document: bytes, lines: list[bytes], pause: float) -> float:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor")
    streaming = bool(lines)
    mode = ["--stream", "always", "--throttle", "0"] if streaming else ["--stream", "never", "--pager", "never"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen(
        [binary, *mode, "--width", "100"],
        stdin=subprocess.PIPE, stdout=slave, stderr=slave, env=env)
    os.close(slave)

    def drain() -> None:
        while select.select([master], [], [], 0)[0]:
            try:
                if not os.read(master, 1 << 16):
                    return
            except OSError:
                return

    if streaming:
        for line in lines:
            process.stdin.write(line)
            process.stdin.flush()
            time.sleep(pause)
            drain()
    else:
        process.stdin.write(document)
    process.stdin.close()
    while process.poll() is None:
        drain()
        time.sleep(0.005)
    drain()
    os.close(master)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    binary, count, pause, runs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]) / 1000, int(sys.argv[4])
    code = "".join(f"def f{i}(x):\n    return x * {i} + len(\"s{i}\")  # note\n" for i in range(count // 2))
    lines = [b"```python\n"] + [line.encode() for line in code.splitlines(keepends=True)] + [b"```\n"]
    document = b"".join(lines)
    streamed, one_shot = [], []
    for _ in range(runs):
        streamed.append(run(binary, document, lines, pause))
        one_shot.append(run(binary, document, [], pause))
    s, o = statistics.median(streamed), statistics.median(one_shot)
    print(f"the command streaming a {count}-line Python block to a terminal (pty 50x100, a line every "
          f"{pause * 1000:g} ms, --throttle 0): {s * 1000:.0f} ms CPU; one-shot to the same terminal "
          f"{o * 1000:.0f} ms CPU; ratio {s / o:.1f} (medians of {runs})")


if __name__ == "__main__":
    main()
