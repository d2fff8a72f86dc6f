#!/usr/bin/env bash
# Set variables through `minizinc --solver csp`: csp's mznlib includes MiniZinc's nosets library, which turns each
# `var set of` into an array of var bool (and the output model prints the sets back). tests/flatzinc/sets/: a
# satisfaction model (all 48 solutions, the same set as Gecode's) and an optimisation model (the optimum 87, as
# Gecode proves it). Usage: sets_test.sh SOLVER_DIR MODELS_DIR (SOLVER_DIR holds csp.msc). Skips (77) without
# minizinc.
set -u
solver_dir=$(cd "$1" && pwd) || exit 1
models=$2
command -v minizinc >/dev/null || { echo "minizinc not installed: skipped"; exit 77; }
export MZN_SOLVER_PATH=$solver_dir
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$models"/*.mzn "$work/"  # MiniZinc writes MODEL.ozn next to the model
cd "$work" || exit 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

out=$(minizinc --solver csp -a partition.mzn 2>&1) || fail "partition.mzn: exit status $?"
grep '^a = ' <<<"$out" | sort >csp.txt
[ "$(wc -l <csp.txt)" = 48 ] || fail "partition.mzn: $(wc -l <csp.txt) solutions, expected 48"
[ "$(sort -u csp.txt | wc -l)" = 48 ] || fail "partition.mzn: a solution printed twice"
grep -q '^==========$' <<<"$out" || fail "partition.mzn: the search did not complete"
if minizinc --solvers 2>/dev/null | grep -q org.gecode.gecode; then
  minizinc --solver gecode -a partition.mzn 2>/dev/null | grep '^a = ' | sort >gecode.txt
  cmp -s csp.txt gecode.txt || fail "partition.mzn: the solutions differ from Gecode's: $(diff csp.txt gecode.txt | head -4)"
fi

out=$(minizinc --solver csp heaviest_subset.mzn 2>&1) || fail "heaviest_subset.mzn: exit status $?"
last=$(grep '^s = ' <<<"$out" | tail -1)
[ "$last" = "s = {4,7}; total = 87;" ] || fail "heaviest_subset.mzn: last solution '$last', expected s = {4,7}; total = 87"
grep -q '^==========$' <<<"$out" || fail "heaviest_subset.mzn: the optimum was not proved"

[ $failures -eq 0 ] && echo "ok: set variables through nosets (48 solutions as Gecode; optimum 87 proved)"
exit $((failures > 0))
