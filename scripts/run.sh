#!/usr/bin/env bash
# The one command that sets up and runs Hearth on a fresh Debian machine. With no account
# configured it writes the demo mailbox (scripts/demo/demo_mailbox.py), imports it, and lets the
# installed AI models sort and summarise it; then it starts the web app on 127.0.0.1 and prints
# the address to open (Ctrl-C stops it).
#
# The build's compiler output goes to a log file (.build/run-build.log), not the terminal: one
# progress line shows the step count and elapsed time, and only a failure prints the log's tail.
# HEARTH_VERBOSE=1 shows the full build output instead.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf 'hearth: %s\n' "$*" >&2; }

step "checking system packages (first run: installs them and builds llama.cpp, several minutes)…"
setup_log=.build/run-setup.log
mkdir -p .build
if ! bash scripts/setup-system.sh >"$setup_log" 2>&1; then
  tail -30 "$setup_log" >&2; step "setting up the system failed; full log: $setup_log"; exit 1
fi

# build_quietly LOG ARGS...: `swift build ARGS` with its output in LOG and one progress line.
build_quietly() {
  local log=$1; shift
  if [ "${HEARTH_VERBOSE:-0}" = 1 ]; then swift build "$@" >&2; return; fi
  local t0=$SECONDS tty=0 last=-1
  [ -t 2 ] && tty=1
  swift build "$@" >"$log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    local progress elapsed=$((SECONDS - t0))
    # SwiftPM prints "[done/total] Compiling …"; the last one says how far it is.
    progress=$(grep -ao '^\[[0-9]*/[0-9]*\]' "$log" 2>/dev/null | tail -1 || true)
    if [ "$tty" = 1 ]; then
      printf '\rhearth: building Hearth (release) %-13s %3d:%02d ' "${progress:-[resolving]}" $((elapsed / 60)) $((elapsed % 60)) >&2
    elif [ $((elapsed / 60)) != "$last" ]; then   # not a terminal: one line a minute
      last=$((elapsed / 60)); step "building Hearth (release) ${progress:-[resolving packages]} after ${elapsed}s"
    fi
    sleep 1
  done
  [ "$tty" = 1 ] && printf '\r%70s\r' '' >&2
  if ! wait "$pid"; then
    grep -a -E 'error:|warning: .*unreachable' "$log" | head -20 >&2 || true
    tail -25 "$log" >&2
    step "the build failed after $((SECONDS - t0)) s; the full compiler output is in $log"
    exit 1
  fi
  step "built in $((SECONDS - t0)) s (compiler output: $log)"
}

# A release `hearth` links the Swift runtime statically (Package.swift: a process starts faster,
# docs/search.md "Per process"), so this is the same build the benchmarks use.
build_quietly .build/run-build.log -c release --product hearth
HEARTH=".build/release/hearth"
# No mailbox in the data directory yet (`accounts` exits 66 then) or no account in it: the demo.
accounts=$("$HEARTH" accounts --json 2>/dev/null || true)
if [ -z "$accounts" ] || [ "$(printf '%s' "$accounts" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')" = 0 ]; then
  step "no account yet: writing and importing the demo mailbox (Alex Morgan's last few weeks)…"
  demo=$(mktemp -d /tmp/hearth-demo.XXXXXX)
  python3 scripts/demo/demo_mailbox.py --out "$demo/Maildir" >&2
  # --ai: the installed models sort the demo into category tabs and summarise its longer threads.
  "$HEARTH" import "$demo/Maildir" --account alex.morgan@example.com --name "Demo: Alex Morgan" --ai --no-progress
  rm -rf "$demo"
fi
step "ready after $((SECONDS - started)) s. Starting the web app on 127.0.0.1 (open the address below; Ctrl-C stops it)…"
exec "$HEARTH" serve --port "${HEARTH_PORT:-8025}"
