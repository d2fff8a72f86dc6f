#!/usr/bin/env bash
# compare_scale.sh: csp vs Gecode (through MiniZinc) on the scale models, side by side in one run.
#
# For each instance, runs our release scale_bench on that one case (its own process: a crash, a timeout or running out
# of memory costs that row only) and `minizinc --solver gecode -D PARAM=SIZE MODEL.mzn -s` on the same model of
# SHARED_DIR/scale (never copied into this repository), then prints one Markdown table: csp search time and nodes
# (search alone; the build is its own column), Gecode's solveTime and nodes (its `%%%mzn-stat:` lines; flattening
# and initTime are their own column), the ratio Gecode / csp and the issue's goal for the row. A second table gives
# the peak memory of one variable over a huge range (csp only).
#
# Usage: bench/compare_scale.sh [INSTANCE...]   e.g. bench/compare_scale.sh chain:2000 lin2:1000000 int_range
#   INSTANCE is MODEL:SIZE, a size of the issue's table or a smaller step below it (list: --help), or int_range (the
#   memory table); default: the table's sizes and int_range.
# Environment:
#   BUILD_DIR       build folder (default: <repo>/build-bench; configured Release with CSP_BUILD_BENCH=ON if needed)
#   SHARED_DIR      folder with scale/*.mzn (default: <repo>/../shared)
#   CSP_TIMEOUT     csp time limit per instance in seconds (default 60; scale_bench kills the run after 1.1x + 1 s)
#   CSP_NODE_LIMIT  csp node limit per instance (default 50000000)
#   CSP_MEMORY_MB   csp address-space limit per instance in MB (default 4096)
#   GECODE_TIMEOUT  Gecode solver time limit in seconds (default 120)
#   FLATTEN_TIMEOUT MiniZinc's flattening gets this many seconds on top before the run is killed (default 300)
#   MINIZINC        the minizinc program (default: minizinc; `scripts/install-deps.sh --bench` installs it)
# Exit status: 0 when every goal of the table is met, 1 when some goal is not met (a row says which), 2 on a usage
# error, a missing tool or folder, or a wrong answer (a csp solution that fails its check).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
build=${BUILD_DIR:-$repo/build-bench}
build=$(realpath -m -- "$build")  # a relative BUILD_DIR is read from the calling folder
shared=${SHARED_DIR:-$repo/../shared}
csp_timeout=${CSP_TIMEOUT:-60}
csp_node_limit=${CSP_NODE_LIMIT:-50000000}
csp_memory_mb=${CSP_MEMORY_MB:-4096}
gecode_timeout=${GECODE_TIMEOUT:-120}
flatten_timeout=${FLATTEN_TIMEOUT:-300}
minizinc=${MINIZINC:-minizinc}

# MODEL PARAM SIZE GOAL_SECONDS (the issue's "within 1 s" goal; - = none); every row also has "csp >= Gecode".
# The sizes of the issue's table (run by default), then smaller steps (run when named) to see progress below them.
instances=(
  "chain n 2000 -"
  "chain n 20000 1"
  "lin2 h 1000000 1"
  "lin2 h 1000000000 -"
  "derangement n 2000 1"
  "derangement n 10000 -"
  "pathcolor n 200000 -"
  "pathcolor n 1000000 1"
)
steps=(
  "chain n 200 -"
  "chain n 800 -"
  "lin2 h 10000 -"
  "lin2 h 100000 -"
  "derangement n 200 -"
  "derangement n 500 -"
  "pathcolor n 10000 -"
  "pathcolor n 50000 -"
)

die() { echo "compare_scale.sh: $*" >&2; exit 2; }
names() { for row in "${instances[@]}" "${steps[@]}"; do read -r m _ z _ <<<"$row"; printf ' %s:%s' "$m" "$z"; done; }
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
  echo "Instances:$(names) int_range"
  exit 0
fi
for v in "$csp_timeout" "$csp_node_limit" "$csp_memory_mb" "$gecode_timeout" "$flatten_timeout"; do
  [[ $v =~ ^[0-9]+$ ]] || die "a limit is not a whole number: '$v'"
done
[[ -d $shared/scale ]] || die "no models at $shared/scale (set SHARED_DIR)"
command -v "$minizinc" >/dev/null || die "no '$minizinc' (install it with scripts/install-deps.sh --bench)"

# ---- which instances
selected=()
want_ranges=1
if (($# > 0)); then
  want_ranges=0
  for arg in "$@"; do
    if [[ $arg == int_range ]]; then want_ranges=1; continue; fi
    found=0
    for row in "${instances[@]}" "${steps[@]}"; do
      read -r model _ size _ <<<"$row"
      if [[ $arg == "$model:$size" ]]; then selected+=("$row"); found=1; fi
    done
    ((found)) || die "unknown instance '$arg' (valid:$(names) int_range)"
  done
else
  selected=("${instances[@]}")
fi

# ---- build our release bench program
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCSP_BUILD_BENCH=ON >&2
elif ! grep -q '^CSP_BUILD_BENCH:BOOL=ON' "$build/CMakeCache.txt"; then
  cmake -S "$repo" -B "$build" -DCSP_BUILD_BENCH=ON >&2
fi
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
[[ $build_type == Release ]] || die "$build is a '$build_type' build; use a Release build folder (BUILD_DIR)"
cmake --build "$build" --target scale_bench -j"$(nproc)" >&2
ours=$build/bench/scale_bench

tmp=$(mktemp -d "${TMPDIR:-/tmp}/csp-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ---- helpers
field() {  # field NAME LINE: the value of NAME=value in a scale_result line (before its error="...")
  local head=${2%% error=*}
  sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $head"
}
error_of() {  # the error="..." text of a scale_result line
  local e=${1#* error=\"}
  printf '%s' "${e%\"}"
}
stat() {  # stat NAME FILE: the first %%%mzn-stat: NAME=value of a MiniZinc output
  sed -n "s/^%%%mzn-stat: $1=\(.*\)$/\1/p" "$2" | head -n1
}
commas() { awk -v n="$1" 'BEGIN { s = sprintf("%d", n); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); print s }'; }
secs() { awk -v s="$1" 'BEGIN { printf "%.3f", s }'; }

run_csp() {  # run_csp NAME: the scale_result line of that case
  local line
  line=$(timeout -s KILL $((csp_timeout * 2 + 60)) "$ours" --benchmark_filter="^$1/" --benchmark_color=false \
    --scale_summary --scale_timeout_s="$csp_timeout" --scale_node_limit="$csp_node_limit" \
    --scale_memory_mb="$csp_memory_mb" 2>/dev/null | grep '^scale_result ' | head -n1) || true
  [[ -n $line ]] || line="scale_result name=$1 ok=0 status=error solve_s=0 nodes=0 build_s=0 peak_rss_kb=0 rss_growth_kb=0 error=\"scale_bench printed no result\""
  printf '%s\n' "$line"
}

commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n $(git -C "$repo" status --porcelain 2>/dev/null) ]]; then commit+=" (with uncommitted changes)"; fi
status=0
notes=()

echo "Scale models, csp vs Gecode: $(date -u +%F) at commit $commit, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "csp: scale_bench (mrv or first + natural + mac, gac all-different), time limit ${csp_timeout} s, node limit $csp_node_limit, ${csp_memory_mb} MB;"
echo "Gecode: $("$minizinc" --version | head -n1 | sed 's/, build.*//'), $("$minizinc" --solvers | sed -n 's/^ *\(Gecode [0-9.]*\) .*/\1/p' | head -n1), solver time limit ${gecode_timeout} s (+ ${flatten_timeout} s for flattening)."
echo "Times are seconds of search (csp: backtracking_search; Gecode: solveTime); ratio = Gecode / csp (>= 1.00x: csp is as fast)."
echo
if ((${#selected[@]} > 0)); then
  echo "| instance | csp status | csp s | csp nodes | csp build s | csp peak MB | Gecode status | Gecode s | Gecode nodes | Gecode flat + init s | ratio | goal | met |"
  echo "|---|---|--:|--:|--:|--:|---|--:|--:|--:|--:|---|---|"
fi
for row in "${selected[@]}"; do
  read -r model param size goal_s <<<"$row"
  name="scale/$model/$param:$size"
  echo "running $name" >&2

  # csp
  c_line=$(run_csp "$name")
  c_ok=$(field ok "$c_line")
  c_status=$(field status "$c_line")
  c_s=$(field solve_s "$c_line")
  if [[ $c_ok == 1 ]]; then
    c_time=$(secs "$c_s")
    c_nodes=$(commas "$(field nodes "$c_line")")
  elif [[ $c_status == limit-reached ]]; then  # what it did before the limit, in parentheses
    c_time="($(secs "$c_s"))"
    c_nodes="($(commas "$(field nodes "$c_line")"))"
    notes+=("csp $model $param=$size: $(error_of "$c_line")")
  else
    c_time="—"
    c_nodes="—"
    notes+=("csp $model $param=$size: $(error_of "$c_line")")
    if [[ $c_status == solved || $c_status == unsatisfiable ]]; then
      echo "compare_scale.sh: wrong answer from csp on $name: $(error_of "$c_line")" >&2
      status=2
    fi
  fi
  c_build=$(field build_s "$c_line")  # 0 when the run ended before the problem was built
  if [[ $c_build == 0 ]]; then c_build="—"; else c_build=$(secs "$c_build"); fi
  c_peak=$(awk -v k="$(field peak_rss_kb "$c_line")" 'BEGIN { printf "%.0f", k / 1024 }')

  # Gecode through MiniZinc
  out=$tmp/$model-$size.txt
  set +e
  timeout -s KILL $((gecode_timeout + flatten_timeout)) "$minizinc" --solver gecode --solver-time-limit $((gecode_timeout * 1000)) \
    -D "$param=$size" "$shared/scale/$model.mzn" -s >"$out" 2>&1
  g_rc=$?
  set -e
  g_s=$(stat solveTime "$out")
  g_nodes=$(stat nodes "$out")
  g_flat=$(stat flatTime "$out")
  g_init=$(stat initTime "$out")
  if grep -q '^----------$' "$out"; then
    g_status=solved
  elif grep -q '^=====UNSATISFIABLE=====$' "$out"; then
    g_status=unsatisfiable
  elif [[ $g_rc == 137 ]]; then
    g_status=timeout
    notes+=("Gecode $model $param=$size: killed after $((gecode_timeout + flatten_timeout)) s ($([[ -n $g_flat ]] && echo "flattening took ${g_flat} s" || echo "still flattening"))")
  else
    g_status=timeout
    [[ -n $g_s ]] || notes+=("Gecode $model $param=$size: no solveTime (exit status $g_rc)")
  fi
  g_time=$([[ $g_status == solved && -n $g_s ]] && secs "$g_s" || echo "—")
  g_nodes_text=$([[ -n $g_nodes ]] && commas "$g_nodes" || echo "—")
  [[ $g_status == solved ]] || [[ $g_nodes_text == "—" ]] || g_nodes_text="($g_nodes_text)"
  g_setup=$([[ -n $g_flat ]] && awk -v f="$g_flat" -v i="${g_init:-0}" 'BEGIN { printf "%.3f", f + i }' || echo "—")

  # ratio and goals: csp at least as fast as Gecode (or done when Gecode is not), and within GOAL_SECONDS
  if [[ $c_ok == 1 && $g_status == solved && -n $g_s ]]; then
    ratio=$(awk -v g="$g_s" -v c="$c_s" 'BEGIN { if (c > 0) printf "%.2fx", g / c; else print "inf" }')
  elif [[ $c_ok == 1 ]]; then
    ratio="csp only"
  elif [[ $g_status == solved ]]; then
    ratio="Gecode only"
  else
    ratio="—"
  fi
  goal=">= Gecode"
  met=yes
  if [[ $c_ok != 1 ]]; then
    met=no
  elif [[ $g_status == solved && -n $g_s ]] && awk -v g="$g_s" -v c="$c_s" 'BEGIN { exit !(c > g) }'; then
    met=no
  fi
  if [[ $goal_s != - ]]; then
    goal+=", <= $goal_s s"
    if [[ $c_ok != 1 ]] || awk -v c="$c_s" -v l="$goal_s" 'BEGIN { exit !(c > l) }'; then met=no; fi
  fi
  [[ $met == yes ]] || ((status == 2)) || status=1
  echo "| $model $param = $(commas "$size") | $c_status | $c_time | $c_nodes | $c_build | $c_peak | $g_status | $g_time | $g_nodes_text | $g_setup | $ratio | $goal | $met |"
done

# ---- one variable over a huge range: peak memory of add_variable + solve, over the 0..1 baseline
if ((want_ranges)); then
  echo "running scale/int_range" >&2
  base_line=$(run_csp "scale/int_range/lo:0/hi:1")
  base_kb=$(field rss_growth_kb "$base_line")
  echo
  echo "| one variable over | csp status | csp s | peak RSS MB | memory over the 0..1 baseline (KB) | goal | met |"
  echo "|---|---|--:|--:|--:|---|---|"
  # The widest domains (2^31 - 1 values); INT_MIN..INT_MAX has 2^32 and is refused with a ModelError by design.
  for range in "lo:-1073741823/hi:1073741823 -1073741823..1073741823" "lo:0/hi:2147483646 0..2147483646"; do
    read -r label text <<<"$range"
    line=$(run_csp "scale/int_range/$label")
    ok=$(field ok "$line")
    over=$(($(field rss_growth_kb "$line") - base_kb))
    met=no
    if [[ $ok == 1 ]] && ((over < 1024)); then met=yes; fi
    if [[ $ok != 1 ]]; then notes+=("csp add_variable(x, $text): $(error_of "$line")"); fi
    [[ $met == yes ]] || ((status == 2)) || status=1
    echo "| $text | $(field status "$line") | $([[ $ok == 1 ]] && secs "$(field solve_s "$line")" || echo "—") |" \
      "$(awk -v k="$(field peak_rss_kb "$line")" 'BEGIN { printf "%.1f", k / 1024 }') | $over | < 1,024 KB, solved | $met |"
  done
fi

if ((${#notes[@]} > 0)); then
  echo
  for note in "${notes[@]}"; do echo "- $note"; done
fi
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
