#!/usr/bin/env bash
# Link analysis needs yt-dlp and ffmpeg (Debian packages). Install them when missing, like ensure-chromium.sh.
set -euo pipefail
missing=()
command -v "${YT_DLP_PATH:-yt-dlp}" >/dev/null 2>&1 || missing+=(yt-dlp)
command -v "${FFMPEG_PATH:-ffmpeg}" >/dev/null 2>&1 || missing+=(ffmpeg)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "${missing[*]} not found; installing Debian packages…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "error: ${missing[*]} missing and this user cannot install them; run: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
for t in "${missing[@]}"; do command -v "$t" >/dev/null 2>&1 || { echo "error: $t install failed" >&2; exit 1; }; done
echo "installed: ${missing[*]}"
