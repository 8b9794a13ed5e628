#!/usr/bin/env python3
"""Memory of `hearth serve` under 16 concurrent 39 MB POSTs (issue 17's attack measurement).

usage: upload-flood.py LOGIN_URL PID MODE
  LOGIN_URL  the address `hearth serve` printed (http://127.0.0.1:PORT/login?s=...)
  PID        the server's process id (its RSS is sampled from /proc every 50 ms)
  MODE       foreign-host: Host is another name (DNS rebinding) -> refused before the body
             no-cookie:    our Host, no session cookie          -> refused before the body
             signed-in:    a signed-in browser's upload without CSRF token: the body is spooled
                           to a file (the route's limit is 40 MB), then refused
Prints the server's RSS before, the sampled peak, after, the kernel's high-water mark, and what
each connection was answered after how many MB it managed to send.
"""
import http.client, re, socket, sys, threading, time
from collections import Counter
from urllib.parse import urlparse

login, pid, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
port = urlparse(login).port
SIZE, CHUNK = 39 << 20, b"x" * (1 << 20)

def rss():
    status = open(f"/proc/{pid}/status").read()
    return {k: int(re.search(k + r":\s+(\d+)", status).group(1)) // 1024 for k in ("VmRSS", "VmHWM")}

def session_cookie():
    conn = http.client.HTTPConnection("127.0.0.1", port)
    u = urlparse(login)
    conn.request("GET", f"{u.path}?{u.query}")
    value = conn.getresponse().getheader("Set-Cookie") or ""
    return value.split(";")[0]

cookie = f"Cookie: {session_cookie()}\r\n" if mode == "signed-in" else ""
host = "evil.example" if mode == "foreign-host" else f"127.0.0.1:{port}"

def post(i, results):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall((f"POST /compose/send HTTP/1.1\r\nHost: {host}\r\n{cookie}"
               f"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {SIZE}\r\n"
               "Connection: close\r\n\r\n").encode())
    sent = 0
    try:
        s.settimeout(30)
        while sent < SIZE:
            s.sendall(CHUNK); sent += len(CHUNK)
    except OSError:
        pass  # the server closed the connection: it answered before the body
    try:
        s.settimeout(10)
        reply = s.recv(200).split(b"\r\n")[0].decode(errors="replace")
    except OSError as e:
        reply = f"no reply ({e.__class__.__name__})"
    results[i] = (sent >> 20, reply)
    s.close()

before = rss()
results = {}
threads = [threading.Thread(target=post, args=(i, results)) for i in range(16)]
for t in threads: t.start()
peak = before["VmRSS"]
while any(t.is_alive() for t in threads):
    peak = max(peak, rss()["VmRSS"]); time.sleep(0.05)
after = rss()
print(f"{mode}: RSS before {before['VmRSS']} MB, sampled peak {peak} MB, after {after['VmRSS']} MB, high-water {after['VmHWM']} MB")
print(f"  answers: {dict(Counter(r[1] for r in results.values()))}; MB sent per connection: {sorted(r[0] for r in results.values())}")
