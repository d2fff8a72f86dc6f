#!/usr/bin/env bash
# csp fzn: MiniZinc's output conventions, flags, statistics, errors with FILE:LINE, exit codes.
# Usage: fzn_cli_test.sh CSP SEEDS_DIR (tests/flatzinc/seeds: FlatZinc of csp's own models).
CSP=$1
SEEDS=$2
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

queens() {  # N-queens as MiniZinc's std library flattens it (int_lin_ne)
  local n=$1 i j
  echo "array [1..2] of int: c = [1, -1];"
  for ((i = 1; i <= n; i++)); do echo "var 1..$n: q$i;"; done
  printf 'array [1..%d] of var int: q :: output_array([1..%d]) = [' "$n" "$n"
  for ((i = 1; i <= n; i++)); do printf 'q%d%s' $i "$([[ $i -lt $n ]] && echo ,)"; done
  echo "];"
  for ((i = 1; i <= n; i++)); do for ((j = i + 1; j <= n; j++)); do
    echo "constraint int_lin_ne(c, [q$i, q$j], 0);"
    echo "constraint int_lin_ne(c, [q$i, q$j], $((j - i)));"
    echo "constraint int_lin_ne(c, [q$i, q$j], $((i - j)));"
  done; done
  echo "solve :: int_search(q, input_order, indomain_min, complete) satisfy;"
}
queens 8 >"$TMP/q8.fzn"
queens 3 >"$TMP/q3.fzn"

run fzn "$TMP/q8.fzn"
expect_code 0 "one solution"
expect_out_text "q = array1d(1..8, [1, 5, 8, 6, 3, 7, 2, 4]);" "the first 8-queens solution in input order"
expect_count '^----------$' 1 "one separator"
expect_no_out '^==========$' "no completion mark when stopping at the first solution"

run fzn -a "$TMP/q8.fzn"
expect_count '^----------$' 92 "8-queens has 92 solutions"
expect_out '^==========$' "complete search"
run fzn -n 5 "$TMP/q8.fzn"
expect_count '^----------$' 5 "-n 5"
run fzn -a -f --var mrv --inference fc -r 7 -p 2 -s "$TMP/q8.fzn"
expect_count '^----------$' 92 "free search finds the same 92"
expect_out '^%%%mzn-stat: nodes=[0-9]+$' "nodes statistic"
expect_out '^%%%mzn-stat: solutions=92$' "solutions statistic"
expect_out '^%%%mzn-stat: solveTime=[0-9.]+$' "solveTime statistic"
expect_out '^%%%mzn-stat-end$' "statistics end"

run fzn -a "$TMP/q3.fzn"
expect_code 0 "UNSAT is a result"
expect_out '^=====UNSATISFIABLE=====$' "3-queens has none"
run fzn --node-limit 1 "$TMP/q8.fzn"
expect_out '^=====UNKNOWN=====$' "a limit before any solution"

run fzn -a "$SEEDS/futoshiki5.fzn"
expect_count '^----------$' 151 "the docs' Futoshiki has 151 solutions (Gecode agrees)"
run fzn -a "$SEEDS/constructs.fzn"
expect_out_text "g = array2d(1..2, 1..2, [true, true, true, false]);" "booleans and 2-d output"
expect_count '^----------$' 1 "one solution: the auxiliary variable does not count"

printf 'var 1..3: x;\nconstraint int_frob(x, 1);\nsolve satisfy;\n' >"$TMP/bad.fzn"
run fzn "$TMP/bad.fzn"
expect_code 2 "unknown builtin"
expect_err_text "bad.fzn:2: unknown constraint 'int_frob'" "names the constraint and line"
printf 'var 1..3: x;\nvar float: f;\nsolve satisfy;\n' >"$TMP/float.fzn"
run fzn "$TMP/float.fzn"
expect_code 2 "float variable"
expect_err_text "float.fzn:2: float variable 'f': float variables are not supported" "float message"
run fzn "$TMP/missing.fzn"
expect_code 2 "missing file"
expect_err "cannot read" "missing file message"
: >"$TMP/empty.fzn"
run fzn "$TMP/empty.fzn"
expect_code 2 "empty file"
expect_err "empty file" "empty file message"
# -n 0 is no bound (MiniZinc's -n; Gecode reads it so): all 92 solutions of the 8 queens (BH-58).
run fzn -n 0 "$TMP/q8.fzn"
expect_code 0 "-n 0"
expect_count '^----------$' 92 "-n 0: no bound"
run fzn -a -n 5 "$TMP/q8.fzn"
expect_count '^----------$' 5 "-a -n 5: an upper bound"
expect_no_out '^==========$' "-a -n 5: not complete"
run fzn --var nope "$TMP/q8.fzn"
expect_code 2 "unknown ordering"
expect_err "valid: " "lists the valid names"
# Optimisation by branch and bound: x + y = 5 with x in 1..4, y in 0..3; minimize x gives x = 2 (y = 3), proved.
printf 'var 1..4: x :: output_var;\nvar 0..3: y :: output_var;\nconstraint int_lin_eq([1, 1], [x, y], 5);\nsolve minimize x;\n' >"$TMP/opt.fzn"
run fzn "$TMP/opt.fzn"
expect_code 0 "minimize"
expect_out_text "x = 2;" "the least x"
expect_out_text "==========" "optimum proved"
printf 'var 1..4: x :: output_var;\nvar 0..3: y :: output_var;\nconstraint int_lin_eq([1, 1], [x, y], 5);\nsolve maximize x;\n' >"$TMP/max.fzn"
run fzn "$TMP/max.fzn"
expect_code 0 "maximize"
expect_out_text "x = 4;" "the greatest x"
expect_out_text "==========" "optimum proved (maximize)"
# Improving solutions: printed as found with -i or -a (here 6: obj = 0, 2, ..., 10); without either only the best,
# at the end (the FlatZinc standard options; Gecode does the same).
printf '%s\n' 'var 0..5: x :: output_var;' 'var 0..5: y :: output_var;' 'var 0..15: obj :: output_var;' \
  'constraint int_lin_le([1, 1], [x, y], 5);' 'constraint int_lin_eq([1, 2, -1], [x, y, obj], 0);' \
  'solve :: int_search([x, y], input_order, indomain_min, complete) maximize obj;' >"$TMP/improve.fzn"
for flag in -i -a; do
  run fzn $flag -s "$TMP/improve.fzn"
  expect_code 0 "$flag: optimisation"
  expect_eq "$(grep -o '^obj = [0-9]*' "$TMP/out" | tr '\n' ' ')" "obj = 0 obj = 2 obj = 4 obj = 6 obj = 8 obj = 10 " \
    "$flag: every improving solution, in order"
  expect_count '^%%%mzn-stat: objective=' 6 "$flag -s: a statistics block per improving solution"
done
run fzn -s "$TMP/improve.fzn"
expect_eq "$(grep -v '^%' "$TMP/out")" "$(printf 'x = 0;\ny = 5;\nobj = 10;\n----------\n==========')" \
  "without -i: the best solution only, then the proof"
expect_count '^%%%mzn-stat-end$' 1 "without -i: one statistics block"
# SIGTERM (or SIGINT) stops the search as a time limit does: the best solution so far is printed, no proof line,
# exit 0. The model: 22 queens maximising a weighted sum, whose proof takes far longer than the second given.
{
  echo "array [1..2] of int: c = [1, -1];"
  for ((i = 1; i <= 22; i++)); do echo "var 1..22: q$i :: output_var;"; done
  echo "var 0..100000: obj :: output_var;"
  for ((i = 1; i <= 22; i++)); do for ((j = i + 1; j <= 22; j++)); do
    echo "constraint int_lin_ne(c, [q$i, q$j], $((j - i)));"
    echo "constraint int_lin_ne(c, [q$i, q$j], $((i - j)));"
    echo "constraint int_lin_ne(c, [q$i, q$j], 0);"
  done; done
  printf 'constraint int_lin_eq(['; for ((i = 1; i <= 22; i++)); do printf '%d, ' $((i * i)); done
  printf -- '-1], ['; for ((i = 1; i <= 22; i++)); do printf 'q%d, ' $i; done; echo 'obj], 0);'
  echo "solve maximize obj;"
} >"$TMP/long.fzn"
for signal in TERM INT; do
  "$CSP" fzn -s "$TMP/long.fzn" >"$TMP/out" 2>"$TMP/err" &
  pid=$!
  sleep 1
  kill -$signal $pid
  wait $pid; code=$?
  expect_code 0 "SIG$signal: the run ends as at a limit"
  expect_count '^----------$' 1 "SIG$signal: the best solution so far, printed once"
  expect_out '^obj = [0-9]+;$' "SIG$signal: its objective"
  expect_no_out '^==========$' "SIG$signal: no proof claimed"
  expect_out '^%%%mzn-stat-end$' "SIG$signal: the statistics"
done
# A signal while the model is read or built (a 250-queens model takes a few tenths of a second): no search, no
# answer: =====UNKNOWN=====, exit 0 (a signal after the build stops the search as above; either way 0).
awk 'BEGIN { n = 250; print "array [1..2] of int: c = [1, -1];"
  for (i = 1; i <= n; i++) print "var 1.." n ": q" i " :: output_var;"
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
    print "constraint int_lin_ne(c, [q" i ", q" j "], 0);"
    print "constraint int_lin_ne(c, [q" i ", q" j "], " j - i ");"
    print "constraint int_lin_ne(c, [q" i ", q" j "], " i - j ");" }
  print "solve satisfy;" }' >"$TMP/q250.fzn"
"$CSP" fzn -s "$TMP/q250.fzn" >"$TMP/out" 2>"$TMP/err" &
pid=$!
# The signal goes once csp catches SIGTERM (bit 15 of SigCgt in /proc), which it does before reading the file; the
# process must be csp already (before its exec it is a copy of this shell, whose handlers say nothing about csp's).
for ((k = 0; k < 1000; k++)); do
  caught=$(awk '/^SigCgt:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || break
  [[ $(cat "/proc/$pid/comm" 2>/dev/null) == csp && -n $caught ]] && (((16#$caught & 0x4000) != 0)) && break
  sleep 0.005
done
kill -TERM $pid
wait $pid; code=$?
expect_code 0 "SIGTERM while reading: the run ends as at a limit"
expect_out '^(=====UNKNOWN=====|----------)$' "SIGTERM while reading: UNKNOWN, or the solution of a search that began"
expect_out '^%%%mzn-stat-end$' "SIGTERM while reading: the statistics"
# A constant objective (MiniZinc flattens solve minimize 3 so): any solution is optimal, one is printed, and the
# optimum is proved, with -a too.
printf '%s\n' 'int: k = 3;' 'var 0..2: x :: output_var;' 'var 0..2: y :: output_var;' \
  'constraint int_lin_le([1, 1], [x, y], 2);' 'solve minimize k;' >"$TMP/constant.fzn"
for flag in "" -a; do
  run fzn $flag "$TMP/constant.fzn"
  expect_code 0 "constant objective $flag"
  expect_count '^----------$' 1 "constant objective $flag: one solution"
  expect_out '^==========$' "constant objective $flag: optimal"
done
run fzn "$TMP"
expect_code 2 "a directory"
expect_err_text "cannot read '$TMP': it is a directory" "directory message"
printf 'var 1..3: x;\nsolve satisfy;\n' >"$TMP/secret.fzn"
chmod 000 "$TMP/secret.fzn"
if [[ $(id -u) -ne 0 ]] || command -v setpriv >/dev/null; then
  chmod 755 "$TMP"
  if [[ $(id -u) -ne 0 ]]; then "$CSP" fzn "$TMP/secret.fzn" >"$TMP/out" 2>"$TMP/err"; code=$?
  else setpriv --reuid=65534 --regid=65534 --clear-groups "$CSP" fzn "$TMP/secret.fzn" >"$TMP/out" 2>"$TMP/err"; code=$?; fi
  expect_code 2 "unreadable"
  expect_err_text "cannot read '$TMP/secret.fzn': Permission denied" "unreadable message"
fi
run fzn /dev/zero
expect_code 2 "/dev/zero"
expect_err_text "/dev/zero: larger than 256 MiB" "size cap"
run fzn --help
expect_code 0 "help"
expect_out "Usage: csp fzn" "help text"
expect_out '^Examples:' "help examples"
run --help
expect_out '^  fzn ' "csp --help lists fzn"

# An annotated search branches in two by default, and follows indomain_split to the letter: 1..8 bisected, 7 halves
# (7 nodes: a half of one value fixes x, which csp fzn assigns without a decision), the solutions ascending; the
# same with --branching binary; --branching d-way enumerates the 8 values (8 nodes); --trace keeps binary: x = 1 ..
# x = 7, each refuted, then x = 8 is fixed (7 nodes).
printf 'var 1..8: x :: output_var;\nsolve :: int_search([x], input_order, indomain_split, complete) satisfy;\n' \
  >"$TMP/split.fzn"
run fzn -a -s --branching binary "$TMP/split.fzn"
expect_code 0 "split annotation under --branching binary"
expect_out '^%%%mzn-stat: nodes=7$' "indomain_split bisects: 7 nodes"
expect_out_text "x = 1;" "the first solution of the lower half"
expect_count '^----------$' 8 "8 solutions, split"
run fzn -a -s "$TMP/split.fzn"
expect_out '^%%%mzn-stat: nodes=7$' "the default follows indomain_split: 7 nodes"
run fzn -a -s --branching d-way "$TMP/split.fzn"
expect_out '^%%%mzn-stat: nodes=8$' "d-way: 8 nodes"
run fzn -a -s --backjump cbj "$TMP/split.fzn"
expect_code 0 "--backjump cbj keeps d-way branching on an annotated model"
expect_out '^%%%mzn-stat: nodes=8$' "cbj: d-way, 8 nodes"
expect_count '^----------$' 8 "8 solutions, cbj"
run fzn -a -s --branching binary --trace "$TMP/split.fzn"
expect_code 0 "--trace with a split annotation runs binary"
expect_out '^%%%mzn-stat: nodes=7$' "binary with --trace: 7 nodes"
run fzn -a --branching binary -p 2 "$TMP/q8.fzn"
expect_count '^----------$' 92 "-p 2 --branching binary finds the 92"
run fzn -a --branching sideways "$TMP/q8.fzn"
expect_code 2 "unknown branching"

# ---- --algorithm lcg: clause learning, solutions counted by blocking clauses, branch and bound, the refusals ---------------------------------
run fzn --algorithm lcg -s "$TMP/q8.fzn"
expect_code 0 "lcg solves 8 queens"
expect_out '^q = array1d\(1\.\.8, \[[1-8](, [1-8]){7}\]\);$' "lcg: a board (verified against the FlatZinc constraints)"
expect_count '^----------$' 1 "lcg: one solution"
expect_out '^%%%mzn-stat: conflicts=[0-9]+$' "lcg: its counters in the statistics"
expect_out 'searchNote="--algorithm lcg: its own search order"' "lcg: the annotation is not followed, and -s says so"
run fzn --algorithm lcg "$TMP/q3.fzn"
expect_code 0 "lcg on 3 queens"
expect_out '^=====UNSATISFIABLE=====$' "lcg proves 3 queens impossible"
run fzn --algorithm lcg --node-limit 1 "$TMP/q8.fzn"
expect_code 0 "lcg --node-limit"
run fzn --algorithm lcg -a "$TMP/q8.fzn"
expect_code 0 "lcg -a"; expect_count '^----------$' 92 "lcg -a: the 92 boards of 8 queens, each once"
expect_out '^==========$' "lcg -a: every solution printed"
run fzn --algorithm lcg -n 3 "$TMP/q8.fzn"
expect_code 0 "lcg -n 3"; expect_count '^----------$' 3 "lcg -n 3: three boards"
run fzn --algorithm lcg --var mrv "$TMP/q8.fzn"
expect_code 2 "lcg --var"; expect_err '--var has no effect with --algorithm lcg' "lcg --var: why"
run fzn --algorithm lcg -p 2 "$TMP/q8.fzn"
expect_code 2 "lcg -p 2"; expect_err 'not with --algorithm lcg' "lcg -p: why"
run fzn --algorithm lcg -a "$(dirname "${BASH_SOURCE[0]}")/data/knapsack.fzn"
expect_code 0 "lcg on an optimisation: branch and bound (-a prints the improving solutions)"
expect_out '^value = 7;$' "lcg: the knapsack's optimum, 7"; expect_out '^==========$' "lcg: the optimum proved"
run fzn --algorithm min-conflicts "$TMP/q8.fzn"
expect_code 2 "fzn min-conflicts"; expect_err 'csp fzn runs backtracking or lcg' "fzn: the algorithms it runs"
finish
