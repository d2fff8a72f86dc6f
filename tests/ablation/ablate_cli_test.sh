#!/usr/bin/env bash
# CLI tests of `csp ablate`: table, CSV / JSON rows, results independent of --jobs, bad input, invalid puzzles.
# Usage: ablate_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: ablate_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# data rows of a CSV written by csp ablate (no '#' lines, no column row)
csv_rows() { grep -v '^#' "$1" | tail -n +2; }

HARD=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
EASY=902005403100063025508407060026309001057010290090670530240530600705200304080041950

# ---- help and the model registry -----------------------------------------------------------------------------------
run --help; expect_out '^  ablate ' "csp --help lists ablate"
run ablate --help; expect_code 0 "ablate --help"; expect_out '^  queens --n LIST' "help lists models"
expect_out 'variable orderings: first, mrv' "help lists strategies"

# ---- a grid on queens: table and CSV / JSON rows -------------------------------------------------------------------
run ablate queens --n 6,8 --var first,mrv --val natural --inference none,fc,mac --csv "$TMP/q.csv" --json "$TMP/q.json"
expect_code 0 "queens grid"
expect_eq "$(csv_rows "$TMP/q.csv" | wc -l)" 12 "queens CSV rows (2 sizes x 6 configurations)"
expect_eq "$(grep -c '^\(first\|mrv\) ' "$TMP/out")" 6 "queens table rows"
expect_out 'fixed: val=natural alldiff=binary ac3=off' "fixed dimensions named"
expect_eq "$(grep -c '^# \(version\|commit\|date\|command\|options\|seed\): ' "$TMP/q.csv")" 6 "CSV header record"
expect_eq "$(grep -v '^#' "$TMP/q.csv" | head -1)" \
  "group,instance,number,var,val,inference,alldiff,ac3,status,detail,assignments,backtracks,failures,constraint_checks,revisions,values_pruned,wipeouts,backjumps,nogoods,restart_count,max_depth,us" \
  "CSV columns"
if command -v python3 >/dev/null; then
  n=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d["rows"]), len(d["summary"]), d["header"]["seed"])' "$TMP/q.json")
  expect_eq "$n" "12 6 1" "JSON rows, summary, seed"
fi

# ---- results do not depend on --jobs (nor on the run order): all but the time column --------------------------------
strip_us() { csv_rows "$1" | cut -d, -f1-21; }
run ablate queens --n 4,5,6,7,8 --var all --inference all --val all --jobs 1 --shuffle-seed 0 --csv "$TMP/j1.csv"
expect_code 0 "jobs 1"
run ablate queens --n 4,5,6,7,8 --var all --inference all --val all --jobs 2 --shuffle-seed 7 --csv "$TMP/j2.csv"
expect_code 0 "jobs 2"
if [[ -n "$(strip_us "$TMP/j1.csv")" && "$(strip_us "$TMP/j1.csv")" == "$(strip_us "$TMP/j2.csv")" ]]; then ok; else bad "jobs 1 vs 2 differ"; fi

# ---- restarts and search seeds: two more dimensions, columns only when given ----------------------------------------
run ablate queens --n 10 --var mrv --inference fc --restarts none,luby --seed 0,1,2 --csv "$TMP/r.csv"
expect_code 0 "restarts x seeds grid"
expect_eq "$(csv_rows "$TMP/r.csv" | wc -l)" 6 "restarts x seeds CSV rows (2 x 3)"
expect_eq "$(grep -v '^#' "$TMP/r.csv" | head -1 | cut -d, -f1-10)" "group,instance,number,var,val,inference,alldiff,ac3,restarts,seed" \
  "restarts and seed columns after ac3"
expect_eq "$(csv_rows "$TMP/r.csv" | cut -d, -f9,10,11 | sort | tr '\n' ' ')" \
  "luby,0,solved luby,1,solved luby,2,solved none,0,solved none,1,solved none,2,solved " "every configuration solves"
run ablate queens --seed 1,x; expect_code 2 "bad seed"; expect_err 'whole numbers' "bad seed message"
run ablate queens --restarts sometimes; expect_code 2 "bad restarts"; expect_err 'valid: none, luby, geometric' "restarts names"
run ablate queens --n 8 --restart-base 3; expect_code 2 "--restart-base without restarts"
expect_err 'needs luby or geometric in --restarts, or lcg in --algorithm' "--restart-base: why"
run ablate queens --n 8 --algorithm backtracking,lcg --restart-base 3; expect_code 0 "--restart-base with lcg"

# ---- maps: unsatisfiable is a finished run, not a failure ----------------------------------------------------------
run ablate australia --colors 2,3 --var mrv --inference fc
expect_code 0 "australia"; expect_out '^australia: 2 instances' "australia group"; expect_out 'unsat' "unsat column"

# ---- Sudoku: invalid puzzles are reported once and excluded; limits disqualify -------------------------------------
printf '%s\n12345\n%s\n' "$HARD" "$EASY" >"$TMP/p.txt"
run ablate sudoku "$TMP/p.txt" --var first,mrv --inference none --node-limit 2000 --csv "$TMP/p.csv"
expect_code 0 "sudoku with an invalid puzzle"
expect_eq "$(grep -c 'invalid, excluded' "$TMP/err")" 1 "invalid puzzle reported once"
expect_eq "$(csv_rows "$TMP/p.csv" | wc -l)" 4 "invalid puzzle has no rows"
expect_out '2 instances \(1 invalid, excluded\)' "table names the exclusion"
expect_out 'DISQUALIFIED: 1 node-limit' "node limit disqualifies"
expect_eq "$(grep -c '^# invalid: ' "$TMP/p.csv")" 1 "CSV header lists the invalid puzzle"
if [[ $(grep -c '^# input: .* fnv1a64=[0-9a-f]\{16\}$' "$TMP/p.csv") -eq 1 ]]; then ok; else bad "input checksum"; fi

# ---- the chart (when built with cairo) ------------------------------------------------------------------------------
run ablate queens --n 5,6 --var first,mrv --plot "$TMP/q.svg"
if grep -q 'built without cairo' "$TMP/err"; then
  expect_code 2 "plot without cairo"
else
  expect_code 0 "plot"
  if head -c 200 "$TMP/q.svg" | grep -q '<svg'; then ok; else bad "plot is not an SVG"; fi
fi

# ---- bad input: exit 2 with a clear message ------------------------------------------------------------------------
run ablate queens --var first,bogus; expect_code 2 "unknown strategy"
expect_err "unknown value 'bogus' \(valid: first, mrv, degree, mrv-degree, dom-wdeg, anti-mrv, smallest, largest, max-regret, all\)" "valid names listed"
run ablate queens --inference ,; expect_code 2 "empty list"; expect_err 'empty list' "empty list message"
run ablate queens --timeout 0; expect_code 2 "zero timeout"; expect_err 'timeout must be at least 1' "zero timeout message"
run ablate queens --node-limit 0; expect_code 2 "zero node limit"
run ablate sudoku "$TMP/missing.txt"; expect_code 2 "unreadable file"; expect_err "cannot read '.*missing.txt': No such file or directory" "unreadable file message"
run ablate sudoku; expect_code 2 "no files"; expect_err 'no input files' "no files message"
: >"$TMP/empty.txt"
run ablate sudoku "$TMP/empty.txt"; expect_code 2 "empty file"; expect_err 'empty.txt: no puzzle in the file$' "empty file message"
printf '12345\n' >"$TMP/bad.txt"
run ablate sudoku "$TMP/bad.txt"; expect_code 2 "no valid puzzle"
run ablate chess; expect_code 2 "unknown model"; expect_err "unknown model 'chess' \(valid: sudoku, queens" "models listed"
run ablate australia --alldiff value; expect_code 2 "alldiff for a map"
run ablate queens --alldiff gac; expect_code 2 "gac for queens"
run ablate queens --colors 3; expect_code 2 "option of another model"
run ablate queens --sort speed; expect_code 2 "unknown sort column"
run ablate queens --plot-metric memory; expect_code 2 "unknown plot metric"
run ablate queens --csv "$TMP/no/such/dir.csv"; expect_code 2 "unwritable output"

finish
