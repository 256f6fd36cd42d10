#!/usr/bin/env python3
"""Runs mdview under a pseudo-terminal for the streaming tests and checks what a terminal shows.

  pty-stream.py exact MDVIEW FILE CHUNK PAUSE_MS ROWS COLS
      Streams FILE into mdview's standard input (a pipe) in chunks with pauses, mdview's output going
      to a pseudo-terminal of ROWS x COLS; replays every byte mdview wrote into pyte (a VT100 emulator)
      and checks that the screen plus scroll-back equals that of the one-shot render, cell by cell
      (characters and attributes), that the first block appeared before the input ended, and that the
      cursor ends visible in column 0.
  pty-stream.py resizes MDVIEW FILE CHUNK PAUSE_MS ROWS COLS ROWSxCOLS@PERCENT...
      As exact, and the terminal changes size (ioctl and SIGWINCH, once mdview's output is quiet) after
      each PERCENT of the input: the end must equal the one-shot render at the last size. The emulator
      resizes as tmux and xterm do: lines are cut, not reflowed; a shorter window drops the rows below
      the cursor first, then moves rows from the top into the scroll-back; a taller one adds rows below.
  pty-stream.py tmux MDVIEW FILE CHUNK PAUSE_MS ROWS COLS
      Streams FILE into mdview in a tmux window of ROWS x COLS (tmux's default options: scroll-on-clear
      is on) and renders it one-shot in another: the history sizes and the scroll-back plus screen, with
      colours, must be equal.
  pty-stream.py tmux-synchronized MDVIEW FILE CHUNK PAUSE_MS ROWS COLS
      As tmux, and mdview's output in the streaming window is recorded (pipe-pane): mdview must ask tmux
      about synchronized output (DECRQM 2026) and wrap its redraws in it exactly when tmux's own answer to
      that question, asked in a third window, reports the mode; the history must still be the one-shot's.
  pty-stream.py synchronized MDVIEW
      mdview on a terminal it can ask (its controlling tty): one that answers DECRQM for mode 2026 gets
      every redraw inside synchronized output (CSI ? 2026 h ... l); one that answers only DA1 gets none.
  pty-stream.py colours MDVIEW FILE CHUNK PAUSE_MS ROWS COLS
      Streams FILE as exact does and replays what mdview wrote piece by piece as it was read: no cell
      of a code row (a row that starts with the code bar) that showed a colour may show its character in
      the default colour later, in a row whose text extends the one it showed (a row shown highlighted
      is never redrawn plain). The check is first shown to catch a row drawn coloured, then plain.
  pty-stream.py interrupt MDVIEW SIGNAL
      Streams an unfinished block, sends SIGNAL (INT, TERM, QUIT or HUP) once the live region shows it,
      and checks the exit status (128 + the signal's number) and that the terminal is left clean.
  pty-stream.py suspend MDVIEW
      Ctrl-Z (SIGTSTP) while a styled row is open: mdview stops with the terminal left clean and goes on
      after SIGCONT.
  pty-stream.py resize MDVIEW
      Streams a paragraph at 60 columns, narrows the terminal to 30 and sends SIGWINCH, then ends the
      input: the paragraph must be laid out at 30 columns.
  pty-stream.py auto MDVIEW
      Without --stream: input that ends at once is rendered one-shot, a slow writer is streamed.
  pty-stream.py paced MDVIEW
      --throttle 0: a Python block written a line at a time as fast as it goes, then left open. Once
      the input pauses, the block's last lines must show in the one-shot render's colours (lines whose
      highlighting was paced are redrawn without new input); the end must equal the one-shot render.
  pty-stream.py latency MDVIEW
      Pipe mode: a block's completing line must reach mdview's output while its input is still open.
Prints what differs and exits 1 on failure.
"""
import copy
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

try:
    import pyte
except ImportError:
    sys.exit("pyte is missing: run scripts/install-deps.sh (it installs pyte into ~/.cache/mdview/python)")

# A fixed theme: no background-colour query to a terminal that would not answer it. With HOME elsewhere,
# the grammars are named where the caller's mdview would find them, so that code is highlighted.
_DATA_HOME = os.environ.get("XDG_DATA_HOME") or os.path.join(os.environ.get("HOME", "/root"), ".local/share")
ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TERM": "xterm-256color", "MDVIEW_THEME": "dark",
       "MDVIEW_GRAMMAR_PATH": os.environ.get("MDVIEW_GRAMMAR_PATH") or os.path.join(_DATA_HOME, "mdview/grammars")}


def open_terminal(rows, cols):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    # The terminal's default output processing (LF -> CR LF) stays on, as on a real terminal.
    return master, slave


def drain(master, into, timeout):
    """Reads what is there within `timeout` seconds; False once the terminal is closed."""
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return True
    try:
        data = os.read(master, 65536)
    except OSError:
        return False
    if not data:
        return False
    into.extend(data)
    return True


def settle(master, output, quiet=0.2):
    """Reads until nothing has arrived for `quiet` seconds."""
    while select.select([master], [], [], quiet)[0]:
        if not drain(master, output, 0):
            return


def finish(process, master, output):
    while drain(master, output, 0.2) or process.poll() is None:
        pass
    return process.wait()


def end_input(process, master, output):
    """Closes mdview's input, reads the rest of what it writes, and fails unless it exits 0."""
    process.stdin.close()
    status = finish(process, master, output)
    os.close(master)
    if status != 0:
        sys.exit(f"mdview exited with {status}")


def run_one_shot(mdview, path, rows, cols, extra=()):
    master, slave = open_terminal(rows, cols)
    with open(path, "rb") as source:
        # The reference is the page itself, not a pager showing its first screen.
        process = subprocess.Popen(
            [mdview, "--pager", "never", *extra], stdin=source, stdout=slave, stderr=subprocess.DEVNULL, env=ENV)
    os.close(slave)
    output = bytearray()
    finish(process, master, output)
    os.close(master)
    return bytes(output)


def start_streaming(mdview, rows, cols, extra=()):
    master, slave = open_terminal(rows, cols)
    process = subprocess.Popen(
        [mdview, *extra], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.DEVNULL, env=ENV,
        start_new_session=True)
    os.close(slave)
    return process, master


class Terminal(pyte.HistoryScreen):
    """pyte's screen, with IL and DL (`CSI n L`, `CSI n M`) and DECSC/DECRC (`ESC 7`, `ESC 8`) as terminals
    do them: pyte leaves a row unchanged when the row that should move into it was never written, where
    a terminal shows it blank; and it keeps saved cursors on a stack that `ESC 8` pops, where a terminal
    keeps one that `ESC 8` can restore again and again."""

    def save_cursor(self):
        super().save_cursor()
        del self.savepoints[:-1]

    def restore_cursor(self):
        saved = self.savepoints[-1] if self.savepoints else None
        super().restore_cursor()
        if saved is not None:
            self.savepoints.append(saved._replace(cursor=copy.copy(saved.cursor)))

    def insert_lines(self, count=None):
        count = count or 1
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if top <= self.cursor.y <= bottom:
            self.dirty.update(range(self.cursor.y, self.lines))
            for y in range(bottom, self.cursor.y - 1, -1):
                if y - count >= self.cursor.y and y - count in self.buffer:
                    self.buffer[y] = self.buffer.pop(y - count)
                else:
                    self.buffer.pop(y, None)
            self.carriage_return()

    def delete_lines(self, count=None):
        count = count or 1
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if top <= self.cursor.y <= bottom:
            self.dirty.update(range(self.cursor.y, self.lines))
            for y in range(self.cursor.y, bottom + 1):
                if y + count <= bottom and y + count in self.buffer:
                    self.buffer[y] = self.buffer.pop(y + count)
                else:
                    self.buffer.pop(y, None)
            self.carriage_return()


def resize_screen(screen, rows, cols):
    """Resizes as tmux and xterm do (pyte would drop rows from the top, keeping the cursor's row number):
    lines are cut, not reflowed; a shorter screen loses the rows below the cursor first, then moves rows
    from the top into the scroll-back; a taller one gets blank rows at the bottom."""
    if rows < screen.lines:
        needed = screen.lines - rows
        dropped = min(needed, screen.lines - 1 - screen.cursor.y)
        moved = needed - dropped
        old = {y: screen.buffer[y] for y in range(screen.lines)}
        for y in range(moved):
            screen.history.top.append(old[y])
        screen.buffer.clear()
        for y in range(moved, screen.lines - dropped):
            screen.buffer[y - moved] = old[y]
        screen.cursor.y -= moved
        screen.lines = rows
    screen.resize(rows, cols)
    screen.set_margins()


def row_cells(line, cols):
    return [(line[x].data, line[x].fg, line[x].bg, line[x].bold, line[x].italics, line[x].underscore,
             line[x].strikethrough, line[x].reverse) for x in range(cols)]


def screen_cells(data, rows, cols, resized_at=None, new_cols=None, events=()):
    """Scroll-back and screen as lines of (character, attributes) cells, trailing blanks dropped. With
    `resized_at`, the screen narrows to `new_cols` after that many bytes (lines are cut, not reflowed);
    `events` are (offset, rows, cols): the screen takes that size after that many bytes."""
    screen = Terminal(cols, rows, history=100000)
    stream = pyte.ByteStream(screen)
    if resized_at is not None:
        events = [(resized_at, rows, new_cols)]
    done = 0
    for offset, new_rows, new_columns in events:
        stream.feed(data[done:offset])
        done = offset
        resize_screen(screen, new_rows, new_columns)
        rows, cols = new_rows, new_columns
    stream.feed(data[done:])
    lines = list(screen.history.top) + [screen.buffer[row] for row in range(rows)]
    result = []
    for line in lines:
        cells = row_cells(line, cols)
        while cells and cells[-1][0] == " " and cells[-1][1:] == ("default", "default", False, False, False,
                                                                False, False):
            cells.pop()
        result.append(cells)
    while result and not result[-1]:
        result.pop()
    return result, screen


def text_of(cells):
    return "".join(cell[0] for cell in cells)


def exact(mdview, path, chunk, pause, rows, cols, scope="scrollback", resizes=()):
    """With scope "screen", only the visible screen is compared: rows that scrolled out of a live region
    shorter than the block were written for good as they were then (a table's columns may widen later).
    With scope "highlighted", the scroll-back is compared, and the one-shot render must show code in
    several colours: a document of highlighted code whose grammars were not found proves nothing."""
    data = open(path, "rb").read()
    # The one-shot render at each size; resizes are (fraction of the input, rows, columns).
    sizes = [(rows, cols)] + [(new_rows, new_cols) for _, new_rows, new_cols in resizes]
    one_shots = {size: screen_cells(run_one_shot(mdview, path, *size), *size)[0] for size in set(sizes)}
    final_rows, final_cols = sizes[-1]
    expected = one_shots[sizes[-1]]
    if not expected:
        sys.exit("the one-shot render is empty")
    if scope == "highlighted":
        colours = {cell[1] for line in expected for cell in line}
        if len(colours) < 6:
            sys.exit(f"the one-shot render shows {len(colours)} colours: is the code highlighted? "
                     f"(grammars looked for in {ENV['MDVIEW_GRAMMAR_PATH']})")
    first_line = text_of(expected[0]).strip()
    process, master = start_streaming(mdview, rows, cols, ["--stream", "always"])
    output = bytearray()
    events = []
    written = []
    pending = list(resizes)
    for start in range(0, len(data), chunk):
        while pending and start >= pending[0][0] * len(data):
            _, new_rows, new_cols = pending.pop(0)
            # Once mdview has written what it had: the terminal takes the new size at a known byte.
            settle(master, output)
            # The rows above the cursor (which waits at the live region's top) are final: they stay.
            _, before = screen_cells(bytes(output), rows, cols, events=events)
            written.append(len(before.history.top) + before.cursor.y)
            events.append((len(output), new_rows, new_cols))
            fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", new_rows, new_cols, 0, 0))
            os.kill(process.pid, signal.SIGWINCH)
        process.stdin.write(data[start:start + chunk])
        process.stdin.flush()
        drain(master, output, pause / 1000)
    # Before the input ends, the first block must be on the screen already (wait for it generously).
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        shown, _ = screen_cells(bytes(output), rows, cols, events=events)
        if any(first_line in text_of(line) for line in shown):
            break
        drain(master, output, 0.05)
    else:
        sys.exit(f"the first line {first_line!r} did not appear before the input ended")
    end_input(process, master, output)
    actual, screen = screen_cells(bytes(output), rows, cols, events=events)
    if events:
        expected = expected_after_resizes(actual, sizes, one_shots, written)
    if scope == "screen":
        actual, expected = actual[-(final_rows - 1):], expected[-(final_rows - 1):]
    if screen.cursor.hidden or screen.cursor.x != 0:
        sys.exit("the cursor is not visible in column 0 at the end")
    if actual != expected:
        for index, (a, e) in enumerate(zip(actual, expected)):
            if a != e:
                sys.exit(f"row {index}: got {text_of(a)!r}, expected {text_of(e)!r} (or their attributes differ)")
        sys.exit(f"{len(actual)} rows, expected {len(expected)}")
    print(f"ok: {len(actual)} rows equal")


def lost_colours(reads, rows, cols):
    """The cells of code rows that lost their colour as `reads` were written, one after the other, to a
    terminal of ROWS x COLS, as (row text, column); and how many highlighted cells were seen again. A code
    row starts with the bar and shows no character in the default colour (plain code has a colour of
    its own, `white` in the dark theme); it is compared with the longest text a code row showed before
    that its text starts with, as it was shown."""
    plain = ("default", "white")
    screen = Terminal(cols, rows, history=100000)
    stream = pyte.ByteStream(screen)
    latest, lost, compared = {}, [], 0
    for read in reads:
        stream.feed(read)
        for y in range(rows):
            line = screen.buffer[y]
            text = "".join(line[x].data for x in range(cols)).rstrip()
            colours = [line[x].fg for x in range(len(text))]
            if not text.startswith("\u2502 ") or any(
                    colours[x] == "default" and text[x] != " " for x in range(2, len(text))):
                continue
            for end in range(len(text), 2, -1):
                shown = latest.get(text[:end])
                if shown is not None:
                    was = [x for x in range(2, end) if shown[x] not in plain and text[x] != " "]
                    compared += len(was)
                    lost += [(text, x) for x in was if colours[x] in plain]
                    break
            latest[text] = colours
    return lost, compared


def colours(mdview, path, chunk, pause, rows, cols):
    coloured = "\x1b[H\u2502 \x1b[95mfn\x1b[37m main".encode()
    if not lost_colours([coloured, "\x1b[H\u2502 \x1b[37mfn main()".encode()], rows, cols)[0]:
        sys.exit("the check does not see a cell lose its colour")
    data = open(path, "rb").read()
    process, master = start_streaming(mdview, rows, cols, ["--stream", "always"])
    reads = []
    for start in range(0, len(data), chunk):
        process.stdin.write(data[start:start + chunk])
        process.stdin.flush()
        output = bytearray()
        drain(master, output, pause / 1000)
        reads.append(bytes(output))
    output = bytearray()
    end_input(process, master, output)
    lost, compared = lost_colours(reads + [bytes(output)], rows, cols)
    if compared == 0:
        sys.exit(f"no coloured code cell was redrawn: is the code highlighted? "
                 f"(grammars looked for in {ENV['MDVIEW_GRAMMAR_PATH']})")
    if lost:
        text, column = lost[0]
        sys.exit(f"{len(lost)} cells lost their colour, the first in column {column} of {text!r}")
    print(f"ok: {compared} coloured cells redrawn, none plain")


def trimmed(cells, cols):
    """A row as the screen keeps it once `cols` wide: cut, trailing blanks dropped."""
    cells = cells[:cols]
    while cells and cells[-1][0] == " " and cells[-1][1:] == ("default", "default", False, False, False, False,
                                                            False):
        cells = cells[:-1]
    return cells


def expected_after_resizes(actual, sizes, one_shots, written):
    """What a terminal should show after the window changed size mid-stream: the rows that were final at
    each change stay as the one-shot render at that size laid them out (cut by later narrower sizes), and
    every later row is the one-shot render at the size it was written in, from where those rows ended."""
    boundaries = written + [len(actual)]
    expected, words = [], 0
    for period, size in enumerate(sizes):
        reference = one_shots[size]
        start = boundaries[period - 1] if period else 0
        count = boundaries[period] - start
        narrowest = min(columns for _, columns in sizes[period:])
        candidates = [k for k in range(len(reference) + 1)
                      if sum(len(text_of(row).split()) for row in reference[:k]) == words] or [len(reference)]
        chosen = candidates[0]
        for k in candidates:
            rows = reference[k:] if period == len(sizes) - 1 else reference[k:k + count]
            if [trimmed(row, narrowest) for row in rows] == actual[start:start + len(rows)]:
                chosen = k
                break
        rows = reference[chosen:] if period == len(sizes) - 1 else reference[chosen:chosen + count]
        expected += [trimmed(row, narrowest) for row in rows]
        words += sum(len(text_of(row).split()) for row in rows)
    while expected and not expected[-1]:
        expected.pop()
    return expected


# Asks the terminal it runs in about mode 2026 and DA1, in raw mode, and writes the raw reply to a file.
PROBE = r"""
import os, select, sys, termios, time, tty
fd = os.open("/dev/tty", os.O_RDWR)
saved = termios.tcgetattr(fd)
tty.setraw(fd)
reply = b""
try:
    os.write(fd, b"\x1b[?2026$p\x1b[c")
    deadline = time.monotonic() + 5
    while b"c" not in reply.rpartition(b"\x1b[?")[2] and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            reply += os.read(fd, 1024)
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
open(sys.argv[1], "wb").write(reply)
"""


def tmux(mdview, path, chunk, pause, rows, cols, synchronized=False):
    """The same document streamed and rendered one-shot in two tmux windows with tmux's default options.
    With `synchronized`, mdview's output in the streaming window is recorded, and what it decided about
    synchronized output is checked against tmux's answer to the same question in a third window."""
    version = subprocess.run(["tmux", "-V"], capture_output=True, text=True).stdout.split()[-1]
    if tuple(int(part) for part in "".join(c if c.isdigit() or c == "." else " " for c in version).split()[0]
             .split(".")[:2]) < (3, 3):
        sys.exit(f"tmux {version} is older than 3.3 (scroll-on-clear)")
    socket = f"mdview-test-{os.getpid()}"
    base = ["tmux", "-L", socket, "-f", "/dev/null"]
    env = " ".join(f"{name}='{value}'" for name, value in ENV.items())
    if synchronized:
        # As a user's shell in tmux has it: mdview knows it runs in tmux.
        env += ' TMUX="$TMUX"'
    feeder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "feed-chunks.py")
    commands = {
        "stream": f"/usr/bin/python3 '{feeder}' {chunk} {pause} '{path}' | env -i {env} '{mdview}' --stream always",
        "oneshot": f"env -i {env} '{mdview}' --pager never --stream never < '{path}'",
    }
    results = {}
    recorded = f"/tmp/mdview-tmux-{os.getpid()}"
    if synchronized:
        commands = {"probe": f"/usr/bin/python3 -c '{PROBE}' '{recorded}.reply'", **commands}
    try:
        for name, command in commands.items():
            # The window waits for `go` so that its output can be recorded from its first byte.
            script = (f"tmux -L {socket} wait-for go-{name}; {command}; tmux -L {socket} wait-for -S {name}; "
                      "exec sleep 600")
            subprocess.run(base + ["new-session", "-d", "-s", name, "-x", str(cols), "-y", str(rows), script],
                           check=True)
            if synchronized and name == "stream":
                subprocess.run(base + ["pipe-pane", "-O", "-t", name, f"cat > '{recorded}.out'"], check=True)
            subprocess.run(base + ["wait-for", "-S", f"go-{name}"], check=True)
            subprocess.run(base + ["wait-for", name], check=True, timeout=300)
            if name == "probe":
                continue
            history = subprocess.run(base + ["display-message", "-p", "-t", name, "#{history_size}"],
                                     capture_output=True, text=True, check=True).stdout.strip()
            shown = subprocess.run(base + ["capture-pane", "-p", "-e", "-t", name, "-S", "-", "-E", "-"],
                                   capture_output=True, text=True, check=True).stdout.rstrip("\n").split("\n")
            # Cells with their attributes: tmux writes a style once for the cells that share it.
            screen = pyte.Screen(cols, len(shown) + 1)
            pyte.Stream(screen).feed("\r\n".join(shown))
            cells = [trimmed(row_cells(screen.buffer[y], cols), cols) for y in range(len(shown))]
            while cells and not cells[-1]:
                cells.pop()
            results[name] = (int(history), cells)
        clear = subprocess.run(base + ["show-options", "-gwv", "scroll-on-clear"], capture_output=True,
                               text=True).stdout.strip()
    finally:
        subprocess.run(base + ["kill-server"], capture_output=True)
    decided = ""
    if synchronized:
        decided = tmux_synchronized(recorded)
    (history, shown), (expected_history, expected) = results["stream"], results["oneshot"]
    if shown != expected:
        for index, (a, e) in enumerate(zip(shown, expected)):
            if a != e:
                sys.exit(f"row {index}: got {text_of(a)!r}, expected {text_of(e)!r} (or their attributes differ)")
        sys.exit(f"{len(shown)} rows, expected {len(expected)}")
    if history != expected_history:
        sys.exit(f"{history} rows of history after the stream, {expected_history} after the one-shot render")
    print(f"ok: tmux {version} (scroll-on-clear {clear or 'on'}), {history} rows of history, {len(shown)} rows"
          f"{decided}")


def tmux_synchronized(recorded):
    """Checks mdview's output recorded in tmux against tmux's answer about mode 2026; says what was seen."""
    question, begin, end = b"\x1b[?2026$p", b"\x1b[?2026h", b"\x1b[?2026l"
    try:
        reply = open(f"{recorded}.reply", "rb").read()
        output = open(f"{recorded}.out", "rb").read()
    finally:
        for suffix in (".reply", ".out"):
            if os.path.exists(recorded + suffix):
                os.unlink(recorded + suffix)
    if b"c" not in reply.rpartition(b"\x1b[?")[2]:
        sys.exit(f"tmux did not answer DA1 to the probe: {reply!r}")
    # DECRPM: CSI ? 2026 ; state $ y, where 1 (set), 2 (reset) and 3 (permanently set) mean supported.
    state = reply.partition(b"\x1b[?2026;")[2][:1]
    reported = state in (b"1", b"2", b"3")
    if question not in output:
        sys.exit("mdview did not ask tmux about synchronized output (DECRQM 2026)")
    # Every redraw ends with the cursor back at the live region's top: restored, saved or moved up.
    if len(re.findall(rb"\x1b8|\x1b7|\x1b\[\d+A", output)) < 5:
        sys.exit("the recording holds too few redraws to judge synchronized output")
    used = output.count(begin)
    if reported and (used < 5 or used != output.count(end)):
        sys.exit(f"tmux reports mode 2026 ({reply!r}) but {used} redraws began and {output.count(end)} ended "
                 "synchronized output")
    if not reported and (used or end in output):
        sys.exit(f"tmux does not report mode 2026 ({reply!r}) but mdview used synchronized output")
    return f"; mode 2026 {'reported' if reported else 'not reported'}, {used} synchronized redraws"


def synchronized(mdview):
    question, begin, end = b"\x1b[?2026$p", b"\x1b[?2026h", b"\x1b[?2026l"
    for supported in (True, False):
        master, slave = open_terminal(24, 60)

        def controlling_terminal():
            os.setsid()
            fcntl.ioctl(1, termios.TIOCSCTTY, 0)

        process = subprocess.Popen(
            [mdview, "--stream", "always"], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.DEVNULL, env=ENV,
            preexec_fn=controlling_terminal)
        os.close(slave)
        output = bytearray()
        process.stdin.write(b"# Title\n\nA paragraph ")
        process.stdin.flush()
        deadline = time.monotonic() + 20
        while question not in output and time.monotonic() < deadline:
            drain(master, output, 0.01)
        if question not in output:
            sys.exit("mdview did not ask about synchronized output (DECRQM 2026)")
        os.write(master, (b"\x1b[?2026;2$y" if supported else b"") + b"\x1b[?62;22c")
        for word in b"that grows a word at a time while the terminal redraws it".split():
            process.stdin.write(word + b" ")
            process.stdin.flush()
            drain(master, output, 0.06)
        end_input(process, master, output)
        redraws = output[output.index(question):]
        if supported:
            if output.count(begin) < 5 or output.count(begin) != output.count(end):
                sys.exit(f"{output.count(begin)} redraws began and {output.count(end)} ended synchronized output")
            outside = redraws
            while begin in outside:
                outside = outside[:outside.index(begin)] + outside[outside.index(end) + len(end):]
            if b"\x1b[" in outside.replace(question, b"").replace(b"\x1b[c", b""):
                sys.exit(f"a redraw outside synchronized output: {bytes(outside)!r}")
        elif begin in output:
            sys.exit("synchronized output used on a terminal that did not report it")
    print("ok")


def stream_unfinished_bold_paragraph(mdview):
    """Starts mdview streaming at 24 x 60 in colour, with a bold paragraph still being written, and waits
    until the live region shows it."""
    process, master = start_streaming(mdview, 24, 60, ["--stream", "always", "--color", "always"])
    process.stdin.write(b"# Title\n\nSome **bold text that is still being wri")
    process.stdin.flush()
    output = bytearray()
    deadline = time.monotonic() + 20
    while b"being wri" not in output and time.monotonic() < deadline:
        drain(master, output, 0.05)
    if b"being wri" not in output:
        sys.exit("the live region never showed the unfinished paragraph")
    return process, master, output


def exit_unless_clean(screen, when):
    """Fails unless mdview left the terminal clean: cursor shown, on a fresh line, plain style."""
    if screen.cursor.hidden:
        sys.exit(f"{when} with the cursor hidden")
    if screen.cursor.x != 0:
        sys.exit(f"{when} with the cursor in column {screen.cursor.x}, not on a fresh line")
    plain = pyte.screens.Char(" ")
    if (screen.cursor.attrs.fg, screen.cursor.attrs.bold) != (plain.fg, plain.bold):
        sys.exit(f"{when} with a colour or bold on")


def interrupt(mdview, name):
    number = {"INT": signal.SIGINT, "TERM": signal.SIGTERM, "QUIT": signal.SIGQUIT, "HUP": signal.SIGHUP}[name]
    process, master, output = stream_unfinished_bold_paragraph(mdview)
    os.kill(process.pid, number)
    status = finish(process, master, output)
    os.close(master)
    if status != -number and status != 128 + number:
        sys.exit(f"exit status {status}, expected {128 + number}")
    _, screen = screen_cells(bytes(output), 24, 60)
    exit_unless_clean(screen, "exited")
    print("ok")


def stopped(pid):
    """Whether the process is stopped (state T in /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "T"


def suspend(mdview):
    """Ctrl-Z (SIGTSTP) while a styled row is being written: mdview stops with the terminal left clean
    (plain style, cursor shown, on a fresh line below what it showed); sent SIGCONT, it goes on below and
    ends with the rest of the document."""
    process, master, output = stream_unfinished_bold_paragraph(mdview)
    os.kill(process.pid, signal.SIGTSTP)
    deadline = time.monotonic() + 20
    while not stopped(process.pid) and time.monotonic() < deadline:
        drain(master, output, 0.05)
    if not stopped(process.pid):
        sys.exit("mdview did not stop on SIGTSTP")
    drain(master, output, 0.2)
    _, screen = screen_cells(bytes(output), 24, 60)
    exit_unless_clean(screen, "stopped")
    if "being wri" not in screen.display[screen.cursor.y - 1]:
        sys.exit("the cursor is not on the row below the unfinished paragraph")
    os.kill(process.pid, signal.SIGCONT)
    process.stdin.write(b"tten.**\n")
    end_input(process, master, output)
    _, screen = screen_cells(bytes(output), 24, 60)
    if not any("still being written." in line for line in screen.display):
        sys.exit("the paragraph was not finished after SIGCONT")
    if screen.cursor.hidden:
        sys.exit("the cursor is hidden at the end")
    print("ok")


def resize(mdview):
    process, master = start_streaming(mdview, 24, 60, ["--stream", "always", "--color", "never"])
    words = b"alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho"
    process.stdin.write(words)
    process.stdin.flush()
    output = bytearray()
    deadline = time.monotonic() + 20
    while b"rho" not in output and time.monotonic() < deadline:
        drain(master, output, 0.05)
    time.sleep(0.1)
    drain(master, output, 0.1)
    resized_at = len(output)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 30, 0, 0))
    os.kill(process.pid, signal.SIGWINCH)
    time.sleep(0.3)
    process.stdin.write(b" sigma.\n")
    process.stdin.close()
    finish(process, master, output)
    os.close(master)
    _, screen = screen_cells(bytes(output), 24, 60, resized_at, 30)
    shown = [line.rstrip() for line in screen.display if line.strip()]
    expected = subprocess.run(
        [mdview, "--width", "30", "--color", "never", "--stream", "never"], input=words + b" sigma.\n",
        capture_output=True, env=ENV).stdout.decode().splitlines()
    if shown != expected:
        sys.exit(f"not laid out at 30 columns after SIGWINCH: {shown!r}, expected {expected!r}")
    print("ok")


def auto(mdview):
    """--stream auto (the default): a pipe that has ended renders one-shot; a slow writer streams."""
    hide = b"\x1b[?25l"
    text = b"# Title\n\nFirst paragraph.\n\nSecond paragraph.\n"
    # A pipe written and closed before mdview starts: its end is there at once.
    reading, writing = os.pipe()
    os.write(writing, text)
    os.close(writing)
    master, slave = open_terminal(24, 60)
    process = subprocess.Popen([mdview], stdin=reading, stdout=slave, stderr=subprocess.DEVNULL, env=ENV)
    os.close(slave)
    os.close(reading)
    output = bytearray()
    finish(process, master, output)
    os.close(master)
    if hide in output or b"Second paragraph." not in output:
        sys.exit("a pipe that had ended was streamed (or not rendered)")
    # A writer that pauses for half a second: streamed.
    process, master = start_streaming(mdview, 24, 60)
    process.stdin.write(text[:20])
    process.stdin.flush()
    output = bytearray()
    drain(master, output, 0.5)
    process.stdin.write(text[20:])
    process.stdin.close()
    finish(process, master, output)
    os.close(master)
    if hide not in output or b"Second paragraph." not in output:
        sys.exit("a slow writer was not streamed (or not rendered)")
    print("ok")


def latency(mdview):
    process = subprocess.Popen(
        [mdview, "--stream", "always", "--throttle", "33"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, env=ENV)
    process.stdin.write(b"The first paragraph.\n\n")
    process.stdin.flush()
    time.sleep(0.2)
    # This line starts another block: it completes the first one, which must now be written.
    process.stdin.write(b"Second\n")
    process.stdin.flush()
    output = bytearray()
    deadline = time.monotonic() + 20
    while b"The first paragraph." not in output and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.05)
        if ready:
            output.extend(os.read(process.stdout.fileno(), 65536))
    arrived = b"The first paragraph." in output
    process.stdin.close()
    process.wait()
    if not arrived:
        sys.exit("the completed block was not written while the input was still open")
    if b"Second" in output:
        sys.exit("the unfinished block was written before the input ended")
    print("ok")


def cell_colour(lines, text, word):
    """The foreground of `word`'s first cell in the last row that shows `text` (None if no row does)."""
    for line in reversed(lines):
        row = text_of(line)
        if text in row:
            return line[row.index(word)][1]
    return None


def paced(mdview):
    rows, cols = 40, 80
    head = b"```python\n"
    body = b"".join(f"def f{i}(value):\n    return value + {i}  # note {i}\n".encode() for i in range(60))
    document = head + body + b"```\n"
    path = "/tmp/mdview-paced-%d.md" % os.getpid()
    with open(path, "wb") as file:
        file.write(document)
    expected, _ = screen_cells(run_one_shot(mdview, path, rows, cols), rows, cols)
    os.unlink(path)
    words = (("def f59(value):", "def"), ("return value + 59", "return"), ("return value + 59", "59"))
    want = {word: cell_colour(expected, text, word) for text, word in words}
    if None in want.values() or want["def"] == want["59"]:
        sys.exit(f"the one-shot render does not colour the code ({want}): were its grammars found?")
    process, master = start_streaming(mdview, rows, cols, ["--stream", "always", "--throttle", "0"])
    output = bytearray()
    process.stdin.write(head)
    for line in body.splitlines(keepends=True):
        process.stdin.write(line)
        process.stdin.flush()
        drain(master, output, 0)
        time.sleep(0.0003)
    # The block stays open: what the screen shows once mdview has nothing more to read.
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        drain(master, output, 0.05)
    shown, _ = screen_cells(bytes(output), rows, cols)
    got = {word: cell_colour(shown, text, word) for text, word in words}
    if got != want:
        sys.exit(f"the open block's last lines show colours {got}, the one-shot render {want}")
    process.stdin.write(b"```\n")
    end_input(process, master, output)
    actual, _ = screen_cells(bytes(output), rows, cols)
    if actual[-(rows - 1):] != expected[-(rows - 1):]:
        sys.exit("the screen at the end differs from the one-shot render")
    print("ok")


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "exact":
        exact(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]),
              *sys.argv[8:9])
    elif mode == "resizes":
        sizes = []
        for spec in sys.argv[8:]:
            size, percent = spec.split("@")
            new_rows, new_cols = size.split("x")
            sizes.append((float(percent) / 100, int(new_rows), int(new_cols)))
        exact(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]),
              "scrollback", sizes)
    elif mode in ("tmux", "tmux-synchronized"):
        tmux(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]),
             synchronized=mode == "tmux-synchronized")
    elif mode == "colours":
        colours(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]))
    elif mode == "interrupt":
        interrupt(sys.argv[2], sys.argv[3])
    elif mode == "resize":
        resize(sys.argv[2])
    elif mode == "suspend":
        suspend(sys.argv[2])
    elif mode == "auto":
        auto(sys.argv[2])
    elif mode == "latency":
        latency(sys.argv[2])
    elif mode == "synchronized":
        synchronized(sys.argv[2])
    elif mode == "paced":
        paced(sys.argv[2])
    else:
        sys.exit(f"unknown mode {mode}")
