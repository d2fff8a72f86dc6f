#!/usr/bin/env bash
# CLI tests of the all-different mode names: --alldiff takes binary, value, gac (csp sudoku: grid, grid-cells) and
# the old names pairwise, global, matching, which run the same mode and are printed in the new form; csp ablate
# --resume reads an older study's CSV, whose options and rows name the modes the old way, without rerunning it.
# Usage: alldiff_names_cli_test.sh PATH/TO/csp REPO_ROOT      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: alldiff_names_cli_test.sh PATH/TO/csp REPO_ROOT}
ROOT=${2:?usage: alldiff_names_cli_test.sh PATH/TO/csp REPO_ROOT}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
PUZZLES=$ROOT/puzzles/classic.txt

# The per-puzzle counters of csp sudoku --stats and its summary, the clocks (elapsed_us, time_us, the time: line)
# left out.
counters() { cat "$TMP/out" "$TMP/err" | sed -e 's/ elapsed_us=[0-9]* time_us=[0-9]*$//' -e '/^time: /d'; }

# ---- csp sudoku: an old name and its new one give identical counters -------------------------------------------
for pair in matching:gac global:value pairwise:binary; do
  old=${pair%%:*}
  new=${pair##*:}
  run sudoku --alldiff "$old" --stats "$PUZZLES"; expect_code 0 "--alldiff $old"
  counters >"$TMP/old.txt"
  run sudoku --alldiff "$new" --stats "$PUZZLES"; expect_code 0 "--alldiff $new"
  counters >"$TMP/new.txt"
  if cmp -s "$TMP/old.txt" "$TMP/new.txt"; then ok; else bad "--alldiff $old and $new: different counters"; fi
done
# The counters are real: on the 4 classic puzzles, with mrv + mac, gac makes 157 assignments (0 backtracks), binary 367.
run sudoku --alldiff matching --var mrv --val natural --inference mac --stats "$PUZZLES"
expect_err '^search: 157 assignments, 0 backtracks$' "gac counters"
run sudoku --alldiff pairwise --var mrv --val natural --inference mac --stats "$PUZZLES"
expect_err '^search: 367 assignments, 210 backtracks$' "binary counters"

# The mode is echoed by its new name; the default of csp sudoku is grid.
run sudoku --alldiff matching --format json "$PUZZLES"
expect_out '"alldiff":"gac"' "json names gac for matching"
expect_no_out '"alldiff":"matching"' "json does not echo the old name"
run sudoku --format json "$PUZZLES"; expect_out '"alldiff":"grid"' "default grid"
run sudoku --alldiff global --format json "$PUZZLES"; expect_out '"alldiff":"value"' "json names value for global"
run sudoku --help
expect_out '--alldiff MODE \(=grid\)' "help: default grid"
expect_out 'pairwise are accepted' "help: old names mentioned"
run sudoku --alldiff foo "$PUZZLES"; expect_code 2 "unknown mode"
expect_err_text "(valid: binary, value, gac, grid, grid-cells; the old names pairwise, global, matching are accepted)" "valid names"
run zebra --alldiff grid; expect_code 2 "grid is csp sudoku's"
expect_err "grid is csp sudoku's mode" "zebra: grid refused by name"
run zebra --alldiff grid-cells; expect_code 2 "grid-cells is csp sudoku's"
expect_err "grid-cells is csp sudoku's mode" "zebra: grid-cells refused by name"
# grid-cells runs the grid's rules on one word per cell: the same search as grid (digit-major on 9x9), other costs.
run sudoku --alldiff grid --stats "$PUZZLES"; expect_code 0 "--alldiff grid"
counters >"$TMP/grid.txt"
run sudoku --alldiff grid-cells --stats "$PUZZLES"; expect_code 0 "--alldiff grid-cells"
counters >"$TMP/cells.txt"
if cmp -s "$TMP/grid.txt" "$TMP/cells.txt"; then ok; else bad "--alldiff grid and grid-cells: different counters"; fi
run killer --alldiff foo "$ROOT/puzzles/killer_4x4.txt"; expect_code 2 "killer: unknown mode"
expect_err_text "(valid: binary, value, gac; the old names" "killer: no grid among the valid names"
run fzn --help; expect_out '--alldiff MODE \(=gac\)' "fzn default gac"
run cryptarithm --help; expect_out '--alldiff MODE \(=value\)' "cryptarithm default value"

# ---- csp ablate: old names read as new, printed new ---------------------------------------------------------------
run ablate zebra --var mrv --inference fc --alldiff matching
expect_code 0 "ablate --alldiff matching"
expect_out 'fixed: var=mrv val=natural inference=fc alldiff=gac ac3=off' "fixed alldiff printed gac"
run ablate zebra --var mrv --inference fc --alldiff pairwise,binary,global --csv "$TMP/z.csv"
expect_code 0 "ablate old and new names"
expect_out 'ablate zebra: 2 configurations' "pairwise and binary are one configuration"
expect_eq "$(grep -v '^#' "$TMP/z.csv" | cut -d, -f7 | tail -n +2 | tr '\n' ' ')" "binary value " "CSV: new names"
run ablate queens --alldiff matching; expect_code 2 "queens takes binary, value only"
expect_err "unknown value 'gac' \(valid: binary, value, all\)" "queens: valid names"

# ---- csp ablate --resume of an older study: its CSV says pairwise, global, matching -------------------------------
STUDY=(ablate zebra --var first,mrv --inference fc --alldiff all)
run "${STUDY[@]}" --csv "$TMP/new.csv"; expect_code 0 "full study"
# The file as an older csp wrote it: the old names in the options line and the rows; 4 of 6 rows done, each with a
# time of 999999 us that only a kept row still has.
grep '^#' "$TMP/new.csv" |
  sed 's/"alldiff":\["binary","value","gac"\]/"alldiff":["pairwise","global","matching"]/' >"$TMP/old.csv"
grep -v '^#' "$TMP/new.csv" | head -5 |
  sed -e 's/,binary,off,/,pairwise,off,/' -e 's/,value,off,/,global,off,/' -e 's/,gac,off,/,matching,off,/' \
      -e 's/,[0-9]*$/,999999/' >>"$TMP/old.csv"
expect_eq "$(grep -c ',pairwise,off,\|,global,off,\|,matching,off,' "$TMP/old.csv")" 4 "old rows written"
expect_eq "$(grep -c '"alldiff":\["pairwise","global","matching"\]' "$TMP/old.csv")" 1 "old options written"
run "${STUDY[@]}" --resume --csv "$TMP/old.csv"
expect_code 0 "resume of the old study"
expect_err_text "6 runs (1 instances x 6 configurations, 4 of them resumed from $TMP/old.csv)" "4 rows resumed"
expect_eq "$(grep -c ',999999$' "$TMP/old.csv")" 4 "the resumed rows kept, not rerun"
expect_eq "$(grep -c ',pairwise,\|,global,\|,matching,' "$TMP/old.csv")" 0 "no old name left in the rows"
expect_eq "$(grep -v '^#' "$TMP/old.csv" | cut -d, -f4,7,11 | tr '\n' ' ')" \
  "var,alldiff,assignments first,binary,122 first,value,122 first,gac,122 mrv,binary,27 mrv,value,27 mrv,gac,27 " \
  "resumed rows with the new names and their counters"
# The options line of an old study with another grid still refuses the resume (the mapping hides no difference).
sed 's/"alldiff":\["binary","value","gac"\]/"alldiff":["pairwise","global"]/' "$TMP/new.csv" >"$TMP/other.csv"
run "${STUDY[@]}" --resume --csv "$TMP/other.csv"
expect_code 2 "resume of another grid"
expect_err 'options differ from this run: alldiff is \["binary","value"\] in the file' "difference named in new names"

finish
