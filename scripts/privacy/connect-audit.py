#!/usr/bin/env python3
"""Privacy proof (goal G-07, NFR-SEC-03): run a command under `strace -f` and fail if it made
any network connection other than to the allowed endpoints, or any DNS lookup.

  connect-audit.py --allow 127.0.0.1:14993 --allow 127.0.0.1:14080 [--log FILE] -- CMD ARGS...

Every connect()/sendto()/sendmsg() of the command and all its children is recorded. Allowed:
  * AF_INET/AF_INET6 connections to an --allow HOST:PORT (or HOST:* for any port);
  * AF_UNIX sockets (local IPC: the D-Bus session bus of the keyring, nscd is NOT allowed:
    see below), AF_NETLINK (interface queries);
  * connections to the command's OWN loopback sockets: ports the traced processes bound on
    127.0.0.1/::1 themselves (the OAuth sign-in's one-shot redirect listener, `hearth serve`'s
    port, a library's loopback socket pair) — found from bind()/listen()/getsockname();
Refused: anything else, any datagram to port 53, and successful connections to the Unix sockets
of name resolvers (systemd-resolved, nscd), because a lookup there is a DNS query too (glibc
probes nscd's socket even for user lookups; a probe that fails sent nothing and is not counted).
The command's own exit status is passed through when the audit is clean; the audit failing
exits 3. A summary of what was seen goes to stderr (and JSON to --report when given).

--pid-file FILE writes the audited command's pid (it is exec'ed by a tiny sh wrapper), so a
long-running command (`hearth serve`) can be stopped with SIGTERM and the audit then completes.
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
LISTEN = re.compile(r'^(?:\d+\s+)?listen\((\d+),.*\)\s*=\s*0')
LOCAL_NAME = re.compile(r'^(?:\d+\s+)?(bind|getsockname)\((\d+), (.*)\)\s*=\s*0')
LOOPBACK = ("127.0.0.1", "::1", "::ffff:127.0.0.1")
UNFINISHED = re.compile(r'^(\d+)\s+(.*) <unfinished \.\.\.>$')
RESUMED = re.compile(r'^(\d+)\s+<\.\.\. (\w+) resumed>(.*)$')


def merged_lines(path):
    """strace -f splits a syscall interrupted by another thread into `<unfinished ...>` and
    `<... name resumed>` lines; join them so each call is one line."""
    pending = {}
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = UNFINISHED.match(line)
            if m:
                pending[m.group(1)] = m.group(1) + " " + m.group(2)
                continue
            m = RESUMED.match(line)
            if m and m.group(1) in pending:
                yield pending.pop(m.group(1)) + m.group(3)
                continue
            yield line


def own_listener_ports(path):
    """Loopback ports the traced processes opened themselves: sockets they bind()/listen() on
    127.0.0.1/::1 (the port from bind(), or from getsockname() after binding port 0). Besides
    listeners this covers the loopback socket pairs some libraries make by connecting two of
    their own bound sockets. fd numbers are matched across the threads of the traced tasks."""
    own_fds, names = set(), []
    for line in merged_lines(path):
        m = LISTEN.match(line)
        if m:
            own_fds.add(m.group(1))
            continue
        m = LOCAL_NAME.match(line)
        if m:
            inet = INET.search(m.group(3))
            if inet:
                host = inet.group(2) or inet.group(3) or inet.group(4)
                if host in LOOPBACK:
                    if m.group(1) == "bind":
                        own_fds.add(m.group(2))
                    if inet.group(1) != "0":
                        names.append((m.group(2), inet.group(1)))
    return {port for fd, port in names if fd in own_fds}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--allow", action="append", default=[], help="HOST:PORT or HOST:*")
    parser.add_argument("--log", help="keep the strace log here")
    parser.add_argument("--report", help="write a JSON summary here")
    parser.add_argument("--pid-file", help="write the audited command's pid here")
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
    if args.pid_file:
        command = ["/bin/sh", "-c", 'echo $$ > "$0"; exec "$@"', args.pid_file] + command
    status = subprocess.call(["strace", "-f", "-qq", "-s", "256",
                              "-e", "trace=connect,sendto,sendmsg,bind,listen,getsockname",
                              "-e", "signal=none", "-o", log, "--"] + command)
    seen, violations = [], []
    own = own_listener_ports(log)
    for line in merged_lines(log):
        if not CALL.search(line) or "sa_family" not in line:
            continue
        inet = INET.search(line)
        if inet:
            port = inet.group(1)
            host = inet.group(2) or inet.group(3) or inet.group(4)
            if port == "53":
                seen.append(f"{host}:{port}")
                violations.append(f"DNS query to {host}:53: {line.strip()}")
            elif (host, port) in allowed or (host, "*") in allowed:
                seen.append(f"{host}:{port}")
            elif host in LOOPBACK and port in own:
                seen.append(f"own-listener:{host}:{port}")
            else:
                seen.append(f"{host}:{port}")
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
    summary = {"command": command, "exit": status, "destinations": sorted(set(seen)),
               "own_listeners": sorted(own), "violations": violations}
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
