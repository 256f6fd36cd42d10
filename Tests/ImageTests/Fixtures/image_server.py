#!/usr/bin/env python3
"""Loopback HTTP server for mdview's image tests and benchmark.

Usage: image_server.py DIRECTORY  -- serves files from DIRECTORY on 127.0.0.1, a free port, printed
as the first line on stdout. Exits when stdin closes (so it never outlives the test process).

Routes (every request is counted by full path; GET /stats returns the counts as JSON, uncounted):
  /img/NAME[?x]          the file, Cache-Control: max-age=3600, ETag
  /revalidate/NAME[?x]   the file, Cache-Control: no-cache, ETag "v1"; If-None-Match "v1" -> 304
  /nostore/NAME[?x]      the file, Cache-Control: no-store
  /delay/MS/NAME[?x]     the file after MS milliseconds (max-age=3600)
  /together/N/NAME?TAG   the file once N requests with the same ?TAG are waiting at once; 503 when
                         they are not all there within 10 s (proves N loads run concurrently without
                         timing them)
  /status/CODE[?x]       an empty answer with that status
  /drip[?x]              claims 100000 bytes, sends one every 0.2 s
  /endless[?x]           an endless body without Content-Length
  /loop/N[?x]            302 to /loop/N+1 (a redirect loop)
  /tofile[?x]            302 to file:///etc/passwd
  /html[?x]              an HTML page (not an image)
"""
import json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

ROOT = sys.argv[1]
COUNTS = {}
LOCK = threading.Lock()
GROUPS = {}  # tag -> threading.Barrier for /together


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_file(self, name, headers, status=200):
        path = os.path.join(ROOT, os.path.basename(name))
        try:
            with open(path, "rb") as f:
                body = f.read()
        except OSError:
            return self.send_empty(404)
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def send_empty(self, status, headers=None):
        self.send_response(status)
        self.send_header("Content-Length", "0")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()

    def do_GET(self):
        url = urlsplit(self.path)
        parts = url.path.strip("/").split("/")
        if parts == ["stats"]:
            with LOCK:
                body = json.dumps(COUNTS).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        conditional = self.headers.get("If-None-Match")
        with LOCK:
            COUNTS[self.path] = COUNTS.get(self.path, 0) + 1
            if conditional:
                key = "conditional " + self.path
                COUNTS[key] = COUNTS.get(key, 0) + 1
        kind = parts[0]
        try:
            if kind == "img":
                self.send_file(parts[1], {"Cache-Control": "max-age=3600", "ETag": '"v1"'})
            elif kind == "revalidate":
                if conditional == '"v1"':
                    with LOCK:
                        key = "304 " + self.path
                        COUNTS[key] = COUNTS.get(key, 0) + 1
                    self.send_empty(304, {"ETag": '"v1"', "Cache-Control": "no-cache"})
                else:
                    self.send_file(parts[1], {"Cache-Control": "no-cache", "ETag": '"v1"'})
            elif kind == "nostore":
                self.send_file(parts[1], {"Cache-Control": "no-store"})
            elif kind == "delay":
                time.sleep(int(parts[1]) / 1000.0)
                self.send_file(parts[2], {"Cache-Control": "max-age=3600"})
            elif kind == "together":
                with LOCK:
                    barrier = GROUPS.setdefault(url.query, threading.Barrier(int(parts[1])))
                try:
                    barrier.wait(timeout=10)
                except threading.BrokenBarrierError:
                    return self.send_empty(503)
                self.send_file(parts[2], {"Cache-Control": "max-age=3600"})
            elif kind == "status":
                self.send_empty(int(parts[1]))
            elif kind == "drip":
                self.send_response(200)
                self.send_header("Content-Length", "100000")
                self.end_headers()
                for _ in range(100000):
                    self.wfile.write(b"\x89")
                    self.wfile.flush()
                    time.sleep(0.2)
            elif kind == "endless":
                self.send_response(200)
                self.send_header("Connection", "close")
                self.end_headers()
                chunk = b"\0" * 65536
                while True:
                    self.wfile.write(chunk)
                    time.sleep(0.001)
            elif kind == "loop":
                n = int(parts[1]) + 1
                self.send_empty(302, {"Location": "/loop/%d" % n})
            elif kind == "tofile":
                self.send_empty(302, {"Location": "file:///etc/passwd"})
            elif kind == "html":
                body = b"<!doctype html><html><body>not an image</body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_empty(404)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(ThreadingHTTPServer):
    request_queue_size = 128  # the default (5) drops concurrent connects, which then retry after 1 s
    daemon_threads = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the parent closes our stdin or exits
    os._exit(0)


if __name__ == "__main__":
    main()
