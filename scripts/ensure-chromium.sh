#!/usr/bin/env bash
# Browser tests drive Debian's chromium (no browser download). Install it when missing.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
echo "chromium not found at $bin; installing Debian's chromium package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "error: chromium is missing and this user cannot install it; run: apt-get install -y chromium" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
[ -x "$bin" ] || { echo "error: chromium install failed" >&2; exit 1; }
echo "chromium installed: $($bin --version 2>/dev/null | head -1)"
