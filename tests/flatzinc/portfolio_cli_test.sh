#!/usr/bin/env bash
# csp fzn -p N (the parallel portfolio) answers as -p 1: the same optimum proved, the same UNSATISFIABLE, a
# solution on satisfiable models, the same count with -a; --deterministic repeats its output; -s prints each
# improved bound with its nodes and time, in order; --progress prints lines on standard error; MiniZinc passes -p
# through (when minizinc is installed).
# Usage: portfolio_cli_test.sh CSP DATA_DIR [SOLVER_DIR]   (DATA_DIR: tests/flatzinc/data; SOLVER_DIR holds csp.msc)
CSP=$1
DATA=$2
SOLVERS=${3:-}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

pigeons() {  # N pigeons in N-1 holes, pairwise int_ne: unsatisfiable, and a tree of (N-1)! leaves for plain search
  local n=$1 i j
  for ((i = 1; i <= n; i++)); do echo "var 1..$((n - 1)): p$i :: output_var;"; done
  for ((i = 1; i <= n; i++)); do for ((j = i + 1; j <= n; j++)); do echo "constraint int_ne(p$i, p$j);"; done; done
  echo "solve satisfy;"
}
pigeons 5 >"$TMP/pigeons5.fzn"
pigeons 12 >"$TMP/pigeons12.fzn"

# The answer lines of a run: the last solution and the status line ('==========', '=====UNSATISFIABLE=====').
answer() { grep -v '^%' "$TMP/out" | tail -"$1"; }

for p in 2 3; do
  for model in knapsack weighted_distinct; do
    run fzn -p 1 "$DATA/$model.fzn"
    one=$(answer 3)
    run fzn -p $p "$DATA/$model.fzn"
    expect_code 0 "$model -p $p"
    expect_eq "$(answer 3 | grep -v '^[a-z]* = array')" "$(grep -v '^[a-z]* = array' <<<"$one")" "$model: -p $p proves the optimum of -p 1"
  done
  run fzn -p $p "$TMP/pigeons5.fzn"
  expect_code 0 "pigeons -p $p"
  expect_eq "$(cat "$TMP/out")" "=====UNSATISFIABLE=====" "pigeons: -p $p proves unsatisfiability"
  run fzn -p $p "$DATA/queens6.fzn"
  expect_count '^----------$' 1 "queens6 -p $p: one solution"
  expect_out '^q = array1d\(1\.\.6, \[[1-6, ]+\]\);$' "queens6 -p $p: a placement (checked by csp before printing)"
  run fzn -p $p -a "$DATA/queens6.fzn"
  expect_count '^----------$' 4 "queens6 -p $p -a: the 4 solutions (an enumeration runs one search)"
  expect_out '^==========$' "queens6 -p $p -a: complete"
done

run fzn -p 2 -s "$DATA/weighted_distinct.fzn"
expect_out '^%%%mzn-stat: searches=2$' "-p 2 -s: two searches ran"
run fzn -p 3 -s -a "$DATA/queens6.fzn"
expect_out '^%%%mzn-stat: searches=1$' "-p 3 -a: one search enumerates"

# --deterministic: the same output on every run (the times aside).
strip_times() { grep -v 'Time=' "$TMP/out"; }
run fzn -p 3 --deterministic -s "$DATA/queens6.fzn"
first=$(strip_times)
run fzn -p 3 --deterministic -s "$DATA/queens6.fzn"
expect_eq "$(strip_times)" "$first" "--deterministic repeats itself (queens6)"
run fzn -p 3 --deterministic -s "$DATA/weighted_distinct.fzn"
first=$(strip_times)
run fzn -p 3 --deterministic -s "$DATA/weighted_distinct.fzn"
expect_eq "$(strip_times)" "$first" "--deterministic repeats itself (weighted_distinct)"
expect_out '^obj = 310;$' "--deterministic: the optimum"

# Without -a or -i an optimisation prints its best solution only, once; -s then writes one statistics block.
for p in 1 2; do
  run fzn -p $p -s "$DATA/weighted_distinct.fzn"
  expect_count '^----------$' 1 "-p $p without -i: one solution printed"
  expect_out '^obj = 310;$' "-p $p without -i: the optimum"
  expect_count '^%%%mzn-stat-end$' 1 "-p $p -s without -i: one statistics block"
done

# -i (or -a) -s: each improved bound, in order, with nodes and a time that does not decrease.
for p in 1 2; do
  run fzn -p $p -s -i "$DATA/weighted_distinct.fzn"
  objectives=$(grep -o '^%%%mzn-stat: objective=[0-9]*' "$TMP/out" | grep -o '[0-9]*$')
  solutions=$(grep -o '^obj = [0-9]*' "$TMP/out" | grep -o '[0-9]*$')
  expect_eq "$objectives" "$solutions" "-p $p -s: one objective statistic per printed solution, the same values"
  n=$(wc -l <<<"$objectives")
  [[ $n -ge 2 ]] && ok || bad "-p $p -s: $n improvements, expected at least 2"
  expect_eq "$(sort -n <<<"$objectives" | uniq)" "$objectives" "-p $p -s: the bounds increase (maximize)"
  expect_eq "$(tail -1 <<<"$objectives")" "310" "-p $p -s: the last bound is the optimum"
  times=$(grep -o '^%%%mzn-stat: solveTime=[0-9.]*' "$TMP/out" | grep -o '[0-9.]*$')
  expect_eq "$(wc -l <<<"$times")" "$((n + 1))" "-p $p -s: a time per improvement, and the final one"
  expect_eq "$(sort -g <<<"$times")" "$times" "-p $p -s: the times do not decrease"
  nodes=$(awk '/^%%%mzn-stat: objective=/ { getline; sub(/.*=/, ""); print }' "$TMP/out")
  expect_eq "$(sort -n <<<"$nodes")" "$nodes" "-p $p -s: the nodes do not decrease"
done

# --progress: lines on standard error while a long search runs (pigeons 12: stopped by -t).
run fzn --progress-interval 0.05 -t 600 -f --var first --inference fc "$TMP/pigeons12.fzn"
expect_out '^=====UNKNOWN=====$' "pigeons12 -t 600: no answer in time"
n=$(grep -cE '^csp fzn: [0-9.]+ s, [0-9]+ nodes, [0-9]+ failures, 0 solutions$' "$TMP/err")
[[ $n -ge 3 ]] && ok || bad "--progress-interval 0.05 over 0.6 s: $n progress lines, expected at least 3"
run fzn -p 2 --progress-interval 0.05 -t 600 "$TMP/pigeons12.fzn"
n=$(grep -cE '^csp fzn: [0-9.]+ s, [0-9]+ nodes' "$TMP/err")
[[ $n -ge 3 ]] && ok || bad "-p 2 --progress-interval 0.05: $n progress lines, expected at least 3"
run fzn --progress -t 300 "$TMP/pigeons12.fzn"
expect_code 0 "--progress"

# Errors: exit status 2 with the option named.
run fzn -p 0 "$DATA/queens6.fzn"
expect_code 2 "-p 0"
expect_err 'parallel' "-p 0 names the option"
run fzn --progress-interval soon "$DATA/queens6.fzn"
expect_code 2 "--progress-interval soon"
expect_err 'progress-interval' "names the option"

# minizinc --solver csp -p 2 passes -p through (csp.msc lists -p among its standard flags).
if [[ -n $SOLVERS ]] && command -v minizinc >/dev/null; then
  export MZN_SOLVER_PATH=$SOLVERS
  cat >"$TMP/w.mzn" <<'EOF'
array [1..6] of var 0..9: x;
constraint forall (i, j in 1..6 where i < j) (x[i] != x[j]);
var int: obj = sum (i in 1..6) ((11 - i) * x[i]);
solve :: int_search(x, input_order, indomain_min) maximize obj;
output ["obj = \(obj);\n"];
EOF
  out=$(minizinc --solver csp -p 2 -s -i "$TMP/w.mzn" 2>&1)
  grep -q '^%%%mzn-stat: searches=2$' <<<"$out" && ok || bad "minizinc -p 2: csp ran 2 searches: $(head -c 300 <<<"$out")"
  grep -q '^obj = 310;$' <<<"$out" && ok || bad "minizinc -p 2: the optimum 310"
  [[ $(grep -c '^obj = ' <<<"$out") -ge 2 ]] && ok || bad "minizinc -s -i: the improving solutions"
  out=$(minizinc --solver csp -s "$TMP/w.mzn" 2>&1)
  expect_eq "$(grep '^obj = ' <<<"$out")" "obj = 310;" "minizinc without -i: the optimum alone (as Gecode prints it)"
else
  echo "minizinc or its solver folder absent: the pass-through check skipped"
fi
finish
