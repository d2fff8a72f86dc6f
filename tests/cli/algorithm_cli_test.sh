#!/usr/bin/env bash
# CLI tests of --algorithm backtracking|min-conflicts|tree|cutset and the min-conflicts flags (--max-steps, --walk,
# --tabu, --weighting, --restart-after) on every model command, the refusals (exit 2), and csp graph's cycle cutset.
# Usage: algorithm_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: algorithm_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
PUZZLES="$(dirname "${BASH_SOURCE[0]}")/../../puzzles"

# ---- every model command takes --algorithm and lists the four in --help ---------------------------------------------
for cmd in queens color cryptarithm zebra killer; do
  run "$cmd" --help; expect_out 'min-conflicts: local search' "$cmd --help: --algorithm"
  expect_out '--restart-after N' "$cmd --help: --restart-after"
done

# ---- min-conflicts with each variant: solutions checked by each command's rules ----------------------------------------
for flags in "" "--walk 0.1" "--tabu 5" "--weighting" "--restart-after 500" "--walk 0.1 --tabu 5 --weighting --restart-after 500"; do
  # shellcheck disable=SC2086
  run queens 30 --algorithm min-conflicts --seed 3 $flags; expect_code 0 "queens 30 min-conflicts $flags"
  expect_count '^(\. |Q ){29}(\.|Q)$' 30 "queens 30 min-conflicts $flags: the board"
  # shellcheck disable=SC2086
  run color --map usa -k 4 --algorithm min-conflicts --seed 2 $flags; expect_code 0 "usa -k 4 min-conflicts $flags"
  expect_out 'checked: no edge joins' "usa min-conflicts $flags"
done
run cryptarithm TWO+TWO=FOUR --algorithm min-conflicts --weighting --seed 1; expect_code 0 "cryptarithm min-conflicts"
expect_out '^[0-9]{3} \+ [0-9]{3} = 1[0-9]{3}$' "cryptarithm min-conflicts: a sum (checked by the command)"
run zebra --algorithm min-conflicts --walk 0.05 --tabu 3 --seed 1 --max-steps 300000; expect_code 0 "zebra min-conflicts"
expect_out 'The Japanese owns the zebra; the Norwegian drinks water' "zebra min-conflicts"
run queens 3 --algorithm min-conflicts --walk 0.2 --max-steps 100; expect_code 1 "queens 3 min-conflicts walk"
expect_out '^3 queens: gave up after 100 steps' "queens 3 walk gave up"

# ---- tree and cutset ------------------------------------------------------------------------------------------------
run color --map australia -k 3 --algorithm tree; expect_code 2 "australia tree"
expect_err 'the constraint graph has a cycle: [A-Z]+ - [A-Z]+ - [A-Z]+ - [A-Z]+; use --algorithm cutset' "the cycle named"
run color --map australia -k 3 --algorithm cutset --stats; expect_code 0 "australia cutset"
expect_count ' = (red|green|blue)$' 7 "australia cutset: seven regions"; expect_out 'checked' "australia cutset checked"
run color --map australia -k 2 --algorithm cutset; expect_code 1 "australia -k 2 cutset"
expect_out 'no solution \(the search is complete' "cutset proves 2 colours too few"
run queens 8 --algorithm cutset; expect_code 0 "queens 8 cutset"; expect_count '^(\. |Q ){7}(\.|Q)$' 8 "queens 8 cutset board"
run queens 3 --algorithm cutset; expect_code 1 "queens 3 cutset"
run queens 1 --algorithm tree; expect_code 0 "queens 1 tree (one variable: a tree)"
run cryptarithm SEND+MORE=MONEY --algorithm tree; expect_code 2 "cryptarithm tree"
expect_err "takes constraints of one or two variables; 'letters differ' has 8" "tree: a constraint on 8 variables"
run cryptarithm SEND+MORE=MONEY --algorithm cutset; expect_code 0 "cryptarithm cutset"
expect_out '^9567 \+ 1085 = 10652$' "cryptarithm cutset"
run killer "$PUZZLES/killer_4x4.txt" --algorithm tree; expect_code 2 "killer tree"; expect_err 'algorithm tree' "killer tree"

# ---- lcg: clause learning; one solution or a proof -------------------------------------------------------------------
run queens 8 --algorithm lcg --stats; expect_code 0 "queens 8 lcg"
expect_count '^(\. |Q ){7}(\.|Q)$' 8 "queens 8 lcg: the board"
expect_out '^lcg: conflicts=[0-9]+ learned_clauses=[0-9]+ learned_literals=[0-9]+ ' "lcg: its counters with --stats"
run queens 3 --algorithm lcg; expect_code 1 "queens 3 lcg: proved impossible"
run color --map usa -k 3 --algorithm lcg; expect_code 1 "usa -k 3 lcg: proved impossible"
run color --map usa -k 4 --algorithm lcg; expect_code 0 "usa -k 4 lcg"; expect_out 'checked: no edge joins' "usa lcg"
run cryptarithm SEND+MORE=MONEY --algorithm lcg; expect_code 0 "cryptarithm lcg"
expect_out '^9567 \+ 1085 = 10652$' "cryptarithm lcg"
run zebra --algorithm lcg; expect_code 0 "zebra lcg"
expect_out 'The Japanese owns the zebra; the Norwegian drinks water' "zebra lcg"
run killer "$PUZZLES/killer_4x4.txt" --algorithm lcg; expect_code 0 "killer lcg"
run queens 12 --algorithm lcg --node-limit 2; expect_code 1 "lcg --node-limit 2 (a limit)"
run queens 8 --algorithm lcg --count; expect_code 0 "lcg --count"; expect_out '92 solutions' "lcg --count: 92"
run color --map usa --least --algorithm lcg; expect_code 0 "color --least lcg: branch and bound with learning"
expect_out '^least number of colours: 4' "color --least lcg: 4, proved"
run queens 8 --algorithm lcg --var mrv; expect_code 2 "lcg --var"; expect_err '--var has no effect with --algorithm lcg' "lcg --var"
# --restart-base is lcg's Luby unit (in conflicts): usa in 3 colours restarts with unit 1, not with the default 100.
run color --map usa -k 3 --algorithm lcg --restart-base 1 --stats; expect_code 1 "lcg --restart-base 1"
expect_out ' restarts=[1-9]' "lcg --restart-base 1: restarts"
run color --map usa -k 3 --algorithm lcg --stats; expect_no_out ' restarts=' "lcg: no restart within 100 conflicts"
run queens 8 --restart-base 5; expect_code 2 "--restart-base alone"; expect_err 'needs --restarts luby or geometric' "--restart-base alone"
run queens 8 --algorithm lcg --trace; expect_code 2 "lcg --trace"; expect_err '--trace has no effect with --algorithm lcg' "lcg --trace"
run sudoku --algorithm lcg "$PUZZLES/classic.txt"; expect_code 2 "sudoku lcg"; expect_err 'backtracking only' "sudoku lcg"

# ---- refusals -------------------------------------------------------------------------------------------------------
run zebra --algorithm simulated-annealing; expect_code 2 "unknown algorithm"
expect_err "valid: backtracking, lcg, min-conflicts, tree, cutset" "unknown algorithm lists the five"
run color --map usa -k 4 --algorithm tree --var mrv; expect_code 2 "tree --var"
expect_err '--var has no effect with --algorithm tree' "tree --var"
run cryptarithm SEND+MORE=MONEY --all --algorithm cutset; expect_code 2 "cutset --all"
expect_err 'finds one solution' "cutset --all"
run color --map usa --least --algorithm min-conflicts; expect_code 2 "--least min-conflicts"
expect_err 'least is branch and bound' "--least min-conflicts"
for flag in "--walk 0.1" "--tabu 3" "--weighting" "--restart-after 10"; do
  # shellcheck disable=SC2086
  run zebra $flag; expect_code 2 "$flag without min-conflicts"; expect_err 'needs --algorithm min-conflicts' "$flag"
done
for bad in 1.5 -0.1 x ""; do
  run queens 8 --algorithm min-conflicts --walk "$bad"; expect_code 2 "--walk '$bad'"
  expect_err 'walk expects a probability from 0 to 1' "--walk '$bad'"
done
run queens 8 --algorithm min-conflicts --tabu x; expect_code 2 "--tabu x"; expect_err 'tabu expects a whole number' "--tabu x"

# csp sudoku solves by backtracking only: the others are refused, saying why
run sudoku --algorithm tree "$PUZZLES/classic.txt"; expect_code 2 "sudoku tree"; expect_err 'its constraint graph has cycles' "sudoku tree"
run sudoku --algorithm min-conflicts "$PUZZLES/classic.txt"; expect_code 2 "sudoku min-conflicts"; expect_err 'backtracking only' "sudoku min-conflicts"
run sudoku --algorithm backtracking "$PUZZLES/classic.txt"; expect_code 0 "sudoku backtracking"

# ---- csp graph: the cycle cutset ------------------------------------------------------------------------------------
run graph australia; expect_code 0 "graph australia"; expect_out '^cycle cutset: 1 variable: SA ' "australia cutset {SA}"
run graph queens 6; expect_out '^cycle cutset: 4 variables: ' "queens 6: complete graph, cutset of n - 2"
run graph cryptarithm SEND+MORE=MONEY; expect_out '^cycle cutset: [0-9]+ variables: ' "cryptarithm cutset"

# ---- csp ablate --algorithm LIST: a column only when given -----------------------------------------------------------
run ablate australia --colors 2,3 --var mrv --inference fc --algorithm backtracking,min-conflicts,cutset --csv "$TMP/a.csv"
expect_code 0 "ablate --algorithm"
expect_out '^algorithm +solved' "ablate: an algorithm column"
expect_out '^cutset +1/2 +1 ' "ablate: cutset solves 3 colours, proves 2 impossible"
expect_out '^min-conflicts +1/2 +0 .*DISQUALIFIED: 1 node-limit' "ablate: min-conflicts gives up on 2 colours"
# (australia restarts by default, so its studies have a restarts column, after algorithm)
if grep -q '^group,instance,number,var,val,inference,alldiff,ac3,algorithm,restarts,status,' "$TMP/a.csv"; then ok; else bad "CSV: algorithm column after ac3"; fi
run ablate australia --colors 3 --csv "$TMP/b.csv"; expect_code 0 "ablate without --algorithm"
if grep -q '^group,instance,number,var,val,inference,alldiff,ac3,restarts,status,' "$TMP/b.csv"; then ok; else bad "CSV: no algorithm column without --algorithm"; fi
run ablate zebra --csv "$TMP/c.csv"; expect_code 0 "ablate zebra"
if grep -q '^group,instance,number,var,val,inference,alldiff,ac3,status,' "$TMP/c.csv"; then ok; else bad "CSV: no restarts column for a model that does not restart"; fi
run ablate australia --colors 3 --algorithm tree; expect_code 1 "ablate tree on a cycle: an error run (exit 1)"
expect_err 'the constraint graph is not a tree or forest' "ablate tree: the reason"
run ablate australia --algorithm local; expect_code 2 "ablate unknown algorithm"
expect_err 'valid: backtracking, lcg, min-conflicts, tree, cutset' "ablate unknown algorithm"

finish
