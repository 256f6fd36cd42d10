#!/usr/bin/env python3
"""Writes a file to standard output in chunks of N bytes, pausing between chunks: a slow writer for
mdview's streaming tests (`feed-chunks.py N PAUSE_MS FILE | mdview --stream always`)."""
import os
import sys
import time

size, pause, path = int(sys.argv[1]), float(sys.argv[2]) / 1000, sys.argv[3]
data = open(path, "rb").read()
for start in range(0, len(data), size):
    os.write(1, data[start:start + size])
    if pause:
        time.sleep(pause)
