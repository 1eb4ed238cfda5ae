#!/usr/bin/env bash
# Installs the Debian 12 packages the build needs, and only those missing:
# a compiler, CMake, Ninja, Catch2 (v2), Google Benchmark, CLI11 and
# nlohmann-json. Uses sudo when not run as root. No other downloads.
set -euo pipefail

packages=(g++ cmake ninja-build catch2 libbenchmark-dev libcli11-dev nlohmann-json3-dev)
if [ "$#" -gt 0 ]; then packages+=("$@"); fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian system; make sure these are installed: ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then missing+=("$p"); fi
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-deps: missing ${missing[*]}; run as root or install sudo" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
