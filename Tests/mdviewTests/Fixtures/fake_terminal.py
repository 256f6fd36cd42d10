#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal that plays a terminal with a given background colour.

Usage: fake_terminal.py REPLY COMMAND [ARG...]
  REPLY is written back once the command's DA1 question (ESC [ c) arrives: e.g. the OSC 11 answer
  '\\x1b]11;rgb:ffff/ffff/ffff\\x1b\\\\' followed by a DA1 reply; an empty REPLY never answers.
Everything the command writes to the terminal goes to standard output (questions included); the exit
status is the command's.
"""
import os, pty, select, sys

reply = sys.argv[1].encode().decode("unicode_escape").encode("latin-1")
pid, master = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
seen = b""
answered = False
while True:
    try:
        ready, _, _ = select.select([master], [], [], 10)
    except InterruptedError:
        continue
    if not ready:
        break
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    seen += data
    if not answered and reply and b"\x1b[c" in seen:
        answered = True
        os.write(master, reply)
sys.stdout.buffer.write(seen)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
