#!/usr/bin/env bash
# CLI tests of --why-unsat: csp sudoku names the units and givens of an unsolvable puzzle, the model commands the
# constraints of their model, csp fzn the FlatZinc items (or the MiniZinc constraints they came from) on standard
# error; a run that found a solution or stopped at a limit says there is nothing to explain.
# Usage: why_unsat_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: why_unsat_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# Row 1 holds 1..8 and r2c9 is 9: no clash between givens, yet no solution (r1c9 can only be 9). The answer found:
# row 1 holds 1..6 in c1..c6, so its 9 lies in c7..c9, in box 3, which has its 9 at r2c9 already.
UNSOLVABLE="12345678.........9$(printf '.%.0s' $(seq 1 63))"
EXPECTED='row 1|box 3|r1c1 = 1|r1c2 = 2|r1c3 = 3|r1c4 = 4|r1c5 = 5|r1c6 = 6|r2c9 = 9'

# ---- csp sudoku ----------------------------------------------------------------------------------------------------
run sudoku --help
expect_out '--why-unsat' "sudoku --help lists --why-unsat"

run_in "$UNSOLVABLE\n" sudoku --why-unsat -
expect_code 1 "an unsolvable puzzle exits 1"
expect_out '^- unsolvable' "the puzzle is unsolvable"
expect_out '^  why unsatisfiable: these 9 of the 36 constraints and givens have no solution together; without any one of them the rest has one \([0-9]+ checks\)$' \
  "the answer's header"
expect_eq "$(grep -E '^    ' "$TMP/out" | sed 's/^    //' | paste -sd'|')" "$EXPECTED" "the units and givens kept"

for alldiff in binary gac grid; do  # the answer is asked of one all-different per unit, whatever --alldiff says
  run_in "$UNSOLVABLE\n" sudoku --why-unsat --alldiff $alldiff -
  expect_eq "$(grep -E '^    ' "$TMP/out" | sed 's/^    //' | paste -sd'|')" "$EXPECTED" "--alldiff $alldiff: same answer"
done

run_in "$UNSOLVABLE\n" sudoku --why-unsat --format json -
expect_out '"why_unsat":\{"checks":[0-9]+,"minimal":true,"parts":\["row 1","box 3","r1c1 = 1",' \
  "json answer"
expect_out '"verdict":"unsatisfiable"' "json verdict"

run_in "$UNSOLVABLE\n" sudoku --why-unsat --format pretty -
expect_out '^why unsatisfiable: these 9 of the 36' "pretty answer"
expect_out '^  r2c9 = 9$' "pretty lists the givens"

run_in "$UNSOLVABLE\n" sudoku -
expect_no_out 'why unsatisfiable' "without --why-unsat no answer"

# Proved at the root, but some relaxations search for minutes: the checks after the first are bounded (10x the whole
# proof's nodes, at least 10,000), so the answer comes at once.
SLOW=200080300060070084030500209000105408000000000402706000301007040720940060004010003
SECONDS=0
run_in "$SLOW\n" sudoku --why-unsat -
expect_out '^  why unsatisfiable: these [0-9]+ of the 58 constraints and givens' "a bounded answer"
expect_eq "$((SECONDS <= 10))" 1 "within seconds"

# A puzzle a limit stopped: nothing proved, nothing to explain.
run_in "$SLOW\n" sudoku --why-unsat --alldiff binary --inference none --node-limit 5 -
expect_out '^  why unsatisfiable: not asked \(the search stopped before a proof\)$' "limit: not asked"
run_in "$SLOW\n" sudoku --why-unsat --alldiff binary --inference none --node-limit 5 --format json -
expect_out '"why_unsat":\{"verdict":"not-asked"\}' "json: not asked"

# 16x16 givens are named by the puzzle's symbols (1..9, A..G): row 1 holds 1..F, and r2c16 is G.
run_in "123456789ABCDEF.$(printf '.%.0s' $(seq 1 15))G$(printf '.%.0s' $(seq 1 224))\n" sudoku --why-unsat --box 4x4 -
expect_out '^  why unsatisfiable: these [0-9]+ of the' "16x16 answer"
expect_out '^    r1c10 = A$' "symbols for 16x16 givens"
expect_out '^    r2c16 = G$' "the G given"

# Clashing givens are invalid, already explained by the clash; a solvable puzzle has nothing to explain.
run_in "11.$(printf '.%.0s' $(seq 1 78))\n" sudoku --why-unsat -
expect_out 'invalid .*contradictory givens: two 1s in row 1' "clash reported as before"
expect_no_out 'why unsatisfiable' "no answer for an invalid puzzle"
run_in "$(printf '.%.0s' $(seq 1 81))\n" sudoku --why-unsat -
expect_code 0 "an empty grid is solved"
expect_no_out 'why unsatisfiable' "no answer for a solved puzzle"

# ---- model commands ------------------------------------------------------------------------------------------------
run queens 3 --why-unsat
expect_code 1 "3 queens exit 1"
expect_out '^why unsatisfiable: these 3 of the 3 constraints have no solution together' "3 queens: all three needed"
expect_count '^  no-attack\(Q[123],Q[123]\)$' 3 "3 queens lists the three pairs"

run queens 2 --why-unsat
expect_out "^why unsatisfiable: the model's only constraint has no solution \([0-9]+ checks\)$" "2 queens: one constraint"

run queens 3 --algorithm min-conflicts --max-steps 50 --why-unsat
expect_out '^why unsatisfiable: not asked \(the search stopped before a proof\)$' "min-conflicts proves nothing"

run sudoku --explain --why-unsat -
expect_code 2 "--why-unsat with --explain is refused"
expect_err 'why-unsat cannot be combined with --explain' "the refusal names it"

run queens 4 --why-unsat
expect_code 0 "4 queens solved"
expect_out '^why unsatisfiable: nothing to explain \(the model has a solution\)$' "solved: nothing to explain"

run color --map australia -k 2 --why-unsat
expect_code 1 "australia in 2 colours"
expect_out '^why unsatisfiable: these 3 of the 9 constraints' "a triangle of 9 borders"
expect_eq "$(grep -E '^  ' "$TMP/out" | paste -sd' ')" "  WA!=NT   WA!=SA   NT!=SA" "the triangle WA, NT, SA"

run color --map australia -k 2 --why-unsat --node-limit 1 --var first --inference none
expect_out '^why unsatisfiable: not asked \(the search stopped before a proof\)$' "a limit: not asked"

run queens --help
expect_out '--why-unsat' "queens --help lists --why-unsat"

# SIGINT while the answer is sought: K9 in 8 colours (proved in well under a second) among 999 edges of a path, a
# question of many seconds; the command stops at once with 130 and an answer that does not claim minimality.
{ echo "p edge 1009 1035"
  for i in $(seq 1 9); do for j in $(seq $((i + 1)) 9); do echo "e $i $j"; done; done
  for i in $(seq 10 1008); do echo "e $i $((i + 1))"; done; } >"$TMP/k9path.col"
"$CSP" color "$TMP/k9path.col" -k 8 --why-unsat >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 2
kill -INT $pid
SECONDS=0
wait $pid
code=$?
expect_code 130 "SIGINT during --why-unsat exits 130"
expect_eq "$((SECONDS <= 3))" 1 "and stops within a few seconds"
expect_out 'why unsatisfiable: (not asked|.*a limit or an interrupt stopped)' "the answer claims no minimality"

# ---- csp fzn -------------------------------------------------------------------------------------------------------
cat >"$TMP/a.fzn" <<'FZN'
var 1..3: x :: output_var;
var 1..3: y :: output_var;
var 1..3: z :: output_var;
var 1..9: w :: output_var;
constraint int_lin_le([1,1],[x,y],2);
constraint int_ne(x,y);
constraint int_le(w,5);
constraint int_lin_eq([1,1,1],[x,y,z],6);
constraint int_ne(z,w);
solve satisfy;
FZN
run fzn --why-unsat "$TMP/a.fzn"
expect_code 0 "fzn exits 0 after UNSATISFIABLE"
expect_eq "$(cat "$TMP/out")" "=====UNSATISFIABLE=====" "standard output is MiniZinc's alone"
expect_err 'why unsatisfiable: these 2 of the 5 constraints have no solution together' "fzn answer on standard error"
expect_err_text "a.fzn:5: int_lin_le" "names the file's line 5"
expect_err_text "a.fzn:6: int_ne" "names the file's line 6"

# Items that MiniZinc names (constraint :: "NAME") or locates (--keep-paths) are grouped by that.
cat >"$TMP/b.fzn" <<'FZN'
var 1..3: x :: output_var;
var 1..3: y :: output_var;
constraint int_le(x, 1) :: mzn_constraint_name("small x");
constraint int_le(y, 2) :: mzn_constraint_name("small y");
constraint int_le(y, 1) :: mzn_constraint_name("small y");
constraint int_ne(x, y) :: mzn_path("m.mzn|7|12|7|30|ca|forall");
constraint int_le(0, 1);
solve satisfy;
FZN
run fzn --why-unsat "$TMP/b.fzn"
expect_err 'these 3 of the 4 constraints' "two items of one name are one part"
expect_eq "$(grep -E '^  ' "$TMP/err" | paste -sd'|')" "  small x|  small y|  m.mzn:7" "names and paths"

# Unsatisfiable when built (a constraint between constants), and satisfiable.
printf 'var 1..3: x :: output_var;\nconstraint int_le(x, 2);\nconstraint int_le(2, 1);\nsolve satisfy;\n' >"$TMP/c.fzn"
run fzn --why-unsat "$TMP/c.fzn"
expect_out '=====UNSATISFIABLE=====' "c.fzn unsatisfiable"
expect_err 'this one of the 2 constraints has no solution on its own' "one item alone"
expect_err_text "c.fzn:3: int_le" "the constant item"
printf 'var 1..3: x :: output_var;\nconstraint int_le(x, 2);\nsolve satisfy;\n' >"$TMP/d.fzn"
run fzn --why-unsat "$TMP/d.fzn"
expect_out '^x = 1;$' "d.fzn solved"
expect_err 'nothing to explain' "solved: nothing to explain"

run fzn --help
expect_out '--why-unsat' "fzn --help lists --why-unsat"

finish
