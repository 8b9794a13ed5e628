#!/usr/bin/env python3
"""Privacy proof (goal G-07, NFR-SEC-03): run a command under `strace -f` and fail if it made
any network connection other than to the allowed endpoints, or any DNS lookup.

  connect-audit.py --allow 127.0.0.1:14993 --allow 127.0.0.1:14080 [--log FILE] -- CMD ARGS...

Every connect()/sendto()/sendmsg() of the command and all its children is recorded. Allowed:
  * AF_INET/AF_INET6 connections to an --allow HOST:PORT (or HOST:* for any port);
  * AF_UNIX sockets (local IPC: the D-Bus session bus of the keyring, nscd is NOT allowed:
    see below), AF_NETLINK (interface queries);
Refused: anything else, any datagram to port 53, and successful connections to the Unix sockets
of name resolvers (systemd-resolved, nscd), because a lookup there is a DNS query too (glibc
probes nscd's socket even for user lookups; a probe that fails sent nothing and is not counted).
The command's own exit status is passed through when the audit is clean; the audit failing
exits 3. A summary of what was seen goes to stderr (and JSON to --report when given).
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile

RESOLVER_SOCKETS = ("/run/systemd/resolve", "/var/run/nscd", "/run/nscd", "io.systemd.Resolve")
INET = re.compile(r'sa_family=AF_INET6?, sin6?_port=htons\((\d+)\),.*?(?:inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"|sin6_addr=inet_pton\(AF_INET6, "([^"]+)"\))')
UNIX = re.compile(r'sa_family=AF_UNIX, sun_path=(@?"[^"]*"|@[^,}]*)')
CALL = re.compile(r'^(\d+\s+)?(connect|sendto|sendmsg)\(')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--allow", action="append", default=[], help="HOST:PORT or HOST:*")
    parser.add_argument("--log", help="keep the strace log here")
    parser.add_argument("--report", help="write a JSON summary here")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    if not shutil.which("strace"):
        sys.exit("connect-audit: strace is not installed (scripts/setup-system.sh installs it)")
    allowed = set()
    for item in args.allow:
        host, _, port = item.rpartition(":")
        allowed.add((host, port))
    log = args.log or tempfile.mktemp(prefix="hearth-audit-", suffix=".log")
    status = subprocess.call(["strace", "-f", "-qq", "-s", "256", "-e", "trace=connect,sendto,sendmsg",
                              "-e", "signal=none", "-o", log, "--"] + command)
    seen, violations = [], []
    with open(log, errors="replace") as f:
        for line in f:
            if not CALL.search(line) or "sa_family" not in line:
                continue
            inet = INET.search(line)
            if inet:
                port = inet.group(1)
                host = inet.group(2) or inet.group(3) or inet.group(4)
                seen.append(f"{host}:{port}")
                if port == "53":
                    violations.append(f"DNS query to {host}:53: {line.strip()}")
                elif (host, port) not in allowed and (host, "*") not in allowed:
                    violations.append(f"connection to {host}:{port} is not a configured server: {line.strip()}")
                continue
            unix = UNIX.search(line)
            if unix:
                path = unix.group(1)
                seen.append(f"unix:{path}")
                # A failed connect (no nscd/resolved running) sent nothing; glibc probes nscd
                # for user lookups too, so only a connection that was made counts.
                if any(r in path for r in RESOLVER_SOCKETS) and not re.search(r"\)\s*=\s*-1", line):
                    violations.append(f"name-resolver socket {path}: {line.strip()}")
                continue
            if "AF_NETLINK" in line or "AF_UNSPEC" in line:
                continue
            violations.append(f"unexpected socket family: {line.strip()}")
    summary = {"command": command, "exit": status, "destinations": sorted(set(seen)), "violations": violations}
    if args.report:
        with open(args.report, "w") as f:
            json.dump(summary, f, indent=1)
    print(f"connect-audit: {len(seen)} connects/sends to {sorted(set(seen))}", file=sys.stderr)
    for v in violations:
        print(f"connect-audit: VIOLATION {v}", file=sys.stderr)
    if not args.log:
        try:
            import os
            os.unlink(log)
        except OSError:
            pass
    if violations:
        sys.exit(3)
    sys.exit(status)


if __name__ == "__main__":
    main()
