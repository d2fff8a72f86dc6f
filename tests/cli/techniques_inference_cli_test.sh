#!/usr/bin/env bash
# CLI tests of `--inference techniques`: csp sudoku runs MAC plus the human techniques as a propagator,
# csp ablate sudoku compares it with none / fc / mac, every other model rejects it as a usage error.
# Usage: techniques_inference_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: techniques_inference_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# top95 #24: the techniques (hardest: claiming) solve it at the root; MAC alone needs 22 backtracks.
CLAIMING=.2.3......63.....58.......15....9.3....7........1....8.879..26......6.7...6..7..4
SOLUTION=925371486163498725874562391542689137618753942739124658487915263351246879296837514
# Exactly two solutions (a deadly rectangle on r1c2, r1c4, r2c2, r2c4).
TWO=...............9.7.....431...5........1..6..2.4...2758.8..4.....7..9.6...6...5293

# ---- csp sudoku ----------------------------------------------------------------------------------------------------
run sudoku --help
expect_out 'none, fc, mac, techniques \(mac plus' "help lists techniques"
expect_out 'csp sudoku --inference techniques --stats' "help example"

run_in "$CLAIMING\n" sudoku --inference techniques --stats -
expect_code 0 "techniques solves"
expect_out "^$SOLUTION solved \| assignments=58 backtracks=0 " "no backtrack, one assignment per empty cell"

run_in "$CLAIMING\n" sudoku --inference mac --alldiff gac --stats -  # gac: grid's claiming would solve it
expect_code 0 "mac solves"
expect_out "^$SOLUTION solved \| assignments=[0-9]+ backtracks=[1-9][0-9]* " "mac backtracks"

run_in "$CLAIMING\n" sudoku --inference techniques --format candidates -
expect_code 0 "candidates"
expect_out '^candidates after techniques at the root:$' "candidates header names techniques"
expect_out '^9 2 5 \|3 7 1 \|4 8 6 $' "root fills the first row"

run_in "$CLAIMING\n" sudoku --inference techniques --format json -
expect_out '"inference":"techniques"' "json configuration names techniques"

run_in "$TWO\n" sudoku --inference techniques --max-solutions 0 -
expect_code 0 "count"
expect_out ' multiple \(2\)$' "two solutions"
run_in "$TWO\n" sudoku --inference techniques --max-solutions 0 --format json -
expect_out '"solution_count":2' "exactly two solutions counted"

run_in "$CLAIMING\n" sudoku --inference techniques --techniques pointing,claiming --stats -
expect_code 0 "a smaller technique list"
expect_out "^$SOLUTION solved" "solved with pointing and claiming only"

run_in "$CLAIMING\n" sudoku --inference techniques --alldiff binary --var dom-wdeg --ac3 -
expect_code 0 "with binary units, dom-wdeg and AC-3"
expect_out "^$SOLUTION solved" "solved"

run_in "1.....3.6.4.....1...3..2...52.4.....\n.43...........21\n" sudoku --inference techniques -
expect_code 0 "6x6 and 4x4"
expect_out '^1432321421434321 solved$' "4x4 solved"

run_in "$CLAIMING\n" sudoku --inference technique -
expect_code 2 "misspelt"
expect_err "unknown inference 'technique' \(valid: none, fc, mac, techniques, probe\)" "message lists techniques"

run_in "$CLAIMING\n" sudoku --inference techniques --techniques foo -
expect_code 2 "bad technique"

run_in "$CLAIMING\n" sudoku --inference techniques --techniques pointing,unique-rectangle -
expect_code 2 "unique-rectangle assumes one solution"
expect_err 'unique-rectangle assumes the puzzle has one solution and cannot be used with --inference techniques' \
  "unique-rectangle message"
run_in "$CLAIMING\n" sudoku --inference techniques --techniques simple-colouring --stats -
expect_code 0 "simple colouring as a propagator"

# ---- other models: a usage error that says where techniques belong ------------------------------------------------
for cmd in "queens 8" "zebra" "cryptarithm SEND+MORE=MONEY" "color --map australia -k 3"; do
  # shellcheck disable=SC2086
  run $cmd --inference techniques
  expect_code 2 "$cmd --inference techniques"
  expect_err "'techniques' .*only for csp sudoku" "$cmd message"
done

# ---- csp ablate ------------------------------------------------------------------------------------------------------
printf '%s\n%s\n' "$CLAIMING" "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" >"$TMP/p.txt"
run ablate sudoku "$TMP/p.txt" --var mrv --inference all --alldiff matching --csv "$TMP/a.csv"
expect_code 0 "ablate sudoku with all inferences"
expect_out '^techniques +2/2 ' "table row for techniques"
if [[ $(grep -c ',techniques,gac,off,solved,' "$TMP/a.csv") -eq 2 ]]; then ok; else bad "two techniques CSV rows"; fi
if grep -q ',mrv,natural,techniques,gac,off,solved,,58,0,' "$TMP/a.csv"; then ok; else bad "CSV: 58 assignments, 0 backtracks"; fi

run ablate sudoku "$TMP/p.txt" --inference mac,techniques --alldiff binary,value
expect_code 0 "techniques with every alldiff mode"

run ablate queens --n 6 --inference techniques
expect_code 2 "ablate queens techniques"
expect_err "'techniques' .*applies only to sudoku, not queens" "ablate message"
run ablate queens --n 6 --inference all --csv "$TMP/q.csv"
expect_code 0 "all on queens leaves techniques out"
if grep -q ',techniques,' "$TMP/q.csv"; then bad "queens ran techniques"; else ok; fi

finish
