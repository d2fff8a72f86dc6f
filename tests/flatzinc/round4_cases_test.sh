#!/usr/bin/env bash
# The round-4 handed cases of ../shared/cases/cases.tsv (BH-70, BH-79, BH-92, BH-93), each as its kind: csp's
# MiniZinc library and builtins read MiniZinc's std definitions to the letter (zero durations, empty arrays), every
# reader is linear and stops on a signal, nesting is bounded, `var int` without bounds is read as csp's widest
# domain, and a capped flag or a dropped self-loop is said on standard error. The rows' own files are read when
# ../shared/cases is there; every sibling below is written here and always runs.
# Usage: round4_cases_test.sh CSP SOLVERS_DIR SHARED_DIR
CSP=$1
export MZN_SOLVER_PATH=$2
CASES=$3/cases
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
have_minizinc() { command -v minizinc >/dev/null; }
solutions() { grep -c -- '^----------$' "$TMP/out"; }

# BH-70: disjunctive with a zero-duration task: it may sit anywhere, even inside another task (MiniZinc's std).
cat >"$TMP/disj.mzn" <<'MZN'
include "disjunctive.mzn";
array[1..3] of var 0..3: s;
constraint disjunctive(s, [0, 2, 2]);
solve satisfy;
MZN
if have_minizinc; then
  minizinc --solver csp -a "$TMP/disj.mzn" >"$TMP/out" 2>"$TMP/err"; code=$?
  expect_code 0 "BH-70 compiles and solves"; expect_eq "$(solutions)" 24 "BH-70: 24 solutions (4 x 6)"
  # Its kind: variable durations that may be zero, and every duration zero.
  sed 's/\[0, 2, 2\]/[d1, 2, 2]/; s/^solve/var 0..2: d1;\nsolve/' "$TMP/disj.mzn" >"$TMP/disj_var.mzn"
  minizinc --solver csp -a "$TMP/disj_var.mzn" >"$TMP/out" 2>"$TMP/err"
  expect_eq "$(solutions)" 28 "disjunctive, a variable duration 0..2: 24 + 4 + 0 (brute force)"
  sed 's/\[0, 2, 2\]/[0, 0, 0]/' "$TMP/disj.mzn" >"$TMP/disj_zero.mzn"
  minizinc --solver csp -a "$TMP/disj_zero.mzn" >"$TMP/out" 2>"$TMP/err"
  expect_eq "$(solutions)" 64 "disjunctive of zero-duration tasks: any start (4^3)"
fi
if [[ -f $CASES/files/BH-70_disj.mzn ]] && have_minizinc; then
  minizinc --solver csp -a "$CASES/files/BH-70_disj.mzn" >"$TMP/out" 2>"$TMP/err"
  expect_eq "$(grep -c '^s = ' "$TMP/out")" 24 "BH-70 row: 24 solutions"
fi

# BH-79: the poster and the checker of csp_subcircuit / csp_circuit read one definition: the empty subcircuit
# holds (also of no node), a circuit of no node does not.
printf 'var 1..2: y :: output_var;\nconstraint csp_subcircuit([], 1);\nsolve satisfy;\n' >"$TMP/sub0.fzn"
run fzn -a "$TMP/sub0.fzn"; expect_code 0 "BH-79: no internal error"; expect_eq "$(solutions)" 2 "BH-79: y free"
printf 'var 1..2: y :: output_var;\nconstraint csp_circuit([], 1);\nsolve satisfy;\n' >"$TMP/circ0.fzn"
run fzn -a "$TMP/circ0.fzn"; expect_code 0 "circuit of no node"; expect_out '^=====UNSATISFIABLE=====$' "circuit of no node"
printf 'var 1..1: a :: output_var;\nconstraint csp_subcircuit([a], 1);\nsolve satisfy;\n' >"$TMP/sub1.fzn"
run fzn -a "$TMP/sub1.fzn"; expect_code 0 "subcircuit of one node"; expect_eq "$(solutions)" 1 "subcircuit of one node"
if [[ -f $CASES/files/BH-79_sub_empty.fzn ]]; then
  run fzn -a "$CASES/files/BH-79_sub_empty.fzn"; expect_code 0 "BH-79 row"; expect_no_out 'internal error' "BH-79 row"
fi

# BH-92: a set literal is sorted once (50,000 and 10^6 values), and every value of it counts.
awk 'BEGIN { printf "var 0..2000000: x :: output_var;\nconstraint set_in(x, {"
  for (i = 1000000; i >= 1; i--) printf "%d%s", 2 * i - 1, (i > 1 ? "," : "")
  print "});\nconstraint int_le(1999990, x);\nsolve satisfy;" }' >"$TMP/bigset.fzn"
SECONDS=0
run fzn -a "$TMP/bigset.fzn"; expect_code 0 "a 10^6-value set literal"
expect_eq "$(solutions)" 5 "odd values 1999991..1999999"
((SECONDS < 20)) && ok || bad "a 10^6-value set literal took $SECONDS s (linear: well under a second)"

# ... and a signal stops a read: 200,000 constraints take a few seconds to read and build.
awk 'BEGIN { n = 200000; for (i = 0; i < n; i++) print "var 0..9: x" i ";"
  for (i = 1; i < n; i++) print "constraint int_lin_le([1,-1],[x" i - 1 ",x" i "],0);"
  print "solve satisfy;" }' >"$TMP/chain.fzn"
"$CSP" fzn "$TMP/chain.fzn" >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 0.4
start=$(date +%s%N)
kill -TERM $pid
wait $pid; code=$?
ms=$((($(date +%s%N) - start) / 1000000))
expect_code 0 "SIGTERM during a read: the run ends as at a limit"
expect_out '^(=====UNKNOWN=====|----------)$' "SIGTERM during a read: UNKNOWN (or a search that began)"
((ms < 1500)) && ok || bad "SIGTERM during a read: took $ms ms to stop"
run fzn -t 100 "$TMP/chain.fzn"; expect_code 0 "-t during a read"; expect_out '^=====UNKNOWN=====$' "-t 100 during a read"

# BH-93: nesting is bounded in every expression (array literals, calls, search annotations): a FILE:LINE error.
deep() { local d=$1 open=$2 close=$3 s="" e=""; for ((k = 0; k < d; k++)); do s+=$open; e+=$close; done; printf '%s1%s' "$s" "$e"; }
printf 'var 1..3: x :: output_var;\nsolve :: foo(%s) satisfy;\n' "$(deep 40000 '[' ']')" >"$TMP/deeparr.fzn"
printf 'var 1..3: x :: output_var :: %s;\nsolve satisfy;\n' "$(deep 100000 'f(' ')')" >"$TMP/deepparen.fzn"
{ printf 'var 1..3: x :: output_var;\nsolve :: '
  for ((k = 0; k < 20000; k++)); do printf 'seq_search(['; done
  printf 'int_search([x],input_order,indomain_min,complete)'
  for ((k = 0; k < 20000; k++)); do printf '])'; done
  printf ' satisfy;\n'; } >"$TMP/deepann.fzn"
for f in deeparr deepparen deepann; do
  run fzn "$TMP/$f.fzn"; expect_code 2 "BH-93 $f: a usage error, no signal"
  expect_err "$f.fzn:[12]: expressions nested deeper than 200 levels" "BH-93 $f: FILE:LINE and the limit"
done
printf 'var 1..3: x :: output_var;\nsolve :: %s satisfy;\n' \
  "$(deep 30 'seq_search([' '])' | sed 's/1/int_search([x],input_order,indomain_max,complete)/')" >"$TMP/nested30.fzn"
run fzn "$TMP/nested30.fzn"; expect_code 0 "30 nested seq_search"; expect_out '^x = 3;$' "30 nested seq_search: indomain_max"

# var int without bounds: csp's widest domain, bounds propagation, the answer's range said on standard error.
printf 'var int: x :: output_var;\nvar 1..5: y :: output_var;\nconstraint int_lin_eq([1,-2],[x,y],3);\nsolve maximize x;\n' >"$TMP/ub.fzn"
run fzn "$TMP/ub.fzn"; expect_code 0 "var int"; expect_out '^x = 13;$' "var int: x = 2y + 3, maximised"
expect_out '^==========$' "var int: optimum"; expect_err 'declared without bounds.*-1073741823\.\.1073741823' "var int: the range said"
printf 'var int: x :: output_var;\nvar 0..3: y :: output_var;\nconstraint int_times(x,x,y);\nsolve satisfy;\n' >"$TMP/sq.fzn"
run fzn -a -t 10000 "$TMP/sq.fzn"; expect_eq "$(solutions)" 3 "x * x = y over var int: x in -1..1"
printf 'var int: x :: output_var;\nconstraint int_le(x, 5);\nconstraint int_le(-3, x);\nconstraint int_ne(x, 0);\nconstraint set_in(x, 1..3);\nsolve satisfy;\n' >"$TMP/ub_unary.fzn"
run fzn -a "$TMP/ub_unary.fzn"; expect_eq "$(solutions)" 3 "unary constraints on var int: 1..3"
printf 'var int: x :: output_var;\nconstraint int_le(2000000000, x);\nsolve satisfy;\n' >"$TMP/ub_far.fzn"
run fzn "$TMP/ub_far.fzn"; expect_code 2 "a value beyond the widest domain"
expect_err 'ub_far.fzn:2: int_le: value 2000000000 is outside -1073741823..1073741823' "refused by value, the limit named"

# Flags never changed silently; output_array's index sets match the array.
run fzn -p 1000 "$TMP/sub1.fzn"; expect_code 0 "-p 1000"; expect_err 'warning: -p 1000 is more than csp.s limit of 256' "-p capped, said"
printf 'var 1..2: a;\nvar 1..2: b;\narray [1..2] of var int: q :: output_array([1..3]) = [a, b];\nsolve satisfy;\n' >"$TMP/oa.fzn"
run fzn "$TMP/oa.fzn"; expect_code 2 "output_array of 3 for 2 elements"
expect_err "oa.fzn:3: output_array of 'q': its index sets hold 3 elements, the array has 2" "output_array mismatch named"
printf 'var 1..2: a;\nvar 1..2: b;\narray [1..2] of var int: q :: output_array([1..1, 1..2]) = [a, b];\nsolve satisfy;\n' >"$TMP/oa2.fzn"
run fzn "$TMP/oa2.fzn"; expect_code 0 "output_array 1x2"; expect_out '^q = array2d\(1\.\.1, 1\.\.2, \[1, 1\]\);$' "output_array 1x2 printed"

# A DIMACS self-loop is dropped with a warning (homer.col has them): the rest is coloured.
printf 'p edge 3 4\ne 1 2\ne 2 2\ne 2 3\ne 3 3\n' >"$TMP/loops.col"
run color -k 2 "$TMP/loops.col"; expect_code 0 "self-loops dropped"
expect_err 'warning: .*loops.col:3: self-loop on vertex 2 and 1 more dropped' "self-loops: the first named, counted"
finish
