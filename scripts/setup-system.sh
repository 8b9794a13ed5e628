#!/usr/bin/env bash
# Installs the Debian packages Hearth needs to build and test. Idempotent: installs only what
# is missing, so a machine that already has everything spends well under a second here.
set -euo pipefail
need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for pkg in libsqlite3-dev xz-utils python3 ca-certificates unzip cmake ninja-build g++ pkg-config libgumbo-dev chromium chromium-driver libsecret-1-dev gnome-keyring dbus-x11 strace iproute2 curl maildir-utils notmuch dnsmasq-base; do
  have_pkg "$pkg" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup-system: apt-get install ${need[*]}" >&2
  if [ "$(id -u)" != 0 ]; then echo "setup-system: run as root (or install: ${need[*]})" >&2; exit 1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
# llama.cpp (on-device AI, issue 7): built once into /opt/llama.cpp; a stamp makes later runs free.
bash "$(dirname "$0")/setup-llama.sh" >&2
# Headers-only pkg-config files for the libraries Hearth opens at run time (llama.cpp, libsecret),
# where pkg-config (and so SwiftPM) finds them without PKG_CONFIG_PATH.
pcdir="$(dirname "$0")/pkgconfig"
if [ "$(id -u)" = 0 ]; then
  install -d /usr/local/lib/pkgconfig
  for pc in "$pcdir"/*.pc; do
    cmp -s "$pc" "/usr/local/lib/pkgconfig/$(basename "$pc")" || install -m 644 "$pc" /usr/local/lib/pkgconfig/
  done
else
  echo "setup-system: not root; build with PKG_CONFIG_PATH=$(cd "$pcdir" && pwd)" >&2
fi
