#!/usr/bin/env python3
"""A tiny HTTP file server for HearthAI's downloader tests (loopback only, stops by itself).

usage: range_server.py FILE MODE
  MODE range      honours "Range: bytes=N-" with 206 + Content-Range
  MODE norange    ignores Range, always 200 with the whole file
  MODE drop       honours Range, but the first response is cut off after half the body
  MODE corrupt    serves the file with one byte flipped (verification must fail)
Prints the port on stdout, then serves until 60 s have passed or stdin closes.
"""
import http.server, os, sys, threading

path, mode = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
if mode == "corrupt":
    data = bytes([data[0] ^ 0xFF]) + data[1:]
state = {"first": True}

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_GET(self):
        start = 0
        rng = self.headers.get("Range")
        if rng and mode != "norange" and rng.startswith("bytes=") and rng.endswith("-"):
            start = int(rng[6:-1])
        if start >= len(data) and rng and mode != "norange":
            self.send_response(416); self.send_header("Content-Range", f"bytes */{len(data)}")
            self.send_header("Content-Length", "0"); self.end_headers(); return
        body = data[start:]
        self.send_response(206 if start > 0 else 200)
        if start > 0:
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Accept-Ranges", "none" if mode == "norange" else "bytes")
        self.end_headers()
        if mode == "drop" and state["first"]:
            state["first"] = False
            self.wfile.write(body[: len(body) // 2]); self.wfile.flush()
            self.connection.shutdown(2); self.close_connection = True
            return
        self.wfile.write(body)

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
threading.Timer(60, lambda: os._exit(0)).start()
sys.stdin.read()
os._exit(0)
