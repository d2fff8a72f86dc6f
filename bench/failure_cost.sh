#!/usr/bin/env bash
# failure_cost.sh: time per failure, csp against Gecode, on the MiniZinc corpus.
#
# Runs every instance of CORPUS/instances.tsv as compare_minizinc.sh does (`minizinc --solver csp` and
# `minizinc --solver gecode -G std`, `-s`, `--output-mode dzn`, -a for satisfaction instances with a known solution
# count, the whole optimisation otherwise), one after the other, and prints one Markdown row per instance: each
# solver's failures (`%%%mzn-stat: failures`), its solveTime in seconds and its time per failure in microseconds
# (solveTime / failures; "—" under 100 failures, where start-up dominates), and the ratio csp / Gecode of the two
# times per failure. The machine's load average is printed before and after: compare the columns of one run.
#
# Usage: bench/failure_cost.sh [--timeout S] [--only ID[,ID...]] [CORPUS]
#   CORPUS      folder with instances.tsv (default: <repo>/../shared/minizinc); absent: prints "skipped", exit 0
#   --timeout   per-instance limit in seconds for each solver (default 60)
#   --only      run only these instance ids
# Environment: BUILD_DIR (default <repo>/build, a configured Release build; csp_cli is built there first),
#   MINIZINC (default minizinc). Exit status 0, or 2 on a usage error or a missing tool.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
build=${BUILD_DIR:-$repo/build}
build=$(realpath -m -- "$build")  # a relative BUILD_DIR is read from the calling folder
minizinc=${MINIZINC:-minizinc}
limit=60
only=""
corpus=""

die() { echo "failure_cost.sh: $*" >&2; exit 2; }
while (($# > 0)); do
  case $1 in
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --timeout) (($# > 1)) || die "--timeout needs a number of seconds"; limit=$2; shift ;;
    --only) (($# > 1)) || die "--only needs a list of ids"; only=",$2,"; shift ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) [[ -z $corpus ]] || die "one corpus folder only"; corpus=$1 ;;
  esac
  shift
done
[[ $limit =~ ^[1-9][0-9]*$ ]] || die "--timeout: not a positive whole number of seconds: '$limit'"
corpus=${corpus:-$repo/../shared/minizinc}
[[ -f $corpus/instances.tsv ]] || { echo "failure_cost.sh: no $corpus/instances.tsv: skipped"; exit 0; }
command -v "$minizinc" >/dev/null || die "no '$minizinc' (scripts/install-deps.sh installs MiniZinc)"
[[ -f $build/CMakeCache.txt ]] || die "$build is not configured (cmake -S . -B build -DCMAKE_BUILD_TYPE=Release)"
cmake --build "$build" --target csp_cli -j2 >&2
export MZN_SOLVER_PATH=$build/share/minizinc/solvers

tmp=$(mktemp -d "${TMPDIR:-/tmp}/csp-failures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
stat() { sed -n "s/^%%%mzn-stat: $1=\(.*\)$/\1/p" "$2" | tail -n1; }

# run SOLVER ARGS...: sets r_fail and r_solve (seconds; "" when the solver printed none)
run() {
  local solver=$1
  shift
  local flags=(--solver "$solver")
  [[ $solver == gecode ]] && flags+=(-G std)
  timeout -s KILL $((limit + 30)) "$minizinc" "${flags[@]}" -s --time-limit $((limit * 1000)) "$@" \
    >"$tmp/out" 2>&1 || true
  r_fail=$(stat failures "$tmp/out")
  r_solve=$(stat solveTime "$tmp/out")
}
per_failure() {  # per_failure FAILURES SECONDS: microseconds per failure, or — under 100 failures
  awk -v f="${1:-0}" -v s="${2:-0}" 'BEGIN { if (f < 100 || s == "") print "—"; else printf "%.1f", s * 1e6 / f }'
}

commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "Run $(date -u '+%F %H:%M') UTC at commit $commit, $(nproc) cores, load average" \
  "$(cut -d' ' -f1-3 /proc/loadavg) at the start; limit ${limit} s per instance and solver."
echo
echo "| instance | csp failures | csp solve s | csp µs/failure | Gecode failures | Gecode solve s | Gecode µs/failure | ratio |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
cp -r "$corpus"/. "$tmp/corpus/"
cd "$tmp/corpus"
while IFS=$'\t' read -r id _problem model data kind _expected solutions _rest; do
  [[ $id == id ]] && continue
  [[ -z $only || $only == *",$id,"* ]] || continue
  args=(--output-mode dzn "$model")
  [[ $data != - ]] && args+=("$data")
  [[ $kind == sat && $solutions != - ]] && args=(-a "${args[@]}")
  echo "running $id" >&2
  run csp "${args[@]}"
  c_fail=$r_fail c_solve=$r_solve
  run gecode "${args[@]}"
  g_fail=$r_fail g_solve=$r_solve
  c_per=$(per_failure "$c_fail" "$c_solve")
  g_per=$(per_failure "$g_fail" "$g_solve")
  ratio=$(awk -v c="$c_per" -v g="$g_per" 'BEGIN { if (c == "—" || g == "—" || g == 0) print "—"; else printf "%.1f", c / g }')
  echo "| $id | ${c_fail:-—} | ${c_solve:-—} | $c_per | ${g_fail:-—} | ${g_solve:-—} | $g_per | $ratio |"
done <instances.tsv
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
