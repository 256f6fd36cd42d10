#!/usr/bin/env python3
"""A pseudo-terminal that plays a terminal for mdview's end-to-end detection tests.

Usage: pty_terminal.py MODE COMMAND [ARG ...]
Runs COMMAND with a new pseudo-terminal (80 x 24 cells, no pixel size) as its controlling terminal,
stdin and stdout, and prints everything COMMAND wrote to the terminal. When the terminal receives DA1
(ESC [ c) it answers as MODE says:
  kitty   the kitty graphics query is answered OK, then DA1 without sixel
  sixel   DA1 listing sixel (attribute 4)
  da1     DA1 only, without sixel
  silent  nothing at all
Exits with COMMAND's exit status.
"""
import fcntl, os, pty, select, struct, sys, termios

REPLIES = {
    "kitty": b"\x1b_Gi=31;OK\x1b\\\x1b[?62;22c",
    "sixel": b"\x1b[?62;4;22c",
    "da1": b"\x1b[?62;22c",
    "silent": b"",
}


def main():
    mode, command = sys.argv[1], sys.argv[2:]
    reply = REPLIES[mode]
    pid, master = pty.fork()
    if pid == 0:
        os.execv(command[0], command)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    answered = False
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
        if not answered and b"\x1b[c" in seen:
            answered = True
            if reply:
                os.write(master, reply)
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(seen)
    sys.stdout.flush()
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
