#!/bin/sh
# Proves that a project outside this tree can use csp: installs csp into a temporary prefix (cmake --install) and
# builds and runs tests/consumer against it with find_package(csp); then builds the consumer again with the csp
# source tree pulled in by add_subdirectory and by FetchContent. Exit status 0 iff all three builds run correctly.
# Usage: tests/consumer/run.sh [extra cmake configure arguments, e.g. -DCMAKE_CXX_COMPILER_LAUNCHER=ccache]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/csp-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
jobs=${CSP_CONSUMER_JOBS:-2}

step() { printf '\n== %s\n' "$*"; }

step "build and install csp into $work/prefix"
cmake -S "$root" -B "$work/csp-build" -DCMAKE_BUILD_TYPE=Release \
  -DCSP_BUILD_TESTS=OFF -DCSP_BUILD_EXAMPLES=OFF -DCSP_BUILD_BENCH=OFF "$@"
cmake --build "$work/csp-build" -j "$jobs"
cmake --install "$work/csp-build" --prefix "$work/prefix"

for mode in find_package add_subdirectory fetchcontent; do
  step "consumer with $mode"
  cmake -S "$here" -B "$work/consumer-$mode" -DCMAKE_BUILD_TYPE=Release -DCSP_CONSUMER_MODE="$mode" \
    -DCSP_SOURCE_DIR="$root" -DCMAKE_PREFIX_PATH="$work/prefix" "$@"
  cmake --build "$work/consumer-$mode" -j "$jobs"
  "$work/consumer-$mode/app"
done

step "consumer: all three ways work"
