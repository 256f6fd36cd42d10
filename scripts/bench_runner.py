#!/usr/bin/env python3
"""Times commands round-robin (A, B, C, A, B, C, ...) and prints each one's median wall time in ms.

Interleaving matters on shared machines: a machine that slows down for a few seconds slows every
command alike instead of whichever one happened to be running. Output goes to /dev/null.
usage: bench_runner.py RUNS WARMUP -- CMD1 -- CMD2 ...   (each CMD is one shell-free argument list)
"""
import statistics
import subprocess
import sys
import time

def main() -> None:
    runs, warmup = int(sys.argv[1]), int(sys.argv[2])
    commands, current = [], None
    for arg in sys.argv[3:]:
        if arg == "--":
            current = []
            commands.append(current)
        else:
            current.append(arg)
    times = [[] for _ in commands]
    for round_index in range(warmup + runs):
        for index, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            elapsed = (time.perf_counter() - start) * 1000
            if round_index >= warmup:
                times[index].append(elapsed)
    for samples in times:
        print("%.2f" % statistics.median(samples))

if __name__ == "__main__":
    main()
