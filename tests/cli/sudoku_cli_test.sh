#!/usr/bin/env bash
# CLI tests of `csp` and `csp sudoku`: formats, statuses, messages and exit codes, on small inputs made here.
# Usage: sudoku_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: sudoku_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

EASY=902005403100063025508407060026309001057010290090670530240530600705200304080041950
EASY_SOLVED=962185473174963825538427169826359741357814296491672538249538617715296384683741952
HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......

# ---- csp itself ----------------------------------------------------------------------------------------------------
run --version; expect_code 0 "--version"; expect_out '^csp [0-9]+\.[0-9]+\.[0-9]+$' "--version"
run --help; expect_code 0 "--help"; expect_out '^  sudoku ' "--help lists sudoku"
run; expect_code 2 "no command"
run frobnicate; expect_code 2 "unknown command"; expect_err "unknown command 'frobnicate' \(valid: sudoku" "unknown command"

# ---- the bundled file ----------------------------------------------------------------------------------------------
run sudoku; expect_code 0 "bundled file"; expect_out "^$EASY_SOLVED solved$" "bundled file"
expect_err '^summary: [0-9]+ puzzles: [0-9]+ solved$' "bundled summary"; expect_err '^time: .* median' "bundled time"
expect_err '^search: [0-9]+ assignments, [0-9]+ backtracks$' "bundled search"
run sudoku --help; expect_code 0 "sudoku --help"; expect_out '^Examples:' "help examples"
expect_out 'variable ordering: first, mrv' "help lists strategies"

# ---- input formats -------------------------------------------------------------------------------------------------
# One line, picture with borders, rows of space-separated digits with CRLF/tab/trailing spaces, BOM, comments.
FORMATS="\xEF\xBB\xBF# comment\r\n$EASY  \r\n\n9 . 2 | . . 5 | 4 . 3\n1 . . | . 6 3 | . 2 5\n5 . 8 | 4 . 7 | . 6 .\n"
FORMATS+="------+-------+------\n. 2 6 | 3 . 9 | . . 1\n. 5 7 | . 1 . | 2 9 .\n. 9 . | 6 7 . | 5 3 .\n"
FORMATS+="------+-------+------\n2 4 . | 5 3 . | 6 . .\n7 . 5 | 2 . . | 3 . 4\n. 8 . | . 4 1 | 9 5 .\n\n"
FORMATS+="9 0 2 0 0 5 4 0 3 \r\n1 0 0 0 6 3 0 2 5\t\r\n5 0 8 4 0 7 0 6 0\r\n0 2 6 3 0 9 0 0 1\r\n0 5 7 0 1 0 2 9 0\r\n"
FORMATS+="0 9 0 6 7 0 5 3 0\r\n2 4 0 5 3 0 6 0 0\r\n7 0 5 2 0 0 3 0 4\r\n0 8 0 0 4 1 9 5 0\r\n\r\n"
run_in "$FORMATS" sudoku -; expect_code 0 "formats"; expect_lines 3 "formats"
if [[ $(grep -c "^$EASY_SOLVED solved$" "$TMP/out") -eq 3 ]]; then ok; else bad "formats: three equal solutions"; fi
# Sizes from the cell count: 4x4, 6x6 (2x3), 16x16 with letters; --box 3x2 for 6x6 with 3-row boxes.
run_in "1...3......4...1\n" sudoku -; expect_code 0 "4x4"; expect_out "^1243341221344321 solved$" "4x4"
SIX="1.....4....23.1.........2.....5......"
run_in "${SIX:0:36}\n" sudoku --format json -; expect_out '"box":"2x3"' "6x6 default box"
run_in "${SIX:0:36}\n" sudoku --format json --box 3x2 -; expect_out '"box":"3x2"' "6x6 --box 3x2"
SIXTEEN=".F.........3..961.3.7.A..G....CFGBD.E.5....941....9748.3.5E.2G..C..1...62..B.9...7..14C..95..3B.32.G......A....49.....3B.C.8A.6....39.6..BD7...1F...DA..G.3..6.5B.7....4.6...82G65E93G8....4........F.E1..6.84.......975...AF..CE.1F.D..3.8.675.7...83....F.B2.."
run_in "$SIXTEEN\n" sudoku -; expect_code 0 "16x16"; expect_out '^5FCE2BGD81437A96' "16x16 letters"

# ---- statuses and messages -----------------------------------------------------------------------------------------
run_in "$EASY\n" sudoku --max-solutions 2 -; expect_out "^$EASY_SOLVED unique$" "unique"
run_in "1004041001404001\n" sudoku --max-solutions 2 -; expect_out '^[1-4]{16} multiple \(2 or more\)$' "multiple capped"
run_in "1004041001404001\n" sudoku --max-solutions 0 -; expect_out '^[1-4]{16} multiple \(2\)$' "multiple counted"
expect_code 0 "multiple is solved"
run_in "1.3..41.2..1.3.4\n" sudoku -; expect_code 1 "unsolvable"; expect_out '^- unsolvable \(<stdin>:1\)$' "unsolvable"
run_in "$HARD\n" sudoku --node-limit 1 -; expect_code 1 "node limit"
expect_out '^- limit-reached \(<stdin>:1: node limit 1\)$' "node limit"
run_in "$HARD\n" sudoku --var first --inference none --alldiff binary --timeout 20 -; expect_code 1 "timeout"
expect_out 'limit-reached \(<stdin>:1: timeout 20 ms\)' "timeout"
BAD="$EASY\n${EASY:0:80}\n${EASY}0\n${EASY:0:16}?${EASY:17}\n${EASY:0:4}G${EASY:5}\n"
BAD+="$(printf '.%.0s' {1..100})\n.99..5.1.85.4....2432......1...69.83.9.....6.62.71...9......1945....4.37.4.3..6..\n$EASY\n"
run_in "$BAD" sudoku -; expect_code 1 "invalid puzzles"; expect_lines 8 "a batch keeps going"
expect_out '^- invalid \(<stdin>:2: 80 cells' "80 cells"
expect_out '^- invalid \(<stdin>:3: 82 cells' "82 cells"
expect_out "^- invalid \(<stdin>:4: bad character '\?' at column 17\)$" "bad character"
expect_out "^- invalid \(<stdin>:5: bad character 'G' at column 5: 16 is above 9" "digit above N"
expect_out '^- invalid \(<stdin>:6: 100 cells make a 10x10 grid with no default box shape' "ambiguous size"
expect_out '^- invalid \(<stdin>:7: contradictory givens: two 9s in row 1 \(r1c2, r1c3\)' "clashing givens"
if [[ $(head -1 "$TMP/out") == "$EASY_SOLVED solved" && $(tail -1 "$TMP/out") == "$EASY_SOLVED solved" ]]; then ok; else
  bad "good puzzles around bad ones are solved"; fi
expect_err '^summary: 8 puzzles: 2 solved, 6 invalid$' "summary counts"
printf '%s\n' "$EASY" >"$TMP/a.txt"
# An unreadable file does not stop the batch: reported on stderr, the others solved, the summary, then exit 2.
run sudoku "$TMP/missing.txt" "$TMP/a.txt"; expect_code 2 "missing file"
expect_err "^csp sudoku: cannot read '.*missing.txt': No such file or directory$" "missing file"
expect_out "^$EASY_SOLVED solved$" "the readable file after a missing one is solved"; expect_lines 1 "missing file"
expect_err '^summary: 1 puzzle: 1 solved$' "summary after a missing file"
run sudoku "$TMP/a.txt" / "$TMP/a.txt"; expect_code 2 "a directory in a batch"
expect_err "^csp sudoku: cannot read '/': it is a directory$" "directory"; expect_lines 2 "both readable files solved"
# A file with no puzzle at all: "FILE: no puzzle in the file", exit 2 (as csp ablate and csp graph).
: >"$TMP/empty.txt"
run sudoku "$TMP/empty.txt"; expect_code 2 "empty file"; expect_err '^csp sudoku: .*empty.txt: no puzzle in the file$' "empty file"
expect_err '^summary: 0 puzzles$' "empty file summary"
run sudoku /dev/null; expect_code 2 "/dev/null"; expect_err '^csp sudoku: /dev/null: no puzzle in the file$' "/dev/null"
run_in "# only a comment\n\n" sudoku -; expect_code 2 "empty stdin"
expect_err '^csp sudoku: <stdin>: no puzzle in the file$' "empty stdin"
run sudoku "$TMP/empty.txt" "$TMP/a.txt"; expect_code 2 "empty file in a batch"; expect_out "^$EASY_SOLVED solved$" "batch goes on"
# Non-printable bytes in a message are escaped.
run_in "1\x003..3......4...1\n" sudoku -; expect_code 1 "NUL byte"
expect_out_text "- invalid (<stdin>:1: bad character '\\x00' at column 2)" "NUL byte escaped"
run_in "1\xff..3......4...1\n" sudoku -; expect_out_text "- invalid (<stdin>:1: bad character '\\xff' at column 2)" "0xff escaped"
# Three equal givens in a unit: one message per digit and unit, listing every cell.
run_in "999$(printf '.%.0s' {1..78})\n" sudoku -; expect_code 1 "three 9s"
expect_out_text "- invalid (<stdin>:1: contradictory givens: three 9s in row 1 (r1c1, r1c2, r1c3); three 9s in box 1 (r1c1, r1c2, r1c3))" "three 9s"
# A node limit while counting says how many solutions were found before it (the JSON has solution_count).
run_in "$(printf '.%.0s' {1..81})\n" sudoku --max-solutions 0 --node-limit 100 -; expect_code 1 "count stopped"
expect_out ' limit-reached \(node limit 100; 2 solutions found before it\)$' "solutions before the node limit"

# ---- usage errors --------------------------------------------------------------------------------------------------
run sudoku --var foo; expect_code 2 "--var foo"; expect_err "valid: first, mrv, degree" "--var lists names"
run sudoku --val foo; expect_code 2 "--val foo"; expect_err "valid: natural, lcv" "--val lists names"
run sudoku --inference foo; expect_code 2 "--inference foo"; expect_err "valid: none, fc, mac" "--inference lists names"
run sudoku --alldiff foo; expect_code 2 "--alldiff foo"
run sudoku --format foo; expect_code 2 "--format foo"
run sudoku --timeout 0; expect_code 2 "--timeout 0"
run sudoku --node-limit -3; expect_code 2 "--node-limit -3"
run sudoku --box 7; expect_code 2 "--box 7"
run sudoku --no-such-option; expect_code 2 "unknown option"
run sudoku /; expect_code 2 "a directory"
run sudoku --max-solutions 99999999999999999999; expect_code 2 "--max-solutions too large"
expect_err "^csp sudoku: --max-solutions is too large: '99999999999999999999' is above the maximum 18446744073709551615$" \
  "--max-solutions too large"
run sudoku --techniques naked-single; expect_code 2 "--techniques alone"
expect_err '^csp sudoku: --techniques applies only with --explain, --grade or --inference techniques$' "--techniques alone"
run sudoku --help; if grep -q ' $' "$TMP/out"; then bad "sudoku --help has trailing spaces"; else ok; fi
expect_out '^  csp sudoku --box 3x2 six_by_six.txt              6x6 puzzles' "help example aligned"
expect_out '^  csp sudoku --explain puzzles.txt                 a step log' "help examples share a column"
expect_out 'A-W for 10-32' "help: symbols up to W"; expect_out 'grids up to 32x32' "help: sizes"

# ---- output formats and options ------------------------------------------------------------------------------------
run_in "$EASY\n" sudoku --format pretty -; expect_out '^9 6 2 \| 1 8 5 \| 4 7 3$' "pretty rows"
expect_out '^------\+-------\+------$' "pretty borders"; expect_out '^<stdin>:1: solved' "pretty header"
run_in "$EASY\n" sudoku --format candidates --inference fc --alldiff binary -; expect_out 'candidates after fc at the root' "candidates"
expect_out '^ 9  +[0-9]+ ' "candidates view"
run_in "$EASY\n" sudoku --format json --max-solutions 2 -
for key in '"input":"9020' '"source":"<stdin>"' '"line":1' '"status":"unique"' "\"solution\":\"$EASY_SOLVED\"" \
  '"solution_count":1' '"statistics":\{"assignments"' '"configuration":\{.*"inference":"mac"'; do
  expect_out "$key" "json $key"
done
# The seeds' textbook count: 49 calls = 48 assignments + 1.
run_in "$EASY\n" sudoku --var first --val natural --inference none --alldiff binary --stats -
expect_out "^$EASY_SOLVED solved \| assignments=48 " "seeds' 49 calls"
run_in "$EASY\n" sudoku --preset textbook --stats -  # the same, one flag (first, natural, none, binary)
expect_out "^$EASY_SOLVED solved \| assignments=48 " "seeds' 49 calls with --preset textbook"
run_in "1004041001404001\n" sudoku --trace --inference fc --alldiff binary -
expect_out '^prune r1c2 = 1  by r1c1!=r1c2$' "trace prune"; expect_out '^assign r1c2 = 2  \(depth 1\)$' "trace assign"
expect_out '^ +solution$' "trace solution"
# --trace --format json: the trace goes to stderr, stdout holds only the JSON line.
run_in "1004041001404001\n" sudoku --trace --format json --inference fc --alldiff binary -; expect_code 0 "trace json"
expect_lines 1 "trace json: one stdout line"; expect_count '^\{"box":"2x2".*"status":"solved"' 1 "trace json: the JSON object"
expect_err '^\{"event":"prune","var":"r1c2","value":"1","by":"r1c1!=r1c2","depth":0\}$' "trace json: JSON lines on stderr"
run_in "1.3..41.2..1.3.4\n" sudoku --trace --var first --inference none --alldiff gac -
expect_out '^ *backtrack r' "trace backtrack"
expect_out '^reject r1c2 = 1  by row 1$' "trace reject (inference none: the consistency check)"
run_in "1.3..41.2..1.3.4\n" sudoku --trace --var first --inference fc --alldiff gac -; expect_out '^wipe-out r3c2  by row 3$' "trace wipe-out"
# --jobs: same output, in input order.
PARALLEL=""
for i in 1 2 3 4 5 6 7 8 9 10; do PARALLEL+="$HARD\n$EASY\n1.3..41.2..1.3.4\n"; done
run_in "$PARALLEL" sudoku -; cp "$TMP/out" "$TMP/serial"
run_in "$PARALLEL" sudoku --jobs 4 -
if cmp -s "$TMP/out" "$TMP/serial"; then ok; else bad "--jobs 4 output differs from --jobs 1"; fi
expect_lines 30 "--jobs 4 prints every puzzle"

finish
