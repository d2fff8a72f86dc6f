#!/usr/bin/env bash
# CLI tests of `csp sudoku --explain / --grade / --techniques`, on small inputs made here.
# Usage: explain_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: explain_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
EMPTY=.................................................................................

run_in "$HARD\n" sudoku --explain -
expect_code 0 "explain"
expect_out '^1\. Hidden single: in box 4, 4 fits only in r6c2, so r6c2 = 4$' "explain first step"
expect_out '^4\. Pointing: in box 3, 7 lies only in row 2, so r2c1 and r2c3 lose 7$' "explain pointing"
expect_out '^Result: solved by techniques alone$' "explain result"
expect_out '^Solution: 417369825632158947958724316825437169791586432346912758289643571573291684164875293$' "solution"

run_in "$HARD\n" sudoku --explain --format json -
expect_code 0 "explain json"
expect_out '"step":1,"technique":"hidden-single"' "json step"
expect_out '"removed":\[\{"cell":"r2c1","digit":7\},\{"cell":"r2c3","digit":7\}\]' "json removed"
expect_out '"result":"solved"' "json result"

run_in "$HARD\n" sudoku --explain --techniques naked-single -
expect_code 0 "explain naked singles only"
expect_out '^Result: techniques stuck with [0-9]+ empty cells; search finished' "search fallback"

run_in "$EASY\n$HARD\n" sudoku --grade -
expect_code 0 "grade"
expect_out "^\.\.3\.2\.6\.\.9.* hardest=naked-single search=no steps=49$" "grade easy"
expect_out '^Technique analysis of <stdin>: 2 puzzles, 2 graded$' "grade table"
expect_out '^Solved without search: 2 of 2 \(100\.0%\)$' "grade share"
expect_err '^graded 2 puzzles in [0-9]+\.[0-9]{2} s$' "grade time, formatted like the solve summary"

run_in "$EASY\n$HARD\n" sudoku --grade --techniques naked-single,hidden-single -
expect_out '^Solved without search: 1 of 2 \(50\.0%\)$' "limited techniques"
expect_out "^$HARD hardest=hidden-single search=yes" "hard needs search with singles"

# Several solutions: not graded, but the puzzle has a solution, so exit 0 as plain solving and --explain.
run_in "$EMPTY\n" sudoku --grade -
expect_code 0 "several solutions: exit 0 as plain solving"
expect_out 'multiple: several solutions, not graded' "not graded"
expect_out '^Technique analysis of <stdin>: 1 puzzle, 0 graded, 1 with several solutions$' "multiple in the table"
run_in "1004041001404001\n" sudoku --explain -; expect_code 0 "explain several solutions: exit 0"
run_in "1004041001404001\n" sudoku --max-solutions 2 -; expect_code 0 "plain several solutions: exit 0"

# Contradictory givens: invalid, with the reason of plain solving, in text and JSON; exit 1.
CLASH=99${EASY:2}
CLASH_WHY='contradictory givens: two 9s in row 1 (r1c1, r1c2); two 9s in column 1 (r1c1, r2c1); three 9s in box 1 (r1c1, r1c2, r2c1)'
run_in "$CLASH\n" sudoku -; expect_code 1 "clash plain"; expect_out_text "- invalid (<stdin>:1: $CLASH_WHY)" "clash plain"
run_in "$CLASH\n" sudoku --explain -; expect_code 1 "clash explain"
expect_out_text "Result: invalid (<stdin>:1: $CLASH_WHY)" "clash explain"
if grep -q 'no solution' "$TMP/out"; then bad "clash explain says no solution"; else ok; fi
run_in "$CLASH\n" sudoku --explain --format json -; expect_code 1 "clash explain json"
expect_out_text "\"detail\":\"$CLASH_WHY\"" "clash explain json detail"; expect_out '"result":"invalid"' "clash explain json"
run_in "$CLASH\n$EASY\n" sudoku --grade -; expect_code 1 "clash grade"
expect_out_text "invalid (<stdin>:1: $CLASH_WHY)" "clash grade"
expect_out '^Technique analysis of <stdin>: 2 puzzles, 1 graded, 1 invalid$' "clash counted as invalid"
run_in "$CLASH\n" sudoku --grade --format json -; expect_code 1 "clash grade json"
expect_out '"grade":"invalid"' "clash grade json"; expect_out '"invalid":1' "clash grade json table"
expect_out_text "\"detail\":\"$CLASH_WHY\"" "clash grade json detail"

# Options without effect on --explain / --grade are refused; the ones they use are accepted.
for opt in "--var first" "--val lcv" "--inference fc" "--ac3" "--alldiff binary" "--max-solutions 2" "--jobs 2" \
  "--trace" "--stats"; do
  run_in "$EASY\n" sudoku --grade $opt -; expect_code 2 "--grade $opt"
  expect_err "^csp sudoku: ${opt%% *} cannot be combined with --grade: it has no effect there" "--grade $opt"
done
run_in "$EASY\n" sudoku --explain --trace -; expect_code 2 "--explain --trace"
expect_err '^csp sudoku: --trace cannot be combined with --explain: it has no effect there' "--explain --trace"
run_in "$EASY\n" sudoku --explain --format pretty -; expect_code 2 "--explain --format pretty"
expect_err '^csp sudoku: --format pretty cannot be combined with --explain: it prints text \(line, the default\) or json$' \
  "--explain --format pretty"
run_in "$EASY\n" sudoku --grade --format candidates -; expect_code 2 "--grade --format candidates"
run_in "$EASY\n" sudoku --grade --format line --node-limit 100000 --timeout 60000 --box 3x3 --techniques all -
expect_code 0 "the options --grade uses"
run_in "$EASY\n" sudoku --techniques naked-single,hidden-single --inference techniques -; expect_code 0 "--techniques with --inference techniques"

# Unreadable or empty files: reported, the batch goes on, exit 2 at the end.
printf '%s\n' "$EASY" >"$TMP/easy.txt"; : >"$TMP/empty.txt"
run sudoku --grade "$TMP/missing.txt" "$TMP/empty.txt" "$TMP/easy.txt"; expect_code 2 "grade batch with bad files"
expect_err "^csp sudoku: cannot read '.*missing.txt': No such file or directory$" "grade missing file"
expect_err '^csp sudoku: .*empty.txt: no puzzle in the file$' "grade empty file"
expect_out '^Technique analysis of .*easy.txt: 1 puzzle, 1 graded$' "grade goes on"

run_in "$EMPTY\n" sudoku --grade --node-limit 10 -
expect_code 1 "search limit"
expect_out 'limit-reached: the search limit stopped the count of solutions, not graded' "limit not graded"

run_in "$EASY\n" sudoku --grade --format json -
expect_out '"grade":"graded"' "grade json"
expect_out '"without_search":1' "grade json table"

run_in "$EASY\n" sudoku --grade --techniques foo -
expect_code 2 "bad technique"
expect_err "unknown technique 'foo'" "bad technique message"

run_in "$EASY\n" sudoku --grade --explain -
expect_code 2 "explain and grade"

run_in ".43...........21\n1.....3.6.4.....1...3..2...52.4.....\n" sudoku --explain -
expect_code 0 "4x4 and 6x6 explain"
expect_out '^Puzzle 2 \(<stdin>:2\): 1\.\.\.\.\.3' "6x6 puzzle"
expect_out '^Solution: 1432321421434321$' "4x4 solved"

# Two solutions (a deadly rectangle r1c2, r1c4, r2c2, r2c4 on 1 and 3; r2c4 also has 5): unique-rectangle is not used.
DEADLY=4.7.698256.2..8947958724316825437169791.86432346912758289643571573291684164875293
run_in "$DEADLY\n" sudoku --explain -
expect_code 0 "explain several solutions"
expect_out '^Note: unique-rectangle not used: it assumes exactly one solution, and the puzzle has several solutions$' \
  "uniqueness note"
if grep -q 'Unique rectangle' "$TMP/out"; then bad "a unique rectangle step with two solutions"; else ok; fi
run_in "$DEADLY\n" sudoku --explain --format json -
expect_out '"uniqueness_assumed":false' "json uniqueness"
run_in "$HARD\n" sudoku --explain --format json -
expect_out '"uniqueness_assumed":true' "json uniqueness on a unique puzzle"

run sudoku --help
expect_out 'simple-colouring' "help lists simple-colouring"
expect_out '(, |^ +)unique-rectangle,' "help lists unique-rectangle"

finish
