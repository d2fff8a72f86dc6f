#!/usr/bin/env bash
# The handed cases BH-26, BH-27, BH-36 and BH-40 of ../shared/cases/cases.tsv, each through every command that reads
# that kind of input: what one command handles, all must.
# Usage: sibling_cases_test.sh CSP SHARED_DIR   (exit 77 = skipped when the cases are absent)
CSP=$1
FILES=$2/cases/files
if [[ ! -f $FILES/BH-26_6x6_3x2.txt ]]; then
  echo "skipped: no $FILES"
  exit 77
fi
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# BH-26: --box wherever Sudoku files are read (sudoku, --explain, --grade, ablate, graph).
F=$FILES/BH-26_6x6_3x2.txt
run sudoku --box 3x2 --max-solutions 2 "$F"; expect_code 0 "BH-26 sudoku"; expect_count ' unique$' 10 "BH-26 sudoku"
run sudoku --box 3x2 --grade "$F"; expect_code 0 "BH-26 --grade"; expect_err '^graded 10 puzzles' "BH-26 --grade"
expect_no_out 'invalid|multiple|unsolvable' "BH-26 --grade"
run sudoku --box 3x2 --explain "$F"; expect_code 0 "BH-26 --explain"; expect_count '^Solution: ' 10 "BH-26 --explain"
run ablate sudoku "$F" --box 3x2 --var mrv --inference mac; expect_code 0 "BH-26 ablate --box"; expect_err 'runs \(10 instances' "BH-26 ablate"
run ablate queens --box 3x2; expect_code 2 "ablate --box on queens"; expect_err 'only to sudoku' "ablate --box queens"
run graph sudoku --box 3x2 "$F"; expect_code 0 "BH-26 graph --box"; expect_out ': 36 variables, ' "BH-26 graph"
run sudoku --box 4x3 --max-solutions 2 "$FILES/BH-26_4x3.txt"; expect_code 0 "BH-26 4x3"; expect_out ' unique$' "4x3"
run sudoku --box 3x4 --max-solutions 2 "$FILES/BH-26_4x3.txt"; expect_no_out ' unique$' "BH-26 4x3 read as 3x4"
for f in BH-26_3x4.txt BH-26_3x4_picture.txt; do
  run sudoku --box 3x4 --max-solutions 2 "$FILES/$f"; expect_code 0 "BH-26 $f"; expect_out ' unique$' "BH-26 $f"
  run ablate sudoku "$FILES/$f" --box 3x4 --var mrv --inference mac; expect_code 0 "BH-26 ablate $f"
  run sudoku --box 3x4 --grade "$FILES/$f"; expect_code 0 "BH-26 grade $f"
done
# A generated file keeps its box shape on a round trip: "# box 3x2" is written, and every reader takes it.
"$CSP" sudoku-generate --box 3x2 --count 3 --seed 7 >"$TMP/gen.txt"
expect_eq "$(head -1 "$TMP/gen.txt")" "# box 3x2" "generate writes the shape"
run sudoku --max-solutions 2 "$TMP/gen.txt"; expect_code 0 "round trip sudoku"; expect_count ' unique$' 3 "round trip"
run sudoku --grade "$TMP/gen.txt"; expect_code 0 "round trip --grade"; expect_no_out invalid "round trip --grade"
run ablate sudoku "$TMP/gen.txt" --var mrv --inference mac; expect_code 0 "round trip ablate"
run graph sudoku "$TMP/gen.txt"; expect_code 0 "round trip graph"
"$CSP" sudoku-generate --box 3x3 --count 1 >"$TMP/gen9.txt"
expect_eq "$(grep -c '^#' "$TMP/gen9.txt")" 0 "a default shape writes no comment"

# BH-27: 32x32 works in every mode; 36x36 is invalid per puzzle with file:line and the batch goes on.
F=$FILES/BH-27_32x32.txt
run sudoku --box 4x8 --max-solutions 2 "$F"; expect_code 0 "BH-27 solve"; expect_out ' unique$' "BH-27 solve"
run sudoku --box 4x8 --grade "$F"; expect_code 0 "BH-27 --grade"; expect_out ' hardest=' "BH-27 --grade"
run sudoku --box 4x8 --explain "$F"; expect_code 0 "BH-27 --explain"; expect_out '^Solution: ' "BH-27 --explain"
run sudoku --box 4x8 --inference techniques "$F"; expect_code 0 "BH-27 techniques"; expect_out ' solved$' "techniques"
run ablate sudoku "$F" --box 4x8 --var mrv --inference mac,techniques; expect_code 0 "BH-27 ablate"
for mode in "" --grade --explain; do
  # shellcheck disable=SC2086
  run sudoku $mode "$FILES/BH-27_36x36.txt" "$FILES/BH-27_25x25.txt"; expect_code 1 "BH-27 36x36 $mode"
  expect_out "invalid \(.*BH-27_36x36.txt:1: " "BH-27 36x36 $mode: file:line"
  expect_out " solved$| hardest=|^Solution: " "BH-27 36x36 $mode: the batch goes on"
done
run sudoku --max-solutions 2 "$FILES/BH-27_25x25.txt"; expect_code 0 "BH-27 25x25"
expect_count ' unique$' 1 "BH-27 25x25 line 1"; expect_count ' multiple \(2 or more\)$' 1 "BH-27 25x25 line 2"

# BH-36: a count stopped by --max-solutions is marked in every model command.
run cryptarithm TWO+TWO=FOUR --max-solutions 3; expect_code 0 "BH-36 cryptarithm"
expect_count '^[0-9]{3} \+ [0-9]{3} = [0-9]{4}$' 3 "BH-36 3 solutions printed"
expect_out '^3 solutions \(stopped at --max-solutions 3\)$' "BH-36 capped"
run color --map australia -k 3 --max-solutions 2; expect_out '^2 colourings \(stopped at --max-solutions 2\)' "BH-36 color"
run color --map australia -k 3 --max-solutions 0; expect_out '^18 colourings; the first:$' "BH-36 color exact"

# BH-40: BOM, CRLF and CR-only line ends in every reader; bytes escaped in messages.
for f in BH-40_bom.col BH-40_cr_only.col BH-40_bom_crlf.col; do
  run color "$FILES/$f" -k 3; expect_code 0 "BH-40 color $f"; expect_out '3 vertices, 3 edges' "BH-40 color $f"
  run graph "$FILES/$f"; expect_code 0 "BH-40 graph $f"; expect_out ': 3 variables, 3 edges' "BH-40 graph $f"
  run ablate graph "$FILES/$f" --colors 3; expect_code 0 "BH-40 ablate $f"
done
run killer "$FILES/BH-40_killer_bom.txt" --max-solutions 2; expect_code 0 "BH-40 killer"; expect_out '^unique$' "killer"
F=$FILES/BH-40_sudoku_cr_only.txt
run sudoku --max-solutions 2 "$F"; expect_code 0 "BH-40 sudoku CR"; expect_no_out 'invalid' "BH-40 sudoku CR"
run sudoku --grade "$F"; expect_code 0 "BH-40 --grade CR"
run ablate sudoku "$F" --var mrv --inference mac; expect_code 0 "BH-40 ablate CR"
run graph sudoku "$F"; expect_code 0 "BH-40 graph CR"

finish
