#!/usr/bin/env bash
# compare_minizinc.sh: csp vs Gecode through MiniZinc, side by side in one run.
#
# Corpus mode (default): every instance of CORPUS/instances.tsv (the MiniZinc corpus, 39 instances), one after the
# other, `minizinc --solver csp` and `minizinc --solver gecode -G std` (the flattening of the table's reference runs),
# both with `-s` and the same per-instance time limit (`--time-limit`, flattening included). What each run does:
#   sat with a known solution count: -a, answer = the number of solutions (complete: `==========`);
#   sat otherwise: the first solution, answer SAT / UNSAT;
#   opt: the whole optimisation, answer = the proved optimum (the last `_objective` before `==========`) or UNSAT.
# The answer is checked against the table's `expected` / `solutions` columns. Solver time = the solver's own
# initTime + solveTime (%%%mzn-stat; flattening excluded: csp's mznlib and -G std flatten differently); wall = the
# whole minizinc run. `faster`: the correct side with the smaller solver time (a side that is wrong or ran out of
# time loses). Summary: correct within the limit x/N, csp faster on y/N.
#
# Scale mode (--scale): the four scale models of SCALE_DIR (default: CORPUS/../scale) at the sizes of their README
# (plus pathcolor n = 1,000,000), `minizinc --solver csp` vs `minizinc --solver gecode` (Gecode's own mznlib, as the
# scale README measured), first solution, same columns (answer SAT).
#
# Usage: bench/compare_minizinc.sh [--scale] [--update] [--section NAME] [--timeout S] [--only ID[,ID...]] [CORPUS]
#   CORPUS      folder with instances.tsv (default: <repo>/../shared/minizinc; bench/instances holds the second
#               table's public instances); absent: prints "skipped", exit 0
#   --section   the marked section of bench/gecode.md that --update replaces (default: corpus, or scale)
#   --timeout   per-instance limit in seconds for each solver (default 60)
#   --only      run only these instance ids (corpus) or MODEL:SIZE names (scale); --update is refused with it
#   --update    also replace the marked section of bench/gecode.md (corpus or scale) with this run's table
# Environment: BUILD_DIR (default <repo>/build: csp_cli is built there first; it must be configured),
#   MINIZINC (default minizinc).
# Exit status: 0 every instance answered correctly within the limit, 1 some not (the table says which), 2 usage
# error or a missing tool.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
build=${BUILD_DIR:-$repo/build}
build=$(realpath -m -- "$build")  # a relative BUILD_DIR is read from the calling folder
minizinc=${MINIZINC:-minizinc}
limit=60
update=0
scale=0
only=""
corpus=""
section=""

die() { echo "compare_minizinc.sh: $*" >&2; exit 2; }
while (($# > 0)); do
  case $1 in
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --update) update=1 ;;
    --section) (($# > 1)) || die "--section needs a name"; section=$2; shift ;;
    --scale) scale=1 ;;
    --timeout) (($# > 1)) || die "--timeout needs a number of seconds"; limit=$2; shift ;;
    --only) (($# > 1)) || die "--only needs a list of ids"; only=",$2,"; shift ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) [[ -z $corpus ]] || die "one corpus folder only (got '$corpus' and '$1')"; corpus=$1 ;;
  esac
  shift
done
[[ $limit =~ ^[1-9][0-9]*$ ]] || die "--timeout: not a positive whole number of seconds: '$limit'"
[[ -z $only || $update == 0 ]] || die "--update writes the whole table: not with --only"
corpus=${corpus:-$repo/../shared/minizinc}
if [[ $scale == 1 ]]; then
  scale_dir=${SCALE_DIR:-$corpus/../scale}
  [[ -f $scale_dir/chain.mzn ]] || { echo "compare_minizinc.sh: no scale models at $scale_dir: skipped"; exit 0; }
else
  [[ -f $corpus/instances.tsv ]] || { echo "compare_minizinc.sh: no $corpus/instances.tsv: skipped"; exit 0; }
fi
command -v "$minizinc" >/dev/null || die "no '$minizinc' (scripts/install-deps.sh installs MiniZinc)"
[[ -f $build/CMakeCache.txt ]] || die "$build is not configured (cmake -S . -B build -DCMAKE_BUILD_TYPE=Release)"
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
[[ $build_type == Release ]] || die "$build is a '$build_type' build; use a Release build folder (BUILD_DIR)"
cmake --build "$build" --target csp_cli -j2 >&2
export MZN_SOLVER_PATH=$build/share/minizinc/solvers
solvers=$("$minizinc" --solvers)
grep -q org.csp.csp <<<"$solvers" || die "csp.msc not found in $MZN_SOLVER_PATH"
grep -q org.gecode.gecode <<<"$solvers" || die "MiniZinc has no Gecode solver"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/csp-mzn.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ---- helpers
stat() {  # stat NAME FILE: the last %%%mzn-stat: NAME=value of a MiniZinc output
  sed -n "s/^%%%mzn-stat: $1=\(.*\)$/\1/p" "$2" | tail -n1
}
commas() { awk -v n="$1" 'BEGIN { s = sprintf("%d", n); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); print s }'; }

# run SOLVER OUT ARGS...: minizinc with the time limit; sets r_wall (s), r_time (init + solve s, or "" when the
# solver printed none), r_nodes, r_complete (1 when `==========` or UNSATISFIABLE), r_count (`----------` lines),
# r_unsat, r_best (the last _objective), r_rc.
run() {
  local solver=$1 out=$2
  shift 2
  local flags=(--solver "$solver")
  [[ $solver == gecode && $scale == 0 ]] && flags+=(-G std)
  local start
  start=$(date +%s%N)
  set +e
  timeout -s KILL $((limit + 30)) "$minizinc" "${flags[@]}" -s --time-limit $((limit * 1000)) "$@" >"$out" 2>&1
  r_rc=$?
  set -e
  r_wall=$(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.2f", ns / 1e9 }')
  local init solve
  init=$(stat initTime "$out")
  solve=$(stat solveTime "$out")
  r_time=""
  [[ -n $solve ]] && r_time=$(awk -v i="${init:-0}" -v s="$solve" 'BEGIN { printf "%.3f", i + s }')
  r_nodes=$(stat nodes "$out")
  r_count=$(grep -c -- '^----------$' "$out" || true)
  r_unsat=0
  grep -q '^=====UNSATISFIABLE=====$' "$out" && r_unsat=1
  r_complete=$r_unsat
  grep -q '^==========$' "$out" && r_complete=1
  r_best=$(grep -o '^_objective = -\?[0-9]*' "$out" | tail -n1 | grep -o -- '-\?[0-9]*$' || true)
  return 0
}

# answer KIND EXPECTED SOLUTIONS: sets a_text (what the run answered) and a_ok (1 when right within the limit)
answer() {
  local kind=$1 expected=$2 solutions=$3
  a_ok=0
  if ((r_rc != 0 && r_rc != 137)); then
    a_text="error (exit $r_rc)"
    return 0
  fi
  if ((r_unsat)); then
    a_text=UNSAT
    [[ $expected == UNSAT ]] && a_ok=1
  elif [[ $kind == opt ]]; then
    if ((r_complete)) && [[ -n $r_best ]]; then
      a_text=$r_best
      [[ $r_best == "$expected" ]] && a_ok=1
    elif [[ -n $r_best ]]; then
      a_text="$r_best, unproved"
    else
      a_text="none"
    fi
  elif [[ $solutions != - ]]; then
    a_text="$r_count sol."
    ((r_complete)) || a_text+=", incomplete"
    ((r_complete)) && [[ $r_count == "$solutions" ]] && a_ok=1
  elif ((r_count > 0)); then
    a_text=SAT
    [[ $expected == SAT ]] && a_ok=1
  else
    a_text="none"
  fi
  if ((r_rc == 137)) || awk -v w="$r_wall" -v l="$limit" 'BEGIN { exit !(w > l) }'; then
    a_ok=0
    a_text+=" (killed)"
    ((r_rc == 137)) || a_text="${a_text% (killed)} (> ${limit} s)"
  fi
  return 0
}

cell_time() { [[ -n $1 ]] && echo "$1" || echo "—"; }
cell_nodes() { [[ -n $1 ]] && commas "$1" || echo "—"; }

commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
[[ -z $(git -C "$repo" status --porcelain 2>/dev/null) ]] || commit+=" (with uncommitted changes)"
table=$tmp/table.md
total=0
correct=0
faster=0
{
  echo "Run $(date -u '+%F %H:%M') UTC at commit $commit, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)" \
    "at the start; $("$minizinc" --version | head -n1 | sed 's/, build.*//'), Gecode" \
    "$(sed -n 's/^ *Gecode \([0-9.]*\) .*/\1/p' <<<"$solvers" | head -n1)$([[ $scale == 1 ]] || echo ' (-G std)');" \
    "limit ${limit} s per instance and solver."
  echo
  echo "| instance | kind | expected | csp answer | csp s | csp wall s | csp nodes | Gecode answer | Gecode s | Gecode wall s | Gecode nodes | faster |"
  echo "|---|---|---|---|--:|--:|--:|---|--:|--:|--:|---|"
} >"$table"

# one_instance ID KIND EXPECTED SOLUTIONS MODEL [ARGS...]: both solvers, one table row
one_instance() {
  local id=$1 kind=$2 expected=$3 solutions=$4
  shift 4
  local args=("$@")
  # dzn output: MiniZinc drops a solution whose printed text repeats the previous one, so the model's own output
  # item could hide solutions (areas_3_3_3 prints 5 of its 7)
  args=(--output-mode dzn "${args[@]}")
  [[ $kind == sat && $solutions != - ]] && args=(-a "${args[@]}")
  [[ $kind == opt ]] && args=(--output-objective "${args[@]}")
  echo "running $id" >&2
  run csp "$tmp/csp.out" "${args[@]}"
  answer "$kind" "$expected" "$solutions"
  local c_text=$a_text c_ok=$a_ok c_time=$r_time c_wall=$r_wall c_nodes=$r_nodes
  run gecode "$tmp/gecode.out" "${args[@]}"
  answer "$kind" "$expected" "$solutions"
  local g_text=$a_text g_ok=$a_ok g_time=$r_time g_wall=$r_wall g_nodes=$r_nodes
  local who="—"
  if ((c_ok && g_ok)); then
    who=$(awk -v c="${c_time:-$c_wall}" -v g="${g_time:-$g_wall}" 'BEGIN { print (c < g) ? "csp" : (g < c) ? "Gecode" : "tie" }')
  elif ((c_ok)); then
    who=csp
  elif ((g_ok)); then
    who=Gecode
  fi
  total=$((total + 1))
  correct=$((correct + c_ok))
  [[ $who == csp ]] && faster=$((faster + 1))
  local shown=$expected
  [[ $kind == sat && $solutions != - && $expected != UNSAT ]] && shown="$solutions sol."
  [[ $c_ok == 1 ]] || c_text="**$c_text**"
  echo "| $id | $kind | $shown | $c_text | $(cell_time "$c_time") | $c_wall | $(cell_nodes "$c_nodes") |" \
    "$g_text | $(cell_time "$g_time") | $g_wall | $(cell_nodes "$g_nodes") | $who |" >>"$table"
}

selected() { [[ -z $only || $only == *",$1,"* ]]; }

if [[ $scale == 0 ]]; then
  cp -r "$corpus"/. "$tmp/corpus/"   # MiniZinc writes MODEL.ozn next to the model: never into the corpus
  cd "$tmp/corpus"
  while IFS=$'\t' read -r id _problem model data kind expected solutions _rest; do
    [[ $id == id ]] && continue
    selected "$id" || continue
    dzn=()
    [[ $data != - ]] && dzn=("$data")
    one_instance "$id" "$kind" "$expected" "$solutions" "$model" "${dzn[@]}"
  done <instances.tsv
  marker=corpus
else
  mkdir "$tmp/scale"
  cp "$scale_dir"/*.mzn "$tmp/scale/"
  cd "$tmp/scale"
  for row in "chain n 2000" "chain n 20000" "lin2 h 1000000" "lin2 h 1000000000" "derangement n 2000" \
    "derangement n 10000" "pathcolor n 200000" "pathcolor n 1000000"; do
    read -r model param size <<<"$row"
    selected "$model:$size" || continue
    one_instance "$model $param = $(commas "$size")" sat SAT - "$model.mzn" -D "$param=$size"
  done
  marker=scale
fi
{
  echo
  echo "Correct within ${limit} s: csp $correct/$total; csp faster on $faster/$total."
  echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
} >>"$table"
cat "$table"

if ((update)); then
  marker=${section:-$marker}
  readme=$repo/bench/gecode.md
  begin="<!-- compare_minizinc.sh $marker: begin -->"
  end="<!-- compare_minizinc.sh $marker: end -->"
  grep -qF "$begin" "$readme" && grep -qF "$end" "$readme" || die "no '$begin' ... '$end' section in $readme"
  awk -v b="$begin" -v e="$end" -v t="$table" '
    $0 == b { print; while ((getline line < t) > 0) print line; skip = 1; next }
    $0 == e { skip = 0 }
    !skip { print }' "$readme" >"$tmp/readme" && cp "$tmp/readme" "$readme"
  echo "updated $readme" >&2
fi
((correct == total))
