#!/usr/bin/env bash
# compare_sudoku.sh: tdoku, the Gecode anchor and `csp sudoku` on the Sudoku corpora, one table.
#
# Each file of SHARED_DIR/puzzles is repeated to at least MIN_PUZZLES puzzles in a temporary folder; then, for
# rep = 1..REPS, the three programs run on it one after the other (interleaved, so a change of load hits all three):
#   tdoku   github.com/t-dillon/tdoku, built from source, timed by its own harness:
#             run_benchmark -s tdoku -f -r0 -e1 -n<puzzles> -w<S> -t<S> -c1 FILE
#           (only tdoku's solver, first solution as the other two, puzzles exactly as given, the dataset = the file);
#           tdoku_us = its usec/puzzle, solve only (no reading, no process start). tdoku_proc_us = the whole process
#           of tdoku's example/solve.c (`solve 1 < FILE`: reads, solves, prints each puzzle; solutions checked here).
#   gecode  SHARED_DIR/anchors/gecode_sudoku.cpp (defaults: --ipl dom --branch size --sols 1; it verifies every
#           solution), whole process wall time.
#   csp     `csp sudoku FILE` with its default configuration, standard output to /dev/null, whole process wall time;
#           its exit status and its summary line ("N puzzles: N solved") are checked.
# Each figure is the best of the REPS runs, in µs per puzzle (whole-process wall / puzzles for gecode and csp).
# csp/gecode = gecode_us / csp_us; csp/tdoku = csp_us / tdoku_us (csp whole process against tdoku solve only:
# compare with tdoku_proc_us for process against process).
#
# Usage: bench/compare_sudoku.sh
# Environment:
#   BUILD_DIR      csp's build folder, a Release build (default: <repo>/build); the program is BUILD_DIR/examples/csp
#   CSP            the csp program itself (default: BUILD_DIR/examples/csp); not rebuilt unless CSP_BUILD=1
#   CSP_BUILD      1: `cmake --build BUILD_DIR --target csp_cli` first (default 0: use the binary as it is)
#   CACHE_DIR      where the Gecode anchor is built and tdoku cloned (default: <repo>/build-bench)
#   TDOKU_DIR      a tdoku source tree (default: CACHE_DIR/tdoku, cloned from TDOKU_URL when missing)
#   TDOKU_URL      default https://github.com/t-dillon/tdoku
#   TDOKU_CC, TDOKU_CXX  compilers for tdoku (default clang / clang++ when installed, as tdoku's published runs;
#                  else gcc / g++); the build is tdoku's own: CC=.. CXX=.. ./BUILD.sh run_benchmark (cmake defaults
#                  OPT=O3, ARCH=native: -O3 -march=native), ./BUILD.sh tdoku_static, and the README's line for
#                  example/solve.c; TDOKU_REBUILD=1 rebuilds
#   TDOKU_SECONDS  run_benchmark's warm-up and test time per run, -w and -t (default 1, its minimum)
#   SHARED_DIR     folder with puzzles/ and anchors/ (default: <repo>/../shared)
#   MIN_PUZZLES    repeat each file to at least this many puzzles (default 1000)
#   REPS           runs per program and file, best kept (default 5)
#   FILES          space-separated file names in SHARED_DIR/puzzles (default: the four target files)
# Needs: git, cmake, make, a C/C++ compiler (clang preferred), libgecode-dev: scripts/install-deps.sh --bench.
# Exit status: 0 when every run succeeded and every puzzle was solved (and verified), 1 otherwise.
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
build=$(realpath -m -- "${BUILD_DIR:-$repo/build}")  # a relative BUILD_DIR is read from the calling folder
csp=${CSP:-$build/examples/csp}
cache=$(realpath -m -- "${CACHE_DIR:-$repo/build-bench}")
tdoku=$(realpath -m -- "${TDOKU_DIR:-$cache/tdoku}")
tdoku_url=${TDOKU_URL:-https://github.com/t-dillon/tdoku}
tdoku_secs=${TDOKU_SECONDS:-1}
shared=${SHARED_DIR:-$repo/../shared}
min_puzzles=${MIN_PUZZLES:-1000}
reps=${REPS:-5}
files=${FILES:-"top95.txt hardest.txt 17_clue_sample1000.txt forum_hardest_1905_11plus_sample1000.txt"}
anchor_src=$shared/anchors/gecode_sudoku.cpp
me=compare_sudoku.sh

[[ -f $anchor_src ]] || { echo "$me: no anchor at $anchor_src (set SHARED_DIR)" >&2; exit 1; }
[[ -d $shared/puzzles ]] || { echo "$me: no puzzles at $shared/puzzles (set SHARED_DIR)" >&2; exit 1; }

# ---- csp: the existing Release binary (CSP_BUILD=1 builds it first)
if [[ ${CSP_BUILD:-0} == 1 ]]; then
  cmake --build "$build" --target csp_cli -j"$(nproc)" >&2
fi
[[ -x $csp ]] || { echo "$me: no csp program at $csp (build it: cmake --build $build --target csp_cli)" >&2; exit 1; }
if [[ -z ${CSP:-} ]]; then
  build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
  if [[ $build_type != Release ]]; then
    echo "$me: $build is a '$build_type' build; use a Release build folder (BUILD_DIR)" >&2
    exit 1
  fi
fi

# ---- the Gecode anchor (its own build line, from the top of the file) when missing or out of date
mkdir -p "$cache"
gecode=$cache/gecode_sudoku
# shellcheck source=bench/gecode_anchor.sh
source "$(dirname "${BASH_SOURCE[0]}")/gecode_anchor.sh"
build_gecode_anchor "$anchor_src" "$gecode"

# ---- tdoku: clone when missing, build with its own scripts
if [[ ! -d $tdoku ]]; then
  [[ -z ${TDOKU_DIR:-} ]] || { echo "$me: TDOKU_DIR=$tdoku does not exist" >&2; exit 1; }
  echo "cloning $tdoku_url into $tdoku" >&2
  git clone --depth 1 "$tdoku_url" "$tdoku" >&2
fi
[[ -x $tdoku/BUILD.sh ]] || { echo "$me: $tdoku is not a tdoku source tree (no BUILD.sh)" >&2; exit 1; }
if command -v clang >/dev/null && command -v clang++ >/dev/null; then
  tdoku_cc=${TDOKU_CC:-clang} tdoku_cxx=${TDOKU_CXX:-clang++}
else
  tdoku_cc=${TDOKU_CC:-gcc} tdoku_cxx=${TDOKU_CXX:-g++}
fi
run_benchmark=$tdoku/build/run_benchmark
tdoku_solve=$tdoku/build/solve
if [[ ${TDOKU_REBUILD:-0} == 1 || ! -x $run_benchmark || ! -x $tdoku_solve ]]; then
  echo "building tdoku in $tdoku/build with $tdoku_cc / $tdoku_cxx" >&2
  (
    cd "$tdoku"
    export CC=$tdoku_cc CXX=$tdoku_cxx
    ./BUILD.sh run_benchmark
    ./BUILD.sh tdoku_static
    "$tdoku_cc" example/solve.c build/libtdoku_static.a -O3 -o build/solve -lstdc++ -lm
  ) >&2
fi
tdoku_info=$("$run_benchmark" -h | sed -n 's/^build info: //p')
tdoku_rev=$(git -C "$tdoku" rev-parse --short HEAD 2>/dev/null || echo unknown)

# ---- repeated files in a temporary folder
tmp=$(mktemp -d "${TMPDIR:-/tmp}/csp-compare-sudoku.XXXXXX")
trap 'rm -rf "$tmp"' EXIT


# check_solve_output N FILE: tdoku's example/solve printed N lines "puzzle:1:solution", each solution complete,
# consistent with its puzzle and every row, column and box a permutation of 1..9.
check_solve_output() {
  awk -F: -v want="$1" '
    { n++
      if ($2 != 1 || length($3) != 81 || $3 !~ /^[1-9]+$/) { bad++; next }
      for (i = 1; i <= 81; i++) {
        g = substr($1, i, 1)
        if (g ~ /[1-9]/ && g != substr($3, i, 1)) { bad++; next }
      }
      for (u = 0; u < 27; u++) {
        delete seen
        for (k = 0; k < 9; k++) {
          if (u < 9) { r = u; c = k } else if (u < 18) { r = k; c = u - 9 }
          else { b = u - 18; r = 3 * int(b / 3) + int(k / 3); c = 3 * (b % 3) + k % 3 }
          seen[substr($3, 9 * r + c + 1, 1)] = 1
        }
        if (length(seen) != 9) { bad++; next }
      }
    }
    END { exit (n == want && bad == 0) ? 0 : 1 }' "$2"
}

fmt_us() { awk -v v="$1" 'BEGIN { if (v == "") print "FAIL"; else if (v < 10) printf "%.2f", v; else printf "%.1f", v }'; }
# ratio A B WORD OTHER: "A/Bx WORD" when A >= B, else "B/Ax OTHER"
ratio() {
  awk -v a="$1" -v b="$2" -v w="$3" -v o="$4" 'BEGIN {
    if (a == "" || b == "" || a <= 0 || b <= 0) print "n/a"
    else if (a >= b) printf "%.2fx %s", a / b, w
    else printf "%.2fx %s", b / a, o }'
}
per() { [[ -z $1 ]] || awk -v w="$1" -v n="$2" 'BEGIN { print w / n }'; }  # per WALL_US PUZZLES
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

commit=$(git -C "$repo" rev-parse --short HEAD)
git -C "$repo" diff --quiet HEAD 2>/dev/null || commit="$commit (uncommitted changes in the work tree)"
status=0
echo "# Sudoku speed, tdoku vs Gecode anchor vs csp sudoku: $(date -u +%FT%TZ), commit $commit"
echo "# $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); REPS=${reps} (best kept), files repeated to >= $min_puzzles puzzles"
echo "# tdoku $tdoku_rev ($tdoku_info): run_benchmark -s tdoku -f -r0 -e1 -n<puzzles> -w$tdoku_secs -t$tdoku_secs -c1, usec/puzzle solve only; tdoku_proc_us: example/solve, whole process"
echo "# gecode: gecode_sudoku --quiet (--ipl dom --branch size --sols 1); csp: $csp (built $(date -u -r "$csp" +%FT%TZ)) sudoku (defaults) >/dev/null; whole-process wall / puzzles"
printf '%-40s %7s %9s %13s %10s %9s %15s %15s\n' file puzzles tdoku_us tdoku_proc_us gecode_us csp_us csp/gecode csp/tdoku
for name in $files; do
  src=$shared/puzzles/$name
  if [[ ! -f $src ]]; then
    echo "$me: $name not found in $shared/puzzles" >&2
    status=1
    continue
  fi
  lines=$(grep -Ecv '^[[:space:]]*(#|$)' "$src")  # puzzle lines; blank and comment lines are left out
  if ((lines == 0)); then
    echo "$me: no puzzle in $src" >&2
    status=1
    continue
  fi
  copies=$(((min_puzzles + lines - 1) / lines))
  rep_file=$tmp/${name%.txt}_x$copies.txt
  for ((i = 0; i < copies; i++)); do grep -Ev '^[[:space:]]*(#|$)' "$src"; done >"$rep_file"
  n=$((lines * copies))

  t_best='' tp_best='' g_best='' c_best=''
  for ((rep = 1; rep <= reps; rep++)); do
    # tdoku's harness: its usec/puzzle (CSV: compiler,version,flags,file,solver,puzzles/s,usec/puzzle,%no_guess,guesses)
    if LC_ALL=C "$run_benchmark" -s tdoku -f -r0 -e1 -n"$n" -w"$tdoku_secs" -t"$tdoku_secs" -c1 "$rep_file" \
      >"$tmp/tdoku.out" 2>&1; then
      t_us=$(awk -F, 'NF >= 9 && $(NF-4) == "tdoku" { print $(NF-2) }' "$tmp/tdoku.out" | tail -n1)
      if [[ -n $t_us ]]; then t_best=$(min "$t_best" "$t_us"); else
        echo "$me: tdoku run_benchmark printed no result on $name: $(cat "$tmp/tdoku.out")" >&2
        status=1
      fi
    else
      echo "$me: tdoku run_benchmark failed on $name: $(cat "$tmp/tdoku.out")" >&2
      status=1
    fi

    # tdoku's example/solve, whole process
    t0=${EPOCHREALTIME//[!0-9]/}  # µs; no process started
    if "$tdoku_solve" 1 <"$rep_file" >"$tmp/solve.out"; then
      t1=${EPOCHREALTIME//[!0-9]/}
      if check_solve_output "$n" "$tmp/solve.out"; then
        tp_best=$(min "$tp_best" "$((t1 - t0))")
      else
        echo "$me: tdoku example/solve: not $n verified solutions on $name" >&2
        status=1
      fi
    else
      echo "$me: tdoku example/solve failed on $name" >&2
      status=1
    fi

    # the Gecode anchor, whole process; it verifies each solution and prints one summary line
    t0=${EPOCHREALTIME//[!0-9]/}  # µs; no process started
    if "$gecode" --quiet "$rep_file" >"$tmp/gecode.out" 2>&1; then
      t1=${EPOCHREALTIME//[!0-9]/}
      if grep -q " puzzles=$n solved=$n verified=$n " "$tmp/gecode.out"; then
        g_best=$(min "$g_best" "$((t1 - t0))")
      else
        echo "$me: gecode: not $n verified solutions on $name: $(cat "$tmp/gecode.out")" >&2
        status=1
      fi
    else
      echo "$me: gecode failed on $name: $(cat "$tmp/gecode.out")" >&2
      status=1
    fi

    # csp sudoku, whole process: solutions to /dev/null, summary "summary: N puzzles: N solved" on standard error
    t0=${EPOCHREALTIME//[!0-9]/}  # µs; no process started
    if "$csp" sudoku "$rep_file" >/dev/null 2>"$tmp/csp.err"; then
      t1=${EPOCHREALTIME//[!0-9]/}
      if grep -qx "summary: $n puzzles: $n solved" "$tmp/csp.err"; then
        c_best=$(min "$c_best" "$((t1 - t0))")
      else
        echo "$me: csp: not $n solved on $name: $(cat "$tmp/csp.err")" >&2
        status=1
      fi
    else
      echo "$me: csp sudoku failed (exit status $?) on $name: $(cat "$tmp/csp.err")" >&2
      status=1
    fi
  done

  tp_us=$(per "$tp_best" "$n") g_us=$(per "$g_best" "$n") c_us=$(per "$c_best" "$n")
  printf '%-40s %7s %9s %13s %10s %9s %15s %15s\n' "$name" "$n" "$(fmt_us "$t_best")" "$(fmt_us "$tp_us")" \
    "$(fmt_us "$g_us")" "$(fmt_us "$c_us")" "$(ratio "$g_us" "$c_us" faster slower)" \
    "$(ratio "$c_us" "$t_best" slower faster)"
done
echo "# us = µs per puzzle, best of $reps; csp/gecode = gecode_us / csp_us; csp/tdoku = csp_us / tdoku_us; load average now $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
