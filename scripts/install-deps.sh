#!/usr/bin/env bash
# Installs the Debian packages csp needs, only those missing (idempotent; fast when all are there).
# Run as root (apt-get). Usage: scripts/install-deps.sh [--bench]   (--bench adds Gecode and MiniZinc with its
# Gecode back end, for bench/compare_gecode.sh and bench/compare_scale.sh)
set -euo pipefail
packages=(cmake g++ make ccache libboost-graph-dev libboost-program-options-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev pkgconf libcairo2-dev)
if [[ "${1:-}" == "--bench" ]]; then packages+=(libgecode-dev minizinc); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi
echo "installing: ${missing[*]}" >&2
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
