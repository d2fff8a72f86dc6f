#!/bin/sh
# Proves that a project outside this tree can use csp: installs csp into a temporary prefix (cmake --install) and
# builds and runs tests/consumer against it with find_package(csp); then builds the consumer again with the csp
# source tree pulled in by add_subdirectory and by FetchContent. In every mode, the program engine_only, which links
# only csp::csp, must have no Boost on its compile line, no Boost header among those it compiles, and no Boost,
# csp_graph, csp_models or csp_flatzinc on its link line; its compile time and memory are printed. As a subproject,
# csp must build only the libraries linked (a consumer of csp::csp alone builds none of csp_graph, csp_models and
# csp_flatzinc) and install nothing (CSP_INSTALL is off). The program app reads a Sudoku and a FlatZinc model through
# the installed headers (csp/models/sudoku/, csp/models/flatzinc/). The program study (csp::ablation) runs a 2x3
# study of its own n-queens; its CSV rows must equal those of the installed `csp ablate queens --n 6 ...` but for the
# names and times. Plugin example 07, built as a MODULE library on csp::plugin (no csp library linked), must run in
# the installed `csp ablate langford` with L(2,n)'s solution counts. Plain find_package(csp) must work, and asking
# for an unknown component must fail saying so.
# Exit status 0 iff all of this holds and every program gives the right answers.
# Usage: tests/consumer/run.sh [extra cmake configure arguments, e.g. -DCMAKE_CXX_COMPILER_LAUNCHER=ccache]
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/csp-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
jobs=${CSP_CONSUMER_JOBS:-2}

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'consumer: FAILED: %s\n' "$*" >&2; exit 1; }

# The link command of target $2 in build directory $1 (Makefiles or Ninja).
link_line() {
  if [ -f "$1/CMakeFiles/$2.dir/link.txt" ]; then
    cat "$1/CMakeFiles/$2.dir/link.txt"
  elif [ -f "$1/build.ninja" ]; then
    ninja -C "$1" -t commands "$2" | tail -n 1
  else
    fail "$1: cannot find the link command of $2 (neither Makefiles nor Ninja)"
  fi
}

# Runs a shell command with its time and peak memory on stderr (CPU time is the steadier figure on a busy machine).
measured() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%e s elapsed, %U s CPU (user), %M KB peak memory' sh -c "$1"
  else
    start=$(date +%s.%N); sh -c "$1"; end=$(date +%s.%N)
    echo "$start $end" | awk '{ printf "%.2f s, memory not measured (no /usr/bin/time)\n", $2 - $1 }' >&2
  fi
}

# engine_only (csp::csp alone) in build directory $1: no Boost.Graph on its compile or link line or in its headers.
check_engine_only() {
  entry=$(cmake -DDATABASE="$1/compile_commands.json" -DSOURCE=engine_only.cpp -P "$here/compile_command.cmake")
  directory=$(printf '%s\n' "$entry" | cut -f 1)
  command=$(printf '%s\n' "$entry" | cut -f 2-)
  printf 'compile line: %s\n' "$command"
  case "$command" in *[Bb]oost*) fail "the compile line of engine_only names Boost" ;; esac
  # -H lists every header compiled, one per line, indented with dots (GCC and Clang).
  (cd "$directory" && sh -c "$command -fsyntax-only -H") 2>"$work/headers.txt" >/dev/null ||
    fail "engine_only.cpp does not compile with -fsyntax-only -H: $(cat "$work/headers.txt")"
  headers=$(grep -c '^\.\.* ' "$work/headers.txt" || true)
  boost_headers=$(grep '^\.\.* ' "$work/headers.txt" | grep -c '/boost/' || true)
  printf 'headers compiled: %s, of them Boost: %s\n' "$headers" "$boost_headers"
  [ "$boost_headers" -eq 0 ] || fail "engine_only compiles $boost_headers Boost headers"
  printf 'compile time of engine_only.cpp (#include <csp/csp.hpp>): '
  (cd "$directory" && measured "$command") 2>&1 | tail -n 1
  line=$(link_line "$1" engine_only)
  printf 'link line: %s\n' "$line"
  case "$line" in
    *[Bb]oost* | *csp_graph* | *csp_models* | *csp_flatzinc*)
      fail "the link line of engine_only names Boost, csp_graph, csp_models or csp_flatzinc" ;;
  esac
}

# The rows of CSV file $1 without its '#' lines and its columns group, instance and us (names and times).
rows_without_names() {
  grep -v '^#' "$1" | awk -F, '
    NR == 1 { for (i = 1; i <= NF; ++i) drop[i] = ($i == "group" || $i == "instance" || $i == "us") }
    { line = ""; for (i = 1; i <= NF; ++i) if (!drop[i]) line = line (line == "" ? "" : ",") $i; print line }'
}

# The study program of the consumer in build directory $1 against `csp ablate` of the installed csp program.
check_study() {
  "$1/study" >"$work/study.csv"
  "$work/prefix/bin/csp" ablate queens --n 6 --var first,mrv --val natural --inference none,fc,mac \
    --csv "$work/ablate.csv" >/dev/null
  rows_without_names "$work/study.csv" >"$work/study.rows"
  rows_without_names "$work/ablate.csv" >"$work/ablate.rows"
  [ "$(wc -l <"$work/study.rows")" -eq 7 ] || fail "study printed $(wc -l <"$work/study.rows") CSV lines, not 7"
  diff "$work/ablate.rows" "$work/study.rows" ||
    fail "the consumer's study and csp ablate queens --n 6 differ (above: csp ablate <, study >)"
  echo "study: its 6 rows equal csp ablate's (nodes, backtracks, checks, ... ; names and times aside)"
}

# Plugin example 07 built against the installed package (build directory $1) in the installed csp program: its
# model's counts (tests/plugins/langford_check.sh), and its link line names no csp library.
check_plugin() {
  line=$(link_line "$1" mine)
  case "$line" in
    *libcsp* | *csp_models* | *csp_flatzinc* | *csp_graph*) fail "the plugin mine links a csp library: $line" ;;
  esac
  sh "$root/tests/plugins/langford_check.sh" "$work/prefix/bin/csp" "$1/libmine.so" ||
    fail "csp ablate langford with the plugin built against the installed package"
}

# Plain find_package(csp) works; find_package(csp COMPONENTS nosuch) fails, naming the component.
check_components() {
  cmake -S "$here" -B "$work/consumer-plain" -DCMAKE_PREFIX_PATH="$work/prefix" -DCSP_CONSUMER_ENGINE_ONLY=ON "$@" \
    >/dev/null || fail "plain find_package(csp) failed"
  if cmake -S "$here" -B "$work/consumer-unknown" -DCMAKE_PREFIX_PATH="$work/prefix" -DCSP_CONSUMER_ENGINE_ONLY=ON \
    -DCSP_CONSUMER_EXTRA_COMPONENTS=nosuch "$@" >"$work/unknown.txt" 2>&1; then
    fail "find_package(csp COMPONENTS nosuch) succeeded"
  fi
  grep -q 'nosuch (unknown' "$work/unknown.txt" || fail "no reason given for the unknown component: $(cat "$work/unknown.txt")"
  echo "components: plain find_package(csp) works; COMPONENTS nosuch fails: $(grep 'nosuch (unknown' "$work/unknown.txt" | sed 's/^ *//')"
}

step "build and install csp (libraries and the csp program) into $work/prefix"
cmake -S "$root" -B "$work/csp-build" -DCMAKE_BUILD_TYPE=Release \
  -DCSP_BUILD_TESTS=OFF -DCSP_BUILD_EXAMPLES=ON -DCSP_BUILD_BENCH=OFF -DCSP_BUILD_PYTHON=OFF "$@"
cmake --build "$work/csp-build" -j "$jobs"
cmake --install "$work/csp-build" --prefix "$work/prefix"

for mode in find_package add_subdirectory fetchcontent; do
  build="$work/consumer-$mode"
  if [ "$mode" != find_package ]; then
    step "consumer with $mode, linking csp::csp alone: csp builds nothing else and installs nothing"
    cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCSP_CONSUMER_MODE="$mode" -DCSP_SOURCE_DIR="$root" \
      -DCSP_CONSUMER_ENGINE_ONLY=ON "$@"
    cmake --build "$build" -j "$jobs"
    extra=$(find "$build" -name 'libcsp_graph*' -o -name 'libcsp_models*' -o -name 'libcsp_flatzinc*')
    [ -z "$extra" ] || fail "building engine_only alone also built: $extra"
    cmake --install "$build" --prefix "$work/install-$mode" >/dev/null
    installed=$(cd "$work/install-$mode" && find . -type f | sort | tr '\n' ' ')
    [ "$installed" = "./bin/engine_only " ] || fail "the consumer's install holds more than its program: $installed"
    "$build/engine_only"
  fi
  step "consumer with $mode"
  cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCSP_CONSUMER_MODE="$mode" -DCSP_SOURCE_DIR="$root" \
    -DCMAKE_PREFIX_PATH="$work/prefix" -DCSP_CONSUMER_ENGINE_ONLY=OFF "$@"
  cmake --build "$build" -j "$jobs"
  "$build/engine_only"
  "$build/app"
  "$build/study" >/dev/null
  "$build/observers"  # csp::observers' TraceObserver and SearchTreeObserver on its own 4-queens (observers.cpp)
  check_engine_only "$build"
  if [ "$mode" = find_package ]; then
    check_study "$build"
    check_plugin "$build"
    check_components "$@"
  fi
done

step "consumer: all three ways work, csp::csp alone brings no Boost.Graph, a study of ones own model matches csp ablate,
a plugin built on csp::plugin runs in the installed csp"
