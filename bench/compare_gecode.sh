#!/usr/bin/env bash
# compare_gecode.sh: csp vs the Gecode anchor on the Sudoku corpora, side by side in one run.
#
# Builds ../shared/anchors/gecode_sudoku.cpp (into the build folder; its source is never copied into this repository)
# and our release sudoku_file_bench, repeats each file to at least MIN_PUZZLES puzzles in a temporary folder (so
# process start-up does not count), runs both programs on each file one after the other, and prints µs per puzzle
# for each and the ratio Gecode / csp (the target is >= 3 for the default configuration).
#
# Usage: bench/compare_gecode.sh [csp options...]     e.g. bench/compare_gecode.sh --inference fc
#   csp options go to sudoku_file_bench (--var --val --inference --alldiff); default: csp sudoku's (the catalogue's).
# Environment:
#   BUILD_DIR    build folder (default: <repo>/build-bench; configured Release with CSP_BUILD_BENCH=ON if needed)
#   SHARED_DIR   folder with puzzles/ and anchors/ (default: <repo>/../shared)
#   MIN_PUZZLES  repeat each file to at least this many puzzles (default 1000)
#   REPS         repetitions per program and file; each puzzle's time is its minimum over them (default 1)
#   GECODE_ARGS  extra options for the anchor (default: none, i.e. --ipl dom --branch size --sols 1)
#   FILES        space-separated file names in SHARED_DIR/puzzles (default: the four target files)
# Exit status: 0 when every run verified all its puzzles, 1 otherwise.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
build=${BUILD_DIR:-$repo/build-bench}
build=$(realpath -m -- "$build")  # a relative BUILD_DIR is read from the calling folder
shared=${SHARED_DIR:-$repo/../shared}
min_puzzles=${MIN_PUZZLES:-1000}
reps=${REPS:-1}
files=${FILES:-"top95.txt hardest.txt 17_clue_sample1000.txt forum_hardest_1905_11plus_sample1000.txt"}
anchor_src=$shared/anchors/gecode_sudoku.cpp

[[ -f $anchor_src ]] || { echo "compare_gecode.sh: no anchor at $anchor_src (set SHARED_DIR)" >&2; exit 1; }
[[ -d $shared/puzzles ]] || { echo "compare_gecode.sh: no puzzles at $shared/puzzles (set SHARED_DIR)" >&2; exit 1; }

# ---- build the Gecode anchor (its own build line, from the top of the file) when missing or out of date
mkdir -p "$build"
gecode=$build/gecode_sudoku
# shellcheck source=bench/gecode_anchor.sh
source "$(dirname "${BASH_SOURCE[0]}")/gecode_anchor.sh"
build_gecode_anchor "$anchor_src" "$gecode"

# ---- build our release bench program
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCSP_BUILD_BENCH=ON >&2
elif ! grep -q '^CSP_BUILD_BENCH:BOOL=ON' "$build/CMakeCache.txt"; then
  cmake -S "$repo" -B "$build" -DCSP_BUILD_BENCH=ON >&2
fi
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
if [[ $build_type != Release ]]; then
  echo "compare_gecode.sh: $build is a '$build_type' build; use a Release build folder (BUILD_DIR)" >&2
  exit 1
fi
cmake --build "$build" --target sudoku_file_bench -j"$(nproc)" >&2
ours=$build/bench/sudoku_file_bench

# ---- repeated files in a temporary folder
tmp=$(mktemp -d "${TMPDIR:-/tmp}/csp-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

field() {  # field NAME LINE: the value of NAME=value in a summary line
  sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"
}

status=0
echo "# csp vs Gecode anchor: $(date -u +%FT%TZ) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# csp: sudoku_file_bench ${*:-(defaults of csp sudoku: --var mrv --inference mac --alldiff grid)}; gecode: ${GECODE_ARGS:-(defaults: --ipl dom --branch size --sols 1)}"
echo "# each file repeated to >= $min_puzzles puzzles; REPS=$reps; time = model construction + search, mean us/puzzle"
printf '%-42s %7s %12s %12s %10s %12s %12s\n' file puzzles gecode_us csp_us ratio csp_build_us csp_nodes
for name in $files; do
  src=$shared/puzzles/$name
  if [[ ! -f $src ]]; then
    echo "skipping $name: not found in $shared/puzzles" >&2
    continue
  fi
  lines=$(grep -cv '^\s*$' "$src")
  copies=$(((min_puzzles + lines - 1) / lines))
  rep_file=$tmp/${name%.txt}_x$copies.txt
  for ((i = 0; i < copies; i++)); do cat "$src"; done >"$rep_file"

  # shellcheck disable=SC2086  # GECODE_ARGS is a list of options
  g_line=$("$gecode" --quiet --reps "$reps" ${GECODE_ARGS:-} "$rep_file") || status=1
  c_line=$("$ours" "$rep_file" --reps "$reps" "$@") || status=1
  g_us=$(field us_mean "$g_line")
  c_us=$(field us_per_puzzle "$c_line")
  if [[ $(field verified "$g_line") != "$(field puzzles "$g_line")" ]]; then
    echo "gecode: not every puzzle verified: $g_line" >&2
    status=1
  fi
  if [[ $(field verified "$c_line") != "$(field puzzles "$c_line")" ]]; then
    echo "csp: not every puzzle verified: $c_line" >&2
    status=1
  fi
  ratio=$(awk -v g="$g_us" -v c="$c_us" 'BEGIN { if (c > 0) printf "%.2fx", g / c; else print "n/a" }')
  printf '%-42s %7s %12s %12s %10s %12s %12s\n' "$name" "$(field puzzles "$c_line")" "$g_us" "$c_us" "$ratio" \
    "$(field build_us_per_puzzle "$c_line")" "$(field assignments_per_puzzle "$c_line")"
done
echo "# ratio = Gecode us / csp us (higher is better for csp; target >= 3.00x); load average now $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
