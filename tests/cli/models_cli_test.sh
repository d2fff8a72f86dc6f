#!/usr/bin/env bash
# CLI tests of the model commands: csp queens, color, cryptarithm, zebra, killer and graph. Real outputs, exit codes
# and usage errors; the DIMACS graph case skips itself when SHARED_DIR/graphs is absent.
# Usage: models_cli_test.sh PATH/TO/csp [SHARED_DIR]      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: models_cli_test.sh PATH/TO/csp [SHARED_DIR]}
SHARED=${2:-}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
PUZZLES="$(dirname "${BASH_SOURCE[0]}")/../../puzzles"

# ---- every command has --help with an example, and is listed by csp --help ----------------------------------------
for cmd in queens color cryptarithm zebra killer graph; do
  run "$cmd" --help; expect_code 0 "$cmd --help"; expect_out '^Examples:' "$cmd --help"
  expect_out "^  csp $cmd " "$cmd --help example"
  run --help; expect_out "^  $cmd " "csp --help lists $cmd"
done
run queens --help; expect_out 'variable ordering: first, mrv' "queens --help lists the strategies"

# ---- queens --------------------------------------------------------------------------------------------------------
run queens 8 --count; expect_code 0 "queens 8 --count"; expect_out '^92 solutions$' "queens 8 --count"
run queens 8 --count --formulation all-different; expect_out '^92 solutions$' "queens 8 all-different"
run queens 1 --count; expect_code 0 "queens 1"; expect_out '^1 solution$' "queens 1"
run queens 2 --count; expect_code 1 "queens 2"; expect_out '^0 solutions$' "queens 2"
run queens 3 --count; expect_code 1 "queens 3"; expect_out '^0 solutions$' "queens 3"
run queens 6 --count --var first --val lcv --inference mac --ac3; expect_out '^4 solutions$' "queens 6 other strategies"
run queens 8 --stats; expect_code 0 "queens 8 board"; expect_count '^(\. |Q ){7}(\.|Q)$' 8 "queens 8: 8 board rows"
expect_count 'Q' 9 "queens 8: 8 queens and the assignment line"
expect_out '^statistics: status=solved assignments=[0-9]+ backtracks=' "queens --stats"
run queens 3; expect_code 1 "queens 3 unsolvable"; expect_out 'no solution \(the search is complete' "queens 3 proof"
# --count is the same as --max-solutions 0: only the count; --max-solutions 2 also prints the first board.
run queens 6 --count; cp "$TMP/out" "$TMP/count.out"; expect_lines 1 "queens 6 --count"
run queens 6 --max-solutions 0; expect_code 0 "queens 6 --max-solutions 0"; expect_lines 1 "queens 6 --max-solutions 0"
if cmp -s "$TMP/out" "$TMP/count.out"; then ok; else bad "--count and --max-solutions 0 print different things"; fi
expect_out '^4 solutions$' "queens 6 --max-solutions 0"
run queens 6 --max-solutions 2; expect_out '^2 solutions \(stopped at --max-solutions 2\)$' "queens 6 --max-solutions 2"
expect_count '^(\. |Q ){5}(\.|Q)$' 6 "queens 6 --max-solutions 2: the first board"
run queens 14 --count --var first --inference none --node-limit 100; expect_code 1 "node limit"
expect_out 'limit reached \(node limit 100\)' "node limit"
# min-conflicts: a board checked by the rules, gave-up on 3 (exit 1), the limits, and the options it refuses
run queens 8 --algorithm min-conflicts --seed 2 --stats; expect_code 0 "queens 8 min-conflicts"
expect_count '^(\. |Q ){7}(\.|Q)$' 8 "queens 8 min-conflicts: 8 board rows"
expect_out '^statistics: status=solved assignments=[0-9]+ ' "queens 8 min-conflicts --stats"
run queens 2000 --algorithm min-conflicts; expect_code 0 "queens 2000 min-conflicts"; expect_out '^Q1=[0-9]+ Q2=' "2000 queens"
run queens 3 --algorithm min-conflicts --max-steps 50; expect_code 1 "queens 3 min-conflicts"
expect_out '^3 queens: gave up after 50 steps' "queens 3 min-conflicts gave up"
run queens 20000 --algorithm min-conflicts --timeout 1; expect_code 1 "min-conflicts --timeout"
expect_out 'limit reached \(timeout 1 ms\)' "min-conflicts --timeout"
run queens 8 --algorithm min-conflicts --inference mac; expect_code 2 "min-conflicts --inference"
expect_err 'inference has no effect with --algorithm min-conflicts' "min-conflicts --inference"
run queens 8 --algorithm min-conflicts --count; expect_code 2 "min-conflicts --count"
run queens 8 --max-steps 10; expect_code 2 "--max-steps without min-conflicts"; expect_err 'needs --algorithm min-conflicts' "--max-steps"
run queens 8 --algorithm tabu; expect_code 2 "unknown algorithm"; expect_err "valid: backtracking, lcg, min-conflicts" "unknown algorithm"
run queens 1001; expect_code 2 "queens 1001 backtracking"; expect_err 'at most 1000 with --algorithm backtracking' "queens 1001"
run queens 1000001 --algorithm min-conflicts; expect_code 2 "queens 1000001"; expect_err 'at most 1000000' "queens 1000001"
# backtracking with --seed (random tie-breaking) and restarts
run queens 8 --seed 3; expect_code 0 "queens 8 --seed"; expect_count '^(\. |Q ){7}(\.|Q)$' 8 "queens 8 --seed: a board"
run queens 40 --restarts luby --restart-base 1 --seed 3 --stats; expect_code 0 "queens 40 restarts"
expect_out ' restarts=[1-9][0-9]*$' "queens 40 restarts: the statistic"
run queens 8 --count --restarts geometric --restart-base 1 --seed 2; expect_out '^92 solutions$' "count with restarts"
run queens 8 --restart-base 5; expect_code 2 "--restart-base alone"; expect_err 'needs --restarts luby or geometric' "--restart-base"
run queens 8 --restarts luby --restart-factor 2; expect_code 2 "--restart-factor with luby"
run queens 8 --restarts geometric --restart-factor 1; expect_code 2 "--restart-factor 1"; expect_err 'above 1' "factor 1"
run queens 8 --restarts often; expect_code 2 "unknown restarts"; expect_err 'valid: none, luby, geometric' "restarts names"
run queens 8 --algorithm min-conflicts --restarts luby; expect_code 2 "min-conflicts --restarts"
run color --map australia -k 3 --var dom-wdeg --restarts luby --seed 4; expect_code 0 "color with restarts"

# ---- color ---------------------------------------------------------------------------------------------------------
run color --map australia -k 3; expect_code 0 "australia -k 3"; expect_out '^SA = (red|green|blue)$' "australia colours"
expect_count ' = (red|green|blue)$' 7 "australia: seven regions"; expect_out 'checked' "australia checked"
run color --map australia -k 2; expect_code 1 "australia -k 2"; expect_out 'no colouring with 2 colours' "australia -k 2"
run color --map usa --least; expect_code 0 "usa --least"; expect_out '^least number of colours: 4 \(3 proved impossible' "usa 4"
expect_out '^coloured with 4 \([0-9]+ ms\)$' "usa --least: the improving colouring"
expect_out '^least number of colours: 4 \(3 proved impossible: search complete, [0-9]+ assignments' "usa: proof by search"
expect_count ' = (red|green|blue|yellow)$' 51 "usa: 51 regions"
run color --map australia --least; expect_code 0 "australia --least"
expect_out '^bounds: a clique of 3 vertices \(at least as many colours\), a greedy colouring with 3 colours$' "bounds"
expect_out '^least number of colours: 3 \(2 proved impossible: a clique of 3 vertices\)$' "australia: proof by clique"
printf 'c a triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n' >"$TMP/triangle.col"
run color "$TMP/triangle.col" -k 2; expect_code 1 "triangle -k 2"
run color "$TMP/triangle.col" --least; expect_code 0 "triangle --least"; expect_out '^least number of colours: 3' "triangle 3"
expect_out '^v3 = ' "triangle vertex names"
if [[ -n $SHARED && -f $SHARED/graphs/myciel3.col ]]; then
  run color "$SHARED/graphs/myciel3.col" --least; expect_code 0 "myciel3 --least"
  expect_out '^least number of colours: 4 \(3 proved impossible' "myciel3 chromatic number 4"
  expect_count '^v[0-9]+ = ' 11 "myciel3: 11 vertices"
  run color "$SHARED/graphs/queen6_6.col" --least; expect_code 0 "queen6_6 --least"
  expect_out '^least number of colours: 7 \(6 proved impossible: search complete' "queen6_6 chromatic number 7"
  run color "$SHARED/graphs/huck.col" --least; expect_code 0 "huck --least"
  expect_out '^least number of colours: 11 \(10 proved impossible: a clique of 11 vertices\)$' "huck chromatic number 11"
  # A limit keeps the best colouring found, checked, with both bounds (le450_5a: chi = 5, out of reach here).
  run color "$SHARED/graphs/le450_5a.col" --least --node-limit 3000; expect_code 1 "le450_5a --least limit"
  expect_out '^limit reached \(node limit 3000\)$' "le450_5a limit"
  expect_out '^least number of colours: unknown \(at least 5, at most [0-9]+\)$' "le450_5a bounds after the limit"
  expect_out 'colours \(checked: no edge joins two vertices of one colour\)$' "le450_5a best colouring checked"
  expect_count '^v[0-9]+ = ' 450 "le450_5a: 450 vertices"
else
  echo "skipped: myciel3 (no graphs/myciel3.col in '$SHARED')"
fi

# ---- cryptarithm ---------------------------------------------------------------------------------------------------
run cryptarithm SEND+MORE=MONEY; expect_code 0 "SEND+MORE=MONEY"; expect_out '^9567 \+ 1085 = 10652$' "SEND+MORE=MONEY"
run cryptarithm SEND+MORE=MONEY --max-solutions 0; expect_out '^1 solution \(all\)$' "SEND+MORE=MONEY unique"
run cryptarithm "TWO + TWO = FOUR" --all; expect_code 0 "TWO+TWO=FOUR"; expect_out '^7 solutions \(all\)$' "TWO+TWO=FOUR count"
expect_count '^[0-9]{3} \+ [0-9]{3} = [0-9]{4}$' 7 "TWO+TWO=FOUR solutions"; expect_out '^734 \+ 734 = 1468$' "734"
run cryptarithm AB+AB=AB; expect_code 1 "no solution"; expect_out 'no solution' "no solution"

# ---- zebra ---------------------------------------------------------------------------------------------------------
run zebra; expect_code 0 "zebra"; expect_out '^The Japanese owns the zebra; the Norwegian drinks water\.$' "zebra answer"
expect_out '^5: .*Japanese.*Zebra' "zebra house 5"; expect_out '^1: .*Norwegian.*Water' "zebra house 1"
run zebra --alldiff value --max-solutions 0; expect_out '^1 solution; the first:$' "zebra unique"

# ---- killer --------------------------------------------------------------------------------------------------------
printf '# from the grid 12 34 / 34 12 / 21 43 / 43 21\nbox 2x2\naabb\ncddb\nceff\ngehh\na 3 b 9 c 5 d 5\ne 4 f 7 g 4 h 3\n' \
  >"$TMP/k4.txt"
run killer "$TMP/k4.txt"; expect_code 0 "killer 4x4"; expect_out '^1 2 \| 3 4$' "killer 4x4 first row"
printf 'box 2x2\naabb\ncddb\nceff\ngehh\na 3 b 9 c 5 d 5\ne 4 f 7 g 4 h 4\n' >"$TMP/k4bad.txt"
run killer "$TMP/k4bad.txt"; expect_code 1 "killer unsolvable"
printf 'box 2x2\naabb\n' >"$TMP/k4short.txt"
run killer "$TMP/k4short.txt"; expect_code 2 "killer malformed"; expect_err 'k4short.txt: killer sudoku line' "killer malformed"
# The shipped sample has one solution.
run killer "$PUZZLES/killer_4x4.txt" --max-solutions 2; expect_code 0 "killer sample"; expect_out '^unique$' "killer sample unique"
expect_out '^2 3 \| 1 4$' "killer sample first row"
run killer --help; expect_out '^  csp killer puzzles/killer_4x4.txt ' "killer --help names the sample"

# ---- graph ---------------------------------------------------------------------------------------------------------
run graph queens 4 --dot "$TMP/q4.dot"; expect_code 0 "graph queens 4"
expect_out '^constraint graph of queens 4: 4 variables, 6 edges' "queens 4 size"
expect_out '^degree: min 3, max 3, mean 3\.00$' "queens 4 degrees"; expect_out '^components: 1$' "queens 4 components"
expect_out '^tree: no' "queens 4 not a tree"
if grep -q 'graph' "$TMP/q4.dot" 2>/dev/null; then ok; else bad "queens 4 dot file lacks 'graph'"; fi
run graph australia --dot -; expect_code 0 "graph australia"; expect_out '^graph' "dot on stdout"
expect_err '7 variables, 9 edges' "australia size"; expect_err '^components: 2$' "australia components (T alone)"
run graph "$TMP/triangle.col"; expect_out '3 variables, 3 edges' "graph of a .col file"
printf '1...3......4...1\n' >"$TMP/s4.txt"
run graph sudoku "$TMP/s4.txt"; expect_out '16 variables, 56 edges' "graph of a 4x4 sudoku"
expect_out '^degree: min 7, max 7' "4x4 sudoku: 7 peers"

# ---- each model's default (its catalogue entry's, bench/LOG.md) and the textbook preset ---------------------
# What --help shows is what a run without the options does, and --preset default means the same
# (tests/cli/model_defaults_test.cpp compares --help with the catalogue's declaration).
shown() { sed -n "s/^  --$1 [A-Z]* (=\([^)]*\)).*/\1/p" "$TMP/out"; }
run queens --help; var=$(shown var); val=$(shown val); inference=$(shown inference); restarts=$(shown restarts)
expect_eq "$([[ -n $var && -n $val && -n $inference && -n $restarts ]] && echo shown)" shown "queens --help shows its defaults"
run queens 8 --stats; default_stats=$(grep '^statistics:' "$TMP/out" | sed 's/ time_us=.*//; s/ elapsed_us=[0-9]*//')
run queens 8 --var "$var" --val "$val" --inference "$inference" --restarts "$restarts" --stats
expect_eq "$(grep '^statistics:' "$TMP/out" | sed 's/ time_us=.*//; s/ elapsed_us=[0-9]*//')" "$default_stats" \
  "no flags = the defaults --help shows"
run queens 8 --preset default --stats
expect_eq "$(grep '^statistics:' "$TMP/out" | sed 's/ time_us=.*//; s/ elapsed_us=[0-9]*//')" "$default_stats" \
  "--preset default = no flags"
run color --map usa -k 4 --help; var=$(shown var); val=$(shown val); inference=$(shown inference); restarts=$(shown restarts)
run color --map usa -k 3 --stats; default_stats=$(grep '^statistics:' "$TMP/out" | sed 's/ elapsed_us=[0-9]*//')
run color --map usa -k 3 --var "$var" --val "$val" --inference "$inference" --restarts "$restarts" --stats
expect_eq "$(grep '^statistics:' "$TMP/out" | sed 's/ elapsed_us=[0-9]*//')" "$default_stats" \
  "color: no flags = the defaults --help shows ($var $val $inference $restarts)"
run color --map usa -k 3 --preset textbook --stats; textbook_stats=$(grep '^statistics:' "$TMP/out" | sed 's/ elapsed_us=[0-9]*//')
run color --map usa -k 3 --var first --val natural --inference none --restarts none --stats
expect_eq "$(grep '^statistics:' "$TMP/out" | sed 's/ elapsed_us=[0-9]*//')" "$textbook_stats" \
  "color: --preset textbook = --var first --val natural --inference none --restarts none"
run queens 8 --preset textbook --stats; textbook_stats=$(grep '^statistics:' "$TMP/out" | sed 's/ time_us=.*//; s/ elapsed_us=[0-9]*//')
run queens 8 --var first --val natural --inference none --stats
expect_eq "$(grep '^statistics:' "$TMP/out" | sed 's/ time_us=.*//; s/ elapsed_us=[0-9]*//')" "$textbook_stats" \
  "--preset textbook = --var first --val natural --inference none"
run queens 8 --preset textbook --count; expect_out '^92 solutions$' "textbook preset counts 92"
run queens 8 --preset book; expect_code 2 "unknown preset"; expect_err "unknown preset 'book' \(valid: default, textbook\)" "preset names"
run queens 8 --learning 5; expect_code 2 "learning without cbj"
expect_err "^csp queens: --learning 5 needs --backjump cbj" "the refusal names both options"
run queens 8 --backjump cbj --inference techniques; expect_code 2 "cbj with another command's inference"

# ---- usage errors: exit 2 with a message ---------------------------------------------------------------------------
run queens; expect_code 2 "queens without N"; expect_err 'give the board size N' "queens without N"
run queens eight; expect_code 2 "queens eight"; expect_err "N expects a whole number, got 'eight'" "queens eight"
run queens 8 --var nope; expect_code 2 "unknown --var"; expect_err "unknown variable ordering 'nope' \(valid: first, mrv" "--var"
run queens 8 --formulation nope; expect_code 2 "unknown formulation"; expect_err "valid: binary, all-different" "--formulation"
run queens 8 --frobnicate; expect_code 2 "unknown option"; expect_err "frobnicate" "unknown option"
run color --map mars -k 3; expect_code 2 "unknown map"; expect_err "unknown map 'mars' \(valid: australia, usa\)" "unknown map"
run color "$TMP/missing.col" -k 3; expect_code 2 "missing file"; expect_err "cannot read '.*missing.col': No such file" "missing"
run color --map usa; expect_code 2 "color without -k"; expect_err 'give either -k K or --least' "color without -k"
run color --map usa -k 0; expect_code 2 "-k 0"; expect_err '^csp color: -k must be at least 1$' "-k 0"
run color --map usa -k x; expect_code 2 "-k x"; expect_err "^csp color: -k expects a whole number, got 'x'$" "-k x"
run color --map usa -k; expect_code 2 "-k without K"; expect_err "^csp color: the required argument for option '-k' is missing$" "-k"
run color --map usa --colors 0; expect_no_err 'colors' "one name for -k"
: >"$TMP/empty.col"
run color "$TMP/empty.col" -k 3; expect_code 2 "empty .col"; expect_err '^csp color: .*empty.col: empty file$' "empty .col"
printf '\001\377%s\n' "$(printf 'A%.0s' {1..60})" >"$TMP/garbage.col"
run color "$TMP/garbage.col" -k 3; expect_code 2 "binary .col"
expect_err_text "garbage.col:1: unknown line type '\\x01\\xff$(printf 'A%.0s' {1..38})...' (expected 'c', 'p' or 'e')" \
  "binary line escaped and cut"
printf 'p edge 2 1\ne 1 \0012\n' >"$TMP/nul.col"
run color "$TMP/nul.col" -k 2; expect_code 2 "control byte in .col"
expect_err_text "nul.col:2: the second vertex '\\x012' is not a non-negative integer" "control byte escaped"
printf 'p edge 2 1\ne 1 5\n' >"$TMP/broken.col"
run color "$TMP/broken.col" -k 2; expect_code 2 "malformed .col"; expect_err 'broken.col:2' "malformed .col names the line"
run cryptarithm "send+more=money"; expect_code 2 "lower case"; expect_err "invalid character 's'" "lower case"
run cryptarithm; expect_code 2 "no puzzle"
run zebra extra; expect_code 2 "zebra with an argument"
run killer "$TMP"; expect_code 2 "killer directory"; expect_err 'it is a directory' "killer directory"
: >"$TMP/empty.txt"
run killer "$TMP/empty.txt"; expect_code 2 "empty killer file"; expect_err '^csp killer: .*empty.txt: empty file$' "empty killer"
printf 'box 9x9\n' >"$TMP/k81.txt"
run killer "$TMP/k81.txt"; expect_code 2 "killer box too large"
expect_err "k81.txt: killer sudoku line 1: box 9x9 is too large: its grid would be 81x81; grids up to 32x32 are supported" \
  "killer box too large"
printf 'box 2x2\na\001bb\n' >"$TMP/kctl.txt"
run killer "$TMP/kctl.txt"; expect_code 2 "killer control byte"
expect_err_text "kctl.txt: killer sudoku line 2: cage label '\\x01' is not a letter or digit" "killer control byte escaped"
run sudoku-generate extra; expect_code 2 "sudoku-generate with an argument"
expect_err '^csp sudoku-generate: too many positional options' "sudoku-generate with an argument"; expect_lines 0 "nothing generated"
run sudoku-generate --help; expect_out "1-9 then A-W for 10-32: grids up to 32x32" "sudoku-generate --help symbols"
run graph mars; expect_code 2 "unknown model"; expect_err "unknown model 'mars' \(valid: sudoku FILE, queens N, australia" "unknown model"
run graph queens; expect_code 2 "graph queens without N"
run graph sudoku "$TMP/missing.txt"; expect_code 2 "graph missing file"; expect_err "cannot read" "graph missing file"

finish
