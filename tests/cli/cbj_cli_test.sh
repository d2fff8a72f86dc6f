#!/usr/bin/env bash
# CLI tests of --backjump / --learning (conflict-directed backjumping and nogood learning, AIMA 4th ed. 6.3.3) on
# every model command and of csp ablate's backjump / learning dimensions: counts, usage errors, columns.
# Usage: cbj_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: cbj_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
PUZZLES="$(dirname "${BASH_SOURCE[0]}")/../../puzzles"

# ---- counts stay exact, solutions are checked by the models' rules ------------------------------------------------
for inference in none fc; do
  run queens 8 --count --backjump cbj --inference "$inference"; expect_code 0 "queens cbj $inference"
  expect_out '^92 solutions$' "queens 8 cbj $inference"
  run queens 8 --count --backjump cbj --learning 6 --inference "$inference" --var first
  expect_out '^92 solutions$' "queens 8 cbj learning $inference"
done
run queens 3 --backjump cbj --inference none; expect_code 1 "queens 3 cbj"; expect_out 'no solution' "queens 3 cbj"
run color --map usa -k 4 --backjump cbj --learning 8 --var first --inference none --stats
expect_code 0 "color usa cbj"; expect_out '^statistics: .*assignments=' "color usa cbj --stats"
run color --map australia -k 3 --backjump cbj --max-solutions 0; expect_out '18 solutions|18 colourings' "australia count"
run cryptarithm SEND+MORE=MONEY --backjump cbj --inference fc; expect_code 0 "cryptarithm cbj"
expect_out '9567 \+ 1085 = 10652' "cryptarithm cbj"
run zebra --backjump cbj --inference fc --learning 5; expect_code 0 "zebra cbj"; expect_out 'zebra' "zebra cbj"
run sudoku --backjump cbj --inference fc --learning 10 "$PUZZLES/classic.txt"; expect_code 0 "sudoku cbj fc"
# ---- with restarts: fresh conflict sets per run, nogoods kept; counts stay exact ------------------------------------
for inference in none fc mac; do
  run queens 8 --count --backjump cbj --learning 6 --inference "$inference" --var dom-wdeg --val natural --restarts luby \
    --restart-base 1 --seed 3 --stats
  expect_code 0 "queens cbj restarts $inference"; expect_out '^92 solutions$' "queens 8 cbj restarts $inference"
  # MAC meets its first solution before the first cutoff: no restart to see there
  [ "$inference" = mac ] || expect_out ' restarts=[1-9][0-9]*' "queens 8 cbj restarts $inference: restarted"
done
run sudoku --backjump cbj --inference fc --learning 10 --var dom-wdeg --restarts geometric --restart-base 2 \
  "$PUZZLES/classic.txt"
expect_code 0 "sudoku cbj restarts"
# ---- refused combinations: usage errors (exit 2) with the reason -----------------------------------------------------
run queens 8 --count --backjump cbj --inference mac; expect_code 0 "cbj mac"; expect_out '^92 solutions$' "queens 8 cbj mac"
run queens 8 --count --backjump cbj --learning 6 --inference mac --var first; expect_out '^92 solutions$' "cbj mac learning"
run sudoku --backjump cbj --learning 10 "$PUZZLES/classic.txt"; expect_code 0 "sudoku cbj with its default mac"
run sudoku --backjump cbj --inference techniques "$PUZZLES/classic.txt"; expect_code 2 "cbj techniques"
expect_err "not 'techniques'" "cbj techniques message"
run queens 8 --learning 4; expect_code 2 "learning without cbj"; expect_err 'needs --backjump cbj' "learning message"
run queens 8 --backjump cdbj; expect_code 2 "unknown backjump"; expect_err "unknown backjumping 'cdbj' \(valid: none, cbj\)" "valid names"
run queens 8 --backjump cbj --learning x; expect_code 2 "bad learning"; expect_err 'expects a whole number' "bad learning"
run color --map usa --least --backjump cbj; expect_code 2 "least cbj"; expect_err 'branch and bound' "least cbj"
run queens 8 --algorithm min-conflicts --backjump cbj; expect_code 2 "min-conflicts cbj"
# ---- csp ablate: backjump and learning columns only when given -----------------------------------------------------
run ablate queens --n 6,8 --inference none,fc,mac --csv "$TMP/plain.csv"; expect_code 0 "ablate plain"
if grep -v '^#' "$TMP/plain.csv" | head -1 | grep -q ',backjump,'; then bad "a backjump column without --backjump"; else ok; fi  # (the backjumps counter is always there)
run ablate queens --n 6,8 --inference none,fc,mac --backjump none,cbj --learning 0,5 --csv "$TMP/cbj.csv"
expect_code 0 "ablate cbj"
header=$(grep -v '^#' "$TMP/cbj.csv" | head -1)
expect_eq "$(cut -d, -f4-10 <<<"$header")" "var,val,inference,alldiff,ac3,backjump,learning" "ablate columns"
# none/0, cbj/0, cbj/5 with none, fc and mac: 9 configurations on 2 boards (none/5 left out)
expect_eq "$(grep -v '^#' "$TMP/cbj.csv" | tail -n +2 | wc -l)" "18" "ablate rows (refused combinations left out)"
run ablate queens --n 6,8 --inference fc --backjump none,cbj --restarts none,luby --csv "$TMP/restarts.csv"
expect_code 0 "ablate cbj restarts"
expect_eq "$(grep -v '^#' "$TMP/restarts.csv" | tail -n +2 | grep -c ',cbj,.*luby')" "2" "ablate keeps cbj with restarts"
run ablate queens --n 6 --inference fc --backjump none --learning 5; expect_code 2 "ablate nothing left"
expect_err 'no configuration left' "ablate nothing left"
run ablate queens --n 6 --learning -1; expect_code 2 "ablate bad learning"
finish
