#!/usr/bin/env bash
# CLI tests of --picture: csp sudoku (names in a batch, cell texts = the printed solution), --explain steps,
# csp killer, PNG (or its refusal without cairo), bad paths; and no progress bar when standard error is not a terminal.
# Usage: picture_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: picture_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
P="$(dirname "${BASH_SOURCE[0]}")/../../puzzles"
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
# The cell texts of an SVG in row-major order (the writer puts data-row / data-col on each).
cells() { sed -nE 's/.*class="(given|found)" data-row="([0-9]+)" data-col="([0-9]+)".*>(.)<\/text>/\2 \3 \4/p' "$1" |
  sort -n -k1,1 -k2,2 | awk '{printf "%s", $3}'; }

run sudoku --picture "$TMP/g.svg" "$P/generated_4x4.txt"
expect_code 0 "batch"
n=$(ls "$TMP"/g-*.svg | wc -l); expect_eq "$n" 50 "one picture per puzzle"
expect_eq "$(cells "$TMP/g-7.svg")" "$(sed -n 7p "$TMP/out" | cut -d' ' -f1)" "picture 7 = solution 7"
expect_eq "$(grep -c 'class="region"' "$TMP/g-1.svg")" 6 "2x2 box lines"
expect_no_err $'\r' "no progress bar on a pipe"

run_in "$HARD\n" sudoku --picture "$TMP/one.svg" -
expect_code 0 "one puzzle"
expect_eq "$(cells "$TMP/one.svg")" "$(cut -d' ' -f1 "$TMP/out")" "one.svg = the solution"
expect_eq "$(ls "$TMP"/one-*.svg 2>/dev/null | wc -l)" 0 "no number for a batch of one"

run_in "$HARD\n" sudoku --explain --picture "$TMP/e.svg" -
expect_code 0 "explain"
steps=$(grep -cE '^[0-9]+\. ' "$TMP/out")
expect_eq "$(ls "$TMP"/e-*.svg | wc -l)" "$steps" "one picture per step"
expect_eq "$(grep -c 'class="eliminated"' "$TMP/e-4.svg")" 2 "step 4 (pointing) strikes r2c1 and r2c3's 7"
expect_eq "$(grep -c 'class="strike"' "$TMP/e-4.svg")" 2 "two strikes"

run killer "$P/killer_4x4.txt" --picture "$TMP/k.svg"
expect_code 0 "killer"
expect_eq "$(grep -c 'class="cage-sum"' "$TMP/k.svg")" 6 "six cage sums"

run sudoku --picture "$TMP/x.png" "$P/generated_4x4.txt"
if [[ $code -eq 0 ]]; then
  expect_eq "$(head -c 8 "$TMP/x-1.png" | od -An -tx1 | tr -d ' \n')" 89504e470d0a1a0a "PNG signature"
  # IHDR width and height: 2 * 8 + 4 * 40 = 176 pixels.
  expect_eq "$(od -An -j16 -N8 -tu1 "$TMP/x-1.png" | tr -s ' ' | sed 's/^ //')" "0 0 0 176 0 0 0 176" "PNG size"
else
  expect_code 2 "png without cairo"
  expect_err_text "built without cairo" "png refusal"
fi

run sudoku --picture "$TMP/x.jpg" "$P/generated_4x4.txt"
expect_code 2 "bad extension"
expect_err_text "must end in .svg or .png" "bad extension message"
run sudoku --picture "$TMP/no/such/x.svg" "$P/generated_4x4.txt"
expect_code 2 "missing folder"
expect_err_text "no such folder" "missing folder message"
run sudoku --grade --picture "$TMP/g.svg" "$P/generated_4x4.txt"
expect_code 2 "grade refuses --picture"
run killer "$P/killer_4x4.txt" --picture "$TMP/no/k.svg"
expect_code 2 "killer missing folder"
finish
