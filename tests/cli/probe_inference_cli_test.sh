#!/usr/bin/env bash
# CLI tests of `--inference probe`: csp sudoku runs MAC plus failed-literal probing of every two-candidate cell over
# the grid's rules, under every --alldiff mode; csp ablate sudoku compares it with mac; every other model rejects it
# as a usage error. With SHARED_DIR, also a 25x25 puzzle (skipped, exit 77, when the shared puzzles are absent).
# Usage: probe_inference_cli_test.sh PATH/TO/csp [SHARED_DIR]      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: probe_inference_cli_test.sh PATH/TO/csp [SHARED_DIR]}
SHARED=${2:-}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

if [[ -n $SHARED ]]; then
  # #17 of the Gecode 25x25 file: 825 assignments with probing (0.2 s), 64,719 without.
  FILE=$SHARED/puzzles/sudoku25x25_gecode18.txt
  if [[ ! -f $FILE ]]; then
    echo "skipped: no $FILE"
    exit 77
  fi
  sed -n 17p "$FILE" >"$TMP/p17.txt"
  run sudoku --inference probe --timeout 60000 --stats "$TMP/p17.txt"
  expect_code 0 "probe solves 25x25 #17"
  expect_out "^[A-P1-9]{625} solved \| assignments=[0-9]{3,4} " "solved within a few hundred assignments"
  finish
  exit
fi

# The --help text on one line (the option descriptions wrap).
one_line() { tr -s ' \n' ' ' <"$TMP/out" >"$TMP/line" && mv "$TMP/line" "$TMP/out"; }

# top95 #13: probing fills the grid at the root; MAC with the grid's rules alone backtracks 203 times.
PUZZLE=..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..
SOLUTION=135426987846957321927381465213748659598163742674295813351674298482539176769812534
# Exactly two solutions (a deadly rectangle on r1c2, r1c4, r2c2, r2c4).
TWO=...............9.7.....431...5........1..6..2.4...2758.8..4.....7..9.6...6...5293

# ---- csp sudoku ----------------------------------------------------------------------------------------------------
run sudoku --help
one_line
expect_out 'probe \(mac plus failed-literal probing of every two-candidate cell over the grid.s rules\)' \
  "help lists probe"
expect_out 'csp sudoku --inference probe --timeout' "help example"

run_in "$PUZZLE\n" sudoku --inference probe --stats -
expect_code 0 "probe solves"
expect_out "^$SOLUTION solved \| assignments=60 backtracks=0 " "no backtrack, one assignment per empty cell"
run_in "$PUZZLE\n" sudoku --inference mac --stats -
expect_out "^$SOLUTION solved \| assignments=[0-9]+ backtracks=[1-9][0-9]* " "mac backtracks"

run_in "$PUZZLE\n" sudoku --inference probe --format candidates -
expect_code 0 "candidates"
expect_out '^candidates after probe at the root:$' "candidates header names probe"
expect_out '^1 3 5 \|4 2 6 \|9 8 7 $' "root fills the first row"

run_in "$PUZZLE\n" sudoku --inference probe --format json -
expect_out '"inference":"probe"' "json configuration names probe"

run_in "$TWO\n" sudoku --inference probe --max-solutions 0 --format json -
expect_code 0 "count"
expect_out '"solution_count":2' "exactly two solutions counted"

for alldiff in grid gac value binary; do
  run_in "$PUZZLE\n$TWO\n" sudoku --inference probe --alldiff "$alldiff" --var dom-wdeg --max-solutions 0 -
  expect_code 0 "--alldiff $alldiff"
  expect_out "^$SOLUTION unique$" "--alldiff $alldiff: unique"
  expect_out ' multiple \(2\)$' "--alldiff $alldiff: two solutions"
done

run_in "$PUZZLE\n" sudoku --inference probe --restarts luby --seed 1 --var dom-wdeg -
expect_code 0 "restarts"
expect_out "^$SOLUTION solved" "solved with restarts"

run_in "1.....3.6.4.....1...3..2...52.4.....\n.43...........21\n" sudoku --inference probe -
expect_code 0 "6x6 and 4x4"
expect_out '^1432321421434321 solved$' "4x4 solved"

run_in "$PUZZLE\n" sudoku --inference prob -
expect_code 2 "misspelt"
expect_err "unknown inference 'prob' \(valid: none, fc, mac, techniques, probe\)" "message lists probe"

run_in "$PUZZLE\n" sudoku --inference probe --backjump cbj -
expect_code 2 "cbj with a model inference"

# ---- other models: a usage error that says where probe belongs -----------------------------------------------------
for cmd in "queens 8" "zebra" "color --map australia -k 3"; do
  # shellcheck disable=SC2086
  run $cmd --inference probe
  expect_code 2 "$cmd --inference probe"
  expect_err "'probe' \(mac plus failed-literal probing.*\) exists only for csp sudoku" "$cmd message"
done

# ---- csp ablate ------------------------------------------------------------------------------------------------------
printf '%s\n%s\n' "$PUZZLE" "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" >"$TMP/p.txt"
run ablate sudoku --help
one_line
expect_out "probe: mac plus failed-literal probing of every two-candidate cell over the grid's rules \(only sudoku" \
  "ablate help lists probe"
run ablate sudoku "$TMP/p.txt" --var mrv --inference mac,probe --csv "$TMP/a.csv"
expect_code 0 "ablate sudoku mac,probe"
expect_out '^probe +2/2 ' "table row for probe"
if [[ $(grep -c ',probe,grid,off,solved,' "$TMP/a.csv") -eq 2 ]]; then ok; else bad "two probe CSV rows"; fi
if grep -q ',mrv,natural,probe,grid,off,solved,,60,0,' "$TMP/a.csv"; then ok; else bad "CSV: 60 assignments, 0 backtracks"; fi

run ablate sudoku "$TMP/p.txt" --inference mac,probe --alldiff binary,value,gac,grid
expect_code 0 "probe with every alldiff mode"

run ablate queens --n 6 --inference probe
expect_code 2 "ablate queens probe"
expect_err "'probe' .*applies only to sudoku, not queens" "ablate message"

finish
