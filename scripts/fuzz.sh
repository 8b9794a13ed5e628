#!/usr/bin/env bash
# fuzz.sh — runs the libFuzzer targets of Hearth's untrusted-input parsers (Fuzz/) for a bounded
# time each: FuzzMIME (RFC 5322/MIME → ParsedMessage → Email) and FuzzIMAP (server bytes →
# responses, split-invariance). A crash, hang (>10 s per input) or memory blow-up (>2 GB) fails
# the run and prints the input that caused it (base64), which is also kept under the work folder.
#
# usage: scripts/fuzz.sh [SECONDS_PER_TARGET]     (default 60): exploration — a random seed and a
#          corpus that grows in $FUZZ_WORK across runs, so each run may find something new.
#        scripts/fuzz.sh --gate                    the test gate (scripts/test.sh, CI): a fixed seed,
#          a fixed number of inputs and a fresh corpus, so the gate is reproducible — the same
#          commit passes or fails the same way here and in CI. What exploration finds is fixed and
#          its input added to Fuzz/seeds, which the gate then replays first.
# Built with -sanitize=fuzzer,address in Fuzz/.build (its own build folder: a first build costs
# 10–20 minutes on 2 cores, mostly BoringSSL for FuzzIMAP; later ones seconds).
# Seeds: Fuzz/seeds/*; the corpus grows in $FUZZ_WORK.
set -euo pipefail
cd "$(dirname "$0")/.."
GATE=0
if [ "${1:-}" = --gate ]; then GATE=1; shift; fi
SECONDS_EACH=${1:-60}
WORK=${FUZZ_WORK:-/tmp/hearth-fuzz}
if [ $GATE = 1 ]; then WORK=$(mktemp -d /tmp/hearth-fuzz-gate.XXXXXX); fi
mkdir -p "$WORK"
FLAGS=(--package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
# One product at a time: building the whole Fuzz package would build every target of Hearth
# (the web app's resources included); FuzzMIME needs only the MIME parser, FuzzIMAP also NIO.
for target in FuzzMIME FuzzIMAP; do
  echo "fuzz: building $target (log: $WORK/build.log)" >&2
  if ! swift build "${FLAGS[@]}" --product "$target" >>"$WORK/build.log" 2>&1; then
    tail -40 "$WORK/build.log" >&2
    echo "fuzz: build of $target failed" >&2
    exit 1
  fi
done
BIN=$(swift build "${FLAGS[@]}" --show-bin-path)
status=0
for target in FuzzMIME FuzzIMAP; do
  seeds=Fuzz/seeds/$( [ "$target" = FuzzMIME ] && echo mime || echo imap )
  corpus="$WORK/corpus-$target"; artifacts="$WORK/artifacts-$target/"
  mkdir -p "$corpus" "$artifacts"
  if [ $GATE = 1 ]; then
    # About a minute each on this 2-core machine; the time cap only guards a much slower machine.
    runs=$( [ "$target" = FuzzMIME ] && echo 60000 || echo 300000 )
    bound=(-seed=1 -runs="$runs" -max_total_time=600)
    echo "fuzz: $target, gate: $runs inputs from seed 1" >&2
  else
    bound=(-max_total_time="$SECONDS_EACH")
    echo "fuzz: $target for ${SECONDS_EACH}s" >&2
  fi
  if ! "$BIN/$target" "${bound[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
       -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" "$seeds" >"$WORK/$target.log" 2>&1; then
    status=1
    echo "fuzz: $target FAILED — last lines of its log:" >&2
    tail -30 "$WORK/$target.log" >&2
    for crash in "$artifacts"*; do
      [ -f "$crash" ] || continue
      echo "fuzz: input $crash (base64):" >&2
      base64 -w 0 "$crash" | head -c 4000 >&2; echo >&2
    done
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$WORK/$target.log" | sed "s/^/fuzz: $target /" >&2 || true
  fi
done
exit $status
