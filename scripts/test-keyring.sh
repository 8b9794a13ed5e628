#!/usr/bin/env bash
# Runs the Secret Service tests against a real, throwaway gnome-keyring on a private session bus
# (dbus-run-session): HOME and XDG_RUNTIME_DIR point at a temporary directory, the login keyring
# is created and unlocked with a throwaway password, and only SecretServiceStoreTests run.
# Usage: scripts/test-keyring.sh [swift test options, e.g. --scratch-path .build-x --skip-build]
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/run" && chmod 700 "$tmp/run"
export KEYRING_TMP="$tmp" REPO="$PWD"
HOME="$tmp" XDG_RUNTIME_DIR="$tmp/run" HEARTH_KEYRING_TEST=1 \
  timeout 600 dbus-run-session -- bash -c '
    printf "throwaway-keyring-pass" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    cd "$REPO" && swift test "$@" --filter SecretServiceStoreTests
  ' bash "$@"
